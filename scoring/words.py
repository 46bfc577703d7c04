"""The table's words as facts: what happened is a message key with its values, and each game's
catalogue turns it into English or Japanese only at the edge (a screen, a page, an export).

An engine says *what* happened — ``Fact("trickster.played", player="Dan", card=...)`` — never in
which language. The same position can then be told to two viewers in two languages at once.

A catalogue is registered by the game package that owns its keys; a key's first part names it
(``trickster.played`` is in the ``trickster`` catalogue). Each entry is a pair, English then
Japanese, of a template for :meth:`str.format_map` or a function of the values.

>>> words("demo", {"won": ("{player} wins with {points} points.", "{player}が{points}点で勝ち。"),
...                "pair": (lambda v: f"{v['a']} & {v['b']}", lambda v: f"{v['a']}・{v['b']}")})
>>> fact = Fact("demo.won", player="Aki", points=42)
>>> say(fact), say(fact, "ja")
('Aki wins with 42 points.', 'Akiが42点で勝ち。')
>>> say(Fact("demo.pair", a=Fact("and", items=("Aki", "Ben", "Chie")), b="Dan"), "ja")
'AkiとBenとChie・Dan'
>>> say("a name or a card code needs no catalogue")
'a name or a card code needs no catalogue'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeAlias, TypeVar

LANGS = ("en", "ja")
T = TypeVar("T")

Template: TypeAlias = str | Callable[[Mapping[str, Any]], str]


class Fact:
    """One thing the table is told: a catalogue key and its values (numbers, names, codes, or
    further facts and sequences of them, each said in the viewer's language)."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, /, **values: Any) -> None:
        self.key = key
        self.values = values

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fact) and (self.key, self.values) == (other.key, other.values)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"Fact({self.key!r}{', ' if inner else ''}{inner})"

    def as_json(self) -> dict:
        """The fact as data (for a page that says it in the browser, or a test)."""
        return {"key": self.key, "values": {k: _as_json(v) for k, v in self.values.items()}}


#: what the table may be told: a fact, or a word that is the same in every language (a name, a code)
Words: TypeAlias = Fact | str


def from_json(data: Any) -> Any:
    """A fact (or a value) read back from :meth:`Fact.as_json`.

    >>> fact = Fact("and", items=("Aki", Fact("text", en="the dealer", ja="親")))
    >>> from_json(fact.as_json()) == fact
    True
    """
    if isinstance(data, dict) and set(data) == {"key", "values"} and isinstance(data["key"], str):
        return Fact(data["key"], **{str(k): from_json(v) for k, v in dict(data["values"]).items()})
    if isinstance(data, list):
        return tuple(from_json(v) for v in data)
    return data


def _as_json(value: Any) -> Any:
    if isinstance(value, Fact):
        return value.as_json()
    if isinstance(value, (list, tuple)):
        return [_as_json(v) for v in value]
    return value


_CATALOGUES: dict[str, dict[str, tuple[Template, Template]]] = {}


def words(name: str, entries: Mapping[str, tuple[Template, Template]]) -> None:
    """Register a catalogue: ``entries`` maps a key (without the ``name.`` prefix) to its English
    and Japanese. Registering the same name again adds to it (a game may keep words in several
    modules)."""
    table = _CATALOGUES.setdefault(name, {})
    for key, pair in entries.items():
        if len(pair) != len(LANGS):
            raise ValueError(f"{name}.{key}: give the English and the Japanese")
        table[key] = pair


def template(key: str, lang: str = "en") -> Template:
    """The template for a key in ``lang`` (English for a language the catalogue does not have)."""
    name, _, rest = key.partition(".")
    table = _CATALOGUES.get(name if rest else "", {})
    try:
        pair = table[rest or key]
    except KeyError:
        raise KeyError(f"no words for {key!r}: add it to the {name!r} catalogue") from None
    return in_languages(pair, lang)


def in_languages(texts: Sequence[T], lang: str) -> T:
    """Of texts given in ``LANGS``' order (English, then Japanese), the one for ``lang``; English
    for a language they are not given in.

    >>> in_languages(("trick", "トリック"), "ja"), in_languages(("trick", "トリック"), "fr")
    ('トリック', 'trick')
    """
    return texts[LANGS.index(lang)] if lang in LANGS else texts[0]


def say(said: Words | None, lang: str = "en") -> str:
    """A fact in ``lang``; a plain word as it is; nothing as ``""``."""
    if said is None:
        return ""
    if not isinstance(said, Fact):
        return str(said)
    values = {k: _value(v, lang) for k, v in said.values.items()}
    found = template(said.key, lang)
    return found(values) if callable(found) else found.format_map(values)


def say_all(said: Iterable[Words], lang: str = "en") -> list[str]:
    """Each of several facts in ``lang``."""
    return [say(s, lang) for s in said]


def _value(value: Any, lang: str) -> Any:
    if isinstance(value, Fact):
        return say(value, lang)
    if isinstance(value, (list, tuple)):
        return [_value(v, lang) for v in value]
    return value


def in_language(source: object, field: str, lang: str) -> str:
    """A text the data gives in several languages, each under its own name: ``field`` in English,
    ``field_<lang>`` in any other language (``name_ja``), read from an object's attributes or a
    mapping's keys; English where the language has none. A translator adds ``name_fr`` to the data
    and nothing to the code.

    >>> card = {"name": "Guard", "name_ja": "衛兵"}
    >>> in_language(card, "name", "ja"), in_language(card, "name", "en"), in_language(card, "name", "fr")
    ('衛兵', 'Guard', 'Guard')
    """
    get = source.get if isinstance(source, Mapping) else lambda key, default=None: getattr(source, key, default)
    return get(f"{field}_{lang}") or get(field)


def placeholders(key: str) -> tuple[set[str], set[str]]:
    """The values a string template uses, English and Japanese (a function's are not known)."""
    fields = []
    for lang in LANGS:
        found = template(key, lang)
        names = set() if callable(found) else {f for _, f, _, _ in string.Formatter().parse(found) if f}
        fields.append({f.split(".")[0].split("[")[0] for f in names})
    return fields[0], fields[1]


def keys() -> list[str]:
    """Every registered key, for the tests that check each has both languages."""
    return [f"{name}.{key}" if name else key for name, table in _CATALOGUES.items() for key in table]


def joined(items: Sequence[str], lang: str = "en", ja: str = "と") -> str:
    """Names or things as a sentence lists them: ``Aki, Ben and Chie``; in Japanese joined by
    ``ja`` (``AkiとBen``; a game listing cards may pass ``、``).

    >>> joined(["Aki"]), joined(["Aki", "Ben", "Chie"]), joined(["Aki", "Ben"], "ja")
    ('Aki', 'Aki, Ben and Chie', 'AkiとBen')
    """
    joint = {"ja": ja}.get(lang)  # a language that lists with one joint; English's commas and "and"
    if joint is not None:
        return joint.join(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# Words every game shares; their keys have no prefix.
words(
    "",
    {
        # players or things listed in a sentence: "Aki, Ben and Chie" / "AkiとBenとChie"
        "and": (lambda v: joined(v["items"], "en"), lambda v: joined(v["items"], "ja")),
        # cards listed: "the black 2, the red 5 and …" / "黒の2、赤の5"
        "list": (lambda v: joined(v["items"], "en"), lambda v: joined(v["items"], "ja", "、")),
        # sentences one after another
        "sentences": (lambda v: " ".join(v["items"]), lambda v: "".join(v["items"])),
        # words a game's data files already give in both languages (a card's or a role's name)
        "text": ("{en}", "{ja}"),
    },
)


def teller(name: str) -> Callable[..., Fact]:
    """The facts of one catalogue, keys written without its prefix (so that no key reads as one of
    the game's rule ids, which share it): ``fact = teller("kings")``, then ``fact("plays", …)`` is
    the ``kings.plays`` fact.

    >>> teller("demo")("won", player="Aki", points=42)
    Fact('demo.won', player='Aki', points=42)
    """

    def fact(key: str, /, **values: Any) -> Fact:
        return Fact(f"{name}.{key}", **values)

    return fact


def text(en: str, ja: str = "") -> Fact:
    """Words the data files give in both languages (a card's name from its TOML), as a fact."""
    return Fact("text", en=en, ja=ja or en)


def listed(items: Iterable[Words], how: str = "and") -> Fact:
    """Several things listed in a sentence (``how``: ``and`` for players, ``list`` for cards)."""
    return Fact(how, items=tuple(items))
