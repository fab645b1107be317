// What the chosen cards make and whether they may be played, worded from the engine's
// verdict (docs/protocol.md "check → verdict"): the client names the combination the
// server found (R-C1–R-C4) and shows the server's own refusal sentence; it never
// decides either itself.

import { cardLabel, cardCodes } from '../cards';
import { t, tn } from '../i18n';
import type { ActionKind, Verdict } from '../protocol';
import { cardsText, pointsText } from './words';

/** The preview of a selection: what it makes, and whether it is legal and why not. */
export interface Preview {
  /** What the cards make: "Pair of Q♥", "Throw of 5 cards: …". */
  what: string;
  /** Whether the engine allows it now. */
  legal: boolean;
  /** "Allowed", or the engine's refusal ("Not allowed (R-P3): …"). */
  verdict: string;
  /** The card points of the cards (R-S1), when the server gave them. */
  points: number | null;
}

/** What `cards` make as an action of `kind`, from the verdict's combination.
 * `following`: cards played to a trick already led, where several cards of one suit
 * are no throw (R-H1 is about leads): they are counted instead. */
export function combinationText(kind: ActionKind, cards: string, verdict: Verdict | null, following = false): string {
  const codes = cardCodes(cards);
  const shown = cardsText(cards);
  if (kind === 'declare') return t('Declare {cards}', { cards: shown });
  if (kind === 'pass') return t('Pass');
  if (kind === 'bury') {
    return tn('{n} card to bury: {cards}', '{n} cards to bury: {cards}', codes.length, { cards: shown });
  }
  const found = verdict?.combination ?? null;
  const combination = following && found?.kind === 'throw' ? null : found;
  switch (combination?.kind) {
    case 'single':
      return t('Single {card}', { card: cardLabel(codes[0] ?? '') });
    case 'pair':
      return t('Pair of {card}', { card: cardLabel(codes[0] ?? '') });
    case 'tractor': {
      const pairs = Math.max(2, Math.floor((combination.size || codes.length) / 2));
      return tn('Tractor of {n} pair: {cards}', 'Tractor of {n} pairs: {cards}', pairs, { cards: shown });
    }
    case 'throw':
      return tn('Throw of {n} card: {cards}', 'Throw of {n} cards: {cards}', combination.size || codes.length, {
        cards: shown,
      });
    case 'mixed':
      return t('Cards of several suits: {cards}', { cards: shown });
    default:
      return tn('{n} card: {cards}', '{n} cards: {cards}', codes.length, { cards: shown });
  }
}

/** The verdict's word on legality: "Allowed", or the refusal with its rule id. */
export function verdictText(verdict: Verdict): string {
  if (verdict.legal) return t('Allowed');
  const message = verdict.message ?? '';
  const rule = verdict.rule ?? '';
  if (message !== '' && (rule === '' || message.includes(rule))) return message;
  if (rule !== '') return t('Not allowed ({rule}): {why}', { rule, why: message || t('That is against the rules.') });
  return message || t('That is against the rules.');
}

/** The whole preview of `cards` as an action of `kind`, from `verdict`. */
export function previewOf(kind: ActionKind, cards: string, verdict: Verdict, following = false): Preview {
  return {
    what: combinationText(kind, cards, verdict, following),
    legal: verdict.legal,
    verdict: verdictText(verdict),
    points: typeof verdict.points === 'number' ? verdict.points : null,
  };
}

/** The preview in one line, as the page shows it: "Pair of Q♥ · 0 points · ✓ Allowed". */
export function previewLine(preview: Preview): string {
  const mark = preview.legal ? '✓' : '✗';
  const parts = [preview.what];
  if (preview.points !== null && preview.points > 0) parts.push(pointsText(preview.points));
  return `${parts.join(' · ')} — ${mark} ${preview.verdict}`;
}
