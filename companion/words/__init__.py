"""Every word a player reads, in the player's language, from one gettext catalogue per language.

The words are written in English where they are said (``t("New game", lang)``); Babel extracts
them into ``locale/companion.pot`` and a translator keeps ``locale/<lang>/LC_MESSAGES/companion.po``
with the usual tools (Poedit, Weblate …). ``make words`` extracts, updates and compiles them; the
compiled ``companion.mo`` beside each ``.po`` is what a process reads, once, with the standard
library's ``gettext`` (no Babel, nothing parsed at start-up: a CLI command stays quick). A language
is one file: a language without a catalogue, English among them, says the English.

>>> t("New game", "ja")
'新しいゲーム'
>>> t("Saved to {path}", "ja", path="a.md")
'a.md に保存しました'
>>> t("New game", "en"), t("New game", "xx-no-such-language")
('New game', 'New game')
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "companion"
LOCALE = Path(__file__).with_name("locale")


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang``, read once per process (English, or a language without
    one, falls back to the words as written)."""
    return gettext.translation(DOMAIN, LOCALE, languages=[lang], fallback=True)


@cache
def languages() -> tuple[str, ...]:
    """The languages Companion speaks: English, and each with a compiled catalogue.

    >>> languages()
    ('en', 'ja')
    """
    return ("en", *sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")))


def t(text: str, lang: str, /, **values: Any) -> str:
    """``text`` in ``lang``, with ``{name}`` fields filled from ``values``."""
    return catalogue(lang).gettext(text).format(**values)


def round_head(n: int, lang: str, /) -> str:
    """A round's column head in the standings and its name under the running totals' chart.

    >>> round_head(2, "en"), round_head(2, "ja")
    ('R2', '2回')
    """
    return t("R{n}", lang, n=n)


def tn(singular: str, plural: str, n: int, lang: str, /, **values: Any) -> str:
    """The singular or the plural of a message, as ``n`` asks in ``lang`` (each language's own
    rule, from its catalogue's Plural-Forms), with ``{n}`` and the other fields filled.

    >>> tn("{n} session", "{n} sessions", 1, "en"), tn("{n} session", "{n} sessions", 5, "ja")
    ('1 session', '5セッション')
    """
    return catalogue(lang).ngettext(singular, plural, n).format(n=n, **values)


def N_(text: str) -> str:
    """Marks ``text`` for the catalogue where it is written, to be said later with ``t``
    (``label = N_("Options")`` … ``t(label, lang)``)."""
    return text


def tp(context: str, text: str, lang: str, /, **values: Any) -> str:
    """``text`` in ``lang`` where its English says two things a translation tells apart: the same
    English with a ``context`` of its own (gettext's ``msgctxt``).

    >>> tp("column", "Games", "en"), tp("column", "Games", "ja"), t("Games", "ja")
    ('Games', 'ゲーム数', 'ゲーム')
    """
    return catalogue(lang).pgettext(context, text).format(**values)
