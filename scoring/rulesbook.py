"""Rules texts cut into sections with ids, in English and Japanese.

Each game ships ``data/<game>/rules.en.md`` and ``rules.ja.md`` (and may add sections generated
from its data, one per hero or character); a refused event cites a section id, so a screen can
show the exact rule. Games are found through the registry.

>>> sec = section("trickster", "trickster.bust")
>>> sec.title
'Busting'
"""

from __future__ import annotations

from scoring.registry import get, ids
from scoring.rulestext import Section
from scoring.words import Fact, entry, say


def sections(game: str, lang: str = "en") -> tuple[Section, ...]:
    """Every section of a game's rules, in its language (the texts are read once; a game
    registered again is asked again)."""
    return get(game).rules(lang)


def section(game: str, sid: str, lang: str = "en") -> Section:
    for sec in sections(game, lang):
        if sec.id == sid:
            return sec
    raise KeyError(sid)


def title(rule: str, lang: str = "en") -> str:
    """What a player calls the rule a refusal cites: its section's title (``sheriff.cards`` is
    "Cards", 「カード」 in Japanese); the id itself for a rule no game's rules hold.

    >>> title("trickster.bust"), title("record-format"), title("nowhere.at-all")
    ('Busting', 'how entries are typed', 'nowhere.at-all')
    """
    game = rule.split(".", 1)[0]
    if game not in ids():  # a rule of no game's: how a record or an entry is written
        try:  # what a player calls it (the registry's words: F2 on it opens how entries are typed)
            entry(f"registry.rule.{rule}")
        except KeyError:
            return rule
        return say(Fact(f"registry.rule.{rule}"), lang)
    return next((sec.title for sec in sections(game, lang) if sec.id == rule), rule)


def search(game: str, words: str, lang: str = "en") -> list[Section]:
    """Sections whose id, title or text contains every word (case-insensitive)."""
    terms = words.lower().split()
    return [s for s in sections(game, lang) if all(t in f"{s.id} {s.title} {s.body}".lower() for t in terms)]
