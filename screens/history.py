"""History: past sessions filtered by game and player, and per-player statistics; F3 opens a
player's page, the player picked from the list of players (the one the filter names typed in)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Footer, Header, Input, Static

from companion import clock
from companion.text import pad
from companion.words import N_
from companion.words.formats import join
from companion.wrapping import cells
from scoring.registry import name as game_name
from scoring.registry import named
from screens.picker import CardPicker
from screens.player import PlayerScreen
from screens.session import SessionScreen
from screens.widgets.page import Page
from screens.widgets.plain import PlainInput, plain, visible

if TYPE_CHECKING:
    from companion.club.stats import PlayerStats, VariantStats
    from companion.store.sessions import SessionInfo


# the table's columns, said in the player's language
COLUMNS = (N_("id"), N_("updated"), N_("game"), N_("state"), N_("entries"), N_("players"))
PAGE = 100  # sessions listed at a time; the next page comes when the cursor reaches the last
NAME_CELLS = 12  # a player's name in the statistics: what 80 columns leave beside the numbers


class HistoryScreen(Page):
    # the sessions take what the statistics leave; the statistics scroll past half the screen
    DEFAULT_CSS = """
    HistoryScreen #sessions { height: 1fr; min-height: 4; }
    HistoryScreen #stats-box { height: auto; max-height: 45%; }
    """
    BINDINGS = [
        Binding("f3", "player_page", "A player's page", id="history.player"),
        Binding("escape", "app.pop_screen", "Back", id="history.back"),
        Binding("ctrl+n", "notes", "Place and notes", id="history.notes"),
    ]
    # F3 leads to the list of players: the keys pressed after it are for the list (a name typed at once)
    SCREEN_CHANGING = (*Page.SCREEN_CHANGING, "player_page")
    game: str | None = None
    player: str | None = None
    listed = 0  # the sessions listed so far
    more = False  # whether the history holds more than are listed

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="title")
        yield PlainInput(id="filter")
        yield DataTable(id="sessions", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="stats-box"):
            yield Static("", id="stats")
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        self.relabel()
        await self.refresh_view()

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#title", Static).update(self.t("History"))
        self.query_one("#filter", Input).placeholder = self.t("Filter: a game's name and/or a player's; Enter to apply")
        table = self.query_one("#sessions", DataTable)
        table.clear(columns=True)
        table.add_columns(*(self.t(c) for c in COLUMNS))

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
        games = [named(w) for w in words]  # a game by its name in any language
        self.game = next((g for g in games if g), None)
        self.player = next((w for w, g in zip(words, games, strict=True) if not g), None)
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
                clock.minute(s.updated_at, self.app.lang, with_zone=False),  # this laptop's time
                game_name(s.game, self.app.lang, short=True),
                self.state_of(s),
                s.entries,
                plain(join(s.players, self.app.lang), one_line=True),
                key=str(s.id),
            )

    def state_of(self, s: SessionInfo) -> Text:
        """Who won a finished game (as stored with it), or that it is still running."""
        if not s.finished:
            return Text(self.t("unfinished"))
        if not s.winners:
            return Text(self.t("finished"))
        return plain(self.t("{names} won", names=join(s.winners, self.app.lang)), one_line=True)

    async def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The cursor on the last row listed brings the next page."""
        if event.cursor_row >= self.listed - 1 and self.more:
            with self.kept_open():
                await self.next_page()

    async def fill_stats(self) -> None:
        """Per game and variant a heading (its games and first and last day), then a line per
        player: played, wins and win rate, average, best and worst (by the game's direction)."""
        from companion.club.stats import by_variant  # here: the store's code loads behind the first screen

        with self.kept_open():
            lang = self.app.lang
            games = [self.game] if self.game else await self.app.db(self.app.sessions.games)
            lines = []
            for g in games:
                for v in await self.app.db(by_variant, self.app.sessions, g, lang):
                    lines.append(self.heading(v))
                    lines.extend(self.player_line(p) for p in v.players)
            stats = self.query_one("#stats", Static)
            shown = plain("\n".join(lines) or self.t("No finished games yet."))
            shown.no_wrap, shown.overflow = True, "ellipsis"  # a line never wraps: cut with … at the edge
            stats.update(shown)
            stats.remove_class("refused")

    def heading(self, v: VariantStats) -> str:
        """``Phantom (Poker): 12 games, 2026-01-04 to 2026-11-20``."""
        first, last = clock.day(v.first, self.app.lang), clock.day(v.last, self.app.lang)
        days = first if first == last else self.t("{first} to {last}", first=first, last=last)
        label = N_("{title}: {games} games, {days}") if v.games != 1 else N_("{title}: 1 game, {days}")
        return self.t(label, title=visible(v.title(self.app.lang), one_line=True), games=v.games, days=days)

    def player_line(self, p: PlayerStats) -> str:
        """One player's line: the name padded to 12 screen cells (a Japanese character takes two),
        a longer one cut with … only where the screen's width needs it."""
        numbers = self.t(
            "played {played}  wins {wins} ({rate}%)  average {average}  best {best}  worst {worst}",
            # numbers right-aligned in fixed widths, so the columns line up from player to player
            played=f"{p.played:>2}",
            wins=f"{p.wins:>2}",
            rate=f"{p.win_rate:>3.0f}",
            average=f"{p.average:>4}",
            best=f"{p.best:>2}",
            worst=f"{p.worst:>2}",
        )
        name = visible(p.player, one_line=True)
        room = self.app.size.width - 5 - cells(numbers)  # the indent, a space, a scroll bar's two
        return f"  {pad(name, max(NAME_CELLS, min(cells(name), room)))} {numbers}"

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        await self.refresh_view(event.value)

    async def action_notes(self) -> None:
        """ctrl+n: where the session under the cursor was played and the table's notes, to change."""
        from screens.notes import NotesScreen

        table = self.query_one("#sessions", DataTable)
        if not table.row_count:
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        with self.kept_open():
            if key is not None:
                info = await self.app.db(self.app.sessions.info, int(key))
                await self.app.push_screen(NotesScreen(info))

    async def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        await self.app.push_screen(SessionScreen(int(event.row_key.value)))

    async def action_player_page(self) -> None:
        """F3: the players, each person once (a merged name under the one it counts as), to pick
        one whose page to open; the player the filter names is typed in the list's filter."""
        from companion.store.players import names  # here: the store's code loads behind the first screen

        found: list[str] | None = None
        with self.kept_open():
            found = await self.app.db(names, self.app.sessions.store)
        if not found:  # no list comes: the keys held since F3 are for this screen after all
            release = getattr(self.app, "release_keys", None)
            if release is not None:
                release()
            if found is not None:  # (None: why is said in place of the statistics)
                self.notify(self.t("No players yet: their pages come with their first game."), markup=False)
            return

        def chosen(name: str | None) -> None:
            if name is not None:
                self.app.push_screen(PlayerScreen(name))

        title = self.t("Pick a player (type to narrow)")
        choices = [(name, "") for name in found]
        # the filter's player as typed, Enter pressed or not
        typed = next((w for w in self.query_one("#filter", Input).value.split() if not named(w)), "")
        await self.app.push_screen(CardPicker(choices, title, typed=typed), chosen)
