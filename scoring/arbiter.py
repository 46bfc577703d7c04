"""What every game's arbiter shares: the seats of a trick asked about, the rule a ruling rests on.

>>> seats(2, "en"), rule_line("sheriff.trick", "en"), times(2)
(['Player 1', 'Player 2'], 'Rule: Who wins a trick.', 'twice')
>>> rule_line("trickster.pattern, trickster.follow", "ja")
'ルール：フォローの型、フォロー'
"""

from __future__ import annotations

from scoring.data import text_in
from scoring.rulestext import parse_sections
from scoring.words import Fact, listed, say, words

words(
    "arbiter",
    {
        "seat": "Player {n}",
        "rule": "Rule: {ids}.",
        # how often a card is given: "twice", "3 times"
        "times": lambda v, lang: say(Fact("arbiter.twice" if v["n"] == 2 else "arbiter.n_times", n=v["n"]), lang),
        "twice": "twice",
        "n_times": "{n} times",
    },
)


def seats(n: int, lang: str) -> list[str]:
    """The seats of a trick asked about, in play order (the arbiter knows no names)."""
    return [say(Fact("arbiter.seat", n=i + 1), lang) for i in range(n)]


def rule_line(ids: str, lang: str) -> str:
    """The last line of a ruling: the rules it rests on (``ids``, comma-separated), each by its
    section's title in ``lang`` (F2 and ``companion rules`` find a section by its title's words)."""
    titles = [_title(rule.strip(), lang) for rule in ids.split(",")]
    return say(Fact("arbiter.rule", ids=listed(titles, "list")), lang)


def _title(rule: str, lang: str) -> str:
    """A rule's section title, read from its game's box (``scoring.data.text_in``, as the game
    reads it): the arbiter is below the registry, which reads the rules texts for everything else
    (``scoring.rulesbook.title``)."""
    sections = parse_sections(text_in(rule.split(".", 1)[0], "rules", lang))
    return next((s.title for s in sections if s.id == rule), rule)


def times(n: int) -> str:
    """How often a card is given, in English (a refusal says ``Fact("arbiter.times", n=n)``)."""
    return say(Fact("arbiter.times", n=n))
