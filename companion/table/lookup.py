"""Rules lookups and the arbiter: answers to table questions, with the rule they rest on."""

from __future__ import annotations

from companion.words.refused import Refused
from companion.wrapping import reflow
from scoring.registry import get
from scoring.rulesbook import search, sections


def rules_text(game: str, topic: str = "", lang: str = "en", reflowed: bool = False) -> str:
    """A section by id (``bust`` or ``trickster.bust``), the sections matching some words, or the
    table of contents; ``reflowed``, each sentence of a section on a line of its own, for a screen
    to wrap at its width (``companion.wrapping.reflow``), not as the rules file breaks its lines."""
    every = sections(game, lang)
    if not topic:
        return "\n".join(f"{s.id:<36} {s.title}" for s in every)
    key = topic.strip().lower()
    exact = [s for s in every if s.id in (key, f"{game}.{key}")]
    found = exact or search(game, topic, lang)
    if not found:
        raise Refused(
            f"{game}.overview", "No rule mentions {topic!r}. Try: companion rules {game}", topic=topic, game=game
        )
    return "\n\n".join(f"{s.title} [{s.id}]\n{reflow(s.body) if reflowed else s.body}" for s in found)


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
