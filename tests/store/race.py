"""Writers racing on one session, as real processes: does the session still replay afterwards?

    python -m tests.store.race URL [TRIALS]          # prints "broken B of T" for record vs undo, undo vs redo

Each trial imports a Trickster game cut at a random entry (150–178 of the scripted game), then has
two processes act at the same moment: one records the next entry while the other undoes (or one
undoes while the other redoes). Either may win or be refused; afterwards the session must replay,
and its stored entries must be a prefix of the game (nothing lost out of order).

The two processes (``racer``) are started once and race in every trial, each time with the store
opened afresh, as a program that has just started opens it; the moment is agreed once both are
ready (each says "ready"), 50 ms ahead. (A new pair of processes for each trial spent most of the
test starting Python.)
"""

from __future__ import annotations

import random
import subprocess
import sys

from companion.store.database import Store
from companion.store.sessions import Sessions
from scoring.errors import RuleViolation
from tests.store.moment import python, ready_then_wait, together
from tests.store.scripted_session import script


def racer(url: str) -> None:
    """One racing process, for every trial: for each ``SID ACTION`` line on stdin, open the store
    afresh, say it is ready, wait for the agreed moment (the next line), do ``action`` once, say
    how it went and close the store."""
    _, _, entries = script()
    while line := sys.stdin.readline():
        sid, action = int(line.split()[0]), line.split()[1]
        sessions = Sessions(Store(url))
        ready_then_wait()
        try:
            if action == "record":
                sessions.append(sessions.open(sid), entries[len(sessions.entries(sid))])
            elif action == "undo":
                sessions.undo(sessions.open(sid))
            else:
                sessions.redo(sessions.open(sid))
            print("ok", flush=True)
        except (RuleViolation, Exception) as err:  # a refusal or "busy" is a fair outcome of a race
            print(f"refused {type(err).__name__}: {err}".replace("\n", " "), flush=True)
        sessions.store.engine.dispose()


def _spawn(url: str) -> subprocess.Popen:
    return python(f"from tests.store.race import racer; racer({url!r})")


def _said(p: subprocess.Popen) -> str:
    """A racer's answer: its next line (what it said on stderr too, if it ended instead)."""
    line = p.stdout.readline()
    if not line:
        raise AssertionError(f"a racer ended: {p.communicate(timeout=60)}")
    return line.strip()


def intact(sessions: Sessions, sid: int, game: list) -> bool:
    try:
        sessions.scored(sid)
    except RuleViolation:
        return False
    stored = sessions.entries(sid)
    return stored == game[: len(stored)]


def trial(
    sessions: Sessions, racers: list[subprocess.Popen], pair: tuple[str, str], rng: random.Random
) -> tuple[bool, list[str]]:
    game, header, entries = script()
    cut = rng.randint(150, 178)
    sid = sessions.import_whole(game, header, entries[:cut])
    if "redo" in pair:
        sessions.undo(sessions.open(sid))  # something to redo
    for p, action in zip(racers, pair, strict=True):
        p.stdin.write(f"{sid} {action}\n")
        p.stdin.flush()
    together(racers)
    outs = [_said(p) for p in racers]
    return intact(sessions, sid, entries), outs


def run(url: str, trials: int, seed: int = 2026) -> dict[tuple[str, str], int]:
    """How many sessions each race broke, out of ``trials`` each."""
    rng = random.Random(seed)
    sessions = Sessions(Store(url))  # one store in this process, as in the app and the CLI
    racers = [_spawn(url), _spawn(url)]
    try:
        broken = {}
        for pair in (("record", "undo"), ("undo", "redo")):
            broken[pair] = sum(not trial(sessions, racers, pair, rng)[0] for _ in range(trials))
    finally:
        for p in racers:
            p.communicate(timeout=60)  # its stdin closed: no more trials, the racer ends
    return broken


if __name__ == "__main__":
    target, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20
    for (a, b), n in run(target, count).items():
        print(f"{a} vs {b}: broken {n} of {count}")
