// One room's WebSocket, kept alive (design11.md "Connection", docs/protocol.md
// "Reconnecting"): hello with the seat token, the last seq applied and the language;
// reconnect with exponential back-off (0.5 s … 8 s) when the socket closes, after a
// "restarting" notice, and at once when the browser comes back online or the page
// becomes visible again; acts not yet acknowledged are sent again with the same id (the
// server applies an id once); a ping every 20 s, and a connection that has said nothing
// for two pings is taken as dead.

import type {
  Ack,
  Action,
  ClientFrame,
  ErrorCode,
  ErrorFrame,
  HelloFrame,
  NoticeFrame,
  ServerFrame,
  Verdict,
} from '../protocol';

export type ConnectionState = 'connecting' | 'open' | 'closed';

/** The part of a WebSocket this module uses (a fake one in tests). */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** Where online/visibilitychange come from, and whether the page is visible. */
export interface PageEvents {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  visible(): boolean;
}

export interface ConnectionOptions {
  /** ws(s)://host/ws/CODE */
  url: string;
  /** The seat token, or null to watch. */
  token: string | null;
  /** The language refusal sentences should come in. */
  lang: () => string;
  /** Every frame, in order (events only once each, in seq order). */
  onFrame: (frame: ServerFrame) => void;
  onState: (state: ConnectionState) => void;
  /** The server refused this connection for good (bad token, no spectators, room
   * closed): no more reconnecting. */
  onFatal: (frame: ErrorFrame | NoticeFrame) => void;
  socket?: SocketFactory;
  timers?: Timers;
  page?: PageEvents | null;
  /** A prefix for action ids, unique to this page. */
  idPrefix?: string;
}

export const MIN_DELAY_MS = 500;
export const MAX_DELAY_MS = 8000;
export const PING_MS = 20_000;
/** A check or hint not answered within this is given up. */
export const QUESTION_TIMEOUT_MS = 10_000;

/** Errors after which reconnecting cannot help. */
const FATAL: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['bad-token', 'no-spectators', 'hello-first']);

/** The wait before reconnect attempt `attempt` (0, 1, 2…): 0.5 s, 1 s, 2 s … 8 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** Math.max(0, attempt));
}

interface PendingAct {
  frame: ClientFrame;
  resolve: (answer: Ack | ErrorFrame) => void;
}

interface PendingQuestion<T> {
  frame: ClientFrame;
  resolve: (answer: T) => void;
  reject: (error: Error) => void;
  timer: unknown;
}

function randomPrefix(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return 'w' + Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('');
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

function browserPage(): PageEvents | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  return {
    addEventListener: (type, listener) =>
      (type === 'visibilitychange' ? document : window).addEventListener(type, listener),
    removeEventListener: (type, listener) =>
      (type === 'visibilitychange' ? document : window).removeEventListener(type, listener),
    visible: () => document.visibilityState !== 'hidden',
  };
}

/** A room's connection: start() it, then act/check/hint; stop() ends it. */
export class RoomConnection {
  private socket: SocketLike | null = null;
  private state: ConnectionState = 'closed';
  private stopped = true;
  /** Whether the server has answered this socket's hello (welcome, catch-up or room). */
  private greeted = false;
  private attempts = 0;
  private reconnectTimer: unknown = null;
  private pingTimer: unknown = null;
  private lastHeard = 0;
  private nextDelay: number | null = null;
  private counter = 0;
  /** The highest event seq applied (a welcome's seq counts); null: none yet. */
  private lastSeq: number | null = null;
  private readonly acts = new Map<string, PendingAct>();
  private readonly checks = new Map<string, PendingQuestion<Verdict>>();
  private readonly hints = new Map<string, PendingQuestion<Action | null>>();
  private readonly socketFactory: SocketFactory;
  private readonly timers: Timers;
  private readonly page: PageEvents | null;
  private readonly idPrefix: string;
  private readonly wake = (): void => this.wakeUp();

  constructor(private readonly options: ConnectionOptions) {
    this.socketFactory = options.socket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.timers = options.timers ?? realTimers;
    this.page = options.page === undefined ? browserPage() : options.page;
    this.idPrefix = options.idPrefix ?? randomPrefix();
  }

  /** Connects, and keeps connecting until stop(). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.page?.addEventListener('online', this.wake);
    this.page?.addEventListener('visibilitychange', this.wake);
    this.connect();
  }

  /** Closes the connection for good; pending questions are given up. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.page?.removeEventListener('online', this.wake);
    this.page?.removeEventListener('visibilitychange', this.wake);
    this.clearTimers();
    this.drop(1000, 'leaving');
    for (const question of [...this.checks.values(), ...this.hints.values()]) {
      this.timers.clearTimeout(question.timer);
      question.reject(new Error('connection stopped'));
    }
    this.checks.clear();
    this.hints.clear();
    this.setState('closed');
  }

  /** Closes the socket and connects again at once (a new language for the hello). */
  reconnect(): void {
    if (this.stopped) return;
    this.attempts = 0;
    this.drop(1000, 'reconnecting');
    this.connect();
  }

  /** Forgets the current socket (closing it) without waiting for its close event. */
  private drop(code: number, reason: string): void {
    const socket = this.socket;
    this.socket = null;
    if (socket === null) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    try {
      socket.close(code, reason);
    } catch {
      // closing a socket that never opened
    }
  }

  /** The highest event seq applied so far. */
  get seq(): number | null {
    return this.lastSeq;
  }

  /** Makes an action; answered by its ack or its refusal. Sent again with the same id
   * after a reconnect until one of them comes. */
  act(action: Action): Promise<Ack | ErrorFrame> {
    const id = this.newId('a');
    const frame: ClientFrame = { type: 'act', id, action };
    return new Promise((resolve) => {
      this.acts.set(id, { frame, resolve });
      if (this.greeted) this.send(frame);
    });
  }

  /** Asks what an action would be (the engine's verdict), changing nothing. */
  check(action: Action): Promise<Verdict> {
    const id = this.newId('c');
    return this.ask(this.checks, { type: 'check', id, action }, id);
  }

  /** Asks what the heuristic bot would do now from this seat (null: nothing to do). */
  hint(): Promise<Action | null> {
    const id = this.newId('h');
    return this.ask(this.hints, { type: 'hint', id }, id);
  }

  /** Takes the seat back from its stand-in bot. */
  back(): void {
    this.send({ type: 'back' });
  }

  private ask<T>(table: Map<string, PendingQuestion<T>>, frame: ClientFrame, id: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        table.delete(id);
        reject(new Error('no answer'));
      }, QUESTION_TIMEOUT_MS);
      table.set(id, { frame, resolve, reject, timer });
      if (this.greeted) this.send(frame);
    });
  }

  private newId(kind: string): string {
    this.counter += 1;
    return `${this.idPrefix}-${kind}${this.counter}`;
  }

  private send(frame: ClientFrame): void {
    if (this.socket === null || this.state === 'closed') return;
    try {
      this.socket.send(JSON.stringify(frame));
    } catch {
      // a socket closing under us: its onclose reconnects and resends
    }
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onState(state);
  }

  private connect(): void {
    this.clearTimers();
    this.greeted = false;
    this.setState('connecting');
    let socket: SocketLike;
    try {
      socket = this.socketFactory(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const hello: HelloFrame = { type: 'hello', lang: this.options.lang() };
      if (this.options.token !== null) hello.token = this.options.token;
      if (this.lastSeq !== null) hello.last_seq = this.lastSeq;
      this.lastHeard = this.timers.now();
      socket.send(JSON.stringify(hello));
      this.schedulePing();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(event.data) as ServerFrame;
      } catch {
        return;
      }
      this.lastHeard = this.timers.now();
      this.receive(frame);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (!this.stopped) this.scheduleReconnect();
    };
    socket.onerror = () => {
      // onclose follows and reconnects
    };
  }

  private receive(frame: ServerFrame): void {
    switch (frame.type) {
      case 'welcome':
        this.lastSeq = frame.seq;
        this.greet();
        break;
      case 'event':
        if (this.lastSeq !== null && frame.seq <= this.lastSeq) return; // seen already
        if (this.lastSeq !== null && frame.seq > this.lastSeq + 1) {
          // an event is missing: start again from a fresh welcome
          this.lastSeq = null;
          this.reconnect();
          return;
        }
        this.lastSeq = frame.seq;
        this.greet();
        break;
      case 'room':
        this.greet();
        break;
      case 'ack': {
        const pending = this.acts.get(frame.id);
        this.acts.delete(frame.id);
        pending?.resolve(frame);
        break;
      }
      case 'verdict':
        this.answer(this.checks, frame.id, frame);
        break;
      case 'hint':
        this.answer(this.hints, frame.id, frame.action);
        break;
      case 'error':
        if (this.refused(frame)) return;
        break;
      case 'notice':
        if (frame.notice === 'restarting') {
          this.nextDelay = 1000; // the new server is up in a moment
        } else {
          this.fatal(frame);
        }
        break;
      default:
        break;
    }
    this.options.onFrame(frame);
  }

  /** Handles an error frame; true when it is not to be shown (handled here). */
  private refused(frame: ErrorFrame): boolean {
    const id = frame.id ?? null;
    if (frame.code === 'rate-limited') {
      const wait = Math.max(50, (frame.retry_after ?? 1) * 1000);
      if (id !== null && this.acts.has(id)) {
        // not looked at by the server: send it again once allowed
        const pending = this.acts.get(id);
        this.timers.setTimeout(() => {
          if (pending !== undefined && this.acts.get(id) === pending && this.greeted) this.send(pending.frame);
        }, wait);
        return true;
      }
      if (!this.greeted) this.nextDelay = Math.max(wait, MIN_DELAY_MS);
      return false;
    }
    if (id !== null) {
      const act = this.acts.get(id);
      if (act !== undefined) {
        this.acts.delete(id);
        act.resolve(frame);
        return false;
      }
      const check = this.checks.get(id) ?? this.hints.get(id);
      if (check !== undefined) {
        this.timers.clearTimeout(check.timer);
        this.checks.delete(id);
        this.hints.delete(id);
        check.reject(new Error(frame.message));
        return true;
      }
    }
    if (FATAL.has(frame.code) || (frame.code === 'room-closed' && !this.greeted)) {
      this.fatal(frame);
    }
    return false;
  }

  private answer<T>(table: Map<string, PendingQuestion<T>>, id: string, value: T): void {
    const pending = table.get(id);
    if (pending === undefined) return;
    table.delete(id);
    this.timers.clearTimeout(pending.timer);
    pending.resolve(value);
  }

  private fatal(frame: ErrorFrame | NoticeFrame): void {
    this.options.onFatal(frame);
    // answers that will never come
    for (const act of this.acts.values()) {
      act.resolve({ type: 'error', seq: frame.seq, code: 'room-closed', message: frame.message, id: null });
    }
    this.acts.clear();
    this.stop();
  }

  /** The server answered the hello: the connection is up; send again what is pending. */
  private greet(): void {
    if (this.greeted) return;
    this.greeted = true;
    this.attempts = 0;
    this.setState('open');
    for (const pending of [...this.acts.values(), ...this.checks.values(), ...this.hints.values()]) {
      this.send(pending.frame);
    }
  }

  private scheduleReconnect(): void {
    this.clearTimers();
    this.greeted = false;
    this.setState('connecting');
    const delay = this.nextDelay ?? backoffDelay(this.attempts);
    this.nextDelay = null;
    this.attempts += 1;
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  private schedulePing(): void {
    if (this.pingTimer !== null) this.timers.clearTimeout(this.pingTimer);
    this.pingTimer = this.timers.setTimeout(() => {
      this.pingTimer = null;
      if (this.socket === null || this.stopped) return;
      if (this.timers.now() - this.lastHeard > 2 * PING_MS + 5000) {
        // silent too long: a dead connection (a phone that slept); start again
        this.drop(4000, 'silent');
        this.scheduleReconnect();
        return;
      }
      this.send({ type: 'ping' });
      this.schedulePing();
    }, PING_MS);
  }

  private clearTimers(): void {
    if (this.reconnectTimer !== null) this.timers.clearTimeout(this.reconnectTimer);
    if (this.pingTimer !== null) this.timers.clearTimeout(this.pingTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
  }

  /** Back online, or the page is shown again: reconnect now if not connected, else
   * make sure the connection still answers. */
  private wakeUp(): void {
    if (this.stopped) return;
    if (this.page !== null && !this.page.visible()) return;
    if (this.socket === null) {
      this.attempts = 0;
      this.connect();
    } else if (this.greeted) {
      this.send({ type: 'ping' });
    }
  }
}
