"""The table's entry line: type-ahead over the game's legal moves (``companion.typeahead``).

Each printable key typed at the end of the line goes through the type-ahead: a word completes
itself once it fits one move, a digit takes a numbered choice, and the rest of a completed word is
swallowed if typed. Anywhere else in the line (after the cursor was moved, or a paste) keys are
plain text, and a line whose card must stay hidden is typed as it is, masked (the type-ahead
never completes it).
"""

from __future__ import annotations

import asyncio
from contextlib import suppress
from dataclasses import dataclass

from textual import events
from textual.message import Message

from companion.typeahead import TypeAhead
from screens.plain import PlainInput

TURN_WAIT = 30.0  # seconds the line waits for the screen to carry out one key's change


class EntryLine(PlainInput):
    """An ``Input`` that asks ``ahead`` what each key typed at its end does."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("select_on_focus", False)  # a line put there to be changed is changed at its end
        super().__init__(*args, **kwargs)
        self.ahead: TypeAhead | None = None
        self._left = ""  # the line as the type-ahead left it: its pending word holds only then

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
