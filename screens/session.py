"""The table screen: the board, the standings, what was recorded, and the entry line.

The entry line is type-ahead over the game's legal moves (``screens.widgets.entry``): the choices for
the line as typed are listed above it, numbered when a digit takes them, and Enter records the
line or takes the first choice. After each entry the status line says what happened (the game's
``told``) and what comes next (``prompt``). An entry of the log is changed in place: select it
(F4 or ↑, or click it), change the line, Enter; everything after it is checked again.

An entry is checked by the rules before it is stored; a refusal appears in red with its reason,
what was typed stays in the line, and F2 opens the rule it breaks. Nothing typed closes the
screen: a database held by another program, or a line no parser expected, is refused the same way.
Every name and typed line is shown as text (``screens.widgets.plain``), never as markup or terminal codes.

F9 stops the game's clock (dinner, a phone call) and starts it again: the heading says "paused"
meanwhile, and the time sent to BG Stats and BGG leaves the pause out; the next entry starts the
clock again too. ctrl+n changes where the game is played and the table's notes (``screens.notes``).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Footer, Header, Input, OptionList, Static

from companion.store.errors import MovedOn
from companion.table.suggest import completions
from companion.table.typeahead import TypeAhead
from companion.table.view import TableView, table_view
from companion.text import sentences, shortened
from companion.words import N_, round_head, tn
from companion.words.formats import join
from scoring import contract
from scoring.contract import Game
from scoring.errors import RuleViolation
from scoring.game import Position
from scoring.registry import get
from scoring.rulesbook import title as rule_title
from scoring.words import say
from screens.help import HelpScreen
from screens.picker import CardPicker
from screens.rules import RulesScreen
from screens.scoreboard import ScoreboardScreen
from screens.widgets.choices import layout
from screens.widgets.entry import EntryLine
from screens.widgets.log import EntryLog
from screens.widgets.page import Page
from screens.widgets.plain import plain, visible

if TYPE_CHECKING:
    from companion.store.sessions import Live, SessionInfo  # the store's code loads behind the first screen


STATUS_LINES = 3  # what the status line says after an entry fits this many lines
LOG_INDENT = 6  # the log's column after an entry's number: a long line goes on there

Said = str | Callable[[], str]  # what the status line says: a callable says it in the language of the moment


class SessionScreen(Page):
    CSS_PATH = "session.tcss"  # its own styles, read when it first opens (not before the home screen paints)
    # actions the entry line runs in turn (``in_turn``); those that open another screen hold the
    # keys pressed after them for it (``holds_keys``)
    ORDERED = (
        "undo",
        "redo",
        "edit",
        "back",
        "log",
        "help",
        "open_rule",
        "pick",
        "scoreboard",
        "export",
        "phones",
        "pause",
        "notes",
    )
    SCREEN_CHANGING = ("back", "log", "help", "open_rule", "pick", "scoreboard", "export", "phones", "notes")
    CHOOSING = ("up", "down", "pageup", "pagedown", "home", "end", "enter", "escape")  # while choosing an entry
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", id="session.undo"),
        Binding("ctrl+y", "redo", "Redo", show=False, id="session.redo"),
        Binding("f1", "help", "Help", id="session.help"),
        Binding("f2", "open_rule", "Rule", show=False, id="session.rule"),
        Binding("f3", "pick", "Pick", show=False, id="session.pick"),  # in the entry line's placeholder
        Binding("f4", "edit", "Edit", id="session.edit"),
        Binding("up", "edit", "Edit", show=False, id="session.edit_up"),
        Binding("f7", "log", "Log", id="session.log"),
        Binding("f5", "scoreboard", "Scores", id="session.scoreboard"),
        Binding("f6", "export", "Export", id="session.export"),
        # not in the footer, which has no room left at 80 columns: F1's keys and the palette name it
        Binding("f8", "phones", "Show on phones", show=False, id="session.phones"),
        Binding("f9", "pause", "Pause", show=False, id="session.pause"),  # a function key: letters type
        Binding("ctrl+n", "notes", "Place and notes", show=False, id="session.notes"),
        Binding("escape", "back", "Home", id="session.home"),
    ]

    def __init__(self, sid: int) -> None:
        super().__init__()
        self.sid = sid
        self.game: Game | None = None  # known once the session is read
        self.position: Position | None = None
        #: the last news the status line gave (the position, the one before it, what the key did,
        #: what was heard from elsewhere), to say it again in another language
        self.spoken: tuple[Position, Position | None, Said, Said] | None = None
        self.finished = False
        self.last_rule: str | None = None
        self.shown: list = []  # the entries already in the list on screen
        self.shown_lang = ""
        self.editing: int | None = None  # the index of the entry being changed
        self.names: list[str | None] = []  # who made each entry of the log, once worked out
        self._live: Live | None = None  # the session as the engine follows it since it was opened
        self.refused_line: str | None = None  # the line last refused, while the status line says why
        self.one_change = asyncio.Lock()  # one change to the session at a time (a click and a key)
        self.drawn: dict[str, str] = {}  # what the heading and the board show now
        self.heights: dict[str, tuple[int, int] | None] = {}  # per Static drawn, its width and lines now
        self.standings_shown: tuple | None = None  # the standings in the table now, and their language
        self.choices_height = 1  # lines the choices take now
        self.choosing = False  # the log's cursor picks an entry to change (F4 or ↑), keys move it
        self.behind = False  # the session changed elsewhere since the screen last followed it
        self.following = False  # the screen is catching up with it (``catch_up``)

    @property
    def live(self) -> Live | None:
        """The session as the engine follows it since it was opened."""
        return self._live

    @live.setter
    def live(self, live: Live | None) -> None:
        self._live = live
        serving = getattr(self.app, "serving", None)  # the phones' server (F8), when it runs
        if live is not None and serving is not None:
            serving.offer(self.sid, live)  # its pages take this position, stepping nothing again

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="heading", classes="title")
        with Horizontal(id="top"):
            yield Static("", id="board")
            yield DataTable(id="standings", cursor_type="none", zebra_stripes=True)
        yield EntryLog(id="entries")
        yield Static("", id="choices", classes="hint")
        yield Static("", id="status")
        yield EntryLine(id="entry")
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        self.relabel()
        self.query_one("#entries", EntryLog).anchor()  # the last entries stay in view as the status line grows
        with self.kept_open():
            await self.refresh_view(reload=True)
        self.query_one("#entry", Input).focus()
        self.app.watch_tables()  # entries made elsewhere are followed from now on (``heard``)

    def key_of(self, action: str, default: str) -> str:
        """The key that runs ``action`` now, as the footer shows it (remapped keys included)."""
        found = [(key, a) for key, a in self.bound_keys.items() if a.binding.action == action]
        for key, active in sorted(found, key=lambda f: not f[1].binding.show):  # the footer's key first
            return self.app.get_key_display(active.binding) or key
        return default

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#entry", Input).placeholder = self.t(
            "Type an entry, Enter to record ({help} help, {pick} pick, {undo} undo, {edit} edit)",
            help=self.key_of("help", "f1"),
            pick=self.key_of("pick", "f3"),
            undo=self.key_of("undo", "ctrl+z"),
            edit=self.key_of("edit", "f4"),
        )

    async def refresh_view(
        self, before: Position | None = None, said: Said = "", reload: bool = False, heard: Said = ""
    ) -> None:
        """Everything the screen shows, for the session as it now stands (read whole from the store
        and replayed once with ``reload``, when the screen opens), from one view of it worked out
        aside (``companion.table.view``): this only draws. The status line says ``said`` (what the
        last key did), and what comes next; ``before``, the position before the entry just
        recorded, adds what that entry did (the game's ``told``); ``heard``, what was done to the
        session elsewhere, comes first."""
        lang = self.app.lang
        news = self.spoken
        again = self.relanguaging and not (before or said or heard) and self.live is not None
        if again and news is not None and news[0] is self.live.position:  # the same news, said anew
            _, before, said, heard = news
        if reload or self.live is None:
            self.live = await self.app.db(self.app.sessions.open, self.sid)
            if self.live.repaired:
                fixed = self.t("The standings stored with this session were out of date: corrected.")
                said = sentences([said() if callable(said) else said, fixed])
        info, position = self.live.info, self.live.position
        self.spoken = (position, before, said, heard)
        said = said() if callable(said) else said
        heard = heard() if callable(heard) else heard
        followed = before if before is not None and len(position.entries) == len(before.entries) + 1 else None
        view = await self.app.db(table_view, position, followed, lang, info.problem)
        self.game = self.query_one("#entry", EntryLine).game = get(view.game)
        told: list[str] = []
        if followed is not None:
            told = list(view.told)
            if len(self.names) >= len(followed.entries):  # else the log's names are worked out aside
                self.names = [*self.names[: len(followed.entries)], self.game.to_play(followed)]
        self.position = position
        self.finished = view.finished
        self.draw_heading(view)
        self.update_once("#board", view.board.text)
        # a board that carries the totals needs the whole width of a narrow terminal
        table = self.query_one("#standings", DataTable)
        table.display = not (view.board.totals and self.app.size.width < 120)
        self.draw_standings(view)
        entries = list(position.entries)
        self.show_log(entries, lang)
        self.names = self.names[: len(entries)]
        if len(self.names) < len(entries):  # whose each entry was: worked out aside, then shown
            self.run_worker(self.name_entries(position), group="names", exclusive=True)
        if self.editing is not None and self.editing < len(entries):  # a change under way goes on
            self.start_typing(self.game.replay(position.header, entries[: self.editing]))
        else:
            self.editing = None
            self.start_typing()
        self.draw_status(view, [*told, said], heard)

    def draw_heading(self, view: TableView) -> None:
        """Session, game (and variant, who starts), players and state, on one line: the box's short
        name where the whole line would not fit."""
        if view.problem is not None:
            state = self.t("read-only")
        elif view.finished:
            state = self.t("finished")
        else:
            state = tn("{n} entry", "{n} entries", view.entries, self.app.lang)
        if self.live is not None and self.live.info.paused:
            state = self.t("{state}, paused", state=state)
        players = join((visible(p, one_line=True) for p in view.players), self.app.lang)

        session = self.t("Session")

        def heading(title: str) -> str:
            title = f"{title} ({view.beside})" if view.beside else title
            return f"{session} {self.sid} — {title} — {players} ({state})"

        line = heading(view.title)
        if cell_len(line) > self.app.size.width - 2:
            line = heading(view.short)
        self.update_once("#heading", line)

    def draw_standings(self, view: TableView) -> None:
        """The standings table, drawn again only when they changed (most entries leave them be)."""
        lang = self.app.lang
        if self.standings_shown == (view.standings, lang):
            return
        self.standings_shown = (view.standings, lang)
        table = self.query_one("#standings", DataTable)
        table.clear(columns=True)
        rounds = max((len(s.rounds) for s in view.standings.places), default=0)
        heads = [round_head(i + 1, lang) for i in range(rounds)]
        table.add_columns(self.t("rank"), self.t("player"), *heads, self.t("total"))
        for s in view.standings.places:
            table.add_row(s.rank, plain(s.player, one_line=True), *s.rounds, s.total)

    def draw_status(self, view: TableView, said: list[str], heard: str = "") -> None:
        """What the status line says: a change under way, why a read-only session is so, who won,
        or what the last key did and what comes next; first what was done elsewhere (``heard``).
        ``said`` is what the last entry did, a sentence a part, then what the key did."""
        said = [part for part in said if part]
        if self.editing is not None:
            self.tell(self.fitted(said, [self.changing(self.editing)], heard))
        elif view.problem is not None:  # stored entries that no longer replay: say why, change nothing
            self.last_rule = view.problem.rule
            self.refuse(
                self.t(
                    "{reason}  ({key}: the rule “{rule}”)",
                    reason=view.problem.message(self.app.lang),
                    key=self.key_of("open_rule", "f2"),
                    rule=rule_title(view.problem.rule, self.app.lang),
                )
            )
        elif view.finished:
            keys = {"scores": self.key_of("scoreboard", "f5"), "export": self.key_of("export", "f6")}
            shows = self.t("{scores} shows the scoreboard, {export} exports it.", **keys)
            if said:  # the entry that ended the game: its last sentence says who won, and stays whole
                self.tell(self.fitted(said[:-1], [said[-1], shows], heard))
                return
            if view.prompt:  # the game says who won
                ended = [view.prompt]
            else:
                names = join((visible(p, one_line=True) for p in view.winners), self.app.lang)
                ended = [self.t("The game is over: {names} won with {total}.", names=names, total=view.top)]
                ended += view.standings.tiebreaks_in(self.app.lang)
            self.tell(self.fitted(ended, [shows], heard))
        else:
            self.tell(self.fitted(said, [view.prompt], heard))

    def update_once(self, selector: str, text: str) -> None:
        """Show ``text`` in a Static, drawing it again only if it changed, and laying the screen out
        again only if its number of lines changed (the board's lines are cut to its width)."""
        if self.drawn.get(selector) == text:
            return
        self.drawn[selector] = text
        self.redraw(self.query_one(selector, Static), plain(text))

    def redraw(self, widget: Static, shown: Text) -> None:
        """Show ``shown`` in ``widget``, laying the screen out again only when the lines it takes
        change (the first time, at another width, or in more or fewer lines)."""
        width = widget.content_size.width
        height = (width, self.lines(shown, width)) if width > 0 else None
        widget.update(shown, layout=height is None or height != self.heights.get(widget.id or ""))
        self.heights[widget.id or ""] = height

    def lines(self, text: Text, width: int) -> int:
        """How many lines ``text`` takes at ``width`` cells, wrapped as a Static wraps it."""
        return len(text.wrap(self.app.console, width))

    def start_typing(self, position: Position | None = None) -> None:
        """A fresh type-ahead for the line: at the session's end, or before the entry being changed."""
        position = position or self.position
        entry = self.query_one("#entry", EntryLine)
        entry.ahead = TypeAhead(position, self.app.lang) if position is not None else None
        self.show_choices(entry.value)

    def log_line(self, number: int, entry: object) -> Text:
        """An entry as the log lists it: its number, who made it (once known), its line, wrapped at
        the log's width (as it is now, and again when the terminal is resized) and going on under
        the line, not under the number; never inside a card code or a player's name."""
        who = self.names[number - 1] if number <= len(self.names) else None
        players = self.position.header.get("players", ()) if self.position is not None else ()
        names = [visible(name, one_line=True) for name in players if isinstance(name, str)]
        text = f"{number:>4}  {f'{who}: ' if who else ''}{self.describe(entry)}"
        return plain(text, one_line=True, hang=lambda _line: LOG_INDENT, keep=names)

    def show_log(self, entries: list, lang: str) -> None:
        """The log as the entries now stand: only what changed at its end is taken away or added
        (an undo removes one line, an entry adds one), so a long game costs no more than a short
        one. The log only draws the lines in view (``OptionList``)."""
        view = self.query_one("#entries", EntryLog)
        kept = 0
        if self.shown_lang == lang:
            limit = min(len(entries), len(self.shown))
            while kept < limit and (entries[kept] is self.shown[kept] or entries[kept] == self.shown[kept]):
                kept += 1
        else:
            view.clear_options()
            self.shown = []
            self.shown_lang = lang
        if kept < len(self.shown):  # an undo keeps who made the entries before; an edit, those before it
            self.names = self.names[:kept]
        for _ in range(len(self.shown) - kept):
            view.pop_last()
        if len(entries) > kept:
            view.add_options([self.log_line(n, e) for n, e in enumerate(entries[kept:], start=kept + 1)])
        self.shown = list(entries)
        view.highlighted = None
        view.scroll_end(animate=False)

    async def name_entries(self, position: Position) -> None:
        """Who made each entry (the game's ``actors``), for a log read whole from the store."""
        if self.game is None:
            return
        with self.kept_open():
            names = await self.app.db(self.game.actors, position)
            if self.shown[: len(names)] != list(position.entries):
                return  # the log changed meanwhile; the next refresh names it
            known, self.names = self.names, names
            view = self.query_one("#entries", EntryLog)
            for number in range(1, min(len(names), view.option_count) + 1):
                if number > len(known) or known[number - 1] != names[number - 1]:
                    view.replace_option_prompt_at_index(number - 1, self.log_line(number, self.shown[number - 1]))

    def describe(self, entry: object) -> str:
        """An entry as the table screen lists it: the line a player would type for it."""
        return say(self.game.shown(entry), self.app.lang) if self.game else str(entry)

    def next_up(self) -> str:
        """What comes next (the game's prompt), as the status line says it when nothing else is said."""
        return say(self.game.prompt(self.position), self.app.lang) if self.game and self.position else ""

    def fitted(self, said: list[str], tail: list[str], lead: str = "") -> str:
        """What the status line says after an entry, in at most ``STATUS_LINES`` lines at 80×24:
        ``tail`` (what comes next, who won) stays whole, and so does the sentence of ``said`` that
        says what just happened (who took the trick, who busted); the entry's own sentence and
        the round's reckoning give way to … and F7's key (the whole log says it in full), so the
        screen never scrolls the entry line away (``companion.text.shortened``). ``lead``, what
        was done elsewhere, comes first and stays whole too."""
        status = self.query_one("#status", Static)
        width = status.content_size.width or max(self.app.size.width - 2, 20)
        players = self.position.header.get("players", ()) if self.position is not None else ()
        return shortened(
            said,
            tail,
            lambda text: self.lines(plain(text), width) <= STATUS_LINES,
            more=self.key_of("log", "f7"),
            lead=lead,
            keep=players,
        )

    def show(self, text: str, refused: bool) -> None:
        """The status line says ``text``; the screen is laid out again only when its number of lines
        changes (the log above gives way to it, or takes the room back)."""
        if not refused:
            self.refused_line = None
        status = self.query_one("#status", Static)
        self.redraw(status, plain(text))
        status.set_class(refused, "refused")

    def tell(self, text: str) -> None:
        self.show(text, refused=False)

    def refuse(self, text: str) -> None:
        self.show(text, refused=True)

    # the entry line ----------------------------------------------------------------------------
    def show_choices(self, typed: str) -> None:
        """The choices for the line as typed, above it (``screens.widgets.choices``): numbered when a digit
        takes them, the one Enter takes marked ⏎, or ``as typed`` when Enter records the line as it
        stands. One line, or two when the numbered choices need them."""
        strip = self.query_one("#choices", Static)
        ahead = self.query_one("#entry", EntryLine).ahead
        if ahead is None or self.game is None or self.finished:
            lines: list[str] = []
        elif contract.in_secret(self.game, typed):  # nothing narrowed by the card's first letters
            lines = [self.t("The card stays hidden while it is typed: a space ends it.")]
        else:
            width = strip.content_size.width or max(self.app.size.width - 2, 20)
            offer = ahead.offer(typed)
            public = contract.hidden(self.game, offer.enter.line)
            if public is not None:  # the line as typed is named as the table may see it
                offer = dataclasses.replace(offer, enter=dataclasses.replace(offer.enter, line=public))
            lines = layout(offer, width, self.app.lang)
        height = max(len(lines), 1)
        strip.update(plain("\n".join(lines)), layout=height != self.choices_height)
        if height != self.choices_height:
            self.choices_height = height
            strip.styles.height = height

    def on_input_changed(self, event: Input.Changed) -> None:
        """A line whose card must stay hidden (a LOUDER TRICKSTAR placement) shows only what the
        table may see of it (``EntryLine``), since the whole table sees the screen; the status line
        echoes only that."""
        line = event.input.value  # the line now: a change reported after an Enter says nothing newer
        public = contract.hidden(self.game, line) if self.game else None
        if public is not None and line != self.refused_line:  # the refusal of this very line stays
            self.tell(self.t("Typed (the card stays hidden): {line}", line=public))
        self.show_choices(line)

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        await self.enter(event.value)

    def in_turn(self, event: events.Key) -> str | None:
        """What the entry line hands the screen to carry out in turn for a key (None: the line
        types it): Enter, the ``ORDERED`` actions' keys, and while an entry is being chosen in the
        log, the keys that move through it, Enter and Esc (any other key stops choosing)."""
        if self.choosing:
            if event.key in self.CHOOSING:
                return f"choose:{event.key}"
            self.stop_choosing()
        if event.key == "enter":
            return "submit"
        bound = self.active_bindings.get(event.key)
        if bound is not None and bound.node is self and bound.binding.action in self.ORDERED:
            return bound.binding.action
        return None

    def on_entry_line_kept_aside(self, message: EntryLine.KeptAside) -> None:
        """Lines typed while a refused one was being checked: said, and kept for after it."""
        if message.lines:
            shown = " / ".join(visible(line, one_line=True) for line in message.lines)
            said = self.t("Typed meanwhile, kept for after this line: {lines}", lines=shown)
            status = self.query_one("#status", Static)
            self.show(f"{status.render()}  {said}", refused="refused" in status.classes)

    async def on_entry_line_in_turn(self, message: EntryLine.InTurn) -> None:
        """Enter, undo, redo, a key that chooses an entry of the log, in the order pressed."""
        try:
            if message.action == "submit":
                await self.enter(message.line)
            elif message.action.startswith("choose:"):
                await self.choose(message.action.removeprefix("choose:"))
            else:
                await self.run_action(message.action)
        finally:
            if not message.done.done():
                message.done.set_result(None)
            release = getattr(self.app, "release_keys", None)
            if release is not None and self.app.screen is self:  # no other screen came: held keys go on
                release()

    async def enter(self, typed: str) -> None:
        """Enter on the line as typed (``EntryLine`` calls this in the order keys were pressed)."""
        async with self.one_change:
            await self.entered(typed)

    async def entered(self, typed: str) -> None:
        entry = self.query_one("#entry", EntryLine)
        if self.editing is not None:
            await self.change(self.editing, typed)
            return
        ahead = entry.ahead
        if ahead is None:
            return  # the session is still being read
        self.last_rule = None
        with self.kept_open():
            done = ahead.enter(typed)
            if done.action == "fill":
                entry.take(done.line)
                return
            if done.action == "refuse":
                self.refused(done.error, typed)
                entry.keep_aside()
                return
            # the line is free at once: the next entry may be typed while this one is stored (as
            # plain keys until the type-ahead for the new position is ready)
            entry.take(entry.value[len(typed) :] if entry.value.startswith(typed) else "")
            entry.ahead = None
            after = done.after if ahead.position is self.position else None
            recorded = await self.record(done.entry, after, done.line)
            if not recorded:
                if not entry.value:  # refused: the line comes back to be corrected
                    entry.take(done.line)
                entry.keep_aside()  # what was typed meanwhile is the next line: kept, never glued on
                self.start_typing()
            elif entry.aside and not entry.value:  # a line kept aside comes back now
                entry.take(entry.aside.pop(0))
                self.show_choices(entry.value)

    async def record(self, entry: Any, after: Position | None = None, line: str = "") -> bool:
        """Store an entry the rules accept; say what happened. False (with the reason) if not.
        ``after``: the position the type-ahead worked out for it, from the session's own; ``line``:
        the line as typed (a refusal never echoes a hidden card of it)."""
        before = self.position
        recorded = moved = False
        with self.kept_open():  # a database held by another program is said, and nothing is lost
            try:
                if self.live is not None:
                    # strict: an entry chosen at this position is recorded at it, never after an
                    # entry made elsewhere meanwhile (it might then mean another player's card)
                    strict = self.live.info.problem is None
                    self.live = await self.app.db(self.app.sessions.append, self.live, entry, after, strict)
                    recorded = True
            except MovedOn:
                moved = True
            except RuleViolation as err:
                self.refused(err, line)
        if moved:
            await self.moved_on()
        if not recorded:
            return False
        with self.kept_open():
            await self.refresh_view(before)
        return True

    async def moved_on(self) -> None:
        """Enter came after an entry made elsewhere that the screen had not shown yet: the screen
        follows it, and the table is told that nothing was recorded and the line is kept."""
        with self.kept_open():
            await self.follow()
        entries = self.position.entries if self.position is not None else ()
        what = self.describe(entries[-1]) if entries else ""
        self.refuse(
            self.t(
                "Nothing was recorded: the table moved on before Enter ({what}). "
                "The line is kept: Enter records it now.",
                what=what,
            )
        )

    def refused(self, err: RuleViolation | None, line: str) -> None:
        if err is None:
            return
        self.refused_line = line
        self.last_rule = err.rule
        reason = err.message(self.app.lang)
        if self.game is not None:  # a hidden placement: never echo its card
            reason = contract.masked(self.game, reason, line, self.app.lang)
        rule = rule_title(err.rule, self.app.lang)
        key = self.key_of("open_rule", "f2")
        self.refuse(self.t("{reason}  ({key}: the rule “{rule}”)", reason=reason, key=key, rule=rule))

    # entries made elsewhere ----------------------------------------------------------------------
    def heard(self, changed: dict[int, int | None]) -> None:
        """The app's watch on the database (``CompanionApp.watch_tables``) heard sessions change:
        this one, changed elsewhere (a phone, ``companion record``, another laptop), is followed.
        The screen's own change is heard too, and known by its revision; one heard while it is
        still being stored is known in ``follow``."""
        if self.sid not in changed or self.live is None or changed[self.sid] == self.live.info.revision:
            return
        self.behind = True
        if not self.following:
            self.following = True
            self.run_worker(self.catch_up(), group="follow")

    async def catch_up(self) -> None:
        """Follow the session until no change is left unheard, one change to it at a time: an
        entry typed here waits for the screen to have followed, and is then checked after what
        was recorded elsewhere."""
        try:
            while self.behind:
                self.behind = False
                async with self.one_change:
                    await self.follow()
        finally:
            self.following = False

    async def follow(self) -> None:
        """Bring the open session up to date with the store (``Sessions.follow``: only the new
        entries are stepped) and draw it, saying what was done elsewhere; the line being typed
        stays, its choices are those of the new position."""
        was = self.live
        if was is None:
            return
        with self.kept_open():
            live = await self.app.db(self.app.sessions.follow, was)
            if live is was:
                return  # the change was this screen's own
            self.live = live
            if live.position.entries == was.position.entries and (live.info.problem is None) == (
                was.info.problem is None
            ):
                return  # nothing the table sees (recorder links renewed, the standings rewritten)
            chosen = self.query_one("#entries", EntryLog).highlighted if self.choosing else None
            before, heard = self.elsewhere(was.position, live)
            await self.refresh_view(before, heard=heard)
            if chosen is not None and self.shown:  # the cursor choosing an entry to change stays
                self.query_one("#entries", EntryLog).highlighted = min(chosen, len(self.shown) - 1)
            elif self.choosing:
                self.stop_choosing()

    def elsewhere(self, was: Position, live: Live) -> tuple[Position | None, Callable[[], str]]:
        """What was done to the session elsewhere, in table words, as the log shows entries (a card
        face down stays so), and the position before its last entry, when an entry was added and
        the trail holds it (so the status line adds what that entry did)."""
        old, new = was.entries, live.position.entries
        if old == new:  # the same entries, read again (a session that replays now, or no more)
            return None, lambda: ""
        same = 0
        while same < min(len(old), len(new)) and old[same] == new[same]:
            same += 1
        if same == len(old) and len(new) > len(old):  # recorded elsewhere
            trail = live.trail
            before = trail[-2] if len(trail) > 1 and len(trail[-2].entries) == len(new) - 1 else None
            who = self.game.to_play(before) if before is not None and self.game is not None else None

            def recorded() -> str:
                entry = f"{who}: {self.describe(new[-1])}" if who else self.describe(new[-1])
                if len(new) - len(old) == 1:
                    return self.t("Recorded elsewhere: {entry}", entry=entry)
                return self.t("{n} entries recorded elsewhere, the last: {entry}", n=len(new) - len(old), entry=entry)

            return before, recorded
        if same == len(new):  # undone elsewhere
            who = self.names[len(old) - 1] if len(self.names) == len(old) else None

            def undone() -> str:
                if len(old) - len(new) == 1:
                    entry = self.describe(old[-1])
                    return self.t("Undone elsewhere: {entry}", entry=f"{who}: {entry}" if who else entry)
                return self.t("{n} entries undone elsewhere.", n=len(old) - len(new))

            return None, undone
        return None, lambda: self.t("Entry {n} was changed elsewhere; the log is as stored now.", n=same + 1)

    # changing a past entry ---------------------------------------------------------------------
    def action_edit(self) -> None:
        """F4 or ↑: choose an entry of the log to change, its cursor on the last entry; ↑↓ (and
        PgUp, PgDn, Home, End) move it, Enter puts its line in the entry line, Esc stops. The keys
        stay with the entry line, in the order they were pressed."""
        view = self.query_one("#entries", EntryLog)
        if not self.shown:
            self.tell(self.t("Nothing recorded yet to change."))
            return
        self.choosing = True
        view.highlighted = len(self.shown) - 1
        self.show_chosen()

    def show_chosen(self) -> None:
        """The entry under the log's cursor, whole, in the status line too (where it is changed)."""
        index = self.query_one("#entries", EntryLog).highlighted
        if index is None or index >= len(self.shown):
            return
        who = self.names[index] if index < len(self.names) else None
        line = f"{who}: {self.describe(self.shown[index])}" if who else self.describe(self.shown[index])
        self.tell(
            self.t("Change entry {n}: {line}", n=index + 1, line=line)
            + "  "
            + self.t("(↑↓ choose, Enter changes it, Esc goes back)")
        )

    async def choose(self, key: str) -> None:
        """A key while an entry of the log is being chosen."""
        view = self.query_one("#entries", EntryLog)
        if key == "escape":
            self.stop_choosing()
            self.tell(self.next_up())
            return
        if key == "enter":
            index = view.highlighted
            self.stop_choosing()
            if index is not None:
                self.change_entry(index)
            return
        moves = {
            "up": view.action_cursor_up,
            "down": view.action_cursor_down,
            "pageup": view.action_page_up,
            "pagedown": view.action_page_down,
            "home": view.action_first,
            "end": view.action_last,
        }
        moves[key]()
        self.show_chosen()

    def stop_choosing(self) -> None:
        self.choosing = False
        self.query_one("#entries", EntryLog).highlighted = None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on an entry of the log changes it."""
        self.stop_choosing()
        if event.option_index is not None:
            self.change_entry(event.option_index)

    def change_entry(self, index: int) -> None:
        """Put entry ``index``'s line in the entry line to be changed."""
        if index >= len(self.shown) or self.game is None or self.position is None:
            return
        self.editing = index
        before = self.game.replay(self.position.header, self.shown[:index])
        line = self.query_one("#entry", EntryLine)
        self.start_typing(before)
        typed = self.game.format(self.shown[index])
        # a card face down (a LOUDER placement, maybe made on its owner's phone) is put back as the
        # table saw it: masked or not, the line would hold the card, and a copy of it would tell
        public = contract.hidden(self.game, typed)
        line.take(typed if public is None else public)
        line.focus()
        self.tell(self.changing(index))

    def changing(self, index: int) -> str:
        return self.t(
            "Changing entry {n}: Enter replaces it and checks every entry after it; Esc keeps it.", n=index + 1
        )

    async def change(self, index: int, typed: str) -> None:
        """Replace entry ``index`` by the line as typed (a choice taken as Enter takes it)."""
        line = self.query_one("#entry", EntryLine)
        ahead = line.ahead
        if ahead is None:
            return
        self.last_rule = None
        with self.kept_open():
            done = ahead.enter(typed)
            if done.action == "fill":
                line.take(done.line)
                return
            if done.action == "refuse":
                self.refused(done.error, typed)
                return
            if index < len(self.shown) and done.entry == self.shown[index]:
                self.editing = None
                line.take("")
                self.start_typing()
                self.tell(self.t("Entry {n} is as it was: nothing changed.", n=index + 1))
                return
            try:
                if self.live is None:
                    return
                self.live = await self.app.db(self.app.sessions.replace, self.live, index, done.entry)
            except RuleViolation as err:
                self.refused(err, typed)
                return
            self.editing = None
            line.take("")
            await self.refresh_view(
                said=lambda: self.t("Entry {n} changed; every entry after it still holds.", n=index + 1)
            )

    def action_back(self) -> None:
        """Esc: stop choosing or changing an entry, clear the line, clear the message, then go home."""
        line = self.query_one("#entry", EntryLine)
        if self.choosing:
            self.stop_choosing()
            self.tell(self.next_up())
        elif self.editing is not None:
            self.editing = None
            line.take("")
            self.start_typing()
            self.tell(self.t("Entry kept as it was."))
            line.focus()
        elif not line.has_focus:
            line.focus()
            self.tell(self.next_up())
        elif line.value:
            line.take("")
            self.tell(self.next_up())
        else:
            self.app.pop_screen()

    # keys ----------------------------------------------------------------------------------------
    async def action_undo(self) -> None:
        """Each press takes back one entry, in order, shown before the next press is taken."""
        with self.kept_open():
            async with self.one_change:
                if self.live is None:
                    return
                self.live, entry = await self.app.db(self.app.sessions.undo, self.live)
                if entry:
                    await self.refresh_view(said=lambda: self.t("Undone: {entry}", entry=self.describe(entry)))
                else:
                    await self.refresh_view(said=lambda: self.t("Nothing to undo."))

    async def action_redo(self) -> None:
        with self.kept_open():
            async with self.one_change:
                if self.live is None:
                    return
                before = self.position
                self.live, entry = await self.app.db(self.app.sessions.redo, self.live)
                if entry is None:
                    await self.refresh_view(said=lambda: self.t("Nothing to redo."))
                    return
                await self.refresh_view(before)

    async def action_pick(self) -> None:
        """F3: the game's legal moves for the line as typed (``companion.table.suggest``), in a list to
        browse: what may come next, what continues the line, or the choices for the word typed."""
        entry = self.query_one("#entry", EntryLine)
        typed = entry.value
        if self.game is not None and contract.in_secret(self.game, typed):
            self.tell(self.t("The card stays hidden: nothing is listed while it is typed."))
            return
        choices: list[tuple[str, str, str]] = []
        listed = False
        with self.kept_open():
            if entry.ahead is not None:
                choices = await self.app.db(completions, entry.ahead.position, typed, self.app.lang)
            listed = True
        if not listed:
            return  # the status line says why
        if not choices:
            if typed.strip():
                self.tell(self.t("Nothing to add to this line: Enter records it, or clear it to pick what comes next."))
            else:
                self.tell(self.t("Nothing to pick here: type the entry (F1 shows how)."))
            return
        if typed.strip():
            title = self.t("Pick what completes the line (type to narrow)")
        else:
            title = self.t("Pick what comes next (type to narrow)")
        lines = {pick: line for pick, _, line in choices}

        def insert(pick: str | None) -> None:
            if pick:
                entry.take(lines[pick])
                entry.focus()

        self.app.push_screen(CardPicker([(pick, label) for pick, label, _ in choices], title), insert)

    def action_help(self) -> None:
        if self.game is not None:
            self.app.push_screen(HelpScreen(self.game.id))

    def action_open_rule(self) -> None:
        """F2: the section of the rules the last refusal cites; a line typed in a way the game
        cannot read (rule ``record-format``) opens how to type it (F1)."""
        if self.game is not None and self.last_rule == "record-format":
            self.app.push_screen(HelpScreen(self.game.id))
            return
        self.app.push_screen(RulesScreen(self.game.id if self.game else None, self.last_rule))

    async def action_log(self) -> None:
        """F7: the whole log, each entry whole with who made it and what it did."""
        if self.game is not None and self.position is not None:
            from screens.gamelog import GameLogScreen

            await self.app.push_screen(GameLogScreen(self.position, self.names), self.log_chosen)

    def log_chosen(self, index: int | None) -> None:
        """An entry chosen in the whole log (Enter there) is changed here."""
        if index is not None:
            self.change_entry(index)

    def action_scoreboard(self) -> None:
        self.app.push_screen(ScoreboardScreen(self.sid))

    def action_export(self) -> None:
        from screens.export import ExportScreen  # here: the exports load SQLAlchemy, after the table is up

        self.app.push_screen(ExportScreen(self.sid))

    async def action_pause(self) -> None:
        """F9: stop the game's clock, or start it again; the heading says "paused" meanwhile."""
        with self.kept_open():
            async with self.one_change:
                if self.live is None:
                    return
                was = self.live.info
                verb = self.app.sessions.resume if was.paused else self.app.sessions.pause
                info = await self.app.db(verb, self.sid)
                self.adopt(info)
                if info.paused:
                    text = N_("Paused: the clock is stopped ({key} or the next entry starts it again).")
                else:
                    text = N_("The clock runs again.")
                await self.refresh_view(said=lambda: self.t(text, key=self.key_of("pause", "f9")))

    def adopt(self, info: SessionInfo) -> None:
        """The session as a change of the clock, the place or the notes left it: kept with the
        positions already worked out where that change was the only one since (the revision counted
        up once for it, or not at all for no change), else read again whole."""
        if self.live is None:
            return
        was = self.live.info
        ours = (info.paused, info.location, info.notes) != (was.paused, was.location, was.notes)
        if info.revision == was.revision + ours:
            kept = dataclasses.replace(
                self.live.info, revision=info.revision, paused=info.paused, location=info.location, notes=info.notes
            )
            self.live = dataclasses.replace(self.live, info=kept)
        else:  # another table changed it meanwhile
            self.live = None

    async def action_notes(self) -> None:
        """ctrl+n: where the game is played and the table's notes, in a small form (as stored now:
        another table may have changed them)."""
        from screens.notes import NotesScreen

        with self.kept_open():
            info = await self.app.db(self.app.sessions.info, self.sid)
            await self.app.push_screen(NotesScreen(info), self.noted)

    async def noted(self, info: SessionInfo | None) -> None:
        if info is None:
            return
        with self.kept_open():
            async with self.one_change:
                self.adopt(info)
                await self.refresh_view(said=lambda: self.t("The place and notes are kept."))

    def action_phones(self) -> None:
        """F8: the session's page served to the phones at the table, its link as a QR code."""
        from screens.phones import PhonesScreen  # here: the server loads only when a table is shown on phones

        self.app.push_screen(PhonesScreen(self.sid))
