// What the live region says: each event once, as it arrives (plays, tricks won,
// declarations…), and whose turn it is when that changes. The events of a catch-up
// after a fresh welcome are not told again: only the turn is.

import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoomView } from '../room/store';
import { announcements, turnText } from './narrate';
import type { PointOfView } from './seating';

/** The events of `view.recent` numbered above `after`: recent[i] is event number
 * lastSeq - recent.length + 1 + i. */
export function eventsAfter(view: Pick<RoomView, 'recent' | 'lastSeq'>, after: number) {
  const first = view.lastSeq - view.recent.length + 1;
  return view.recent.filter((_, index) => first + index > after);
}

/** The announcer's current text, updated as frames arrive. */
export function useAnnouncer(view: RoomView, pov: PointOfView): string {
  const [text, setText] = useState('');
  const told = useRef<number | null>(null);
  const lastTurn = useRef<string | null>(null);
  useEffect(() => {
    const table = view.table;
    if (table === null) return;
    // after a welcome (nothing told yet, or a snapshot with no events) only the turn
    const events = told.current === null ? [] : eventsAfter(view, told.current);
    told.current = view.lastSeq;
    let turn: string | null = null;
    const obs = table.observation;
    if (view.settled && obs.phase !== 'draw') {
      const key = `${obs.phase}:${obs.to_act ?? '-'}`;
      if (key !== lastTurn.current) {
        lastTurn.current = key;
        turn = turnText(pov, obs);
      }
    }
    const lines = announcements(pov, events, turn);
    if (lines.length > 0) setText(lines.join(' '));
  }, [view.lastSeq, view.table]);
  return text;
}
