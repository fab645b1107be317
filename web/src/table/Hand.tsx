// The viewer's hand: groups by effective suit in the server's order, each card a
// toggle button. The hand is one tab stop (roving tabindex): ←/→ move between cards,
// Home/End jump, Space chooses (the button's own click), Enter submits the main
// action, Escape clears the choice, h asks for a hint, u takes back the last action
// (where the table allows takebacks). While the starter buries, the
// cards the talon brought are marked (R-K1).

import { useLayoutEffect, useRef } from 'preact/hooks';
import { cardName, suitSymbol } from '../cards';
import { t } from '../i18n';
import { CardFace } from './CardFace';
import { pressKey, toggle, type HandCard, type HandCommand, type HandState, type ShownGroup, flatten } from './selection';
import { suitWords } from './words';

export interface HandProps {
  groups: readonly ShownGroup[];
  state: HandState;
  /** The cards the talon brought, while burying (notation; "" otherwise). */
  talon?: string;
  onChange: (state: HandState) => void;
  onCommand: (command: Exclude<HandCommand, null>) => void;
}

/** The heading of a group: "Trumps" or "♥ hearts". */
function groupHeading(suit: ShownGroup['suit']): string {
  return suit === 'trump' ? t('Trumps') : suitWords(suit);
}

/** The keys of the hand's cards that came from `talon`: as many copies of each card
 * as the talon held (two copies of a card are the same card, so which is marked does
 * not matter). */
export function talonKeys(cards: readonly HandCard[], talon: string): Set<string> {
  const wanted = new Map<string, number>();
  for (const code of talon.split(/\s+/).filter((word) => word !== '')) wanted.set(code, (wanted.get(code) ?? 0) + 1);
  const keys = new Set<string>();
  for (const card of cards) {
    const left = wanted.get(card.code) ?? 0;
    if (left === 0) continue;
    keys.add(card.key);
    wanted.set(card.code, left - 1);
  }
  return keys;
}

/** The hand, or a note when it holds no card. */
export function Hand({ groups, state, talon = '', onChange, onCommand }: HandProps) {
  const root = useRef<HTMLDivElement>(null);
  const cards = flatten(groups);
  const fromTalon = talon === '' ? null : talonKeys(cards, talon);

  // the focused card follows the keyboard, while the hand has the focus: at once,
  // before the next frame, so that a key pressed right after finds it moved
  useLayoutEffect(() => {
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
            const talonCard = fromTalon?.has(card.key) ?? false;
            const name = cardName(card.code, card.trump);
            return (
              <button
                key={card.key}
                type="button"
                class={`card${selected ? ' selected' : ''}${card.trump ? ' trump' : ''}${talonCard ? ' from-talon' : ''}`}
                data-testid="card"
                data-card={card.code}
                data-index={card.index}
                data-talon={talonCard ? 'true' : undefined}
                aria-pressed={selected ? 'true' : 'false'}
                tabIndex={card.index === state.focus ? 0 : -1}
                onClick={() => onChange(toggle({ ...state, focus: card.index }, card.key))}
              >
                {/* the face is for the eye; the name ("Queen of hearts, trump") is the
                    button's text for everyone else, so the two never disagree */}
                <span aria-hidden="true">
                  <CardFace code={card.code} trump={card.trump} />
                  {talonCard && <span class="talon-mark">◆</span>}
                </span>
                <span class="visually-hidden">{talonCard ? t('{card}, from the talon', { card: name }) : name}</span>
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
