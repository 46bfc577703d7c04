"""What a Trickster table is told: what the last entry did and why, what comes next, and the
deck and house rules in table words. Only what the table saw: a secret card is never named.

>>> import json
>>> from pathlib import Path
>>> from scoring.trickster.game import GAME
>>> record = json.loads((Path(__file__).parents[2] / "examples/trickster/game-4p-introductory.json").read_text())
>>> header, entries = GAME.split(record)
>>> s0, s1 = (GAME.replay(header, entries[:n]).state for n in (5, 6))
>>> prompt(s0)
'Dan leads trick 2.'
>>> told(s0, s1, entries[5])
['Dan played the black Revolutionary: takes the black Magician from the trash into their hand.']
>>> prompt(s1), prompt(s1, lang="ja")
('Aki to play: any card (Dan led the black Revolutionary).', 'Akiの番：どのカードでも可（Danが黒の革命家をリード）。')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import Any

from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.standings import Table, joined
from scoring.trickster.cards import Deck, code, heroes, name, parse
from scoring.trickster.effects import COPIERS, hero_code, resolve_or_skip
from scoring.trickster.engine import ROUNDS, laid, legal, timeline_size, trash_size
from scoring.trickster.events import Bust
from scoring.trickster.record import read_effect
from scoring.trickster.settings import HouseRules, in_words
from scoring.trickster.state import NO_MATCH, OVER, PATTERN_NONE, REVEAL, SETUP, TRICK, RoundScore, State
from scoring.trickster.zones import add_to_pot, describe_pattern

_HERO = {h.code: h for h in heroes()}


def _and(items: Sequence[str], lang: str) -> str:
    """A list as the table is told it (cards and players listed with 、 in Japanese)."""
    return joined(items, lang, "、")


def _cards(cards: Sequence[int]) -> str:
    return " ".join(code(c) for c in cards)


# --- what the last entry did ---------------------------------------------------------------------


def did(
    effect: Mapping[str, Any] | None, hcode: str, deck: Deck, me: str, lang: str = "en", pot: tuple[int, ...] = ()
) -> str:
    """What a played card's effect did, as the table saw it ("takes the green Nomad from Dan's
    tableau into their hand"); a secret card is never named. ``pot``: the pot once it was played
    (where the Inventor's card went).

    >>> deck = Deck.preset("strategy")
    >>> did({"copy": "KDOC", "then": {"card": "WDOC", "enemy": "Ben"}}, "ARC", deck, "Aki")
    "uses the effect of the black Doctor: puts the white Doctor from Ben's tableau into Ben's hand"
    >>> did({"card": "KDOC", "enemy": "Ben"}, "DOC", deck, "Aki", "ja")
    'Benの場札の黒の医師をBenの手札へ'
    """
    ja = lang == "ja"
    if effect is None:
        return "効果は解決できなかった" if ja else "its effect could not be resolved"
    hero = _HERO[hcode]
    values: dict[str, str] = {}
    for key in ("card", "card2", "copy"):
        value = effect.get(key)
        try:
            values[key] = name(parse(value, deck), lang) if isinstance(value, str) else ""
        except RuleViolation:
            values[key] = str(value)
    enemy = str(effect.get("enemy") or "")
    values["enemy"] = enemy
    values["enemy2"] = str(effect.get("enemy2") or (me if hcode == "SAI" else enemy))
    values["where"] = ""
    if hcode == "INV" and not values["card"]:
        values["card"] = "山札の一番上" if ja else "top card of the deck"
    elif hcode == "INV" and pot:
        went = parse(effect["card"], deck) in pot
        if ja:
            values["where"] = "（卓中央へ）" if went else "（捨て札へ）"
        else:
            values["where"] = ", which goes into the pot" if went else ", which goes to the trash"
    text = (hero.did_ja if ja else hero.did).format(**values)
    then = effect.get("then")
    if then is not None and isinstance(then, Mapping):
        inner = effect.get("copy") if hcode in COPIERS else effect.get("card")
        try:
            h2 = hero_code(parse(inner, deck)) if isinstance(inner, str) else None
        except RuleViolation:
            h2 = None
        if h2 is not None:
            more = did(then, h2, deck, me, lang) if then else ("非公開で解決" if ja else "resolved in secret")
            text += f"：{more}" if ja else f": {more}"
    return text


def pot_after(s: State, entry: Mapping[str, Any]) -> tuple[int, ...]:
    """The pot once the card of ``entry`` and its effect are in it (what the buster takes)."""
    if "bust" in entry:
        return s.pot
    me = s.to_play
    if me is None:
        return s.pot
    try:
        c = parse(entry["play"], s.game.deck)
        effect = read_effect(entry["effect"], s.game) if entry.get("effect") is not None else None
        w = laid(s, me, c)
        resolve_or_skip(w, me, hero_code(c), effect)
    except (RuleViolation, KeyError, TypeError):
        return s.pot
    return w.pot


def asks(s: State, lang: str = "en") -> str:
    """What the pot asks, in a few words ("follow red", "no match: no suit or hero in the pot")."""
    ja = lang == "ja"
    if s.pattern == NO_MATCH:
        return "適合なし：卓中央にない模様と英雄" if ja else "no match: no suit or hero in the pot"
    if s.pattern == PATTERN_NONE:
        return "どのカードでも可" if ja else "any card"
    return describe_pattern(s, lang)


def _pattern(s: State, pot: tuple[int, ...], lang: str) -> str:
    """The follow pattern of the pot as it was when the trick ended."""
    if len(s.pot) >= 2 or len(pot) < 2:
        return asks(s, lang)
    w = s.copy()
    w.pot = ()
    for c in pot:
        add_to_pot(w, c, by_effect=False)
    return asks(w, lang)


def told(
    before: State, after: State, entry: Mapping[str, Any], table: Table | None = None, lang: str = "en"
) -> list[str]:
    """What happened when ``entry`` took the table from ``before`` to ``after``: who played what
    and what its effect did, who busted and why (an automatic bust too), why a round ended, its
    trouble points, and the winner once the game is over (``table``: the standings then)."""
    ja = lang == "ja"
    lines: list[str] = []
    players = after.players
    if "round" in entry:
        lines.append(_round_started(after, lang))
    elif "reveal" in entry:
        lines.append(_round_scores(players, after.scores, lang))
    elif "play" in entry and before.to_play is not None:
        who = players[before.to_play]
        try:
            c = parse(entry["play"], before.game.deck)
        except RuleViolation:
            return []
        effect = entry.get("effect")
        what = did(effect, hero_code(c), before.game.deck, who, lang, pot_after(before, entry))
        lines.append(f"{who}が{name(c, 'ja')}を出した：{what}。" if ja else f"{who} played the {name(c)}: {what}.")
    if ("play" in entry or "bust" in entry) and before.phase == TRICK and after.tricks > before.tricks:
        lines.append(_busted(before, after, entry, lang))
        if after.phase == REVEAL:
            lines.append(_round_over(after, lang))
    if after.phase == OVER and table is not None:
        lines.append(winner(table, lang))
    return lines


def _round_started(s: State, lang: str) -> str:
    ja = lang == "ja"
    if s.leader is None:  # the Timeline leads
        t = s.players[s.trickster]
        card = s.pot[0]
        if ja:
            return f"第{s.round}ラウンド開始：タイムラインの{name(card, 'ja')}がリード、トリックスターは{t}。"
        return f"Round {s.round} is set up: the Timeline leads the {name(card)}; {t} holds the Trickster token."
    leader = s.players[s.leader]
    return f"第{s.round}ラウンド開始：{leader}がリード。" if ja else f"Round {s.round} is set up: {leader} leads."


def _busted(before: State, after: State, entry: Mapping[str, Any], lang: str) -> str:
    ja = lang == "ja"
    buster = after.last_buster if after.last_buster is not None else 0
    who = after.players[buster]
    pot = pot_after(before, entry)
    pattern = _pattern(before, pot, lang)
    cards = _cards(pot)
    if "bust" in entry:
        if not before.hands[buster].size:
            if ja:
                return f"{who}は手札がないのでドボン：卓中央の{len(pot)}枚（{cards}）を取る。"
            return f"{who} has no cards left and busts, taking the pot: {cards}."
        if ja:
            return (
                f"{who}がドボン：手札にフォローできるカードがない（{pattern}）。卓中央の{len(pot)}枚（{cards}）を取る。"
            )
        return f"{who} busts: no card in their hand follows ({pattern}). Takes the pot: {cards}."
    leader_busts = (
        before.leader is not None
        and buster == before.leader
        and before.game.rules.special_case_buster == "leader"
        and buster != before.trickster
    )
    if leader_busts:
        if ja:
            return (
                f"全員がフォロー（{pattern}）。2枚目はリーダー自身の効果で出たので、ハウスルール"
                f"special_case_buster=leader によりリーダーの{who}がドボン：{cards}を取る。"
            )
        return (
            f"Everyone followed ({pattern}); the Leader's own effect put the second card in the pot, so "
            f"(house rule special_case_buster=leader) {who}, the Leader, busts and takes the pot: {cards}."
        )
    if ja:
        return (
            f"全員がフォロー（{pattern}）したので、トリックスターの{who}がドボン："
            f"卓中央の{len(pot)}枚（{cards}）を取る。"
        )
    return f"Everyone followed ({pattern}), so {who}, the Trickster, busts and takes the pot: {cards}."


def _round_over(s: State, lang: str) -> str:
    ja = lang == "ja"
    empty = [s.players[p] for p, h in enumerate(s.hands) if not h.size]
    if empty:
        who = _and(empty, lang)
        return (
            f"第{s.round}ラウンド終了：{who}の手札がなくなった。"
            if ja
            else f"Round {s.round} is over: {who}'s hand is empty."
        )
    return (
        f"第{s.round}ラウンド終了：タイムラインが尽きた。"
        if ja
        else f"Round {s.round} is over: the Timeline is used up."
    )


def _round_scores(players: Sequence[str], scores: Sequence[RoundScore], lang: str) -> str:
    ja = lang == "ja"
    if not scores:
        return ""
    r = len(scores)
    last = scores[-1]
    sep = "・" if ja else ", "
    points = sep.join(f"{p} {t}" for p, t in zip(players, last.trouble, strict=True))
    text = f"第{r}ラウンドのトラブルポイント：{points}。" if ja else f"Round {r} trouble points: {points}."
    if r > 1:
        totals = [sum(sc.trouble[i] for sc in scores) for i in range(len(players))]
        total = sep.join(f"{p} {t}" for p, t in zip(players, totals, strict=True))
        text += f"合計：{total}。" if ja else f" Totals: {total}."
    return text


def winner(table: Table, lang: str = "en") -> str:
    """Who won, with the tie-break that decided it when there was a tie."""
    ja = lang == "ja"
    if not table.standings:
        return "ゲーム終了。" if ja else "The game is over."
    best = table.winners()
    total = table.standings[0].total
    if len(best) > 1:
        text = (
            f"ゲーム終了：{_and(best, lang)}が{total}トラブルポイントで同点優勝。"
            if ja
            else f"The game is over: {_and(best, lang)} share the win with {total} trouble points."
        )
    else:
        text = (
            f"ゲーム終了：{best[0]}の勝ち（{total}トラブルポイント）。"
            if ja
            else f"The game is over: {best[0]} wins with {total} trouble points."
        )
    breaks = table.tiebreaks_in(lang)
    if breaks and best[0] in breaks[0]:
        text += breaks[0] if ja else " " + breaks[0]
    return text


# --- what comes next -----------------------------------------------------------------------------


def prompt(s: State, table: Table | None = None, lang: str = "en", fresh: bool = False) -> str:
    """What the table types next, following the state (``fresh``: nothing recorded yet, so a
    scoresheet may be kept instead)."""
    ja = lang == "ja"
    if s.phase == OVER:
        return winner(table, lang) if table is not None else ("ゲーム終了。" if ja else "The game is over.")
    if s.phase == SETUP:
        k, tl = trash_size(), timeline_size(s.game)
        who = _and(list(s.players), lang)
        r = s.round + 1
        if ja:
            tail = f"、タイムライン{tl}枚" if tl else ""
            text = f"第{r}ラウンド：round、捨て札{k}枚、{who}の場札{tail}。"
            return text + ("（得点表なら tableau …）" if fresh else "")
        tail = f", then the {tl} Timeline cards" if tl else ""
        text = f"Round {r}: type round, the {k} trash cards, then the tableau cards of {who}{tail}."
        return text + (" (Totals only: tableau …)" if fresh else "")
    if s.phase == REVEAL:
        held = [(p, h.size) for p, h in zip(s.players, s.hands, strict=True) if h.size]
        if ja:
            cards = "、".join(f"{p} {n}枚" for p, n in held)
            return f"手札を公開：reveal に続けて残りの手札を席順に（{cards}）。" if held else "reveal と入力。"
        cards = ", ".join(f"{p} {n}" for p, n in held)
        if not held:
            return "Reveal the hands: type reveal."
        return f"Reveal the hands: type reveal, then the cards left in hand in seat order ({cards})."
    if s.phase != TRICK or s.to_play is None:
        return ""
    who = s.players[s.to_play]
    if not s.pot:
        return f"{who}がトリック{s.tricks + 1}をリード。" if ja else f"{who} leads trick {s.tricks + 1}."
    if len(s.pot) == 1:
        led = s.players[s.leader] if s.leader is not None else ("タイムライン" if ja else "the Timeline")
        lead = name(s.pot[0], lang)
        if ja:
            return f"{who}の番：どのカードでも可（{led}が{lead}をリード）。"
        return f"{who} to play: any card ({led} led the {lead})."
    if not s.hands[s.to_play].size:
        return f"{who}の番：手札がないので bust。" if ja else f"{who} to play: no cards left, so bust."
    pattern = asks(s, lang)
    if any(isinstance(m, Bust) for m in legal(s)):
        return f"{who}の番：{pattern}（できなければ bust）。" if ja else f"{who} to play: {pattern} (or bust)."
    return f"{who}の番：{pattern}。" if ja else f"{who} to play: {pattern}."


def scoresheet_prompt(rounds: int, table: Table | None, lang: str = "en") -> str:
    ja = lang == "ja"
    if rounds >= ROUNDS:
        return winner(table, lang) if table is not None else ""
    if ja:
        return f"第{rounds + 1}ラウンド：場札の枚数を模様ごとに（tableau Aki=R3,B1 …）。"
    return f"Round {rounds + 1}: type each tableau by suit (tableau Aki=R3,B1 …)."


def scoresheet_told(
    players: Sequence[str], scores: Sequence[RoundScore], table: Table, over: bool, lang: str
) -> list[str]:
    lines = [_round_scores(players, scores, lang)]
    if over:
        lines.append(winner(table, lang))
    return [line for line in lines if line]


# --- the variant ---------------------------------------------------------------------------------


def variant(header: Mapping[str, Any], lang: str = "en") -> str:
    """The deck, the Timeline (2–3 players play with it, §"The Timeline") and the house rules set
    away from their defaults, in table words; "" for 4–7 players with the introductory deck and no
    house rule. Who plays first is no variant (:func:`heading` says it).

    >>> variant({"players": ["Aki", "Ben"], "deck": "strategy", "settings": {"trash_pick": "top"}})
    'Strategy deck, Timeline, top trash card only'
    >>> variant({"players": ["Aki", "Ben", "Chie"], "first": "Ben"}, "ja"), variant({"players": list("ABCD")})
    ('タイムライン', '')
    """
    ja = lang == "ja"
    parts: list[str] = _deck_words(header, lang)
    players = header.get("players")
    if isinstance(players, (list, tuple)) and 2 <= len(players) <= 3:
        parts.append("タイムライン" if ja else "Timeline")
    with suppress(RuleViolation, TypeError, ValueError):
        parts += in_words(HouseRules.from_dict(dict(header.get("settings") or {})), lang)
    return ("、" if ja else ", ").join(parts)


def heading(header: Mapping[str, Any], lang: str = "en") -> str:
    """The :func:`variant`, then who plays first when the header names someone other than the first
    player (the first Leader; 2–3 players, the first to hold the Trickster token): the table's
    heading, never a statistics variant (the same game whoever starts).

    >>> heading({"players": ["Aki", "Ben", "Chie", "Dan"], "first": "Chie"})
    'Chie starts'
    >>> heading({"players": ["Aki", "Ben", "Chie"], "deck": "strategy", "first": "Ben"}, "ja")
    '戦略デッキ、タイムライン、Benから'
    >>> heading({"players": ["Aki", "Ben"], "first": "Aki"})
    'Timeline'
    """
    ja = lang == "ja"
    parts = [variant(header, lang)]
    players, first = header.get("players"), header.get("first")
    if isinstance(players, (list, tuple)) and isinstance(first, str) and first in players[1:]:
        parts.append(f"{first}から" if ja else f"{first} starts")
    return ("、" if ja else ", ").join(p for p in parts if p)


def _deck_words(header: Mapping[str, Any], lang: str) -> list[str]:
    """The deck in table words: [] for the introductory deck."""
    ja = lang == "ja"
    parts: list[str] = []
    deck = header.get("deck", "introductory")
    decks = load_toml("trickster", "game.toml")["decks"]
    if isinstance(deck, str) and deck in decks:
        if deck != "introductory":
            parts.append(decks[deck]["name_ja" if ja else "name"])
    elif isinstance(deck, list):
        try:
            d = Deck.of([str(h) for h in deck])
            chosen = [heroes()[h].name_ja if ja else heroes()[h].name for h in d.heroes]
            parts.append(("英雄：" + "・".join(chosen)) if ja else "heroes: " + ", ".join(chosen))
        except RuleViolation:
            pass
    return parts


__all__ = [
    "asks",
    "did",
    "heading",
    "pot_after",
    "prompt",
    "scoresheet_prompt",
    "scoresheet_told",
    "told",
    "variant",
    "winner",
]
