"""The table's entry line: type-ahead over the game's legal moves (``companion.typeahead``).

Each printable key typed at the end of the line goes through the type-ahead: a word completes
itself once it fits one move, a digit takes a numbered choice, and the rest of a completed word is
swallowed if typed. Anywhere else in the line (after the cursor was moved, or a paste) keys are
plain text, and a line whose card must stay hidden is typed as it is, masked (the type-ahead
never completes it).
"""

from __future__ import annotations

from companion.typeahead import TypeAhead
from screens.plain import PlainInput


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
            ahead.pending = ""
        line = ahead.key(self.value, text)  # a hidden placement is typed as it is
        self.value = self._left = line
        self.cursor_position = len(line)

    def take(self, line: str) -> None:
        """Put ``line`` in the entry line, the cursor at its end."""
        if self.ahead is not None:
            self.ahead.pending = ""
        self.value = self._left = line
        self.cursor_position = len(line)
