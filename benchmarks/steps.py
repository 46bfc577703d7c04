"""`make bench`: an entry costs the same at the 90th entry as at the 1st, in every game.

For each game, one long game: a worked example of at least 90 entries where there is one, else a
Tricks and the Phantom game of 90 halves played by the simulator to a target of 30 (its highest
house rule; the simulator plays on through ties at the top). The figure is the median time of
``Game.apply`` on the position after 89 entries with the 90th, over that on the start with the
1st: a game that applies only its new entry stays near 1, one that reads its whole record again
grows with the game.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

from scoring.phantom.simulator import play_game
from scoring.records import split_record
from scoring.registry import get

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LONG = {  # a worked example of at least 90 entries
    "trickster": "trickster/game-4p-introductory.json",
    "kings": "kings/game-5p.json",
    "sheriff": "sheriff/game-6-deals.json",
    "louder": "louder/game-4p.json",
}
PHANTOM = {"players": ["Aki", "Ben", "Chie", "Dan"], "settings": {"target": 30}}
ENTRY = 90
REPEATS = 101


def long_game(game: str) -> tuple[dict, list[Any]]:
    """A header and at least 90 entries of ``game``."""
    if game == "phantom":
        return PHANTOM, play_game(PHANTOM, seed=1, halves=ENTRY, steer=True)
    _, header, entries = split_record(json.loads((EXAMPLES / LONG[game]).read_text()))
    return header, entries


def median_ns(game: Any, position: Any, entry: Any, repeats: int = REPEATS) -> float:
    """The median time of one ``apply`` (each sample a few calls, for the clock's resolution)."""
    calls = 5
    samples = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        for _ in range(calls):
            game.apply(position, entry)
        samples.append((time.perf_counter_ns() - start) / calls)
    return statistics.median(samples)


def ratio(game_id: str) -> float:
    """The cost of the 90th entry over the cost of the 1st."""
    game = get(game_id)
    header, entries = long_game(game_id)
    assert len(entries) >= ENTRY, f"{game_id}: {len(entries)} entries"
    start = game.new(header)
    before = game.replay(header, entries[: ENTRY - 1])
    return median_ns(game, before, entries[ENTRY - 1]) / median_ns(game, start, entries[0])


def main() -> None:
    for game_id in ("trickster", "kings", "sheriff", "phantom", "louder"):
        print(f"step: {game_id} entry {ENTRY} against entry 1: ratio {ratio(game_id):.2f}")
    print("  step: median time to apply the 90th entry of a long game ÷ the 1st (goal <= 1.2 each)")


if __name__ == "__main__":
    main()
