// A message in parts, drawn: its words, its cards as the table's small cards (read by
// their names), and its seats named as the table names them (seatName), not as the
// server's sentence did.

import type { MessagePart } from '../protocol';
import { CardRun } from './CardFace';
import { seatName, type PointOfView } from './seating';

/** The parts of a message, in order. */
export function Message({ parts, pov }: { parts: readonly MessagePart[]; pov: PointOfView }) {
  return (
    <>
      {parts.map((part) => {
        if ('text' in part) return part.text;
        if ('cards' in part) return <CardRun cards={part.cards} />;
        return seatName(pov, part.seat);
      })}
    </>
  );
}
