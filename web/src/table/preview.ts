// What the chosen cards make and whether they may be played, worded from the engine's
// verdict (docs/protocol.md "check → verdict"): the client names the combination the
// server found (R-C1–R-C4) and shows the server's own refusal sentence, in parts, so
// its cards are drawn as the table draws them; it never decides either itself.

import { cardCodes } from '../cards';
import { t, tn } from '../i18n';
import type { ActionKind, MessagePart, Verdict } from '../protocol';
import type { CardWriter } from './narrate';
import { joinParts, partsOf, refusedParts, textParts } from './parts';
import { pointsText } from './words';

/** The preview of a selection: what it makes, and whether it is legal and why not. */
export interface Preview {
  /** What the cards make: "Pair of Q♥", "Throw of 5 cards: …". */
  what: MessagePart[];
  /** Whether the engine allows it now. */
  legal: boolean;
  /** "Allowed", or the engine's refusal ("Not allowed (R-P3): …"). */
  verdict: MessagePart[];
  /** The card points of the cards (R-S1), when the server gave them. */
  points: number | null;
}

/** What `cards` make as an action of `kind`, from the verdict's combination, its cards
 * written by `cards`. `following`: cards played to a trick already led, where several
 * cards of one suit are no throw (R-H1 is about leads): they are counted instead. */
function combinationSentence(
  kind: ActionKind,
  chosen: string,
  verdict: Verdict | null,
  following: boolean,
  cards: CardWriter,
): string {
  const codes = cardCodes(chosen);
  const shown = cards(chosen);
  if (kind === 'declare') return t('Declare {cards}', { cards: shown });
  if (kind === 'pass') return t('Pass');
  if (kind === 'bury') {
    return tn('{n} card to bury: {cards}', '{n} cards to bury: {cards}', codes.length, { cards: shown });
  }
  const found = verdict?.combination ?? null;
  const combination = following && found?.kind === 'throw' ? null : found;
  switch (combination?.kind) {
    case 'single':
      return t('Single {card}', { card: cards(codes[0] ?? '') });
    case 'pair':
      return t('Pair of {card}', { card: cards(codes[0] ?? '') });
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

/** What `cards` make as an action of `kind`, in parts (the cards a part of their own). */
export function combinationParts(kind: ActionKind, cards: string, verdict: Verdict | null, following = false): MessagePart[] {
  return partsOf((writer) => combinationSentence(kind, cards, verdict, following, writer));
}

/** The verdict's word on legality: "Allowed", or the server's refusal in parts, with
 * its rule id. */
export function verdictParts(verdict: Verdict): MessagePart[] {
  if (verdict.legal) return textParts(t('Allowed'));
  return refusedParts(verdict.rule ?? '', verdict.parts ?? textParts(verdict.message ?? ''));
}

/** The whole preview of `cards` as an action of `kind`, from `verdict`. */
export function previewOf(kind: ActionKind, cards: string, verdict: Verdict, following = false): Preview {
  return {
    what: combinationParts(kind, cards, verdict, following),
    legal: verdict.legal,
    verdict: verdictParts(verdict),
    points: typeof verdict.points === 'number' ? verdict.points : null,
  };
}

/** The preview in one line, as the page shows it: "Pair of Q♥ · 10 points — ✓ Allowed". */
export function previewParts(preview: Preview): MessagePart[] {
  const mark = preview.legal ? '✓' : '✗';
  const points = preview.points !== null && preview.points > 0 ? ` · ${pointsText(preview.points)}` : '';
  return joinParts(preview.what, textParts(`${points} — ${mark} `), preview.verdict);
}
