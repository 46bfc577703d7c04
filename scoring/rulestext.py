r"""A rules text cut into sections with ids: ``## Title {#id}`` starts a section.

>>> [s.id for s in parse_sections("## Busting {#trickster.bust}\nNo card fits.\n")]
['trickster.bust']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_HEADING = re.compile(r"^##\s+(.*?)\s*\{#([\w.\-]+)\}\s*$")


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    body: str


def parse_sections(text: str) -> tuple[Section, ...]:
    """A rules text cut at its ``## Title {#id}`` headings."""
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
    return tuple(found)
