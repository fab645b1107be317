// The viewer's hand: groups by effective suit in the server's order, each card a
// toggle button. The hand is one tab stop (roving tabindex): ←/→ move between cards,
// Home/End jump, Space chooses (the button's own click), Enter submits the main
// action, Escape clears the choice, h asks for a hint.

import { useEffect, useRef } from 'preact/hooks';
import { cardName, parseCard, suitSymbol } from '../cards';
import { t } from '../i18n';
import { pressKey, toggle, type HandCommand, type HandState, type ShownGroup, flatten } from './selection';
import { suitWords } from './words';

export interface HandProps {
  groups: readonly ShownGroup[];
  state: HandState;
  onChange: (state: HandState) => void;
  onCommand: (command: Exclude<HandCommand, null>) => void;
}

/** The heading of a group: "Trumps" or "♥ hearts". */
function groupHeading(suit: ShownGroup['suit']): string {
  return suit === 'trump' ? t('Trumps') : suitWords(suit);
}

/** The face of a card: its rank (10 for T) and suit symbol, a star badge on trumps
 * (colour is never the only cue); the accessible name is the button's. */
export function CardFace({ code, trump = false }: { code: string; trump?: boolean }) {
  const card = parseCard(code);
  if (card === null) return <span class="card-face">{code}</span>;
  if (card.joker !== null) {
    return (
      <span class={`card-face joker-${card.joker}`}>
        <span class="card-rank">{card.joker === 'red' ? 'RJ' : 'BJ'}</span>
        {trump && <span class="card-badge trump-badge">★</span>}
      </span>
    );
  }
  const suit = card.suit ?? 'S';
  return (
    <span class={`card-face suit-${suit}`}>
      <span class="card-rank">{card.rank === 'T' ? '10' : card.rank}</span>
      <span class="card-suit">{suitSymbol(suit)}</span>
      {trump && <span class="card-badge trump-badge">★</span>}
    </span>
  );
}

/** The hand, or a note when it holds no card. */
export function Hand({ groups, state, onChange, onCommand }: HandProps) {
  const root = useRef<HTMLDivElement>(null);
  const cards = flatten(groups);

  // the focused card follows the keyboard, while the hand has the focus
  useEffect(() => {
    const element = root.current;
    if (element === null || !element.contains(document.activeElement)) return;
    const target = element.querySelector<HTMLElement>(`[data-index="${state.focus}"]`);
    if (target !== null && target !== document.activeElement) target.focus();
  }, [state.focus, cards.length]);

  if (cards.length === 0) {
    return (
      <div class="hand hand-empty" data-testid="hand">
        <p class="muted">{t('No cards in your hand yet.')}</p>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // Space is left to the focused button: its click chooses the card, as a click of
    // the mouse or a screen reader's activation does
    if (event.key === ' ' || event.key === 'Spacebar') return;
    const answer = pressKey(state, cards, event.key);
    if (!answer.handled) return;
    event.preventDefault();
    if (answer.state !== state) onChange(answer.state);
    if (answer.command !== null) onCommand(answer.command);
  };

  return (
    <div ref={root} class="hand" data-testid="hand" role="toolbar" aria-label={t('Your hand')} onKeyDown={onKeyDown}>
      {groups.map((group) => (
        <div
          class="hand-group"
          data-testid="hand-group"
          data-suit={group.suit}
          role="group"
          aria-label={groupHeading(group.suit)}
        >
          <span class="hand-group-label" aria-hidden="true">
            {group.suit === 'trump' ? t('Trumps') : suitSymbol(group.suit)}
          </span>
          {group.cards.map((card) => {
            const selected = state.selected.has(card.key);
            return (
              <button
                key={card.key}
                type="button"
                class={`card${selected ? ' selected' : ''}${card.trump ? ' trump' : ''}`}
                data-testid="card"
                data-card={card.code}
                data-index={card.index}
                aria-pressed={selected ? 'true' : 'false'}
                tabIndex={card.index === state.focus ? 0 : -1}
                onClick={() => onChange(toggle({ ...state, focus: card.index }, card.key))}
              >
                {/* the face is for the eye; the name ("Queen of hearts, trump") is the
                    button's text for everyone else, so the two never disagree */}
                <span aria-hidden="true">
                  <CardFace code={card.code} trump={card.trump} />
                </span>
                <span class="visually-hidden">{cardName(card.code, card.trump)}</span>
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
