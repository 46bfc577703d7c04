"""A setting a new game may be given, as the new-game form offers it (a game's ``options``)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.words import Fact, Words, say, template, words

words(
    "option",
    {
        # a switch's two positions
        "on": "on",
        "off": "off",
        # what an explanation says of the default, in parentheses after a choice: "(Base game, default)"
        "default": "default",
    },
)


@dataclass(frozen=True)
class Option:
    """A setting a new game may be given: a header field (``deck``, ``variant``) or a house rule.

    ``house_rule`` options live under the header's ``settings``; the others are header fields.
    ``explained`` is what it does, in table words (a fact of the game's catalogue, or words from
    the box's data). ``kind`` says how the new-game form takes the value (see :meth:`typed_as`; left
    empty, it follows from the default). ``labels`` gives choices their table words, as ``(choice,
    words)``; ``called`` the option's own name in table words (else its key, ``name``, which a record
    and the form's advanced line take).

    >>> Option("seats", None, 'The seats: {"Aki": 1}.').typed_as()
    'mapping'
    >>> variant = Option("variant", "base", "Which game: base (Base game), poker (Poker (2 players)).",
    ...                  choices=("base", "poker", "west_coast"), house_rule=False)
    >>> variant.typed_as(), [variant.label(c) for c in variant.choices]
    ('choice', ['Base game', 'Poker (2 players)', 'west coast'])
    """

    name: str
    default: Any
    explained: Words
    choices: tuple[Any, ...] = ()
    house_rule: bool = True
    kind: str = ""
    labels: tuple[tuple[Any, Words], ...] = ()
    called: Words = ""
    #: the keys a ``key=value`` line takes where they are neither the players nor its default's
    #: (KINGs' ``copies``: the characters), by any unique start
    keys: tuple[str, ...] = ()
    #: two values such keys take, for the form's example (KINGs' ``backs``: ``0/50``, ``copy``)
    sample: tuple[str, ...] = ("2", "1")
    #: what the table's own cards print (KINGs' backs, LOUDER's deck): the new-game form keeps what
    #: the table typed for its next game, since the same box comes out again
    own: bool = False

    def text(self, lang: str = "en") -> str:
        """What the option does, in ``lang``."""
        return say(self.explained, lang)

    def title(self, lang: str = "en") -> str:
        """The option's name as the new-game form shows it (``デッキ``); its key where none is given."""
        return say(self.called, lang) or self.name

    def typed_as(self) -> str:
        """How the value is typed: ``switch`` (on or off), ``mapping`` (``key=value`` pairs such as
        ``trickster=3`` or ``Aki=red``: a mapping default, or an explanation that shows an object),
        ``choice`` (one of ``choices``), ``player`` (a player's name, the game's default when not
        given) or ``text``."""
        if self.kind:
            return self.kind
        if isinstance(self.default, bool):
            return "switch"
        if isinstance(self.default, Mapping) or "{" in self.text("en"):
            return "mapping"
        if self.choices:
            return "choice"
        return "player" if self.default is None else "text"

    def label(self, choice: Any, lang: str = "en") -> str:
        """A choice in table words: its label, else the words the explanation gives it in
        parentheses (``poker (Tricks and the Phantom Poker)``), else the choice itself."""
        for value, words_of_it in self.labels:
            if value == choice and type(value) is type(choice):
                return say(words_of_it, lang)
        if isinstance(choice, bool):
            return say(Fact("option.on" if choice else "option.off"), lang)
        return _said(self.text(lang), str(choice), lang) or str(choice).replace("_", " ")


def _bracket(ch: str) -> int:
    """1 for an opening parenthesis, -1 for a closing one, in any script's width ((, （), else 0."""
    return {"(": 1, ")": -1}.get(unicodedata.normalize("NFKC", ch), 0)


def _said(text: str, word: str, lang: str) -> str:
    """What ``text`` says of ``word`` in the parentheses that follow it ("" if none), without a
    closing "default" (a form marks the default itself: ", default" in the language's words)."""
    for found in re.finditer(rf"(?<![\w]){re.escape(word)} ?(\S)", text):
        if _bracket(found.group(1)) != 1:
            continue
        depth, end = 1, found.end()
        while end < len(text) and depth:
            depth += _bracket(text[end])
            end += 1
        if depth == 0:
            default = str(template("list.joint", lang)) + say(Fact("option.default"), lang)
            return text[found.end() : end - 1].strip().removesuffix(default)
    return ""
