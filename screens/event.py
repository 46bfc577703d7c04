"""A club night's screen for the director at 80×24: the round being played, each table with how far
it got and who leads it, who is here without a seat and who sits out, the event's standings; the
keys to draw the next round, change seats, add a late arrival, close the round; Enter opens a
table as the table screen. It looks again every two seconds, so a table recorded on a phone or
another laptop shows as it goes.

It draws the one ``companion.club.events.Event`` the command line and the pages draw, in the same
words (``companion.club.event_text``).
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header, Input, Static

from companion.club.event_points import FORMULA, shown_points
from companion.club.event_text import drawn_from, heading, round_state, still_seated, table_progress, without_seat
from companion.club.events import Event, Events, Round
from companion.words import N_
from companion.words.formats import join
from screens.session import SessionScreen
from screens.widgets.page import Page
from screens.widgets.plain import PlainInput, plain

LOOK_AGAIN = 2.0  #: seconds between two looks at the event (a table recorded elsewhere shows)
TABLE_COLUMNS = (N_("table"), N_("players"), N_("progress"), N_("leads"))
STANDING_COLUMNS = (N_("rank"), N_("player"), N_("points"), N_("wins"))

#: what the line at the bottom asks for after each key, and the example it shows
ASKS = {
    "swap": N_("Change seats: two players (Aki Ben); Enter to do it, Esc to leave it"),
    "add": N_("A late arrival: their name, then a table to seat them at (Taro 2); Enter to add"),
    "drop": N_("Who leaves: their name; Enter"),
}


class EventScreen(Page):
    DEFAULT_CSS = """
    EventScreen #tables { height: auto; max-height: 9; }
    EventScreen #standings { height: 1fr; min-height: 3; }
    EventScreen #round, EventScreen #seated, EventScreen #formula, EventScreen #status { padding: 0 1; }
    EventScreen #formula { color: $text-muted; }
    EventScreen #ask { display: none; dock: bottom; }
    EventScreen #ask.asking { display: block; }
    """
    BINDINGS = [
        Binding("d", "draw", "Draw", id="event.draw"),
        Binding("m", "ask('swap')", "Swap", id="event.swap"),
        Binding("a", "ask('add')", "Add", id="event.add"),
        Binding("x", "ask('drop')", "Leaves", id="event.drop"),
        Binding("R", "redraw", "Redraw", id="event.redraw"),
        Binding("c", "close_round", "Close", id="event.close"),
        Binding("escape", "back", "Back", id="event.back"),
    ]

    def __init__(self, eid: int) -> None:
        super().__init__()
        self.eid = eid
        self.asking = ""
        self.closing = False  # c was pressed once: a second c closes the round
        self.event: Event | None = None

    @property
    def events(self) -> Events:
        return Events(self.app.sessions)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="title")
        yield Static(id="round")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static(id="seated")
        yield DataTable(id="standings", cursor_type="row", zebra_stripes=True)
        yield Static(id="formula")
        yield Static(id="status")
        yield PlainInput(id="ask")
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        self.relabel()
        await self.refresh_view()
        self.set_interval(LOOK_AGAIN, self.refresh_view)

    def relabel(self) -> None:
        super().relabel()
        table = self.query_one("#tables", DataTable)
        table.clear(columns=True)
        table.add_columns(*(self.t(c) for c in TABLE_COLUMNS))
        self.event = None  # the rows (and the standings' round columns) are written again in the new language

    def refuse(self, text: str) -> None:
        status = self.query_one("#status", Static)
        status.update(plain(text))
        status.add_class("refused")

    def said(self, text: str) -> None:
        status = self.query_one("#status", Static)
        status.update(plain(text))
        status.remove_class("refused")

    async def refresh_view(self) -> None:
        with self.kept_open():
            event = await self.app.db(self.events.event, self.eid)
            if self.event is not None and event.key == self.event.key:
                return  # nothing changed since the last look
            self.show(event)

    def show(self, event: Event) -> None:
        lang = self.app.lang
        self.event = event
        self.query_one("#title", Static).update(plain(f"{heading(event)} · {drawn_from(event, lang)}", one_line=True))
        now = event.current
        self.query_one("#round", Static).update(round_state(now, lang) if now else self.t("No round drawn yet."))
        tables = self.query_one("#tables", DataTable)
        cursor = tables.cursor_row
        tables.clear()
        for table in now.tables if now else ():
            first = [(p, total) for p, rank, total in table.scores if rank == 1]
            leads = f"{join([p for p, _ in first], lang)} {first[0][1]}" if first and table.entries else ""
            tables.add_row(
                table.table,
                plain(join(list(table.players), lang), one_line=True),
                table_progress(table.entries, table.finished, lang),
                plain(leads, one_line=True),
                key=str(table.session),
            )
        if tables.row_count:
            tables.move_cursor(row=min(cursor, tables.row_count - 1))
        parts = []
        if now is not None:
            without = without_seat(event)  # arrived after the draw
            if without:
                parts.append(self.t("Not at a table: {players}", players=join(without, lang)))
            if now.out:
                parts.append(self.t("Sitting out: {players}", players=join(list(now.out), lang)))
        self.query_one("#seated", Static).update(plain(" · ".join(parts) or " ", one_line=True))
        standings = self.query_one("#standings", DataTable)
        standings.clear(columns=True)
        rounds = [self.t("R{n}", n=r.round) for r in event.rounds]
        standings.add_columns(*(self.t(c) for c in STANDING_COLUMNS), *rounds)
        for s in event.standings:
            each = (shown_points(x) for x in s.rounds)
            standings.add_row(s.rank, plain(s.player, one_line=True), shown_points(s.points), s.wins, *each)
        self.query_one("#formula", Static).update(self.t(FORMULA))

    async def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "tables" and event.row_key.value is not None:
            await self.app.push_screen(SessionScreen(int(event.row_key.value)))

    async def changed(self, change: Callable[[int], Round], said: str) -> None:
        """Make one change to the event (``change(eid)``, the round it leaves): the status line says
        ``said`` of that round, or why the change was refused; the screen shows the event as it is."""
        with self.kept_open():
            done = await self.app.db(change, self.eid)
            self.said(self.t(said, round=done.round))
            await self.refresh_view()

    async def action_draw(self) -> None:
        self.closing = False
        await self.changed(self.events.draw, N_("Round {round} drawn."))

    async def action_redraw(self) -> None:
        self.closing = False
        await self.changed(self.events.redraw, N_("Round {round} drawn again."))

    async def action_close_round(self) -> None:
        """The first c asks, the second closes (it cannot be undone)."""
        now = self.event.current if self.event else None
        if not self.closing and now is not None and not now.finished:
            self.closing = True
            self.said(
                self.t("Press c again to close round {round}: the next round may then be drawn.", round=now.round)
            )
            return
        self.closing = False
        said = N_("Round {round} closed: a table that finishes later still counts; one that never does scores nothing.")
        await self.changed(self.events.close, said)

    def action_ask(self, what: str) -> None:
        self.closing = False
        self.asking = what
        ask = self.query_one("#ask", Input)
        ask.value = ""
        ask.placeholder = self.t(ASKS[what])
        ask.add_class("asking")
        ask.focus()

    def action_back(self) -> None:
        if self.asking:
            self.done_asking()
        else:
            self.app.pop_screen()

    def done_asking(self) -> None:
        self.asking = ""
        ask = self.query_one("#ask", Input)
        ask.remove_class("asking")
        self.query_one("#tables", DataTable).focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        words = event.value.split()
        what = self.asking
        with self.kept_open():
            if what == "swap" and len(words) == 2:
                await self.app.db(self.events.swap, self.eid, *words)
            elif what == "add" and words:
                table = int(words[-1]) if len(words) > 1 and words[-1].isdecimal() else None
                name = " ".join(words[:-1] if table is not None else words)
                await self.app.db(self.events.seat, self.eid, [name], (), table)  # all of it, or nothing
            elif what == "drop" and words:
                name = " ".join(words)
                await self.app.db(self.events.seat, self.eid, (), [name])
                event = await self.app.db(self.events.event, self.eid)
                table = still_seated(event, name)
                if table is not None:
                    self.said(
                        self.t(
                            "{name} still has a seat at table {table}: m swaps someone in, R draws the round again.",
                            name=name,
                            table=table,
                        )
                    )
                    self.done_asking()
                    await self.refresh_view()
                    return
            else:
                self.refuse(self.t(ASKS[what]))
                return
            self.said(self.t("Done."))
            self.done_asking()
            await self.refresh_view()
