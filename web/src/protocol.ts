// The shapes of what `tuolaji serve` sends and takes: WebSocket frames and HTTP bodies.
// They mirror docs/protocol.md and docs/protocol.schema.json (the server's pydantic
// models), the engine's JSON forms (observation_to_json, event_to_json, result_to_json)
// and the server's own (table snapshots, hints, rematch, replays, meta, catalog).
// The client holds no rules: everything here is data the server computed.

/** A seat number: 0 and 2 are partners, as are 1 and 3. */
export type Seat = 0 | 1 | 2 | 3;
/** A suit letter (spades, hearts, diamonds, clubs). */
export type SuitLetter = 'S' | 'H' | 'D' | 'C';
/** A hand group's suit: a plain suit or the trumps. */
export type GroupSuit = SuitLetter | 'trump';
export type ActionKind = 'declare' | 'pass' | 'bury' | 'play' | 'takeback';
export type Phase = 'draw' | 'declare' | 'exchange' | 'play' | 'over';
export type RoomStatus = 'waiting' | 'playing' | 'finished' | 'closed';

/** An action: cards in notation ("AS AS", "TH", "BJ"), "" for pass. */
export interface Action {
  kind: ActionKind;
  cards: string;
}

/** The scoring option's numbers by field (R-S3); `cap` null: no cap. */
export type ScoringValue = Record<string, number | null>;
/** A rule option's value in its JSON form: a flag, a number, a choice, the must-defend
 * ranks by name, the scoring numbers (docs/rules.md §12). */
export type RuleValue = boolean | number | string | string[] | ScoringValue;
/** The rules of a room: a preset and the options' values (a room's spec leaves out the
 * later options at their defaults). */
export type RuleSpec = { preset: string } & Record<string, RuleValue>;

// ------------------------------------------------------------------ the room

export interface SeatInfo {
  seat: number;
  /** "human" or the bot's name ("heuristic", "search:guesses=40"…). */
  player: string;
  name: string;
  taken: boolean;
  connected: boolean;
  away: boolean;
}

export interface RoomInfo {
  code: string;
  status: RoomStatus;
  rules: RuleSpec;
  round_limit: number | null;
  clock_s: number | null;
  spectators: boolean;
  stand_in: string;
  seats: SeatInfo[];
  watchers: number;
  to_act: number | null;
  /** When the seat to act runs out of time: seconds since the epoch (server clock). */
  deadline: number | null;
  /** The code of the rematch room, once someone asked for one. */
  rematch?: string | null;
  /** Whether the room is shown in the public list (may be absent). */
  listed?: boolean;
}

// ------------------------------------------------------------------ the game's JSON

export interface DeclarationJson {
  seat: number;
  cards: string;
}

export interface FailedThrowJson {
  seat: number;
  attempted: string;
  forced: string;
  penalty: number;
  /** null: not told to this seat (hide_blocker, R-V2). */
  blocker: number | null;
}

/** A play of a trick: [seat, cards]. */
export type PlayJson = [number, string];

export interface CompletedTrickJson {
  number: number;
  plays: PlayJson[];
  winner: number;
  /** null: the declarers' points, not told (hide_declarer_points, R-V3). */
  points: number | null;
  failed_throw: FailedThrowJson | null;
}

export interface RoundResultJson {
  round: number;
  rank: string;
  suit: SuitLetter | null;
  declarers: number;
  starter: number;
  opponents_points: number;
  trick_points: number;
  penalties: number;
  talon_bonus: number;
  talon: string;
  talon_shown: boolean;
  declarers_hold: boolean;
  levels_gained: number;
  failed_throws: number;
}

/** What one seat may know now (Observation.to_json; a spectator's has seat null). */
export interface Observation {
  seat: number | null;
  phase: Phase;
  rules: RuleSpec;
  round: number;
  rank: string;
  trump_suit: SuitLetter | null;
  trump_settled: boolean;
  /** Levels of team 0 (seats 0, 2) and team 1 (seats 1, 3), 0 = level "2". */
  levels: [number, number];
  declarers: number | null;
  starter: number | null;
  to_act: number | null;
  next_drawer: number | null;
  hand: string;
  hand_sizes: number[];
  cards_left_in_pack: number;
  declaration: DeclarationJson | null;
  window_passes: number;
  talon_flipped: string;
  buried: string;
  trick: PlayJson[];
  failed_throw: FailedThrowJson | null;
  must_beat: boolean;
  tricks: CompletedTrickJson[];
  opponents_points: number;
  penalties: number;
  declarations: DeclarationJson[];
  lead: { kind: string; suit: string; parts: string[] } | null;
  last_round: RoundResultJson | null;
  winner: number | null;
}

/** A game event as a seat may see it (event_to_json). */
export type GameEvent =
  | {
      type: 'round_started';
      number: number;
      rank: string;
      declarers: number | null;
      starter: number | null;
      first_drawer: number;
    }
  | { type: 'card_drawn'; seat: number; card: string }
  | { type: 'hidden_card_drawn'; seat: number }
  | { type: 'declared'; seat: number; cards: string }
  | { type: 'passed'; seat: number }
  | { type: 'redealt'; number: number }
  | { type: 'talon_flipped'; turned: string; suit: SuitLetter | null }
  | { type: 'trump_settled'; rank: string; suit: SuitLetter | null; declarers: number; starter: number }
  | { type: 'talon_taken'; seat: number; cards: string }
  | { type: 'hidden_talon_taken'; seat: number; count: number }
  | { type: 'buried'; seat: number; cards: string }
  | { type: 'hidden_buried'; seat: number; count: number }
  | ({ type: 'throw_failed' } & FailedThrowJson)
  | { type: 'played'; seat: number; cards: string }
  | { type: 'trick_won'; number: number; seat: number; points: number | null }
  | { type: 'talon_bonus'; talon: string; multiplier: number; points: number }
  | {
      type: 'round_ended';
      number: number;
      opponents_points: number;
      declarers_hold: boolean;
      levels_gained: number;
      levels: [number, number];
      next_declarers: number;
      next_starter: number;
      result: RoundResultJson | null;
    }
  | { type: 'game_over'; winner: number; levels: [number, number] }
  | { type: 'taken_back'; seat: number; kind: 'declare' | 'pass' | 'bury' | 'play' };

export type GameEventType = GameEvent['type'];

/** One group of a hand, by effective suit, in the engine's display order. */
export interface HandGroup {
  suit: GroupSuit;
  /** Cards in notation, in display order ("QH QH 5H"). */
  cards: string;
}

/** The table snapshot of a welcome or settled event frame. */
export interface Table {
  observation: Observation;
  hand_groups: HandGroup[];
  /** The action kinds this seat may take now (empty for spectators). */
  actions: ActionKind[];
  /** The legal declarations of this seat now ("2S", "2S 2S"…). */
  declarations: string[];
  /** The seat whose play is winning the trick in progress (R-W1–R-W4), or null. */
  winning?: number | null;
  /** The point cards in the tricks won by team 0 and by team 1 this round (R-O4); from
   * a round's end until the next deals, those of the round that ended. */
  point_cards?: [string, string];
  /** The cards the talon brought into the hand, for the starter while burying (R-K1). */
  talon?: string;
}

/** A piece of a message: words, cards in notation, or a seat (and the name the
 * server's sentence gives it). */
export type MessagePart = { text: string } | { cards: string } | { seat: number; name: string };

/** What a play's cards make (R-C1–R-C4). */
export interface Combination {
  kind: 'single' | 'pair' | 'tractor' | 'throw' | 'mixed';
  suit: GroupSuit | null;
  size: number;
  parts: string[];
}

// ------------------------------------------------------------------ client → server

export interface HelloFrame {
  type: 'hello';
  token?: string;
  last_seq?: number;
  lang?: string;
}
export interface ActFrame {
  type: 'act';
  id: string;
  action: Action;
}
export interface CheckFrame {
  type: 'check';
  id: string;
  action: Action;
}
export interface HintRequestFrame {
  type: 'hint';
  id: string;
}
export interface BackFrame {
  type: 'back';
}
export interface PingFrame {
  type: 'ping';
}
export type ClientFrame = HelloFrame | ActFrame | CheckFrame | HintRequestFrame | BackFrame | PingFrame;

// ------------------------------------------------------------------ server → client

export interface WelcomeFrame {
  type: 'welcome';
  seq: number;
  seat: number | null;
  room: RoomInfo;
  observation: Observation;
  table?: Table;
}

export interface EventFrame {
  type: 'event';
  seq: number;
  event: GameEvent;
  settled: boolean;
  /** Present on settled event frames. */
  table?: Table;
}

export interface Ack {
  type: 'ack';
  seq: number;
  id: string;
  number: number;
  duplicate: boolean;
}

export interface Verdict {
  type: 'verdict';
  seq: number;
  id: string;
  legal: boolean;
  combination: Combination | null;
  /** Card points (R-S1) of the checked cards, for play and bury. */
  points?: number | null;
  rule?: string | null;
  reason?: string | null;
  message?: string | null;
  /** `message` in parts (its words, cards and seats). */
  parts?: MessagePart[] | null;
  cards?: string | null;
  details?: Record<string, unknown> | null;
}

export type ErrorCode =
  | 'bad-frame'
  | 'hello-first'
  | 'bad-token'
  | 'no-spectators'
  | 'not-seated'
  | 'not-started'
  | 'illegal'
  | 'rate-limited'
  | 'room-closed'
  | 'server-error';

export interface ErrorFrame {
  type: 'error';
  seq: number;
  code: ErrorCode;
  message: string;
  id?: string | null;
  rule?: string | null;
  reason?: string | null;
  /** For `illegal`: `message` in parts (its words, cards and seats). */
  parts?: MessagePart[] | null;
  cards?: string | null;
  details?: Record<string, unknown> | null;
  retry_after?: number | null;
}

export interface RoomFrame {
  type: 'room';
  seq: number;
  room: RoomInfo;
}

export interface NoticeFrame {
  type: 'notice';
  seq: number;
  notice: 'restarting' | 'closed';
  message: string;
}

export interface PongFrame {
  type: 'pong';
  seq: number;
}

export interface HintFrame {
  type: 'hint';
  seq: number;
  id: string;
  action: Action | null;
}

export type ServerFrame =
  | WelcomeFrame
  | EventFrame
  | Ack
  | Verdict
  | ErrorFrame
  | RoomFrame
  | NoticeFrame
  | PongFrame
  | HintFrame;

// ------------------------------------------------------------------ HTTP bodies

/** Any HTTP refusal: {"error": CODE, "message": SENTENCE}. */
export interface HttpError {
  error: string;
  message?: string;
}

export interface SeatPlan {
  /** "human" or a bot ("random", "heuristic", "search"). */
  player: string;
  name?: string;
}

export interface CreateRoomBody {
  rules?: string | RuleSpec;
  seats?: SeatPlan[];
  clock_s?: number | null;
  spectators?: boolean;
  listed?: boolean;
  stand_in?: string;
  round_limit?: number | null;
  seed?: number | null;
}

export interface CreatedRoom {
  code: string;
  admin_token: string;
  room: RoomInfo;
}

export interface TakenSeat {
  seat: number;
  token: string;
  room: RoomInfo;
}

export interface RematchAnswer {
  code: string;
  seat: number;
  token: string;
  room: RoomInfo;
}

export interface ListedRoom {
  code: string;
  rules: RuleSpec;
  open_seats: number[];
  names: string[];
  /** Who plays each seat: "human" or a bot's player spec. */
  players: string[];
}

/** A choice of a choice option: its value, and a msgid (a seat's holds {n}: `n`). */
export interface MetaChoice {
  value: string | number;
  label: string;
  n?: number;
}

/** A number of the scoring option (R-S3): its range; `none_label` when it may be null. */
export interface MetaField {
  name: string;
  label: string;
  help: string;
  min: number;
  max: number;
  none_label?: string;
}

export interface MetaOption {
  name: string;
  kind: 'bool' | 'choice' | 'number' | 'ranks' | 'scoring';
  /** The group of the settings panel it belongs to. */
  group?: string;
  choices?: MetaChoice[];
  min?: number;
  max?: number;
  /** The ranks a `ranks` option may hold, by name ("2" … "T" … "A"). */
  ranks?: string[];
  /** The numbers of a `scoring` option. */
  fields?: MetaField[];
  /** English msgids, shown through the catalog. */
  label: string;
  help: string;
}

/** A group of the settings panel: its heading (a msgid), open or folded at first. */
export interface MetaGroup {
  name: string;
  label: string;
  open: boolean;
}

export interface Meta {
  languages: { code: string; name: string }[];
  presets: Record<string, Record<string, RuleValue>>;
  options: MetaOption[];
  groups?: MetaGroup[];
  players: string[];
  clock: { min: number; max: number };
}

export interface CatalogJson {
  lang: string;
  plural_forms: string;
  messages: Record<string, string>;
  plurals: Record<string, string[]>;
  contexts: Record<string, string>;
}

export interface ReplayStep {
  kind: 'start' | 'trick' | 'end';
  trick: number | null;
  /** All four hands, grouped as the server groups them. */
  hands: HandGroup[][];
  /** The spectator's observation at that moment. */
  observation: Observation;
}

export interface ReplayRound {
  number: number;
  steps: ReplayStep[];
  result: RoundResultJson | null;
}

export interface Replay {
  rules: RuleSpec;
  seats: (string | null)[];
  rounds: ReplayRound[];
}
