import { describe, expect, it } from 'vitest';
import { room } from '../../test/fixtures';
import { cardsPart, fillParts, joinParts, partsOf, partsText, refusedParts } from './parts';
import { pointOfView } from './seating';

describe('messages in parts', () => {
  it('fills a template with words, numbers and cards, in the language’s word order', () => {
    expect(fillParts('{who} plays {cards}.', { who: 'East', cards: cardsPart('AS AS') })).toEqual([
      { text: 'East plays ' },
      { cards: 'AS AS' },
      { text: '.' },
    ]);
    // another word order puts the cards first; a field without a value stays as it is
    expect(fillParts('{cards} — {n} {missing}', { cards: cardsPart('QH'), n: 2 })).toEqual([
      { cards: 'QH' },
      { text: ' — 2 {missing}' },
    ]);
  });

  it('turns a sentence function that writes cards into parts, unchanged', () => {
    const sentence = (write: (cards: string) => string): string => `You play ${write('KD')} and ${write('BJ BJ')}.`;
    expect(partsOf(sentence)).toEqual([
      { text: 'You play ' },
      { cards: 'KD' },
      { text: ' and ' },
      { cards: 'BJ BJ' },
      { text: '.' },
    ]);
    expect(partsOf(() => 'No cards.')).toEqual([{ text: 'No cards.' }]);
  });

  it('joins words next to words, and reads as text with the page’s labels and seat names', () => {
    const joined = joinParts([{ text: 'a' }], [{ text: 'b' }, { seat: 2, name: 'North' }], [{ cards: 'TH RJ' }]);
    expect(joined).toEqual([{ text: 'ab' }, { seat: 2, name: 'North' }, { cards: 'TH RJ' }]);
    expect(partsText(joined)).toBe('abNorth10♥ ★JOKER');
    const named = pointOfView(0, room({ seats: room().seats.map((seat) => ({ ...seat, player: 'human', name: `P${seat.seat}` })) }));
    expect(partsText(joined, named)).toBe('abP210♥ ★JOKER');
  });

  it('names the rule of a refusal, the server’s sentence kept as it is when it does', () => {
    const said = [{ text: 'Not allowed (R-P2): Play ' }, { cards: 'AS' }];
    expect(refusedParts('R-P2', said)).toEqual(said);
    expect(partsText(refusedParts('R-P1', [{ text: 'wait' }]))).toBe('Not allowed (R-P1): wait');
    expect(partsText(refusedParts('R-P1', []))).toBe('Not allowed (R-P1): That is against the rules.');
    expect(partsText(refusedParts('', []))).toBe('That is against the rules.');
  });
});
