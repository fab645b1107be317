// The end of a round, over the table: points, the talon and its multiplier, throw
// penalties, the level change and who declares and starts next. "Continue" (or Escape)
// closes it.

import { t } from '../i18n';
import { Dialog } from './Dialog';
import type { PointOfView } from './seating';
import { roundSummary, type RoundEnded, type TalonBonus } from './summary';

export interface RoundSummaryProps {
  pov: PointOfView;
  ended: RoundEnded;
  bonus: TalonBonus | null;
  onContinue: () => void;
}

/** The round summary dialog. */
export function RoundSummary({ pov, ended, bonus, onContinue }: RoundSummaryProps) {
  const summary = roundSummary(pov, ended, bonus);
  return (
    <Dialog title={summary.title} titleId="round-summary-title" testId="round-summary" onClose={onContinue}>
      <ul class="summary-lines">
        {summary.lines.map((line) => (
          <li>{line}</li>
        ))}
      </ul>
      <div class="dialog-buttons">
        <button type="button" class="primary" data-testid="continue" onClick={onContinue}>
          {t('Continue')}
        </button>
      </div>
    </Dialog>
  );
}
