"""An independent scorer for LOUDER TRICKSTAR, written from the rules text (the reference's §1.5–1.7
and the house rules the rules text names), never calling the engine's scoring or its state: it
follows the simulated game's own turns (cards placed on cells, strategy cards flipping them, the
hands shown at the end) and scores each player, and must agree with the engine's standings over
games played at random, under every combination of the house rules it reads.

* A Trickster or a Destroyer that flips a Trap collects nothing: every card it flipped turns back
  face down and stays (a Destroyer under ``destroyer_ignores_trap`` collects the Trap with the rest).
* A Seeker only looks (``seeker_mode`` "peek"); under "safe_collect" it collects what it flipped,
  a Trap not stopping it.
* Any other flip collects the cards it turned into the player's row.
* A player scores the numbers of the cards collected, less each placement card left in hand at its
  number plus one (``kept_card`` "never_a_gain": at least nothing a card).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.louder.engine import HandsRevealed, Header, HouseRules, Placed, Used, score
from scoring.louder.simulator import play_game

PLAYERS = ("Aki", "Ben", "Chie", "Dan")
PLACEMENT = ("trap", "score", "enemy")


def reference_scores(events: list, players: int, rules: HouseRules) -> list[int]:
    field: dict[tuple[int, int], object] = {}
    collected: list[list] = [[] for _ in range(players)]
    hands: tuple = ((),) * players
    for e in events:
        if isinstance(e, Placed):
            field[e.cell] = e.card
        elif isinstance(e, Used) and e.flips:
            cards = [field[cell] for cell in e.flips]
            if e.card == "seeker":
                collects = rules.seeker_mode == "safe_collect"
            elif e.card == "destroyer" and rules.destroyer_ignores_trap:
                collects = True
            else:
                collects = not any(c.kind == "trap" for c in cards)
            if collects:
                collected[e.player] += cards
                for cell in e.flips:
                    del field[cell]
        elif isinstance(e, HandsRevealed):
            hands = e.hands
    scores = []
    for p in range(players):
        kept = [c.number + 1 for c in hands[p] if c.kind in PLACEMENT]
        if rules.kept_card == "never_a_gain":
            kept = [max(k, 0) for k in kept]
        scores.append(sum(c.number for c in collected[p]) - sum(kept))
    return scores


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([3, 4]),
    seeker=st.sampled_from(HouseRules.DOCS["seeker_mode"]),
    destroyer=st.sampled_from(HouseRules.DOCS["destroyer_ignores_trap"]),
    kept=st.sampled_from(HouseRules.DOCS["kept_card"]),
)
def test_the_engine_scores_every_random_game_as_the_rules_text_does(seed, players, seeker, destroyer, kept):
    rules = HouseRules(seeker_mode=seeker, destroyer_ignores_trap=destroyer, kept_card=kept)
    events, final = play_game(Header(PLAYERS[:players], rules=rules), seed=seed)
    assert score(final) == reference_scores(events, players, rules)
