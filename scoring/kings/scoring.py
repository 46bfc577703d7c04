"""KINGs round scoring, shown as its parts, from what each player did in the round.

The trick engine and the scoresheet both describe a round as one ``PlayerRound`` per player and
score it here, so a round scores the same whichever way it was recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from scoring.kings.cards import BLUE, COLORS, GREEN, game_data, kings
from scoring.kings.settings import HouseRules
from scoring.kings.words import fact
from scoring.standings import Standings, TieBreak, rank
from scoring.words import Words

# captured counts: red, blue, green, black, White Flags, Rares
WF, RA = 4, 5
CAPTURED_KEYS = ("red", "blue", "green", "black", "white_flag", "rare")


@dataclass(frozen=True)
class Bid:
    """A bid from a character's back: ``tricks`` for ``points``, or a special back.

    ``kind`` is "tricks", "devil_miss", "copy" (``other`` is whose bid is copied) or "bond"
    (``other`` is the partner).
    """

    kind: str = "tricks"
    tricks: int = 0
    points: int = 0
    other: int | None = None


@dataclass(frozen=True)
class PlayerRound:
    fronts: tuple[str, ...]
    bids: tuple[Bid, ...]
    tricks: int
    captured: tuple[int, ...]  # CAPTURED_KEYS order
    king: str
    king_used: bool  # played this round or earlier (2 players: this round)
    gift: bool = False  # Fairy's Gift used this round


@dataclass(frozen=True)
class Part:
    """One part of a player's round score: what scored it (a fact said in the viewer's language:
    ``bid (hit)``, ``Healer``, ``Red King (used)``) and its points."""

    label: Words
    points: int


@dataclass(frozen=True)
class PlayerScore:
    parts: tuple[Part, ...]
    count: int  # the trick count bids are judged by
    bid_success: bool

    @property
    def total(self) -> int:
        return sum(p.points for p in self.parts)


# The engine makes a round's summary and scores at the end of every round, five of each at a table
# of five. A frozen dataclass's own __init__ sets each field through object.__setattr__, several
# times the cost of writing the instance's dict, so the engine makes them here: the same objects
# (equal, same hash and repr) as ``PlayerRound(...)`` and ``PlayerScore(...)`` with every field given.
_new = object.__new__


def player_round(
    fronts: tuple[str, ...],
    bids: tuple[Bid, ...],
    tricks: int,
    captured: tuple[int, ...],
    king: str,
    king_used: bool,
    gift: bool,
) -> PlayerRound:
    """``PlayerRound(fronts, bids, tricks, captured, king, king_used, gift)``, made directly (a new
    field of ``PlayerRound`` is set here too).

    >>> row = (("Ninja",), (Bid("tricks", 2, 50),), 2, (1, 0, 0, 2, 0, 1), "red", True, False)
    >>> made = player_round(*row)
    >>> made == PlayerRound(*row), hash(made) == hash(PlayerRound(*row)), repr(made) == repr(PlayerRound(*row))
    (True, True, True)
    """
    r = _new(PlayerRound)
    d = r.__dict__
    d["fronts"] = fronts
    d["bids"] = bids
    d["tricks"] = tricks
    d["captured"] = captured
    d["king"] = king
    d["king_used"] = king_used
    d["gift"] = gift
    return r


def _player_score(parts: tuple[Part, ...], count: int, bid_success: bool) -> PlayerScore:
    """``PlayerScore(parts, count, bid_success)``, made directly (a new field of ``PlayerScore`` is set
    here too).

    >>> made = _player_score((Part("bid (hit)", 50),), 2, True)
    >>> made == PlayerScore((Part("bid (hit)", 50),), 2, True), made.total
    (True, 50)
    """
    r = _new(PlayerScore)
    d = r.__dict__
    d["parts"] = parts
    d["count"] = count
    d["bid_success"] = bid_success
    return r


def _counts(rounds: Sequence[PlayerRound], rules: HouseRules) -> tuple[list[int], list[tuple[int, ...]]]:
    """Each player's trick count and the captures scored as theirs.

    A Bond (the Cheerleader's back) scores the partner's trick count and captured cards: the
    Cheerleader's own tricks, and so her own Devil, count for nothing ("あなたがトリックでとった
    カードや勝利数は、あなたの得点に全く影響しません"). The Fairy's Gift between the two: under the
    normal rule the Cheerleader's Gift raises the partner's count, and the Cheerleader counts what
    the partner counts; under the advanced rule each Gift raises only its user's side (the
    Cheerleader's: only her view of the partner's count; the partner's: only the partner's own),
    so the two counts differ by one and cannot both hit.
    """
    own = [r.tricks + int(r.gift) + 2 * r.fronts.count("Devil") for r in rounds]
    partner_of = {p: r.bids[0].other for p, r in enumerate(rounds) if r.bids and r.bids[0].kind == "bond"}
    captured = [r.captured for r in rounds]
    if not partner_of:  # no Bond (most rounds): every player's own tricks and captures
        return own, captured
    counts = list(own)
    normal = rules.cheerleader_gift == "normal"
    if normal:
        for c, q in partner_of.items():
            counts[q] += int(rounds[c].gift)  # the Cheerleader's Gift raises the partner
    for c, q in partner_of.items():
        # advanced: the partner's Gift is not the Cheerleader's, the Cheerleader's Gift is hers only
        counts[c] = counts[q] if normal else counts[q] - int(rounds[q].gift) + int(rounds[c].gift)
        captured[c] = rounds[q].captured
    return counts, captured


def _bid_results(
    rounds: Sequence[PlayerRound], counts: list[int], rules: HouseRules | None = None
) -> list[list[tuple[Bid, bool, int]]]:
    """(bid, success, raw points) for every bid of every player, before round-3 doubling."""
    counted = ("tricks", "copy", "bond") if rules is not None and rules.bond_is_a_bid else ("tricks", "copy")
    n = len(rounds)
    results: list[list[tuple[Bid, bool, int]]] = [[] for _ in range(n)]
    # numbered and copied bids first, then the bonds that follow them, then bid misses (they
    # count all of those), then the bonds that follow a bid miss
    bonds: list[tuple[int, Bid]] = []
    misses: list[tuple[int, Bid]] = []
    for p, r in enumerate(rounds):
        for bid in r.bids:
            kind = bid.kind
            if kind == "tricks":
                ok = counts[p] == bid.tricks
                results[p].append((bid, ok, bid.points if ok else 0))
            elif kind == "copy":
                results[p].append(_copy_result(rounds, bid, counts[p]))
            elif kind == "bond":
                bonds.append((p, bid))
            elif kind == "devil_miss":
                misses.append((p, bid))
    # a Bond that follows a bid of a number (or a Copy) is judged now: a bid miss counts it
    later = []
    for p, bid in bonds:
        partner = rounds[bid.other].bids[0].kind if rounds[bid.other].bids else None
        if partner == "devil_miss":
            later.append((p, bid))  # it follows that bid miss, which must not count it
        else:
            results[p].append(_bond_result(rounds, results, bid, counts[p]))
    judged = [bool(row) and row[0][0].kind in counted for row in results]
    for p, bid in misses:
        # "他プレイヤーが外したBidの数": the other players' bids that missed — a number or a Copy.
        # The Bond says 「あなたはビッドをしません」 (you make no bid), so it is not counted: its
        # partner's miss is counted once (house rule ``bond_is_a_bid``: counted as a bid of its
        # own, as the hand-checked games of before did). Another bid miss names no number and would
        # turn on this one, so it is not counted (before, that depended on the order of the seats).
        missed = sum(1 for q in range(n) if q != p and judged[q] and not results[q][0][1])
        results[p].append((bid, missed > 0, 30 * missed))
    for p, bid in later:
        results[p].append(_bond_result(rounds, results, bid, counts[p]))
    return results


def _copy_result(rounds: Sequence[PlayerRound], bid: Bid, count: int) -> tuple[Bid, bool, int]:
    """A Copy: the copied player's bid hit with ``count``, 10 points less."""
    target = rounds[bid.other].bids[0]
    ok = count == target.tricks
    return bid, ok, target.points - 10 if ok else 0


def _bond_result(
    rounds: Sequence[PlayerRound], results: list[list[tuple[Bid, bool, int]]], bid: Bid, count: int
) -> tuple[Bid, bool, int]:
    """A Bond: the partner's (first) bid judged by the Cheerleader's count of the partner's tricks
    (the same count as the partner's, but under the advanced Gift rule), for the partner's points;
    a partner's bid miss names no number, so the Bond follows it."""
    q = bid.other
    if not rounds[q].bids or not results[q]:
        return bid, False, 0
    target = rounds[q].bids[0]
    if target.kind == "tricks":
        ok = count == target.tricks
        return bid, ok, target.points if ok else 0
    if target.kind == "copy":
        _, ok, points = _copy_result(rounds, target, count)
        return bid, ok, points
    _, ok, points = results[q][0]
    return bid, ok, points


def _collector(flags_and_rares: int) -> int:
    return (0, 20, 50, 80)[min(flags_and_rares, 3)]


def _front_points(front: str, count: int, captured: tuple[int, ...], bid_ok: bool) -> int:
    if front == "Gambler":
        return 20 if bid_ok else 0
    if front == "Hermit":
        return 20 if count == 0 else 0
    if front == "Ninja":
        return 30 if count == 2 else 0
    if front == "Healer":
        return min(50, 10 * (captured[BLUE] + captured[GREEN]))
    if front == "Collector":
        return _collector(captured[WF] + captured[RA])
    if front == "Maru":
        return {0: 20, 1: 30}.get(count, 0)
    if front == "Neme":
        return {1: 20, 2: 30}.get(count, 0)
    return 0


def score_round(
    rounds: Sequence[PlayerRound], round_no: int, *, rules: HouseRules | None = None, devil_color: str | None = None
) -> list[PlayerScore]:
    """Every player's score for one round, as parts."""
    rules = rules or HouseRules()
    data = game_data()
    two = len(rounds) == 2
    counts, captured = _counts(rounds, rules)
    bids = _bid_results(rounds, counts, rules)
    double = round_no == 3 and (rules.two_player_round3_double if two else True)
    mult = data["table"]["round3_bid_multiplier"] if double else 1
    special_mult = mult if rules.bid_miss_doubled else 1  # a bid miss's and a Copy's
    modified = rules.modified_count_for_fronts
    king_back = data["king_back"]
    out = []
    for p, r in enumerate(rounds):
        parts: list[Part] = []
        bid_ok = False  # any bid hit
        for bid, ok, points in bids[p]:
            kind = bid.kind
            parts.append(_bid_part(kind, ok, special_mult if kind in ("devil_miss", "copy") else mult, points))
            if ok:
                bid_ok = True
        front_count = counts[p] if modified else r.tricks
        for front in r.fronts:
            parts.append(_front_part(front, _front_points(front, front_count, captured[p], bid_ok)))
        parts.extend(_king_parts(r, captured[p], round_no, two, king_back))
        if two:
            parts.extend(_two_player_parts(rounds, p, round_no, devil_color))
        out.append(_player_score(tuple(parts), counts[p], bid_ok))
    return out


# Parts are immutable and few (a label and its points), so each is made once and shared (typed: 50
# and 50.0 points stay apart).
_parts = lru_cache(maxsize=None, typed=True)


@_parts
def _bid_part(kind: str, ok: bool, m: int, points: int) -> Part:
    """A bid's part: hit or missed, doubled (``m``) in round 3.

    >>> from scoring.words import say
    >>> part = _bid_part("devil_miss", True, 1, 60)
    >>> say(part.label), say(part.label, "ja"), part.points
    ('bid miss (hit)', 'デビルのビッド外れ成功', 60)
    """
    return Part(fact("part.bid", kind=kind, hit=ok, doubled=m == 2 and ok), points * m)


@_parts
def _front_part(front: str, points: int) -> Part:
    return Part(fact("character", name=front), points)


def _king_parts(r: PlayerRound, captured: tuple[int, ...], round_no: int, two: bool, data: dict) -> list[Part]:
    """The king's part (``data``: the game data's king backs)."""
    king = kings()[r.king]
    if r.king_used:
        if r.king == "white":
            table = data["white_2p"] if two else data["white"]
            points = table[min(captured[WF] + captured[RA], len(table) - 1)]
        else:
            points = (data["per_card_2p"] if two else data["per_card"]) * captured[COLORS.index(r.king)]
        return [_king_part(r.king, True, points)]
    if two:
        return [_king_part(r.king, False, king.unused_2p)]
    if round_no == 3:
        return [_king_part(r.king, False, king.unused)]
    return []


@_parts
def _king_part(color: str, used: bool, points: int) -> Part:
    return Part(fact("part.king", color=color, used=used), points)


def _two_player_parts(rounds: Sequence[PlayerRound], p: int, round_no: int, devil_color: str | None) -> list[Part]:
    data = game_data()["two_player"]
    parts = []
    mine, theirs = rounds[p].tricks, rounds[1 - p].tricks
    if mine > theirs:
        bonus = data["most_tricks_bonus_round3"] if round_no == 3 else data["most_tricks_bonus"]
        parts.append(Part(fact("part.most_tricks"), bonus))
    if devil_color:
        per = data["devil_card_round3"] if round_no == 3 else data["devil_card"]
        n = rounds[p].captured[COLORS.index(devil_color)]
        parts.append(Part(fact("part.devil_cards", color=fact("color", color=devil_color)), per * n))
    return parts


def round_details(players: Sequence[str], rounds: Sequence[Sequence[PlayerScore]]) -> list[Words]:
    """Every round's score as its parts, one line per player, for ``--parts`` and the screens."""
    lines: list[Words] = []
    for r, scores in enumerate(rounds, start=1):
        lines.append(fact("round", round=r))
        for who, score in zip(players, scores, strict=True):
            parts = tuple(fact("part", label=p.label, points=p.points) for p in score.parts)
            lines.append(fact("detail", who=who, total=score.total, parts=parts))
    return lines


def standings(
    players: Sequence[str], rounds: Sequence[Sequence[PlayerScore]], king_numbers: dict[str, int]
) -> Standings:
    """Highest total wins; a tie goes to the lowest king number shown at the end."""
    totals = {p: sum(r[i].total for r in rounds) for i, p in enumerate(players)}
    per_round = {p: [r[i].total for r in rounds] for i, p in enumerate(players)}
    chain = [TieBreak(fact("tie.king_number"), king_numbers.get)]
    return rank(totals, lower_wins=False, chain=chain, rounds=per_round)
