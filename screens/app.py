"""The Textual app: ``companion`` with no command, or ``make run``."""

from __future__ import annotations

import asyncio
import gc
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.message import Message

from companion.store.files import why
from companion.store.settings import AppSettings, config_path
from companion.words import N_, languages, t
from screens.home import HomeScreen
from screens.turns import KeysInTurn


class ScreenActions(Provider):
    """The command palette offers the actions of the current screen, in the players' language,
    with the keys that run them now (remapped keys included)."""

    def _actions(self) -> list[tuple[str, Callable[[], Any], str]]:
        screen = self.screen  # the screen the palette was opened on (the palette is a screen itself)
        lang = self.app.lang
        found = []
        seen = set()
        for binding in [*screen.BINDINGS, *self.app.BINDINGS]:
            if not isinstance(binding, Binding) or not binding.description or binding.action in seen:
                continue
            seen.add(binding.action)
            keys = [k for k, a in screen.active_bindings.items() if a.binding.action == binding.action]
            key = self.app.get_key_display(screen.active_bindings[keys[0]].binding) if keys else binding.key
            name = t(binding.description, lang)
            found.append((name, partial(self.app.run_action, binding.action, screen), t("key: {key}", lang, key=key)))
        return found

    async def discover(self) -> Hits:
        for name, run, help_text in self._actions():
            yield DiscoveryHit(name, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, run, help_text in self._actions():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), run, help=help_text)


def preload_screens() -> None:
    """Load the screens a player opens from the home screen, behind it: the process paints the home
    screen having loaded only what it draws, and the first session still opens at once."""
    import screens.history
    import screens.new_game
    import screens.rules
    import screens.session
    import screens.settings  # noqa: F401


# Textual's commands left out of the palette: what they open says Textual's own English
TEXTUAL_ONLY = frozenset({"Keys", "Theme", "Screenshot"})


class CompanionApp(KeysInTurn):
    TITLE = "Companion"
    CSS_PATH = "app.tcss"
    COMMANDS = App.COMMANDS | {ScreenActions}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, id="app.quit"),  # on the home screen; the table needs room
        Binding("ctrl+l", "toggle_language", "日本語/English", show=False, id="app.language"),
    ]

    HOLD_AT_MOST = 3.0  # seconds keys wait for a screen that never says it is ready

    # Textual's own commands in the palette (ctrl+p), said in the table's language
    SYSTEM_WORDS = (
        N_("Bell"),
        N_("Ring the bell"),
        N_("Quit"),
        N_("Quit the application as soon as possible"),
        N_("Minimize"),
        N_("Minimize the widget and restore to normal size"),
        N_("Maximize"),
        N_("Maximize the focused widget"),
    )

    def get_system_commands(self, screen: Any) -> Any:
        """Textual's own commands, their titles and help in the table's language; not those whose
        panels and notices speak only Textual's English (its widgets' keys, its themes by id, its
        screenshot notice): F1 and the settings list every key in the table's language."""
        for command in super().get_system_commands(screen):
            if command.title in TEXTUAL_ONLY:
                continue
            yield SystemCommand(
                t(command.title, self.lang), t(command.help, self.lang), command.callback, command.discover
            )

    def action_command_palette(self) -> None:
        """ctrl+p: the command palette, its search line in the table's language."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(placeholder=t("Search for commands…", self.lang), id="--command-palette"))

    def __init__(self, db: str | None = None, lang: str | None = None) -> None:
        super().__init__()
        self.db_url = db
        self.settings = AppSettings.load()
        self.lang = lang or self.settings.language
        self.sessions = None  # companion.store.sessions.Sessions, once the database is open
        self.store_error: str | None = None
        self.store_tried = asyncio.Event()  # set once opening the database succeeded or failed
        self.open_now = asyncio.Event()  # set once the database may open: the home screen is painted, or a key needs it
        self.serving = None  # companion.web.background.Background, once a table is shown on phones (F8)
        self.watching = None  # companion.web.watch.Watching, once a table is open (``watch_tables``)
        self.held: deque[events.Key] = deque()  # keys pressed while a screen changes, in order
        self.holding = False
        self._hold_timer = None

    # keys in the order pressed, from one screen to the next -------------------------------------
    class KeysFree(Message):
        """The screen the held keys are for is ready: they go on, in order."""

    async def on_event(self, event: events.Event) -> None:
        """A key that changes the screen (F7 the log, Esc back, Enter on an entry of it) holds the
        keys pressed after it until the screen it leads to is ready (``release_keys``): every key
        then reaches the screen it was pressed for, in order (F7 ↑ ↑ Enter at once reads the log,
        never the entry line below it)."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            if self.holding or self.held:
                self.held.append(event)
                return
            self._hold_after(event)
        await super().on_event(event)

    def _hold_after(self, key: events.Key) -> None:
        holds = getattr(self.screen, "holds_keys", None)
        if holds is not None and holds(key.key):
            self.holding = True
            self._hold_timer = self.set_timer(self.HOLD_AT_MOST, self.release_keys)

    def release_keys(self) -> None:
        """The screen in front is ready for the keys held since the last screen-changing key."""
        if self.holding:
            self.holding = False
            if self._hold_timer is not None:
                self._hold_timer.stop()
                self._hold_timer = None
            self.post_message(self.KeysFree())

    async def on_companion_app_keys_free(self, _: KeysFree) -> None:
        while self.held and not self.holding:
            key = self.held.popleft()
            self._hold_after(key)
            await super().on_event(key)

    def keyed_screens(self) -> list[type]:
        """Every screen with keys a player may remap, for the settings screen's list."""
        # here, not at the top: only the home screen loads before the first paint
        from screens.export import ExportScreen
        from screens.help import HelpScreen
        from screens.history import HistoryScreen
        from screens.new_game import NewGameScreen
        from screens.notes import NotesScreen
        from screens.phones import PhonesScreen
        from screens.picker import CardPicker
        from screens.player import PlayerScreen
        from screens.rules import RulesScreen
        from screens.scoreboard import ScoreboardScreen
        from screens.session import SessionScreen
        from screens.settings import SettingsScreen

        return [
            HomeScreen,
            NewGameScreen,
            SessionScreen,
            HelpScreen,
            CardPicker,
            ScoreboardScreen,
            HistoryScreen,
            PlayerScreen,
            RulesScreen,
            ExportScreen,
            PhonesScreen,
            NotesScreen,
            SettingsScreen,
        ]

    async def on_mount(self) -> None:
        if self.settings.keymap:
            self.set_keymap(self.settings.keymap)
        home = HomeScreen()
        await self.push_screen(home)  # the home screen paints first; the database opens behind it
        if self.settings.problem is not None:  # said once, on the home screen: never used in silence
            self.notify(self.settings.problem.message(self.lang), severity="warning", timeout=30, markup=False)
        # the database opens once the home screen is on the terminal (loading SQLAlchemy before that
        # would hold its first paint back by a quarter of a second: the import runs Python code, which
        # the drawing waits for), at once when a key needs it sooner (``store_open``), and in any case
        # within half a second (a screen taken off before it was ever painted never calls back)
        self.call_after_refresh(self.open_now.set)
        self.set_timer(0.5, self.open_now.set)
        self.run_worker(self._open_store(home), name="open-store", exclusive=True)

    async def _open_store(self, home) -> None:
        await self.open_now.wait()

        def open_store() -> tuple[Any, str | None]:  # SQLAlchemy loads here, in a thread, after the first paint
            from companion.store.database import Store, StoreError
            from companion.store.sessions import Sessions
            from scoring.registry import games  # the boxes' data (TOML) read here, not before the first paint

            try:
                sessions = Sessions(Store(self.db_url))
            except StoreError as err:
                return None, err.message(self.lang)
            games()  # the games' packages too (the new-game screen's options): loaded here, not on n
            preload_screens()
            return sessions, None

        try:
            self.sessions, self.store_error = await asyncio.to_thread(open_store)
        except Exception as err:  # a data folder that cannot be made, a driver that is missing …
            self.store_error = f"Cannot open the database: {type(err).__name__}: {err}"
        self.store_tried.set()
        # everything made so far (the modules, the engines, the database's tables, the home screen)
        # lives as long as the app: frozen out of the garbage collector's full passes, which
        # otherwise walk it all again every so often and stall a key for a fifth of a second
        gc.freeze()
        # the home screen shows what was found in its own turn, never from here: by now it may be
        # gone (the app closed right after it mounted) or behind another screen
        home.call_later(home.database_tried)

    async def on_unmount(self) -> None:
        """The server that showed the tables on phones ends with the app, and frees its port; so
        does the watch on the database."""
        if self.watching is not None:
            await asyncio.to_thread(self.watching.stop)
        if self.serving is not None:
            await asyncio.to_thread(self.serving.stop)

    # tables changed elsewhere -------------------------------------------------------------------
    class TablesChanged(Message):
        """Sessions changed in the database, by this app or elsewhere: each one's id and its
        revision now (None: deleted), as ``companion.web.watch`` hands them on."""

        def __init__(self, changed: dict[int, int | None]) -> None:
            super().__init__()
            self.changed = changed

    def watch_tables(self) -> None:
        """Watch the database for entries made elsewhere (a phone, ``companion record`` in another
        terminal, another laptop): started once, when the first table opens, never at start (the
        home screen paints first), and stopped when the app ends. Each change reaches every screen
        open with a ``heard`` method, on the app's own loop."""
        if self.watching is not None or self.sessions is None:
            return
        from companion.web.watch import watch

        # the one watcher of this database in the process: F8's server listens to it too
        self.watching = watch(self.sessions.store, lambda changed: self.post_message(self.TablesChanged(changed)))

    def on_companion_app_tables_changed(self, message: TablesChanged) -> None:
        for screen in self.screen_stack:
            heard = getattr(screen, "heard", None)
            if heard is not None:
                heard(message.changed)

    async def store_open(self) -> bool:
        """Whether the database is open, once opening it has been tried: a key pressed while it
        opens (n for a new game) waits for it instead of being lost, and the keys after it follow."""
        self.open_now.set()  # a key waits for it: no later than now (the home screen may not be painted yet)
        await self.store_tried.wait()
        return self.sessions is not None

    async def db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a database call off the event loop, so the table never waits on the screen."""
        return await asyncio.to_thread(fn, *args)

    async def action_toggle_language(self) -> None:
        """The next language with a catalogue (English, Japanese, then English again)."""
        spoken = languages()
        await self.set_language(spoken[(spoken.index(self.lang) + 1) % len(spoken)] if self.lang in spoken else "en")

    async def set_language(self, lang: str) -> None:
        """Every label, card name and explanation from now on in ``lang`` (one of ``languages()``), kept for
        the next start."""
        self.lang = lang
        self.settings.language = lang
        try:
            self.settings.save()
        except OSError as err:  # a read-only config folder, a full disk: the language still changes, for now
            self.notify(
                t(
                    "The language is not kept for the next start: {path} cannot be written ({why}).",
                    lang,
                    path=str(config_path()),
                    why=why(err, lang),
                ),
                severity="warning",
                markup=False,
            )
        # no notification says the new language: every label says it at once, and a toast would
        # cover the table's entry line (80×24) for seconds
        relanguage = getattr(self.screen, "relanguage", None)
        if relanguage is not None:
            await relanguage()


def run(db: str | None = None, lang: str | None = None) -> int:
    CompanionApp(db, lang).run()
    return 0
