// The viewer's controls: what the game expects, what the chosen cards make (the
// engine's verdict), the main button (play or bury), pass and the legal declarations,
// a hint, clearing the choice, and the last refusal with its rule id.

import { t, tn } from '../i18n';
import type { ErrorFrame } from '../protocol';
import type { ActionState } from './acting';
import { refusalText } from './acting';
import { previewLine, previewOf } from './preview';
import { cardsText } from './words';
import type { Checked } from './useVerdict';

export interface ActionBarProps {
  state: ActionState;
  /** What the game expects now, in words. */
  expected: string;
  /** The chosen cards in notation. */
  chosen: string;
  checked: Checked | null;
  /** Whether a trick is led already (the chosen cards would follow it). */
  following: boolean;
  refusal: ErrorFrame | null;
  /** A hint's words, or a note about it. */
  hintNote: string | null;
  /** Whether the viewer's seat is played by its stand-in bot now. */
  away: boolean;
  busy: boolean;
  onPrimary: () => void;
  onPass: () => void;
  onDeclare: (cards: string) => void;
  onHint: () => void;
  onClear: () => void;
  onBack: () => void;
}

/** The action bar under the table. */
export function ActionBar(props: ActionBarProps) {
  const { state, expected, chosen, checked, following, refusal, hintNote, away, busy } = props;
  const preview = checked === null ? null : previewOf(checked.kind, checked.cards, checked.verdict, following);
  const talonPoints = state.primary === 'bury' && preview !== null ? preview.points : null;
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
        class={`preview${preview === null ? '' : preview.legal ? ' preview-legal' : ' preview-illegal'}`}
        data-testid="preview"
        data-legal={preview === null ? undefined : preview.legal ? 'true' : 'false'}
      >
        {preview !== null ? previewLine(preview) : chosen !== '' ? t('Checking…') : t('Choose cards in your hand.')}
      </p>
      {state.primary === 'bury' && (
        <p class="talon-points" data-testid="talon-points">
          {talonPoints === null
            ? t('Points in the talon: not known yet.')
            : t('Points in the talon: {points}', { points: talonPoints })}
        </p>
      )}
      <div class="action-buttons">
        {(state.primary === 'play' || state.primary === 'bury') && (
          // keyed: the play button after a burial is a new button, not the bury button relabelled
          <button
            key={state.primary}
            type="button"
            class="primary"
            data-testid={state.primary}
            disabled={!state.primaryEnabled || busy}
            onClick={props.onPrimary}
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
            {t('Declare {cards}', { cards: cardsText(cards) })}
          </button>
        ))}
        {state.canPass && (
          <button type="button" data-testid="pass" disabled={busy} onClick={props.onPass}>
            {t('Pass')}
          </button>
        )}
        <button type="button" data-testid="hint" onClick={props.onHint} aria-keyshortcuts="h">
          {t('Hint')}
        </button>
        <button type="button" data-testid="clear" disabled={chosen === ''} onClick={props.onClear}>
          {t('Clear')}
        </button>
      </div>
      {hintNote !== null && <p class="hint-note">{hintNote}</p>}
      <div class="refusal" data-testid="refusal" role="alert">
        {refusal !== null && <p>✗ {refusalText(refusal)}</p>}
      </div>
    </section>
  );
}
