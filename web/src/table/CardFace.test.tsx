import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { room } from '../../test/fixtures';
import { CardFace, CardRun, TableCards } from './CardFace';
import { Message } from './Message';
import { pointOfView } from './seating';

afterEach(cleanup);

/** A card code as the notation writes it (R-N3): never to be read on the page. */
const NOTATION = /\b(?:[2-9TJQKA][SHDC]|[BR]J)\b/;

describe('a card as the page draws it', () => {
  it('has a corner index, its suit large in the middle and a star on trumps', () => {
    const { container } = render(<CardFace code="TH" trump />);
    expect(container.querySelector('.card-rank')?.textContent).toBe('10');
    expect(container.querySelector('.card-pip')?.textContent).toBe('♥');
    expect(container.querySelector('.card-centre')?.textContent).toBe('♥');
    expect(container.querySelector('.card-face')?.className).toContain('suit-H');
    expect(container.querySelector('.trump-badge')).not.toBeNull();
  });

  it('draws a joker as a joker: a star, filled red or hollow black, and its word', () => {
    const red = render(<CardFace code="RJ" />).container;
    expect(red.textContent).toBe('JOKER★');
    expect(red.querySelector('.card-face')?.className).toContain('joker-red');
    cleanup();
    const black = render(<CardFace code="BJ" />).container;
    expect(black.textContent).toBe('JOKER☆');
  });

  it('lays table cards down each with its name and code', () => {
    const { container } = render(<TableCards cards="AS RJ" />);
    const cards = Array.from(container.querySelectorAll<HTMLElement>('[data-card]'));
    expect(cards.map((card) => [card.dataset.card, card.getAttribute('aria-label')])).toEqual([
      ['AS', 'Ace of spades'],
      ['RJ', 'Red joker'],
    ]);
  });

  it('draws cards in a sentence as small cards, read by their names', () => {
    const { container } = render(<CardRun cards="6H 6H BJ" />);
    const run = container.querySelector('.card-run');
    expect(run?.getAttribute('role')).toBe('img');
    expect(run?.getAttribute('aria-label')).toBe('Six of hearts, Six of hearts, Black joker');
    expect(run?.textContent).toBe('6♥ 6♥ ☆JOKER');
    expect(run?.textContent).not.toMatch(NOTATION);
  });

  it('renders a message’s parts: words, cards drawn, seats named as the table names them', () => {
    const pov = pointOfView(0, room({ seats: room().seats.map((seat) => ({ ...seat, player: 'human', name: seat.seat === 2 ? 'Cy' : '' })) }));
    const parts = [{ text: 'The declaration ' }, { cards: '2C 2C' }, { text: ' by ' }, { seat: 2, name: 'North' }, { text: ' stands.' }];
    const { container } = render(<Message parts={parts} pov={pov} />);
    expect(container.textContent).toBe('The declaration 2♣ 2♣ by Cy stands.');
    expect(container.textContent).not.toMatch(NOTATION);
  });
});
