"""Export: every format of the command line, and the BG Stats QR code drawn on screen."""

from __future__ import annotations

from textual.binding import Binding

from companion.exports import bgstats_url, export, qr_lines
from screens.page import TextPage


class ExportScreen(TextPage):
    BINDINGS = [
        Binding("j", "show('json')", "JSON", id="export.json"),
        Binding("c", "show('csv')", "CSV", id="export.csv"),
        Binding("m", "show('md')", "Markdown", id="export.md"),
        Binding("b", "show('bgstats')", "BG Stats", id="export.bgstats"),
        Binding("g", "show('bgg')", "BGG log", id="export.bgg"),
        Binding("q", "qr", "QR code", id="export.qr"),
        Binding("escape", "app.pop_screen", "Back", id="export.back"),
    ]

    def __init__(self, sid: int) -> None:
        super().__init__()
        self.sid = sid

    def title_text(self) -> str:
        return self.t("Export — j JSON · c CSV · m Markdown · b BG Stats · g BGG log · q QR code (↑↓ to scroll)")

    async def fill(self) -> None:
        await self.action_show("md")

    async def action_show(self, fmt: str) -> None:
        with self.kept_open():
            self.show_text(await self.app.db(export, self.app.sessions, self.sid, fmt))

    async def action_qr(self) -> None:
        with self.kept_open():
            await self.show_qr()

    async def show_qr(self) -> None:
        url = await self.app.db(bgstats_url, self.app.sessions, self.sid)
        lines = qr_lines(url)
        box = self.query_one("#output-scroll")
        width, height = box.size.width - 4, self.app.size.height - 4  # the box's border and padding
        if len(lines[0]) > width or len(lines) > height:
            # a wrapped or cut QR code cannot be scanned: say what size it needs instead
            self.show_text(
                self.t(
                    "The BG Stats QR code needs a terminal of at least {w}×{h}; this one is {W}×{H}. "
                    "Enlarge the window or make the font smaller, then press q again — or run "
                    "companion qr {sid} in a larger terminal.",
                    w=len(lines[0]) + 4,
                    h=len(lines) + 4,
                    W=self.app.size.width,
                    H=self.app.size.height,
                    sid=self.sid,
                )
            )
            return
        self.show_text("\n".join(lines))
