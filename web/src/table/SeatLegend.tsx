// What the seats' short marks mean, where a phone shows the marks instead of the words
// (table-phone.css): one line under the seats naming only the marks on the table now,
// and the card count's little card. The seats give screen readers the words
// themselves, so the legend, a key for the eye, is hidden from them.

import { t } from '../i18n';
import type { SeatInfo } from '../protocol';
import { seatState } from './SeatPanel';

/** What is known of a seat that a mark can stand for. */
export interface SeatMarks {
  info: SeatInfo | undefined;
  declarer: boolean;
  starter: boolean;
}

/** One mark and its words. */
export interface LegendEntry {
  mark: string;
  words: string;
}

/** The marks the seats show now, each once, in a fixed order, and the card count's. */
export function legendEntries(seats: readonly SeatMarks[]): LegendEntry[] {
  const entries: LegendEntry[] = [];
  const add = (mark: string, words: string): void => {
    if (!entries.some((entry) => entry.mark === mark)) entries.push({ mark, words });
  };
  if (seats.some((seat) => seat.declarer)) add('♔', t('Declarer'));
  if (seats.some((seat) => seat.declarer && seat.starter)) add('⚑', t('Starter'));
  const states = seats.map((seat) => seatState(seat.info)).filter((state) => state !== null);
  const order: readonly [string, string][] = [
    ['⚙', t('Bot')],
    ['☾', t('Away')],
    ['⚠', t('Not connected')],
    ['∅', t('Open seat')],
  ];
  for (const [mark, words] of order) if (states.some((state) => state.mark === mark)) add(mark, words);
  return entries;
}

/** The legend of the seats' marks. */
export function SeatLegend({ seats }: { seats: readonly SeatMarks[] }) {
  return (
    <p class="seat-legend" data-testid="seat-legend" aria-hidden="true">
      {legendEntries(seats).map((entry) => (
        <span class="legend-entry">
          <span class="legend-mark">{entry.mark}</span> {entry.words}
        </span>
      ))}
      <span class="legend-entry">
        <span class="legend-mark seat-count" /> {t('Cards in hand')}
      </span>
    </p>
  );
}
