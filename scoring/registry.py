"""The games Companion knows: one line per game, and the one place that lists them.

>>> ids()
('trickster', 'kings', 'sheriff', 'phantom', 'louder')
>>> get("kings").names.en
'TRICKTAKERs KINGs'
>>> get("chess")
Traceback (most recent call last):
...
scoring.errors.RuleViolation: Unknown game 'chess'; known games: trickster, kings, sheriff, phantom, louder. \
[record-format]

A game is its package's ``GAME`` object (see :mod:`scoring.game`). Each package is imported the
first time its game is asked for, not when the registry is: the home screen paints before any
engine loads. A test or a plug-in adds a game with :func:`register`.
"""

from __future__ import annotations

import re
from importlib import import_module
from typing import TYPE_CHECKING

from scoring.box import box_names
from scoring.errors import RuleViolation
from scoring.words import Fact, spoken, words

if TYPE_CHECKING:
    from scoring.contract import Game

# id → the module whose GAME object is that game
BUILT_IN: dict[str, str] = {
    "trickster": "scoring.trickster.game",
    "kings": "scoring.kings.game",
    "sheriff": "scoring.sheriff.game",
    "phantom": "scoring.phantom.game",
    "louder": "scoring.louder.game",
}

words(
    "registry",
    {
        "unknown": "Unknown game {game!r}; known games: {known:, }.",
        # a rule that is no game's section, as a refusal names it
        "rule.record-format": "how entries are typed",
    },
)

_added: dict[str, Game] = {}
_loaded: dict[str, Game] = {}


def ids() -> tuple[str, ...]:
    """Every game's id, in the order menus list them (no game package is imported)."""
    return (*BUILT_IN, *(g for g in _added if g not in BUILT_IN))


def get(game: str) -> Game:
    """The game with this id; refuses an unknown one with the list of known games."""
    if game in _added:
        return _added[game]
    if game not in _loaded:
        if not isinstance(game, str) or game not in BUILT_IN:
            raise RuleViolation("record-format", Fact("registry.unknown", game=game, known=ids()))
        _loaded[game] = import_module(BUILT_IN[game]).GAME
    return _loaded[game]


def games() -> list[Game]:
    """Every game, in menu order."""
    return [get(g) for g in ids()]


def name(game: str, lang: str = "en", short: bool = False) -> str:
    """A game's name, or its id when no game has it (an old session of a game since removed). A
    built-in game not yet loaded is named from its box, without loading it (``companion --help``,
    the history)."""
    if game in BUILT_IN and game not in _added and game not in _loaded:
        return box_names(game).name(lang, short)
    try:
        return get(game).names.name(lang, short)
    except RuleViolation:
        return game


def named(word: str) -> str | None:
    """The game a table means by one word: its id, or a word of its name or short name in any
    language the games speak (``sheriff``, ``シェリフ``, ``怪人``, ``KINGs``, any case); None when
    the word names no game, or more than one.

    >>> named("シェリフ"), named("Phantom"), named("怪人"), named("kings"), named("Aki")
    ('sheriff', 'phantom', 'phantom', 'kings', None)
    """
    wanted = word.casefold()
    found = set()
    for game in ids():
        names = {name(game, lang, short) for lang in spoken() for short in (False, True)}
        said = {game} | names | {w for n in names for w in re.split(r"[\s:：]+", n) if len(w) > 2 or not w.isascii()}
        if wanted in {w.casefold() for w in said}:
            found.add(game)
    return found.pop() if len(found) == 1 else None


def register(game: Game) -> None:
    """Add a game (a test's toy game, a plug-in). Registering an id again replaces it."""
    _added[game.id] = game


def unregister(game_id: str) -> None:
    _added.pop(game_id, None)
