"""New game: the game, the players in seat order, the deck or variant, the house rules with their
defaults visible, and a setup card for the table."""

from __future__ import annotations

import json

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Input, Select, Static

from scoring.errors import RuleViolation
from scoring.recordkit import loads
from screens.labels import game_name
from screens.page import Page

GAMES = ("trickster", "kings", "sheriff", "phantom", "louder")

SETUP = {
    "trickster": "Shuffle the 56 cards. Deal 6 face up to the trash, then {hand} cards each "
                 "(2–3 players: 11, and 12 more face up as the Timeline). Everyone picks a tableau card.",
    "kings": "Draft a king and four characters each, snake order. Deal 5 cards each (2 players: 9).",
    "sheriff": "Deal all 21 cards, 7 each. The Joker's holder picks a role first; the Mayor names trump.",
    "phantom": "Deal 2 cards each (see the variant); everyone plays one card a half, with a hint token.",
    "louder": "Shuffle the 72 cards, deal 7 each; the rest is the deck.",
}
HAND = {2: 11, 3: 11, 4: 10, 5: 9, 6: 8, 7: 7}


def house_rules(game: str, lang: str = "en") -> list[tuple[str, object, str]]:
    if game == "trickster":
        from scoring.trickster.settings import HouseRules
    elif game == "kings":
        from scoring.kings.settings import HouseRules
    elif game == "sheriff":
        from scoring.sheriff.engine import HouseRules
    elif game == "phantom":
        from scoring.phantom.culprit import HouseRules
    else:
        from scoring.louder.engine import HouseRules
    return [(name, default, text) for name, _, default, text in HouseRules().describe(lang)]


class NewGameScreen(Page):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="new.back")]
    known: list[str] = []  # names from earlier sessions

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="title")
        yield Select([(game_name(g, self.app.lang), g) for g in GAMES], value="trickster", allow_blank=False,
                     id="game")
        yield Input(id="players")
        yield Input(id="options")
        yield Static("", id="status")
        yield Static("", id="setup", classes="hint")
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        self.known = await self.app.db(self.app.sessions.players)
        self.relabel()
        self.query_one("#players", Input).focus()

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#title", Static).update(self.t("New game"))
        game = self.query_one("#game", Select)
        chosen = game.value
        with game.prevent(Select.Changed):
            game.set_options([(game_name(g, self.app.lang), g) for g in GAMES])
            game.value = chosen
        players = self.query_one("#players", Input)
        players.placeholder = self.t("Players in seat order: {names}",
                                     names=", ".join(self.known[:5]) or "Aki, Ben, Chie, Dan")
        self.query_one("#options", Input).placeholder = self.t(
            'Options as JSON, e.g. {{"deck": "strategy", "first": "Chie"}}')
        self.show_game()

    def on_select_changed(self, _event: Select.Changed) -> None:
        self.show_game()

    def show_game(self) -> None:
        game = self.query_one("#game", Select).value
        names = [p.strip() for p in self.query_one("#players", Input).value.split(",") if p.strip()]
        card = self.t(SETUP[game], hand=HAND.get(len(names), "7–11"))
        rules = "\n".join(f"  {name} = {default!r}: {text}" for name, default, text in house_rules(game, self.app.lang))
        self.query_one("#setup", Static).update(self.t("Setup: {card}", card=card) + "\n\n"
                                                + self.t("House rules (defaults):") + f"\n{rules}")

    def on_input_changed(self, _event: Input.Changed) -> None:
        self.show_game()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "players":
            self.query_one("#options", Input).focus()
            return
        await self.start()

    async def start(self) -> None:
        from screens.session import SessionScreen

        game = self.query_one("#game", Select).value
        names = [p.strip() for p in self.query_one("#players", Input).value.split(",") if p.strip()]
        status = self.query_one("#status", Static)
        header: dict = {"players": names}
        text = self.query_one("#options", Input).value.strip()
        try:
            if text:
                header.update(loads(text))
            sid = await self.app.db(self.app.sessions.create, game, header)
        except (RuleViolation, json.JSONDecodeError, ValueError) as err:
            status.update(err.message(self.app.lang) if isinstance(err, RuleViolation) else
                          self.t('Options are JSON, like {{"deck": "strategy", "first": "Chie"}} — {error}',
                                 error=err))
            status.add_class("refused")
            return
        self.app.pop_screen()
        await self.app.push_screen(SessionScreen(sid))
