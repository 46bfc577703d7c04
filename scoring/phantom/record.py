"""Tricks and the Phantom records: rounds (deals) of one or two halves, replayed and scored.

See ``docs/record-format.md``. Every half is checked: the right number of cards per player, no
card twice in a deal, hint tokens true to the card (only a Phantom may show any colour), each
player pointing once at another player's card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from scoring.errors import RuleViolation
from scoring.phantom.culprit import PHANTOM, HouseRules, card, cards, variants
from scoring.phantom.incident import Incident, Play, Result, score_incident
from scoring.phantom.words import fact
from scoring.recordkit import at, bad, need_dict, need_list, need_str, only_keys, players_of, seat
from scoring.standings import Scored, rank
from scoring.words import Fact, Words, in_language, spoken

HEADER = {"game", "players", "variant", "settings", "rounds", "version", "date", "notes"}
COLORS = ("red", "blue", "yellow")


def _refuse(rule: str, key: str, **values: Any) -> RuleViolation:
    """A refusal of the rule ``rule``, its reason the fact ``phantom.refused.<key>``."""
    return RuleViolation(rule, fact(f"refused.{key}", **values))


@cache
def _phantom_words() -> frozenset[str]:
    """What a Phantom may be typed as: P, 1, or its name in any language the box gives it in."""
    return frozenset({"P", "1", *(in_language(cards()[PHANTOM], "name", lang).upper() for lang in spoken())})


def parse_card(text: Any) -> int:
    """A card from its code: 2 to 10, or P (1, or the Phantom's name) for a Phantom.

    >>> parse_card("10"), parse_card("p"), parse_card("Phantom"), parse_card("怪人")
    (10, 1, 1, 1)
    """
    raw = need_str(text, "a card").strip().upper()
    if raw in _phantom_words():
        return PHANTOM
    if raw.isascii() and raw.isdigit() and len(raw) <= 2 and 2 <= int(raw) <= 10:
        return int(raw)
    raise _refuse("phantom.cards", "not_a_card", text=text)


def _play(obj: Any, owner: int) -> Play:
    obj = need_dict(obj, "a play")
    only_keys(obj, {"card", "hint"}, "a play")
    value = parse_card(obj.get("card"))
    if obj.get("hint") in ("", None):
        raise bad(fact("refused.no_hint", card=card(value), code=obj.get("card")))
    hint = need_str(obj.get("hint"), "a hint colour")
    if hint not in COLORS:
        raise bad(fact("refused.hint_colour", hint=hint))
    if hint not in hints(value):
        colour = fact(f"colour_{cards()[value]['color']}")
        raise _refuse("phantom.hints", "hint_shown", card=card(value), colour=colour, hint=hint)
    return Play(owner, value, hint)


def hints(value: int) -> tuple[str, ...]:
    """The hint colours a card may show: its own colour, any for a Phantom (and for a card whose
    colour no source confirms).

    >>> hints(10), hints(PHANTOM)
    (('blue',), ('red', 'blue', 'yellow'))
    """
    data = cards()[value]
    return (data["color"],) if value != PHANTOM and data["color_verified"] else COLORS


def deal(phantoms: int) -> Counter[int]:
    """The cards of one deal: each suspect (2 to 10) once, and ``phantoms`` Phantoms.

    >>> deal(2)[PHANTOM], deal(2)[10], sum(deal(1).values())
    (2, 1, 10)
    """
    return Counter({**{v: 1 for v in cards() if v != PHANTOM}, PHANTOM: phantoms})


def phantom_count(spec: Mapping[str, Any], rules: HouseRules) -> int:
    """How many Phantoms the deck of this variant holds (the base game's: house rule ``edition``)."""
    return spec.get("phantoms", 1 if rules.edition == "original" else 2)


def _used(half: Mapping[str, Any]) -> list[int]:
    """The cards a (checked) half shows: every player's, and the 4th person's."""
    shown = [c for played in half["played"].values() for c in (played if isinstance(played, list) else [played])]
    return [parse_card(c["card"]) for c in shown] + ([parse_card(half["fourth"])] if "fourth" in half else [])


def legal(record: Mapping[str, Any], typed: Sequence[int] = (), same_round: bool | None = None) -> list[int]:
    """The cards the next half may still show, from a record ``read`` accepts, besides the cards
    ``typed`` for it so far (``cards_left`` of the record's walk).

    >>> r = {"game": "phantom", "players": ["Aki", "Ben", "Chie"], "rounds": [{"halves": [
    ...     {"played": {"Aki": {"card": "10", "hint": "blue"}, "Ben": {"card": "P", "hint": "red"},
    ...                 "Chie": {"card": "3", "hint": "yellow"}},
    ...      "pointed": {"Aki": "Ben", "Ben": "Aki", "Chie": "Aki"}}]}]}
    >>> legal(r)
    [9, 8, 7, 6, 5, 4, 2]
    >>> len(legal({**r, "settings": {"edition": "oink"}})), legal(r, [9, 8, 7, 6, 5])
    (8, [4, 2])
    """
    return cards_left(walk(record), typed, same_round)


def cards_left(w: Walk, typed: Sequence[int] = (), same_round: bool | None = None) -> list[int]:
    """The cards the next half may still show besides the cards ``typed`` for it so far: each
    suspect (high to low) and the Phantom while the deal still holds one. The next half plays in
    the last round while that round lacks halves, else in a new deal where every card may show (a
    half typed with ``new`` also starts a new deal). Everyone plays at once: there is no one to
    play first.

    ``same_round`` says where a half typed with ``more`` (True: the last round goes on) or ``new``
    (False: a new deal) plays."""
    goes_on = bool(w.halves) and w.halves[-1].half < w.spec["halves"] if same_round is None else same_round
    shown = w.round_cards if w.halves and goes_on else ()
    left = deal(phantom_count(w.spec, w.rules)) - Counter([*shown, *typed])
    return sorted(left, reverse=True)


@dataclass(frozen=True)
class Half:
    """One half as the record gives it, scored: where it stands, what happened, the totals after
    it, and whether it closed its round and ended the game."""

    round: int  #: 1-based
    half: int  #: 1-based, within its round
    incident: Incident
    result: Result
    totals: tuple[int, ...]
    round_done: bool  #: the round has all its halves (or a later one follows)
    over: bool  #: the game ended with this half


def opens_round(entry: Mapping[str, Any], halves: int, allowed: int) -> bool:
    """Whether a session's entry is the first half of a round of its own, after a round of
    ``halves`` halves so far (0: none yet) in a variant of ``allowed`` halves a round: the game's
    first half, a half after a round that has its halves (unless ``continue_round`` plays an extra
    one in it, the West Coast game's) or one that closes the round before early (``new_round``).
    ``Walk.then`` and the game's ``record`` both ask it, so the halves fall into the same rounds.

    >>> opens_round({}, 0, 2), opens_round({}, 1, 2), opens_round({}, 2, 2), opens_round({"new_round": True}, 1, 2)
    (True, False, True, True)
    >>> opens_round({"continue_round": True}, 1, 1)
    False
    """
    return not halves or (halves >= allowed and not entry.get("continue_round")) or bool(entry.get("new_round"))


def half_of(entry: Mapping[str, Any]) -> dict:
    """A session's entry as the record writes its half: without the marks that place it in a round."""
    return {k: v for k, v in entry.items() if k not in ("new_round", "continue_round")}


@dataclass(frozen=True)
class Walk:
    """A record read half by half (``walk``), or a session's halves so far (``then``): the header
    read, every half scored, and what the last round's deal has shown."""

    players: tuple[str, ...]
    variant: str
    spec: Mapping[str, Any]
    rules: HouseRules
    target: int
    halves: tuple[Half, ...]
    details: tuple[Words, ...]
    per_round: tuple[tuple[int, ...], ...]  #: each player's points in each round
    round_cards: tuple[int, ...] = ()  #: the cards the last round's deal has shown
    laid: tuple[int, ...] = ()  #: Poker: the cards each player has laid in the last round
    found: bool = False  #: someone found the culprit in the last round (its first half, for a second)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.halves[-1].totals if self.halves else (0,) * len(self.players)

    @property
    def over(self) -> bool:
        return bool(self.halves) and self.halves[-1].over

    def then(self, entry: Any) -> Walk:
        """With one more half (a session's entry: ``new_round`` starts a round before this one has
        its halves, ``continue_round`` plays an extra half in it), refused as ``walk`` refuses the
        record with this half last."""
        e = need_dict(entry, "an entry")
        obj = half_of(e)
        allowed = self.spec["halves"]
        last = self.halves[-1] if self.halves else None
        if last is None:
            return self._half(obj, 1, 1, ())
        if opens_round(e, last.half, allowed):
            top = max(last.totals)
            if last.over or (not last.round_done and top >= self.target and last.totals.count(top) == 1):
                raise _ended(self.players, last.totals)  # the round before, now whole, ended the game
            return self._half(obj, last.round + 1, 1, (*self.halves[:-1], replace(last, round_done=True)))
        count = last.half + 1
        if count > max(allowed, 2 if self.variant == "west_coast" else allowed):
            raise _halves(allowed, count)
        if count == 2 and self.variant == "west_coast" and not more_allowed(self.rules, self.found):
            raise _no_second_half()
        # the half before is no longer the round's last: neither its end nor the game's
        halves = (*self.halves[:-1], replace(last, round_done=False, over=False))
        return self._half(obj, last.round, count, halves)

    def _half(self, obj: Any, r: int, h: int, before: tuple[Half, ...]) -> Walk:
        """The half at round ``r``, half ``h`` read and scored after the halves ``before`` it (this
        walk's, the last closed or opened again), the last of the record so far."""
        n = len(self.players)
        same = h > 1  # a half in the round so far, whose deal it shares
        played = list(self.laid) if same else [0] * n
        cards = self.round_cards if same else ()
        inc = _incident(need_dict(obj, "a half"), self.players, self.variant, self.rules, played)
        cards = (*cards, *(p.value for p in inc.plays), *(() if inc.fourth is None else (inc.fourth,)))
        _check_deck(list(cards), phantom_count(self.spec, self.rules))
        result = score_incident(self.players, inc, self.rules, self.variant)
        totals = list(self.totals)
        points = [row[-1] if same else 0 for row in self.per_round]  # this round's, so far
        for p in range(n):
            totals[p] += result.points[p]
            points[p] += result.points[p]
            if self.rules.floor_zero and totals[p] < 0:
                points[p] -= totals[p]
                totals[p] = 0
        complete = h >= self.spec["halves"]
        top = max(totals)
        over = complete and top >= self.target and totals.count(top) == 1
        half = Half(r, h, inc, result, tuple(totals), complete, over)
        lines = (half_name(r, h, self.spec["halves"]), *(Fact("phantom.indented", line=line) for line in result.lines))
        per_round = tuple((*(row[:-1] if same else row), x) for row, x in zip(self.per_round, points, strict=True))
        return replace(
            self,
            halves=(*before, half),
            details=(*self.details, *lines),
            per_round=per_round,
            round_cards=cards,
            laid=tuple(played),
            found=(same and self.found) or result.found,
        )

    def scored(self) -> Scored:
        """The standings, each round's points and every half's reasons (facts)."""
        table = rank(
            dict(zip(self.players, self.totals, strict=True)),
            lower_wins=False,
            rounds=dict(zip(self.players, (list(r) for r in self.per_round), strict=True)),
        )
        return Scored(table, list(self.details), finished=self.over)


def opening(record: Mapping[str, Any]) -> Walk:
    """A record's header read (before its first half), or refused with what is wrong."""
    only_keys(record, HEADER, "the record")
    variant = record.get("variant", "base")
    if not isinstance(variant, str) or variant not in variants():
        raise bad(fact("refused.variant", variant=variant, known=tuple(variants())))
    spec = variants()[variant]
    players = players_of(record, 2, 5)
    n = len(players)
    if n not in spec["players"]:
        raise _refuse(
            f"phantom.{variant.replace('_', '-')}" if variant != "base" else "phantom.overview",
            "players",
            name=fact("variant_name", variant=variant),
            counts=tuple(spec["players"]),
            n=n,
        )
    with at("settings"):
        rules = HouseRules.from_dict(need_dict(record.get("settings", {}), "settings"))
    target = rules.target or spec.get("target", 10)
    return Walk(players, variant, spec, rules, target, (), (), ((),) * n, laid=(0,) * n)


def walk(record: Mapping[str, Any]) -> Walk:
    """A Tricks and the Phantom record read half by half, each scored with the reasons, or refused
    with the path of what is wrong."""
    w = opening(record)
    players, variant, spec, rules, target = w.players, w.variant, w.spec, w.rules, w.target
    n = len(players)
    phantoms = phantom_count(spec, rules)
    totals = [0] * n
    per_round: list[list[int]] = [[] for _ in range(n)]
    details: list[Words] = []
    done: list[Half] = []
    with at("rounds"):
        rounds = need_list(record.get("rounds"), "rounds")
    over = False
    used: list[int] = []
    played_count = [0] * n
    found_first = False
    for r, robj in enumerate(rounds):
        with at(f"rounds[{r}]"):
            if over:
                raise _ended(players, totals)
            robj = need_dict(robj, "a round")
            only_keys(robj, {"halves"}, "a round")
            halves = need_list(robj.get("halves"), "halves")
            allowed = spec["halves"]
            if not 1 <= len(halves) <= max(allowed, 2 if variant == "west_coast" else allowed):
                raise _halves(allowed, len(halves))
            used = []
            played_count = [0] * n
            round_points = [0] * n
            found_first = False
            # the end is judged after a whole round (both halves), never in the middle of one
            complete = len(halves) >= allowed or r < len(rounds) - 1
            for h, hobj in enumerate(halves):
                with at(f"halves[{h}]"):
                    if h == 1 and variant == "west_coast" and not more_allowed(rules, found_first):
                        raise _no_second_half()
                    inc = _incident(need_dict(hobj, "a half"), players, variant, rules, played_count)
                    for p in inc.plays:
                        used.append(p.value)
                    if inc.fourth is not None:
                        used.append(inc.fourth)
                    _check_deck(used, phantoms)
                    result = score_incident(players, inc, rules, variant)
                    found_first = found_first or result.found
                    details.append(half_name(r + 1, h + 1, spec["halves"]))
                    details.extend(Fact("phantom.indented", line=line) for line in result.lines)
                    for p in range(n):
                        totals[p] += result.points[p]
                        round_points[p] += result.points[p]
                        if rules.floor_zero and totals[p] < 0:
                            round_points[p] -= totals[p]
                            totals[p] = 0
                    last = h == len(halves) - 1
                    top = max(totals)
                    over = last and complete and top >= target and totals.count(top) == 1
                    done.append(Half(r + 1, h + 1, inc, result, tuple(totals), last and complete, over))
            for p in range(n):
                per_round[p].append(round_points[p])
    return replace(
        w,
        halves=tuple(done),
        details=tuple(details),
        per_round=tuple(tuple(row) for row in per_round),
        round_cards=tuple(used),
        laid=tuple(played_count),
        found=found_first,
    )


def _ended(players: Sequence[str], totals: Sequence[int]) -> RuleViolation:
    """A round after the one that ended the game."""
    leader = players[list(totals).index(max(totals))]
    return _refuse("phantom.end", "ended", leader=leader, points=max(totals))


def _halves(allowed: int, given: int) -> RuleViolation:
    return _refuse("phantom.overview", "halves", allowed=allowed, given=given)


def _no_second_half() -> RuleViolation:
    return _refuse("phantom.west-coast", "no_second_half")


def half_name(r: int, h: int, halves: int = 2) -> Fact:
    """A half as the table names it: round 2, half 1 (前半戦, 後半戦); a variant of one half a round
    names the round only.

    >>> from scoring.words import say
    >>> say(half_name(2, 1)), say(half_name(2, 2), "ja"), say(half_name(3, 1, halves=1), "ja")
    ('Round 2, half 1', '第2ラウンド 後半戦', '第3ラウンド')
    """
    if halves == 1 and h == 1:
        return Fact("phantom.round", round=r)
    return Fact("phantom.half", round=r, half=h)


def more_allowed(rules: HouseRules, found: bool) -> bool:
    """Whether a West Coast round may have its optional second half: the house rule allows one
    when someone found the culprit in the first."""
    return rules.five_player_second_half == "only_if_someone_guessed" and found


def read(record: dict) -> Scored:
    """A Tricks and the Phantom record scored, half by half, with the reasons."""
    w = walk(record)
    table = rank(
        dict(zip(w.players, w.totals, strict=True)),
        lower_wins=False,
        rounds=dict(zip(w.players, (list(r) for r in w.per_round), strict=True)),
    )
    return Scored(table, list(w.details), finished=w.over)


def _check_deck(used: list[int], phantoms: int) -> None:
    """No card shows more often in a deal than the deal holds it (see ``deal``)."""
    over = Counter(used) - deal(phantoms)
    twice = {v for v in over if v != PHANTOM}
    if twice:
        v = min(twice)
        raise _refuse("phantom.cards", "twice_in_deal", card=card(v))
    if over[PHANTOM]:
        raise _refuse("phantom.cards", "phantoms_played", phantoms=phantoms, played=used.count(PHANTOM))


def _incident(
    obj: dict, players: tuple[str, ...], variant: str, rules: HouseRules, played_count: list[int]
) -> Incident:
    only_keys(obj, {"played", "pointed", "fourth", "accused", "double"}, "a half")
    played = need_dict(obj.get("played"), "played")
    for p in played:
        seat(players, p)
    plays: list[Play] = []
    for i, p in enumerate(players):
        with at(f"played.{p}"):
            if variant == "poker":
                mine = played.get(p, [])
                mine = need_list([mine] if isinstance(mine, dict) else mine, f"{p}'s cards")
                if not 1 <= len(mine) <= 3 or played_count[i] + len(mine) > 4:
                    raise _refuse("phantom.poker", "poker_cards", player=p, before=played_count[i], now=len(mine))
                plays.extend(_play(c, i) for c in mine)
                played_count[i] += len(mine)
            else:
                if p not in played:
                    raise _refuse("phantom.pointing", "played_none", player=p)
                plays.append(_play(played[p], i))
    fourth = None
    if variant == "fourth_person":
        with at("fourth"):
            fourth = parse_card(obj.get("fourth"))
    elif "fourth" in obj:
        raise bad(fact("refused.fourth"))
    accused = _accusations(obj, players, plays, rules)
    pointed: dict[int, int] = {}
    if variant == "poker":
        if "pointed" in obj:
            raise _refuse("phantom.poker", "poker_pointing")
        double = None
        if obj.get("double") is not None:
            with at("double"):
                d = need_dict(obj["double"], "double")
                only_keys(d, {"by", "accepted"}, "double")
                if not isinstance(d.get("accepted"), bool):
                    raise bad(fact("refused.accepted"))
                double = (seat(players, d.get("by")), d["accepted"])
        return Incident(tuple(plays), accused=accused, double=double)
    with at("pointed"):
        given = need_dict(obj.get("pointed", {}), "pointed")
        for p in players:
            if p not in given:
                raise _refuse("phantom.pointing", "not_pointed", player=p)
        for p, target in given.items():
            me = seat(players, p)
            t = seat(players, target)  # a player's face-down card; the 4th person is face up
            if t == me and not rules.self_pointing:
                raise _refuse("phantom.pointing", "self_pointing", player=p)
            pointed[me] = t
    return Incident(tuple(plays), pointed, fourth, accused)


def _accusations(
    obj: dict, players: tuple[str, ...], plays: list[Play], rules: HouseRules
) -> dict[int, tuple[int, int]]:
    """Variation b: ``{"Aki": "Ben"}`` — Aki called Ben's card the Phantom; ``"Ben:2"`` names Ben's
    second card laid this half, where Ben laid more than one (Poker)."""
    if "accused" not in obj:
        return {}
    if not rules.phantom_accusations:
        raise _refuse("phantom.phantom-variants", "accusations_off")
    accused: dict[int, tuple[int, int]] = {}
    with at("accused"):
        for p, named in need_dict(obj["accused"], "accused").items():
            me = seat(players, p)
            owner_name, _, which = need_str(named, "the card called the Phantom").partition(":")
            owner = seat(players, owner_name.strip())
            laid = sum(x.owner == owner for x in plays)
            if owner == me:
                raise _refuse("phantom.phantom-variants", "accuse_own", player=p)
            if not which and laid > 1:
                choices = tuple(f"{owner_name}:{k}" for k in range(1, laid + 1))
                raise _refuse(
                    "phantom.phantom-variants", "which_card", owner=owner_name, laid=laid, player=p, choices=choices
                )
            k = int(which) if which.strip().isascii() and which.strip().isdigit() else (1 if not which else 0)
            if not 1 <= k <= laid:
                laid_cards = fact("refused.cards", n=laid)
                raise _refuse(
                    "phantom.phantom-variants", "no_such_card", owner=owner_name, cards=laid_cards, named=named
                )
            accused[me] = (owner, k - 1)
    return accused
