"""The KINGs arbiter: who wins this trick, and why, card by card."""

from __future__ import annotations

import re
from collections import Counter

from scoring.arbiter import rule_line, seats, times
from scoring.errors import RuleViolation
from scoring.kings.cards import (
    COLORS,
    JA_COLORS,
    KING_COLORS,
    code,
    color_index,
    is_flag,
    is_rare,
    name,
    name_ja,
    parse,
)
from scoring.kings.settings import HouseRules
from scoring.kings.trick import DECLARATIONS, Play, judge
from scoring.words import say_all

KINGS_MODIFIERS = ("samurai", "king", "sword", "nine", "one", "rare", "flag")
KINGS_MAX_TRICK = 5  # one card per player; the test-play rules are for 2, 4 or 5 players


def _kings_modifiers(text: str, card: str, mods: str) -> set[str]:
    """The modifiers after the colon, each one known; anything unread is refused, never dropped."""
    known = ", ".join(KINGS_MODIFIERS)
    how_en = f"The modifiers are {known}, after one colon and joined by + (r4:samurai, b3:king+samurai)."
    how_ja = f"使える修飾子：{known}（コロン1つの後に+でつなぐ。例：r4:samurai、b3:king+samurai）。"
    pieces = [m.strip().lower() for m in re.split(r"[+:]", mods)]
    unknown = next((m for m in pieces if m and m not in KINGS_MODIFIERS), None)
    if unknown is not None:
        rule, en = "kings.strength", f"{text!r}: {unknown!r} is not a card modifier."
        ja = f"「{text}」の「{unknown}」は修飾子ではありません。"
        if ":" in mods:
            en += " Join modifiers with +, not a second colon."
            ja += "修飾子は2つ目のコロンではなく+でつなぎます。"
        if unknown in KING_COLORS:
            rule = "kings.kings"
            en += (
                " A king takes the colour of the card under it (the White King goes on a White Flag, a Rare "
                f"or a card under the King's Sword): write {card}:king."
            )
            ja += (
                "キングの色は下のカードで決まります（白のキングは白旗・レア・キングの剣のカードの上）。"
                f"{card}:king と書いてください。"
            )
        raise RuleViolation(rule, f"{en} {how_en}", ja + how_ja)
    flags = {m for m in pieces if m}
    if ":" in mods:
        fix = f"{card}:{'+'.join(m for m in pieces if m)}"
        raise RuleViolation(
            "kings.strength",
            f"{text!r}: join modifiers with +, not a second colon ({fix}). {how_en}",
            f"「{text}」：修飾子は2つ目のコロンではなく+でつなぎます（{fix}）。{how_ja}",
        )
    declared = [d for d in DECLARATIONS if d in flags]
    if len(declared) > 1:
        raise RuleViolation(
            "kings.character.resistance",
            f"{text!r} declares the card as {' and as '.join(declared)}: a Resistance declares "
            "a card as one thing only.",
            f"「{text}」は{'と'.join(declared)}の両方を宣言しています。宣言は1枚に1つだけです。",
        )
    return flags


def arbitrate(cards: list[str], settings: dict, lang: str = "en") -> list[str]:
    """Cards like ``r7``, ``k2``, ``RA``; modifiers after a colon: ``r4:samurai``, ``b3:king``,
    ``g2:sword``, ``r1:nine`` (Resistance), combined with ``+``. What cannot be read is refused."""
    if len(cards) > KINGS_MAX_TRICK:
        raise RuleViolation(
            "kings.overview",
            f"A KINGs trick has at most {KINGS_MAX_TRICK} cards, one per player (2, 4 or 5 players), not {len(cards)}.",
            f"KINGsのトリックは1人1枚、最大{KINGS_MAX_TRICK}枚です（{len(cards)}枚あります）。",
        )
    plays = []
    for seat, text in enumerate(cards):
        card_text, colon, mods = text.partition(":")
        if not card_text.strip():
            raise RuleViolation(
                "kings.cards",
                f"{text!r} names no card before its modifiers (r4:samurai).",
                f"「{text}」にはコロンの前にカードがありません（例：r4:samurai）。",
            )
        c = parse(card_text)
        flags = _kings_modifiers(text, card_text.strip(), mods) if colon else set()
        sword = "sword" in flags
        king = None
        if "king" in flags:
            king = "white" if is_flag(c) or is_rare(c) or sword else COLORS[color_index(c)]
        declare = next((d for d in DECLARATIONS if d in flags), None)
        plays.append(Play(seat, c, king, sword, declare, "samurai" in flags))
    for c, given in Counter(p.card for p in plays).items():
        copies = 2 if is_flag(c) or is_rare(c) else 1
        if given > copies:
            if copies == 1:
                raise RuleViolation(
                    "kings.cards",
                    f"The {name(c)} ({code(c)}) is given {times(given)}: every "
                    "KINGs card exists once (only White Flags and Rares twice).",
                    f"{name_ja(c)}が{given}回あります。KINGsのカードは各1枚です（白旗とレアだけ2枚）。",
                )
            raise RuleViolation(
                "kings.cards",
                f"The {name(c)} ({code(c)}) is given {times(given)}: there are two {name(c)}s.",
                f"{name_ja(c)}が{given}回あります。{name_ja(c)}は2枚です。",
            )
    for color, given in Counter(p.king for p in plays if p.king).items():
        if given > 1:
            raise RuleViolation(
                "kings.kings",
                f"The {color} king is placed {times(given)}: there is one king of each colour, played once.",
                f"{JA_COLORS[color]}のキングが{given}回置かれています。各色のキングは1つ、1回だけです。",
            )
    if sum(p.sword for p in plays) > 1:
        raise RuleViolation(
            "kings.item.kings_sword",
            "The King's Sword is used twice: there is one, used once per game.",
            "キングの剣が2回使われています。キングの剣は1本、ゲーム中1回だけです。",
        )
    ruling = judge(plays, seats(len(plays), lang), HouseRules.from_dict(settings))
    return [*say_all(ruling.lines, lang), rule_line("kings.strength, kings.ties", lang)]
