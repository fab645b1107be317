import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Lobby } from '../src/lobby/Lobby';
import { changedRules, differences, presetValues, problems, valueWords } from '../src/lobby/ruleValues';
import type { Meta, MetaOption } from '../src/protocol';
import { RoomRules } from '../src/room/RoomRules';

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
const SCORING = { step: 40, take_over: 80, opponents_up: 120, shutout_bonus: 1, cap: null };

const options: MetaOption[] = [
  { name: 'follow_tractor_first', kind: 'bool', group: 'following', label: 'Follow a tractor with a tractor', help: '(R-P5).' },
  { name: 'throw_penalty', kind: 'number', group: 'following', min: 0, max: 200, label: 'Failed throw penalty', help: '(R-H3).' },
  {
    name: 'first_round_starter',
    kind: 'choice',
    group: 'declaring',
    choices: [
      { value: 'redeal', label: 'Deal again' },
      { value: 'random', label: 'A seat drawn by chance' },
      { value: 0, label: 'Seat {n}', n: 0 },
      { value: 1, label: 'Seat {n}', n: 1 },
    ],
    label: 'When nobody declares in round 1',
    help: '(R-T6).',
  },
  { name: 'show_talon', kind: 'bool', group: 'talon', label: 'Show the talon after the round', help: '(R-K1).' },
  {
    name: 'scoring',
    kind: 'scoring',
    group: 'scoring',
    label: 'Scoring',
    help: '(R-S3).',
    fields: [
      { name: 'step', label: 'Points a level', help: 'h', min: 1, max: 200 },
      { name: 'take_over', label: 'Points to take over', help: 'h', min: 1, max: 200 },
      { name: 'opponents_up', label: 'Points to go up', help: 'h', min: 1, max: 1000 },
      { name: 'shutout_bonus', label: 'Levels for a shutout', help: 'h', min: 0, max: 12 },
      { name: 'cap', label: 'Most levels a round', help: 'h', min: 1, max: 12, none_label: 'No cap' },
    ],
  },
  { name: 'must_defend', kind: 'ranks', group: 'scoring', ranks: RANKS, label: 'Must-defend ranks', help: '(R-S6).' },
];

const meta: Meta = {
  languages: [{ code: 'en', name: 'English' }],
  presets: {
    standard: {
      follow_tractor_first: false,
      throw_penalty: 10,
      first_round_starter: 'redeal',
      show_talon: true,
      scoring: SCORING,
      must_defend: [],
    },
    shengji: { follow_tractor_first: true, throw_penalty: 0, show_talon: false, must_defend: ['A'] },
  },
  options,
  groups: [
    { name: 'following', label: 'Following and throws', open: true },
    { name: 'declaring', label: 'Declaring and trumps', open: true },
    { name: 'talon', label: 'The talon', open: false },
    { name: 'scoring', label: 'Scoring and levels', open: false },
  ],
  players: ['human', 'heuristic'],
  clock: { min: 5, max: 600 },
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let calls: { url: string; body: unknown; lang: string | null }[];
let refuse: unknown = null;
let listed: unknown[] = [];

beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/');
  calls = [];
  refuse = null;
  listed = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/meta') return answer(200, meta);
      if (url === '/api/rooms' && init.method === undefined) return answer(200, { rooms: listed });
      const body = init.body === undefined ? null : (JSON.parse(String(init.body)) as unknown);
      calls.push({ url, body, lang: new Headers(init.headers).get('Accept-Language') });
      if (url === '/api/rooms' && refuse !== null) return answer(422, refuse);
      if (url === '/api/rooms') return answer(201, { code: 'ROOMCODE2345', admin_token: 'admin-token-0123456789', room: {} });
      if (url.startsWith('/api/rooms/ROOMCODE2345/seats/')) return answer(201, { seat: 0, token: 'seat-token-0123456789', room: {} });
      return answer(404, { error: 'no-room', message: 'no room' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Control = HTMLInputElement & HTMLSelectElement;

async function settings() {
  const page = render(<Lobby />);
  await waitFor(() => expect(page.queryByTestId('preset')).not.toBeNull());
  fireEvent.click(page.getByTestId('room-settings'));
  const get = (id: string) => page.getByTestId(id) as Control;
  return { page, get };
}

function folded(element: Element): boolean {
  return element.closest('[hidden]') !== null;
}

describe('the rules of the create form', () => {
  it('offers every option by its kind, in groups, the advanced ones folded', async () => {
    const { page, get } = await settings();
    for (const option of options) expect(page.queryByTestId(`option-${option.name}`)).not.toBeNull();
    expect(folded(get('option-follow_tractor_first'))).toBe(false);
    expect(folded(get('option-show_talon'))).toBe(true);
    const toggle = get('rule-group-toggle-scoring');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(folded(get('option-scoring-cap'))).toBe(false);
    // each control labelled, its help linked
    const penalty = get('option-throw_penalty');
    expect(page.getByLabelText('Failed throw penalty')).toBe(penalty);
    expect(penalty.getAttribute('aria-describedby')).toBe('option-throw_penalty-help');
    expect(get('option-first_round_starter').textContent).toContain('Seat 1');
  });

  it('sends only what differs from the preset, marks it, and goes back to the preset', async () => {
    const { page, get } = await settings();
    expect(get('rules-reset').disabled).toBe(true);
    fireEvent.click(get('rule-group-toggle-scoring'));
    fireEvent.click(get('rule-group-toggle-talon'));
    for (const rank of ['5', 'T', 'K']) fireEvent.click(get(`option-must_defend-${rank}`));
    fireEvent.input(get('option-scoring-cap'), { target: { value: '2' } });
    fireEvent.click(get('option-show_talon'));
    fireEvent.change(get('option-first_round_starter'), { target: { value: '1' } });
    expect(get('rules-changed').textContent).toBe('4 options differ from the preset.');
    expect(page.getAllByTestId('changed-mark').length).toBe(4);
    expect(get('rule-group-toggle-scoring').textContent).toContain('2 changed');
    fireEvent.click(get('create-room'));
    await waitFor(() => expect(calls.length).toBe(2));
    expect((calls[0]?.body as { rules: unknown }).rules).toEqual({
      preset: 'standard',
      first_round_starter: 1,
      show_talon: false,
      scoring: { cap: 2 },
      must_defend: ['5', 'T', 'K'],
    });
    expect(calls[0]?.lang).toBe('en');
  });

  it('goes back to the preset in one click', async () => {
    const { page, get } = await settings();
    fireEvent.change(get('preset'), { target: { value: 'shengji' } });
    expect(get('option-follow_tractor_first').checked).toBe(true);
    fireEvent.click(get('option-follow_tractor_first'));
    expect(get('rules-reset').disabled).toBe(false);
    fireEvent.click(get('rules-reset'));
    expect(get('option-follow_tractor_first').checked).toBe(true);
    expect(page.queryAllByTestId('changed-mark').length).toBe(0);
    expect(get('rules-changed').textContent).toBe('Every option is as the preset sets it.');
  });

  it('marks a value out of the range at once, its message linked, and asks no server', async () => {
    const { get } = await settings();
    const penalty = get('option-throw_penalty');
    fireEvent.input(penalty, { target: { value: '500' } });
    expect(penalty.getAttribute('aria-invalid')).toBe('true');
    expect(penalty.getAttribute('aria-describedby')).toContain('option-throw_penalty-problem');
    expect(get('option-throw_penalty-problem').textContent).toBe('A whole number from 0 to 200.');
    expect(get('create-room').disabled).toBe(true);
    fireEvent.input(penalty, { target: { value: '' } });
    expect(get('option-throw_penalty-problem').textContent).toBe('A whole number from 0 to 200.');
    fireEvent.input(penalty, { target: { value: '30' } });
    expect(penalty.getAttribute('aria-invalid')).toBe('false');
    // contradicting numbers: a folded group opens to show its message
    fireEvent.click(get('rule-group-toggle-scoring'));
    fireEvent.input(get('option-scoring-take_over'), { target: { value: '150' } });
    fireEvent.click(get('rule-group-toggle-scoring'));
    expect(folded(get('option-scoring-opponents_up'))).toBe(false);
    expect(get('option-scoring-opponents_up').getAttribute('aria-invalid')).toBe('true');
    expect(get('create-room').disabled).toBe(true);
    fireEvent.submit(get('create-form'));
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal next to the option it names, in the server's words", async () => {
    const { page, get } = await settings();
    refuse = { error: 'bad-request', option: 'scoring', message: 'Scoring (scoring): mal.' };
    fireEvent.click(get('create-room'));
    await waitFor(() => expect(page.queryByTestId('option-scoring-problem')).not.toBeNull());
    expect(get('option-scoring-problem').textContent).toBe('Scoring (scoring): mal.');
    const scoring = get('option-scoring');
    expect(scoring.getAttribute('aria-invalid')).toBe('true');
    expect(folded(scoring.querySelector('input') as Element)).toBe(false);
    expect(page.getByRole('alert').textContent).toBe('The server refused these rules: see the option marked.');
    expect(location.pathname).toBe('/');
    // changing the option clears its refusal
    fireEvent.input(get('option-scoring-step'), { target: { value: '30' } });
    expect(page.queryByTestId('option-scoring-problem')).toBeNull();
  });
});

describe('the rules in words', () => {
  it('names the preset and every option that differs from it', () => {
    const rules = { preset: 'standard', must_defend: ['K', '5', 'T'], scoring: { ...SCORING, step: 30, cap: 2 }, show_talon: false };
    const words = differences(meta, rules).map(({ option, words }) => `${option.name}: ${words}`);
    expect(words).toEqual([
      'show_talon: Off',
      'scoring: 30 points a level, at most 2 levels a round',
      'must_defend: 5, 10, K',
    ]);
    // the preset's own values are no house rules; options left out are the preset's
    expect(differences(meta, { preset: 'shengji', follow_tractor_first: true, throw_penalty: 10 })).toEqual([
      { option: options[1], words: '10' },
    ]);
    const starter = options[2] as MetaOption;
    expect(valueWords(starter, 1)).toBe('Seat 1');
    expect(valueWords(starter, 'random')).toBe('A seat drawn by chance');
  });

  it('shows them at the table, folded under a line that counts them', () => {
    const page = render(<RoomRules rules={{ preset: 'standard', must_defend: ['5', 'T', 'K'] }} meta={meta} open />);
    expect(page.getByTestId('room-rules').textContent).toContain('Rules: Standard, 1 house rule');
    expect(page.getByTestId('room-rule-must_defend').textContent).toBe('Must-defend ranks: 5, 10, K');
    cleanup();
    const plain = render(<RoomRules rules={{ preset: 'standard' }} meta={meta} />);
    expect(plain.getByTestId('room-rules').textContent).toBe('Rules: Standard');
  });

  it("shows a listed room's preset and how many house rules differ, the details unfolded", async () => {
    listed = [
      {
        code: 'ROOMCODE2345',
        rules: { preset: 'standard', must_defend: ['5', 'T', 'K'], show_talon: false },
        open_seats: [1],
        names: ['Ana', '', '', ''],
        players: ['human', 'human', 'heuristic', 'heuristic'],
      },
    ];
    const page = render(<Lobby />);
    await waitFor(() => expect(page.queryByTestId('room-rules')).not.toBeNull());
    const rules = page.getByTestId('room-rules');
    expect(rules.querySelector('summary')?.textContent).toBe('Rules: Standard, 2 house rules');
    expect(page.getByTestId('room-rule-must_defend').textContent).toBe('Must-defend ranks: 5, 10, K');
    expect(page.getByTestId('room-rule-show_talon').textContent).toBe('Show the talon after the round: Off');
  });

  it('checks what the meta checks, and sends scoring numbers that differ only', () => {
    const scoring = options[4] as MetaOption;
    expect(problems(scoring, { ...SCORING, cap: 0 })).toEqual({ 'scoring.cap': 'A whole number from 1 to 12.' });
    expect(problems(scoring, { ...SCORING, cap: null })).toEqual({});
    const values = { ...presetValues(meta, 'standard'), scoring: { ...SCORING, step: 30 } };
    expect(changedRules(meta, 'standard', values)).toEqual({ preset: 'standard', scoring: { step: 30 } });
  });
});
