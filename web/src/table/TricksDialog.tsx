// Past tricks on demand: the last one, or every trick of this round, each with who
// played what, who won it and its points, and a failed throw if there was one.

import { t } from '../i18n';
import type { CompletedTrickJson } from '../protocol';
import { Dialog } from './Dialog';
import { trickWonText } from './narrate';
import { seatLabel, type PointOfView } from './seating';
import { TableCards } from './CardFace';
import { ThrowNote } from './TrickArea';

export interface TricksDialogProps {
  pov: PointOfView;
  tricks: readonly CompletedTrickJson[];
  /** Only the last trick, or all of them. */
  lastOnly: boolean;
  /** The table hides the cards of tricks older than the last (hidden_history, R-V1). */
  hiddenHistory?: boolean;
  onClose: () => void;
}

/** One finished trick. */
function TrickItem({ pov, trick }: { pov: PointOfView; trick: CompletedTrickJson }) {
  return (
    <li class="past-trick">
      <p class="past-trick-heading">{trickWonText(pov, trick.number, trick.winner, trick.points)}</p>
      {trick.failed_throw !== null && <ThrowNote pov={pov} thrown={trick.failed_throw} />}
      <ul class="past-trick-plays">
        {trick.plays.map(([seat, cards]) => (
          <li class={seat === trick.winner ? 'trick-winner' : ''}>
            <span class="trick-who">{seatLabel(pov, seat)}</span> <TableCards cards={cards} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The dialog of past tricks. */
export function TricksDialog({ pov, tricks, lastOnly, hiddenHistory = false, onClose }: TricksDialogProps) {
  // under hidden_history only the last trick has its cards: the others are not listed
  const shown = lastOnly || hiddenHistory ? tricks.slice(-1) : tricks;
  return (
    <Dialog
      title={lastOnly ? t('Last trick') : t('Tricks of this round')}
      titleId="tricks-title"
      testId={lastOnly ? 'last-trick-dialog' : 'tricks-dialog'}
      onClose={onClose}
    >
      {hiddenHistory && tricks.length > 1 && (
        <p class="muted" data-testid="older-tricks-hidden">
          {t('This table hides the cards of older tricks: only the last trick is shown (R-V1).')}
        </p>
      )}
      {shown.length === 0 ? (
        <p>{t('No trick has been played yet this round.')}</p>
      ) : (
        <ol class="past-tricks">
          {[...shown].reverse().map((trick) => (
            <TrickItem pov={pov} trick={trick} />
          ))}
        </ol>
      )}
      <div class="dialog-buttons">
        <button type="button" class="primary" onClick={onClose}>
          {t('Close')}
        </button>
      </div>
    </Dialog>
  );
}
