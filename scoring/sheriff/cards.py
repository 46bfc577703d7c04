"""Sheriff cards: ``suit * 5 + rank`` (rank 0 = A … 4 = 10), the Joker is 20.

>>> code(parse("10h")), code(parse("As")), parse("JO") == parse("Joker") == JOKER
('10h', 'As', True)
"""

from __future__ import annotations

from functools import cache

from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.sheriff import words as _words  # noqa: F401  (the words a card is said in)
from scoring.words import Fact, in_language, say, spoken, teller

fact = teller("sheriff")

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


def names(row: dict) -> set[str]:
    """A suit's or a role's names as a table may type them: its id and its name in every language
    the data gives (``spades``, ``スペード``), in lower case."""
    return {row["id"], *(in_language(row, "name", lang).lower() for lang in spoken())}


@cache
def said_in_every_language(key: str) -> frozenset[str]:
    """A word of the catalogue as a table may type it, in any language: in lower case, a space a
    hyphen (``no-trump``)."""
    return frozenset(say(Fact(key), lang).lower().replace(" ", "-") for lang in spoken())


def no_trump(text: str) -> bool:
    """Whether a typed word (or a record's) means no trump: ``none``, ``no-trump``, ``notrump``, or
    no trump in any language the catalogue says it in."""
    return text in ("none", "no-trump", "notrump") or text in said_in_every_language("sheriff.no_trump")


def suit_index(text: str) -> int:
    key = text.strip().lower()
    for i, s in enumerate(suits()):
        if key in (s["letter"], s["symbol"]) or key in names(s):
            return i
    raise RuleViolation("sheriff.trump", fact("refused.not_a_suit", text=text))


def parse(text: str) -> int:
    raw = text.strip()
    key = raw.lower().replace(" ", "")
    if key in ("jo", "x") or key in said_in_every_language("sheriff.joker"):
        return JOKER
    for r, rank in enumerate(RANKS):
        rest = key[len(rank) :] if key.startswith(rank.lower()) else None
        if rank == "10" and key.startswith("t"):
            rest = key[1:]
        if rest:
            for i, s in enumerate(suits()):
                if rest in (s["letter"], s["symbol"], s["id"]):
                    return i * 5 + r
    raise RuleViolation("sheriff.cards", fact("refused.not_a_card", text=raw))


DECK = tuple(range(21))
