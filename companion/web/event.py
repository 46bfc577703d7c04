"""A club night's pages: the event's page for every phone, and its wall for a projector or a TV.

Both are drawn from the one ``companion.club.events.Event`` the command line and the laptop's
event screen draw, in the same words (the catalogue's, ``companion.club.event_points`` for the
points' formula), by the templates event.html and event_wall.html:

* where each player sits in the round being played, in large type ("Aki → table 3, seat 2");
* every table of that round with its game's live score, each linked to its own page (and, on the
  director's page, opened with the club's key, to its "record from your phone" page);
* the event's standings with each round's points, and how the points are worked out.

The wall shows the same, laid out for 1920×1080 at a distance: the seats and the standings beside
the tables, which turn a page at a time when there are more than fit (``live.js``; without the
script every page shows, one under another).
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup

from companion.club.event_points import FORMULA, shown_points
from companion.club.event_text import drawn_from, heading, round_state, seats, table_progress
from companion.club.events import Event
from companion.web.templating import render
from companion.words import t
from companion.words.formats import join

WALL_PAGE = 6  #: tables on one page of the wall
WALL_SEATS = 30  #: players' seats on one page of the wall (three columns of ten)
WALL_STANDINGS = 10  #: the standings' lines always on the wall; the rest turn with the pages, 30 a page


def event_part(
    event: Event,
    lang: str,
    table_href: Callable[[str], str],
    join_href: Callable[[str], str] | None = None,
    wall: bool = False,
    base: str = "",
) -> Markup:
    """The event's page part (event.html) or its wall's (event_wall.html), in ``lang``:
    ``table_href(uid)`` is a table's page, ``join_href(uid)`` its recorder page (the director's
    page only); ``base`` the event page's own address (its downloads are under it)."""
    now = event.current
    tables = now.tables if now is not None else ()
    pages = [tables[k : k + WALL_PAGE] for k in range(0, len(tables), WALL_PAGE)] or [()]
    found_seats = seats(event, lang)
    return render(
        "event_wall.html" if wall else "event.html",
        lang,
        event=event,
        heading=heading(event),
        drawn=drawn_from(event, lang),
        now=now,
        now_said=round_state(now, lang) if now is not None else t("No round drawn yet.", lang),
        rounds=[round_state(r, lang) for r in event.rounds],
        seats=found_seats,
        seat_pages=[found_seats[k : k + WALL_SEATS] for k in range(0, len(found_seats), WALL_SEATS)],
        top=event.standings[:WALL_STANDINGS],
        more_standings=[
            event.standings[k : k + WALL_SEATS] for k in range(WALL_STANDINGS, len(event.standings), WALL_SEATS)
        ],
        pages=pages,
        players=lambda table: join(list(table.players), lang),
        table_href=table_href,
        join_href=join_href,
        points=shown_points,
        progress=lambda table: table_progress(table.entries, table.finished, lang),
        formula=t(FORMULA, lang),
        round_numbers=[r.round for r in event.rounds],
        base=base,
        out=join(list(now.out), lang) if now is not None and now.out else "",
    )
