import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Lobby, seatedNames } from '../src/lobby/Lobby';
import type { Meta } from '../src/protocol';

const meta: Meta = {
  languages: [{ code: 'en', name: 'English' }],
  presets: {
    standard: { follow_tractor_first: false, talon_multiplier: 'cards', throw_penalty: 10 },
    classic: { follow_tractor_first: true, talon_multiplier: 'largest_part', throw_penalty: 0 },
  },
  options: [
    { name: 'follow_tractor_first', kind: 'bool', label: 'Follow a tractor with a tractor', help: 'R-P5' },
    {
      name: 'talon_multiplier',
      kind: 'choice',
      choices: [
        { value: 'cards', label: 'cards' },
        { value: 'largest_part', label: 'largest part' },
      ],
      label: 'Talon bonus',
      help: 'R-S2',
    },
    { name: 'throw_penalty', kind: 'number', min: 0, max: 200, label: 'Failed throw penalty', help: 'R-H3' },
  ],
  players: ['human', 'random', 'heuristic', 'search'],
  clock: { min: 5, max: 600 },
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let calls: { url: string; body: unknown; auth: string | null }[];

beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/');
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      // what the lobby reads as it opens: the offer and the listed rooms
      if (url === '/api/meta') return answer(200, meta);
      if (url === '/api/rooms' && init.method === undefined) return answer(200, { rooms: [] });
      const body = init.body === undefined ? null : (JSON.parse(String(init.body)) as unknown);
      calls.push({ url, body, auth: new Headers(init.headers).get('Authorization') });
      if (url === '/api/rooms') return answer(201, { code: 'ROOMCODE2345', admin_token: 'admin-token-0123456789', room: {} });
      if (url.startsWith('/api/rooms/ROOMCODE2345/seats/')) return answer(201, { seat: 2, token: 'seat-token-0123456789', room: {} });
      return answer(404, { error: 'no-room', message: 'no room' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Control = HTMLInputElement & HTMLSelectElement;

/** The lobby, once the server's offer is in (the create form is there, folded). */
async function lobby() {
  const page = render(<Lobby />);
  await waitFor(() => expect(page.queryByTestId('preset')).not.toBeNull());
  const get = (id: string) => page.getByTestId(id) as Control;
  return { page, get };
}

/** The lobby with its room settings opened. */
async function settings() {
  const opened = await lobby();
  fireEvent.click(opened.get('room-settings'));
  return opened;
}

/** Whether `element` is inside a part of the page that is hidden. */
function folded(element: Element): boolean {
  return element.closest('[hidden]') !== null;
}

describe('the quick game', () => {
  it('opens with Play now and the room settings folded under a button that says so', async () => {
    const { get } = await lobby();
    const toggle = get('room-settings');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(folded(get('create-form'))).toBe(true);
    expect(folded(get('play-now'))).toBe(false);
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(body?.contains(get('create-form'))).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(folded(get('create-form'))).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(folded(get('create-form'))).toBe(true);
  });

  it('creates a room of you and three heuristic bots with the default rules, takes seat 0 and opens it', async () => {
    localStorage.setItem('tuolaji.prefs', JSON.stringify({ name: 'Kay' }));
    const { page, get } = await lobby();
    expect(page.getByText('You play as Kay.')).toBeTruthy();
    fireEvent.click(get('play-now'));
    await waitFor(() => expect(location.pathname).toBe('/r/ROOMCODE2345'));
    expect(calls).toEqual([
      {
        url: '/api/rooms',
        auth: null,
        body: {
          rules: 'standard',
          seats: [{ player: 'human', name: 'Kay' }, { player: 'heuristic' }, { player: 'heuristic' }, { player: 'heuristic' }],
        },
      },
      { url: '/api/rooms/ROOMCODE2345/seats/0', auth: null, body: { name: 'Kay' } },
    ]);
    expect(localStorage.getItem('tuolaji.admin.ROOMCODE2345')).toBe('admin-token-0123456789');
    expect(localStorage.getItem('tuolaji.seat.ROOMCODE2345')).not.toBeNull();
  });

  it('sits you down as Player when no name is saved, and under the name typed in the settings', async () => {
    const { page, get } = await lobby();
    expect(page.getByText('You play as Player.')).toBeTruthy();
    fireEvent.click(get('change-name'));
    expect(get('room-settings').getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(get('your-name')));
    fireEvent.input(get('your-name'), { target: { value: ' Bo ' } });
    expect(page.getByText('You play as Bo.')).toBeTruthy();
    fireEvent.click(get('play-now'));
    await waitFor(() => expect(calls.length).toBe(2));
    expect((calls[0]?.body as { seats: unknown[] }).seats[0]).toEqual({ player: 'human', name: 'Bo' });
    expect(calls[1]?.body).toEqual({ name: 'Bo' });
  });

  it('passes the seed of ?seed=N for the test suite', async () => {
    history.replaceState(null, '', '/?seed=7');
    const { get } = await lobby();
    fireEvent.click(get('play-now'));
    await waitFor(() => expect(calls.length).toBe(2));
    expect(calls[0]?.body).toMatchObject({ seed: 7 });
  });

  it('shows a refusal in words, stays on the lobby and may be tried again', async () => {
    const { page, get } = await lobby();
    vi.stubGlobal('fetch', vi.fn(async () => answer(429, { error: 'rate-limited', message: 'too many rooms' })));
    fireEvent.click(get('play-now'));
    await waitFor(() => expect(page.getByRole('alert').textContent).toBe('Too many requests: wait a moment and try again.'));
    expect(location.pathname).toBe('/');
    expect(localStorage.getItem('tuolaji.prefs')).toBeNull();
    expect(get('play-now').disabled).toBe(false);
  });
});

describe('the create form', () => {
  it('creates the room with every option, your seat a person, takes the seat and goes to the room', async () => {
    const { get } = await settings();
    fireEvent.change(get('preset'), { target: { value: 'classic' } });
    expect(get('option-follow_tractor_first').checked).toBe(true);
    expect(get('option-talon_multiplier').value).toBe('largest_part');
    fireEvent.input(get('option-throw_penalty'), { target: { value: '20' } });
    fireEvent.change(get('seat-plan-2'), { target: { value: 'search' } });
    fireEvent.change(get('your-seat'), { target: { value: '2' } });
    expect(get('seat-plan-2').value).toBe('human');
    fireEvent.change(get('seat-plan-0'), { target: { value: 'random' } });
    fireEvent.input(get('your-name'), { target: { value: '  Ana  ' } });
    fireEvent.input(get('clock'), { target: { value: '45' } });
    fireEvent.click(get('spectators'));
    fireEvent.click(get('create-room'));
    await waitFor(() => expect(location.pathname).toBe('/r/ROOMCODE2345'));
    expect(calls[0]).toEqual({
      url: '/api/rooms',
      auth: null,
      body: {
        // only what differs from the preset
        rules: { preset: 'classic', throw_penalty: 20 },
        seats: [{ player: 'random' }, { player: 'heuristic' }, { player: 'human', name: 'Ana' }, { player: 'heuristic' }],
        clock_s: 45,
        spectators: false,
        listed: false,
        round_limit: null,
      },
    });
    expect(calls[1]).toEqual({ url: '/api/rooms/ROOMCODE2345/seats/2', auth: null, body: { name: 'Ana' } });
    expect(JSON.parse(localStorage.getItem('tuolaji.seat.ROOMCODE2345') ?? 'null')).toEqual({
      seat: 2,
      token: 'seat-token-0123456789',
      name: 'Ana',
    });
    expect(localStorage.getItem('tuolaji.admin.ROOMCODE2345')).toBe('admin-token-0123456789');
    expect(JSON.parse(localStorage.getItem('tuolaji.prefs') ?? '{}')).toMatchObject({ name: 'Ana' });
  });

  it('passes the seed of ?seed=N for the test suite', async () => {
    history.replaceState(null, '', '/?seed=42');
    const { page } = await settings();
    fireEvent.click(page.getByTestId('create-room'));
    await waitFor(() => expect(calls.length).toBe(2));
    expect(calls[0]?.body).toMatchObject({ seed: 42 });
  });

  it('refuses a clock out of range before asking the server', async () => {
    const { page } = await settings();
    fireEvent.input(page.getByTestId('clock'), { target: { value: '2' } });
    const button = page.getByTestId('create-room') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.submit(page.getByTestId('create-form'));
    expect(calls).toEqual([]);
  });

  it('shows a refusal of the server in words and stays on the lobby', async () => {
    const { page } = await settings();
    vi.stubGlobal('fetch', vi.fn(async () => answer(429, { error: 'rate-limited', message: 'too many rooms' })));
    fireEvent.click(page.getByTestId('create-room'));
    await waitFor(() => expect(page.getByRole('alert').textContent).toBe('Too many requests: wait a moment and try again.'));
    expect(location.pathname).toBe('/');
    expect(localStorage.length).toBe(0);
  });
});

describe('the listed rooms', () => {
  it('name who sits at a room as its table does, open seats counted apart', () => {
    const room = {
      code: 'ROOMCODE2345',
      rules: { preset: 'standard' as const },
      open_seats: [1, 2],
      names: ['Ana', 'Bo', '', 'search:guesses=40'],
      players: ['human', 'human', 'human', 'search:guesses=40'],
    };
    // Bo keeps seat 1 open under his name; seat 2 is open and unnamed
    expect(seatedNames(room)).toBe('Ana, Bo, Bot 1 (search)');
  });
});
