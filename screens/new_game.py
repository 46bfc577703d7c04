"""New game: the game, the players in seat order, then every option of the game as a widget — a
list for a deck or a variant, a switch for a house rule, the players for who starts, a short
``key=value`` line for a table of numbers — each with its default and its explanation, and a
setup card for the table. Nobody types JSON (an advanced line still takes it, for what no widget
says). The screen draws the form and collects what it holds; ``companion.table.header`` reads that into
the session's header (only what differs from a default) or says why it cannot.

After the options, where the game is played (the last place said, to start from) and the table's
notes, both optional: they go with the play to BG Stats and BGG (``companion.store.place``).

Keys: Tab moves through the form, Enter on the players' line moves on to the options, ctrl+s
(or the button at the end) starts the game.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Header, Input, Select, Static

from companion.table import header as form_header
from companion.table.header import ADVANCED_EXAMPLE, SAMPLE_NAMES, Unreadable, example, in_words, mapping_words, same
from companion.words import N_, t
from companion.words.formats import join
from scoring.contract import Game
from scoring.game import Option
from scoring.recordkit import RecordError
from scoring.registry import get, ids
from scoring.registry import name as game_name
from scoring.words import say
from screens.session import SessionScreen
from screens.widgets.choice import Choice
from screens.widgets.line import WrappedLine
from screens.widgets.page import Page
from screens.widgets.plain import PlainInput, plain, visible

START_KEY = "ctrl+s"
SCREEN_NAME = "new-game"  # the name the kept screen is installed under


def _default_row(option: Option) -> int:
    """The row of ``option``'s default among its choices."""
    return next((i for i, c in enumerate(option.choices) if same(c, option.default)), 0)


class Form(VerticalScroll, can_focus=False):
    """The form scrolls to whatever has the focus; it is no stop of its own for Tab."""


class SteadyFooter(Footer):
    """The footer, drawn again only when the keys it shows change. Textual's draws itself again at
    every change of focus (the game list closing, Tab), and each time the whole form is laid out
    again: a change of game cost two more layouts for the same three keys."""

    shown: tuple = ()

    def bindings_changed(self, screen: Screen) -> None:
        shown = tuple(
            (b.key, b.description, b.action, enabled, tooltip)
            for _, b, enabled, tooltip in screen.active_bindings.values()
            if b.show
        )
        if self._bindings_ready and shown == self.shown:
            return
        if screen.app.app_focus:  # (without it Textual's footer waits, and so does the comparison)
            self.shown = shown
        super().bindings_changed(screen)


class OnOff(Checkbox):
    """A house rule's switch. Textual's checkbox draws ▐X▌ on and off alike, told apart by colour
    alone; this one draws ✓ when on and leaves the mark empty when off, and its label says on or
    off in the players' words, so it reads in any terminal, with colours or without."""

    def __init__(self, words: tuple[str, str], value: bool, **kwargs: Any) -> None:
        self.words = words  # (off, on)
        super().__init__(words[value], value, **kwargs)

    @property
    def BUTTON_INNER(self) -> str:  # Textual's name for the mark inside ▐ ▌
        return "✓" if self.value else " "

    def watch_value(self) -> None:
        self.label = self.words[self.value]
        super().watch_value()


class GameForm(Vertical):
    """One game's options in one language: header fields first, then house rules, each with its
    explanation (and its default when the explanation does not say it) and its widget — a list for
    a deck or a variant, a switch for a house rule, the players for who starts, a ``key=value``
    line for a table of numbers.

    Made the first time its game is chosen and kept while the screen is open: choosing the game
    again shows it again as it was set, without making a widget. ``names`` gives the players typed
    so far (the lists of players and the examples follow them); ``own`` the lines of the table's
    own cards (``Option.own``) typed for its last game, where a new game starts from."""

    def __init__(
        self,
        game: Game,
        lang: str,
        names: Callable[[], list[str]],
        kept: Mapping[str, Any] | None = None,
        own: Mapping[str, str] | None = None,
    ):
        super().__init__(classes="game-form")
        self.game, self.lang, self.names = game, lang, names
        self.own = dict(own or {})
        self.kept = dict(kept or {})  # what each option was set to, by widget id, before a language change
        self.fields: dict[str, Option] = {}  # the option of each widget id
        self.inputs: dict[str, Widget] = {}  # the widget of each option, by widget id
        self.followed: list[str] | None = None  # the players the lists and examples show
        self.rows = self._rows(self.names())

    def t(self, text: str, /, **values: Any) -> str:
        return t(text, self.lang, **values)

    def compose(self) -> ComposeResult:
        yield from self.rows

    def on_mount(self) -> None:
        self.follow(self.names())  # the players may have been typed on while it was being made

    def _rows(self, names: list[str]) -> list[Widget]:
        options = self.game.options(self.lang)
        rows: list[Widget] = []
        for house_rule, heading in ((False, N_("Options")), (True, N_("House rules"))):
            chosen = [o for o in options if o.house_rule == house_rule]
            if chosen:
                rows.append(Static(self.t(heading), classes="form-section"))
            rows += [self._row(o, names) for o in chosen]
        self.followed = names
        return rows

    def _row(self, option: Option, names: list[str]) -> Widget:
        """One option: its explanation (with the default when it does not say it) and its widget."""
        lang, wid, how = self.lang, f"opt-{option.name}", option.typed_as()
        kept = self.kept.get(wid)
        self.fields[wid] = option
        text = in_words(option.text(lang))
        # whether its explanation says the default is the option's own, whatever the language: its English tells
        if "default" not in option.text("en") and how == "switch":
            text += self.t(" (default: {value})", value=option.label(option.default, lang))
        explain = Static(plain(self.t("{name}: {text}", name=option.title(lang), text=text)), classes="explain")
        widget: Widget
        if how == "switch":
            on = bool(option.default if kept is None else kept)
            widget = OnOff((option.label(False, lang), option.label(True, lang)), on, id=wid, compact=True)
            self.inputs[wid] = widget
            return Horizontal(widget, explain, classes="option switch")
        if how == "choice":
            rows = [
                self.t("{name} (default)", name=option.label(c, lang))
                if same(c, option.default)
                else option.label(c, lang)
                for c in option.choices
            ]
            widget = Choice(rows, _default_row(option) if kept is None else kept, id=wid)
        elif how == "player":
            row = names.index(kept) + 1 if kept in names else 0
            widget = Choice(self._players(option, names), row, id=wid)
        else:  # a line, wrapped: the whole of a long table of numbers reads at 80 columns
            widget = WrappedLine(self._start(option) if kept is None else kept, id=wid)
            if how == "mapping":
                widget.placeholder = self._example(option, names)
        self.inputs[wid] = widget
        return Vertical(explain, widget, classes="option")

    # what follows from the players typed ------------------------------------------------------
    def _players(self, option: Option, names: list[str]) -> list[str]:
        """The rows of a choice of player: the game's default first, then the players."""
        return [self._first(option, names), *(visible(n, one_line=True) for n in names)]

    def _first(self, option: Option, names: list[str]) -> str:
        first = self.game.first_player({"players": names}) if names and option.default is None else option.default
        if first:
            return self.t("{name} (default)", name=visible(first, one_line=True))
        return self.t("(default) — type the players first")

    def _example(self, option: Option, names: list[str]) -> str:
        return self.t("e.g. {example}", example=example(option, [visible(n, one_line=True) for n in names]))

    def follow(self, names: list[str]) -> None:
        """The lists of players and the examples of the ``key=value`` lines for ``names`` (once the
        form is up; until then it was made for the players then typed)."""
        if names == self.followed or not self.is_mounted:
            return
        before, self.followed = self.followed or [], names
        for wid, option in self.fields.items():
            widget, how = self.inputs[wid], option.typed_as()
            if how == "player" and isinstance(widget, Choice):
                chosen = before[widget.value - 1] if widget.value else None
                widget.set_rows(self._players(option, names), names.index(chosen) + 1 if chosen in names else 0)
            elif how == "mapping" and isinstance(widget, WrappedLine):
                widget.placeholder = self._example(option, names)

    def _start(self, option: Option) -> str:
        """What an option's line holds for a new game: the table's own cards as typed for its last
        game, else the default's pairs, else nothing."""
        if option.own and option.name in self.own:
            return self.own[option.name]
        return self._default(option)

    @staticmethod
    def _default(option: Option) -> str:
        return mapping_words(option.default) if isinstance(option.default, Mapping) else ""

    def own_lines(self) -> dict[str, str]:
        """The lines of the table's own cards as set now (``Option.own``), to start the next game's:
        those set away from the default."""
        raw = self.raw()
        return {
            o.name: raw[wid]
            for wid, o in self.fields.items()
            if o.own and isinstance(raw.get(wid), str) and raw[wid].strip() and raw[wid] != self._default(o)
        }

    def reset(self, own: Mapping[str, str] | None = None) -> None:
        """Every option back to its default (the table's own cards to ``own``, their lines typed
        for the last game), and no players yet: the form of a new game."""
        if own is not None:
            self.own = dict(own)
        self.kept = {}
        if not self.is_mounted:  # still being made: it is made with the defaults
            return
        for wid, option in self.fields.items():  # a reactive set to what it holds changes nothing
            widget, how = self.inputs[wid], option.typed_as()
            if isinstance(widget, OnOff):
                widget.value = bool(option.default)
            elif isinstance(widget, Choice):
                widget.value = _default_row(option) if how == "choice" else 0
            elif isinstance(widget, WrappedLine):
                widget.value = self._start(option)
        self.follow([])

    def raw(self) -> dict[str, Any]:
        """Each option widget's state as set: a list's row, a switch, a line."""
        if not self.is_mounted:
            return dict(self.kept)
        out: dict[str, Any] = {}
        for wid, widget in self.inputs.items():
            if isinstance(widget, Choice) and self.fields[wid].typed_as() == "player":
                out[wid] = (self.followed or [])[widget.value - 1] if widget.value else None
            elif isinstance(widget, (Choice, Checkbox, WrappedLine)):
                out[wid] = widget.value
        return out


def new_game_screen(app: App) -> NewGameScreen:
    """The app's new-game screen, reset for a new game. It is made once and kept (installed) for
    the app's life, with the form of each game made so far: a new game shows it again, cleared,
    instead of making a hundred widgets again."""
    if not app.is_screen_installed(SCREEN_NAME):
        app.install_screen(NewGameScreen(), SCREEN_NAME)
    screen = app.get_screen(SCREEN_NAME, NewGameScreen)
    screen.reset()
    return screen


class NewGameScreen(Page):
    """The game, the players, then the chosen game's form (``GameForm``), the advanced line and the
    start button. Every key pressed while it opens or follows a change of game is taken in turn
    (``screens.turns``), on what it shows by then. Kept for the app's life (``new_game_screen``):
    the forms of the other games are made after it first shows, one at a time, so a change of game
    only shows a form already made."""

    CSS_PATH = "new_game.tcss"  # its own styles, read when it first opens (not before the home screen paints)

    KEYS_IN_TURN = True
    AUTO_FOCUS = "#players"  # keys typed while the known names load stay there
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="new.back"),
        Binding(START_KEY, "start", "Start the game", id="new.start"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.known: list[str] = []  # names from earlier sessions
        self.asked: set[tuple[str, str]] = set()  # a new name near a known one, asked about once
        self.last_location = ""  # where the latest session said it was played: the place to start from
        self.games_in = ""  # the language the game list is written in
        self.forms: dict[str, GameForm] = {}  # each game's form made so far
        self.current = ""  # the game whose form is shown
        self.relisting = False  # the game list is being written again: its value is not a choice

    def first_game(self) -> str:
        """The game the form opens on: the last one started (kept in the settings, for the next
        start too), or the first game."""
        settings = getattr(self.app, "settings", None)
        last = getattr(settings, "last_game", "")
        return last if last in ids() else ids()[0]

    def compose(self) -> ComposeResult:
        lang = self.games_in = self.app.lang
        first = self.first_game()
        yield Header()
        yield Static(id="title", classes="title")
        with Form(id="form"):
            with Horizontal(classes="field"):
                yield Static(id="game-label", classes="field-label")
                yield Select(
                    [(game_name(g, lang), g) for g in ids()], value=first, allow_blank=False, id="game", compact=True
                )
            with Horizontal(classes="field"):
                yield Static(id="players-label", classes="field-label")
                yield PlainInput(id="players", compact=True)
            yield Static("", id="setup", classes="hint")
            with Vertical(id="game-options"):
                yield self.new_form(first)
            yield Static(id="said-label", classes="form-section")
            for field in ("location", "notes"):
                with Horizontal(classes="field"):
                    yield Static(id=f"{field}-label", classes="field-label")
                    yield PlainInput(id=field, compact=True)
            yield Static("", id="advanced-label", classes="hint")
            yield PlainInput(id="options", compact=True)
            yield Button("", id="start", compact=True)
        yield Static("", id="status")
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        self.relabel()
        self.watch(self.query_one("#game", Select), "value", self.choose_game, init=False)

    async def on_screen_resume(self) -> None:
        await super().on_screen_resume()
        # after the form is drawn: the names of earlier sessions (for the players' placeholder),
        # and the forms of the other games, made while the players are typed
        self.call_after_refresh(self.after_shown)

    def after_shown(self) -> None:
        self.run_worker(self.load_known(), group="known", exclusive=True, exit_on_error=False)
        self.run_worker(self.make_forms(), group="forms", exclusive=True, exit_on_error=False)

    def reset(self) -> None:
        """Cleared for a new game (the screen is not shown): the last game started (``first_game``),
        no players, every option at its default, nothing on the status line, the players' line to
        type in. Only what changed is touched: every change restyles or redraws something."""
        if not self.is_mounted:
            return  # made now: it starts that way
        start = self.t("Start the game ({key})", key=self.start_key())
        if self.labelled_in != self.app.lang or str(self.query_one("#start", Button).label) != start:
            self.relabel()  # the language or the start key changed meanwhile
        self.query_one("#game", Select).value = self.first_game()
        for line in ("#players", "#options", "#notes"):
            self.query_one(line, Input).value = ""
        self.query_one("#location", Input).value = self.last_location
        for game, form in self.forms.items():
            form.reset(self.own_cards(game))
        self.clear_status()
        self.show_players()
        self.query_one("#form", Form).scroll_home(animate=False)
        players = self.query_one("#players", Input)
        if self.focused is not players:
            self.set_focus(players, scroll_visible=False)

    async def load_known(self) -> None:
        from companion.store.players import names  # here: the store's code loads behind the first screen

        with self.kept_open():
            known = await self.app.db(names, self.app.sessions.store)
            if known != self.known:
                self.known = known
                self.show_players()  # the known names in the placeholder
            last = await self.app.db(self.app.sessions.last_location)
            if last != self.last_location:
                line = self.query_one("#location", Input)
                if line.value in ("", self.last_location):  # never over a place already typed
                    line.value = last
                self.last_location = last

    async def make_forms(self) -> None:
        """Each game's form not made yet (or made in the other language), hidden, one at a time."""
        box = self.query_one("#game-options", Vertical)
        made = False
        for game in ids():
            form = self.forms.get(game)
            if game == self.current or (form is not None and form.lang == self.app.lang):
                continue
            kept = None
            if form is not None:
                kept = form.raw()
                form.remove()
            form = self.forms[game] = GameForm(get(game), self.app.lang, self.names_typed, kept, self.own_cards(game))
            form.display = False
            await box.mount(form)  # one at a time: a key pressed meanwhile waits for one form at most
            made = True
        if made:  # kept for the app's life: out of the garbage collector's full passes (screens.app)
            gc.freeze()

    # what the form shows -------------------------------------------------------------------------
    def game(self) -> Game:
        return get(self.current)

    def form(self) -> GameForm:
        return self.forms[self.current]

    def names(self) -> list[str]:
        return form_header.players(self.query_one("#players", Input).value)

    def names_typed(self) -> list[str]:
        """The players typed so far (none while the players' line is still being made)."""
        return self.names() if self.query("#players") else []

    def start_key(self) -> str:
        settings = getattr(self.app, "settings", None)
        keymap = getattr(settings, "keymap", None) or {}
        return keymap.get("new.start", START_KEY)

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#title", Static).update(self.t("New game"))
        self.query_one("#game-label", Static).update(self.t("Game"))
        self.query_one("#players-label", Static).update(self.t("Players"))
        self.query_one("#said-label", Static).update(self.t("Place and notes"))
        self.query_one("#location-label", Static).update(self.t("Place"))
        self.query_one("#notes-label", Static).update(self.t("Notes"))
        self.query_one("#location", Input).placeholder = self.t("optional: where you play, e.g. Aki's kitchen")
        self.query_one("#notes", Input).placeholder = self.t("optional: house rules, anything to remember")
        self.query_one("#advanced-label", Static).update(
            self.t("Advanced, never needed: more header fields as JSON (they win over the form)")
        )
        self.query_one("#start", Button).label = self.t("Start the game ({key})", key=self.start_key())
        game = self.query_one("#game", Select)
        if self.games_in != self.app.lang:  # set only when needed: it would close a list being chosen from
            chosen = game.value
            self.relisting = True
            try:
                with game.prevent(Select.Changed):
                    game.set_options([(game_name(g, self.app.lang), g) for g in ids()])
                    game.value = chosen
            finally:
                self.relisting = False
            self.games_in = self.app.lang
        if self.form().lang != self.app.lang:
            self.show_form(self.current)  # the same options, set as they were, in the new language
        self.show_players()

    def new_form(self, game: str, kept: Mapping[str, Any] | None = None) -> GameForm:
        """A form for ``game`` in the current language, kept and shown from now on."""
        form = self.forms[game] = GameForm(get(game), self.app.lang, self.names_typed, kept, self.own_cards(game))
        self.current = game
        return form

    def choose_game(self, value: Any) -> None:
        """The game chosen in the list, called as its value changes (not later, from a message): its
        form, setup card and players' count are put in place at once, so no screen shows the new
        game's name over the last game's options."""
        if not self.relisting and str(value) != self.current:
            self.show_form(str(value))
            self.show_players()

    def show_form(self, game: str) -> None:
        """``game``'s form in place of the one shown: the one kept, or one made now (and kept)."""
        shown = self.forms.get(self.current)
        if shown is not None:
            shown.display = False
        form = self.forms.get(game)
        if form is not None and form.lang == self.app.lang:
            form.display = True
            self.current = game
            return
        kept = None
        if form is not None:  # made in the other language: made again, set as it was
            kept = form.raw()
            form.remove()
        self.query_one("#game-options", Vertical).mount(self.new_form(game, kept))

    def show_players(self) -> None:
        """What follows from the players typed: the placeholder, the setup card, the lists of
        players and the examples of the ``key=value`` lines."""
        game, lang, names = self.game(), self.app.lang, self.names()
        counts = "–".join(str(n) for n in sorted({min(game.players), max(game.players)}))
        sample = join((self.known or SAMPLE_NAMES)[: max(game.players)], self.app.lang)
        self.query_one("#players", Input).placeholder = self.t(
            "Players in seat order ({counts}): {names}", counts=counts, names=visible(sample, one_line=True)
        )
        self.query_one("#setup", Static).update(plain(self.t("Setup: {card}", card=game.setup(len(names), lang))))
        self.query_one("#options", Input).placeholder = ADVANCED_EXAMPLE
        self.form().follow(names)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "players":
            self.show_players()

    # moving on and starting ------------------------------------------------------------------------
    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "options":  # the last line: Enter starts the game, as it always did
            await self.start()
            return
        if event.input.id == "players" and not self.names_fine(self.names()):
            return
        self.clear_status()
        self.focus_next()

    def on_wrapped_line_submitted(self, event: WrappedLine.Submitted) -> None:
        """Enter on an option's line moves on, as on any line of the form."""
        self.clear_status()
        self.focus_next()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            await self.start()

    async def action_start(self) -> None:
        await self.start()

    def clear_status(self) -> None:
        status = self.query_one("#status", Static)
        status.update("")
        status.remove_class("refused")

    def refuse(self, text: str) -> None:
        status = self.query_one("#status", Static)
        status.update(plain(text))
        status.add_class("refused")

    def names_fine(self, names: Any) -> bool:
        """Names hold no control character; else the reason is shown."""
        try:
            form_header.check_players(names)
        except Unreadable as err:
            self.refuse(err.said(self.t))
            return False
        return True

    def set_to(self) -> list[tuple[Option, Any]]:
        """Each option of the game shown with what its widget holds: a list's choice, a switch, a
        player (None: the game's default) or a line as typed."""
        form = self.form()
        raw = form.raw()
        set_to = []
        for wid, option in form.fields.items():
            value = raw.get(wid)
            if option.typed_as() == "choice" and value is not None:
                value = option.choices[value]  # the row of the list
            set_to.append((option, value))
        return set_to

    def header(self) -> dict | None:
        """The players and options as set, or None (with the reason shown) if they cannot be."""
        try:
            return form_header.header_of(
                self.query_one("#players", Input).value, self.set_to(), self.query_one("#options", Input).value
            )
        except Unreadable as err:
            self.refuse(err.said(self.t))
            return None

    def asks_first(self, names: list[str]) -> bool:
        """A new name one edit from a player already known (``Chei`` beside ``Chie``) is asked
        about once before the game starts: a second start keeps it as typed."""
        from companion.store.names import near_names, one_edit_apart

        typed = [(b, a) for k, a in enumerate(names) for b in names[k + 1 :] if one_edit_apart(a, b)]
        near = [pair for pair in [*near_names(names, self.known), *typed] if pair not in self.asked]
        if not near:
            return False
        self.asked.update(near)
        asked = "; ".join(self.t("{name} — did you mean {other}?", name=n, other=o) for n, o in near)
        self.refuse(self.t("{asked} Correct the name, or start again to keep it as typed.", asked=asked))
        return True

    def own_cards(self, game: str) -> dict[str, str]:
        """The lines of ``game``'s own cards typed for its last game (kept in the settings)."""
        settings = getattr(self.app, "settings", None)
        return dict(getattr(settings, "own_cards", {}).get(game, {}))

    def keep_game(self, game: str) -> None:
        """``game`` is the one the form opens on from now on, and at the next start, with the lines
        of the table's own cards as typed (KINGs' backs, LOUDER's deck): kept in the settings.
        Settings that cannot be saved (a read-only folder) keep them until Companion closes: the
        game started all the same, and nothing at the table needs to hear of it."""
        settings = getattr(self.app, "settings", None)
        own = self.forms[game].own_lines() if game in self.forms else {}
        if settings is None or (settings.last_game == game and settings.own_cards.get(game, {}) == own):
            return
        settings.last_game = game
        settings.own_cards = (
            {**settings.own_cards, game: own}
            if own
            else {g: lines for g, lines in settings.own_cards.items() if g != game}
        )
        with contextlib.suppress(OSError):
            settings.save()

    async def start(self) -> None:
        game = self.current
        sid = None
        self.clear_status()
        with self.kept_open():  # a value the rules refuse, a busy database …
            header = self.header()
            if header is not None and self.asks_first(list(header.get("players", []))):
                return  # the status line asks; everything typed stays
            if header is not None:
                said = {key: self.query_one(f"#{key}", Input).value for key in ("location", "notes")}
                try:
                    sid = await self.app.db(partial(self.app.sessions.create, game, header, **said))
                except RecordError as err:  # the form's, not a record's: the reason, not its place (players:)
                    self.refuse(say(err.bare, self.app.lang))
        if sid is None:
            return  # the status line says why; everything typed stays
        self.keep_game(game)
        self.app.pop_screen()
        await self.app.push_screen(SessionScreen(sid))
