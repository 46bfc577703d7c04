"""The one exception every engine raises for an illegal event."""

from __future__ import annotations

from scoring.words import in_language


class RuleViolation(Exception):
    """An event the rules forbid, with the reason in English and Japanese and the rule it breaks.

    >>> err = RuleViolation("trickster.follow", "Ben must follow blue.", "ベンは青でフォローが必要です。")
    >>> err.rule, str(err)
    ('trickster.follow', 'Ben must follow blue. [trickster.follow]')

    ``rule`` is a section id in the game's rules text (``data/<game>/rules.en.md``), so a screen
    can open the exact rule a refusal rests on.
    """

    def __init__(self, rule: str, reason: str, reason_ja: str) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason
        self.reason_ja = reason_ja

    def message(self, lang: str = "en") -> str:
        """The reason in the given language (``reason_<lang>``; English where there is none)."""
        return in_language(self, "reason", lang)

    def __str__(self) -> str:
        return f"{self.reason} [{self.rule}]"
