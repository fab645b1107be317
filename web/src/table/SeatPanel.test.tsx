import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { room } from '../../test/fixtures';
import type { SeatInfo } from '../protocol';
import { SeatPanel, seatState, type SeatPanelProps } from './SeatPanel';
import { pointOfView } from './seating';

afterEach(cleanup);

const seats = room().seats;

function panel(overrides: Partial<SeatPanelProps> = {}) {
  const props: SeatPanelProps = {
    pov: pointOfView(0, room()),
    seat: 2,
    place: 'top',
    info: seats[2],
    toAct: false,
    deadline: null,
    handSize: 25,
    declarer: true,
    starter: false,
    ...overrides,
  };
  return render(<SeatPanel {...props} />).getByTestId(`seat-${props.seat}`);
}

/** The text a screen reader is given: everything but what is aria-hidden. */
function spoken(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent ?? '';
}

describe('a seat', () => {
  it('gives every badge its words and a short mark hidden from screen readers', () => {
    const seat = panel();
    const marks = Array.from(seat.querySelectorAll('.badge-mark')).map((mark) => mark.textContent);
    expect(marks).toEqual(['♔', '⚙', '25']);
    for (const mark of seat.querySelectorAll('.badge-mark')) expect(mark.getAttribute('aria-hidden')).toBe('true');
    expect(spoken(seat)).toBe('Bot 2 (heuristic)partnerDeclarerHeuristic bot25 cards');
    expect(seat.getAttribute('aria-label')).toBe('Bot 2 (heuristic) · partner');
  });

  it('marks the starter and the seat to act', () => {
    const seat = panel({ seat: 0, place: 'bottom', info: seats[0], toAct: true, starter: true, handSize: 33 });
    expect(seat.dataset.toAct).toBe('true');
    expect(seat.className).toContain('to-act');
    expect(seat.querySelector('.turn-marker')?.textContent).toBe('▶');
    expect(seat.querySelector('.badge-declarer .badge-mark')?.textContent).toBe('♔⚑');
    expect(spoken(seat)).toBe('AnayouTo actDeclarer, starts33 cards');
    expect(seat.getAttribute('aria-label')).toBe('Ana · you');
  });

  it('shows the seat’s name, the same for everyone, and its position from the chair', () => {
    const seen = (viewer: number | null) => {
      const seat = panel({ pov: pointOfView(viewer, room()), seat: 3, info: seats[3] });
      const text = [seat.querySelector('[data-testid="seat-name"]'), seat.querySelector('[data-testid="seat-position"]')];
      const words = text.map((element) => element?.textContent);
      cleanup();
      return words;
    };
    expect(seen(0)).toEqual(['Bot 3 (heuristic)', 'left']);
    expect(seen(2)).toEqual(['Bot 3 (heuristic)', 'right']);
    expect(seen(1)).toEqual(['Bot 3 (heuristic)', 'partner']);
    expect(seen(null)).toEqual(['Bot 3 (heuristic)', 'West']);
  });

  it('says what a seat is: a bot, open, away or not connected', () => {
    const human: SeatInfo = { seat: 1, player: 'human', name: 'Bo', taken: true, connected: true, away: false };
    expect(seatState(undefined)).toBeNull();
    expect(seatState(human)).toBeNull();
    expect(seatState({ ...human, player: 'search:guesses=40' })).toEqual({ text: 'Search bot', mark: '⚙' });
    expect(seatState({ ...human, taken: false, connected: false })).toEqual({ text: 'Open seat', mark: '∅' });
    expect(seatState({ ...human, away: true })).toEqual({ text: 'Away: a bot plays for now', mark: '☾' });
    expect(seatState({ ...human, connected: false })).toEqual({ text: 'Not connected', mark: '⚠' });
  });
});
