"""A setting a new game may be given, as the new-game form offers it (a game's ``options``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.words import in_languages


@dataclass(frozen=True)
class Option:
    """A setting a new game may be given: a header field (``deck``, ``variant``) or a house rule.

    ``house_rule`` options live under the header's ``settings``; the others are header fields.
    ``kind`` says how the new-game form takes the value (see :meth:`typed_as`; left empty, it
    follows from the default). ``labels`` gives choices their table words, as ``(choice, en, ja)``;
    ``titles`` the option's own name in table words, English and Japanese (else its key, ``name``,
    which a record and the form's advanced line take).

    >>> Option("seats", None, 'The seats: {"Aki": 1}.').typed_as()
    'mapping'
    >>> variant = Option("variant", "base", "Which game: base (Base game), poker (Poker (2 players)).",
    ...                  choices=("base", "poker", "west_coast"), house_rule=False)
    >>> variant.typed_as(), [variant.label(c) for c in variant.choices]
    ('choice', ['Base game', 'Poker (2 players)', 'west coast'])
    """

    name: str
    default: Any
    text_en: str
    text_ja: str = ""
    choices: tuple[Any, ...] = ()
    house_rule: bool = True
    kind: str = ""
    labels: tuple[tuple[Any, str, str], ...] = ()
    titles: tuple[str, str] = ("", "")

    def text(self, lang: str = "en") -> str:
        return in_languages((self.text_en, self.text_ja or self.text_en), lang)

    def title(self, lang: str = "en") -> str:
        """The option's name as the new-game form shows it (``デッキ``); its key where none is given."""
        en, ja = self.titles
        return in_languages((en or self.name, ja or en or self.name), lang)

    def typed_as(self) -> str:
        """How the value is typed: ``switch`` (on or off), ``mapping`` (``key=value`` pairs such as
        ``trickster=3`` or ``Aki=red``: a mapping default, or an explanation that shows an object),
        ``choice`` (one of ``choices``), ``player`` (a player's name, the game's default when not
        given) or ``text``."""
        if self.kind:
            return self.kind
        if isinstance(self.default, bool):
            return "switch"
        if isinstance(self.default, Mapping) or "{" in self.text_en:
            return "mapping"
        if self.choices:
            return "choice"
        return "player" if self.default is None else "text"

    def label(self, choice: Any, lang: str = "en") -> str:
        """A choice in table words: its label, else the words the explanation gives it in
        parentheses (``poker (Tricks and the Phantom Poker)``), else the choice itself."""
        for value, en, ja in self.labels:
            if value == choice and type(value) is type(choice):
                return in_languages((en, ja or en), lang)
        if isinstance(choice, bool):
            return in_languages(("on", "オン") if choice else ("off", "オフ"), lang)
        return _said(self.text(lang), str(choice)) or str(choice).replace("_", " ")


def _said(text: str, word: str) -> str:
    """What ``text`` says of ``word`` in the parentheses that follow it ("" if none), without a
    closing "default" (a form marks the default itself)."""
    for found in re.finditer(rf"(?<![\w]){re.escape(word)} ?[(（]", text):
        depth, end = 1, found.end()
        while end < len(text) and depth:
            depth += {"(": 1, "（": 1, ")": -1, "）": -1}.get(text[end], 0)
            end += 1
        if depth == 0:
            return re.sub(r"(, |、)(default|既定)$", "", text[found.end() : end - 1].strip())
    return ""
