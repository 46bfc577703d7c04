"""Whole-process start-up: a fresh Python until the first screen is mounted, ours against a bare
Textual app (imports included, which is what a player waits for). Prints milliseconds."""

import sys
import time

START = time.perf_counter()

if __name__ == "__main__":
    import asyncio

    if sys.argv[1] == "bare":
        from textual.app import App, ComposeResult
        from textual.widgets import Static

        class Bare(App):
            def compose(self) -> ComposeResult:
                yield Static("hello")

            def on_mount(self) -> None:
                self.shown_at = time.perf_counter()

        app = Bare()
    elif sys.argv[1] == "widgets":  # a bare app drawing the home screen's widgets, without Companion
        from textual.app import App, ComposeResult
        from textual.widgets import Footer, Header, OptionList, Static

        class Widgets(App):
            def compose(self) -> ComposeResult:
                yield Header()
                yield Static("Companion", classes="title")
                yield Static("")
                yield OptionList("New game", "Resume", "History", "Rules", "Settings")
                yield Static("n new game · r resume")
                yield Footer(compact=True)

            def on_mount(self) -> None:
                self.shown_at = time.perf_counter()

        app = Widgets()
    else:
        from screens.app import CompanionApp
        from screens.home import HomeScreen

        original = HomeScreen.on_mount

        async def stamped(self) -> None:
            self.app.shown_at = time.perf_counter()
            await original(self)

        HomeScreen.on_mount = stamped
        app = CompanionApp(sys.argv[2])

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            while getattr(app, "shown_at", None) is None:
                await pilot.pause(0.001)
        print(f"{(app.shown_at - START) * 1000:.0f}")

    asyncio.run(run())
