"""The table screen: the board, the standings, what was recorded, and the entry line.

An entry is checked by the rules before it is stored; a refusal appears in red with its reason,
what was typed stays in the line, and F2 opens the rule it breaks. Nothing typed closes the
screen: a database held by another program, or a line no parser expected, is refused the same way.
Every name and typed line is shown as text (``screens.plain``), never as markup or terminal codes.
"""

from __future__ import annotations

import json

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Footer, Header, Input, ListItem, ListView, Static

from companion.quick import kings_line, line_for, phantom_line, quick, sheriff_line
from scoring.errors import RuleViolation
from screens.boards import board_for
from screens.labels import game_name
from screens.page import Page
from screens.plain import PlainInput, plain, visible


class SessionScreen(Page):
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", id="session.undo"),
        Binding("ctrl+y", "redo", "Redo", id="session.redo"),
        Binding("f1", "help", "Help", id="session.help"),
        Binding("f2", "open_rule", "Rule", id="session.rule"),
        Binding("f3", "pick", "Pick", id="session.pick"),
        Binding("f5", "scoreboard", "Scores", id="session.scoreboard"),
        Binding("f6", "export", "Export", id="session.export"),
        Binding("escape", "app.pop_screen", "Home", id="session.home"),
    ]

    def __init__(self, sid: int) -> None:
        super().__init__()
        self.sid = sid
        self.game = ""
        self.to_play: str | None = None
        self.last_rule: str | None = None
        self.shown: list = []  # the entries already in the list on screen
        self.shown_lang = ""
        self.record: dict = {}

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="heading", classes="title")
        with Horizontal(id="top"):
            yield Static("", id="board")
            yield DataTable(id="standings", cursor_type="none", zebra_stripes=True)
        yield ListView(id="entries")
        yield Static("", id="status")
        yield PlainInput(id="entry")
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        self.relabel()
        with self.kept_open():
            await self.refresh_view()
        self.query_one("#entry", Input).focus()

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#entry", Input).placeholder = self.t(
            "Type an entry, Enter to record (F1 help, F3 pick, ctrl+z undo, F2 rule)")

    async def refresh_view(self) -> None:
        lang = self.app.lang
        info, entries, record, scored = await self.app.db(self.app.sessions.snapshot, self.sid, lang)
        self.game = info.game
        self.record = record
        state = self.t("finished") if info.finished else self.t("{n} entries", n=info.entries)
        if info.problem is not None:
            state = self.t("read-only")
        players = ", ".join(visible(p, one_line=True) for p in info.players)
        self.query_one("#heading", Static).update(
            plain(f"{self.t('Session')} {self.sid} — {game_name(info.game, lang)} — {players} ({state})"))
        text, self.to_play = await self.app.db(board_for, info.game, record, scored, lang)
        self.query_one("#board", Static).update(plain(text))
        # the KINGs board carries the totals; on a narrow terminal it needs the whole width
        table = self.query_one("#standings", DataTable)
        table.display = not (info.game == "kings" and "draft" in record and self.app.size.width < 120)
        table.clear(columns=True)
        rounds = max((len(s.rounds) for s in scored.table.standings), default=0)
        table.add_columns(self.t("rank"), self.t("player"), *[f"R{i + 1}" for i in range(rounds)], self.t("total"))
        for s in scored.table.standings:
            table.add_row(s.rank, plain(s.player, one_line=True), *s.rounds, s.total)
        view = self.query_one("#entries", ListView)
        if entries[: len(self.shown)] != self.shown or self.shown_lang != lang:  # an undo, an edit, a new language
            await view.clear()
            self.shown = []
            self.shown_lang = lang
        new = entries[len(self.shown):]
        if new:
            await view.extend(ListItem(Static(plain(f"{n:>4}  {self.describe(e)}", one_line=True)))
                              for n, e in enumerate(new, start=len(self.shown) + 1))
            self.shown = list(entries)
        view.scroll_end(animate=False)
        if info.problem is not None:  # stored entries that no longer replay: say why, change nothing
            self.last_rule = info.problem.rule
            problem = info.problem
            self.refuse(self.t("{reason}  (F2: rule {rule})", reason=problem.message(lang), rule=problem.rule))
        elif info.finished:
            ended = " ".join([self.t("The game is over."), *scored.table.tiebreaks_in(lang)])
            self.show(ended, refused=False)

    def describe(self, entry: object) -> str:
        """An entry as the line a player would type for it."""
        from scoring.entries import is_kings_play

        if isinstance(entry, dict) and self.game == "kings" and is_kings_play(entry):
            return kings_line(entry)
        if isinstance(entry, dict) and self.game == "trickster":
            return line_for(entry)
        if isinstance(entry, dict) and self.game == "sheriff":
            return sheriff_line(entry)
        if isinstance(entry, dict) and self.game == "phantom" and isinstance(entry.get("played"), dict):
            return phantom_line(entry)
        if isinstance(entry, dict) and self.game == "louder":
            # never the true placed card: everyone at the table can see this screen
            if "place" in entry:
                at = entry.get("at", ["?", "?"])
                return self.t("placed a card at {x},{y}, saying {says}", x=at[0], y=at[1], says=entry.get("says", "—"))
            if "use" in entry:
                return f"use {entry['use']} " + " ".join(f"{x},{y}" for x, y in entry.get("flip", []))
            if "draw" in entry:
                return "draw"
            if "hands" in entry:
                return self.t("hands revealed")
        text = json.dumps(entry, ensure_ascii=False)
        return text if len(text) <= 200 else text[:197] + "…"

    def show(self, text: str, refused: bool) -> None:
        status = self.query_one("#status", Static)
        status.update(plain(text))
        status.set_class(refused, "refused")

    def refuse(self, text: str) -> None:
        self.show(text, refused=True)

    def on_input_changed(self, event: Input.Changed) -> None:
        """LOUDER TRICKSTAR: a placement's true card is typed hidden, since the whole table sees the
        screen; the status line echoes only what the table may know."""
        if self.game != "louder":
            return
        words = event.value.split()
        hidden = bool(words) and words[0].lower() == "place"
        event.input.password = hidden
        if hidden:
            public = ["place", "■" if len(words) > 1 else "", *words[2:]]
            self.show(self.t("Typed (the card stays hidden): {line}", line=" ".join(w for w in public if w)),
                      refused=False)

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if not await self.record_line(event.value):
            return  # what was typed stays in the line
        event.input.value = ""
        event.input.password = False
        self.show("", refused=False)
        with self.kept_open():
            await self.refresh_view()

    async def record_line(self, line: str) -> bool:
        """Record a typed line; False, with the reason in the status line, if it was not recorded."""
        self.last_rule = None
        with self.kept_open():
            try:
                entry = quick(line, self.game, to_play=self.to_play)
                await self.app.db(self.app.sessions.record, self.sid, entry)
                return True
            except RuleViolation as err:
                self.last_rule = err.rule
                reason = err.message(self.app.lang)
                if self.query_one("#entry", Input).password:  # a hidden placement: never echo its card
                    reason = _hidden(reason, line)
                self.refuse(self.t("{reason}  (F2: rule {rule})", reason=reason, rule=err.rule))
        return False

    async def action_undo(self) -> None:
        with self.kept_open():
            entry = await self.app.db(self.app.sessions.undo, self.sid)
            self.show(self.t("Undone: {entry}", entry=self.describe(entry)) if entry else self.t("Nothing to undo."),
                      refused=False)
            await self.refresh_view()

    async def action_redo(self) -> None:
        with self.kept_open():
            entry = await self.app.db(self.app.sessions.redo, self.sid)
            self.show(self.t("Redone: {entry}", entry=self.describe(entry)) if entry else self.t("Nothing to redo."),
                      refused=False)
            await self.refresh_view()

    async def action_pick(self) -> None:
        """F3: after a Trickster hero card, the moves its effect names; otherwise the cards."""
        from companion.suggest import candidate_cards, effect_targets
        from screens.picker import CardPicker

        entry = self.query_one("#entry", Input)
        lang = self.app.lang
        choices, title, listed = [], self.t("Pick a card (type to narrow)"), False
        with self.kept_open():
            if self.game == "trickster" and entry.value.strip():
                choices = await self.app.db(effect_targets, self.record, entry.value, self.to_play, lang)
                title = self.t("Pick what the effect does (type to narrow)")
            if not choices:
                choices = await self.app.db(candidate_cards, self.game, self.record, lang)
                title = self.t("Pick a card (type to narrow)")
            listed = True
        if not listed:
            return  # the status line says why
        if not choices:
            self.show(self.t("Nothing to pick here: type the entry (F1 shows how)."), refused=False)
            return

        def insert(text: str | None) -> None:
            if text:
                entry.value = (entry.value.rstrip() + " " + text).strip()
                entry.cursor_position = len(entry.value)
                entry.focus()

        self.app.push_screen(CardPicker(choices, title), insert)

    def action_help(self) -> None:
        from screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.game or "trickster"))

    def action_open_rule(self) -> None:
        from screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game or "trickster", self.last_rule))

    def action_scoreboard(self) -> None:
        from screens.scoreboard import ScoreboardScreen

        self.app.push_screen(ScoreboardScreen(self.sid))

    def action_export(self) -> None:
        from screens.export import ExportScreen

        self.app.push_screen(ExportScreen(self.sid))


def _hidden(reason: str, line: str) -> str:
    """A refusal of a hidden LOUDER placement with the placed card left out: the whole table sees
    the screen. The card is the word after ``place``; its code and its name are masked.

    >>> _hidden("A 14th Trap 0 (trap:0): the deck holds 13.", "place trap:0 at 1,0")
    'A 14th ■ (■): the deck holds 13.'
    """
    words = line.split()
    if len(words) < 2:
        return reason
    code = words[1].lower()
    kind, _, number = code.partition(":")
    for shown in (code, f"{kind.capitalize()} {number}".strip(), f"{kind.capitalize()}{number}"):
        if shown:
            reason = reason.replace(shown, "■")
    return reason
