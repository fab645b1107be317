// The table's words about the round: the trump, the levels, who declares and starts,
// the opponents' points (the rules' own terms: the declarers and the opponents, R-S1). Said from the viewer's chair in the terminal's own sentences
// (src/tuolaji/play/view.py, narrate.py), so the translations are shared; a spectator,
// who belongs to neither team, gets neutral sentences that name the teams.

import { cardLabel, suitName, suitSymbol } from '../cards';
import { t, tn } from '../i18n';
import type { Observation, SuitLetter } from '../protocol';
import { seatName, sideOf, teamName, teamsInOrder, type PointOfView } from './seating';

const LEVEL_RANKS = '23456789TJQKA';

/** A rank letter for display: "10" for the ten (written T in notation, R-N1). */
export function rankText(rank: string): string {
  return rank === 'T' ? '10' : rank;
}

/** A team level as its rank ("2" … "A"), or "A+" once it has passed the ace. */
export function levelName(level: number): string {
  const rank = LEVEL_RANKS[level];
  return rank === undefined ? 'A+' : rankText(rank);
}

/** Points as words ("35 points"), with the language's plural. */
export function pointsText(points: number): string {
  return tn('{n} point', '{n} points', points);
}

/** Levels as words ("2 levels"). */
export function levelsText(levels: number): string {
  return tn('{n} level', '{n} levels', levels);
}

/** Cards for the eye: "Q♥ Q♥ 5♥" (notation in, short labels out). */
export function cardsText(cards: string): string {
  return cards
    .split(/\s+/)
    .filter((code) => code !== '')
    .map(cardLabel)
    .join(' ');
}

/** A suit with its symbol: "♥ hearts". */
export function suitWords(suit: SuitLetter): string {
  return `${suitSymbol(suit)} ${suitName(suit)}`;
}

/** The trump in words: "rank 2, ♥ hearts", "rank 2, no trump suit", or "rank 2, suit
 * not chosen yet" while declaring goes on. */
export function trumpWords(rank: string, suit: SuitLetter | null, settled: boolean): string {
  let suitText: string;
  if (suit !== null) suitText = suitWords(suit);
  else if (settled) suitText = t('no trump suit');
  else suitText = t('suit not chosen yet');
  return t('rank {rank}, {suit}', { rank: rankText(rank), suit: suitText });
}

/** "Trump: rank 2, ♥ hearts". */
export function trumpLine(obs: Observation): string {
  return t('Trump: {trump}', { trump: trumpWords(obs.rank, obs.trump_suit, obs.trump_settled) });
}

/** Both teams' levels, the viewer's first: "Levels: We 3 · They 2". */
export function levelsLine(pov: PointOfView, levels: readonly number[]): string {
  const [first, second] = teamsInOrder(pov);
  const a = levelName(levels[first] ?? 0);
  const b = levelName(levels[second] ?? 0);
  if (pov.viewer !== null) return t('Levels: We {we} · They {they}', { we: a, they: b });
  return t('Levels: {first} {a} · {second} {b}', {
    first: teamName(pov, first),
    a,
    second: teamName(pov, second),
    b,
  });
}

/** Who declares and who starts: "Declarers: We · starter: Bot 1 (heuristic)", or that
 * declaring decides it. */
export function rolesLine(pov: PointOfView, obs: Observation): string {
  if (obs.declarers === null) return t('Declarers: whoever declares');
  const team = teamName(pov, obs.declarers);
  if (obs.starter === null) return t('Declarers: {team} · starter: {seat}', { team, seat: '?' });
  return bySeat(
    pov,
    obs.starter,
    () => t('Declarers: {team} · starter: you', { team }),
    (seat) => t('Declarers: {team} · starter: {seat}', { team, seat }),
  );
}

/** The points the opponents (the team that does not declare, the only one that scores,
 * R-S1) have won this round, said from the viewer's side ("Opponents: We · our points:
 * 60"); before anyone declares, the count alone. */
export function pointsLine(pov: PointOfView, obs: Observation): string {
  if (obs.declarers === null) return t('Points won: {points}', { points: obs.opponents_points });
  const points = obs.opponents_points;
  return bySide(
    pov,
    1 - obs.declarers,
    () => t('Opponents: We · our points: {points}', { points }),
    () => t('Opponents: They · their points: {points}', { points }),
    (team) => t('Opponents: {team} · points: {points}', { team, points }),
  );
}

/** A sentence about what `seat` does, in the right grammatical person: `yours` speaks
 * to the viewer, `theirs` (a {who} field) tells of another seat. Both are thunks so
 * only the sentence used is looked up. */
export function bySeat(
  pov: PointOfView,
  seat: number,
  yours: () => string,
  theirs: (who: string) => string,
): string {
  return pov.viewer === seat ? yours() : theirs(seatName(pov, seat));
}

/** A sentence about team `team` from the viewer's side: `ours` and `theirs` for a
 * player ("we…", "they…"), `neutral` (a {team} field) for a spectator. Thunks, as for
 * bySeat. */
export function bySide(
  pov: PointOfView,
  team: number,
  ours: () => string,
  theirs: () => string,
  neutral: (team: string) => string,
): string {
  switch (sideOf(pov, team)) {
    case 'ours':
      return ours();
    case 'theirs':
      return theirs();
    default:
      return neutral(teamName(pov, team));
  }
}
