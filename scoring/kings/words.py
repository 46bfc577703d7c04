"""The KINGs table's words: every sentence and phrase the table is told, English and Japanese side
by side, keyed ``kings.…`` (``scoring.words``). The engine and :mod:`scoring.kings.told` say what
happened as facts; these turn them into words only at the edge.

A card, a colour, a king or a character is a fact of its own (``kings.card``, ``kings.color``,
``kings.king``, ``kings.character``) looked up in the game's data, so a sentence that names one
says it in the viewer's language.

>>> from scoring.words import say
>>> played = fact("plays", who="Chie", card=fact("played", card=fact("card", card=11), king="blue"))
>>> say(played), say(played, "ja")
('Chie plays the blue king on the blue 3.', 'Chieが青3（青のキング）を出しました。')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.kings.cards import JA_COLORS, character, characters, code, kings, name, name_ja
from scoring.words import teller, words

V = Mapping[str, Any]


fact = teller("kings")  # fact("plays", who="Chie", card=…) is the kings.plays fact


#: the words of a typed line, as a Japanese log says them (a card code, a name or a number stays)
_LINE_WORDS_JA = {
    "sheet": "得点表",
    "fronts": "公開",
    "bids": "ビッド",
    "bid": "ビッド",
    "lead": "リード",
    "hermit": "ハーミット",
    "cheer": "チアリーダー",
    "king": "キング",
    "sword": "キングの剣",
    "gift": "妖精の加護",
    "drafted": "ドラフト",
    "tricks": "勝数",
    "won": "獲得",
    "items": "アイテム",
    "devil": "デビル",
    "partner": "パートナー",
    "nine": "バーサーカー専用黒9",
    "copy": "コピー",
    "miss": "ビッド外れ",
    "bond": "絆",
    "no": "なし",
    "rare": "レア",
    "flag": "白旗",
    "one": "1",
    "WF": "白旗",
    "RA": "レア",
    **{c[0] if c != "black" else "k": ja for c, ja in JA_COLORS.items() if c != "white"},
    **JA_COLORS,
}


def _word_ja(word: str) -> str:
    if word in _LINE_WORDS_JA:
        return _LINE_WORDS_JA[word]
    if len(word) > 1 and word[0] in "rbgk" and word[1:].isdigit():
        return _LINE_WORDS_JA[word[0]] + word[1:]  # a card: r7 is 赤7
    found = characters().get(word)
    return found.name_ja if found else word


def _shown_ja(v: V) -> str:
    """A typed line as a Japanese log lists it: each word in Japanese, each card by its Japanese
    name; a king or a character picked alone is named as such.

    >>> from scoring.words import say
    >>> [say(fact("shown", line=line), "ja") for line in ("red", "Healer", "b3 king", "fronts Aki=Ninja,Maru")]
    ['赤のキング', 'ヒーラー', '青3 キング', '公開 Aki=忍者,獣マル']
    """
    line = str(v.get("full", v["line"]))
    if line in JA_COLORS:
        return f"{JA_COLORS[line]}のキング"
    said = "".join(_word_ja(w) for w in re.split(r"([\s=,:+*/])", line))
    return said if len(said) <= 200 else said[:199] + "…"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _or_en(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def common(labels: Sequence[str]) -> str:
    """The words the labels of a group of choices share, as the group's label (``Aki: Gambler…``).

    >>> common(["Samurai, a Copy of Ben's bid", "Samurai, a Copy of Chie's bid"])
    'Samurai, a Copy of…'
    """
    first = labels[0]
    end = len(first)
    for other in labels[1:]:
        end = min(end, len(other))
        end = next((i for i in range(end) if first[i] != other[i]), end)
    return first[:end].rstrip(" ,、：:・") + "…"


# --- a card as it was played, and why the winning card wins --------------------------------------------

_DECLARED_EN = {"nine": "a 9", "one": "a 1", "rare": "a Rare", "flag": "a White Flag"}
_DECLARED_JA = {"nine": "9", "one": "1", "rare": "レア", "flag": "白旗"}


def _played_en(v: V) -> str:
    text = f"the {v['king']} king on the {v['card']}" if v.get("king") else f"the {v['card']}"
    if v.get("sword"):
        text += " under the King's Sword"
    if v.get("declare"):
        text += " declared " + _DECLARED_EN[v.get("declare")]
    if v.get("gift"):
        text += " and the Fairy's Gift"
    return text


def _played_ja(v: V) -> str:
    mods = []
    if v.get("king"):
        mods.append(f"{JA_COLORS[v['king']]}のキング")
    if v.get("sword"):
        mods.append("キングの剣")
    if v.get("declare"):
        mods.append(_DECLARED_JA[v.get("declare")] + "と宣言")
    if v.get("gift"):
        mods.append("妖精の加護")
    return v["card"] + (f"（{'・'.join(mods)}）" if mods else "")


def _why_en(v: V) -> str:
    text = v["reason"]
    if v["rank"]:
        text += f" ({v['rank']} by the Resistance)"
    if v["before"]:
        text += f", played before {v['before']}'s card of the same strength"
    if v["cancelled"]:
        text += f" (the White Flag cancels {v['cancelled']}'s Samurai)"
    return f"{v['card']}: {text}"


def _why_ja(v: V) -> str:
    text = v["reason"]
    if v["rank"]:
        text += f"（レジスタンスで{v['rank']}）"
    if v["before"]:
        text += f"、{v['before']}の同じ強さのカードより先に出した"
    if v["cancelled"]:
        text += f"（白旗で{v['cancelled']}のサムライは無効）"
    return f"{v['card']}、{text}"


# --- a round scored -------------------------------------------------------------------------------------


def _row_en(v: V) -> str:
    count = f" (counts {v['count']})" if v["count"] is not None else ""
    made = "made" if v["made"] else "missed"
    return f"{v['who']} took {_plural(v['tricks'], 'trick')}{count}, {' + '.join(v['bids'])} {made}: {v['total']:+d}"


def _row_ja(v: V) -> str:
    count = f"（{v['count']}勝扱い）" if v["count"] is not None else ""
    made = "成功" if v["made"] else "失敗"
    return f"{v['who']} {v['tricks']}勝{count}・{' + '.join(v['bids'])}{made}：{v['total']:+d}"


def _bid_label_en(v: V) -> str:
    # an unconfirmed back is said in a word, not a sentence, so that every numbered bid stays in view
    return f"{v['card']}: {_plural(v['tricks'], 'trick')} for {v['points']}" + ("" if v["sure"] else " (unconfirmed)")


def _bid_label_ja(v: V) -> str:
    return f"{v['card']}：{v['tricks']}勝・{v['points']}点" + ("" if v["sure"] else "（未確認）")


_BID_PART_EN = {"tricks": "bid", "devil_miss": "bid miss", "copy": "copy bid", "bond": "bond"}
# the bid card's back as the Japanese rules name it: the Devil's 「ビッド外れ」 succeeds when
# another player misses, so it is never a plain ビッド成功
_BID_PART_JA = {"tricks": "ビッド", "devil_miss": "デビルのビッド外れ", "copy": "コピー", "bond": "絆"}


def _bid_part_en(v: V) -> str:
    note = ("hit" if v["hit"] else "missed") + (" ×2" if v["doubled"] else "")
    return f"{_BID_PART_EN[v['kind']]} ({note})"


def _bid_part_ja(v: V) -> str:
    return _BID_PART_JA[v["kind"]] + ("成功" if v["hit"] else "失敗") + ("×2" if v["doubled"] else "")


words(
    "kings",
    {
        # the things the data names
        "card": (lambda v: name(v["card"]), lambda v: name_ja(v["card"])),
        "color": ("{color}", lambda v: JA_COLORS[v["color"]]),
        # an entry as the log lists it: its typed line; in Japanese its words and cards in Japanese
        "shown": (lambda v: v["line"], _shown_ja),
        "king": (lambda v: f"the {kings()[v['color']].name}", lambda v: kings()[v["color"]].name_ja),
        "king_name": (lambda v: kings()[v["color"]].name, lambda v: kings()[v["color"]].name_ja),
        "character": ("{name}", lambda v: character(v["name"]).name_ja),
        # a card and why it wins
        "played": (_played_en, _played_ja),
        "why": (_why_en, _why_ja),
        "why.king": "a king beats any card",
        "why.later_king": "king against king, the later king wins",
        "why.earlier_king": "king against king, the earlier king wins (house rule)",
        "why.sword": "the King's Sword gives it a Rare's strength",
        "why.resistance": "the Resistance's declaration makes it a Rare",
        "why.rare": "only a king beats a Rare",
        "why.samurai": (
            lambda v: f"red is as strong as black under {v['who']}'s Samurai",
            "サムライで赤が黒と同じ強さ",
        ),
        "why.black_led": "the highest black, the colour led",
        "why.black": "black beats every other colour",
        "why.lead": "the highest {color}, the colour led",
        "why.flags": "only White Flags were played, and the first one wins",
        "why.none": "",
        # what an entry did
        "took_king": "{who} takes {king}.",
        "picked": "{who} picks the {character}.",
        "draft_over": "The draft is over.",
        "devil_contract": "{who} contracts {king} to the Devil: the {color} cards are devil cards this round.",
        "fronts_of": (
            lambda v: f"{v['who']} " + " and ".join(v["characters"]),
            lambda v: f"{v['who']} " + "・".join(v["characters"]),
        ),
        "turned_up": (
            lambda v: "Turned up: " + ", ".join(v["shown"]) + ".",
            lambda v: "公開：" + "、".join(v["shown"]) + "。",
        ),
        "berserker_nine": "{who} takes the Berserker's black 9.",
        "gambler": "{who}'s Gambler draws 2, then discards 2.",
        "bid.tricks": (lambda v: _plural(v["tricks"], "trick"), "{tricks}勝"),
        "bid.scored": "bid {tricks}",
        "bid.miss": "bid miss",
        "bid.copy": "a Copy of {other}",
        "bid.bond": "a Bond with {other}",
        "bid_card": "{bid} ({card})",
        "bids_of": (lambda v: f"{v['who']} " + ", ".join(v["bids"]), lambda v: f"{v['who']} " + ", ".join(v["bids"])),
        "bids": (
            lambda v: "Bids: " + "; ".join(v["shown"]) + ".",
            lambda v: "ビッド：" + "、".join(v["shown"]) + "。",
        ),
        "cheer_partner": "{who}'s Cheerleader hands the partner card to {partner}.",
        "ninja_lead": "{who}'s Ninja names {lead} to lead.",
        "hermit": "{who}'s Hermit draws 3 cards, then discards 3.",
        "cheer": "{who}'s Cheerleader trades a card face down with {partner}.",
        "plays": "{who} plays {card}.",
        "takes_trick": "{winner} takes trick {number} with {why}.",
        "round_row": (_row_en, _row_ja),
        "round_scored": (
            lambda v: f"Round {v['round']} scored: " + "; ".join(v["rows"]) + ".",
            lambda v: f"第{v['round']}ラウンドの得点：" + "、".join(v["rows"]) + "。",
        ),
        "sheet_scored": (
            lambda v: f"Round {v['round']} scored: " + ", ".join(v["points"]) + ".",
            lambda v: f"第{v['round']}ラウンドの得点：" + "、".join(v["points"]) + "。",
        ),
        # the standings
        "tie_top": "{players} tie at the top on {top}: the game goes on.",
        "share_win": "{players} share the win with {top}.",
        "wins_on_king_number": "{winner} wins with {top}, tied with {others} and ahead on the lower king number.",
        "wins": "{winner} wins with {top}.",
        "over": "The game is over.",
        "spaced": (lambda v: " ".join(v["items"]), lambda v: " ".join(v["items"])),
        # what comes next
        "or": (lambda v: _or_en(v["items"]), lambda v: "か".join(v["items"])),
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
        "extra.lead": "lead NAME (Ninja)",
        "extra.hermit": "hermit (Hermit)",
        "extra.cheer": "cheer (Cheerleader)",
        "more": (lambda v: f"; or {', '.join(v['extra'])}", lambda v: f"{'、'.join(v['extra'])}も可。"),
        "leads": "Round {round}, trick {trick} of {of}: {who} leads{more}.",
        "no_lead": "no colour led yet",
        "led": "{color} led",
        "to_play": "{who} to play, {led}{more}.",
        "sheet_prompt": "Round {round}: type its scoresheet line — {example}",
        "or_sheet": "{said} Or a scoresheet: {sheet}",
        # the options a session was started with
        "variant": (lambda v: ", ".join(v["items"]), lambda v: "、".join(v["items"])),
        "scoresheet": "scoresheet",
        "table_king_numbers": "the table's king numbers",
        "house.king_vs_king": "the earlier king wins",
        "house.bid_miss_doubled": "bid miss and Copy not doubled",
        "house.modified_count_for_fronts": "Devil and Gift not counted for characters",
        "house.samurai_cancelled_by_flag": "a White Flag cancels the Samurai",
        "house.cheerleader_gift": "advanced Cheerleader Gift",
        "house.two_player_round3_double": "round 3 bids doubled",
        "house.two_player_white_king": "White King expansion",
        # what may be typed next (the labels of the moves)
        "common": (lambda v: common(v["items"]), lambda v: common(v["items"])),
        "plus": (lambda v: " + ".join(v["items"]), lambda v: " + ".join(v["items"])),
        "start.fronts": "Everyone turns up characters: fronts NAME=CHARACTER …",
        "start.bids": "Everyone reveals a bid: bids NAME=CARD:BID …",
        "move.lead": "Ninja: name the player who leads",
        "move.ninja": "Ninja: {who} leads",
        "move.hermit": "Hermit: draw 3, discard 3",
        "move.cheer": "Cheerleader: trade a card with {partner}",
        "flag.king": (
            lambda v: f"the {v['king']} king on it",
            lambda v: f"{JA_COLORS.get(v['king'], '')}のキングを乗せる",
        ),
        "flag.sword": "the King's Sword",
        "flag.gift": "the Fairy's Gift",
        "flag.nine": "Resistance: declared a 9",
        "flag.one": "Resistance: declared a 1",
        "flag.rare": "Resistance: declared a Rare",
        "flag.flag": "Resistance: declared a White Flag",
        "move.fronts": (lambda v: " and ".join(v["characters"]), lambda v: "・".join(v["characters"])),
        "move.nine": "{who} takes the Berserker's black 9",
        "move.partner": "{who}'s Cheerleader: the partner card to {partner}",
        "move.bid": (_bid_label_en, _bid_label_ja),
        "move.miss": "{card}, bid miss",
        "move.copy": "{card}, a Copy of {other}'s bid",
        "move.bond": "{card}, a Bond with {other}",
        # a round's score as its parts
        "round": "Round {round}",
        "detail": (
            lambda v: f"  {v['who']}: {v['total']} = " + " + ".join(v["parts"]),
            lambda v: f"  {v['who']}: {v['total']} = " + " + ".join(v["parts"]),
        ),
        "part": "{label} {points}",
        "part.bid": (_bid_part_en, _bid_part_ja),
        "part.king": (
            lambda v: f"{kings()[v['color']].name} ({'used' if v['used'] else 'unused'})",
            lambda v: f"{kings()[v['color']].name_ja}（{'使用済み' if v['used'] else '未使用'}）",
        ),
        "part.most_tricks": "most tricks",
        "part.devil_cards": (lambda v: f"devil cards ({v['color']})", "デビルカード"),
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
        "board.characters": (lambda v: ",".join(v["items"]) or "—", lambda v: "・".join(v["items"]) or "—"),
        "board.bids": (lambda v: ",".join(v["items"]) or "—", lambda v: ",".join(v["items"]) or "—"),
        "board.miss": "miss",
        "board.copy": "copy:{other}",
        "board.bond": "bond:{other}",
        "board.card": (lambda v: code(v["card"]), lambda v: name_ja(v["card"])),
        "board.play": "{player}:{card}",
        "board.legend": "* king played · captured: red blue green black, White Flags (W), Rares (R)",
        "board.draft": "Draft: {player} picks (pick {n} of {of}): red · Healer …",
        "board.devil": "Two players: {player} contracts an undrafted king to the Devil (green …)",
        "board.fronts_now": "Round {round}: characters face up — fronts Aki=Healer …",
        "board.bids_now": "Round {round}: bids — bids Aki=Gambler:2/50 …",
        "board.trick": "Round {round}, trick {trick} of {of}: {played}",
        "board.leads": "Round {round}, trick {trick} of {of}: {player} leads.",
        "board.winning": "{winner} is winning with {why}",
        "board.to_play": "{player} to play.",
    },
)


# --- the arbiter's lines, card by card --------------------------------------------------------------------


def _judged_en(v: V) -> str:
    mods = []
    if v["king"]:
        mods.append(f"with the {v['king']} king")
    if v["sword"]:
        mods.append("with the King's Sword")
    if v["declare"]:
        article = "a " if v["declare"] in ("rare", "flag") else ""
        mods.append(f"declared as {article}{v['declare']}")
    text = f"the {v['card']}" + (f" ({', '.join(mods)})" if mods else "")
    rank = v["rank"]
    kind = {
        "king": "a king, stronger than anything else",
        "rare": "Rare strength, beaten only by a king",
        "trump": f"black strength {rank}" + (" (Samurai)" if v["samurai"] else ""),
        "lead": f"the lead colour, {rank}",
        "off": f"neither black nor {v['lead'] or 'the lead colour'}: it cannot win",
        "flag": "a White Flag, the weakest card",
    }[v["strength"]]
    return f"{text}: {kind}"


def _judged_ja(v: V) -> str:
    mods = []
    if v["king"]:
        mods.append(f"{JA_COLORS[v['king']]}のキングを乗せて")
    if v["sword"]:
        mods.append("キングの剣を使って")
    if v["declare"]:
        mods.append(_DECLARED_JA[v["declare"]] + "と宣言")
    rank = v["rank"]
    kind = {
        "king": "キング：何よりも強い",
        "rare": "レアの強さ：キングにだけ負ける",
        "trump": f"黒の強さ{rank}" + ("（サムライ）" if v["samurai"] else ""),
        "lead": f"リードの色の{rank}",
        "off": f"黒でも{v['lead'] or 'リードの色'}でもないので勝てない",
        "flag": "白旗：最も弱い",
    }[v["strength"]]
    return v["card"] + (f"（{'、'.join(mods)}）" if mods else "") + f"を出す（{kind}）"


words(
    "kings",
    {
        "judge.no_lead": "No lead colour: no numbered card.",
        "judge.lead": "Lead colour: {color}.",
        "judge.card": (_judged_en, _judged_ja),
        "judge.first": "{who} plays {card}; leads the trick.",
        "judge.plays": "{who} plays {card}",
        "judge.later_king": "{text}; king against king: the later king wins, so {who} takes the lead.",
        "judge.earlier_king": "{text}; king against king: the earlier king wins (house rule), {leader} keeps the lead.",
        "judge.beats": "{text}; beats {leader}'s card and takes the lead.",
        "judge.as_strong": "{text}; as strong as {leader}'s card, and the card played first wins.",
        "judge.beaten": "{text}; does not beat {leader}'s card.",
        "judge.winning": (
            lambda v: f"the {v['card']}" + (f" and the {v['king']} king" if v["king"] else ""),
            lambda v: v["card"] + (f"と{JA_COLORS[v['king']]}のキング" if v["king"] else ""),
        ),
        "judge.wins": "{who} wins the trick with {why}.",
    },
)
