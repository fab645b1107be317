import { beforeEach, describe, expect, it } from 'vitest';
import type { ClientFrame, ErrorFrame, NoticeFrame, ServerFrame } from '../src/protocol';
import {
  MAX_DELAY_MS,
  PING_MS,
  QUESTION_TIMEOUT_MS,
  RoomConnection,
  backoffDelay,
  type ConnectionState,
  type PageEvents,
  type SocketLike,
  type Timers,
} from '../src/room/connection';
import { eventFrame, welcome } from './fixtures';

/** A socket the test drives: it records what the client sends. */
class FakeSocket implements SocketLike {
  sent: ClientFrame[] = [];
  closed: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientFrame);
  }
  close(code = 1000): void {
    this.closed = code;
  }
  open(): void {
    this.onopen?.({});
  }
  receive(frame: ServerFrame): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(): void {
    this.onclose?.({});
  }
}

/** Timers the test moves by hand. */
class FakeTimers implements Timers {
  time = 0;
  private next = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();
  setTimeout(callback: () => void, ms: number): number {
    const id = this.next++;
    this.pending.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  now(): number {
    return this.time;
  }
  /** Runs every timer due within `ms`, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (due === undefined) break;
      this.pending.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }
  /** The delays of the timers pending now. */
  delays(): number[] {
    return [...this.pending.values()].map((timer) => timer.at - this.time);
  }
}

class FakePage implements PageEvents {
  shown = true;
  readonly listeners = new Map<string, Set<() => void>>();
  addEventListener(type: string, listener: () => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }
  visible(): boolean {
    return this.shown;
  }
  fire(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

let sockets: FakeSocket[];
let timers: FakeTimers;
let page: FakePage;
let frames: ServerFrame[];
let states: ConnectionState[];
let fatal: (ErrorFrame | NoticeFrame)[];

function connection(token: string | null = 'tok-0123456789abcdef'): RoomConnection {
  return new RoomConnection({
    url: 'ws://127.0.0.1:8000/ws/JRK4GKGT4JKZ',
    token,
    lang: () => 'es',
    onFrame: (frame) => frames.push(frame),
    onState: (state) => states.push(state),
    onFatal: (frame) => fatal.push(frame),
    socket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    timers,
    page,
    idPrefix: 'wtest',
  });
}

function last(): FakeSocket {
  const socket = sockets[sockets.length - 1];
  if (socket === undefined) throw new Error('no socket');
  return socket;
}

beforeEach(() => {
  sockets = [];
  timers = new FakeTimers();
  page = new FakePage();
  frames = [];
  states = [];
  fatal = [];
});

describe('backoffDelay', () => {
  it('doubles from 0.5 s up to 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(backoffDelay)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });
});

describe('RoomConnection', () => {
  it('says hello with the token and language, then is open on the welcome', () => {
    const live = connection();
    live.start();
    expect(states).toEqual(['connecting']);
    last().open();
    expect(last().sent).toEqual([{ type: 'hello', lang: 'es', token: 'tok-0123456789abcdef' }]);
    last().receive(welcome(7));
    expect(states).toEqual(['connecting', 'open']);
    expect(live.seq).toBe(7);
    expect(frames.map((frame) => frame.type)).toEqual(['welcome']);
  });

  it('watches without a token', () => {
    connection(null).start();
    last().open();
    expect(last().sent).toEqual([{ type: 'hello', lang: 'es' }]);
  });

  it('reconnects with back-off and resumes from the last seq applied', () => {
    connection().start();
    last().open();
    last().receive(welcome(7));
    last().receive(eventFrame(8, { type: 'passed', seat: 1 }));
    const delays: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      last().drop();
      expect(states[states.length - 1]).toBe('connecting');
      delays.push(Math.min(...timers.delays()));
      timers.advance(delays[delays.length - 1] ?? 0);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, MAX_DELAY_MS]);
    expect(sockets.length).toBe(7);
    last().open();
    expect(last().sent[0]).toEqual({ type: 'hello', lang: 'es', token: 'tok-0123456789abcdef', last_seq: 8 });
    // caught up: the back-off starts again from 0.5 s
    last().receive(eventFrame(9, { type: 'passed', seat: 2 }));
    last().drop();
    expect(Math.min(...timers.delays())).toBe(500);
  });

  it('sends an unacknowledged act again with the same id after reconnecting, once', async () => {
    const live = connection();
    live.start();
    last().open();
    last().receive(welcome(7));
    const answer = live.act({ kind: 'play', cards: 'QH QH' });
    const act = last().sent[1];
    expect(act).toEqual({ type: 'act', id: 'wtest-a1', action: { kind: 'play', cards: 'QH QH' } });
    last().drop();
    timers.advance(500);
    last().open();
    expect(last().sent).toEqual([{ type: 'hello', lang: 'es', token: 'tok-0123456789abcdef', last_seq: 7 }]);
    // sent again only once the server answered the hello (a catch-up here)
    last().receive(eventFrame(8, { type: 'played', seat: 0, cards: 'QH QH' }));
    expect(last().sent[1]).toEqual(act);
    last().receive({ type: 'ack', seq: 8, id: 'wtest-a1', number: 40, duplicate: true });
    await expect(answer).resolves.toMatchObject({ type: 'ack', duplicate: true });
    last().drop();
    timers.advance(500);
    last().open();
    last().receive(welcome(9));
    expect(last().sent.filter((frame) => frame.type === 'act')).toEqual([]);
  });

  it('answers an act with its refusal, and passes the refusal on', async () => {
    const live = connection();
    live.start();
    last().open();
    last().receive(welcome(7));
    const answer = live.act({ kind: 'play', cards: '5H' });
    const refusal: ErrorFrame = { type: 'error', seq: 7, code: 'illegal', id: 'wtest-a1', message: 'Not allowed (R-P3): …', rule: 'R-P3' };
    last().receive(refusal);
    await expect(answer).resolves.toEqual(refusal);
    expect(frames[frames.length - 1]).toEqual(refusal);
  });

  it('sends a rate-limited act again after retry_after, without showing the limit', () => {
    const live = connection();
    live.start();
    last().open();
    last().receive(welcome(7));
    void live.act({ kind: 'pass', cards: '' });
    last().receive({ type: 'error', seq: 7, code: 'rate-limited', id: 'wtest-a1', message: 'slow down', retry_after: 0.25 });
    expect(last().sent.length).toBe(2);
    timers.advance(250);
    expect(last().sent.length).toBe(3);
    expect(last().sent[2]).toEqual(last().sent[1]);
    expect(frames.map((frame) => frame.type)).toEqual(['welcome']);
  });

  it('answers checks and hints, and gives them up after a while', async () => {
    const live = connection();
    live.start();
    last().open();
    last().receive(welcome(7));
    const verdict = live.check({ kind: 'play', cards: 'QH QH' });
    last().receive({ type: 'verdict', seq: 7, id: 'wtest-c1', legal: true, combination: { kind: 'pair', suit: 'trump', size: 2, parts: ['pair'] }, points: 0 });
    await expect(verdict).resolves.toMatchObject({ legal: true, points: 0 });
    const hint = live.hint();
    expect(last().sent[last().sent.length - 1]).toEqual({ type: 'hint', id: 'wtest-h2' });
    last().receive({ type: 'hint', seq: 7, id: 'wtest-h2', action: { kind: 'play', cards: 'AS' } });
    await expect(hint).resolves.toEqual({ kind: 'play', cards: 'AS' });
    const lost = live.check({ kind: 'play', cards: 'AS' });
    timers.advance(QUESTION_TIMEOUT_MS);
    await expect(lost).rejects.toThrow('no answer');
    const refused = live.hint();
    last().receive({ type: 'error', seq: 7, code: 'not-seated', id: 'wtest-h4', message: 'spectators cannot act' });
    await expect(refused).rejects.toThrow('spectators');
  });

  it('skips events applied already, and starts afresh when one is missing', () => {
    const live = connection();
    live.start();
    last().open();
    last().receive(welcome(7));
    last().receive(eventFrame(8, { type: 'passed', seat: 1 }));
    last().receive(eventFrame(8, { type: 'passed', seat: 1 }));
    expect(frames.filter((frame) => frame.type === 'event').length).toBe(1);
    const before = sockets.length;
    last().receive(eventFrame(10, { type: 'passed', seat: 3 }));
    expect(frames.filter((frame) => frame.type === 'event').length).toBe(1);
    expect(sockets.length).toBe(before + 1);
    expect(sockets[before - 1]?.closed).toBe(1000);
    last().open();
    expect(last().sent[0]).toEqual({ type: 'hello', lang: 'es', token: 'tok-0123456789abcdef' });
    expect(live.seq).toBeNull();
  });

  it('waits a moment after a restarting notice, then reconnects', () => {
    connection().start();
    last().open();
    last().receive(welcome(7));
    last().receive({ type: 'notice', seq: 7, notice: 'restarting', message: 'the server is restarting' });
    last().drop();
    expect(timers.delays()).toContain(1000);
    timers.advance(1000);
    expect(sockets.length).toBe(2);
    expect(fatal).toEqual([]);
  });

  it('stops for good on a bad token, a closed room or a closed notice', () => {
    for (const frame of [
      { type: 'error', seq: 0, code: 'bad-token', message: 'no seat' },
      { type: 'error', seq: 0, code: 'room-closed', message: 'this room is closed' },
      { type: 'notice', seq: 9, notice: 'closed', message: 'idle' },
    ] as const) {
      sockets = [];
      fatal = [];
      states = [];
      const live = connection();
      live.start();
      last().open();
      last().receive(frame);
      expect(fatal).toEqual([frame]);
      expect(states[states.length - 1]).toBe('closed');
      timers.advance(60_000);
      expect(sockets.length).toBe(1);
      live.stop();
    }
  });

  it('reconnects at once when the browser is back online or the page is shown', () => {
    connection().start();
    last().open();
    last().receive(welcome(7));
    last().drop();
    expect(sockets.length).toBe(1);
    page.fire('online');
    expect(sockets.length).toBe(2);
    last().drop();
    page.shown = false;
    page.fire('visibilitychange');
    expect(sockets.length).toBe(2);
    page.shown = true;
    page.fire('visibilitychange');
    expect(sockets.length).toBe(3);
    // shown again while connected: a ping checks the connection still answers
    last().open();
    last().receive(welcome(7));
    page.fire('visibilitychange');
    expect(last().sent[last().sent.length - 1]).toEqual({ type: 'ping' });
  });

  it('pings every 20 s and takes a silent connection for dead', () => {
    connection().start();
    last().open();
    last().receive(welcome(7));
    timers.advance(PING_MS);
    expect(last().sent[last().sent.length - 1]).toEqual({ type: 'ping' });
    last().receive({ type: 'pong', seq: 7 });
    timers.advance(PING_MS);
    expect(last().sent.filter((frame) => frame.type === 'ping').length).toBe(2);
    // no answer for more than two pings: closed and connected again
    timers.advance(PING_MS * 2);
    expect(sockets[0]?.closed).toBe(4000);
    timers.advance(500);
    expect(sockets.length).toBe(2);
  });

  it('reconnect() says hello again at once, in the language now in force, from the last seq', () => {
    let lang = 'es';
    const live = new RoomConnection({
      url: 'ws://127.0.0.1:8000/ws/JRK4GKGT4JKZ',
      token: null,
      lang: () => lang,
      onFrame: () => undefined,
      onState: () => undefined,
      onFatal: () => undefined,
      socket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      timers,
      page: null,
    });
    live.start();
    last().open();
    last().receive(welcome(7, { seat: null }));
    lang = 'lv';
    live.reconnect();
    expect(sockets[0]?.closed).toBe(1000);
    expect(sockets.length).toBe(2);
    last().open();
    expect(last().sent[0]).toEqual({ type: 'hello', lang: 'lv', last_seq: 7 });
    live.stop();
  });

  it('stop() closes the socket, gives up questions and never reconnects', async () => {
    const live = connection();
    live.start();
    last().open();
    last().receive(welcome(7));
    const question = live.check({ kind: 'play', cards: 'AS' });
    live.stop();
    await expect(question).rejects.toThrow('stopped');
    expect(last().closed).toBe(1000);
    expect(states[states.length - 1]).toBe('closed');
    timers.advance(60_000);
    page.fire('online');
    expect(sockets.length).toBe(1);
    expect(page.listeners.get('online')?.size).toBe(0);
  });
});
