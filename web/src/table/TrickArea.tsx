// The middle of the table: the trick being played, each seat's cards before it; between
// two tricks the last one, marked with its winner; during the deal the standing
// declaration; during the exchange who buries. A failed throw is noted with who
// blocked it (R-H2).

import { cardName, cardCodes } from '../cards';
import { t, tc } from '../i18n';
import type { CompletedTrickJson, FailedThrowJson, Observation, PlayJson } from '../protocol';
import { CardFace } from './Hand';
import { failedThrowText, shownCards, trickWonText, turnText } from './narrate';
import { placeOf, seatLabel, seatsByPlace, type PointOfView } from './seating';
import { bySeat } from './words';

/** What the middle of the table shows now. */
export interface TrickShown {
  heading: string;
  plays: readonly PlayJson[];
  leader: number | null;
  winner: number | null;
  throwNote: FailedThrowJson | null;
  /** Whether this is a finished trick kept in view (shown dimmed). */
  finished: boolean;
}

/** The trick to show: the one being played, else the last finished one, else the
 * declaration or the exchange. */
export function trickShown(pov: PointOfView, obs: Observation): TrickShown {
  const none = { plays: [], leader: null, winner: null, throwNote: null, finished: false };
  if (obs.phase === 'draw' || obs.phase === 'declare') {
    const standing = obs.declaration;
    const heading = obs.phase === 'draw' ? `${turnText(pov, obs)} · ${t('Declaration')}` : t('Declaration');
    return { ...none, heading, plays: standing === null ? [] : [[standing.seat, standing.cards]] };
  }
  if (obs.phase === 'exchange') {
    const starter = obs.starter ?? 0;
    const heading = bySeat(
      pov,
      starter,
      () => t('You take the talon and bury 8 cards.'),
      (who) => t('{who} takes the talon and buries 8 cards.', { who }),
    );
    return { ...none, heading };
  }
  if (obs.trick.length > 0) {
    return {
      heading: t('Trick {n}', { n: obs.tricks.length + 1 }),
      plays: obs.trick,
      leader: obs.trick[0]?.[0] ?? null,
      winner: null,
      throwNote: obs.failed_throw,
      finished: false,
    };
  }
  const last: CompletedTrickJson | undefined = obs.tricks[obs.tricks.length - 1];
  if (last === undefined) return { ...none, heading: t('No cards on the table.') };
  return {
    heading: trickWonText(pov, last.number, last.winner, last.points),
    plays: last.plays,
    leader: last.plays[0]?.[0] ?? null,
    winner: last.winner,
    throwNote: last.failed_throw,
    finished: true,
  };
}

/** Cards laid on the table (not buttons): each with its data-card and name. */
export function TableCards({ cards }: { cards: string }) {
  return (
    <span class="table-cards">
      {cardCodes(cards).map((code, index) => (
        <span key={`${code}-${index}`} class="table-card" data-card={code} role="img" aria-label={cardName(code)}>
          <CardFace code={code} />
        </span>
      ))}
    </span>
  );
}

/** The buttons that show past tricks: the last one, or all of this round's. */
export function PastTricksButtons({ onShowLast, onShowTricks }: { onShowLast: () => void; onShowTricks: () => void }) {
  return (
    <div class="trick-buttons">
      <button type="button" data-testid="show-last-trick" onClick={onShowLast}>
        {t('Last trick')}
      </button>
      <button type="button" data-testid="show-tricks" onClick={onShowTricks}>
        {t('Tricks of this round')}
      </button>
    </div>
  );
}

/** The trick on the table. */
export function TrickArea({ pov, obs }: { pov: PointOfView; obs: Observation }) {
  const shown = trickShown(pov, obs);
  const bySeatPlays = new Map(shown.plays.map(([seat, cards]) => [seat, cards]));
  return (
    <section class={`trick${shown.finished ? ' trick-finished' : ''}`} data-testid="trick" aria-label={t('The table')}>
      <p class="trick-heading">{shown.heading}</p>
      <div class="trick-plays">
        {seatsByPlace(pov).map((seat) => {
          const cards = bySeatPlays.get(seat);
          const marks = [
            shown.leader === seat ? tc('trick mark', 'led') : null,
            shown.winner === seat ? tc('trick mark', 'won') : null,
          ].filter((mark): mark is string => mark !== null);
          return (
            <div
              class={`trick-play trick-${placeOf(pov, seat)}${shown.winner === seat ? ' trick-winner' : ''}`}
              data-testid={`trick-play-${seat}`}
            >
              {cards !== undefined && (
                <>
                  <span class="trick-who">
                    {seatLabel(pov, seat)}
                    {marks.length > 0 && <span class="trick-mark"> ({marks.join(tc('list separator', ', '))})</span>}
                  </span>
                  <TableCards cards={cards} />
                </>
              )}
            </div>
          );
        })}
      </div>
      {shown.throwNote !== null && (
        <p class="throw-note" data-testid="failed-throw">
          ⚠ {failedThrowText(pov, shown.throwNote, shownCards)}
        </p>
      )}
    </section>
  );
}
