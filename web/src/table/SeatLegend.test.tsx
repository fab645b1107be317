import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { room } from '../../test/fixtures';
import { SeatLegend, legendEntries } from './SeatLegend';

afterEach(cleanup);

const seats = room().seats;

describe('the legend of the seats’ marks', () => {
  it('names only the marks on the table now, each once', () => {
    const marks = [0, 1, 2, 3].map((seat) => ({ info: seats[seat], declarer: seat % 2 === 0, starter: seat === 0 }));
    expect(legendEntries(marks)).toEqual([
      { mark: '♔', words: 'Declarer' },
      { mark: '⚑', words: 'Starter' },
      { mark: '⚙', words: 'Bot' },
    ]);
    const away = [{ info: { ...seats[0]!, away: true }, declarer: false, starter: false }];
    expect(legendEntries(away)).toEqual([{ mark: '☾', words: 'Away' }]);
  });

  it('is a key for the eye, with the card count’s little card; the seats speak for themselves', () => {
    const marks = [{ info: seats[1], declarer: false, starter: false }];
    const legend = render(<SeatLegend seats={marks} />).getByTestId('seat-legend');
    expect(legend.getAttribute('aria-hidden')).toBe('true');
    expect(legend.textContent).toBe('⚙ Bot Cards in hand');
    expect(legend.querySelector('.seat-count')).not.toBeNull();
  });
});
