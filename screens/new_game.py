"""New game: the game, the players in seat order, then every option of the game as a widget — a
list for a deck or a variant, a switch for a house rule, the players for who starts, a short
``key=value`` line for a table of numbers — each with its default and its explanation, and a
setup card for the table. Nobody types JSON (an advanced line still takes it, for what no widget
says). Only what differs from a default goes into the session's header.

Keys: Tab moves through the form, Enter on the players' line moves on to the options, ctrl+s
(or the button at the end) starts the game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Header, Input, Select, Static

from scoring.game import Game, Option
from scoring.recordkit import loads
from scoring.registry import get, ids
from scoring.registry import name as game_name
from screens.page import Page
from screens.plain import PlainInput, control_in, plain, visible
from screens.session import SessionScreen

SAMPLE_NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen"]
START_KEY = "ctrl+s"


class Unreadable(Exception):
    """A line of the form that says nothing the game can take: a label of ``screens.labels`` and
    its values, said in the player's language by the screen."""

    def __init__(self, label: str, **values: Any) -> None:
        super().__init__(label)
        self.label = label
        self.values = values


# the table words of a value ----------------------------------------------------------------------
def value_words(value: Any) -> str:
    """A value as it is typed in a ``key=value`` line: lists joined by ``/``.

    >>> value_words([4, 9]), value_words(3), value_words("red")
    ('4/9', '3', 'red')
    """
    if isinstance(value, (list, tuple)):
        return "/".join(value_words(v) for v in value)
    return str(value)


def mapping_words(value: Mapping[str, Any]) -> str:
    """A mapping as the ``key=value`` line that gives it back.

    >>> mapping_words({"trickster": 3, "destroyer": 2}), mapping_words({"red": [4, 9]})
    ('trickster=3 destroyer=2', 'red=4/9')
    """
    return " ".join(f"{k}={value_words(v)}" for k, v in value.items())


def in_words(text: str) -> str:
    """An explanation with the JSON objects it shows as examples written as ``key=value`` lines.

    >>> in_words('Each king: {"Aki": "red", …}; each colour {"red": [4, 9]}; heroes (["Guard", …]).')
    'Each king: Aki=red …; each colour red=4/9; heroes (Guard, …).'
    """

    def words(found: re.Match) -> str:
        body = found.group(0)
        more = "…" in body
        try:
            value = json.loads(re.sub(r",?\s*…", "", body))
        except ValueError:
            return body
        if not isinstance(value, dict) or not value:
            return body
        return mapping_words(value) + (" …" if more else "")

    def items(found: re.Match) -> str:
        try:
            value = json.loads(re.sub(r",?\s*…", "", found.group(0)))
        except ValueError:
            return found.group(0)
        return ", ".join(map(str, value)) + (", …" if "…" in found.group(0) else "")

    return re.sub(r"\[[^\[\]{}]*\]", items, re.sub(r"\{[^{}]*\}", words, text))


def one_of(typed: str, known: list[str]) -> str | None:
    """The one of ``known`` that ``typed`` names: itself in any case, or a unique prefix; None when
    none does; ``Unreadable`` when it could be several.

    >>> one_of("b", ["Aki", "Ben"]), one_of("aki", ["Aki", "Akira"]), one_of("x", ["Aki"])
    ('Ben', 'Aki', None)
    """
    low = typed.casefold()
    exact = [k for k in known if k.casefold() == low]
    if exact:
        return exact[0]
    starts = [k for k in known if k.casefold().startswith(low)]
    if len(starts) > 1:
        raise Unreadable("{typed} could be {candidates}.", typed=typed, candidates=", ".join(starts))
    return starts[0] if starts else None


def number_or_word(text: str) -> Any:
    """``3`` → 3, ``4/9`` → [4, 9], anything else as typed."""
    if "/" in text:
        return [number_or_word(part) for part in text.split("/") if part]
    return int(text) if re.fullmatch(r"[+-]?\d+", text) else text


def read_mapping(text: str, option: Option, players: list[str]) -> dict:
    """A ``key=value`` line as the mapping it says. Pairs are separated by spaces or commas; a list
    is ``4/9`` (or ``4,9``). The keys of a mapping default are the only keys, the players are the
    keys otherwise (any case, unique prefixes: ``a=red`` is Aki's); a value of an option with
    choices is one of them, by unique prefix too.

    >>> from scoring.game import Option
    >>> kings = Option("kings", None, "Each king {…}", choices=("white", "red", "blue", "black"))
    >>> read_mapping("a=r, ben=blu chie=WH", kings, ["Aki", "Ben", "Chie"])
    {'Aki': 'red', 'Ben': 'blue', 'Chie': 'white'}
    >>> read_mapping("red=4,9 blue=3/8", Option("king_numbers", None, "{…}"), ["Aki", "Ben"])
    {'red': [4, 9], 'blue': [3, 8]}
    >>> read_mapping("tr=4", Option("flip_limits", {"trickster": 3, "seeker": 3}, ""), [])
    {'trickster': 4}
    """
    text = text.replace("＝", "=").replace("、", ",").replace("，", ",")
    pairs: dict[str, Any] = {}
    last = None
    for word in (w for w in re.split(r"[\s,]+", text) if w):
        key, sep, value = word.partition("=")
        if not sep:  # a list written with commas: red=4,9
            if last is None or not re.fullmatch(r"[+-]?\d+", word):
                raise Unreadable(
                    "Write pairs like {example}, not {typed}.", example=_example(option, players), typed=word
                )
            before = pairs[last]
            pairs[last] = [*(before if isinstance(before, list) else [before]), int(word)]
            continue
        if not key or not value:
            raise Unreadable("Write pairs like {example}, not {typed}.", example=_example(option, players), typed=word)
        if isinstance(option.default, Mapping):
            known = [str(k) for k in option.default]
            found = one_of(key, known)
            if found is None:
                raise Unreadable("{typed} is none of {known}.", typed=key, known=", ".join(known))
            key = found
        else:
            key = one_of(key, players) or key
        if option.choices and all(isinstance(c, str) for c in option.choices):
            found = one_of(value, list(option.choices))
            if found is None:
                raise Unreadable("{typed} is none of {known}.", typed=value, known=", ".join(option.choices))
            pairs[key] = found
        else:
            pairs[key] = number_or_word(value)
        last = key
    return pairs


def _example(option: Option, players: list[str]) -> str:
    """A line of two pairs for ``option``, from its default, its choices or the players."""
    if isinstance(option.default, Mapping) and option.default:
        return mapping_words(dict(list(option.default.items())[:2]))
    names = (players or SAMPLE_NAMES)[:2]
    values = [str(c) for c in option.choices[: len(names)]] or [str(n + 4) for n in range(len(names))]
    return " ".join(f"{k}={v}" for k, v in zip(names, values, strict=False))


def _same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b)


class Form(VerticalScroll, can_focus=False):
    """The form scrolls to whatever has the focus; it is no stop of its own for Tab."""


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


class NewGameScreen(Page):
    KEYS_IN_TURN = True  # keys typed while it opens or rebuilds its options wait their turn (screens.turns)
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="new.back"),
        Binding(START_KEY, "start", "Start the game", id="new.start"),
    ]
    known: list[str] = []  # names from earlier sessions
    games_in = ""  # the language the game list is written in
    built: tuple[str, str] = ("", "")  # the game and language the option widgets were made for
    fields: dict[str, Option] = {}  # the widget id of each option shown
    waiting: dict[str, Any] = {}  # a player chosen before the language changed, by widget id

    def compose(self) -> ComposeResult:
        self.games_in = self.app.lang
        self.fields, self.waiting = {}, {}
        yield Header()
        yield Static(id="title", classes="title")
        with Form(id="form"):
            with Horizontal(classes="field"):
                yield Static(id="game-label", classes="field-label")
                yield Select(
                    [(game_name(g, self.app.lang), g) for g in ids()],
                    value=ids()[0],
                    allow_blank=False,
                    id="game",
                    compact=True,
                )
            with Horizontal(classes="field"):
                yield Static(id="players-label", classes="field-label")
                yield PlainInput(id="players", compact=True)
            yield Static("", id="setup", classes="hint")
            yield Vertical(id="game-options")
            yield Static("", id="advanced-label", classes="hint")
            yield PlainInput(id="options", compact=True)
            yield Button("", id="start", compact=True)
        yield Static("", id="status")
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        # the players' line has the focus at once: keys typed while the known names load stay there
        self.query_one("#players", Input).focus()
        self.relabel()
        await self.build()
        with self.kept_open():
            self.known = await self.app.db(self.app.sessions.players)
            self.show_players()  # the known names in the placeholder

    # what the form shows -------------------------------------------------------------------------
    def game(self) -> Game:
        return get(str(self.query_one("#game", Select).value))

    def names(self) -> list[str]:
        return [p.strip() for p in self.query_one("#players", Input).value.split(",") if p.strip()]

    def start_key(self) -> str:
        settings = getattr(self.app, "settings", None)
        keymap = getattr(settings, "keymap", None) or {}
        return keymap.get("new.start", START_KEY)

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#title", Static).update(self.t("New game"))
        self.query_one("#game-label", Static).update(self.t("Game"))
        self.query_one("#players-label", Static).update(self.t("Players"))
        self.query_one("#advanced-label", Static).update(
            self.t("Advanced, never needed: more header fields as JSON (they win over the form)")
        )
        self.query_one("#start", Button).label = self.t("Start the game ({key})", key=self.start_key())
        game = self.query_one("#game", Select)
        if self.games_in != self.app.lang:  # set only when needed: it would close a list being chosen from
            chosen = game.value
            with game.prevent(Select.Changed):
                game.set_options([(game_name(g, self.app.lang), g) for g in ids()])
                game.value = chosen
            self.games_in = self.app.lang
        if self.built[0] and self.built != (str(game.value), self.app.lang):
            self.run_worker(self.build(keep=True), group="build", exclusive=True)
        self.show_players()

    async def build(self, keep: bool = False) -> None:
        """The chosen game's options as widgets: header fields first, then house rules; with
        ``keep``, each keeps what it was set to (the language changed, not the game)."""
        try:
            await self._build(keep)
        except NoMatches:  # the screen was closed while its options were being made
            return

    async def _build(self, keep: bool) -> None:
        game, lang = self.game(), self.app.lang
        kept = self.raw() if keep else {}
        box = self.query_one("#game-options", Vertical)
        await box.remove_children()
        options = game.options(lang)
        self.fields, self.waiting = {}, {}
        widgets: list[Widget] = []
        for house_rule, heading in ((False, "Options"), (True, "House rules")):
            chosen = [o for o in options if o.house_rule == house_rule]
            if chosen:
                widgets.append(Static(self.t(heading), classes="form-section"))
            widgets += [self.option_widget(game, o, kept.get(f"opt-{o.name}")) for o in chosen]
        await box.mount_all(widgets)
        self.built = (game.id, lang)
        self.show_players()

    def option_widget(self, game: Game, option: Option, kept: Any = None) -> Widget:
        """One option: its explanation (with the default when it does not say it) and its widget."""
        lang, wid, how = self.app.lang, f"opt-{option.name}", option.typed_as()
        self.fields[wid] = option
        text = in_words(option.text(lang))
        if "default" not in text and "既定" not in text and how == "switch":
            text += self.t(" (default: {value})", value=option.label(option.default, lang))
        explain = Static(plain(self.t("{name}: {text}", name=option.name, text=text)), classes="explain")
        if how == "switch":
            on = bool(option.default if kept is None else kept)
            box = OnOff((option.label(False, lang), option.label(True, lang)), on, id=wid, compact=True)
            return Horizontal(box, explain, classes="option switch")
        widget: Widget
        if how == "choice":
            rows = [
                (
                    self.t("{name} (default)", name=option.label(c, lang))
                    if _same(c, option.default)
                    else option.label(c, lang),
                    i,
                )
                for i, c in enumerate(option.choices)
            ]
            default = next((i for i, c in enumerate(option.choices) if _same(c, option.default)), 0)
            widget = Select(rows, value=default if kept is None else kept, allow_blank=False, id=wid, compact=True)
        elif how == "player":
            widget = Select([], allow_blank=True, id=wid, compact=True)
            self.waiting[wid] = kept  # chosen again once the players are in its list
        else:
            start = mapping_words(option.default) if isinstance(option.default, Mapping) else ""
            widget = PlainInput(start if kept is None else kept, id=wid, compact=True)
        return Vertical(explain, widget, classes="option")

    def show_players(self) -> None:
        """What follows from the players typed: the placeholder, the setup card, the lists of
        players and the examples of the ``key=value`` lines."""
        if not self.is_mounted:
            return
        game, lang, names = self.game(), self.app.lang, self.names()
        counts = "–".join(str(n) for n in sorted({min(game.players), max(game.players)}))
        sample = ", ".join((self.known or SAMPLE_NAMES)[: max(game.players)])
        self.query_one("#players", Input).placeholder = self.t(
            "Players in seat order ({counts}): {names}", counts=counts, names=visible(sample, one_line=True)
        )
        self.query_one("#setup", Static).update(plain(self.t("Setup: {card}", card=game.setup(len(names), lang))))
        self.query_one("#options", Input).placeholder = '{"settings": {…}}'
        shown = [visible(n, one_line=True) for n in names]
        for wid, option in self.fields.items():
            how = option.typed_as()
            found = self.query(f"#{wid}")
            if not found:
                continue
            widget = found.first()
            if how == "player" and isinstance(widget, Select):
                first = game.first_player({"players": names}) if names and option.default is None else option.default
                chosen = widget.value if widget.value in names else self.waiting.get(wid)
                widget.prompt = (
                    self.t("{name} (default)", name=visible(first, one_line=True))
                    if first
                    else self.t("(default) — type the players first")
                )
                with widget.prevent(Select.Changed):
                    widget.set_options(list(zip(shown, names, strict=True)))
                    if chosen in names:
                        widget.value = chosen
            elif how == "mapping" and isinstance(widget, Input):
                widget.placeholder = self.t("e.g. {example}", example=_example(option, shown))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":
            self.run_worker(self.build(), group="build", exclusive=True)

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
        for name in names if isinstance(names, list) else []:
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
                return False
        return True

    def raw(self) -> dict[str, Any]:
        """Each option widget's state as set: a list's row, a switch, a line."""
        out: dict[str, Any] = {}
        for wid in self.fields:
            found = self.query(f"#{wid}")
            if found:
                widget = found.first()
                if isinstance(widget, Select):
                    out[wid] = None if widget.is_blank() else widget.value
                elif isinstance(widget, (Checkbox, Input)):
                    out[wid] = widget.value
        return out

    def chosen(self, names: list[str]) -> dict:
        """The options set away from their defaults, as header fields and ``settings``; a line the
        form cannot read raises ``Unreadable``."""
        header: dict[str, Any] = {}
        raw = self.raw()
        for wid, option in self.fields.items():
            how, value = option.typed_as(), raw.get(wid)
            if value is None:
                continue
            if how == "choice":
                value = option.choices[value]
            elif how == "mapping" or how == "text":
                text = str(value).strip()
                if not text:
                    continue
                try:
                    value = read_mapping(text, option, names) if how == "mapping" else number_or_word(text)
                except Unreadable as err:
                    reason = self.t(err.label, **err.values)
                    raise Unreadable("{option}: {reason}", option=option.name, reason=reason) from None
                if how == "mapping" and isinstance(option.default, Mapping):
                    value = {**option.default, **value}
            if _same(value, option.default) or (how == "player" and value is None):
                continue
            (header.setdefault("settings", {}) if option.house_rule else header)[option.name] = value
        return header

    def header(self) -> dict | None:
        """The players and options as set, or None (with the reason shown) if they cannot be."""
        names = self.names()
        if not self.names_fine(names):
            return None
        header: dict = {"players": names}
        try:
            header.update(self.chosen(names))
        except Unreadable as err:
            self.refuse(self.t(err.label, **err.values))
            return None
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
                        example='{"settings": {…}}',
                        error=options if isinstance(options, Exception) else self.t("not an object"),
                    )
                )
                return None
            settings = {**header.get("settings", {}), **(options.get("settings") or {})}
            header.update(options)
            if settings and isinstance(options.get("settings", {}), dict):
                header["settings"] = settings
        if not self.names_fine(header["players"]):
            return None
        return header

    async def start(self) -> None:
        game = self.query_one("#game", Select).value
        sid = None
        self.clear_status()
        with self.kept_open():  # a value the rules refuse, a busy database …
            header = self.header()
            if header is not None:
                sid = await self.app.db(self.app.sessions.create, game, header)
        if sid is None:
            return  # the status line says why; everything typed stays
        self.app.pop_screen()
        await self.app.push_screen(SessionScreen(sid))
