"""Rules: each game's rules in English or Japanese, searchable, and the arbiter."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Header, Input, Select, Static

from companion.table.lookup import arbitrate, rules_text
from companion.wrapping import text_column
from scoring.registry import ids
from scoring.registry import name as game_name
from screens.widgets.page import Page
from screens.widgets.plain import PlainInput, plain


class RulesScreen(Page):
    CSS_PATH = "rules.tcss"  # its own styles, read when it first opens (not before the home screen paints)
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="rules.back")]

    def __init__(self, game: str | None = None, rule: str | None = None) -> None:
        super().__init__()
        self.game = game or ids()[0]
        self.rule = rule

    def compose(self) -> ComposeResult:
        yield Header()
        yield Select([(game_name(g, self.app.lang), g) for g in ids()], value=self.game, allow_blank=False, id="game")
        yield PlainInput(id="search")
        with VerticalScroll(id="sections"):
            yield Static("", id="text", markup=False)
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        self.relabel()
        self.show(self.rule.split(".", 1)[1] if self.rule and "." in self.rule else "")
        self.query_one("#search", Input).focus()

    def relabel(self) -> None:
        super().relabel()
        game = self.query_one("#game", Select)
        with game.prevent(Select.Changed):
            game.set_options([(game_name(g, self.app.lang), g) for g in ids()])
            game.value = self.game
        self.query_one("#search", Input).placeholder = self.t(
            "Search the rules (words or a section's number); > and the cards in play for the arbiter"
        )

    def refresh_view(self) -> None:
        self.show(self.query_one("#search", Input).value)

    def on_select_changed(self, event: Select.Changed) -> None:
        if str(event.value) == self.game:  # the list set up on mount: the rule asked for stays shown
            return
        self.game = str(event.value)
        self.show("")

    def refuse(self, text: str) -> None:
        self.query_one("#text", Static).update(plain(text))

    def show(self, query: str) -> None:
        """The rules matching ``query``, or the arbiter's ruling on ``> CARDS``; a question it cannot
        answer is said in place."""
        out = self.query_one("#text", Static)
        with self.kept_open():
            if query.startswith(">"):
                cards = query[1:].split()
                trump = next((c.split("=")[1] for c in cards if c.startswith("trump=")), None)
                pot = next((c.split("=")[1].split(",") for c in cards if c.startswith("pot=")), [])
                cards = [c for c in cards if "=" not in c]
                out.update(plain("\n".join(arbitrate(self.game, cards, trump=trump, pot=pot, lang=self.app.lang))))
            else:
                # each paragraph wrapped at the screen's width; the index's titles go on under their column
                text = rules_text(self.game, query, self.app.lang, reflowed=True)
                out.update(plain(text, hang=text_column))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.show(event.value)
