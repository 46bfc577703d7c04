"""Settings: the language, and every key binding by its id, which can be remapped."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, Select, Static


def all_bindings(app) -> list[tuple[str, str, str]]:
    """(id, keys, description) of every binding of the app and its screens."""
    from screens.export import ExportScreen
    from screens.history import HistoryScreen
    from screens.home import HomeScreen
    from screens.new_game import NewGameScreen
    from screens.rules import RulesScreen
    from screens.scoreboard import ScoreboardScreen
    from screens.session import SessionScreen

    rows = []
    for owner in (app, HomeScreen, NewGameScreen, SessionScreen, ScoreboardScreen, HistoryScreen, RulesScreen,
                  ExportScreen, SettingsScreen):
        for b in owner.BINDINGS:
            if isinstance(b, Binding) and b.id:
                rows.append((b.id, app.settings.keymap.get(b.id, b.key), b.description))
    return rows


class SettingsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="settings.back")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Settings", classes="title")
        yield Select([("English", "en"), ("日本語", "ja")], value=self.app.lang, allow_blank=False, id="language")
        yield Input(placeholder="Remap a key: binding-id=keys, e.g. session.undo=ctrl+u", id="remap")
        yield Static("", id="status")
        yield DataTable(id="keys", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#keys", DataTable)
        table.add_columns("binding id", "keys", "does")
        self.refresh_view()

    def refresh_view(self) -> None:
        table = self.query_one("#keys", DataTable)
        table.clear()
        for row in all_bindings(self.app):
            table.add_row(*row)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.value != self.app.lang:
            self.app.lang = str(event.value)
            self.app.settings.language = self.app.lang
            self.app.settings.save()
            self.query_one("#status", Static).update("日本語" if self.app.lang == "ja" else "English")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        binding_id, _, keys = event.value.partition("=")
        known = {row[0] for row in all_bindings(self.app)}
        status = self.query_one("#status", Static)
        if binding_id.strip() not in known or not keys.strip():
            status.update(f"Type binding-id=keys with one of the ids below (not {event.value!r}).")
            return
        self.app.settings.keymap[binding_id.strip()] = keys.strip()
        self.app.settings.save()
        self.app.set_keymap(self.app.settings.keymap)
        status.update(f"{binding_id.strip()} is now {keys.strip()}.")
        event.input.value = ""
        self.refresh_view()
