"""What every screen of the app shares: labels and footer keys in the player's language.

A screen writes its labels with ``self.t("English text")`` in ``relabel()``, which it calls when
mounted. When the language changes, the app calls ``relanguage()`` on the screen in front: the
labels are written again and ``refresh_view()`` (if the screen has one) redraws what it shows. A
screen further down does the same when it comes back to the front.

Whatever a screen shows that a player typed goes through ``screens.widgets.plain``; whatever it does for
one line or one key runs inside ``kept_open()``, so a refusal, a busy database or an unexpected
error is said in place (``refuse()``) and never closes the app.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from textual.app import ActiveBinding, ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Header, Static

from companion.words import N_, t
from scoring.errors import RuleViolation
from screens.widgets.plain import Hang, plain, visible

# the description of a key Textual binds itself (the command palette's), shown in the footer too
TEXTUAL_KEYS = (N_("palette"),)


# the footer keys Textual's own widgets bring, said through the catalogue like the app's
# (the game list's Esc on the new-game form, the settings and rules screens)
TEXTUAL_KEYS = (N_("Dismiss menu"),)


class Labelled:
    """Translated labels, footer keys and command-palette entries (mixed into a Screen)."""

    labelled_in = ""  # the language the labels were last written in
    relanguaging = False  # while the labels are written again in another language

    def t(self, text: str, /, **values: Any) -> str:
        return t(text, self.app.lang, **values)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        # the footer reads this: its descriptions are shown in the user's language
        found = super().active_bindings
        lang = self.app.lang
        return {
            key: active._replace(binding=replace(active.binding, description=t(active.binding.description, lang)))
            for key, active in found.items()
        }

    @property
    def bound_keys(self) -> dict[str, ActiveBinding]:
        """The keys bound now, with their descriptions untranslated: what a key does, read on every
        key press (``holds_keys``), without writing each binding anew in the user's language."""
        return super().active_bindings

    def refuse(self, text: str) -> None:
        """Say why something was not done (screens with a status line show it there)."""
        self.notify(visible(text), severity="error", markup=False)

    @contextmanager
    def kept_open(self, say: Callable[[str], None] | None = None) -> Iterator[None]:
        """Whatever goes wrong inside — a rule, a database held locked by another program, or a
        line no parser expected — is said with ``say`` (the screen's ``refuse``) and the screen stays
        open: one line, one key or one busy database never closes the app.

        ``with self.kept_open(): await self.app.db(...)``
        """
        say = say or self.refuse
        try:
            yield
        except RuleViolation as err:
            say(err.message(self.app.lang))
        except Exception as err:  # the last safety net around one line or one action
            from companion.store.database import StoreError  # here: the home screen paints before SQLAlchemy loads

            if isinstance(err, StoreError):
                say(err.message(self.app.lang))
                return
            self.log.error(f"kept open after {err!r}")
            say(
                self.t(
                    "Companion could not handle that ({error}); the screen stays open.",
                    error=f"{type(err).__name__}: {err}",
                )
            )

    def relabel(self) -> None:
        """Write every label again in the current language (screens override this, calling super)."""
        self.labelled_in = self.app.lang
        if not self.relanguaging:  # a language switch lays the footer out itself, at once
            self.refresh_bindings()

    async def relanguage(self) -> None:
        """Labels and contents again, in the app's current language: the labels and the footer's
        keys before anything is read again (the footer's keys are laid out before this returns,
        ``footer_now``), then what the screen shows."""
        self.relanguaging = True
        try:
            self.relabel()
            await self.footer_now()
            refresh = getattr(self, "refresh_view", None)
            if refresh is not None:
                with self.kept_open():
                    result = refresh()
                    if inspect.isawaitable(result):
                        await result
        finally:
            self.relanguaging = False

    async def footer_now(self) -> None:
        """The footer's keys in the current language, done before this returns. Left to itself, the
        footer lays its keys out again only once the screen has nothing else to do, and until then
        it shows the keys of the language before, or none."""
        for footer in self.query(Footer):
            done = asyncio.Event()

            async def again(footer: Footer = footer, done: asyncio.Event = done) -> None:
                try:
                    await footer.recompose()  # in the footer's own turn, as it recomposes itself
                finally:
                    done.set()

            if footer.is_attached and footer.call_later(again):
                await done.wait()

    #: the actions whose keys change the screen: the keys pressed after one wait for the screen
    #: it leads to (``CompanionApp.on_event``)
    SCREEN_CHANGING: tuple[str, ...] = ("app.pop_screen", "back", "dismiss(None)", "dismiss")

    def holds_keys(self, key: str) -> bool:
        """Whether ``key`` leads to another screen, so the keys after it wait for that screen."""
        bound = self.bound_keys.get(key)
        return bound is not None and bound.binding.action in self.SCREEN_CHANGING

    async def on_screen_resume(self) -> None:
        release = getattr(self.app, "release_keys", None)
        if release is not None:
            release()  # this screen is in front: the keys pressed for it go on
        if self.labelled_in and self.labelled_in != self.app.lang:
            await self.relanguage()


class Page(Labelled, Screen):
    """A full screen of the app."""


class Dialog(Labelled, ModalScreen):
    """A modal screen of the app (the pick-lists)."""


class TextPage(Page):
    """A titled page of text that scrolls (the scoreboard, the export, the help): subclasses say
    what the title is and fill the text."""

    #: the page's texts, one under another, scrolling together: ``output`` (``show_text``), then
    #: any others a page fills itself (the scoreboard's chart, drawn in colour, is one of its own)
    PARTS: tuple[str, ...] = ("output",)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="title")
        with VerticalScroll(id="output-scroll"):
            for part in self.PARTS:
                yield Static("", id=part, classes="part", markup=False)
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        self.relabel()
        with self.kept_open():
            await self.fill()
        self.query_one("#output-scroll").focus()

    def title_text(self) -> str:
        return ""

    async def fill(self) -> None:
        """Put the page's text in, once it is mounted."""

    def show_text(self, text: str, hang: Hang | None = None, joint: str | None = None, rows: bool = False) -> None:
        """Show ``text`` (a line that wraps goes on at ``hang(line)``, a row of keys too wide a key a
        line with ``rows``: see ``screens.widgets.plain``)."""
        self.query_one("#output", Static).update(plain(text, hang=hang, joint=joint, rows=rows))

    def refuse(self, text: str) -> None:
        self.show_text(text)

    def relabel(self) -> None:
        super().relabel()
        self.query_one("#title", Static).update(self.title_text())
