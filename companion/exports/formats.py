"""Every export a session has, in one list: the command line (``companion export --format``), the
export screen (F6), the phone page's downloads and the docs all read it, so a new format is one
line here and a writer.

>>> [f.name for f in FORMATS]
['json', 'csv', 'md', 'bgstats', 'bgg']
>>> format_of("md").suffix, format_of("bgg").media_type
('.md', 'application/xml')
>>> [f.label for f in FORMATS if f.download]
['JSON', 'CSV', 'Markdown', 'BGG XML']
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

from companion.words.formats import Listed
from companion.words.refused import Refused

if TYPE_CHECKING:
    from companion.store.sessions import Sessions


@dataclass(frozen=True)
class Format:
    """One export: its name on the command line, its label on a button, how its file name ends,
    its media type for a download, its writer, and the key that shows it on the export screen (F6)."""

    name: str
    label: str
    suffix: str
    media_type: str
    #: the writer, ``module:function`` under ``companion.exports``, loaded when a session is written
    #: (the command line lists the formats without loading the database): the session ``sid`` as
    #: text, its words (if it has any) in ``lang``
    writer: str
    key: str
    #: the label where room is short (the export screen's footer keeps 80 columns)
    short: str = ""
    #: offered as a file to download from the phone's page (the BG Stats link is a link to open)
    download: bool = True

    def write(self, sessions: Sessions, sid: int, lang: str = "en") -> str:
        """The session ``sid`` in this format, as text."""
        module, function = self.writer.split(":")
        return getattr(import_module(f"companion.exports.{module}"), function)(sessions, sid, lang)

    @property
    def tab(self) -> str:
        """The label on the export screen: the short one where there is one."""
        return self.short or self.label


FORMATS: tuple[Format, ...] = (
    Format("json", "JSON", ".json", "application/json", "native:session_json", "j"),
    Format("csv", "CSV", ".csv", "text/csv", "spreadsheet:session_csv", "c"),
    Format("md", "Markdown", ".md", "text/markdown", "markdown:session_markdown", "m"),
    Format("bgstats", "BG Stats", "-bgstats.txt", "text/plain", "bgstats:bgstats_text", "b", download=False),
    Format("bgg", "BGG XML", "-bgg.xml", "application/xml", "bgg:bgg_xml", "g", short="BGG"),
)
NAMES = tuple(f.name for f in FORMATS)


def format_of(name: str) -> Format:
    """The export named ``name``; a name no export has is refused with the ones there are."""
    for f in FORMATS:
        if f.name == name:
            return f
    raise Refused(
        "record-format", "Unknown export format {name!r}; use one of {names}.", name=name, names=Listed(NAMES, "or")
    )


def export(sessions: Sessions, sid: int, fmt: str, lang: str = "en") -> str:
    """The session in the export named ``fmt``, as text; the Markdown in ``lang`` (its headings, the
    game's name, the score parts, the tie-breaks, the date). CSV heads its columns the same in
    every language; BG Stats and BGG read their own fields, in English."""
    return format_of(fmt).write(sessions, sid, lang)
