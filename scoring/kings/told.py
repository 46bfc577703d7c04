"""What the KINGs table is told: what the last entry did (``told``), what comes next (``prompt``)
and the options a session was started with (``variant``), as facts (``scoring.words``) that the
catalogue in :mod:`scoring.kings.words` says in English or Japanese at the edge.

Everything said here is public at the table: the cards played face up, the characters turned up,
the bids revealed, the scores. A Hermit's draw or a Cheerleader's trade is told as an action, never
as the cards that changed hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.kings.cards import BLACK, COLORS, character, color_of, is_flag, parse
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
from scoring.kings.trick import FLAG, KING, LEAD, RARE, TRUMP, Play, lead_color, strength, winning_play
from scoring.kings.words import fact
from scoring.standings import Standings
from scoring.words import Fact, Words, listed


def card(c: int) -> Fact:
    """A card by its name in the viewer's language: ``red 7``, ``赤7``."""
    return fact("card", card=c)


def color(name: str) -> Fact:
    """A colour: ``red``, ``赤``."""
    return fact("color", color=name)


def king(name: str) -> Fact:
    """A king as a sentence names it: ``the Red King``, ``赤のキング`` (from the data)."""
    return fact("king", color=name)


def char(name: str) -> Fact:
    """A character by its English name, said in the viewer's language (``Healer``, ``ヒーラー``)."""
    return fact("character", name=name)


# --- a card and why it wins ----------------------------------------------------------------------------


def card_words(play: Play, gift: bool) -> Fact:
    """A card as it was played, with what was put on it: "the blue king on the blue 3",
    "the red 1 declared a 9", "青4（キングの剣）"."""
    king_on = color(play.king) if play.king else None
    return fact("played", card=card(play.card), king=king_on, sword=play.sword, declare=play.declare, gift=gift)


def why(plays: Sequence[Play], players: Sequence[str], rules: HouseRules) -> Fact:
    """Why the winning card of a whole trick wins, with what changed its strength: a king on it,
    the King's Sword, a Samurai's red, a Resistance's declaration, black over the colour led.

    >>> from scoring.kings.cards import parse
    >>> from scoring.words import say
    >>> players = ("Aki", "Ben", "Chie", "Dan")
    >>> trick = [Play(0, parse("b6")), Play(1, parse("r2"), samurai=True), Play(2, parse("b9")), Play(3, parse("g5"))]
    >>> say(why(trick, players, HouseRules()))
    "the red 2: red is as strong as black under Ben's Samurai"
    >>> say(why(trick, players, HouseRules()), "ja")
    '赤2、サムライで赤が黒と同じ強さ'
    >>> say(why([Play(0, parse("r7")), Play(1, parse("b4"), sword=True)], players, HouseRules()))
    "the blue 4 under the King's Sword: the King's Sword gives it a Rare's strength"
    """
    lead = lead_color(plays)
    flag = any(is_flag(p.card) and p.declare != "rare" for p in plays)
    i = winning_play(plays, rules)
    w = plays[i]
    kind, rank = strength(w, lead, flag, rules)
    reason = _REASONS.get(kind, _no_reason)(w, plays, lead, players[w.player], rules)
    equal = [p for j, p in enumerate(plays) if j != i and strength(p, lead, flag, rules) == (kind, rank)]
    cancelled = [p for p in plays if p is not w and _samurai_cancelled(p, flag, rules)]
    return fact(
        "why",
        card=card_words(w, False),
        reason=reason,
        rank=rank if rank and w.declare in ("nine", "one") else None,
        before=players[equal[0].player] if equal and kind not in (KING, FLAG) else None,
        cancelled=players[cancelled[0].player] if cancelled else None,
    )


def _samurai_cancelled(p: Play, flag: bool, rules: HouseRules) -> bool:
    """A Samurai's red that a White Flag in the trick made plain red again (house rule)."""
    return p.samurai and color_of(p.card) == "red" and rules.samurai_cancelled_by_flag and flag


# why the winning card wins, one function per kind of strength: (the card, the trick, the colour led,
# its player, the house rules)


def _king_wins(w: Play, plays: Sequence[Play], lead: int | None, who: str, rules: HouseRules) -> Fact:
    """A king on it; with several kings, the earlier or the later one (house rule)."""
    if sum(1 for p in plays if p.king) > 1:
        return fact("why.later_king" if rules.king_vs_king == "later" else "why.earlier_king")
    return fact("why.king")


def _rare_wins(w: Play, plays: Sequence[Play], lead: int | None, who: str, rules: HouseRules) -> Fact:
    """A Rare's strength: the King's Sword, a Resistance declaring a Rare, or a Rare itself."""
    if w.sword:
        return fact("why.sword")
    if is_flag(w.card):
        return fact("why.resistance")
    return fact("why.rare")


def _trump_wins(w: Play, plays: Sequence[Play], lead: int | None, who: str, rules: HouseRules) -> Fact:
    """Black's strength: a Samurai's red, black led, or black over the colour led."""
    if w.samurai and color_of(w.card) == "red":
        return fact("why.samurai", who=who)
    if lead == BLACK:
        return fact("why.black_led")
    return fact("why.black")


def _lead_wins(w: Play, plays: Sequence[Play], lead: int | None, who: str, rules: HouseRules) -> Fact:
    """The highest of the colour led."""
    return fact("why.lead", color=color(COLORS[lead]))  # type: ignore[index]


def _flags_win(w: Play, plays: Sequence[Play], lead: int | None, who: str, rules: HouseRules) -> Fact:
    """White Flags only."""
    return fact("why.flags")


def _no_reason(w: Play, plays: Sequence[Play], lead: int | None, who: str, rules: HouseRules) -> Fact:
    """A card of another colour never wins a trick with a colour led."""
    return fact("why.none")  # pragma: no cover


_REASONS = {KING: _king_wins, RARE: _rare_wins, TRUMP: _trump_wins, LEAD: _lead_wins, FLAG: _flags_win}


# --- what the last entry did ----------------------------------------------------------------------------


def _bid_words(b: Bid, players: Sequence[str], scored: bool = False) -> Fact:
    """A revealed bid: "2 tricks", "bid miss", "a Copy of Ben", "a Bond with Emi" (once scored:
    "bid 2")."""
    if b.kind == "tricks":
        return fact("bid.scored" if scored else "bid.tricks", tricks=b.tricks)
    if b.kind == "devil_miss":
        return fact("bid.miss")
    other = players[b.other] if b.other is not None else "?"
    return fact("bid.copy" if b.kind == "copy" else "bid.bond", other=other)


def round_told(s: State) -> Fact:
    """A round just scored: each player's tricks, bid made or missed, and the round's points.

    (See ``tests/engines/test_kings_table.py`` for a whole round.)"""
    players = s.players
    rows, _ = s.summaries[-1]
    parts = []
    for p, who in enumerate(players):
        score, row = s.scores[-1][p], rows[p]
        parts.append(
            fact(
                "round_row",
                who=who,
                tricks=row.tricks,
                count=score.count if score.count != row.tricks else None,
                bids=tuple(_bid_words(b, players, scored=True) for b in row.bids),
                made=score.bid_success,
                total=score.total,
            )
        )
    return fact("round_scored", round=len(s.scores), rows=tuple(parts))


def standing_told(table: Standings, over: bool, seats: Sequence[str] = ()) -> list[Words]:
    """The winner once the game is over; a tie at the top while it goes on (named in ``seats``
    order)."""
    rows = table.places
    if not rows:
        return []
    top = rows[0].total
    level = [s.player for s in rows if s.total == top]
    if not over and seats:
        level.sort(key=lambda p: seats.index(p) if p in seats else len(seats))
    if not over:
        if len(level) > 1:
            return [fact("tie_top", players=listed(level), top=top)]
        return []
    winners = [s.player for s in rows if s.rank == 1]
    if len(winners) > 1:
        return [fact("share_win", players=listed(winners), top=top)]
    if len(level) > 1:
        others = [p for p in level if p != winners[0]]
        return [fact("wins_on_king_number", winner=winners[0], top=top, others=listed(others))]
    return [fact("wins", winner=winners[0], top=top)]


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


def entry_told(before: State, after: State, entry: Mapping[str, Any]) -> list[Words]:
    """What one entry of a game played trick by trick did, in table words."""
    for key, told in _TOLD:
        if key in entry:
            return told(before, after, entry)
    return []


# what each kind of entry did: (the state before it, the state after it, the entry)


def _pick_told(before: State, after: State, entry: Mapping[str, Any]) -> list[Words]:
    """A draft pick: a king or a character, and the end of the draft."""
    players = before.players
    said: list[Words]
    who = players[draft_order(before)[len(before.picks)]]
    pick = entry["pick"]
    if pick.get("king"):
        said = [fact("took_king", who=who, king=king(pick["king"]))]
    else:
        c = character(str(pick.get("character"))).name
        said = [fact("picked", who=who, character=char(c))]
    if after.phase != DRAFT:
        said.append(fact("draft_over"))
    return said


def _devil_told(before: State, after: State, entry: Mapping[str, Any]) -> list[Words]:
    """Two players: a king contracted to the Devil."""
    who, colour = before.players[devil_chooser(before)], entry["devil"]["color"]
    return [fact("devil_contract", who=who, king=king(colour), color=color(colour))]


def _fronts_told(before: State, after: State, entry: Mapping[str, Any]) -> list[Words]:
    """The characters turned up, the Berserker's nines and the Gamblers' draws."""
    players = before.players
    shown = []
    for p, who in enumerate(players):
        new = after.history[-1][p] if after.history else ()
        shown.append(fact("fronts_of", who=who, characters=tuple(char(c) for c in new)))
    said: list[Words] = [fact("turned_up", shown=tuple(shown))]
    for p in sorted(after.nine):
        said.append(fact("berserker_nine", who=players[p]))
    for p, who in enumerate(players):
        if reveal_draws(after.fronts[p]):
            said.append(fact("gambler", who=who))
    return said


def _bids_told(before: State, after: State, entry: Mapping[str, Any]) -> list[Words]:
    """The bids revealed, and the Cheerleaders' partners."""
    players = before.players
    shown = []
    for p, who in enumerate(players):
        bids = tuple(
            fact("bid_card", bid=_bid_words(b, players), card=char(c))
            for c, b in zip(after.bid_cards[p], after.bids[p], strict=True)
        )
        shown.append(fact("bids_of", who=who, bids=bids))
    said: list[Words] = [fact("bids", shown=tuple(shown))]
    for p, q in enumerate(after.partners):
        if q is not None:
            said.append(fact("cheer_partner", who=players[p], partner=players[q]))
    return said


def _lead_told(before: State, after: State, entry: Mapping[str, Any]) -> list[Words]:
    """The Ninja names who leads."""
    who = before.players[before.to_play] if before.to_play is not None else "?"
    return [fact("ninja_lead", who=who, lead=str(entry["lead"]))]


def _hermit_told(before: State, after: State, entry: Mapping[str, Any]) -> list[Words]:
    """The Hermit drew (never the cards)."""
    return [fact("hermit", who=str(entry["hermit"]))]


def _cheer_told(before: State, after: State, entry: Mapping[str, Any]) -> list[Words]:
    """The Cheerleader traded with the partner (never the cards)."""
    players = before.players
    who = str(entry["cheer"])
    p = players.index(who) if who in players else 0
    partner = players[before.partners[p]] if before.partners[p] is not None else "?"
    return [fact("cheer", who=who, partner=partner)]


def _play_told(before: State, after: State, entry: Mapping[str, Any]) -> list[Words]:
    """A card played; the trick taken and why once everyone has played; the round once scored."""
    players = before.players
    play = play_of(before, entry)
    said: list[Words] = [fact("plays", who=players[play.player], card=card_words(play, bool(entry.get("gift"))))]
    trick = (*before.trick, play)
    if len(trick) < len(players):
        return said
    winner = players[trick[winning_play(trick, before.game.rules)].player]
    number = before.tricks_done + 1
    said.append(fact("takes_trick", winner=winner, number=number, why=why(trick, players, before.game.rules)))
    if len(after.scores) > len(before.scores):
        said.append(round_told(after))
    return said


# the key that says what an entry is, in the order they are looked for, and who tells it
_TOLD = (
    ("pick", _pick_told),
    ("devil", _devil_told),
    ("fronts", _fronts_told),
    ("bids", _bids_told),
    ("lead", _lead_told),
    ("hermit", _hermit_told),
    ("cheer", _cheer_told),
    ("play", _play_told),
)


def sheet_told(rounds: int, points: Sequence[str]) -> Fact:
    """A scoresheet round scored: each player's points, ``Aki +60``."""
    return fact("sheet_scored", round=rounds, points=tuple(points))


# --- what comes next ------------------------------------------------------------------------------------


def prompt(s: State) -> Fact:
    """What the table types next, following the state (a draft pick, the Devil, fronts, bids, a
    card and the colour led; the board shows who is winning the trick), never what the state
    refuses."""
    return _PROMPTS.get(s.phase, _over_prompt)(s)


def _draft_prompt(s: State) -> Fact:
    """The next pick of the draft; once the characters are gone, the kings left."""
    order = draft_order(s)
    who = s.players[order[len(s.picks)]]
    kings_left, chars = draft_choices(s)
    k, of = len(s.picks) + 1, len(order)
    if not chars:
        left = fact("or", items=tuple(color(c) for c in kings_left))
        return fact("draft_king", k=k, of=of, who=who, left=left)
    return fact("draft_pick", k=k, of=of, who=who)


def _devil_prompt(s: State) -> Fact:
    """Two players: who contracts which king to the Devil."""
    who = s.players[devil_chooser(s)]
    return fact("devil", who=who, left=fact("or", items=tuple(color(c) for c in devil_colors(s))))


def _fronts_prompt(s: State) -> Fact:
    """The characters to turn up, one each (two players: two; their round 3: one or two)."""
    many = fact("many.two" if s.game.two else "many.one")
    if s.game.two and s.round == 3:
        many = fact("many.one_or_two")
    return fact("fronts_prompt", round=s.round, many=many)


def _bids_prompt(s: State) -> Fact:
    return fact("bids_prompt", round=s.round)


def _play_prompt(s: State) -> Fact:
    """Who plays, the colour led, and what else the player may do instead of a card."""
    if s.to_play is None:
        return _over_prompt(s)
    who = s.players[s.to_play]
    more = _more(s)
    if not s.trick:
        return fact(
            "leads", round=s.round, trick=s.tricks_done + 1, of=tricks_per_round(len(s.players)), who=who, more=more
        )
    lead = lead_color(s.trick)
    led = fact("no_lead") if lead is None else fact("led", color=color(COLORS[lead]))
    return fact("to_play", who=who, led=led, more=more)


# what a player may do on their turn besides a card, and the words that say it
_EXTRA = ((LeadNamed, "extra.lead"), (HermitDrew, "extra.hermit"), (CheerExchanged, "extra.cheer"))


def _more(s: State) -> Words:
    """The Ninja's lead, the Hermit's draw, the Cheerleader's trade the player may do now ("" for none)."""
    actions = turn_actions(s)
    extra = [fact(key) for kind, key in _EXTRA if any(isinstance(a, kind) for a in actions)]
    return fact("more", extra=tuple(extra)) if extra else ""


def _over_prompt(s: State) -> Fact:
    return fact("over")


_PROMPTS = {DRAFT: _draft_prompt, DEVIL: _devil_prompt, FRONTS: _fronts_prompt, BIDS: _bids_prompt, PLAY: _play_prompt}


def sheet_example(players: int) -> str:
    """A scoresheet round's line as the prompt shows it (typed words: the same in every language)."""
    if players == 2:
        return "sheet Aki: drafted=red fronts=… bid=… tricks=… won=…"
    return "sheet Aki: fronts=… bid=… tricks=… won=… Ben: …"


def sheet_prompt(rounds: int, players: int) -> Fact:
    """A scoresheet session: the next round's line."""
    return fact("sheet_prompt", round=rounds + 1, example=sheet_example(players))


# --- the options a session was started with ----------------------------------------------------------------

_VARIANT = (
    ("king_vs_king", "earlier"),
    ("bid_miss_doubled", False),
    ("modified_count_for_fronts", False),
    ("samurai_cancelled_by_flag", True),
    ("cheerleader_gift", "advanced"),
    ("two_player_round3_double", True),
    ("two_player_white_king", True),
)


def variant(header: Mapping[str, Any]) -> Words:
    """The house rules set away from their defaults, in table words, and a scoresheet or the
    table's own king numbers; "" for the plain game.

    >>> from scoring.words import say
    >>> say(variant({"players": ["Aki", "Ben"], "settings": {"two_player_white_king": True}}))
    'White King expansion'
    >>> sheet = {"players": ["Aki", "Ben", "Chie", "Dan"], "kings": {}, "settings": {"king_vs_king": "earlier"}}
    >>> say(variant(sheet), "ja")
    '得点表、先に出したキングが勝つ'
    >>> variant({"players": ["Aki", "Ben", "Chie", "Dan"]})
    ''
    """
    said = []
    if "kings" in header:
        said.append(fact("scoresheet"))
    settings = header.get("settings") or {}
    for key, value in _VARIANT:
        if key in settings and settings[key] == value:
            said.append(fact(f"house.{key}"))
    if header.get("king_numbers"):
        said.append(fact("table_king_numbers"))
    if header.get("copies"):
        said.append(fact("table_copies"))
    if header.get("backs"):
        said.append(fact("table_backs"))
    return fact("variant", items=tuple(said)) if said else ""


__all__ = [
    "card",
    "card_words",
    "char",
    "color",
    "entry_told",
    "king",
    "play_of",
    "prompt",
    "round_told",
    "sheet_example",
    "sheet_prompt",
    "sheet_told",
    "standing_told",
    "variant",
    "why",
]
