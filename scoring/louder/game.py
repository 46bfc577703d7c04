"""LOUDER TRICKSTAR as Companion knows it: the one object the app asks (see ``scoring.game``).

A session is the turns in order (``draw``, ``place CARD at X,Y says CARD``, ``use CARD X,Y …``),
then, when the last card of the deck is drawn, every hand (``hands Aki=score:2,seeker Ben=``). The
whole table sees the screen, so a placement's true card is typed hidden and never shown: what may
be typed next, what the table is told and what an unfinished game exports come from what the table
has seen (``public``), never from the cards lying face down.

>>> from scoring.words import say, say_all
>>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = GAME.apply(p, GAME.parse("place score:3 at 0,0 says score:5", p))
>>> GAME.to_play(p), [m.text for m in GAME.completions(p)]
('Ben', ['draw', 'place', 'use'])
>>> say(GAME.shown(p.entries[-1])), GAME.hidden("place score:3 at 0,0 says score:5")
('placed a card at 0,0, saying score:5', 'place ■ at 0,0 says score:5')
>>> GAME.public(p)["turns"]
[{'place': '■', 'at': [0, 0], 'says': 'score:5'}]
>>> [m.text for m in GAME.completions(p, "use trickster")]
['0,0']
>>> p2 = GAME.apply(p, GAME.parse("use trickster 0,0", p))
>>> say_all(GAME.told(p, p2))
['Ben uses the Trickster: flips 0,0 Score 3 (said Score 5) and collects it: +3, 3 in all.']
>>> [(s.player, s.total) for s in p2.scored.standings.places]
[('Ben', 3), ('Aki', 0), ('Chie', 0)]
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from scoring.board import Board
from scoring.errors import RuleViolation
from scoring.game import Completion, Option, Position, RecordGame
from scoring.louder import told
from scoring.louder.board import louder_board
from scoring.louder.engine import (
    HIDDEN,
    OVER,
    Card,
    Drew,
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
from scoring.louder.notation import line_for, parse_line, player
from scoring.louder.record import Seen, opening, place, read, scored_state
from scoring.louder.words import fact
from scoring.notation import exact_line, json_entry
from scoring.recordkit import at, need_dict
from scoring.standings import Scored
from scoring.words import Fact, Words, say


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
    kinds: ClassVar[Mapping[str, str]] = {  # for counting keys: LOUDER has no trick of cards
        "draw": "draw",
        "place": "placement",
        "use": "strategy card",
        "hands": "hands",
    }

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
                titles=("", "最初の手番"),
            ),
            Option(
                "flip_limits",
                dict(data()["flip_limits"]),
                "How many field cards each flipping card may turn, from the table's own cards "
                "(default: unverified placeholders).",
                "めくれるカードの上限（手元のカードの値。既定は未確認の仮データ）。",
                house_rule=False,
                titles=("", "めくれる枚数"),
            ),
            Option(
                "deck",
                default_deck(),
                "How many of each card the table's deck holds, by code: 39 placement and 33 strategy "
                "cards (default: unverified placeholders).",
                "山札の各カードの枚数（配置39枚・攻略33枚。既定は未確認の仮データ）。",
                house_rule=False,
                titles=("", "山札"),
            ),
            *super().options(lang),
        ]

    def variant(self, header: Mapping[str, Any]) -> Words:
        """What this table set away from the defaults, in table words; "" for the plain game. Who
        starts is no variant (``start_player`` says it): the same game whoever goes first.

        >>> say(GAME.variant({"players": ["Aki", "Ben", "Chie"], "first": "b", "flip_limits": {"trickster": 4},
        ...                   "settings": {"seeker_mode": "safe_collect"}}))
        'flip limits Trickster 4, the Seeker collects, ignoring Traps'
        >>> say(GAME.variant({"players": ["Aki", "Ben", "Chie"], "first": "Chie"}), "ja")
        ''
        """
        return told.variant(header)

    # records
    def header_of(self, fields: Mapping[str, Any]) -> dict:
        """The header fields this game keeps; ``first`` may be typed as the start of a name in
        any case (``first=b`` is Ben), and is kept as the whole name.

        >>> GAME.header_of({"players": ["Aki", "Ben", "Chie"], "first": "b", "notes": "x"})
        {'players': ['Aki', 'Ben', 'Chie'], 'first': 'Ben'}
        """
        header = super().header_of(fields)
        players, first = header.get("players"), header.get("first")
        if isinstance(first, str) and isinstance(players, list) and all(isinstance(p, str) for p in players):
            with at("first"):
                header["first"] = player(first, players)
        return header

    def first_player(self, header: Mapping[str, Any]) -> str:
        return self.header_of(header).get("first") or header["players"][0]

    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """The turns in order, then the hands revealed once, at the very end."""
        record = {"game": self.id, **self.header_of(header), "turns": []}
        for e in (need_dict(e, "an entry") for e in entries):
            if place(e, "hands" in record) == "hands":
                record["hands"] = e["hands"]
            else:
                record["turns"].append(e)
        return record

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        header = self.header_of(record)
        entries = list(record.get("turns", []))
        if "hands" in record:
            entries.append({"hands": record["hands"]})
        return header, entries

    def read(self, record: Mapping[str, Any]) -> Scored:
        return read(dict(record))

    # the rules: the tracker's state of the true cards and of what the table has seen, a turn at a time
    def start(self, header: Mapping[str, Any]) -> Seen:
        s = opening(self.record(header, ()))
        return Seen(s, s)

    def step(self, state: Seen, entry: Any) -> Seen:
        """A draw, a placement or a strategy card used, or the hands once the deck ran out, on the
        tracker's states; refused as ``read`` refuses the record with the entry last."""
        return state.then(entry)

    def score(self, state: Seen) -> Scored:
        return scored_state(state.state)

    def score_after(self, position: Position, state: Seen) -> Scored:
        """The position's standings while nothing is collected (a draw, a placement, a look)."""
        a, b = position.state.state, state.state
        if a.collected is b.collected and a.revealed is b.revealed:
            return position.scored
        return self.score(state)

    def public(self, position: Position) -> dict:
        """The record as the table may see it now: while the game runs, every placed card the table
        has not seen face up is ``■`` (``scoring.louder.record.public_record``); once the hands are
        shown, the whole record.

        >>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
        >>> p = GAME.apply(p, GAME.parse("place trap:0 at 0,0 says score:4", p))
        >>> GAME.public(p)["turns"], GAME.public(p) is p.record
        ([{'place': '■', 'at': [0, 0], 'says': 'score:4'}], False)
        """
        record = position.record
        if position.finished:
            return dict(record)
        hidden = position.state.hidden()
        turns = [{**t, "place": HIDDEN} if i in hidden else t for i, t in enumerate(record["turns"])]
        return {**record, "turns": turns}

    # a session
    def to_play(self, position: Position) -> str | None:
        s = position.state.public  # what the table has seen: a card nobody saw is ■
        return None if s.phase == OVER else s.players[s.turn]

    def completions(self, position: Position, typed: str = "") -> list[Completion]:
        """What the player to play may type next, word by word, from what the table has seen (a
        card lying face down is never looked at: no list may tell the table where a Trap lies or
        which cards are all on the field). Each Completion is the next word, added after a space, or
        after ``:`` ``,`` ``=`` the rest of the word being typed.

        With nothing typed: ``draw``, ``place`` and ``use``, the likeliest first (a draw, once the
        field has a card). After ``place``: the placement cards the deck may still hold, the most
        not yet seen first; then ``at``, the free cells beside the field, ``says`` and the cards it
        may be announced as (the announcement is never checked). After ``use``: the strategy cards
        the deck still holds, then the cells that continue a run of flips. When the deck has run
        out: ``hands``, then ``NAME=`` for each player not yet given and the cards of each hand.

        >>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
        >>> p = GAME.apply(p, GAME.parse("place score:3 at 0,0 says score:5", p))
        >>> [m.text for m in GAME.completions(p, "place")], [m.text for m in GAME.completions(p, "place enemy:")]
        (['score:', 'trap:0', 'enemy:'], ['-2', '2', '-1', '1'])
        >>> at = GAME.completions(p, "place trap:0 at")
        >>> [m.text for m in at], [m.text for m in GAME.completions(p, "place trap:0 at 1,")]
        (['1,0', '-1,0', '0,1', '0,-1'], ['0'])
        """
        if position.finished:
            return []
        s = position.state.public  # what the table has seen: a card nobody saw is ■
        words = typed.split()
        head = words[0].lower() if words else ""
        if s.phase == OVER:
            if not words:
                return [Completion("hands", fact("label.hands"))]
            return self._hands(s, words) if head == "hands" else []
        moves = legal(s)
        if not words:
            out = []
            if any(isinstance(m, Drew) for m in moves):
                out.append(Completion("draw", fact("label.draw", n=s.deck)))
            if any(isinstance(m, Placed) for m in moves):
                out.insert(0 if not s.field else len(out), Completion("place", fact("label.place")))
            if any(isinstance(m, Used) for m in moves):
                out.append(Completion("use", fact("label.use")))
            return out
        if head == "place":
            return self._placing(s, moves, words)
        if head == "use":
            return self._using(s, moves, words)
        return []

    def _unseen(self, s: State) -> Counter[str]:
        """How many of each card the table has not seen yet (the deck, less what lies face up)."""
        left = Counter(s.game.deck)
        left.subtract(c.code() for c in s.field.values() if c.known)
        left.subtract(c.code() for row in s.collected for c in row)
        left.subtract(card for row in s.strategy for card in row)
        return left

    def _placing(self, s: State, moves: list, words: list[str]) -> list[Completion]:
        """``place``, then the card (the ones that may be placed), then ``at`` its cells and
        ``says`` what it is said to be."""
        placed = [m for m in moves if isinstance(m, Placed)]
        left = self._unseen(s)
        codes = [m.card.code() for m in placed]
        if len(words) == 1 or (len(words) == 2 and words[1].endswith(":")):
            return _choices(codes, words[-1] if len(words) == 2 else "", left)
        try:
            card = parse_card(words[1])
        except RuleViolation:
            return []
        cells = list(dict.fromkeys(m.cell for m in placed if m.card == card))
        if not cells:
            return []
        said = [c for c in map(parse_card, s.game.deck) if c.placement]
        said = sorted(said, key=lambda c: (("trap", "score", "enemy").index(c.kind), -c.number))
        return _after_the_card(cells, [c.code() for c in said], words[2:])

    def _using(self, s: State, moves: list, words: list[str]) -> list[Completion]:
        uses = [m for m in moves if isinstance(m, Used)]
        if len(words) == 1:
            return [Completion(kind, told.strategy(kind)) for kind in dict.fromkeys(m.card for m in uses)]
        try:
            kind = parse_card(words[1]).kind
        except RuleViolation:
            return []
        cells = words[2:]
        partial = cells[-1][:-1] if cells and cells[-1].endswith(",") else None
        done = tuple(_cell(w) for w in (cells[:-1] if partial is not None else cells))
        k = len(done)
        following = dict.fromkeys(
            m.flips[k] for m in uses if m.card == kind and len(m.flips) > k and m.flips[:k] == done
        )
        if partial is not None:
            return [Completion(str(y), told.lying(s, (x, y))) for x, y in following if str(x) == partial]
        return [Completion(f"{x},{y}", told.lying(s, (x, y))) for x, y in following]

    def _hands(self, s: State, words: list[str]) -> list[Completion]:
        """``hands``, then each player's ``NAME=`` in seat order and the cards of their hand."""
        given: dict[str, list[str]] = {}
        for word in words[1:]:
            name, eq, cards = word.partition("=")
            if not eq:
                return []
            try:
                given[player(name, s.players)] = cards.split(",")
            except RuleViolation:
                return []
        names = [
            Completion(f"{who}=", fact("label.hand", player=who, n=s.hands[p]))
            for p, who in sorted(enumerate(s.players), key=lambda pw: not s.hands[pw[0]])
            if who not in given
        ]
        if len(words) == 1:
            return names
        who, typed = next(reversed(given.items()))
        held = s.hands[s.players.index(who)]
        if not words[-1].endswith(("=", ",", ":")):
            return names  # after a whole card: the next player (or a comma and more cards)
        if len([c for c in typed[:-1] if c]) >= held:
            return []
        left = self._unseen(s)
        for cards in given.values():
            left.subtract(c.lower() for c in cards if c)
        codes = [code for code in s.game.deck if left[code] > 0]
        return _choices(codes, typed[-1] if words[-1].endswith(":") else "", left)

    # what the table is told
    def told(self, before: Position, after: Position) -> list[Words]:
        """What the last turn did, as the table saw it: who drew, who placed where announcing what
        (never the card), what a strategy card flipped and what that showed, and at the end each
        hand, the scores and the winner (``scoring.louder.told``).

        >>> from scoring.words import say_all
        >>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
        >>> q = GAME.apply(p, GAME.parse("place trap:0 at 0,0 says score:5", p))
        >>> say_all(GAME.told(p, q))
        ['Aki places a card face down at 0,0, announcing Score 5.']
        >>> say_all(GAME.told(p, q), "ja")
        ['Akiが0,0にカードを伏せて置き、「スコア5」と宣言しました。']
        """
        if len(after.entries) != len(before.entries) + 1:
            return []
        b, a = before.state.state, after.state.state
        if a.revealed is not None and b.revealed is None:
            return told.end(a, after.scored.standings)
        return told.turn(b, a)

    def prompt(self, position: Position) -> Words:
        """Whose turn it is and what they may do now, or what the end needs.

        >>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
        >>> say(GAME.prompt(p))
        'Aki to play: place the first card anywhere (at 0,0), draw (51 left), or use a strategy card.'
        """
        return told.prompt(position.state.public, position.finished, position.scored.standings)

    def board(self, position: Position) -> Board:
        """The field face down, the hands and collected cards, from what the table has seen
        (``scoring.louder.board``)."""
        return louder_board(position)

    # notation
    def parse(self, text: str, position: Position) -> Any:
        """A typed line or JSON; a player's name may be the start of one, in any case (kept whole)."""
        line = text.strip()
        players = list(position.header.get("players", []))
        if line.startswith("{"):
            entry = json_entry(line)
            if isinstance(entry, dict) and players:
                if isinstance(entry.get("by"), str):
                    entry = {**entry, "by": player(entry["by"], players)}
                if isinstance(entry.get("hands"), dict):
                    entry = {**entry, "hands": {player(str(k), players): v for k, v in entry["hands"].items()}}
            return entry
        return super().parse(text, position)

    def parse_line(self, line: str, position: Position) -> Any:
        return parse_line(line, list(position.header.get("players", [])) or None)

    def format(self, entry: Any) -> str:
        """The typed line for a turn or the reveal; JSON for an entry no line says exactly (a turn
        naming its player with ``by``, a use with an empty ``flip`` list, a card left out as ■)."""
        return exact_line(entry, line_for, parse_line)

    def shown(self, entry: Any) -> Words:
        """A turn as the table screen lists it: a placement by its cell and what was announced,
        never its true card; the reveal as one word.

        >>> say(GAME.shown({"place": "trap:0", "at": [1, 0], "says": "score:5"}), "ja")
        '1,0にカードを置き、「スコア5」と宣言'
        >>> say(GAME.shown({"hands": {"Aki": ["score:2"]}})), say(GAME.shown({"use": "seeker", "flip": [[0, 1]]}))
        ('hands revealed', 'use seeker 0,1')
        """
        said = told.shown(entry)
        if said is not None:
            return said
        line = super().shown(entry)
        return fact("shown.line", line=line) if isinstance(line, str) else line

    def hidden(self, typed: str) -> str | None:
        """What the table may see of a placement being typed: its card as ■, typed as a line or as
        JSON (every value under a ``place`` key, even half typed).

        >>> GAME.hidden("place score:3 at 0,1 says score:5"), GAME.hidden("place"), GAME.hidden("draw")
        ('place ■ at 0,1 says score:5', 'place', None)
        >>> GAME.hidden('{"place": "trap:0", "at": [1, 0], "says": "score:4"}'), GAME.hidden('{"place": "tr')
        ('{"place": "■", "at": [1, 0], "says": "score:4"}', '{"place": "■')
        >>> GAME.hidden('{"use": "trickster", "flip": [[0, 0]]}') is None
        True
        """
        line = typed.strip()
        if line.startswith(("{", "[")):
            masked, secrets, placing = _mask_json(line)
            return masked if placing or secrets else None
        words = typed.split()
        if not words or words[0].lower() != "place":
            return None
        public = ["place", HIDDEN if len(words) > 1 else "", *words[2:]]
        return " ".join(w for w in public if w)

    def mask(self, text: str, typed: str, lang: str = "en") -> str:
        """A refusal of a hidden placement that would tell the table the card: a reason naming the
        card (its code or its name in either language, in any case) is replaced by one that does
        not, since even a count of copies would narrow it down.

        >>> GAME.mask("A 3rd Score 3 (score:3): the deck holds 2, all on the table.", "place Score:3 at 1,0")[:40]
        'The placed card cannot be placed (■): it'
        >>> GAME.mask("Cell 1,0 is taken.", "place score:3 at 1,0")
        'Cell 1,0 is taken.'
        >>> GAME.mask("A 3rd Score 3 (score:3) …", '{"place": "score:3", "at": [1, 0]}')[:33]
        'The placed card cannot be placed '
        """
        if self.hidden(typed) is None:
            return text
        line = typed.strip()
        if line.startswith(("{", "[")):
            typed_cards = _mask_json(line)[1]
        else:
            words = typed.split()
            typed_cards = words[1:2]
        names: set[str] = set()
        for code in typed_cards:
            code = code.lower()
            kind, _, number = code.partition(":")
            names |= {code, f"{kind} {number}".strip(), f"{kind}{number}"}
            try:
                card = parse_card(code)
                names |= {card.code(), say(card_name(card)), say(card_name(card), "ja")}
            except RuleViolation:
                pass  # not a card: only what was typed is looked for
        if not any(re.search(re.escape(name), text, re.IGNORECASE) for name in names if name):
            return text
        return say(fact("masked"), lang)

    # rules
    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        raise RuleViolation(
            "louder.overview",
            "LOUDER TRICKSTAR has no tricks to arbitrate; see companion rules louder flip.",
            "LOUDER TRICKSTARにトリックの判定はありません。",
        )


def _after_the_card(cells: list[tuple[int, int]], said: list[str], rest: list[str]) -> list[Completion]:
    """The words of a placement after its card: each of ``at`` (one of ``cells``) and ``says``
    (one of the ``said`` codes) once, with its value; then the one not yet given."""
    given: dict[str, str] = {}
    for i in range(0, len(rest), 2):
        key = rest[i].lower()
        if key not in ("at", "says") or key in given:
            return []
        if i + 1 == len(rest):  # the key is typed, its value comes next
            if key == "at":
                return [Completion(f"{x},{y}", fact("label.cell")) for x, y in cells]
            return _choices(said, "")
        value = rest[i + 1]
        last = i + 2 == len(rest)
        typing = _typing_at(cells, value, last) if key == "at" else _typing_says(said, value, last)
        if typing is not None:
            return typing
        given[key] = value
    # the cell first (``says`` before ``at`` is read too, but not offered)
    following = "at" if "at" not in given else "says" if "says" not in given else ""
    return [Completion(following, fact(f"label.{following}"))] if following else []


def _typing_at(cells: list[tuple[int, int]], value: str, last: bool) -> list[Completion] | None:
    """After ``at``: the rows of the column typed (``1,``), nothing for a cell the card cannot
    go to, or None for a whole cell it can."""
    if last and value.endswith(","):
        x = value[:-1]
        return [Completion(str(cy), fact("label.row", x=cx, y=cy)) for cx, cy in cells if str(cx) == x]
    if _cell(value) not in cells:
        return []
    return None


def _typing_says(said: list[str], value: str, last: bool) -> list[Completion] | None:
    """After ``says``: a kind's numbers (``score:``), or None for a whole card."""
    if last and value.endswith(":"):
        return _choices(said, value)
    return None


def _choices(codes: Sequence[str], word: str, left: Counter[str] | None = None) -> list[Completion]:
    """The cards that may be typed for ``word``: a kind with several numbers as ``KIND:`` (its
    numbers follow), any other card by its code, the most not yet seen first (``left``; else in
    the order given); after ``KIND:``, that kind's numbers.

    >>> [m.text for m in _choices(["trap:0", "score:1", "score:5", "seeker"], "")]
    ['trap:0', 'score:', 'seeker']
    >>> moves = _choices(["trap:0", "score:1", "score:5"], "score:", Counter({"score:5": 2}))
    >>> [(m.text, say(m.label, "ja")) for m in moves]
    [('5', 'スコア5（未確認2枚）'), ('1', 'スコア1（未確認0枚）')]
    """
    codes = list(dict.fromkeys(codes))
    count = left if left is not None else Counter()
    first = {c: -i for i, c in enumerate(codes)}  # in the order given, where nothing else decides

    def label(cards: list[Card], shown: Fact) -> Fact:
        n = sum(count[c.code()] for c in cards)
        return shown if left is None else fact("label.left", card=shown, n=n)

    if word.endswith(":"):
        kind = word[:-1].lower()
        same = sorted((c for c in codes if c.partition(":")[0] == kind), key=lambda c: (-count[c], -first[c]))
        return [Completion(c.partition(":")[2], label([parse_card(c)], card_name(parse_card(c)))) for c in same]
    groups: dict[str, list[Card]] = {}
    for code in codes:
        card = parse_card(code)
        groups.setdefault(card.kind if card.placement else code, []).append(card)
    out = []
    for kind, cards in sorted(
        groups.items(), key=lambda kc: (-sum(count[c.code()] for c in kc[1]), -first[kc[1][0].code()])
    ):
        if len(cards) == 1:
            out.append(Completion(cards[0].code(), label(cards, card_name(cards[0]))))
        else:
            numbers = "/".join(str(c.number) for c in sorted(cards, key=lambda c: c.number))
            name = fact("kind", kind=kind)
            out.append(Completion(f"{kind}:", label(cards, fact("kinds", kind=name, numbers=numbers))))
    return out


_STRING = re.compile(r'"(?:[^"\\]|\\.)*("?)')


def _mask_json(line: str) -> tuple[str, list[str], bool]:
    """A JSON line with every string under a ``place`` key (at any depth, in any case) as ■, even
    while it is half typed; the strings left out; and whether a ``place`` key was typed at all.

    >>> _mask_json('{"says": "score:5", "pl\\\\u0061ce": ["trap:0"]}')
    ('{"says": "score:5", "pl\\\\u0061ce": ["■"]}', ['trap:0'], True)
    """
    masked = _Masking()
    i = 0
    while i < len(line):
        if line[i] == '"':
            i += masked.string(line, i)
        else:
            masked.punctuation(line[i])
            i += 1
    return "".join(masked.out), masked.secrets, masked.placing


@dataclass(slots=True)
class _Open:
    """An object or array open at the point read: its key now (an object's), and whether every
    string in it is secret (it lies under a ``place`` key)."""

    is_object: bool
    key: str
    secret: bool

    def holds_secret(self) -> bool:
        """Whether a string or a nested value here is a secret: inside a secret, or a ``place``'s value."""
        return self.secret or (self.is_object and self.key == "place")


def _closed(token: str) -> bool:
    """Whether a string token has its closing quote (it may still be half typed)."""
    return token.endswith('"') and len(token) > 1


def _string_value(token: str) -> str:
    """What a string token says, read as if closed; a token JSON cannot read, without its quotes."""
    try:
        return str(json.loads(token if _closed(token) else token + '"'))
    except ValueError:
        return token.strip('"')


class _Masking:
    """A JSON line read character by character into its masked form, its secrets, and whether a
    ``place`` key was typed."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.secrets: list[str] = []
        self.placing = False
        self.stack: list[_Open] = []  # the objects and arrays open, the innermost last
        self.expect_key = False

    def string(self, line: str, i: int) -> int:
        """The string token starting at ``i``: a key, a secret (shown as ■) or any other string;
        how many characters it takes."""
        match = _STRING.match(line, i)
        token = match.group(0) if match else line[i:]
        rest = line[i + len(token) :].lstrip()
        inside = self.stack[-1] if self.stack else None
        if inside is not None and inside.is_object and self.expect_key and (rest.startswith(":") or not rest):
            inside.key = _string_value(token).lower()
            self.placing = self.placing or inside.key == "place"
            self.out.append(token)
        elif inside is not None and inside.holds_secret():
            self.secrets.append(_string_value(token))
            self.out.append('"' + HIDDEN + ('"' if _closed(token) else ""))
        else:
            self.out.append(token)
        return len(token)

    def punctuation(self, ch: str) -> None:
        """Any other character: it opens or closes an object or array, or says whether a key comes next."""
        if ch in "{[":
            parent = self.stack[-1] if self.stack else None
            self.stack.append(_Open(ch == "{", "", parent is not None and parent.holds_secret()))
            self.expect_key = ch == "{"
        elif ch in "}]":
            if self.stack:
                self.stack.pop()
            self.expect_key = False
        elif ch == ",":
            self.expect_key = bool(self.stack and self.stack[-1].is_object)
        elif ch == ":":
            self.expect_key = False
        self.out.append(ch)


GAME = Louder()
