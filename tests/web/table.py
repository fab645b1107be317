"""Driving the browser table as a player does: through the page's ``data-testid``
contract (docs/web.md, "Test hooks") and nothing else for acting.

To know *when* to act, the helpers read the page: the seat's ``data-to-act`` and the
buttons shown, and ``window.__tuolaji.state()`` (the room's state as the client holds
it: the latest table snapshot and the number of the last event applied), so that a
helper never acts twice on one decision or before the table is the one the game stands
in. What to play comes from the page's own ``hint`` button (the server asks its
heuristic bot): the tests hold no rules either.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, Literal

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from web.deals import seed_where_seat_declares
from web.live_server import LiveServer

#: what the page asks of a seat now (None: nothing yet)
Decision = Literal["declare", "bury", "play", "summary", "over"]

#: the decision of ``seat`` as the page shows it (see :func:`decision`)
DECISION_JS = """
(seat) => {
  const shown = (id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    return element !== null && element.checkVisibility();
  };
  if (shown('round-summary')) return 'summary';
  if (shown('game-over')) return 'over';
  const view = window.__tuolaji && window.__tuolaji.state();
  if (!view || !view.table || !view.settled || view.connection !== 'open') return null;
  if (view.table.observation.to_act !== seat) return null;
  const mine = document.querySelector(`[data-testid="seat-${seat}"]`);
  if (mine === null || mine.dataset.toAct !== 'true') return null;
  if (shown('bury')) return 'bury';
  if (shown('pass')) return 'declare';
  if (shown('play')) return 'play';
  return null;
}
"""

#: every card the page shows, by channel: ``data-card`` attributes, ``data-cards``
#: attributes (declarations offered), card names in the text outside elements that
#: carry ``data-card`` ("Q♥" as the client writes cards, "♥Q" as the server's sentences
#: do), and English card names in accessible names and titles ("Queen of hearts")
VISIBLE_CARDS_JS = r"""
() => {
  const attributes = Array.from(document.querySelectorAll('[data-card]'), (e) => e.dataset.card);
  const offered = Array.from(document.querySelectorAll('[data-cards]'), (e) => e.dataset.cards);
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent === null || parent.closest('[data-card]') !== null) continue;
    if (parent.closest('script, style') !== null) continue;
    parts.push(node.textContent);
  }
  const text = parts.join(' ');
  const inputs = Array.from(document.querySelectorAll('input, textarea'), (e) => e.value);
  const labels = Array.from(
    document.querySelectorAll('[aria-label], [title], [alt]'),
    (e) => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('alt')].join(' '),
  );
  return { attributes, offered, text: text + ' ' + inputs.join(' '), labels: labels.join(' | ') };
}
"""

SYMBOL_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANK_FIRST = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([♠♥♦♣])")
SUIT_FIRST = re.compile(r"([♠♥♦♣])(10|[2-9TJQKA])(?![0-9A-Za-z])")
JOKER = re.compile(r"\b(BJ|RJ)\b")
RANK_NAMES = {
    "Two": "2", "Three": "3", "Four": "4", "Five": "5", "Six": "6", "Seven": "7",
    "Eight": "8", "Nine": "9", "Ten": "T", "Jack": "J", "Queen": "Q", "King": "K", "Ace": "A",
}  # fmt: skip
NAMED = re.compile(rf"\b({'|'.join(RANK_NAMES)}) of (spades|hearts|diamonds|clubs)\b")
NAMED_JOKER = re.compile(r"\b(Black|Red) joker\b")


#: card notation (R-N3: "6H", "TH", "RJ"), which the page never shows a player: it draws
#: cards ("6♥", "10♥", a joker's star)
NOTATION = re.compile(r"(?<![0-9A-Za-z])(?:[2-9TJQKA][SHDC]|[BR]J)(?![0-9A-Za-z])")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER_LABELS = {"RJ": "★JOKER", "BJ": "☆JOKER"}


def card_label(code: str) -> str:
    """A card as the page writes it in a sentence: "10♥", "Q♠", "★JOKER" (the red)."""
    if code in JOKER_LABELS:
        return JOKER_LABELS[code]
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOLS[code[1]]


def as_shown(parts: list[dict[str, Any]]) -> str:
    """A message in parts (docs/protocol.md) as the page shows it: words, cards drawn
    (one label after another), seats by the name the sentence gives them."""
    out = []
    for part in parts:
        if "cards" in part:
            out.append(" ".join(card_label(code) for code in part["cards"].split()))
        else:
            out.append(str(part.get("text", part.get("name", ""))))
    return "".join(out)


def notation_shown(page: Page) -> list[str]:
    """Every card in notation in the text the page shows (empty: none, as it must)."""
    found: list[str] = NOTATION.findall(page.inner_text("body"))
    return found


def tid(page: Page, name: str) -> Locator:
    """The element(s) with ``data-testid=name``."""
    return page.get_by_test_id(name)


def state(page: Page) -> dict[str, Any]:
    """The room's state as the client holds it (``window.__tuolaji.state()``)."""
    view: dict[str, Any] = page.evaluate("() => window.__tuolaji.state()")
    return view


def observation(page: Page) -> dict[str, Any]:
    """The observation of the latest table snapshot the page holds."""
    table = state(page)["table"]
    assert table is not None, "the page holds no table yet"
    obs: dict[str, Any] = table["observation"]
    return obs


def untranslated(page: Page) -> list[str]:
    """The msgids the page looked up and did not find in its language's catalog."""
    misses: list[str] = page.evaluate("() => Array.from(window.__tuolaji.untranslated)")
    return misses


# ------------------------------------------------------------------ getting seated


def open_room(page: Page, server: LiveServer, code: str) -> None:
    """Open the page of room ``code``."""
    page.goto(f"{server.url}r/{code}")
    expect(tid(page, "room-code")).to_have_text(re.compile(code))


def take_seat(page: Page, server: LiveServer, code: str, seat: int, name: str = "") -> None:
    """Open room ``code`` and take ``seat`` with the page's button; the table shows."""
    open_room(page, server, code)
    if name:
        tid(page, "your-name").fill(name)
    tid(page, f"take-seat-{seat}").click()
    expect(tid(page, "table")).to_be_visible()


def create_seeded_room(server: LiveServer, seed: int, bots: list[str], **body: Any) -> str:
    """A room through the API (the lobby sets no seed): ``bots`` lists the player of
    each seat (``human`` for an open seat); one round unless ``round_limit`` says."""
    seats = [{"player": player} for player in bots]
    body.setdefault("round_limit", 1)
    return server.create_room(seats=seats, seed=seed, **body)


# ------------------------------------------------------------------ reading the table


def _hand_cards(page: Page, selector: str) -> list[str]:
    """The notation of the hand's cards that ``selector`` finds, in the order shown."""
    cards: list[str] = (
        tid(page, "hand")
        .locator(selector)
        .evaluate_all("(cards) => cards.map((card) => card.dataset.card)")
    )
    return cards


def hand(page: Page) -> list[str]:
    """The cards of the hand, in the order shown."""
    return _hand_cards(page, '[data-testid="card"]')


def selected(page: Page) -> list[str]:
    """The chosen cards of the hand."""
    return _hand_cards(page, '[data-testid="card"][aria-pressed="true"]')


def card_button(page: Page, card: str, copy: int = 0) -> Locator:
    """The button of the ``copy``-th ``card`` in the hand (a hand may hold two)."""
    return tid(page, "hand").locator(f'[data-testid="card"][data-card="{card}"]').nth(copy)


def decision(page: Page, seat: int) -> Decision | None:
    """What the page asks of ``seat`` now, without waiting: ``declare`` (the last
    window: declare or pass), ``bury``, ``play``, the round ``summary`` or game ``over``;
    None while the game waits for someone else or the table is between two events."""
    answer: Decision | None = page.evaluate(DECISION_JS, seat)
    return answer


def wait_for_decision(page: Page, seat: int, timeout_ms: float = 30_000) -> Decision:
    """Wait until the page asks something of ``seat`` (or shows the summary)."""
    handle = page.wait_for_function(DECISION_JS, arg=seat, timeout=timeout_ms)
    answer: Decision = handle.json_value()
    return answer


def last_seq(page: Page) -> int:
    """The number of the last event the page applied."""
    number: int = page.evaluate("() => window.__tuolaji.state().lastSeq")
    return number


def wait_for_progress(page: Page, before: int) -> None:
    """Wait until an event after ``before`` is applied and the table is settled (the
    page's action was accepted); fail with the refusal when it was refused."""
    page.wait_for_function(
        """(before) => {
          const view = window.__tuolaji.state();
          return view.refusal !== null || (view.lastSeq > before && view.settled);
        }""",
        arg=before,
    )
    refusal = state(page)["refusal"]
    assert refusal is None, f"the server refused the page's action: {refusal}"


# ------------------------------------------------------------------ acting


def ask_hint(page: Page) -> list[str]:
    """Press ``hint`` and return the cards it chose in the hand (the server's
    heuristic bot's choice for this seat now)."""
    tid(page, "hint").click()
    page.wait_for_function(
        '() => document.querySelector(\'[data-testid="hand"] [aria-pressed="true"]\') !== null'
    )
    return selected(page)


def click_cards(page: Page, cards: list[str]) -> None:
    """Choose ``cards`` in the hand one click each (the second copy of a card held
    twice is the second button)."""
    seen: Counter[str] = Counter()
    chosen = tid(page, "hand").locator('[aria-pressed="true"]')
    for number, card in enumerate(cards, start=1):
        card_button(page, card, seen[card]).click()
        seen[card] += 1
        # each click taken before the next (as a player sees each card rise)
        expect(chosen).to_have_count(number)


def submit(page: Page, button: str) -> None:
    """Press ``button`` (``play`` or ``bury``) once the preview says the choice is
    legal, and wait until the server accepted it."""
    expect(tid(page, "preview")).to_have_attribute("data-legal", "true")
    before = last_seq(page)
    tid(page, button).click()
    wait_for_progress(page, before)


def act_by_hint(page: Page, kind: Literal["play", "bury"]) -> list[str]:
    """Do what ``hint`` suggests: press it, then ``play`` or ``bury``; the cards."""
    cards = ask_hint(page)
    submit(page, kind)
    return cards


def act_by_clicks(page: Page, kind: Literal["play", "bury"]) -> list[str]:
    """Learn a legal choice from ``hint``, clear it, click the cards one by one, then
    ``play`` or ``bury``; the cards."""
    cards = ask_hint(page)
    tid(page, "clear").click()
    expect(tid(page, "hand").locator('[aria-pressed="true"]')).to_have_count(0)
    click_cards(page, cards)
    submit(page, kind)
    return cards


def press(page: Page, button: str) -> None:
    """Press a button that sends an action at once (``pass``, a declaration) and wait
    until the server accepted it."""
    before = last_seq(page)
    tid(page, button).first.click()
    wait_for_progress(page, before)


def declare_until_it_stands(page: Page, seat: int, timeout_s: float = 60, size: int = 1) -> str:
    """Press the declaration offered with the most cards (a pair over a single) as soon
    as one is offered, and again whenever the game moved on under it (another seat's
    declaration came first and the offer changed, R-T3), until ``seat``'s own
    declaration of at least ``size`` cards stands; the cards of that declaration."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        table = state(page).get("table")
        standing = None if table is None else table["observation"]["declaration"]
        if (
            standing is not None
            and standing["seat"] == seat
            and len(standing["cards"].split()) >= size
        ):
            cards: str = standing["cards"]
            return cards
        offered: list[str] = tid(page, "declare-option").evaluate_all(
            "(all) => all.map((o) => o.dataset.cards)"
        )
        if offered:
            longest = max(offered, key=lambda cards: len(cards.split()))
            option = page.locator(f'[data-testid="declare-option"][data-cards="{longest}"]')
            with contextlib.suppress(PlaywrightTimeoutError):
                option.click(timeout=2_000)  # gone meanwhile: look again
        page.wait_for_timeout(50)
    raise AssertionError(f"seat {seat}'s declaration did not come to stand in {timeout_s} s")


def play_round(
    page: Page,
    seat: int,
    *,
    act: Callable[[Page, Literal["play", "bury"]], list[str]] = act_by_hint,
    on_declare: Callable[[Page], None] | None = None,
) -> dict[str, list[list[str]]]:
    """Play ``seat``'s decisions until the round summary shows: plays and burials
    with ``act``, the last declaring window with ``on_declare`` (default: pass).
    Returns the cards of each kind of action taken."""
    taken: dict[str, list[list[str]]] = {"play": [], "bury": []}
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        step = wait_for_decision(page, seat)
        if step == "declare":
            if on_declare is None:
                press(page, "pass")
            else:
                on_declare(page)
        elif step == "play":
            taken["play"].append(act(page, "play"))
        elif step == "bury":
            taken["bury"].append(act(page, "bury"))
        else:
            return taken  # the summary (or the game is over)
    raise AssertionError("the round did not end within 240 s")


# ------------------------------------------------------------------ what a page shows


def visible_cards(page: Page) -> dict[str, Counter[str]]:
    """The cards the page shows, counted per channel (``attributes``, ``offered``,
    ``text``, ``labels``); the same physical card may show in several channels."""
    found: dict[str, Any] = page.evaluate(VISIBLE_CARDS_JS)
    attributes = Counter(card for card in found["attributes"] if card)
    offered: Counter[str] = Counter()
    for cards in found["offered"]:
        offered.update(cards.split())
    text: Counter[str] = Counter()
    for rank, symbol in RANK_FIRST.findall(found["text"]):
        text[("T" if rank == "10" else rank) + SYMBOL_SUITS[symbol]] += 1
    for symbol, rank in SUIT_FIRST.findall(found["text"]):
        text[("T" if rank == "10" else rank) + SYMBOL_SUITS[symbol]] += 1
    text.update(JOKER.findall(found["text"]))
    labels: Counter[str] = Counter()
    for rank, suit in NAMED.findall(found["labels"]):
        labels[RANK_NAMES[rank] + suit[0].upper()] += 1
    for colour in NAMED_JOKER.findall(found["labels"]):
        labels[colour[0] + "J"] += 1
    return {"attributes": attributes, "offered": offered, "text": text, "labels": labels}


def reach_burial(page: Page, server: LiveServer, bots: str = "heuristic") -> str:
    """Seat ``page`` at seat 0 of a new one-round room whose deal lets that seat declare
    with nothing to override it (R-T3), declare as the cards come and pass in the last
    window: the seat is the starter, holding 33 cards, asked to bury (R-K1). The room's
    code."""
    seed = seed_where_seat_declares(0)
    code = create_seeded_room(server, seed, ["human", bots, bots, bots])
    take_seat(page, server, code, 0, name="Ana")
    declare_until_it_stands(page, 0)
    while (step := wait_for_decision(page, 0)) == "declare":
        press(page, "pass")
    assert step == "bury", f"the declarer is asked to bury, not {step}"
    expect(tid(page, "hand").locator('[data-testid="card"]')).to_have_count(33)
    return code
