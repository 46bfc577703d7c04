"""Head-to-head: how a player does against each opponent at one game, over the finished games they
played together (in a season, or ever): how many, how often the player finished ahead, behind, or
level (a shared rank, as the standings leave it after every tie-break).

>>> from datetime import UTC, datetime
>>> from companion.club.results import Result
>>> night = datetime(2026, 3, 1, tzinfo=UTC)
>>> games = [Result(1, night, None, "", "", (1, 2, 3), (1, 2, 2), (9, 8, 8), (True, False, False)),
...          Result(2, night, None, "", "", (2, 1), (1, 2), (7, 5), (True, False))]
>>> [(r.opponent, r.games, r.ahead, r.behind, r.tied) for r in against(games, 1)]
[(2, 2, 1, 1, 0), (3, 1, 1, 0, 0)]
>>> [(r.opponent, r.games, r.ahead, r.behind, r.tied) for r in against(games, 2)]
[(1, 2, 1, 1, 0), (3, 1, 0, 0, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from companion.club import results as record_of
from companion.club.results import Result
from companion.club.season import Season
from companion.store.sessions import Sessions


@dataclass(frozen=True)
class Rivalry:
    """A player against one opponent at a game: the games they played together, and how often the
    player finished ahead of the opponent, behind, or level with them."""

    opponent: int  # the opponent's player id (merged names count as the one merged into)
    games: int
    ahead: int
    behind: int
    tied: int
    name: str = ""  # the name the opponent goes by now


def against(played: Iterable[Result], person: int) -> list[Rivalry]:
    """The player's head-to-head against everyone they played with, the most games together first
    (then by the opponent's id; ``named_rivals`` orders them by name)."""
    counts: dict[int, list[int]] = {}
    for result in played:
        if person not in result.persons:
            continue
        mine = result.ranks[result.persons.index(person)]
        for who, rank in zip(result.persons, result.ranks, strict=True):
            if who == person:
                continue
            count = counts.setdefault(who, [0, 0, 0, 0])
            count[0] += 1
            count[1 if mine < rank else 2 if mine > rank else 3] += 1
    return [Rivalry(who, *count) for who, count in sorted(counts.items(), key=lambda c: (-c[1][0], c[0]))]


def head_to_head(sessions: Sessions, game: str, person: int, season: Season | None = None) -> list[Rivalry]:
    """The player's head-to-head at a game in a season (``None``: ever), with the opponents' names."""
    found = against(record_of.record(sessions, game, season).results, person)
    named, _ = record_of.people(sessions.store)
    return named_rivals(found, named)


def named_rivals(found: Iterable[Rivalry], named: Mapping[int, str]) -> list[Rivalry]:
    """The head-to-head with each opponent's name now: the most games together first, then by name."""
    rivals = [replace(r, name=named.get(r.opponent, "?")) for r in found]
    return sorted(rivals, key=lambda r: (-r.games, r.name.casefold(), r.name, r.opponent))
