"""How to type each game's entries (F1 on the table screen), in English and Japanese.

Each game says how its entries are typed (``data/<game>/help.en.md``, move by move and as a quick
scoresheet, with real examples); this screen adds the keys every game shares.
Card codes and keywords (``round``, ``bust``, ``place`` …) are the same in both languages.
"""

from __future__ import annotations

from textual.binding import Binding

from companion.words import N_, t
from companion.wrapping import reflow, text_column
from scoring.registry import get
from screens.widgets.page import TextPage

# the keys every game shares, after the game's own help (one message: a translator keeps its columns),
# a key a row: two side by side do not fit 80 columns in every language
COMMON = N_(
    "Every game\n"
    "  F3          pick a card (after a Trickster hero card: what its effect does)\n"
    "  ctrl+z / y  undo / redo the last entry\n"
    "  F2          the rule a refusal cites\n"
    "  F4 or ↑     change an entry of the log\n"
    "  F7          the whole log, each entry in full\n"
    "  Enter       does what ⏎ marks: the first choice, or the line as typed when it is whole\n"
    "  Backspace   right after a word the line wrote: takes the whole word back\n"
    "  F5 scores   F6 export   F8 show on phones (a QR code)   Esc home\n"
    "  F9          pause the game's clock; F9 again (or the next entry) starts it\n"
    "  ctrl+n      where you play and the table's notes (sent to BG Stats and BGG)\n"
    "  {{…}}         any entry as JSON (docs/record-format.md)"
)


def help_text(game: str, lang: str) -> str:
    """How to type a game's entries, both ways of keeping it, and the keys every game shares: each
    sentence on a line of its own, for the screen to wrap at its width (``reflow``)."""
    return reflow(get(game).help(lang) + "\n\n" + t(COMMON, lang))  # a box without the language: English


class HelpScreen(TextPage):
    BINDINGS = [Binding("escape,f1", "app.pop_screen", "Back", id="help.back")]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def title_text(self) -> str:
        return self.t("How to type (↑↓ to scroll, Esc back)")

    def relabel(self) -> None:
        super().relabel()
        self.show_text(help_text(self.game, self.app.lang), hang=text_column, rows=True)
