// One seat at the table: who sits there (a name, a bot, away, connected), how many
// cards they hold, whether they declare or start, whether the game waits for them, and
// their clock. On a laptop the badges are words; on a phone the seat is one line and
// each badge is a short mark, its words kept for screen readers (table.css).

import type { ComponentChildren } from 'preact';
import { t, tn } from '../i18n';
import { playerLabel } from '../lobby/CreateForm';
import type { SeatInfo } from '../protocol';
import { Clock } from './Clock';
import { isBot, positionWord, seatLabel, seatName, type Place, type PointOfView } from './seating';

export interface SeatPanelProps {
  pov: PointOfView;
  seat: number;
  place: Place;
  info: SeatInfo | undefined;
  /** Whether the game waits for this seat now. */
  toAct: boolean;
  /** When this seat's clock runs out (epoch seconds), or null: no clock running. */
  deadline: number | null;
  /** Cards in the seat's hand. */
  handSize: number;
  declarer: boolean;
  starter: boolean;
}

/** What a seat is in a few words, and the short mark shown for it on a phone. */
export interface SeatState {
  text: string;
  mark: string;
}

/** The state of a seat: a bot (⚙), away (☾), not connected (⚠), or open (∅). */
export function seatState(info: SeatInfo | undefined): SeatState | null {
  if (info === undefined) return null;
  // "search:guesses=40" is a search bot with its budget: named by its kind
  if (isBot(info)) return { text: playerLabel(info.player.split(':')[0] ?? info.player), mark: '⚙' };
  if (!info.taken) return { text: t('Open seat'), mark: '∅' };
  if (info.away) return { text: t('Away: a bot plays for now'), mark: '☾' };
  if (!info.connected) return { text: t('Not connected'), mark: '⚠' };
  return null;
}

/** A badge: its words, and the mark that stands for them where room is short (the
 * mark is hidden from screen readers, the words from the eye only). */
function Badge({ kind, mark, children }: { kind: string; mark: string; children: ComponentChildren }) {
  return (
    <span class={`badge ${kind}`}>
      <span class="badge-mark" aria-hidden="true">
        {mark}
      </span>
      <span class="badge-text">{children}</span>
    </span>
  );
}

/** A seat around the table. */
export function SeatPanel({ pov, seat, place, info, toAct, deadline, handSize, declarer, starter }: SeatPanelProps) {
  const state = seatState(info);
  const bot = isBot(info);
  const human = info !== undefined && !bot;
  return (
    <section
      class={`seat seat-${place}${toAct ? ' to-act' : ''}`}
      data-testid={`seat-${seat}`}
      data-to-act={toAct ? 'true' : 'false'}
      data-connected={info?.connected ? 'true' : 'false'}
      data-bot={bot ? 'true' : 'false'}
      aria-label={seatLabel(pov, seat)}
    >
      <div class="seat-line">
        {toAct && (
          <span class="turn-marker" aria-hidden="true">
            ▶
          </span>
        )}
        <strong class="seat-name" data-testid="seat-name">
          {seatName(pov, seat)}
        </strong>
        <span class="seat-position muted" data-testid="seat-position">
          {positionWord(pov, seat)}
        </span>
        {human && (
          <span
            class={`presence ${info.connected && !info.away ? 'presence-on' : 'presence-off'}`}
            aria-hidden="true"
            title={info.connected ? t('Connected') : t('Not connected')}
          />
        )}
        {toAct && deadline !== null && <Clock seat={seat} deadline={deadline} />}
      </div>
      <div class="seat-line seat-details">
        {toAct && (
          <Badge kind="badge-turn" mark="">
            {t('To act')}
          </Badge>
        )}
        {declarer && (
          <Badge kind="badge-declarer" mark={starter ? '♔⚑' : '♔'}>
            {starter ? t('Declarer, starts') : t('Declarer')}
          </Badge>
        )}
        {state !== null && (
          <Badge kind="badge-muted" mark={state.mark}>
            {state.text}
          </Badge>
        )}
        <span class="seat-cards">
          <span class="badge-mark seat-count" aria-hidden="true">
            {handSize}
          </span>
          <span class="badge-text">{tn('{n} card', '{n} cards', handSize)}</span>
        </span>
      </div>
    </section>
  );
}
