"""A refusal of Companion's own (a name, a place, a player, a session that does not open …), as the
engines' refusals are: a ``RuleViolation`` with the rule it rests on, its reason a message of the
catalogue with its values, said in whatever language asks. A value that is a refusal or a
``Phrase`` itself is said in the same language.

>>> err = Refused("record-format", "No player called {name!r}.", name="Dan")
>>> err.message("en"), err.message("ja"), err.rule
("No player called 'Dan'.", "'Dan'というプレイヤーはいません。", 'record-format')
>>> Phrase("its start time").message("ja")
'開始時刻'
"""

from __future__ import annotations

from typing import Any

from companion.words import catalogue, languages, t
from scoring.errors import RuleViolation
from scoring.words import Fact


def _said(values: dict[str, Any], lang: str) -> dict[str, Any]:
    """The values of a message, each one said in a language said in ``lang``: a refusal, a
    ``Phrase``, a list of ``formats.Listed`` (anything with a ``message(lang)``), or a function of
    the language (``partial(why, err)``)."""
    return {
        k: v.message(lang) if callable(getattr(v, "message", None)) else v(lang) if callable(v) else v
        for k, v in values.items()
    }


class Explained(Exception):
    """An exception whose words are a message of the catalogue with its values, said in the
    language that asks (``message``); ``str()`` says them in English (a log, a trace). The store's
    and the backup's refusals are such (Babel extracts their first argument)."""

    def __init__(self, message: str, /, **values: Any) -> None:
        self.text, self.values = message, values
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        if not self.values:  # a message without fields may hold a brace of its own
            return catalogue(lang).gettext(self.text)
        return t(self.text, lang, **_said(self.values, lang))


class Phrase:
    """A part of a message, said in the language of the message it goes into:
    ``Refused(rule, "… {what} is damaged …", what=Phrase("its start time"))`` (Babel extracts the
    first argument of ``Phrase``)."""

    def __init__(self, message: str, /, **values: Any) -> None:
        self.text, self.values = message, values

    def message(self, lang: str) -> str:
        return t(self.text, lang, **_said(self.values, lang))


class Refused(RuleViolation):
    """``Refused(rule, message, **values)`` (Babel extracts the second argument of ``Refused``)."""

    def __init__(self, rule: str, message: str, /, **values: Any) -> None:
        self.text, self.values = message, values
        # an engine's refusal is a fact of scoring's catalogues, which cannot read Companion's: this
        # one carries its words in every language Companion speaks, for what says it as a fact (a
        # refusal wrapped in another: scoring.recordkit)
        super().__init__(rule, Fact("text", **{lang: self.message(lang) for lang in languages()}))

    def message(self, lang: str = "en") -> str:
        return t(self.text, lang, **_said(self.values, lang))
