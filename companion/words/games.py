"""The games' catalogues' templates for translators: ``python -m companion.words.games`` (here, beside
Companion's own words, not in scoring/: the engines import nothing outside the standard library).

Every game registers its words in English (``scoring.words.words``); this writes them, one message
per key with the key as its context, to ``<locale>/<domain>.pot`` beside the game's translations
(``scoring/kings/locale/kings.pot``; the shared words' ``scoring/locale/scoring.pot``). ``make words``
then updates each language's ``.po`` from it with Babel and compiles the ``.mo`` a process reads.
A function entry has no words of its own (it builds them from other entries), so it is not listed.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from scoring.registry import games
from scoring.words import HERE, catalogues, domain, locale_of


def templates() -> dict[Path, Catalog]:
    """Each domain's template by its path: every string entry's English, its key as the context
    (the catalogues scoring's own modules register share ``scoring``'s)."""
    games()  # each game registers its words when its package loads
    found: dict[Path, Catalog] = {}
    for name, table in catalogues().items():
        folder = locale_of(name)
        if not folder.is_relative_to(HERE):
            continue  # a catalogue outside scoring/ (a test's toy game) keeps its own
        path = folder / f"{domain(name)}.pot"
        catalogue = found.setdefault(
            path, Catalog(project="Companion", copyright_holder="Companion's authors", domain=domain(name))
        )
        for key, english in table.items():
            if isinstance(english, str):
                catalogue.add(english, context=f"{name}.{key}" if name else key, flags=("python-brace-format",))
    return found


def messages(catalogue: Catalog) -> set[tuple[str | None, str]]:
    """A catalogue's messages as (context, English) pairs."""
    return {(m.context, m.id) for m in catalogue if m.id}


def write_templates() -> list[Path]:
    """Every domain's ``.pot`` whose messages changed, written (one that holds the same messages is
    left as it is, its date too); the paths written."""
    written = []
    for path, catalogue in templates().items():
        if path.is_file():
            with path.open("rb") as file:
                if messages(read_po(file)) == messages(catalogue):
                    continue
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            write_po(file, catalogue, width=100, sort_output=True)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_templates():
        print(path.relative_to(HERE.parent))
