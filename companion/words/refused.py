"""A refusal of Companion's own (a name, a place, a player, a rule looked up …), as the engines'
refusals are: a ``RuleViolation`` with the rule it rests on, its reason a message of the catalogue
with its values, said in whatever language asks. A value that is a refusal itself is said in the
same language.

>>> err = Refused("record-format", "No player called {name!r}.", name="Dan")
>>> err.message("en"), err.message("ja"), err.rule
("No player called 'Dan'.", "'Dan'というプレイヤーはいません。", 'record-format')
"""

from __future__ import annotations

from typing import Any

from companion.words import languages, t
from scoring.errors import RuleViolation


class Refused(RuleViolation):
    """``Refused(rule, message, **values)``: ``message`` is marked for the catalogue where it is
    written (Babel extracts the second argument of ``Refused``)."""

    def __init__(self, rule: str, message: str, /, **values: Any) -> None:
        self.text, self.values = message, values
        # the engines' refusals carry their reason in English and Japanese: so does this one, for
        # what reads them so (a refusal wrapped in another: scoring.recordkit)
        said = {lang: self.message(lang) for lang in languages()}
        super().__init__(rule, said["en"], said.get("ja", said["en"]))

    def message(self, lang: str = "en") -> str:
        values = {k: v.message(lang) if isinstance(v, RuleViolation) else v for k, v in self.values.items()}
        return t(self.text, lang, **values)
