// Frames as the server writes them, for the unit tests.
import type { EventFrame, GameEvent, Observation, RoomInfo, Table, WelcomeFrame } from '../src/protocol';

export function observation(overrides: Partial<Observation> = {}): Observation {
  return {
    seat: 0,
    phase: 'play',
    rules: { preset: 'standard', throw_penalty: 10 },
    round: 1,
    rank: '2',
    trump_suit: 'H',
    trump_settled: true,
    levels: [0, 0],
    declarers: 0,
    starter: 0,
    to_act: 0,
    next_drawer: null,
    hand: 'QH QH 5H AS',
    hand_sizes: [4, 4, 4, 4],
    cards_left_in_pack: 0,
    declaration: { seat: 0, cards: '2H' },
    window_passes: 0,
    talon_flipped: '',
    buried: '',
    trick: [],
    failed_throw: null,
    must_beat: false,
    tricks: [],
    opponents_points: 0,
    penalties: 0,
    declarations: [{ seat: 0, cards: '2H' }],
    lead: null,
    last_round: null,
    winner: null,
    ...overrides,
  };
}

export function room(overrides: Partial<RoomInfo> = {}): RoomInfo {
  return {
    code: 'JRK4GKGT4JKZ',
    status: 'playing',
    rules: { preset: 'standard' },
    round_limit: null,
    clock_s: null,
    spectators: true,
    stand_in: 'heuristic',
    seats: [0, 1, 2, 3].map((seat) => ({
      seat,
      player: seat === 0 ? 'human' : 'heuristic',
      name: seat === 0 ? 'Ana' : 'heuristic',
      taken: seat === 0,
      connected: seat === 0,
      away: false,
    })),
    watchers: 0,
    to_act: 0,
    deadline: null,
    rematch: null,
    ...overrides,
  };
}

export function table(overrides: Partial<Observation> = {}): Table {
  return {
    observation: observation(overrides),
    hand_groups: [
      { suit: 'S', cards: 'AS' },
      { suit: 'trump', cards: 'QH QH 5H' },
    ],
    actions: ['play'],
    declarations: [],
  };
}

export function welcome(seq: number, overrides: Partial<WelcomeFrame> = {}): WelcomeFrame {
  return { type: 'welcome', seq, seat: 0, room: room(), observation: observation(), table: table(), ...overrides };
}

export function eventFrame(seq: number, event: GameEvent, settled = true, withTable: Table | null = null): EventFrame {
  const frame: EventFrame = { type: 'event', seq, event, settled };
  if (settled) frame.table = withTable ?? table();
  return frame;
}
