"""A player's page: everything the club's record says of one player (in a season, or ever), read
from the finished games' stored results (``companion.club.results``), never replayed.

Per game and variant: the games played and won, the best and worst totals in the game's direction
(in Trickster the lowest total is the best) and the time played; per game (or per variant, where
variants are rated apart): the rating now, the place in the league table and the rating after each
game; per game: the head-to-head against every opponent; and the time played in all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.club import results as record_of
from companion.club.head_to_head import Rivalry, against, named_rivals
from companion.club.ratings import Rating, Step, ordered, pools, table
from companion.club.results import Result
from companion.club.season import Season
from companion.store.sessions import Sessions
from scoring.registry import get


class UnknownPlayer(LookupError):
    """No player goes by the name asked for."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


@dataclass(frozen=True)
class Played:
    """The player's finished games of one game and variant."""

    game: str
    variant: str  # the game's own words for it, in the page's language ("" the plain game)
    games: int
    wins: int  # as the stored winners say: a first place shared is a win for each who shares it
    best: int  # by the game's direction
    worst: int
    seconds: float  # the time played, over the games whose time is known …
    untimed: int  # … and the games whose time is not (imported, entered all at once)


@dataclass(frozen=True)
class Rated:
    """The player's rating at a game (or at one of its variants, where they are rated apart)."""

    game: str
    variant: str | None  # None: the variants together; else its words in the page's language
    rating: Rating
    place: int  # in the league table (a rating equal to the one above shares its place) …
    of: int  # … of this many rated players
    games: int  # the player's rated games
    history: tuple[Step, ...]  # the rating after each of them, oldest first


@dataclass(frozen=True)
class PlayerPage:
    person: int
    player: str  # the name the player goes by now
    season: Season | None
    played: tuple[Played, ...]  # the most played game first, its plain game first, then its most played variant
    ratings: tuple[Rated, ...]
    rivals: tuple[tuple[str, tuple[Rivalry, ...]], ...]  # per game: the head-to-head, most games together first

    @property
    def games(self) -> int:
        return sum(p.games for p in self.played)

    @property
    def wins(self) -> int:
        return sum(p.wins for p in self.played)

    @property
    def seconds(self) -> float:
        return sum(p.seconds for p in self.played)

    @property
    def untimed(self) -> int:
        return sum(p.untimed for p in self.played)


def page(
    sessions: Sessions, name: str, season: Season | None = None, apart: bool = False, lang: str = "en"
) -> PlayerPage:
    """The page of the player who goes by ``name`` (or a name merged into them); ``UnknownPlayer``
    where nobody does."""
    named, counts_for = record_of.people(sessions.store)
    if name not in counts_for:
        raise UnknownPlayer(name)
    person = counts_for[name]
    by_game = []
    for game in sessions.games():
        mine = [r for r in record_of.record(sessions, game, season).results if person in r.persons]
        if mine:
            by_game.append((game, mine))
    by_game.sort(key=lambda g: (-len(g[1]), g[0]))
    played, rated, rivals = [], [], []
    for game, mine in by_game:
        played += _played(game, mine, person, lang)
        for pool in ordered(pools(sessions, game, season, apart)):
            if person in pool.ratings:
                lines = table(game, season, pool, named, lang).lines
                line = next(line for line in lines if line.person == person)
                rated.append(
                    Rated(
                        game,
                        pool.variant_in(lang),
                        line.rating,
                        line.place,
                        len(lines),
                        line.games,
                        pool.steps(person),
                    )
                )
        rivals.append((game, tuple(named_rivals(against(mine, person), named))))
    return PlayerPage(person, named[person], season, tuple(played), tuple(rated), tuple(rivals))


def _played(game: str, mine: Iterable[Result], person: int, lang: str) -> list[Played]:
    """The player's games of one game, per variant: the plain game first, then the most played."""
    best, worst = (max, min) if get(game).highest_wins else (min, max)
    groups: dict[str, list[Result]] = {}
    for result in mine:
        groups.setdefault(result.variant_in(lang), []).append(result)
    out = []
    for variant, games in groups.items():
        seats = [r.seat_of(person) for r in games]
        totals = [s.total for s in seats]
        timed = [r.seconds for r in games if r.seconds is not None]
        out.append(
            Played(
                game,
                variant,
                len(games),
                sum(s.won for s in seats),
                best(totals),
                worst(totals),
                sum(timed),
                len(games) - len(timed),
            )
        )
    return sorted(out, key=lambda p: (p.variant != "", -p.games, p.variant.casefold()))
