"""How to type each game's entries (F1 on the table screen), in English and Japanese.

Each game can be kept move by move or as a quick scoresheet; both are shown with real examples.
Card codes and keywords (``round``, ``bust``, ``place`` …) are the same in both languages.
"""

from __future__ import annotations

from textual.binding import Binding

from screens.page import TextPage

COMMON = {
    "en": """
Every game
  F3          pick a card (after a Trickster hero card: what its effect does)
  ctrl+z / y  undo / redo the last entry        F2  the rule a refusal cites
  F5 scores   F6 export   Esc home
  {…}         any entry as JSON (docs/record-format.md)""",
    "ja": """
全ゲーム共通
  F3          カードを選ぶ（トリックスターの英雄カードの後なら効果の対象を選ぶ）
  ctrl+z / y  直前の入力を取り消す／やり直す     F2  却下の理由になったルール
  F5 得点表   F6 書き出し   Esc ホーム
  {…}         どの入力もJSONで書ける（docs/record-format.md）""",
}

HELP = {
    ("trickster", "en"): """Trickster: Champions of Time

Trick by trick (every card checked)
  round trash=GPED,BSOL,KMAG,PMAG,WNOM,WREV tableau=Aki:PBRI,Ben:PREV,…
              a round's setup: the 6 trash cards and each player's tableau card
              (2–3 players add timeline=… with the 12 Timeline cards)
  YPED enemy=Dan      a card played, with the moves its effect makes (F3 offers them)
  RGUA card=WGUA enemy=Ben    RARC copy=KDOC then.card=WDOC then.enemy=Ben
  PED -       the effect resolved with nothing to name     PED   the effect could not resolve
  bust        the player to play busts (bust Ben names another)
  reveal Aki=ONOM,BPED Ben=   every hand at the end of a round
Scoresheet (round-end counts only)
  tableau Aki=R3,B1 Ben=B2,G1 Chie=   each tableau by suit letter: R O Y G B P K W""",
    ("trickster", "ja"): """トリックスター：時の覇者

1トリックずつ（すべてのカードを確認）
  round trash=GPED,BSOL,KMAG,PMAG,WNOM,WREV tableau=Aki:PBRI,Ben:PREV,…
              ラウンドの準備：捨て札6枚と各プレイヤーの場札
              （2～3人はタイムラインの12枚を timeline=… で加える）
  YPED enemy=Dan      出したカードと、その効果で動いたもの（F3で選べます）
  RGUA card=WGUA enemy=Ben    RARC copy=KDOC then.card=WDOC then.enemy=Ben
  PED -       効果は解決したが名指すものなし     PED   効果を解決できなかった
  bust        手番のプレイヤーがバスト（bust Ben で別の人）
  reveal Aki=ONOM,BPED Ben=   ラウンド終了時の全員の手札
得点表（ラウンド終了時の枚数だけ）
  tableau Aki=R3,B1 Ben=B2,G1 Chie=   場札をスートの文字ごとに：R O Y G B P K W""",
    ("kings", "en"): """TRICKTAKERs KINGs

Trick by trick (draft to last card)
  pick red · pick Healer      the snake draft: a king's colour or a character
  devil green                 two players: an undrafted king's colour for the Devil
  fronts Aki=Healer Ben=Devil,Samurai nine=Ben   characters turned up (nine: the Berserker's 9)
  bids Aki=Gambler:2/50 Ben=Devil:miss Chie=Neme:copy:Aki partner=Dan:Chie
  r5 · b3 king · g2 sword · r1 nine · WF gift     a card, with a king, the Sword, a declaration
  lead Ben · hermit · cheer   a Ninja names the leader; the Hermit draws; a Cheerleader trade
Scoresheet: one round per line, as JSON (see examples/kings/scoresheet-5p.json):
  {"players": {"Aki": {"fronts": ["Healer"], "bid": {"tricks": 2, "points": 50}, "tricks": 2,
               "captured": {"red": 2, "blue": 3}}, …}}""",
    ("kings", "ja"): """トリックテイカーズ KINGs

1トリックずつ（ドラフトから最後のカードまで）
  pick red · pick Healer      スネークドラフト：王の色かキャラクター
  devil green                 2人戦：選ばれなかった王の色を悪魔に
  fronts Aki=Healer Ben=Devil,Samurai nine=Ben   表にしたキャラクター（nine：バーサーカーの9）
  bids Aki=Gambler:2/50 Ben=Devil:miss Chie=Neme:copy:Aki partner=Dan:Chie
  r5 · b3 king · g2 sword · r1 nine · WF gift     カードと、王・剣・宣言
  lead Ben · hermit · cheer   忍者がリードを指名、隠者が引く、チアリーダーの交換
得点表：1ラウンド1行、JSONで（examples/kings/scoresheet-5p.json を参照）：
  {"players": {"Aki": {"fronts": ["Healer"], "bid": {"tricks": 2, "points": 50}, "tricks": 2,
               "captured": {"red": 2, "blue": 3}}, …}}""",
    ("sheriff", "en"): """Sheriff

Card by card
  deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades   a deal's roles and trump
  As · Kh · 10d · JO          each card in play order (7 tricks a deal)
Scoresheet (one deal per line)
  sheet Aki=mayor:A,K,Q*3,JO Ben=sheriff:10*2,J Chie=robber:A trump=spades
              each player's role and the ranks they captured (Q*3: three Queens)""",
    ("sheriff", "ja"): """シェリフ

1枚ずつ
  deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades   役割と切り札
  As · Kh · 10d · JO          出した順にカードを1枚ずつ（1ディール7トリック）
得点表（1ディール1行）
  sheet Aki=mayor:A,K,Q*3,JO Ben=sheriff:10*2,J Chie=robber:A trump=spades
              各プレイヤーの役割と取ったカードの数字（Q*3：Qを3枚）""",
    ("phantom", "en"): """Tricks and the Phantom

One half per line
  Aki=10:blue Ben=P:red Chie=3:yellow point Aki>Ben Ben>Chie Chie>Aki
              each card with its hint colour (P: a Phantom), then who pointed at whom
  new · more  start a new round · play on after a tie
  fourth=6    The 4th Person's card      double=Ben:yes   Poker: a Double and the answer
  accuse=Aki>Ben      variation b (house rule phantom_accusations): Aki calls Ben's card the
                      Phantom; in Poker name which card, accuse=Aki>Ben:2 (Ben's second)""",
    ("phantom", "ja"): """トリックと怪人

1ハーフ1行
  Aki=10:blue Ben=P:red Chie=3:yellow point Aki>Ben Ben>Chie Chie>Aki
              各カードとヒントの色（P：怪人）、そのあと誰が誰を指したか
  new · more  新しいラウンド · 同点で続ける
  fourth=6    4人目のカード      double=Ben:yes   ポーカー：ダブルとその答え
  accuse=Aki>Ben      バリエーションb（ハウスルール phantom_accusations）：AkiがBenのカードを
                      怪人だと言う。ポーカーでは accuse=Aki>Ben:2（Benの2枚目）のように指定""",
    ("louder", "en"): """LOUDER TRICKSTAR

Turn by turn
  draw                        the player draws
  place score:3 at 0,1 says score:5
              a placement: the true card (typed hidden), the cell, what the player announced
  use trickster 0,1 0,0       a strategy card and the cells it flips
  hands Aki=score:2,seeker Ben=   at the end: every card left in each hand""",
    ("louder", "ja"): """LOUDER TRICKSTAR

1手番ずつ
  draw                        カードを引く
  place score:3 at 0,1 says score:5
              配置：本当のカード（伏せて入力）、マス、宣言した内容
  use trickster 0,1 0,0       作戦カードとめくるマス
  hands Aki=score:2,seeker Ben=   終了時：各プレイヤーの手札に残ったカード""",
}


def help_text(game: str, lang: str) -> str:
    """How to type a game's entries, both ways of keeping it, and the keys every game shares."""
    lang = lang if lang in ("en", "ja") else "en"
    return HELP[(game, lang)] + "\n" + COMMON[lang]


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
