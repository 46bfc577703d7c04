"""Trickster records: the full trick-by-trick form and the scoresheet, as documented in
``docs/record-format.md``. Reading a record replays it through the engine, so a record that
breaks a rule is refused with the rule and the place in the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.errors import RuleViolation
from scoring.recordkit import (
    at,
    bad,
    need_dict,
    need_int,
    need_list,
    need_str,
    only_keys,
    players_of,
    seat,
)
from scoring.standings import Scored, Standings
from scoring.trickster.cards import Deck, code, parse, suits
from scoring.trickster.engine import ROUNDS, apply, round_over
from scoring.trickster.events import Bust, CardPlayed, Effect, Event, HandsRevealed, RoundStarted, TimelineLed
from scoring.trickster.scoring import explain_round, score_round, standings
from scoring.trickster.settings import HouseRules
from scoring.trickster.state import LEAD, OVER, REVEAL, SETUP, TRICK, Header, RoundScore, State, new_game
from scoring.trickster.words import said, suit
from scoring.words import Fact, Words

HEADER = {"game", "players", "deck", "first", "settings", "rounds", "version", "date", "notes"}


@dataclass(frozen=True)
class Replayed:
    """A record read and replayed: the header, the events, the final state."""

    game: Header
    events: tuple[Event, ...]
    state: State

    def standings(self) -> Standings:
        return standings(self.game.players, self.state.scores)


def read_game(record: dict) -> Header:
    players = players_of(record, 2, 7)
    with at("deck"):
        deck_field = record.get("deck", "introductory")
        if isinstance(deck_field, str):
            deck = Deck.preset(deck_field)
        elif not isinstance(deck_field, list):
            raise bad(said("refused.deck_field", value=deck_field))
        else:
            deck = Deck.of([need_str(h, "a hero") for h in need_list(deck_field, "deck")])
    with at("first"):
        first = seat(players, record.get("first", players[0]))
    with at("settings"):
        rules = HouseRules.from_dict(need_dict(record.get("settings", {}), "settings"))
    return Header(players, deck, first, rules)


def _card(text: Any, deck: Deck) -> int:
    return parse(need_str(text, "a card code"), deck)


def read_effect(obj: Any, game: Header) -> Effect:
    """An effect as a record writes it (``{"card": "WGUA", "enemy": "Ben"}``), cards and players read."""
    obj = need_dict(obj, "an effect")
    only_keys(obj, {"card", "card2", "enemy", "enemy2", "copy", "then"}, "an effect")
    fields: dict[str, Any] = {}
    for key in ("card", "card2", "copy"):
        if obj.get(key) is not None:
            fields[key] = _card(obj[key], game.deck)
    for key in ("enemy", "enemy2"):
        if obj.get(key) is not None:
            fields[key] = seat(game.players, obj[key])
    if obj.get("then") is not None:
        with at("then"):
            fields["then"] = read_effect(obj["then"], game)
    return Effect(**fields)


def _entry(obj: Any, s: State) -> Event:
    game = s.game
    obj = need_dict(obj, "a trick entry")
    if "bust" in obj:
        only_keys(obj, {"bust"}, "a bust")
        return Bust(seat(game.players, obj["bust"]))
    if "timeline" in obj:
        only_keys(obj, {"timeline"}, "the Timeline's card")
        with at("timeline"):
            return TimelineLed(_card(obj["timeline"], game.deck))
    if "play" not in obj:
        raise bad(said("refused.trick_entry"))
    only_keys(obj, {"play", "by", "effect"}, "a play")
    player = seat(game.players, obj["by"]) if "by" in obj else (s.to_play if s.to_play is not None else -1)
    effect = None
    if obj.get("effect") is not None:
        with at("effect"):
            effect = read_effect(obj["effect"], game)
    return CardPlayed(player, _card(obj["play"], game.deck), effect)


def round_started(obj: Any, s: State) -> tuple[RoundStarted, State]:
    """A round's setup as a session records it (``trash``, ``tableau`` by player, ``timeline``),
    read and applied."""
    game = s.game
    obj = need_dict(obj, "a round")
    with at("trash"):
        trash = tuple(_card(c, game.deck) for c in need_list(obj.get("trash"), "trash"))
    with at("tableau"):
        picks = need_dict(obj.get("tableau"), "tableau")
        for name in picks:
            seat(game.players, name)
        missing = [p for p in game.players if p not in picks]
        if missing:
            raise bad(said("refused.no_tableau_card", player=missing[0]))
        tableau = tuple(_card(picks[p], game.deck) for p in game.players)
    with at("timeline"):
        timeline = tuple(_card(c, game.deck) for c in need_list(obj.get("timeline", []), "timeline"))
    start = RoundStarted(trash, tableau, timeline)
    return start, apply(s, start)


def played(entry: Any, s: State) -> tuple[Event, State]:
    """A card played, a bust or the Timeline's card leading, read and applied (refused once the
    round's tricks are over)."""
    if s.phase not in (TRICK, LEAD):
        raise round_over(s)
    event = _entry(entry, s)
    return event, apply(s, event)


def trick_not_over(s: State) -> Fact:
    """Why a trick's entries end too soon: whose turn it still is, or the Timeline's card to lead."""
    if s.to_play is None:
        return said("refused.timeline_leads", trick=s.tricks + 1)
    return said("refused.trick_not_over", player=s.players[s.to_play])


def revealed(obj: Any, s: State) -> tuple[HandsRevealed, State]:
    """The hands revealed at a round's end (``{player: [cards]}``), read and applied."""
    game = s.game
    if s.phase != REVEAL:
        if s.to_play is None:
            raise RuleViolation("trickster.round-end", said("refused.still_played", round=s.round))
        turn = said("refused.still_played_turn", round=s.round, player=s.players[s.to_play])
        raise RuleViolation("trickster.round-end", turn)
    shown = need_dict(obj, "reveal")
    for name in shown:
        seat(game.players, name)
    hands = tuple(tuple(_card(c, game.deck) for c in need_list(shown.get(p, []), p)) for p in game.players)
    event = HandsRevealed(hands)
    return event, apply(s, event)


def _round_events(obj: dict, s: State, events: list[Event]) -> State:
    only_keys(obj, {"trash", "tableau", "timeline", "tricks", "plays", "reveal"}, "a round")
    start, s = round_started(obj, s)
    events.append(start)
    if "plays" in obj:  # a session's flat list: plays and busts in order, tricks implied
        with at("plays"):
            for i, entry in enumerate(need_list(obj["plays"], "plays")):
                with at(f"[{i}]"):
                    event, s = played(entry, s)
                    events.append(event)
    with at("tricks"):
        tricks = need_list(obj.get("tricks", []), "tricks")
    for t, trick in enumerate(tricks):
        with at(f"tricks[{t}]"):
            entries = need_list(trick, "a trick")
            if s.phase not in (TRICK, LEAD):
                raise round_over(s)
            done = s.tricks + 1
            for i, entry in enumerate(entries):
                with at(f"[{i}]"):
                    if s.tricks == done:
                        raise bad(said("refused.trick_ended"))
                    event = _entry(entry, s)
                    s = apply(s, event)
                    events.append(event)
            if s.tricks != done:
                raise bad(trick_not_over(s))
    if "reveal" in obj:
        with at("reveal"):
            event, s = revealed(obj["reveal"], s)
            events.append(event)
    return s


def opening(record: dict) -> State:
    """The state before a record's first round: its header read, or refused as ``read`` refuses
    it (a trick-by-trick record and a scoresheet alike)."""
    only_keys(record, HEADER, "the record")
    return new_game(read_game(record))


def replay_record(record: dict) -> Replayed:
    """Read a full trick-by-trick record and replay it; the last round may be unfinished."""
    s = opening(record)
    game = s.game
    events: list[Event] = []
    with at("rounds"):
        rounds = need_list(record.get("rounds"), "rounds")
        if len(rounds) > ROUNDS:
            raise bad(said("refused.game_rounds", rounds=ROUNDS, n=len(rounds)))
    for r, obj in enumerate(rounds):
        with at(f"rounds[{r}]"):
            if s.phase not in ("setup",):
                raise unrevealed()
            s = _round_events(need_dict(obj, "a round"), s, events)
    return Replayed(game, tuple(events), s)


SETUP_KEYS = {"trash", "tableau", "timeline"}


def next_round(setup: dict, s: State) -> State:
    """A round set up after the others (``trash``, ``tableau``, ``timeline``), as ``read`` reads a
    record's last round: refused after the last round or while the round before is unfinished."""
    if s.round >= ROUNDS:
        raise bad(said("refused.game_rounds", rounds=ROUNDS, n=s.round + 1))
    if s.phase != SETUP:
        raise unrevealed()
    return round_started(setup, s)[1]


def unrevealed() -> RuleViolation:
    """Why a round cannot be set up: the hands of the round before are not revealed yet."""
    return bad(said("refused.unrevealed"))


def revealed_before(r: int) -> RuleViolation:
    """Why the hands cannot be revealed again: round ``r``'s were."""
    return RuleViolation("trickster.round-end", said("refused.revealed_before", round=r))


def no_setup() -> RuleViolation:
    """Why nothing but a round's setup can come first."""
    return bad(said("refused.no_setup"))


def scoresheet_rounds(record: dict) -> tuple[tuple[str, ...], list[RoundScore]]:
    """Read a scoresheet: each round's tableau counts per player and suit."""
    only_keys(record, HEADER, "the record")
    players = read_game(record).players  # the header is checked whole, as for a trick-by-trick record
    scored: list[RoundScore] = []
    with at("rounds"):
        rounds = need_list(record.get("rounds"), "rounds")
        if len(rounds) > ROUNDS:
            raise too_many_rounds(len(rounds))
    for r, obj in enumerate(rounds):
        with at(f"rounds[{r}]"):
            scored.append(sheet_round(obj, players))
    return players, scored


def sheet_round(obj: Any, players: tuple[str, ...]) -> RoundScore:
    """One scoresheet round, ``{"tableau": {NAME: {SUIT: N}}}``, read and scored."""
    suit_ids = [s.id for s in suits()]
    obj = need_dict(obj, "a round")
    only_keys(obj, {"tableau"}, "a scoresheet round")
    with at("tableau"):
        tableau = need_dict(obj.get("tableau", {}), "tableau")
        counts = [[0] * 8 for _ in players]
        for name, row in tableau.items():
            p = seat(players, name)
            with at(name):
                for name_of_suit, n in need_dict(row, f"{name}'s tableau").items():
                    if name_of_suit not in suit_ids:
                        raise bad(said("refused.not_a_suit", suit=name_of_suit, suits=tuple(suit_ids)))
                    counts[p][suit_ids.index(name_of_suit)] = need_int(
                        n, f"the {name_of_suit} count", minimum=0, maximum=7
                    )
        for i in range(len(suit_ids)):
            total = sum(row[i] for row in counts)
            if total > 7:
                raise RuleViolation("trickster.scoresheet", said("refused.suit_total", total=total, suit=suit(i)))
    return score_round(counts)


@dataclass(frozen=True)
class Scoresheet:
    """A game kept as a scoresheet: the players and each round's score so far."""

    players: tuple[str, ...]
    rounds: tuple[RoundScore, ...] = ()

    def then(self, obj: Any) -> Scoresheet:
        """With one more round, as ``read`` reads a scoresheet's last round."""
        score = sheet_round(obj, self.players)
        if len(self.rounds) >= ROUNDS:
            raise too_many_rounds(len(self.rounds) + 1)
        return Scoresheet(self.players, (*self.rounds, score))


def too_many_rounds(n: int) -> RuleViolation:
    return bad(said("refused.sheet_rounds", rounds=ROUNDS, n=n))


def is_scoresheet(record: dict) -> bool:
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        return False
    return all(
        isinstance(r, dict)
        and set(r) <= {"tableau"}
        and all(isinstance(v, dict) for v in need_dict(r.get("tableau", {}), "tableau").values())
        for r in rounds
    )


def score(record: dict) -> Standings:
    """Standings for any Trickster record, scoresheet or trick-by-trick."""
    return read(record).standings


def read(record: dict) -> Scored:
    """Standings and each round's trouble points explained, for any Trickster record."""
    if is_scoresheet(record):
        players, rounds = scoresheet_rounds(record)
        return scored(players, rounds, len(rounds) == ROUNDS)
    return scored_state(replay_record(record).state)


def scored_state(s: State) -> Scored:
    """The standings and round explanations of a game played card by card, from its state."""
    return scored(s.game.players, list(s.scores), s.phase == OVER)


def scored(players: tuple[str, ...], rounds: list[RoundScore], finished: bool) -> Scored:
    details: list[Words] = []
    for r, result in enumerate(rounds, start=1):
        details.append(said("round", round=r))
        details.extend(said("indented", line=line) for line in explain_round(players, result))
    return Scored(standings(players, rounds), details, finished=finished)


def _effect_json(x: Effect, game: Header) -> dict:
    out: dict[str, Any] = {}
    for key in ("card", "card2", "copy"):
        value = getattr(x, key)
        if value is not None:
            out[key] = code(value)
    for key in ("enemy", "enemy2"):
        value = getattr(x, key)
        if value is not None:
            out[key] = game.players[value]
    if x.then is not None:
        out["then"] = _effect_json(x.then, game)
    return out


def to_record(game: Header, events: list[Event] | tuple[Event, ...]) -> dict:
    """The record of a game's public events; ``replay_record`` reads it back to the same events."""
    record: dict[str, Any] = {"game": "trickster", "players": list(game.players)}
    preset = next((k for k in ("introductory", "strategy") if Deck.preset(k) == game.deck), None)
    record["deck"] = preset or game.deck.names()
    record["first"] = game.players[game.first_player]
    if game.rules.changed():
        record["settings"] = game.rules.changed()
    rounds: list[dict] = []
    s = new_game(game)
    for event in events:
        if isinstance(event, RoundStarted):
            rounds.append(
                {
                    "trash": [code(c) for c in event.trash],
                    "tableau": {p: code(c) for p, c in zip(game.players, event.tableau, strict=True)},
                    **({"timeline": [code(c) for c in event.timeline]} if event.timeline else {}),
                    "tricks": [[]],
                }
            )
        elif isinstance(event, HandsRevealed):
            rounds[-1]["reveal"] = {
                p: [code(c) for c in sorted(h)] for p, h in zip(game.players, event.hands, strict=True)
            }
        else:
            tricks = rounds[-1]["tricks"]
            if isinstance(event, Bust):
                tricks[-1].append({"bust": game.players[event.player]})
            elif isinstance(event, TimelineLed):
                tricks[-1].append({"timeline": code(event.card)})
            else:
                entry: dict[str, Any] = {"by": game.players[event.player], "play": code(event.card)}
                if event.effect is not None:
                    entry["effect"] = _effect_json(event.effect, game)
                tricks[-1].append(entry)
        before = s.tricks
        s = apply(s, event)
        if isinstance(event, (Bust, CardPlayed)) and s.tricks != before:
            rounds[-1]["tricks"].append([])
    for r in rounds:
        if r["tricks"] and not r["tricks"][-1]:
            r["tricks"].pop()
    record["rounds"] = rounds
    return record
