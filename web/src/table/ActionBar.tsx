// The viewer's controls: what the game expects, what the chosen cards make (the
// engine's verdict), the main button (play or bury), pass and the legal declarations,
// a hint, clearing the choice, and the last refusal with its rule id. Cards in every
// line are drawn as the table's small cards (Message).

import { useId } from 'preact/hooks';
import { t, tn } from '../i18n';
import type { ErrorFrame, MessagePart } from '../protocol';
import type { ActionState } from './acting';
import { refusalParts } from './acting';
import { Message } from './Message';
import { cardsPart, fillParts } from './parts';
import { previewOf, previewParts } from './preview';
import type { PointOfView } from './seating';
import type { Checked } from './useVerdict';

export interface ActionBarProps {
  pov: PointOfView;
  state: ActionState;
  /** What the game expects now, in words. */
  expected: string;
  /** The chosen cards in notation. */
  chosen: string;
  checked: Checked | null;
  /** Whether a trick is led already (the chosen cards would follow it). */
  following: boolean;
  /** The refusal of the choice as it stands (null: none, or the choice changed since). */
  refusal: ErrorFrame | null;
  /** A hint's words, or a note about it. */
  hintNote: MessagePart[] | null;
  /** Whether the hand marks the cards the talon brought (the starter burying). */
  talonShown?: boolean;
  /** Whether the viewer's seat is played by its stand-in bot now. */
  away: boolean;
  busy: boolean;
  onPrimary: () => void;
  onPass: () => void;
  onTakeBack: () => void;
  onDeclare: (cards: string) => void;
  onHint: () => void;
  onClear: () => void;
  onBack: () => void;
}

/** Whether the engine's verdict on the choice as it stands refuses it: the main button
 * is then not to be pressed (the verdict, the server's, is the authority). */
export function refusedByVerdict(checked: Checked | null): boolean {
  return checked !== null && !checked.verdict.legal;
}

/** The action bar beside (on a phone: above) the hand. */
export function ActionBar(props: ActionBarProps) {
  const { pov, state, expected, chosen, checked, following, refusal, hintNote, away, busy } = props;
  const previewId = useId();
  const preview = checked === null ? null : previewOf(checked.kind, checked.cards, checked.verdict, following);
  const talonPoints = state.primary === 'bury' && preview !== null ? preview.points : null;
  const blocked = refusedByVerdict(checked);
  return (
    <section class="actions" aria-label={t('Your move')}>
      <p class="expected" aria-live="off">
        {expected}
      </p>
      {away && (
        <p class="away-note">
          {t('A bot is playing for you.')}{' '}
          <button type="button" data-testid="back" onClick={props.onBack}>
            {t('Take my seat back')}
          </button>
        </p>
      )}
      <p
        id={previewId}
        class={`preview${preview === null ? '' : preview.legal ? ' preview-legal' : ' preview-illegal'}`}
        data-testid="preview"
        data-legal={preview === null ? undefined : preview.legal ? 'true' : 'false'}
      >
        {preview !== null ? (
          <Message parts={previewParts(preview)} pov={pov} />
        ) : chosen !== '' ? (
          t('Checking…')
        ) : (
          t('Choose cards in your hand.')
        )}
      </p>
      {state.primary === 'bury' && (
        <p class="talon-points" data-testid="talon-points">
          {talonPoints === null
            ? t('Points in the talon: not known yet.')
            : t('Points in the talon: {points}', { points: talonPoints })}
        </p>
      )}
      {state.primary === 'bury' && props.talonShown === true && (
        <p class="talon-legend" data-testid="talon-legend">
          <span class="talon-mark-sample" aria-hidden="true">
            ◆
          </span>{' '}
          {tn('marks the card the talon brought.', 'marks the {n} cards the talon brought.', state.talonSize ?? 8)}
        </p>
      )}
      <div class="action-buttons">
        {(state.primary === 'play' || state.primary === 'bury') && (
          // keyed: the play button after a burial is a new button, not the bury button
          // relabelled. Refused by the verdict, it stays in the tab order, says why (the
          // preview describes it) and does nothing.
          <button
            key={state.primary}
            type="button"
            class={`primary${blocked ? ' refused' : ''}`}
            data-testid={state.primary}
            disabled={!state.primaryEnabled || busy}
            aria-disabled={blocked ? 'true' : undefined}
            aria-describedby={blocked ? previewId : undefined}
            onClick={blocked ? undefined : props.onPrimary}
          >
            {state.primary === 'play'
              ? t('Play')
              : state.talonSize === null
                ? t('Bury')
                : tn('Bury {n} card', 'Bury {n} cards', state.talonSize)}
          </button>
        )}
        {state.declarations.map((cards) => (
          <button
            type="button"
            class="declare-option"
            data-testid="declare-option"
            data-cards={cards}
            disabled={busy}
            onClick={() => props.onDeclare(cards)}
          >
            <Message parts={declareParts(cards)} pov={pov} />
          </button>
        ))}
        {state.canPass && (
          <button type="button" data-testid="pass" disabled={busy} onClick={props.onPass}>
            {t('Pass')}
          </button>
        )}
        {state.canTakeBack && (
          <button
            type="button"
            class="takeback"
            data-testid="takeback"
            disabled={busy}
            onClick={props.onTakeBack}
            aria-keyshortcuts="u"
          >
            {t('Take back')}
          </button>
        )}
        <button type="button" data-testid="hint" onClick={props.onHint} aria-keyshortcuts="h">
          {t('Hint')}
        </button>
        <button type="button" data-testid="clear" disabled={chosen === ''} onClick={props.onClear}>
          {t('Clear')}
        </button>
      </div>
      {hintNote !== null && (
        <p class="hint-note" data-testid="hint-note">
          <Message parts={hintNote} pov={pov} />
        </p>
      )}
      <div class="refusal" data-testid="refusal" role="alert">
        {refusal !== null && (
          <p>
            ✗ <Message parts={refusalParts(refusal)} pov={pov} />
          </p>
        )}
      </div>
    </section>
  );
}

/** A declaration button's words: "Declare" and the cards, drawn. */
function declareParts(cards: string): MessagePart[] {
  return fillParts(t('Declare {cards}'), { cards: cardsPart(cards) });
}
