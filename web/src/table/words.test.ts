import { describe, expect, it } from 'vitest';
import { observation, room } from '../../test/fixtures';
import { pointOfView } from './seating';
import { levelName, levelsLine, pointsLine, rolesLine, trumpLine, trumpWords } from './words';

describe('the points of the opponents, the only team that scores (R-S1), labelled from the point of view', () => {
  const obs = observation({ declarers: 0, opponents_points: 60 });

  it('are ours when the viewer is an opponent', () => {
    expect(pointsLine(pointOfView(1, room()), obs)).toBe('Opponents: We · our points: 60');
    expect(pointsLine(pointOfView(3, room()), obs)).toBe('Opponents: We · our points: 60');
  });

  it('are theirs when the viewer declares', () => {
    expect(pointsLine(pointOfView(0, room()), obs)).toBe('Opponents: They · their points: 60');
    expect(pointsLine(pointOfView(2, room()), obs)).toBe('Opponents: They · their points: 60');
  });

  it('name the opponents for a spectator', () => {
    expect(pointsLine(pointOfView(null, room()), obs)).toBe('Opponents: Bot 1 (heuristic) and Bot 3 (heuristic) · points: 60');
  });

  it('are a plain count before anyone declares', () => {
    expect(pointsLine(pointOfView(0, room()), observation({ declarers: null, opponents_points: 0 }))).toBe(
      'Points won: 0',
    );
  });
});

describe('the round in words', () => {
  it('writes levels as ranks, ten as 10 and past the ace as A+', () => {
    expect(levelName(0)).toBe('2');
    expect(levelName(8)).toBe('10');
    expect(levelName(12)).toBe('A');
    expect(levelName(13)).toBe('A+');
  });

  it('puts the viewer’s own level first', () => {
    expect(levelsLine(pointOfView(0, room()), [3, 1])).toBe('Levels: We 5 · They 3');
    expect(levelsLine(pointOfView(1, room()), [3, 1])).toBe('Levels: We 3 · They 5');
    expect(levelsLine(pointOfView(null, room()), [3, 1])).toBe('Levels: Ana and Bot 2 (heuristic) 5 · Bot 1 (heuristic) and Bot 3 (heuristic) 3');
  });

  it('says the trump as the terminal does', () => {
    expect(trumpLine(observation({ rank: 'T', trump_suit: 'H', trump_settled: true }))).toBe('Trump: rank 10, ♥ hearts');
    expect(trumpWords('2', null, true)).toBe('rank 2, no trump suit');
    expect(trumpWords('2', null, false)).toBe('rank 2, suit not chosen yet');
  });

  it('says who declares and starts', () => {
    const pov = pointOfView(1, room());
    expect(rolesLine(pov, observation({ declarers: 0, starter: 2 }))).toBe('Declarers: They · starter: Bot 2 (heuristic)');
    expect(rolesLine(pov, observation({ declarers: null, starter: null }))).toBe('Declarers: whoever declares');
    expect(rolesLine(pov, observation({ declarers: 1, starter: 1 }))).toBe('Declarers: We · starter: you');
    expect(rolesLine(pointOfView(null, room()), observation({ declarers: 1, starter: 1 }))).toBe(
      'Declarers: Bot 1 (heuristic) and Bot 3 (heuristic) · starter: Bot 1 (heuristic)',
    );
  });
});
