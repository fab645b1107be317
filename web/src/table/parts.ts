// Sentences with cards and seats in them, kept in parts so the page can draw the cards
// as the table does and name the seats as the table does, whatever the word order of
// the language. The server sends its refusals so (docs/protocol.md, "The sentence in
// parts"); the page's own sentences become parts the same way: `fillParts` fills a
// translated template, `partsOf` turns any sentence function that takes a CardWriter
// into parts without changing it.

import { t } from '../i18n';
import type { MessagePart } from '../protocol';
import type { CardWriter } from './narrate';
import { seatName, type PointOfView } from './seating';
import { cardsText } from './words';

export type { MessagePart };

/** A value put into a template: words, a number, or parts of their own (cards). */
export type PartValue = string | number | MessagePart;

/** Cards as a part. */
export function cardsPart(cards: string): MessagePart {
  return { cards };
}

/** `template` (already translated, with {fields}) filled from `values`, as parts:
 * words stay words, cards stay cards. A field without a value is left as it is. */
export function fillParts(template: string, values: Record<string, PartValue>): MessagePart[] {
  const parts: MessagePart[] = [];
  const field = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
  let at = 0;
  for (let found = field.exec(template); found !== null; found = field.exec(template)) {
    const value = values[found[1] ?? ''];
    if (value === undefined) continue;
    pushText(parts, template.slice(at, found.index));
    if (typeof value === 'object') parts.push(value);
    else pushText(parts, String(value));
    at = found.index + found[0].length;
  }
  pushText(parts, template.slice(at));
  return parts;
}

// a character no sentence holds: it marks where a sentence function wrote cards
const MARK = '\u{E000}';
const MARKED = new RegExp(`${MARK}(\\d+)${MARK}`, 'g');

/** The sentence `sentence` writes, in parts: every card list it writes through the
 * CardWriter it is given becomes a cards part. */
export function partsOf(sentence: (cards: CardWriter) => string): MessagePart[] {
  const runs: string[] = [];
  const text = sentence((cards) => {
    runs.push(cards);
    return `${MARK}${runs.length - 1}${MARK}`;
  });
  const parts: MessagePart[] = [];
  let at = 0;
  for (let found = MARKED.exec(text); found !== null; found = MARKED.exec(text)) {
    pushText(parts, text.slice(at, found.index));
    parts.push({ cards: runs[Number(found[1])] ?? '' });
    at = found.index + found[0].length;
  }
  pushText(parts, text.slice(at));
  return parts;
}

/** Words as a message of one part. */
export function textParts(text: string): MessagePart[] {
  return text === '' ? [] : [{ text }];
}

/** Parts one after another. */
export function joinParts(...messages: readonly (readonly MessagePart[])[]): MessagePart[] {
  const parts: MessagePart[] = [];
  for (const message of messages) {
    for (const part of message) {
      if ('text' in part) pushText(parts, part.text);
      else parts.push(part);
    }
  }
  return parts;
}

/** A message as plain text, for where only text goes (a title, a test): cards as the
 * page's labels ("6♥"), seats as the table names them. */
export function partsText(parts: readonly MessagePart[], pov: PointOfView | null = null): string {
  return parts
    .map((part) => {
      if ('text' in part) return part.text;
      if ('cards' in part) return cardsText(part.cards);
      return pov === null ? part.name : seatName(pov, part.seat);
    })
    .join('');
}

/** A refusal of the engine in parts, sure to name its rule: the server's sentence
 * (`said`) as it is when it names `rule`, else put into "Not allowed (rule): …"; with no
 * sentence at all, "That is against the rules." */
export function refusedParts(rule: string, said: readonly MessagePart[]): MessagePart[] {
  const why = said.length > 0 ? said : textParts(t('That is against the rules.'));
  const words = why.map((part) => ('text' in part ? part.text : '')).join('');
  if (rule === '' || words.includes(rule)) return [...why];
  const [before = '', after = ''] = t('Not allowed ({rule}): {why}').split('{why}');
  return joinParts(fillParts(before, { rule }), why, fillParts(after, { rule }));
}

/** Add words to `parts`, joined to words just before them. */
function pushText(parts: MessagePart[], text: string): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (last !== undefined && 'text' in last) parts[parts.length - 1] = { text: last.text + text };
  else parts.push({ text });
}
