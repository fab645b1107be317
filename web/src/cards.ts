// Card notation (docs/rules.md R-N1–R-N3) read for display: "QH" is the queen of hearts,
// "TH" the ten, "BJ"/"RJ" the black and red jokers. Names and symbols only: which cards
// are trumps, their order and what they make come from the server, never from here.

import { t, tc } from './i18n';
import type { GroupSuit, SuitLetter } from './protocol';

/** A card read from notation. */
export interface Card {
  /** The notation, as the server writes it ("QH", "BJ"). */
  code: string;
  /** The rank letter (2…9, T, J, Q, K, A), or null for a joker. */
  rank: string | null;
  /** The suit letter, or null for a joker. */
  suit: SuitLetter | null;
  /** "black" or "red" for a joker, null otherwise. */
  joker: 'black' | 'red' | null;
}

const RANKS = '23456789TJQKA';
const SUITS = 'SHDC';

/** The card `code` stands for ("QH", "th", "BJ"); null when it is no card. */
export function parseCard(code: string): Card | null {
  const text = code.trim().toUpperCase();
  if (text === 'BJ') return { code: 'BJ', rank: null, suit: null, joker: 'black' };
  if (text === 'RJ') return { code: 'RJ', rank: null, suit: null, joker: 'red' };
  if (text.length !== 2) return null;
  const rank = text[0] ?? '';
  const suit = text[1] ?? '';
  if (!RANKS.includes(rank) || !SUITS.includes(suit)) return null;
  return { code: text, rank, suit: suit as SuitLetter, joker: null };
}

/** The cards of a space-separated list ("AS AS KS"); "" is no card. Unknown words are
 * left out. */
export function parseCards(text: string): Card[] {
  return text
    .split(/\s+/)
    .filter((word) => word !== '')
    .map(parseCard)
    .filter((card): card is Card => card !== null);
}

/** The codes of a space-separated list of cards. */
export function cardCodes(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

/** The symbol of a suit: ♠ ♥ ♦ ♣. */
export function suitSymbol(suit: SuitLetter): string {
  return { S: '♠', H: '♥', D: '♦', C: '♣' }[suit];
}

/** The name of a suit or of the trumps, in the current language ("hearts", "trumps"). */
export function suitName(suit: GroupSuit): string {
  switch (suit) {
    case 'S':
      return t('spades');
    case 'H':
      return t('hearts');
    case 'D':
      return t('diamonds');
    case 'C':
      return t('clubs');
    default:
      return t('trumps');
  }
}

/** The name of a rank ("Queen", "Ten", "Two") in the current language. */
export function rankName(rank: string): string {
  switch (rank) {
    case '2':
      return tc('card rank', 'Two');
    case '3':
      return tc('card rank', 'Three');
    case '4':
      return tc('card rank', 'Four');
    case '5':
      return tc('card rank', 'Five');
    case '6':
      return tc('card rank', 'Six');
    case '7':
      return tc('card rank', 'Seven');
    case '8':
      return tc('card rank', 'Eight');
    case '9':
      return tc('card rank', 'Nine');
    case 'T':
      return tc('card rank', 'Ten');
    case 'J':
      return tc('card rank', 'Jack');
    case 'Q':
      return tc('card rank', 'Queen');
    case 'K':
      return tc('card rank', 'King');
    default:
      return tc('card rank', 'Ace');
  }
}

/** The star of a joker: filled for the red one, hollow for the black one (so its
 * colour is not the only cue). */
export function jokerStar(joker: 'red' | 'black'): string {
  return joker === 'red' ? '★' : '☆';
}

/** The word every joker carries in its corner, in any language (as cards print it). */
export const JOKER_WORD = 'JOKER';

/** The short label of a card: rank and suit symbol ("Q♥", "10♠"), a joker its star and
 * word ("★JOKER" red, "☆JOKER" black): never its notation. */
export function cardLabel(code: string): string {
  const card = parseCard(code);
  if (card === null) return code;
  if (card.joker !== null) return `${jokerStar(card.joker)}${JOKER_WORD}`;
  const rank = card.rank === 'T' ? '10' : (card.rank ?? '');
  return rank + suitSymbol(card.suit ?? 'S');
}

/** A card's accessible name: "Queen of hearts", and "Queen of hearts, trump" when
 * `trump` (which the server says: its group in the hand is the trumps). */
export function cardName(code: string, trump = false): string {
  const card = parseCard(code);
  if (card === null) return code;
  let name: string;
  if (card.joker === 'black') {
    name = t('Black joker');
  } else if (card.joker === 'red') {
    name = t('Red joker');
  } else {
    const rank = rankName(card.rank ?? '2');
    // one sentence per suit, so each language can inflect the suit as it must
    switch (card.suit) {
      case 'S':
        name = t('{rank} of spades', { rank });
        break;
      case 'H':
        name = t('{rank} of hearts', { rank });
        break;
      case 'D':
        name = t('{rank} of diamonds', { rank });
        break;
      default:
        name = t('{rank} of clubs', { rank });
    }
  }
  return trump ? t('{card}, trump', { card: name }) : name;
}

/** The name of a list of cards, one name after another ("Queen of hearts, Queen of
 * hearts"). */
export function cardsName(text: string): string {
  return cardCodes(text)
    .map((code) => cardName(code))
    .join(tc('list separator', ', '));
}
