"""LOUDER TRICKSTAR as Companion knows it: the one object the app asks (see ``scoring.game``).

A session is the turns in order (``draw``, ``place CARD at X,Y says CARD``, ``use CARD at X,Y …``),
then, when the last card of the deck is drawn, every hand (``hands Aki=score:2,seeker Ben=``). The
whole table sees the screen, so a placement's true card is typed hidden and never shown: what may
be typed next, what the table is told and what an unfinished game exports come from what the table
has seen (``public``), never from the cards lying face down.

>>> from scoring.words import say, say_all
>>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = GAME.apply(p, GAME.parse("place score:3 at 0,0 says score:5", p))
>>> GAME.to_play(p), [m.text for m in GAME.completions(p)][:5]
('Ben', ['draw', 'use trickster', 'use destroyer', 'use seeker', 'place trap:0'])
>>> say(GAME.shown(p.entries[-1])), GAME.hidden("place score:3 at 0,0 says score:5")
('placed a card at 0,0, saying score:5', 'place ■ at 0,0 says score:5')
>>> GAME.public(p)["turns"]
[{'place': '■', 'at': [0, 0], 'says': 'score:5'}]
>>> [m.text for m in GAME.completions(p, "use trickster")]
['at 0,0']
>>> p2 = GAME.apply(p, GAME.parse("use trickster at 0,0", p))
>>> say_all(GAME.told(p, p2))
['Ben uses the Trickster: flips 0,0 Score 3 (said Score 5) and collects it: +3, 3 in all.']
>>> [(s.player, s.total) for s in p2.scored.standings.places]
[('Ben', 3), ('Aki', 0), ('Chie', 0)]
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from scoring.board import Board
from scoring.errors import RuleViolation
from scoring.game import Completion, Option, Position, RecordGame
from scoring.louder import told
from scoring.louder.board import louder_board
from scoring.louder.completions import typed_moves
from scoring.louder.engine import (
    HIDDEN,
    OVER,
    HouseRules,
    card_name,
    data,
    default_deck,
    parse_card,
)
from scoring.louder.masking import mask_json
from scoring.louder.notation import line_for, parse_line, player
from scoring.louder.record import Seen, opening, place, read, scored_state
from scoring.louder.words import fact
from scoring.notation import exact_line, json_entry
from scoring.recordkit import at, need_dict
from scoring.standings import Scored
from scoring.words import Words, say, spoken


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
    card_kinds: ClassVar[frozenset[str]] = frozenset({"placement", "strategy card"})  # each a card played
    numbered_from_the_start: ClassVar[bool] = True  # place trap:0, use seeker, draw: one digit each
    scored_from = ("state.collected", "state.revealed")  # a draw, a placement, a look collects nothing

    # what a new game may be given
    def options(self, lang: str = "en") -> list[Option]:
        """``first``, the table's own ``flip_limits`` and ``deck`` (the data's are unverified
        placeholders), then the house rules.

        >>> [(o.name, o.house_rule) for o in GAME.options()][:4]
        [('first', False), ('flip_limits', False), ('deck', False), ('seeker_mode', True)]
        """
        return [
            Option(
                name, default, fact(f"option.{name}"), house_rule=False, called=fact(f"option.{name}.title"), own=own
            )
            for name, default, own in (
                ("first", None, False),
                ("flip_limits", dict(data()["flip_limits"]), True),
                ("deck", default_deck(), True),
            )
        ] + super().options(lang)

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
    def _header(self, fields: Mapping[str, Any]) -> dict:
        """The header fields this game keeps; ``first`` may be typed as the start of a name in
        any case (``first=b`` is Ben), and is kept as the whole name.

        >>> GAME.new({"players": ["Aki", "Ben", "Chie"], "first": "b", "notes": "x"}).header
        {'players': ['Aki', 'Ben', 'Chie'], 'first': 'Ben'}
        """
        header = super()._header(fields)
        players, first = header.get("players"), header.get("first")
        if isinstance(first, str) and isinstance(players, list) and all(isinstance(p, str) for p in players):
            with at("first"):
                header["first"] = player(first, players)
        return header

    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """The turns in order, then the hands revealed once, at the very end."""
        record = {"game": self.id, **self._header(header), "turns": []}
        for e in (need_dict(e, "an entry") for e in entries):
            if place(e, "hands" in record) == "hands":
                record["hands"] = e["hands"]
            else:
                record["turns"].append(e)
        return record

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        header = self._header(record)
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
    def turn(self, state: Seen) -> str | None:
        s = state.public  # what the table has seen: a card nobody saw is ■
        return None if s.phase == OVER else s.players[s.turn]

    def completions(self, position: Position, typed: str = "") -> list[Completion]:
        """What the player to play may type next, word by word, from what the table has seen (a
        card lying face down is never looked at: no list may tell the table where a Trap lies or
        which cards are all on the field). Each Completion is the next word, added after a space, or
        after ``:`` ``,`` ``=`` the rest of the word being typed.

        With nothing typed: whole first choices, a digit each (``numbered_from_the_start``):
        ``draw``, ``use`` each strategy card, ``place`` each placement card. After ``place``: the
        placement cards the deck may still hold, the most not yet seen first; after the card
        (``t`` is the Trap 0, ``s3`` the Score 3), ``at`` each free cell beside the field (those
        beside the card placed last first), then ``says same`` (the card placed) and ``says`` each
        card it may be announced as (never checked against the card), each one choice. After
        ``use``: the strategy cards the deck still holds, then ``at`` the first cell it flips (one
        choice each), then the cells that continue the run. When the deck has run out: ``hands``,
        then ``NAME=`` for each player not yet given and the cards of each hand.

        >>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
        >>> p = GAME.apply(p, GAME.parse("place score:3 at 0,0 says score:5", p))
        >>> [m.text for m in GAME.completions(p, "place")][:4], [m.text for m in GAME.completions(p, "place enemy:")]
        (['trap:0', 'score:1', 'enemy:-2', 'score:5'], ['-2', '2', '-1', '1'])
        >>> texts = lambda line: [m.text for m in GAME.completions(p, line)]
        >>> texts("place t"), texts("place t at 0,1")[:3]
        (['at 1,0', 'at -1,0', 'at 0,1', 'at 0,-1'], ['says same', 'says trap:0', 'says score:5'])
        >>> at = GAME.completions(p, "place trap:0 at")
        >>> [m.text for m in at], [m.text for m in GAME.completions(p, "place trap:0 at 1,")]
        (['1,0', '-1,0', '0,1', '0,-1'], ['0'])
        """
        if position.finished:
            return []
        return typed_moves(position.state.public, typed)  # what the table has seen: a card nobody saw is ■

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
        ('hands revealed', 'use seeker at 0,1')
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
            masked, secrets, placing = mask_json(line)
            return masked if placing or secrets else None
        words = typed.split()
        if not words or words[0].lower() != "place":
            return None
        public = ["place", HIDDEN if len(words) > 1 else "", *words[2:]]
        return " ".join(w for w in public if w)

    def in_secret(self, typed: str) -> bool:
        """Whether the card of a placement is being typed: its word is the last, no space after
        it yet (a JSON line is secret throughout, as it is masked).

        >>> GAME.in_secret("place s"), GAME.in_secret("place s3 "), GAME.in_secret("place "), GAME.in_secret("draw")
        (True, False, False, False)
        """
        if self.hidden(typed) is None:
            return False
        if typed.strip().startswith(("{", "[")):
            return True
        return len(typed.split()) == 2 and not typed.endswith(" ")

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
            typed_cards = mask_json(line)[1]
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
                names |= {card.code(), *(say(card_name(card), lang) for lang in spoken())}
            except RuleViolation:
                pass  # not a card: only what was typed is looked for
        if not any(re.search(re.escape(name), text, re.IGNORECASE) for name in names if name):
            return text
        return say(fact("masked"), lang)

    # rules
    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        raise RuleViolation("louder.overview", fact("refused.arbitrate"))


GAME = Louder()
