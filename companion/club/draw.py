"""A club night's draw: the players present split into tables for one round.

* **Table sizes** come from the round's game (``best_players`` first, then any count it takes):
  the split uses as few tables of a size the game plays less well as it can, then sizes as even as
  it can, then as few tables as it can; when no split fits everyone, the fewest players sit out,
  those who have sat out least so far first.
* **Mix** seats players so that as few as possible meet someone they have already played with:
  each pair's earlier meetings cost that many, and a table's cost is the sum over its pairs. The
  seating starts greedy and then swaps players between tables while a swap lowers the cost (with
  up to 10 players it tries every split instead, so the round is the cheapest there is).
* **Swiss** seats the leaders together: players in the order of the event's standings, the first
  table first.

Every round is drawn from ``random.Random(f"{seed}:{round}")``, so the same seed, players and
earlier rounds give the same tables (a director can print the seed and anyone can check it).

>>> draw = draw_round(["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen"], (3,), (3,), seed=7, round=1)
>>> [len(t) for t in draw.tables], len(draw.out)
([3, 3], 1)
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

Pair = frozenset[str]

#: at most this many players are split every possible way (the exact cheapest round)
EXACT = 10


@dataclass(frozen=True)
class Draw:
    """One round's tables, each its players in seat order, and who sits out."""

    tables: tuple[tuple[str, ...], ...]
    out: tuple[str, ...] = ()


@dataclass
class History:
    """What the draw remembers of the rounds before: who met whom, and how often each sat out."""

    met: Counter[Pair] = field(default_factory=Counter)
    sat_out: Counter[str] = field(default_factory=Counter)

    def add(self, draw: Draw) -> None:
        for table in draw.tables:
            self.met.update(frozenset(p) for p in itertools.combinations(table, 2))
        self.sat_out.update(draw.out)

    def repeats(self) -> int:
        """Meetings beyond each pair's first: the figure the mix draw keeps low."""
        return sum(n - 1 for n in self.met.values() if n > 1)


class DrawRefused(ValueError):
    """No table of the game's sizes can be formed from the players present."""


def sizes(present: int, best: Sequence[int], allowed: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """The tables' sizes (largest first) and how many sit out, for ``present`` players.

    >>> sizes(13, (4, 5), (2, 4, 5)), sizes(10, (3,), (3,)), sizes(7, (3, 4), (3, 4))
    (((5, 4, 4), 0), ((3, 3, 3), 1), ((4, 3), 0))
    """
    for out in range(present + 1):
        n = present - out
        found = _split(n, best) or _split(n, allowed, best)
        if found:
            return found, out
    raise DrawRefused(present)


def _split(n: int, allowed: Sequence[int], best: Sequence[int] = ()) -> tuple[int, ...] | None:
    """``n`` players as tables of at most two neighbouring sizes of ``allowed``: the fewest tables
    not of a ``best`` size, then the most even, then the fewest tables."""
    if n <= 0:
        return None
    chosen: tuple[tuple[int, int, int], tuple[int, ...]] | None = None
    for lo, hi in itertools.combinations_with_replacement(sorted(set(allowed)), 2):
        for many_hi in range(n // hi + 1):
            rest = n - many_hi * hi
            if lo == hi and rest:
                continue
            if lo != hi and rest % lo:
                continue
            tables = (hi,) * many_hi + (lo,) * (rest // lo if lo != hi else 0)
            if not tables:
                continue
            key = (sum(1 for t in tables if best and t not in best), hi - lo if many_hi and rest else 0, len(tables))
            if chosen is None or key < chosen[0]:
                chosen = (key, tables)
    return chosen[1] if chosen else None


def draw_round(
    present: Sequence[str],
    best: Sequence[int],
    allowed: Sequence[int],
    *,
    seed: int,
    round: int,
    history: History | None = None,
    how: str = "mix",
    order: Sequence[str] = (),
    attempt: int = 0,
) -> Draw:
    """Round ``round``'s tables for the players ``present``: ``how`` is ``mix`` or ``swiss``
    (``order``: the players by the event's standings, leader first; round 1 is random either way);
    ``attempt``: how often the round was drawn again before it started."""
    history = history or History()
    if len(set(present)) != len(present):
        raise DrawRefused(len(present))
    rng = random.Random(f"{seed}:{round}" + (f":{attempt}" if attempt else ""))  # a redraw: the next attempt
    shape, sitting_out = sizes(len(present), best, allowed)
    players = list(present)
    rng.shuffle(players)
    players.sort(key=lambda p: history.sat_out[p])  # stable: random among those who sat out as often
    out, seated = tuple(players[:sitting_out]), players[sitting_out:]
    if how == "swiss" and order and round > 1:
        ranked = {p: i for i, p in enumerate(order)}
        seated.sort(key=lambda p: ranked.get(p, len(ranked)))
        tables = _cut(seated, shape)
    elif len(seated) <= EXACT:
        tables = _cheapest(seated, shape, history.met)
    else:
        tables = _improved(_greedy(seated, shape, history.met, rng), history.met, rng)
    return Draw(tuple(tuple(rng.sample(t, len(t))) for t in tables), out)


def _cut(players: Sequence[str], shape: Sequence[int]) -> list[list[str]]:
    tables, i = [], 0
    for size in shape:
        tables.append(list(players[i : i + size]))
        i += size
    return tables


def cost(tables: Iterable[Sequence[str]], met: Mapping[Pair, int]) -> int:
    """The earlier meetings of every pair seated together."""
    return sum(met.get(frozenset(pair), 0) for t in tables for pair in itertools.combinations(t, 2))


def _greedy(players: list[str], shape: Sequence[int], met: Mapping[Pair, int], rng: random.Random) -> list[list[str]]:
    """Each player in turn at the table with room where they have met the fewest."""
    tables: list[list[str]] = [[] for _ in shape]
    for p in players:
        open_tables = [i for i, t in enumerate(tables) if len(t) < shape[i]]
        rng.shuffle(open_tables)
        best = min(open_tables, key=lambda i: sum(met.get(frozenset((p, q)), 0) for q in tables[i]))
        tables[best].append(p)
    return tables


def _improved(tables: list[list[str]], met: Mapping[Pair, int], rng: random.Random) -> list[list[str]]:
    """Swap two players of different tables while a swap lowers the cost."""

    def with_table(p: str, table: list[str], skip: str) -> int:
        return sum(met.get(frozenset((p, q)), 0) for q in table if q != p and q != skip)

    spots = [(i, j) for i, t in enumerate(tables) for j in range(len(t))]
    better = True
    while better:
        better = False
        rng.shuffle(spots)
        for (i, j), (k, m) in itertools.combinations(spots, 2):
            if i == k:
                continue
            a, b = tables[i][j], tables[k][m]
            now = with_table(a, tables[i], a) + with_table(b, tables[k], b)
            then = with_table(b, tables[i], a) + with_table(a, tables[k], b)
            if then < now:
                tables[i][j], tables[k][m] = b, a
                better = True
    return tables


def _cheapest(players: list[str], shape: Sequence[int], met: Mapping[Pair, int]) -> list[list[str]]:
    """Every split of a few players into tables of ``shape``, the cheapest first found."""
    best: tuple[int, list[list[str]]] | None = None
    for tables in splits(players, shape):
        c = cost(tables, met)
        if best is None or c < best[0]:
            best = (c, tables)
            if c == 0:
                break
    assert best is not None
    return best[1]


def splits(players: Sequence[str], shape: Sequence[int]) -> Iterable[list[list[str]]]:
    """Every way to seat ``players`` at tables of ``shape`` (tables of one size in no order)."""
    if not shape:
        yield []
        return
    first, others = players[0], players[1:]
    for size in sorted(set(shape), reverse=True):  # the first player at a table of each size
        rest = list(shape)
        rest.remove(size)
        for mates in itertools.combinations(others, size - 1):
            left = [p for p in others if p not in mates]
            for tail in splits(left, rest):
                yield [[first, *mates], *tail]


def fewest_repeats(players: int, table: int, rounds: int) -> int:
    """A floor under the repeated meetings of any draw of ``players`` at tables of ``table`` for
    ``rounds`` rounds: a player who meets more people than there are others must meet someone
    again (each repeat is two players' excess).

    >>> fewest_repeats(100, 5, 6), fewest_repeats(8, 4, 3)
    (0, 8)
    """
    excess = max(0, rounds * (table - 1) - (players - 1))
    return (players * excess + 1) // 2
