"""Sheriff cards: ``suit * 5 + rank`` (rank 0 = A … 4 = 10), the Joker is 20.

>>> code(parse("10h")), code(parse("As")), name(parse("JO"))
('10h', 'As', 'Joker')
"""

from __future__ import annotations

from functools import cache

from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.sheriff import words as _words  # noqa: F401  (the words a card is said in)
from scoring.words import Fact, say

JOKER = 20
RANKS = ("A", "K", "Q", "J", "10")
A, K, Q, J, TEN = range(5)


@cache
def data() -> dict:
    return load_toml("sheriff", "game.toml")


def suits() -> list[dict]:
    return data()["suits"]


def suit_of(c: int) -> int | None:
    return None if c == JOKER else c // 5


def rank_of(c: int) -> int | None:
    return None if c == JOKER else c % 5


def code(c: int) -> str:
    return "JO" if c == JOKER else RANKS[c % 5] + suits()[c // 5]["letter"]


def card(c: int) -> Fact:
    """A card as the table says it: the K of hearts, ハートのK (``sheriff.card``)."""
    return Fact("sheriff.card", code=code(c))


def name(c: int) -> str:
    """A card's English name, for a refusal (``say(card(c), "ja")`` is its Japanese)."""
    return say(card(c))


def suit_index(text: str) -> int:
    key = text.strip().lower()
    for i, s in enumerate(suits()):
        if key in (s["id"], s["letter"], s["name_ja"], s["symbol"]):
            return i
    raise RuleViolation(
        "sheriff.trump",
        f"{text!r} is not a suit (spades, hearts, diamonds, clubs).",
        f"「{text}」はマークではありません。",
    )


def parse(text: str) -> int:
    raw = text.strip()
    key = raw.lower().replace(" ", "")
    if key in ("jo", "joker", "x", "ジョーカー"):
        return JOKER
    for r, rank in enumerate(RANKS):
        rest = key[len(rank) :] if key.startswith(rank.lower()) else None
        if rank == "10" and key.startswith("t"):
            rest = key[1:]
        if rest:
            for i, s in enumerate(suits()):
                if rest in (s["letter"], s["symbol"], s["id"]):
                    return i * 5 + r
    raise RuleViolation(
        "sheriff.cards",
        f"{raw!r} is not a Sheriff card (As, Kh, Qd, Jc, 10s, JO).",
        f"「{raw}」はシェリフのカードではありません。",
    )


DECK = tuple(range(21))
