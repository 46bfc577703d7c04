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
        raise RuleViolation(f"{game}.overview", f"No rule mentions {topic!r}. Try: companion rules {game}",
                            f"「{topic}」を含むルールはありません。")
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


def arbitrate(game: str, cards: list[str], *, trump: str | None = None, deck: str = "introductory",
              pot: list[str] | None = None, settings: list[str] | None = None, lang: str = "en") -> list[str]:
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
    raise RuleViolation("louder.overview", "LOUDER TRICKSTAR has no tricks to arbitrate; see "
                        "companion rules louder flip.", "LOUDER TRICKSTARにトリックの判定はありません。")


def _seats(n: int, lang: str) -> list[str]:
    return [f"プレイヤー{i + 1}" if lang == "ja" else f"Player {i + 1}" for i in range(n)]


def _rule(ids: str, lang: str) -> str:
    return f"ルール：{ids}" if lang == "ja" else f"Rule: {ids}."


def _kings(cards: list[str], settings: dict, lang: str = "en") -> list[str]:
    """Cards like ``r7``, ``k2``, ``RA``; modifiers after a colon: ``r4:samurai``, ``b3:king``,
    ``g2:sword``, ``r1:nine`` (Resistance), combined with ``+``."""
    from scoring.kings.cards import COLORS, color_index, is_flag, is_rare, parse
    from scoring.kings.settings import HouseRules
    from scoring.kings.trick import Play, judge

    plays = []
    for seat, text in enumerate(cards):
        code, _, mods = text.partition(":")
        c = parse(code)
        flags = set(mods.split("+")) - {""}
        sword = "sword" in flags
        king = None
        if "king" in flags:
            king = "white" if is_flag(c) or is_rare(c) or sword else COLORS[color_index(c)]
        declare = next((d for d in ("nine", "one", "rare", "flag") if d in flags), None)
        plays.append(Play(seat, c, king, sword, declare, "samurai" in flags))
    ruling = judge(plays, _seats(len(plays), lang), HouseRules.from_dict(settings), lang)
    return [*ruling.lines, _rule("kings.strength, kings.ties", lang)]


def _sheriff(cards: list[str], trump: str | None, lang: str = "en") -> list[str]:
    from scoring.sheriff.cards import parse, suit_index
    from scoring.sheriff.engine import explain_trick

    t = None if trump in (None, "none", "no-trump") else suit_index(trump)
    trick = [(i, parse(c)) for i, c in enumerate(cards)]
    return [*explain_trick(_seats(len(trick), lang), trick, t, lang), _rule("sheriff.trick", lang)]


def _trickster(cards: list[str], pot: list[str], deck: str, settings: dict, lang: str = "en") -> list[str]:
    """May each of ``cards`` follow a pot of ``pot`` (lead first)?"""
    from scoring.trickster.cards import Deck, name, parse
    from scoring.trickster.state import Game, new_game
    from scoring.trickster.zones import add_to_pot, can_follow, describe_pattern

    ja = lang == "ja"
    d = Deck.preset(deck) if "," not in deck else Deck.of([h.strip() for h in deck.split(",")])
    s = new_game(Game(("A", "B", "C", "D"), d)).copy()
    s.leader = 0
    for code in pot:
        add_to_pot(s, parse(code, d), by_effect=False)
    pattern = describe_pattern(s, lang)
    in_pot = ("、" if ja else ", ").join(name(c, lang) for c in s.pot) or ("なし" if ja else "empty")
    lines = [f"場：{in_pot}（{pattern}）。" if ja else f"Pot: {in_pot} — {pattern}."]
    for code in cards:
        c = parse(code, d)
        card = name(c, lang)
        if c in s.pot:
            lines.append(f"{card}はすでに場に出ています。" if ja else f"The {card} is already in the pot.")
        elif can_follow(s, c):
            lines.append(f"{card}は出せます（{pattern}）。" if ja else
                         f"The {card} may be played: it fits ({pattern}).")
        else:
            lines.append(f"{card}はフォローできません（{pattern}）。合うカードを持つプレイヤーはそれを出さなければ"
                         "ならず、なければバストです。" if ja else
                         f"The {card} may not follow: {pattern}. A player holding a card that fits must play one; "
                         "with none, they bust.")
    return [*lines, _rule("trickster.pattern, trickster.follow", lang)]


def _phantom(cards: list[str], settings: dict, lang: str = "en") -> list[str]:
    from scoring.phantom.culprit import HouseRules, find_culprit
    from scoring.phantom.record import parse_card

    in_play = [(i, parse_card(c)) for i, c in enumerate(cards)]
    culprit = find_culprit(in_play, HouseRules.from_dict(settings), lang)
    if lang == "ja":
        who = f"{culprit.owner + 1}枚目のカード" if culprit.owner is not None else "なし"
        return [*culprit.lines, f"犯人は入力順で{who}です。", _rule("phantom.culprit", lang)]
    who = f"card {culprit.owner + 1}" if culprit.owner is not None else "no card"
    return [*culprit.lines, f"The culprit is {who} in the order given.", _rule("phantom.culprit", lang)]
