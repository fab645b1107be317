// What happened, in words: game events as sentences from the viewer's chair, in the
// terminal's own msgids (src/tuolaji/play/narrate.py) so the translations are shared.
// The announcer speaks them (cards by name); the table shows some of them (cards as
// labels): `cards` says how cards are written.

import { cardsName } from '../cards';
import { t } from '../i18n';
import type { FailedThrowJson, GameEvent, Observation } from '../protocol';
import { seatName, type PointOfView } from './seating';
import { bySeat, bySide, cardsText, pointsText, rankText, trumpWords } from './words';

/** How cards are written in a sentence: labels for the eye, names for the ear. */
export type CardWriter = (cards: string) => string;

export type TalonBonus = Extract<GameEvent, { type: 'talon_bonus' }>;

/** Cards as a screen reader says them: "Queen of hearts, Queen of hearts". */
export const spokenCards: CardWriter = (cards) => cardsName(cards);
/** Cards as the page shows them: "Q♥ Q♥". */
export const shownCards: CardWriter = (cards) => cardsText(cards);

/** One event as a sentence, or null when it is not worth one (cards drawn, talon
 * taken). */
export function describeEvent(pov: PointOfView, event: GameEvent, cards: CardWriter = spokenCards): string | null {
  switch (event.type) {
    case 'round_started':
      return t('Round {n} begins: trump rank {rank}.', { n: event.number, rank: rankText(event.rank) });
    case 'declared':
      return bySeat(
        pov,
        event.seat,
        () => t('You declare {cards}.', { cards: cards(event.cards) }),
        (who) => t('{who} declares {cards}.', { who, cards: cards(event.cards) }),
      );
    case 'passed':
      return bySeat(
        pov,
        event.seat,
        () => t('You pass.'),
        (who) => t('{who} passes.', { who }),
      );
    case 'redealt':
      return t('Nobody declared: the cards are shuffled and dealt again.');
    case 'talon_flipped':
      return t('Nobody declared: the talon is turned up: {cards}.', { cards: cards(event.turned) });
    case 'trump_settled': {
      const trump = trumpWords(event.rank, event.suit, true);
      return bySeat(
        pov,
        event.starter,
        () => t('Trump: {trump}. You start and take the talon.', { trump }),
        (who) => t('Trump: {trump}. {who} starts and takes the talon.', { trump, who }),
      );
    }
    case 'buried':
      return bySeat(
        pov,
        event.seat,
        () => t('You bury {cards}.', { cards: cards(event.cards) }),
        (who) => t('{who} buries 8 cards.', { who }),
      );
    case 'hidden_buried':
      return t('{who} buries 8 cards.', { who: seatName(pov, event.seat) });
    case 'throw_failed':
      return failedThrowText(pov, event, cards);
    case 'played':
      return bySeat(
        pov,
        event.seat,
        () => t('You play {cards}.', { cards: cards(event.cards) }),
        (who) => t('{who} plays {cards}.', { who, cards: cards(event.cards) }),
      );
    case 'trick_won':
      return trickWonText(pov, event.number, event.seat, event.points);
    case 'talon_bonus':
      return talonBonusText(event, cards);
    case 'round_ended':
      return t('Round {n} is over.', { n: event.number });
    case 'game_over':
      return gameOverText(pov, event.winner);
    case 'taken_back':
      return takenBackText(pov, event.seat, event.kind);
    default:
      return null; // draws and the talon taken: not worth a sentence
  }
}

/** R-U1: "North took back their play." (the same sentences as the terminal's). */
export function takenBackText(pov: PointOfView, seat: number, kind: string): string {
  switch (kind) {
    case 'declare':
      return bySeat(
        pov,
        seat,
        () => t('You take back your declaration.'),
        (who) => t('{who} took back their declaration.', { who }),
      );
    case 'pass':
      return bySeat(
        pov,
        seat,
        () => t('You take back your pass.'),
        (who) => t('{who} took back their pass.', { who }),
      );
    case 'bury':
      return bySeat(
        pov,
        seat,
        () => t('You take back your burial.'),
        (who) => t('{who} took back their burial.', { who }),
      );
    default:
      return bySeat(
        pov,
        seat,
        () => t('You take back your play.'),
        (who) => t('{who} took back their play.', { who }),
      );
  }
}

/** "Trick 3: North wins it (10 points)." */
export function trickWonText(pov: PointOfView, number: number, winner: number, points: number | null): string {
  // null: the points are not told (hide_declarer_points, R-V3)
  if (points === 0 || points === null) {
    return bySeat(
      pov,
      winner,
      () => t('Trick {n}: you win it.', { n: number }),
      (who) => t('Trick {n}: {who} wins it.', { n: number, who }),
    );
  }
  const worth = pointsText(points);
  return bySeat(
    pov,
    winner,
    () => t('Trick {n}: you win it ({points}).', { n: number, points: worth }),
    (who) => t('Trick {n}: {who} wins it ({points}).', { n: number, who, points: worth }),
  );
}

/** "The opponents took the last trick: the talon … counts × 2 = 20 points." (R-S2) */
export function talonBonusText(bonus: TalonBonus, cards: CardWriter = shownCards): string {
  return t('The opponents took the last trick: the talon {cards} counts × {times} = {points}.', {
    cards: cards(bonus.talon),
    times: bonus.multiplier,
    points: pointsText(bonus.points),
  });
}

/** A failed throw told in full: whose throw failed, who can beat which part (the
 * blocker, R-H2), what is led instead and the penalty paid (R-H3). */
export function failedThrowText(pov: PointOfView, thrown: FailedThrowJson, cards: CardWriter = shownCards): string {
  const attempted = cards(thrown.attempted);
  const forced = cards(thrown.forced);
  let fails: string;
  if (thrown.blocker === null) {
    // who can beat it is not told (hide_blocker, R-V2)
    fails =
      pov.viewer === thrown.seat
        ? t('Your throw of {cards} fails: {forced} can be beaten (R-H2).', { cards: attempted, forced })
        : t("{who}'s throw of {cards} fails: {forced} can be beaten (R-H2).", {
            who: seatName(pov, thrown.seat),
            cards: attempted,
            forced,
          });
  } else if (pov.viewer === thrown.seat) {
    fails = t('Your throw of {cards} fails: {blocker} can beat {forced} (R-H2).', {
      cards: attempted,
      blocker: seatName(pov, thrown.blocker),
      forced,
    });
  } else if (pov.viewer === thrown.blocker) {
    fails = t("{who}'s throw of {cards} fails: you can beat {forced} (R-H2).", {
      who: seatName(pov, thrown.seat),
      cards: attempted,
      forced,
    });
  } else {
    fails = t("{who}'s throw of {cards} fails: {blocker} can beat {forced} (R-H2).", {
      who: seatName(pov, thrown.seat),
      cards: attempted,
      blocker: seatName(pov, thrown.blocker),
      forced,
    });
  }
  let leads: string;
  if (thrown.penalty) {
    const points = pointsText(thrown.penalty);
    leads = bySeat(
      pov,
      thrown.seat,
      () => t('You lead {forced} instead and pay {points} (R-H3).', { forced, points }),
      (who) => t('{who} leads {forced} instead and pays {points} (R-H3).', { who, forced, points }),
    );
  } else {
    leads = bySeat(
      pov,
      thrown.seat,
      () => t('You lead {forced} instead.', { forced }),
      (who) => t('{who} leads {forced} instead.', { who, forced }),
    );
  }
  return `${fails} ${leads}`;
}

/** Who won the game (`winner`: a team). */
export function gameOverText(pov: PointOfView, winner: number): string {
  return bySide(
    pov,
    winner,
    () => t('Game over: we pass the ace and win the game!'),
    () => t('Game over: they pass the ace and win the game.'),
    (team) => t('Game over: {team} pass the ace and win the game.', { team }),
  );
}

/** Whose turn it is, in a few words: "Your turn", "North to act", "Dealing: 12 cards
 * left"; empty when nobody is to act. */
export function turnText(pov: PointOfView, obs: Observation): string {
  if (obs.phase === 'over') return t('Game over');
  if (obs.phase === 'draw') return t('Dealing: {n} cards left', { n: obs.cards_left_in_pack });
  if (obs.to_act === null) return '';
  if (pov.viewer === obs.to_act) return t('Your turn');
  return t('{who} to act', { who: seatName(pov, obs.to_act) });
}

/** The sentences the announcer speaks for `events` (in order), then whose turn it is
 * when it changed (`turn`, or null to say nothing of it). */
export function announcements(pov: PointOfView, events: readonly GameEvent[], turn: string | null): string[] {
  const lines: string[] = [];
  for (const event of events) {
    const line = describeEvent(pov, event, spokenCards);
    if (line !== null) lines.push(line);
  }
  if (turn !== null && turn !== '') lines.push(turn);
  return lines;
}
