"""The table screen: the board, the standings, what was recorded, and the entry line.

An entry is checked by the rules before it is stored; a refusal appears in red with its reason,
what was typed stays in the line, and F2 opens the rule it breaks. Nothing typed closes the
screen: a database held by another program, or a line no parser expected, is refused the same way.
Every name and typed line is shown as text (``screens.plain``), never as markup or terminal codes.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Footer, Header, Input, ListItem, ListView, Static

from companion.suggest import completions
from scoring.errors import RuleViolation
from scoring.game import Game, Position
from scoring.registry import get
from scoring.registry import name as game_name
from screens.boards import board_for
from screens.help import HelpScreen
from screens.page import Page
from screens.picker import CardPicker
from screens.plain import PlainInput, plain, visible
from screens.rules import RulesScreen
from screens.scoreboard import ScoreboardScreen


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
        self.game: Game | None = None  # known once the session is read
        self.position: Position | None = None
        self.last_rule: str | None = None
        self.shown: list = []  # the entries already in the list on screen
        self.shown_lang = ""

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
            "Type an entry, Enter to record (F1 help, F3 pick, ctrl+z undo, F2 rule)"
        )

    async def refresh_view(self) -> None:
        lang = self.app.lang
        info, position = await self.app.db(self.app.sessions.snapshot, self.sid, lang)
        self.game = get(info.game)
        self.position = position
        scored = position.scored
        entries = list(position.entries)
        state = self.t("finished") if info.finished else self.t("{n} entries", n=info.entries)
        if info.problem is not None:
            state = self.t("read-only")
        players = ", ".join(visible(p, one_line=True) for p in info.players)
        self.query_one("#heading", Static).update(
            plain(f"{self.t('Session')} {self.sid} — {game_name(info.game, lang)} — {players} ({state})")
        )
        board = await self.app.db(board_for, position, lang)
        self.query_one("#board", Static).update(plain(board.text))
        # a board that carries the totals needs the whole width of a narrow terminal
        table = self.query_one("#standings", DataTable)
        table.display = not (board.totals and self.app.size.width < 120)
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
        new = entries[len(self.shown) :]
        if new:
            await view.extend(
                ListItem(Static(plain(f"{n:>4}  {self.describe(e)}", one_line=True)))
                for n, e in enumerate(new, start=len(self.shown) + 1)
            )
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
        """An entry as the table screen lists it: the line a player would type for it."""
        return self.game.shown(entry, self.app.lang) if self.game else str(entry)

    def show(self, text: str, refused: bool) -> None:
        status = self.query_one("#status", Static)
        status.update(plain(text))
        status.set_class(refused, "refused")

    def refuse(self, text: str) -> None:
        self.show(text, refused=True)

    def on_input_changed(self, event: Input.Changed) -> None:
        """A line whose card must stay hidden (a LOUDER TRICKSTAR placement) is typed masked, since
        the whole table sees the screen; the status line echoes only what the table may know."""
        public = self.game.hidden(event.value) if self.game else None
        event.input.password = public is not None
        if public is not None:
            self.show(self.t("Typed (the card stays hidden): {line}", line=public), refused=False)

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
                if self.game is None or self.position is None:
                    return False  # the session is still being read
                entry = self.game.parse(line, self.position)
                await self.app.db(self.app.sessions.record, self.sid, entry)
                return True
            except RuleViolation as err:
                self.last_rule = err.rule
                reason = err.message(self.app.lang)
                if self.game is not None:  # a hidden placement: never echo its card
                    reason = self.game.mask(reason, line, self.app.lang)
                self.refuse(self.t("{reason}  (F2: rule {rule})", reason=reason, rule=err.rule))
        return False

    async def action_undo(self) -> None:
        with self.kept_open():
            entry = await self.app.db(self.app.sessions.undo, self.sid)
            self.show(
                self.t("Undone: {entry}", entry=self.describe(entry)) if entry else self.t("Nothing to undo."),
                refused=False,
            )
            await self.refresh_view()

    async def action_redo(self) -> None:
        with self.kept_open():
            entry = await self.app.db(self.app.sessions.redo, self.sid)
            self.show(
                self.t("Redone: {entry}", entry=self.describe(entry)) if entry else self.t("Nothing to redo."),
                refused=False,
            )
            await self.refresh_view()

    async def action_pick(self) -> None:
        """F3: the game's legal moves for the line as typed (``companion.suggest``): what may come
        next, what continues the line (after a Trickster hero card, what its effect does), or the
        choices for the word being typed."""
        entry = self.query_one("#entry", Input)
        typed = entry.value
        choices: list[tuple[str, str, str]] = []
        listed = False
        with self.kept_open():
            if self.position is not None:
                choices = await self.app.db(completions, self.position, typed, self.app.lang)
            listed = True
        if not listed:
            return  # the status line says why
        if not choices:
            if typed.strip():
                self.show(
                    self.t("Nothing to add to this line: Enter records it, or clear it to pick what comes next."),
                    refused=False,
                )
            else:
                self.show(self.t("Nothing to pick here: type the entry (F1 shows how)."), refused=False)
            return
        if typed.strip():
            title = self.t("Pick what completes the line (type to narrow)")
        else:
            title = self.t("Pick what comes next (type to narrow)")
        lines = {pick: line for pick, _, line in choices}

        def insert(pick: str | None) -> None:
            if pick:
                entry.value = lines[pick]
                entry.cursor_position = len(entry.value)
                entry.focus()

        self.app.push_screen(CardPicker([(pick, label) for pick, label, _ in choices], title), insert)

    def action_help(self) -> None:
        if self.game is not None:
            self.app.push_screen(HelpScreen(self.game.id))

    def action_open_rule(self) -> None:
        self.app.push_screen(RulesScreen(self.game.id if self.game else None, self.last_rule))

    def action_scoreboard(self) -> None:
        self.app.push_screen(ScoreboardScreen(self.sid))

    def action_export(self) -> None:
        from screens.export import ExportScreen  # here: the exports load SQLAlchemy, after the table is up

        self.app.push_screen(ExportScreen(self.sid))
