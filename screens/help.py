"""How to type each game's entries (F1 on the table screen), in English and Japanese.

Each game says how its entries are typed (``data/<game>/help.en.md``, move by move and as a quick
scoresheet, with real examples); this screen adds the keys every game shares.
Card codes and keywords (``round``, ``bust``, ``place`` …) are the same in both languages.
"""

from __future__ import annotations

from textual.binding import Binding

from scoring.registry import get
from screens.widgets.page import TextPage

COMMON = {
    "en": """
Every game
  F3          pick a card (after a Trickster hero card: what its effect does)
  ctrl+z / y  undo / redo the last entry        F2  the rule a refusal cites
  F4 or ↑     change an entry of the log        F7  the whole log, each entry in full
  Enter       does what ⏎ marks: the first choice, or the line as typed when it is whole
  Backspace   right after a word the line wrote: takes the whole word back
  F5 scores   F6 export   F8 show on phones (a QR code)   Esc home
  F9          pause the game's clock; F9 again (or the next entry) starts it
  ctrl+n      where you play and the table's notes (sent to BG Stats and BGG)
  {…}         any entry as JSON (docs/record-format.md)""",
    "ja": """
全ゲーム共通
  F3          カードを選ぶ（トリックスターの英雄カードの後なら効果の対象を選ぶ）
  ctrl+z / y  直前の入力を取り消す／やり直す     F2  却下の理由になったルール
  F4 か ↑     ログの記録を選んで修正する         F7  ログ全体（各記録を全文で）
  Enter       ⏎の印のとおり：先頭の候補か、そのままで完全な行ならその行
  Backspace   補完された語の直後なら、その語をまるごと消す
  F5 得点表   F6 書き出し   F8 スマホに表示（QRコード）   Esc ホーム
  F9          ゲームの時計を一時停止（もう一度押すか次の入力で再開）
  ctrl+n      場所とメモ（BG StatsとBGGに送られます）
  {…}         どの入力もJSONで書ける（docs/record-format.md）""",
}


def help_text(game: str, lang: str) -> str:
    """How to type a game's entries, both ways of keeping it, and the keys every game shares."""
    lang = lang if lang in ("en", "ja") else "en"
    return get(game).help(lang) + "\n" + COMMON[lang]


class HelpScreen(TextPage):
    BINDINGS = [Binding("escape,f1", "app.pop_screen", "Back", id="help.back")]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def title_text(self) -> str:
        return self.t("How to type (↑↓ to scroll, Esc back)")

    def relabel(self) -> None:
        super().relabel()
        self.show_text(help_text(self.game, self.app.lang))
