"""What could be typed next: the pick-lists of the table screen (F3).

``candidate_cards`` lists the cards still to come; ``effect_targets`` completes a Trickster play
with the moves its hero's effect names (``card=``, ``enemy=``, ``copy=``, ``then.…``), each shown
with where that card lies on the table.
"""

from __future__ import annotations


def candidate_cards(game: str, record: dict, lang: str = "en") -> list[tuple[str, str]]:
    """(code, name) of the cards that could be typed next: Trickster — every card not face up on
    the table; KINGs and Sheriff — every card not played yet this round or deal."""
    if game == "trickster" and record.get("rounds") and "trash" in record["rounds"][0]:
        from scoring.trickster.cards import code, name
        from scoring.trickster.record import replay_record

        s = replay_record(record).state
        public = set(s.trash) | set(s.pot) | set(s.timeline) | {c for t in s.tableaus for c in t}
        return [(code(c), name(c, lang)) for c in s.game.deck.cards() if c not in public]
    if game == "kings" and "draft" in record:
        from scoring.kings.cards import BERSERKER_NINE, code, deck, name
        from scoring.kings.game_record import replay_game

        _, _, s = replay_game(record)
        left = sorted(c for c in deck(len(s.players)) if c not in s.played)
        seen = set()
        out = []
        for c in [*left, BERSERKER_NINE]:
            if code(c) not in seen and (c != BERSERKER_NINE or s.nine):
                seen.add(code(c))
                out.append((code(c), name(c, lang)))
        return out
    if game == "sheriff":
        from scoring.sheriff.cards import code, name
        from scoring.sheriff.record import table_state

        s = table_state(record)
        if s is None or s.deal == 0 or s.phase != "trick":
            return []
        return [(code(c), name(c, lang)) for c in range(21) if c not in s.played]
    return []


def effect_targets(record: dict, line: str, to_play: str | None, lang: str = "en") -> list[tuple[str, str]]:
    """For a Trickster line that starts with a hero card (``YPED`` or ``RGUA card=WGUA``): the
    choices for the next move the effect names, as (text to add, what it is)."""
    from scoring.errors import RuleViolation
    from scoring.trickster.cards import code, hero_of, heroes, name, parse
    from scoring.trickster.effects import TARGETS
    from scoring.trickster.record import replay_record

    words = line.split()
    if not words or not record.get("rounds") or "trash" not in record["rounds"][0]:
        return []
    s = replay_record(record).state
    try:
        played = parse(words[0], s.game.deck)
    except RuleViolation:
        return []
    given = {w.partition("=")[0]: w.partition("=")[2] for w in words[1:] if "=" in w}
    wanted = [*TARGETS[heroes()[hero_of(played)].code]]
    if "then" in wanted or "copy" in wanted:  # the copied (or Inventor's) card's own moves follow
        source = given.get("copy") or given.get("card")
        wanted = [w for w in wanted if w != "then"]
        if source:
            try:
                copied = heroes()[hero_of(parse(source, s.game.deck))].code
                wanted += [f"then.{w}" for w in TARGETS[copied]]
            except RuleViolation:
                pass
    key = next((w for w in wanted if w not in given), None)
    if key is None:
        return []
    if key.split(".")[-1].startswith("enemy"):
        return [(f"{key}={who}", who) for who in s.players if who != to_play]
    where: dict[int, str] = {}
    ja = lang == "ja"
    for c in s.trash:
        where[c] = "捨て札" if ja else "in the trash"
    for c in s.pot:
        where[c] = "場" if ja else "in the pot"
    for c in s.timeline:
        where[c] = "タイムライン" if ja else "on the Timeline"
    for p, tableau in enumerate(s.tableaus):
        for c in tableau:
            where[c] = f"{s.players[p]}の場札" if ja else f"in {s.players[p]}'s tableau"
    hidden = "手札か山札" if ja else "in a hand or the deck"
    cards = sorted(s.game.deck.cards(), key=lambda c: (c not in where, where.get(c, ""), c))
    return [(f"{key}={code(c)}", f"{name(c, lang)} — {where.get(c, hidden)}") for c in cards if c != played]
