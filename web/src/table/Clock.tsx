// A seat's turn clock: the seconds left until the room's deadline (docs/protocol.md:
// seconds since the epoch, the server's clock), counting down on its own so the rest of
// the table does not re-render every second.

import { useEffect, useState } from 'preact/hooks';
import { tn } from '../i18n';

/** Whole seconds left until `deadline` (epoch seconds) at `nowMs`, never below 0. */
export function secondsLeft(deadline: number, nowMs: number): number {
  return Math.max(0, Math.ceil(deadline - nowMs / 1000));
}

/** "1:05", "0:09". */
export function clockText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${minutes}:${rest.toString().padStart(2, '0')}`;
}

/** The clock of `seat`, counting down to `deadline`. */
export function Clock({ seat, deadline }: { seat: number; deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  const left = secondsLeft(deadline, now);
  return (
    <span
      class={`clock${left <= 10 ? ' clock-low' : ''}`}
      data-testid={`clock-${seat}`}
      role="timer"
      aria-label={tn('{n} second left', '{n} seconds left', left)}
    >
      ⏱ {clockText(left)}
    </span>
  );
}
