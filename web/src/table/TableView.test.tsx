import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { room, table } from '../../test/fixtures';
import type { Ack, ErrorFrame, Table, Verdict } from '../protocol';
import { initialView, type RoomActions, type RoomView } from '../room/store';
import { TableView } from './TableView';

afterEach(cleanup);

function view(overrides: Partial<RoomView> = {}): RoomView {
  return { ...initialView('JRK4GKGT4JKZ', 0), room: room(), table: table(), connection: 'open', lastSeq: 5, ...overrides };
}

function fakeActions(verdict: Partial<Verdict> = {}): RoomActions & { [K in keyof RoomActions]: ReturnType<typeof vi.fn> } {
  const ack: Ack = { type: 'ack', seq: 9, id: 'a1', number: 8, duplicate: false };
  return {
    act: vi.fn(() => Promise.resolve(ack)),
    check: vi.fn((kind: string, cards: string) =>
      Promise.resolve({
        type: 'verdict',
        seq: 6,
        id: 'c1',
        legal: true,
        combination: { kind: 'pair', suit: 'trump', size: 2, parts: ['pair'] },
        points: 0,
        ...verdict,
        // the cards asked about, so a test can see which question was answered
        cards,
        reason: kind,
      } as Verdict),
    ),
    hint: vi.fn(() => Promise.resolve({ kind: 'play' as const, cards: 'AS' })),
    back: vi.fn(),
    dismissRoundEnd: vi.fn(),
    rematch: vi.fn(() => Promise.resolve()),
  } as never;
}

function cardsOf(container: ParentNode): HTMLButtonElement[] {
  return Array.from(container.querySelectorAll<HTMLButtonElement>('[data-testid="card"]'));
}

describe('the table view', () => {
  it('seats the viewer at the bottom and marks who is to act', () => {
    const { getByTestId } = render(<TableView view={view({ seat: 1, table: table({ seat: 1, to_act: 2 }) })} actions={fakeActions()} />);
    expect(getByTestId('seat-1').className).toContain('seat-bottom');
    expect(getByTestId('seat-2').className).toContain('seat-right');
    expect(getByTestId('seat-3').className).toContain('seat-top');
    expect(getByTestId('seat-2').dataset.toAct).toBe('true');
    expect(getByTestId('seat-1').dataset.toAct).toBe('false');
    expect(getByTestId('seat-2').dataset.bot).toBe('true');
    expect(getByTestId('connection').dataset.state).toBe('open');
  });

  it('orders the page as a phone shows it: the round, the felt, the action bar, the hand, the details', () => {
    const { getByTestId, getByRole } = render(<TableView view={view()} actions={fakeActions()} />);
    const order = ['trump', 'levels', 'points', 'seat-0', 'trick', 'preview', 'play', 'hand', 'declarers', 'connection', 'show-last-trick', 'show-tricks'];
    const elements = order.map((id) => getByTestId(id));
    for (let i = 1; i < elements.length; i++) {
      const follows = elements[i - 1]!.compareDocumentPosition(elements[i]!) & Node.DOCUMENT_POSITION_FOLLOWING;
      expect(follows, `${order[i]} after ${order[i - 1]}`).toBeTruthy();
    }
    // the panel named "The round" holds the trump, the levels and the points
    const panel = getByRole('region', { name: 'The round' });
    for (const id of ['trump', 'levels', 'points']) expect(panel.contains(getByTestId(id))).toBe(true);
    expect(panel.contains(getByTestId('declarers'))).toBe(false);
    expect(getByTestId('declarers').closest('.info-more')?.textContent).toContain('Round 1');
  });

  it('checks the chosen cards, previews the verdict and plays them', async () => {
    const actions = fakeActions();
    const { container, getByTestId } = render(<TableView view={view()} actions={actions} />);
    expect((getByTestId('play') as HTMLButtonElement).disabled).toBe(true);
    const queens = cardsOf(container).filter((card) => card.dataset.card === 'QH');
    fireEvent.click(queens[0]!);
    fireEvent.click(queens[1]!);
    await waitFor(() => expect(getByTestId('preview').textContent).toBe('Pair of Q♥ — ✓ Allowed'));
    expect(actions.check).toHaveBeenLastCalledWith('play', 'QH QH');
    // debounced: the single queen chosen first was never asked about
    expect(actions.check).toHaveBeenCalledTimes(1);
    expect(getByTestId('preview').dataset.legal).toBe('true');
    fireEvent.click(getByTestId('play'));
    expect(actions.act).toHaveBeenCalledWith('play', 'QH QH');
    await waitFor(() => expect(cardsOf(container).every((card) => card.getAttribute('aria-pressed') === 'false')).toBe(true));
  });

  it('shows a refusal with its rule id in an alert', () => {
    const refusal: ErrorFrame = {
      type: 'error',
      seq: 7,
      code: 'illegal',
      id: 'a1',
      rule: 'R-P3',
      message: 'Not allowed (R-P3): You hold K♦ of the led suit (diamonds): it must be played.',
    };
    const { getByTestId } = render(<TableView view={view({ refusal })} actions={fakeActions()} />);
    expect(getByTestId('refusal').getAttribute('role')).toBe('alert');
    expect(getByTestId('refusal').textContent).toContain('(R-P3): You hold K♦');
  });

  it('selects the hint’s cards', async () => {
    const actions = fakeActions();
    const { container, getByTestId } = render(<TableView view={view()} actions={actions} />);
    fireEvent.click(getByTestId('hint'));
    await waitFor(() => expect(container.querySelector('[data-card="AS"]')?.getAttribute('aria-pressed')).toBe('true'));
    expect(container.textContent).toContain('Hint: play A♠.');
  });

  it('offers declarations and pass in the last window', async () => {
    const window: Table = { ...table({ phase: 'declare', to_act: 0 }), actions: ['declare', 'pass'], declarations: ['2S', '2S 2S'] };
    const actions = fakeActions();
    const { getAllByTestId, getByTestId } = render(<TableView view={view({ table: window })} actions={actions} />);
    expect(getAllByTestId('declare-option').map((button) => button.dataset.cards)).toEqual(['2S', '2S 2S']);
    fireEvent.click(getAllByTestId('declare-option')[1]!);
    expect(actions.act).toHaveBeenCalledWith('declare', '2S 2S');
    // one action at a time: the buttons wait for the answer
    expect((getByTestId('pass') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect((getByTestId('pass') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(getByTestId('pass'));
    expect(actions.act).toHaveBeenCalledWith('pass', '');
  });

  it('keeps the last trick in view between tricks, with its winner', () => {
    const between = table({
      trick: [],
      tricks: [{ number: 1, plays: [[1, 'AS'], [2, '3S'], [3, '4S'], [0, '5S']], winner: 1, points: 5, failed_throw: null }],
    });
    const { getByTestId } = render(<TableView view={view({ table: between })} actions={fakeActions()} />);
    expect(getByTestId('trick').className).toContain('trick-finished');
    expect(getByTestId('trick').textContent).toContain('Trick 1: Bot 1 (heuristic) wins it (5 points).');
    expect(getByTestId('trick-play-1').className).toContain('trick-winner');
    expect(getByTestId('trick-play-1').textContent).toContain('Bot 1 (heuristic) · right');
    expect(getByTestId('trick-play-0').textContent).toContain('Ana · you');
    fireEvent.click(getByTestId('show-tricks'));
    expect(getByTestId('tricks-dialog').textContent).toContain('Trick 1: Bot 1 (heuristic) wins it (5 points).');
  });

  it('notes a failed throw on the table with who blocked it (R-H2)', () => {
    const failed = table({
      trick: [[1, 'KS KS']],
      failed_throw: { seat: 1, attempted: 'AS KS KS', forced: 'KS KS', penalty: 10, blocker: 2 },
    });
    const { getByTestId } = render(<TableView view={view({ table: failed })} actions={fakeActions()} />);
    expect(getByTestId('failed-throw').textContent).toContain("Bot 1 (heuristic)'s throw of A♠ K♠ K♠ fails: Bot 2 (heuristic) can beat K♠ K♠ (R-H2).");
  });

  it('shows a spectator no hand and no controls', () => {
    const watched: Table = { ...table({ seat: null, hand: '' }), hand_groups: [], actions: [], declarations: [] };
    const { queryByTestId, getByTestId } = render(<TableView view={view({ seat: null, table: watched })} actions={fakeActions()} />);
    expect(queryByTestId('hand')).toBeNull();
    expect(queryByTestId('play')).toBeNull();
    expect(getByTestId('seat-0').className).toContain('seat-bottom');
  });

  it('announces events as they arrive, and whose turn it is', async () => {
    const actions = fakeActions();
    const first = view({ table: table({ to_act: 1 }) });
    const { getByTestId, rerender } = render(<TableView view={first} actions={actions} />);
    await waitFor(() => expect(getByTestId('announcer').textContent).toBe('Bot 1 (heuristic) to act'));
    const next = view({
      lastSeq: 6,
      recent: [{ type: 'played', seat: 1, cards: 'AS' }],
      table: table({ to_act: 2, trick: [[1, 'AS']] }),
    });
    rerender(<TableView view={next} actions={actions} />);
    await waitFor(() => expect(getByTestId('announcer').textContent).toBe('Bot 1 (heuristic) plays Ace of spades. Bot 2 (heuristic) to act'));
    expect(getByTestId('trick-play-1').querySelector('[data-card="AS"]')).not.toBeNull();
  });

  it('ends the game with the winner, a rematch and the replay', () => {
    const actions = fakeActions();
    const over = view({ gameOver: true, table: table({ phase: 'over', winner: 1, to_act: null }) });
    const { getByTestId } = render(<TableView view={over} actions={actions} />);
    expect(getByTestId('game-over').textContent).toContain('Game over: they pass the ace and win the game.');
    expect(getByTestId('open-replay').getAttribute('href')).toBe('/replay?room=JRK4GKGT4JKZ');
    fireEvent.click(getByTestId('rematch'));
    expect(actions.rematch).toHaveBeenCalled();
  });

  it('lays out a 33-card hand, every card a button', () => {
    const codes = '2H 2H RJ BJ AS AS KS KS QS JS TS 9S 8S 7S 6S 5S AC KC QC JC TC 9C 8C AD KD QD JD TD 9D 8D 7D 6D 5D';
    const big: Table = {
      ...table({ phase: 'exchange', hand_sizes: [33, 25, 25, 25] }),
      hand_groups: [
        { suit: 'trump', cards: codes.split(' ').slice(0, 4).join(' ') },
        { suit: 'S', cards: codes.split(' ').slice(4, 16).join(' ') },
        { suit: 'C', cards: codes.split(' ').slice(16, 23).join(' ') },
        { suit: 'D', cards: codes.split(' ').slice(23).join(' ') },
      ],
      actions: ['bury'],
    };
    const { container, getByTestId } = render(<TableView view={view({ table: big })} actions={fakeActions()} />);
    expect(cardsOf(container)).toHaveLength(33);
    expect(getByTestId('bury').textContent).toBe('Bury 8 cards');
    expect(getByTestId('talon-points')).not.toBeNull();
  });
});
