"""A choice among a few rows, drawn in place: the new-game form's decks, variants, who starts.

Closed, it shows the row chosen and ▼, like Textual's compact ``Select``; Enter, space, ↓ or ↑
opens it: every row in place, the cursor (▸) on the one chosen; ↑ ↓ (or the first letter of a
row) move, Enter or space chooses, Esc closes it unchanged, and leaving it closes it too.

It is one widget, where a ``Select`` is six and a list of options of its own: a form of forty
choices is made, restyled and laid out several times faster, which is what lets the new-game
screen open and change games in a blink.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from textual import events
from textual.actions import SkipAction
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

CLOSED, OPEN, CURSOR = " ▼", "  ", "▸ "  # the arrow of a closed choice; the marks of an open one's rows


class Choice(Widget, can_focus=True):
    """``rows`` in the players' words; ``value`` is the index of the row chosen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "press", show=False),
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
        Binding("home", "move_to(0)", show=False),
        Binding("end", "move_to(-1)", show=False),
        Binding("escape", "close", show=False),
    ]
    # no component classes (each is styled again with the widget, and a form holds forty of
    # these): the arrow is dim and the cursor's row reversed, which also reads without colours
    DEFAULT_CSS = """
    Choice {
        height: auto;
        width: 1fr;
        color: $foreground;
        background: $surface;
        pointer: pointer;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """

    value: reactive[int] = reactive(0, init=False, layout=True)
    opened: reactive[bool] = reactive(False, init=False, layout=True)
    cursor: reactive[int] = reactive(0, init=False)

    class Changed(Message):
        """The row chosen changed (``value`` is its index)."""

        def __init__(self, choice: Choice, value: int) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(self, rows: Sequence[str], value: int = 0, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows = list(rows) or [""]
        with self.prevent(self.Changed):
            self.value = min(max(value, 0), len(self.rows) - 1)

    @property
    def chosen(self) -> str:
        """The row chosen, in words."""
        return self.rows[self.value]

    def set_rows(self, rows: Sequence[str], value: int = 0) -> None:
        """Other rows (the players typed): ``value`` chosen, the list closed."""
        self.rows = list(rows) or [""]
        self.opened = False
        self.value = min(max(value, 0), len(self.rows) - 1)
        self.refresh(layout=True)

    def watch_value(self) -> None:
        self.post_message(self.Changed(self, self.value))

    def watch_opened(self, opened: bool) -> None:
        if opened:
            self.cursor = self.value
            self.call_after_refresh(self.scroll_visible, animate=False)

    # drawing -----------------------------------------------------------------------------------
    def render(self) -> Content:
        width = max(self.content_size.width, 4)
        if not self.opened:
            label = Content(self.chosen).truncate(width - len(CLOSED), ellipsis=True, pad=True)
            return Content.assemble(label, (CLOSED, "dim"))
        lines = []
        for number, row in enumerate(self.rows):
            line = Content(CURSOR if number == self.cursor else OPEN) + Content(row)
            line = line.truncate(width, ellipsis=True, pad=True)
            lines.append(line.stylize("reverse") if number == self.cursor else line)
        return Content("\n").join(lines)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max(cell_len(row) for row in self.rows) + len(CLOSED)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows) if self.opened else 1

    # keys and the mouse --------------------------------------------------------------------------
    def action_press(self) -> None:
        if self.opened:
            self.choose(self.cursor)
        else:
            self.opened = True

    def action_move(self, step: int) -> None:
        if not self.opened:
            self.opened = True  # ↓ and ↑ open it, as they open a Select
            return
        self.cursor = (self.cursor + step) % len(self.rows)
        self.refresh()

    def action_move_to(self, row: int) -> None:
        if not self.opened:
            raise SkipAction()
        self.cursor = row % len(self.rows)
        self.refresh()

    def action_close(self) -> None:
        if not self.opened:
            raise SkipAction()  # Esc goes on to the screen (back)
        self.opened = False

    def choose(self, row: int) -> None:
        self.value = row
        self.opened = False

    def on_key(self, event: events.Key) -> None:
        """Open, a letter moves the cursor to the next row that starts with it."""
        if not self.opened or not event.is_printable or not event.character or event.character == " ":
            return
        letter = event.character.casefold()
        count = len(self.rows)
        for step in range(1, count + 1):
            row = (self.cursor + step) % count
            if self.rows[row].casefold().startswith(letter):
                self.cursor = row
                self.refresh()
                break
        event.stop()
        event.prevent_default()

    def on_click(self, event: events.Click) -> None:
        if self.opened and 0 <= event.y < len(self.rows):
            self.choose(event.y)
        else:
            self.opened = True

    def on_blur(self) -> None:
        self.opened = False
