import { describe, expect, it } from 'vitest';
import { room, table } from '../../test/fixtures';
import type { ErrorFrame, Table } from '../protocol';
import { actionState, expectedText, refusalParts } from './acting';
import { partsText } from './parts';
import { pointOfView } from './seating';

const refusalText = (frame: ErrorFrame): string => partsText(refusalParts(frame));

function withActions(base: Table, actions: Table['actions'], declarations: string[] = []): Table {
  return { ...base, actions, declarations };
}

describe('what the viewer can do, from the server’s open actions', () => {
  it('plays when play is open and cards are chosen', () => {
    const state = actionState(table({ phase: 'play', to_act: 0 }), 0, 'QH QH');
    expect(state).toMatchObject({ checkKind: 'play', primary: 'play', primaryEnabled: true });
    expect(actionState(table({ phase: 'play' }), 0, '').primaryEnabled).toBe(false);
    // not this seat's turn: the choice is still checked, but nothing can be sent
    const waiting = actionState(withActions(table({ phase: 'play', to_act: 1 }), []), 0, 'QH');
    expect(waiting).toMatchObject({ checkKind: 'play', primaryEnabled: false });
  });

  it('buries the talon: its size is the cards beyond a normal hand (R-K1)', () => {
    const exchange = withActions(table({ phase: 'exchange', hand_sizes: [33, 25, 25, 25] }), ['bury']);
    expect(actionState(exchange, 0, 'AS')).toMatchObject({ checkKind: 'bury', primary: 'bury', talonSize: 8 });
    expect(actionState(withActions(exchange, []), 0, 'AS').primary).toBeNull();
  });

  it('offers the legal declarations and pass in the last window (R-T4)', () => {
    const window = withActions(table({ phase: 'declare' }), ['declare', 'pass'], ['2S', '2S 2S']);
    const state = actionState(window, 0, '2S 2S');
    expect(state).toMatchObject({ canPass: true, primary: 'declare', primaryEnabled: true, checkKind: 'declare' });
    expect(state.declarations).toEqual(['2S', '2S 2S']);
    expect(actionState(window, 0, 'AS').primaryEnabled).toBe(false);
  });

  it('offers nothing to a spectator', () => {
    expect(actionState(table(), null, 'AS')).toMatchObject({ checkKind: null, primary: null, declarations: [] });
  });
});

describe('a takeback (R-U1), only while the server offers it', () => {
  it('is offered beside the play while takeback is open, and not otherwise', () => {
    const open = withActions(table({ phase: 'play', to_act: 1 }), ['takeback']);
    expect(actionState(open, 0, '')).toMatchObject({ canTakeBack: true, primary: 'play', primaryEnabled: false });
    expect(actionState(withActions(open, ['play']), 0, '').canTakeBack).toBe(false);
    expect(actionState(open, null, '').canTakeBack).toBe(false);
  });
});

describe('what the game expects, in the terminal’s words', () => {
  const pov = pointOfView(0, room());
  it('asks for a lead or a follow of the led size', () => {
    const lead = table({ phase: 'play', to_act: 0, trick: [] });
    expect(expectedText(pov, lead, actionState(lead, 0, ''), 0, null)).toBe(
      'Your lead: a single, a pair, a tractor, or several of one suit.',
    );
    const follow = table({ phase: 'play', to_act: 0, trick: [[3, 'AS AS']], must_beat: true });
    expect(expectedText(pov, follow, actionState(follow, 0, ''), 0, null)).toBe(
      'Your turn: follow with 2 cards. You must beat the forced lead (R-H2).',
    );
  });

  it('counts the talon being chosen with its points', () => {
    const exchange = withActions(table({ phase: 'exchange', hand_sizes: [33, 25, 25, 25] }), ['bury']);
    expect(expectedText(pov, exchange, actionState(exchange, 0, 'KS'), 1, 10)).toBe(
      'Choose 8 cards to bury: 1 chosen, 10 points.',
    );
  });

  it('says whose turn it is otherwise', () => {
    const other = withActions(table({ phase: 'play', to_act: 2 }), []);
    expect(expectedText(pov, other, actionState(other, 0, ''), 0, null)).toBe('Bot 2 (heuristic) to act');
  });
});

describe('a refusal in words', () => {
  const frame = (overrides: Partial<ErrorFrame>): ErrorFrame => ({
    type: 'error',
    seq: 3,
    code: 'illegal',
    message: '',
    id: 'a1',
    ...overrides,
  });
  it('shows the engine’s sentence with its rule id', () => {
    expect(refusalText(frame({ rule: 'R-P2', message: 'Not allowed (R-P2): Play 1 card, as many as were led, not 2.' }))).toBe(
      'Not allowed (R-P2): Play 1 card, as many as were led, not 2.',
    );
    expect(refusalText(frame({ rule: 'R-P1', message: 'it is seat 3’s turn' }))).toBe('Not allowed (R-P1): it is seat 3’s turn');
  });
  it('words other errors from their code', () => {
    expect(refusalText(frame({ code: 'not-started', message: 'x' }))).toBe('The game starts when every seat is taken.');
  });
  it('keeps the cards and the seats of the engine’s sentence as parts, to draw them', () => {
    const parts = [
      { text: 'Not allowed (R-T3): The declaration ' },
      { cards: '2C 2C' },
      { text: ' by ' },
      { seat: 2, name: 'North' },
      { text: ' stands.' },
    ];
    const refused = frame({ rule: 'R-T3', message: 'Not allowed (R-T3): The declaration 2C 2C by North stands.', parts });
    expect(refusalParts(refused)).toEqual(parts);
    // seats named as the table names them: the player's name, not the server's word
    const named = pointOfView(0, room({ seats: room().seats.map((seat) => ({ ...seat, name: seat.seat === 2 ? 'Cy' : seat.name, player: 'human' })) }));
    expect(partsText(refusalParts(refused), named)).toBe('Not allowed (R-T3): The declaration 2♣ 2♣ by Cy stands.');
  });
});
