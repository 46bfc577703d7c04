"""Export: every format of the command line, and the BG Stats QR code drawn on screen."""

from __future__ import annotations

import io

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Header, Static

from companion.exports import bgstats_url, export
from screens.page import Page


class ExportScreen(Page):
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

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="title")
        with VerticalScroll(id="output-scroll"):
            yield Static("", id="output", markup=False)
        yield Footer()

    async def on_mount(self) -> None:
        self.relabel()
        await self.action_show("md")
        self.query_one("#output-scroll").focus()

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#title", Static).update(self.t(
            "Export — j JSON · c CSV · m Markdown · b BG Stats · g BGG log · q QR code (↑↓ to scroll)"))

    async def action_show(self, fmt: str) -> None:
        text = await self.app.db(export, self.app.sessions, self.sid, fmt)
        self.query_one("#output", Static).update(text)

    async def action_qr(self) -> None:
        import qrcode

        url = await self.app.db(bgstats_url, self.app.sessions, self.sid)
        code = qrcode.QRCode(border=1)
        code.add_data(url)
        code.make(fit=True)
        out = io.StringIO()
        code.print_ascii(out=out)
        self.query_one("#output", Static).update(out.getvalue())
