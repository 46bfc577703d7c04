"""What the table is told in Sheriff: who played, who took the trick and why, a deal's points, a
tie at the top that lets the game go on, the winner; and what comes next.

>>> from scoring.sheriff.cards import parse
>>> took(("Aki", "Ben", "Chie"), [(0, parse("Kh")), (1, parse("Ah")), (2, parse("10s"))], 0, 3)
'Aki Kh, Ben Ah, Chie 10s: Chie takes trick 3 with the 10 of spades, a trump (spades) over the led hearts.'
>>> print(took(("Aki", "Ben", "Chie"), [(0, parse("JO")), (1, parse("Kd")), (2, parse("Qd"))], None, 1, "ja")
...       .replace("。", "。\\n").strip())
Aki JO、Ben Kd、Chie Qd：Benが第1トリック（ダイヤのK、リードのダイヤで最高）。
ジョーカーのリードで、ダイヤのKがスートを決定。
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.sheriff.cards import JOKER, code, data, name, suit_of, suits
from scoring.sheriff.engine import DealScore, trick_winner
from scoring.standings import joined


def _suit(i: int | None, lang: str) -> str:
    if i is None:
        return "切り札なし" if lang == "ja" else "no trump"
    return suits()[i]["name_ja" if lang == "ja" else "name"]


def role_name(role: str, lang: str = "en") -> str:
    """A role as the table says it (Mayor, 市長)."""
    row = next((r for r in data()["roles"] if r["id"] == role), None)
    if row is None:
        return role
    return row["name_ja"] if lang == "ja" else row["name"]


def _who_played(players: Sequence[str], trick: Sequence[tuple[int, int]], lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(f"{players[p]} {code(c)}" for p, c in trick)


def led_suit(trick: Sequence[tuple[int, int]]) -> int | None:
    """The suit to follow: the first card's, or after a led Joker the next card's."""
    return next((suit_of(c) for _, c in trick if c != JOKER), None)


def why(trick: Sequence[tuple[int, int]], trump: int | None, lang: str = "en") -> tuple[int, str]:
    """The seat that takes a whole trick and why: its card and what made it win."""
    ja = lang == "ja"
    w = trick_winner(trick, trump)
    card = next(c for p, c in trick if p == w)
    lead = led_suit(trick)
    trumps = [c for _, c in trick if c != JOKER and suit_of(c) == trump]
    if trump is not None and suit_of(card) == trump and lead != trump:
        if len(trumps) == 1:
            reason = (
                f"切り札の{_suit(trump, lang)}がリードの{_suit(lead, lang)}に勝つ"
                if ja
                else f"a trump ({_suit(trump, lang)}) over the led {_suit(lead, lang)}"
            )
        else:
            reason = f"最も高い切り札（{_suit(trump, lang)}）" if ja else f"the highest trump ({_suit(trump, lang)})"
    elif trump is not None and lead == trump:
        reason = (
            f"リードされた切り札（{_suit(trump, lang)}）で最高"
            if ja
            else f"the highest of the led trump ({_suit(trump, lang)})"
        )
    else:
        played_trump = "" if trump is None else ("、切り札は出ず" if ja else "; no trump was played")
        reason = (
            f"リードの{_suit(lead, lang)}で最高{played_trump}"
            if ja
            else f"the highest of the led suit ({_suit(lead, lang)}){played_trump}"
        )
    return w, f"{name(card, lang)}、{reason}" if ja else f"the {name(card)}, {reason}"


def _joker_note(players: Sequence[str], trick: Sequence[tuple[int, int]], lang: str) -> str:
    ja = lang == "ja"
    if trick[0][1] == JOKER and len(trick) > 1:
        setter = name(trick[1][1], lang)
        return (
            f"ジョーカーのリードで、{setter}がスートを決定。"
            if ja
            else f" The Joker was led, so the {setter} set the suit."
        )
    joker = next((p for p, c in trick if c == JOKER), None)
    if joker is None:
        return ""
    return f"{players[joker]}のジョーカーは必ず負け。" if ja else f" {players[joker]}'s Joker always loses."


def took(
    players: Sequence[str], trick: Sequence[tuple[int, int]], trump: int | None, number: int, lang: str = "en"
) -> str:
    """A whole trick as the table is told it: who played what, who takes it and why."""
    w, reason = why(trick, trump, lang)
    played = _who_played(players, trick, lang)
    note = _joker_note(players, trick, lang)
    if lang == "ja":
        return f"{played}：{players[w]}が第{number}トリック（{reason}）。{note}"
    return f"{played}: {players[w]} takes trick {number} with {reason}.{note}"


def played(players: Sequence[str], trick: Sequence[tuple[int, int]], trump: int | None, lang: str = "en") -> str:
    """A card that does not end its trick: who played it, and who is winning so far."""
    ja = lang == "ja"
    p, c = trick[-1]
    if len(trick) == 1:
        if c == JOKER:
            return (
                f"{players[p]}がジョーカーをリード：次のカードがスートを決めます。"
                if ja
                else f"{players[p]} leads the Joker: the next card sets the suit."
            )
        return f"{players[p]}が{name(c, lang)}をリード。" if ja else f"{players[p]} leads the {name(c)}."
    card = "ジョーカー" if ja and c == JOKER else name(c, lang)
    if all(x == JOKER for _, x in trick[:-1]) and c != JOKER:
        follow = _suit(suit_of(c), lang)
        return (
            f"{players[p]}が{card}：フォローするスートは{follow}、{players[p]}が優勢。"
            if ja
            else f"{players[p]} plays the {card}: {follow} to follow; {players[p]} is winning."
        )
    w = trick_winner(trick, trump)
    joker = "（ジョーカーは必ず負けます）" if ja and c == JOKER else (" (it always loses)" if c == JOKER else "")
    if ja:
        return f"{players[p]}が{card}{joker}：{players[w]}が優勢。"
    return f"{players[p]} plays the {card}{joker}: {players[w]} is winning."


def deal_points(players: Sequence[str], number: int, score: DealScore, totals: Sequence[int], lang: str = "en") -> str:
    """A deal's points and the totals after it."""
    if lang == "ja":
        points = "、".join(f"{p} {n}" for p, n in zip(players, score.points, strict=True))
        total = "、".join(f"{p} {n}" for p, n in zip(players, totals, strict=True))
        return f"第{number}ディールの得点：{points}。合計：{total}。"
    points = ", ".join(f"{p} {n}" for p, n in zip(players, score.points, strict=True))
    total = ", ".join(f"{p} {n}" for p, n in zip(players, totals, strict=True))
    return f"Deal {number} scores {points}. Totals: {total}."


def top(players: Sequence[str], totals: Sequence[int], target: int, over: bool, lang: str = "en") -> str:
    """The winner once the game is over; a tie at the top at or past the target, which lets the
    game go on; else nothing."""
    best = max(totals)
    leaders = [p for p, n in zip(players, totals, strict=True) if n == best]
    if over:
        return (
            f"ゲーム終了：{leaders[0]}が{best}点で勝ちです。"
            if lang == "ja"
            else f"The game is over: {leaders[0]} wins with {best}."
        )
    if best >= target and len(leaders) > 1:
        return (
            f"{joined(leaders, lang)}が{best}点で同点：ゲームは続きます。"
            if lang == "ja"
            else f"{joined(leaders, lang)} tie at {best}: the game goes on."
        )
    return ""


def deal_started(
    players: Sequence[str], number: int, roles: Sequence[str], trump: int | None, joker: int, lang: str = "en"
) -> str:
    """A deal's roles, trump and the Joker's holder."""
    if lang == "ja":
        held = "、".join(f"{p} {role_name(r, lang)}" for p, r in zip(players, roles, strict=True))
        trumps = "切り札なし" if trump is None else f"切り札：{_suit(trump, lang)}"
        return f"第{number}ディール：{held}。{trumps}。ジョーカーは{players[joker]}。"
    held = ", ".join(f"{p} the {role_name(r)}" for p, r in zip(players, roles, strict=True))
    trumps = "no trump" if trump is None else f"trump: {_suit(trump, lang)}"
    return f"Deal {number}: {held}; {trumps}; {players[joker]} holds the Joker."


def to_play(players: Sequence[str], trick: Sequence[tuple[int, int]], me: int, number: int, lang: str = "en") -> str:
    """Who plays next and what was led."""
    ja = lang == "ja"
    if not trick:
        return f"第{number}トリック：{players[me]}がリード" if ja else f"{players[me]} leads trick {number}"
    lead = led_suit(trick)
    if lead is None:
        return (
            f"{players[me]}の番 — ジョーカーがリードされたので、このカードがスートを決めます"
            if ja
            else f"{players[me]} to play — the Joker was led: this card sets the suit"
        )
    return (
        f"{players[me]}の番 — リードは{_suit(lead, lang)}" if ja else f"{players[me]} to play — {_suit(lead, lang)} led"
    )


def next_deal(number: int, lang: str = "en") -> str:
    """What to type between deals."""
    if lang == "ja":
        return f"第{number}ディール：ジョーカーの持ち主・役割・切り札（deal …）か、得点表（sheet …）を入力"
    return f"Deal {number}: the Joker's holder, roles and trump (deal …), or its scores (sheet …)"
