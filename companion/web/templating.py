"""The pages' templates and static files, both shipped inside the package: the HTML (and the chart's
SVG) is written by Jinja2 templates in ``companion/web/templates/``, the one style sheet and the one
script are files in ``companion/web/static/``, served by Companion itself (a table may have no
internet).

Autoescaping is on for every template, SVG included, so anything a player typed reads as text; a
part already written by a template is ``Markup`` and goes into another as it is.

>>> str(render("rule.html", title="<b>Cards</b>", rule="sheriff.cards", paragraphs=["A & B"]))
'<h1>&lt;b&gt;Cards&lt;/b&gt;</h1><p class="dim">[sheriff.cards]</p><p>A &amp; B</p>'
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


def render(name: str, **context: Any) -> Markup:
    """Template ``name`` written with ``context``: HTML that may go into another template as it is."""
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
