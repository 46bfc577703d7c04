"""`make bench`: an entry costs the same at the 90th entry as at the 1st, in every game.

For each game, one long game: a worked example of at least 90 entries where there is one; else
one the simulator plays: Tricks and the Phantom, 90 halves to a target of 30 (its highest house
rule; the simulator plays on through ties at the top); LOUDER TRICKSTAR, a 4-player game of 93
turns (the worked example's 90th entry is the hands shown at the end, which are checked against
the whole deck: a cost of the deck, whatever the game's length, that no turn has). The figure is the median time of
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

from scoring.louder import engine as louder
from scoring.louder import simulator as louder_simulator
from scoring.phantom.simulator import play_game
from scoring.records import split_record
from scoring.registry import get

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LONG = {  # a worked example of at least 90 entries
    "trickster": "trickster/game-4p-introductory.json",
    "kings": "kings/game-5p.json",
    "sheriff": "sheriff/game-6-deals.json",
}
PHANTOM = {"players": ["Aki", "Ben", "Chie", "Dan"], "settings": {"target": 30}}
LOUDER = {"players": ["Aki", "Ben", "Chie", "Dan"]}
ENTRY = 90
REPEATS = 101


def long_game(game: str) -> tuple[dict, list[Any]]:
    """A header and at least 90 entries of ``game``."""
    if game == "phantom":
        return PHANTOM, play_game(PHANTOM, seed=1, halves=ENTRY, steer=True)
    if game == "louder":
        return LOUDER, louder_turns(seed=0)
    _, header, entries = split_record(json.loads((EXAMPLES / LONG[game]).read_text()))
    return header, entries


def louder_turns(seed: int) -> list[dict]:
    """A simulated LOUDER TRICKSTAR game's entries, as the table types them (its hands last)."""
    events, _ = louder_simulator.play_game(louder.Header(tuple(LOUDER["players"])), seed)
    entries: list[dict] = []
    for e in events:
        if isinstance(e, louder.Drew):
            entries.append({"draw": True})
        elif isinstance(e, louder.Placed):
            entries.append({"place": e.card.code(), "at": list(e.cell), "says": e.said})
        elif isinstance(e, louder.Used):
            entries.append({"use": e.card, "flip": [list(c) for c in e.flips]})
        else:
            hands = zip(LOUDER["players"], e.hands, strict=True)
            entries.append({"hands": {who: [c.code() for c in hand] for who, hand in hands}})
    return entries


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
    assert "hands" not in entries[ENTRY - 1], f"{game_id}: the 90th entry is a turn"
    start = game.new(header)
    before = game.replay(header, entries[: ENTRY - 1])
    return median_ns(game, before, entries[ENTRY - 1]) / median_ns(game, start, entries[0])


def main() -> None:
    for game_id in ("trickster", "kings", "sheriff", "phantom", "louder"):
        print(f"step: {game_id} entry {ENTRY} against entry 1: ratio {ratio(game_id):.2f}")
    print("  step: median time to apply the 90th entry of a long game ÷ the 1st (goal <= 1.2 each)")


if __name__ == "__main__":
    main()
