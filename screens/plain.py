"""What a table typed, shown as text: never markup, never a terminal code.

Every name, typed line and refusal that echoes one goes on screen through ``plain()``: a Rich
``Text`` that no widget reads as markup (``[@click=app.quit]`` stays those characters and is never
a link), with every control character drawn as a visible sign instead of being sent to the
terminal (an escape sequence would retitle the window, clear rows or bleed colour):

>>> plain("[@click=app.quit]Q[/]").plain, plain("[/]").spans
('[@click=app.quit]Q[/]', [])
>>> visible("X\\x1b]0;PWNED\\x07Y"), visible("B\\x1b[41mRED"), visible("C\\x1b[2J\\x1b[HZ")
('X␛]0;PWNED␇Y', 'B␛[41mRED', 'C␛[2J␛[HZ')
>>> print(visible("a\\u202eb\\x9bc"))
a\\u202eb\\x9bc

Line breaks stay line breaks in a page of text; in a name, a cell or a heading they are shown too:

>>> visible("Aki\\nBen"), visible("Aki\\nBen", one_line=True)
('Aki\\nBen', 'Aki␊Ben')
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Input

from companion.text import CONTROL, NO_CONTROL, _sign, visible
from screens.labels import t


def plain(text: object, one_line: bool = False) -> Text:
    """``text`` as a ``Text`` shown exactly as typed: no markup, no terminal codes."""
    return Text(visible(text, one_line), end="")


def control_in(text: str) -> str | None:
    """The first control character in ``text``, as a visible sign; None if it has none.

    >>> control_in("Aki"), control_in("B\\x1b[41mRED")
    (None, '␛')
    """
    found = CONTROL.search(text)
    return _sign(found) if found else None


class PlainInput(Input):
    """An entry line that takes no control character: a paste that carries terminal codes is
    refused whole, with a bell and a word why, and what was already typed stays."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("restrict", NO_CONTROL)
        super().__init__(*args, **kwargs)

    def restricted(self) -> None:
        self.app.bell()
        self.notify(
            t("Control characters (terminal codes) cannot be typed here; the paste was left out.", self.app.lang),
            severity="warning",
            markup=False,
        )
