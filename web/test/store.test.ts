import { describe, expect, it } from 'vitest';
import type { ErrorFrame, GameEvent } from '../src/protocol';
import { RECENT_LIMIT, initialView, reduce } from '../src/room/store';
import { eventFrame, observation, room, table, welcome } from './fixtures';

const played = (seat: number, cards: string): GameEvent => ({ type: 'played', seat, cards });

describe('reduce', () => {
  it('takes the seat, room and table of a welcome', () => {
    const view = reduce(initialView('JRK4GKGT4JKZ', 0), welcome(12));
    expect(view.seat).toBe(0);
    expect(view.lastSeq).toBe(12);
    expect(view.room?.status).toBe('playing');
    expect(view.table?.hand_groups.map((group) => group.suit)).toEqual(['S', 'trump']);
    expect(view.recent).toEqual([]);
    expect(view.gameOver).toBe(false);
  });

  it('builds a table from the observation of a welcome without one', () => {
    const frame = welcome(3, { table: undefined, observation: observation({ phase: 'draw' }) });
    const view = reduce(initialView('C', null), frame);
    expect(view.table?.observation.phase).toBe('draw');
    expect(view.table?.hand_groups).toEqual([]);
    expect(view.table?.actions).toEqual([]);
  });

  it('takes the table of a settled event and keeps the events that led to it', () => {
    let view = reduce(initialView('C', 0), welcome(10));
    const after = table({ trick: [[1, 'AS']], to_act: 2 });
    view = reduce(view, eventFrame(11, played(1, 'AS'), true, after));
    expect(view.table).toBe(after);
    expect(view.recent).toEqual([played(1, 'AS')]);
    expect(view.lastSeq).toBe(11);
    expect(view.settled).toBe(true);
  });

  it('keeps the table of an unsettled event until the action settles', () => {
    let view = reduce(initialView('C', 0), welcome(10));
    const before = view.table;
    view = reduce(view, eventFrame(11, played(3, 'KS'), false));
    expect(view.table).toBe(before);
    expect(view.settled).toBe(false);
    const won: GameEvent = { type: 'trick_won', number: 1, seat: 3, points: 10 };
    const after = table({ tricks: [], to_act: 3 });
    view = reduce(view, eventFrame(12, won, true, after));
    expect(view.table).toBe(after);
    expect(view.recent).toEqual([played(3, 'KS'), won]);
    // the next action starts a new batch
    view = reduce(view, eventFrame(13, played(3, '5S')));
    expect(view.recent).toEqual([played(3, '5S')]);
  });

  it('applies a catch-up once: events already applied change nothing', () => {
    let view = reduce(initialView('C', 0), welcome(10));
    view = reduce(view, eventFrame(11, played(1, 'AS')));
    const same = reduce(view, eventFrame(11, played(1, 'AS')));
    expect(same).toBe(view);
    expect(reduce(view, eventFrame(5, played(2, '3S')))).toBe(view);
  });

  it('applies a catch-up batch and keeps at most RECENT_LIMIT recent events', () => {
    let view = reduce(initialView('C', 0), welcome(1));
    const total = RECENT_LIMIT + 50;
    for (let seq = 2; seq < total + 2; seq += 1) {
      const last = seq === total + 1;
      view = reduce(view, eventFrame(seq, { type: 'hidden_card_drawn', seat: seq % 4 }, last));
    }
    expect(view.lastSeq).toBe(total + 1);
    expect(view.recent.length).toBe(RECENT_LIMIT);
    // recent[i] is event lastSeq - recent.length + 1 + i
    expect(view.recent[RECENT_LIMIT - 1]).toEqual({ type: 'hidden_card_drawn', seat: (total + 1) % 4 });
  });

  it('shows the refusal of an act, and clears it on the next act', () => {
    let view = reduce(initialView('C', 0), welcome(10));
    const refusal: ErrorFrame = {
      type: 'error',
      seq: 10,
      code: 'illegal',
      id: 'wabc-a1',
      message: 'Not allowed (R-P3): You hold ♦K ♦T ♦5 of the led suit (diamonds): they must all be played.',
      rule: 'R-P3',
      reason: 'must-follow',
    };
    view = reduce(view, refusal);
    expect(view.refusal).toBe(refusal);
    view = reduce(view, { type: 'acting' });
    expect(view.refusal).toBeNull();
  });

  it('does not take connection errors or rate limits for refusals', () => {
    const view = reduce(initialView('C', 0), welcome(10));
    expect(reduce(view, { type: 'error', seq: 10, code: 'bad-frame', message: 'x' }).refusal).toBeNull();
    const limited: ErrorFrame = { type: 'error', seq: 10, code: 'rate-limited', message: 'slow', id: 'a', retry_after: 0.1 };
    expect(reduce(view, limited).refusal).toBeNull();
  });

  it('keeps the round end until dismissed', () => {
    let view = reduce(initialView('C', 0), welcome(10));
    const ended: GameEvent = {
      type: 'round_ended',
      number: 1,
      opponents_points: 85,
      declarers_hold: false,
      levels_gained: 0,
      levels: [0, 0],
      next_declarers: 1,
      next_starter: 1,
      result: null,
    };
    view = reduce(view, eventFrame(11, ended));
    expect(view.roundEnd).toEqual(ended);
    view = reduce(view, eventFrame(12, { type: 'round_started', number: 2, rank: '2', declarers: 1, starter: 1, first_drawer: 1 }));
    expect(view.roundEnd).toEqual(ended);
    view = reduce(view, { type: 'dismiss-round-end' });
    expect(view.roundEnd).toBeNull();
  });

  it('keeps the point cards of a round that ended from the table that settled it', () => {
    let view = reduce(initialView('C', 0), welcome(10));
    const ended: GameEvent = {
      type: 'round_ended',
      number: 1,
      opponents_points: 85,
      declarers_hold: false,
      levels_gained: 0,
      levels: [0, 0],
      next_declarers: 1,
      next_starter: 1,
      result: null,
    };
    const started: GameEvent = { type: 'round_started', number: 2, rank: '2', declarers: 1, starter: 1, first_drawer: 1 };
    // the last play, the round's end and the next round's start come in one batch
    view = reduce(view, eventFrame(11, played(0, 'AS'), false));
    view = reduce(view, eventFrame(12, ended, false));
    expect(view.roundEndCards).toBeNull();
    view = reduce(view, eventFrame(13, started, true, { ...table(), point_cards: ['KS 5H', 'TD'] }));
    expect(view.roundEndCards).toEqual(['KS 5H', 'TD']);
    // the next round deals: its tables count from nothing, the summary keeps the round's
    view = reduce(view, eventFrame(14, { type: 'card_drawn', seat: 0, card: '3S' }, true, { ...table(), point_cards: ['', ''] }));
    expect(view.roundEndCards).toEqual(['KS 5H', 'TD']);
    view = reduce(view, { type: 'dismiss-round-end' });
    expect(view.roundEndCards).toBeNull();
  });

  it('forgets a refusal once the choice it was about changes', () => {
    const refusal: ErrorFrame = { type: 'error', seq: 11, code: 'illegal', message: 'Not allowed (R-P2): …', id: 'a1' };
    const view = reduce(reduce(initialView('C', 0), welcome(10)), refusal);
    expect(view.refusal).toEqual(refusal);
    const dismissed = reduce(view, { type: 'dismiss-refusal' });
    expect(dismissed.refusal).toBeNull();
    expect(reduce(dismissed, { type: 'dismiss-refusal' })).toBe(dismissed); // nothing to forget
  });

  it('marks the game over on game_over, a finished room, or a welcome of a finished game', () => {
    const base = reduce(initialView('C', 0), welcome(10));
    expect(reduce(base, eventFrame(11, { type: 'game_over', winner: 1, levels: [3, 13] })).gameOver).toBe(true);
    expect(reduce(base, { type: 'room', seq: 11, room: room({ status: 'finished' }) }).gameOver).toBe(true);
    const over = welcome(50, { table: table({ phase: 'over', winner: 0 }) });
    expect(reduce(initialView('C', 0), over).gameOver).toBe(true);
  });

  it('takes each room frame: seats, who acts, the rematch', () => {
    let view = reduce(initialView('C', 0), welcome(10));
    view = reduce(view, { type: 'room', seq: 10, room: room({ to_act: 2, rematch: 'NEWCODE23456' }) });
    expect(view.room?.to_act).toBe(2);
    expect(view.room?.rematch).toBe('NEWCODE23456');
    expect(view.lastSeq).toBe(10);
  });

  it('follows the connection state and why it stopped', () => {
    let view = initialView('C', 0);
    expect(view.connection).toBe('connecting');
    view = reduce(view, { type: 'connection', state: 'open' });
    expect(view.connection).toBe('open');
    view = reduce(view, { type: 'notice', seq: 3, notice: 'restarting', message: 'the server is restarting' });
    expect(view.problem).toBe('restarting');
    view = reduce(view, { type: 'connection', state: 'open' });
    expect(view.problem).toBeNull();
    view = reduce(view, { type: 'fatal', code: 'bad-token' });
    expect(view).toMatchObject({ problem: 'bad-token', connection: 'closed' });
  });

  it('ignores answers that are not state (ack, verdict, hint, pong)', () => {
    const view = reduce(initialView('C', 0), welcome(10));
    expect(reduce(view, { type: 'ack', seq: 11, id: 'a', number: 3, duplicate: false })).toBe(view);
    expect(reduce(view, { type: 'pong', seq: 11 })).toBe(view);
    expect(reduce(view, { type: 'hint', seq: 11, id: 'h', action: null })).toBe(view);
    expect(reduce(view, { type: 'verdict', seq: 11, id: 'c', legal: true, combination: null })).toBe(view);
  });
});
