"""A club night's benchmarks (issue 35): the mix draw of 100 players for 6 rounds at tables of
five (Trickster's best size), timed whole, with its repeated meetings beside the fewest any draw
of those rounds could have (``companion.club.draw.fewest_repeats``)."""

from __future__ import annotations

import time

from companion.club.draw import History, draw_round, fewest_repeats
from scoring.registry import get

PLAYERS = tuple(f"Player {i:03}" for i in range(1, 101))
ROUNDS = 6


def draw_night(seed: int) -> tuple[float, History]:
    game = get("trickster")
    history = History()
    start = time.perf_counter()
    for r in range(1, ROUNDS + 1):
        history.add(draw_round(PLAYERS, game.best_players, game.players, seed=seed, round=r, history=history))
    return (time.perf_counter() - start) * 1000, history


def main() -> None:
    ms, history = min((draw_night(seed) for seed in (1, 2, 3)), key=lambda found: found[0])
    table = max(get("trickster").best_players)
    fewest = fewest_repeats(len(PLAYERS), table, ROUNDS)
    print(
        f"event: draw of {len(PLAYERS)} players for {ROUNDS} rounds (mix): {ms:.0f} ms, repeated meetings "
        f"{history.repeats()} (fewest possible {fewest}) (goal <= 1000 ms, repeats <= {fewest + 5})"
    )


if __name__ == "__main__":
    main()
