"""The whole log of a game (F7 on the table screen): every entry whole, who made it, what it did.

The table screen's log is a few lines high and shows each entry's line alone; here each entry is
written out in full, wrapped, with what the table was told when it was recorded ("Ben takes trick
3 with the red 2 …"), so a player can check what was recorded three tricks ago. ↑↓ PgUp PgDn Home
End read it, Enter changes the entry under the cursor (back on the table screen), Esc goes back.

What each entry did is worked out aside (the game read again entry by entry), and filled in when
it is known; the entries are listed at once.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, OptionList, Static

from companion.text import sentences
from companion.wrapping import wrap
from scoring.game import Position
from scoring.registry import get
from scoring.words import say, say_all
from screens.widgets.page import Page
from screens.widgets.plain import plain, visible


def what_each_did(position: Position, lang: str) -> list[tuple[str | None, list[str]]]:
    """For each entry of ``position``: who made it and what the table was told of it."""
    game = get(position.game)
    step = game.new(position.header)
    out: list[tuple[str | None, list[str]]] = []
    for entry in position.entries:
        after = game.apply(step, entry)
        out.append((game.to_play(step), say_all(game.told(step, after), lang)))
        step = after
    return out


INDENT = 6  # the number's column: what wraps goes on under the line, not under the number


class GameLogScreen(Page):
    """Every entry of the game, whole and wrapped; Enter gives back the index of one to change."""

    DEFAULT_CSS = """
    GameLogScreen #whole-log { height: 1fr; border: round $primary; }
    GameLogScreen #whole-log > .option-list--option { padding: 0 1; }
    """
    BINDINGS = [Binding("escape,f7", "back", "Back", id="log.back")]

    def __init__(self, position: Position, names: list[str | None]) -> None:
        super().__init__()
        self.position = position
        self.names = list(names)
        self.told: list[list[str]] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="title")
        yield OptionList(id="whole-log")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.relabel()
        self.show()
        self.call_after_refresh(self.show)  # again at the width the list was given
        view = self.query_one("#whole-log", OptionList)
        view.focus()
        if view.option_count:
            view.highlighted = view.option_count - 1
        self.run_worker(self.fill_told(), exclusive=True)

    def relabel(self) -> None:
        super().relabel()
        title = self.t(
            "The log: {n} entries (↑↓ PgUp PgDn to read, Enter changes one, Esc back)", n=len(self.position.entries)
        )
        self.query_one("#title", Static).update(plain(title))

    def line(self, number: int, entry: object) -> Text:
        """One entry: its number, then who made it and its whole line, and what it did below, each
        wrapped under the line (not under the number), where the table's words may break (a
        Japanese line keeps its closing brackets and small kana, and a player's name whole)."""
        game = get(self.position.game)
        who = self.names[number - 1] if number <= len(self.names) else None
        prefix = f"{visible(who, one_line=True)}: " if who else ""
        head = prefix + visible(say(game.shown(entry), self.app.lang), one_line=True)
        told = self.told[number - 1] if number <= len(self.told) else []
        what = self.t("what it did: {told}", told=visible(sentences(told))) if told else ""
        view = self.query_one("#whole-log", OptionList)
        # the option's padding and the scrollbar a long log has: a line the list would wrap again
        # would leave a word alone at its start, and the list would cut the entry's end
        room = view.scrollable_content_region.width - INDENT - 2
        if view.scrollable_content_region.width == view.content_region.width:
            room -= view.styles.scrollbar_size_vertical
        width = max(room, 20)
        names = [visible(n, one_line=True) for n in self.position.header.get("players", ()) if isinstance(n, str)]
        rows: list[Text] = []
        for n, piece in enumerate(wrap(head, width, keep=names)):
            if n == 0 and prefix and piece.startswith(prefix):
                rows.append(Text.assemble((prefix, "bold"), piece[len(prefix) :]))
            else:
                rows.append(Text(piece))
        for paragraph in what.split("\n") if what else ():
            rows += [Text(piece, style="dim") for piece in wrap(paragraph, width, keep=names)]
        out = Text(f"{number:>4}  ", no_wrap=True, overflow="ellipsis")
        for n, row in enumerate(rows):
            if n:
                out.append("\n" + " " * INDENT)
            out.append_text(row)
        return out

    def show(self) -> None:
        view = self.query_one("#whole-log", OptionList)
        highlighted = view.highlighted
        view.clear_options()
        view.add_options([self.line(n, e) for n, e in enumerate(self.position.entries, start=1)])
        if highlighted is not None and highlighted < view.option_count:
            view.highlighted = highlighted

    async def fill_told(self) -> None:
        """What each entry did, worked out aside, then shown."""
        with self.kept_open():
            found = await self.app.db(what_each_did, self.position, self.app.lang)
            self.names = [who for who, _ in found]
            self.told = [told for _, told in found]
            self.show()

    def on_resize(self) -> None:
        self.show()

    async def refresh_view(self) -> None:
        self.told = []
        self.show()
        self.run_worker(self.fill_told(), exclusive=True)

    def holds_keys(self, key: str) -> bool:
        return key == "enter" or super().holds_keys(key)  # Enter goes back to change the entry

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_back(self) -> None:
        self.dismiss(None)
