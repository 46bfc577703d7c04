"""What may be typed next in Trickster: Champions of Time, word by word, the most likely first (see
``Trickster.completions``), from what the table can see: a card moved in secret is never offered.
"""

from __future__ import annotations

from dataclasses import replace

from scoring.errors import RuleViolation
from scoring.game import Completion
from scoring.trickster.cards import code, parse
from scoring.trickster.effects import hero_code
from scoring.trickster.engine import laid, legal, playable
from scoring.trickster.events import Bust, Effect
from scoring.trickster.notation import next_field, parse_line, reveal_slots, setup_size
from scoring.trickster.record import read_effect
from scoring.trickster.state import LEAD, REVEAL, SETUP, TRICK, State
from scoring.trickster.targets import accepts, options
from scoring.trickster.where import where
from scoring.trickster.words import card, said
from scoring.trickster.zones import can_follow, may_hold
from scoring.words import Fact

#: a scoresheet, offered before anything is recorded
SCORESHEET = Completion("tableau", said("scoresheet_move"))


def typed_moves(s: State, words: list[str], fresh: bool) -> list[Completion]:
    """The words that may follow ``words`` in ``s`` (``fresh``: nothing is recorded yet, so a
    scoresheet may still be chosen)."""
    if not words:
        if s.phase == SETUP:
            moves = [Completion("round", said("set_up", round=s.round + 1))]
            if fresh:
                moves.append(SCORESHEET)
            return moves
        if s.phase == REVEAL:
            return [Completion("reveal", said("reveal_move"))]
        if s.phase == TRICK and s.to_play is not None:
            return _card_moves(s)
        if s.phase == LEAD:
            return _timeline_moves(s)
        return []
    head = words[0].lower()
    if head == "round":
        return _setup_moves(s, words[1:]) if s.phase == SETUP else []
    if head == "timeline":
        return _timeline_moves(s) if s.phase == LEAD and len(words) == 1 else []
    if head == "reveal":
        return _reveal_moves(s, words[1:]) if s.phase == REVEAL else []
    if s.to_play is None or head in ("bust", "tableau"):
        return []
    return _effect_moves(s, words)


def _whole_card(word: str, s: State) -> int | None:
    """The card a whole card code names (``RGUA``, any case), or None for anything else."""
    try:
        c = parse(word, s.game.deck)
    except RuleViolation:
        return None
    return c if code(c) == word.upper() else None


def _whole(word: str, s: State) -> bool:
    """Whether ``word`` is a whole word of an effect: a card code, a player's name, ``-`` or a
    ``key=value``."""
    if word == "-" or "=" in word or _whole_card(word, s) is not None:
        return True
    return any(word.lower() == p.lower() for p in s.players)


def _card_moves(s: State) -> list[Completion]:
    """The cards the player to play could play, the likeliest first, and ``bust`` where it belongs."""
    me = s.to_play
    assert me is not None
    hand = s.hands[me]
    moves = legal(s)
    lead = s.pot[0] if len(s.pot) == 1 else None

    def likely(c: int) -> tuple[int, int, int]:
        group = 0 if lead is None or c & 7 == lead & 7 else 1 if c >> 3 == lead >> 3 else 2
        return (c not in hand.known, group, c)

    cards = sorted((m.card for m in moves if not isinstance(m, Bust)), key=likely)
    out = [Completion(code(c), _card_where(c, s) if c in hand.known else card(c)) for c in cards]
    if any(isinstance(m, Bust) for m in moves):
        # after every card: while the player may hold one that follows, a bust is what the table
        # cannot know, so an empty line's Enter never offers it first (alone, it is the first)
        out.append(Completion("bust", said("bust_move")))
    return out


def _named(words: list[str], s: State) -> list[int] | None:
    """The cards a line's words name, in order; None if a word names no card or one named before
    (nothing can follow such a line)."""
    named: list[int] = []
    for w in words:
        c = _whole_card(w, s)
        if c is None or c in named:
            return None
        named.append(c)
    return named


def _setup_moves(s: State, words: list[str]) -> list[Completion]:
    """The cards for the next word of ``round …``: the trash, each tableau card, the Timeline."""
    k, n, tl = setup_size(s)
    if len(words) >= k + n + tl:
        return []
    named = _named(words, s)
    if named is None:
        return []
    i = len(words)
    if i < k:
        what = said("trash_slot", i=i + 1, of=k)
    elif i < k + n:
        what = said("tableau_slot", player=s.players[i - k])
    else:
        what = said("timeline_slot", i=i - k - n + 1, of=tl)
    return [Completion(code(c), said("slot", what=what, card=card(c))) for c in s.game.deck.cards() if c not in named]


def _timeline_moves(s: State) -> list[Completion]:
    """The cards the Timeline's front card may be as it leads: any nobody has seen elsewhere."""
    what = said("timeline_front")
    return [Completion(code(c), said("slot", what=what, card=card(c))) for c in sorted(s.unseen)]


def _reveal_moves(s: State, words: list[str]) -> list[Completion]:
    """The cards for the next word of ``reveal …``: what the next card in hand may be (seat order),
    those known to be in that hand first."""
    slots = reveal_slots(s)
    if len(words) >= len(slots):
        return []
    named = _named(words, s)
    if named is None:
        return []
    p = slots[len(words)]
    mine = [c for c, q in zip(named, slots, strict=False) if q == p]
    hand = s.hands[p]
    known = [c for c in sorted(hand.known) if c not in mine]
    left = slots[len(words) :].count(p)
    cards = (
        known
        if len(known) >= left
        else [*known, *(c for c in sorted(s.unseen) if c not in named and may_hold(s, p, c))]
    )
    what = said("hand_slot", player=s.players[p], i=len(mine) + 1, of=hand.size)
    return [Completion(code(c), said("slot", what=what, card=card(c))) for c in cards]


def _effect_moves(s: State, words: list[str]) -> list[Completion]:
    """The choices for the next word of the effect of the card ``words`` starts with."""
    me = s.to_play
    card = _whole_card(words[0], s)
    if me is None or card is None or card not in playable(s, me):
        return []
    if not all(_whole(w, s) for w in words[1:]) or words[1:] == ["-"]:
        return []
    hcode = hero_code(card)
    w = laid(s, me, card)
    asked = words[-1][:-1] if len(words) > 1 and words[-1].endswith("=") else None  # RGUA card=
    read = _effect_so_far(s, me, words[:-1] if asked else words)
    if read is None:
        return []
    effect, x = read
    if asked is not None:
        return _asked_moves(s, w, me, hcode, x, asked)
    slot = next_field(effect, hcode, s.game.deck, s.game.rules.inventor_resolves)
    if slot is None:  # nothing left to name: an effect (or a copied one) whose moves are all secret
        return _secret_moves(w, me, hcode, x, first=len(words) == 1)
    field = ".".join((*slot[0], slot[1]))
    return _target_moves(s, w, me, field, options(w, me, hcode, x, field, check=True), hcode)


def _effect_so_far(s: State, me: int, words: list[str]) -> tuple[dict, Effect] | None:
    """The effect the words typed so far name, as typed and as read; None when they cannot be read."""
    try:
        entry = parse_line(" ".join(words), s.players[me], s)
        effect = entry.get("effect") or {}
        return effect, read_effect(effect, s.game)
    except RuleViolation:
        return None


def _asked_moves(s: State, w: State, me: int, hcode: str, x: Effect, asked: str) -> list[Completion]:
    """The values of a field typed the long way (``RGUA card=``)."""
    if asked.rpartition(".")[2] not in ("card", "card2", "copy", "enemy", "enemy2"):
        return []
    try:
        values = options(w, me, hcode, x, asked, check=True)
    except (KeyError, AttributeError):
        return []
    return _target_moves(s, w, me, asked, values, hcode)


def _secret_moves(w: State, me: int, hcode: str, x: Effect, first: bool) -> list[Completion]:
    """``-`` when the effect (or the one it resolves) can be resolved in secret, with nothing
    more to name."""
    in_secret = said("in_secret")
    if first:
        return [Completion("-", in_secret)] if accepts(w, me, hcode, Effect()) else []
    if accepts(w, me, hcode, x):
        return []
    for level in ("then", "then.then"):
        if _get_effect(x, level) is None and _get_effect(x, level.rpartition(".")[0]) is not None:
            done = _with_effect(x, level)
            return [Completion("-", in_secret)] if accepts(w, me, hcode, done) else []
    return []


# where an effect's card goes, by hero and field, where the words of the card alone do not say it
# (the Explorer keeps one card and puts the other under the deck; the Inventor's card joins the pot
# if it could follow, else the trash)
GOES = {("EXP", "card"): "goes.hand", ("EXP", "card2"): "goes.under_deck"}


def _goes(w: State, hcode: str, field: str, c: int) -> Fact | None:
    """Where the card ``c`` named for ``field`` of ``hcode``'s effect goes, in a few words."""
    if hcode == "INV" and field.rpartition(".")[2] == "card":
        return said("goes.pot" if can_follow(w, c) else "goes.trash")
    key = GOES.get((hcode, field.rpartition(".")[2]))
    return said(key) if key else None


def _target_moves(s: State, w: State, me: int, field: str, values: list[int], hcode: str = "") -> list[Completion]:
    """The choices for one field of an effect: players clockwise from the player, or cards with
    where each lies, and where the effect puts it when its card alone does not say (Explorer,
    Inventor)."""
    if field.rpartition(".")[2] in ("enemy", "enemy2"):
        n = len(s.players)
        return [
            Completion(
                s.players[v],
                said("enemy", player=s.players[v], hand=w.hands[v].size, tableau=len(w.tableaus[v])),
            )
            for v in sorted(values, key=lambda v: (v - me) % n)  # clockwise from the player
        ]
    return [Completion(code(c), _card_going(c, w, _goes(w, hcode, field, c))) for c in values]


def _card_going(c: int, s: State, goes: Fact | None) -> Fact:
    """A card, where the effect puts it, and where it lies now ("red Archivist → joins the pot (it
    follows) — in a hand or the deck"): what tells the choices apart first, where a line is cut."""
    return _card_where(c, s) if goes is None else said("card_goes", card=card(c), where=where(s, c), goes=goes)


def _card_where(c: int, s: State) -> Fact:
    """A card and where the table knows it to be ("purple Brigand — in Aki's tableau")."""
    return said("card_where", card=card(c), where=where(s, c))


def _get_effect(x: Effect | None, level: str) -> Effect | None:
    """The effect at ``then`` / ``then.then`` in ``x`` (``x`` itself for "")."""
    for part in (p for p in level.split(".") if p):
        x = None if x is None else getattr(x, part)
    return x


def _with_effect(x: Effect, level: str) -> Effect:
    """``x`` with an empty effect (all of it secret) at ``level``."""
    rest = level.partition(".")[2]
    return replace(x, then=_with_effect(x.then or Effect(), rest) if rest else Effect())
