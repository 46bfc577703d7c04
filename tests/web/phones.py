"""A phone at the table that records: its seat's recorder page from the server (the app in this
process, or a real one over HTTP), read as a browser without script reads it (a tap is a form's
POST, then the page it is sent back to)."""

from __future__ import annotations

import re
import secrets
import urllib.parse
from dataclasses import dataclass
from html import unescape

from tests.web.client import App
from tests.web.served import Reply, Server, words


def revision_of(html: str) -> int:
    return int(re.search(r'<main id="live" data-revision="(\d+)"', html).group(1))


def said_on(html: str) -> str:
    """What became of the phone's last tap, as its page says it ('' when it says nothing)."""
    found = re.search(r'<p class="said[^"]*"[^>]*>(.*?)</p>', html, re.S)
    return words(found.group(1)) if found else ""


def beyond_choices(html: str) -> str:
    """A page without its choice buttons, which on LOUDER's empty line list every card a placement
    may be (the same whatever lies face down: ``tests/engines/test_louder_game.py`` compares them):
    what a card face down must not be read from."""
    typed_form = r'<form method="post" action="[^"]*/record" class="typed">'
    return re.sub(rf'<div class="choices">.*?(?={typed_form})', "", html, flags=re.S)


def buttons(html: str) -> list[str]:
    """The lines the page's choice buttons leave, in order (a tap or a link to the next choices)."""
    lines = []
    for form, link in re.findall(
        r'<form method="post" action="[^"]*/record" class="tap">(.*?)</form>|<a class="choice" href="([^"]+)"',
        html,
        re.S,
    ):
        if form:
            lines.append(unescape(re.search(r'name="line" value="([^"]*)"', form).group(1)))
        else:
            lines.append(urllib.parse.parse_qs(urllib.parse.urlsplit(unescape(link)).query)["line"][0])
    return lines


@dataclass
class Phone:
    server: App | Server
    path: str  #: the recorder link's path, /r/<token>
    lang: str = "en"

    def page(self, line: str = "", tap: str = "") -> Reply:
        query = urllib.parse.urlencode({k: v for k, v in (("line", line), ("tap", tap)) if v})
        return self.server.get(self.path + (f"?{query}" if query else ""), lang=self.lang)

    def post(self, what: str, fields: dict[str, str], origin: str | None = None) -> Reply:
        """A form's POST as the browser sends it from the page (``origin``: another site's), then
        the page it is sent back to."""
        headers = {
            "Origin": origin or self.server.base,
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept-Language": self.lang,
        }
        return self.server.post(self.path + "/" + what, fields, headers)

    def tap(self, line: str, revision: int | None = None, tap: str | None = None) -> Reply:
        """Tap ``line`` (a button's, or typed whole) at the revision the page shows (or ``revision``)."""
        if revision is None:
            revision = revision_of(self.page().text)
        return self.post("record", {"line": line, "revision": str(revision), "tap": tap or secrets.token_urlsafe(9)})

    def sent(self, line: str, revision: int) -> int:
        """Tap ``line`` at ``revision`` without reading the page after it (``App.sent``): its status."""
        headers = {"Origin": self.server.base, "Content-Type": "application/x-www-form-urlencoded"}
        fields = {"line": line, "revision": str(revision), "tap": secrets.token_urlsafe(9)}
        return self.server.sent(self.path + "/record", fields, headers)

    def undo(self, revision: int | None = None) -> Reply:
        if revision is None:
            revision = revision_of(self.page().text)
        return self.post("undo", {"revision": str(revision), "tap": secrets.token_urlsafe(9)})
