"""Export: every format of the command line, the BG Stats QR code, and any of them saved to a file.

The page shows one format at a time (a key for each, q for the QR code), in the players' language where
the format has one (Markdown). ``s`` offers a path for it, in the user's documents
(``Companion/``), which the player may change; Enter saves it there and the page says where. The
QR code is drawn black on white with half blocks when the terminal holds it (``qr_room`` says
how big a terminal that is), and saved as a PNG image otherwise.

The BG Stats link (b) is drawn alone, without the box's border and padding: the rows it fills hold
nothing but the link, so a terminal's selection of them copies the link and no border (a browser's
address bar drops the line breaks). ``l`` copies it exactly through the app's clipboard (the
terminal's, by OSC 52), and the page says so.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, Static

from companion.exports.bgstats import bgstats_url
from companion.exports.files import export_folder, export_name, save_file
from companion.exports.formats import FORMATS, export
from companion.exports.qr import QR_BYTES, qr_lines, qr_png
from companion.store.files import why
from companion.words.formats import number
from companion.words.refused import Refused
from screens.widgets.page import TextPage
from screens.widgets.plain import PlainInput, plain

# what the export page draws around a QR code: the box's border and padding (columns), and the
# header, the title, the box's border, the line under the box and the footer (rows)
QR_FRAME = (4, 6)


def qr_room(lines: list[str]) -> tuple[int, int]:
    """The terminal (columns, rows) the export page needs to draw the QR code ``lines`` whole: what
    the page asks for when the terminal is smaller, and what the README says a table needs.

    >>> qr_room(["▀" * 95] * 48)
    (99, 54)
    """
    return len(lines[0]) + QR_FRAME[0], len(lines) + QR_FRAME[1]


class ExportScreen(TextPage):
    CSS_PATH = "export.tcss"  # its own styles, read when it first opens (not before the home screen paints)
    BINDINGS = [
        # a key for each export the command line has (companion.exports.formats), then the QR code
        *(Binding(f.key, f"show('{f.name}')", f.tab, id=f"export.{f.name}") for f in FORMATS),
        Binding("q", "qr", "QR", id="export.qr"),
        Binding("s", "save", "Save", id="export.save"),
        Binding("l", "copy_link", "Copy the link", show=False, id="export.copy_link"),
        Binding("escape", "back", "Back", id="export.back"),
    ]

    def __init__(self, sid: int) -> None:
        super().__init__()
        self.sid = sid
        self.fmt = "md"  # what the page shows: a format of FORMATS, or "qr"

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield PlainInput(id="save-path", classes="hidden")
        yield Static("", id="saved")

    def title_text(self) -> str:
        formats = " · ".join(f"{f.key} {f.tab}" for f in FORMATS)
        return self.t("Export — {formats} · q QR code · s save", formats=formats)

    async def fill(self) -> None:
        await self.refresh_view()

    async def refresh_view(self) -> None:
        """What the page shows, again (in the language just chosen)."""
        if self.fmt == "qr":
            await self.action_qr()
        else:
            await self.action_show(self.fmt)

    async def action_show(self, fmt: str) -> None:
        self.fmt = fmt
        self.say("")  # what was saved before is said no more
        self.bare(False)  # a refusal is said in the box
        with self.kept_open():
            text = await self.app.db(export, self.app.sessions, self.sid, fmt, self.app.lang)
            self.bare(fmt == "bgstats")
            self.show_text(text)
            if fmt == "bgstats":
                self.say(
                    self.t(
                        "The link alone fills the rows above: select them (shift+drag in most terminals; a browser "
                        "drops the line breaks), or press l to copy it, or s to save it to a file."
                    )
                )

    def bare(self, bare: bool) -> None:
        """The text without the box's border and padding around it (the BG Stats link)."""
        self.query_one("#output-scroll").set_class(bare, "bare")

    async def action_copy_link(self) -> None:
        """The BG Stats link, exactly, to the clipboard (the terminal's, through OSC 52)."""
        with self.kept_open(self.say):
            url = await self.app.db(bgstats_url, self.app.sessions, self.sid)
            self.app.copy_to_clipboard(url)
            self.say(
                self.t(
                    "The BG Stats link ({n} characters) went to the clipboard through the terminal. If pasting "
                    "gives nothing, this terminal does not take it: press b and select the link, or s to save it.",
                    n=len(url),
                )
            )

    async def action_qr(self) -> None:
        self.fmt = "qr"
        self.say("")
        self.bare(False)
        with self.kept_open():
            await self.show_qr()

    async def show_qr(self) -> None:
        url = await self.app.db(bgstats_url, self.app.sessions, self.sid)
        try:
            lines = qr_lines(url)
        except ValueError:  # qrcode: longer than the largest QR code holds (2,953 bytes)
            size = len(url.encode("utf-8"))
            self.show_text(
                self.t(
                    "The BG Stats link is {size} bytes long, too long for a QR code (the largest holds {largest}): "
                    "press b to show the link, or s to save it.",
                    size=number(size, self.app.lang),
                    largest=number(QR_BYTES, self.app.lang),
                )
            )
            return
        (w, h), (W, H) = qr_room(lines), self.app.size
        if w > W or h > H:
            # a wrapped or cut QR code cannot be scanned: the image file can
            self.show_text(
                self.t(
                    "The BG Stats QR code needs a terminal of at least {w}×{h}; this one is {W}×{H}. "
                    "Press s to save it as an image (PNG) and scan it from the screen or a print — or "
                    "enlarge the window (or make the font smaller) and press q again.",
                    w=w,
                    h=h,
                    W=W,
                    H=H,
                )
            )
            return
        # black modules on white, whatever the terminal's colours: a phone reads dark on light
        self.query_one("#output", Static).update(Text("\n".join(lines), style="#000000 on #ffffff", end=""))

    async def action_save(self) -> None:
        """Offer a path for what the page shows; Enter saves it there. What cannot be exported (BG
        Stats of a game not over) is refused here, before a path is asked for."""
        with self.kept_open():
            if self.fmt in ("bgstats", "qr"):
                await self.app.db(bgstats_url, self.app.sessions, self.sid)
            name = await self.app.db(export_name, self.app.sessions, self.sid, self.fmt)
            line = self.query_one("#save-path", Input)
            line.value = str(export_folder() / name)
            line.placeholder = self.t("Save to this file (Enter), or esc")
            line.remove_class("hidden")
            line.cursor_position = len(line.value)
            line.focus()
            self.say(self.t("Enter saves to this path; change it first if you like. esc keeps it unsaved."))

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        with self.kept_open(self.say):
            where = await self.app.db(self.write, Path(event.value.strip() or "."))
            self.hide_path()
            self.say(self.t("Saved to {path}", path=str(where)))

    def relabel(self) -> None:
        super().relabel()
        if self.is_mounted:
            self.say("")  # a line said in the other language is said no more

    def write(self, path: Path) -> Path:
        """Save what the page shows to ``path`` (a folder gets the usual file name inside it)."""
        if path.is_dir():
            path = path / export_name(self.app.sessions, self.sid, self.fmt)
        try:
            if self.fmt == "qr":
                return qr_png(bgstats_url(self.app.sessions, self.sid), path)
            return save_file(path, export(self.app.sessions, self.sid, self.fmt, self.app.lang))
        except (OSError, ValueError) as err:  # a folder that is a file, no permission, a full disk, a device …
            raise Refused(
                "record-format",
                "{path} cannot be written ({why}); nothing was saved.",
                path=str(path),
                why=partial(why, err) if isinstance(err, OSError) else str(err),
            ) from None

    def say(self, text: str) -> None:
        self.query_one("#saved", Static).update(plain(text))

    def hide_path(self) -> None:
        line = self.query_one("#save-path", Input)
        line.add_class("hidden")
        self.query_one("#output-scroll").focus()

    def action_back(self) -> None:
        line = self.query_one("#save-path", Input)
        if not line.has_class("hidden"):
            self.hide_path()
            self.say(self.t("Not saved."))
            return
        self.app.pop_screen()
