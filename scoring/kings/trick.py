"""Who wins a KINGs trick, and why, card by card.

>>> from scoring.kings.cards import parse
>>> plays = [Play(0, parse("r7")), Play(1, parse("k2")), Play(2, parse("RA")), Play(3, parse("g9"))]
>>> ruling = judge(plays, ("Aki", "Ben", "Chie", "Dan"))
>>> from scoring.words import say
>>> ruling.winner, say(ruling.lines[-1]), say(ruling.lines[-1], "ja")
(2, 'Chie wins the trick with the Rare.', 'Chieがレアでトリックを取ります。')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from scoring.errors import RuleViolation
from scoring.kings.cards import (
    BERSERKER_NINE,
    BLACK,
    COLORS,
    RARES,
    RED,
    WHITE_FLAGS,
    color_index,
    is_flag,
    is_number,
    is_rare,
    rank_of,
)
from scoring.kings.settings import HouseRules
from scoring.kings.words import fact
from scoring.words import Fact, Words

KING, RARE, TRUMP, LEAD, OFF, FLAG = 5, 4, 3, 2, 1, 0
DECLARATIONS = ("nine", "one", "rare", "flag")


class Play(NamedTuple):
    """One card in a trick, with whatever modifies it.

    ``king`` is the colour of a king placed on the card, ``sword`` the King's Sword, ``declare`` a
    Resistance declaration ("nine", "one", "rare", "flag"), ``samurai`` whether the player has an
    active Samurai.
    """

    player: int
    card: int
    king: str | None = None
    sword: bool = False
    declare: str | None = None
    samurai: bool = False


@dataclass(frozen=True)
class Ruling:
    winner: int  # seat of the winning player
    index: int  # position of the winning play in the trick
    lead: str | None
    lines: tuple[Words, ...]
    why: Words = ""  # the winning card, as the last line names it


def declarations(card: int, sword: bool = False) -> list[str]:
    """What a Resistance may declare this card as: a 1 as a nine, a 9 as a one, a White Flag as a
    rare, a Rare (or a card under the King's Sword) as a flag.

    >>> from scoring.kings.cards import parse
    >>> declarations(parse("r1")), declarations(parse("WF")), declarations(parse("g4"), sword=True)
    (['nine'], ['rare'], ['flag'])
    """
    fits = {
        "nine": is_number(card) and rank_of(card) == 1,
        "one": is_number(card) and rank_of(card) == 9,
        "rare": is_flag(card),
        "flag": is_rare(card) or sword,
    }
    return [d for d in DECLARATIONS if fits[d]]


def king_fits(card: int, king: str, sword: bool = False) -> bool:
    """Whether a king may be placed on this card: a coloured king on a card of its colour, the White
    King on a White Flag, a Rare or a card under the King's Sword.

    >>> from scoring.kings.cards import parse
    >>> king_fits(parse("b3"), "blue"), king_fits(parse("b3"), "red"), king_fits(parse("RA"), "white")
    (True, False, True)
    """
    if king == "white":
        return is_flag(card) or is_rare(card) or sword
    if card < 36:  # a numbered card of the king's colour (is_number and color_index, spelled out)
        return COLORS[card // 9] == king
    return card == BERSERKER_NINE and COLORS[BLACK] == king


def check_play(play: Play, who: str) -> None:
    """Refuse modifiers the rules do not allow on this card."""
    c = play.card
    if play.declare is not None:
        if play.declare not in DECLARATIONS:
            raise RuleViolation("kings.character.resistance", fact("refused.not_a_declaration", declare=play.declare))
        if play.declare not in declarations(c, play.sword):
            said = fact("refused.cannot_declare", who=who, card=fact("card", card=c), declare=play.declare)
            raise RuleViolation("kings.character.resistance", said)
    if play.king is not None and not king_fits(c, play.king, play.sword):
        key = "refused.king_not_on"
        if play.king == "white":
            key = "refused.white_king_not_on"
        elif play.samurai and play.king == "black" and color_index(c) == RED:
            key = "refused.black_king_not_on_samurai"
        raise RuleViolation("kings.kings", fact(key, who=who, color=_color(play.king), card=fact("card", card=c)))


def lead_color(plays: Sequence[Play]) -> int | None:
    """The colour of the first numbered card played, if any."""
    for p in plays:
        c = p.card
        i = c // 9 if c < 36 else color_index(c)  # color_index, a numbered card's spelled out
        if i is not None:
            return i
    return None


def strength(play: Play, lead: int | None, flag_in_trick: bool, rules: HouseRules) -> tuple[int, int]:
    """(class, rank): king > Rare > black > lead colour > other colours > White Flag."""
    if play.king is not None:
        return _KING
    c = play.card
    declare = play.declare
    if c in RARES or play.sword:  # Rare strength, unless declared a White Flag
        return _FLAG if declare == "flag" else _RARE
    if c in WHITE_FLAGS:  # the weakest, unless declared a Rare
        return _RARE if declare == "rare" else _FLAG
    if c < 36:  # a numbered card (color_index and rank_of, spelled out: this runs for every card)
        color, rank = c // 9, c % 9 + 1
    else:
        color, rank = color_index(c), rank_of(c)
    if declare is not None:
        if declare == "nine" and rank == 1:
            rank = 9
        elif declare == "one" and rank == 9:
            rank = 1
    if color == BLACK or (
        play.samurai and color == RED and not (rules.samurai_cancelled_by_flag and flag_in_trick)
    ):  # a Samurai's red has black strength
        return (TRUMP, rank)
    if color == lead:
        return (LEAD, rank)
    return _OFF


_KING, _RARE, _FLAG, _OFF = (KING, 0), (RARE, 0), (FLAG, 0), (OFF, 0)  # the strengths with no rank


_KINDS = {KING: "king", RARE: "rare", TRUMP: "trump", LEAD: "lead", OFF: "off", FLAG: "flag"}


def _color(color: str) -> Fact:
    return fact("color", color=color)


def _describe(play: Play, s: tuple[int, int], lead: int | None) -> Fact:
    """A card of a trick and its strength, as the arbiter's line says it: "the black 2: black
    strength 2"."""
    return fact(
        "judge.card",
        card=fact("card", card=play.card),
        king=_color(play.king) if play.king else None,
        sword=play.sword,
        declare=play.declare,
        strength=_KINDS[s[0]],
        rank=s[1],
        samurai=play.samurai and color_index(play.card) == RED,
        lead=_color(COLORS[lead]) if lead is not None else None,
    )


# A plain play (no king, no King's Sword, no declaration, no Samurai) is most plays, and its strength
# depends on its card and the lead colour only: the strengths of every plain card, by lead colour.
_PLAIN = (None, False, None, False)  # a Play's king, sword, declare and samurai when plain
_PLAIN_STRENGTH = {
    lead: {c: strength(Play(0, c), lead, False, HouseRules()) for c in range(BERSERKER_NINE + 1)}
    for lead in (None, *range(len(COLORS)))
}


def winning_play(plays: Sequence[Play], rules: HouseRules) -> int:
    """The position of the winning play (the engine's fast path; ``judge`` explains it)."""
    lead = lead_color(plays)
    # a White Flag in the trick matters only to the house rule that lets it cancel a Samurai
    flag = rules.samurai_cancelled_by_flag and any(is_flag(p.card) and p.declare != "rare" for p in plays)
    later_king = rules.king_vs_king == "later"
    plain = _PLAIN_STRENGTH[lead]
    play = plays[0]
    best, best_s = 0, (plain.get(play[1]) if play[2:] == _PLAIN else None) or strength(play, lead, flag, rules)
    for i in range(1, len(plays)):
        play = plays[i]
        s = (plain.get(play[1]) if play[2:] == _PLAIN else None) or strength(play, lead, flag, rules)
        if s > best_s or (later_king and s[0] == KING and best_s[0] == KING):
            best, best_s = i, s
    return best


def judge(plays: Sequence[Play], players: Sequence[str], rules: HouseRules | None = None) -> Ruling:
    """The winner of a complete (or partial) trick, with one line per card explaining it (facts,
    said by the catalogue in :mod:`scoring.kings.words`)."""
    rules = rules or HouseRules()
    if not plays:
        raise RuleViolation("kings.strength", fact("refused.no_card"))
    for p in plays:
        check_play(p, players[p.player])
    lead = lead_color(plays)
    flag = any(is_flag(p.card) and p.declare != "rare" for p in plays)
    lines: list[Words] = [fact("judge.no_lead") if lead is None else fact("judge.lead", color=_color(COLORS[lead]))]
    best, best_s = 0, strength(plays[0], lead, flag, rules)
    lines.append(fact("judge.first", who=players[plays[0].player], card=_describe(plays[0], best_s, lead)))
    for i, p in enumerate(plays[1:], start=1):
        s = strength(p, lead, flag, rules)
        who, leader = players[p.player], players[plays[best].player]
        text = fact("judge.plays", who=who, card=_describe(p, s, lead))
        if s[0] == KING and best_s[0] == KING:
            if rules.king_vs_king == "later":
                best, best_s = i, s
                lines.append(fact("judge.later_king", text=text, who=who))
            else:
                lines.append(fact("judge.earlier_king", text=text, leader=leader))
        elif s > best_s:
            best, best_s = i, s
            lines.append(fact("judge.beats", text=text, leader=leader))
        elif s == best_s:
            lines.append(fact("judge.as_strong", text=text, leader=leader))
        else:
            lines.append(fact("judge.beaten", text=text, leader=leader))
    winner = plays[best]
    king = _color(winner.king) if winner.king else None
    why = fact("judge.winning", card=fact("card", card=winner.card), king=king)
    lines.append(fact("judge.wins", who=players[winner.player], why=why))
    return Ruling(winner.player, best, None if lead is None else COLORS[lead], tuple(lines), why)
