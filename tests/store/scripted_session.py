"""A scripted table for the reliability test: records a whole Trickster game into a session,
resuming where the database says it stopped, and prints "ack N" after each committed entry.

    python -m tests.store.scripted_session sqlite:///path/to/db
"""

import json
import sys
from pathlib import Path

from companion.store.database import Store
from companion.store.sessions import Sessions
from scoring.records import split_record

SCRIPT = Path(__file__).resolve().parents[2] / "examples/trickster/game-5p-strategy.json"


def script() -> tuple[str, dict, list]:
    return split_record(json.loads(SCRIPT.read_text()))


def main(url: str) -> None:
    game, header, entries = script()
    sessions = Sessions(Store(url))
    existing = sessions.list()
    sid = existing[0].id if existing else sessions.create(game, header)
    done = len(sessions.entries(sid))
    live = sessions.open(sid)
    for n in range(done, len(entries)):
        live = sessions.append(live, entries[n])
        print(f"ack {n + 1}", flush=True)
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
