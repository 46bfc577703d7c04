"""TRICKTAKERs KINGs as Companion knows it: the one object the app asks (see ``scoring.game``).

A session is either scoresheet rounds (``sheet Aki: fronts=Healer bid=2/50 …``, one round a line)
or a game typed trick by trick: the snake draft (``pick red``, ``pick Healer``), two players'
Devil (``devil green``), each round's ``fronts`` and ``bids``, then every card. A session without
``kings`` in its header and with 4 or 5 players is drafted; with ``kings`` (each player's king) it
is a scoresheet; a 2-player session takes the form of its first entry.

>>> p = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan", "Emi"]})
>>> GAME.to_play(p), [m.text for m in GAME.legal(p)][:3]
('Aki', ['pick white', 'pick red', 'pick blue'])
>>> p = GAME.apply(p, GAME.parse("pick Healer", p))
>>> GAME.to_play(p), GAME.format(p.entries[-1])
('Ben', 'pick Healer')

A scoresheet round is one line, and ``format`` writes it back:

>>> p = GAME.new({"players": ["Aki", "Ben"]})
>>> line = ("sheet devil=green Aki: drafted=red fronts=Healer,Gambler bid=3/70 tricks=6 won=r*4,b*3,g*2,k*3 "
...         "king Ben: drafted=blue fronts=Ninja,Samurai bid=3/60 tricks=3 won=b*2,g*4")
>>> p = GAME.apply(p, GAME.parse(line, p))
>>> GAME.format(p.entries[-1]) == line
True
>>> [(s.player, s.total) for s in GAME.standings(p).standings]
[('Aki', 160), ('Ben', 60)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.errors import RuleViolation
from scoring.game import Move, Option, Position, RecordGame
from scoring.kings import arbiter
from scoring.kings.cards import KING_COLORS, character, character_sections, code, kings, name
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
    legal,
    turn_actions,
)
from scoring.kings.events import LeadNamed
from scoring.kings.game_record import from_entries, is_game_record, is_play, replay_game, to_entries
from scoring.kings.moves import STARTS, action_move, bid_moves, flag_moves, front_moves
from scoring.kings.notation import line_for, parse_line
from scoring.kings.record import read
from scoring.kings.settings import HouseRules
from scoring.recordkit import need_dict
from scoring.rulestext import Section
from scoring.standings import Scored

_TWO_SETUP = (
    "28 cards (no 6s, 7s or 8s), 9 each. Every round, after the deal, draft a king and three "
    "characters each, alternately; an undrafted coloured king goes to the Devil.",
    "28枚（6・7・8を除く）、9枚ずつ配る。毎ラウンド配った後、交互にキング1枚とキャラ3枚ずつドラフトし、"
    "選ばれなかった色のキング1枚をデビルと契約する。",
)


class Kings(RecordGame):
    id = "kings"
    header_keys = frozenset({"players", "kings", "king_numbers", "settings"})
    house_rules = HouseRules

    def options(self, lang: str = "en") -> list[Option]:
        """``kings`` and ``king_numbers`` (header fields, left out by default), then the house rules.

        >>> [o.name for o in GAME.options()][:3]
        ['kings', 'king_numbers', 'king_vs_king']
        """
        header = [
            Option(
                "kings",
                None,
                'Each player\'s drafted king, for a scoresheet of 4 or 5 players: {"Aki": "red", …}. '
                "Left out when the game is played trick by trick with its draft, and with 2 players "
                "(each sheet round names its own king: drafted=red).",
                'スコアシート（4・5人）で各自がドラフトしたキング：{"Aki": "red", …}。1トリックずつドラフト'
                "から記録するとき、また2人戦（各ラウンドの行に drafted=red）では書きません。",
                KING_COLORS,
                house_rule=False,
            ),
            Option(
                "king_numbers",
                None,
                "The king numbers printed on your own cards, where a tie depends on them (the data's are "
                'unverified placeholders): a scoresheet gives each player\'s at the end {"Aki": 4}, a game '
                'played trick by trick each colour\'s front and used side {"red": [4, 9]}.',
                "同点の決着に使うキングナンバー（データの値は未確認の仮の値）：スコアシートは各自の最終値 "
                '{"Aki": 4}、1トリックずつの記録は色ごとの表と裏 {"red": [4, 9]}。',
                house_rule=False,
            ),
        ]
        return header + super().options(lang)

    def setup(self, players: int, lang: str = "en") -> str:
        """The box's setup; two players draft every round.

        >>> GAME.setup(2)[:35]
        '28 cards (no 6s, 7s or 8s), 9 each.'
        """
        if players == 2:
            return _TWO_SETUP[1] if lang == "ja" else _TWO_SETUP[0]
        return super().setup(players, lang)

    # records ---------------------------------------------------------------------------------
    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """Scoresheet rounds as they are, or a game typed trick by trick folded into its ``draft``
        and ``rounds``. An empty session is drafted unless its header names the ``kings`` or it has
        2 players (then its first entry decides)."""
        record: dict[str, Any] = {"game": self.id, **self.header_of(header)}
        rows = [need_dict(e, "an entry") for e in entries]
        players = header.get("players", [])
        by_trick = is_play(rows[0]) if rows else ("kings" not in header and len(players) != 2)
        if by_trick:
            record.update(from_entries(rows, len(players) == 2))
        else:
            record["rounds"] = rows
        return record

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        header = self.header_of(record)
        record = dict(record)
        return header, to_entries(record) if is_game_record(record) else list(record.get("rounds", []))

    def read(self, record: Mapping[str, Any], lang: str = "en") -> Scored:
        return read(dict(record), lang)

    def rules(self, lang: str = "en") -> tuple[Section, ...]:
        """The rules text, then one section per character and item (``kings.character.ninja``)."""
        return (*super().rules(lang), *character_sections(lang))

    # the table -------------------------------------------------------------------------------
    def state(self, position: Position) -> State | None:
        """The table tracker's state of a game played trick by trick (None for a scoresheet)."""
        record = dict(position.record)
        if not is_game_record(record):
            return None
        return replay_game(record)[2]

    def _table(self, position: Position) -> State | None:
        """The state the next entry meets: a 2-player session with nothing recorded may still
        become either form, and a first pick makes it a drafted game."""
        s = self.state(position)
        if s is None and not position.entries and "kings" not in position.header:
            try:
                s = replay_game({"game": self.id, **position.header, "draft": []})[2]
            except RuleViolation:  # a header only a scoresheet reads (king_numbers by player)
                return None
        return s

    def to_play(self, position: Position) -> str | None:
        """Who picks in the draft, who contracts a king to the Devil (two players), or who plays the
        next card; None for a scoresheet and while characters and bids are turned up together. Two
        players with nothing recorded yet: the first drafter (a ``sheet`` line ignores it).

        >>> players = ["Aki", "Ben", "Chie", "Dan"]
        >>> sheet = GAME.new({"players": players, "kings": dict(zip(players, ["red", "blue", "green", "black"]))})
        >>> GAME.to_play(GAME.new({"players": players})), GAME.to_play(sheet)
        ('Aki', None)
        """
        s = self._table(position)
        if s is None:
            return None
        if s.phase == DRAFT:
            return s.players[draft_order(s)[len(s.picks)]]
        if s.phase == DEVIL:
            return s.players[devil_chooser(s)]
        if s.phase == PLAY and s.to_play is not None:
            return s.players[s.to_play]
        return None

    def legal(self, position: Position, typed: str = "", lang: str = "en") -> list[Move]:
        """What may be typed next in a game played trick by trick (the engine's ``draft_choices``,
        ``devil_colors``, ``front_choices``, ``nine_choices``, ``bid_choices``, ``partner_choices``,
        ``legal`` and ``turn_actions``): in the draft ``pick red`` · ``pick Healer``; two players'
        Devil ``devil green``; in play the cards the player to play may play, then ``lead NAME``,
        ``hermit``, ``cheer`` when their characters allow. After a typed card (``b3``): the words that
        may follow it (``king``, ``sword``, ``gift``, a declaration); after ``pick``, ``devil`` or
        ``lead``: the one word to complete it. A scoresheet round has no list ([]).

        Everyone turns up characters, then bids, at once, so those lines need words after their
        first: with nothing typed ``fronts`` (or ``bids``) is offered; after it, each player's part
        still to type, ``Aki=Healer`` (two players ``Aki=Healer,Gambler``), then ``nine=NAME`` for a
        player with a Berserker in play; after ``bids``, ``Aki=Healer:2/50``, ``Ben=Neme:copy:Aki``,
        ``Chie=Devil:miss``, ``Emi=Cheerleader:bond:Ben`` (two players in round 3 two cards joined by
        ``+``), then ``partner=EMI:NAME`` for a Cheerleader in play. A bid of tricks is offered with
        the points the data knows (two confirmed backs, the rest placeholders): type your card's.
        The line is complete once every player has a part; a choice that would leave another player
        no bid is not offered.

        >>> players = ["Aki", "Ben", "Chie", "Dan"]
        >>> p = GAME.new({"players": players})
        >>> for line in ["pick red", "pick blue", "pick green", "pick black", "pick Healer", "pick Gambler",
        ...              "pick Ninja", "pick Devil", "pick Neme", "pick Maru", "pick Hermit", "pick Samurai",
        ...              "pick Berserker", "pick Resistance", "pick Collector", "pick Healer", "pick Berserker",
        ...              "pick Ninja", "pick Samurai", "pick Resistance"]:
        ...     p = GAME.apply(p, GAME.parse(line, p))
        >>> [m.text for m in GAME.legal(p)], [m.text for m in GAME.legal(p, "fronts")][:5]
        (['fronts'], ['Aki=Devil', 'Aki=Neme', 'Aki=Healer', 'Aki=Berserker', 'Ben=Ninja'])
        >>> [m.text for m in GAME.legal(p, "fronts Aki=Berserker Ben=Ninja Chie=Hermit")]
        ['Dan=Healer', 'Dan=Samurai', 'Dan=Berserker', 'Dan=Resistance', 'nine=Aki']
        >>> p = GAME.apply(p, GAME.parse("fronts Aki=Berserker Ben=Ninja Chie=Hermit Dan=Healer nine=Aki", p))
        >>> [m.text for m in GAME.legal(p, "bids")][:9]
        ['Aki=Devil:miss', 'Aki=Neme:0/50', 'Aki=Neme:1/40', 'Aki=Neme:2/50', 'Aki=Neme:3/60', 'Aki=Neme:3/70', \
'Aki=Neme:4/90', 'Aki=Neme:copy:Ben', 'Aki=Neme:copy:Chie']

        Aki copies Ben's bid, so Ben's is a number of tricks, and Dan may copy Ben's or Chie's:

        >>> moves = GAME.legal(p, "bids Aki=Neme:copy:Ben Ben=Collector:2/50 Chie=Gambler:1/40")
        >>> [(m.text, m.label) for m in moves if "copy" in m.text or "3/" in m.text][:4]
        [('Dan=Samurai:3/60', 'Dan: Samurai, 3 tricks for 60 points'), \
('Dan=Samurai:3/70', 'Dan: Samurai, 3 tricks for 70 points'), \
('Dan=Samurai:copy:Ben', "Dan: Samurai, a Copy of Ben's bid"), \
('Dan=Samurai:copy:Chie', "Dan: Samurai, a Copy of Chie's bid")]
        >>> GAME.legal(p, "bids Aki=Neme:copy:Ben Ben=Collector:copy:Chie")  # a Copy of a Copy: no way on
        []
        """
        s = self._table(position)
        if s is None:
            return []
        words = typed.split()
        head = words[0].lower() if words else ""
        ja = lang == "ja"
        if s.phase == DRAFT and head in ("", "pick") and len(words) <= 1:
            free_kings, chars = draft_choices(s)
            moves = [Move(f"pick {c}", kings()[c].name_ja if ja else kings()[c].name) for c in free_kings]
            moves += [Move(f"pick {c}", character(c).name_ja if ja else c) for c in chars]
        elif s.phase == DEVIL and head in ("", "devil") and len(words) <= 1:
            moves = [Move(f"devil {c}", kings()[c].name_ja if ja else kings()[c].name) for c in devil_colors(s)]
        elif s.phase == PLAY and not words:
            moves = [Move(code(c), name(c, lang)) for c in legal(s)]
            moves += [action_move(s, a, lang) for a in turn_actions(s)]
        elif s.phase == FRONTS and head in ("", "fronts"):
            return front_moves(s, words[1:], lang) if words else [Move("fronts", STARTS["fronts"][ja])]
        elif s.phase == BIDS and head in ("", "bids"):
            return bid_moves(s, words[1:], lang) if words else [Move("bids", STARTS["bids"][ja])]
        elif s.phase == PLAY and head == "lead" and len(words) == 1:
            moves = [
                Move(f"lead {s.players[a.lead]}", s.players[a.lead])
                for a in turn_actions(s)
                if isinstance(a, LeadNamed)
            ]
        elif s.phase == PLAY:
            return flag_moves(s, words, lang)
        else:
            return []
        if words:  # the rest of a line begun with its first word
            return [Move(m.text.split(" ", 1)[1], m.label) for m in moves]
        return moves

    # notation --------------------------------------------------------------------------------
    def parse_line(self, line: str, position: Position) -> Any:
        return parse_line(line, self.to_play(position))

    def format(self, entry: Any) -> str:
        return line_for(entry)

    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        """Who wins a trick of cards like ``r7``, ``k2``, ``RA``, ``b3:king`` (the house rules from
        ``options["settings"]``)."""
        return arbiter.arbitrate(cards, dict(options.get("settings") or {}), lang)


GAME = Kings()
