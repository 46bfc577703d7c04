"""The choices line above the entry line: what the line may take, and what Enter does.

It is laid out from the type-ahead's ``Offer`` (``companion.typeahead``), so the choice marked ⏎
is the one Enter records. Every numbered choice stays in view at 80 columns: the descriptions are
shortened (or left out) first, then the choices go on a second line, and a part every choice
shares (``Ben=Samurai:`` before each of Ben's bids) is written once; only unnumbered hints are
left out, with …

>>> from companion.typeahead import Choice, Enter, Offer
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

from companion.typeahead import Choice, Offer
from screens.labels import t

SEPARATOR = " · "
LINES = 2  # the most lines the choices take, when numbered choices need them
HINTS = 6  # unnumbered choices listed at most


def _cut(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` screen cells, ending in … when cut."""
    if cell_len(text) <= cells:
        return text
    out = ""
    for char in text:
        if cell_len(out + char) > cells - 1:
            break
        out += char
    return out.rstrip() + "…"


def _common(choices: list[Choice]) -> str:
    """What every numbered choice starts with, up to a ``=`` or ``:`` (``Ben=Samurai:`` before
    each of Ben's bids), written once before them; "" when they share no such part."""
    if len(choices) < 2:
        return ""
    texts = [c.text for c in choices]
    shared = texts[0]
    for text in texts[1:]:
        while not text.startswith(shared):
            shared = shared[:-1]
    cut = max(shared.rfind("="), shared.rfind(":"))
    return shared[: cut + 1] if cut > 0 and all(len(t) > cut + 1 for t in texts) else ""


def _short(line: str) -> str:
    """A typed line as the choices line names it: whole when short, else its last word."""
    return line if cell_len(line) <= 16 else "…" + line.split()[-1]


def _packed(items: list[str], width: int) -> list[str]:
    """``items`` on lines of ``width`` cells, never one split over two (a longer one is cut)."""
    lines: list[str] = []
    for item in items:
        item = _cut(item, width)
        if lines and cell_len(lines[-1] + SEPARATOR + item) <= width:
            lines[-1] += SEPARATOR + item
        else:
            lines.append(item)
    return lines


def layout(offer: Offer, width: int, lang: str) -> list[str]:
    """The choices line for ``offer`` at ``width`` cells: one line, or two when the numbered
    choices need them."""
    marked = offer.enter.taken
    choices = offer.choices if offer.numbered else offer.choices[:HINTS]
    common = _common(choices) if offer.numbered else ""
    lead = ""
    if offer.as_typed:  # Enter records the line as it stands; a choice makes it longer
        said = "⏎ {line} as typed · or" if choices else "⏎ {line} as typed"
        lead = t(said, lang, line=_short(offer.enter.line)) + " "

    def items(label_cells: int | None, cells: int = 0) -> list[str]:
        out = []
        for n, c in enumerate(choices, start=1):
            label = c.label if label_cells is None else _cut(c.label, label_cells) if label_cells > 1 else ""
            word = f"{n} {c.text[len(common) :]}" if offer.numbered else c.text
            item = f"{'⏎ ' if marked and n == 1 else ''}{word} {label}".rstrip()
            out.append(_cut(item, cells) if cells else item)
        if out:
            out[0] = lead + (f"{common}… " if common else "") + out[0]
        return out or [lead.rstrip()]

    for most in (1, LINES) if offer.numbered else (1,):
        for cells in (None, 24, 16, 10, 0):
            whole = items(cells)
            lines = _packed(whole, width)
            if len(lines) <= most and all(cell_len(item) <= width for item in whole):
                return lines
    if offer.numbered:  # long words: each cut to its share of the lines, all still in view
        share = (LINES * width - cell_len(lead)) // len(choices) - len(SEPARATOR)
        return _packed(items(0, max(share, 4)), width)[:LINES]
    lines = _packed(items(0), width)
    return [_cut(lines[0] + SEPARATOR + "…", width)]  # the hints that fit, and … for the rest
