"""TRICKTAKERs KINGs as Companion knows it: the one object the app asks (see ``scoring.game``).

A session is either scoresheet rounds (``sheet Aki: fronts=Healer bid=2/50 …``, one round a line)
or a game typed trick by trick: the snake draft (``red``, ``Healer``: the word alone), two players'
Devil (``green``), each round's ``fronts`` and ``bids``, then every card. A session without
``kings`` in its header and with 4 or 5 players is drafted; with ``kings`` (each player's king) it
is a scoresheet; a 2-player session takes the form of its first entry.

>>> p = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan", "Emi"]})
>>> GAME.to_play(p), [m.text for m in GAME.completions(p)][:3]
('Aki', ['white', 'red', 'blue'])
>>> p = GAME.apply(p, GAME.parse("Healer", p))
>>> p = GAME.apply(p, GAME.parse("pick red", p))  # the word pick may come first
>>> GAME.to_play(p), GAME.format(p.entries[-1])
('Chie', 'red')

A scoresheet round is one line, and ``format`` writes it back:

>>> p = GAME.new({"players": ["Aki", "Ben"]})
>>> line = ("sheet devil=green Aki: drafted=red fronts=Healer,Gambler bid=3/70 tricks=6 won=r*4,b*3,g*2,k*3 "
...         "king Ben: drafted=blue fronts=Ninja,Samurai bid=3/60 tricks=3 won=b*2,g*4")
>>> p = GAME.apply(p, GAME.parse(line, p))
>>> GAME.format(p.entries[-1]) == line
True
>>> [(s.player, s.total) for s in p.scored.standings.places]
[('Aki', 160), ('Ben', 60)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from scoring.board import Board
from scoring.errors import RuleViolation
from scoring.game import Completion, Option, Position, RecordGame
from scoring.kings import arbiter
from scoring.kings.board import kings_board
from scoring.kings.cards import KING_COLORS, character_sections, characters
from scoring.kings.completions import typed_moves
from scoring.kings.engine import (
    DEVIL,
    DRAFT,
    PLAY,
    State,
    devil_chooser,
    draft_order,
)
from scoring.kings.game_record import (
    Played,
    first_entry,
    from_entries,
    is_game_record,
    is_play,
    opening,
    scored_state,
    to_entries,
)
from scoring.kings.notation import line_for, parse_line
from scoring.kings.record import Sheet, read
from scoring.kings.settings import HouseRules
from scoring.kings.told import entry_told, prompt, sheet_example, sheet_prompt, sheet_told, standing_told, variant
from scoring.kings.words import fact
from scoring.recordkit import need_dict, only_keys
from scoring.rulestext import Section
from scoring.standings import Scored
from scoring.words import Words

SHEET_ROUND_KEYS = {"players", "devil"}


@dataclass(frozen=True)
class Fresh:
    """A session with nothing recorded yet: the header, and the two forms it may take — a game
    drafted and played trick by trick (``drafted``, its tracker's state, when the header reads as
    one) and a scoresheet (``sheet``, when the header makes it one: it names the ``kings``, or has
    2 players, who may still pick instead)."""

    header: Mapping[str, Any]
    drafted: State | None
    sheet: Sheet | None = None

    @property
    def table(self) -> State | None:
        """The state the next entry meets: a first pick makes the session a drafted game."""
        return self.drafted


def tracked(position: Position) -> State | None:
    """The table tracker's state of a game played trick by trick (None for a scoresheet, and for a
    2-player session with nothing recorded, which may still become one)."""
    kept = position.state
    return None if isinstance(kept, Fresh) and kept.sheet is not None else kept.table


class Kings(RecordGame):
    id = "kings"
    header_keys = frozenset({"players", "kings", "king_numbers", "copies", "backs", "settings"})
    house_rules = HouseRules
    kinds: ClassVar[Mapping[str, str]] = {  # what sort of entry it is, for counting keys; else a card played
        "players": "scoresheet",
        "pick": "draft pick",
        "devil": "devil",
        "fronts": "fronts",
        "bids": "bids",
        "lead": "action",  # a Ninja's lead, a Hermit's draw, a Cheerleader's trade
        "hermit": "action",
        "cheer": "action",
    }
    # a pick of a character, a bid, a card but a king scores nothing and changes no king's number
    scored_from = ("state.scores", "state.kings", "state.king_round", "state.phase")

    def options(self, lang: str = "en") -> list[Option]:
        """``kings``, ``king_numbers``, ``copies`` and ``backs`` (header fields, left out by default), then the
        house rules.

        >>> [o.name for o in GAME.options()][:5]
        ['kings', 'king_numbers', 'copies', 'backs', 'king_vs_king']
        """

        def field(name: str, **kw: Any) -> Option:  # a header field typed as key=value pairs
            return Option(
                name,
                None,
                fact(f"option.{name}"),
                house_rule=False,
                kind="mapping",
                called=fact(f"option.{name}.title"),
                **kw,
            )

        header = [
            field("kings", choices=KING_COLORS),
            field("king_numbers", own=True),
            field("copies", keys=tuple(characters()), own=True),
            field(
                "backs",
                keys=tuple(c.name for c in characters().values() if c.back == "bid"),
                sample=("0/50", "1/40+copy"),
                own=True,
            ),
        ]
        return header + super().options(lang)

    # records ---------------------------------------------------------------------------------
    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """Scoresheet rounds as they are, or a game typed trick by trick folded into its ``draft``
        and ``rounds``. An empty session is drafted unless its header names the ``kings`` or it has
        2 players (then its first entry decides)."""
        record: dict[str, Any] = {"game": self.id, **self._header(header)}
        rows = [need_dict(e, "an entry") for e in entries]
        players = header.get("players", [])
        by_trick = is_play(rows[0]) if rows else ("kings" not in header and len(players) != 2)
        if by_trick:
            record.update(from_entries(rows, len(players) == 2))
        else:
            for row in rows:  # each a scoresheet round, as the reading takes a scoresheet
                only_keys(row, SHEET_ROUND_KEYS, "a round")
            record["rounds"] = rows
        return record

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        header = self._header(record)
        record = dict(record)
        return header, to_entries(record) if is_game_record(record) else list(record.get("rounds", []))

    def read(self, record: Mapping[str, Any]) -> Scored:
        return read(dict(record))

    # the rules: the table tracker's state, or the scoresheet's, an entry at a time
    def start(self, header: Mapping[str, Any]) -> Fresh:
        """Nothing recorded yet: the form the header gives the session (drafted, unless it names
        the ``kings`` or has 2 players), read; a 2-player session may still become either."""
        record = self.record(header, ())
        if is_game_record(record):
            return Fresh(header, opening(record), None)
        drafted = None
        if "kings" not in header:
            try:
                drafted = opening({**record, "draft": []})
            except RuleViolation:  # a header only a scoresheet reads (king_numbers by player)
                drafted = None
        return Fresh(header, drafted, Sheet(record))

    def step(self, state: Fresh | Played | Sheet, entry: Any) -> Played | Sheet:
        """A draft pick, the Devil, fronts, bids or a card (a lead, the Hermit's draw, the
        Cheerleader's exchange) on the table tracker's state, or a scoresheet round on the sheet;
        the first entry says which form the session takes. Refused as ``read`` refuses the record
        with the entry last."""
        e = need_dict(entry, "an entry")
        if isinstance(state, Fresh):
            if is_play(e):
                first_entry(e)  # the record is built before its header is read
                header = {"game": self.id, **state.header, "draft": [], "rounds": []}
                state = Played(state.drafted if state.drafted is not None else opening(header))
            else:
                only_keys(e, SHEET_ROUND_KEYS, "a round")
                sheet = state.sheet or Sheet({"game": self.id, **state.header, "rounds": []})
                return sheet.then(e)
        if isinstance(state, Sheet):
            only_keys(e, SHEET_ROUND_KEYS, "a round")
        return state.then(e)

    def score(self, state: Fresh | Played | Sheet) -> Scored:
        if isinstance(state, Fresh):
            state = state.sheet if state.sheet is not None else Played(state.drafted)
        if isinstance(state, Sheet):
            return state.scored()
        return scored_state(state.state)

    def rules(self, lang: str = "en") -> tuple[Section, ...]:
        """The rules text, then one section per character and item (``kings.character.ninja``)."""
        return (*super().rules(lang), *character_sections(lang))

    # the table -------------------------------------------------------------------------------
    def turn(self, state: Fresh | Played | Sheet) -> str | None:
        """Who picks in the draft, who contracts a king to the Devil (two players), or who plays the
        next card; None for a scoresheet and while characters and bids are turned up together. Two
        players with nothing recorded yet: the first drafter (a ``sheet`` line ignores it).

        >>> players = ["Aki", "Ben", "Chie", "Dan"]
        >>> sheet = GAME.new({"players": players, "kings": dict(zip(players, ["red", "blue", "green", "black"]))})
        >>> GAME.to_play(GAME.new({"players": players})), GAME.to_play(sheet)
        ('Aki', None)
        """
        s = state.table
        if s is None:
            return None
        if s.phase == DRAFT:
            return s.players[draft_order(s)[len(s.picks)]]
        if s.phase == DEVIL:
            return s.players[devil_chooser(s)]
        if s.phase == PLAY and s.to_play is not None:
            return s.players[s.to_play]
        return None

    def starts(self, state: Fresh | Played | Sheet) -> bool:
        """The game starts with round 1's first trick, after the draft: its leader is the start
        player a log of plays (BG Stats) records, on the king numbers.

        >>> import json
        >>> from pathlib import Path
        >>> record = json.loads(Path("examples/kings/game-5p.json").read_text())
        >>> GAME.start_player(GAME.replay(*GAME.split(record)))
        'Dan'
        """
        return state.table is not None and state.table.phase == PLAY

    def completions(self, position: Position, typed: str = "") -> list[Completion]:
        """What may be typed next in a game played trick by trick, the most likely first (the
        engine's ``draft_choices``, ``devil_colors``, ``front_choices``, ``nine_choices``,
        ``bid_choices``, ``partner_choices``, ``legal`` and ``turn_actions``, written by
        :mod:`scoring.kings.completions`): in the draft a king's colour or a character (``red``,
        ``Healer``); two players' Devil a colour (``green``); in play the cards the player to play
        may play, the colour led first, then ``lead`` (a Ninja about to lead), ``hermit``,
        ``cheer``. After a typed card (``b3``): the words that may follow it (``king``, ``sword``,
        ``gift``, a declaration), only where the rules allow them; after ``lead``: the players. A
        scoresheet round has no list ([]).

        Everyone turns up characters, then bids, at once, so those lines go on a player at a time:
        with nothing typed ``fronts`` (or ``bids``) is offered; after it, the next player's part,
        ``Aki=Healer`` (two players ``Aki=Healer,Gambler``), then ``nine=NAME`` for a player with a
        Berserker in play; after ``bids``, ``Aki=Healer:2/50``, ``Ben=Neme:copy:Aki``,
        ``Chie=Devil:miss``, ``Emi=Cheerleader:bond:Ben`` (two players in round 3 two cards joined by
        ``+``), then ``partner=EMI:NAME`` for a Cheerleader in play. More than nine choices come in
        groups a digit takes (``Aki=Healer:`` then ``2/50``). A bid of tricks is offered with the
        points the data knows (two confirmed backs, the rest placeholders): type your card's. The
        line is complete once every player has a part; a choice that would leave another player no
        bid is not offered. Names may be typed as prefixes in any case (``fronts b=``).

        >>> players = ["Aki", "Ben", "Chie", "Dan"]
        >>> p = GAME.new({"players": players})
        >>> for line in ["red", "blue", "green", "black", "Healer", "Gambler", "Ninja", "Devil", "Neme", "Maru",
        ...              "Hermit", "Samurai", "Berserker", "Resistance", "Collector", "Healer", "Berserker",
        ...              "Ninja", "Samurai", "Resistance"]:
        ...     p = GAME.apply(p, GAME.parse(line, p))
        >>> [m.text for m in GAME.completions(p)], [m.text for m in GAME.completions(p, "fronts")]
        (['fronts'], ['Aki=Devil', 'Aki=Neme', 'Aki=Healer', 'Aki=Berserker'])
        >>> [m.text for m in GAME.completions(p, "fronts Aki=Berserker Ben=Ninja Chie=Hermit")]
        ['Dan=Healer', 'Dan=Samurai', 'Dan=Berserker', 'Dan=Resistance']
        >>> [m.text for m in GAME.completions(p, "fronts Aki=Berserker Ben=Ninja Chie=Hermit Dan=Healer")]
        ['nine=Aki']
        >>> p = GAME.apply(p, GAME.parse("fronts a=Berserker b=Ninja c=Hermit d=Healer nine=a", p))
        >>> [m.text for m in GAME.completions(p, "bids")]
        ['Aki=Devil:miss', 'Aki=Neme:', 'Aki=Healer:']
        >>> [m.text for m in GAME.completions(p, "bids Aki=Neme:")]
        ['0/50', '1/40', '2/50', '3/60', '3/70', '4/90', 'copy:']
        >>> [m.text for m in GAME.completions(p, "bids Aki=Neme:copy:")]
        ['Ben', 'Chie', 'Dan']

        Aki copies Ben's bid, so Ben's is a number of tricks, and Dan may copy Ben's or Chie's:

        >>> line = "bids a=Neme:copy:b b=Collector:2/50 c=Gambler:1/40 Dan=Samurai:"
        >>> from scoring.words import say
        >>> [(m.text, say(m.label)) for m in GAME.completions(p, line)][-2:]
        [('4/90', 'Samurai: 4 tricks for 90 (unconfirmed)'), \
('copy:', 'Samurai, a Copy of…')]
        >>> [(m.text, say(m.label)) for m in GAME.completions(p, line + "copy:")]
        [('Ben', "Samurai, a Copy of Ben's bid"), ('Chie', "Samurai, a Copy of Chie's bid")]
        >>> GAME.completions(p, "bids Aki=Neme:copy:Ben Ben=Collector:copy:Chie")  # a Copy of a Copy: no way on
        []
        """
        s = position.state.table
        if s is None:
            return []
        return typed_moves(s, typed)

    # what the table is told ----------------------------------------------------------------------
    def told(self, before: Position, after: Position) -> list[Words]:
        """What the last entry did, as the table is told it: who picked what, the characters and
        bids revealed, who played which card (with the king, Sword, Gift or declaration on it), who
        took each trick and why, each round's bids made or missed and points, a tie at the top
        while the game goes on, and the winner (:mod:`scoring.kings.told`)."""
        if len(after.entries) != len(before.entries) + 1:
            if not after.entries:
                return []
            before = self.undo(after)
        entry = after.entries[-1]
        said: list[Words] = []
        sa, sb = tracked(after), before.state.table
        if sa is None:  # a scoresheet round
            rows = {x.player: x for x in after.scored.standings.places}
            r = max((len(x.rounds) for x in rows.values()), default=0)
            seats = [rows[who] for who in after.header.get("players", []) if who in rows]
            if r:
                said.append(sheet_told(r, [f"{x.player} {x.rounds[-1]:+d}" for x in seats]))
        elif sb is not None and isinstance(entry, dict):
            said += entry_told(sb, sa, entry)
        if sa is None or sb is None or len(sa.scores) > len(sb.scores):
            said += standing_told(after.scored.standings, after.finished, after.header.get("players", ()))
        return said

    def prompt(self, position: Position) -> Words:
        """What the table types next: the draft pick, the Devil, fronts, bids, whose card it is
        (the colour led and who is winning), or the next scoresheet round; once the game is over,
        who won."""
        if position.finished:
            return fact("spaced", items=(fact("over"), *standing_told(position.scored.standings, True)))
        s = position.state.table
        players = position.header.get("players") or []
        if s is None:
            sheet = position.state
            return sheet_prompt(len(sheet.scores) if isinstance(sheet, Sheet) else 0, len(players))
        said = prompt(s)
        if not position.entries and len(players) == 2 and "kings" not in position.header:
            return fact("or_sheet", said=said, sheet=sheet_example(2))
        return said

    def board(self, position: Position) -> Board:
        """Each player's row and the trick being played (``scoring.kings.board``); a scoresheet has
        none (the standings say it all)."""
        s = tracked(position)
        if s is None:
            return Board()
        return kings_board(s, {x.player: x.total for x in position.scored.standings.places})

    def variant(self, header: Mapping[str, Any]) -> Words:
        """The house rules set away from their defaults, a scoresheet, the table's king numbers
        (:func:`scoring.kings.told.variant`)."""
        return variant(header)

    # notation --------------------------------------------------------------------------------
    def parse_line(self, line: str, position: Position) -> Any:
        """A typed line at this position: the draft's and the Devil's words alone, the players'
        names as prefixes (``scoring.kings.notation.parse_line``)."""
        s = position.state.table
        players = position.header.get("players") or None
        return parse_line(line, self.to_play(position), players, s.phase if s is not None else None)

    def format(self, entry: Any) -> str:
        return line_for(entry)

    def shown(self, entry: Any) -> Words:
        """An entry as the log lists it: its typed line; in Japanese its words and cards in Japanese.

        >>> from scoring.words import say
        >>> say(GAME.shown({"by": "Ben", "play": "b3", "king": True}), "ja")
        '青3 キング'
        """
        line = super().shown(entry)
        if not isinstance(line, str):
            return line
        try:
            return fact("shown", line=line, full=self.format(entry))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):  # a stored entry of an odd shape
            return fact("shown", line=line)

    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        """Who wins a trick of cards like ``r7``, ``k2``, ``RA``, ``b3:king`` (the house rules from
        ``options["settings"]``)."""
        return arbiter.arbitrate(cards, dict(options.get("settings") or {}), lang)


GAME = Kings()
