// Words for where a replay stands ("Round 1 · trick 3 of 25").

import { t } from '../i18n';
import type { ReplayRound } from '../protocol';

/** The text of step `index` of `round`. */
export function stepText(round: ReplayRound, index: number): string {
  const step = round.steps[index];
  if (step === undefined) return '';
  if (step.kind === 'start') return t('Round {round} · before the first trick', { round: round.number });
  if (step.kind === 'end') return t('Round {round} · the round is over', { round: round.number });
  const total = round.steps.filter((item) => item.kind === 'trick').length;
  return t('Round {round} · trick {trick} of {total}', { round: round.number, trick: step.trick ?? 0, total });
}
