"""A line of words the new-game form reads (a table of numbers: ``trap:0=13 score:1=6 …``), drawn
over as many rows as it takes, so the whole of it reads at 80 columns where a one-row ``Input``
showed its start and cut the rest (LOUDER's deck, 137 cells, stopped at ``ene``).

It edits as a form's line does: focused, all of it is selected, so what is typed first replaces
it; ←→, Home and End (of a row), Backspace; Enter moves on (it never breaks the line), and so does
Tab. A line break pasted is a space, and a paste that carries
terminal codes is refused whole, with a bell and a word why, as ``PlainInput`` refuses it.
``value`` is the line as typed.
"""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import TextArea

from companion.text import control_in
from companion.words import t


class WrappedLine(TextArea):
    """One line of words, wrapped at the form's width; ``value`` is what it holds."""

    DEFAULT_CSS = """
    WrappedLine {
        height: auto;
        max-height: 8;
        padding: 0;
    }
    """

    class Submitted(Message):
        """Enter was pressed: the form moves on."""

        def __init__(self, line: WrappedLine) -> None:
            super().__init__()
            self.line = line

        @property
        def control(self) -> WrappedLine:
            return self.line

    def __init__(self, value: str = "", *, placeholder: str = "", id: str | None = None) -> None:
        super().__init__(
            value,
            soft_wrap=True,
            tab_behavior="focus",
            show_line_numbers=False,
            compact=True,
            placeholder=placeholder,
            id=id,
        )

    @property
    def value(self) -> str:
        return self.text

    @value.setter
    def value(self, value: str) -> None:
        if value != self.text:
            self.load_text(value)
            self.move_cursor(self.document.end)

    def _on_focus(self, event: events.Focus) -> None:
        """All of it selected, as a form's line is: what is typed first replaces it."""
        if not event.from_app_focus:
            self.select_all()

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":  # the form moves on; TextArea's own handler would break the line
            event.stop()
            event.prevent_default()
            self.post_message(self.Submitted(self))

    async def _on_paste(self, event: events.Paste) -> None:
        text = " ".join(event.text.splitlines())
        if control_in(text) is not None:
            event.stop()
            event.prevent_default()
            self.app.bell()
            self.notify(
                t("Control characters (terminal codes) cannot be typed here; the paste was left out.", self.app.lang),
                severity="warning",
                markup=False,
            )
            return
        if text != event.text:
            event.stop()
            event.prevent_default()
            if result := self._replace_via_keyboard(text, *self.selection):
                self.move_cursor(result.end_location)
