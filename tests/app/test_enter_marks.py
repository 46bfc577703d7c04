"""What the choices line marks for Enter is what Enter records, at every key of every entry.

Every position of every worked example is typed three ways (``benchmarks.typists``: the fewest
keys, the README's two letters a card with numbered choices, the whole line) in English and in
Japanese. Before each key and before Enter, the choices line is drawn as the table screen draws it
(``screens.widgets.choices.layout`` at 80 columns) and read back: the word it marks ⏎ is the entry Enter
records, or ``as typed`` and Enter records the line as it stands, or nothing is marked and Enter
refuses the line. At the end, Enter records exactly the example's entry.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.cells import cell_len

from benchmarks import typists
from companion.table.typeahead import TypeAhead, digit
from companion.words import t
from scoring.errors import RuleViolation
from scoring.registry import get
from screens.widgets.choices import layout

EXAMPLES = sorted(p for p in (Path(__file__).parents[2] / "examples").glob("*/*.json") if "expected" not in p.name)
WIDTH = 78  # the choices line inside an 80-column screen


def marked(ahead: TypeAhead, line: str, lang: str) -> None:
    """The choices line for ``line`` says what Enter then does."""
    offer = ahead.offer(line)
    drawn = layout(offer, WIDTH, lang)
    done = ahead.offer(line).enter
    said = t("⏎ {line} as typed", lang, line="X").split("X")[1]  # " as typed" / " をこのまま記録"
    where = f"{ahead.game.id} {line!r}: {drawn}"
    assert all(cell_len(d) <= WIDTH for d in drawn), where
    if offer.numbered:  # every choice a digit takes is in view, with its number
        shown = " ".join(drawn)
        assert all(f"{digit(n)} " in shown for n in range(1, len(offer.choices) + 1)), where
    if drawn and said in drawn[0]:
        assert done.action == "record" and not done.taken, where
        assert done.line == line.strip() and done.entry == ahead.game.parse(line, ahead.position), where
        return
    marks = [d for d in drawn if "⏎ " in d]
    if not marks:
        assert done.action == "refuse", where
        return
    shared, word = marks[0].split("⏎ ", 1)
    if offer.numbered:
        number, word = word.split(" ", 1)
        assert number == "1", where
    if shared.endswith("… "):  # Ben=Samurai:… 1 0/50
        shared = shared.split(" ")[-2].removesuffix("…")
    elif shared.endswith(": ") and offer.choices[0].text.startswith(shared.split(" ")[-2].removesuffix(":") + " "):
        shared = shared.split(" ")[-2].removesuffix(":")  # whole moves grouped by their word: use: 1 trickster
    else:
        shared = ""
    choice = offer.choices[0]
    # what every choice starts with is written once: glued on (Ben=Samurai:… 1 0/50) or a word (says… 1 same)
    said = [shared + word, f"{shared} {word}"] if shared else [word]
    assert any(
        s.startswith(choice.text.removesuffix("…")) or choice.text.startswith(s.split(" ")[0].removesuffix("…"))
        for s in said
    ), where
    if done.action == "record":
        assert done.entry == ahead.game.parse(choice.line, ahead.position), where
    else:
        # the choice in the line, with the one name that alone may follow it (point Aki>)
        assert done.action == "fill" and done.line == ahead._taken(choice.line), where


def typed_way(path: Path, lang: str) -> int:
    """Type every entry of one example every way, checking the mark at every key; the keys typed."""
    record = json.loads(path.read_text())
    game = get(record["game"])
    header, entries = game.split(record)
    position, pressed = game.new(header), 0
    for entry in entries:
        ahead = TypeAhead(position, lang)  # one per position, as the screen has: what it worked out is kept
        for way in (typists.fewest, typists.readme, typists.whole):
            keys = way(ahead, entry)
            assert keys is not None, (path.name, way.__name__, game.format(entry))
            ahead.forget()  # a fresh line, typed from nothing
            line = ""
            for key in keys[:-1]:
                marked(ahead, line, lang)
                line = ahead.key(line, key)
            marked(ahead, line, lang)
            assert ahead.enter(line).entry == entry, (path.name, way.__name__, line)
            pressed += len(keys)
        position = game.apply(position, entry)
    return pressed


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_enter_records_what_the_choices_line_marks_at_every_key(path, lang):
    assert typed_way(path, lang) > 0


def test_a_whole_line_with_a_longer_one_possible_says_as_typed_and_a_digit_takes_the_longer():
    """Trickster, 5 players, the strategy deck: Chie plays the blue Doctor on the orange Scion in
    Emi's tableau. ``BDOC OSCI`` is whole (the Scion goes back to Emi's hand); the choices line
    says so and what it does, Enter records it as typed, and 1 sends it to Dan instead."""
    path = Path(__file__).parents[2] / "examples/trickster/game-5p-strategy.json"
    game = get("trickster")
    header, entries = game.split(json.loads(path.read_text()))
    p = game.replay(header, entries[:3])
    ahead = TypeAhead(p)
    line = typists.press(ahead, list("bdos"))
    assert line == "BDOC OSCI "
    drawn = layout(ahead.offer(line), WIDTH, "en")
    assert drawn[0].startswith("⏎ BDOC OSCI as typed (") and drawn[1].startswith("1 Dan")
    assert "into Emi's hand" in ahead.offer(line).said  # what the line as it stands does
    assert ahead.enter(line).entry == game.parse("BDOC OSCI", p)
    assert ahead.enter(ahead.key(line, "1")).entry == game.parse("BDOC OSCI Dan", p) == entries[3]


def test_kings_a_card_that_may_carry_its_king_is_recorded_plain_unless_king_is_chosen():
    """KINGs, 5 players, round 1: Dan leads the black 2. ``k2`` is whole; the king may go with it.
    Enter records the plain card (the line says ``as typed``), 1 adds the king."""
    path = Path(__file__).parents[2] / "examples/kings/game-5p.json"
    game = get("kings")
    header, entries = game.split(json.loads(path.read_text()))
    p = game.replay(header, entries[:27])
    ahead = TypeAhead(p)
    line = typists.press(ahead, list("k2"))
    offer = ahead.offer(line)
    assert offer.as_typed and [c.text for c in offer.choices][:1] == ["king"]
    assert ahead.enter(line).entry == entries[27] == game.parse("k2", p)
    with_king = ahead.key(line, "1") if line.endswith(" ") else ahead.key(ahead.key(line, " "), "1")
    assert ahead.enter(with_king).entry == game.parse("k2 king", p)


def test_kings_fronts_whole_then_nine_by_a_digit():
    """KINGs, 5 players, round 1's fronts: every player's character typed by digits, the line is
    whole; who takes the Berserker's 9 is one more digit, and Enter without it records it without."""
    path = Path(__file__).parents[2] / "examples/kings/game-5p.json"
    game = get("kings")
    header, entries = game.split(json.loads(path.read_text()))
    p = game.replay(header, entries[:25])
    ahead = TypeAhead(p)
    line = typists.press(ahead, list("f3"))
    assert line == "fronts Aki=Berserker "
    whole = typists.press(ahead, list("1111"), line)
    offer = ahead.offer(whole)
    assert offer.as_typed and offer.numbered and offer.choices[0].text == "nine=Aki"
    assert "nine" not in ahead.enter(whole).entry
    assert ahead.enter(ahead.key(whole, "1")).entry["nine"] == ["Aki"]


def test_two_letters_a_card_without_spaces_the_next_card_starts_with_the_last_ones_letter():
    """Trickster, 3 players with the Timeline: the round's setup typed two letters a card with no
    space. ``ga`` completes the green Archivist; the ``r`` that follows is also GARC's next
    letter, but ``rd`` is the red Doctor: the line reads ``GARC RDOC``, and every card lands."""
    game = get("trickster")
    p = game.new({"players": ["Aki", "Ben", "Chie"], "deck": "strategy"})
    ahead = TypeAhead(p)
    line = typists.press(ahead, list("r ga"))
    assert line == "round GARC "
    line = typists.press(ahead, list("rd"), line)
    assert line == "round GARC RDOC "
    line = typists.press(ahead, list("bebiywpdowke"), line)  # PDOC's third letter is OWIT's first
    assert line == "round GARC RDOC BEXP BINV YWIT PDOC OWIT KEXP "


def test_a_code_completed_from_its_first_letter_takes_the_second_as_its_own():
    """Trickster, 2 players with the Timeline, entry 88: Ben plays the black Beast (KBEA), the
    only black card he may play, so ``k`` alone completes it; ``b`` is still its second letter
    (the table types two letters a card), and ``op`` is the orange Peddler that follows."""
    path = Path(__file__).parents[2] / "examples/trickster/game-2p-timeline.json"
    game = get("trickster")
    header, entries = game.split(json.loads(path.read_text()))
    p = game.replay(header, entries[:87])
    ahead = TypeAhead(p)
    assert ahead.key("", "k") == "KBEA "
    assert typists.press(ahead, list("kb")) == "KBEA "  # the b is KBEA's own
    line = typists.press(ahead, list("kbop"))
    assert line == "KBEA op"  # the Peddler ends the entry: Enter takes it
    assert ahead.enter(line).entry == entries[87] == game.parse("KBEA OPED", p)


def test_backspace_after_a_completed_word_takes_the_whole_word_back():
    game = get("trickster")
    p = game.new({"players": ["Aki", "Ben", "Chie"], "deck": "strategy"})
    ahead = TypeAhead(p)
    line = typists.press(ahead, list("r ga"))
    assert ahead.back(line) == "round "
    line = typists.press(ahead, list("rdbe"), "round ")
    assert line == "round RDOC BEXP "
    assert ahead.back(line) == "round RDOC "
    assert ahead.back("round RDOC") is None  # not what the type-ahead wrote: one character, as usual


def test_a_refused_line_marks_nothing():
    game = get("sheriff")
    p = game.new({"players": ["Aki", "Ben", "Chie"]})
    ahead = TypeAhead(p)
    offer = ahead.offer("sheet Aki=mayor:[/]")
    assert offer.enter.action == "refuse" and not any("⏎" in d for d in layout(offer, WIDTH, "en"))
    with pytest.raises(RuleViolation):
        game.parse("sheet Aki=mayor:[/]", p)
