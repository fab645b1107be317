import { cleanup, fireEvent, render } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hand } from './Hand';
import { EMPTY_HAND_STATE, layoutHand, type HandState } from './selection';

afterEach(cleanup);

const groups = layoutHand([
  { suit: 'trump', cards: 'RJ QH QH' },
  { suit: 'S', cards: 'AS 5S' },
]);

function Harness({ onCommand }: { onCommand: (command: 'submit' | 'hint' | 'takeback') => void }) {
  const [state, setState] = useState<HandState>(EMPTY_HAND_STATE);
  return <Hand groups={groups} state={state} onChange={setState} onCommand={onCommand} />;
}

function cardButtons(container: ParentNode): HTMLButtonElement[] {
  return Array.from(container.querySelectorAll<HTMLButtonElement>('[data-testid="card"]'));
}

describe('the hand', () => {
  it('shows every card as a named toggle button, trumps badged, in the server’s groups', () => {
    const { container } = render(<Harness onCommand={() => {}} />);
    const buttons = cardButtons(container);
    expect(buttons.map((button) => button.dataset.card)).toEqual(['RJ', 'QH', 'QH', 'AS', '5S']);
    expect(buttons[1]?.querySelector('.visually-hidden')?.textContent).toBe('Queen of hearts, trump');
    expect(buttons[3]?.querySelector('.visually-hidden')?.textContent).toBe('Ace of spades');
    expect(buttons[1]?.querySelector('[aria-hidden="true"]')?.textContent).toContain('Q♥');
    expect(buttons[1]?.querySelector('.trump-badge')).not.toBeNull();
    expect(buttons[3]?.querySelector('.trump-badge')).toBeNull();
    const suits = Array.from(container.querySelectorAll('[data-testid="hand-group"]')).map((group) =>
      group.getAttribute('data-suit'),
    );
    expect(suits).toEqual(['trump', 'S']);
  });

  it('is one tab stop whose focus the arrows move (roving tabindex)', () => {
    const { container } = render(<Harness onCommand={() => {}} />);
    const buttons = cardButtons(container);
    expect(buttons.filter((button) => button.tabIndex === 0)).toHaveLength(1);
    buttons[0]?.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    expect(cardButtons(container)[1]?.tabIndex).toBe(0);
    expect(document.activeElement).toBe(cardButtons(container)[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(cardButtons(container)[4]);
    // the focus follows at once (before the next frame), each press one card
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(cardButtons(container)[3]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(cardButtons(container)[2]);
    expect(cardButtons(container).filter((button) => button.tabIndex === 0)).toEqual([cardButtons(container)[2]]);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(cardButtons(container)[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' }); // already the first
    expect(document.activeElement).toBe(cardButtons(container)[0]);
  });

  it('chooses by click (aria-pressed), clears with Escape, submits with Enter, hints with h', () => {
    const onCommand = vi.fn();
    const { container } = render(<Harness onCommand={onCommand} />);
    fireEvent.click(cardButtons(container)[1]!);
    fireEvent.click(cardButtons(container)[2]!);
    expect(cardButtons(container).map((button) => button.getAttribute('aria-pressed'))).toEqual([
      'false',
      'true',
      'true',
      'false',
      'false',
    ]);
    expect(cardButtons(container)[2]?.tabIndex).toBe(0); // the clicked card holds the tab stop
    fireEvent.keyDown(cardButtons(container)[2]!, { key: 'Enter' });
    expect(onCommand).toHaveBeenLastCalledWith('submit');
    fireEvent.keyDown(cardButtons(container)[2]!, { key: 'h' });
    expect(onCommand).toHaveBeenLastCalledWith('hint');
    fireEvent.keyDown(cardButtons(container)[2]!, { key: 'Escape' });
    expect(cardButtons(container).every((button) => button.getAttribute('aria-pressed') === 'false')).toBe(true);
  });

  it('says so when it holds no card', () => {
    const { getByTestId } = render(<Hand groups={[]} state={EMPTY_HAND_STATE} onChange={() => {}} onCommand={() => {}} />);
    expect(getByTestId('hand').textContent).toBe('No cards in your hand yet.');
  });
});
