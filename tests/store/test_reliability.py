"""Nothing acknowledged is ever lost: a scripted session killed with SIGKILL at random moments,
many times over, as real processes on a real SQLite file."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.store.database import Store
from companion.store.sessions import Sessions
from scoring.records import read_record
from tests.store.scripted_session import script

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("COMPANION_KILLS", "12"))


def start(url: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.scripted_session", url],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_every_acknowledged_entry_survives_sigkill_and_the_session_resumes_exactly(tmp_path):
    url = f"sqlite:///{tmp_path / 'table.db'}"
    _, _, entries = script()
    assert len(entries) > 150
    rng = random.Random(2026)
    acked = 0
    kills = 0
    while True:
        proc = start(url)
        # kill after a random number of acknowledgements: mid-way through the next entry's commit,
        # or during start-up when the number is 0 (at most 15, so that a quick machine, where more
        # entries slip through before the kill lands, still kills the game at every stage)
        wanted = rng.randint(0, 15)
        seen = 0
        finished = False
        if wanted == 0:
            time.sleep(rng.uniform(0.05, 0.6))
        while seen < wanted:
            line = proc.stdout.readline()
            if not line:
                break
            if line.startswith("ack"):
                acked = max(acked, int(line.split()[1]))
                seen += 1
            elif line.strip() == "done":
                finished = True
                break
        if not finished and wanted:
            time.sleep(rng.uniform(0, 0.02))
        if finished:
            proc.wait(timeout=30)
            break
        proc.send_signal(signal.SIGKILL)  # no chance to clean up
        proc.wait(timeout=30)
        kills += 1
        recorded = Sessions(Store(url)).entries(Sessions(Store(url)).list()[0].id)
        assert len(recorded) >= acked, f"acknowledged {acked}, found {len(recorded)} after kill {kills}"
        assert recorded == entries[: len(recorded)]  # exactly the script, in order, nothing torn
        if kills > KILLS * 4:
            raise AssertionError("the scripted session never finished")
    assert kills >= 8, kills  # many deaths, at every stage of the game
    sessions = Sessions(Store(url))
    sid = sessions.list()[0].id
    assert sessions.entries(sid) == entries and sessions.info(sid).finished
    expected = [
        (s.player, s.total)
        for s in read_record(
            json.loads((ROOT / "examples/trickster/game-5p-strategy.json").read_text())
        ).standings.places
    ]
    assert [(s.player, s.total) for s in sessions.scored(sid).standings.places] == expected
