"""The KINGs table's words: every sentence and phrase the table is told, keyed ``kings.…``
(``scoring.words``), in English; the other languages are the game's gettext catalogue
(``locale/ja/LC_MESSAGES/kings.po``, the key as each message's context). The engine and
:mod:`scoring.kings.told` say what happened as facts; these turn them into words only at the edge.
An entry that is a function has no words of its own: it puts other entries together, and the
names the box's data gives in each language.

A card, a colour, a king or a character is a fact of its own (``kings.card``, ``kings.color``,
``kings.king``, ``kings.character``), so a sentence that names one says it in the viewer's
language.

>>> from scoring.words import say
>>> king = fact("color", color="blue")
>>> played = fact("plays", who="Chie", card=fact("played", card=fact("card", card=11), king=king))
>>> say(played), say(played, "ja")
('Chie plays the blue king on the blue 3.', 'Chieが青3（青のキング）を出しました。')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scoring.errors import RuleViolation
from scoring.kings.cards import (
    BERSERKER_NINE,
    KING_COLORS,
    character,
    characters,
    code,
    color_of,
    is_flag,
    is_number,
    kings,
    rank_of,
)
from scoring.words import Fact, in_language, joined, say, teller, words

V = Mapping[str, Any]


fact = teller("kings")  # fact("plays", who="Chie", card=…) is the kings.plays fact


# --- the things the data names ------------------------------------------------------------------------


def _card(v: V, lang: str) -> str:
    """A card by its name: ``red 7``, ``White Flag``, ``Berserker's black 9`` (``赤7``, ``白旗``)."""
    c = v["card"]
    if c == BERSERKER_NINE:
        return say(fact("card.berserker_nine"), lang)
    if is_number(c):
        return say(fact("card.number", color=fact("color", color=color_of(c)), rank=rank_of(c)), lang)
    return say(fact("card.flag" if is_flag(c) else "card.rare"), lang)


def _color(v: V, lang: str) -> str:
    """A colour by its word (``red``, ``赤``); a word that is no colour as it is."""
    return say(fact(f"color.{v['color']}"), lang) if v["color"] in KING_COLORS else str(v["color"])


def _character(v: V, lang: str) -> str:
    """A character by its name in the data (``Healer``, ``ヒーラー``); a name no character has as it is."""
    try:
        return in_language(character(v["name"]), "name", lang)
    except RuleViolation:
        return str(v["name"])


# --- an entry as the log lists it -------------------------------------------------------------------------

#: the words of a typed line the catalogue says (``line.<word>``), with the letter of each colour in
#: a card's code (``r7``, ``won=k*2``); a colour and a character are said by their own entries, a
#: name or a number as it is
LINE_WORDS = (
    *("sheet", "fronts", "bids", "bid", "lead", "hermit", "cheer", "king", "sword", "gift", "drafted"),
    *("tricks", "won", "items", "devil", "partner", "nine", "copy", "miss", "bond", "no", "rare", "flag"),
    *("one", "WF", "RA", "r", "b", "g", "k"),
)


def _line_word(word: str, lang: str) -> str:
    if word in LINE_WORDS:
        return say(fact(f"line.{word}"), lang)
    if word in KING_COLORS:
        return say(fact("color", color=word), lang)
    if len(word) > 1 and word[0] in "rbgk" and word[1:].isdigit():
        return say(fact(f"line.{word[0]}"), lang) + word[1:]  # a card: r7 is 赤7
    found = characters().get(word)
    return in_language(found, "name", lang) if found else word


def _shown(v: V, lang: str) -> str:
    """A typed line as the log lists it: each word and each card said in the language, a king or a
    character picked alone named as such; a line whose words read the same (in English) as typed.

    >>> [say(fact("shown", line=line), "ja") for line in ("red", "Healer", "b3 king", "fronts Aki=Ninja,Maru")]
    ['赤のキング', 'ヒーラー', '青3 キング', '公開 Aki=忍者,獣マル']
    >>> [say(fact("shown", line=line)) for line in ("red", "Healer", "b3 king", "fronts Aki=Ninja,Maru")]
    ['red', 'Healer', 'b3 king', 'fronts Aki=Ninja,Maru']
    """
    line = str(v.get("full", v["line"]))
    if line in KING_COLORS:
        said = say(fact("shown.king", color=fact("color", color=line)), lang)
    else:
        said = "".join(_line_word(w, lang) for w in re.split(r"([\s=,:+*/])", line))
    if said == line:
        return str(v["line"])  # as the log has it (cut short where it is long)
    return said if len(said) <= 200 else said[:199] + "…"


def _tricks(n: int) -> Fact:
    """A number of tricks: ``1 trick``, ``2 tricks`` (``2勝``)."""
    return fact("tricks.one" if n == 1 else "tricks.many", n=n)


def common(labels: Sequence[str]) -> str:
    """The words the labels of a group of choices share, as the group's label (``Aki: Gambler…``):
    their common start, without the spaces and the punctuation it ends on.

    >>> common(["Samurai, a Copy of Ben's bid", "Samurai, a Copy of Chie's bid"])
    'Samurai, a Copy of…'
    """
    first = labels[0]
    end = len(first)
    for other in labels[1:]:
        end = min(end, len(other))
        end = next((i for i in range(end) if first[i] != other[i]), end)
    while end and unicodedata.category(first[end - 1]) in ("Zs", "Po"):
        end -= 1
    return first[:end] + "…"


# --- a card as it was played, and why the winning card wins --------------------------------------------


def _played(v: V, lang: str) -> str:
    """A card as it was played, with what was put on it: ``the blue king on the blue 3``,
    ``the red 1 declared a 9``, ``青4（キングの剣）``."""
    mods = []
    if v.get("sword"):
        mods.append(say(fact("played.sword"), lang))
    if v.get("declare"):
        mods.append(say(fact("played.declare", what=fact(f"declared.{v['declare']}")), lang))
    if v.get("gift"):
        mods.append(say(fact("played.gift"), lang))
    key = ("played.king" if v.get("king") else "played.card") + ("_with" if mods else "")
    return say(fact(key, card=v["card"], king=v.get("king"), mods=tuple(mods)), lang)


def _why(v: V, lang: str) -> str:
    notes = []
    if v["rank"]:
        notes.append(say(fact("why.rank", rank=v["rank"]), lang))
    if v["before"]:
        notes.append(say(fact("why.before", who=v["before"]), lang))
    if v["cancelled"]:
        notes.append(say(fact("why.cancelled", who=v["cancelled"]), lang))
    return say(fact("why.said", card=v["card"], reason=v["reason"], notes=tuple(notes)), lang)


# --- a round scored -------------------------------------------------------------------------------------


def _row(v: V, lang: str) -> str:
    count = say(fact("row.counts", count=v["count"]), lang) if v["count"] is not None else ""
    return say(
        fact(
            "row.said",
            who=v["who"],
            tricks=_tricks(v["tricks"]),
            count=count,
            bids=tuple(v["bids"]),
            made=fact("row.made" if v["made"] else "row.missed"),
            total=v["total"],
        ),
        lang,
    )


def _bid_label(v: V, lang: str) -> str:
    # an unconfirmed back is said in a word, not a sentence, so that every numbered bid stays in view
    key = "move.bid.sure" if v["sure"] else "move.bid.unsure"
    return say(fact(key, card=v["card"], tricks=_tricks(v["tricks"]), points=v["points"]), lang)


def _bid_part(v: V, lang: str) -> str:
    # the bid card's back as the Japanese rules name it: the Devil's 「ビッド外れ」 succeeds when
    # another player misses, so it is never a plain ビッド成功
    key = ("part.bid.hit" if v["hit"] else "part.bid.missed") + ("_doubled" if v["doubled"] else "")
    return say(fact(key, kind=fact(f"part.bid_kind.{v['kind']}")), lang)


def _king_part(v: V, lang: str) -> str:
    key = "part.king.used" if v["used"] else "part.king.unused"
    return say(fact(key, king=fact("king_name", color=v["color"])), lang)


def _some(key: str) -> Callable[[V, str], str]:
    """Items listed by ``key``'s template, or a dash for none."""
    return lambda v, lang: say(fact(key, items=tuple(v["items"])) if v["items"] else fact("board.none"), lang)


words(
    "kings",
    {
        # the things the data names
        "card": _card,
        "card.number": "{color} {rank}",
        "card.flag": "White Flag",
        "card.rare": "Rare",
        "card.berserker_nine": "Berserker's black 9",
        "color": _color,
        "color.white": "white",
        "color.red": "red",
        "color.blue": "blue",
        "color.green": "green",
        "color.black": "black",
        "king": lambda v, lang: say(fact("king.named", name=fact("king_name", color=v["color"])), lang),
        "king.named": "the {name}",
        "king_name": lambda v, lang: in_language(kings()[v["color"]], "name", lang),
        "character": _character,
        "tricks.one": "{n} trick",
        "tricks.many": "{n} tricks",
        # an entry as the log lists it: its typed line, each word said in the language
        "shown": _shown,
        "shown.king": "{color}",
        **{f"line.{word}": word for word in LINE_WORDS},
        # a card as it was played
        "played": _played,
        "played.card": "the {card}",
        "played.king": "the {king} king on the {card}",
        "played.card_with": "the {card} {mods: }",
        "played.king_with": "the {king} king on the {card} {mods: }",
        "played.sword": "under the King's Sword",
        "played.declare": "declared {what}",
        "played.gift": "and the Fairy's Gift",
        "declared.nine": "a 9",
        "declared.one": "a 1",
        "declared.rare": "a Rare",
        "declared.flag": "a White Flag",
        # why the winning card wins
        "why": _why,
        "why.said": "{card}: {reason}{notes:}",
        "why.rank": " ({rank} by the Resistance)",
        "why.before": ", played before {who}'s card of the same strength",
        "why.cancelled": " (the White Flag cancels {who}'s Samurai)",
        "why.king": "a king beats any card",
        "why.later_king": "king against king, the later king wins",
        "why.earlier_king": "king against king, the earlier king wins (house rule)",
        "why.sword": "the King's Sword gives it a Rare's strength",
        "why.resistance": "the Resistance's declaration makes it a Rare",
        "why.rare": "only a king beats a Rare",
        "why.samurai": "red is as strong as black under {who}'s Samurai",
        "why.black_led": "the highest black, the colour led",
        "why.black": "black beats every other colour",
        "why.lead": "the highest {color}, the colour led",
        "why.flags": "only White Flags were played, and the first one wins",
        "why.none": lambda v, lang: "",  # a trick a card of no colour never wins: no reason to say
        # what an entry did
        "took_king": "{who} takes {king}.",
        "picked": "{who} picks the {character}.",
        "draft_over": "The draft is over.",
        "devil_contract": "{who} contracts {king} to the Devil: the {color} cards are devil cards this round.",
        "fronts_of": "{who} {characters: and }",
        "turned_up": "Turned up: {shown:, }.",
        "berserker_nine": "{who} takes the Berserker's black 9.",
        "gambler": "{who}'s Gambler draws 2, then discards 2.",
        "bid.tricks": lambda v, lang: say(_tricks(v["tricks"]), lang),
        "bid.scored": "bid {tricks}",
        "bid.miss": "bid miss",
        "bid.copy": "a Copy of {other}",
        "bid.bond": "a Bond with {other}",
        "bid_card": "{bid} ({card})",
        "bids_of": "{who} {bids:, }",
        "bids": "Bids: {shown:; }.",
        "cheer_partner": "{who}'s Cheerleader hands the partner card to {partner}.",
        "ninja_lead": "{who}'s Ninja names {lead} to lead.",
        "hermit": "{who}'s Hermit draws 3 cards, then discards 3.",
        "cheer": "{who}'s Cheerleader trades a card face down with {partner}.",
        "plays": "{who} plays {card}.",
        "takes_trick": "{winner} takes trick {number} with {why}.",
        "round_row": _row,
        "row.said": "{who} took {tricks}{count}, {bids: + } {made}: {total:+d}",
        "row.counts": " (counts {count})",
        "row.made": "made",
        "row.missed": "missed",
        "round_scored": "Round {round} scored: {rows:; }.",
        "sheet_scored": "Round {round} scored: {points:, }.",
        # the standings
        "tie_top": "{players} tie at the top on {top}: the game goes on.",
        "share_win": "{players} share the win with {top}.",
        "wins_on_king_number": "{winner} wins with {top}, tied with {others} and ahead on the lower king number.",
        "wins": "{winner} wins with {top}.",
        "over": "The game is over.",
        "spaced": "{items: }",
        # what comes next
        "or": lambda v, lang: joined(v["items"], lang, "kings.or"),
        "or.joint": ", ",
        "or.last": "{rest} or {last}",
        "draft_king": "Draft, pick {k} of {of}: {who} takes a king, the party's last card ({left}).",
        "draft_pick": "Draft, pick {k} of {of}: {who} picks a king or a character (red, Healer …).",
        "devil": "{who} contracts a king nobody drafted to the Devil: {left}.",
        "many.two": "two characters",
        "many.one": "a character",
        "many.one_or_two": "one or two characters",
        "fronts_prompt": (
            "Round {round}: everyone turns up {many}. Type fronts, then each player's characters (a digit takes one)."
        ),
        "bids_prompt": (
            "Round {round}: everyone reveals a bid. Type bids, then each player's card and bid (a digit takes one)."
        ),
        # the same on a phone (scoring.words.PHONE): no keys there
        "fronts_prompt.phone": "Round {round}: everyone turns up {many}. Each player's characters next.",
        "bids_prompt.phone": "Round {round}: everyone reveals a bid. Each player's card and bid next.",
        "extra.lead": "lead NAME (Ninja)",
        "extra.hermit": "hermit (Hermit)",
        "extra.cheer": "cheer (Cheerleader)",
        "more": "; or {extra:, }",
        "leads": "Round {round}, trick {trick} of {of}: {who} leads{more}.",
        "no_lead": "no colour led yet",
        "led": "{color} led",
        "to_play": "{who} to play, {led}{more}.",
        "sheet_prompt": "Round {round}: type its scoresheet line — {example}",
        "sheet_prompt.phone": "Round {round}: its scoresheet line next — {example}",
        "or_sheet": "{said} Or a scoresheet: {sheet}",
        # the options a session was started with
        "variant": "{items:, }",
        "scoresheet": "scoresheet",
        "table_king_numbers": "the table's king numbers",
        "table_copies": "the table's copy counts",
        "table_backs": "the table's bid backs",
        "house.king_vs_king": "the earlier king wins",
        "house.bid_miss_doubled": "bid miss and Copy not doubled",
        "house.modified_count_for_fronts": "Devil and Gift not counted for characters",
        "house.samurai_cancelled_by_flag": "a White Flag cancels the Samurai",
        "house.cheerleader_gift": "advanced Cheerleader Gift",
        "house.two_player_round3_double": "round 3 bids doubled",
        "house.two_player_white_king": "White King expansion",
        # what may be typed next (the labels of the moves)
        "common": lambda v, lang: common(v["items"]),
        "plus": "{items: + }",
        "start.fronts": "Everyone turns up characters: fronts NAME=CHARACTER …",
        "start.bids": "Everyone reveals a bid: bids NAME=CARD:BID …",
        "move.lead": "Ninja: name the player who leads",
        "move.ninja": "Ninja: {who} leads",
        "move.hermit": "Hermit: draw 3, discard 3",
        "move.cheer": "Cheerleader: trade a card with {partner}",
        "flag.king": "the {king} king on it",
        "flag.sword": "the King's Sword",
        "flag.gift": "the Fairy's Gift",
        "flag.nine": "Resistance: declared a 9",
        "flag.one": "Resistance: declared a 1",
        "flag.rare": "Resistance: declared a Rare",
        "flag.flag": "Resistance: declared a White Flag",
        "move.fronts": "{characters: and }",
        "move.nine": "{who} takes the Berserker's black 9",
        "move.partner": "{who}'s Cheerleader: the partner card to {partner}",
        "move.bid": _bid_label,
        "move.bid.sure": "{card}: {tricks} for {points}",
        "move.bid.unsure": "{card}: {tricks} for {points} (unconfirmed)",
        "move.miss": "{card}, bid miss",
        "move.copy": "{card}, a Copy of {other}'s bid",
        "move.bond": "{card}, a Bond with {other}",
        # a round's score as its parts
        "round": "Round {round}",
        "detail": "  {who}: {total} = {parts: + }",
        "part": "{label} {points}",
        "part.bid": _bid_part,
        "part.bid.hit": "{kind} (hit)",
        "part.bid.missed": "{kind} (missed)",
        "part.bid.hit_doubled": "{kind} (hit ×2)",
        "part.bid.missed_doubled": "{kind} (missed ×2)",
        "part.bid_kind.tricks": "bid",
        "part.bid_kind.devil_miss": "bid miss",
        "part.bid_kind.copy": "copy bid",
        "part.bid_kind.bond": "bond",
        "part.king": _king_part,
        "part.king.used": "{king} (used)",
        "part.king.unused": "{king} (unused)",
        "part.most_tricks": "most tricks",
        "part.devil_cards": "devil cards ({color})",
        "tie.king_number": "lower king number",
        # what a result took from unverified data
        "note.king_numbers": "King numbers are unverified placeholders (black 1 … white 5, used side +5): "
        'type your cards\' numbers as "king_numbers" if a tie depends on them.',
        "note.white_king": "The used White King's values (20/50/80/150) are confirmed only for 2 players.",
        # the board (``scoring.kings.board``): its column heads, then its cells and lines
        "board.name": "Name",
        "board.king": "King",
        "board.fronts": "Face up",
        "board.picked": "Picked",
        "board.bid": "Bid",
        "board.won": "Won",
        "board.captured": " r b g k W R",
        "board.total": "Total",
        "board.king_cell": "{color}{used}",
        "board.characters": _some("board.characters.some"),
        "board.characters.some": "{items:,}",
        "board.bids": _some("board.bids.some"),
        "board.bids.some": "{items:,}",
        "board.none": "—",
        "board.miss": "miss",
        "board.copy": "copy:{other}",
        "board.bond": "bond:{other}",
        # a card on the board: its code in English, its name in Japanese
        "board.card": lambda v, lang: say(
            fact("board.card.said", code=code(v["card"]), name=fact("card", card=v["card"])), lang
        ),
        "board.card.said": "{code}",
        "board.play": "{player}:{card}",
        "board.legend": "* king played · captured: red blue green black, White Flags (W), Rares (R)",
        "board.draft": "Draft: {player} picks (pick {n} of {of}): red · Healer …",
        "board.devil": "Two players: {player} contracts an undrafted king to the Devil (green …)",
        "board.fronts_now": "Round {round}: characters face up — fronts Aki=Healer …",
        "board.bids_now": "Round {round}: bids — bids Aki=Gambler:2/50 …",
        "board.fronts_now.phone": "Round {round}: characters face up",  # a phone types no line
        "board.bids_now.phone": "Round {round}: bids",
        "board.trick": "Round {round}, trick {trick} of {of}: {played}",
        "board.leads": "Round {round}, trick {trick} of {of}: {player} leads.",
        "board.winning": "{winner} is winning with {why}",
        "board.to_play": "{player} to play.",
        # the new-game form: the house rules (scoring.kings.settings) and the header's options (scoring.kings.game),
        # each explained, named (in English by its key, which a record takes) and its choices said
        "rule.king_vs_king": "Two kings in one trick: the later one wins (rule of 2022-12-10, default) or the "
        "earlier one (the first test-play wording).",
        "rule.king_vs_king.title": "king_vs_king",
        "rule.king_vs_king.later": "later",
        "rule.king_vs_king.earlier": "earlier",
        "rule.bid_miss_doubled": "Round 3 doubles the Devil's bid-miss and Copy bids like any bid (default on).",
        "rule.bid_miss_doubled.title": "bid_miss_doubled",
        "rule.modified_count_for_fronts": "The Devil's +2 and the Fairy's Gift's +1 also count for the Hermit, "
        "Ninja, Maru and Neme trick conditions (default on).",
        "rule.modified_count_for_fronts.title": "modified_count_for_fronts",
        "rule.samurai_cancelled_by_flag": "A White Flag in the trick cancels the Samurai's black strength, as "
        "in the base-game expansion (default off).",
        "rule.samurai_cancelled_by_flag.title": "samurai_cancelled_by_flag",
        "rule.cheerleader_gift": "The Fairy's Gift between a Cheerleader and the partner: normal (one shared "
        "+1, default) or the advanced rule (only the user's side gets +1, so both never hit).",
        "rule.cheerleader_gift.title": "cheerleader_gift",
        "rule.cheerleader_gift.normal": "normal: one shared +1",
        "rule.cheerleader_gift.advanced": "advanced: the user's side +1",
        "rule.two_player_round3_double": "Two players: whether round 3 doubles bid points (default off: the "
        "2-player example scores 70 + 60 = 130 for two round-3 bids).",
        "rule.two_player_round3_double.title": "two_player_round3_double",
        "rule.two_player_white_king": 'Two players: play the White King expansion ("use it once you know the '
        "game\"): the White King joins the red, blue, green and black kings in every round's draft; unused it scores "
        "60 each round, used 20/50/80/150 for 1/2/3/4 White Flags and Rares (default off).",
        "rule.two_player_white_king.title": "two_player_white_king",
        "rule.bond_is_a_bid": "Whether the Devil's bid miss counts a Cheerleader's Bond that missed as a missed bid "
        'of its own (default off: the Bond says "you make no bid", so the partner\'s miss counts '
        "once). Sessions stored before this setting keep it on, as they were scored.",
        "rule.bond_is_a_bid.title": "bond_is_a_bid",
        "option.kings": "Each player's drafted king, for a scoresheet of 4 or 5 players (Aki=red Ben=blue …). "
        "Left out when the game is played trick by trick with its draft, and with 2 players (each sheet round names "
        "its own king: drafted=red).",
        "option.kings.title": "kings",
        "option.king_numbers": "The king numbers printed on your own cards, where a tie depends on them (the "
        "data's are unverified placeholders): a scoresheet gives each player's at the end (Aki=4 Ben=8), a game "
        "played trick by trick each colour's front and used side (red=4/9 blue=3/8).",
        "option.king_numbers.title": "king_numbers",
        "option.copies": "How many cards of a character your own set holds, where the draft depends on it (the data's "
        "counts are unverified, so without them the draft limits only the single cards): Devil=2 Healer=1 …",
        "option.copies.title": "copies",
        "option.backs": "What the backs of your own characters print, where the bids depend on it (the data's "
        "points are placeholders, and which back is the Copy is unknown): Hermit=1/40 Neme=copy Samurai=0/50+2/50 "
        "(one for each copy) … Each bid is then offered as its card prints it, and another is refused.",
        "option.backs.title": "backs",
    },
)


# --- the arbiter's lines, card by card --------------------------------------------------------------------


def _judged(v: V, lang: str) -> str:
    """A card of a trick and its strength, as the arbiter's line says it: ``the black 2: black
    strength 2``, ``黒2を出す（黒の強さ2）``."""
    mods = []
    if v["king"]:
        mods.append(say(fact("judge.mod.king", king=v["king"]), lang))
    if v["sword"]:
        mods.append(say(fact("judge.mod.sword"), lang))
    if v["declare"]:
        mods.append(say(fact("judge.mod.declare", what=fact(f"judge.declared.{v['declare']}")), lang))
    card = say(fact("judge.card.with" if mods else "judge.card.plain", card=v["card"], mods=tuple(mods)), lang)
    strength = v["strength"] + ("_samurai" if v["strength"] == "trump" and v["samurai"] else "")
    lead = v["lead"] or fact("judge.the_lead_colour")
    kind = fact(f"judge.kind.{strength}", rank=v["rank"], lead=lead)
    return say(fact("judge.card.said", card=card, kind=kind), lang)


words(
    "kings",
    {
        "judge.no_lead": "No lead colour: no numbered card.",
        "judge.lead": "Lead colour: {color}.",
        "judge.card": _judged,
        "judge.card.plain": "the {card}",
        "judge.card.with": "the {card} ({mods:, })",
        "judge.card.said": "{card}: {kind}",
        "judge.mod.king": "with the {king} king",
        "judge.mod.sword": "with the King's Sword",
        "judge.mod.declare": "declared as {what}",
        "judge.declared.nine": "nine",
        "judge.declared.one": "one",
        "judge.declared.rare": "a rare",
        "judge.declared.flag": "a flag",
        "judge.kind.king": "a king, stronger than anything else",
        "judge.kind.rare": "Rare strength, beaten only by a king",
        "judge.kind.trump": "black strength {rank}",
        "judge.kind.trump_samurai": "black strength {rank} (Samurai)",
        "judge.kind.lead": "the lead colour, {rank}",
        "judge.kind.off": "neither black nor {lead}: it cannot win",
        "judge.kind.flag": "a White Flag, the weakest card",
        "judge.the_lead_colour": "the lead colour",
        "judge.first": "{who} plays {card}; leads the trick.",
        "judge.plays": "{who} plays {card}",
        "judge.later_king": "{text}; king against king: the later king wins, so {who} takes the lead.",
        "judge.earlier_king": "{text}; king against king: the earlier king wins (house rule), {leader} keeps the lead.",
        "judge.beats": "{text}; beats {leader}'s card and takes the lead.",
        "judge.as_strong": "{text}; as strong as {leader}'s card, and the card played first wins.",
        "judge.beaten": "{text}; does not beat {leader}'s card.",
        "judge.winning": lambda v, lang: say(
            fact("judge.winning.king" if v["king"] else "judge.winning.card", card=v["card"], king=v["king"]), lang
        ),
        "judge.winning.card": "the {card}",
        "judge.winning.king": "the {card} and the {king} king",
        "judge.wins": "{who} wins the trick with {why}.",
    },
)


# --- refusals: why the table refuses an entry (``RuleViolation(rule, fact("refused.…", …))``) -----------


def _listed_or_none(v: V, lang: str) -> str:
    """Names listed (``Healer, Maru``), or ``none``."""
    return say(fact("refused.listed", items=tuple(v["items"])) if v["items"] else fact("refused.none"), lang)


words(
    "kings",
    {
        "refused.listed": "{items:, }",
        "refused.none": "none",
        "refused.listed_or_none": _listed_or_none,
        # a card, a character, a king (scoring.kings.cards)
        "refused.not_a_card": "{text!r} is not a KINGs card (r1–r9, b, g, k for black, WF, RA, k9b).",
        "refused.no_character": "There is no character called {name!r} (known: {known:, }).",
        "refused.no_king": "There is no {text!r} king; the kings are {kings:, }.",
        "refused.white_king_off": '{who} cannot take the White King: with 2 players it is the expansion ("use it '
        'once you know the game") and the draft lays out only the red, blue, green and black kings. A table '
        'playing the expansion turns on house rule two_player_white_king ("settings": {{"two_player_white_king": '
        "true}}).",
        # a player's name typed (scoring.kings.names)
        "refused.could_be_two": "{typed!r} could be {names}: type more of the name.",
        "refused.could_be_many": "{typed!r} could be {names}: type more of the name.",
        "refused.nobody": "Nobody at this table is called {typed!r} ({players:, }).",
        "names_or": lambda v, lang: joined(v["items"], lang, "kings.names_or"),
        "names_or.joint": ", ",
        "names_or.last": "{rest} or {last}",
        # a typed line (scoring.kings.notation)
        "refused.one_word": "Type {head} and {what}: {example}.",
        "one_word.pick": "a king's colour or a character",
        "one_word.devil": "the colour of a king nobody drafted",
        "one_word.lead": "the player who leads",
        "refused.helper_words": "Type {head}, or {head} and the one player (hermit Ben).",
        "refused.after_card": "{flag!r}: after a card, type king, sword, gift, or a Resistance declaration "
        "(nine, one, rare, flag).",
        "refused.devil_word": "{word!r}: type the colour of a king nobody drafted for the Devil (green).",
        "refused.draft_word": "{word!r}: in the draft, type a king's colour or a character (red · Healer).",
        "refused.bid_form": "{text!r}: a bid is CARD:TRICKS/POINTS (Gambler:2/50), CARD:miss, CARD:copy:NAME or "
        "CARD:bond:NAME.",
        "refused.sheet_part": "{word!r} in {line!r}: start each player's part with their name and a colon, like {form}",
        "refused.sheet_field": "{word!r} in {line!r}: a player's part takes {fields:, } (and the round "
        "devil=COLOUR), like {form}",
        "refused.field": "{word!r} in {line!r}: {how}.",
        "field.needs_value": "type {key}=… (like {form})",
        "field.king": "type king when the king was played this round (king=no to say it was not)",
        "field.bid": "a bid is TRICKS/POINTS as printed on the back (bid=2/50), miss, copy:NAME or bond:NAME; "
        "two bids joined by + (bids=2/50+3/60)",
        "field.tricks": "type the tricks won as a number (tricks=2)",
        "field.items": "the items are gift (the Fairy's Gift) and sword (the King's Sword): items=gift,sword",
        "field.won": "list the captured cards as r, b, g, k (red, blue, green, black), WF (White Flags) and "
        "RA (Rares), with *N for several: won=r*2,b,WF,RA*2",
        # a scoresheet (scoring.kings.record)
        "refused.record_players": "the KINGs test-play rules are for 2, 4 or 5 players, not {n}.",
        "refused.names_twice": "every player needs a different name.",
        "refused.card_kind": "{key!r} is not a card kind; use {kinds:, }.",
        "refused.no_king_for": "{who} has no king.",
        "refused.king_twice": "each king can be drafted by one player only.",
        "refused.sheet_devil_white": "the Devil contracts a coloured king, not the White King.",
        "refused.missing_player": "{who} is missing from this round.",
        "refused.two_bids": "only a 2-player game's round 3 takes two bids.",
        "refused.fronts_count": "{who} has {n} front(s) in play in round {round}; the rules give {most}.",
        "refused.captured_count": "{who} won {tricks} trick(s), so captured {cards} cards, not {got}.",
        "refused.king_played": "king_played must be true or false.",
        "refused.king_played_in": "{who}'s king was already played in round {round}; a king is played once per game.",
        "refused.not_an_item": "{item!r} is not an item ({items:, }).",
        "refused.item_twice": "the {item} was already used by {who}; an item is used once per game.",
        "refused.tricks_total": "the tricks won add up to {total}; a round has {tricks}.",
        "refused.captured_limit": "{got} {kind} cards were captured, but a {n}-player deck holds {most}.",
        "kind.red": "red",
        "kind.blue": "blue",
        "kind.green": "green",
        "kind.black": "black",
        "kind.white_flag": "white_flag",
        "kind.rare": "rare",
        "refused.copy_no_number": "{who} copies {other}, whose bid has no number to copy.",
        "refused.bond_of_bond": "a Bond partner makes a bid of their own, not another Bond.",
        "refused.different_kings": "the two players draft different kings.",
        "refused.sheet_devil_drafted": "the Devil contracts a king nobody drafted.",
        "refused.stays_face_up": "{who}'s {character} stays face up in round {round}.",
        "refused.rounds": "a game has at most 3 rounds, not {n}.",
        # a record played trick by trick (scoring.kings.game_record)
        "refused.record_draft_over": "the draft is over: every pick has been made.",
        "refused.draft_over": "The draft is over: every pick has been made.",
        "refused.king_numbers": "a king's numbers are [front, used side].",
        "refused.draft_unfinished": "the draft is not finished.",
        "refused.bids_after_fronts": "bids come after the characters are turned up.",
        "refused.draft_first": "the draft and the characters come before the first card.",
        "refused.bids_revealed": "Round {round}'s bids were already revealed.",
        # a bid as a record writes it (scoring.kings.bids)
        "refused.aimed_at_self": "a {kind} bid names another player, not yourself.",
        "refused.special_bid": "unknown special bid {kind!r} (devil_miss, copy, bond).",
        # where the game is (scoring.kings.state)
        "refused.not_now": "{what} is not possible now: {at}.",
        "doing.draft": "Drafting",
        "doing.devil": "Contracting the Devil",
        "doing.fronts": "Revealing characters",
        "doing.bids": "Bidding",
        "doing.play": "Playing a card",
        "at.draft": "the draft is on (a king's colour or a character)",
        "at.devil": "two players choose the Devil's king (a colour)",
        "at.fronts": "everyone turns up characters (fronts …)",
        "at.bids": "everyone reveals a bid (bids …)",
        "at.play": "cards are being played",
        "at.over": "the game is over",
        "refused.players": "The KINGs test-play rules are for 2, 4 or 5 players, not {n}.",
        # the draft, and two players' Devil (scoring.kings.draft)
        "refused.not_your_pick": "It is {turn}'s pick (snake order), not {who}'s.",
        "refused.one_pick": "A pick is one king or one character.",
        "refused.king_not_in_draft": "There is no {color} king in this draft ({pool:, }).",
        "refused.has_king": "{who} already has a king; a party has exactly one.",
        "refused.king_taken": "The {color} king was already taken.",
        "refused.character_not_in_draft": "The {character} is not in this draft.",
        "refused.character_not_in_draft_4p": "The {character} is not in this draft (4 players).",
        "refused.character_taken": "There is only one {character}, and it was taken.",
        "refused.copies_taken": "The table's set holds {n} of the {character}, and all are taken (copies).",
        "refused.last_pick_king": "{who}'s last pick must be a king: a party has exactly one.",
        "refused.devil_chooser": "{who} chooses the Devil's king this round.",
        "refused.devil_white": "The Devil contracts a coloured king: every card of its colour becomes a devil card. "
        "The White King has no colour, so it is not contracted.",
        "refused.devil_drafted": "The Devil contracts a king nobody drafted, not {color}.",
        # a turn, a card (scoring.kings.play)
        "refused.not_your_turn": "It is {turn}'s turn, not {who}'s.",
        "refused.ninja": "Only a Ninja in play who is about to lead names another lead player.",
        "refused.hermit_once": "A Hermit in play draws 3 and discards 3 once per round.",
        "refused.hermit_deck": "The deck holds {left} cards: the Hermit needs 3.",
        "refused.cheer_once": "A Cheerleader in play with a partner trades a card once per round.",
        "refused.both_played": "Both {card}s have already been played this round.",
        "refused.no_nine": "{who} cannot hold the Berserker's black 9 this round (no Berserker took it, "
        "or it never reached them through a Cheerleader's trade).",
        "refused.not_in_deck": "The {card} is not in the {n}-player deck.",
        "refused.already_played": "The {card} ({code}) was already played this round.",
        "refused.follow": "{who} did not follow {color} earlier this round, so had no {color} card, yet now plays "
        "the {card}: one of the two plays broke must-follow.",
        "refused.no_resistance": "{who} has no Resistance in play to declare a card.",
        "refused.king_used": "{who}'s {color} king was already played; a king is played once.",
        "refused.item_used": "{who} has no unused {item}: an item is used once per game by the player who drafted it.",
        # the characters turned up and the bids (scoring.kings.reveals)
        "refused.fronts_together": "All {n} players reveal their characters together.",
        "refused.two_fronts": "{who} puts two characters face up.",
        "refused.two_fronts_or_one": "{who} puts two characters face up (one when bidding twice in round 3).",
        "refused.one_front": "{who} turns one new character face up each round.",
        "refused.no_front_left": "{who} has no {character} left to turn face up (available: {left}).",
        "refused.one_nine": "There is one Berserker's black 9: only one Berserker can take it.",
        "refused.nine_no_berserker": "{who} has no Berserker in play to take the Berserker's black 9.",
        "refused.bids_together": "All {n} players reveal a bid together.",
        "refused.bid_count": "{who} bids with {count} character back(s) this round.",
        "refused.bid_card": "{who} cannot bid with the {character}: it is face up, retired or not in the party "
        "(bid cards left: {left}).",
        "refused.back": "The {character}'s back is {back}, not a {kind} bid.",
        "refused.back_value": "The table's {character} prints {backs:, } on its back (backs), not {bid}.",
        "refused.back_own": "The {character}'s back is its own ({back}): it prints no bid to give.",
        "refused.back_form": "Type what the {character}'s back prints as tricks/points (2/50) or copy, several "
        "copies joined by + (0/50+2/50), not {typed}.",
        "back.bid": "bid",
        "back.devil_miss": "devil miss",
        "back.bond": "bond",
        "refused.bid_range": "A bid is 0 to {most} tricks, not {tricks}.",
        "refused.aimed": "{who}'s {kind} card goes to another player.",
        "refused.copy_number": "A Copy takes a bid with a number of tricks.",
        "refused.bond_own": "A Bond partner bids for themself.",
        "refused.partner": "Only a Cheerleader in play hands the partner card, to another player.",
        # what is put on a card (scoring.kings.trick)
        "refused.not_a_declaration": "{declare!r} is not a Resistance declaration (nine, one, rare, flag).",
        "refused.cannot_declare": "{who}'s Resistance cannot declare the {card} as a {declare}: only a 1 as a 9, "
        "a 9 as a 1, a White Flag as a Rare, a Rare as a White Flag.",
        "refused.king_not_on": "{who}'s {color} king must be placed on a {color} card, not on the {card}.",
        "refused.white_king_not_on": "{who}'s {color} king must be placed on a White Flag or a Rare, not on the "
        "{card}.",
        "refused.black_king_not_on_samurai": "{who}'s {color} king must be placed on a {color} card, not on the "
        "{card}. A Samurai's red card has black strength but is still red.",
        "refused.no_card": "A trick needs at least one card.",
        # a trick as the arbiter reads it (scoring.kings.arbiter)
        "refused.modifiers": "The modifiers are {known:, }, after one colon and joined by + "
        "(r4:samurai, b3:king+samurai).",
        "refused.not_a_modifier": "{text!r}: {unknown!r} is not a card modifier.",
        "refused.second_colon_too": "Join modifiers with +, not a second colon.",
        "refused.king_colour_modifier": "A king takes the colour of the card under it (the White King goes on a "
        "White Flag, a Rare or a card under the King's Sword): write {card}:king.",
        "refused.second_colon": "{text!r}: join modifiers with +, not a second colon ({fix}).",
        "refused.declared_twice": "{text!r} declares the card as {declared: and as }: a Resistance declares a card "
        "as one thing only.",
        "refused.trick_size": "A KINGs trick has at most {most} cards, one per player (2, 4 or 5 players), not {n}.",
        "refused.no_card_before": "{text!r} names no card before its modifiers (r4:samurai).",
        "refused.given_once": "The {card} ({code}) is given {times}: every KINGs card exists once (only White Flags "
        "and Rares twice).",
        "refused.given_twice": "The {card} ({code}) is given {times}: there are two {card}s.",
        "refused.king_placed": "The {color} king is placed {times}: there is one king of each colour, played once.",
        "refused.sword_twice": "The King's Sword is used twice: there is one, used once per game.",
        "times.two": "twice",
        "times.many": "{n} times",
    },
)
