"""Whole-process start-up: a fresh Python until the first screen is painted, ours against a bare
Textual app (imports included, which is what a player waits for). Prints milliseconds.

Each is stamped at the first refresh after its screen mounts (``call_after_refresh`` from its
``on_mount``): the moment the screen is on the terminal. A screen mounted is not yet painted:
work queued behind the mount (loading the database's modules, say) still holds the paint back."""

import sys
import time

START = time.perf_counter()


def stamp_first_paint(node) -> None:
    """Stamp ``node``'s app with the moment of the first refresh after now (call from on_mount)."""
    node.call_after_refresh(lambda: setattr(node.app, "shown_at", time.perf_counter()))


if __name__ == "__main__":
    import asyncio

    if sys.argv[1] == "bare":
        from textual.app import App, ComposeResult
        from textual.widgets import Static

        class Bare(App):
            def compose(self) -> ComposeResult:
                yield Static("hello")

            def on_mount(self) -> None:
                stamp_first_paint(self)

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
                stamp_first_paint(self)

        app = Widgets()
    else:
        from screens.app import CompanionApp
        from screens.home import HomeScreen

        original = HomeScreen.on_mount

        async def stamped(self) -> None:
            stamp_first_paint(self)
            await original(self)

        HomeScreen.on_mount = stamped
        app = CompanionApp(sys.argv[2])

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            while getattr(app, "shown_at", None) is None:
                await pilot.pause(0.001)
        print(f"{(app.shown_at - START) * 1000:.0f}")

    asyncio.run(run())
