"""A session so far (:class:`Position`): what a game's ``new``, ``apply``, ``replay`` and ``undo``
give, with the states its entries met (:class:`Trail`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from scoring.standings import Scored, Standings


@dataclass(frozen=True, slots=True)
class Trail:
    """The states a session's entries met, one link an entry, the last entry's first: one more
    entry is one more link, so keeping them costs an entry the same at any length of game."""

    state: Any  #: the state the last entry was applied to
    before: Trail | None  #: the links of the entries before it
    length: int  #: how many entries

    def states(self) -> tuple[Any, ...]:
        """Every state, the first entry's first."""
        found, link = [], self
        while link is not None:
            found.append(link.state)
            link = link.before
        return tuple(reversed(found))


@dataclass(frozen=True)
class Position:
    """A session so far: its header, its entries, the game engine's state after them and the
    standings. The next entry is applied to ``state`` alone (``Game.step``), so a long game is as
    quick as a short one; the states before each entry (``trail``) are kept, as python-chess keeps
    its board's stack, so who made each entry is read without a replay and an undo is one step back.
    """

    game: str
    header: Mapping[str, Any]
    entries: tuple[Any, ...] = ()
    scored: Scored = field(default_factory=lambda: Scored(Standings(())))
    #: the game engine's state after the entries: what the next entry is applied to, and what the
    #: game reads whose turn it is, what may come next and what the table is told
    state: Any = field(default=None, compare=False, repr=False)
    #: the game's ``record``, to build the record of these entries when one is asked for
    recorder: Callable[[Mapping[str, Any], Sequence[Any]], dict] | None = field(default=None, compare=False, repr=False)
    #: the state each entry was applied to (``trail.states()[i]`` met ``entries[i]``)
    trail: Trail | None = field(default=None, compare=False, repr=False)

    @property
    def finished(self) -> bool:
        """The game is over: nothing more can be recorded."""
        return self.scored.finished

    @cached_property
    def record(self) -> Mapping[str, Any]:
        """The game's record of the entries (``docs/record-format.md``): what ``companion score``
        reads, what an export writes and what a board may draw from. Built the first time it is
        asked for, from the entries; never on the way of an entry."""
        return self.recorder(self.header, self.entries) if self.recorder is not None else {}
