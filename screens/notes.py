"""Where a session is (was) played and the table's notes, changed after the game has started: a small
form opened from the table screen or the history (ctrl+n). Enter on the place moves on to the
notes, Enter there (or ctrl+s) keeps both, Esc leaves them as they were. What the form keeps is
checked as the new-game form's fields are (``companion.store.place``): a refusal is said in place and
everything typed stays."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Static

from screens.widgets.page import Dialog
from screens.widgets.plain import PlainInput, plain

if TYPE_CHECKING:
    from companion.store.sessions import SessionInfo


class NotesScreen(Dialog):
    """The place and the notes of a session (``info``, as read just before); dismissed with the
    session as it then stands (``SessionInfo``), or None when nothing was kept. Keys typed quickly
    are taken in turn (``screens.turns``): Enter on the place moves on before the next key lands."""

    KEYS_IN_TURN = True

    DEFAULT_CSS = """
    NotesScreen { align: center middle; }
    NotesScreen #notes-box {
        width: 76; height: auto; border: round $primary; background: $surface; padding: 0 1;
    }
    NotesScreen .field { height: auto; margin-top: 1; }
    NotesScreen .field-label { width: 8; }
    NotesScreen Input { width: 1fr; }
    """
    BINDINGS = [
        Binding("ctrl+s", "keep", "Keep", id="notes.keep"),
        Binding("escape", "dismiss(None)", "Back", id="notes.back"),
    ]

    def __init__(self, info: SessionInfo) -> None:
        super().__init__()
        self.sid = info.id
        self.kept_notes = info.notes
        self.said = info

    def compose(self) -> ComposeResult:
        with Vertical(id="notes-box"):
            yield Static(id="title", classes="title")
            with Horizontal(classes="field"):
                yield Static(id="place-label", classes="field-label")
                yield PlainInput(self.said.location, id="place", compact=True)
            with Horizontal(classes="field"):
                yield Static(id="notes-label", classes="field-label")
                # one line to type in: a line break kept from the command line shows as " / ", and is
                # written back as it was unless the notes are changed here
                yield PlainInput(self.said.notes.replace("\n", " / "), id="notes-line", compact=True)
            yield Static("", id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.relabel()
        self.query_one("#place", Input).focus()

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#title", Static).update(self.t("Session {id}: place and notes", id=self.sid))
        self.query_one("#place-label", Static).update(self.t("Place"))
        self.query_one("#notes-label", Static).update(self.t("Notes"))
        self.query_one("#place", Input).placeholder = self.t("optional: where you play, e.g. Aki's kitchen")
        self.query_one("#notes-line", Input).placeholder = self.t("optional: house rules, anything to remember")

    def refuse(self, text: str) -> None:
        status = self.query_one("#status", Static)
        status.update(plain(text))
        status.add_class("refused")

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "place":
            self.query_one("#notes-line", Input).focus()
        else:
            await self.action_keep()

    async def action_keep(self) -> None:
        """Keep both as typed, checked; said in place when refused."""
        location = self.query_one("#place", Input).value
        notes = self.query_one("#notes-line", Input).value
        if notes == self.kept_notes.replace("\n", " / "):
            notes = self.kept_notes  # unchanged here: its line breaks stay
        info: SessionInfo | None = None
        with self.kept_open():
            info = await self.app.db(partial(self.app.sessions.note, self.sid, location=location, notes=notes))
        if info is not None:
            self.dismiss(info)
