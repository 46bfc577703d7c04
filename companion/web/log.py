"""A session's log as its page shows it, said once per entry and sent to a phone a line at a time.

The log is the one part of a session's page that grows with the game, so it is not in the part the
page's script swaps on each change (``live_part``): the server keeps each session's log, said in
each language, with the entries its lines came from (``said_log`` says only the entries it has not
said yet), and a page that has the log as it was gets only the lines that are new (``SaidLog.since``:
the event ``log``). When an earlier line changed (an undo, an edit, a LOUDER TRICKSTAR card turned
face up), or what the page has is not known, the log goes whole.

Each line has a mark: a digest of it and of every line before it. The page keeps the mark of its
last line, and new lines name the mark of the line they follow, so a page adds lines to the very
log they follow, never to another one, nor twice (``static/live.js``).

>>> from scoring.registry import get
>>> sheriff = get("sheriff")
>>> start = sheriff.new({"players": ["Aki", "<b>Ben</b>", "Chie"]})
>>> deal = "deal joker=Aki Aki=mayor <b>Ben</b>=robber Chie=sheriff trump=spades"
>>> dealt = sheriff.apply(start, sheriff.parse(deal, start))
>>> played = sheriff.apply(dealt, sheriff.parse("Ks", dealt))
>>> empty = said_log(sheriff, start, "en")
>>> one = said_log(sheriff, dealt, "en", empty)
>>> two = said_log(sheriff, played, "en", one)
>>> two.lines[1], len(two), two.entries[0] is one.entries[0]
('Ks', 2, True)
>>> added = json.loads(two.since(one))
>>> added["at"], added["html"], added["after"] == one.mark != added["mark"] == two.mark
(1, '<li>Ks</li>', True)
>>> "&lt;b&gt;Ben&lt;/b&gt;=robber" in json.loads(two.since(None))["html"]
True
>>> two.since(two) is None, json.loads(one.since(two))["at"], json.loads(two.since(empty))["at"]
(True, 0, 0)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from operator import is_
from typing import Any

from markupsafe import Markup

from companion.web.templating import render
from scoring import contract
from scoring.game import Position
from scoring.words import say


def _mark(before: str, line: str) -> str:
    """The mark of ``line`` after a line marked ``before`` ("" before the first line)."""
    return hashlib.blake2b(f"{before}\n{line}".encode(), digest_size=8).hexdigest()


@dataclass(frozen=True)
class SaidLog:
    """A session's log in one language: each entry as the table saw it (``contract.seen``), said
    once (``lines``), and each line's mark (``marks[i]``: of ``lines[: i + 1]``)."""

    lang: str
    entries: tuple[Any, ...] = ()
    lines: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()
    _sent: dict[tuple[int, str], str | None] = field(default_factory=dict, compare=False, repr=False)

    def __len__(self) -> int:
        return len(self.lines)

    @property
    def mark(self) -> str:
        """The mark of the last line ("": no line yet)."""
        return self.marks[-1] if self.marks else ""

    def section(self) -> Markup:
        """The log's element as the page's first paint shows it, whole."""
        return self._render(element=True)

    def since(self, had: SaidLog | None) -> str | None:
        """The event ``log`` that brings a page whose log is ``had`` (None: not known) to this one,
        as JSON: ``at``, the index its lines start at, and ``html``, the lines to add after the line
        marked ``after``; or, at 0, what the log's element holds, whole. None: the page has this log.
        Written once for every page that had the same log."""
        key = (len(had), had.mark) if had is not None else (-1, "")
        if key not in self._sent:
            self._sent[key] = self._since(had)
        return self._sent[key]

    def _since(self, had: SaidLog | None) -> str | None:
        n = len(had) if had is not None else 0
        if had is not None and n == len(self) and had.mark == self.mark:
            return None
        if n == 0 or n > len(self) or self.marks[n - 1] != had.mark:
            said = {"at": 0, "mark": self.mark, "html": str(self._render(element=False))}
        else:
            html = str(render("log_lines.html", lines=self.lines[n:]))
            said = {"at": n, "after": had.mark, "mark": self.mark, "html": html}
        return json.dumps(said, ensure_ascii=False)

    def _render(self, element: bool) -> Markup:
        return render("log.html", self.lang, lines=self.lines, mark=self.mark, element=element)


def said_log(game: Any, position: Position, lang: str, kept: SaidLog | None = None) -> SaidLog:
    """The log of ``position`` in ``lang``: the lines of ``kept`` (the same session's log, said
    before) as far as their entries are still the ones the table saw, and only the entries after
    them said anew."""
    seen = contract.seen(game, position)
    if kept is None or kept.lang != lang:
        kept = SaidLog(lang)
    old = kept.entries
    if len(old) <= len(seen) and all(map(is_, old, seen)):  # entries were added (the quick look)
        n = len(old)
    else:  # the lines still the table's, up to the first entry it sees otherwise now
        n, limit = 0, min(len(old), len(seen))
        while n < limit and _same(old[n], seen[n]):
            n += 1
    lines = list(kept.lines[:n])
    marks = list(kept.marks[:n])
    for entry in seen[n:]:
        lines.append(say(game.shown(entry), lang))
        marks.append(_mark(marks[-1] if marks else "", lines[-1]))
    return SaidLog(lang, (*old[:n], *seen[n:]), tuple(lines), tuple(marks))


def _same(kept: Any, seen: Any) -> bool:
    return kept is seen or kept == seen
