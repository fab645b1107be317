import { describe, expect, it } from 'vitest';
import type { Replay, ReplayStep } from '../src/protocol';
import { move } from '../src/replay/ReplayPage';
import { stepText } from '../src/replay/steps';
import { observation } from './fixtures';

function step(kind: ReplayStep['kind'], trick: number | null = null): ReplayStep {
  return { kind, trick, hands: [[], [], [], []], observation: observation({ seat: null, hand: '' }) };
}

function round(number: number, tricks: number) {
  const steps = [step('start')];
  for (let trick = 1; trick <= tricks; trick += 1) steps.push(step('trick', trick));
  steps.push(step('end'));
  return { number, steps, result: null };
}

const replay: Replay = { rules: { preset: 'standard' }, seats: ['Ana', null, 'Cy', null], rounds: [round(1, 25), round(2, 3)] };

describe('the replay viewer', () => {
  it('words each step', () => {
    const first = replay.rounds[0]!;
    expect(stepText(first, 0)).toBe('Round 1 · before the first trick');
    expect(stepText(first, 3)).toBe('Round 1 · trick 3 of 25');
    expect(stepText(first, 26)).toBe('Round 1 · the round is over');
    expect(stepText(first, 99)).toBe('');
  });

  it('steps forwards and back across rounds, and stops at both ends', () => {
    const start = { round: 0, step: 0 };
    expect(move(replay, start, -1)).toBe(start);
    expect(move(replay, start, 1)).toEqual({ round: 0, step: 1 });
    expect(move(replay, { round: 0, step: 26 }, 1)).toEqual({ round: 1, step: 0 });
    expect(move(replay, { round: 1, step: 0 }, -1)).toEqual({ round: 0, step: 26 });
    const end = { round: 1, step: 4 };
    expect(move(replay, end, 1)).toBe(end);
  });
});
