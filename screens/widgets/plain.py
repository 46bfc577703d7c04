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

And the text wraps as a table reads it (``TableText``): in Japanese a line breaks beside a
Japanese character but never inside a card code or a name (``companion.wrapping``), and a page
may say where a wrapped line goes on (under the parts of a round's score).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import Console
from rich.containers import Lines
from rich.text import Text
from textual.content import Content
from textual.visual import RenderOptions, RulesMap
from textual.widgets import Input

from companion.text import NO_CONTROL, visible
from companion.words import t
from companion.wrapping import breaks, hanging, has_wide, pairs

Hang = Callable[[str], int]  #: a line's column where it goes on once wrapped (0: at its start)


def plain(
    text: object,
    one_line: bool = False,
    hang: Hang | None = None,
    joint: str | None = None,
    rows: bool = False,
    keep: Iterable[str] = (),
) -> Text:
    """``text`` as a ``Text`` shown exactly as typed: no markup, no terminal codes; wrapped as a
    table reads it (``TableText``), a wrapped line going on at ``hang(line)`` cells, before a
    ``joint`` where one fits, never inside a word of ``keep`` (a player's name); with ``rows``, a
    row of several keys and their words that is too wide puts each key on a line of its own
    (``companion.wrapping.pairs``)."""
    return TableText(visible(text, one_line), hang, joint, rows, keep)


class TableText(Text):
    """A ``Text`` that wraps as a table reads it: Japanese breaks beside its own characters, never
    inside a card code, a name or a number (``companion.wrapping``); with ``hang``, a wrapped line
    goes on under the column it names (a round's parts under the parts). Textual draws it through
    ``visualize`` and Rich measures it through ``wrap``, the same way, so a screen that counts a
    text's lines (the table's status line) counts what is drawn. English text without ``hang``
    wraps exactly as Textual wraps any text."""

    def __init__(
        self,
        text: str,
        hang: Hang | None = None,
        joint: str | None = None,
        rows: bool = False,
        keep: Iterable[str] = (),
    ) -> None:
        super().__init__(text, end="")
        self.hang, self.joint, self.rows, self.keep = hang, joint, rows, tuple(keep)

    @property
    def own_wrap(self) -> bool:
        """Whether this text wraps its own way (Japanese in it, or a hang)."""
        return self.hang is not None or has_wide(self.plain)

    def layout(self, width: int) -> list[tuple[int, int, int]]:
        """Each line shown at ``width`` cells: (start, end, indent) in the text."""
        out = []
        start = 0
        for line in self.plain.split("\n"):
            indent = len(line) - len(line.lstrip(" "))
            for at, end in pairs(line, width) if self.rows else [(0, len(line))]:
                # a key of a row on a line of its own goes on under the row's indent
                lead = indent if at else 0
                piece = " " * lead + line[at:end]
                hang = self.hang(piece) if self.hang else 0
                cuts = breaks(piece, width, hang, self.joint, self.keep)
                for n, (a, b) in enumerate(zip([lead, *cuts], [*cuts, len(piece)], strict=True)):
                    shift = start + at - lead
                    out.append((shift + a, shift + b, hanging(hang, width) if n else lead))
            start += len(line) + 1
        return out

    def visualize(self) -> Content:
        """What Textual draws (``textual.visual.visualize`` asks for it)."""
        content = Content.from_rich_text(self)
        return _TableContent(content, self) if self.own_wrap else content

    def wrap(
        self,
        console: Console,
        width: int,
        *,
        justify=None,
        overflow=None,
        tab_size: int = 8,
        no_wrap: bool | None = None,
    ) -> Lines:
        if no_wrap or self.no_wrap or not self.own_wrap:
            return super().wrap(console, width, justify=justify, overflow=overflow, tab_size=tab_size, no_wrap=no_wrap)
        lines = Lines()
        for start, end, indent in self.layout(width):
            piece = self[start:end]
            piece.rstrip()
            lines.append(Text(" " * indent) + piece if indent else piece)
        return lines


class _TableContent(Content):
    """A ``TableText`` as Textual draws it: cut into lines where ``TableText.layout`` says, then
    drawn as any text (each line fits, so nothing is cut again)."""

    def __init__(self, content: Content, text: TableText) -> None:
        super().__init__(content.plain, content.spans, strip_control_codes=False)
        self._table_text = text
        self._laid_out: dict[int, Content] = {}

    def _at(self, width: int) -> Content:
        if width not in self._laid_out:
            pieces = []
            for start, end, indent in self._table_text.layout(width):
                piece = self[start:end].rstrip()
                pieces.append(Content(" " * indent) + piece if indent else piece)
            self._laid_out[width] = Content("\n").join(pieces)
        return self._laid_out[width]

    def render_strips(self, width: int, height: int | None, style, options: RenderOptions):
        if not width or options.rules.get("text_wrap", "wrap") == "nowrap":
            return super().render_strips(width, height, style, options)
        pad = options.rules.get("line_pad", 0) * 2
        return self._at(width - pad).render_strips(width, height, style, options)

    def get_height(self, rules: RulesMap, width: int) -> int:
        if rules.get("text_wrap", "wrap") == "nowrap":
            return super().get_height(rules, width)
        return self._at(width - rules.get("line_pad", 0) * 2).get_height(rules, width)


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
