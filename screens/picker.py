"""The pick-list, one key away (F3): choose a card, or what a hero's effect does, instead of
typing it; on the history screen, the player whose page to open."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from screens.widgets.page import Dialog
from screens.widgets.plain import PlainInput, plain, visible


class CardPicker(Dialog):
    """Choices with what they are; type to narrow, Enter to choose, Escape to close."""

    DEFAULT_CSS = """
    CardPicker { align: center middle; }
    CardPicker > #box { width: 72; max-width: 100%; height: 20; max-height: 100%; border: round $accent;
                        background: $surface; }
    """
    BINDINGS = [Binding("escape", "dismiss(None)", "Close", id="picker.close")]

    def __init__(self, choices: list[tuple[str, str]], title: str = "", typed: str = "") -> None:
        super().__init__()
        self.choices = choices  # (text to insert, what it is)
        self.heading = title
        self.typed = typed  # the filter to start with

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(plain(self.heading or self.t("Pick a card (type to narrow)")))
            yield PlainInput(self.typed, placeholder=self.t("filter"), id="filter")
            yield OptionList(*self.options(self.typed), id="cards")

    def options(self, text: str) -> list[Option]:
        words = text.lower().split()
        width = max((len(visible(c, one_line=True)) for c, _ in self.choices), default=6)
        return [
            Option(plain(f"{visible(c, one_line=True):<{width}}  {n}", one_line=True), id=c)
            for c, n in self.choices
            if all(w in f"{c} {n}".lower() for w in words)
        ]

    def on_input_changed(self, event: Input.Changed) -> None:
        options = self.query_one("#cards", OptionList)
        options.clear_options()
        options.add_options(self.options(event.value))

    def holds_keys(self, key: str) -> bool:
        """Enter chooses and closes the list: the keys typed after it are for the screen it leads to
        (F3, a name and Enter, then s, on the history: s is for the player's page)."""
        return key == "enter" or super().holds_keys(key)

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        options = self.query_one("#cards", OptionList)
        if options.option_count:
            self.dismiss(options.get_option_at_index(options.highlighted or 0).id)
        else:  # nothing to choose: the list stays, and the keys after Enter are for it
            release = getattr(self.app, "release_keys", None)
            if release is not None:
                release()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
