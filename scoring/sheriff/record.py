"""Sheriff records: per deal either the roles, trump and captured counts (scoresheet) or the
Joker holder, roles, trump and the seven tricks card by card (replayed through the tracker)."""

from __future__ import annotations

from typing import Any

from scoring.errors import RuleViolation
from scoring.recordkit import at, bad, need_dict, need_int, need_list, need_str, only_keys, players_of, seat
from scoring.sheriff.cards import RANKS, code, fact, no_trump, parse, suit_index, suits
from scoring.sheriff.engine import (
    DEAL,
    ROLES,
    TRICK,
    TRICKS,
    CardPlayed,
    DealScore,
    DealStarted,
    Header,
    HouseRules,
    State,
    apply,
    deal_scored,
    game_over,
    new_game,
    score_deal,
)
from scoring.sheriff.told import deal_worked_out
from scoring.standings import Scored, Standings, rank
from scoring.words import Fact

HEADER = {"game", "players", "settings", "deals", "version", "date", "notes"}
RANK_KEYS = (*RANKS, "Joker")


def _roles(obj: Any, players: tuple[str, ...]) -> tuple[str, ...]:
    roles = need_dict(obj, "roles")
    for p in roles:
        seat(players, p)
    got = tuple(roles.get(p) for p in players)
    if sorted(str(r) for r in got) != sorted(ROLES):
        given = tuple(f"{p} {r}" for p, r in zip(players, got, strict=True) if r is not None)
        roles = {r: Fact("sheriff.role", role=r) for r in ROLES}  # the Japanese names them
        said = fact("refused.roles_given", given=given or (fact("refused.none_given"),), **roles)
        raise RuleViolation("sheriff.roles", said)
    return got


def _trump(obj: Any) -> int | None:
    if obj is None or (isinstance(obj, str) and no_trump(obj)):
        return None
    return suit_index(need_str(obj, "trump"))


def read(record: dict) -> Scored:
    """A Sheriff record scored deal by deal, or refused with the path of what is wrong."""
    s = opening(record)
    with at("deals"):
        deals = need_list(record.get("deals"), "deals")
    return scored_state(_deals(s, deals))


def opening(record: dict) -> State:
    """The tracker's state before a record's first deal: its header read, or refused as ``read``
    refuses it."""
    only_keys(record, HEADER, "the record")
    players = players_of(record, 3, 3)
    with at("settings"):
        rules = HouseRules.from_dict(need_dict(record.get("settings", {}), "settings"))
    return new_game(Header(players, rules))


def scored_state(s: State) -> Scored:
    """The standings and each deal's points explained (facts), from the tracker's state."""
    players, rules = s.players, s.game.rules
    scores = list(s.scores)
    totals = {p: sum(x.points[i] for x in scores) for i, p in enumerate(players)}
    per_deal = {p: [x.points[i] for x in scores] for i, p in enumerate(players)}
    details = [line for d, x in enumerate(scores, start=1) for line in deal_worked_out(players, d, x)]
    finished = bool(scores) and game_over(list(totals.values()), rules.target)
    return Scored(rank(totals, lower_wins=False, rounds=per_deal), details, finished=finished)


def _sheet_deal(obj: dict, players: tuple[str, ...]) -> DealScore:
    only_keys(obj, {"roles", "captured", "trump"}, "a scoresheet deal")
    with at("roles"):
        roles = _roles(obj.get("roles"), players)
    with at("trump"):
        _trump(obj.get("trump"))
    with at("captured"):
        given = need_dict(obj.get("captured", {}), "captured")
        captured = []
        for p in players:
            row = need_dict(given.get(p, {}), p)
            for key in row:
                if key not in RANK_KEYS:
                    raise bad(fact("refused.not_a_rank", key=key, ranks=RANK_KEYS))
            captured.append(
                tuple(need_int(row.get(k, 0), f"{p}'s {k}", 0, 1 if k == "Joker" else 4) for k in RANK_KEYS)
            )
        for i, key in enumerate(RANK_KEYS):
            total = sum(row[i] for row in captured)
            limit = 1 if key == "Joker" else 4
            if total > limit:
                raise RuleViolation("sheriff.scoresheet", fact("refused.too_many", total=total, rank=key, limit=limit))
        complete = all(sum(r[i] for r in captured) == (1 if k == "Joker" else 4) for i, k in enumerate(RANK_KEYS))
        for p, row in zip(players, captured, strict=True):
            if complete and sum(row) % 3:  # every trick holds 3 cards
                raise RuleViolation("sheriff.scoresheet", fact("refused.not_threes", player=p, count=sum(row)))
        _check_tricks(players, [sum(row) for row in captured])
    return score_deal(players, roles, captured)


def _check_tricks(players: tuple[str, ...], counts: list[int]) -> None:
    """Each trick gives its winner 3 cards and a deal has 7, so a player holding n cards won at
    least ceil(n / 3) tricks, and those can add up to 7 at most (cards left off the sheet fill the
    rest)."""
    tricks = [-(-n // 3) for n in counts]
    if sum(tricks) > TRICKS:
        cards = tuple(f"{p} {n}" for p, n in zip(players, counts, strict=True))
        won = tuple(f"{p} {t}" for p, t in zip(players, tricks, strict=True))
        said = fact("refused.no_such_deal", cards=cards, won=won, least=sum(tricks), tricks=TRICKS)
        raise RuleViolation("sheriff.scoresheet", said)


def _full_deal(obj: dict, s: State, last: bool = True) -> State:
    """A deal trick by trick: ``tricks`` (lists of 3 cards) or, as a session records it, ``plays``
    (the cards in order; only the last deal of a record may be unfinished)."""
    only_keys(obj, {"joker", "roles", "trump", "tricks", "plays"}, "a deal")
    players = s.players
    with at("roles"):
        roles = _roles(obj.get("roles"), players)
    with at("joker"):
        joker = seat(players, obj.get("joker"))
    with at("trump"):
        trump = _trump(obj.get("trump"))
    if s.phase != DEAL:
        raise bad(fact("refused.previous_unfinished"))
    s = apply(s, DealStarted(joker, roles, trump))
    if "plays" in obj:
        with at("plays"):
            for i, c in enumerate(need_list(obj["plays"], "plays")):
                with at(f"[{i}]"):
                    s = card_played(c, s)
        if not last and s.phase == TRICK:
            raise _stopped(s)
        return s
    with at("tricks"):
        tricks = need_list(obj.get("tricks"), "tricks")
        if len(tricks) != TRICKS:
            raise RuleViolation("sheriff.trick", fact("refused.seven_tricks", count=len(tricks)))
    for t, trick in enumerate(tricks):
        with at(f"tricks[{t}]"):
            cards = need_list(trick, "a trick")
            if len(cards) != 3:
                raise RuleViolation("sheriff.trick", fact("refused.three_cards"))
            for i, c in enumerate(cards):
                with at(f"[{i}]"):
                    s = apply(s, CardPlayed(s.to_play, parse(need_str(c, "a card"))))
    return s


def score(record: dict) -> Standings:
    return read(record).standings


__all__ = ["card_played", "next_deal", "opening", "read", "score", "scored_state", "table_state", "to_record"]


def to_record(game: Header, events: list) -> dict:
    """A full record of a game's public events; ``read`` replays it to the same standings."""
    deals: list[dict] = []
    for e in events:
        if isinstance(e, DealStarted):
            deals.append(
                {
                    "joker": game.players[e.joker],
                    "roles": dict(zip(game.players, e.roles, strict=True)),
                    "trump": suits()[e.trump]["id"] if e.trump is not None else "none",
                    "tricks": [[]],
                }
            )
        else:
            tricks = deals[-1]["tricks"]
            if len(tricks[-1]) == 3:
                tricks.append([])
            tricks[-1].append(code(e.card))
    record = {"game": "sheriff", "players": list(game.players), "deals": deals}
    if game.rules.changed():
        record["settings"] = game.rules.changed()
    return record


def table_state(record: dict) -> State:
    """The tracker's state after a record: the deal being played card by card, and every deal's
    score (a scoresheet deal's too)."""
    players = players_of(record, 3, 3)
    rules = HouseRules.from_dict(need_dict(record.get("settings", {}), "settings"))
    return _deals(new_game(Header(players, rules)), need_list(record.get("deals"), "deals"))


def next_deal(obj: dict, s: State) -> State:
    """A deal after the others, as ``read`` reads a record's last deal: refused while the deal
    before it is unfinished or once the game is over; else a deal played card by card (``plays``,
    or whole ``tricks``) started or read, or a scoresheet deal scored."""
    if s.phase == TRICK:
        raise _stopped(s)  # the deal before is no longer the last: it is read as stopped
    if s.scores and game_over(s.totals(), s.game.rules.target):
        raise _ended(s, len(s.scores))
    if "tricks" in obj or "plays" in obj:
        return _full_deal(obj, s)
    return deal_scored(s, _sheet_deal(obj, s.players))


def card_played(card: Any, s: State) -> State:
    """The next card of the deal being played."""
    if s.phase != TRICK:
        raise deal_over()
    return apply(s, CardPlayed(s.to_play, parse(need_str(card, "a card"))))


def deal_over() -> RuleViolation:
    """Why no card can follow a deal played card by card: its 7 tricks are over."""
    return RuleViolation("sheriff.trick", fact("refused.deal_over"))


def no_deal() -> RuleViolation:
    """Why a card cannot be played before a deal is started (or after a scoresheet deal)."""
    return bad(fact("refused.no_deal"))


def _stopped(s: State) -> RuleViolation:
    """A deal played card by card that stopped before its 7 tricks, and another deal after it."""
    return RuleViolation("sheriff.trick", fact("refused.stopped", count=s.tricks_done))


def _ended(s: State, d: int) -> RuleViolation:
    """A deal after the one (the ``d``-th) that ended the game."""
    totals = s.totals()
    leader = s.players[totals.index(max(totals))]
    return RuleViolation("sheriff.end", fact("refused.ended", deal=d, player=leader, points=max(totals)))


def _deals(s: State, deals: list) -> State:
    """Every deal in order through the engine: a deal played card by card, card by card; a
    scoresheet deal as its score. Only the last deal may be unfinished."""
    players, target = s.players, s.game.rules.target
    for d, obj in enumerate(deals):
        with at(f"deals[{d}]"):
            obj = need_dict(obj, "a deal")
            if s.scores and game_over(s.totals(), target):
                raise _ended(s, d)
            if "tricks" in obj or "plays" in obj:
                s = _full_deal(obj, s, last=d == len(deals) - 1)
            else:
                s = deal_scored(s, _sheet_deal(obj, players))
    return s
