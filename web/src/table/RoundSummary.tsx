// The end of a round, over the table: points, the talon and its multiplier, throw
// penalties, the level change and who declares and starts next; then the cards
// themselves: the point cards each team won in tricks (R-O4, R-S1) and the talon
// (R-K1, shown to everyone once the round is over). "Continue" (or Escape) closes it.

import { t } from '../i18n';
import { TableCards } from './CardFace';
import { Dialog } from './Dialog';
import { Message } from './Message';
import { teamsInOrder, type PointOfView } from './seating';
import { roundSummary, type RoundEnded, type TalonBonus } from './summary';
import { bySide } from './words';

export interface RoundSummaryProps {
  pov: PointOfView;
  ended: RoundEnded;
  bonus: TalonBonus | null;
  /** The point cards team 0 and team 1 won in the round, as the server counted them
   * (null: not known, e.g. after a reload). */
  pointCards: readonly [string, string] | null;
  onContinue: () => void;
}

/** A row of cards with its label, or the word for none. */
function CardsRow({ label, cards, testId }: { label: string; cards: string; testId: string }) {
  return (
    <div class="summary-cards-row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{cards === '' ? <span class="muted">{t('none')}</span> : <TableCards cards={cards} size="mini" />}</dd>
    </div>
  );
}

/** The round summary dialog. */
export function RoundSummary({ pov, ended, bonus, pointCards, onContinue }: RoundSummaryProps) {
  const summary = roundSummary(pov, ended, bonus);
  const talon = ended.result?.talon ?? '';
  return (
    <Dialog title={summary.title} titleId="round-summary-title" testId="round-summary" onClose={onContinue}>
      <ul class="summary-lines">
        {summary.lines.map((line) => (
          <li>{typeof line === 'string' ? line : <Message parts={line} pov={pov} />}</li>
        ))}
      </ul>
      {(pointCards !== null || talon !== '') && (
        <dl class="summary-cards">
          {pointCards !== null &&
            teamsInOrder(pov).map((team) => (
              <CardsRow
                label={bySide(
                  pov,
                  team,
                  () => t('Point cards we won'),
                  () => t('Point cards they won'),
                  (name) => t('Point cards {team} won', { team: name }),
                )}
                cards={pointCards[team] ?? ''}
                testId={`point-cards-${team}`}
              />
            ))}
          {talon !== '' && <CardsRow label={t('The talon')} cards={talon} testId="summary-talon" />}
        </dl>
      )}
      <div class="dialog-buttons">
        <button type="button" class="primary" data-testid="continue" onClick={onContinue}>
          {t('Continue')}
        </button>
      </div>
    </Dialog>
  );
}
