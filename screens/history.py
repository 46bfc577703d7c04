"""History: past sessions filtered by game and player, and per-player statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header, Input, Static

from scoring.registry import ids
from scoring.registry import name as game_name
from screens.page import Page
from screens.plain import PlainInput, plain, visible
from screens.session import SessionScreen

if TYPE_CHECKING:
    from companion.sessions import SessionInfo


PAGE = 100  # sessions listed at a time; the next page comes when the cursor reaches the last


class HistoryScreen(Page):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="history.back")]
    game: str | None = None
    player: str | None = None
    listed = 0  # the sessions listed so far
    more = False  # whether the history holds more than are listed

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="title")
        yield PlainInput(id="filter")
        yield DataTable(id="sessions", cursor_type="row", zebra_stripes=True)
        yield Static("", id="stats")
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        self.relabel()
        await self.refresh_view()

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#title", Static).update(self.t("History"))
        self.query_one("#filter", Input).placeholder = self.t(
            "Filter: a game (sheriff) and/or a player's name; Enter to apply"
        )
        table = self.query_one("#sessions", DataTable)
        table.clear(columns=True)
        table.add_columns(*(self.t(c) for c in ("id", "updated", "game", "state", "entries", "players")))

    def refuse(self, text: str) -> None:
        stats = self.query_one("#stats", Static)
        stats.update(plain(text))
        stats.add_class("refused")

    async def refresh_view(self, text: str | None = None) -> None:
        with self.kept_open():
            await self.fill(text)

    async def fill(self, text: str | None) -> None:
        """The first page of the sessions the filter names; the statistics follow in a worker."""
        filter_box = self.query_one("#filter", Input)
        words = (filter_box.value if text is None else text).split()
        games = ids()
        self.game = next((w for w in words if w in games), None)
        self.player = next((w for w in words if w not in games), None)
        self.listed = 0
        self.more = True
        self.query_one("#sessions", DataTable).clear()
        await self.next_page()
        self.run_worker(self.fill_stats(), group="stats", exclusive=True)

    async def next_page(self) -> None:
        """The next page of sessions, added under those listed (the history is never read whole)."""
        if not self.more:
            return
        rows = await self.app.db(self.app.sessions.list, self.game, self.player, PAGE, self.listed)
        self.more = len(rows) == PAGE
        self.listed += len(rows)
        table = self.query_one("#sessions", DataTable)
        for s in rows:
            table.add_row(
                s.id,
                f"{s.updated_at:%Y-%m-%d %H:%M}",
                game_name(s.game, self.app.lang, short=True),
                self.state_of(s),
                s.entries,
                plain(", ".join(s.players), one_line=True),
                key=str(s.id),
            )

    def state_of(self, s: SessionInfo) -> Text:
        """Who won a finished game (as stored with it), or that it is still running."""
        if not s.finished:
            return Text(self.t("unfinished"))
        if not s.winners:
            return Text(self.t("finished"))
        return plain(self.t("{names} won", names=", ".join(s.winners)), one_line=True)

    async def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The cursor on the last row listed brings the next page."""
        if event.cursor_row >= self.listed - 1 and self.more:
            with self.kept_open():
                await self.next_page()

    async def fill_stats(self) -> None:
        with self.kept_open():
            games = [self.game] if self.game else await self.app.db(self.app.sessions.games)
            stats_lines = []
            for g in games:
                for st in await self.app.db(self.app.sessions.stats, g):
                    who = visible(st.player, one_line=True)
                    stats_lines.append(
                        f"{game_name(g, self.app.lang, short=True):<9} {who:<10} "
                        + self.t(
                            "played {played}  wins {wins}  average {average}  best {best}  worst {worst}",
                            played=st.played,
                            wins=st.wins,
                            average=st.average,
                            best=st.best,
                            worst=st.worst,
                        )
                    )
            stats = self.query_one("#stats", Static)
            stats.update(plain("\n".join(stats_lines) or self.t("No finished games yet.")))
            stats.remove_class("refused")

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        await self.refresh_view(event.value)

    async def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        await self.app.push_screen(SessionScreen(int(event.row_key.value)))
