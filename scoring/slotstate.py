"""The shared shape of an engine's state: slots, a shallow copy for the engine to edit, equality.

An engine never changes a state it returned: ``apply`` copies it, replaces whole fields (tuples,
frozensets) on the copy, and returns the copy. Equal states compare equal field by field, which is
what "dropping the last event restores the state exactly" checks.
"""

from __future__ import annotations

from typing import Any, Self


class SlotState:
    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> Self:
        new = type(self).__new__(type(self))
        for name in type(self).__slots__:
            setattr(new, name, getattr(self, name))
        return new

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, name) == getattr(other, name) for name in type(self).__slots__
        )

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players  # type: ignore[attr-defined]

    def _init(self, **values: Any) -> None:
        for key, value in values.items():
            setattr(self, key, value)
