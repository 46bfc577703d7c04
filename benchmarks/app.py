"""App benchmarks: start-up to the home screen against a bare Textual app, and a key press that
records an event to the updated screen. Headless (Textual's test driver), median of several runs."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Static

from benchmarks.app_process import stamp_first_paint
from scoring.records import split_record
from scoring.registry import get
from screens.app import CompanionApp

ROOT = Path(__file__).resolve().parent.parent


class Bare(App):
    def compose(self) -> ComposeResult:
        yield Static("hello")

    def on_mount(self) -> None:
        stamp_first_paint(self)


async def startup(make) -> float:
    """From creating the app to its first screen painted (stamped inside the app at the first
    refresh after the screen mounts, so the test driver's waiting is not counted)."""
    from screens.home import HomeScreen

    original = HomeScreen.on_mount

    async def stamped(self) -> None:
        stamp_first_paint(self)
        await original(self)

    HomeScreen.on_mount = stamped
    try:
        start = time.perf_counter()
        app = make()
        async with app.run_test(size=(80, 24)) as pilot:
            while getattr(app, "shown_at", None) is None:
                await pilot.pause(0.001)
            return app.shown_at - start
    finally:
        HomeScreen.on_mount = original


def long_game() -> tuple[dict, list]:
    """A simulated 5-player Trickster game (strategy deck) of 202 entries (seed 80), the longest
    the simulator plays in its first 200 seeds: a session of over 200 entries."""
    from scoring.trickster.cards import Deck
    from scoring.trickster.record import to_record
    from scoring.trickster.simulator import play_game, public
    from scoring.trickster.state import Header

    game = Header(("Aki", "Ben", "Chie", "Dan", "Emi"), Deck.preset("strategy"))
    _, header, entries = split_record(to_record(game, [public(e) for e in play_game(game, 80)[0]]))
    return header, entries


async def key_to_screen(folder: str, entries_typed: int = 200, undos: int = 30) -> tuple[list[float], list[float]]:
    """From the Enter key event to the screen's next refresh after the entry is recorded, for each
    of the first ``entries_typed`` entries of a long game typed as lines; then from each ctrl+z to
    the refreshed screen, for ``undos`` presses at the end of it."""
    from textual import events
    from textual.keys import _character_to_key

    from screens.session import SessionScreen

    app = CompanionApp(f"sqlite:///{Path(folder) / 'keys.db'}")
    header, entries = long_game()
    times: list[float] = []
    undone: list[float] = []

    def send(key: str, char: str | None) -> None:
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)

    async def timed(key: str, char: str | None) -> float:
        original = SessionScreen.refresh_view
        painted = asyncio.Event()

        async def refresh_then_mark(self, *args, _original=original, _painted=painted, **kwargs) -> None:
            await _original(self, *args, **kwargs)
            self.app.call_after_refresh(_painted.set)

        SessionScreen.refresh_view = refresh_then_mark
        try:
            start = time.perf_counter()
            send(key, char)
            await asyncio.wait_for(painted.wait(), 10)
            return time.perf_counter() - start
        finally:
            SessionScreen.refresh_view = original

    async with app.run_test(size=(100, 40)) as pilot:
        while app.sessions is None:
            await pilot.pause(0.01)
        sid = await app.db(app.sessions.create, "trickster", header)
        await app.push_screen(SessionScreen(sid))
        await pilot.pause()
        game = get("trickster")
        for entry in entries[:entries_typed]:
            line = game.format(entry)
            app.screen.query_one("#entry").value = ""
            for ch in line:
                send(ch if ch.isalnum() else _character_to_key(ch), ch)
            await pilot.pause()
            times.append(await timed("enter", "\r"))
            await pilot.pause()
        assert len(app.sessions.entries(sid)) == entries_typed, "every line was recorded"
        for _ in range(undos):
            undone.append(await timed("ctrl+z", None))
            await pilot.pause()
        assert len(app.sessions.entries(sid)) == entries_typed - undos
    return times, undone


def process_startup(folder: str) -> tuple[float, float, float]:
    """Median whole-process start-up (ms): ours, a bare Textual app, and a bare app drawing the home
    screen's Textual widgets (what of the difference is Textual's own)."""
    import subprocess
    import sys

    def once(*args: str) -> float:
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks.app_process", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return float(done.stdout.strip().splitlines()[-1])

    ours = [once("companion", f"sqlite:///{Path(folder) / 'proc.db'}") for _ in range(7)]
    bare = [once("bare") for _ in range(7)]
    widgets = [once("widgets") for _ in range(7)]
    return statistics.median(ours), statistics.median(bare), statistics.median(widgets)


def main() -> None:
    async def run() -> None:
        with tempfile.TemporaryDirectory() as folder:
            ours = [await startup(lambda: CompanionApp(f"sqlite:///{Path(folder) / 'start.db'}")) for _ in range(9)]
            bare = [await startup(Bare) for _ in range(9)]
            ratio = statistics.median(ours) / statistics.median(bare)
            print(
                f"app: start to home screen painted {statistics.median(ours) * 1000:.0f} ms; bare Textual app "
                f"{statistics.median(bare) * 1000:.0f} ms; ratio {ratio:.2f} (the database opens behind the "
                "home screen)"
            )
            ours_p, bare_p, widgets_p = process_startup(folder)
            print(
                f"app: process start to home screen painted {ours_p:.0f} ms; bare Textual app {bare_p:.0f} ms; "
                f"ratio {ours_p / bare_p:.2f} (goal <= 1.1)"
            )
            print(
                f"  a bare Textual app with the home screen's widgets (Header, OptionList, Footer): {widgets_p:.0f} ms"
            )
            keys, undone = await key_to_screen(folder)
            print(
                f"app: key press recording an event to the updated screen: median "
                f"{statistics.median(keys) * 1000:.0f} ms, p90 {statistics.quantiles(keys, n=10)[8] * 1000:.0f} ms "
                f"({len(keys)}-entry Trickster game; goal p90 <= 16 ms, one frame at 60 Hz)"
            )
            print(
                f"app: undo key to updated screen: median {statistics.median(undone) * 1000:.0f} ms, "
                f"p90 {statistics.quantiles(undone, n=10)[8] * 1000:.0f} ms "
                f"({len(undone)} presses at the end of the {len(keys)}-entry game; goal p90 <= 16 ms)"
            )

    asyncio.run(run())


if __name__ == "__main__":
    main()
