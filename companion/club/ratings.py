"""Ratings per game: how strong each player is at a game, from the finished games' standings.

Companion rates with openskill's Plackett–Luce model (Weng and Lin's Bayesian rating for games
of many players, free-for-all, with ties): every finished game of 2 to 7 players is one match,
each person ranked as the standings rank them (players who share a rank tie). A rating is a
belief about a player's skill: ``mu`` the best guess, ``sigma`` how unsure it still is, and the
``ordinal``, ``mu - 3 sigma`` (the skill the player is 99.7% sure to have at least), the number
the league table is ordered by: a newcomer starts at 0 (mu 25, sigma 25/3) and climbs as the
games show what they can do. The model's own defaults are kept (mu 25, sigma 25/3, beta 25/6, tau
25/300), so a rating here is the one openskill gives anywhere for the same games.

Games are rated in the order they were played (the day each was started, then its id); an
unfinished game does not count. The ratings are worked out from the stored results
(``companion.club.results``), never kept in the database: an undo, an edit, a merge of two names or a
restored backup gives exactly the ratings a reckoning from scratch gives. A process keeps them
once worked out; a game finished since, played after every game already rated, is rated alone on
top of them (the same arithmetic in the same order, so the same numbers), and any other change
rates the record again from its first game.

A game's variants are rated together (one rating per player per game), or each apart
(``companion.store.settings``: ``rate_variants``).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from openskill.models import PlackettLuce

from companion.club import results as record_of
from companion.club.results import Key, Result
from companion.club.season import Season
from companion.store.database import Store
from companion.store.sessions import Sessions
from scoring.registry import get
from scoring.words import in_language

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
FEWEST, MOST = 2, 7  # the players a rated game has


class Rating(NamedTuple):
    """A player's rating at a game: openskill's ``mu`` and ``sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``, as openskill's ``ordinal()`` gives it: what the table is ordered by."""
        return self.mu - 3 * self.sigma


START = Rating(MODEL.mu, MODEL.sigma)  # a player's rating before their first game


class Step(NamedTuple):
    """A player's rating after one game: the game, when it was played, the player's rank in it,
    how many played, and the rating then."""

    sid: int
    played: datetime
    rank: int
    players: int
    mu: float
    sigma: float

    @property
    def rating(self) -> Rating:
        return Rating(self.mu, self.sigma)


@dataclass(frozen=True)
class Pool:
    """The ratings of one game's players, its variants together (``variant`` None) or of one of
    its variants (``variant``: its words in English, "" the plain game)."""

    variant: str | None
    variant_ja: str | None
    games: int  # the games rated
    ratings: Mapping[int, Rating]  # by player id (merged names count as the one merged into)
    played: Mapping[int, int]  # the rated games of each player
    last: Mapping[int, datetime]  # when each player's last rated game was played
    # each player's rating after each of their rated games, oldest first, as plain tuples (a
    # ``Step``'s fields): kept by the ten thousand, where the garbage collector leaves them alone
    history: Mapping[int, tuple[tuple, ...]]

    def variant_in(self, lang: str) -> str | None:
        return in_language(self, "variant", lang)

    def steps(self, person: int) -> tuple[Step, ...]:
        """The player's rating after each of their rated games, oldest first."""
        return tuple(map(Step._make, self.history.get(person, ())))

    def order(self) -> list[int]:
        """The players best first: by ordinal, then mu, then the more games; then by id, so an
        equal rating never moves a line between two looks."""
        return sorted(self.ratings, key=lambda p: (-self.ratings[p].ordinal, -self.ratings[p].mu, -self.played[p], p))


class _Rating:
    """A pool being rated, from scratch or on top of a pool kept in the process. A player's
    history is a list this one owns (appended to) or the kept pool's tuple (copied when it
    changes), so a kept pool stays as it was for whoever reads it."""

    def __init__(self, variant: str | None, variant_ja: str | None, on: Pool | None = None) -> None:
        self.variant, self.variant_ja = variant, variant_ja
        self.games = on.games if on else 0
        self.ratings = dict(on.ratings) if on else {}
        self.played = dict(on.played) if on else {}
        self.last = dict(on.last) if on else {}
        self.history: dict[int, list[tuple] | tuple[tuple, ...]] = dict(on.history) if on else {}

    def add(self, result: Result) -> None:
        """Rate one finished game: each seat a team of one, ranked as the standings rank it."""
        persons, ranks = result.persons, result.ranks
        if not FEWEST <= len(persons) <= MOST:
            return
        before = [self.ratings.get(who, START) for who in persons]
        after = MODEL.rate([[MODEL.rating(r.mu, r.sigma)] for r in before], ranks=list(ranks))
        self.games += 1
        for who, rank, [new] in zip(persons, ranks, after, strict=True):
            self.ratings[who] = Rating(new.mu, new.sigma)
            self.played[who] = self.played.get(who, 0) + 1
            self.last[who] = result.played
            steps = self.history.get(who)
            if not isinstance(steps, list):
                steps = self.history[who] = list(steps or ())
            steps.append((result.sid, result.played, rank, len(persons), new.mu, new.sigma))

    def pool(self) -> Pool:
        history = {p: tuple(steps) if isinstance(steps, list) else steps for p, steps in self.history.items()}
        return Pool(self.variant, self.variant_ja, self.games, self.ratings, self.played, self.last, history)


def _pool_of(result: Result, apart: bool) -> tuple[str | None, str | None]:
    return (result.variant, result.variant_ja) if apart else (None, None)


def rate(
    played: Iterable[Result], apart: bool = False, on: Mapping[str | None, Pool] | None = None
) -> dict[str | None, Pool]:
    """The games rated in the order given, from scratch or on top of the pools ``on``: one pool
    (key None), or one per variant (key: the variant's words in English, "" the plain game).
    Nothing is kept."""
    found = dict(on or {})
    rating: dict[str | None, _Rating] = {}
    for result in played:
        variant, variant_ja = _pool_of(result, apart)
        if variant not in rating:
            rating[variant] = _Rating(variant, variant_ja, found.get(variant))
        rating[variant].add(result)
    found.update({variant: r.pool() for variant, r in rating.items()})
    return found


@dataclass(frozen=True)
class _Rated:
    keys: tuple[Key, ...]
    people: tuple[tuple[int, int | None], ...]
    counted: int  # the record's results rated
    pools: dict[str | None, Pool]


_kept: weakref.WeakKeyDictionary[Store, dict[tuple, _Rated]] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def pools(sessions: Sessions, game: str, season: Season | None = None, apart: bool = False) -> dict[str | None, Pool]:
    """The game's ratings in the season (``None``: ever), as a reckoning from scratch gives them
    now: kept from the last look, the games finished since rated on top, or rated again whole."""
    found = record_of.record(sessions, game, season)
    key = (game, season, apart)
    with _lock:
        kept = _kept.setdefault(sessions.store, {}).get(key)
    if kept is not None and kept.keys == found.keys and kept.people == found.people:
        return kept.pools
    if kept is not None and kept.people == found.people and found.keys[: len(kept.keys)] == kept.keys:
        rated = _Rated(
            found.keys, found.people, len(found.results), rate(found.results[kept.counted :], apart, kept.pools)
        )
    else:
        rated = _Rated(found.keys, found.people, len(found.results), rate(found.results, apart))
    with _lock:
        held = _kept.setdefault(sessions.store, {})
        held.pop(key, None)
        held[key] = rated
        while len(held) > record_of.KEPT:
            del held[next(iter(held))]
    return rated.pools


def ordered(found: dict[str | None, Pool]) -> list[Pool]:
    """The pools as the league tables come: the plain game first, then the most played."""
    return sorted(found.values(), key=lambda p: (p.variant not in (None, ""), -p.games, (p.variant or "").casefold()))


# --- the league table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """A player's line in a league table."""

    place: int  # 1 for the best; a rating equal to the one above shares its place
    person: int
    player: str  # the name the player goes by now
    rating: Rating
    games: int
    last: datetime  # when the player's last rated game was played


@dataclass(frozen=True)
class League:
    """A game's league table in a season (``None``: ever): one per variant where they are rated apart."""

    game: str
    season: Season | None
    variant: str | None  # None: the variants together; else the variant's words ("" the plain game)
    games: int
    lines: tuple[Line, ...]

    def title(self, lang: str = "en") -> str:
        """The game's short name, and the variant as the statistics name it: ``Phantom (Poker)``."""
        name = get(self.game).names.name(lang, short=True)
        return f"{name} ({self.variant})" if self.variant else name


def league(
    sessions: Sessions, game: str, season: Season | None = None, apart: bool = False, lang: str = "en"
) -> list[League]:
    """The game's league table (one per variant where they are rated apart), best first."""
    found = ordered(pools(sessions, game, season, apart))
    named, _ = record_of.people(sessions.store)
    return [table(game, season, pool, named, lang) for pool in found]


def table(game: str, season: Season | None, pool: Pool, named: Mapping[int, str], lang: str = "en") -> League:
    lines: list[Line] = []
    for k, who in enumerate(pool.order()):
        rating = pool.ratings[who]
        place = lines[-1].place if lines and lines[-1].rating == rating else k + 1
        lines.append(Line(place, who, named.get(who, "?"), rating, pool.played[who], pool.last[who]))
    return League(game, season, pool.variant_in(lang), pool.games, tuple(lines))
