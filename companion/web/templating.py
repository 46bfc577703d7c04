"""The pages' templates and static files, both shipped inside the package: the HTML (and the chart's
SVG) is written by Jinja2 templates in ``companion/web/templates/``, the one style sheet and the one
script are files in ``companion/web/static/``, served by Companion itself (a table may have no
internet).

A template says its words through the catalogue (``companion.words``) with the ``t``, ``tn`` and
``tp`` it is given, bound to the page's language (``speech``): ``{{ t("Just now") }}``,
``{{ t("Played at {place}", place=location) }}``; ``make words`` extracts them from the templates
as it does from the code (``babel.cfg``).

Autoescaping is on for every template, SVG included, so anything a player typed reads as text; a
part already written by a template is ``Markup`` and goes into another as it is.

>>> str(render("rule.html", title="<b>Cards</b>", paragraphs=["A & B"]))
'<h1>&lt;b&gt;Cards&lt;/b&gt;</h1><p>A &amp; B</p>'
>>> str(render("log.html", lang="ja", element=False, lines=[]))
'<h2>ログ</h2>\\n<p class="dim">まだ記録はありません。</p>\\n'
>>> static("style.css").media_type, static("live.js").media_type
('text/css', 'text/javascript')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup
from starlette.templating import Jinja2Templates

from companion.words import t, tn, tp
from companion.words.formats import number

HERE = Path(__file__).resolve().parent
TEMPLATES = Jinja2Templates(
    env=jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,  # every template, whatever its name ends in (the chart is .svg)
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,  # a word or value missing from the context fails, never shows ""
    )
)

#: the static files, by name, and what each is served as
MEDIA_TYPES = {"style.css": "text/css", "live.js": "text/javascript"}


def speech(lang: str) -> dict[str, Any]:
    """What a template says its words with, in ``lang``: ``t(text, **values)``,
    ``tn(singular, plural, n, **values)`` and ``tp(context, text, **values)`` (``companion.words``'
    own, the language given), ``number(value)`` (a count as the language writes it,
    ``companion.words.formats``), and ``lang`` itself."""

    def said(text: str, /, **values: Any) -> str:
        return t(text, lang, **values)

    def said_n(singular: str, plural: str, n: int, /, **values: Any) -> str:
        return tn(singular, plural, n, lang, **values)

    def said_in(context: str, text: str, /, **values: Any) -> str:
        return tp(context, text, lang, **values)

    return {"t": said, "tn": said_n, "tp": said_in, "number": lambda value: number(value, lang), "lang": lang}


def render(name: str, lang: str | None = None, **context: Any) -> Markup:
    """Template ``name`` written with ``context``, saying its words in ``lang`` (``speech``): HTML
    that may go into another template as it is."""
    if lang is not None:
        context |= speech(lang)
    return Markup(TEMPLATES.get_template(name).render(context))


@dataclass(frozen=True)
class Static:
    """A static file as it is served: its bytes and media type."""

    body: bytes
    media_type: str


@cache
def static(name: str) -> Static:
    """The static file ``name`` (one of ``MEDIA_TYPES``), read once."""
    return Static((HERE / "static" / name).read_bytes(), MEDIA_TYPES[name])
