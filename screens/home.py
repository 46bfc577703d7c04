"""Home: new game, resume (unfinished sessions first), history, rules."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from companion.words.formats import join
from screens.widgets.page import Page
from screens.widgets.plain import plain

NIGHTS = 3  #: the newest club nights the menu offers to open


class HomeScreen(Page):
    KEYS_IN_TURN = True  # the keys after n (or r, h …) wait for the screen it opens (screens.turns)
    BINDINGS = [
        Binding("n", "new_game", "New game", id="home.new"),
        Binding("r", "resume", "Resume", id="home.resume"),
        Binding("h", "history", "History", id="home.history"),
        Binding("u", "rules", "Rules", id="home.rules"),
        Binding("s", "settings", "Settings", id="home.settings"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="title")
        yield Static("", id="status")
        yield OptionList(id="menu")
        yield Static(id="hint", classes="hint")
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        await self.refresh_view()

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#title", Static).update(self.t("Companion — the scorekeeper at your card table"))
        self.query_one("#hint", Static).update(
            self.t(
                "n new game · r resume · h history · u rules · s settings · ctrl+l 日本語 · ctrl+p commands · "
                "ctrl+q quit"
            )
        )

    def refuse(self, text: str) -> None:
        status = self.query_one("#status", Static)
        status.update(plain(text))
        status.add_class("refused")

    async def refresh_view(self) -> None:
        self.relabel()
        status = self.query_one("#status", Static)
        status.update(plain(self.app.store_error or ("" if self.app.sessions else self.t("Opening the database…"))))
        status.set_class(bool(self.app.store_error), "refused")
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        menu.add_option(Option(self.t("New game"), id="new"))
        if self.app.sessions:
            from scoring.registry import name as game_name  # loaded with the database, behind the first paint

            with self.kept_open():
                for info in await self.app.db(self.app.sessions.list):
                    if not info.finished:
                        menu.add_option(
                            Option(
                                plain(
                                    self.t(
                                        "Resume {id}: {game} — {players} ({entries} entries)",
                                        id=info.id,
                                        game=game_name(info.game, self.app.lang),
                                        players=join(info.players, self.app.lang),
                                        entries=info.entries,
                                    ),
                                    one_line=True,
                                ),
                                id=f"session-{info.id}",
                            )
                        )
            from companion.club.events import Events  # loaded with the database, behind the first paint

            with self.kept_open():
                for eid, _, name, day in (await self.app.db(Events(self.app.sessions).listed))[:NIGHTS]:
                    said = self.t("Club night {id}: {name}", id=eid, name=" ".join(x for x in (name, day) if x))
                    menu.add_option(Option(plain(said, one_line=True), id=f"event-{eid}"))
        menu.add_option(Option(self.t("History"), id="history"))
        menu.add_option(Option(self.t("Rules"), id="rules"))
        menu.add_option(Option(self.t("Settings"), id="settings"))
        menu.focus()

    async def database_tried(self) -> None:
        """The app has tried to open the database (called in this screen's turn, so never once it is
        gone): the status and the sessions to resume are shown if this screen is in front; a screen
        over it shows them when it closes (``on_screen_resume``)."""
        if self.is_current:
            await self.refresh_view()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        if key == "new":
            await self.action_new_game()
        elif key.startswith("session-"):
            await self.open_session(int(key.removeprefix("session-")))
        elif key.startswith("event-"):
            from screens.event import EventScreen  # loaded behind the home screen

            await self.app.push_screen(EventScreen(int(key.removeprefix("event-"))))
        elif key == "history":
            await self.action_history()
        elif key == "rules":
            self.action_rules()
        elif key == "settings":
            self.action_settings()

    async def open_session(self, sid: int) -> None:
        from screens.session import SessionScreen  # loaded behind the home screen (preload_screens)

        await self.app.push_screen(SessionScreen(sid))

    async def action_new_game(self) -> None:
        from screens.new_game import new_game_screen

        if await self.app.store_open():
            await self.app.push_screen(new_game_screen(self.app))

    async def action_resume(self) -> None:
        if not await self.app.store_open():
            return
        with self.kept_open():
            open_ones = [s for s in await self.app.db(self.app.sessions.list) if not s.finished]
            if open_ones:
                await self.open_session(open_ones[0].id)
            else:
                self.notify(self.t("No unfinished session."))

    async def action_history(self) -> None:
        from screens.history import HistoryScreen

        if await self.app.store_open():
            await self.app.push_screen(HistoryScreen())

    def action_settings(self) -> None:
        from screens.settings import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_rules(self) -> None:
        from screens.rules import RulesScreen

        self.app.push_screen(RulesScreen())

    async def on_screen_resume(self) -> None:
        await self.refresh_view()
