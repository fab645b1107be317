import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock, clockText, secondsLeft } from './Clock';
import { TITLE_MARK, markedTitle, useTurnSignals } from './turnSignals';

afterEach(cleanup);

describe('the turn clock', () => {
  it('counts whole seconds down to the deadline, never below zero', () => {
    expect(secondsLeft(1000, 990_000)).toBe(10);
    expect(secondsLeft(1000, 990_001)).toBe(10); // 9.999 s left: shown as 10
    expect(secondsLeft(1000, 1_005_000)).toBe(0);
    expect(clockText(65)).toBe('1:05');
    expect(clockText(9)).toBe('0:09');
  });

  it('is a timer named by the seconds left', () => {
    const { getByTestId } = render(<Clock seat={2} deadline={Date.now() / 1000 + 30} />);
    expect(getByTestId('clock-2').getAttribute('role')).toBe('timer');
    expect(getByTestId('clock-2').getAttribute('aria-label')).toMatch(/^(30|29) seconds left$/);
  });
});

function Signals({ mine, mark }: { mine: boolean; mark: boolean }) {
  useTurnSignals(mine, false, mark);
  return null;
}

describe('the title-bar mark', () => {
  it('is added once and taken off again', () => {
    expect(markedTitle('Room X', true)).toBe(`${TITLE_MARK}Room X`);
    expect(markedTitle(`${TITLE_MARK}Room X`, true)).toBe(`${TITLE_MARK}Room X`);
    expect(markedTitle(`${TITLE_MARK}Room X`, false)).toBe('Room X');
  });

  it('marks the title while it is the player’s turn, unless turned off', () => {
    document.title = 'Room X';
    const { rerender } = render(<Signals mine={true} mark={true} />);
    expect(document.title).toBe(`${TITLE_MARK}Room X`);
    rerender(<Signals mine={false} mark={true} />);
    expect(document.title).toBe('Room X');
    rerender(<Signals mine={true} mark={false} />);
    expect(document.title).toBe('Room X');
  });
});
