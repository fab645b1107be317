// The pieces of the replay viewer: the situation (trump, levels, points), the trick just
// won, a round's result, and the four hands.

import { cardLabel, cardName, cardCodes, parseCard, suitName } from '../cards';
import { t, tn } from '../i18n';
import type { HandGroup, Observation, Replay, RoundResultJson } from '../protocol';
import { levelName, trumpLine } from '../table/words';

/** The name shown for seat `seat`: its player's name with its seat number, else
 * "Seat N". */
export function seatName(replay: Replay, seat: number): string {
  const name = replay.seats[seat];
  // names are labels only, and two people may share one: the seat number tells them apart
  return name !== null && name !== undefined && name !== ''
    ? t('{name} · seat {n}', { name, n: seat })
    : t('Seat {n}', { n: seat });
}

function cardClass(code: string): string {
  const card = parseCard(code);
  if (card === null) return 'mini-card';
  if (card.joker !== null) return `mini-card joker-${card.joker}`;
  return `mini-card suit-${card.suit ?? 'S'}`;
}

/** Cards in notation as small labelled cards. */
export function MiniCards({ cards, trump = false }: { cards: string; trump?: boolean }) {
  return (
    <ul class="replay-cards">
      {cardCodes(cards).map((code, index) => (
        <li
          key={`${code}-${index}`}
          class={trump ? `${cardClass(code)} trump` : cardClass(code)}
          data-card={code}
          aria-label={cardName(code, trump)}
        >
          <span aria-hidden="true">{cardLabel(code)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The trump, the levels, the declarers and the points won against them. */
export function SituationView({ replay, observation }: { replay: Replay; observation: Observation }) {
  const declarers = observation.declarers;
  return (
    <div class="panel">
      <p>
        {trumpLine(observation)}
      </p>
      <p>
        {t('Levels: seats 0 and 2 at {a}, seats 1 and 3 at {b}', {
          a: levelName(observation.levels[0]),
          b: levelName(observation.levels[1]),
        })}
      </p>
      {declarers !== null && (
        <p>
          {t('Declarers: seats {a} and {b}', { a: declarers, b: declarers + 2 })}
          {observation.starter !== null && ' · ' + t('Starter: {name}', { name: seatName(replay, observation.starter) })}
        </p>
      )}
      <p>
        <strong>{t('Points won against the declarers: {points}', { points: observation.opponents_points })}</strong>
      </p>
    </div>
  );
}

/** The trick just won: each play, the winner and its points. */
export function TrickView({ replay, observation }: { replay: Replay; observation: Observation }) {
  const trick = observation.tricks[observation.tricks.length - 1];
  if (trick === undefined) return null;
  return (
    <section class="panel" aria-labelledby="replay-trick-title">
      <h2 id="replay-trick-title">{t('Trick {n}', { n: trick.number })}</h2>
      <ul class="replay-trick">
        {trick.plays.map(([seat, cards]) => (
          <li key={seat} class={seat === trick.winner ? 'winner' : undefined}>
            {seatName(replay, seat)}{' '}
            {seat === trick.winner && <span class="trump-badge">{t('Winner')}</span>}
            <MiniCards cards={cards} />
          </li>
        ))}
      </ul>
      <p>{t('{name} wins the trick and {points} points.', { name: seatName(replay, trick.winner), points: trick.points ?? 0 })}</p>
      {trick.failed_throw !== null && (
        <p>
          {t('{name} tried to throw {cards}, but {blocker} could beat it: penalty {penalty}.', {
            name: seatName(replay, trick.failed_throw.seat),
            cards: trick.failed_throw.attempted,
            // a replay shows the blocker (the game is over: nothing is hidden)
            blocker:
              trick.failed_throw.blocker === null ? '—' : seatName(replay, trick.failed_throw.blocker),
            penalty: trick.failed_throw.penalty,
          })}
        </p>
      )}
    </section>
  );
}

/** A round's result: points, the talon and its bonus, levels gained. */
export function ResultView({ result }: { replay: Replay; result: RoundResultJson }) {
  return (
    <section class="panel" aria-labelledby="replay-result-title">
      <h2 id="replay-result-title">{t('Result of round {n}', { n: result.round })}</h2>
      <p>{t('Points won against the declarers: {points}', { points: result.opponents_points })}</p>
      <p>
        {t('Talon bonus: {points}', { points: result.talon_bonus })} · {t('Throw penalties: {points}', { points: result.penalties })}
      </p>
      <div>
        {t('The talon:')}
        <MiniCards cards={result.talon} />
      </div>
      <p>
        {result.declarers_hold
          ? tn('The declarers hold and go up {n} level.', 'The declarers hold and go up {n} levels.', result.levels_gained)
          : result.levels_gained === 0
            ? t('The opponents become the declarers.')
            : tn(
                'The opponents become the declarers and go up {n} level.',
                'The opponents become the declarers and go up {n} levels.',
                result.levels_gained,
              )}
      </p>
    </section>
  );
}

/** All four hands, grouped by effective suit as the server gives them. */
export function HandsView({ replay, hands }: { replay: Replay; hands: HandGroup[][] }) {
  return (
    <section class="panel" aria-labelledby="replay-hands-title">
      <h2 id="replay-hands-title">{t('Hands')}</h2>
      <div class="replay-hands" data-testid="replay-hands">
        {hands.map((groups, seat) => (
          <div class="replay-hand" key={seat} data-seat={seat}>
            <h3>{seatName(replay, seat)}</h3>
            {groups.length === 0 && <p class="muted">{t('No cards left')}</p>}
            {groups.map((group) => (
              <div key={group.suit} data-suit={group.suit}>
                <span class="visually-hidden">{suitName(group.suit)}</span>
                {group.suit === 'trump' && (
                  <span class="trump-badge" aria-hidden="true">
                    {t('Trump')}
                  </span>
                )}
                <MiniCards cards={group.cards} trump={group.suit === 'trump'} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
