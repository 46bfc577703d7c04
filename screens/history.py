"""History: past sessions filtered by game and player, and per-player statistics."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header, Input, Static

from scoring.registry import ids
from scoring.registry import name as game_name
from screens.page import Page
from screens.plain import PlainInput, plain, visible
from screens.session import SessionScreen


class HistoryScreen(Page):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="history.back")]

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
        filter_box = self.query_one("#filter", Input)
        words = (filter_box.value if text is None else text).split()
        games = ids()
        game = next((w for w in words if w in games), None)
        player = next((w for w in words if w not in games), None)
        rows = await self.app.db(self.app.sessions.list, game, player)
        table = self.query_one("#sessions", DataTable)
        table.clear()
        for s in rows:
            table.add_row(
                s.id,
                f"{s.updated_at:%Y-%m-%d %H:%M}",
                game_name(s.game, self.app.lang, short=True),
                self.t("finished") if s.finished else self.t("unfinished"),
                s.entries,
                plain(", ".join(s.players), one_line=True),
                key=str(s.id),
            )
        stats_lines = []
        for g in [game] if game else sorted({s.game for s in rows}):
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
