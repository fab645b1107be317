// The end of a round in sentences (src/tuolaji/play/narrate.py summary_lines and
// round_verdict, the same msgids): who declared and started, the defenders' points in
// tricks, throw penalties, the talon and its bonus multiplier, the total, the level
// change, the levels, and who declares and starts next.

import { t } from '../i18n';
import type { GameEvent, MessagePart, RoundResultJson } from '../protocol';
import { talonBonusText, type TalonBonus } from './narrate';
import { partsOf } from './parts';
import { teamName, teamsInOrder, type PointOfView } from './seating';
import { bySeat, bySide, levelName, levelsText, pointsText } from './words';

export type RoundEnded = Extract<GameEvent, { type: 'round_ended' }>;
export type { TalonBonus };

/** A line of a summary: words, or parts where it names cards (drawn as cards). */
export type SummaryLine = string | MessagePart[];

/** The summary of a round: a title and its lines. */
export interface Summary {
  title: string;
  lines: SummaryLine[];
}

/** The team that defended in the round `ended` ends: the declarers' opponents. */
export function defendersOf(ended: RoundEnded): number {
  if (ended.result !== null) return 1 - ended.result.declarers;
  // the declarers declare again when they hold on, else the defenders take over (R-S3)
  return ended.declarers_hold ? 1 - ended.next_declarers : ended.next_declarers;
}

/** Which team goes up and by how much, from the viewer's side. */
export function levelChangeText(pov: PointOfView, ended: RoundEnded): string {
  const team = ended.next_declarers;
  const levels = levelsText(ended.levels_gained);
  if (ended.declarers_hold) {
    return bySide(
      pov,
      team,
      () => t('We hold on and go up {levels}.', { levels }),
      () => t('They hold on and go up {levels}.', { levels }),
      (name) => t('{team} hold on and go up {levels}.', { team: name, levels }),
    );
  }
  if (ended.levels_gained) {
    return bySide(
      pov,
      team,
      () => t('We take over and go up {levels}.', { levels }),
      () => t('They take over and go up {levels}.', { levels }),
      (name) => t('{team} take over and go up {levels}.', { team: name, levels }),
    );
  }
  return bySide(
    pov,
    team,
    () => t('We take over without going up.'),
    () => t('They take over without going up.'),
    (name) => t('{team} take over without going up.', { team: name }),
  );
}

function declarersLine(pov: PointOfView, result: RoundResultJson): string {
  const team = teamName(pov, result.declarers);
  return bySeat(
    pov,
    result.starter,
    () => t('Declarers: {team}; starter: you.', { team }),
    (who) => t('Declarers: {team}; starter: {who}.', { team, who }),
  );
}

function trickPointsLine(pov: PointOfView, defenders: number, points: number): string {
  const worth = pointsText(points);
  return bySide(
    pov,
    defenders,
    () => t('We defended: our points in tricks: {points}.', { points: worth }),
    () => t('They defended: their points in tricks: {points}.', { points: worth }),
    (team) => t('{team} defended: points in tricks: {points}.', { team, points: worth }),
  );
}

function totalLine(pov: PointOfView, defenders: number, points: number): string {
  const worth = pointsText(points);
  return bySide(
    pov,
    defenders,
    () => t('Our total as defenders: {points}.', { points: worth }),
    () => t('Their total as defenders: {points}.', { points: worth }),
    (team) => t('Total of the defenders ({team}): {points}.', { team, points: worth }),
  );
}

function titleOf(pov: PointOfView, ended: RoundEnded, defenders: number): string {
  const n = ended.number;
  const points = pointsText(ended.opponents_points);
  return bySide(
    pov,
    defenders,
    () => t('Round {n} is over: we defended and have {points}.', { n, points }),
    () => t('Round {n} is over: they defended and have {points}.', { n, points }),
    (team) => t('Round {n} is over: {team} defended and have {points}.', { n, team, points }),
  );
}

function levelsSentence(pov: PointOfView, levels: readonly number[]): string {
  const [first, second] = teamsInOrder(pov);
  const a = levelName(levels[first] ?? 0);
  const b = levelName(levels[second] ?? 0);
  if (pov.viewer !== null) return t('Levels: We {we}, They {they}.', { we: a, they: b });
  return t('Levels: {first} {a}, {second} {b}.', { first: teamName(pov, first), a, second: teamName(pov, second), b });
}

function nextDeclarersLine(pov: PointOfView, team: number): string {
  return bySide(
    pov,
    team,
    () => t('Next round we declare.'),
    () => t('Next round they declare.'),
    (name) => t('Next round {team} declare.', { team: name }),
  );
}

/** The summary of the round `ended` ends; `bonus` is the round's talon_bonus event
 * when the page saw it (it gives the multiplier, R-S2). */
export function roundSummary(pov: PointOfView, ended: RoundEnded, bonus: TalonBonus | null = null): Summary {
  const defenders = defendersOf(ended);
  const lines: SummaryLine[] = [];
  const result = ended.result;
  if (result !== null) {
    lines.push(declarersLine(pov, result));
    lines.push(trickPointsLine(pov, defenders, result.trick_points));
    if (result.penalties) lines.push(t('Throw penalties: {points}.', { points: pointsText(result.penalties) }));
    if (result.talon !== '') {
      // R-K1: the buried cards are the starter's secret only until the round ends
      lines.push(
        partsOf((cards) =>
          bySeat(
            pov,
            result.starter,
            () => t('You buried {cards} in the talon.', { cards: cards(result.talon) }),
            (who) => t('{who} buried {cards} in the talon.', { who, cards: cards(result.talon) }),
          ),
        ),
      );
    }
    if (result.talon_shown && bonus !== null) {
      lines.push(partsOf((cards) => talonBonusText(bonus, cards)));
    } else if (result.talon_shown) {
      lines.push(t('Talon bonus: {points}.', { points: pointsText(result.talon_bonus) }));
    } else {
      lines.push(t('Talon bonus: none (the declarers took the last trick).'));
    }
    lines.push(totalLine(pov, defenders, result.opponents_points));
  }
  lines.push(levelChangeText(pov, ended));
  lines.push(levelsSentence(pov, ended.levels));
  lines.push(
    bySeat(
      pov,
      ended.next_starter,
      () => t('Next round: you start.'),
      (who) => t('Next round: {who} starts.', { who }),
    ),
  );
  lines.push(nextDeclarersLine(pov, ended.next_declarers));
  return { title: titleOf(pov, ended, defenders), lines };
}

/** The talon_bonus event among `events` (the round's last ones), if the page saw it. */
export function findTalonBonus(events: readonly GameEvent[]): TalonBonus | null {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    if (event?.type === 'talon_bonus') return event;
    if (event?.type === 'round_started') break;
  }
  return null;
}

