"""What the KINGs table may type next, as the moves ``Kings.legal`` offers: a draft pick, the
Devil's colour, the parts of a ``fronts`` or ``bids`` line, a card and the words after it, a
character's action. Every list comes from the engine's (``draft_choices``, ``devil_colors``,
``front_choices``, ``nine_choices``, ``bid_choices``, ``partner_choices``, ``legal``,
``turn_actions``, ``apply``); this module only writes them as the words a player types, the most
likely first, in groups of at most nine so that a digit takes one.

A ``fronts`` or ``bids`` line is typed a player at a time in seat order: after the parts typed,
the next player's choices (``Aki=Healer``; a bid ``Aki=Gambler:`` then ``2/50``), then who takes
the Berserker's 9 or the Cheerleader's partner card. A part may be typed for anyone, in any order,
with a name cut to a prefix (``b=``): the line goes on with the first player not typed yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations, product

from scoring.errors import RuleViolation
from scoring.game import Completion
from scoring.kings.bids import read_bid
from scoring.kings.cards import BLACK, RED, character, code, color_index, parse, printed_bids
from scoring.kings.engine import (
    BIDS,
    DEVIL,
    DRAFT,
    FRONTS,
    PLAY,
    BidChoice,
    State,
    apply,
    bid_choices,
    devil_colors,
    draft_choices,
    front_choices,
    legal,
    nine_choices,
    partner_choices,
    tricks_per_round,
    turn_actions,
)
from scoring.kings.events import CardPlayed, CheerExchanged, Event, HermitDrew, LeadNamed
from scoring.kings.names import player
from scoring.kings.notation import parse_line
from scoring.kings.scoring import Bid
from scoring.kings.state import Back
from scoring.kings.told import card, char, color
from scoring.kings.trick import DECLARATIONS
from scoring.kings.words import fact
from scoring.words import Fact, Words

NUMBERED = 9  # the table screen numbers this many choices; a longer list is offered in groups
BINDING = ("=", ":", ",")  # a word ending in one of these goes on without a space (Aki=Gambler:)
FLAGS = ("king", "sword", "gift", *DECLARATIONS)  # what may follow a card on its line
# --- the draft, the Devil, a turn ------------------------------------------------------------------


def _king(color: str) -> Fact:
    return fact("king_name", color=color)


def draft_moves(colors: Sequence[str], chars: Sequence[str]) -> list[Completion]:
    """A pick is the king's colour or the character alone (``red``, ``Healer``)."""
    return [Completion(c, _king(c)) for c in colors] + [Completion(c, char(c)) for c in chars]


def devil_moves(colors: Sequence[str]) -> list[Completion]:
    """Two players' Devil: the colour alone (``green``)."""
    return [Completion(c, _king(c)) for c in colors]


def likely_cards(s: State) -> list[int]:
    """The cards the player to play may play (the engine's ``legal``), the most likely first:
    after a lead the colour led, then black (it beats the other colours), then the rest; a leader
    is offered every card in colour order. Within a colour the lowest first."""
    cards = legal(s)
    if s.lead is None:
        return cards

    def rank(c: int) -> tuple[int, int]:
        colour = color_index(c)
        if colour == s.lead:
            group = 0
        elif colour == BLACK or (colour == RED and "Samurai" in s.fronts[s.to_play or 0]):
            group = 1
        elif colour is not None:
            group = 2
        else:
            group = 3
        return (group, cards.index(c))

    return sorted(cards, key=rank)


def turn_moves(s: State) -> list[Completion]:
    """A turn: every card the player may play (the most likely first), then ``lead`` (a Ninja about
    to lead; the player follows as a numbered choice), ``hermit``, ``cheer``."""
    moves = [Completion(code(c), card(c)) for c in likely_cards(s)]
    actions = turn_actions(s)
    if any(isinstance(a, LeadNamed) for a in actions):
        moves.append(Completion("lead", fact("move.lead")))
    moves += [action_move(s, a) for a in actions if not isinstance(a, LeadNamed)]
    return moves


def lead_moves(s: State) -> list[Completion]:
    """After ``lead``: the players a Ninja may name."""
    return [action_move(s, a) for a in turn_actions(s) if isinstance(a, LeadNamed)]


def action_move(s: State, a: Event) -> Completion:
    """One of the engine's ``turn_actions`` as the word typed for it: a player's name after
    ``lead``, ``hermit``, ``cheer``."""
    if isinstance(a, LeadNamed):
        who = s.players[a.lead]
        return Completion(who, fact("move.ninja", who=who))
    if isinstance(a, HermitDrew):
        return Completion("hermit", fact("move.hermit"))
    assert isinstance(a, CheerExchanged)
    return Completion("cheer", fact("move.cheer", partner=s.players[s.partners[a.player]]))


def flag_moves(s: State, words: list[str]) -> list[Completion]:
    """The words that may follow a typed card: each one the engine accepts with the line so far."""
    given = [w.lower() for w in words[1:]]
    if not set(given) <= set(FLAGS) or len(set(given)) < len(given):
        return []
    try:
        card = parse(words[0])
    except RuleViolation:
        return []

    def accepted(flags: set[str]) -> bool:
        declare = next((d for d in DECLARATIONS if d in flags), None)
        try:
            apply(
                s,
                CardPlayed(
                    s.to_play,
                    card,
                    king="king" in flags,
                    sword="sword" in flags,
                    declare=declare,
                    gift="gift" in flags,
                ),
            )
        except RuleViolation:
            return False
        return True

    if not accepted(set(given)):
        return []
    declared = any(d in given for d in DECLARATIONS)
    king = s.kings[s.to_play] or ""
    return [
        Completion(flag, fact("flag.king", king=color(king)) if flag == "king" else fact(f"flag.{flag}"))
        for flag in FLAGS
        if flag not in given and not (declared and flag in DECLARATIONS) and accepted({*given, flag})
    ]


def typed_moves(s: State, typed: str) -> list[Completion]:
    """What may follow ``typed`` in the state's phase (:meth:`scoring.kings.game.Kings.completions`
    says what each phase offers)."""
    words = typed.split()
    moves = _PHASE_MOVES.get(s.phase)
    return moves(s, words, words[0].lower() if words else "") if moves is not None else []


# what may be typed in each phase: (the state, the words typed, the first of them in lower case)


def _draft_typed(s: State, words: list[str], head: str) -> list[Completion]:
    """A king's colour or a character, alone or after ``pick``."""
    return draft_moves(*draft_choices(s)) if not words or (head == "pick" and len(words) == 1) else []


def _devil_typed(s: State, words: list[str], head: str) -> list[Completion]:
    """Two players' Devil: a colour, alone or after ``devil``."""
    return devil_moves(devil_colors(s)) if not words or (head == "devil" and len(words) == 1) else []


def _fronts_typed(s: State, words: list[str], head: str) -> list[Completion]:
    """``fronts``, then its parts."""
    if head not in ("", "fronts"):
        return []
    return line_moves(s, "fronts", words[1:]) if words else [Completion("fronts", fact("start.fronts"))]


def _bids_typed(s: State, words: list[str], head: str) -> list[Completion]:
    """``bids``, then its parts."""
    if head not in ("", "bids"):
        return []
    return line_moves(s, "bids", words[1:]) if words else [Completion("bids", fact("start.bids"))]


def _play_typed(s: State, words: list[str], head: str) -> list[Completion]:
    """A card or an action; after a card, the words that may follow it; after ``lead``, the players."""
    if not words:
        return turn_moves(s)
    if head == "lead":
        return lead_moves(s) if len(words) == 1 else []
    if head in ("hermit", "cheer"):
        return []
    return flag_moves(s, words)


_PHASE_MOVES = {DRAFT: _draft_typed, DEVIL: _devil_typed, FRONTS: _fronts_typed, BIDS: _bids_typed, PLAY: _play_typed}


# --- the lines everyone types at once ---------------------------------------------------------------


class _Parts:
    """What a ``fronts`` or ``bids`` line may go on with: each player's whole parts not typed yet
    (``slots``, in seat order) and the words that may come once every player has one (``extra``)."""

    def __init__(
        self, slots: list[list[Completion]], extra: list[Completion], spelled: list[Completion] | None = None
    ) -> None:
        self.slots = slots
        self.extra = extra
        self.spelled = spelled if spelled is not None else [m for slot in slots for m in slot] + extra

    def next(self) -> list[Completion]:
        """The first player's parts not typed yet, or (every player typed) the extra words."""
        return next((slot for slot in self.slots if slot), self.extra)


def line_moves(s: State, head: str, parts: list[str]) -> list[Completion]:
    """After ``fronts`` or ``bids`` and the parts typed: the next player's parts, grouped to at
    most nine; after a word ending in ``=`` ``:`` or ``,`` (``Aki=``, ``Aki=Gambler:``,
    ``partner=Emi:``), the rest of the parts it starts."""
    word = parts[-1] if parts and parts[-1].endswith(BINDING) else None
    typed = parts[:-1] if word is not None else parts
    found = (_front_parts if head == "fronts" else _bid_parts)(s, typed)
    if found is None:
        return []
    if word is None:
        return grouped(found.next())
    key, eq, rest = word.partition("=")
    try:
        if key not in ("nine", "partner"):
            key = player(key, s.players)
        elif key == "partner" and rest.endswith(":") and rest.count(":") == 1:
            rest = player(rest[:-1], s.players) + ":"
    except RuleViolation:
        return []
    start = (key + eq + rest).lower()
    seen: dict[object, Completion] = {}
    for m in found.spelled:
        if m.text.lower().startswith(start) and len(m.text) > len(start):
            who, _, value = m.text.partition("=")
            same = (who, *sorted(value.split(",")))  # two fronts in either order are one choice
            seen.setdefault(same, Completion(m.text[len(start) :], m.label))
    return grouped(list(seen.values()), specials=head == "bids")


def _front_parts(s: State, parts: list[str]) -> _Parts | None:
    players = s.players
    read = _typed_fronts(s, parts)
    if read is None:
        return None
    typed, nine = read
    may_take = nine_choices(s, [typed.get(p, ()) for p in range(len(players))])
    if nine is not None and (len(nine) > 1 or any(players.index(who) not in may_take for who in nine)):
        return None

    def move(who: str, cs: Sequence[str]) -> Completion:
        # the text names the player
        return Completion(f"{who}={','.join(cs)}", fact("move.fronts", characters=tuple(char(c) for c in cs)))

    slots = [[] if p in typed else [move(who, cs) for cs in front_choices(s, p)] for p, who in enumerate(players)]
    extra = []
    if nine is None:
        extra = [Completion(f"nine={players[p]}", fact("move.nine", who=players[p])) for p in may_take]
    # two fronts may be typed in either order (Aki=Ninja,Healer)
    spelled = [
        move(players[p], order)
        for p, slot in enumerate(slots)
        if slot
        for cs in front_choices(s, p)
        for order in permutations(cs)
    ]
    return _Parts(slots, extra, spelled + extra)


def _typed_fronts(s: State, parts: list[str]) -> tuple[dict[int, tuple[str, ...]], list[str] | None] | None:
    """The fronts typed so far, by seat, and the ``nine=`` typed (None if not); None when a part
    is unreadable or is no choice the player has."""
    players = s.players
    try:
        entry = parse_line(" ".join(["fronts", *parts]), players=players)
        typed = {players.index(who): tuple(character(c).name for c in cs) for who, cs in entry["fronts"].items()}
    except (RuleViolation, ValueError):  # an unreadable part
        return None
    if any(sorted(f) not in [sorted(c) for c in front_choices(s, p)] for p, f in typed.items()):
        return None
    return typed, entry.get("nine")


def _bid_parts(s: State, parts: list[str]) -> _Parts | None:
    players = s.players
    read = _typed_bids(s, parts)
    if read is None:
        return None
    typed, known, partners = read
    slots = [[] if p in typed else _bid_slot(s, p, who, known) for p, who in enumerate(players)]
    extra = [
        Completion(f"partner={who}:{players[q]}", fact("move.partner", who=who, partner=players[q]))
        for p, who in enumerate(players)
        if p not in partners
        for q in partner_choices(s, p)
    ]
    return _Parts(slots, extra)


def _typed_bids(
    s: State, parts: list[str]
) -> tuple[dict[int, list[BidChoice]], list[tuple[Bid, ...] | None], dict[int, int]] | None:
    """The bids typed so far, by seat (as choices, and as the bids known to the others' choices),
    and the Cheerleaders' partners typed; None when a part is unreadable or is no choice the
    player has."""
    players, n = s.players, len(s.players)
    known: list[tuple[Bid, ...] | None] = [None] * n
    try:
        entry = parse_line(" ".join(["bids", *parts]), players=players)
        typed: dict[int, list[BidChoice]] = {}
        for who, rows in entry["bids"].items():
            p = players.index(who)
            bids = tuple(read_bid(row["bid"], players, p, tricks_per_round(n)) for row in rows)
            typed[p] = [
                BidChoice(character(row["card"]).name, b.kind, b.other) for row, b in zip(rows, bids, strict=True)
            ]
            known[p] = bids
        partners = {players.index(a): players.index(b) for a, b in entry.get("partners", {}).items()}
    except (RuleViolation, ValueError):  # an unreadable part
        return None
    if any(
        sorted(mine, key=str) not in [sorted(c, key=str) for c in bid_choices(s, p, known)] for p, mine in typed.items()
    ):
        return None
    if any(q not in partner_choices(s, p) for p, q in partners.items()):
        return None
    return typed, known, partners


def _bid_slot(s: State, p: int, who: str, known: list[tuple[Bid, ...] | None]) -> list[Completion]:
    """A player's whole bid parts not typed yet: each choice of cards and bids, every bid of
    tricks as each back the data knows."""
    players = s.players
    slot = []
    for choice in bid_choices(s, p, known):
        for words in product(*(_bid_words(c, players, s.game.backs.get(c.card, ())) for c in choice)):
            text = "+".join(t for t, _ in words)
            label = words[0][1] if len(words) == 1 else fact("plus", items=tuple(w for _, w in words))
            slot.append(Completion(f"{who}={text}", label))  # the text names the player
    return slot


def _bid_words(c: BidChoice, players: Sequence[str], printed: Sequence[Back] = ()) -> list[tuple[str, Words]]:
    """The ``CARD:BID`` words (and labels) for one bid card: a bid of tricks as the table's own
    card prints it (``printed``, the header's ``backs``), else as each back the data knows, up to
    the tricks of a round (an unconfirmed back is said so: F1 says to type the card's own)."""
    card = char(c.card)
    if c.kind == "tricks":
        most = tricks_per_round(len(players))
        backs = [(t, points, True) for t, points in (b for b in printed if b != "copy")] if printed else None
        return [
            (f"{c.card}:{t}/{points}", fact("move.bid", card=card, tricks=t, points=points, sure=sure))
            for t, points, sure in (backs if backs is not None else printed_bids(most))
            if t <= most
        ]
    if c.kind == "devil_miss":
        return [(f"{c.card}:miss", fact("move.miss", card=card))]
    other = players[c.other]
    if c.kind == "copy":
        return [(f"{c.card}:copy:{other}", fact("move.copy", card=card, other=other))]
    return [(f"{c.card}:bond:{other}", fact("move.bond", card=card, other=other))]


# --- groups of at most nine --------------------------------------------------------------------------


def _cut(text: str, depth: int) -> str:
    """``text`` up to and with its ``depth``-th ``=`` ``:`` or ``,`` (all of it when it has fewer)."""
    seen = 0
    for i, ch in enumerate(text):
        if ch in BINDING:
            seen += 1
            if seen == depth:
                return text[: i + 1]
    return text


def _common(labels: Sequence[Words]) -> Fact:
    """The words the labels of a group share, as its label (``Aki: Gambler…``), in each language
    (:func:`scoring.kings.words.common`)."""
    return fact("common", items=tuple(labels))


def grouped(moves: list[Completion], specials: bool = False, limit: int = NUMBERED) -> list[Completion]:
    """``moves`` as at most ``limit`` choices where it can be done: a longer list is cut at the
    first ``=`` ``:`` or ``,`` that tells its moves apart (``Aki=Gambler:`` for every bid on the
    Gambler's back), a group of one stays whole. With ``specials``, the Copies and Bonds of a bid
    (``copy:Ben``, ``copy:Chie``) are grouped as ``copy:`` when there are two or more among bids of
    tricks (``2/50``: the screen numbers no list where a choice starts with a digit), so ``c``
    completes ``copy:`` and a digit takes the player.

    >>> texts = [f"Aki={c}:{t}/50" for c in ("Gambler", "Healer") for t in range(5)] + ["Aki=Devil:miss"]
    >>> [m.text for m in grouped([Completion(t, t) for t in texts])]
    ['Aki=Gambler:', 'Aki=Healer:', 'Aki=Devil:miss']
    >>> [m.text for m in grouped([Completion(t, t) for t in ("2/50", "copy:Ben", "copy:Chie")], specials=True)]
    ['2/50', 'copy:']
    """
    if specials and (len(moves) > limit or any(m.text[:1].isdigit() for m in moves)):
        moves = _specials_grouped(moves)
    if len(moves) <= limit:
        return moves
    return [
        members[0] if len(members) == 1 else Completion(cut, _common([m.label for m in members]))
        for cut, members in _cut_apart(moves).items()
    ]


def _specials_grouped(moves: list[Completion]) -> list[Completion]:
    """The Copies (``copy:Ben``, ``copy:Chie``) as one ``copy:``, and the Bonds as one ``bond:``,
    where there are two or more of them, in the place of the first."""
    kinds: dict[str, list[Completion]] = {}
    for m in moves:
        if m.text.startswith(("copy:", "bond:")):
            kinds.setdefault(m.text[:5], []).append(m)
    out, done = [], set()
    for m in moves:
        kind = m.text[:5]
        if kind in kinds and len(kinds[kind]) > 1:
            if kind not in done:
                out.append(Completion(kind, _common([x.label for x in kinds[kind]])))
                done.add(kind)
        else:
            out.append(m)
    return out


def _cut_apart(moves: list[Completion]) -> dict[str, list[Completion]]:
    """The moves grouped by their text up to the first ``=`` ``:`` or ``,`` that tells them apart
    (every move whole when none does)."""
    depth = 1
    while True:
        groups: dict[str, list[Completion]] = {}
        for m in moves:
            groups.setdefault(_cut(m.text, depth), []).append(m)
        if len(groups) > 1 or all(_cut(m.text, depth) == m.text for m in moves):
            return groups
        depth += 1


__all__ = [
    "FLAGS",
    "action_move",
    "devil_moves",
    "draft_moves",
    "flag_moves",
    "grouped",
    "lead_moves",
    "likely_cards",
    "line_moves",
    "turn_moves",
    "typed_moves",
]
