"""The card pick-list, one key away (F3): choose a code instead of typing it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option


class CardPicker(ModalScreen[str | None]):
    """Candidate cards with their names; type to narrow, Enter to choose, Escape to close."""

    DEFAULT_CSS = """
    CardPicker { align: center middle; }
    CardPicker > #box { width: 60; height: 20; border: round $accent; background: $surface; }
    """
    BINDINGS = [Binding("escape", "dismiss(None)", "Close", id="picker.close")]

    def __init__(self, cards: list[tuple[str, str]]) -> None:
        super().__init__()
        self.cards = cards  # (code, name)

    def compose(self) -> ComposeResult:
        from textual.containers import Vertical

        with Vertical(id="box"):
            yield Static("Pick a card (type to narrow)")
            yield Input(placeholder="filter", id="filter")
            yield OptionList(*[Option(f"{c:<6} {n}", id=c) for c, n in self.cards], id="cards")

    def on_input_changed(self, event: Input.Changed) -> None:
        words = event.value.lower().split()
        options = self.query_one("#cards", OptionList)
        options.clear_options()
        options.add_options([Option(f"{c:<6} {n}", id=c) for c, n in self.cards
                             if all(w in f"{c} {n}".lower() for w in words)])

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        options = self.query_one("#cards", OptionList)
        if options.option_count:
            self.dismiss(options.get_option_at_index(options.highlighted or 0).id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
