"""Sheriff as Companion knows it: the one object the app asks (see ``scoring.game``).

What the table is told is facts (``scoring.sheriff.words``), worded for each viewer.

A session is a list of deals: a whole deal as a scoresheet line (``sheet …``), or a deal played
card by card (``deal joker=… NAME=role … trump=…`` then each card).

>>> from scoring.words import say, say_all
>>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
>>> [m.text for m in GAME.completions(p)], [m.text for m in GAME.completions(p, "deal")]
(['deal', 'sheet'], ['joker=Aki', 'joker=Ben', 'joker=Chie'])
>>> p = GAME.apply(p, GAME.parse("deal joker=b a=m b=s trump=s", p))
>>> GAME.format(p.entries[-1])
'deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades'
>>> GAME.to_play(p), len(GAME.completions(p)), say(GAME.prompt(p))
('Aki', 20, 'Aki leads trick 1')
>>> q = GAME.apply(p, GAME.parse("Kh", p))
>>> say_all(GAME.told(p, q)), say(GAME.prompt(q))
(['Aki leads the K of hearts.'], 'Ben to play — hearts led')
>>> [m.text for m in GAME.completions(q)][:3], "JO" in [m.text for m in GAME.completions(q)]
(['Ah', 'Qh', 'Jh'], True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from scoring.board import Board
from scoring.errors import RuleViolation
from scoring.game import Completion, Position, RecordGame
from scoring.recordkit import need_dict
from scoring.sheriff import arbiter, told
from scoring.sheriff.board import sheriff_board
from scoring.sheriff.cards import card, code, parse, suits
from scoring.sheriff.engine import OVER, ROLES, TRICK, HouseRules, State, legal
from scoring.sheriff.likely import ordered
from scoring.sheriff.notation import line_for, parse_line, player, role
from scoring.sheriff.record import card_played, deal_over, next_deal, no_deal, opening, read, scored_state
from scoring.standings import Scored
from scoring.words import Fact, Words, teller

fact = teller("sheriff")

KEYWORDS = ("deal", "sheet")


class Sheriff(RecordGame):
    id = "sheriff"
    header_keys = frozenset({"players", "settings"})
    house_rules = HouseRules
    kinds: ClassVar[Mapping[str, str]] = {"deal": "deal", "captured": "scoresheet"}  # else a card
    scored_from = ("scores",)  # a deal's start or a card scores nothing

    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """Whole deals as they are, or a deal played card by card: ``{"deal": {joker, roles,
        trump}}`` then ``{"play": CARD}`` entries."""
        deals: list[dict] = []
        for e in (need_dict(e, "an entry") for e in entries):
            place = _place(e, _written(deals[-1]) if deals else None)
            if place == "deal":
                deals.append({**need_dict(e["deal"], "deal"), "plays": []})
            elif place == "play":
                deals[-1]["plays"].append(e["play"])
            else:  # a scoresheet deal, or a whole deal (its own plays are copied: more may follow)
                deals.append({**e, "plays": list(e["plays"])} if isinstance(e.get("plays"), list) else e)
        return {"game": self.id, **self._header(header), "deals": deals}

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        """A deal played card by card becomes its start and its cards, as a table types them; a
        scoresheet deal stays one entry.

        >>> deal = {"joker": "Ben", "roles": {"Aki": "mayor", "Ben": "sheriff", "Chie": "robber"},
        ...         "trump": "none", "tricks": [["Kh", "Ah", "Qh"]]}
        >>> [GAME.format(e) for e in GAME.split({"players": ["Aki", "Ben", "Chie"], "deals": [deal]})[1]]
        ['deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=none', 'Kh', 'Ah', 'Qh']
        """
        header = self._header(record)
        entries: list[Any] = []
        for deal in record.get("deals", []):
            cards = _cards_of(deal)
            if cards is None:
                entries.append(deal)
                continue
            entries.append({"deal": {k: deal[k] for k in ("joker", "roles", "trump") if k in deal}})
            entries += [{"play": c} for c in cards]
        return header, entries

    def read(self, record: Mapping[str, Any]) -> Scored:
        return read(dict(record))

    # the rules: the tracker's state, a deal or a card at a time
    def start(self, header: Mapping[str, Any]) -> State:
        return opening(self.record(header, ()))

    def step(self, state: State, entry: Any) -> State:
        """A deal's start, its next card, or a whole deal (a scoresheet deal, or one given trick by
        trick), on the tracker's state; refused as the record with the entry last is refused."""
        e = need_dict(entry, "an entry")
        last = "cards" if state.phase == TRICK else None if not state.scores else "sheet" if state.sheet else "tricks"
        place = _place(e, last)
        if place == "deal":
            return next_deal({**need_dict(e["deal"], "deal"), "plays": []}, state)
        if place == "play":
            return card_played(e["play"], state)
        return next_deal(e, state)

    def score(self, state: State) -> Scored:
        return scored_state(state)

    def turn(self, state: State) -> str | None:
        return state.players[state.to_play] if state.to_play is not None else None

    def completions(self, position: Position, typed: str = "") -> list[Completion]:
        """What may be typed next.

        In a deal: the cards the player to play could still hold, the most likely first (after a
        lead the led suit's, so a rank and Enter play the led suit's card; ``likely``). Between
        deals: ``deal`` (or ``sheet``), then its words one at a time — who holds the Joker, each
        player's role in seat order (the third is the one left: it may be left out), trump.

        >>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
        >>> [m.text for m in GAME.completions(p, "deal joker=Ben Aki=mayor")]
        ['Ben=sheriff', 'Ben=robber']
        >>> [m.text for m in GAME.completions(p, "deal joker=Ben Aki=mayor Ben=robber")][:3]
        ['Chie=sheriff', 'trump=none', 'trump=spades']
        >>> [m.text for m in GAME.completions(p, "deal joker=Ben c=")], [m.text for m in GAME.completions(p, "sheet")]
        (['mayor', 'sheriff', 'robber'], ['Aki=mayor:', 'Aki=sheriff:', 'Aki=robber:'])
        """
        s = position.state
        line = typed.strip()
        if s.phase == TRICK:
            return [] if line else [Completion(code(c), card(c)) for c in ordered(s, legal(s))]
        if s.phase == OVER or position.finished:
            return []
        if not line:
            return [Completion("deal", Fact("sheriff.deal_by_card")), Completion("sheet", Fact("sheriff.deal_sheet"))]
        words = line.split()
        first = words[0].lower()
        if first not in KEYWORDS:
            return []
        try:
            return _setup_words(s.players, first, words[1:])
        except RuleViolation:  # a word that names nobody (yet): nothing to offer
            return []

    # what the table is told
    def told(self, before: Position, after: Position) -> list[Words]:
        """Who played, who took the trick and why; a deal's points; a tie at the top at the
        target, which lets the game go on; the winner.

        >>> from scoring.words import say, say_all
        >>> p = GAME.replay({"players": ["Aki", "Ben", "Chie"]}, [])
        >>> q = GAME.apply(p, GAME.parse("sheet Aki=mayor:Q*4,J*3 Ben=sheriff:A,K*3 Chie=robber:10*2 trump=s", p))
        >>> say_all(GAME.told(p, q))
        ['Deal 1 scores Aki 4, Ben 3, Chie 2. Totals: Aki 4, Ben 3, Chie 2.']
        """
        if len(after.entries) <= len(before.entries):
            return []
        was, now = before.state, after.state
        players, entry = now.players, after.entries[-1]
        lines: list[Words] = []
        if isinstance(entry, Mapping) and "deal" in entry and now.phase == TRICK:
            lines.append(told.deal_started(players, now.deal, now.roles, now.trump, now.joker))
        elif isinstance(entry, Mapping) and "play" in entry and was.phase == TRICK:
            me = was.to_play
            card = parse(str(entry["play"]))
            trick = (*was.trick, (me, card))
            if len(trick) < 3:
                lines.append(told.played(players, trick, was.trump))
            else:
                lines.append(told.took(players, trick, was.trump, was.tricks_done + 1))
        if len(now.scores) > len(was.scores):
            lines.append(told.deal_points(players, len(now.scores), now.scores[-1], now.totals()))
            ending = told.top(players, now.totals(), now.game.rules.target, now.phase == OVER)
            if ending:
                lines.append(ending)
        return lines

    def prompt(self, position: Position) -> Words:
        """What comes next: who plays and what was led, the next deal's line, or the winner.

        >>> from scoring.words import say, say_all
        >>> say(GAME.prompt(GAME.new({"players": ["Aki", "Ben", "Chie"]})), "ja")
        '第1ディール：ジョーカーの持ち主・役割・切り札、または得点表'
        """
        s = position.state
        if s.phase == OVER:
            return told.top(s.players, s.totals(), s.game.rules.target, True)
        if s.phase == TRICK:
            return told.to_play(s.players, s.trick, s.to_play, s.tricks_done + 1)
        return told.next_deal(len(s.scores) + 1)

    def board(self, position: Position) -> Board:
        """The deal as it is played (``scoring.sheriff.board``), or the last deal worked out."""
        return sheriff_board(position.state)

    def variant(self, header: Mapping[str, Any]) -> Words:
        """The target, when the table plays to another than 8.

        >>> from scoring.words import say, say_all
        >>> say(GAME.variant({"players": ["A", "B", "C"], "settings": {"target": 12}})), say(GAME.variant({}), "ja")
        ('target 12', '')
        """
        target = (header.get("settings") or {}).get("target", HouseRules().target)
        if target == HouseRules().target:
            return ""
        return Fact("sheriff.target", target=target)

    # notation
    def parse_line(self, line: str, position: Position) -> Any:
        """A line as the table types it; ``Ben: Ks`` (a card with who plays it, as a paper
        scoresheet writes it) is the card, once it is Ben's turn: out of turn it says whose turn it
        is, not how to type a card.

        >>> from scoring.errors import RuleViolation
        >>> start = GAME.replay({"players": ["Aki", "Ben", "Chie"]}, [])
        >>> dealt = GAME.replay(start.header, [GAME.parse("deal joker=b a=m b=s trump=s", start)])
        >>> GAME.parse("aki: Ks", dealt)
        {'play': 'Ks'}
        >>> try:
        ...     GAME.parse("Ben: Ks", dealt)
        ... except RuleViolation as err:
        ...     print(err.message())
        It is Aki's turn to play, not Ben's.
        """
        players = position.header.get("players")
        who, colon, rest = line.strip().partition(":")
        if colon and who and " " not in who.strip() and rest.strip() and not who.strip().lower().startswith("sheet"):
            named = player(who.strip(), players, line)
            s = position.state
            turn = s.players[s.to_play] if s.to_play is not None else named
            if turn != named:
                raise RuleViolation("sheriff.turn", fact("refused.not_your_turn", player=named, turn=turn))
            line = rest
        return parse_line(line, players)

    def format(self, entry: Any) -> str:
        return line_for(entry)

    def shown(self, entry: Any) -> Words:
        """An entry as the log lists it: its typed line; in Japanese its words and cards in Japanese.

        >>> from scoring.words import say
        >>> say(GAME.shown({"play": "Kh"}), "ja"), say(GAME.shown({"play": "Kh"}))
        ('ハートのK', 'Kh')
        """
        line = super().shown(entry)
        return Fact("sheriff.shown", line=line) if isinstance(line, str) else line

    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        return arbiter.arbitrate(cards, options.get("trump"), lang)


def _setup_words(players: Sequence[str], first: str, words: list[str]) -> list[Completion]:
    """The next word of a ``deal`` or ``sheet`` line, or the value after ``NAME=``."""
    line = " ".join([first, *words])
    sheet = first == "sheet"
    chosen = _Chosen()
    for i, word in enumerate(words):
        key, eq, value = word.partition("=")
        if not eq:
            return []
        if i == len(words) - 1 and not value:  # NAME= or joker= : its values
            return _values_of(players, sheet, key, chosen.roles, line)
        chosen.take(players, sheet, key, value, line)
    return _next_words(players, sheet, chosen)


@dataclass
class _Chosen:
    """What the words of a ``deal`` or ``sheet`` line typed so far have given."""

    joker: str | None = None
    trump: str | None = None
    roles: dict[str, str] = field(default_factory=dict)

    def take(self, players: Sequence[str], sheet: bool, key: str, value: str, line: str) -> None:
        """One ``KEY=VALUE`` word: the joker's holder (a deal only), the trump, or a player's role."""
        lowered = key.lower()
        if lowered == "joker" and not sheet:
            self.joker = player(value, players, line)
        elif lowered == "trump":
            self.trump = value
        else:
            self.roles[player(key, players, line)] = role(value.partition(":")[0], line)


def _values_of(players: Sequence[str], sheet: bool, key: str, roles: dict[str, str], line: str) -> list[Completion]:
    """The values after ``KEY=``: the players for the joker (a deal only), the trumps, or the roles
    no other player has taken."""
    lowered = key.lower()
    if lowered == "joker" and not sheet:
        return [Completion(p, Fact("sheriff.holds_joker", player=p)) for p in players]
    if lowered == "trump":
        return [Completion(t, _trump_label(t)) for t in _trumps()]
    who = player(key, players, line)
    left = [r for r in ROLES if r not in roles.values() or roles.get(who) == r]
    return [Completion(r + (":" if sheet else ""), told.role_name(r)) for r in left]


def _next_words(players: Sequence[str], sheet: bool, chosen: _Chosen) -> list[Completion]:
    """The words still to type after complete ones: the joker's holder (a deal), the first player
    without a role, then the trump (a deal)."""
    if not sheet and chosen.joker is None:
        return [Completion(f"joker={p}", Fact("sheriff.holds_joker", player=p)) for p in players]
    moves: list[Completion] = []
    missing = [p for p in players if p not in chosen.roles]
    if missing:
        who = missing[0]
        left = [r for r in ROLES if r not in chosen.roles.values()]
        moves = [Completion(f"{who}={r}" + (":" if sheet else ""), _role_label(who, r)) for r in left]
        if sheet or len(missing) > 1:
            return moves
    if chosen.trump is None:
        moves += [Completion(f"trump={t}", _trump_label(t)) for t in _trumps()]
    return moves


def _role_label(who: str, role: str) -> Fact:
    return Fact("sheriff.role_of", player=who, role=told.role_name(role))


def _trumps() -> list[str]:
    return ["none", *(s["id"] for s in suits())]


def _trump_label(t: str) -> Fact:
    if t == "none":
        return Fact("sheriff.suit", suit=None)
    suit = next(i for i, s in enumerate(suits()) if s["id"] == t)
    return Fact("sheriff.trump_is", suit=Fact("sheriff.suit", suit=suit))


def _cards_of(deal: Any) -> list[Any] | None:
    """The cards of a deal played card by card, in play order (None for a scoresheet deal)."""
    if not isinstance(deal, dict):
        return None
    if isinstance(deal.get("plays"), list):
        return list(deal["plays"])
    tricks = deal.get("tricks")
    if isinstance(tricks, list) and all(isinstance(t, list) for t in tricks):
        return [c for trick in tricks for c in trick]
    return None


GAME = Sheriff()


def _written(deal: Mapping[str, Any]) -> str:
    """What sort of deal a record's deal is, for ``_place``."""
    return "cards" if "plays" in deal else "tricks" if "tricks" in deal else "sheet"


def _place(entry: dict, last: str | None) -> str:
    """Where an entry goes after the deals before it, the last one ``last``: none yet (None), a
    scoresheet deal (``sheet``), one that takes cards (``cards``: started, or given by its plays) or
    one whose 7 tricks are all given or played (``tricks``). A deal's start (``deal``), a card of the
    last deal (``play``) or a whole deal (``whole``: a scoresheet deal, or one given whole). ``step``
    and ``record`` both ask it, so a card with no deal to go to is refused in the same words."""
    if "deal" in entry:
        return "deal"
    if "play" not in entry:
        return "whole"
    if last == "tricks":
        raise deal_over()  # its 7 tricks are played
    if last is None or last == "sheet":
        raise no_deal()  # no deal played card by card to add it to
    return "play"
