"""The table screen's log of entries: one line per entry, only the lines in view drawn.

An ``OptionList`` measures every line again when one is removed; the log only ever loses lines at
its end (an undo), so it trims what it knows of them and keeps the rest: an undo in a 200-entry game
costs what it costs in a short one. (It reads the option list's own bookkeeping: Textual is pinned
to one minor series, and a test checks the log against a list built afresh.)
"""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import OptionList


class EntryLog(OptionList):
    """The log on the table screen. It never takes the focus: every key stays with the entry line,
    which carries them out in the order pressed (F4 or ↑ chooses an entry here by its cursor); a
    click on an entry still chooses it."""

    can_focus = False

    # Each line added or taken away changes the log's virtual height. Textual declares that as laying
    # the whole screen out again; the log's own box keeps its size, and the option list brings its
    # scrollbar up to date itself (``_update_lines``), so here it only repaints the log. (Showing or
    # hiding the scrollbar, the first time the log fills its box, still lays the screen out.)
    virtual_size = Reactive(Size(0, 0), layout=False)

    def pop_last(self) -> None:
        """Take away the last line."""
        index = len(self._options) - 1
        if index < 0:
            return
        option = self._options.pop()
        self._option_to_index.pop(option, None)
        if option.id is not None:
            self._id_to_option.pop(option.id, None)
        lines = self._line_cache
        first = lines.index_to_line.pop(index, None)
        lines.heights.pop(index, None)
        if first is not None:
            del lines.lines[first:]
        if self.highlighted is not None and self.highlighted >= index:
            self.highlighted = index - 1 if index else None
        self._mouse_hovering_over = None
        self._update_lines()
        self.refresh()
