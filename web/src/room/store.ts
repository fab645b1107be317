// The state of one room as the table shows it, and what the table can do.
//
// The state is a pure function of the frames received (`reduce`), so it is tested
// without a socket. The table itself always comes whole from the server: the latest
// `table` snapshot (welcome or settled event), never folded here from events: the client
// holds no rules. `recent` keeps the events that led to the current snapshot, so the
// table can animate and announce them: recent[i] is event number
// lastSeq - recent.length + 1 + i.

import { useEffect, useMemo, useReducer, useRef } from 'preact/hooks';
import { currentLanguage, onLanguageChange, testHooks } from '../i18n';
import { forgetSeat, loadSeat, saveSeat } from '../prefs';
import type {
  Ack,
  Action,
  ActionKind,
  ErrorFrame,
  GameEvent,
  NoticeFrame,
  RoomInfo,
  ServerFrame,
  Table,
  Verdict,
  WelcomeFrame,
} from '../protocol';
import { rematchRoom } from '../api';
import { navigate } from '../router';
import { RoomConnection, type ConnectionState } from './connection';

export interface RoomView {
  code: string;
  seat: number | null;
  room: RoomInfo | null;
  table: Table | null;
  /** Events since the last table snapshot (for announcing / animating). */
  recent: GameEvent[];
  connection: ConnectionState;
  /** The last refusal of this client's action (cleared on the next act). */
  refusal: ErrorFrame | null;
  /** The last round-end event until dismissed. */
  roundEnd: GameEvent | null;
  /** The point cards each team won in that round, from the table the server sent with
   * it (the next round's snapshot no longer holds them once its deal starts). */
  roundEndCards: [string, string] | null;
  gameOver: boolean;
  lastSeq: number;
  /** Whether the last event applied was settled: the table is the one the game stands
   * in (between two events of one action it may lag behind `recent`). */
  settled: boolean;
  /** Why the connection stopped for good or is waiting: an error or notice code
   * ("bad-token", "no-spectators", "room-closed", "closed", "restarting"); null when
   * all is well. Show it with errorText(). */
  problem: string | null;
}

export interface RoomActions {
  act(kind: ActionKind, cards: string): Promise<Ack | ErrorFrame>;
  check(kind: ActionKind, cards: string): Promise<Verdict>;
  hint(): Promise<Action | null>;
  back(): void;
  dismissRoundEnd(): void;
  /** Forget the last refusal: the choice it was about has changed. */
  dismissRefusal(): void;
  rematch(): Promise<void>;
}

/** What the page itself tells the reducer (not frames of the server). */
export type LocalSignal =
  | { type: 'connection'; state: ConnectionState }
  | { type: 'acting' }
  | { type: 'dismiss-round-end' }
  | { type: 'dismiss-refusal' }
  | { type: 'fatal'; code: string };

/** The most events `recent` keeps (a catch-up may bring a thousand). */
export const RECENT_LIMIT = 200;

/** The view of room `code` before anything is heard. */
export function initialView(code: string, seat: number | null): RoomView {
  return {
    code,
    seat,
    room: null,
    table: null,
    recent: [],
    connection: 'connecting',
    refusal: null,
    roundEnd: null,
    roundEndCards: null,
    gameOver: false,
    lastSeq: 0,
    settled: true,
    problem: null,
  };
}

/** A table for a welcome without one (a server older than table snapshots): the
 * observation only. */
function tableOf(frame: WelcomeFrame): Table {
  return frame.table ?? { observation: frame.observation, hand_groups: [], actions: [], declarations: [] };
}

function isOver(room: RoomInfo | null, table: Table | null): boolean {
  return room?.status === 'finished' || table?.observation.phase === 'over';
}

/** The view after `frame`: a frame of the server or a signal of the page. */
export function reduce(view: RoomView, frame: ServerFrame | LocalSignal): RoomView {
  switch (frame.type) {
    case 'welcome': {
      const table = tableOf(frame);
      return {
        ...view,
        seat: frame.seat,
        room: frame.room,
        table,
        recent: [],
        lastSeq: frame.seq,
        settled: true,
        gameOver: view.gameOver || isOver(frame.room, table),
        problem: null,
      };
    }
    case 'event': {
      if (frame.seq <= view.lastSeq) return view; // applied already
      // the events since the last snapshot: a new batch starts after a settled one
      const recent = (view.settled ? [] : view.recent).concat([frame.event]).slice(-RECENT_LIMIT);
      const table = frame.settled && frame.table !== undefined ? frame.table : view.table;
      const event = frame.event;
      // the table that settles a round's last batch counts that round's point cards
      const endsRound = frame.settled && recent.some((seen) => seen.type === 'round_ended');
      return {
        ...view,
        recent,
        table,
        settled: frame.settled,
        lastSeq: frame.seq,
        roundEnd: event.type === 'round_ended' ? event : view.roundEnd,
        roundEndCards: endsRound ? (frame.table?.point_cards ?? null) : view.roundEndCards,
        gameOver: view.gameOver || event.type === 'game_over',
      };
    }
    case 'room':
      return { ...view, room: frame.room, gameOver: view.gameOver || frame.room.status === 'finished' };
    case 'error':
      // a refusal of one of this client's actions; other errors are the connection's
      if (frame.id !== null && frame.id !== undefined && frame.code !== 'rate-limited') {
        return { ...view, refusal: frame };
      }
      return view;
    case 'notice':
      return { ...view, problem: frame.notice };
    case 'connection':
      return {
        ...view,
        connection: frame.state,
        problem: frame.state === 'open' ? null : view.problem,
      };
    case 'acting':
      return view.refusal === null ? view : { ...view, refusal: null };
    case 'dismiss-round-end':
      return { ...view, roundEnd: null, roundEndCards: null };
    case 'dismiss-refusal':
      return view.refusal === null ? view : { ...view, refusal: null };
    case 'fatal':
      return { ...view, problem: frame.code, connection: 'closed' };
    default:
      return view; // ack, verdict, hint, pong: answers to questions, not state
  }
}

function socketUrl(code: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/${encodeURIComponent(code)}`;
}

/** The live view of room `code` and its actions, over a connection kept open while the
 * component is mounted. The seat is the one saved for the room (none: watching). */
export function useRoom(code: string): { view: RoomView; actions: RoomActions } {
  const [view, dispatch] = useReducer(reduce, null, () => initialView(code, loadSeat(code)?.seat ?? null));
  const connection = useRef<RoomConnection | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;

  useEffect(() => {
    const seat = loadSeat(code);
    const live = new RoomConnection({
      url: socketUrl(code),
      token: seat?.token ?? null,
      lang: currentLanguage,
      onFrame: (frame) => dispatch(frame),
      onState: (state) => dispatch({ type: 'connection', state }),
      onFatal: (frame: ErrorFrame | NoticeFrame) => {
        const why = frame.type === 'error' ? frame.code : frame.notice;
        // a token the room does not know holds no seat: forget it, so the page offers
        // the seats again
        if (why === 'bad-token') forgetSeat(code);
        dispatch({ type: 'fatal', code: why });
      },
    });
    connection.current = live;
    live.start();
    // the end-to-end tests read the room state through window.__tuolaji.state()
    const hooks = testHooks();
    hooks.state = () => viewRef.current;
    // refusals come in the hello's language: say hello again in the new one
    const unsubscribe = onLanguageChange(() => live.reconnect());
    return () => {
      unsubscribe();
      live.stop();
      connection.current = null;
      hooks.state = () => ({});
    };
  }, [code]);

  const actions = useMemo<RoomActions>(
    () => ({
      act(kind, cards) {
        dispatch({ type: 'acting' });
        const live = connection.current;
        if (live === null) return Promise.reject(new Error('not connected'));
        return live.act({ kind, cards });
      },
      check(kind, cards) {
        const live = connection.current;
        if (live === null) return Promise.reject(new Error('not connected'));
        return live.check({ kind, cards });
      },
      hint() {
        const live = connection.current;
        if (live === null) return Promise.resolve(null);
        return live.hint();
      },
      back() {
        connection.current?.back();
      },
      dismissRoundEnd() {
        dispatch({ type: 'dismiss-round-end' });
      },
      dismissRefusal() {
        dispatch({ type: 'dismiss-refusal' });
      },
      async rematch() {
        const current = viewRef.current;
        const seat = loadSeat(code);
        if (seat === null) {
          // a spectator follows the rematch once a player made one
          const next = current.room?.rematch;
          if (next) navigate(`/r/${next}`);
          return;
        }
        const answer = await rematchRoom(code, seat.token);
        saveSeat(answer.code, { seat: answer.seat, token: answer.token, name: seat.name });
        navigate(`/r/${answer.code}`);
      },
    }),
    [code],
  );
  return { view, actions };
}
