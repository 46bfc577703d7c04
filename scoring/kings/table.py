"""What the KINGs table is told: what the last entry did (``told``), what comes next (``prompt``)
and the options a session was started with (``variant``), in English and Japanese.

Everything said here is public at the table: the cards played face up, the characters turned up,
the bids revealed, the scores. A Hermit's draw or a Cheerleader's trade is told as an action, never
as the cards that changed hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.kings.cards import BLACK, COLORS, character, color_of, is_flag, kings, name, parse
from scoring.kings.engine import (
    BIDS,
    DEVIL,
    DRAFT,
    FRONTS,
    PLAY,
    State,
    devil_chooser,
    devil_colors,
    draft_choices,
    draft_order,
    reveal_draws,
    tricks_per_round,
    turn_actions,
)
from scoring.kings.events import CheerExchanged, HermitDrew, LeadNamed
from scoring.kings.scoring import Bid
from scoring.kings.settings import HouseRules
from scoring.kings.trick import FLAG, JA_COLORS, KING, LEAD, RARE, TRUMP, Play, lead_color, strength, winning_play
from scoring.standings import Table, joined

COLOR_JA = JA_COLORS


def _say(lang: str, en: str, ja: str) -> str:
    return ja if lang == "ja" else en


def _color(color: str, lang: str) -> str:
    return COLOR_JA[color] if lang == "ja" else color


def _king(color: str, lang: str) -> str:
    return kings()[color].name_ja if lang == "ja" else f"the {kings()[color].name}"


def _char(c: str, lang: str) -> str:
    return character(c).name_ja if lang == "ja" else c


# --- a card and why it wins ----------------------------------------------------------------------------


def card_words(play: Play, gift: bool, lang: str) -> str:
    """A card as it was played, with what was put on it: "the blue 3 with the blue king",
    "the red 1 declared a 9", "青4（キングの剣）"."""
    card = name(play.card, lang)
    if lang == "ja":
        mods = []
        if play.king:
            mods.append(f"{COLOR_JA[play.king]}のキング")
        if play.sword:
            mods.append("キングの剣")
        if play.declare:
            mods.append({"nine": "9", "one": "1", "rare": "レア", "flag": "白旗"}[play.declare] + "と宣言")
        if gift:
            mods.append("妖精の加護")
        return card + (f"（{'・'.join(mods)}）" if mods else "")
    text = f"the {play.king} king on the {card}" if play.king else f"the {card}"
    if play.sword:
        text += " under the King's Sword"
    if play.declare:
        text += " declared " + {"nine": "a 9", "one": "a 1", "rare": "a Rare", "flag": "a White Flag"}[play.declare]
    if gift:
        text += " and the Fairy's Gift"
    return text


def why(plays: Sequence[Play], players: Sequence[str], rules: HouseRules, lang: str = "en") -> str:
    """Why the winning card of a whole trick wins, with what changed its strength: a king on it,
    the King's Sword, a Samurai's red, a Resistance's declaration, black over the colour led.

    >>> from scoring.kings.cards import parse
    >>> players = ("Aki", "Ben", "Chie", "Dan")
    >>> trick = [Play(0, parse("b6")), Play(1, parse("r2"), samurai=True), Play(2, parse("b9")), Play(3, parse("g5"))]
    >>> why(trick, players, HouseRules())
    "the red 2: red is as strong as black under Ben's Samurai"
    >>> why(trick, players, HouseRules(), "ja")
    '赤2、サムライで赤が黒と同じ強さ'
    >>> why([Play(0, parse("r7")), Play(1, parse("b4"), sword=True)], players, HouseRules())
    "the blue 4 under the King's Sword: the King's Sword gives it a Rare's strength"
    """
    lead = lead_color(plays)
    flag = any(is_flag(p.card) and p.declare != "rare" for p in plays)
    i = winning_play(plays, rules)
    w = plays[i]
    who = players[w.player]
    kind, rank = strength(w, lead, flag, rules)
    card = card_words(w, False, lang)
    if kind == KING:
        en, ja = "a king beats any card", "キングはどのカードにも勝つ"
        if sum(1 for p in plays if p.king) > 1:
            if rules.king_vs_king == "later":
                en, ja = "king against king, the later king wins", "キング同士は後に出したキングが勝つ"
            else:
                en, ja = (
                    "king against king, the earlier king wins (house rule)",
                    "キング同士は先に出したキングが勝つ（ハウスルール）",
                )
    elif kind == RARE:
        if w.sword:
            en, ja = "the King's Sword gives it a Rare's strength", "キングの剣でレアの強さ"
        elif is_flag(w.card):
            en, ja = "the Resistance's declaration makes it a Rare", "レジスタンスの宣言でレアの強さ"
        else:
            en, ja = "only a king beats a Rare", "レアに勝つのはキングだけ"
    elif kind == TRUMP:
        if w.samurai and color_of(w.card) == "red":
            en, ja = f"red is as strong as black under {who}'s Samurai", "サムライで赤が黒と同じ強さ"
        elif lead == BLACK:
            en, ja = "the highest black, the colour led", "リードの色の黒で一番強い"
        else:
            en, ja = "black beats every other colour", "黒はほかの色に勝つ"
    elif kind == LEAD:
        en = f"the highest {COLORS[lead]}, the colour led"
        ja = f"リードの色の{COLOR_JA[COLORS[lead]]}で一番強い"
    elif kind == FLAG:
        en, ja = "only White Flags were played, and the first one wins", "白旗だけなので最初に出した白旗が勝つ"
    else:  # pragma: no cover - a card of another colour never wins a trick with a colour led
        en, ja = "", ""
    if rank and w.declare in ("nine", "one"):
        en += f" ({rank} by the Resistance)"
        ja += f"（レジスタンスで{rank}）"
    equal = [p for j, p in enumerate(plays) if j != i and strength(p, lead, flag, rules) == (kind, rank)]
    if equal and kind not in (KING, FLAG):
        other = players[equal[0].player]
        en += f", played before {other}'s card of the same strength"
        ja += f"、{other}の同じ強さのカードより先に出した"
    cancelled = [
        p
        for p in plays
        if p.samurai and color_of(p.card) == "red" and rules.samurai_cancelled_by_flag and flag and p is not w
    ]
    if cancelled:
        en += f" (the White Flag cancels {players[cancelled[0].player]}'s Samurai)"
        ja += f"（白旗で{players[cancelled[0].player]}のサムライは無効）"
    return f"{card}、{ja}" if lang == "ja" else f"{card}: {en}"


# --- what the last entry did ----------------------------------------------------------------------------


def _or(words: Sequence[str], lang: str) -> str:
    if lang == "ja":
        return "か".join(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _bid_words(b: Bid, players: Sequence[str], lang: str, scored: bool = False) -> str:
    """A revealed bid: "2 tricks", "bid miss", "a Copy of Ben", "a Bond with Emi" (once scored:
    "bid 2")."""
    if b.kind == "tricks":
        if scored:
            return _say(lang, f"bid {b.tricks}", f"ビッド{b.tricks}勝")
        return _say(lang, f"{b.tricks} trick{'' if b.tricks == 1 else 's'}", f"{b.tricks}勝")
    if b.kind == "devil_miss":
        return _say(lang, "bid miss", "ビッドミス")
    other = players[b.other] if b.other is not None else "?"
    if b.kind == "copy":
        return _say(lang, f"a Copy of {other}", f"{other}のコピー")
    return _say(lang, f"a Bond with {other}", f"{other}と絆")


def round_told(s: State, lang: str) -> str:
    """A round just scored: each player's tricks, bid made or missed, and the round's points.

    (See ``tests/engines/test_kings_table.py`` for a whole round.)"""
    players = s.players
    r = len(s.scores)
    rows, _ = s.summaries[-1]
    parts = []
    for p, who in enumerate(players):
        score, row = s.scores[-1][p], rows[p]
        bids = " + ".join(_bid_words(b, players, lang, scored=True) for b in row.bids)
        made = _say(lang, "made" if score.bid_success else "missed", "成功" if score.bid_success else "失敗")
        count = ""
        if score.count != row.tricks:
            count = _say(lang, f" (counts {score.count})", f"（{score.count}勝扱い）")
        if lang == "ja":
            parts.append(f"{who} {row.tricks}勝{count}・{bids}{made}：{score.total:+d}")
        else:
            tricks = f"{row.tricks} trick{'' if row.tricks == 1 else 's'}"
            parts.append(f"{who} took {tricks}{count}, {bids} {made}: {score.total:+d}")
    return _say(
        lang, f"Round {r} scored: " + "; ".join(parts) + ".", f"第{r}ラウンドの得点：" + "、".join(parts) + "。"
    )


def standing_told(table: Table, over: bool, lang: str, seats: Sequence[str] = ()) -> list[str]:
    """The winner once the game is over; a tie at the top while it goes on (named in ``seats``
    order)."""
    rows = table.standings
    if not rows:
        return []
    top = rows[0].total
    level = [s.player for s in rows if s.total == top]
    if not over and seats:
        level.sort(key=lambda p: seats.index(p) if p in seats else len(seats))
    if not over:
        if len(level) > 1:
            return [
                _say(
                    lang,
                    f"{joined(level, lang)} tie at the top on {top}: the game goes on.",
                    f"{joined(level, lang)}が{top}点で首位タイ：ゲームは続きます。",
                )
            ]
        return []
    winners = [s.player for s in rows if s.rank == 1]
    if len(winners) > 1:
        return [
            _say(
                lang,
                f"{joined(winners, lang)} share the win with {top}.",
                f"{joined(winners, lang)}が{top}点で同点優勝。",
            )
        ]
    if len(level) > 1:
        others = [p for p in level if p != winners[0]]
        return [
            _say(
                lang,
                f"{winners[0]} wins with {top}, tied with {joined(others, lang)} and ahead on the lower king number.",
                f"{winners[0]}が{top}点で勝ち（{joined(others, lang)}と同点、キングナンバーが小さい）。",
            )
        ]
    return [_say(lang, f"{winners[0]} wins with {top}.", f"{winners[0]}が{top}点で勝ち。")]


def play_of(s: State, entry: Mapping[str, Any]) -> Play:
    """The card an entry plays, as the trick holds it (the king on it, a Samurai behind it)."""
    me = s.to_play if s.to_play is not None else 0
    return Play(
        me,
        parse(str(entry["play"])),
        s.kings[me] if entry.get("king") else None,
        bool(entry.get("sword")),
        entry.get("declare"),
        "Samurai" in s.fronts[me],
    )


def entry_told(before: State, after: State, entry: Mapping[str, Any], lang: str) -> list[str]:
    """What one entry of a game played trick by trick did, in table words."""
    players = before.players
    if "pick" in entry:
        who = players[draft_order(before)[len(before.picks)]]
        pick = entry["pick"]
        if pick.get("king"):
            said = [
                _say(
                    lang,
                    f"{who} takes {_king(pick['king'], lang)}.",
                    f"{who}が{_king(pick['king'], lang)}を取りました。",
                )
            ]
        else:
            c = character(str(pick.get("character"))).name
            said = [_say(lang, f"{who} picks the {c}.", f"{who}が{_char(c, lang)}を取りました。")]
        if after.phase != DRAFT:
            said.append(_say(lang, "The draft is over.", "ドラフト終了。"))
        return said
    if "devil" in entry:
        who, color = players[devil_chooser(before)], entry["devil"]["color"]
        return [
            _say(
                lang,
                f"{who} contracts {_king(color, lang)} to the Devil: the {color} cards are devil cards this round.",
                f"{who}が{_king(color, lang)}をデビルと契約：このラウンドは{COLOR_JA[color]}のカードがデビルカード。",
            )
        ]
    if "fronts" in entry:
        shown = []
        for p, who in enumerate(players):
            new = after.history[-1][p] if after.history else ()
            cs = "・".join(_char(c, lang) for c in new) if lang == "ja" else " and ".join(new)
            shown.append(f"{who} {cs}")
        said = [_say(lang, "Turned up: " + ", ".join(shown) + ".", "公開：" + "、".join(shown) + "。")]
        for p in sorted(after.nine):
            said.append(
                _say(
                    lang,
                    f"{players[p]} takes the Berserker's black 9.",
                    f"{players[p]}がバーサーカー専用黒9を取ります。",
                )
            )
        for p, who in enumerate(players):
            if reveal_draws(after.fronts[p]):
                said.append(
                    _say(
                        lang, f"{who}'s Gambler draws 2, then discards 2.", f"{who}のギャンブラー：2枚引いて2枚捨てる。"
                    )
                )
        return said
    if "bids" in entry:
        shown = []
        for p, who in enumerate(players):
            bids = ", ".join(
                _say(
                    lang, f"{_bid_words(b, players, lang)} ({c})", f"{_bid_words(b, players, lang)}（{_char(c, lang)}）"
                )
                for c, b in zip(after.bid_cards[p], after.bids[p], strict=True)
            )
            shown.append(f"{who} {bids}")
        said = [_say(lang, "Bids: " + "; ".join(shown) + ".", "ビッド：" + "、".join(shown) + "。")]
        for p, q in enumerate(after.partners):
            if q is not None:
                said.append(
                    _say(
                        lang,
                        f"{players[p]}'s Cheerleader hands the partner card to {players[q]}.",
                        f"{players[p]}のチアリーダーがパートナーカードを{players[q]}に渡します。",
                    )
                )
        return said
    if "lead" in entry:
        who = players[before.to_play] if before.to_play is not None else "?"
        lead = str(entry["lead"])
        return [_say(lang, f"{who}'s Ninja names {lead} to lead.", f"{who}の忍者が{lead}をリードに指名。")]
    if "hermit" in entry:
        who = str(entry["hermit"])
        return [
            _say(lang, f"{who}'s Hermit draws 3 cards, then discards 3.", f"{who}のハーミット：3枚引いて3枚捨てる。")
        ]
    if "cheer" in entry:
        who = str(entry["cheer"])
        p = players.index(who) if who in players else 0
        partner = players[before.partners[p]] if before.partners[p] is not None else "?"
        return [
            _say(
                lang,
                f"{who}'s Cheerleader trades a card face down with {partner}.",
                f"{who}のチアリーダーが{partner}と1枚を裏向きで交換。",
            )
        ]
    if "play" not in entry:
        return []
    play = play_of(before, entry)
    who = players[play.player]
    card = card_words(play, bool(entry.get("gift")), lang)
    said = [_say(lang, f"{who} plays {card}.", f"{who}が{card}を出しました。")]
    trick = (*before.trick, play)
    if len(trick) < len(players):
        return said
    winner = players[trick[winning_play(trick, before.game.rules)].player]
    number = before.tricks_done + 1
    because = why(trick, players, before.game.rules, lang)
    said.append(
        _say(
            lang,
            f"{winner} takes trick {number} with {because}.",
            f"{winner}が第{number}トリックを取りました：{because}。",
        )
    )
    if len(after.scores) > len(before.scores):
        said.append(round_told(after, lang))
    return said


# --- what comes next ------------------------------------------------------------------------------------


def prompt(s: State, lang: str = "en") -> str:
    """What the table types next, following the state (a draft pick, the Devil, fronts, bids, a
    card and the colour led; the board shows who is winning the trick), never what the state
    refuses."""
    players = s.players
    if s.phase == DRAFT:
        order = draft_order(s)
        who = players[order[len(s.picks)]]
        kings_left, chars = draft_choices(s)
        k, of = len(s.picks) + 1, len(order)
        if not chars:
            left = _or([_color(c, lang) for c in kings_left], lang)
            return _say(
                lang,
                f"Draft, pick {k} of {of}: {who} takes a king, the party's last card ({left}).",
                f"ドラフト{of}回中{k}回目：{who}はキングを取ります（{left}）。",
            )
        return _say(
            lang,
            f"Draft, pick {k} of {of}: {who} picks a king or a character (red, Healer …).",
            f"ドラフト{of}回中{k}回目：{who}がキングかキャラを選ぶ（red、Healer …）。",
        )
    if s.phase == DEVIL:
        who = players[devil_chooser(s)]
        left = _or([_color(c, lang) for c in devil_colors(s)], lang)
        return _say(
            lang,
            f"{who} contracts a king nobody drafted to the Devil: {left}.",
            f"{who}が選ばれなかったキングをデビルと契約：{left}。",
        )
    if s.phase == FRONTS:
        many = _say(lang, "two characters", "キャラ2枚") if s.game.two else _say(lang, "a character", "キャラ1枚")
        if s.game.two and s.round == 3:
            many = _say(lang, "one or two characters", "キャラ1〜2枚")
        return _say(
            lang,
            f"Round {s.round}: everyone turns up {many}. "
            "Type fronts, then each player's characters (a digit takes one).",
            f"第{s.round}ラウンド：全員が{many}を公開。fronts のあと各自のキャラ（数字で選ぶ）。",
        )
    if s.phase == BIDS:
        return _say(
            lang,
            f"Round {s.round}: everyone reveals a bid. Type bids, then each player's card and bid (a digit takes one).",
            f"第{s.round}ラウンド：全員がビッドを公開。bids のあと各自のカードとビッド（数字で選ぶ）。",
        )
    if s.phase == PLAY and s.to_play is not None:
        who = players[s.to_play]
        trick = s.tricks_done + 1
        of = tricks_per_round(len(players))
        actions = turn_actions(s)
        extra = []
        if any(isinstance(a, LeadNamed) for a in actions):
            extra.append(_say(lang, "lead NAME (Ninja)", "lead 名前（忍者）"))
        if any(isinstance(a, HermitDrew) for a in actions):
            extra.append(_say(lang, "hermit (Hermit)", "hermit（ハーミット）"))
        if any(isinstance(a, CheerExchanged) for a in actions):
            extra.append(_say(lang, "cheer (Cheerleader)", "cheer（チアリーダー）"))
        more = _say(lang, f"; or {', '.join(extra)}", f"{'、'.join(extra)}も可。") if extra else ""
        if not s.trick:
            return _say(
                lang,
                f"Round {s.round}, trick {trick} of {of}: {who} leads{more}.",
                f"第{s.round}ラウンド第{trick}/{of}トリック：{who}がリード。{more}",
            )
        lead = lead_color(s.trick)
        if lead is None:
            led = _say(lang, "no colour led yet", "リードの色はまだなし")
        else:
            led = _say(lang, f"{COLORS[lead]} led", f"リードは{COLOR_JA[COLORS[lead]]}")
        return _say(lang, f"{who} to play, {led}{more}.", f"{who}の番（{led}）。{more}")
    return _say(lang, "The game is over.", "ゲーム終了。")


def sheet_prompt(rounds: int, players: int, lang: str = "en") -> str:
    """A scoresheet session: the next round's line."""
    example = (
        "sheet Aki: drafted=red fronts=… bid=… tricks=… won=…"
        if players == 2
        else "sheet Aki: fronts=… bid=… tricks=… won=… Ben: …"
    )
    return _say(
        lang,
        f"Round {rounds + 1}: type its scoresheet line — {example}",
        f"第{rounds + 1}ラウンド：得点表の行を入力 — {example}",
    )


# --- the options a session was started with ----------------------------------------------------------------

_VARIANT = {
    ("king_vs_king", "earlier"): ("the earlier king wins", "先に出したキングが勝つ"),
    ("bid_miss_doubled", False): ("bid miss and Copy not doubled", "ビッドミス・コピーは2倍にしない"),
    ("modified_count_for_fronts", False): (
        "Devil and Gift not counted for characters",
        "デビル・妖精の加護はキャラの条件に数えない",
    ),
    ("samurai_cancelled_by_flag", True): ("a White Flag cancels the Samurai", "白旗でサムライ無効"),
    ("cheerleader_gift", "advanced"): ("advanced Cheerleader Gift", "チアリーダーの加護は上級ルール"),
    ("two_player_round3_double", True): ("round 3 bids doubled", "第3ラウンドのビッド2倍"),
    ("two_player_white_king", True): ("White King expansion", "白のキング拡張"),
}


def variant(header: Mapping[str, Any], lang: str = "en") -> str:
    """The house rules set away from their defaults, in table words, and a scoresheet or the
    table's own king numbers; "" for the plain game.

    >>> variant({"players": ["Aki", "Ben"], "settings": {"two_player_white_king": True}})
    'White King expansion'
    >>> variant({"players": ["Aki", "Ben", "Chie", "Dan"], "kings": {}, "settings": {"king_vs_king": "earlier"}}, "ja")
    '得点表、先に出したキングが勝つ'
    >>> variant({"players": ["Aki", "Ben", "Chie", "Dan"]})
    ''
    """
    words = []
    if "kings" in header:
        words.append(_say(lang, "scoresheet", "得点表"))
    settings = header.get("settings") or {}
    for (key, value), (en, ja) in _VARIANT.items():
        if key in settings and settings[key] == value:
            words.append(_say(lang, en, ja))
    if header.get("king_numbers"):
        words.append(_say(lang, "the table's king numbers", "卓のキングナンバー"))
    return _say(lang, ", ".join(words), "、".join(words))


__all__ = [
    "card_words",
    "entry_told",
    "play_of",
    "prompt",
    "round_told",
    "sheet_prompt",
    "standing_told",
    "variant",
    "why",
]
