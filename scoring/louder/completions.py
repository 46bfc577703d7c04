"""What may be typed next in LOUDER TRICKSTAR, word by word, from what the table has seen (a card
lying face down is never looked at: no list may tell the table where a Trap lies or which cards are
all on the field). Each Completion is the next word, added after a space, or after ``:`` ``,``
``=`` the rest of the word being typed; ``Louder.completions`` asks :func:`typed_moves`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scoring.errors import RuleViolation
from scoring.game import Completion
from scoring.louder import told
from scoring.louder.engine import OVER, Card, Drew, Placed, State, Used, card_name, legal, parse_card
from scoring.louder.notation import SAME, player
from scoring.louder.words import fact
from scoring.words import Fact


def typed_moves(s: State, typed: str) -> list[Completion]:
    """The words that may follow ``typed`` in ``s``, the state of what the table has seen."""
    words = typed.split()
    head = words[0].lower() if words else ""
    if s.phase == OVER:
        if not words:
            return [Completion("hands", fact("label.hands"))]
        return _hands(s, words) if head == "hands" else []
    moves = legal(s)
    if not words:
        return _opening(s, moves)
    if head == "place":
        return _placing(s, moves, words)
    if head == "use":
        return _using(s, moves, words)
    return []


def _opening(s: State, moves: list) -> list[Completion]:
    """A turn's whole first choices, each one digit on the empty line (``numbered_from_the_start``):
    ``draw`` (the first once the field has a card: an empty line's Enter puts it in the line), each
    strategy card to ``use``, then ``place`` with each placement card (on an empty field the
    placements first, and draw last), each group the most not yet seen first (a hand holds those
    likeliest). ``p``, ``u`` and ``d`` still start a line by its first letter, and a digit then
    takes a card."""
    left = _unseen(s)
    cards = _flat([m.card.code() for m in moves if isinstance(m, Placed)], left)
    placed = [(f"place {m.text}", m.label, m.text) for m in cards]
    kinds = dict.fromkeys(m.card for m in moves if isinstance(m, Used))
    uses = [(f"use {kind}", told.strategy(kind), kind) for kind in kinds]
    uses = sorted(uses, key=lambda choice: -left[choice[2]])  # each group the most not yet seen first
    ranked = uses + placed if s.field else placed + uses  # an empty field: the first card goes down
    out = [Completion(text, label) for text, label, _ in ranked]
    if any(isinstance(m, Drew) for m in moves):
        out.insert(0 if s.field else len(out), Completion("draw", fact("label.draw", n=s.deck)))
    return out


def _nearest_first(s: State, cells: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Free cells, those beside the card placed last first (a table builds on around it), then
    further out, each ring in the order the field gives."""
    if not s.field:
        return list(cells)
    lx, ly = next(reversed(s.field))
    return sorted(cells, key=lambda c: abs(c[0] - lx) + abs(c[1] - ly))


def _cell(text: str) -> tuple[int, int] | None:
    """The cell ``X,Y`` names (None for anything else)."""
    x, _, y = text.partition(",")
    try:
        return int(x), int(y)
    except ValueError:
        return None


def _unseen(s: State) -> Counter[str]:
    """How many of each card the table has not seen yet (the deck, less what lies face up)."""
    left = Counter(s.game.deck)
    left.subtract(c.code() for c in s.field.values() if c.known)
    left.subtract(c.code() for row in s.collected for c in row)
    left.subtract(card for row in s.strategy for card in row)
    return left


def _placing(s: State, moves: list, words: list[str]) -> list[Completion]:
    """``place``, then the card (each that may be placed, the most not yet seen first: a digit
    takes one), then ``at`` a cell and ``says`` what it is announced as, each as one choice
    (``at 1,0``, ``says same``, ``says score:5``). Every list after the card is the same whatever
    the card (the cells and the announcements are the table's to see), so showing it tells
    nothing of the card typed."""
    placed = [m for m in moves if isinstance(m, Placed)]
    left = _unseen(s)
    codes = [m.card.code() for m in placed]
    if len(words) == 1:
        return _flat(codes, left)
    if len(words) == 2 and words[1].endswith(":"):
        return _choices(codes, words[-1], left)
    try:
        card = parse_card(words[1])
    except RuleViolation:
        return []
    cells = _nearest_first(s, dict.fromkeys(m.cell for m in placed if m.card == card))
    if not cells:
        return []
    said = [c for c in map(parse_card, s.game.deck) if c.placement]
    said = sorted(said, key=lambda c: _in_order(c.code()))
    return _after_the_card(cells, [c.code() for c in said], words[2:])


def _using(s: State, moves: list, words: list[str]) -> list[Completion]:
    """``use``, then the strategy cards that may be used, then ``at`` the first cell it flips (one
    choice each: a digit takes it), then the cells that continue the run of flips."""
    uses = [m for m in moves if isinstance(m, Used)]
    if len(words) == 1:
        return [Completion(kind, told.strategy(kind)) for kind in dict.fromkeys(m.card for m in uses)]
    try:
        kind = parse_card(words[1]).kind
    except RuleViolation:
        return []
    cells = words[2:]
    at = bool(cells) and cells[0].lower() == "at"
    cells = cells[1:] if at else cells
    partial = cells[-1][:-1] if cells and cells[-1].endswith(",") else None
    done = tuple(_cell(w) for w in (cells[:-1] if partial is not None else cells))
    k = len(done)
    following = dict.fromkeys(m.flips[k] for m in uses if m.card == kind and len(m.flips) > k and m.flips[:k] == done)
    if partial is not None:
        return [Completion(str(y), told.lying(s, (x, y))) for x, y in following if str(x) == partial]
    lead = "at " if k == 0 and not at else ""
    return [Completion(f"{lead}{x},{y}", told.lying(s, (x, y))) for x, y in following]


def _hands(s: State, words: list[str]) -> list[Completion]:
    """``hands``, then each player's ``NAME=`` in seat order and the cards of their hand."""
    given: dict[str, list[str]] = {}
    for word in words[1:]:
        name, eq, cards = word.partition("=")
        if not eq:
            return []
        try:
            given[player(name, s.players)] = cards.split(",")
        except RuleViolation:
            return []
    names = [
        Completion(f"{who}=", fact("label.hand", player=who, n=s.hands[p]))
        for p, who in sorted(enumerate(s.players), key=lambda pw: not s.hands[pw[0]])
        if who not in given
    ]
    if len(words) == 1:
        return names
    who, typed = next(reversed(given.items()))
    held = s.hands[s.players.index(who)]
    left = _unseen(s)
    for cards in given.values():
        left.subtract(c.lower() for c in cards if c)
    codes = [code for code in s.game.deck if left[code] > 0]
    whole = not words[-1].endswith(("=", ",", ":"))  # a whole card typed last
    given_now = len([c for c in typed if c]) if whole else len(typed) - 1
    if given_now >= held:  # the hand is whole: the next player
        return names if whole else []

    def nth(m: Completion) -> Completion:  # Chie 4/7: Score 2 (… not seen yet)
        return Completion(m.text, fact("label.nth", player=who, n=given_now + 1, held=held, card=m.label))

    if whole:  # after a whole card: another, glued on (,trap:0)
        return [nth(Completion(f",{m.text}", m.label)) for m in _choices(codes, "", left)]
    return [nth(m) for m in _choices(codes, typed[-1] if words[-1].endswith(":") else "", left)]


def _flat(codes: Sequence[str], left: Counter[str]) -> list[Completion]:
    """Every card of ``codes`` by its own code, the most not yet seen first (then Traps, Scores,
    Enemies, the highest number first: ``_in_order``)."""
    codes = list(dict.fromkeys(codes))
    ranked = sorted(codes, key=lambda c: (-left[c], _in_order(c)))
    return [Completion(c, fact("label.left", card=card_name(parse_card(c)), n=left[c])) for c in ranked]


def _in_order(code: str) -> tuple[int, int]:
    """Where a placement card comes in a list: Traps, Scores, Enemies, the highest number first."""
    card = parse_card(code)
    return ("trap", "score", "enemy").index(card.kind), -card.number


def _after_the_card(cells: list[tuple[int, int]], said: list[str], rest: list[str]) -> list[Completion]:
    """The words of a placement after its card: each of ``at`` (one of ``cells``) and ``says``
    (``same``, or one of the ``said`` codes) once, with its value, offered as one choice each
    (``at 1,0``, ``says same``) the cell first; after a key typed alone, its values."""
    given: dict[str, str] = {}
    for i in range(0, len(rest), 2):
        key = rest[i].lower()
        if key not in ("at", "says") or key in given:
            return []
        if i + 1 == len(rest):  # the key is typed, its value comes next
            if key == "at":
                return [Completion(f"{x},{y}", fact("label.cell")) for x, y in cells]
            return [Completion(SAME, fact("label.says_same")), *_choices(said, "")]
        value = rest[i + 1]
        last = i + 2 == len(rest)
        typing = _typing_at(cells, value, last) if key == "at" else _typing_says(said, value, last)
        if key == "says" and value.lower() == SAME:
            typing = None
        if typing is not None:
            return typing
        given[key] = value
    # the cell first (``says`` before ``at`` is read too, but not offered)
    if "at" not in given:
        return [Completion(f"at {x},{y}", fact("label.at_cell")) for x, y in cells]
    if "says" not in given:
        return [
            Completion(f"says {SAME}", fact("label.says_same")),
            *(Completion(f"says {c}", fact("label.said", card=card_name(parse_card(c)))) for c in said),
        ]
    return []


def _typing_at(cells: list[tuple[int, int]], value: str, last: bool) -> list[Completion] | None:
    """After ``at``: the rows of the column typed (``1,``), nothing for a cell the card cannot
    go to, or None for a whole cell it can."""
    if last and value.endswith(","):
        x = value[:-1]
        return [Completion(str(cy), fact("label.row", x=cx, y=cy)) for cx, cy in cells if str(cx) == x]
    if _cell(value) not in cells:
        return []
    return None


def _typing_says(said: list[str], value: str, last: bool) -> list[Completion] | None:
    """After ``says``: a kind's numbers (``score:``), or None for a whole card."""
    if last and value.endswith(":"):
        return _choices(said, value)
    return None


def _choices(codes: Sequence[str], word: str, left: Counter[str] | None = None) -> list[Completion]:
    """The cards that may be typed for ``word``: a kind with several numbers as ``KIND:`` (its
    numbers follow), any other card by its code, the most not yet seen first (``left``; else in
    the order given); after ``KIND:``, that kind's numbers.

    >>> [m.text for m in _choices(["trap:0", "score:1", "score:5", "seeker"], "")]
    ['trap:0', 'score:', 'seeker']
    >>> from scoring.words import say
    >>> moves = _choices(["trap:0", "score:1", "score:5"], "score:", Counter({"score:5": 2}))
    >>> [(m.text, say(m.label, "ja")) for m in moves]
    [('5', 'スコア5（未確認2枚）'), ('1', 'スコア1（未確認0枚）')]
    """
    codes = list(dict.fromkeys(codes))
    count = left if left is not None else Counter()
    first = {c: -i for i, c in enumerate(codes)}  # in the order given, where nothing else decides

    def label(cards: list[Card], shown: Fact) -> Fact:
        n = sum(count[c.code()] for c in cards)
        return shown if left is None else fact("label.left", card=shown, n=n)

    if word.endswith(":"):
        kind = word[:-1].lower()
        same = sorted((c for c in codes if c.partition(":")[0] == kind), key=lambda c: (-count[c], -first[c]))
        return [Completion(c.partition(":")[2], label([parse_card(c)], card_name(parse_card(c)))) for c in same]
    groups: dict[str, list[Card]] = {}
    for code in codes:
        card = parse_card(code)
        groups.setdefault(card.kind if card.placement else code, []).append(card)
    out = []
    for kind, cards in sorted(
        groups.items(), key=lambda kc: (-sum(count[c.code()] for c in kc[1]), -first[kc[1][0].code()])
    ):
        if len(cards) == 1:
            out.append(Completion(cards[0].code(), label(cards, card_name(cards[0]))))
        else:
            numbers = "/".join(str(c.number) for c in sorted(cards, key=lambda c: c.number))
            name = fact("kind", kind=kind)
            out.append(Completion(f"{kind}:", label(cards, fact("kinds", kind=name, numbers=numbers))))
    return out
