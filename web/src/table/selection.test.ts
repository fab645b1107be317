import { describe, expect, it } from 'vitest';
import {
  EMPTY_HAND_STATE,
  clearSelection,
  flatten,
  layoutHand,
  pressKey,
  reconcile,
  selectCards,
  selectedCards,
  toggle,
  type HandState,
} from './selection';

const groups = layoutHand([
  { suit: 'trump', cards: 'RJ 2H QH QH' },
  { suit: 'S', cards: 'AS AS 5S' },
  { suit: 'C', cards: '3C' },
]);
const cards = flatten(groups);

describe('the hand laid out', () => {
  it('keeps the server order and tells the two copies of a card apart (R-D1)', () => {
    expect(cards.map((card) => card.key)).toEqual(['RJ#0', '2H#0', 'QH#0', 'QH#1', 'AS#0', 'AS#1', '5S#0', '3C#0']);
    expect(cards.map((card) => card.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(cards.filter((card) => card.trump).map((card) => card.code)).toEqual(['RJ', '2H', 'QH', 'QH']);
  });
});

describe('the selection', () => {
  it('toggles one copy at a time and lists the chosen cards in hand order', () => {
    let state: HandState = EMPTY_HAND_STATE;
    state = toggle(state, 'AS#1');
    state = toggle(state, 'QH#0');
    expect(selectedCards(state, cards)).toBe('QH AS');
    state = toggle(state, 'QH#0');
    expect(selectedCards(state, cards)).toBe('AS');
    expect(selectedCards(clearSelection(state), cards)).toBe('');
  });

  it('drops chosen cards the hand no longer holds and keeps the focus inside it', () => {
    const state: HandState = { focus: 7, selected: new Set(['QH#1', '3C#0', 'AS#0']) };
    const after = flatten(layoutHand([{ suit: 'trump', cards: 'QH QH' }, { suit: 'S', cards: 'AS' }]));
    const kept = reconcile(state, after);
    expect([...kept.selected].sort()).toEqual(['AS#0', 'QH#1']);
    expect(kept.focus).toBe(2);
    expect(reconcile(kept, after)).toBe(kept); // unchanged: the same object
  });

  it('selects the cards of a hint, each copy once, and focuses the first', () => {
    const state = selectCards(EMPTY_HAND_STATE, cards, 'AS AS');
    expect([...state.selected]).toEqual(['AS#0', 'AS#1']);
    expect(state.focus).toBe(4);
    // a card not held is ignored; the choice is replaced, not added to
    const next = selectCards(toggle(state, 'RJ#0'), cards, 'qh 7D');
    expect(selectedCards(next, cards)).toBe('QH');
  });
});

describe('the roving keyboard of the hand', () => {
  const start: HandState = { focus: 2, selected: new Set() };

  it('moves with the arrows and jumps with Home and End, never past either end', () => {
    expect(pressKey(start, cards, 'ArrowRight').state.focus).toBe(3);
    expect(pressKey(start, cards, 'ArrowLeft').state.focus).toBe(1);
    expect(pressKey(start, cards, 'Home').state.focus).toBe(0);
    expect(pressKey(start, cards, 'End').state.focus).toBe(7);
    expect(pressKey({ ...start, focus: 7 }, cards, 'ArrowRight').state.focus).toBe(7);
    expect(pressKey({ ...start, focus: 0 }, cards, 'ArrowLeft').state.focus).toBe(0);
  });

  it('chooses with Space, clears with Escape, submits with Enter and asks a hint with h', () => {
    const chosen = pressKey(start, cards, ' ').state;
    expect(selectedCards(chosen, cards)).toBe('QH');
    expect(selectedCards(pressKey(chosen, cards, ' ').state, cards)).toBe('');
    expect(pressKey(chosen, cards, 'Escape').state.selected.size).toBe(0);
    expect(pressKey(chosen, cards, 'Enter')).toMatchObject({ command: 'submit', handled: true });
    expect(pressKey(chosen, cards, 'h')).toMatchObject({ command: 'hint', handled: true });
  });

  it('leaves other keys to the page and changes nothing', () => {
    const answer = pressKey(start, cards, 'Tab');
    expect(answer.handled).toBe(false);
    expect(answer.state).toBe(start);
    expect(answer.command).toBeNull();
  });
});
