import { describe, expect, it } from 'vitest';
import type { Verdict } from '../protocol';
import { partsText } from './parts';
import { combinationParts, previewOf, previewParts, verdictParts } from './preview';

const combinationText = (...args: Parameters<typeof combinationParts>): string => partsText(combinationParts(...args));
const previewLine = (preview: Parameters<typeof previewParts>[0]): string => partsText(previewParts(preview));
const verdictText = (verdict: Verdict): string => partsText(verdictParts(verdict));

function verdict(overrides: Partial<Verdict>): Verdict {
  return { type: 'verdict', seq: 1, id: 'c1', legal: true, combination: null, points: 0, ...overrides };
}

describe('the preview names what the engine found (R-C1–R-C4)', () => {
  it('names singles, pairs, tractors, throws and mixed cards', () => {
    const single = verdict({ combination: { kind: 'single', suit: 'C', size: 1, parts: ['single'] } });
    expect(combinationText('play', '3C', single)).toBe('Single 3♣');
    const pair = verdict({ combination: { kind: 'pair', suit: 'H', size: 2, parts: ['pair'] } });
    expect(combinationText('play', 'QH QH', pair)).toBe('Pair of Q♥');
    const tractor = verdict({ combination: { kind: 'tractor', suit: 'S', size: 4, parts: ['tractor'] } });
    expect(combinationText('play', 'KS KS QS QS', tractor)).toBe('Tractor of 2 pairs: K♠ K♠ Q♠ Q♠');
    const thrown = verdict({ combination: { kind: 'throw', suit: 'S', size: 5, parts: ['pair', 'pair', 'single'] } });
    expect(combinationText('play', 'AS AS KS KS TS', thrown)).toBe('Throw of 5 cards: A♠ A♠ K♠ K♠ 10♠');
    // following a lead, several cards of one suit are counted, not called a throw
    expect(combinationText('play', 'AS KS TS', thrown, true)).toBe('3 cards: A♠ K♠ 10♠');
    expect(combinationText('play', 'QH QH', pair, true)).toBe('Pair of Q♥');
    const mixed = verdict({ legal: false, combination: { kind: 'mixed', suit: null, size: 2, parts: [] } });
    expect(combinationText('play', 'AS 3C', mixed)).toBe('Cards of several suits: A♠ 3♣');
  });

  it('counts cards when the engine names no combination, and words burials and declarations', () => {
    expect(combinationText('play', 'AS KS', verdict({}))).toBe('2 cards: A♠ K♠');
    expect(combinationText('bury', 'AS KS 5C', verdict({}))).toBe('3 cards to bury: A♠ K♠ 5♣');
    expect(combinationText('declare', '2H 2H', verdict({}))).toBe('Declare 2♥ 2♥');
  });
});

describe('the preview says whether the play is legal, in the engine’s words', () => {
  it('marks a legal play and its points', () => {
    const preview = previewOf(
      'play',
      'KH KH',
      verdict({ points: 20, combination: { kind: 'pair', suit: 'H', size: 2, parts: ['pair'] } }),
    );
    expect(preview.legal).toBe(true);
    expect(previewLine(preview)).toBe('Pair of K♥ · 20 points — ✓ Allowed');
  });

  it('shows the server’s refusal with its rule id (R-P3)', () => {
    const refused = verdict({
      legal: false,
      rule: 'R-P3',
      reason: 'must-follow-suit',
      message: 'Not allowed (R-P3): You hold K♦ of the led suit (diamonds): it must be played.',
      combination: { kind: 'single', suit: 'S', size: 1, parts: ['single'] },
    });
    const preview = previewOf('play', 'AS', refused);
    expect(preview.legal).toBe(false);
    expect(previewLine(preview)).toBe(
      'Single A♠ — ✗ Not allowed (R-P3): You hold K♦ of the led suit (diamonds): it must be played.',
    );
  });

  it('adds the rule id when the message lacks it', () => {
    expect(verdictText(verdict({ legal: false, rule: 'R-P1', message: 'it is seat 3’s turn' }))).toBe(
      'Not allowed (R-P1): it is seat 3’s turn',
    );
    expect(verdictText(verdict({ legal: false }))).toBe('That is against the rules.');
  });

  it('keeps the cards and seats of the server’s sentence apart, so they are drawn', () => {
    const refused = verdict({
      legal: false,
      rule: 'R-P4',
      message: 'Not allowed (R-P4): You hold the pair 6H 6H of the led suit (hearts): it must be played.',
      parts: [
        { text: 'Not allowed (R-P4): You hold the pair ' },
        { cards: '6H 6H' },
        { text: ' of the led suit (hearts): it must be played.' },
      ],
    });
    expect(verdictParts(refused)).toEqual(refused.parts);
    expect(verdictText(refused)).toBe('Not allowed (R-P4): You hold the pair 6♥ 6♥ of the led suit (hearts): it must be played.');
    // the server's parts without the rule id get it put in front
    const bare = verdict({ legal: false, rule: 'R-P1', parts: [{ text: 'Wait: ' }, { seat: 3, name: 'West' }] });
    expect(verdictParts(bare)).toEqual([{ text: 'Not allowed (R-P1): Wait: ' }, { seat: 3, name: 'West' }]);
  });

  it('draws the chosen cards as cards, jokers too, never their notation', () => {
    const pair = verdict({ combination: { kind: 'pair', suit: 'trump', size: 2, parts: ['pair'] } });
    expect(combinationParts('play', 'RJ RJ', pair)).toEqual([{ text: 'Pair of ' }, { cards: 'RJ' }]);
    expect(combinationText('declare', 'BJ BJ', verdict({}))).toBe('Declare ☆JOKER ☆JOKER');
  });
});
