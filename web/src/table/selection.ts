// The hand's selection and keyboard model, as pure functions (the Hand component only
// renders them).
//
// A hand may hold two copies of a card ("QH QH": the same kind twice, R-D1), so a card
// on the screen is known by its code and which copy it is: "QH#0", "QH#1", counted in
// the hand's display order. When the hand changes (a card drawn, cards played) the
// selection keeps the copies still held, and focus stays on a card that exists.

import type { HandGroup } from '../protocol';

/** One card of the hand as shown: its key, its code, its group's suit, its position. */
export interface HandCard {
  /** "QH#1": the code and which copy of it, unique in the hand. */
  key: string;
  /** The card in notation ("QH"). */
  code: string;
  /** Whether its group is the trumps. */
  trump: boolean;
  /** Its place in the whole hand (0-based, display order). */
  index: number;
}

/** A group of the hand with its cards. */
export interface ShownGroup {
  suit: HandGroup['suit'];
  cards: HandCard[];
}

/** The hand's groups, each card given its key and index. */
export function layoutHand(groups: readonly HandGroup[]): ShownGroup[] {
  const copies = new Map<string, number>();
  let index = 0;
  return groups.map((group) => ({
    suit: group.suit,
    cards: group.cards
      .split(/\s+/)
      .filter((code) => code !== '')
      .map((code) => {
        const copy = copies.get(code) ?? 0;
        copies.set(code, copy + 1);
        const card = { key: `${code}#${copy}`, code, trump: group.suit === 'trump', index };
        index += 1;
        return card;
      }),
  }));
}

/** Every card of the laid-out hand, in display order. */
export function flatten(groups: readonly ShownGroup[]): HandCard[] {
  return groups.flatMap((group) => group.cards);
}

/** The state of the hand on the screen: which card has the focus, which are chosen. */
export interface HandState {
  /** The index of the card that holds the hand's one tab stop. */
  focus: number;
  /** The keys of the chosen cards. */
  selected: ReadonlySet<string>;
}

export const EMPTY_HAND_STATE: HandState = { focus: 0, selected: new Set() };

/** The state kept valid for `cards`: chosen cards no longer held are dropped, the
 * focus stays within the hand. Returns `state` itself when nothing changes. */
export function reconcile(state: HandState, cards: readonly HandCard[]): HandState {
  const keys = new Set(cards.map((card) => card.key));
  const kept = [...state.selected].filter((key) => keys.has(key));
  const focus = Math.max(0, Math.min(state.focus, cards.length - 1));
  if (kept.length === state.selected.size && focus === state.focus) return state;
  return { focus, selected: new Set(kept) };
}

/** The state with card `key` chosen or not (the other way round). */
export function toggle(state: HandState, key: string): HandState {
  const selected = new Set(state.selected);
  if (selected.has(key)) selected.delete(key);
  else selected.add(key);
  return { ...state, selected };
}

/** The state with nothing chosen. */
export function clearSelection(state: HandState): HandState {
  return state.selected.size === 0 ? state : { ...state, selected: new Set() };
}

/** The chosen cards in notation, in the hand's order ("QH QH 5H"). */
export function selectedCards(state: HandState, cards: readonly HandCard[]): string {
  return cards
    .filter((card) => state.selected.has(card.key))
    .map((card) => card.code)
    .join(' ');
}

/** The state with exactly `wanted` chosen (cards in notation, e.g. a hint): for each
 * card, a copy not chosen yet, in the hand's order. Cards the hand lacks are ignored. */
export function selectCards(state: HandState, cards: readonly HandCard[], wanted: string): HandState {
  const selected = new Set<string>();
  for (const code of wanted.split(/\s+/).filter((word) => word !== '')) {
    const card = cards.find((candidate) => candidate.code === code.toUpperCase() && !selected.has(candidate.key));
    if (card !== undefined) selected.add(card.key);
  }
  const first = cards.find((card) => selected.has(card.key));
  return { focus: first?.index ?? state.focus, selected };
}

/** What a key pressed in the hand asks for, besides moving or choosing. */
export type HandCommand = 'submit' | 'hint' | 'takeback' | null;

/** The hand after key `key` (KeyboardEvent.key) and the command it gives; `handled`
 * is false for keys the hand leaves to the page. ←/→ move, Home/End jump, Space
 * chooses, Enter submits, Escape clears, h asks a hint, u takes back the last action
 * (where the table allows takebacks: the page ignores it otherwise). */
export function pressKey(
  state: HandState,
  cards: readonly HandCard[],
  key: string,
): { state: HandState; command: HandCommand; handled: boolean } {
  const last = cards.length - 1;
  const at = (focus: number): HandState => ({ ...state, focus: Math.max(0, Math.min(focus, last)) });
  switch (key) {
    case 'ArrowRight':
      return { state: at(state.focus + 1), command: null, handled: true };
    case 'ArrowLeft':
      return { state: at(state.focus - 1), command: null, handled: true };
    case 'Home':
      return { state: at(0), command: null, handled: true };
    case 'End':
      return { state: at(last), command: null, handled: true };
    case ' ':
    case 'Spacebar': {
      const card = cards[state.focus];
      return { state: card === undefined ? state : toggle(state, card.key), command: null, handled: true };
    }
    case 'Enter':
      return { state, command: 'submit', handled: true };
    case 'Escape':
      return { state: clearSelection(state), command: null, handled: true };
    case 'h':
    case 'H':
      return { state, command: 'hint', handled: true };
    case 'u':
    case 'U':
      return { state, command: 'takeback', handled: true };
    default:
      return { state, command: null, handled: false };
  }
}
