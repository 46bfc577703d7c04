"""The choices line above the entry line: what the line may take, and what Enter does.

It is laid out from the type-ahead's ``Offer`` (``companion.table.typeahead``), so the choice marked ⏎
is the one Enter records. Every numbered choice stays in view at 80 columns: the descriptions are
shortened (or left out) first, then the choices go on a second line, and a part every choice
shares (``Ben=Samurai:`` before each of Ben's bids) is written once; only unnumbered hints are
left out, with …

>>> from companion.table.typeahead import Choice, Enter, Offer
>>> offer = Offer(Enter("record", "r3", taken=False), [Choice("king", "the red king on it", "r3 king")], True)
>>> layout(offer, 80, "en")
['⏎ r3 as typed · or 1 king the red king on it']
>>> wide = [Choice(f"Aki=Hero{n}", "a long description of a character", "") for n in range(1, 10)]
>>> lines = layout(Offer(Enter("fill", "", taken=True), wide, True), 80, "en")
>>> lines[0][:40], all(f"{n} Hero{n}" in " ".join(lines) for n in range(1, 10))
('Aki=… ⏎ 1 Hero1 · 2 Hero2 · 3 Hero3 · 4 ', True)
"""

from __future__ import annotations

from rich.cells import cell_len

from companion.table.suggest import said_once
from companion.table.typeahead import Choice, Offer, digit
from companion.words import N_, t

SEPARATOR = " · "
LINES = 2  # the most lines the choices take, when numbered choices need them
HINTS = 6  # unnumbered choices listed at most
HINT_ROOM = 30  # cells a hint line keeps for its hints beside what the line as typed does


def _cut(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` screen cells, ending in … when cut: after its last whole word
    when one ends in the second half of the room (``face down, …``, not ``face down, typ…``),
    else where the room ends (a Japanese text, which has no spaces, or one long word).

    >>> _cut("face down, typed as a code", 18), _cut("Archivist", 6), _cut("裏向きで置く", 7)
    ('face down, typed…', 'Archi…', '裏向き…')
    """
    if cell_len(text) <= cells:
        return text
    out = ""
    for char in text:
        if cell_len(out + char) > cells - 1:
            break
        out += char
    if not text[len(out)].isspace() and out.rfind(" ") >= len(out) // 2:
        out = out[: out.rfind(" ")]
    return out.rstrip() + "…"


def _common(choices: list[Choice]) -> str:
    """What every numbered choice starts with, up to a ``=``, ``:`` or space (``Ben=Samurai:``
    before each of Ben's bids, ``says`` before each announcement), written once before them; ""
    when they share no such part."""
    if len(choices) < 2:
        return ""
    texts = [c.text for c in choices]
    shared = texts[0]
    for text in texts[1:]:
        while not text.startswith(shared):
            shared = shared[:-1]
    cut = max(shared.rfind("="), shared.rfind(":"), shared.rfind(" "))
    return shared[: cut + 1] if cut > 0 and all(len(t) > cut + 1 for t in texts) else ""


def _groups(texts: list[str]) -> dict[int, tuple[str, str]]:
    """Whole moves in a row that share their first word (``place trap:0``, ``place score:5``):
    the word written once before the first of them (``place: 1 trap:0 · 2 score:5``), each then
    by what tells it apart; {place in the list: (what goes before its digit, what after)}.

    >>> _groups(["place trap:0", "place score:5", "use seeker", "draw"])
    {0: ('place: ', 'trap:0'), 1: ('', 'score:5')}
    """
    firsts = [t.split(" ", 1)[0] if " " in t else None for t in texts]
    out: dict[int, tuple[str, str]] = {}
    for n, (text, first) in enumerate(zip(texts, firsts, strict=True)):
        after = n + 1 < len(texts) and firsts[n + 1] == first
        before = n > 0 and firsts[n - 1] == first
        if first is not None and (after or before):
            out[n] = ("" if before else f"{first}: ", text.split(" ", 1)[1])
    return out


def _told(choices: list[Choice]) -> str:
    """What every choice's description starts with, up to its ``: `` or ``：`` (``trash 1/6: ``),
    when the descriptions must be cut: it is said once, so what tells them apart stays in view."""
    return said_once([c.label for c in choices])


def _short(line: str) -> str:
    """A typed line as the choices line names it: whole when short, else its last word."""
    return line if cell_len(line) <= 16 else "…" + line.split()[-1]


def _packed(items: list[str], width: int, lead: str = "") -> list[str]:
    """``items`` on lines of ``width`` cells after ``lead`` (which ends in its own separator),
    never one split over two (a longer one is cut)."""
    lines: list[str] = [lead.rstrip()] if lead else []
    for n, item in enumerate(items):
        item = _cut(item, width)
        glue = " " if lead and n == 0 else SEPARATOR
        if lines and cell_len(lines[-1] + glue + item) <= width:
            lines[-1] += glue + item
        else:
            lines.append(item)
    return lines


def _one_line(lead: str, items: list[str], width: int) -> tuple[str, int]:
    """``lead`` and as many of ``items`` as fit on one line of ``width`` cells; how many did."""
    line, shown = _cut(lead.rstrip(), width), 0
    for item in items:
        glue = (" " if lead else "") if shown == 0 else SEPARATOR
        if cell_len(line + glue + item) > width:
            break
        line, shown = (line + glue + item).lstrip(), shown + 1
    return line, shown


def _cut_left(text: str, cells: int) -> str:
    """``text`` cut from its start to ``cells`` screen cells, beginning with … when cut: the end of
    what a line does says where the card goes."""
    if cell_len(text) <= cells:
        return text
    out = ""
    for char in reversed(text):
        if cell_len(char + out) > cells - 1:
            break
        out = char + out
    return "…" + out.lstrip()


def layout(offer: Offer, width: int, lang: str) -> list[str]:
    """The choices line for ``offer`` at ``width`` cells: one line, or two when the numbered
    choices need them."""
    marked = offer.enter.taken
    choices = offer.choices if offer.numbered else offer.choices[:HINTS]
    common = _common(choices) if offer.numbered else ""
    told = _told(choices)  # what every description starts with ("trash 1/6: "), said once when they are cut

    def lead_of(said_cells: int | None) -> str:
        if not offer.as_typed:  # Enter records the line as it stands; a choice makes it another entry
            return ""
        said = N_("⏎ {line} as typed · or") if choices else N_("⏎ {line} as typed")
        lead = t(said, lang, line=_short(offer.enter.line))
        if offer.said and said_cells != 0:  # what it does, when another entry is offered beside it
            what = offer.said if said_cells is None else _cut_left(offer.said, said_cells)
            lead = lead.replace(" · ", f" ({what}) · ", 1) if choices else f"{lead} ({what})"
        return lead + " "

    groups = _groups([c.text for c in choices]) if offer.numbered and not common else {}

    def items(label_cells: int | None, cells: int = 0) -> list[str]:
        shared = told if label_cells else ""
        out = []
        for n, c in enumerate(choices, start=1):
            label = c.label[len(shared) :]
            if label.startswith(f"{c.text} — "):  # a player's name said once: 1 Ben — hand 9 …
                label = label[len(c.text) + 1 :]
            label = label if label_cells is None else _cut(label, label_cells) if label_cells > 1 else ""
            head, text = groups.get(n - 1, ("", c.text[len(common) :]))
            word = f"{digit(n)} {text}" if offer.numbered else c.text
            item = f"{head}{'⏎ ' if marked and n == 1 else ''}{word} {label}".rstrip()
            out.append(_cut(item, cells) if cells else item)
        if out and (shared or common):
            out[0] = (f"{shared.strip()} " if shared else "") + (f"{common.rstrip()}… " if common else "") + out[0]
        return out

    if not choices:
        alone = lead_of(None).rstrip()
        return [_cut(alone, width)] if alone else []
    if not offer.numbered:  # hints on one line: the first three at least with what they are, …
        lead = lead_of(max(width - cell_len(lead_of(0)) - HINT_ROOM, 0))
        for cells in (None, 24, 16, 10, 0):
            whole = items(cells)
            line, shown = _one_line(lead, whole, width)
            if shown == len(whole):
                return [line]
            if shown >= min(3, len(whole)) and cells != 0:
                return [_cut(line + SEPARATOR + "…", width)]
        line, _ = _one_line(lead, items(0), width - len(SEPARATOR) - 1)
        return [line + SEPARATOR + "…"]
    # one line, the descriptions cut; then two lines, rather than descriptions too short to read
    # (a Japanese table reads the words beside ``spades``), what the line as typed does cut shorter
    # if need be (its end stays: "… no trump; Aki holds the Joker."); then shorter descriptions,
    # and none (unless what the line does would go too)
    # (lines at most, cells a description keeps (None: whole), cells of what the line does (None: all))
    readable = [(1, None, None), (1, 24, 48), (1, 16, 32), (LINES, None, None), (LINES, 24, None), (LINES, 16, None)]
    readable += [(LINES, cells, said) for said in (24, 12, 0) for cells in (None, 24, 16)]
    short = [(1, 10, 20), (LINES, 10, None), *([] if offer.said else [(1, 0, 0)]), (LINES, 0, None)]
    for most, cells, said in readable + short:
        whole = items(cells)
        lead = lead_of(said)
        if cell_len(lead) > width:  # what the line does, cut from its start to the line's width
            lead = lead_of(max(width - cell_len(lead_of(0)) - 4, 0))
        lines = _packed(whole, width, lead)
        if len(lines) <= most and all(cell_len(item) <= width for item in whole):
            return lines
    # long words: each cut to its share of the lines, all still in view
    lead = lead_of(0)
    share = (LINES * width - cell_len(lead)) // len(choices) - len(SEPARATOR)
    return _packed(items(0, max(share, 4)), width, lead)[:LINES]
