import { describe, expect, it } from 'vitest';
import { observation, room } from '../../test/fixtures';
import type { FailedThrowJson } from '../protocol';
import { announcements, describeEvent, failedThrowText, gameOverText, shownCards, turnText } from './narrate';
import { pointOfView } from './seating';

const pov = pointOfView(0, room());

describe('events in words, from the viewer’s chair', () => {
  it('speaks to the viewer in the second person and names the others', () => {
    expect(describeEvent(pov, { type: 'played', seat: 0, cards: 'QH QH' }, shownCards)).toBe('You play Q♥ Q♥.');
    expect(describeEvent(pov, { type: 'played', seat: 2, cards: 'AS' })).toBe('Bot 2 (heuristic) plays Ace of spades.');
    expect(describeEvent(pov, { type: 'taken_back', seat: 0, kind: 'play' })).toBe('You take back your play.');
    expect(describeEvent(pov, { type: 'taken_back', seat: 2, kind: 'declare' })).toBe(
      'Bot 2 (heuristic) took back their declaration.',
    );
    expect(describeEvent(pov, { type: 'declared', seat: 1, cards: '2H' }, shownCards)).toBe('Bot 1 (heuristic) declares 2♥.');
    expect(describeEvent(pov, { type: 'passed', seat: 0 })).toBe('You pass.');
    expect(describeEvent(pov, { type: 'trick_won', number: 3, seat: 3, points: 10 })).toBe(
      'Trick 3: Bot 3 (heuristic) wins it (10 points).',
    );
    expect(describeEvent(pov, { type: 'trick_won', number: 4, seat: 0, points: 0 })).toBe('Trick 4: you win it.');
    expect(
      describeEvent(pov, { type: 'trump_settled', rank: '2', suit: 'H', declarers: 0, starter: 2 }),
    ).toBe('Trump: rank 2, ♥ hearts. Bot 2 (heuristic) starts and takes the talon.');
  });

  it('names a seat alike from every chair, and the viewer’s own seat in the second person', () => {
    const won = { type: 'trick_won', number: 2, seat: 1, points: 0 } as const;
    expect(describeEvent(pointOfView(0, room()), won)).toBe('Trick 2: Bot 1 (heuristic) wins it.');
    expect(describeEvent(pointOfView(3, room()), won)).toBe('Trick 2: Bot 1 (heuristic) wins it.');
    expect(describeEvent(pointOfView(null, room()), won)).toBe('Trick 2: Bot 1 (heuristic) wins it.');
    expect(describeEvent(pointOfView(1, room()), won)).toBe('Trick 2: you win it.');
    expect(describeEvent(pointOfView(2, room()), { type: 'played', seat: 0, cards: '5C' }, shownCards)).toBe('Ana plays 5♣.');
  });

  it('keeps the buried talon of another seat secret (R-K1) and says nothing of draws', () => {
    expect(describeEvent(pov, { type: 'hidden_buried', seat: 1, count: 8 })).toBe('Bot 1 (heuristic) buries 8 cards.');
    expect(describeEvent(pov, { type: 'card_drawn', seat: 0, card: 'AS' })).toBeNull();
    expect(describeEvent(pov, { type: 'hidden_card_drawn', seat: 1 })).toBeNull();
  });

  it('tells a failed throw with who blocked it and the penalty (R-H2, R-H3)', () => {
    const thrown: FailedThrowJson = { seat: 1, attempted: 'AS KS KS', forced: 'KS KS', penalty: 10, blocker: 0 };
    expect(failedThrowText(pov, thrown)).toBe(
      "Bot 1 (heuristic)'s throw of A♠ K♠ K♠ fails: you can beat K♠ K♠ (R-H2). Bot 1 (heuristic) leads K♠ K♠ instead and pays 10 points (R-H3).",
    );
    expect(failedThrowText(pointOfView(2, room()), { ...thrown, penalty: 0 })).toBe(
      "Bot 1 (heuristic)'s throw of A♠ K♠ K♠ fails: Ana can beat K♠ K♠ (R-H2). Bot 1 (heuristic) leads K♠ K♠ instead.",
    );
    expect(failedThrowText(pointOfView(1, room()), thrown)).toBe(
      'Your throw of A♠ K♠ K♠ fails: Ana can beat K♠ K♠ (R-H2). You lead K♠ K♠ instead and pay 10 points (R-H3).',
    );
  });

  it('says whose turn it is and who won the game', () => {
    expect(turnText(pov, observation({ phase: 'play', to_act: 0 }))).toBe('Your turn');
    expect(turnText(pov, observation({ phase: 'play', to_act: 3 }))).toBe('Bot 3 (heuristic) to act');
    expect(turnText(pov, observation({ phase: 'draw', cards_left_in_pack: 40 }))).toBe('Dealing: 40 cards left');
    expect(gameOverText(pov, 0)).toBe('Game over: we pass the ace and win the game!');
    expect(gameOverText(pointOfView(null, room()), 1)).toBe('Game over: Bot 1 (heuristic) and Bot 3 (heuristic) pass the ace and win the game.');
  });

  it('announces the new events, then the turn', () => {
    expect(
      announcements(pov, [{ type: 'hidden_card_drawn', seat: 1 }, { type: 'played', seat: 3, cards: '5C' }], 'Your turn'),
    ).toEqual(['Bot 3 (heuristic) plays Five of clubs.', 'Your turn']);
  });
});
