// What the viewer can do now, from the table snapshot (the server's `actions` and
// `declarations`): which action the chosen cards are checked as, which button is the
// main one and whether it may be pressed, and what the game expects, in words. The
// client decides no rule: the kinds of action open come from the server.

import { cardCodes } from '../cards';
import { t, tn } from '../i18n';
import type { ActionKind, ErrorFrame, MessagePart, Table } from '../protocol';
import { errorText } from '../errors';
import { turnText } from './narrate';
import { refusedParts, textParts } from './parts';
import type { PointOfView } from './seating';
import { pointsText } from './words';

/** The viewer's options now. */
export interface ActionState {
  /** The kind the chosen cards are checked as (null: nothing to check). */
  checkKind: ActionKind | null;
  /** The action Enter and the main button take: play, bury or declare (the chosen
   * cards are one of the legal declarations); null when none. */
  primary: 'play' | 'bury' | 'declare' | null;
  /** Whether the main button may be pressed: an action open and cards to send. */
  primaryEnabled: boolean;
  /** Whether pass is open (the last declaring window, R-T4). */
  canPass: boolean;
  /** The legal declarations to offer as buttons. */
  declarations: readonly string[];
  /** The talon's size while burying (the cards beyond a normal hand), else null. */
  talonSize: number | null;
  /** Whether the viewer may take back their last action now (R-U1: the server offers
   * `takeback` only at a table that allows it, while nobody has acted after it). */
  canTakeBack: boolean;
}

/** The cards of `text` as a sorted list, to compare two choices of the same cards. */
function sameCards(a: string, b: string): boolean {
  const left = cardCodes(a).sort();
  const right = cardCodes(b).sort();
  return left.length === right.length && left.every((code, index) => code === right[index]);
}

/** What the viewer at `seat` can do with `chosen` (cards in notation) on `table`. */
export function actionState(table: Table | null, seat: number | null, chosen: string): ActionState {
  const none: ActionState = {
    checkKind: null,
    primary: null,
    primaryEnabled: false,
    canPass: false,
    declarations: [],
    talonSize: null,
    canTakeBack: false,
  };
  if (table === null || seat === null) return none;
  const open = new Set(table.actions);
  return { ...choices(table, seat, chosen, none, open), canTakeBack: open.has('takeback') };
}

/** The options of `actionState` but the takeback. */
function choices(table: Table, seat: number, chosen: string, none: ActionState, open: Set<ActionKind>): ActionState {
  const obs = table.observation;
  const hasCards = chosen !== '';
  if (obs.phase === 'play') {
    // a choice is checked even before the viewer's turn: the preview says what it makes
    return { ...none, checkKind: 'play', primary: 'play', primaryEnabled: open.has('play') && hasCards };
  }
  if (obs.phase === 'exchange') {
    if (!open.has('bury')) return none;
    const mine = obs.hand_sizes[seat] ?? 0;
    const other = obs.hand_sizes[(seat + 1) % 4] ?? mine;
    return {
      ...none,
      checkKind: 'bury',
      primary: 'bury',
      primaryEnabled: hasCards,
      talonSize: mine > other ? mine - other : null,
    };
  }
  if (obs.phase === 'draw' || obs.phase === 'declare') {
    const declarations = open.has('declare') ? table.declarations : [];
    const matching = hasCards && declarations.some((cards) => sameCards(cards, chosen));
    return {
      ...none,
      checkKind: hasCards ? 'declare' : null,
      primary: matching ? 'declare' : null,
      primaryEnabled: matching,
      canPass: open.has('pass'),
      declarations,
    };
  }
  return none;
}

/** What the game expects of the viewer now, in words (the terminal's sentences), or
 * whose turn it is. `points`: the chosen talon's points while burying, when known. */
export function expectedText(
  pov: PointOfView,
  table: Table,
  state: ActionState,
  chosenCount: number,
  points: number | null,
): string {
  const obs = table.observation;
  const open = new Set(table.actions);
  if (pov.viewer === null) return turnText(pov, obs);
  if (obs.phase === 'declare' && (open.has('pass') || open.has('declare'))) {
    return t('Last chance to declare: declare or pass.');
  }
  if (obs.phase === 'draw' && state.declarations.length > 0) {
    return t('You may declare now, or let the dealing go on.');
  }
  if (state.primary === 'bury') {
    if (chosenCount === 0 || points === null) return t('Choose 8 cards to bury.');
    return t('Choose 8 cards to bury: {n} chosen, {points}.', { n: chosenCount, points: pointsText(points) });
  }
  if (obs.phase === 'play' && open.has('play')) {
    const lead = obs.trick[0];
    if (lead === undefined) return t('Your lead: a single, a pair, a tractor, or several of one suit.');
    const size = cardCodes(lead[1]).length;
    const follow = tn('Your turn: follow with {n} card.', 'Your turn: follow with {n} cards.', size);
    return obs.must_beat ? `${follow} ${t('You must beat the forced lead (R-H2).')}` : follow;
  }
  return turnText(pov, obs);
}

/** A refusal of the viewer's action in parts: the engine's sentence with its rule id
 * (already in the page's language, its cards and seats apart), or the error code worded
 * here. */
export function refusalParts(refusal: ErrorFrame): MessagePart[] {
  if (refusal.code === 'illegal') {
    return refusedParts(refusal.rule ?? '', refusal.parts ?? textParts(refusal.message));
  }
  return textParts(errorText(refusal.code, refusal.message));
}
