"""A club night in words, the same on every surface: the command line, the laptop's event screen,
the phones' page and the wall all say a round, a seat and how seats were drawn with these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.club.event_points import DRAW_WORDS
from companion.words import t, tn
from scoring.registry import name as game_name

if TYPE_CHECKING:  # the events load SQLAlchemy: a command that prints no event never does
    from companion.club.events import Event, Round


def heading(event: Event) -> str:
    """``Friday club — 2026-11-27 — Café Ten``: the name, the day and the place where known."""
    return " — ".join([event.name, *(x for x in (event.day, event.place) if x)])


def drawn_from(event: Event, lang: str) -> str:
    """``Seats: mix draw from seed 35.``"""
    return t("Seats: {how} draw from seed {seed}.", lang, how=t(DRAW_WORDS[event.draw], lang), seed=event.seed)


def without_seat(event: Event) -> list[str]:
    """The players here with no seat in the round being played and not sitting it out: arrived
    after the draw."""
    now = event.current
    if now is None:
        return []
    placed = {p for table in now.tables for p in table.players} | set(now.out)
    return [p for p in event.present if p not in placed]


def still_seated(event: Event, player: str) -> int | None:
    """The table of the round being played where a player who left still has a seat, if any."""
    now = event.current
    if now is None or now.finished:
        return None
    return next((table.table for table in now.tables if player in table.players), None)


def round_state(r: Round, lang: str) -> str:
    """``Round 2 (KINGs): being played``; ``not drawn yet``; ``finished``."""
    game = game_name(r.game, lang, short=True)
    if not r.drawn:
        return t("Round {round} ({game}): not drawn yet", lang, round=r.round, game=game)
    state = t("finished", lang) if r.finished else t("being played", lang)
    return t("Round {round} ({game}): {state}", lang, round=r.round, game=game, state=state)


def table_progress(entries: int, finished: bool, lang: str) -> str:
    """How far a table got: ``finished``, ``12 entries``."""
    return t("finished", lang) if finished else tn("{n} entry", "{n} entries", entries, lang)


def seats(event: Event, lang: str) -> list[tuple[str, str]]:
    """Where each player sits in the round being played, by name: ``("Aki", "table 3, seat 2")``;
    a player sitting out, so; a player here who has no seat (arrived after the draw), so."""
    now = event.current
    if now is None:
        return []
    found = []
    for table in now.tables:
        for k, player in enumerate(table.players, start=1):
            found.append((player, t("table {table}, seat {seat}", lang, table=table.table, seat=k)))
    found += [(player, t("sitting out", lang)) for player in now.out]
    found += [(player, t("no seat yet", lang)) for player in without_seat(event)]
    return sorted(found, key=lambda pair: pair[0].casefold())
