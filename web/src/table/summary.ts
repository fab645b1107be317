// The end of a round in sentences (src/tuolaji/play/narrate.py summary_lines and
// round_verdict, the same msgids), in the rules' own terms: the declarers and the
// opponents, the only team that scores (R-S1). The title says who the opponents were and
// what they won; then who declared and started, the points in tricks, throw penalties,
// the talon and its bonus multiplier, the total, what it means (who stays or becomes the
// declarers and how many levels they go up, R-S3), the levels, and who starts next.

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

/** The opponents of the round `ended` ends: the team that did not declare. */
export function opponentsOf(ended: RoundEnded): number {
  if (ended.result !== null) return 1 - ended.result.declarers;
  // the declarers declare again when they hold on, else the opponents take over (R-S3)
  return ended.declarers_hold ? 1 - ended.next_declarers : ended.next_declarers;
}

/** What the round's points mean, from the viewer's side: who stays or becomes the
 * declarers, and how many levels they go up (R-S3). */
export function levelChangeText(pov: PointOfView, ended: RoundEnded): string {
  const team = ended.next_declarers;
  const levels = levelsText(ended.levels_gained);
  if (ended.declarers_hold) {
    return bySide(
      pov,
      team,
      () => t('We stay declarers and go up {levels}.', { levels }),
      () => t('They stay declarers and go up {levels}.', { levels }),
      (name) => t('{team} stay declarers and go up {levels}.', { team: name, levels }),
    );
  }
  if (ended.levels_gained) {
    return bySide(
      pov,
      team,
      () => t('We become the declarers and go up {levels}.', { levels }),
      () => t('They become the declarers and go up {levels}.', { levels }),
      (name) => t('{team} become the declarers and go up {levels}.', { team: name, levels }),
    );
  }
  return bySide(
    pov,
    team,
    () => t('We become the declarers, without going up.'),
    () => t('They become the declarers, without going up.'),
    (name) => t('{team} become the declarers, without going up.', { team: name }),
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

function titleOf(pov: PointOfView, ended: RoundEnded, opponents: number): string {
  const n = ended.number;
  const points = pointsText(ended.opponents_points);
  return bySide(
    pov,
    opponents,
    () => t('Round {n} is over: we were the opponents and won {points}.', { n, points }),
    () => t('Round {n} is over: they were the opponents and won {points}.', { n, points }),
    (team) => t('Round {n} is over: {team} were the opponents and won {points}.', { n, team, points }),
  );
}

function levelsSentence(pov: PointOfView, levels: readonly number[]): string {
  const [first, second] = teamsInOrder(pov);
  const a = levelName(levels[first] ?? 0);
  const b = levelName(levels[second] ?? 0);
  if (pov.viewer !== null) return t('Levels: We {we}, They {they}.', { we: a, they: b });
  return t('Levels: {first} {a}, {second} {b}.', { first: teamName(pov, first), a, second: teamName(pov, second), b });
}

/** The summary of the round `ended` ends; `bonus` is the round's talon_bonus event
 * when the page saw it (it gives the multiplier, R-S2). */
export function roundSummary(pov: PointOfView, ended: RoundEnded, bonus: TalonBonus | null = null): Summary {
  const opponents = opponentsOf(ended);
  const lines: SummaryLine[] = [];
  const result = ended.result;
  if (result !== null) {
    lines.push(declarersLine(pov, result));
    lines.push(t('Points in tricks: {points}.', { points: pointsText(result.trick_points) }));
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
    lines.push(t('Total for the opponents: {points}.', { points: pointsText(result.opponents_points) }));
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
  return { title: titleOf(pov, ended, opponents), lines };
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

