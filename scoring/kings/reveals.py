"""A KINGs round's reveals (§4.2): the deal, the characters every player turns face up together,
then the bids every player reveals together from the backs of their other characters.

Each rule lives here once, in a function that lists what it allows; the table tracker refuses what
is outside the lists, the table is offered what is in them (``Kings.legal``), and the simulator
chooses among them.

A four-player table after its draft (Ben took the one Gambler, Aki and Dan a Berserker each):

>>> from scoring.kings.engine import Header, apply, draft_order, new_game
>>> from scoring.kings.events import DraftPick, FrontsRevealed
>>> picks = {0: ["red", "Healer", "Berserker", "Devil", "Neme"], 1: ["blue", "Healer", "Gambler", "Ninja", "Samurai"],
...          2: ["green", "Resistance", "Hermit", "Collector", "Maru"], 3: ["black", "Berserker", "Samurai", "Ninja",
...          "Resistance"]}
>>> s = new_game(Header(("Aki", "Ben", "Chie", "Dan")))
>>> for p in draft_order(s):
...     pick = picks[p].pop(0)
...     s = apply(s, DraftPick(p, king=pick) if pick.islower() else DraftPick(p, character=pick))
>>> front_choices(s, 0)
[('Healer',), ('Berserker',), ('Devil',), ('Neme',)]

With Aki's Berserker and Ben's Gambler typed (Dan's front not yet), Aki may take the black 9 and
Ben draws 2:

>>> fronts = [("Berserker",), ("Gambler",), ("Maru",), ()]
>>> nine_choices(s, fronts), reveal_draws(in_play(s, 1, fronts[1]))
([0], [2])
>>> s = apply(s, FrontsRevealed((("Berserker",), ("Gambler",), ("Maru",), ("Samurai",)), (True, False, False, False)))
>>> bid_pool(s, 0), len(bid_choices(s, 0))
(['Healer', 'Devil', 'Neme'], 9)

Once Ben's bid is a Copy of Aki's, Aki bids a number of tricks: no bid miss, no Copy of her own.

>>> from scoring.kings.scoring import Bid
>>> bid_choices(s, 0, [None, (Bid("copy", other=0),), None, None])
[(BidChoice(card='Healer', kind='tricks', other=None),), (BidChoice(card='Neme', kind='tricks', other=None),)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, product
from typing import NamedTuple

from scoring.kings.cards import character, characters, deck
from scoring.kings.events import BidsRevealed, FrontsRevealed
from scoring.kings.scoring import Bid
from scoring.kings.state import BIDS, FRONTS, PLAY, State, need_phase, refuse, tricks_per_round, turn_order
from scoring.kings.words import fact
from scoring.recent import MISSING, Recent
from scoring.words import Fact

GAMBLER_DRAW = 2  # a Gambler turned up draws 2 cards, then discards 2


def start_round(w: State) -> None:
    """Deal (hidden) and find the lead player: the lowest king number showing."""
    n = len(w.players)
    w.deck_left = len(deck(n)) - n * tricks_per_round(n)
    numbers = [w.game.king_number(w.kings[p], w.king_round[p] is not None) for p in range(n)]
    w.leader = numbers.index(min(numbers))


# --- the characters turned face up ---------------------------------------------------------------


def party_left(s: State, p: int) -> list[str]:
    """Party cards not yet face up or retired this game (3–5 players)."""
    left = list(s.party[p])
    for placed in s.history:
        for c in placed[p]:
            left.remove(c)
    return left


def front_sizes(s: State) -> tuple[int, ...]:
    """How many characters each player turns face up this round, the usual number first: one new
    character (3–5 players); two players two, or one in round 3 (bidding twice)."""
    if not s.game.two:
        return (1,)
    return (2, 1) if s.round == 3 else (2,)


def front_pool(s: State, p: int) -> list[str]:
    """The characters ``p`` may turn face up now, one entry a card: two players the whole party (a
    new draft every round), 3–5 players the cards not yet face up or retired this game."""
    return list(s.party[p]) if s.game.two else party_left(s, p)


def front_choices(s: State, p: int) -> list[tuple[str, ...]]:
    """Every reveal ``p`` may make now: each set of :func:`front_sizes` cards of :func:`front_pool`,
    once, in party order (a player's two fronts may be typed in either order)."""
    if s.phase != FRONTS:
        return []
    pool = front_pool(s, p)
    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for k in front_sizes(s):
        for cards in combinations(pool, k):
            out.setdefault(tuple(sorted(cards)), cards)
    return list(out.values())


def in_play(s: State, p: int, new: Sequence[str]) -> tuple[str, ...]:
    """``p``'s characters in play this round once ``new`` is turned up: two players and round 1
    the new fronts; round 2 keeps round 1's face up beside it; in round 3 round 1's retires."""
    if s.game.two or s.round == 1:
        return tuple(new)
    if s.round == 2:
        return (*s.fronts[p], *new)
    return (s.fronts[p][-1], *new)


def nine_choices(s: State, fronts: Sequence[Sequence[str]]) -> list[int]:
    """Who may take the Berserker's black 9 once ``fronts`` (each player's new characters; empty
    where not known yet) are turned up: a player with a Berserker in play. There is one such card,
    so one of them at most takes it."""
    return [p for p, new in enumerate(fronts) if "Berserker" in in_play(s, p, new)]


def reveal_draws(characters_in_play: Sequence[str]) -> list[int]:
    """The cards a player draws, and then discards as many, once their characters are face up: one
    draw for each Gambler in play."""
    return [GAMBLER_DRAW] * list(characters_in_play).count("Gambler")


def fronts_revealed(s: State, e: FrontsRevealed, check: bool = True) -> State:
    """Every player's new characters face up together, and who takes the Berserker's black 9.
    ``check=False`` is for a reveal the engine's own lists offered, in its spelling (the
    simulator's): it is not checked again."""
    if not check:
        return _fronts_up(s, e.fronts, [p for p, took in enumerate(e.berserker_nine) if took])
    if s.phase != FRONTS:
        need_phase(s, FRONTS)  # refuses
    n = len(s.game.players)
    if len(e.fronts) != n:
        raise refuse("kings.characters", "fronts_together", n=n)
    sizes = front_sizes(s)
    named: list[tuple[str, ...]] = []
    players = s.game.players
    for p, new in enumerate(e.fronts):
        names = tuple([character(c).name for c in new])
        if len(names) not in sizes:
            who = players[p]
            if s.game.two:
                raise refuse("kings.two-player", "two_fronts_or_one" if len(sizes) > 1 else "two_fronts", who=who)
            raise refuse("kings.characters", "one_front", who=who)
        pool = front_pool(s, p)
        for c in names:
            if c not in pool:
                who = players[p]
                raise refuse("kings.characters", "no_front_left", who=who, character=_char(c), left=_left(pool))
            pool.remove(c)
        named.append(names)
    nine = tuple(e.berserker_nine) or (False,) * n
    takers = [p for p, took in enumerate(nine) if took]
    if len(takers) > 1:
        raise refuse("kings.character.berserker", "one_nine")
    may_take = nine_choices(s, named) if takers else []
    for p in takers:
        if p not in may_take:
            raise refuse("kings.character.berserker", "nine_no_berserker", who=s.players[p])
    return _fronts_up(s, named, takers)


def _fronts_up(s: State, named: Sequence[tuple[str, ...]], takers: list[int]) -> State:
    w = s.copy()
    w.fronts = tuple([in_play(s, p, names) for p, names in enumerate(named)])
    w.history = (*s.history, tuple(named))
    w.nine = frozenset(takers)
    w.deck_left = s.deck_left - sum([sum(reveal_draws(f)) for f in w.fronts])
    w.phase = BIDS
    return w


# --- the bids ------------------------------------------------------------------------------------

BACKS = {"bid": ("tricks", "copy"), "devil_miss": ("devil_miss",), "bond": ("bond",)}
AIMED = ("copy", "bond")  # the bids that name another player


class BidChoice(NamedTuple):
    """One bid card and what it bids: ``kind`` (``tricks``, ``copy``, ``devil_miss``, ``bond``)
    and ``other``, the player a copy or bond goes to. A bid of tricks is one choice: its number and
    points are what the card's back prints (0 to the tricks of a round)."""

    card: str
    kind: str
    other: int | None = None


def bid_count(s: State, p: int) -> int:
    """How many character backs ``p`` bids with: one; two players every card not face up (two
    in round 3 with one front)."""
    return 3 - len(s.fronts[p]) if s.game.two else 1


def bid_pool(s: State, p: int) -> list[str]:
    """The characters ``p`` may bid with now, one entry a card: two players the party less its
    fronts; 3–5 players the party cards not face up or retired (a back bid before may bid again)."""
    if not s.game.two:
        return party_left(s, p)
    pool = list(s.party[p])
    for f in s.fronts[p]:
        pool.remove(f)
    return pool


@cache
def back_kinds(card: str) -> tuple[str, ...]:
    """The bids a character's back makes: a number of tricks, or a Copy of another player's bid
    (which card carries the Copy back is not known, so any numbered back may); the Devil's bid
    miss; the Cheerleader's bond.

    >>> back_kinds("Healer"), back_kinds("Devil"), back_kinds("Cheerleader")
    (('tricks', 'copy'), ('devil_miss',), ('bond',))
    """
    return BACKS.get(characters()[card].back, BACKS["bid"])


def kinds_at(s: State, card: str) -> tuple[str, ...]:
    """The bids ``card``'s back makes at this table: what the table said its own back prints
    (``backs``: a bid of tricks, or ``copy``), else :func:`back_kinds`."""
    printed = s.game.backs.get(card)
    if not printed:
        return back_kinds(card)
    return tuple(k for k in ("tricks", "copy") if any((b == "copy") == (k == "copy") for b in printed))


def may_aim(kind: str, target_kind: str) -> bool:
    """Whether a copy or bond may go to a player whose (first) bid is ``target_kind``: a Copy takes
    a bid with a number of tricks; a Bond partner bids for themself, never a bond.

    >>> may_aim("copy", "tricks"), may_aim("copy", "copy"), may_aim("bond", "devil_miss"), may_aim("bond", "bond")
    (True, False, True, False)
    """
    return target_kind == "tricks" if kind == "copy" else target_kind != "bond"


def bid_targets(s: State, p: int, kind: str, bids: Sequence[Sequence[Bid] | None]) -> list[int]:
    """The players ``p``'s copy or bond may go to, given the bids known (``bids[q]`` None or empty
    while not known): every other player whose first bid it may take (:func:`may_aim`)."""
    return [q for q in range(len(s.game.players)) if q != p and (not bids[q] or may_aim(kind, bids[q][0].kind))]


def bid_kinds(s: State, p: int, card: str, bids: Sequence[Sequence[Bid] | None], first: bool = True) -> list[str]:
    """The kinds of bid ``p`` may make with ``card`` given the bids known: its back's
    (:func:`back_kinds`), less a copy or bond with nobody to go to, and for ``p``'s ``first`` bid,
    less what another player's copy or bond of ``p`` rules out."""
    return list(each_bid_kind(s, p, card, bids, first))


def each_bid_kind(
    s: State, p: int, card: str, bids: Sequence[Sequence[Bid] | None], first: bool = True
) -> Iterator[str]:
    """:func:`bid_kinds` one at a time, each looked at when asked for (the simulator takes the first)."""
    # another player's copy or bond of p: it rules out kinds of p's first bid only
    aimed_at = (
        [b.kind for q, row in enumerate(bids) if q != p and row for b in row if b.kind in AIMED and b.other == p]
        if first
        else None
    )
    for kind in kinds_at(s, card):
        if (kind not in AIMED or bid_targets(s, p, kind, bids)) and (
            not aimed_at or all(may_aim(a, kind) for a in aimed_at)
        ):
            yield kind


def _options(s: State, p: int, bids: Sequence[Sequence[Bid] | None]) -> list[tuple[BidChoice, ...]]:
    """Every bid ``p`` may reveal given the bids known, without looking further."""
    out: list[tuple[BidChoice, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for cards in combinations(bid_pool(s, p), bid_count(s, p)):
        if cards in seen:
            continue
        seen.add(cards)
        per_card = [
            [
                BidChoice(card, kind, other)
                for kind in bid_kinds(s, p, card, bids, first=i == 0)
                for other in (bid_targets(s, p, kind, bids) if kind in AIMED else [None])
            ]
            for i, card in enumerate(cards)
        ]
        out += product(*per_card)
    return out


def _as_bids(choice: Sequence[BidChoice]) -> tuple[Bid, ...]:
    return tuple(Bid(c.kind, other=c.other) for c in choice)


#: what one ``bid_choices`` has worked out, by the bids known: each player's options, and whether
#: every player left can still bid (the search meets the same partial bids again and again)
_Memo = dict[tuple, object]


def _known(bids: Sequence[Sequence[Bid] | None]) -> tuple:
    return tuple(None if row is None else tuple(row) for row in bids)


def _options_of(s: State, q: int, bids: Sequence[Sequence[Bid] | None], memo: _Memo) -> list[tuple[BidChoice, ...]]:
    key = ("options", q, _known(bids))
    if key not in memo:
        memo[key] = _options(s, q, bids)
    return memo[key]  # type: ignore[return-value]


def _completable(s: State, bids: list[Sequence[Bid] | None], memo: _Memo | None = None) -> bool:
    """Whether every player whose bid is not known yet can still bid."""
    memo = {} if memo is None else memo
    key = ("completable", _known(bids))
    if key in memo:
        return memo[key]  # type: ignore[return-value]
    unknown = [q for q, row in enumerate(bids) if row is None]
    if not unknown:
        done = True
    elif not all(_options_of(s, q, bids, memo) for q in unknown):
        done = False
    else:
        q = unknown[0]
        done = any(
            _completable(s, [*bids[:q], _as_bids(c), *bids[q + 1 :]], memo) for c in _options_of(s, q, bids, memo)
        )
    memo[key] = done
    return done


def bid_choices(s: State, p: int, bids: Sequence[Sequence[Bid] | None] | None = None) -> list[tuple[BidChoice, ...]]:
    """Every bid ``p`` may reveal now, one :class:`BidChoice` a card, given the other players' bids
    where known (``bids[q]`` None while not; ``bids[p]`` is ignored): :func:`bid_count` cards of
    :func:`bid_pool` (in party order), each of a kind :func:`bid_kinds` allows, a copy or bond to
    one of :func:`bid_targets`, and only choices that leave every other player a bid.

    (See the module's examples.)
    """
    if s.phase != BIDS:
        return []
    known: list[Sequence[Bid] | None] = [None] * len(s.players) if bids is None else list(bids)
    known[p] = None
    key = (p, _known(known))
    kept = _RECENT.get(s, key)
    if kept is not MISSING:
        return list(kept)
    out = []
    memo: _Memo = {}
    for choice in _options(s, p, known):
        known[p] = _as_bids(choice)
        if _completable(s, known, memo):
            out.append(choice)
    _RECENT.put(s, key, tuple(out))
    return out


#: the bid choices worked out last: the entry line asks for the same ones at every key of a bid
_RECENT = Recent()


def partner_choices(s: State, p: int) -> list[int]:
    """Who ``p`` may hand the Cheerleader's partner card to: any other player, when ``p`` has a
    Cheerleader in play (nobody otherwise)."""
    if "Cheerleader" not in s.fronts[p]:
        return []
    return [q for q in range(len(s.players)) if q != p]


def bids_revealed(s: State, e: BidsRevealed, check: bool = True) -> State:
    """Every player's bid cards and bids revealed together, and the Cheerleaders' partners.
    ``check=False`` is for bids the engine's own lists offered, in its spelling (the simulator's):
    they are not checked again."""
    n = len(s.game.players)
    if not check:
        return _bids_up(s, tuple([tuple(cs) for cs in e.cards]), e.bids, tuple(e.partners) or (None,) * n)
    if s.phase != BIDS:
        need_phase(s, BIDS)  # refuses
    if len(e.cards) != n or len(e.bids) != n:
        raise refuse("kings.bids", "bids_together", n=n)
    tricks = tricks_per_round(n)
    players = s.game.players
    bid_cards: list[tuple[str, ...]] = []
    for p in range(n):
        who = players[p]
        cards = tuple([character(c).name for c in e.cards[p]])
        bid_cards.append(cards)
        bids = e.bids[p]
        count = bid_count(s, p)
        if len(cards) != count or len(bids) != count:
            raise refuse("kings.bids", "bid_count", who=who, count=count)
        pool = bid_pool(s, p)
        for c, bid in zip(cards, bids, strict=True):
            if c not in pool:
                raise refuse("kings.bids", "bid_card", who=who, character=_char(c), left=_left(pool))
            pool.remove(c)
            kind = bid.kind
            printed = s.game.backs.get(c, ())
            said = f"{bid.tricks}/{bid.points}" if kind == "tricks" else kind
            if kind not in kinds_at(s, c):
                if printed:
                    raise refuse("kings.bids", "back_value", character=_char(c), backs=_printed(printed), bid=said)
                back = fact(f"back.{characters()[c].back}")
                raise refuse("kings.bids", "back", character=_char(c), back=back, kind=kind)
            if kind == "tricks" and not 0 <= bid.tricks <= tricks:
                raise refuse("kings.bids", "bid_range", most=tricks, tricks=bid.tricks)
            if kind == "tricks" and printed and (bid.tricks, bid.points) not in printed:
                raise refuse("kings.bids", "back_value", character=_char(c), backs=_printed(printed), bid=said)
            if kind in AIMED and (bid.other is None or bid.other == p or not 0 <= bid.other < n):
                raise refuse("kings.bids", "aimed", who=who, kind=bid.kind)
    for p in range(n):
        for bid in e.bids[p]:
            if bid.kind in AIMED and bid.other not in bid_targets(s, p, bid.kind, e.bids):
                raise refuse("kings.bids", "copy_number" if bid.kind == "copy" else "bond_own")
    partners = tuple(e.partners) or (None,) * n
    for p, q in enumerate(partners):
        if q is not None and q not in partner_choices(s, p):
            raise refuse("kings.character.cheerleader", "partner")
    return _bids_up(s, tuple(bid_cards), e.bids, partners)


def _printed(backs: Sequence[object]) -> tuple[str, ...]:
    """A character's printed backs as the table types them (``0/50``, ``copy``)."""
    return tuple(b if isinstance(b, str) else f"{b[0]}/{b[1]}" for b in backs)


def _char(name: str) -> Fact:
    """A character as a refusal names it, in the viewer's language."""
    return fact("character", name=name)


def _left(names: Sequence[str]) -> Fact:
    """The characters still left, as a refusal lists them (``none``)."""
    return fact("refused.listed_or_none", items=tuple(_char(c) for c in names))


def _bids_up(
    s: State, bid_cards: tuple[tuple[str, ...], ...], bids: Sequence[Sequence[Bid]], partners: tuple[int | None, ...]
) -> State:
    w = s.copy()
    w.bid_cards = bid_cards
    w.bids = tuple([tuple(b) for b in bids])
    w.partners = partners
    w.phase = PLAY
    w.turns = turn_order(w.leader, len(s.game.players))
    return w


HANDLERS = {FrontsRevealed: fronts_revealed, BidsRevealed: bids_revealed}
