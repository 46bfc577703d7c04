"""House rules: one named setting for every point a rules reference leaves open.

A game declares a frozen dataclass of its settings with the defaults, and lists each setting's
choices in ``DOCS``; the words are its catalogue's (``WORDS_IN``, the game's): ``rule.<name>``
explains a setting, ``rule.<name>.title`` names it on the new-game form (in English the form
names it by its key, which a record and the form's advanced line take) and
``rule.<name>.<choice>`` says a choice, for a setting whose choices are words. Records and
sessions override settings by name; every override is checked, and ``describe`` lists them all
for the user.

>>> from scoring.sheriff.engine import HouseRules
>>> from scoring.words import say
>>> HouseRules.choices("target")[:3], say(HouseRules.title("target")), say(HouseRules.title("target"), "ja")
((1, 2, 3), 'target', '目標得点')
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar, TypeVar

from scoring.errors import RuleViolation
from scoring.words import Fact, Words, entry, say, words

R = TypeVar("R", bound="HouseRuleSet")

words(
    "house",
    {
        "unknown": "Unknown house rule {key!r}; known: {known:, }.",
        "bad_value": "House rule {key} takes {choices: or }, not {value!r}.",
        # a setting whose choices are whole numbers in a row (a target of 0 to 30): said as a range
        "bad_number": "House rule {key} takes a whole number from {low} to {high}, not {value!r}.",
    },
)


def _refused(key: str, choices: tuple, value: Any) -> Fact:
    """Why ``value`` is not a choice of setting ``key``: its choices listed, or for whole numbers in
    a row (a target of 0 to 30) their range.

    >>> from scoring.words import say
    >>> say(_refused("target", tuple(range(0, 31)), 31))
    'House rule target takes a whole number from 0 to 30, not 31.'
    >>> say(_refused("edition", ("original", "oink"), "x"))
    "House rule edition takes 'original' or 'oink', not 'x'."
    """
    numbers = all(type(c) is int for c in choices) and len(choices) > 3
    if numbers and list(choices) == list(range(choices[0], choices[0] + len(choices))):
        return Fact("house.bad_number", key=key, low=choices[0], high=choices[-1], value=value)
    return Fact("house.bad_value", key=key, choices=tuple(map(repr, choices)), value=value)


class HouseRuleSet:
    RULE: ClassVar[str]  # the rules-text section that lists the house rules
    #: each setting's choices, by name
    DOCS: ClassVar[dict[str, tuple]]
    #: the catalogue the settings' words are in: the game's (the first part of ``RULE``) unless given
    WORDS_IN: ClassVar[str] = ""
    #: a setting added with a new default, and the value a session stored before it keeps (the
    #: reading it was scored by): Companion's store writes it into those sessions once
    KEPT: ClassVar[dict[str, Any]] = {}

    @classmethod
    def kept(cls, settings: dict | None) -> dict:
        """A stored session's settings with the readings it was scored by before a setting existed
        (``KEPT``), each where the session does not set it already."""
        return {**cls.KEPT, **(settings or {})}

    @classmethod
    def _key(cls, name: str, *more: object) -> str:
        return ".".join([cls.WORDS_IN or cls.RULE.partition(".")[0], "rule", name, *map(str, more)])

    @classmethod
    def choices(cls, name: str) -> tuple:
        """The values a setting takes."""
        return tuple(cls.DOCS[name])

    @classmethod
    def explained(cls, name: str) -> Words:
        """What a setting does, as the new-game form and the help explain it."""
        return Fact(cls._key(name))

    @classmethod
    def title(cls, name: str) -> Words:
        """A setting's name as the new-game form shows it."""
        return Fact(cls._key(name, "title"))

    @classmethod
    def label(cls, name: str, choice: Any) -> Words | None:
        """A choice's words, for a setting whose choices are words (None where they have none)."""
        key = cls._key(name, choice)
        try:
            entry(key)
        except KeyError:
            return None
        return Fact(key)

    @classmethod
    def from_dict(cls: type[R], values: dict | None) -> R:
        """Settings from a record's ``"settings"`` object; unknown names and values are refused."""
        values = values or {}
        for key, value in values.items():
            if key not in cls.DOCS:
                raise RuleViolation(cls.RULE, Fact("house.unknown", key=key, known=tuple(cls.DOCS)))
            choices = cls.choices(key)
            if value not in choices or type(value) is not type(choices[0]):
                raise RuleViolation(cls.RULE, _refused(key, choices, value))
        return cls(**values)

    def changed(self) -> dict[str, Any]:
        """The settings that differ from the defaults."""
        default = type(self)()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)  # type: ignore[arg-type]
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def describe(self, lang: str = "en") -> list[tuple[str, Any, Any, str]]:
        """Every setting as (name, value, default, explanation), for screens and help texts."""
        default = type(self)()
        return [
            (f.name, getattr(self, f.name), getattr(default, f.name), say(self.explained(f.name), lang))
            for f in fields(self)  # type: ignore[arg-type]
        ]
