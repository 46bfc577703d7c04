"""Every game applies only its new entry (``Game.step`` on the kept engine state), and that must be
the same as reading the whole record again: the same standings, the same state, and the same
refusal, word for word in both languages and numbered the same ("Entry 17: …").

The whole reading (``Game.read(Game.record(header, entries))``) is kept here, for the tests: the
table never reads a session's record again, it builds one only to export it. COMPANION_FUZZ sets
how many entries out of place or damaged are tried per game (default 150).
"""

from __future__ import annotations

import copy
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.errors import RuleViolation
from scoring.game import Position
from scoring.recordkit import at_entry
from scoring.records import split_record
from scoring.registry import get, ids
from scoring.words import say_all

ROOT = Path(__file__).resolve().parents[2]
FUZZ = int(os.environ.get("COMPANION_FUZZ", "150"))  # entries tried per game (bounded, for make test)
EXAMPLES = sorted(p for p in ROOT.glob("examples/*/*.json") if ".expected" not in p.name)
NAMES = ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen")


def whole(game_id: str, header: dict, entries: list) -> Any:
    """The whole reading of a session: its record built and read at once, a refusal numbered as the
    last entry's (how every entry was checked before each game stepped)."""
    game = get(game_id)
    entries = copy.deepcopy(entries)  # a reading never changes what was recorded
    try:
        return game.read(game.record(header, entries))
    except RuleViolation as err:
        raise at_entry(err, len(entries)) from None


def same_state(game_id: str, position: Position) -> None:
    """The kept state is the state the game's record reader reaches with the whole record."""
    kept, record = position.state, dict(position.record)
    if game_id == "trickster":
        from scoring.trickster.record import Scoresheet, replay_record, scoresheet_rounds

        if isinstance(kept, Scoresheet):
            assert list(kept.rounds) == scoresheet_rounds(record)[1]
        else:
            assert kept == replay_record(record).state
    elif game_id == "kings":
        from scoring.kings.game_record import Played, replay_game
        from scoring.kings.record import Sheet

        if isinstance(kept, Played):
            assert kept.state == replay_game(record)[2]
        elif isinstance(kept, Sheet):
            sheet = Sheet(record)
            assert (kept.scores, kept.king_numbers()) == (sheet.scores, sheet.king_numbers())
    elif game_id == "sheriff":
        from scoring.sheriff.record import table_state

        assert kept == table_state(record)
    elif game_id == "louder":
        from scoring.louder.record import public_record, table_state

        assert kept.state == table_state(record)
        assert kept.public == table_state(public_record(record))  # what the table has seen
        assert get("louder").public(position) == public_record(record)
    elif game_id == "phantom":
        from scoring.phantom.record import walk

        assert kept == walk(record)


def same_steps(game_id: str, header: dict, entries: list) -> Position:
    """Every entry applied to the position before it gives what the whole reading gives."""
    game = get(game_id)
    p = game.new(header)
    for k, entry in enumerate(entries, start=1):
        p = game.apply(p, entry)
        assert p.entries == tuple(entries[:k])
        assert p.scored == whole(game_id, header, entries[:k]), f"entry {k}"
        same_state(game_id, p)
    scored, read = game.score(p.state), game.read(p.record)
    assert say_all(scored.details, "ja") == say_all(read.details, "ja")  # the parts' words in Japanese too
    return p


def same_answer(game_id: str, header: dict, entries: list, entry: Any) -> RuleViolation | None:
    """One more entry after ``entries``: accepted by stepping and by the whole reading alike, with
    the same standings and state; or refused by both, for the same rule in the same words."""
    game = get(game_id)
    before = game.replay(header, entries)
    try:
        after = game.apply(before, entry)
    except RuleViolation as stepped:
        with pytest.raises(RuleViolation) as read:
            whole(game_id, header, [*entries, entry])
        assert (stepped.rule, stepped.reason, stepped.message("ja")) == (
            read.value.rule,
            read.value.reason,
            read.value.message("ja"),
        )
        assert stepped.reason.startswith(f"Entry {len(entries) + 1}: ")
        assert stepped.message("ja").startswith(f"記録{len(entries) + 1}：")
        return stepped
    assert after.scored == whole(game_id, header, [*entries, entry])
    same_state(game_id, after)
    return None


# --- games to step through ------------------------------------------------------------------------


def example(path: Path) -> tuple[str, dict, list]:
    return split_record(json.loads(path.read_text()))


def trickster_game(players: int, seed: int, deck: str) -> tuple[dict, list]:
    from scoring.trickster.cards import Deck
    from scoring.trickster.record import to_record
    from scoring.trickster.simulator import play_game, public
    from scoring.trickster.state import Header

    game = Header(NAMES[:players], Deck.preset(deck), seed % players)
    events = play_game(game, seed)[0]
    return split_record(to_record(game, [public(e) for e in events]))[1:]


def sheriff_game(seed: int, target: int) -> tuple[dict, list]:
    from scoring.sheriff.engine import Header, HouseRules
    from scoring.sheriff.record import to_record
    from scoring.sheriff.simulator import play_game, public

    game = Header(NAMES[:3], HouseRules(target=target))
    events = play_game(game, seed)[0]
    return split_record(to_record(game, [public(e) for e in events]))[1:]


def kings_game(players: int, seed: int) -> tuple[dict, list]:
    from scoring.kings.engine import Header
    from scoring.kings.game_record import to_record
    from scoring.kings.simulator import play_game

    game = Header(NAMES[:players])
    return get("kings").split(to_record(game, play_game(game, seed)[0]))


def louder_game(players: int, seed: int, settings: dict | None = None) -> tuple[dict, list]:
    from scoring.louder.engine import Drew, HandsRevealed, Header, HouseRules, Placed, Used
    from scoring.louder.simulator import play_game

    names = NAMES[:players]
    events = play_game(Header(names, seed % players, HouseRules(**(settings or {}))), seed)[0]
    entries: list[dict] = []
    for e in events:
        if isinstance(e, Drew):
            entries.append({"draw": True})
        elif isinstance(e, Placed):
            entries.append({"place": e.card.code(), "at": list(e.cell), "says": e.said})
        elif isinstance(e, Used):
            entries.append({"use": e.card, "flip": [list(c) for c in e.flips]})
        elif isinstance(e, HandsRevealed):
            entries.append({"hands": {who: [c.code() for c in hand] for who, hand in zip(names, e.hands, strict=True)}})
    header = {"players": list(names), "first": names[seed % players], **({"settings": settings} if settings else {})}
    return header, entries


PHANTOM_TABLES = {  # every variant, with the players it takes
    "base": 4,
    "poker": 2,
    "fourth_person": 3,
    "west_coast": 5,
    "oshaberi": 4,
}


def phantom_game(variant: str, seed: int, settings: dict | None = None) -> tuple[dict, list]:
    from scoring.phantom.simulator import play_game

    header = {"players": list(NAMES[: PHANTOM_TABLES[variant]]), "variant": variant, "settings": settings or {}}
    return header, play_game(header, seed)


@cache
def games() -> dict[str, list[tuple[dict, list]]]:
    """Each game's worked examples and a few simulated games, for the refusals below."""
    out: dict[str, list[tuple[dict, list]]] = {g: [] for g in ids()}
    for path in EXAMPLES:
        game, header, entries = example(path)
        out[game].append((header, entries))
    out["trickster"] += [trickster_game(3, 5, "strategy"), trickster_game(5, 8, "introductory")]
    out["sheriff"] += [sheriff_game(3, 8)]
    out["kings"] += [kings_game(2, 4), kings_game(4, 9)]
    out["louder"] += [louder_game(3, 2), louder_game(4, 3, {"seeker_mode": "safe_collect"})]
    out["phantom"] += [
        phantom_game("west_coast", 0, {"five_player_second_half": "only_if_someone_guessed"}),
        phantom_game("poker", 2, {"phantom_accusations": True}),
        phantom_game("base", 3, {"floor_zero": True, "edition": "oink", "self_pointing": True}),
        phantom_game("oshaberi", 4),
    ]
    return out


# --- every entry of a game steps as the whole record reads ----------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_steps_to_the_positions_the_whole_record_reads(path: Path) -> None:
    same_steps(*example(path))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 7), seed=st.integers(0, 10_000), deck=st.sampled_from(["introductory", "strategy"]))
def test_simulated_trickster_games_step_as_they_replay(players: int, seed: int, deck: str) -> None:
    same_steps("trickster", *trickster_game(players, seed, deck))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), target=st.sampled_from([10, 15]))
def test_simulated_sheriff_games_step_as_they_replay(seed: int, target: int) -> None:
    same_steps("sheriff", *sheriff_game(seed, target))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 4, 5]), seed=st.integers(0, 10_000))  # the rules are for 2, 4 or 5
def test_simulated_kings_games_step_as_they_replay(players: int, seed: int) -> None:
    same_steps("kings", *kings_game(players, seed))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([3, 4]),
    seed=st.integers(0, 10_000),
    settings=st.sampled_from([{}, {"seeker_mode": "safe_collect"}, {"destroyer_ignores_trap": True}]),
)
def test_simulated_louder_games_step_as_they_replay(players: int, seed: int, settings: dict) -> None:
    same_steps("louder", *louder_game(players, seed, settings))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(sorted(PHANTOM_TABLES)),
    seed=st.integers(0, 10_000),
    settings=st.sampled_from(
        [
            {},
            {"edition": "oink", "target": 5},
            {"floor_zero": True, "phantom_penalty": 2},
            {"phantom_accusations": True, "wrong_accusation_pays": "bank"},
            {"five_player_second_half": "only_if_someone_guessed", "correct_guess_points": "one"},
            {"self_pointing": True, "detective_doubles_phantom": True},
        ]
    ),
)
def test_simulated_phantom_games_step_as_they_replay(variant: str, seed: int, settings: dict) -> None:
    same_steps("phantom", *phantom_game(variant, seed, settings))


def test_a_phantom_game_of_ninety_halves_steps_as_it_replays() -> None:
    from scoring.phantom.simulator import play_game

    header = {"players": ["Aki", "Ben", "Chie", "Dan"], "settings": {"target": 30}}
    entries = play_game(header, seed=1, halves=90, steer=True)
    assert not same_steps("phantom", header, entries).finished


# --- a refused entry is refused in the same words -------------------------------------------------

JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-2, 12)
    | st.sampled_from(["", "Aki", "Zed", "P", "10", "r5", "Kh", "RGUA", "score:3", "trap:0", "red", "Healer", "■"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)


FLAGS = ["new_round", "continue_round", "draw", "king", "sword", "gift", "bust", "play", "reveal", "round", "hands"]


def _paths(value: Any, here: tuple = ()) -> list[tuple]:
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*here, i))
    return out


def damaged(entry: Any, data: st.DataObject) -> Any:
    """A copy of a real entry with one place in it replaced, dropped or given a key of another entry."""
    entry = copy.deepcopy(entry)
    path = data.draw(st.sampled_from(_paths(entry)))
    if not path:
        return data.draw(JUNK)
    parent = entry
    for key in path[:-1]:
        parent = parent[key]
    how = data.draw(st.sampled_from(["replace", "drop", "key"]))
    if how == "drop":
        del parent[path[-1]]
    elif how == "key" and isinstance(parent, dict):
        key = data.draw(
            st.sampled_from(
                [
                    "round",
                    "reveal",
                    "play",
                    "deal",
                    "pick",
                    "bids",
                    "fronts",
                    "hands",
                    "new_round",
                    "continue_round",
                    "tricks",
                    "plays",
                    "players",
                    "draft",
                ]
            )
        )
        parent[key] = copy.deepcopy(parent[path[-1]])
    else:
        parent[path[-1]] = data.draw(JUNK)
    return entry


@pytest.mark.parametrize("game_id", ["trickster", "kings", "sheriff", "phantom", "louder"])
@settings(max_examples=FUZZ, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_an_entry_out_of_place_or_damaged_is_refused_by_a_step_as_by_the_whole_record(game_id: str, data) -> None:
    header, entries = data.draw(st.sampled_from(games()[game_id]))
    cut = data.draw(st.integers(0, len(entries)))
    how = data.draw(st.sampled_from(["elsewhere", "another game", "flagged", "damaged", "junk"]))
    if how == "junk" or not entries:
        entry = data.draw(JUNK)
    else:
        entry = data.draw(st.sampled_from(entries))  # an entry of the same session, at another moment
        if how == "another game":  # an entry of another session of the same game
            other = data.draw(st.sampled_from(games()[game_id]))[1]
            entry = data.draw(st.sampled_from(other)) if other else entry
        elif how == "flagged" and isinstance(entry, dict):
            entry = {**entry, data.draw(st.sampled_from(FLAGS)): True}
        elif how == "damaged":
            entry = damaged(entry, data)
    same_answer(game_id, header, entries[:cut], entry)


# --- what the record has no place for is refused, by a step and by the whole reading alike ---------


def session(name: str, upto: int | None = None) -> tuple[str, dict, list]:
    game, header, entries = example(ROOT / "examples" / name)
    return game, header, entries if upto is None else entries[:upto]


def test_the_hands_revealed_twice_for_a_round_are_refused_not_taken_for_the_first() -> None:
    game, header, entries = session("trickster/game-4p-introductory.json")
    reveal = next(k for k, e in enumerate(entries) if "reveal" in e)
    err = same_answer(game, header, entries[: reveal + 1], entries[reveal])
    assert err is not None and err.rule == "trickster.round-end"
    assert err.reason == f"Entry {reveal + 2}: Round 1's hands were already revealed."


def test_a_card_after_the_hands_are_revealed_asks_for_the_next_rounds_setup() -> None:
    game, header, entries = session("trickster/game-4p-introductory.json")
    reveal = next(k for k, e in enumerate(entries) if "reveal" in e)
    err = same_answer(game, header, entries[: reveal + 1], entries[reveal - 1])
    assert err is not None and err.rule == "trickster.setup"
    assert err.reason.endswith("No trick is being played: round 2 is not set up yet.")


def test_a_trick_line_in_a_scoresheet_session_is_refused_as_no_scoresheet_round() -> None:
    game, header, entries = session("trickster/scoresheet-4p.json", 1)
    err = same_answer(game, header, entries, {"round": {"trash": ["GPED"], "tableau": {}}})
    assert err is not None and err.reason == "Entry 2: a scoresheet round has unknown field 'round' (known: tableau)."
    err = same_answer(game, header, entries, {"tableau": {"Aki": 5}})
    assert err is not None and "Aki's tableau is written as {…}" in err.reason


def test_a_second_bids_line_in_a_round_is_refused_not_taken_for_the_first() -> None:
    game, header, entries = session("kings/game-5p.json")
    bids = next(k for k, e in enumerate(entries) if "bids" in e)
    err = same_answer(game, header, entries[: bids + 3], entries[bids])  # two cards into the round
    assert err is not None and err.rule == "kings.rounds"
    assert err.reason == f"Entry {bids + 4}: Round 1's bids were already revealed."
    assert err.message("ja") == f"記録{bids + 4}：第1ラウンドのビッドはすでに公開されています。"


def test_two_players_cards_typed_while_the_next_round_is_drafted_are_refused_by_the_draft() -> None:
    game, header, entries = session("kings/game-2p-white-king.json")  # round 1 whole: round 2 is drafted next
    card = next(e for e in entries if "play" in e)
    err = same_answer(game, header, entries, card)
    assert err is not None and err.rule == "kings.rounds"
    assert err.reason == (
        f"Entry {len(entries) + 1}: Playing a card is not possible now: the draft is on (a king's colour or a "
        "character)."
    )
    err = same_answer(game, header, entries, next(e for e in entries if "fronts" in e))
    assert err is not None and err.reason == f"Entry {len(entries) + 1}: the draft is not finished."


def test_a_card_after_a_scoresheet_deal_asks_for_a_deal() -> None:
    game, header, entries = session("sheriff/scoresheet-3-deals.json", 1)
    err = same_answer(game, header, entries, {"play": "Kh"})
    assert err is not None and "a deal starts with the Joker's holder" in err.reason


def test_a_new_round_after_a_half_that_puts_one_player_alone_at_the_target_is_refused() -> None:
    header = {"players": ["Aki", "Ben"], "variant": "poker", "settings": {"target": 1}}
    first = {"played": {"Aki": [{"card": "9", "hint": "blue"}], "Ben": [{"card": "7", "hint": "blue"}]}}
    again = {"played": {"Aki": [{"card": "3", "hint": "yellow"}], "Ben": [{"card": "2", "hint": "yellow"}]}}
    assert same_answer("phantom", header, [first], {**again, "new_round": True}) is not None
    err = same_answer("phantom", header, [first], {**again, "new_round": True})
    assert err is not None and err.rule == "phantom.end"
    assert err.reason == "Entry 2: the game already ended: Aki leads alone with 1."
    assert same_answer("phantom", header, [first], again) is None  # the round's second half: it ends there


def test_a_west_coast_second_half_reopens_the_round_its_first_half_closed() -> None:
    header, entries = phantom_game("west_coast", 0, {"five_player_second_half": "only_if_someone_guessed"})
    more = next(k for k, e in enumerate(entries) if e.get("continue_round"))
    game = get("phantom")
    before = game.replay(header, entries[:more])
    assert before.state.halves[-1].round_done  # one half is a whole round in the West Coast game
    after = game.apply(before, entries[more])
    assert not after.state.halves[-2].round_done and after.state.halves[-1].round_done
    same_state("phantom", after)


def test_an_entry_builds_no_record_and_a_board_or_an_export_builds_it_when_asked() -> None:
    for path in EXAMPLES:
        game_id, header, entries = example(path)
        game = get(game_id)
        p = game.replay(header, entries)
        for _ in (game.to_play(p), game.prompt(p), game.completions(p), p.scored.standings):
            pass
        assert "record" not in vars(p), path.name  # nothing on the way of an entry reads a record
        assert p.record == game.record(header, entries)  # built on asking, from the entries
        assert "record" in vars(p)


def test_a_turn_or_a_second_reveal_after_the_hands_are_shown_is_refused_as_the_hands_come_last() -> None:
    game, header, entries = session("louder/game-4p.json")  # the hands shown: entry 90
    for entry in ({"draw": True}, entries[-1]):
        err = same_answer(game, header, entries, entry)
        assert err is not None and err.rule == "record-format"
        assert err.reason == "Entry 91: the hands are revealed once, at the very end."
        assert err.message("ja") == "記録91：手札の公開は最後に1回です。"


def test_the_hands_shown_while_the_deck_still_holds_cards_are_refused() -> None:
    game, header, entries = session("louder/game-4p.json")
    err = same_answer(game, header, entries[:10], entries[-1])
    assert err is not None
    assert err.reason == "Entry 11: hands are revealed when the last card of the deck is drawn; 36 card(s) are left."


def test_a_west_coast_second_half_the_house_rule_forbids_is_refused() -> None:
    header, entries = phantom_game("west_coast", 0, {"five_player_second_half": "never"})
    err = same_answer("phantom", header, entries[:1], {**entries[1], "continue_round": True})
    assert err is not None and err.rule == "phantom.west-coast"
    assert err.reason == ("Entry 2: the West Coast game has no second half here (house rule five_player_second_half).")


def test_a_third_half_in_a_round_of_two_is_refused() -> None:
    header, entries = phantom_game("base", 3)
    err = same_answer("phantom", header, entries[:2], {**entries[2], "continue_round": True})
    assert err is not None and err.rule == "phantom.overview"
    assert err.reason == "Entry 3: a round of this game has 2 half/halves, not 3."
    assert err.message("ja") == "記録3：このゲームの1ラウンドは2半戦です（3半戦ではありません）。"
