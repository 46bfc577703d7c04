"""The table's words as facts: what happened is a message key with its values, and each game's
catalogue turns it into a language only at the edge (a screen, a page, an export).

An engine says *what* happened — ``Fact("trickster.played", player="Dan", card=...)`` — never in
which language. The same position can then be told to two viewers in two languages at once.

A catalogue is registered by the game package that owns its keys; a key's first part names it
(``trickster.played`` is in the ``trickster`` catalogue). Each entry is written in English: a
template for :meth:`str.format_map`, or a function of the values (already said) and the language
that builds its words from other entries and from the box's data (a card's ``name_ja``). Every
other language reads a template from the game's gettext catalogue,
``scoring/<game>/locale/<lang>/LC_MESSAGES/<game>.po``, whose message context is the key (the words
every game shares are in ``scoring/locale``, domain ``scoring``). ``python -m companion.words.games``
writes each catalogue's template (``.pot``) from these entries; ``make words`` updates and compiles
the ``.po`` files, so a translator adds a language with the usual tools (Poedit, Weblate).

A template lists a sequence with its joint as the field's format: ``{cards:、}`` is the cards
joined by ``、``.

>>> words("demo", {"won": "{player} wins with {points} points.", "all": "{items:, }",
...                "pair": lambda v, lang: v["a"] + " & " + v["b"]})
>>> fact = Fact("demo.won", player="Aki", points=42)
>>> say(fact), say(Fact("demo.all", items=("Aki", "Ben")))
('Aki wins with 42 points.', 'Aki, Ben')
>>> say(Fact("demo.pair", a=Fact("and", items=("Aki", "Ben", "Chie")), b="Dan"), "ja")
'AkiとBenとChie & Dan'
>>> say("a name or a card code needs no catalogue")
'a name or a card code needs no catalogue'
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, TypeAlias

#: an entry: an English template, or a function of the said values and the language
Template: TypeAlias = str | Callable[[Mapping[str, Any], str], str]

#: where scoring's translations are; a game's are in its package (``scoring/<game>/locale``)
HERE = Path(__file__).parent
#: a folder given in place of a domain's own (a catalogue outside scoring/, a test's pseudo-locale)
LOCALES: dict[str, Path] = {}


@cache
def spoken() -> tuple[str, ...]:
    """The languages the games speak: English, and each with a compiled catalogue of scoring's
    words (a table may type a card's or a role's name in any of them).

    >>> spoken()
    ('en', 'ja')
    """
    found = (LOCALES.get("scoring") or HERE / "locale").glob("*/LC_MESSAGES/scoring.mo")
    return ("en", *sorted(path.parent.parent.name for path in found))


def domain(name: str) -> str:
    """The gettext domain of a catalogue: a game's is its package's name (``kings``), as is one
    registered with a folder of its own; the words scoring's own modules share (``and``, the
    tie-breaks, the arbiter's, a record's) are ``scoring``'s."""
    if name and (name in LOCALES or (HERE / name / "__init__.py").is_file()):
        return name
    return "scoring"


def locale_of(name: str) -> Path:
    """The folder of a catalogue's translations: ``locale`` in its game's package, or scoring's."""
    found = domain(name)
    return LOCALES.get(found) or (HERE / "locale" if found == "scoring" else HERE / found / "locale")


@cache
def translations(name: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``name`` in ``lang``, read once per process (English, or a language
    without one, falls back to the English written in the code)."""
    return gettext.translation(domain(name), locale_of(name), languages=[lang], fallback=True)


class _Joining(string.Formatter):
    """``str.format`` whose format on a sequence is the joint between its items (``{items:、}``)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, (list, tuple)):
            return format_spec.join(str(v) for v in value)
        return super().format_field(value, format_spec)


_FORMAT = _Joining()


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


_CATALOGUES: dict[str, dict[str, Template]] = {}


def words(name: str, entries: Mapping[str, Template], locale: Path | None = None) -> None:
    """Register a catalogue: ``entries`` maps a key (without the ``name.`` prefix) to its English.
    Registering the same name again adds to it (a game may keep words in several modules).
    ``locale`` is where its translations are (``scoring/<name>/locale`` unless given)."""
    if locale is not None:
        LOCALES[name] = locale
    _CATALOGUES.setdefault(name, {}).update(entries)


def owner(key: str) -> tuple[str, str]:
    """The catalogue a key is in and the key within it: ``kings.plays`` is ``plays`` in ``kings``; a
    key whose first part names no catalogue is a shared one (``and``, ``and.joint``)."""
    name, _, rest = key.partition(".")
    return (name, rest) if rest and name in _CATALOGUES else ("", key)


def entry(key: str) -> Template:
    """The English entry of a key, as the code writes it."""
    name, rest = owner(key)
    try:
        return _CATALOGUES[name][rest]
    except KeyError:
        raise KeyError(f"no words for {key!r}: add it to the {name or key.partition('.')[0]!r} catalogue") from None


def template(key: str, lang: str = "en") -> Template:
    """The template for a key in ``lang``: its catalogue's translation (the key is the message's
    context), the English where a language has none; a function entry as it is."""
    found = entry(key)
    if callable(found):
        return found
    return translations(owner(key)[0], lang).pgettext(key, found)


#: the suffix of a key's words on a phone, where the laptop's speak of keys (``kings.fronts_prompt.phone``)
PHONE = ".phone"


def say(said: Words | None, lang: str = "en", phone: bool = False) -> str:
    """A fact in ``lang``; a plain word as it is; nothing as ``""``. On a ``phone`` (the pages), a
    fact whose words speak of the keyboard ("type fronts … a digit takes one") is said in its
    phone's words where its catalogue has them (its key and ``PHONE``), which speak of no keys."""
    if said is None:
        return ""
    if not isinstance(said, Fact):
        return str(said)
    values = {k: _value(v, lang, phone) for k, v in said.values.items()}
    key = said.key + PHONE if phone and has(said.key + PHONE) else said.key
    found = template(key, lang)
    return found(values, lang) if callable(found) else _FORMAT.vformat(found, (), values)


def has(key: str) -> bool:
    """Whether a catalogue has words for ``key``."""
    name, rest = owner(key)
    return rest in _CATALOGUES.get(name, {})


def say_all(said: Iterable[Words], lang: str = "en") -> list[str]:
    """Each of several facts in ``lang``."""
    return [say(s, lang) for s in said]


def _value(value: Any, lang: str, phone: bool = False) -> Any:
    if isinstance(value, Fact):
        return say(value, lang, phone)
    if isinstance(value, (list, tuple)):
        return [_value(v, lang, phone) for v in value]
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


def fields(text: str) -> set[str]:
    """The values a template uses (``{who}``, ``{card.name}`` and ``{items:、}`` use who, card, items)."""
    found = {f for _, f, _, _ in string.Formatter().parse(text) if f}
    return {f.split(".")[0].split("[")[0] for f in found}


def placeholders(key: str, lang: str = "ja") -> tuple[set[str], set[str]]:
    """The values a template uses in English and in ``lang`` (a function's are not known)."""
    en, there = template(key, "en"), template(key, lang)
    return (set() if callable(en) else fields(en)), (set() if callable(there) else fields(there))


def keys() -> list[str]:
    """Every registered key, for the tests that check each is translated."""
    return [f"{name}.{key}" if name else key for name, table in _CATALOGUES.items() for key in table]


def catalogues() -> dict[str, dict[str, Template]]:
    """Every registered catalogue by name (``""`` for the shared words), for writing the templates."""
    return {name: dict(table) for name, table in _CATALOGUES.items()}


def joined(items: Sequence[str], lang: str = "en", key: str = "and") -> str:
    """Names or things as a sentence lists them: ``Aki, Ben and Chie``, ``AkiとBenとChie``. The
    catalogue says how: ``<key>.joint`` between the first ones, ``<key>.last`` before the last (a
    game listing cards keeps ``list``, ``黒の2、赤の5``; it may register a style of its own).

    >>> joined(["Aki"]), joined(["Aki", "Ben", "Chie"]), joined(["Aki", "Ben"], "ja")
    ('Aki', 'Aki, Ben and Chie', 'AkiとBen')
    >>> joined(["the red 5", "the black 2"], "ja", "list")
    'the red 5、the black 2'
    """
    if len(items) < 2:
        return "".join(items)
    rest = str(template(f"{key}.joint", lang)).join(items[:-1])
    return str(template(f"{key}.last", lang)).format(rest=rest, last=items[-1])


# Words every game shares; their keys have no prefix.
words(
    "",
    {
        # players or things listed in a sentence: "Aki, Ben and Chie"
        "and": lambda v, lang: joined(v["items"], lang),
        "and.joint": ", ",
        "and.last": "{rest} and {last}",
        # cards listed: "the black 2, the red 5 and …"
        "list": lambda v, lang: joined(v["items"], lang, "list"),
        "list.joint": ", ",
        "list.last": "{rest} and {last}",
        # sentences one after another
        "sentences": "{items: }",
        # words a game's data files already give in each language (a card's or a role's name)
        "text": lambda v, lang: v.get(lang) or v["en"],
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
