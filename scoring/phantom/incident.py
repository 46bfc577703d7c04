"""Scoring one half ("incident") of Tricks and the Phantom, every variant, with the reasons."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scoring.phantom.culprit import FOURTH, PHANTOM, Culprit, HouseRules, card, find_culprit
from scoring.words import Fact, Words


@dataclass(frozen=True)
class Play:
    owner: int
    value: int
    hint: str


@dataclass(frozen=True)
class Incident:
    """What happened in one half. ``pointed`` maps each pointer to the seat whose card they chose
    (FOURTH for the 4th person); ``accused`` (variation b) maps an accuser to the card they called
    the Phantom: (its owner's seat, which of that owner's cards this half, 0 = the first laid);
    ``double`` (Poker) is (caller, accepted)."""

    plays: tuple[Play, ...]
    pointed: dict[int, int] = field(default_factory=dict)
    fourth: int | None = None
    accused: dict[int, tuple[int, int]] = field(default_factory=dict)
    double: tuple[int, bool] | None = None


@dataclass(frozen=True)
class Result:
    points: tuple[int, ...]
    culprit: Culprit
    lines: tuple[Words, ...]
    lead: int | None  # who leads next (None: the lead does not move)
    found: bool  # somebody pointed at the culprit


def score_incident(players: Sequence[str], inc: Incident, rules: HouseRules, variant: str) -> Result:
    """Points for one half, with a line for each (facts, worded for each viewer)."""
    n = len(players)
    in_play = [(p.owner, p.value) for p in inc.plays]
    if inc.fourth is not None:
        in_play.append((FOURTH, inc.fourth))
    culprit = find_culprit(in_play, rules)
    points = [0] * n
    lines: list[Words] = list(culprit.lines)
    mult = 2 if culprit.value == 6 else 1
    if mult == 2:
        lines.append(Fact("phantom.detective"))
    lead = None
    if variant == "poker":
        caller, accepted = inc.double if inc.double else (None, True)
        if not accepted:
            points[caller] += 1
            lines.append(Fact("phantom.declined", player=players[caller]))
            _settle_accusations(players, inc, rules, points, lines)
            return Result(tuple(points), culprit, tuple(lines), None, False)
        if culprit.owner is not None:
            gain = mult * (2 if inc.double else 1)
            points[culprit.owner] += gain
            key = "phantom.played_culprit_double" if inc.double else "phantom.played_culprit"
            lines.append(Fact(key, player=players[culprit.owner], gain=gain))
        _settle_accusations(players, inc, rules, points, lines)
        return Result(tuple(points), culprit, tuple(lines), culprit.owner, False)
    if culprit.owner == FOURTH:
        finders = [p.owner for p in inc.plays if p.value in (4, 5)]
        for p in finders:
            points[p] += mult
            laid = card(next(x.value for x in inc.plays if x.owner == p))
            lines.append(Fact("phantom.fourth_found", player=players[p], card=laid, gain=mult))
        tool = [p.owner for p in inc.plays if p.value == 4]
        lead = tool[0] if tool else (finders[0] if finders else None)
    elif culprit.owner is not None:
        points[culprit.owner] += mult
        lines.append(Fact("phantom.played_culprit", player=players[culprit.owner], gain=mult))
        lead = culprit.owner
    correct = [p for p, target in inc.pointed.items() if culprit.owner is not None and target == culprit.owner]
    if correct:
        each = (n - len(correct)) if rules.correct_guess_points == "players_minus_correct" else 1
        for p in correct:
            points[p] += each * mult
        minus = rules.correct_guess_points == "players_minus_correct"
        finders = Fact("phantom.each", items=tuple(players[p] for p in correct))
        if minus:
            lines.append(Fact("phantom.found_minus", players=finders, each=each * mult, count=n, found=len(correct)))
        else:
            lines.append(Fact("phantom.found", players=finders, each=each * mult))
    phantom_of = {p.owner for p in inc.plays if p.value == PHANTOM}
    take = rules.phantom_penalty * (mult if rules.detective_doubles_phantom else 1)
    for p, target in inc.pointed.items():
        if target in phantom_of:
            points[p] -= take
            points[target] += take
            lines.append(Fact("phantom.pointed_phantom", player=players[p], owner=players[target], take=take))
    _settle_accusations(players, inc, rules, points, lines)
    return Result(tuple(points), culprit, tuple(lines), lead, bool(correct))


def _settle_accusations(
    players: Sequence[str], inc: Incident, rules: HouseRules, points: list[int], lines: list[Words]
) -> None:
    """Variation b: a right "this is the Phantom!" takes 1 from the Phantom's player; a wrong one pays 1
    to the owner of the card named (or to nobody, house rule wrong_accusation_pays)."""
    for accuser, (owner, k) in inc.accused.items():
        theirs = [p for p in inc.plays if p.owner == owner]
        which: Words = Fact("phantom.ordinal", k=k) if len(theirs) > 1 else ""
        a, o = players[accuser], players[owner]
        if theirs[k].value == PHANTOM:
            points[accuser] += 1
            points[owner] -= 1
            lines.append(Fact("phantom.called_right", player=a, owner=o, which=which))
            continue
        points[accuser] -= 1
        if rules.wrong_accusation_pays == "owner":
            points[owner] += 1
            lines.append(Fact("phantom.called_wrong_pays", player=a, owner=o, which=which))
        else:
            lines.append(Fact("phantom.called_wrong_loses", player=a, owner=o, which=which))
