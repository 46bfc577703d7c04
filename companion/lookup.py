"""Rules lookups and the arbiter: answers to table questions, with the rule they rest on."""

from __future__ import annotations

from scoring.errors import RuleViolation
from scoring.rulesbook import search, sections


def _load(game: str) -> None:
    # games that add generated sections (heroes, characters) register them on import
    if game == "trickster":
        import scoring.trickster
    elif game == "kings":
        import scoring.kings  # noqa: F401


def rules_text(game: str, topic: str = "", lang: str = "en") -> str:
    """A section by id (``bust`` or ``trickster.bust``), the sections matching some words, or the
    table of contents."""
    _load(game)
    every = sections(game, lang)
    if not topic:
        return "\n".join(f"{s.id:<36} {s.title}" for s in every)
    key = topic.strip().lower()
    exact = [s for s in every if s.id in (key, f"{game}.{key}")]
    found = exact or search(game, topic, lang)
    if not found:
        raise RuleViolation(
            f"{game}.overview",
            f"No rule mentions {topic!r}. Try: companion rules {game}",
            f"「{topic}」を含むルールはありません。",
        )
    return "\n\n".join(f"{s.title} [{s.id}]\n{s.body}" for s in found)


def _settings(pairs: list[str]) -> dict:
    out: dict = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        lowered = value.strip().lower()
        parsed: object = {"true": True, "false": False}.get(lowered, value.strip())
        if isinstance(parsed, str) and parsed.lstrip("-").isdigit():
            parsed = int(parsed)
        out[name.strip()] = parsed
    return out


def arbitrate(
    game: str,
    cards: list[str],
    *,
    trump: str | None = None,
    deck: str = "introductory",
    pot: list[str] | None = None,
    settings: list[str] | None = None,
    lang: str = "en",
) -> list[str]:
    """The ruling, line by line (in English, or Japanese with ``lang="ja"``)."""
    settings = _settings(settings or [])
    if game == "kings":
        return _kings(cards, settings, lang)
    if game == "sheriff":
        return _sheriff(cards, trump, lang)
    if game == "trickster":
        return _trickster(cards, pot or [], deck, settings, lang)
    if game == "phantom":
        return _phantom(cards, settings, lang)
    raise RuleViolation(
        "louder.overview",
        "LOUDER TRICKSTAR has no tricks to arbitrate; see companion rules louder flip.",
        "LOUDER TRICKSTARにトリックの判定はありません。",
    )


def _seats(n: int, lang: str) -> list[str]:
    return [f"プレイヤー{i + 1}" if lang == "ja" else f"Player {i + 1}" for i in range(n)]


def _rule(ids: str, lang: str) -> str:
    return f"ルール：{ids}" if lang == "ja" else f"Rule: {ids}."


def _times(n: int) -> str:
    return "twice" if n == 2 else f"{n} times"


KINGS_MODIFIERS = ("samurai", "king", "sword", "nine", "one", "rare", "flag")
KINGS_MAX_TRICK = 5  # one card per player; the test-play rules are for 2, 4 or 5 players


def _kings_modifiers(text: str, card: str, mods: str) -> set[str]:
    """The modifiers after the colon, each one known; anything unread is refused, never dropped."""
    import re

    from scoring.kings.cards import KING_COLORS
    from scoring.kings.trick import DECLARATIONS

    known = ", ".join(KINGS_MODIFIERS)
    how_en = f"The modifiers are {known}, after one colon and joined by + (r4:samurai, b3:king+samurai)."
    how_ja = f"使える修飾子：{known}（コロン1つの後に+でつなぐ。例：r4:samurai、b3:king+samurai）。"
    pieces = [m.strip().lower() for m in re.split(r"[+:]", mods)]
    unknown = next((m for m in pieces if m and m not in KINGS_MODIFIERS), None)
    if unknown is not None:
        rule, en = "kings.strength", f"{text!r}: {unknown!r} is not a card modifier."
        ja = f"「{text}」の「{unknown}」は修飾子ではありません。"
        if ":" in mods:
            en += " Join modifiers with +, not a second colon."
            ja += "修飾子は2つ目のコロンではなく+でつなぎます。"
        if unknown in KING_COLORS:
            rule = "kings.kings"
            en += (
                " A king takes the colour of the card under it (the White King goes on a White Flag, a Rare "
                f"or a card under the King's Sword): write {card}:king."
            )
            ja += (
                "キングの色は下のカードで決まります（白のキングは白旗・レア・王の剣のカードの上）。"
                f"{card}:king と書いてください。"
            )
        raise RuleViolation(rule, f"{en} {how_en}", ja + how_ja)
    flags = {m for m in pieces if m}
    if ":" in mods:
        fix = f"{card}:{'+'.join(m for m in pieces if m)}"
        raise RuleViolation(
            "kings.strength",
            f"{text!r}: join modifiers with +, not a second colon ({fix}). {how_en}",
            f"「{text}」：修飾子は2つ目のコロンではなく+でつなぎます（{fix}）。{how_ja}",
        )
    declared = [d for d in DECLARATIONS if d in flags]
    if len(declared) > 1:
        raise RuleViolation(
            "kings.character.resistance",
            f"{text!r} declares the card as {' and as '.join(declared)}: a Resistance declares "
            "a card as one thing only.",
            f"「{text}」は{'と'.join(declared)}の両方を宣言しています。宣言は1枚に1つだけです。",
        )
    return flags


def _kings(cards: list[str], settings: dict, lang: str = "en") -> list[str]:
    """Cards like ``r7``, ``k2``, ``RA``; modifiers after a colon: ``r4:samurai``, ``b3:king``,
    ``g2:sword``, ``r1:nine`` (Resistance), combined with ``+``. What cannot be read is refused."""
    from collections import Counter

    from scoring.kings.cards import COLORS, code, color_index, is_flag, is_rare, name, parse
    from scoring.kings.settings import HouseRules
    from scoring.kings.trick import DECLARATIONS, JA_COLORS, Play, judge

    if len(cards) > KINGS_MAX_TRICK:
        raise RuleViolation(
            "kings.overview",
            f"A KINGs trick has at most {KINGS_MAX_TRICK} cards, one per player (2, 4 or 5 players), not {len(cards)}.",
            f"KINGsのトリックは1人1枚、最大{KINGS_MAX_TRICK}枚です（{len(cards)}枚あります）。",
        )
    plays = []
    for seat, text in enumerate(cards):
        card_text, colon, mods = text.partition(":")
        if not card_text.strip():
            raise RuleViolation(
                "kings.cards",
                f"{text!r} names no card before its modifiers (r4:samurai).",
                f"「{text}」にはコロンの前にカードがありません（例：r4:samurai）。",
            )
        c = parse(card_text)
        flags = _kings_modifiers(text, card_text.strip(), mods) if colon else set()
        sword = "sword" in flags
        king = None
        if "king" in flags:
            king = "white" if is_flag(c) or is_rare(c) or sword else COLORS[color_index(c)]
        declare = next((d for d in DECLARATIONS if d in flags), None)
        plays.append(Play(seat, c, king, sword, declare, "samurai" in flags))
    for c, times in Counter(p.card for p in plays).items():
        copies = 2 if is_flag(c) or is_rare(c) else 1
        if times > copies:
            if copies == 1:
                raise RuleViolation(
                    "kings.cards",
                    f"The {name(c)} ({code(c)}) is given {_times(times)}: every "
                    "KINGs card exists once (only White Flags and Rares twice).",
                    f"{name(c, 'ja')}が{times}回あります。KINGsのカードは各1枚です（白旗とレアだけ2枚）。",
                )
            raise RuleViolation(
                "kings.cards",
                f"The {name(c)} ({code(c)}) is given {_times(times)}: there are two {name(c)}s.",
                f"{name(c, 'ja')}が{times}回あります。{name(c, 'ja')}は2枚です。",
            )
    for color, times in Counter(p.king for p in plays if p.king).items():
        if times > 1:
            raise RuleViolation(
                "kings.kings",
                f"The {color} king is placed {_times(times)}: there is one king of each colour, played once.",
                f"{JA_COLORS[color]}のキングが{times}回置かれています。各色のキングは1つ、1回だけです。",
            )
    if sum(p.sword for p in plays) > 1:
        raise RuleViolation(
            "kings.item.kings_sword",
            "The King's Sword is used twice: there is one, used once per game.",
            "王の剣が2回使われています。王の剣は1本、ゲーム中1回だけです。",
        )
    ruling = judge(plays, _seats(len(plays), lang), HouseRules.from_dict(settings), lang)
    return [*ruling.lines, _rule("kings.strength, kings.ties", lang)]


SHERIFF_TRICK = 3  # Sheriff is for exactly 3 players, one card each


def _sheriff(cards: list[str], trump: str | None, lang: str = "en") -> list[str]:
    from collections import Counter

    from scoring.sheriff.cards import JOKER, code, name, parse, suit_index
    from scoring.sheriff.engine import explain_trick

    if len(cards) > SHERIFF_TRICK:
        raise RuleViolation(
            "sheriff.trick",
            f"A Sheriff trick has {SHERIFF_TRICK} cards, one per player, not {len(cards)}.",
            f"シェリフのトリックは1人1枚の{SHERIFF_TRICK}枚です（{len(cards)}枚あります）。",
        )
    t = None if trump in (None, "none", "no-trump") else suit_index(trump)
    trick = [(i, parse(c)) for i, c in enumerate(cards)]
    for c, times in Counter(c for _, c in trick).items():
        if times > 1:
            raise RuleViolation(
                "sheriff.cards",
                f"The {name(c)} ({code(c)}) is given {_times(times)}: the 21-card deck holds each card once.",
                f"{name(c, 'ja')}が{times}回あります。21枚のデッキに各カードは1枚です。",
            )
    if not trick:
        raise RuleViolation("sheriff.trick", "A trick needs at least one card.", "カードがありません。")
    if all(c == JOKER for _, c in trick):
        raise RuleViolation(
            "sheriff.trick",
            "Give the trick's other cards too: the Joker always loses, and the next card sets the suit to follow.",
            "トリックのほかのカードも入力してください。ジョーカーは必ず負け、次のカードがスートを決めます。",
        )
    return [*explain_trick(_seats(len(trick), lang), trick, t, lang), _rule("sheriff.trick", lang)]


def _no_card_twice(parsed: list[int], where_en: str, where_ja: str) -> None:
    """Refuse a Trickster card named twice in one list (each card of the 56 exists once)."""
    from scoring.trickster.cards import code, name

    for i, c in enumerate(parsed):
        if c in parsed[:i]:
            raise RuleViolation(
                "trickster.cards",
                f"The {name(c)} ({code(c)}) is given twice {where_en}: each card exists once.",
                f"{name(c, 'ja')}が{where_ja}2回あります。各カードは1枚だけです。",
            )


def _trickster(cards: list[str], pot: list[str], deck: str, settings: dict, lang: str = "en") -> list[str]:
    """May each of ``cards`` follow a pot of ``pot`` (lead first)?"""
    from scoring.trickster.cards import Deck, name, parse
    from scoring.trickster.state import Game, new_game
    from scoring.trickster.zones import add_to_pot, can_follow, describe_pattern

    ja = lang == "ja"
    d = Deck.preset(deck) if "," not in deck else Deck.of([h.strip() for h in deck.split(",")])
    s = new_game(Game(("A", "B", "C", "D"), d)).copy()
    s.leader = 0
    in_pot = [parse(code, d) for code in pot]
    _no_card_twice(in_pot, "in the pot", "場に")
    asked = [parse(code, d) for code in cards]
    _no_card_twice(asked, "among the cards asked about", "質問に")
    for c in in_pot:
        add_to_pot(s, c, by_effect=False)
    pattern = describe_pattern(s, lang)
    listed = ("、" if ja else ", ").join(name(c, lang) for c in s.pot) or ("なし" if ja else "empty")
    lines = [f"場：{listed}（{pattern}）。" if ja else f"Pot: {listed} — {pattern}."]
    for c in asked:
        card = name(c, lang)
        if c in s.pot:
            lines.append(f"{card}はすでに場に出ています。" if ja else f"The {card} is already in the pot.")
        elif can_follow(s, c):
            lines.append(
                f"{card}は出せます（{pattern}）。" if ja else f"The {card} may be played: it fits ({pattern})."
            )
        else:
            lines.append(
                f"{card}はフォローできません（{pattern}）。合うカードを持つプレイヤーはそれを出さなければ"
                "ならず、なければバストです。"
                if ja
                else f"The {card} may not follow: {pattern}. A player holding a card that fits must play one; "
                "with none, they bust."
            )
    return [*lines, _rule("trickster.pattern, trickster.follow", lang)]


def _phantom(cards: list[str], settings: dict, lang: str = "en") -> list[str]:
    """The cards in play; ``variant`` among the settings (base by default) sets how many Phantoms the
    deck holds, with the ``edition`` house rule, as a record does."""
    from collections import Counter

    from scoring.phantom.culprit import PHANTOM, HouseRules, card_name, find_culprit, variants
    from scoring.phantom.record import parse_card

    settings = dict(settings)
    variant = str(settings.pop("variant", "base"))
    if variant not in variants():
        raise RuleViolation(
            "phantom.phantom-variants",
            f"Unknown variant {variant!r}; known: {', '.join(variants())}.",
            f"「{variant}」というバリエーションはありません。",
        )
    rules = HouseRules.from_dict(settings)
    in_play = [(i, parse_card(c)) for i, c in enumerate(cards)]
    counts = Counter(v for _, v in in_play)
    for v, times in sorted(counts.items()):
        if v != PHANTOM and times > 1:
            raise RuleViolation(
                "phantom.cards",
                f"The {card_name(v)} is given {_times(times)}: there is one of each suspect.",
                f"{card_name(v, 'ja')}が{times}回あります。容疑者は各1枚です。",
            )
    phantoms = variants()[variant].get("phantoms", 1 if rules.edition == "original" else 2)
    if counts[PHANTOM] > phantoms:
        deck = variants()[variant]["name"] + (f" ({rules.edition} edition)" if variant == "base" else "")
        more_en = more_ja = ""
        if phantoms == 1:
            more_en = (
                " For two, use --setting edition=oink, or a variant with two: --setting "
                "variant=fourth_person or variant=west_coast."
            )
            more_ja = "（2枚なら --setting edition=oink、または variant=fourth_person か variant=west_coast）"
        raise RuleViolation(
            "phantom.cards",
            f"The Phantom is given {_times(counts[PHANTOM])}, but the deck of the {deck} holds {phantoms}.{more_en}",
            f"怪人が{counts[PHANTOM]}回ありますが、このデッキの怪人は{phantoms}枚です{more_ja}。",
        )
    culprit = find_culprit(in_play, rules, lang)
    if lang == "ja":
        who = f"{culprit.owner + 1}枚目のカード" if culprit.owner is not None else "なし"
        return [*culprit.lines, f"犯人は入力順で{who}です。", _rule("phantom.culprit", lang)]
    who = f"card {culprit.owner + 1}" if culprit.owner is not None else "no card"
    return [*culprit.lines, f"The culprit is {who} in the order given.", _rule("phantom.culprit", lang)]
