"""New game: the game, the players in seat order, the deck or variant, the house rules with their
defaults visible, and a setup card for the table."""

from __future__ import annotations

import json

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Input, Select, Static

from scoring.game import Option
from scoring.recordkit import loads
from scoring.registry import get, ids
from scoring.registry import name as game_name
from screens.page import Page
from screens.plain import PlainInput, control_in, plain, visible
from screens.session import SessionScreen

SAMPLE_NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen"]


def _example(options: list[Option]) -> dict:
    """A short options object for the placeholder: the first header field with choices, set to its
    second choice, else the first house rule set to a value other than its default."""
    for o in options:
        if not o.house_rule and len(o.choices) > 1:
            return {o.name: o.choices[1]}
    for o in options:
        if o.house_rule and len(o.choices) > 1:
            other = next(c for c in o.choices if c != o.default)
            return {"settings": {o.name: other}}
    return {}


class NewGameScreen(Page):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="new.back")]
    known: list[str] = []  # names from earlier sessions
    games_in = ""  # the language the game list is written in

    def compose(self) -> ComposeResult:
        self.games_in = self.app.lang
        yield Header()
        yield Static(id="title", classes="title")
        yield Select([(game_name(g, self.app.lang), g) for g in ids()], value=ids()[0], allow_blank=False, id="game")
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
                game.set_options([(game_name(g, self.app.lang), g) for g in ids()])
                game.value = chosen
            self.games_in = self.app.lang
        self.show_game()

    def on_select_changed(self, _event: Select.Changed) -> None:
        self.show_game()

    def show_game(self) -> None:
        """The chosen game's setup card, its options and house rules with their defaults, and the
        placeholders for its players and options."""
        game = get(str(self.query_one("#game", Select).value))
        lang = self.app.lang
        counts = "–".join(str(n) for n in sorted({min(game.players), max(game.players)}))
        sample = ", ".join((self.known or SAMPLE_NAMES)[: max(game.players)])
        self.query_one("#players", Input).placeholder = self.t(
            "Players in seat order ({counts}): {names}", counts=counts, names=visible(sample, one_line=True)
        )
        options = game.options(lang)
        self.query_one("#options", Input).placeholder = self.t(
            "Options as JSON, e.g. {example}", example=json.dumps(_example(options), ensure_ascii=False)
        )
        names = [p.strip() for p in self.query_one("#players", Input).value.split(",") if p.strip()]
        card = game.setup(len(names), lang)
        fields = [
            f"  {o.name} = {'—' if o.default is None else json.dumps(o.default, ensure_ascii=False)}: {o.text(lang)}"
            for o in options
            if not o.house_rule
        ]
        rules = [f"  {o.name} = {o.default!r}: {o.text(lang)}" for o in options if o.house_rule]
        text = self.t("Setup: {card}", card=card)
        if fields:
            text += "\n\n" + self.t("Options (defaults):") + "\n" + "\n".join(fields)
        if rules:
            text += "\n\n" + self.t("House rules (defaults), under settings:") + "\n" + "\n".join(rules)
        self.query_one("#setup", Static).update(plain(text))

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
                self.refuse(
                    self.t(
                        "Options are a JSON object, like {example} — {error}",
                        example=json.dumps(
                            _example(get(str(self.query_one("#game", Select).value)).options()), ensure_ascii=False
                        ),
                        error=options if isinstance(options, Exception) else self.t("not an object"),
                    )
                )
                return None
            header.update(options)
        for name in header["players"] if isinstance(header["players"], list) else []:
            sign = control_in(name) if isinstance(name, str) else None
            if sign:
                self.refuse(
                    self.t(
                        "A player's name cannot hold a control character (terminal code): {name} "
                        "holds {sign}. Type the name again.",
                        name=visible(name, one_line=True),
                        sign=sign,
                    )
                )
                return None
        return header

    async def start(self) -> None:
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
