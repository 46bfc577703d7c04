"""Everything a Trickster table is told: the catalogue ``trickster`` of ``scoring.words``, each entry
in English (its Japanese is in ``locale/ja/LC_MESSAGES/trickster.po``), that turns the game's facts
into words at the edge (``scoring.words.say``).

Cards, heroes and suits are named from the data files (``heroes.toml``, ``game.toml``), so a fact
keeps only a card's code or an index:

>>> from scoring.words import say
>>> say(card(0)), say(card(0), "ja")
('red Archivist', '赤の記録保管人')
>>> fact = said("to_play", player="Ben", pattern=said("follow", what=suit(0)))
>>> say(fact), say(fact, "ja")
('Ben to play: follow red.', 'Benの番：赤でフォロー。')

The game's refusals are facts of this catalogue too (``refused.…``), so the modules that refuse
(``cards``, ``zones``, ``effects``, ``engine``, ``notation``, ``record``) import this one, never the
other way round: the names come from the box's data, read here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from scoring.data import load_toml
from scoring.houserules import HouseRuleSet
from scoring.words import PHONE, Fact, in_language, say, teller, words

GAME = "trickster"


said = teller(GAME)  # said("played", player="Aki", …) is the trickster.played fact


def _say(key: str, lang: str, **values: Any) -> str:
    """An entry of this catalogue said in ``lang`` with values already said."""
    return say(said(key, **values), lang)


# --- the names the data files give ---------------------------------------------------------------


@cache
def _heroes() -> tuple[dict[str, Any], ...]:
    """The 23 heroes as ``heroes.toml`` gives them, in its order (a card is ``hero * 8 + suit``)."""
    return tuple(load_toml("trickster", "heroes.toml")["hero"])


@cache
def _suits() -> tuple[dict[str, Any], ...]:
    """The eight suits as ``game.toml`` gives them, red first."""
    return tuple(load_toml("trickster", "game.toml")["suit"])


@cache
def _hero_by_code() -> dict[str, dict[str, Any]]:
    return {h["code"]: h for h in _heroes()}


@cache
def _suit_by_letter() -> dict[str, dict[str, Any]]:
    return {s["letter"]: s for s in _suits()}


def _code(c: int) -> str:
    """A card's code: its suit letter and its hero's code (``BGUA``)."""
    return _suits()[c & 7]["letter"] + _heroes()[c >> 3]["code"]


def _is_card(word: str) -> bool:
    """Whether a word is a card's code in full (``KSCA``)."""
    return len(word) == 4 and word[0] in _suit_by_letter() and word[1:] in _hero_by_code()


def card(c: int) -> Fact:
    """A card by name ("the red Guard" says it as ``the {card}``)."""
    return said("card", card=_code(c))


def hero(index: int) -> Fact:
    """A hero by name (the Guard)."""
    return said("hero", hero=_heroes()[index]["code"])


def suit(index: int) -> Fact:
    """A suit by name (red)."""
    return said("suit", suit=index)


@cache
def _card_name(code: str, lang: str) -> str:
    """A card by its suit and hero (``red Guard``, ``赤の護衛``)."""
    s, h = _suit_by_letter()[code[0]], _hero_by_code()[code[1:]]
    return _say("card.name", lang, suit=in_language(s, "name", lang), hero=in_language(h, "name", lang))


@cache
def _card_short(code: str, lang: str) -> str:
    """A card in the fewest words: its code in English, its suit then its hero in Japanese (黒野盗)."""
    s, h = _suit_by_letter()[code[0]], _hero_by_code()[code[1:]]
    return _say("card.short", lang, code=code, suit=in_language(s, "name", lang), hero=in_language(h, "name", lang))


def _did(v: Mapping[str, Any], lang: str) -> str:
    """What a hero's effect did, from the hero's own sentence in ``heroes.toml`` (``did``)."""
    return in_language(_hero_by_code()[v["hero"]], "did", lang).format_map(v)


def _heroes_chosen(v: Mapping[str, Any], lang: str) -> str:
    """The heroes of a deck chosen hero by hero."""
    names = tuple(in_language(_hero_by_code()[h], "name", lang) for h in v["heroes"])
    return _say("heroes.named", lang, names=names)


def _setup(v: Mapping[str, Any], lang: str, phone: str = "") -> str:
    """What a round's setup line holds: the trash, each tableau card, the Timeline (``phone``:
    ``.phone``, said on a phone, without keys)."""
    tail = _say("setup.timeline" + phone, lang, timeline=v["timeline"]) if v["timeline"] else ""
    text = _say("setup.round" + phone, lang, round=v["round"], trash=v["trash"], players=v["players"], tail=tail)
    return _say("setup.fresh", lang, text=text) if v["fresh"] else text


def _reveal(v: Mapping[str, Any], lang: str, phone: str = "") -> str:
    """The hands still held, to be typed after ``reveal`` (``phone``: as ``_setup``)."""
    held = tuple(_say("reveal.hand", lang, player=p, n=n) for p, n in v["held"])
    return _say("reveal.held" + phone, lang, cards=held) if held else _say("reveal.none" + phone, lang)


def _trouble(v: Mapping[str, Any], lang: str) -> str:
    """A player's trouble points in a round, and the suits a sole majority exempts."""
    free = tuple(_say("trouble.suit", lang, n=n, suit=in_language(_suits()[s], "name", lang)) for n, s in v["free"])
    note = _say("trouble.free", lang, suits=free) if free else ""
    return _say("trouble.line", lang, player=v["player"], points=v["points"], note=note)


def _rule_key(name: str, value: object) -> str:
    """The key of a house rule set away from its default (``house_rule.trash_pick.top``)."""
    return f"house_rule.{name}.{str(value).lower()}"


def in_words(rules: HouseRuleSet) -> list[Fact]:
    """The house rules set away from their defaults, each in a few table words (those the
    catalogue has words for, ``house_rule.<name>.<value>``).

    >>> from scoring.words import say_all
    >>> from scoring.trickster.settings import HouseRules
    >>> say_all(in_words(HouseRules(trash_pick="top", distinct_enemies=True)))
    ['two different enemies', 'top trash card only']
    """
    return [said("house_rule", name=k, value=v) for k, v in rules.changed().items() if _rule_key(k, v) in _HOUSE_RULES]


def _shown(v: Mapping[str, Any], lang: str) -> str:
    """An entry's typed line as the log lists it: the move by its word (``line.<move>``) and each
    card played or named in the fewest words, a list of cards to set up or reveal a round as typed.
    In English that is the line as typed; in Japanese each card by its suit and hero (黒野盗).

    >>> from scoring.words import say
    >>> [say(said("shown", line=line), "ja") for line in ("KSCA BWIT GSCA", "bust Aki", "BSCI -", "round GPED BSOL")]
    ['黒ゴミ漁り：青目撃者 緑ゴミ漁り', 'Akiがドボン', '青子弟：対象なし', 'ラウンドの準備：GPED BSOL']
    >>> [say(said("shown", line=line)) for line in ("KSCA BWIT GSCA", "bust Aki", "BSCI -", "round GPED BSOL")]
    ['KSCA BWIT GSCA', 'bust Aki', 'BSCI -', 'round GPED BSOL']
    """
    return _shown_line(str(v["line"]), lang)


@lru_cache(maxsize=4096)
def _shown_line(line: str, lang: str) -> str:
    """A typed line as the log lists it in ``lang`` (:func:`_shown`; a log says the same lines again)."""
    first, space, rest = line.partition(" ")
    if first in _LINE_MOVES:
        move = _say(f"line.{first}", lang)
        return _say("line.move", lang, move=move, rest=rest) if space else move
    if first == "bust" and rest:
        return _say("line.bust", lang, player=rest)
    if not _is_card(first):
        return line
    named = tuple(
        _card_short(w, lang) if _is_card(w) else _say("line.none", lang) if w == "-" else w for w in rest.split()
    )
    played = _card_short(first, lang)
    return _say("line.play", lang, card=played, named=named) if named else played


#: the moves a typed line may start with that a log says in words (``line.<move>``)
_LINE_MOVES = ("round", "reveal", "tableau")

#: a house rule set away from its default, in a few table words (the table's heading)
_HOUSE_RULES = {
    _rule_key("special_case_buster", "leader"): "the Leader busts in the special case",
    _rule_key("strict_targets", False): "targets may fail",
    _rule_key("copy_copiers", True): "copiers may copy copiers",
    _rule_key("copied_card_moves", True): "a copied card may move itself",
    _rule_key("inventor_resolves", True): "the Inventor's card resolves",
    _rule_key("distinct_enemies", True): "two different enemies",
    _rule_key("trash_pick", "top"): "top trash card only",
    _rule_key("timeline_out_3p", "buster_leads"): "play on after the Timeline",
    _rule_key("variant_round_trickster", "oldest"): "the oldest takes the token each round",
}


words(
    GAME,
    {
        # names from the data files
        "card": lambda v, lang: _card_name(v["card"], lang),
        "card.name": "{suit} {hero}",
        # a card in the fewest words (the board, the pot a buster takes, the log): its code in
        # English, its suit and hero in Japanese (黒野盗)
        "card.short": "{code}",
        "hero": lambda v, lang: in_language(_hero_by_code()[v["hero"]], "name", lang),
        "suit": lambda v, lang: in_language(_suits()[v["suit"]], "name", lang),
        "deck": lambda v, lang: in_language(load_toml("trickster", "game.toml")["decks"][v["deck"]], "name", lang),
        "heroes": _heroes_chosen,
        "heroes.named": "heroes: {names:, }",
        "house_rule": lambda v, lang: _say(_rule_key(v["name"], v["value"]), lang),
        **_HOUSE_RULES,
        # what a played card's effect did
        "did": _did,
        "then": "{did}: {more}",
        "unresolved": "its effect could not be resolved",
        "in_secret": "resolved in secret",
        "top_of_deck": "top card of the deck",
        "to_pot": ", which goes into the pot",
        "to_trash": ", which goes to the trash",
        # a hero's effect as its card says it (``heroes.toml``)
        "effect": lambda v, lang: in_language(_hero_by_code()[v["hero"]], "effect", lang),
        "effect.moves": "{effect} (House rule copied_card_moves: the effect used may move that card too.)",
        # what the pot asks
        "follow": "follow {what}",
        "any_card": "any card",
        "no_match": "no match: a card sharing neither suit nor hero with any card in the pot",
        "no_match_pot": "no match: no suit or hero in the pot",
        # what the last entry did
        "played": "{player} played the {card}: {did}.",
        "round_timeline": (
            "Round {round} is set up: the Timeline leads the {card}; {trickster} holds the Trickster token."
        ),
        "round_timeline_typed": (
            "Round {round} is set up: {trickster} holds the Trickster token; each Timeline card is recorded as "
            "it leads."
        ),
        "timeline_led": "The Timeline leads trick {trick} with the {card}; {trickster} plays first.",
        "round_led": "Round {round} is set up: {leader} leads.",
        "empty_busts": "{player} has no cards left and busts, taking the pot: {cards}.",
        "busts": ("{player} busts: no card in their hand follows ({pattern}). Takes the pot: {cards}."),
        "leader_busts": (
            "Everyone followed ({pattern}); the Leader's own effect put the second card in the pot, so "
            "(house rule special_case_buster=leader) {player}, the Leader, busts and takes the pot: {cards}."
        ),
        "trickster_busts": (
            "Everyone followed ({pattern}), so {player}, the Trickster, busts and takes the pot: {cards}."
        ),
        "hand_empty": "Round {round} is over: {players}'s hand is empty.",
        "timeline_used": "Round {round} is over: the Timeline is used up.",
        "trouble_points": "Round {round} trouble points: {points}.",
        "totals": "Totals: {totals}.",
        # players each with a number: "Aki 3, Ben 0" / "Aki 3・Ben 0"
        "each": "{items:, }",
        "over": "The game is over.",
        "shared_win": "The game is over: {players} share the win with {total} trouble points.",
        "won": "The game is over: {player} wins with {total} trouble points.",
        # what comes next
        "setup": _setup,
        "setup.phone": lambda v, lang: _setup(v, lang, PHONE),
        "setup.round": "Round {round}: type round, the {trash} trash cards, then the tableau cards of {players}{tail}.",
        "setup.round.phone": "Round {round}: its setup next: the {trash} trash cards, then the tableau cards of "
        "{players}{tail}.",
        "setup.timeline": ", then the {timeline} Timeline cards (or none: each typed as it leads)",
        "setup.timeline.phone": ", then the {timeline} Timeline cards (or none: each one as it leads)",
        "setup.totals": "{full} or {short}",
        "setup.fresh": "{text} (Totals only: tableau …)",
        "reveal": _reveal,
        "reveal.phone": lambda v, lang: _reveal(v, lang, PHONE),
        "reveal.none": "Reveal the hands: type reveal.",
        "reveal.held": "Reveal the hands: type reveal, then the cards left in hand in seat order ({cards:, }).",
        "reveal.none.phone": "Reveal the hands next.",
        "reveal.held.phone": "Reveal the hands next: the cards left in hand in seat order ({cards:, }).",
        "reveal.hand": "{player} {n}",
        "leads": "{player} leads trick {trick}.",
        "timeline_leads": "The Timeline leads trick {trick}: type its front card ({trickster} plays first).",
        "timeline_leads.phone": "The Timeline leads trick {trick}: its front card next ({trickster} plays first).",
        "the_timeline": "the Timeline",
        "to_play_any": "{player} to play: any card ({led} led the {card}).",
        "no_cards": "{player} to play: no cards left, so bust.",
        "to_play_or_bust": "{player} to play: {pattern} (or bust).",
        "to_play": "{player} to play: {pattern}.",
        "scoresheet": "Round {round}: type each tableau by suit (tableau Aki=R3,B1 …).",
        "scoresheet.phone": "Round {round}: each tableau by suit next (tableau Aki=R3,B1 …).",
        # the heading
        "parts": "{items:, }",
        "timeline": "Timeline",
        "starts": "{player} starts",
        # what may be typed next (pick-list labels)
        "scoresheet_move": "scoresheet: each tableau by suit",
        # cards listed in a sentence (the pot a player takes), each in the fewest words
        "cards": lambda v, lang: _say("cards.listed", lang, items=tuple(_card_short(c, lang) for c in v["cards"])),
        "cards.listed": "{items: }",
        # an entry as the log lists it: its typed line, its move and cards in words (``_shown``)
        "shown": _shown,
        "line.round": "round",
        "line.reveal": "reveal",
        "line.tableau": "tableau",
        "line.move": "{move} {rest}",
        "line.bust": "bust {player}",
        "line.play": "{card} {named: }",
        "line.none": "-",
        "set_up": "set up round {round}",
        "reveal_move": "reveal the cards left in hand",
        "bust_move": "bust: take the pot",
        "card_where": "{card} — {where}",
        "card_goes": "{card} → {goes} — {where}",
        "goes.hand": "into the player's hand",
        "goes.under_deck": "under the deck",
        "goes.pot": "joins the pot (it follows)",
        "goes.trash": "to the trash (it cannot follow)",
        "slot": "{what}: {card}",
        "trash_slot": "trash {i}/{of}",
        "tableau_slot": "{player}'s tableau",
        "timeline_slot": "Timeline {i}/{of}",
        "timeline_front": "the Timeline's front card",
        "hand_slot": "{player}'s hand {i}/{of}",
        "enemy": "{player} — hand {hand}, tableau {tableau}",
        # where the table knows a card to be
        "in_trash": "in the trash",
        "in_pot": "in the pot",
        "on_timeline": "on the Timeline",
        "in_timeline": "in the Timeline",
        "in_tableau": "in {player}'s tableau",
        "in_own_tableau": "in {player}'s own tableau",
        "in_hand": "in {player}'s hand",
        "deck_top": "on top of the deck",
        "in_deck": "in the deck",
        "hand_or_deck": "in a hand or the deck",
        "hand_deck_or_timeline": "in a hand, the deck or the Timeline",
        "not_in_game": "not in this game",
        # each round's score as its parts
        "round": "Round {round}",
        "indented": "  {line}",
        "trouble": _trouble,
        "trouble.line": "{player}: {points} trouble{note}",
        "trouble.free": " (sole majority, not counted: {suits:, })",
        "trouble.suit": "{n} {suit}",
        # the tie-break: the fewest cards of each suit in the final round, red first
        "tiebreak": "fewer {suit} cards in the final round",
        # the board (``scoring.trickster.board``): a card in the fewest words; a suit's column by its
        # letter in English, by its name in Japanese
        "board.card": lambda v, lang: _card_short(v["card"], lang),
        "board.suit": lambda v, lang: _say(
            "board.suit_head",
            lang,
            letter=_suits()[v["suit"]]["letter"],
            suit=in_language(_suits()[v["suit"]], "name", lang),
        ),
        "board.suit_head": "{letter}",
        "board.name": "name",
        "board.trouble": "trouble",
        "board.total": "total",
        "board.hand": "hand",
        "board.not_set_up": "Round 1 is not set up yet (F1: how to type it).",
        "board.not_set_up.phone": "Round 1 is not set up yet.",
        "board.turn": "Round {round}, trick {trick}: {leader} leads, {trickster} is the Trickster; {player} to play.",
        "board.pot": "Pot:",
        "board.asks": "  ({pattern})",
        "board.reveal": "Round {round} is over: reveal the cards left in hand (reveal …).",
        "board.set_up": "Set up round {round}: round …",
        "board.timeline": "Timeline ({n}):",
        "board.untyped": "each card recorded as it leads",
        "board.timeline_leads": "Round {round}, trick {trick}: the Timeline leads, its front card next; {trickster} is "
        "the Trickster.",
        "board.trash": "Trash:",
        "board.deck": "   Deck: {n}",
    },
)


# --- refusals ------------------------------------------------------------------------------------
# Why an entry, a typed line or a record is refused (``RuleViolation(rule, said("refused.…"))``).
# What the player typed is said back as typed (``{text!r}``; in Japanese 「{text}」).

words(
    GAME,
    {
        # a card, a hero, a suit or a deck that is not one (``cards``)
        "refused.no_hero": "There is no hero called {name!r}.",
        "refused.no_suit": "There is no suit called {name!r}.",
        "refused.no_preset": "No deck preset called {key!r}; choose one of {presets:, } or list seven heroes.",
        "refused.seven_heroes": "A game uses exactly seven different heroes, not {n}.",
        "refused.could_be": "{text!r} could be {options:, }.",
        "refused.not_in_deck": "{text!r} is not a card of this deck ({heroes:, }).",
        # the arbiter's cards
        "refused.twice_in_pot": "The {card} ({code}) is given twice in the pot: each card exists once.",
        "refused.twice_asked": "The {card} ({code}) is given twice among the cards asked about: each card exists once.",
        # a typed line (``notation``)
        "refused.unreadable": (
            "Cannot read {text!r}. Type a card code and what its effect names "
            "(RGUA GNOM, RBRI PBRI Ben), bust, round …, reveal …, or a JSON entry."
        ),
        "refused.bust_one": "Type bust, or bust and the one player who busts (bust Ben).",
        # a round's setup with too few cards, and with too many
        "refused.setup_short": (
            "A round's setup is round, then the {trash} trash cards, the tableau card of each of "
            "{players:, }{tail}: {total} cards, not {given}."
        ),
        "refused.setup_long": (
            "A round's setup is round, then the {trash} trash cards, the tableau card of each of "
            "{players:, }{tail}: {total} cards, not {given}."
        ),
        "refused.hands_hold": (
            "The hands hold {total} cards ({held:, }), not {given}: reveal each card once, in seat order."
        ),
        "refused.names_nothing_more": "{token!r} in {text!r}: the {card}'s effect names nothing more.",
        "refused.from_enemy_tableau": "The {hero} takes a card from an enemy's tableau; the {card} is {where}.",
        "refused.suit_count": "{part!r} in {line!r}: a count is a suit letter ({letters: }) and a number, like R3.",
        # cards moving between zones (``zones``)
        "refused.misplaced": "The {card} ({code}) is {where}, not {wanted}.",
        "refused.stays": (
            "The {card} ({code}) is the card whose effect is being used: it stays where it is, so that "
            "effect cannot move it (house rule copied_card_moves is off)."
        ),
        "refused.no_cards_in_hand": "{player} has no cards in hand.",
        "refused.could_follow_then": (
            "{player} busted in round {round}, trick {trick} (pot {pot: }), so no card in {player}'s hand "
            "could follow then; but the {card} ({code}) could have, and it was in that hand: no card has "
            "entered it unseen since. A player who can follow must."
        ),
        "refused.name_tableau_card": "Name the card taken from {player}'s tableau.",
        "refused.top_trash_only": "House rule trash_pick=top: only the top trash card ({code}) may be taken.",
        "refused.name_trash_card": "Name the card taken from the trash.",
        "refused.deck_empty": "The deck is empty.",
        "refused.deck_top": (
            "The top of the deck is the {top} ({code}), known since it went under the deck, not the {card}."
        ),
        "refused.deck_holds": "The deck holds {n} cards, not {shown}.",
        "refused.among_top": (
            "The {card} ({code}) is known to be among the top cards of the deck, so it must be one of the "
            "cards turned up."
        ),
        # a hero's effect (``effects``)
        "refused.name_enemy": "The {hero} needs an enemy to be named.",
        "refused.name_second_enemy": "The {hero} needs a second enemy to be named.",
        "refused.not_an_enemy": "The {hero} must target an enemy; {player} is not an enemy of {me}.",
        "refused.distinct_enemies": "House rule distinct_enemies: the two enemies of this effect must differ.",
        "refused.cannot": "The {hero} cannot resolve: {why}",
        "cannot.deck_under_2": "the deck has fewer than 2 cards.",
        "cannot.deck_empty": "the deck is empty.",
        "cannot.both_hands": "both hands must hold a card.",
        "cannot.only_card": (
            "the only card in {player}'s hand is the {card} ({code}) whose effect is being used; it stays "
            "there (house rule copied_card_moves is off), so {player} has no card to trade."
        ),
        "cannot.no_cards": "{player} has no cards in hand.",
        "cannot.fewer_than_2": "{player} holds fewer than 2 cards.",
        # a card an effect moves, not named
        "refused.name.kept": "The {hero}: name the card kept.",
        "refused.name.under": "The {hero}: name the card put under the deck.",
        "refused.name.placed": "The {hero}: name the card placed.",
        "refused.name.copied": "The {hero}: name the card whose effect is used.",
        "refused.name.tableau_card": "The {hero}: name the tableau card moved.",
        "refused.name.given": "The {hero}: name the card given away.",
        "refused.name.hand_card": "The {hero}: name the hand card moved.",
        "refused.name.shown": "The {hero}: name the card shown.",
        "refused.name.turned_up": "The {hero}: name the card turned up from the deck.",
        "refused.two_different": "The {hero} turns up two different cards.",
        "refused.no_copy_off": "The {hero} may not copy the {card}: house rule copy_copiers is off.",
        "refused.no_copy_deep": (
            "The {hero} may not copy the {card}: house rule copy_copiers is on, but only one copy deep."
        ),
        "refused.say_copied": "The {hero}: say how the copied {copied} effect was resolved.",
        "refused.cannot_follow_move": "The {hero} may only move a card that can follow; the {card} cannot.",
        "refused.to_a_player": "The {hero} gives the card to a player at the table.",
        "refused.keeps_and_gives": (
            "The {hero} reveals two different cards from {player}'s hand: the {card} ({code}) it keeps "
            "cannot also be the card it gives."
        ),
        "refused.must_resolve": "{player}'s {hero} effect can be resolved, so it must be: {effect}",
        # a round's setup, a turn, a bust and a reveal (``engine``)
        "refused.round_on": "A round can only be set up before it starts (round {round} is still being played).",
        "refused.trash_size": "The trash starts with {n} face-up cards, not {given}.",
        "refused.tableau_each": "Each of the {n} players puts one card in their tableau.",
        "refused.timeline_size": "With {n} players the Timeline holds {size} cards, not {given}.",
        "refused.timeline_leads": "The Timeline leads trick {trick}: type its front card first.",
        "refused.timeline_not_now": (
            "A Timeline card is typed alone only as it leads a trick, when the round's setup did not name "
            "the Timeline's cards."
        ),
        "refused.timeline_one": "Type the one card at the Timeline's front (timeline RGUA, or the card alone).",
        "refused.not_this_deck": "{code} is not a card of this deck.",
        "refused.face_up_twice": "The {card} is face up twice; every card is unique.",
        "refused.hand_size": "Each hand holds {n} cards after the tableau pick.",
        "refused.dealt_hands": "The dealt hands repeat a card or hold a face-up card.",
        "refused.deck_rest": "The deck must hold exactly the cards not dealt.",
        "refused.hand_ran_out": "Round {round} is over: {player}'s hand ran out in the last trick. Reveal the hands.",
        "refused.timeline_out_2p": (
            "Round {round} is over: the Timeline ran out, and with 2 players the round ends then, even "
            "with cards in hand. Reveal the hands."
        ),
        "refused.timeline_out_3p": (
            "Round {round} is over: the Timeline ran out, and under house rule timeline_out_3p=end_round "
            "the round ends then, even with cards in hand. Reveal the hands."
        ),
        "refused.in_trick": "A trick is being played.",
        "refused.game_over": "The game is over: all {rounds} rounds have been played.",
        "refused.not_set_up": "No trick is being played: round {round} is not set up yet.",
        "refused.no_seat": "There is no player in seat {seat}.",
        "refused.not_your_turn": "It is {now}'s turn, not {player}'s.",
        "refused.cannot_play": (
            "{player} cannot play the {card}: the pot says {pattern}. A player with a card that follows "
            "must play one; with none, {player} busts."
        ),
        "refused.no_bust_lead": (
            "{player} cannot bust: {player} leads, and into an empty pot any card may be played; a "
            "player must play when able."
        ),
        "refused.no_bust_lead_only": (
            "{player} cannot bust: with only the lead card in the pot any card may be played, and a "
            "player must play when able."
        ),
        "refused.no_bust_follows": (
            "{player} cannot bust: the {card} ({code}) in their hand can follow ({pattern}), and a "
            "player who can follow must."
        ),
        "refused.reveal_at_end": (
            "Hands are revealed only when the round ends: after a trick in which someone's hand ran out."
        ),
        "refused.reveal_all": "Reveal the hands of all {n} players.",
        "refused.reveal_count": "{player} holds {n} cards, but {given} were revealed.",
        "refused.reveal_known": "{player}'s hand holds the {card} ({code}); it must be among the revealed cards.",
        "refused.cannot_hold": (
            "{player} cannot hold the {card} ({code}): it is already placed elsewhere or revealed twice."
        ),
        # a record (``record``)
        "refused.deck_field": (
            "the deck is a preset (introductory, strategy) or a list of seven heroes, not {value!r}."
        ),
        "refused.trick_entry": (
            'a trick entry is {{"play": CARD, "by": PLAYER, "effect": {{...}}}} or {{"bust": PLAYER}}.'
        ),
        "refused.no_tableau_card": "every player picks a tableau card; {player} has none.",
        "refused.still_played": (
            "Hands are revealed only at the end of the round, and round {round} is still being played."
        ),
        "refused.still_played_turn": (
            "Hands are revealed only at the end of the round, and round {round} is still being played "
            "(it is {player}'s turn)."
        ),
        "refused.trick_ended": "the trick ended with the entry before this one.",
        "refused.trick_not_over": "the trick is not over: it is {player}'s turn.",
        "refused.game_rounds": "a game has {rounds} rounds, not {n}.",
        "refused.unrevealed": "the round before is not finished: reveal its hands first.",
        "refused.revealed_before": "Round {round}'s hands were already revealed.",
        "refused.no_setup": 'a round starts with its setup: {{"round": {{"trash": …, "tableau": …}}}}.',
        "refused.not_a_suit": "{suit!r} is not a suit; the suits are {suits:, }.",
        "refused.suit_total": "the tableaus hold {total} {suit} cards, but a game has only 7 of each suit.",
        "refused.sheet_rounds": "a scoresheet has at most {rounds} rounds, not {n}.",
        # the arbiter's answers
        "arbiter.cards": "{items:, }",
        "arbiter.empty": "empty",
        "arbiter.pot": "Pot: {pot} — {pattern}.",
        "arbiter.in_pot": "The {card} is already in the pot.",
        "arbiter.fits": "The {card} may be played: it fits ({pattern}).",
        "arbiter.no_follow": "The {card} may not follow: {pattern}. A player holding a card that fits must play one; "
        "with none, they bust.",
    },
)


# --- the new-game form ---------------------------------------------------------------------------
# Each option's and house rule's explanation, its name on the form (in English its key, as a record
# writes it) and its choices' words (``game``; ``settings``, as ``scoring.houserules`` reads them:
# ``rule.<name>``, ``rule.<name>.title``, ``rule.<name>.<choice>``).

words(
    GAME,
    {
        "option.deck": (
            'The seven heroes: a preset deck ({presets:, }) or a list of seven heroes (["Archivist", "Guard", …]).'
        ),
        "option.deck.title": "deck",
        "option.first": (
            "The first Leader (2–3 players: the first to hold the Trickster token), by name; the first "
            "player when not given."
        ),
        "option.first.title": "first",
        "rule.special_case_buster": (
            "When the Leader's own effect put the second card in the pot and then everyone followed, who "
            "busts: the player who would have been the Trickster (default) or the Leader."
        ),
        "rule.special_case_buster.title": "special_case_buster",
        "rule.special_case_buster.trickster": "the Trickster",
        "rule.special_case_buster.leader": "the Leader",
        "rule.strict_targets": (
            "An effect must be resolved with a choice that works whenever one exists (default on); off "
            "lets a player pick an enemy or card that makes the effect fail."
        ),
        "rule.strict_targets.title": "strict_targets",
        "rule.copy_copiers": ("Whether the Archivist or the General may copy an Archivist or a General (default: no)."),
        "rule.copy_copiers.title": "copy_copiers",
        "rule.copied_card_moves": (
            "Whether the effect an Archivist or a General uses may move the card it is using (the "
            "Archivist taking the trash's Revolutionary with that Revolutionary's own effect) (default: "
            "no, that card stays where it is)."
        ),
        "rule.copied_card_moves.title": "copied_card_moves",
        "rule.inventor_resolves": (
            "Whether the card the Inventor turns into the pot has its effect resolved (default: no)."
        ),
        "rule.inventor_resolves.title": "inventor_resolves",
        "rule.distinct_enemies": (
            "With three or more players, whether an effect that names 'an enemy' twice needs two "
            "different enemies (default: no, the same enemy may be chosen twice)."
        ),
        "rule.distinct_enemies.title": "distinct_enemies",
        "rule.trash_pick": (
            "Which trash cards an effect may take: any of the overlapping trash (default) or only the top one."
        ),
        "rule.trash_pick.title": "trash_pick",
        "rule.trash_pick.any": "any",
        "rule.trash_pick.top": "top",
        "rule.timeline_out_3p": (
            "Three players, Timeline used up: the round ends as in the 2-player game (default), or play "
            "goes on as in the 4–7 player game, the last buster leading."
        ),
        "rule.timeline_out_3p.title": "timeline_out_3p",
        "rule.timeline_out_3p.end_round": "end round",
        "rule.timeline_out_3p.buster_leads": "buster leads",
        "rule.variant_round_trickster": (
            "2–3 players: who holds the Trickster token at the start of rounds 2 and 3: it keeps passing "
            "left (default), or it goes back to the oldest player."
        ),
        "rule.variant_round_trickster.title": "variant_round_trickster",
        "rule.variant_round_trickster.keep_passing": "keep passing",
        "rule.variant_round_trickster.oldest": "oldest",
    },
)


__all__ = ["card", "hero", "in_words", "said", "suit"]
