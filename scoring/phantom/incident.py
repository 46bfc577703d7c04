"""Scoring one half ("incident") of Tricks and the Phantom, every variant, with the reasons."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scoring.phantom.culprit import FOURTH, PHANTOM, Culprit, HouseRules, card_name, find_culprit


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
    lines: tuple[str, ...]
    lead: int | None  # who leads next (None: the lead does not move)
    found: bool  # somebody pointed at the culprit


def score_incident(players: Sequence[str], inc: Incident, rules: HouseRules, variant: str, lang: str = "en") -> Result:
    """Points for one half, with a line for each (in English, or Japanese with ``lang="ja"``)."""
    ja = lang == "ja"
    n = len(players)
    in_play = [(p.owner, p.value) for p in inc.plays]
    if inc.fourth is not None:
        in_play.append((FOURTH, inc.fourth))
    culprit = find_culprit(in_play, rules, lang)
    points = [0] * n
    lines = list(culprit.lines)
    mult = 2 if culprit.value == 6 else 1
    if mult == 2:
        lines.append(
            "刑事が犯人：この犯人による得点はすべて2倍です。"
            if ja
            else "The Detective is the culprit: every point from this culprit is doubled."
        )
    lead = None
    if variant == "poker":
        caller, accepted = inc.double if inc.double else (None, True)
        if not accepted:
            points[caller] += 1
            lines.append(
                f"{players[caller]}のダブルを相手が降りたので、カードに関係なく{players[caller]}が1点。"
                if ja
                else f"{players[caller]} called Double and the other side declined: "
                f"{players[caller]} scores 1 whatever the cards."
            )
            _settle_accusations(players, inc, rules, points, lines, lang)
            return Result(tuple(points), culprit, tuple(lines), None, False)
        if culprit.owner is not None:
            gain = mult * (2 if inc.double else 1)
            points[culprit.owner] += gain
            if ja:
                double = "（ダブル成立）" if inc.double else ""
                lines.append(f"{players[culprit.owner]}が犯人を出しました：+{gain}{double}。")
            else:
                lines.append(
                    f"{players[culprit.owner]} played the culprit: +{gain}"
                    + (" (Double accepted)" if inc.double else "")
                    + "."
                )
        _settle_accusations(players, inc, rules, points, lines, lang)
        return Result(tuple(points), culprit, tuple(lines), culprit.owner, False)
    if culprit.owner == FOURTH:
        finders = [p.owner for p in inc.plays if p.value in (4, 5)]
        for p in finders:
            points[p] += mult
            card = card_name(next(x.value for x in inc.plays if x.owner == p), lang)
            lines.append(
                f"4人目が犯人：{players[p]}が{card}を出しました：+{mult}。"
                if ja
                else f"The 4th person is the culprit: {players[p]} played the {card}: +{mult}."
            )
        tool = [p.owner for p in inc.plays if p.value == 4]
        lead = tool[0] if tool else (finders[0] if finders else None)
    elif culprit.owner is not None:
        points[culprit.owner] += mult
        lines.append(
            f"{players[culprit.owner]}が犯人を出しました：+{mult}。"
            if ja
            else f"{players[culprit.owner]} played the culprit: +{mult}."
        )
        lead = culprit.owner
    correct = [p for p, target in inc.pointed.items() if culprit.owner is not None and target == culprit.owner]
    if correct:
        each = (n - len(correct)) if rules.correct_guess_points == "players_minus_correct" else 1
        for p in correct:
            points[p] += each * mult
        minus = rules.correct_guess_points == "players_minus_correct"
        if ja:
            lines.append(
                f"{'、'.join(players[p] for p in correct)}が犯人を指しました：各+{each * mult}"
                + (f"（{n}人 − 当てた{len(correct)}人）" if minus else "")
                + "。"
            )
        else:
            lines.append(
                f"{', '.join(players[p] for p in correct)} pointed at the culprit: +{each * mult} each"
                + (f" ({n} players − {len(correct)} who found it)" if minus else "")
                + "."
            )
    phantom_of = {p.owner for p in inc.plays if p.value == PHANTOM}
    take = rules.phantom_penalty * (mult if rules.detective_doubles_phantom else 1)
    for p, target in inc.pointed.items():
        if target in phantom_of:
            points[p] -= take
            points[target] += take
            lines.append(
                f"{players[p]}が{players[target]}の怪人を指したので、{players[target]}に{take}点払います。"
                if ja
                else f"{players[p]} pointed at {players[target]}'s Phantom and pays {take} to {players[target]}."
            )
    _settle_accusations(players, inc, rules, points, lines, lang)
    return Result(tuple(points), culprit, tuple(lines), lead, bool(correct))


def _ordinal(k: int, lang: str) -> str:
    return f"{k + 1}枚目の" if lang == "ja" else ("first", "second", "third", "fourth")[k] + " "


def _settle_accusations(
    players: Sequence[str], inc: Incident, rules: HouseRules, points: list[int], lines: list[str], lang: str
) -> None:
    """Variation b: a right "this is the Phantom!" takes 1 from the Phantom's player; a wrong one pays 1
    to the owner of the card named (or to nobody, house rule wrong_accusation_pays)."""
    ja = lang == "ja"
    for accuser, (owner, k) in inc.accused.items():
        theirs = [p for p in inc.plays if p.owner == owner]
        card = _ordinal(k, lang) if len(theirs) > 1 else ""
        a, o = players[accuser], players[owner]
        if theirs[k].value == PHANTOM:
            points[accuser] += 1
            points[owner] -= 1
            lines.append(
                f"{a}は{o}の{card}カードを怪人と見破りました：{o}から1点もらいます。"
                if ja
                else f"{a} rightly called {o}'s {card}card the Phantom: takes 1 from {o}."
            )
            continue
        points[accuser] -= 1
        if rules.wrong_accusation_pays == "owner":
            points[owner] += 1
            lines.append(
                f"{a}は{o}の{card}カードを怪人と誤って指摘しました：{o}に1点払います。"
                if ja
                else f"{a} wrongly called {o}'s {card}card the Phantom: pays 1 to {o}."
            )
        else:
            lines.append(
                f"{a}は{o}の{card}カードを怪人と誤って指摘しました：1点失います。"
                if ja
                else f"{a} wrongly called {o}'s {card}card the Phantom: loses 1."
            )
