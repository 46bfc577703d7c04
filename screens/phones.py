"""Show on phones (F8 on the table screen): the session's page served from the app, its link as a
QR code each player scans with a phone's camera, and the link written out under it.

The server (``companion.web.background``) starts on the laptop's local-network address
(``companion.web.addresses``) and keeps serving while Companion runs, whichever screen is in front;
F8 again shows the link on the same server. ``a`` serves on the laptop's next address (a laptop on
Wi-Fi and a cable, or a VPN, has several; it looks for them again, after joining the table's
network). The server starts off the app's event loop: the screen says so meanwhile, and why it
could not, in one sentence, instead of the code.

``r`` switches to the second code, "record from your phone": the session's join link, where a
phone picks its seat (or the whole table) and records from then on; ``r`` again shows the code to
watch. Two codes side by side would not fit 80×24 with their words, so one is shown at a time.
``x`` ends every recorder link of the session at once (``companion.web.links``: a phone that
scanned the code before records no more) and shows the new code.

A table link (``http://192.168.1.23:8765/t/`` and a 22-character token) is a QR code of version 3
at most, 31×16 cells drawn with half blocks: beside it the words, under it the link, at 80×24. A
join link (``/j/`` and a token as long) is a code of the same size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Header, Static

from companion.exports.qr import qr_lines
from companion.web.addresses import ADDRESS_ENV, addresses_to_offer, next_address, reachable
from companion.web.background import Background, NotServing
from companion.words import N_
from screens.widgets.page import Page
from screens.widgets.plain import plain

if TYPE_CHECKING:
    from companion.web.background import Serving


def background(app) -> Background:
    """The app's one server (made the first time a table is shown on phones; the app stops it as it
    ends)."""
    if app.serving is None:
        app.serving = Background(app.sessions.store)
    return app.serving


class PhonesScreen(Page):
    CSS_PATH = "phones.tcss"  # its own styles, read when it first opens (not before the home screen paints)
    BINDINGS = [
        Binding("a", "another_address", "Another address", id="phones.address"),
        Binding("r", "switch_code", "Watch/record", id="phones.record"),
        Binding("x", "new_links", "New recorder links", id="phones.new_links"),
        Binding("escape,f8", "app.pop_screen", "Back", id="phones.back"),
    ]

    def __init__(self, sid: int) -> None:
        super().__init__()
        self.sid = sid
        self.host: str | None = None  # the address asked for
        self.running: Serving | None = None
        self.link = ""
        self.join = ""  # the "record from your phone" link, as it stands now
        self.recording = False  # which code is shown: the one to record (r), or the one to watch
        self.renewed = False  # the recorder links were just made anew (x): said until r
        self.problem: NotServing | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="title")
        with Horizontal(id="phones-top"):
            yield Static("", id="phones-qr")
            yield Static("", id="phones-words")
        yield Static("", id="phones-link", markup=False)
        yield Footer(compact=True)

    def relabel(self) -> None:
        super().relabel()
        title = N_("Record from phones: Session {sid}") if self.recording else N_("Show on phones: Session {sid}")
        self.query_one("#title", Static).update(self.t(title, sid=self.sid))

    async def on_mount(self) -> None:
        self.relabel()
        running = background(self.app).serving
        if running is not None:  # F8 again: the server that runs already, on its address
            self.host = running.host
        self.run_worker(self.serve(), group="phones", exclusive=True)

    async def serve(self, host: str | None = None) -> None:
        """Serve on ``host`` (the address chosen, the first time), then draw the link."""
        self.problem, self.running, self.link, self.join = None, None, "", ""
        self.refresh_view()  # the code of another address is taken away at once
        with self.kept_open(self.say):
            if host is None and self.host is None:
                self.say(self.t("Looking for this laptop's address on the network…"))
                host = (await self.app.db(addresses_to_offer))[0]
            self.host = host or self.host
            self.say(self.t("Starting the server on {host}…", host=self.host))
            try:
                self.running = await self.app.db(background(self.app).start, self.host)
            except NotServing as err:
                self.problem = err
                self.refresh_view()
                return
            info = await self.app.db(self.app.sessions.info, self.sid)
            self.link = background(self.app).link(info.uid)
            self.join = await self.app.db(background(self.app).join_link, info.uid)
            for screen in self.app.screen_stack:  # the table's position, as the table screen holds it
                live = getattr(screen, "live", None)
                if getattr(screen, "sid", None) == self.sid and live is not None:
                    background(self.app).offer(self.sid, live)
            self.refresh_view()

    async def action_another_address(self) -> None:
        """The laptop's next address (looked for again: it may have joined a network since)."""
        with self.kept_open(self.say):
            offered = await self.app.db(addresses_to_offer)
            host = next_address(offered, self.host or offered[0])
            if host == self.host and self.running is not None:
                alone = self.t(
                    "This laptop has no other address: join the table's network (Wi-Fi), then press a again."
                )
                self.say(f"{self.words()}\n\n{alone}")
                return
            self.run_worker(self.serve(host), group="phones", exclusive=True)

    def action_switch_code(self) -> None:
        """r: the code to record from a phone, or back to the code to watch the game."""
        self.recording, self.renewed = not self.recording, False
        self.relabel()
        self.refresh_view()

    async def action_new_links(self) -> None:
        """x: new recorder links for this session; every phone that had one records no more."""
        if self.running is None or not self.join:
            return  # the server is not serving yet: the words say why
        with self.kept_open(self.say):
            serving = background(self.app)
            info = await self.app.db(self.app.sessions.info, self.sid)
            await self.app.db(serving.revoke, self.sid)
            self.join = await self.app.db(serving.join_link, info.uid)
            self.recording, self.renewed = True, True
            self.relabel()
            self.refresh_view()

    def refresh_view(self) -> None:
        """The code, the link and the words, in the language now chosen."""
        qr = self.query_one("#phones-qr", Static)
        link = self.query_one("#phones-link", Static)
        shown = self.join if self.recording else self.link
        if self.running is None or not shown:
            qr.update("")
            qr.display = False
            link.update("")
            if self.problem is not None:
                self.say(self.refusal(self.problem))
            return
        # black modules on white, whatever the terminal's colours: a phone reads dark on light
        qr.update(Text("\n".join(qr_lines(shown)), style="#000000 on #ffffff", end=""))
        qr.display = True
        link.update(shown)
        self.say(self.words())

    def words(self) -> str:
        """What the code is, where it is served, how to serve elsewhere, how long it serves."""
        running = self.running
        if running is None:
            return ""
        if self.recording:
            said = [
                self.t(
                    "Record from your phone: scan this code with a phone's camera, pick your seat (or the whole "
                    "table, for one phone that records for everyone), then tap your own plays."
                )
            ]
            if self.renewed:
                said.append(self.t("New recorder links: the codes shown before record no more."))
            else:
                said.append(
                    self.t(
                        "Whoever scans it can record in this game: x makes new recorder links and ends the old ones."
                    )
                )
        else:
            said = [self.t("Scan the code with a phone's camera to follow this game on the phone.")]
        if running.asked and running.port != running.asked:
            said.append(
                self.t("Port {asked} is taken: serving on port {port}.", asked=running.asked, port=running.port)
            )
        if reachable(running.host):
            said.append(
                self.t(
                    "Serving on {host}: the phones must be on the same network (Wi-Fi) as this laptop.",
                    host=running.host,
                )
            )
        else:
            said.append(
                self.t(
                    "Serving on {host}, which no phone can reach (only this laptop): press a for its address "
                    "on the table's network (Wi-Fi), once it has joined one.",
                    host=running.host,
                )
            )
        if self.recording:  # a keeps its key in the footer: the words of both codes fit 80×24
            said.append(self.t("r: the code to watch the game."))
        else:
            said.append(self.t("a: serve on another address of this laptop (or set {env}).", env=ADDRESS_ENV))
            said.append(self.t("r: the code to record from a phone."))
            said.append(self.t("It keeps serving while Companion runs."))
        return "\n\n".join(said)

    def refusal(self, problem: NotServing) -> str:
        """Why nothing is served, in one sentence."""
        if problem.why == "address":
            return self.t(
                "{host} is not an address of this laptop (any more): press a to serve on another.", host=problem.host
            )
        if problem.why == "port":
            return self.t(
                "COMPANION_SERVE_PORT is {value}, not a port number (0 to 65535): set one, or unset it.",
                value=problem.detail,
            )
        return self.t("The server could not start ({why}): press a to try again.", why=problem.detail)

    def say(self, text: str) -> None:
        self.query_one("#phones-words", Static).update(plain(text))

    def refuse(self, text: str) -> None:
        self.say(text)
