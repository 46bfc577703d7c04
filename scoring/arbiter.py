"""What every game's arbiter shares: the seats of a trick asked about, the rule a ruling rests on.

>>> seats(2, "en"), rule_line("sheriff.trick", "en"), times(2)
(['Player 1', 'Player 2'], 'Rule: sheriff.trick.', 'twice')
"""

from __future__ import annotations

from scoring.words import Fact, say, words

words(
    "arbiter",
    {
        "seat": "Player {n}",
        "rule": "Rule: {ids}.",
    },
)


def seats(n: int, lang: str) -> list[str]:
    """The seats of a trick asked about, in play order (the arbiter knows no names)."""
    return [say(Fact("arbiter.seat", n=i + 1), lang) for i in range(n)]


def rule_line(ids: str, lang: str) -> str:
    """The last line of a ruling: the rules it rests on."""
    return say(Fact("arbiter.rule", ids=ids), lang)


def times(n: int) -> str:
    return "twice" if n == 2 else f"{n} times"
