"""Rules lookups and the arbiter: answers to table questions, with the rule they rest on."""

from __future__ import annotations

import re
from itertools import pairwise

from companion.words.refused import Refused
from companion.wrapping import reflow
from scoring.registry import get
from scoring.rulesbook import sections
from scoring.rulestext import Section


def rules_text(game: str, topic: str = "", lang: str = "en", reflowed: bool = False) -> str:
    """A section by its number in the contents (``3``) or its id (``bust`` or ``trickster.bust``),
    the sections matching some words, or the table of contents: each section's number and title,
    in the reader's language; ``reflowed``, each sentence of a section on a line of its own, for a
    screen to wrap at its width (``companion.wrapping.reflow``), not as the rules file breaks its
    lines.

    >>> print(rules_text("sheriff", "3", "ja").splitlines()[0])
    3. 配札と役割
    """
    every = sections(game, lang)
    numbered = {s.id: n for n, s in enumerate(every, 1)}
    if not topic:
        return "\n".join(f"{numbered[s.id]:>2}  {s.title}" for s in every)
    key = topic.strip().lower()
    exact = [s for s in every if key == str(numbered[s.id]) or s.id in (key, f"{game}.{key}")]
    found = exact or matching(game, topic, lang)
    if not found:
        raise Refused(
            f"{game}.overview", "No rule mentions {topic!r}: search other words, or none for the contents.", topic=topic
        )
    return "\n\n".join(f"{numbered[s.id]}. {s.title}\n{reflow(s.body) if reflowed else s.body}" for s in found)


def _word(term: str) -> re.Pattern[str]:
    """A word searched for: a word of letters or digits at a word's start (``king`` finds King,
    kings and King's, never the inside of ``Bookkeeping``), anything else (Japanese) anywhere."""
    if term.isascii() and term[:1].isalnum():
        return re.compile(r"(?<![0-9a-z])" + re.escape(term))
    return re.compile(re.escape(term))


def _joint(before: str, after: str) -> str:
    """What lies between two words side by side: spaces, or in Japanese one particle at most, or
    nothing (白 キング finds 白のキング)."""
    return r"\s+" if before.isascii() and after.isascii() else r"\s*\S?\s*"


def matching(game: str, words: str, lang: str = "en") -> list[Section]:
    """The sections that hold every one of ``words`` (any case) in their title, their text or the
    name of their id (``white king``: the sections that speak of both, not every section whose id
    starts ``kings.``); those that hold the words side by side (``_joint``) come first, then the
    others in the rules' order.

    >>> [s.id for s in matching("kings", "White King")][:2], len(matching("kings", "king")) < 33
    (['kings.kings', 'kings.king-back'], True)
    """
    terms = words.lower().split()
    if not terms:
        return []
    every = [
        (section, f"{section.id.split('.', 1)[-1]} {section.title} {section.body}".lower())
        for section in sections(game, lang)
    ]
    found = [(section, text) for section, text in every if all(_word(term).search(text) for term in terms)]
    together = re.compile(
        _word(terms[0]).pattern + "".join(_joint(a, b) + _word(b).pattern for a, b in pairwise(terms))
    )
    return [section for section, text in sorted(found, key=lambda pair: not together.search(pair[1]))]


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
    """The ruling, line by line (in English, or Japanese with ``lang="ja"``): each game reads the
    options it has (Sheriff the trump, Trickster the deck and the pot, every game its house rules)."""
    options = {"trump": trump, "deck": deck, "pot": pot or [], "settings": _settings(settings or [])}
    return get(game).arbitrate(cards, options, lang)
