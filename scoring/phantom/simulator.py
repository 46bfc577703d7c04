"""A Tricks and the Phantom simulator: whole games of random legal halves, every variant.

Each half deals from what the round's deal still holds, gives every hint token a colour its card
may show, and points (or, in Poker, calls Double) at random; now and then a half starts a new
round early (``new``) or, where West Coast allows it, plays a second half (``more``). Every half
is checked by the game itself (``GAME.apply``), so a simulated game is one a table could record.

``steer`` keeps a long game going, as a table playing to a high target would see it: of a few
random halves it plays the one that leaves the top score lowest (a tie at the top lets a game go
on), so ``halves`` may ask for far more halves than a game to 10 has.

>>> entries = play_game({"players": ["Aki", "Ben", "Chie", "Dan"]}, seed=4)
>>> from scoring.phantom.game import GAME
>>> GAME.replay({"players": ["Aki", "Ben", "Chie", "Dan"]}, entries).finished
True
>>> long = play_game({"players": ["Aki", "Ben", "Chie", "Dan"], "settings": {"target": 30}}, 1, 90, steer=True)
>>> len(long), GAME.replay({"players": ["Aki", "Ben", "Chie", "Dan"], "settings": {"target": 30}}, long).finished
(90, False)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from scoring.errors import RuleViolation
from scoring.game import Position
from scoring.phantom.culprit import PHANTOM, HouseRules, variants
from scoring.phantom.game import GAME
from scoring.phantom.record import deal, hints, more_allowed, phantom_count


def _code(value: int) -> str:
    return "P" if value == PHANTOM else str(value)


def _card(value: int, rng: random.Random) -> dict:
    return {"card": _code(value), "hint": rng.choice(hints(value))}


def _half(header: Mapping[str, Any], left: Counter[int], laid: list[int], rng: random.Random) -> dict:
    """One random half from the cards ``left`` in the deal (``laid``: each player's cards this
    round so far, for Poker's four)."""
    players = list(header["players"])
    variant = header.get("variant", "base")
    rules = HouseRules.from_dict(header.get("settings") or {})
    pool = list(left.elements())
    rng.shuffle(pool)
    half: dict[str, Any] = {"played": {}}
    if variant == "poker":
        for i, p in enumerate(players):
            n = rng.randint(1, min(3, 4 - laid[i], len(pool) - (len(players) - 1 - i)))
            half["played"][p] = [_card(pool.pop(), rng) for _ in range(n)]
        if rng.random() < 0.3:
            half["double"] = {"by": rng.choice(players), "accepted": rng.random() < 0.5}
    else:
        for p in players:
            half["played"][p] = _card(pool.pop(), rng)
        if variant == "fourth_person":
            half["fourth"] = _code(pool.pop())
        half["pointed"] = {p: rng.choice([q for q in players if q != p or rules.self_pointing]) for p in players}
    if rules.phantom_accusations and rng.random() < 0.3:
        a, b = rng.sample(players, 2)
        laid_now = half["played"][b]
        half["accused"] = {a: f"{b}:{rng.randint(1, len(laid_now))}" if isinstance(laid_now, list) else b}
    return half


def _used(half: Mapping[str, Any]) -> list[str]:
    shown = [c for laid in half["played"].values() for c in (laid if isinstance(laid, list) else [laid])]
    return [c["card"] for c in shown] + ([half["fourth"]] if "fourth" in half else [])


def play_game(
    header: Mapping[str, Any], seed: int | None = None, halves: int | None = None, steer: bool = False
) -> list[dict]:
    """The entries of a game played to its end (or to ``halves`` halves), one half each."""
    rng = random.Random(seed)
    variant = header.get("variant", "base")
    spec = variants()[variant]
    rules = HouseRules.from_dict(header.get("settings") or {})
    full = deal(phantom_count(spec, rules))
    n = len(header["players"])
    p = GAME.new(header)
    entries: list[dict] = []
    round_cards: list[str] = []  # the cards the round's deal has shown
    round_halves, found = 0, False
    laid = [0] * n
    while not p.finished and (halves is None or len(entries) < halves):
        more = variant == "west_coast" and round_halves == 1 and more_allowed(rules, found) and rng.random() < 0.5
        early = 0 < round_halves < spec["halves"] and rng.random() < 0.1
        best: tuple[tuple, dict, Position] | None = None
        for attempt in range(24 if steer else 2):
            early = early and attempt < (12 if steer else 1)  # closing a round early may end the game: play on
            same = round_halves > 0 and (round_halves < spec["halves"] or more) and not early
            used = Counter(PHANTOM if c == "P" else int(c) for c in round_cards) if same else Counter()
            half = _half(header, full - used, laid if same else [0] * n, rng)
            entry = {**half, **({"continue_round": True} if more else {}), **({"new_round": True} if early else {})}
            try:
                after = GAME.apply(p, entry)
            except RuleViolation:  # the game ended with the round this half closes early
                continue
            top = max(s.total for s in after.scored.standings.places)
            if best is None or (after.finished, top) < best[0]:
                best = ((after.finished, top), entry, after)
            if not steer:
                break
        assert best is not None
        _, entry, p = best
        entries.append(entry)
        same = "new_round" not in entry and round_halves > 0 and (round_halves < spec["halves"] or more)
        if same:
            round_cards, round_halves = round_cards + _used(entry), round_halves + 1
        else:
            round_cards, round_halves, laid = _used(entry), 1, [0] * n
        for i, name in enumerate(header["players"]):
            laid[i] += len(entry["played"][name]) if variant == "poker" else 1
        if variant == "west_coast" and round_halves == 1:  # whether a second half may follow
            found = p.state.found
    return entries
