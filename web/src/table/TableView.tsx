// The table of a room: the four seats around it (the viewer at the bottom), the round's
// information, the trick (and the one before it), the viewer's hand and controls, past
// tricks on demand, the round summary and the end of the game. The page order is the
// phone's: the round's trump, levels and points, the felt (seats and trick), the action
// bar, the hand, then the rest (round details, connection, past tricks, the room code
// and its link), so a phone held upright shows the trick, the action bar and the hand
// together. Everything shown comes from the server's latest table snapshot; the events
// since it only feed the announcer. A refusal belongs to the choice that caused it: a
// new choice clears it.

import { useCallback, useMemo, useRef, useState } from 'preact/hooks';
import { errorText } from '../errors';
import { t, useLanguage } from '../i18n';
import type { Action, ActionKind, MessagePart, Table } from '../protocol';
import { usePrefs } from '../prefs';
import type { RoomActions, RoomView } from '../room/store';
import { RoomRules, useMeta } from '../room/RoomRules';
import { ShareBox } from '../room/ShareBox';
import { actionState, expectedText } from './acting';
import { ActionBar, refusedByVerdict } from './ActionBar';
import { GameOver } from './GameOver';
import { Hand } from './Hand';
import { InfoPanel, RoundDetails } from './InfoPanel';
import { RoundSummary } from './RoundSummary';
import { partsOf, textParts } from './parts';
import { SeatLegend } from './SeatLegend';
import { SeatPanel } from './SeatPanel';
import { placeOf, pointOfView, seatsByPlace, teamOf } from './seating';
import {
  EMPTY_HAND_STATE,
  clearSelection,
  flatten,
  layoutHand,
  reconcile,
  selectCards,
  selectedCards,
  type HandCommand,
  type HandState,
} from './selection';
import { findTalonBonus, type RoundEnded } from './summary';
import { LastTrick, PastTricksButtons, TrickArea } from './TrickArea';
import { TricksDialog } from './TricksDialog';
import { useAnnouncer } from './useAnnouncer';
import { useTurnSignals } from './turnSignals';
import { useVerdict } from './useVerdict';
import '../styles/table.css';
import '../styles/table-phone.css';

/** What a verdict depends on besides the cards: the phase, whose turn, the trick and
 * the actions and declarations open. */
export function checkRevision(table: Table): string {
  const obs = table.observation;
  const open = `${table.actions.join(' ')}/${table.declarations.join(',')}`;
  return [obs.phase, obs.to_act, obs.trick.length, obs.tricks.length, open].join('|');
}

/** A hint in words ("Hint: play Q♥ Q♥.", the cards drawn), or that there is none. */
export function hintParts(action: Action | null): MessagePart[] {
  if (action === null) return textParts(t('No hint: nothing is asked of you now.'));
  return partsOf((write) => {
    const cards = write(action.cards);
    switch (action.kind) {
      case 'declare':
        return t('Hint: declare {cards}.', { cards });
      case 'pass':
        return t('Hint: pass.');
      case 'bury':
        return t('Hint: bury {cards}.', { cards });
      default:
        return t('Hint: play {cards}.', { cards });
    }
  });
}

/** The table of a room. */
export function TableView({ view, actions }: { view: RoomView; actions: RoomActions }) {
  const lang = useLanguage();
  const prefs = usePrefs();
  // the words of the room's rules (RoomRules)
  const meta = useMeta();
  const pov = useMemo(() => pointOfView(view.seat, view.room), [view.seat, view.room]);
  const table = view.table;
  const groups = useMemo(() => layoutHand(table?.hand_groups ?? []), [table?.hand_groups]);
  const cards = useMemo(() => flatten(groups), [groups]);
  const [rawHand, setHand] = useState<HandState>(EMPTY_HAND_STATE);
  const hand = reconcile(rawHand, cards);
  const chosen = selectedCards(hand, cards);
  const chosenCount = hand.selected.size;
  const state = actionState(table, view.seat, chosen);
  // the verdict changes only with the turn, the trick or what is open: a card dealt to
  // someone else asks nothing again
  const revision = table === null ? '' : checkRevision(table);
  const checked = useVerdict(actions.check, state.checkKind, chosen, revision);
  const [busy, setBusy] = useState(false);
  const [hintNote, setHintNote] = useState<MessagePart[] | null>(null);
  // the choice the last action was sent with: its refusal is shown while it stands
  const sentWith = useRef<string | null>(null);
  const [pastTricks, setPastTricks] = useState<'last' | 'all' | null>(null);
  const announced = useAnnouncer(view, pov);

  const obs = table?.observation ?? null;
  const myTurn = obs !== null && view.seat !== null && view.settled && obs.to_act === view.seat && obs.phase !== 'over';
  useTurnSignals(myTurn, prefs.sound, prefs.titleMark);

  // the talon_bonus of the round that just ended, seen with its round_ended event
  const ended = view.roundEnd?.type === 'round_ended' ? (view.roundEnd as RoundEnded) : null;
  const bonus = useMemo(() => (ended === null ? null : findTalonBonus(view.recent)), [ended]);

  // a refusal is about the choice that caused it: another choice takes it away
  const refused =
    view.refusal !== null && (sentWith.current === null || sentWith.current === chosen) ? view.refusal : null;
  const hasRefusal = view.refusal !== null;
  const changeHand = useCallback(
    (next: HandState) => {
      setHand(next);
      setHintNote(null);
      if (hasRefusal) actions.dismissRefusal();
    },
    [hasRefusal, actions],
  );

  const send = (kind: ActionKind, sent: string): void => {
    setBusy(true);
    setHintNote(null);
    sentWith.current = chosen;
    actions.act(kind, sent).then(
      (answer) => {
        setBusy(false);
        if (answer.type === 'ack') setHand((current) => clearSelection(current));
      },
      () => setBusy(false),
    );
  };

  const primary = (): void => {
    // the engine's verdict marks the choice ✗: the button does nothing (it says why)
    if (!state.primaryEnabled || state.primary === null || busy || refusedByVerdict(checked)) return;
    send(state.primary, chosen);
  };

  const hint = (): void => {
    actions.hint().then(
      (action) => {
        setHintNote(hintParts(action));
        if (action !== null && action.cards !== '') {
          setHand((current) => selectCards(current, cards, action.cards));
          if (view.refusal !== null) actions.dismissRefusal();
        }
      },
      () => setHintNote(textParts(errorText('network'))),
    );
  };

  // R-U1: only while the server offers it (a table with takebacks, nobody acted since)
  const takeBack = (): void => {
    if (state.canTakeBack && !busy) send('takeback', '');
  };

  const onCommand = (command: Exclude<HandCommand, null>): void => {
    if (command === 'submit') primary();
    else if (command === 'takeback') takeBack();
    else hint();
  };

  // the hand re-renders only when it or the language changes (a 33-card hand stays
  // cheap while clocks tick and frames arrive)
  const talon = table?.talon ?? '';
  const handNode = useMemo(
    () => <Hand groups={groups} state={hand} talon={talon} onChange={changeHand} onCommand={onCommand} />,
    [groups, hand, talon, lang, state.primary, state.primaryEnabled, chosen, busy, checked, changeHand],
  );

  const connection = (
    <p class="connection" data-testid="connection" data-state={view.connection === 'open' ? 'open' : 'connecting'}>
      <span aria-hidden="true">{view.connection === 'open' ? '●' : '○'}</span>{' '}
      {view.connection === 'open' ? t('Connected') : t('Reconnecting…')}
    </p>
  );

  if (table === null || obs === null) {
    return (
      <section class="table-view" data-testid="table" aria-label={t('Table')}>
        <div class="table-bar">{connection}</div>
        {view.problem === null && <p class="muted">{t('Connecting to the table…')}</p>}
      </section>
    );
  }

  const seated = view.seat !== null;
  const room = view.room;
  const mySeatInfo = view.seat === null ? undefined : room?.seats[view.seat];
  const winner = obs.winner ?? lastWinner(view);
  const over = view.gameOver || obs.phase === 'over';
  const isDeclarer = (seat: number): boolean => obs.declarers !== null && teamOf(seat) === obs.declarers;

  return (
    <section class="table-view" data-testid="table" aria-label={t('Table')}>
      <InfoPanel pov={pov} obs={obs} />
      <div class="felt">
        {seatsByPlace(pov).map((seat) => (
          <SeatPanel
            pov={pov}
            seat={seat}
            place={placeOf(pov, seat)}
            info={room?.seats[seat]}
            toAct={obs.to_act === seat && obs.phase !== 'over'}
            deadline={room?.to_act === seat ? (room.deadline ?? null) : null}
            handSize={obs.hand_sizes[seat] ?? 0}
            declarer={isDeclarer(seat)}
            starter={obs.starter === seat}
          />
        ))}
        <LastTrick pov={pov} obs={obs} />
        <TrickArea pov={pov} obs={obs} winning={table.winning ?? null} />
        <SeatLegend
          seats={[0, 1, 2, 3].map((seat) => ({ info: room?.seats[seat], declarer: isDeclarer(seat), starter: obs.starter === seat }))}
        />
      </div>
      {over ? (
        <GameOver
          pov={pov}
          code={view.code}
          winner={winner}
          rematch={room?.rematch ?? null}
          onRematch={() => actions.rematch()}
        />
      ) : seated ? (
        <ActionBar
          pov={pov}
          state={state}
          expected={expectedText(pov, table, state, chosenCount, checked?.verdict.points ?? null)}
          chosen={chosen}
          checked={checked}
          following={obs.phase === 'play' && obs.trick.length > 0}
          refusal={refused}
          hintNote={hintNote}
          talonShown={talon !== ''}
          away={mySeatInfo?.away ?? false}
          busy={busy}
          onPrimary={primary}
          onPass={() => send('pass', '')}
          onTakeBack={takeBack}
          onDeclare={(declared) => send('declare', declared)}
          onHint={hint}
          onClear={() => changeHand(clearSelection(hand))}
          onBack={() => actions.back()}
        />
      ) : (
        <p class="actions watching">{t('You are watching this game.')}</p>
      )}
      {seated && handNode}
      <RoundDetails pov={pov} obs={obs}>
        {connection}
        <PastTricksButtons onShowLast={() => setPastTricks('last')} onShowTricks={() => setPastTricks('all')} />
        <RoomRules rules={room?.rules} meta={meta} open />
        <ShareBox code={view.code} compact />
      </RoundDetails>
      <div class="visually-hidden" data-testid="announcer" aria-live="polite" aria-atomic="true">
        {announced}
      </div>
      {pastTricks !== null && (
        <TricksDialog
          pov={pov}
          tricks={obs.tricks}
          lastOnly={pastTricks === 'last'}
          hiddenHistory={obs.rules.hidden_history === true}
          onClose={() => setPastTricks(null)}
        />
      )}
      {ended !== null && pastTricks === null && (
        <RoundSummary
          pov={pov}
          ended={ended}
          bonus={bonus}
          pointCards={view.roundEndCards}
          onContinue={() => actions.dismissRoundEnd()}
        />
      )}
    </section>
  );
}

/** The winner of a game_over event among the recent events, if any. */
function lastWinner(view: RoomView): number | null {
  for (const event of view.recent) if (event.type === 'game_over') return event.winner;
  return null;
}
