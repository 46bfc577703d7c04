"""Settings: the language, how a game's variants are rated (together, the default, or apart), and
every key binding by its id, which can be remapped."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Footer, Header, Input, Select, Static

from companion.store.files import why
from companion.store.settings import RATE_VARIANTS, config_path
from companion.words import N_, languages, t
from companion.words.formats import language_name
from screens.widgets.page import Page
from screens.widgets.plain import PlainInput, plain

KEYS = re.compile(r"[A-Za-z0-9_+-]+(,[A-Za-z0-9_+-]+)*")  # Textual key names: ctrl+u, f2, escape,question_mark


def all_bindings(app) -> list[tuple[str, str, str]]:
    """(id, keys, description) of every binding of the app and its screens, in the app's language.
    The app names its screens (``keyed_screens``): a screen never imports the ones that open it."""
    rows = []
    for owner in (app, *app.keyed_screens()):
        for b in owner.BINDINGS:
            if isinstance(b, Binding) and b.id:
                rows.append((b.id, app.settings.keymap.get(b.id, b.key), t(b.description, app.lang)))
    return rows


# how the ratings take a game's variants (companion.store.settings.RATE_VARIANTS), as the list offers them
RATE_CHOICES = {
    "together": N_("Rate a game's variants: together (default)"),
    "apart": N_("Rate a game's variants: apart"),
}


class SettingsScreen(Page):
    DEFAULT_CSS = """
    SettingsScreen #settings-row { height: auto; }
    SettingsScreen #language { width: 20; }
    SettingsScreen #rate-variants { width: 1fr; }
    """
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="settings.back")]

    def __init__(self) -> None:
        super().__init__()
        self.remapping: str | None = None  #: the binding whose row was chosen, its keys to be typed

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="title")
        with Horizontal(id="settings-row"):
            yield Select(
                [(language_name(lang), lang) for lang in languages()],
                value=self.app.lang,
                allow_blank=False,
                id="language",
            )
            yield Select(
                self.rate_choices(), value=self.app.settings.rate_variants, allow_blank=False, id="rate-variants"
            )
        yield Static(id="rate-hint", classes="hint")
        yield PlainInput(id="remap")
        yield Static("", id="status")
        yield DataTable(id="keys", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.relabel()
        self.refresh_view()

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#title", Static).update(self.t("Settings"))
        language = self.query_one("#language", Select)
        with language.prevent(Select.Changed):
            language.value = self.app.lang
        rated = self.query_one("#rate-variants", Select)
        with rated.prevent(Select.Changed):
            rated.set_options(self.rate_choices())
            rated.value = self.app.settings.rate_variants
        self.query_one("#rate-hint", Static).update(
            self.t("Together: one rating per player and game. Apart: one per variant.")
        )
        self.placeholder()
        table = self.query_one("#keys", DataTable)
        table.clear(columns=True)
        table.add_columns(self.t("does"), self.t("keys"))

    def placeholder(self) -> None:
        """What the remap line asks for: keys for the row chosen below, or how to choose one."""
        chosen = self.remapping and self.does(self.remapping)
        self.query_one("#remap", Input).placeholder = (
            self.t("New keys for “{does}”, e.g. ctrl+u (several with commas)", does=chosen)
            if chosen
            else self.t("Remap a key: choose its row below (Tab, ↑↓, Enter), then type its keys")
        )

    def does(self, binding_id: str) -> str:
        """What a binding does, in the app's language ("" for no binding)."""
        return next((does for found, _, does in all_bindings(self.app) if found == binding_id), "")

    def refresh_view(self) -> None:
        table = self.query_one("#keys", DataTable)
        table.clear()
        for binding_id, keys, does in all_bindings(self.app):  # the id is the row's key, never shown
            table.add_row(plain(does, one_line=True), plain(keys, one_line=True), key=binding_id)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a row: the remap line asks for that binding's keys."""
        self.remapping = str(event.row_key.value)
        self.placeholder()
        self.query_one("#remap", Input).focus()

    def rate_choices(self) -> list[tuple[str, str]]:
        return [(self.t(RATE_CHOICES[way]), way) for way in RATE_VARIANTS]

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "rate-variants":
            self.rate_variants(str(event.value))
        elif event.value != self.app.lang:
            await self.app.set_language(str(event.value))

    def rate_variants(self, way: str) -> None:
        """A game's variants rated together or apart from now on (the league tables, the players'
        pages, ``companion ratings``), kept for the next start."""
        if way == self.app.settings.rate_variants:
            return
        self.app.settings.rate_variants = way
        said = {
            "together": N_("A game's variants are now rated together: one rating per game."),
            "apart": N_("A game's variants are now rated apart: one rating per variant."),
        }[way]
        try:
            self.app.settings.save()
            self.say(self.t(said))
        except OSError as err:  # a full disk, a read-only folder: the ratings follow it, for now
            self.refuse(
                self.t(
                    "{said} Until Companion closes: the settings cannot be saved to {path} ({why}).",
                    said=self.t(said),
                    path=str(config_path()),
                    why=why(err, self.app.lang),
                )
            )

    def say(self, text: str, refused: bool = False) -> None:
        status = self.query_one("#status", Static)
        status.update(plain(text))
        status.set_class(refused, "refused")

    def refuse(self, text: str) -> None:
        self.say(text, refused=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """The keys typed for the row chosen; ``binding-id=keys`` (the settings file's form,
        ``session.undo=ctrl+u``) remaps a binding without choosing its row."""
        binding_id, said, keys = (part.strip() for part in event.value.partition("="))
        if not said:
            binding_id, keys = self.remapping or "", binding_id
        known = {row[0] for row in all_bindings(self.app)}
        if binding_id not in known or not keys:
            asked = N_("Choose the key's row below (Tab, ↑↓, Enter), then type its keys (not {typed!r}).")
            self.refuse(self.t(asked, typed=event.value))
            return
        if not KEYS.fullmatch(keys):
            self.refuse(
                self.t(
                    "{keys!r} is not a key: name keys like ctrl+u, f2, escape or question_mark, several with commas.",
                    keys=keys,
                )
            )
            return
        with self.kept_open():
            self.app.settings.keymap[binding_id] = keys
            self.app.set_keymap(self.app.settings.keymap)
            try:
                self.app.settings.save()
                self.say(self.t("“{does}” is now {keys}.", does=self.does(binding_id), keys=keys))
            except OSError as err:  # a full disk, a read-only folder: the key still works, for now
                self.refuse(
                    self.t(
                        "“{does}” is now {keys} until Companion closes: "
                        "the settings cannot be saved to {path} ({why}).",
                        does=self.does(binding_id),
                        keys=keys,
                        path=str(config_path()),
                        why=why(err, self.app.lang),
                    )
                )
            event.input.value = ""
            self.refresh_view()
