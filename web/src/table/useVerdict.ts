// The engine's verdict on the chosen cards, asked (debounced) after each change of the
// choice: `check` changes nothing on the server. Only the answer to the latest question
// counts; an older one arriving late is dropped.

import { useEffect, useRef, useState } from 'preact/hooks';
import type { ActionKind, Verdict } from '../protocol';

/** How long the choice must rest before the server is asked. */
export const CHECK_DELAY_MS = 100;

export interface Checked {
  /** What was asked: the action's kind and cards. */
  kind: ActionKind;
  cards: string;
  verdict: Verdict;
}

/** The verdict on (`kind`, `cards`), asked again when `revision` (the table) changes;
 * null while nothing is chosen or no answer came yet. */
export function useVerdict(
  check: (kind: ActionKind, cards: string) => Promise<Verdict>,
  kind: ActionKind | null,
  cards: string,
  revision: unknown,
): Checked | null {
  const [answer, setAnswer] = useState<Checked | null>(null);
  const asked = useRef(0);
  useEffect(() => {
    asked.current += 1;
    const question = asked.current;
    if (kind === null || cards === '') {
      setAnswer(null);
      return undefined;
    }
    const timer = setTimeout(() => {
      check(kind, cards).then(
        (verdict) => {
          if (question === asked.current) setAnswer({ kind, cards, verdict });
        },
        () => {
          // no answer (disconnected, timed out): the preview says nothing
          if (question === asked.current) setAnswer(null);
        },
      );
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [kind, cards, revision]);
  // an answer about other cards than those chosen now is not shown
  if (answer !== null && (answer.kind !== kind || answer.cards !== cards)) return null;
  return answer;
}
