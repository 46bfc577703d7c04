"""LOUDER TRICKSTAR as Companion knows it: the one object the app asks (see ``scoring.game``).

A session is the turns in order (``draw``, ``place CARD at X,Y says CARD``, ``use CARD X,Y …``),
then, when the last card of the deck is drawn, every hand (``hands Aki=score:2,seeker Ben=``). The
whole table sees the screen, so a placement's true card is typed hidden and never shown.

>>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = GAME.apply(p, GAME.parse("place score:3 at 0,0 says score:5", p))
>>> GAME.to_play(p), [m.text for m in GAME.legal(p)]
('Ben', ['draw', 'place', 'use trickster', 'use destroyer', 'use seeker'])
>>> GAME.shown(p.entries[-1]), GAME.hidden("place score:3 at 0,0 says score:5")
('placed a card at 0,0, saying score:5', 'place ■ at 0,0 says score:5')
>>> [m.text for m in GAME.legal(p, "use trickster")]
['0,0']
>>> p = GAME.apply(p, GAME.parse("use trickster 0,0", p))
>>> [(s.player, s.total) for s in GAME.standings(p).standings]
[('Ben', 3), ('Aki', 0), ('Chie', 0)]
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.errors import RuleViolation
from scoring.game import Move, Option, Position, RecordGame
from scoring.louder.engine import (
    OVER,
    Card,
    Drew,
    Event,
    HouseRules,
    Placed,
    State,
    Used,
    card_name,
    data,
    default_deck,
    legal,
    parse_card,
)
from scoring.louder.notation import line_for, parse_line
from scoring.louder.record import read, table_state
from scoring.notation import exact_line
from scoring.recordkit import bad, need_dict
from scoring.standings import Scored

_WORDS = {
    "draw": ("draw a card", "山札から1枚引く"),
    "place": ("place a card face down (its card is typed hidden)", "カードを伏せて置く（カードは隠して入力）"),
    "at": ("where it goes", "置くマス"),
    "says": ("what they announce", "宣言"),
    "hands": ("every hand left when the deck ran out", "山札が尽きた時の全員の手札"),
    "placed": ("placed a card at {x},{y}, saying {says}", "{x},{y}にカードを置き、「{says}」と宣言"),
    "revealed": ("hands revealed", "手札公開"),
    "cell": ("the cell {x},{y}", "{x},{y}のマス"),
    "flip": ("flip the card at {x},{y}", "{x},{y}のカードをめくる"),
    "hand": ("{player}'s hand ({n} card(s))", "{player}の手札（{n}枚）"),
}


def _say(key: str, lang: str, **values: Any) -> str:
    en, ja = _WORDS[key]
    return (ja if lang == "ja" else en).format(**values)


def _cell(text: str) -> tuple[int, int] | None:
    x, _, y = text.partition(",")
    try:
        return int(x), int(y)
    except ValueError:
        return None


class Louder(RecordGame):
    id = "louder"
    header_keys = frozenset({"players", "first", "flip_limits", "deck", "settings"})
    house_rules = HouseRules

    # what a new game may be given
    def options(self, lang: str = "en") -> list[Option]:
        """``first``, the table's own ``flip_limits`` and ``deck`` (the data's are unverified
        placeholders), then the house rules.

        >>> [(o.name, o.house_rule) for o in GAME.options()][:4]
        [('first', False), ('flip_limits', False), ('deck', False), ('seeker_mode', True)]
        """
        return [
            Option(
                "first",
                None,
                "Who takes the first turn (default: the first player in seat order).",
                "最初の手番のプレイヤー（既定：席順で最初の人）。",
                house_rule=False,
            ),
            Option(
                "flip_limits",
                dict(data()["flip_limits"]),
                "How many field cards each flipping card may turn, from the table's own cards "
                "(default: unverified placeholders).",
                "めくれるカードの上限（手元のカードの値。既定は未確認の仮データ）。",
                house_rule=False,
            ),
            Option(
                "deck",
                default_deck(),
                "How many of each card the table's deck holds, by code: 39 placement and 33 strategy "
                "cards (default: unverified placeholders).",
                "山札の各カードの枚数（配置39枚・攻略33枚。既定は未確認の仮データ）。",
                house_rule=False,
            ),
            *super().options(lang),
        ]

    # records
    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """The turns in order, then the hands revealed once, at the very end."""
        record = {"game": self.id, **self.header_of(header)}
        entries = [need_dict(e, "an entry") for e in entries]
        record["turns"] = [e for e in entries if "hands" not in e]
        hands = [e for e in entries if "hands" in e]
        if hands:
            if entries[-1] is not hands[-1] or len(hands) > 1:
                raise bad("the hands are revealed once, at the very end.", "手札の公開は最後に1回です。")
            record["hands"] = hands[-1]["hands"]
        return record

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        header = self.header_of(record)
        entries = list(record.get("turns", []))
        if "hands" in record:
            entries.append({"hands": record["hands"]})
        return header, entries

    def read(self, record: Mapping[str, Any], lang: str = "en") -> Scored:
        return read(dict(record), lang)

    # a session
    def to_play(self, position: Position) -> str | None:
        s = table_state(dict(position.record))
        return None if s.phase == OVER else s.players[s.turn]

    def legal(self, position: Position, typed: str = "", lang: str = "en") -> list[Move]:
        """What the player to play may type next, from the engine's ``legal`` at a real table
        (every card the deck could still hand them). ``typed`` is read as whole words; each Move is
        the next word, added after a space.

        With nothing typed: ``draw`` (a whole line), ``place`` (then the card, typed hidden, ``at``
        X,Y and ``says`` CARD) and ``use CARD`` for each strategy card the deck still holds (a whole
        line; a flipping card then takes the cells it flips). The placed card itself is never
        offered: a list would show the table what is chosen. After ``place CARD at``: the cells it
        may go to; after ``says``: the placement cards it may be announced as (any announcement is
        accepted). After ``use CARD`` and any cells: the cells that continue a legal run. When the
        deck has run out: ``hands``, then ``NAME=`` for each player not yet given.

        >>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
        >>> p = GAME.apply(p, GAME.parse("place score:3 at 0,0 says score:5", p))
        >>> [m.text for m in GAME.legal(p, "place trap:0 at")]
        ['1,0', '-1,0', '0,1', '0,-1']
        """
        if position.finished:
            return []
        s = table_state(dict(position.record))
        words = typed.split()
        head = words[0].lower() if words else ""
        if s.phase == OVER:
            if not words:
                return [Move("hands", _say("hands", lang))]
            if head != "hands":
                return []
            given = {w.partition("=")[0] for w in words[1:]}
            return [
                Move(f"{who}=", _say("hand", lang, player=who, n=s.hands[p]))
                for p, who in enumerate(s.players)
                if who not in given
            ]
        moves = legal(s)
        if not words:
            out = [Move("draw", _say("draw", lang))] if any(isinstance(m, Drew) for m in moves) else []
            out += [Move("place", _say("place", lang))] if any(isinstance(m, Placed) for m in moves) else []
            kinds = dict.fromkeys(m.card for m in moves if isinstance(m, Used))
            return out + [Move(f"use {kind}", card_name(Card(kind), lang)) for kind in kinds]
        if head == "place" and len(words) >= 2:
            return self._placing(s, moves, words, lang)
        if head == "use":
            return self._using(moves, words, lang)
        return []

    def _placing(self, s: State, moves: list[Event], words: list[str], lang: str) -> list[Move]:
        try:
            card = parse_card(words[1])
        except RuleViolation:
            return []
        cells = [m.cell for m in moves if isinstance(m, Placed) and m.card == card]
        if not cells:
            return []
        if len(words) == 2:
            return [Move("at", _say("at", lang))]
        if len(words) == 3 and words[2].lower() == "at":
            return [Move(f"{x},{y}", _say("cell", lang, x=x, y=y)) for x, y in cells]
        if len(words) == 4 and _cell(words[3]) in cells:
            return [Move("says", _say("says", lang))]
        if len(words) == 5 and words[4].lower() == "says":
            said = [c for c in map(parse_card, s.game.deck) if c.placement]
            return [Move(c.code(), card_name(c, lang)) for c in said]
        return []

    def _using(self, moves: list[Event], words: list[str], lang: str) -> list[Move]:
        uses = [m for m in moves if isinstance(m, Used)]
        if len(words) == 1:
            return [Move(kind, card_name(Card(kind), lang)) for kind in dict.fromkeys(m.card for m in uses)]
        try:
            kind = parse_card(words[1]).kind
        except RuleViolation:
            return []
        done = tuple(_cell(w) for w in words[2:])
        k = len(done)
        following = dict.fromkeys(
            m.flips[k] for m in uses if m.card == kind and len(m.flips) > k and m.flips[:k] == done
        )
        return [Move(f"{x},{y}", _say("flip", lang, x=x, y=y)) for x, y in following]

    # notation
    def parse_line(self, line: str, position: Position) -> Any:
        return parse_line(line)

    def format(self, entry: Any) -> str:
        """The typed line for a turn or the reveal; JSON for an entry no line says exactly (a turn
        naming its player with ``by``, a use with an empty ``flip`` list)."""
        return exact_line(entry, line_for, parse_line)

    def shown(self, entry: Any, lang: str = "en") -> str:
        """A turn as the table screen lists it: a placement by its cell and what was announced,
        never its true card; the reveal as one word.

        >>> GAME.shown({"place": "trap:0", "at": [1, 0], "says": "score:5"}, "ja")
        '1,0にカードを置き、「score:5」と宣言'
        >>> GAME.shown({"hands": {"Aki": ["score:2"]}}), GAME.shown({"use": "seeker", "flip": [[0, 1]]})
        ('hands revealed', 'use seeker 0,1')
        """
        if isinstance(entry, dict) and "place" in entry:
            at = entry.get("at")
            x, y = at if isinstance(at, list) and len(at) == 2 else ("?", "?")
            return _say("placed", lang, x=x, y=y, says=entry.get("says", "—"))
        if isinstance(entry, dict) and "hands" in entry:
            return _say("revealed", lang)
        return super().shown(entry, lang)

    def hidden(self, typed: str) -> str | None:
        """What the table may see of a placement being typed: its card as ■.

        >>> GAME.hidden("place score:3 at 0,1 says score:5"), GAME.hidden("place"), GAME.hidden("draw")
        ('place ■ at 0,1 says score:5', 'place', None)
        """
        words = typed.split()
        if not words or words[0].lower() != "place":
            return None
        public = ["place", "■" if len(words) > 1 else "", *words[2:]]
        return " ".join(w for w in public if w)

    def mask(self, text: str, typed: str, lang: str = "en") -> str:
        """A refusal of a hidden placement that would tell the table the card: a reason naming the
        card (its code or its name in either language, in any case) is replaced by one that does
        not, since even a count of copies would narrow it down.

        >>> GAME.mask("A 3rd Score 3 (score:3): the deck holds 2, all on the table.", "place Score:3 at 1,0")[:40]
        'The placed card cannot be placed (■): it'
        >>> GAME.mask("Cell 1,0 is taken.", "place score:3 at 1,0")
        'Cell 1,0 is taken.'
        """
        words = typed.split()
        if self.hidden(typed) is None or len(words) < 2:
            return text
        code = words[1].lower()
        kind, _, number = code.partition(":")
        names = {code, f"{kind} {number}".strip(), f"{kind}{number}"}
        try:
            card = parse_card(code)
            names |= {card.code(), card_name(card), card_name(card, "ja")}
        except RuleViolation:
            pass  # not a card: only what was typed is looked for
        if not any(re.search(re.escape(name), text, re.IGNORECASE) for name in names if name):
            return text
        if lang == "ja":
            return (
                "伏せたカードは置けません（■）：このゲームの山札にないか、すべて場に出ています。"
                "カードを確かめてください（理由は表示しません。カードが分かってしまうため）。"
            )
        return (
            "The placed card cannot be placed (■): it is not in this game's deck, or every copy is already "
            "out. Check it; the reason is not shown, as it would tell the table the card."
        )

    # rules
    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        raise RuleViolation(
            "louder.overview",
            "LOUDER TRICKSTAR has no tricks to arbitrate; see companion rules louder flip.",
            "LOUDER TRICKSTARにトリックの判定はありません。",
        )


GAME = Louder()
