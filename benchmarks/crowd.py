"""A crowded table: 50 phones following one session while it is recorded every way at once.

A real ``companion serve`` in a process of its own serves a Sheriff game; 50 viewers (half of
them in Japanese) read its event stream over real sockets. A seeded random mix of 300 actions then
plays the whole game: taps on a phone's recorder link (a real POST), entries and undos on the
laptop (this process's own store), and entries from ``companion record`` in processes of their
own. Every viewer must end on the store's last revision, having been shown each revision it was
shown in order (a quick run of changes may come as one push, so a viewer may skip some, never go
back).

``make bench`` prints ``live: 50 viewers, 300 taps and entries: missed 0, behind 0``; the test
(``tests/web/test_live_crowd.py``) plays the same and asserts both are 0.
"""

from __future__ import annotations

import http.client
import json
import random
import secrets
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from benchmarks.live import ENV, Viewer, served
from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from scoring.records import split_record
from scoring.registry import get

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "examples/sheriff/game-6-deals.json"
VIEWERS = 50
ACTIONS = 300
RECORDS = 5  #: entries typed with ``companion record`` (a Python start-up each)
SETTLE = 5.0  #: seconds every viewer has to reach the last revision


@dataclass(frozen=True)
class Crowd:
    """What the viewers were shown: ``missed``, viewers shown a revision older than one they had
    (or whose stream ended); ``behind``, viewers not on the store's last revision once it settled."""

    viewers: int
    actions: int
    missed: int
    behind: int
    last: int
    counts: dict[str, int]
    entries: int  #: the entries the store holds at the end
    played: int  #: the entries of the whole game

    @property
    def line(self) -> str:
        return (
            f"live: {self.viewers} viewers, {self.actions} taps and entries: missed {self.missed}, behind {self.behind}"
            f" (goal 0 and 0; {', '.join(f'{n} {how}' for how, n in self.counts.items())})"
        )


def _post(base: str, path: str, fields: dict[str, str]) -> int:
    host, port = base.removeprefix("http://").rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        body = urlencode(fields)
        headers = {"Origin": base, "Content-Type": "application/x-www-form-urlencoded"}
        connection.request("POST", path, body=body, headers=headers)
        return connection.getresponse().status
    finally:
        connection.close()


def crowd(url: str, seed: int = 34, viewers: int = VIEWERS, actions: int = ACTIONS) -> Crowd:
    """Play the Sheriff example through ``actions`` taps, laptop entries, undos and ``companion
    record`` entries (chosen at random from ``seed``) while ``viewers`` phones follow it."""
    rng = random.Random(seed)
    sessions = Sessions(Store(url))
    game_id, header, entries = split_record(json.loads(GAME.read_text(encoding="utf-8")))
    game = get(game_id)
    sid = sessions.create(game_id, header)
    uid = sessions.info(sid).uid
    links = SessionLinks(sessions)
    table_phone = links.seat_link(uid, None)
    counts = {"taps": 0, "laptop entries": 0, "undos": 0, "companion record": 0}
    with served(url) as base:
        page = f"/t/{links.session_token(uid)}/events"
        watching = [Viewer(base, page, "ja" if n % 2 else "en") for n in range(viewers)]
        try:
            live = sessions.open(sid)  # the laptop's table, following what the phones record (follow)
            records_at = set(rng.sample(range(actions), RECORDS))
            for n in range(actions):
                live = sessions.follow(live)
                recorded = len(live.position.entries)
                action = _action(rng, n in records_at, recorded, len(entries))
                counts[action] += 1
                if action == "undos":
                    live, _ = sessions.undo(live)
                elif action == "taps":
                    tap = secrets.token_urlsafe(9)
                    fields = {"line": game.format(entries[recorded]), "revision": str(live.info.revision), "tap": tap}
                    _post(base, table_phone + "/record", fields)
                elif action == "laptop entries":
                    live = sessions.append(live, entries[recorded])
                else:
                    typed = [sys.executable, "-m", "companion", "--db", url, "record", str(sid)]
                    subprocess.run(
                        [*typed, game.format(entries[recorded])], env=ENV, stdout=subprocess.DEVNULL, check=True
                    )
                live = sessions.follow(live)
            last = sessions.info(sid).revision
            deadline = time.monotonic() + SETTLE
            while time.monotonic() < deadline and any(not v.shown or v.shown[-1] != last for v in watching):
                time.sleep(0.02)
        finally:
            for viewer in watching:
                viewer.close()
    back = sum(1 for v in watching if any(b <= a for a, b in zip(v.shown, v.shown[1:], strict=False)))
    missed = back + sum(1 for v in watching if v.ended and not v.closed)
    behind = sum(1 for v in watching if not v.shown or v.shown[-1] != last)
    return Crowd(viewers, actions, missed, behind, last, counts, len(sessions.entries(sid)), len(entries))


def _action(rng: random.Random, record_here: bool, done: int, whole: int) -> str:
    """The next action: undos once the game is over, an entry typed with ``companion record`` at
    its places, else a tap, a laptop entry or an undo (by weight)."""
    if done >= whole:  # the game is over: take some back, to play them again
        return "undos"
    if record_here:
        return "companion record"
    return rng.choices(["taps", "laptop entries", "undos"], [6, 3, 1 if done else 0])[0]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        print(crowd(f"sqlite:///{Path(folder) / 'crowd.db'}").line)


if __name__ == "__main__":
    main()
