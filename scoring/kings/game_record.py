"""Trick-by-trick KINGs records, replayed through the table tracker.

    {"game": "kings", "players": [...], "settings": {...},
     "draft": [{"by": "Aki", "king": "red"}, {"by": "Ben", "character": "Devil"}, ...],
     "rounds": [{"fronts": {"Aki": ["Healer"], ...}, "nine": ["Chie"],
                 "bids": {"Aki": [{"card": "Gambler", "bid": {"tricks": 2, "points": 50}}], ...},
                 "partners": {"Emi": "Aki"},
                 "plays": [{"play": "r5"}, {"play": "b3", "king": true}, {"lead": "Ben"},
                           {"hermit": "Dan"}, {"cheer": "Emi"}, ...]}]}

Two players draft every round: the round carries its own ``draft`` and ``devil``
(``{"by": "Ben", "color": "green"}``); the White King is drafted only with the expansion,
``"settings": {"two_player_white_king": true}``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from scoring.errors import RuleViolation
from scoring.kings.bids import bid_json, read_backs, read_bid
from scoring.kings.cards import character, code, parse
from scoring.kings.engine import (
    DRAFT,
    Header,
    State,
    apply,
    devil_chooser,
    draft_order,
    new_game,
)
from scoring.kings.events import (
    BidsRevealed,
    CardPlayed,
    CheerExchanged,
    DevilContracted,
    DraftPick,
    Event,
    FrontsRevealed,
    HermitDrew,
    LeadNamed,
)
from scoring.kings.scoring import round_details
from scoring.kings.settings import HouseRules
from scoring.kings.words import fact
from scoring.recordkit import at, bad, need_dict, need_int, need_list, need_str, only_keys, players_of, seat
from scoring.standings import Scored

HEADER = {
    *("game", "players", "settings", "king_numbers", "copies", "backs"),
    *("draft", "rounds", "version", "date", "notes"),
}


def is_game_record(record: dict) -> bool:
    """A record played trick by trick (a draft, or a round with plays or its own draft), not a
    scoresheet."""
    rounds = record.get("rounds")
    return "draft" in record or (
        isinstance(rounds, list) and any(isinstance(r, dict) and ("plays" in r or "draft" in r) for r in rounds)
    )


def _picks(obj: Any, s: State, events: list[Event]) -> State:
    for i, pick in enumerate(need_list(obj, "draft")):
        with at(f"draft[{i}]"):
            event = _pick(pick, s)
            s = apply(s, event)
            events.append(event)
    return s


def _pick(pick: Any, s: State) -> DraftPick:
    pick = need_dict(pick, "a pick")
    only_keys(pick, {"by", "king", "character"}, "a pick")
    who = seat(s.players, pick.get("by")) if "by" in pick else _drafter(s)
    king, char = (
        need_str(pick[k], f"the {k} picked") if pick.get(k) is not None else None for k in ("king", "character")
    )
    return DraftPick(who, king=king, character=char)


def _drafter(s: State) -> int:
    """Whose pick it is; a pick after the last one is refused, never guessed."""
    order = draft_order(s)
    if s.phase != DRAFT or len(s.picks) >= len(order):
        raise bad(fact("refused.record_draft_over"))
    return order[len(s.picks)]


def _numbers(obj: Any) -> dict[str, tuple[int, int]]:
    out = {}
    for color, pair in need_dict(obj, "king_numbers").items():
        pair = need_list(pair, f"{color}'s king numbers")
        if len(pair) != 2:
            raise bad(fact("refused.king_numbers"))
        out[color] = (int(pair[0]), int(pair[1]))
    return out


def opening(record: dict) -> State:
    """The table's state before a trick-by-trick record's first pick: its header read, or refused
    as ``replay_game`` refuses it."""
    only_keys(record, HEADER, "the record")
    players = players_of(record, 2, 5)
    with at("settings"):
        rules = HouseRules.from_dict(need_dict(record.get("settings", {}), "settings"))
    with at("king_numbers"):
        numbers = _numbers(record.get("king_numbers", {}))
    with at("copies"):
        copies = _copies(record.get("copies", {}))
    with at("backs"):
        backs = read_backs(record.get("backs", {}))
    return new_game(Header(players, rules, numbers, copies, backs))


def _copies(obj: Any) -> dict[str, int]:
    """The table's copy counts by character, each named in any language the data gives (its
    English name kept), a whole number from 0 to 9."""
    given = need_dict(obj, "copies").items()
    return {character(name).name: need_int(n, "a count of copies", 0, 9) for name, n in given}


def replay_game(record: dict) -> tuple[Header, list[Event], State]:
    """The game, its events and the table's state after them; refuses with the record path."""
    s = opening(record)
    game = s.game
    events: list[Event] = []
    if "draft" in record:
        s = _picks(record["draft"], s, events)
    with at("rounds"):
        rounds = need_list(record.get("rounds", []), "rounds")
    for r, obj in enumerate(rounds):
        with at(f"rounds[{r}]"):
            s = _round(need_dict(obj, "a round"), s, events)
    return game, events, s


def _round(obj: dict, s: State, events: list[Event]) -> State:
    only_keys(obj, {"draft", "devil", "fronts", "nine", "bids", "partners", "plays"}, "a round")
    if "draft" in obj:
        s = _picks(obj["draft"], s, events)
    if "devil" in obj:
        with at("devil"):
            event = _devil(obj["devil"], s)
            s = apply(s, event)
            events.append(event)
    if s.phase == DRAFT:
        if any(k in obj for k in ("fronts", "bids", "plays")):
            raise drafting()
        return s  # a session still drafting
    if "fronts" in obj:
        with at("fronts"):
            event = _fronts(obj, s)
            s = apply(s, event)
            events.append(event)
    if "bids" in obj:
        with at("bids"):
            event = _bids(obj, s)
            s = apply(s, event)
            events.append(event)
    for i, entry in enumerate(need_list(obj.get("plays", []), "plays")):
        with at(f"plays[{i}]"):
            event = _play(need_dict(entry, "a play"), s)
            s = apply(s, event)
            events.append(event)
    return s


def drafting() -> RuleViolation:
    """Why characters, bids or cards cannot come yet."""
    return bad(fact("refused.draft_unfinished"))


def _devil(obj: Any, s: State) -> DevilContracted:
    d = need_dict(obj, "devil")
    chooser = seat(s.players, d["by"]) if "by" in d else devil_chooser(s)
    return DevilContracted(chooser, need_str(d.get("color"), "a colour"))


def _fronts(obj: dict, s: State) -> FrontsRevealed:
    """A round's ``fronts`` (and ``nine``, the players who took the Berserker's 9) as an event."""
    players = s.players
    fronts = need_dict(obj["fronts"], "fronts")
    nine = {seat(players, p) for p in need_list(obj.get("nine", []), "nine")}
    return FrontsRevealed(
        tuple(tuple(need_str(c, f"{p}'s character") for c in need_list(fronts.get(p, []), p)) for p in players),
        tuple(p in nine for p in range(len(players))),
    )


def _bids(obj: dict, s: State) -> BidsRevealed:
    """A round's ``bids`` (and ``partners``, each Cheerleader's) as an event."""
    players = s.players
    bids = need_dict(obj["bids"], "bids")
    cards, made = [], []
    for me, p in enumerate(players):
        rows = need_list(bids.get(p, []), p)
        cards.append(tuple(need_str(need_dict(x, "a bid").get("card"), "the bid card") for x in rows))
        made.append(tuple(read_bid(x.get("bid"), players, me, 9) for x in rows))
    partners = need_dict(obj.get("partners", {}), "partners")
    return BidsRevealed(
        tuple(cards), tuple(made), tuple(seat(players, partners[p]) if p in partners else None for p in players)
    )


def _play(entry: dict, s: State) -> Event:
    players = s.players
    to_play = s.to_play if s.to_play is not None else -1
    if "lead" in entry:
        only_keys(entry, {"lead", "by"}, "a Ninja's choice")
        return LeadNamed(seat(players, entry["by"]) if "by" in entry else to_play, seat(players, entry["lead"]))
    if "hermit" in entry:
        return HermitDrew(seat(players, entry["hermit"]))
    if "cheer" in entry:
        return CheerExchanged(seat(players, entry["cheer"]))
    only_keys(entry, {"play", "by", "king", "sword", "declare", "gift"}, "a play")
    who = seat(players, entry["by"]) if "by" in entry else to_play
    return CardPlayed(
        who,
        parse(need_str(entry.get("play"), "a card")),
        king=bool(entry.get("king")),
        sword=bool(entry.get("sword")),
        declare=entry.get("declare"),
        gift=bool(entry.get("gift")),
    )


def to_record(game: Header, events: list[Event]) -> dict:
    """The trick-by-trick record of a game's events (``replay_game`` reads it back)."""
    players = game.players
    record: dict[str, Any] = {"game": "kings", "players": list(players)}
    if game.rules.changed():
        record["settings"] = game.rules.changed()
    rounds: list[dict] = []
    draft: list[dict] = []
    for e in events:
        if isinstance(e, DraftPick):
            pick = {"by": players[e.player], **({"king": e.king} if e.king else {"character": e.character})}
            draft.append(pick)
            continue
        if isinstance(e, DevilContracted):
            rounds.append({"draft": draft, "devil": {"by": players[e.player], "color": e.color}})
            draft = []
        elif isinstance(e, FrontsRevealed):
            if game.two:
                current = rounds[-1]
            else:
                if draft:
                    record["draft"] = draft
                    draft = []
                current = {}
                rounds.append(current)
            current["fronts"] = {p: list(f) for p, f in zip(players, e.fronts, strict=True)}
            takers = [players[p] for p, took in enumerate(e.berserker_nine) if took]
            if takers:
                current["nine"] = takers
        elif isinstance(e, BidsRevealed):
            rounds[-1]["bids"] = {
                p: [{"card": c, "bid": bid_json(b, players)} for c, b in zip(cs, bs, strict=True)]
                for p, cs, bs in zip(players, e.cards, e.bids, strict=True)
            }
            partners = {players[p]: players[q] for p, q in enumerate(e.partners) if q is not None}
            if partners:
                rounds[-1]["partners"] = partners
            rounds[-1]["plays"] = []
        elif isinstance(e, CardPlayed):
            play: dict[str, Any] = {"by": players[e.player], "play": code(e.card)}
            for flag in ("king", "sword", "gift"):
                if getattr(e, flag):
                    play[flag] = True
            if e.declare:
                play["declare"] = e.declare
            rounds[-1]["plays"].append(play)
        elif isinstance(e, LeadNamed):
            rounds[-1]["plays"].append({"by": players[e.player], "lead": players[e.lead]})
        elif isinstance(e, HermitDrew):
            rounds[-1]["plays"].append({"hermit": players[e.player]})
        elif isinstance(e, CheerExchanged):
            rounds[-1]["plays"].append({"cheer": players[e.player]})
    record["rounds"] = rounds
    return record


# --- a session's entries: one a line, as the table types them ---------------------------------

ENTRY_KEYS = ("pick", "devil", "fronts", "bids", "play", "lead", "hermit", "cheer")


def is_play(entry: dict) -> bool:
    """An entry of the trick-by-trick form (a scoresheet round has ``players``; a 2-player one
    also names its ``devil``).

    >>> is_play({"pick": {"king": "red"}}), is_play({"players": {}, "devil": "green"})
    (True, False)
    """
    return "players" not in entry and any(k in entry for k in ENTRY_KEYS)


def from_entries(entries: list[dict], two: bool) -> dict:
    """The ``draft`` and ``rounds`` of a game typed entry by entry: picks, (2 players: the Devil,)
    fronts, bids, then plays. Two players draft every round, so each round keeps its own draft.

    >>> from_entries([{"pick": {"king": "red"}}, {"pick": {"character": "Ninja"}}], two=False)
    {'draft': [{'king': 'red'}, {'character': 'Ninja'}], 'rounds': []}
    """
    out: dict = {}
    rounds: list[dict] = []
    draft: list[dict] = []
    layout = Layout()
    for e in entries:
        place, layout = layout.then(e, two)
        if place == "pick":
            draft.append(need_dict(e["pick"], "a pick"))
        elif place == "devil":
            rounds.append({"draft": draft, "devil": e["devil"]})
            draft = []
        elif place in ("fronts", "round"):
            if place == "round":  # 3-5 players: the draft is over; 2 players: a round without its Devil
                if draft and not two:
                    out["draft"] = draft
                    draft = []
                rounds.append({})
            rounds[-1]["fronts"] = e["fronts"]
            if e.get("nine"):
                rounds[-1]["nine"] = e["nine"]
        elif place == "bids":
            rounds[-1]["bids"] = e["bids"]
            if e.get("partners"):
                rounds[-1]["partners"] = e["partners"]
        else:
            rounds[-1].setdefault("plays", []).append(e)
    if draft:
        if two:
            rounds.append({"draft": draft})
        else:
            out["draft"] = draft
    out.setdefault("draft", [])  # marks the record as played trick by trick, even before the first pick
    out["rounds"] = rounds
    return out


@dataclass(frozen=True)
class Layout:
    """Where the record of a game typed trick by trick stands: how many ``rounds`` it has, and the
    parts of the last one (``last``: ``draft``, ``devil``, ``fronts``, ``bids``, ``plays``).
    ``from_entries`` and ``Played.then`` both place each entry with it, so an entry falls into the
    same round either way, and one that has no place is refused in the same words.

    >>> place, after = Layout(1, frozenset({"fronts"})).then({"bids": {}}, two=False)
    >>> place, after.rounds, sorted(after.last)
    ('bids', 1, ['bids', 'fronts'])
    >>> [Layout(1, frozenset({"draft", "devil"})).then({"fronts": {}}, two)[0] for two in (True, False)]
    ['fronts', 'round']
    """

    rounds: int = 0
    last: frozenset[str] = frozenset()

    def then(self, e: dict, two: bool) -> tuple[str, Layout]:
        """Where ``e`` goes (``pick``, ``devil``: a round of its own with the picks before it,
        ``fronts`` in the round its Devil started, ``round``: fronts that start a round, ``bids``,
        ``play``: a card or an action in the last round) and where the record stands after it."""
        if "pick" in e:
            if self.rounds and not two:  # 3-5 players draft once, before the first round
                raise drafted()
            return "pick", self
        if "devil" in e:
            return "devil", Layout(self.rounds + 1, frozenset({"draft", "devil"}))
        if "fronts" in e:
            if two and self.rounds and "fronts" not in self.last:  # the round its Devil started
                return "fronts", Layout(self.rounds, self.last | {"fronts"})
            return "round", Layout(self.rounds + 1, frozenset({"fronts"}))
        if not self.rounds:
            raise no_fronts() if "bids" in e else no_round()
        if "bids" in e:
            if "bids" in self.last:  # a second bids line would take the place of the first
                raise bids_before(self.rounds)
            return "bids", Layout(self.rounds, self.last | {"bids"})
        return "play", Layout(self.rounds, self.last | {"plays"})


def drafted() -> RuleViolation:
    return bad(fact("refused.draft_over"))


def no_fronts() -> RuleViolation:
    return bad(fact("refused.bids_after_fronts"))


def no_round() -> RuleViolation:
    return bad(fact("refused.draft_first"))


def bids_before(r: int) -> RuleViolation:
    """Why a second bids line is refused: round ``r``'s bids were revealed."""
    return RuleViolation("kings.rounds", fact("refused.bids_revealed", round=r))


def first_entry(e: dict) -> None:
    """What ``from_entries`` checks of a session's first entry before its record is read: a pick
    is an object, and nothing but a pick, the Devil or the characters can come first."""
    if "pick" in e:
        need_dict(e["pick"], "a pick")
    elif "bids" in e:
        raise no_fronts()
    elif "devil" not in e and "fronts" not in e:
        raise no_round()


@dataclass(frozen=True)
class Played:
    """A game typed trick by trick, so far: the table tracker's state, and where its record stands
    (``from_entries``), for the next entry to be read as the record reads it.

    ``layout`` is where the record stands (its rounds, the parts of the last one). Two players
    draft every round, and a round's picks join it only with its Devil: ``before`` is the state
    before those picks while there are any, which is where the record reads an entry it places in
    an earlier round."""

    state: State
    layout: Layout = Layout()
    before: State | None = None

    @property
    def table(self) -> State:
        """The table tracker's state, as ``Fresh`` and ``Sheet`` name theirs."""
        return self.state

    def then(self, e: dict) -> Played:
        """With one more entry (an object), refused as ``replay_game`` refuses the record of the
        entries with this one last."""
        s, two = self.state, self.state.game.two
        place, layout = self.layout.then(e, two)
        if place == "pick":
            pick = need_dict(e["pick"], "a pick")
            before = (s if self.before is None else self.before) if two else None
            return replace(self, state=apply(s, _pick(pick, s)), before=before)
        if place == "devil":  # a round of its own, with the picks before it
            return Played(apply(s, _devil(e["devil"], s)), layout)
        if place in ("fronts", "round"):
            obj = {"fronts": e["fronts"], **({"nine": e["nine"]} if e.get("nine") else {})}
            if place == "round" and (s if self.before is None else self.before).phase == DRAFT:  # picks of no round
                raise drafting()
            s = apply(s, _fronts(obj, s))
            return replace(self, state=s, layout=layout) if place == "fronts" else Played(s, layout)
        if place == "bids":
            obj = {"bids": e["bids"], **({"partners": e["partners"]} if e.get("partners") else {})}
            return replace(self, state=apply(s, _bids(obj, s)), layout=layout)
        # a card or an action, in the last round: read before any picks not yet in a round
        s = played(e, s if self.before is None else self.before)
        return replace(self, state=s, layout=layout)


def to_entries(record: dict) -> list[dict]:
    """The inverse of :func:`from_entries`: a trick-by-trick record as the entries a table types."""
    entries: list[dict] = [{"pick": p} for p in record.get("draft", [])]
    for r in record.get("rounds", []):
        entries += [{"pick": p} for p in r.get("draft", [])]
        if "devil" in r:
            entries.append({"devil": r["devil"]})
        if "fronts" in r:
            entries.append({"fronts": r["fronts"], **({"nine": r["nine"]} if "nine" in r else {})})
        if "bids" in r:
            entries.append({"bids": r["bids"], **({"partners": r["partners"]} if "partners" in r else {})})
        entries += r.get("plays", [])
    return entries


def read(record: dict) -> Scored:
    """A trick-by-trick record replayed: the standings and every round's score as its parts."""
    return scored_state(replay_game(record)[2])


def scored_state(s: State) -> Scored:
    """The standings and every round's score as its parts, from the table tracker's state."""
    details = round_details(s.players, s.scores)
    return Scored(s.standings(), details, finished=s.phase == "over")


def played(entry: Any, s: State) -> State:
    """A card played, a Ninja's lead, the Hermit's draw or the Cheerleader's exchange, applied."""
    return apply(s, _play(need_dict(entry, "a play"), s))
