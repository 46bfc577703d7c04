"""The app's words in the players' language: every label is written in English in the code and
looked up here for Japanese (``t("New game", "ja")`` → ``新しいゲーム``).

Card names come from the game data (``name(card, lang)``); this catalogue holds the screens'
own words. A test reads every ``t(...)`` and binding in ``screens/`` and checks each has its
Japanese here, so a new label cannot be left untranslated.
"""

from __future__ import annotations

from typing import Any


def t(text: str, lang: str, /, **values: Any) -> str:
    """``text`` in ``lang``, with ``{name}`` fields filled from ``values``."""
    template = JA.get(text, text) if lang == "ja" else text
    return template.format(**values)


JA: dict[str, str] = {
    # the app and its keys
    "Quit": "終了",
    "日本語/English": "日本語/English",
    "Back": "戻る",
    "Close": "閉じる",
    "Home": "ホーム",
    # home
    "Companion — the scorekeeper at your card table": "Companion — カードテーブルの記録係",
    "n new game · r resume · h history · u rules · s settings · ctrl+l 日本語 · ctrl+p commands · ctrl+q quit": "n 新しいゲーム · r 再開 · h 履歴 · u ルール · s 設定 · ctrl+l English · ctrl+p コマンド · ctrl+q 終了",
    "New game": "新しいゲーム",
    "Resume": "再開",
    "History": "履歴",
    "Rules": "ルール",
    "Settings": "設定",
    "No unfinished session.": "途中のセッションはありません。",
    "Opening the database…": "データベースを開いています…",
    "Resume {id}: {game} — {players} ({entries} entries)": "再開 {id}：{game} — {players}（{entries}件）",
    # new game
    "Players in seat order ({counts}): {names}": "席順にプレイヤー（{counts}人）：{names}",
    "Options are a JSON object, like {example} — {error}": "オプションはJSONのオブジェクトで書きます（例：{example}）— {error}",
    "Setup: {card}": "準備：{card}",
    # new game form (screens/new_game.py)
    "Game": "ゲーム",
    "Players": "プレイヤー",
    "Options": "オプション",
    "House rules": "ハウスルール",
    "Start the game": "ゲーム開始",
    "Start the game ({key})": "ゲーム開始（{key}）",
    "Advanced, never needed: more header fields as JSON (they win over the form)": "上級者向け（不要）：ヘッダーの項目をJSONで追加（フォームより優先）",
    " (default: {value})": "（既定：{value}）",
    "{name}: {text}": "{name}：{text}",
    "{name} (default)": "{name}（既定）",
    "(default) — type the players first": "（既定）— 先にプレイヤーを入力",
    "e.g. {example}": "例：{example}",
    "{option}: {reason}": "{option}：{reason}",
    "{typed} could be {candidates}.": "{typed} は {candidates} のどれか決まりません。",
    "Write pairs like {example}, not {typed}.": "{typed} ではなく {example} のように組で書いてください。",
    "{typed} is none of {known}.": "{typed} は {known} のどれでもありません。",
    # the table screen
    "Undo": "取り消し",  # one word per key: the entry line's placeholder names it too
    "Redo": "やり直し",
    "Help": "ヘルプ",
    "How to type (↑↓ to scroll, Esc back)": "入力方法（↑↓でスクロール、Escで戻る）",
    "Rule": "ルール",
    "Pick": "選ぶ",
    "Scores": "得点",
    "Export": "出力",
    "Session": "セッション",
    "{n} entries": "{n}件",
    "{n} entry": "{n}件",
    "finished": "終了",
    "read-only": "読み取り専用",
    "unfinished": "途中",
    "{names} won": "{names}の勝ち",
    "The standings stored with this session were out of date: corrected.": "このセッションに保存されていた順位が古かったので直しました。",
    "Type an entry, Enter to record ({help} help, {pick} pick, {undo} undo, {edit} edit)": "入力してEnterで記録（{help} ヘルプ、{pick} 選ぶ、{undo} 取り消し、{edit} 修正）",
    "{reason}  ({key}: rule {rule})": "{reason}（{key}：ルール {rule}）",
    "Edit": "修正",
    "palette": "コマンド",
    "key: {key}": "キー：{key}",
    "The card stays hidden: nothing is listed while it is typed.": "カードは伏せたままです。入力中は一覧を出しません。",
    "The game is over: {names} won with {total}.": "ゲーム終了：{names}の勝ち（{total}点）。",
    "{scores} shows the scoreboard, {export} exports it.": "{scores}で得点表、{export}で書き出し。",
    "Nothing recorded yet to change.": "まだ修正できる記録はありません。",
    "Change entry {n}: {line}": "{n}番目の記録を修正：{line}",
    "(↑↓ choose, Enter changes it, Esc goes back)": "（↑↓で選ぶ、Enterで修正、Escで戻る）",
    "Log": "ログ",
    "The log: {n} entries (↑↓ PgUp PgDn to read, Enter changes one, Esc back)": "ログ：{n}件（↑↓ PgUp PgDnで読む、Enterで修正、Escで戻る）",
    "what it did: {told}": "結果：{told}",
    "Changing entry {n}: Enter replaces it and checks every entry after it; Esc keeps it.": "{n}番目の記録を修正中：Enterで置き換え、後の記録をすべて確かめ直します。Escでそのまま。",
    "Entry {n} changed; every entry after it still holds.": "{n}番目の記録を修正しました。後の記録もすべて有効です。",
    "Entry kept as it was.": "記録はそのままです。",
    "Typed meanwhile, kept for after this line: {lines}": "その間に入力された行は、この行の後のために取ってあります：{lines}",
    "Entry {n} is as it was: nothing changed.": "{n}番目の記録は元のままです。何も変わっていません。",
    "Pick a card (type to narrow)": "カードを選ぶ（入力で絞り込み）",
    "Pick what comes next (type to narrow)": "次に入るものを選ぶ（入力で絞り込み）",
    "Pick what completes the line (type to narrow)": "この行の続きを選ぶ（入力で絞り込み）",
    "Nothing to add to this line: Enter records it, or clear it to pick what comes next.": "この行に足せるものはありません。Enterで記録するか、行を消してから次を選んでください。",
    "filter": "絞り込み",
    "Nothing to pick here: type the entry (F1 shows how).": "ここで選べるものはありません。入力してください（F1で方法）。",
    "Typed (the card stays hidden): {line}": "入力中（カードは伏せたまま）：{line}",
    "Undone: {entry}": "取り消し：{entry}",
    "⏎ {line} as typed · or": "⏎ {line} をこのまま記録 · または",
    "⏎ {line} as typed": "⏎ {line} をこのまま記録",
    "Nothing to undo.": "取り消すものはありません。",
    "Redone: {entry}": "やり直し：{entry}",
    "Nothing to redo.": "やり直すものはありません。",
    "The game is over.": "ゲーム終了。",
    "rank": "順位",
    "player": "プレイヤー",
    "total": "合計",
    # boards
    "name": "名前",
    "trouble": "失点",
    "hand": "手札",
    "the Timeline": "タイムライン",
    "Set up round 1: round trash=… tableau=Aki:…,Ben:…  Or keep a scoresheet: tableau Aki=R3,B1 … "
    "(F1: how to type it)": "第1ラウンドの準備：round trash=… tableau=Aki:…,Ben:…  得点表だけなら：tableau Aki=R3,B1 …（F1：入力方法）",
    "Round {round}, trick {trick}: {leader} leads, {trickster} is the Trickster; {player} to play.": "第{round}R第{trick}トリック：リーダー{leader}、トリックスター{trickster}、{player}の番。",
    "Pot: {pot}  ({pattern})": "場：{pot}（{pattern}）",
    "The round is over: reveal … (every player's remaining hand).": "ラウンド終了：reveal …（全員の残りの手札）",
    "Trash: {trash}   Deck: {deck}": "捨て札：{trash}   山札：{deck}",
    "king": "王",
    "fronts": "表のキャラ",
    "bid": "ビッド",
    "won": "勝数",
    "* used king · captured r b g k W R: red blue green black, White Flags, Rares": "* 使った王 · 取ったカード r b g k W R：赤 青 緑 黒、白旗、レア",
    "Draft: {player} picks (pick {n} of {of}): pick red · pick Healer": "ドラフト：{player}が選ぶ（{of}回中{n}回目）：pick red · pick Healer",
    "Two players: devil COLOUR — an undrafted king's colour goes to the Devil.": "2人戦：devil 色 — 選ばれなかった王の色を悪魔に。",
    "Round {round}: turn characters up — fronts Aki=Healer Ben=Samurai … (nine=NAME)": "第{round}ラウンド：キャラクターを表に — fronts Aki=Healer Ben=Samurai …（nine=名前）",
    "Bids — bids Aki=Gambler:2/50 Ben=Devil:miss Chie=Neme:copy:Aki … (partner=A:B)": "ビッド — bids Aki=Gambler:2/50 Ben=Devil:miss Chie=Neme:copy:Aki …（partner=A:B）",
    "Round {round}, trick {trick}: {played} — {winner} is winning ({why})": "第{round}R第{trick}トリック：{played} — {winner}が優勢（{why}）",
    "Round {round}, trick {trick}: {player} leads.": "第{round}R第{trick}トリック：{player}がリード。",
    "{player} to play (a card, + king / sword / gift / nine …; lead NAME; hermit; cheer)": "{player}の番（カード、+ king / sword / gift / nine …、lead 名前、hermit、cheer）",
    "Start a deal: deal joker=NAME Aki=mayor Ben=sheriff Chie=robber trump=spades": "ディール開始：deal joker=名前 Aki=mayor Ben=sheriff Chie=robber trump=spades",
    "no trump": "切り札なし",
    "Deal {deal}: trump {trump}; {player} announced the Joker.": "第{deal}ディール：切り札 {trump}、ジョーカーは{player}。",
    "role": "役割",
    "mayor": "市長",
    "sheriff": "保安官",
    "robber": "強盗団",
    "{player} is winning": "{player}が優勢",
    "Trick {trick}: {cards} — {verdict}": "第{trick}トリック：{cards} — {verdict}",
    "Trick {trick}: {player} leads.": "第{trick}トリック：{player}がリード。",
    "{player} to play (a card: As, Kh, 10d, JO).": "{player}の番（カード：As, Kh, 10d, JO）。",
    "Next deal: deal joker=NAME NAME=role … trump=SUIT": "次のディール：deal joker=名前 名前=役割 … trump=スート",
    "Deck: {n} card(s).": "山札：{n}枚。",
    "{player}: hand {hand}, collected {points}": "{player}：手札{hand}枚、獲得{points}点",
    "The field is empty: the first card goes anywhere (place CARD at 0,0 says …).": "場は空です。最初のカードはどこにでも置けます（place カード at 0,0 says …）。",
    "The last card was drawn: hands Aki=score:2,seeker Ben=… (every card left in hand).": "最後のカードが引かれました：hands Aki=score:2,seeker Ben=…（手札に残った全カード）",
    "{player}'s turn: draw · place CARD at X,Y says CARD · use CARD X,Y X,Y …": "{player}の番：draw · place カード at X,Y says カード · use カード X,Y X,Y …",
    "Next half: NAME=CARD:COLOUR … point NAME>NAME … (fourth=N, double=NAME:yes, accuse=A>B)": "次のハーフ：名前=カード:色 … point 名前>名前 …（fourth=N、double=名前:yes、accuse=A>B）",
    # scoreboard, history, export, rules, settings
    "Scoreboard (↑↓ PgUp PgDn to scroll)": "得点表（↑↓ PgUp PgDn でスクロール）",
    "Running totals (the highest total wins):": "累計（合計の多い人が勝ち）：",
    "Running totals (the lowest total wins):": "累計（合計の少ない人が勝ち）：",
    "Tie-break: {line}": "タイブレーク：{line}",
    "Note: {line}": "注：{line}",
    "Filter: a game (sheriff) and/or a player's name; Enter to apply": "絞り込み：ゲーム（sheriff など）かプレイヤー名、Enterで適用",
    "No finished games yet.": "終了したゲームはまだありません。",
    "played {played}  wins {wins} ({rate}%)  average {average}  best {best}  worst {worst}": "{played}回  勝ち{wins}（{rate}%）  平均{average}  ベスト{best}  ワースト{worst}",
    "{title}: {games} games, {days}": "{title}：{games}ゲーム、{days}",
    "{title}: 1 game, {days}": "{title}：1ゲーム、{days}",
    "{first} to {last}": "{first}〜{last}",
    "id": "ID",
    "updated": "更新",
    "game": "ゲーム",
    "state": "状態",
    "entries": "件数",
    "players": "プレイヤー",
    "JSON": "JSON",
    "CSV": "CSV",
    "Markdown": "Markdown",
    "BG Stats": "BG Stats",
    "BGG": "BGG",
    "QR": "QR",
    "Save": "保存",
    "Copy the link": "リンクをコピー",
    "The link alone fills the rows above: select them (shift+drag in most terminals; a browser drops the line "
    "breaks), or press l to copy it, or s to save it to a file.": "上の行にはリンクだけがあります。選択して"
    "コピーするか（多くの端末では shift+ドラッグ。ブラウザは改行を取り除きます）、l でコピー、s でファイルに保存。",
    "The BG Stats link ({n} characters) went to the clipboard through the terminal. If pasting gives nothing, "
    "this terminal does not take it: press b and select the link, or s to save it.": "BG Statsのリンク（{n}文字）を"
    "端末経由でクリップボードに送りました。貼り付けても何も出ないなら、この端末は受け取れません。b でリンクを表示して"
    "選択するか、s で保存してください。",
    "The BG Stats QR code needs a terminal of at least {w}×{h}; this one is {W}×{H}. Press s to save it as an "
    "image (PNG) and scan it from the screen or a print — or enlarge the window (or make the font smaller) and "
    "press q again.": "BG StatsのQRコードには{w}×{h}以上の端末が必要です（この端末は{W}×{H}）。s で画像（PNG）として"
    "保存し、画面や印刷から読み取ってください。ウィンドウを広げる（文字を小さくする）と q でここに表示できます。",
    "Export — j JSON · c CSV · m Markdown · b BG Stats · g BGG · q QR code · s save": (
        "書き出し — j JSON · c CSV · m Markdown · b BG Stats · g BGG · q QR · s 保存"
    ),
    "Save to this file (Enter), or esc": "このファイルに保存（Enter）、やめるなら esc",
    "Enter saves to this path; change it first if you like. esc keeps it unsaved.": "Enterでこのパスに保存します"
    "（先に変更もできます）。esc で保存しません。",
    "Saved to {path}": "{path} に保存しました",
    "Not saved.": "保存しませんでした。",
    "{path} cannot be written ({why}); nothing was saved.": "{path} に書き込めません（{why}）。何も保存していません。",
    "Search the rules (words or a section id); > and the cards in play for the arbiter": "ルールを検索（語句か節のID）。裁定は > と場のカードで",
    "Remap a key: binding-id=keys, e.g. session.undo=ctrl+u": "キーの変更：バインドID=キー（例：session.undo=ctrl+u）",
    "binding id": "バインドID",
    "keys": "キー",
    "does": "動作",
    "{id} is now {keys}.": "{id}は{keys}になりました。",
    "Type binding-id=keys with one of the ids below (not {typed!r}).": "下のIDを使って バインドID=キー と入力してください（{typed!r}ではなく）。",
    "{keys!r} is not a key: name keys like ctrl+u, f2, escape or question_mark, several with commas.": "{keys!r}はキーではありません。ctrl+u、f2、escape、question_mark のように書き、複数ならカンマで区切ります。",
    # what a table types, kept safe (screens/plain.py, screens/page.py, screens/new_game.py)
    "Control characters (terminal codes) cannot be typed here; the paste was left out.": "制御文字（端末コード）はここに入力できません。貼り付けは取り込みませんでした。",
    "Companion could not handle that ({error}); the screen stays open.": "Companionはこれを処理できませんでした（{error}）。画面はそのまま開いています。",
    "not an object": "オブジェクトではありません",
    "The language is not kept for the next start: {path} cannot be written ({why}).": "次回の起動には言語を保存できませんでした：{path} に書き込めません（{why}）。",
    "{id} is now {keys} until Companion closes: the settings cannot be saved to {path} ({why}).": "{id}は{keys}になりました（Companionを閉じるまで）。設定を {path} に保存できません（{why}）。",
    "A player's name cannot hold a control character (terminal code): {name} holds {sign}. Type the name again.": "プレイヤー名に制御文字（端末コード）は使えません：{name} に {sign} があります。名前を入力し直してください。",
}
