"""KINGs scoresheets: per-round summaries scored through the same engine scoring.

See ``docs/record-format.md``. Impossible sheets are refused: tricks that do not add up, more
captured cards than tricks won can hold, a colour with more cards than the deck, a king played
twice, an item used twice.
"""

from __future__ import annotations

from copy import copy
from typing import Any

from scoring.errors import RuleViolation
from scoring.kings.bids import read_bid
from scoring.kings.cards import (
    COLORS,
    character,
    game_data,
    king_color,
    kings,
    white_king_expansion_off,
)
from scoring.kings.game_record import is_game_record
from scoring.kings.game_record import read as read_game
from scoring.kings.scoring import (
    CAPTURED_KEYS,
    PlayerRound,
    PlayerScore,
    round_details,
    score_round,
    standings,
)
from scoring.kings.settings import HouseRules
from scoring.kings.words import fact
from scoring.recordkit import at, bad, need_dict, need_int, need_list, need_str, only_keys, seat
from scoring.standings import Scored, Standings
from scoring.words import Words

HEADER = {
    *("game", "players", "kings", "king_numbers", "copies", "backs"),
    *("settings", "rounds", "version", "date", "notes"),
}
PLAYER_KEYS = {"fronts", "bid", "tricks", "captured", "king_played", "items", "king"}
ITEMS = ("fairys_gift", "kings_sword")


def _refuse(rule: str, key: str, **values: object) -> RuleViolation:
    """The sheet refused: the rule it breaks, and why (``kings.refused.<key>``)."""
    return RuleViolation(rule, fact(f"refused.{key}", **values))


def _players(record: dict) -> tuple[str, ...]:
    with at("players"):
        names = need_list(record.get("players"), "players")
        for n in names:
            need_str(n, "a player name")
        if len(names) not in (2, 4, 5):
            raise bad(fact("refused.record_players", n=len(names)))
        if len(set(names)) != len(names):
            raise bad(fact("refused.names_twice"))
    return tuple(names)


def _captured(obj: Any) -> tuple[int, ...]:
    obj = need_dict(obj, "captured")
    for key in obj:
        if key not in CAPTURED_KEYS:
            raise bad(fact("refused.card_kind", key=key, kinds=CAPTURED_KEYS))
    return tuple(need_int(obj.get(k, 0), f"captured {k}", 0, 40) for k in CAPTURED_KEYS)


class Sheet:
    """A KINGs scoresheet read and checked round by round."""

    table = None  # no table tracker's state: a scoresheet has no tricks

    def __init__(self, record: dict) -> None:
        only_keys(record, HEADER, "the record")
        self.players = _players(record)
        n = len(self.players)
        self.two = n == 2
        data = game_data()
        self.tricks_per_round = data["table"]["tricks"][str(n)]
        with at("settings"):
            self.rules = HouseRules.from_dict(need_dict(record.get("settings", {}), "settings"))
        self.kings: dict[str, str] = {}
        if not self.two:
            with at("kings"):
                given = need_dict(record.get("kings"), "kings")
                for p in given:
                    seat(self.players, p)
                for p in self.players:
                    if p not in given:
                        raise bad(fact("refused.no_king_for", who=p))
                    self.kings[p] = king_color(need_str(given[p], "a king"))
                if len(set(self.kings.values())) != n:
                    raise _refuse("kings.draft", "king_twice")
        with at("king_numbers"):
            numbers = need_dict(record.get("king_numbers", {}), "king_numbers")
            for p in numbers:
                seat(self.players, p)
            self.king_numbers_given = {p: need_int(v, "a king number", 0, 99) for p, v in numbers.items()}
        with at("rounds"):
            rounds = need_list(record.get("rounds"), "rounds")
            if len(rounds) > 3:
                raise _too_many(len(rounds))
        self.scores: list[list[PlayerScore]] = []
        self.used_king: dict[str, int] = {}
        self.last_kings: dict[str, tuple[str, bool]] = {}  # 2 players: each round's own king
        self.used_items: dict[str, str] = {}
        self.fronts: list[list[tuple[str, ...]]] = []
        for r, obj in enumerate(rounds):
            with at(f"rounds[{r}]"):
                self.scores.append(self._round(r + 1, need_dict(obj, "a round")))

    def then(self, obj: Any) -> Sheet:
        """The sheet with one more round, read as a record's last round; this sheet stays as it is."""
        if len(self.scores) >= 3:
            raise _too_many(len(self.scores) + 1)
        new = copy(self)
        new.scores, new.fronts = list(self.scores), list(self.fronts)
        new.used_king, new.last_kings = dict(self.used_king), dict(self.last_kings)
        new.used_items = dict(self.used_items)
        new.scores.append(new._round(len(self.scores) + 1, need_dict(obj, "a round")))
        return new

    def scored(self) -> Scored:
        """The standings, every round's score as its parts, and the unverified values it used."""
        details = round_details(self.players, self.scores)
        return Scored(self.standings(), details, self.notes(), finished=len(self.scores) == 3)

    def _round(self, round_no: int, obj: dict) -> list[PlayerScore]:
        only_keys(obj, {"players", "devil"}, "a round")
        devil = None
        if self.two and obj.get("devil") is not None:
            with at("devil"):
                devil = king_color(need_str(obj["devil"], "the Devil's colour"))
                if devil == "white":
                    raise _refuse("kings.two-player", "sheet_devil_white")
        entries = need_dict(obj.get("players"), "players")
        for p in entries:
            seat(self.players, p)
        rows: list[PlayerRound] = []
        fronts_now: list[tuple[str, ...]] = []
        for i, p in enumerate(self.players):
            with at(f"players.{p}"):
                if p not in entries:
                    raise bad(fact("refused.missing_player", who=p))
                row, fronts = self._player(round_no, i, need_dict(entries[p], p))
                rows.append(row)
                fronts_now.append(fronts)
        self._check_round(round_no, rows, fronts_now, devil)
        self.fronts.append(fronts_now)
        return score_round(rows, round_no, rules=self.rules, devil_color=devil)

    def _player(self, round_no: int, me: int, obj: dict) -> tuple[PlayerRound, tuple[str, ...]]:
        only_keys(obj, PLAYER_KEYS, "a player's round")
        name = self.players[me]
        with at("fronts"):
            fronts = tuple(
                character(need_str(f, "a character")).name for f in need_list(obj.get("fronts", []), "fronts")
            )
        raw_bids = obj.get("bid")
        with at("bid"):
            many = raw_bids if isinstance(raw_bids, list) else [raw_bids]
            if isinstance(raw_bids, list) and not (self.two and round_no == 3 and 1 <= len(raw_bids) <= 2):
                raise _refuse("kings.two-player", "two_bids")
            bids = tuple(read_bid(b, self.players, me, self.tricks_per_round) for b in many)
        expected_fronts = (1 if round_no == 1 else 2) if not self.two else (3 - len(bids))
        if len(fronts) != expected_fronts:
            raise _refuse(
                "kings.characters", "fronts_count", who=name, n=len(fronts), round=round_no, most=expected_fronts
            )
        tricks = need_int(obj.get("tricks"), "tricks", 0, self.tricks_per_round)
        with at("captured"):
            captured = _captured(obj.get("captured", {}))
        if sum(captured) != tricks * len(self.players):
            cards = tricks * len(self.players)
            raise _refuse("kings.scoresheet", "captured_count", who=name, tricks=tricks, cards=cards, got=sum(captured))
        if self.two:
            with at("king"):
                king = king_color(need_str(obj.get("king"), "this round's king"))
                if king == "white" and not self.rules.two_player_white_king:
                    raise white_king_expansion_off(name)  # the 2-player expansion, off by default
            self.last_kings[name] = (king, bool(obj.get("king_played", False)))
        else:
            king = self.kings[name]
        played = obj.get("king_played", False)
        if not isinstance(played, bool):
            raise bad(fact("refused.king_played"))
        if played and not self.two:
            if name in self.used_king:
                raise _refuse("kings.kings", "king_played_in", who=name, round=self.used_king[name])
            self.used_king[name] = round_no
        used = played if self.two else name in self.used_king
        gift = False
        with at("items"):
            for item in need_list(obj.get("items", []), "items"):
                if item not in ITEMS:
                    raise bad(fact("refused.not_an_item", item=item, items=ITEMS))
                if item in self.used_items:
                    raise _refuse("kings.items", "item_twice", item=item, who=self.used_items[item])
                self.used_items[item] = name
                gift = gift or item == "fairys_gift"
        return PlayerRound(fronts, bids, tricks, captured, king, used, gift), fronts

    def _check_round(
        self, round_no: int, rows: list[PlayerRound], fronts: list[tuple[str, ...]], devil: str | None
    ) -> None:
        n = len(self.players)
        total = sum(r.tricks for r in rows)
        if total != self.tricks_per_round:
            raise _refuse("kings.scoresheet", "tricks_total", total=total, tricks=self.tricks_per_round)
        removed = len(game_data()["deck"]["removed_ranks"][str(n)])
        berserker = any("Berserker" in f for f in fronts)
        limits = [9 - removed] * 4 + [2, 2]
        limits[COLORS.index("black")] += int(berserker)
        for k, key in enumerate(CAPTURED_KEYS):
            got = sum(r.captured[k] for r in rows)
            if got > limits[k]:
                kind = fact(f"kind.{key}")
                raise _refuse("kings.scoresheet", "captured_limit", got=got, kind=kind, n=n, most=limits[k])
        for p, r in enumerate(rows):
            for bid in r.bids:
                if bid.kind == "copy" and rows[bid.other].bids[0].kind != "tricks":
                    raise _refuse("kings.bids", "copy_no_number", who=self.players[p], other=self.players[bid.other])
                if bid.kind == "bond" and rows[bid.other].bids[0].kind == "bond":
                    raise _refuse("kings.bids", "bond_of_bond")
        if self.two:
            colors = [r.king for r in rows]
            if len(set(colors)) != 2:
                raise _refuse("kings.two-player", "different_kings")
            if devil in colors:
                raise _refuse("kings.two-player", "sheet_devil_drafted")
            return
        if round_no >= 2:
            for p, now in enumerate(fronts):
                before = self.fronts[-1][p]
                carried = before[0] if round_no == 2 else before[-1]
                if carried not in now:
                    said = fact("character", name=carried)
                    raise _refuse(
                        "kings.characters", "stays_face_up", who=self.players[p], character=said, round=round_no
                    )

    def king_numbers(self) -> dict[str, int]:
        out = {}
        for p in self.players:
            if p in self.king_numbers_given:
                out[p] = self.king_numbers_given[p]
            elif self.two:  # the king drafted for the last round, as it shows at the end
                if p not in self.last_kings:
                    continue  # no round played yet
                color, played = self.last_kings[p]
                out[p] = kings()[color].number_used if played else kings()[color].number
            else:
                king = kings()[self.kings[p]]
                out[p] = king.number_used if p in self.used_king else king.number
        return out

    def notes(self) -> list[Words]:
        """Which printed numbers this result took from unverified data."""
        notes: list[Words] = []
        numbers_from_data = [p for p in self.players if p not in self.king_numbers_given]
        if numbers_from_data and len(self.standings().tiebreaks):
            notes.append(fact("note.king_numbers"))
        if not self.two and any(self.kings.get(p) == "white" and p in self.used_king for p in self.players):
            notes.append(fact("note.white_king"))
        return notes

    def standings(self) -> Standings:
        return standings(self.players, self.scores, self.king_numbers())


def _too_many(n: int) -> RuleViolation:
    return bad(fact("refused.rounds", n=n))


def score(record: dict) -> Standings:
    return Sheet(record).standings()


def read(record: dict) -> Scored:
    """Standings, every round's score as its parts, and the unverified values it relied on; a
    record played trick by trick is replayed through the table tracker."""
    if is_game_record(record):
        return read_game(record)
    return Sheet(record).scored()


__all__ = ["Sheet", "read", "score"]
