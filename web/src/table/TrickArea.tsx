// The middle of the table: the trick being played, each seat's cards on its side of the
// centre, the play winning it so far marked (the server says which, R-W1–R-W4); between
// two tricks the last one, marked with its winner; during the deal the standing
// declaration; during the exchange who buries. A failed throw is noted with who
// blocked it (R-H2). While a trick is played, the one before it stays in view in a
// corner of the felt, whoever won it, until the next one is won.

import { t, tc } from '../i18n';
import type { CompletedTrickJson, FailedThrowJson, Observation, PlayJson } from '../protocol';
import { TableCards } from './CardFace';
import { Message } from './Message';
import { failedThrowText, trickWonText, turnText } from './narrate';
import { partsOf } from './parts';
import { placeOf, seatLabel, seatName, seatsByPlace, type PointOfView } from './seating';
import { bySeat } from './words';

/** What the middle of the table shows now. */
export interface TrickShown {
  heading: string;
  plays: readonly PlayJson[];
  leader: number | null;
  /** The seat that won the trick shown (a finished one), or null. */
  winner: number | null;
  /** The seat winning the trick in progress so far, or null. */
  winning: number | null;
  throwNote: FailedThrowJson | null;
  /** Whether this is a finished trick kept in view (shown dimmed). */
  finished: boolean;
}

/** The trick to show: the one being played, else the last finished one, else the
 * declaration or the exchange. `winning` is the server's word on the trick in
 * progress. */
export function trickShown(pov: PointOfView, obs: Observation, winning: number | null = null): TrickShown {
  const none = { plays: [], leader: null, winner: null, winning: null, throwNote: null, finished: false };
  if (obs.phase === 'draw' || obs.phase === 'declare') {
    const standing = obs.declaration;
    const heading = obs.phase === 'draw' ? `${turnText(pov, obs)} · ${t('Declaration')}` : t('Declaration');
    return { ...none, heading, plays: standing === null ? [] : [[standing.seat, standing.cards]] };
  }
  if (obs.phase === 'exchange') {
    const starter = obs.starter ?? 0;
    const heading = bySeat(
      pov,
      starter,
      () => t('You take the talon and bury 8 cards.'),
      (who) => t('{who} takes the talon and buries 8 cards.', { who }),
    );
    return { ...none, heading };
  }
  if (obs.trick.length > 0) {
    return {
      heading: t('Trick {n}', { n: obs.tricks.length + 1 }),
      plays: obs.trick,
      leader: obs.trick[0]?.[0] ?? null,
      winner: null,
      winning,
      throwNote: obs.failed_throw,
      finished: false,
    };
  }
  const last: CompletedTrickJson | undefined = obs.tricks[obs.tricks.length - 1];
  if (last === undefined) return { ...none, heading: t('No cards on the table.') };
  return {
    heading: trickWonText(pov, last.number, last.winner, last.points),
    plays: last.plays,
    leader: last.plays[0]?.[0] ?? null,
    winner: last.winner,
    winning: null,
    throwNote: last.failed_throw,
    finished: true,
  };
}

/** The trick before the one being played, while one is: it stays in view whoever won
 * it. Null when the middle of the table shows the last trick itself, or none. */
export function previousTrick(obs: Observation): CompletedTrickJson | null {
  if (obs.phase !== 'play' || obs.trick.length === 0) return null;
  return obs.tricks[obs.tricks.length - 1] ?? null;
}

/** The buttons that show past tricks: the last one, or all of this round's. */
export function PastTricksButtons({ onShowLast, onShowTricks }: { onShowLast: () => void; onShowTricks: () => void }) {
  return (
    <div class="trick-buttons">
      <button type="button" data-testid="show-last-trick" onClick={onShowLast}>
        {t('Last trick')}
      </button>
      <button type="button" data-testid="show-tricks" onClick={onShowTricks}>
        {t('Tricks of this round')}
      </button>
    </div>
  );
}

/** The marks of a seat's play: led, winning (the trick in progress), won. */
function playMarks(shown: TrickShown, seat: number): string[] {
  const marks: string[] = [];
  if (shown.leader === seat) marks.push(tc('trick mark', 'led'));
  if (shown.winning === seat) marks.push(tc('trick mark', 'winning'));
  if (shown.winner === seat) marks.push(tc('trick mark', 'won'));
  return marks;
}

/** The trick on the table. */
export function TrickArea({ pov, obs, winning }: { pov: PointOfView; obs: Observation; winning: number | null }) {
  const shown = trickShown(pov, obs, winning);
  const bySeatPlays = new Map(shown.plays.map(([seat, cards]) => [seat, cards]));
  const ahead = shown.winner ?? shown.winning;
  return (
    <section class={`trick${shown.finished ? ' trick-finished' : ''}`} data-testid="trick" aria-label={t('The table')}>
      <div class="trick-plays">
        <p class="trick-heading">{shown.heading}</p>
        {seatsByPlace(pov).map((seat) => {
          const cards = bySeatPlays.get(seat);
          const marks = playMarks(shown, seat);
          return (
            <div
              class={`trick-play trick-${placeOf(pov, seat)}${ahead === seat ? ' trick-winner' : ''}`}
              data-testid={`trick-play-${seat}`}
              data-winning={shown.winning === seat ? 'true' : undefined}
            >
              {cards !== undefined && (
                <>
                  <TableCards cards={cards} />
                  <span class="trick-who">
                    {seatLabel(pov, seat)}
                    {marks.length > 0 && <span class="trick-mark"> ({marks.join(tc('list separator', ', '))})</span>}
                  </span>
                </>
              )}
            </div>
          );
        })}
      </div>
      {shown.throwNote !== null && <ThrowNote pov={pov} thrown={shown.throwNote} testId="failed-throw" />}
    </section>
  );
}

/** A failed throw, told in full (R-H2, R-H3), its cards drawn. */
export function ThrowNote({ pov, thrown, testId }: { pov: PointOfView; thrown: FailedThrowJson; testId?: string }) {
  return (
    <p class="throw-note" data-testid={testId}>
      ⚠ <Message parts={partsOf((cards) => failedThrowText(pov, thrown, cards))} pov={pov} />
    </p>
  );
}

/** The trick before the one in progress, small, in a corner of the felt: who played
 * what (on a laptop each play on its seat's side of a little table, the names for
 * screen readers; on a phone in a line, named), and who won it. */
export function LastTrick({ pov, obs }: { pov: PointOfView; obs: Observation }) {
  const trick = previousTrick(obs);
  if (trick === null) return null;
  return (
    <section class="last-trick" data-testid="last-trick" aria-label={t('Last trick')}>
      <p class="last-trick-heading">{trickWonText(pov, trick.number, trick.winner, trick.points)}</p>
      <ul class="last-trick-plays">
        {trick.plays.map(([seat, cards]) => (
          <li class={`last-play last-${placeOf(pov, seat)}${seat === trick.winner ? ' trick-winner' : ''}`} data-seat={seat}>
            <span class="last-trick-who">
              {seat === trick.winner && (
                <span class="won-star" aria-hidden="true">
                  ★{' '}
                </span>
              )}
              {seatName(pov, seat)}
            </span>
            <TableCards cards={cards} size="mini" />
          </li>
        ))}
      </ul>
    </section>
  );
}
