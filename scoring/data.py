"""Where the shipped data files (card lists, decks, rules texts) are read from."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

_SOURCE_TREE = Path(__file__).resolve().parent.parent / "data"


def data_root() -> Traversable:
    """The ``data/`` folder: the source tree's when running from a checkout, else the installed one."""
    if (_SOURCE_TREE / "__init__.py").is_file():
        return _SOURCE_TREE
    return resources.files("companion_data")


def data_file(*parts: str) -> Traversable:
    node = data_root()
    for part in parts:
        node = node / part
    return node


@cache
def load_toml(*parts: str) -> dict:
    """A TOML data file, parsed once."""
    return tomllib.loads(data_file(*parts).read_text(encoding="utf-8"))


@cache
def load_text(*parts: str) -> str:
    return data_file(*parts).read_text(encoding="utf-8")


def text_in(game: str, name: str, lang: str) -> str:
    """A box's text ``<name>.<lang>.md`` (``rules.ja.md``), the English one for a language the box
    has none in (a translator adds a file, and no code); "" for a box without it."""
    for wanted in (f"{name}.{lang}.md", f"{name}.en.md"):
        if data_file(game, wanted).is_file():
            return load_text(game, wanted)
    return ""
