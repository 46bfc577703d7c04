"""The one exception every engine raises for an illegal event."""

from __future__ import annotations

from scoring.words import Words, say


class RuleViolation(Exception):
    """An event the rules forbid: the rule it breaks and the reason, a fact of the game's catalogue
    said in each viewer's language.

    >>> from scoring.words import Fact, words
    >>> words("demo", {"refused.follow": "{player} must follow {suit}."})
    >>> err = RuleViolation("trickster.follow", Fact("demo.refused.follow", player="Ben", suit="blue"))
    >>> err.rule, str(err)
    ('trickster.follow', 'Ben must follow blue. [trickster.follow]')

    ``rule`` is a section id in the game's rules text (``data/<game>/rules.en.md``), so a screen
    can open the exact rule a refusal rests on.
    """

    def __init__(self, rule: str, said: Words) -> None:
        super().__init__(said)
        self.rule = rule
        self.said = said

    @property
    def reason(self) -> str:
        """The reason in English (a log's, a test's)."""
        return say(self.said, "en")

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang``."""
        return say(self.said, lang)

    def __str__(self) -> str:
        return f"{self.reason} [{self.rule}]"
