"""App settings: the language, the key bindings, how a game's variants are rated and the last game
started (the new-game form opens on it), in the user's config folder.

``COMPANION_CONFIG`` names another file (tests use it). The file is written whole or not at all
(``companion.store.files``), so a crash while it is saved leaves the settings before. A damaged file (cut
short, not JSON, not settings) is never used in silence: Companion starts with the default
language and keys, keeps the damaged file aside as ``settings.json.damaged`` (beside it, nothing
lost), and says so once — the app as a notification on the home screen, ``companion backup`` on
standard error. A file that cannot be read at all (no permission, a folder) is left where it is
and said the same way.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from platformdirs import user_config_path

from companion.store.files import destination, why, write_whole
from companion.words import N_, languages, t

# How the ratings (companion.club.ratings) take a game's variants: "together" (the default: one rating per
# player per game, as a club asks who is the strongest Trickster player) or "apart" (one per variant:
# a Strategy deck game and an Introductory one each move only their own rating).
RATE_VARIANTS = ("together", "apart")


def config_path() -> Path:
    if os.environ.get("COMPANION_CONFIG"):
        return Path(os.environ["COMPANION_CONFIG"])
    return user_config_path("companion", appauthor=False) / "settings.json"


@dataclass(frozen=True)
class SettingsProblem:
    """Why the saved settings were not used: the file, the reason (said in a language), and where
    the damaged file was kept (None when it was left where it is)."""

    path: Path
    why: Callable[[str], str]
    kept: Path | None = None
    unreadable: bool = False  # the file could not be read at all (not damaged: left as it is)

    def message(self, lang: str = "en") -> str:
        if self.unreadable:
            return t(
                "The settings file {path} cannot be read ({why}); Companion starts with the default language and keys.",
                lang,
                path=self.path,
                why=self.why(lang),
            )
        kept = (
            t("The damaged file is kept as {kept}.", lang, kept=self.kept)
            if self.kept
            else t("The damaged file could not be moved aside and is left where it is.", lang)
        )
        return t(
            "The settings file {path} is damaged ({why}); Companion starts with the default language and keys. {kept}",
            lang,
            path=self.path,
            why=self.why(lang),
            kept=kept,
        )


class _Damaged(ValueError):
    """Why a settings file holds no settings: a message of the catalogue and its values."""

    def __init__(self, message: str, /, **values: object) -> None:
        super().__init__(message)
        self.text, self.values = message, values

    def say(self, lang: str) -> str:
        return t(self.text, lang, **self.values)


def _settings(raw: bytes) -> tuple[str, dict[str, str], str, str, dict[str, dict[str, str]]]:
    """The language, key map, how variants are rated (an older file without it: together), the
    last game started (none: "") and the lines of the table's own cards kept for each game that a
    settings file holds, or ``_Damaged`` saying why it holds none. A last game that is not a
    game's id is none: the new-game form opens on the first game."""
    if not raw.strip():
        raise _Damaged(N_("it is empty"))
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise _Damaged(N_("it is not text")) from None
    except json.JSONDecodeError as err:
        raise _Damaged(
            N_("it is cut short or not JSON: line {line}, column {column}"), line=err.lineno, column=err.colno
        ) from None
    if not isinstance(data, dict):
        raise _Damaged(N_("it is not a JSON object"))
    language = data.get("language", "en")
    if language not in languages():
        raise _Damaged(
            N_("its language {language!r} is not one of {known}"), language=language, known=", ".join(languages())
        )
    keymap = data.get("keymap", {})
    if not isinstance(keymap, dict) or not all(isinstance(v, str) for v in keymap.values()):
        raise _Damaged(N_("its keymap is not binding ids with their keys"))
    rate_variants = data.get("rate_variants", "together")
    if rate_variants not in RATE_VARIANTS:
        raise _Damaged(
            N_("its rate_variants {rate_variants!r} is neither together nor apart"), rate_variants=rate_variants
        )
    last_game = data.get("last_game", "")
    return (
        language,
        {str(k): v for k, v in keymap.items()},
        rate_variants,
        last_game if isinstance(last_game, str) else "",
        own_cards_of(data.get("own_cards")),
    )


def own_cards_of(value: object) -> dict[str, dict[str, str]]:
    """The lines of the table's own cards kept for each game (``{"kings": {"backs": "Hermit=1/40"}}``);
    anything else in their place is left out: they are a convenience, typed again at worst.

    >>> own_cards_of({"kings": {"backs": "Hermit=1/40", "copies": 3}, "louder": "deck"})
    {'kings': {'backs': 'Hermit=1/40'}}
    """
    if not isinstance(value, dict):
        return {}
    kept = {
        str(game): {str(k): v for k, v in lines.items() if isinstance(v, str)}
        for game, lines in value.items()
        if isinstance(lines, dict)
    }
    return {game: lines for game, lines in kept.items() if lines}


def _set_aside(path: Path) -> Path:
    """Move the damaged file out of the way, beside itself (``settings.json.damaged``, or
    ``.damaged.2`` … when an earlier one is kept there): nothing in it is lost."""
    aside = path.with_name(path.name + ".damaged")
    n = 1
    while aside.exists() or aside.is_symlink():
        n += 1
        aside = path.with_name(f"{path.name}.damaged.{n}")
    os.rename(path, aside)
    return aside


@dataclass
class AppSettings:
    language: str = "en"
    keymap: dict[str, str] = field(default_factory=dict)  # binding id -> keys, e.g. {"session.undo": "ctrl+u"}
    rate_variants: str = "together"  # or "apart" (RATE_VARIANTS)
    last_game: str = ""  # the game of the last new game started: the new-game form opens on it
    #: the lines of each game's options that hold the table's own cards (``Option.own``), as typed
    #: at the last game started: the new-game form starts from them
    own_cards: dict[str, dict[str, str]] = field(default_factory=dict)
    # why the saved settings were not used, to be said once; None when they were (or none were saved)
    problem: SettingsProblem | None = field(default=None, compare=False)

    @staticmethod
    def load() -> AppSettings:
        """The saved settings; the defaults when none were saved, and the defaults with ``problem``
        when the file is damaged (then moved aside: ``_set_aside``) or cannot be read. A symbolic
        link is read, and a damaged file moved aside, at the file it names."""
        path = config_path()
        try:
            target = destination(path)  # a folder or a named pipe is not read (a pipe would wait)
            raw = target.read_bytes()
        except FileNotFoundError:
            return AppSettings()
        except OSError as err:
            return AppSettings(problem=SettingsProblem(path, partial(why, err), unreadable=True))
        try:
            language, keymap, rate_variants, last_game, own_cards = _settings(raw)
        except _Damaged as damaged:
            try:
                kept = _set_aside(target)
            except OSError:
                kept = None
            return AppSettings(problem=SettingsProblem(path, damaged.say, kept))
        return AppSettings(
            language=language, keymap=keymap, rate_variants=rate_variants, last_game=last_game, own_cards=own_cards
        )

    @property
    def rates_apart(self) -> bool:
        """Whether the club rates a game's variants apart: the one reading of ``rate_variants`` for
        the command line, the screens and the pages.

        >>> AppSettings().rates_apart, AppSettings(rate_variants="apart").rates_apart
        (False, True)
        """
        return self.rate_variants == "apart"

    def save(self) -> None:
        """Written whole or not at all: an ``OSError`` says why not, and the file before stays."""
        path = config_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, json.dumps(self.as_json(), indent=1))

    def as_json(self) -> dict:
        """The settings as the file keeps them; ``rate_variants`` and ``last_game`` only when they
        are not the default, so a file saved before they existed reads the same."""
        saved: dict = {"language": self.language, "keymap": self.keymap}
        if self.rate_variants != "together":
            saved["rate_variants"] = self.rate_variants
        if self.last_game:
            saved["last_game"] = self.last_game
        if self.own_cards:
            saved["own_cards"] = self.own_cards
        return saved
