"""Rules texts cut into sections with ids, in English and Japanese.

Each game ships ``data/<game>/rules.en.md`` and ``rules.ja.md``; a heading ending in ``{#id}``
starts a section. A refused event cites a section id, so a screen can show the exact rule.

>>> sec = section("trickster", "trickster.bust")
>>> sec.title
'Busting'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from scoring.data import load_text

_HEADING = re.compile(r"^##\s+(.*?)\s*\{#([\w.\-]+)\}\s*$")


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    body: str


# Games may add generated sections (e.g. one per hero) from their data files.
_EXTRA: dict[str, Callable[[str], list[Section]]] = {}


def register_extra(game: str, sections: Callable[[str], list[Section]]) -> None:
    _EXTRA[game] = sections


@cache
def sections(game: str, lang: str = "en") -> tuple[Section, ...]:
    text = load_text(game, f"rules.{lang}.md")
    found: list[Section] = []
    title = sid = None
    body: list[str] = []
    for line in text.splitlines():
        m = _HEADING.match(line)
        if m:
            if sid:
                found.append(Section(sid, title, "\n".join(body).strip()))
            title, sid, body = m.group(1), m.group(2), []
        elif sid:
            body.append(line)
    if sid:
        found.append(Section(sid, title, "\n".join(body).strip()))
    if game in _EXTRA:
        found.extend(_EXTRA[game](lang))
    return tuple(found)


def section(game: str, sid: str, lang: str = "en") -> Section:
    for sec in sections(game, lang):
        if sec.id == sid:
            return sec
    raise KeyError(sid)


def search(game: str, words: str, lang: str = "en") -> list[Section]:
    """Sections whose id, title or text contains every word (case-insensitive)."""
    terms = words.lower().split()
    return [s for s in sections(game, lang)
            if all(t in f"{s.id} {s.title} {s.body}".lower() for t in terms)]
