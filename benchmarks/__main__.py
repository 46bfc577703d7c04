"""`make bench`: engine speed on one core. Figures vary with the machine; compare on one machine.

Each figure is the best of three runs, so a busy moment on the machine does not count against it.
"""

from __future__ import annotations

import platform
import statistics
import time

from scoring.kings import engine as kings_engine
from scoring.kings import simulator as kings_simulator
from scoring.trickster.cards import Deck
from scoring.trickster.engine import apply, replay
from scoring.trickster.simulator import play_game, public
from scoring.trickster.state import Header, new_game

PLAYERS = ("Aki", "Ben", "Chie", "Dan", "Emi")
GAMES = 300


def best_rate(work, count: int, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return count / best


def main() -> None:
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    per_event_ns: list[int] = []
    for key, label in (("introductory", "intro"), ("strategy", "strategy")):
        game = Header(PLAYERS, Deck.preset(key))
        games = [play_game(game, seed)[0] for seed in range(GAMES)]
        tracked = [[public(e) for e in events] for events in games]
        replayed = best_rate(lambda games=games, game=game: [replay(game, ev) for ev in games], GAMES)
        print(f"trickster 5p {label}: {replayed:.0f} games/s replayed (goal >= 2000)")
        seen = best_rate(lambda tracked=tracked, game=game: [replay(game, ev) for ev in tracked], GAMES)
        print(f"trickster 5p {label} table tracker: {seen:.0f} games/s")
        simulated = best_rate(lambda game=game: [play_game(game, seed) for seed in range(GAMES)], GAMES)
        print(f"trickster 5p {label} simulated: {simulated:.0f} games/s (goal >= 1000)")
        for events in tracked[:100]:
            s = new_game(game)
            for event in events:
                start = time.perf_counter_ns()
                s = apply(s, event)
                per_event_ns.append(time.perf_counter_ns() - start)
    print(
        f"trickster table event, validate and apply: median {statistics.median(per_event_ns) / 1000:.1f} µs"
        f" (p99 {statistics.quantiles(per_event_ns, n=100)[98] / 1000:.1f} µs)"
    )
    kings_game = kings_engine.Header(PLAYERS)
    recorded = [kings_simulator.play_game(kings_game, seed)[0] for seed in range(GAMES)]
    rate = best_rate(lambda: [kings_engine.replay(kings_game, ev) for ev in recorded], GAMES)
    print(f"kings 5p: {rate:.0f} games/s replayed (goal >= 2000)")
    simulated = best_rate(lambda: [kings_simulator.play_game(kings_game, seed) for seed in range(GAMES)], GAMES)
    print(f"kings 5p simulated: {simulated:.0f} games/s (goal >= 1000)")
    per_event_ns = []
    for events in recorded[:100]:
        s = kings_engine.new_game(kings_game)
        for event in events:
            start = time.perf_counter_ns()
            s = kings_engine.apply(s, event)
            per_event_ns.append(time.perf_counter_ns() - start)
    print(f"kings table event, validate and apply: median {statistics.median(per_event_ns) / 1000:.1f} µs")
    print("  games/s: complete 3-round games replayed through the engine, every event validated;")
    print("  'table tracker' replays what the table sees (hands hidden); 'simulated' adds dealing")
    print("  and choosing random legal moves.")


def last_make_test() -> None:
    """``make test``'s wall time at its last whole run here (the Makefile keeps it)."""
    from pathlib import Path

    kept = Path(__file__).resolve().parent.parent / ".venv" / ".test-seconds"
    if not kept.is_file():
        print("make test: no whole run yet on this machine (goal <= 4 min)")
        return
    seconds = int(kept.read_text().strip() or 0)
    print(f"make test: {seconds // 60} min {seconds % 60:02d} s wall time at its last whole run (goal <= 4 min)")


if __name__ == "__main__":
    main()
    from benchmarks import app, cli, club, crowd, digits, event, keys, live, live_push, new_game, steps, store, taps

    steps.main()
    store.main()
    app.main()
    new_game.main()
    cli.main()
    keys.main()
    digits.main()
    live.main()
    crowd.main()
    live_push.main()
    taps.main()
    club.main()
    event.main()
    last_make_test()
