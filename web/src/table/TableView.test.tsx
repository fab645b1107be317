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
    dismissRefusal: vi.fn(),
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

  it('clears a refusal as soon as another choice is made: it was about the old one', async () => {
    const actions = fakeActions();
    const refusal: ErrorFrame = {
      type: 'error',
      seq: 7,
      code: 'illegal',
      id: 'a1',
      rule: 'R-P3',
      message: 'Not allowed (R-P3): You hold KD of the led suit (diamonds): it must be played.',
      parts: [{ text: 'Not allowed (R-P3): You hold ' }, { cards: 'KD' }, { text: ' of the led suit (diamonds): it must be played.' }],
    };
    actions.act.mockImplementation(() => Promise.resolve(refusal)); // the server refuses it
    const { container, getByTestId, rerender } = render(<TableView view={view()} actions={actions} />);
    fireEvent.click(cardsOf(container).find((card) => card.dataset.card === 'AS')!);
    await waitFor(() => expect(getByTestId('preview').dataset.legal).toBe('true'));
    fireEvent.click(getByTestId('play'));
    expect(actions.act).toHaveBeenCalledWith('play', 'AS');
    await waitFor(() => expect((getByTestId('play') as HTMLButtonElement).disabled).toBe(false));
    rerender(<TableView view={view({ refusal })} actions={actions} />);
    // the refusal of that choice, its cards drawn as cards
    expect(getByTestId('refusal').textContent).toBe('✗ Not allowed (R-P3): You hold K♦ of the led suit (diamonds): it must be played.');
    expect(getByTestId('refusal').querySelector('.card-run')?.getAttribute('aria-label')).toBe('King of diamonds');
    // another choice: the refusal goes (the store forgets it too)
    fireEvent.click(cardsOf(container).find((card) => card.dataset.card === '5H')!);
    expect(getByTestId('refusal').textContent).toBe('');
    expect(actions.dismissRefusal).toHaveBeenCalled();
  });

  it('does not let Play be pressed for a choice the engine’s verdict refuses, and says why', async () => {
    const actions = fakeActions({
      legal: false,
      rule: 'R-P3',
      message: 'Not allowed (R-P3): You hold 5H of the led suit (hearts): it must be played.',
      parts: [{ text: 'Not allowed (R-P3): You hold ' }, { cards: '5H' }, { text: ' of the led suit (hearts): it must be played.' }],
      combination: { kind: 'single', suit: 'S', size: 1, parts: ['single'] },
    });
    const { container, getByTestId } = render(<TableView view={view()} actions={actions} />);
    fireEvent.click(cardsOf(container).find((card) => card.dataset.card === 'AS')!);
    await waitFor(() => expect(getByTestId('preview').dataset.legal).toBe('false'));
    const play = getByTestId('play');
    expect(play.getAttribute('aria-disabled')).toBe('true');
    expect(play.className).toContain('refused');
    expect(play.getAttribute('aria-describedby')).toBe(getByTestId('preview').id);
    expect(getByTestId('preview').textContent).toBe(
      'Single A♠ — ✗ Not allowed (R-P3): You hold 5♥ of the led suit (hearts): it must be played.',
    );
    fireEvent.click(play);
    fireEvent.keyDown(cardsOf(container)[0]!, { key: 'Enter' }); // Enter in the hand neither
    expect(actions.act).not.toHaveBeenCalled();
  });

  it('marks the play winning the trick in progress, as the server says', () => {
    const inProgress: Table = { ...table({ trick: [[1, 'KS'], [2, 'AS'], [3, '3S']], to_act: 0 }), winning: 2 };
    const { getByTestId } = render(<TableView view={view({ table: inProgress })} actions={fakeActions()} />);
    expect(getByTestId('trick-play-2').dataset.winning).toBe('true');
    expect(getByTestId('trick-play-2').className).toContain('trick-winner');
    expect(getByTestId('trick-play-2').textContent).toContain('(winning)');
    expect(getByTestId('trick-play-1').textContent).toContain('Bot 1 (heuristic) · right (led)');
    expect(getByTestId('trick-play-1').dataset.winning).toBeUndefined();
  });

  it('keeps the trick before in view while the next one is played, whoever won it', () => {
    const won = { number: 3, plays: [[1, 'AS'], [2, '3S'], [3, '4S'], [0, '5S']] as [number, string][], winner: 1, points: 5, failed_throw: null };
    const next: Table = { ...table({ trick: [[1, 'KD']], tricks: [won], to_act: 2 }), winning: 1 };
    const { getByTestId } = render(<TableView view={view({ table: next })} actions={fakeActions()} />);
    const last = getByTestId('last-trick');
    expect(last.textContent).toContain('Trick 3: Bot 1 (heuristic) wins it (5 points).');
    expect(Array.from(last.querySelectorAll<HTMLElement>('[data-card]'), (card) => card.dataset.card)).toEqual(['AS', '3S', '4S', '5S']);
    expect(last.querySelector('.trick-winner')?.getAttribute('data-seat')).toBe('1');
    // between tricks the middle of the table shows it: no second copy in the corner
    cleanup();
    const between = render(<TableView view={view({ table: table({ tricks: [won] }) })} actions={fakeActions()} />);
    expect(between.queryByTestId('last-trick')).toBeNull();
    expect(between.getByTestId('trick').textContent).toContain('Trick 3: Bot 1 (heuristic) wins it (5 points).');
  });

  it('marks the cards the talon brought while the starter buries', () => {
    const burying: Table = {
      ...table({ phase: 'exchange', hand_sizes: [12, 4, 4, 4], to_act: 0 }),
      hand_groups: [{ suit: 'trump', cards: 'QH QH 5H' }, { suit: 'S', cards: 'AS KS' }],
      actions: ['bury'],
      talon: 'QH KS',
    };
    const { container, getByTestId } = render(<TableView view={view({ table: burying })} actions={fakeActions()} />);
    const marked = cardsOf(container).filter((card) => card.dataset.talon === 'true');
    expect(marked.map((card) => card.dataset.card)).toEqual(['QH', 'KS']); // one queen of the two
    expect(marked[0]?.querySelector('.visually-hidden')?.textContent).toBe('Queen of hearts, trump, from the talon');
    expect(getByTestId('talon-legend').textContent).toContain('marks the 8 cards the talon brought.');
  });

  it('offers a joker declaration as cards, never in notation', () => {
    const window: Table = { ...table({ phase: 'declare', to_act: 0 }), actions: ['declare', 'pass'], declarations: ['RJ RJ'] };
    const { getByTestId } = render(<TableView view={view({ table: window })} actions={fakeActions()} />);
    const button = getByTestId('declare-option');
    expect(button.textContent).toBe('Declare ★JOKER ★JOKER');
    expect(button.querySelector('.card-run')?.getAttribute('aria-label')).toBe('Red joker, Red joker');
    expect(button.dataset.cards).toBe('RJ RJ');
  });

  it('keeps the room’s code and its link to share on the table', () => {
    const { getByTestId } = render(<TableView view={view()} actions={fakeActions()} />);
    expect(getByTestId('room-code').textContent).toBe('JRK4GKGT4JKZ');
    expect((getByTestId('share-link') as HTMLInputElement).value).toMatch(/\/r\/JRK4GKGT4JKZ$/);
    expect(getByTestId('copy-link')).not.toBeNull();
  });
});
