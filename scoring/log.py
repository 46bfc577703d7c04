"""A session is an event log; state is the fold of the events over the initial state."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

S = TypeVar("S")
E = TypeVar("E")


def fold(
    apply: Callable[[S, E], S],
    initial: S,
    events: Iterable[E],
    *,
    handlers: Mapping[type, Callable[[S, E], S]] | None = None,
) -> S:
    """Apply every event in order and return the final state.

    A refused event raises :class:`scoring.errors.RuleViolation` with its position in
    ``index`` added, so the caller can say "event 17 is illegal: …".

    ``handlers``, for an ``apply`` that only hands each event to the function for its type, maps
    those types to those functions: an event of one of them goes straight there (one call fewer
    per event of a long replay), any other to ``apply``.
    """
    state = initial
    route = handlers.get if handlers else None
    for index, event in enumerate(events):
        try:
            state = apply(state, event) if route is None else route(type(event), apply)(state, event)
        except Exception as err:  # annotate, never swallow
            if hasattr(err, "rule"):
                err.index = index  # type: ignore[attr-defined]
            raise
    return state


def states(apply: Callable[[S, E], S], initial: S, events: Iterable[E]) -> list[S]:
    """Every intermediate state, the initial one first (``len(events) + 1`` entries)."""
    out = [initial]
    for event in events:
        out.append(apply(out[-1], event))
    return out
