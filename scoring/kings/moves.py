"""What the KINGs table may type next, as the moves ``Kings.legal`` offers: the parts of a
``fronts`` or ``bids`` line, the words after a card, a character's action. Every list comes from the
engine's (``front_choices``, ``nine_choices``, ``bid_choices``, ``partner_choices``,
``turn_actions``, ``apply``); this module only writes them as the words a player types.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from scoring.errors import RuleViolation
from scoring.game import Move
from scoring.kings.bids import read_bid
from scoring.kings.cards import character, parse, printed_bids
from scoring.kings.engine import (
    BidChoice,
    State,
    apply,
    bid_choices,
    front_choices,
    nine_choices,
    partner_choices,
    tricks_per_round,
)
from scoring.kings.events import CardPlayed, CheerExchanged, Event, HermitDrew, LeadNamed
from scoring.kings.notation import parse_line
from scoring.kings.scoring import Bid
from scoring.kings.trick import DECLARATIONS, JA_COLORS

FLAGS = ("king", "sword", "gift", *DECLARATIONS)  # what may follow a card on its line
FLAG_LABELS = {
    "sword": ("the King's Sword", "王の剣"),
    "gift": ("the Fairy's Gift", "妖精の加護"),
    "nine": ("Resistance: declared a 9", "レジスタンス：9と宣言"),
    "one": ("Resistance: declared a 1", "レジスタンス：1と宣言"),
    "rare": ("Resistance: declared a Rare", "レジスタンス：レアと宣言"),
    "flag": ("Resistance: declared a White Flag", "レジスタンス：白旗と宣言"),
}
STARTS = {
    "fronts": {
        False: "Everyone turns up characters: fronts NAME=CHARACTER …",
        True: "全員がキャラを公開：fronts 名前=キャラ …",
    },
    "bids": {
        False: "Everyone reveals a bid: bids NAME=CARD:BID …",
        True: "全員がビッドを公開：bids 名前=カード:ビッド …",
    },
}


def front_moves(s: State, parts: list[str], lang: str) -> list[Move]:
    """After ``fronts`` and the parts typed: each reveal still possible (the engine's
    ``front_choices``) for every player not typed yet, then who may take the Berserker's 9."""
    players, ja = s.players, lang == "ja"
    try:
        entry = parse_line(" ".join(["fronts", *parts]))
        typed = {players.index(who): tuple(character(c).name for c in cs) for who, cs in entry["fronts"].items()}
    except (RuleViolation, ValueError):  # an unreadable part, or not a player's name
        return []
    if any(sorted(f) not in [sorted(c) for c in front_choices(s, p)] for p, f in typed.items()):
        return []
    may_take = nine_choices(s, [typed.get(p, ()) for p in range(len(players))])
    nine = entry.get("nine")
    if nine is not None and (
        len(nine) > 1 or any(who not in players or players.index(who) not in may_take for who in nine)
    ):
        return []
    moves = [
        Move(
            f"{who}={','.join(cs)}",
            f"{who}：{'・'.join(character(c).name_ja for c in cs)}" if ja else f"{who}: {' and '.join(cs)}",
        )
        for p, who in enumerate(players)
        if p not in typed
        for cs in front_choices(s, p)
    ]
    if nine is None:
        moves += [
            Move(
                f"nine={players[p]}",
                f"{players[p]}がバーサーカー専用黒9を取る" if ja else f"{players[p]} takes the Berserker's black 9",
            )
            for p in may_take
        ]
    return moves


def bid_moves(s: State, parts: list[str], lang: str) -> list[Move]:
    """After ``bids`` and the parts typed: each bid still possible (the engine's ``bid_choices``)
    for every player not typed yet, then each Cheerleader's partner (``partner_choices``)."""
    players, n = s.players, len(s.players)
    sep = "：" if lang == "ja" else ": "
    known: list[tuple[Bid, ...] | None] = [None] * n
    try:
        entry = parse_line(" ".join(["bids", *parts]))
        typed: dict[int, list[BidChoice]] = {}
        for who, rows in entry["bids"].items():
            p = players.index(who)
            bids = tuple(read_bid(row["bid"], players, p, tricks_per_round(n)) for row in rows)
            typed[p] = [
                BidChoice(character(row["card"]).name, b.kind, b.other) for row, b in zip(rows, bids, strict=True)
            ]
            known[p] = bids
        partners = {players.index(a): players.index(b) for a, b in entry.get("partners", {}).items()}
    except (RuleViolation, ValueError):  # an unreadable part, or not a player's name
        return []
    if any(
        sorted(mine, key=str) not in [sorted(c, key=str) for c in bid_choices(s, p, known)] for p, mine in typed.items()
    ):
        return []
    if any(q not in partner_choices(s, p) for p, q in partners.items()):
        return []
    moves = []
    for p, who in enumerate(players):
        if p in typed:
            continue
        for choice in bid_choices(s, p, known):
            for words in product(*(_bid_words(c, players, lang) for c in choice)):
                text, label = "+".join(t for t, _ in words), " + ".join(w for _, w in words)
                moves.append(Move(f"{who}={text}", f"{who}{sep}{label}"))
    for p, who in enumerate(players):
        if p not in partners:
            moves += [
                Move(
                    f"partner={who}:{players[q]}",
                    f"{who}のチアリーダー：パートナーカードを{players[q]}に"
                    if lang == "ja"
                    else f"{who}'s Cheerleader: the partner card to {players[q]}",
                )
                for q in partner_choices(s, p)
            ]
    return moves


def action_move(s: State, a: Event, lang: str) -> Move:
    """One of the engine's ``turn_actions`` as the word typed for it: ``lead NAME``, ``hermit``, ``cheer``."""
    ja = lang == "ja"
    if isinstance(a, LeadNamed):
        who = s.players[a.lead]
        return Move(f"lead {who}", f"忍者：{who}がリード" if ja else f"Ninja: {who} leads")
    if isinstance(a, HermitDrew):
        return Move("hermit", "ハーミット：3枚引いて3枚捨てる" if ja else "Hermit: draw 3, discard 3")
    assert isinstance(a, CheerExchanged)
    partner = s.players[s.partners[a.player]]
    return Move("cheer", f"チアリーダー：{partner}と1枚交換" if ja else f"Cheerleader: trade a card with {partner}")


def flag_moves(s: State, words: list[str], lang: str) -> list[Move]:
    """The words that may follow a typed card: each one the engine accepts with the line so far."""
    given = words[1:]
    if not set(given) <= set(FLAGS) or len(set(given)) < len(given):
        return []

    def accepted(flags: set[str]) -> bool:
        declare = next((d for d in DECLARATIONS if d in flags), None)
        try:
            apply(
                s,
                CardPlayed(
                    s.to_play,
                    parse(words[0]),
                    king="king" in flags,
                    sword="sword" in flags,
                    declare=declare,
                    gift="gift" in flags,
                ),
            )
        except RuleViolation:
            return False
        return True

    if not accepted(set(given)):
        return []
    declared = any(d in given for d in DECLARATIONS)
    king = s.kings[s.to_play] or ""
    labels = {**FLAG_LABELS, "king": (f"the {king} king on it", f"{JA_COLORS.get(king, '')}のキングを乗せる")}
    return [
        Move(flag, labels[flag][1] if lang == "ja" else labels[flag][0])
        for flag in FLAGS
        if flag not in given and not (declared and flag in DECLARATIONS) and accepted({*given, flag})
    ]


def _bid_words(c: BidChoice, players: Sequence[str], lang: str) -> list[tuple[str, str]]:
    """The ``CARD:BID`` words (and labels) for one bid card: a bid of tricks as each back the data
    knows, up to the tricks of a round."""
    ja = lang == "ja"
    card = character(c.card).name_ja if ja else c.card
    if c.kind == "tricks":
        out = []
        for t, points, sure in printed_bids(tricks_per_round(len(players))):
            if ja:
                label = f"{card}：{t}勝・{points}点" + ("" if sure else "（仮の値：カードの値を入力）")
            else:
                label = f"{card}, {t} trick{'' if t == 1 else 's'} for {points} points"
                label += "" if sure else " (a placeholder: type your card's)"
            out.append((f"{c.card}:{t}/{points}", label))
        return out
    if c.kind == "devil_miss":
        return [(f"{c.card}:miss", f"{card}：ビッドミス" if ja else f"{card}, bid miss")]
    other = players[c.other]
    if c.kind == "copy":
        return [
            (f"{c.card}:copy:{other}", f"{card}：{other}のビッドをコピー" if ja else f"{card}, a Copy of {other}'s bid")
        ]
    return [(f"{c.card}:bond:{other}", f"{card}：{other}と絆" if ja else f"{card}, a Bond with {other}")]
