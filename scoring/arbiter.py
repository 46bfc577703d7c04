"""What every game's arbiter shares: the seats of a trick asked about, the rule a ruling rests on.

>>> seats(2, "en"), rule_line("sheriff.trick", "en"), times(2)
(['Player 1', 'Player 2'], 'Rule: sheriff.trick.', 'twice')
"""

from __future__ import annotations


def seats(n: int, lang: str) -> list[str]:
    """The seats of a trick asked about, in play order (the arbiter knows no names)."""
    return [f"プレイヤー{i + 1}" if lang == "ja" else f"Player {i + 1}" for i in range(n)]


def rule_line(ids: str, lang: str) -> str:
    """The last line of a ruling: the rules it rests on."""
    return f"ルール：{ids}" if lang == "ja" else f"Rule: {ids}."


def times(n: int) -> str:
    return "twice" if n == 2 else f"{n} times"
