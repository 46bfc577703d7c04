"""The sessions and the key presses behind the SVG snapshots of ``tests/app/test_snapshots.py``.

The database is the same on every machine and every day: the five games in the middle of a game
(the first entries of an example game, recorded as the table would), then one finished Sheriff
game, each stamped with a fixed date (the store's clock is frozen while they are written, so the
history's "updated" column never depends on today), and a fixed secret for the links F8 shows.

To look at the same screens by hand (tmux at 80×24)::

    PYTHONPATH=. .venv/bin/python -m tests.app.snapshot_apps /tmp/snapx ja
    COMPANION_CONFIG=/tmp/snapx/settings.json PYTHONPATH=. .venv/bin/python -m screens \\
        --db sqlite:////tmp/snapx/companion.db
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from unittest.mock import patch

from textual.keys import _character_to_key
from textual.pilot import Pilot
from textual.widgets import Input, Select

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

# game: (its example game, how many of its entries are recorded, what is typed in the entry line)
MID_GAMES: dict[str, tuple[str, int, str]] = {
    "trickster": ("game-4p-introductory", 55, "b"),  # Ben to play: BPED, BNOM, BREV are offered
    "kings": ("game-5p", 57, "b"),  # a trick of round 2: the blue cards
    "sheriff": ("game-6-deals", 67, "Q"),  # deal 4: the queens
    "phantom": ("base-4p", 1, "A"),  # the second half of round 1: Aki's card
    "louder": ("game-4p", 42, "u"),  # use a strategy card
}
FINISHED = ("sheriff", "scoresheet-3-deals")  # a whole game, for the history's statistics
FIRST_DAY = datetime(2026, 1, 10, 19, 30, tzinfo=UTC)
SERVE_SECRET = "5eC0" * 16  # the links' secret (hex), instead of one made with `secrets`


def example(game: str, name: str) -> tuple[dict, list]:
    """The header and entries of ``examples/<game>/<name>.json``."""
    from scoring.registry import get

    return get(game).split(json.loads((EXAMPLES / game / f"{name}.json").read_text(encoding="utf-8")))


def players(game: str) -> list[str]:
    """The players of the game's example, in seat order."""
    return list(example(game, MID_GAMES[game][0])[0]["players"])


class FrozenClock:
    """The store's clock, standing still at ``at`` (moved by hand between sessions)."""

    def __init__(self, at: datetime) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at


@contextmanager
def frozen_clock(at: datetime = FIRST_DAY) -> Iterator[FrozenClock]:
    clock = FrozenClock(at)
    with patch("companion.store.sessions.now", clock):
        yield clock


def build_database(path: Path) -> dict[str, int]:
    """Write the snapshot sessions to a new SQLite file at ``path``: the id of each game's session
    in the middle of a game (and ``"finished"``, the whole Sheriff game)."""
    from companion.store.database import Store
    from companion.store.sessions import Sessions

    sessions = Sessions(Store(f"sqlite:///{path}"))
    sids: dict[str, int] = {}
    with frozen_clock() as clock:
        for day, (game, (name, count, _)) in enumerate(MID_GAMES.items()):
            clock.at = FIRST_DAY + timedelta(days=day)
            header, entries = example(game, name)
            # a fixed uid: the link F8 shows is made from it
            sid = sessions.create(game, header, uid=f"{day + 1:032x}", created_at=clock.at)
            live = sessions.open(sid)
            for entry in entries[:count]:
                live = sessions.append(live, entry)
            sids[game] = sid
        clock.at = FIRST_DAY - timedelta(days=3, hours=2)
        game, name = FINISHED
        header, entries = example(game, name)
        sid = sessions.create(game, header, created_at=clock.at)
        live = sessions.open(sid)
        for entry in entries:
            live = sessions.append(live, entry)
        sids["finished"] = sid
    # the secret the links are made from (``companion.web.links``): fixed, so F8 draws one link
    from companion.store.database import Meta
    from companion.web.links import SECRET_KEY

    with sessions.store.writing() as s:
        s.add(Meta(key=SECRET_KEY, value=SERVE_SECRET))
        s.commit()
    sessions.store.engine.dispose()
    return sids


# a club's season for the player's page (screens/player.py): example games imported as files are,
# each on its club night, and one Trickster game recorded at the table, an entry a minute
CLUB_NIGHTS: list[tuple[str, str]] = [
    ("trickster", "scoresheet-4p"),
    ("sheriff", "scoresheet-3-deals"),
    ("trickster", "scoresheet-5p-tiebreak"),
    ("kings", "scoresheet-5p"),
    ("sheriff", "game-6-deals"),
    ("trickster", "game-5p-strategy"),
]
CLUB_LIVE = ("trickster", "game-4p-introductory")
CLUB_FIRST_NIGHT = datetime(2026, 2, 6, 10, 0, tzinfo=UTC)  # Fridays, 19:00 in Tokyo


def build_club(path: Path, first: datetime = CLUB_FIRST_NIGHT) -> None:
    """Write a club's history to a new SQLite file at ``path``: ``CLUB_NIGHTS`` imported a week
    apart from ``first`` (``companion.exports.native.import_text``, as ``companion import`` reads a file),
    then ``CLUB_LIVE`` played at the table the week after, one entry a minute."""
    from companion.exports.native import import_text
    from companion.store.database import Store
    from companion.store.sessions import Sessions

    sessions = Sessions(Store(f"sqlite:///{path}"))
    with frozen_clock(first) as clock:
        for week, (game, name) in enumerate(CLUB_NIGHTS):
            clock.at = first + timedelta(weeks=week)
            import_text(sessions, (EXAMPLES / game / f"{name}.json").read_bytes())
        clock.at = first + timedelta(weeks=len(CLUB_NIGHTS))
        header, entries = example(*CLUB_LIVE)
        sid = sessions.create(CLUB_LIVE[0], header, created_at=clock.at)
        live = sessions.open(sid)
        for entry in entries:
            clock.at += timedelta(minutes=1)
            live = sessions.append(live, entry)
    sessions.store.engine.dispose()


def write_settings(path: Path, lang: str) -> None:
    """A settings file with only the language (``COMPANION_CONFIG`` names it)."""
    path.write_text(json.dumps({"language": lang, "keymap": {}}), encoding="utf-8")


def app_on_copy(source: Path, folder: Path, lang: str, monkeypatch):  # -> CompanionApp
    """The app on its own copy of the database ``source`` (in ``folder``), in ``lang`` by its
    settings file, as it starts on a player's machine."""
    from screens.app import CompanionApp

    config = folder / "settings.json"
    write_settings(config, lang)
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    db = folder / "companion.db"
    shutil.copyfile(source, db)
    return CompanionApp(f"sqlite:///{db}")


# the key presses -------------------------------------------------------------------------------
async def settled(pilot: Pilot) -> None:
    """Wait until the screen in front has read everything it reads (workers, database calls) and
    drawn it, and stop every cursor blinking (a blink half a second later would change the SVG)."""
    app = pilot.app
    for _ in range(20):  # a worker's result may start another (the table names its log's players)
        await pilot.pause()
        if all(worker.is_finished for worker in app.workers):
            break
        await app.workers.wait_for_complete()
    else:
        raise AssertionError(f"the screen never settled: {list(app.workers)}")
    for line in app.screen.query(Input):
        line.cursor_blink = False
    # no snapshot may take a refusal or an error as what the screen should show
    refused = [str(widget.render()) for widget in app.screen.query(".refused")]
    assert not refused, refused


async def opened(pilot: Pilot) -> None:
    """The home screen, once the database is open."""
    assert await pilot.app.store_open(), pilot.app.store_error
    await settled(pilot)


async def type_text(pilot: Pilot, text: str) -> None:
    """Type ``text`` key by key, as a terminal sends it."""
    await pilot.press(*(ch if ch.isalnum() else _character_to_key(ch) for ch in text))
    await settled(pilot)


async def new_game(pilot: Pilot, game: str) -> None:
    """The new-game form with ``game`` chosen and its example's players typed."""
    await opened(pilot)
    await pilot.press("n")
    await settled(pilot)
    screen = pilot.app.screen
    screen.query_one("#game", Select).value = game
    await settled(pilot)
    line = screen.query_one("#players", Input)
    line.focus()
    line.value = ", ".join(players(game))  # as typed, without a wait after each key
    line.cursor_position = len(line.value)
    await settled(pilot)


async def table(pilot: Pilot, sid: int, typed: str = "") -> None:
    """The table screen of session ``sid``, ``typed`` in its entry line."""
    from screens.session import SessionScreen

    await opened(pilot)
    await pilot.app.push_screen(SessionScreen(sid))
    await settled(pilot)
    if typed:
        await type_text(pilot, typed)


if __name__ == "__main__":  # the same database and settings, to run the app by hand
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/snapx")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "companion.db").unlink(missing_ok=True)
    print(build_database(folder / "companion.db"))
    (folder / "club.db").unlink(missing_ok=True)
    build_club(folder / "club.db")  # the player's page: --db sqlite:////tmp/snapx/club.db
    write_settings(folder / "settings.json", sys.argv[2] if len(sys.argv) > 2 else "en")
