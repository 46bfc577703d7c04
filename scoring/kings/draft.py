"""The KINGs draft (§4.1; two players draft every round, §5): the snake order, what a pick may
take, and two players' Devil, who contracts a king nobody drafted.

>>> from scoring.kings.state import new_game
>>> s = new_game(Header(("Aki", "Ben", "Chie", "Dan")))
>>> draft_order(s)[:8], len(draft_order(s))
([0, 1, 2, 3, 3, 2, 1, 0], 20)
"""

from __future__ import annotations

from functools import cache
from itertools import chain

from scoring.kings.cards import (
    Character,
    character,
    characters,
    game_data,
    kings,
    two_player_kings,
    white_king_expansion_off,
)
from scoring.kings.events import DevilContracted, DraftPick
from scoring.kings.reveals import start_round
from scoring.kings.state import DEVIL, DRAFT, FRONTS, Header, State, need_phase, put, refuse
from scoring.kings.words import fact
from scoring.words import Fact


def draft_order(s: State) -> list[int]:
    """Who picks each card of this draft, in order."""
    if s.game.two:
        first = 0 if s.round == 1 else 1 if s.round == 2 else _trailing(s)
        return [first, 1 - first] * 4
    return _snake(len(s.game.players))


@cache
def _snake(n: int) -> list[int]:
    order: list[int] = []
    for k in range(5):
        order.extend(range(n) if k % 2 == 0 else range(n - 1, -1, -1))
    return order


def _trailing(s: State) -> int:
    totals = [sum(r[p].total for r in s.scores) for p in range(2)]
    return 1 if totals[1] < totals[0] else 0


def available_kings(game: Header) -> tuple[str, ...]:
    """The kings a draft lays out: all five; two players the red, blue, green and black, and the
    White King only with the expansion (house rule ``two_player_white_king``)."""
    if game.two:
        return two_player_kings(game.rules.two_player_white_king)
    return _all_kings()


@cache
def _all_kings() -> tuple[str, ...]:
    return tuple(kings())


def available_characters(s: State) -> dict[str, int]:
    """How many of each character the draft offers: the table's own counts where it gave them
    (``copies``, less the cards 4 players leave out), the data's otherwise."""
    pool = _character_pool(len(s.game.players))
    if not s.game.copies or s.game.two:
        return pool
    n = len(s.game.players)
    given = {c: k - (characters()[c].removed_4p if n == 4 else 0) for c, k in s.game.copies.items()}
    return {c: given.get(c, k) for c, k in pool.items() if given.get(c, k) > 0}


@cache
def _character_pool(n: int) -> dict[str, int]:
    """How many of each character a draft offers (copy counts are unverified, so only the
    single cards are limited)."""
    if n == 2:
        return {c: 1 for c in game_data()["two_player"]["characters"]}
    out = {}
    for c in characters().values():
        copies = c.copies - (c.removed_4p if n == 4 else 0)
        if copies > 0:
            out[c.name] = copies if c.copies == 1 else 99  # copy counts unverified: only singles limited
    return out


def draft_choices(s: State) -> tuple[list[str], list[str]]:
    """The kings and the characters the player to pick may take now, in the order the draft lays
    them out: no king for a player who has one, only a king for a last pick without one, no single
    character once it is taken.

    >>> from scoring.kings.state import new_game
    >>> s = new_game(Header(("Aki", "Ben")))
    >>> draft_choices(s)
    (['red', 'blue', 'green', 'black'], ['Gambler', 'Hermit', 'Resistance', 'Berserker', 'Ninja', \
'Samurai', 'Healer', 'Collector'])
    >>> s = draft_pick(draft_pick(s, DraftPick(0, king="red")), DraftPick(1, character="Ninja"))
    >>> draft_choices(s)
    ([], ['Gambler', 'Hermit', 'Resistance', 'Berserker', 'Samurai', 'Healer', 'Collector'])
    """
    if s.phase != DRAFT:
        return [], []
    p = draft_order(s)[len(s.picks)]
    has_king = s.kings[p] is not None
    kings_left = [] if has_king else [c for c in available_kings(s.game) if c not in s.kings]
    if not has_king and len(s.party[p]) == (4 if s.game.two else 5) - 1:
        return kings_left, []  # the last pick of a party without a king
    taken = list(chain.from_iterable(s.party))
    picked = len(taken)  # a character offered more often than that is never used up
    return kings_left, [c for c, n in available_characters(s).items() if n > picked or taken.count(c) < n]


def draft_pick(s: State, e: DraftPick, check: bool = True) -> State:
    """One pick, in snake order: a king for a party without one, or a character still in the draft.
    ``check=False`` is for a pick the engine's own lists offered (the simulator's): it is not
    checked again."""
    if check and s.phase != DRAFT:
        need_phase(s, DRAFT)  # refuses
    order = draft_order(s)
    players = s.game.players
    if check:
        k = len(s.picks)
        who = players[e.player] if 0 <= e.player < len(players) else str(e.player)
        if order[k] != e.player:
            raise refuse("kings.draft", "not_your_pick", turn=players[order[k]], who=who)
        if (e.king is None) == (e.character is None):
            raise refuse("kings.draft", "one_pick")
        has_king = s.kings[e.player] is not None
        picked = len(s.party[e.player]) + has_king
    two = s.game.two
    w = s.copy()
    if e.king is not None:
        color = e.king
        if check:
            _check_king(s, e, who, has_king)
        w.kings = put(s.kings, e.player, color)
        w.picks = (*s.picks, (e.player, "king", color))
    else:
        c = character(e.character)
        if check:
            _check_character(s, c, who, has_king, picked)
        w.party = put(s.party, e.player, (*s.party[e.player], c.name))
        if c.item:
            w.items = put(s.items, e.player, s.items[e.player] | {c.item})
        w.picks = (*s.picks, (e.player, "character", c.name))
    if len(w.picks) == len(order):
        w.phase = DEVIL if two else FRONTS
        if not two:
            start_round(w)
    return w


def _check_king(s: State, e: DraftPick, who: str, has_king: bool) -> None:
    """Refuse a king not in this draft, a second king for a party, or one already taken."""
    color = e.king
    pool = available_kings(s.game)
    if color == "white" and color not in pool:
        raise white_king_expansion_off(who)
    if color not in pool:
        pool_said = tuple(_color(c) for c in pool)
        raise refuse("kings.draft", "king_not_in_draft", color=_color(color), pool=pool_said)
    if has_king:
        raise refuse("kings.draft", "has_king", who=who)
    if color in s.kings:
        raise refuse("kings.draft", "king_taken", color=_color(color))


def _check_character(s: State, c: Character, who: str, has_king: bool, picked: int) -> None:
    """Refuse a character not in this draft, a single one already taken, or a character for the last
    pick of a party without a king."""
    players = s.game.players
    available = available_characters(s)
    if c.name not in available:
        key = "character_not_in_draft_4p" if len(players) == 4 else "character_not_in_draft"
        raise refuse("kings.draft", key, character=fact("character", name=c.name))
    if available[c.name] < len(players) * 4 and sum([party.count(c.name) for party in s.party]) >= available[c.name]:
        if available[c.name] > 1:  # the table's own count: every copy is drafted
            raise refuse("kings.draft", "copies_taken", character=fact("character", name=c.name), n=available[c.name])
        raise refuse("kings.draft", "character_taken", character=fact("character", name=c.name))
    if not has_king and picked == (4 if s.game.two else 5) - 1:
        raise refuse("kings.draft", "last_pick_king", who=who)


def _color(color: str) -> Fact:
    """A colour as a refusal names it, in the viewer's language (as it is where it is no colour)."""
    return fact("color", color=color)


def devil_chooser(s: State) -> int:
    """Two players: who contracts a king to the Devil this round (the second picker of round 1,
    the first player in round 2, the trailing player in round 3)."""
    return 1 if s.round == 1 else 0 if s.round == 2 else _trailing(s)


def devil_colors(s: State) -> list[str]:
    """Two players: the kings the Devil may contract now, the coloured kings nobody drafted."""
    if s.phase != DEVIL:
        return []
    return [c for c in game_data()["two_player"]["kings"] if c not in s.kings]


def devil_contracted(s: State, e: DevilContracted) -> State:
    """Two players: the chooser contracts an undrafted coloured king to the Devil; the round starts."""
    need_phase(s, DEVIL)
    chooser = devil_chooser(s)
    if e.player != chooser:
        raise refuse("kings.two-player", "devil_chooser", who=s.players[chooser])
    if e.color == "white":
        raise refuse("kings.two-player", "devil_white")
    if e.color not in game_data()["two_player"]["kings"] or e.color in s.kings:
        raise refuse("kings.two-player", "devil_drafted", color=_color(e.color))
    w = s.copy()
    w.devil = e.color
    w.phase = FRONTS
    start_round(w)
    return w


HANDLERS = {DraftPick: draft_pick, DevilContracted: devil_contracted}
