import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { room } from '../../test/fixtures';
import { RoundSummary } from './RoundSummary';
import { pointOfView } from './seating';
import { partsText } from './parts';
import { findTalonBonus, roundSummary, type RoundEnded, type SummaryLine, type TalonBonus } from './summary';

/** A summary line as the eye reads it (cards as the page's labels). */
const lineText = (line: SummaryLine): string => (typeof line === 'string' ? line : partsText(line));

afterEach(cleanup);

// recorded from the engine: Game(seed=7), four heuristic bots, the end of round 1
const ended: RoundEnded = {
  type: 'round_ended',
  number: 1,
  opponents_points: 75,
  declarers_hold: true,
  levels_gained: 1,
  levels: [0, 1],
  next_declarers: 1,
  next_starter: 1,
  result: {
    round: 1,
    rank: '2',
    suit: 'D',
    declarers: 1,
    starter: 3,
    opponents_points: 75,
    trick_points: 75,
    penalties: 0,
    talon_bonus: 0,
    talon: '6S 7S 8S 8S 9S 6H 4C 8C',
    talon_shown: true,
    declarers_hold: true,
    levels_gained: 1,
    failed_throws: 0,
  },
};
const bonus: TalonBonus = { type: 'talon_bonus', talon: '6S 7S 8S 8S 9S 6H 4C 8C', multiplier: 2, points: 0 };

describe('the round summary, from a recorded round end, in the rules’ terms (R-S1, R-S3)', () => {
  it('tells an opponent what their team won and what it means', () => {
    const summary = roundSummary(pointOfView(0, room()), ended, bonus);
    expect(summary.title).toBe('Round 1 is over: we were the opponents and won 75 points.');
    expect(summary.lines.map(lineText)).toEqual([
      'Declarers: They; starter: Bot 3 (heuristic).',
      'Points in tricks: 75 points.',
      'Bot 3 (heuristic) buried 6♠ 7♠ 8♠ 8♠ 9♠ 6♥ 4♣ 8♣ in the talon.',
      'The opponents took the last trick: the talon 6♠ 7♠ 8♠ 8♠ 9♠ 6♥ 4♣ 8♣ counts × 2 = 0 points.',
      'Total for the opponents: 75 points.',
      'They stay declarers and go up 1 level.',
      'Levels: We 2, They 3.',
      'Next round: Bot 1 (heuristic) starts.',
    ]);
    // the old words, the reverse of what players say, are gone
    expect([summary.title, ...summary.lines.map(lineText)].join(' ')).not.toMatch(/defend/i);
  });

  it('tells the starter what they buried, and the declarers that they stay declarers', () => {
    const summary = roundSummary(pointOfView(3, room()), ended, null);
    expect(summary.title).toBe('Round 1 is over: they were the opponents and won 75 points.');
    expect(summary.lines.map(lineText)).toContain('Declarers: We; starter: you.');
    expect(summary.lines.map(lineText)).toContain('You buried 6♠ 7♠ 8♠ 8♠ 9♠ 6♥ 4♣ 8♣ in the talon.');
    expect(summary.lines.map(lineText)).toContain('Talon bonus: 0 points.'); // no multiplier seen: the bonus alone
    expect(summary.lines.map(lineText)).toContain('We stay declarers and go up 1 level.');
    expect(summary.lines.map(lineText)).toContain('Levels: We 3, They 2.');
  });

  it('says when the opponents become the declarers, with or without going up', () => {
    const taken: RoundEnded = { ...ended, result: null, opponents_points: 130, declarers_hold: false, next_declarers: 0 };
    const ours = roundSummary(pointOfView(0, room()), taken);
    expect(ours.title).toBe('Round 1 is over: we were the opponents and won 130 points.');
    expect(ours.lines[0]).toBe('We become the declarers and go up 1 level.');
    const level = roundSummary(pointOfView(1, room()), { ...taken, opponents_points: 95, levels_gained: 0 });
    expect(level.title).toBe('Round 1 is over: they were the opponents and won 95 points.');
    expect(level.lines[0]).toBe('They become the declarers, without going up.');
    const watched = roundSummary(pointOfView(null, room()), { ...taken, levels_gained: 0 });
    expect(watched.lines[0]).toBe('Ana and Bot 2 (heuristic) become the declarers, without going up.');
  });

  it('names the teams for a spectator', () => {
    const summary = roundSummary(pointOfView(null, room()), ended, bonus);
    expect(summary.title).toBe('Round 1 is over: Ana and Bot 2 (heuristic) were the opponents and won 75 points.');
    expect(summary.lines.map(lineText)).toContain('Bot 1 (heuristic) and Bot 3 (heuristic) stay declarers and go up 1 level.');
    expect(summary.lines.map(lineText)).toContain('Next round: Bot 1 (heuristic) starts.');
  });

  it('finds the talon bonus of the round among the recent events', () => {
    expect(findTalonBonus([{ type: 'trick_won', number: 25, seat: 0, points: 10 }, bonus, ended])).toBe(bonus);
    expect(findTalonBonus([bonus, { type: 'round_started', number: 2, rank: '3', declarers: 1, starter: 1, first_drawer: 1 }])).toBeNull();
  });

  it('renders as a dialog that Continue and Escape close', () => {
    const onContinue = vi.fn();
    const { getByTestId, getByRole } = render(
      <RoundSummary pov={pointOfView(0, room())} ended={ended} bonus={bonus} pointCards={null} onContinue={onContinue} />,
    );
    const dialog = getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(getByTestId('round-summary').textContent).toContain('Total for the opponents: 75 points.');
    expect(document.activeElement).toBe(getByTestId('continue'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(getByTestId('continue'));
    expect(onContinue).toHaveBeenCalledTimes(2);
  });

  it('draws the talon and the point cards each team won as cards', () => {
    const { getByTestId } = render(
      <RoundSummary pov={pointOfView(0, room())} ended={ended} bonus={bonus} pointCards={['KS 5H', '']} onContinue={vi.fn()} />,
    );
    const cardsOf = (id: string): string[] =>
      Array.from(getByTestId(id).querySelectorAll<HTMLElement>('[data-card]'), (card) => card.dataset.card ?? '');
    expect(cardsOf('summary-talon')).toEqual('6S 7S 8S 8S 9S 6H 4C 8C'.split(' '));
    expect(cardsOf('point-cards-0')).toEqual(['KS', '5H']);
    expect(getByTestId('point-cards-0').textContent).toContain('Point cards we won');
    expect(cardsOf('point-cards-1')).toEqual([]);
    expect(getByTestId('point-cards-1').textContent).toBe('Point cards they wonnone');
    // the talon in the sentences is drawn too, never in notation
    const lines = getByTestId('round-summary').querySelector('.summary-lines');
    expect(lines?.querySelector('.card-run[aria-label^="Six of spades"]')).not.toBeNull();
    expect(lines?.textContent).not.toMatch(/\b[2-9TJQKA][SHDC]\b/);
  });
});
