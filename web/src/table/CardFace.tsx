// How a card is drawn, everywhere on the page: a card's face in the hand and on the
// table (a corner index, a large suit in the middle, a star on trumps), and a run of
// small cards inside a sentence ("You hold the pair 6♥ 6♥ …"). A joker is drawn as a
// joker — a star, filled for the red one and hollow for the black one, and the word
// printed on every joker — never as its notation. The face is for the eye; the
// accessible name ("Queen of hearts") is given where the card is used.

import { Fragment } from 'preact';
import { JOKER_WORD, cardCodes, cardName, cardsName, jokerStar, parseCard, suitSymbol } from '../cards';

/** The rank as a card prints it: 10 for T. */
function printedRank(rank: string | null): string {
  return rank === 'T' ? '10' : (rank ?? '');
}

/** The face of a card: its corner index (rank over suit), the suit large in the middle,
 * and a star badge on trumps (colour is never the only cue). */
export function CardFace({ code, trump = false }: { code: string; trump?: boolean }) {
  const card = parseCard(code);
  if (card === null) return <span class="card-face">{code}</span>;
  const badge = trump && <span class="card-badge trump-badge">★</span>;
  if (card.joker !== null) {
    return (
      <span class={`card-face joker joker-${card.joker}`}>
        <span class="card-index joker-word">{JOKER_WORD}</span>
        <span class="card-centre">{jokerStar(card.joker)}</span>
        {badge}
      </span>
    );
  }
  const suit = suitSymbol(card.suit ?? 'S');
  return (
    <span class={`card-face suit-${card.suit ?? 'S'}`}>
      <span class="card-index">
        <span class="card-rank">{printedRank(card.rank)}</span>
        <span class="card-pip">{suit}</span>
      </span>
      <span class="card-centre">{suit}</span>
      {badge}
    </span>
  );
}

/** Cards laid on the table (not buttons), overlapping a little as a played hand does:
 * each with its data-card and its name. */
export function TableCards({ cards, size = 'table' }: { cards: string; size?: 'table' | 'mini' }) {
  return (
    <span class={`table-cards table-cards-${size}`}>
      {cardCodes(cards).map((code, index) => (
        <span key={`${code}-${index}`} class="table-card" data-card={code} role="img" aria-label={cardName(code)}>
          <CardFace code={code} />
        </span>
      ))}
    </span>
  );
}

/** One small card inside a sentence: "6♥", or a joker's star and word. */
function CardChip({ code }: { code: string }) {
  const card = parseCard(code);
  if (card === null) return <span class="chip">{code}</span>;
  if (card.joker !== null) {
    return (
      <span class={`chip joker-${card.joker}`}>
        <span class="chip-star">{jokerStar(card.joker)}</span>
        <span class="chip-word">{JOKER_WORD}</span>
      </span>
    );
  }
  return (
    <span class={`chip suit-${card.suit ?? 'S'}`}>
      {printedRank(card.rank)}
      {suitSymbol(card.suit ?? 'S')}
    </span>
  );
}

/** Cards inside a sentence, drawn as small cards; read by their names ("Six of hearts,
 * Six of hearts") by screen readers. */
export function CardRun({ cards }: { cards: string }) {
  const codes = cardCodes(cards);
  return (
    <span class="card-run" role="img" aria-label={cardsName(cards)}>
      {codes.map((code, index) => (
        // a space between two cards, so that the text copied reads "6♥ 6♥"
        <Fragment key={`${code}-${index}`}>
          {index > 0 && ' '}
          <CardChip code={code} />
        </Fragment>
      ))}
    </span>
  );
}
