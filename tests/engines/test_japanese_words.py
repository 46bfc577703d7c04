"""A Japanese table reads no English word but the codes it types: every worked example of every
game replayed in Japanese, and every option the new-game form offers, in the spirit of
``test_boards`` (which does this for the boards).

What is looked at: what the table is told after each entry (``told``: a card by its name, never by
its code), what comes next
(``prompt``), each entry as the log and the phones list it (``shown``), the heading (``variant``,
``heading``), the choices offered for the next entry (``completions``: what each one is), the
board, each round's score as its parts, the notes and the tie-breaks; each option of the new-game
form — its name, its explanation, each choice and a switch's on and off — and the setup card; the
heading of a game with each option set away from its default; and the refusal of a mistyped line.

What may stay in Latin letters:

* the players' names, and numbers;
* a game's card codes, as the table types them (``KSCA``, ``r7``, ``WF``, ``Kh``, ``P``,
  ``score:3``) — :data:`CODES`;
* what to type, as a code in full-width brackets after the Japanese words that say it
  (``得点表（sheet …）``): a bracket with no Japanese in it holds only what is typed;
* :data:`ALLOWED`: names that are the same in Japanese — the export formats (JSON, CSV, BG Stats,
  BGG) and the games' own names as their Japanese boxes print them (KINGs, LOUDER).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table.board_text import board_text
from companion.table.header import in_words, mapping_words
from scoring.errors import RuleViolation
from scoring.registry import games, get
from scoring.words import say

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [
    (game.id, path)
    for game in games()
    for path in sorted((ROOT / "examples" / game.id).glob("*.json"))
    if not path.name.endswith(".expected.json")
]

#: each game's card codes, as a whole word (what the table types for a card)
CODES = {
    "trickster": r"[A-Z]{4}",
    "kings": r"[rbgkwRBGKW](?:\d+|[A-Z])|[A-Z]{2}",
    "sheriff": r"(?:10|[2-9AKQJ])[shdcSHDC]|JO",
    "phantom": r"P",
    "louder": r"(?:score|trap|enemy):-?\d+|trickster|destroyer|seeker",
}
#: words that are the same in Japanese: the export formats and the games' names on their boxes
ALLOWED = ("BG Stats", "BGG", "JSON", "CSV", "Markdown", "KINGs", "LOUDER", "TRICKSTAR")

_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")
_BRACKETED = re.compile(r"（([^（）]*)）")


def english(text: str, game: str, names: list[str]) -> list[str]:
    """The words of ``text`` in Latin letters that are neither a name, a card code, a typed code in
    brackets nor allowed.

    >>> english("得点表（sheet …）、Akiのrbust", "kings", ["Aki"])
    ['rbust']
    >>> english("Benの番：適合なし（できなければ bust）", "trickster", ["Ben"])
    ['bust']
    """
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = _BRACKETED.sub(lambda m: m.group(0) if _JAPANESE.search(m.group(1)) else "（）", text)
    for word in ALLOWED:
        text = text.replace(word, " ")
    code = re.compile(rf"(?<![A-Za-z])(?:{CODES[game]})(?![A-Za-z])")
    text = code.sub(" ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


def named_by_code(text: str, game: str, names: list[str]) -> list[str]:
    """The card codes in ``text`` (the players' names aside).

    >>> named_by_code("Akiがドボン：卓中央の2枚（YPED YMAG）を取る。", "trickster", ["Aki"])
    ['YPED', 'YMAG']
    """
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return re.findall(rf"(?<![A-Za-z])(?:{CODES[game]})(?![A-Za-z])", text)


def japanese(said: object) -> str:
    return say(said, "ja")  # type: ignore[arg-type]


def replayed(game_id: str, path: Path) -> Iterator[tuple[str, str]]:
    """What a Japanese table read replaying ``path``: (where it was read, the text)."""
    g = get(game_id)
    header, entries = g.split(json.loads(path.read_text()))
    p = g.new(header)
    yield "variant", japanese(g.variant(header))
    yield "heading", japanese(g.heading(header))
    yield "prompt", japanese(g.prompt(p))
    for entry in entries:
        first = g.format(entry).split()[0] + " "
        for typed in ("", first):  # the choices offered, before a word and after the first
            for choice in g.completions(p, typed):
                yield f"choices {len(p.entries) + 1} {typed!r}", japanese(choice.label)
        q = g.apply(p, entry)
        n = len(q.entries)
        for line in g.told(p, q):
            yield f"told {n}", japanese(line)
        yield f"prompt {n}", japanese(g.prompt(q))
        yield f"shown {n}", japanese(g.shown(entry))
        yield f"board {n}", board_text(g.board(q), "ja").text
        p = q
    for line in (*p.scored.details, *p.scored.notes, *p.scored.standings.tiebreaks):
        yield "scores", japanese(line)  # each round's score as its parts, the notes, the tie-breaks


@pytest.mark.parametrize(("game", "path"), EXAMPLES, ids=lambda x: x if isinstance(x, str) else x.stem)
def test_a_japanese_table_reads_no_english_word_replaying_a_worked_example(game, path):
    players = get(game).split(json.loads(path.read_text()))[0]["players"]
    found = {}
    for where, text in replayed(game, path):
        words = english(text, game, players)
        if where.startswith("told"):  # what happened names each card by its name, never its code
            words += named_by_code(text, game, players)
        if words:
            found.setdefault(text, (where, words))
    assert not found, "\n".join(f"{where}: {text}  {words}" for text, (where, words) in list(found.items())[:30])


def form_words(game_id: str) -> Iterator[tuple[str, str]]:
    """Every word the new-game form shows of a game's options in Japanese, and its setup card."""
    for players in get(game_id).players:
        yield "setup", get(game_id).setup(players, "ja")
    for option in get(game_id).options("ja"):
        yield option.name, option.title("ja")
        yield option.name, in_words(option.text("ja"))
        choices = (False, True) if option.typed_as() == "switch" else option.choices
        if option.typed_as() != "mapping":
            for choice in choices:
                yield option.name, option.label(choice, "ja")
        elif isinstance(option.default, dict):
            yield option.name, mapping_words(option.default)


@pytest.mark.parametrize("game", [g.id for g in games()])
def test_every_option_of_the_new_game_form_is_named_and_valued_in_japanese(game):
    found = [(name, text, words) for name, text in form_words(game) if (words := english(text, game, []))]
    assert not found, "\n".join(f"{name}: {text}  {words}" for name, text, words in found)
    assert all(o.title("ja") != o.name for o in get(game).options("ja"))  # each named in Japanese


def headers(game_id: str) -> Iterator[dict]:
    """A header for each choice of each option that is not its default (a switch turned)."""
    g = get(game_id)
    for count in g.players:
        players = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen"][:count]
        for option in g.options():
            choices = (not option.default,) if option.typed_as() == "switch" else option.choices
            for choice in (c for c in choices if c != option.default):
                if option.typed_as() == "mapping":
                    continue
                header = {"players": players}
                if option.house_rule:
                    header["settings"] = {option.name: choice}
                else:
                    header[option.name] = choice
                yield header


@pytest.mark.parametrize("game", [g.id for g in games()])
def test_the_heading_names_every_option_set_away_from_its_default_in_japanese(game):
    g, found, said = get(game), [], 0
    for header in headers(game):
        try:
            g.new(header)
        except RuleViolation:
            continue  # a choice this many players cannot take
        for text in (japanese(g.variant(header)), japanese(g.heading(header))):
            said += bool(text)
            if words := english(text, game, header["players"]):
                found.append((header, text, words))
    assert not found, "\n".join(map(str, found))
    assert said


#: lines a table may mistype: another game's words, a word cut short, a card no deck has
MISTYPED = (
    *("zzz", "bust foo", "place", "use", "draw x", "deal", "deal joker=x", "sheet", "sheet x", "fronts"),
    *("bids", "bids a=x", "lead", "lead a b", "hermit a b", "r99", "Kz", "point", "double=x", "round"),
    *("reveal", "tableau"),
    *("RGUA zzz", "hands", "Aki=10:purple", "sheet Aki: won=zz", "sheet Aki: bid=zz", "sheet Aki: items=zz"),
    *("sheet Aki: king=maybe", "sheet Aki: tricks=x", "place score:3 at 9", "use seeker"),
)
_QUOTED = re.compile(r"「[^」]*」|'[^']*'")  # what the table typed, said back to it as typed


@pytest.mark.parametrize(("game", "path"), EXAMPLES, ids=lambda x: x if isinstance(x, str) else x.stem)
def test_a_mistyped_line_is_refused_in_japanese_words(game, path):
    """A refusal says back what was typed as typed (in 「」), and names what to type in Japanese
    with the code in brackets: ``「zzz」を読めません：各自のカード（Aki=10 …）と指差し（point …）``."""
    g = get(game)
    header, entries = g.split(json.loads(path.read_text()))
    p, found = g.new(header), {}
    for n, entry in enumerate([None, *entries[:30]]):
        p = p if entry is None else g.apply(p, entry)
        if n % 10:
            continue
        for line in MISTYPED:
            try:
                g.apply(p, g.parse(line, p))
            except RuleViolation as err:
                said = err.message("ja")
                if words := english(_QUOTED.sub("", said), game, header["players"]):
                    found.setdefault(said, (line, words))
    assert not found, "\n".join(f"{line}: {said}  {words}" for said, (line, words) in found.items())
