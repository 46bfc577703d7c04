"""New game: the game, the players in seat order, the deck or variant, the house rules with their
defaults visible, and a setup card for the table."""

from __future__ import annotations

import json

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Input, Select, Static

from scoring.recordkit import loads
from screens.labels import game_name
from screens.page import Page
from screens.plain import PlainInput, control_in, plain, visible

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
    games_in = ""  # the language the game list is written in

    def compose(self) -> ComposeResult:
        self.games_in = self.app.lang
        yield Header()
        yield Static(id="title", classes="title")
        yield Select([(game_name(g, self.app.lang), g) for g in GAMES], value="trickster", allow_blank=False,
                     id="game")
        yield PlainInput(id="players")
        yield PlainInput(id="options")
        yield Static("", id="status")
        yield Static("", id="setup", classes="hint")
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        # the players' line has the focus at once: keys typed while the known names load stay there
        self.query_one("#players", Input).focus()
        self.relabel()
        with self.kept_open():
            self.known = await self.app.db(self.app.sessions.players)
            self.relabel()  # the known names in the placeholder

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#title", Static).update(self.t("New game"))
        game = self.query_one("#game", Select)
        if self.games_in != self.app.lang:  # set only when needed: it would close a list being chosen from
            chosen = game.value
            with game.prevent(Select.Changed):
                game.set_options([(game_name(g, self.app.lang), g) for g in GAMES])
                game.value = chosen
            self.games_in = self.app.lang
        players = self.query_one("#players", Input)
        players.placeholder = self.t("Players in seat order: {names}",
                                     names=visible(", ".join(self.known[:5]), one_line=True) or "Aki, Ben, Chie, Dan")
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
        self.query_one("#setup", Static).update(plain(self.t("Setup: {card}", card=card) + "\n\n"
                                                      + self.t("House rules (defaults):") + f"\n{rules}"))

    def on_input_changed(self, _event: Input.Changed) -> None:
        self.show_game()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "players":
            self.query_one("#options", Input).focus()
            return
        await self.start()

    def refuse(self, text: str) -> None:
        status = self.query_one("#status", Static)
        status.update(plain(text))
        status.add_class("refused")

    def header(self) -> dict | None:
        """The players and options as typed, or None (with the reason shown) if they cannot be."""
        names = [p.strip() for p in self.query_one("#players", Input).value.split(",") if p.strip()]
        header: dict = {"players": names}
        text = self.query_one("#options", Input).value.strip()
        if text:
            try:
                options = loads(text)
            except (json.JSONDecodeError, ValueError, RecursionError) as err:
                options = err
            if not isinstance(options, dict):
                self.refuse(self.t('Options are JSON, like {{"deck": "strategy", "first": "Chie"}} — {error}',
                                   error=options if isinstance(options, Exception) else self.t("not an object")))
                return None
            header.update(options)
        for name in header["players"] if isinstance(header["players"], list) else []:
            sign = control_in(name) if isinstance(name, str) else None
            if sign:
                self.refuse(self.t("A player's name cannot hold a control character (terminal code): {name} "
                                   "holds {sign}. Type the name again.", name=visible(name, one_line=True),
                                   sign=sign))
                return None
        return header

    async def start(self) -> None:
        from screens.session import SessionScreen

        game = self.query_one("#game", Select).value
        sid = None
        with self.kept_open():  # a key given twice in the options, the rules, a busy database …
            header = self.header()
            if header is not None:
                sid = await self.app.db(self.app.sessions.create, game, header)
        if sid is None:
            return  # the status line says why
        self.app.pop_screen()
        await self.app.push_screen(SessionScreen(sid))
