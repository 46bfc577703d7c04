"""The table's entry line: type-ahead over the game's legal moves (``companion.table.typeahead``).

Each printable key typed at the end of the line goes through the type-ahead: a word completes
itself once it fits one move, a digit takes a numbered choice, and the rest of a completed word is
swallowed if typed. Anywhere else in the line (after the cursor was moved, or a paste) keys are
plain text. A line whose card must stay hidden (a LOUDER TRICKSTAR placement) shows only what the
table may see of it (``place ■ at 1,0``): its card is typed as it is, never completed, and the
words after it are offered as anywhere.
"""

from __future__ import annotations

import asyncio
from contextlib import suppress
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.strip import Strip

from companion.table.typeahead import TypeAhead
from scoring import contract
from screens.widgets.plain import PlainInput

TURN_WAIT = 30.0  # seconds the line waits for the screen to carry out one key's change


class EntryLine(PlainInput):
    """An ``Input`` that asks ``ahead`` what each key typed at its end does."""

    # The line's virtual width follows what is typed. It only decides how far the line scrolls
    # sideways (``Input`` reads it as the cursor moves); the line's own size never changes. Textual
    # declares it as laying the whole screen out again, on every key typed: here it repaints the line.
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("select_on_focus", False)  # a line put there to be changed is changed at its end
        super().__init__(*args, **kwargs)
        self.ahead: TypeAhead | None = None
        self.game: object | None = None  # the game typed for: what of a line the table may see
        self._left = ""  # the line as the type-ahead left it: its pending word holds only then
        self.aside: list[str] = []  # lines typed while the one before was refused, kept for after it
        self._collecting = False

    # a line whose card stays hidden ---------------------------------------------------------------
    @property
    def public(self) -> str | None:
        """What the table may see of the line, where its card must stay hidden (None: all of it)."""
        return contract.hidden(self.game, self.value) if self.game is not None and self.value else None

    @property
    def _value(self) -> Text:
        """The line as drawn: what the table may see of it (``place ■ at 1,0``), the same whatever
        the card and however long its code, never bullets as long as it."""
        public = self.public
        if public is None:
            return super()._value
        return Text(public, no_wrap=True, overflow="ignore", end="")

    @property
    def _cursor_offset(self) -> int:
        public = self.public
        return super()._cursor_offset if public is None else cell_len(public) + 1

    def render_line(self, y: int) -> Strip:
        """A hidden line is drawn as the table may see it, the cursor after it (the line is typed
        at its end: a cursor inside it would point at the card)."""
        public = self.public
        if public is None or y != 0:
            return super().render_line(y)
        text = Text(public, end="")
        if self.has_focus and self._cursor_visible:
            text.pad_right(1)
            text.stylize(self.get_component_rich_style("input--cursor"), len(public), len(public) + 1)
        width = self.scrollable_content_region.width + 1
        strip = Strip(list(self.app.console.render(text, self.app.console_options.update_width(text.cell_len + 1))))
        strip = strip.crop(max(0, strip.cell_length - width), strip.cell_length)
        return strip.extend_cell_length(width).apply_style(self.rich_style)

    @dataclass
    class KeptAside(Message):
        """The lines typed while a refused line was being checked, now kept aside."""

        lines: list[str]

    @dataclass
    class AsideEnds(Message):
        """Every key pressed before the refusal was shown has been read."""

    def keep_aside(self) -> None:
        """A line came back refused: the keys already pressed after its Enter (waiting here, in
        order) were typed for the next line, not this one. They are kept aside as lines of their
        own, never glued on to the refused line; the line after this one brings them back."""
        self._collecting = True
        self.aside.append("")
        self.post_message(self.AsideEnds())

    def _aside_key(self, event: events.Key) -> bool:
        """Type a key into the lines kept aside; False for a key that is not typing (ctrl+z …),
        which goes on as usual, in its turn."""
        if event.key == "enter":
            self.aside.append("")
        elif event.key == "backspace":
            self.aside[-1] = self.aside[-1][:-1]
        elif event.is_printable and event.character:
            self.aside[-1] += event.character
        else:
            return False
        return True

    def on_entry_line_aside_ends(self, _: AsideEnds) -> None:
        self._collecting = False
        self.aside = [line for line in self.aside if line.strip()]
        self.screen.post_message(self.KeptAside(list(self.aside)))

    def insert_text_at_cursor(self, text: str) -> None:
        ahead = self.ahead
        if ahead is None or len(text) != 1 or self.cursor_position != len(self.value):
            super().insert_text_at_cursor(text)
            return
        if self.value != self._left:
            ahead.forget()
        line = ahead.key(self.value, text)  # a hidden placement is typed as it is
        self.value = self._left = line
        self.cursor_position = len(line)

    @dataclass
    class InTurn(Message):
        """Enter (``action`` "submit", with the line as it was) or an ordered action of the screen
        (undo, redo), for the screen to carry out after what it was told before; ``done`` is set
        once it has."""

        action: str
        line: str
        done: asyncio.Future

    async def _on_key(self, event: events.Key) -> None:
        """Enter, and the keys the screen carries out in turn (``SessionScreen.in_turn``: undo, redo,
        choosing an entry to change, Esc), are carried out in the order the keys were pressed: the
        screen handles them after every change of the line typed before, and the keys typed
        meanwhile wait their turn here, then meet the type-ahead of the position the change left.
        Every key of the table screen comes to this line (the log never takes the focus), so no key
        can overtake another on its way to another widget. (Left to bubble, a key binding runs in
        the app's loop and could overtake an Enter still on its way to the screen.)"""
        if self._collecting and self._aside_key(event):
            event.stop()
            event.prevent_default()
            return
        screen = self.screen
        in_turn = getattr(screen, "in_turn", None)
        action = in_turn(event) if in_turn is not None else None
        if action is None:
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()
        done = asyncio.get_running_loop().create_future()
        screen.post_message(self.InTurn(action, self.value, done))  # not to this line: it is waiting
        with suppress(TimeoutError):  # a screen that went away meanwhile never answers
            await asyncio.wait_for(done, TURN_WAIT)

    async def _on_paste(self, event: events.Paste) -> None:
        """A paste of several lines (a terminal's bracketed paste) is typed as its keys would be:
        each line break is an Enter, in turn, so every line is recorded in order; a line the rules
        refuse comes back to be corrected, and the lines after it are kept aside and said, never
        dropped. A paste of one line is plain text in the line."""
        lines = event.text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        if len(lines) == 1:
            super()._on_paste(event)
            event.prevent_default()  # else Textual runs Input's own handler after this one: the text twice
            return
        event.stop()
        event.prevent_default()
        super().insert_text_at_cursor(lines[0])
        for k, line in enumerate(lines[1:], start=1):
            done = asyncio.get_running_loop().create_future()
            self.screen.post_message(self.InTurn("submit", self.value, done))
            with suppress(TimeoutError):
                await asyncio.wait_for(done, TURN_WAIT)
            if self.value.strip():  # refused: the line came back; the rest waits its turn
                self.aside.extend(rest for rest in lines[k:] if rest.strip())
                self.screen.post_message(self.KeptAside(list(self.aside)))
                return
            self.take(line)

    def action_delete_left(self) -> None:
        """Backspace right after the type-ahead wrote a word takes the whole word back."""
        ahead = self.ahead
        if ahead is not None and self.cursor_position == len(self.value) and self.value == self._left:
            line = ahead.back(self.value)
            if line is not None:
                self.value = self._left = line
                self.cursor_position = len(line)
                return
        super().action_delete_left()

    def take(self, line: str) -> None:
        """Put ``line`` in the entry line, the cursor at its end."""
        if self.ahead is not None:
            self.ahead.forget()
        self.value = self._left = line
        self.cursor_position = len(line)
