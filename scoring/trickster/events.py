"""What a Trickster table records. Players are seat indices (0 = first in seat order).

Fields marked *hidden* are secret at a real table: the simulator fills them in, the table tracker
receives ``None`` (see :func:`public`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """The round's face-up setup: 6 trash cards, each player's tableau pick, the Timeline (2–3p):
    its 12 cards, front first, or none, each then typed as it leads (:class:`TimelineLed`).

    ``hands`` (after the tableau pick) and ``deck`` (top first) are *hidden*: only a simulator
    that dealt the cards knows them.
    """

    trash: tuple[int, ...]
    tableau: tuple[int, ...]
    timeline: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] | None = None
    deck: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Effect:
    """How a played card's effect was resolved. Which fields matter depends on the hero:

    ``card`` / ``card2`` the cards moved, ``enemy`` / ``enemy2`` the players chosen, ``copy`` the
    card whose effect an Archivist or General used and ``then`` that effect's own resolution.
    Peddler's two cards, Scion's two cards and Saint's card are *hidden* (may be ``None``; the
    fields each hero names, secret or not, are ``targets.TARGETS``).
    """

    card: int | None = None
    card2: int | None = None
    enemy: int | None = None
    enemy2: int | None = None
    copy: int | None = None
    then: Effect | None = None


@lru_cache(maxsize=1 << 14)
def effect(
    card: int | None = None,
    card2: int | None = None,
    enemy: int | None = None,
    enemy2: int | None = None,
    copy: int | None = None,
    then: Effect | None = None,
) -> Effect:
    """``Effect(...)``, one shared object per resolution (it is immutable): a frozen dataclass takes
    about a microsecond to build, a look-up here a tenth of that, for code that builds many (the
    simulator)."""
    return Effect(card, card2, enemy, enemy2, copy, then)


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A player puts a card from hand into the pot and resolves its effect.

    ``effect=None`` means the effect could not be resolved completely, so nothing happened; the
    engine refuses that when a full resolution was possible.
    """

    player: int
    card: int
    effect: Effect | None = None


@dataclass(frozen=True, slots=True)
class TimelineLed:
    """The Timeline's front card goes into the pot and leads a trick (2–3 players), its effect not
    resolved. Typed only when the round's setup did not name the Timeline's cards."""

    card: int


@dataclass(frozen=True, slots=True)
class Bust:
    """A player cannot follow (or has no cards) on their turn: they take the pot."""

    player: int


@dataclass(frozen=True, slots=True)
class HandsRevealed:
    """Round end: every player's remaining hand, turned face up into their tableau."""

    hands: tuple[tuple[int, ...], ...]


Event = RoundStarted | CardPlayed | Bust | TimelineLed | HandsRevealed
