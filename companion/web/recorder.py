"""Recording from a phone: the choices the rules allow now, as buttons, and the page that shows them.

The choices are the table screen's pick-list (``companion.table.suggest.completions``, F3), in its order,
from what the table can see. A button whose line the rules accept and that nothing can continue
records it in one tap (a card that is the only thing to say); a button that leads on opens the
next choices (an effect's targets, a deal's roles one by one), where the line so far, when the
rules accept it as it stands, is one more button. When those next choices are few (a card's
targets), they are shown beside it too, so one tap takes the card and its target. The whole line
can always be typed instead.

>>> from scoring.registry import get
>>> sheriff = get("sheriff")
>>> p = sheriff.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = sheriff.apply(p, sheriff.parse("deal joker=Ben Aki=mayor Ben=robber Chie=sheriff trump=spades", p))
>>> first = choices(p, "", "en")
>>> [(b.line, b.records) for b in first.buttons[:2]], first.as_it_stands
([('As', True), ('Ks', True)], False)
>>> deal = choices(sheriff.new({"players": ["Aki", "Ben", "Chie"]}), "deal joker=Ben", "en")
>>> deal.told, [(b.label, b.records) for b in deal.buttons]
('Aki:', [('the Mayor', False), ('the Sheriff', False), ('the Robber', False)])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from markupsafe import Markup

from companion.table.suggest import BINDING, completions, said_once, what_it_does
from companion.web.templating import render
from scoring.errors import RuleViolation
from scoring.game import Position
from scoring.registry import get


@dataclass(frozen=True)
class Button:
    """One choice: what it says (``label``; ``text`` as typed), the ``line`` it leaves, and
    whether a tap records that line (else it opens the choices that follow it)."""

    text: str
    label: str
    line: str
    records: bool
    #: the choices that follow this one, shown beside it when they are few (``BESIDE``): a card's
    #: targets, so that one tap takes the card and its target
    beside: tuple[Button, ...] = ()


@dataclass(frozen=True)
class Choices:
    """The choices at a line: ``line`` so far, its ``buttons``, whether the rules accept the line
    as it stands (one more button, "Record …"), and what every button's words start with, said
    once above them (``told``: ``trash 1/6:``, not on each of 56 buttons)."""

    line: str
    buttons: list[Button]
    as_it_stands: bool
    told: str = ""
    does: str = ""  #: what recording the line as it stands does, in the table's words


def recorded(position: Position, line: str) -> tuple[Any, Position] | None:
    """The entry ``line`` records and the position after it, when the rules accept it at
    ``position`` as it stands."""
    game = get(position.game)
    try:
        entry = game.parse(line, position)
        return entry, game.apply(position, entry)
    except RuleViolation:
        return None


def accepted(position: Position, line: str) -> Any | None:
    """The entry ``line`` records, when the rules accept it at ``position`` as it stands."""
    found = recorded(position, line)
    return None if found is None else found[0]


def following(position: Position, line: str, lang: str = "en") -> list[tuple[str, str, str]]:
    """What may follow ``line`` (nothing typed: what may come next), as (text, label, line)."""
    if not line:
        return completions(position, "", lang)
    if line.endswith(BINDING):
        return completions(position, line, lang)
    # the next word after a space, or a value bound to this one (a Phantom card's colour: ``P:red``)
    for glue in (" ", *BINDING):
        found = completions(position, line + glue, lang)
        if found:
            return found
    return []


def choices(position: Position, line: str, lang: str) -> Choices:
    """The buttons at ``line``: each the table screen's choice, in its order."""
    buttons = []
    for text, label, leaves in following(position, line, lang):
        said = _label(text, label, line)
        nxt = following(position, leaves, lang)
        # a choice with one way on and no end of its own is that way at once: one tap less
        while len(nxt) == 1 and accepted(position, leaves) is None:
            more, more_label, leaves = nxt[0]
            said, text = f"{said} → {_label(more, more_label, leaves[: -len(more)])}", f"{text} {more}"
            nxt = following(position, leaves, lang)
        records = not nxt and accepted(position, leaves) is not None
        if nxt or records:  # a choice that neither records nor leads on is not offered
            beside = _beside(position, leaves, nxt, lang) if 0 < len(nxt) <= BESIDE else ()
            buttons.append(Button(text, said, leaves, records, beside))
    told = said_once([b.label for b in buttons])
    buttons = [replace(b, label=b.label[len(told) :]) for b in buttons]
    stands = recorded(position, line) if line else None  # the line as it stands, and what it does
    does = "" if stands is None else what_it_does(position, stands[1], lang)
    return Choices(line, buttons, stands is not None, told.strip(), does)


#: at most this many choices that follow a button are shown beside it, each one tap
BESIDE = 8


def _beside(position: Position, line: str, nxt: list[tuple[str, str, str]], lang: str) -> tuple[Button, ...]:
    """The choices after ``line`` as buttons beside the one that leads there: each records its line
    when the rules accept it and nothing continues it, else opens the choices after it."""
    out = []
    for text, label, leaves in nxt:
        records = accepted(position, leaves) is not None and not following(position, leaves, lang)
        out.append(Button(text, _label(text, label, line + " "), leaves, records))
    return tuple(out)


def _label(text: str, label: str, line: str) -> str:
    """What a button says: the choice as the table says it, with the player it is for when the
    line names one just before it (``Aki=`` → ``Aki: Mayor``)."""
    word = line.rstrip().rsplit(" ", 1)[-1] if line else ""
    if word.endswith("=") and len(word) > 1 and not label.startswith(word[:-1]):
        return f"{word[:-1]}: {label}"
    return label or text


def taps(position: Position, entry: Any, lang: str = "en") -> int | None:
    """The fewest taps that record ``entry`` at ``position`` through the buttons (None: it is not
    among them, and the line is typed): what ``make bench`` counts per card."""
    game = get(position.game)
    target = " ".join(game.format(entry).split())
    frontier = [("", 0)]
    while frontier:
        line, depth = frontier.pop(0)
        here = choices(position, line, lang)
        if here.as_it_stands and accepted(position, line) == entry:
            return depth + 1
        for button in [b for shown in here.buttons for b in (shown, *shown.beside)]:
            said = " ".join(button.line.split())
            if button.records:
                if accepted(position, button.line) == entry:
                    return depth + 1
            elif target.lower().startswith(said.lower()) or accepted(position, button.line) == entry:
                frontier.append((button.line, depth + 1))
    return None


# --- the page -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Said:
    """What became of this phone's last tap, shown on this phone alone: ``kind`` is recorded,
    undone, moved or refused; ``text`` the line or the reason; ``rule`` the rule a refusal cites
    (its id, for the link) and ``rule_title`` what a player calls it."""

    kind: str
    text: str
    rule: str = ""
    rule_title: str = ""


def recorder_part(
    *,
    base: str,
    here: Choices | None,
    revision: int,
    tap: str,
    who: str,
    seat_link: str,
    prompt: str,
    turn: str | None,
    yours: bool,
    said: Said | None,
    rules_base: str,
    undo: str | None,
    table: str,
    lang: str,
) -> Markup:
    """The recorder page's live part (recorder.html). ``here``: the choices (None: not this phone's
    turn, or the game is over); ``turn``: whose turn it is when it is someone else's; ``yours``: it
    is this seat's turn; ``undo``: this phone's last entry while it may take it back; ``table``: the
    session page's own live part, below."""
    return render(
        "recorder.html",
        lang,
        base=base,
        here=here,
        revision=revision,
        tap=tap,
        who=who,
        seat_link=seat_link,
        prompt=prompt,
        turn=turn,
        yours=yours,
        said=said,
        rules_base=rules_base,
        undo=undo,
        table=table,
    )


def seats_part(players: Sequence[str], links: Sequence[str], everyone: str, lang: str) -> Markup:
    """The join page (seats.html): each seat's link, and the whole table's."""
    return render("seats.html", lang, seats=list(zip(players, links, strict=True)), everyone=everyone)


def rule_part(title: str, body: str) -> Markup:
    """One rule's text, as the rules screen shows it (rule.html)."""
    return render("rule.html", title=title, paragraphs=[p for p in body.split("\n\n") if p.strip()])
