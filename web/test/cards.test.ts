import { afterEach, describe, expect, it } from 'vitest';
import { cardCodes, cardLabel, cardName, cardsName, parseCard, parseCards, suitName, suitSymbol } from '../src/cards';
import { installCatalog } from '../src/i18n';

afterEach(() => installCatalog({ lang: 'en', plural_forms: '', messages: {}, plurals: {}, contexts: {} }));

describe('notation (R-N1–R-N3)', () => {
  it('reads ranks, suits and jokers', () => {
    expect(parseCard('QH')).toEqual({ code: 'QH', rank: 'Q', suit: 'H', joker: null });
    expect(parseCard('th')).toEqual({ code: 'TH', rank: 'T', suit: 'H', joker: null });
    expect(parseCard('BJ')).toEqual({ code: 'BJ', rank: null, suit: null, joker: 'black' });
    expect(parseCard('RJ')).toEqual({ code: 'RJ', rank: null, suit: null, joker: 'red' });
  });

  it('refuses what is no card', () => {
    for (const text of ['', 'Q', '1H', 'QX', 'QHH', 'XJ', '10H']) expect(parseCard(text)).toBeNull();
  });

  it('reads lists, ignoring extra spaces', () => {
    expect(parseCards('  AS AS  KS ').map((card) => card.code)).toEqual(['AS', 'AS', 'KS']);
    expect(parseCards('')).toEqual([]);
    expect(cardCodes('QH QH 5H')).toEqual(['QH', 'QH', '5H']);
  });
});

describe('names', () => {
  it('names every card, with the trump mark when the server says it is a trump', () => {
    expect(cardName('QH')).toBe('Queen of hearts');
    expect(cardName('QH', true)).toBe('Queen of hearts, trump');
    expect(cardName('TS')).toBe('Ten of spades');
    expect(cardName('2D')).toBe('Two of diamonds');
    expect(cardName('AC')).toBe('Ace of clubs');
    expect(cardName('BJ', true)).toBe('Black joker, trump');
    expect(cardName('RJ')).toBe('Red joker');
  });

  it('gives the 54 kinds 54 different names', () => {
    const codes = ['BJ', 'RJ'];
    for (const suit of 'SHDC') for (const rank of '23456789TJQKA') codes.push(rank + suit);
    expect(new Set(codes.map((code) => cardName(code))).size).toBe(54);
  });

  it('names in the language in force, rank and suit sentence from the catalog', () => {
    installCatalog({
      lang: 'es',
      plural_forms: 'nplurals=2; plural=(n != 1);',
      messages: { '{rank} of hearts': '{rank} de corazones', '{card}, trump': '{card}, triunfo' },
      plurals: {},
      contexts: { 'card rank\u0004Queen': 'Reina' },
    });
    expect(cardName('QH', true)).toBe('Reina de corazones, triunfo');
  });

  it('shows short labels and suit symbols', () => {
    expect(cardLabel('QH')).toBe('Q♥');
    expect(cardLabel('TS')).toBe('10♠');
    expect(cardLabel('RJ')).toBe('★JOKER');
    expect(cardLabel('BJ')).toBe('☆JOKER');
    expect(cardLabel('zz')).toBe('zz');
    expect(['S', 'H', 'D', 'C'].map((suit) => suitSymbol(suit as 'S'))).toEqual(['♠', '♥', '♦', '♣']);
    expect(suitName('trump')).toBe('trumps');
    expect(suitName('D')).toBe('diamonds');
    expect(cardsName('QH BJ')).toBe('Queen of hearts, Black joker');
  });
});
