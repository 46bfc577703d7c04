"""App benchmarks: start-up to the home screen against a bare Textual app, and a key press that
records an event to the updated screen. Headless (Textual's test driver), median of several runs."""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Static

from companion.app import CompanionApp
from scoring.records import split_record
from scoring.trickster.notation import line_for

ROOT = Path(__file__).resolve().parent.parent


class Bare(App):
    def compose(self) -> ComposeResult:
        yield Static("hello")

    def on_mount(self) -> None:
        self.shown_at = time.perf_counter()


async def startup(make) -> float:
    """From creating the app to its first screen mounted (stamped inside the app, so the test
    driver's waiting is not counted)."""
    from screens.home import HomeScreen

    original = HomeScreen.on_mount

    async def stamped(self) -> None:
        self.app.shown_at = time.perf_counter()
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


async def key_to_screen(folder: str) -> list[float]:
    """From the Enter key event to the screen's next refresh after the entry is recorded."""
    from textual import events
    from textual.keys import _character_to_key

    from screens.session import SessionScreen

    app = CompanionApp(f"sqlite:///{Path(folder) / 'keys.db'}")
    _, _, entries = split_record(json.loads((ROOT / "examples/trickster/game-4p-introductory.json").read_text()))
    times: list[float] = []

    def send(key: str, char: str | None) -> None:
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)

    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        sid = await app.db(
            app.sessions.create, "trickster", {"players": ["Aki", "Ben", "Chie", "Dan"], "first": "Chie"}
        )
        screen = SessionScreen(sid)
        await app.push_screen(screen)
        await pilot.pause()
        original = SessionScreen.refresh_view
        for entry in entries[:60]:
            for ch in line_for({k: v for k, v in entry.items() if k != "by"}):
                send(ch if ch.isalnum() else _character_to_key(ch), ch)
            await pilot.pause()
            painted = asyncio.Event()

            async def refresh_then_mark(self, *args, _original=original, _painted=painted) -> None:
                await _original(self, *args)
                self.app.call_after_refresh(_painted.set)

            SessionScreen.refresh_view = refresh_then_mark
            start = time.perf_counter()
            send("enter", "\r")
            await asyncio.wait_for(painted.wait(), 5)
            times.append(time.perf_counter() - start)
            SessionScreen.refresh_view = original
            await pilot.pause()
    return times


def process_startup(folder: str) -> tuple[float, float]:
    """Median whole-process start-up (ms): ours and a bare Textual app."""
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
    return statistics.median(ours), statistics.median(bare)


def main() -> None:
    async def run() -> None:
        with tempfile.TemporaryDirectory() as folder:
            ours = [await startup(lambda: CompanionApp(f"sqlite:///{Path(folder) / 'start.db'}")) for _ in range(9)]
            bare = [await startup(Bare) for _ in range(9)]
            ratio = statistics.median(ours) / statistics.median(bare)
            print(
                f"app: start to home screen {statistics.median(ours) * 1000:.0f} ms; bare Textual app "
                f"{statistics.median(bare) * 1000:.0f} ms; ratio {ratio:.2f} (the database opens behind the "
                "home screen)"
            )
            ours_p, bare_p = process_startup(folder)
            print(
                f"app: process start to home screen {ours_p:.0f} ms; bare Textual app {bare_p:.0f} ms; "
                f"ratio {ours_p / bare_p:.2f}"
            )
            keys = await key_to_screen(folder)
            print(
                f"app: key press recording an event to the updated screen: median "
                f"{statistics.median(keys) * 1000:.0f} ms, p90 {statistics.quantiles(keys, n=10)[8] * 1000:.0f} ms "
                f"({len(keys)} Trickster plays)"
            )

    asyncio.run(run())


if __name__ == "__main__":
    main()
