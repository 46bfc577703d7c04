"""Recording from a phone: the choices the rules allow now, as buttons, and the page that shows them.

The choices are the table screen's pick-list (``companion.table.suggest.completions``, F3), in its order,
from what the table can see. A button whose line the rules accept and that nothing can continue
records it in one tap (a card that is the only thing to say); a button that leads on opens the
next choices (an effect's targets, a deal's roles one by one), where the line so far, when the
rules accept it as it stands, is one more button. The whole line can always be typed instead.

>>> from scoring.registry import get
>>> sheriff = get("sheriff")
>>> p = sheriff.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = sheriff.apply(p, sheriff.parse("deal joker=Ben Aki=mayor Ben=robber Chie=sheriff trump=spades", p))
>>> first = choices(p, "", "en")
>>> [(b.line, b.records) for b in first.buttons[:2]], first.as_it_stands
([('As', True), ('Ks', True)], False)
>>> deal = choices(sheriff.new({"players": ["Aki", "Ben", "Chie"]}), "deal joker=Ben", "en")
>>> [(b.label, b.records) for b in deal.buttons]
[('Aki: the Mayor', False), ('Aki: the Sheriff', False), ('Aki: the Robber', False)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import urlencode

from companion.table.suggest import BINDING, completions
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


@dataclass(frozen=True)
class Choices:
    """The choices at a line: ``line`` so far, its ``buttons``, and whether the rules accept the
    line as it stands (one more button, "Record …")."""

    line: str
    buttons: list[Button]
    as_it_stands: bool


def accepted(position: Position, line: str) -> Any | None:
    """The entry ``line`` records, when the rules accept it at ``position`` as it stands."""
    game = get(position.game)
    try:
        entry = game.parse(line, position)
        game.apply(position, entry)
    except RuleViolation:
        return None
    return entry


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
            buttons.append(Button(text, said, leaves, records))
    return Choices(line, buttons, bool(line) and accepted(position, line) is not None)


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
        for button in here.buttons:
            said = " ".join(button.line.split())
            if button.records:
                if accepted(position, button.line) == entry:
                    return depth + 1
            elif target.lower().startswith(said.lower()) or accepted(position, button.line) == entry:
                frontier.append((button.line, depth + 1))
    return None


# --- the page -----------------------------------------------------------------------------------
_WORDS = {
    "en": {
        "you": "Recording as {who}",
        "table": "the whole table",
        "seat": "change",
        "turn": "Your turn.",
        "theirs": "{who} records this on their phone.",
        "start": "← start again",
        "record": "Record",
        "as_it_stands": "Record “{line}”",
        "typed": "Or type the whole line",
        "undo": "Take back my last entry ({line})",
        "recorded": "Recorded: {line}",
        "undone": "Taken back: {line}",
        "moved": "The table moved on: {what}. Choose again.",
        "moved_nothing": "The table moved on. Choose again.",
        "refused": "Not recorded: {why}",
        "rule": "the rule",
        "over": "The game is over: nothing more to record.",
        "pick": "Which seat is this phone's?",
        "everyone": "This phone records for the whole table",
        "watch": "The table",
    },
    "ja": {
        "you": "{who}として記録中",
        "table": "テーブル全体",
        "seat": "変更",
        "turn": "あなたの番です。",
        "theirs": "{who}が自分のスマホで記録します。",
        "start": "← 最初から",
        "record": "記録",
        "as_it_stands": "「{line}」を記録",
        "typed": "または1行を入力",
        "undo": "自分の最後の記録を取り消す（{line}）",
        "recorded": "記録しました：{line}",
        "undone": "取り消しました：{line}",
        "moved": "テーブルが先に進みました：{what}。もう一度選んでください。",
        "moved_nothing": "テーブルが先に進みました。もう一度選んでください。",
        "refused": "記録しませんでした：{why}",
        "rule": "ルール",
        "over": "ゲームは終了しました。これ以上記録するものはありません。",
        "pick": "このスマホはどの席ですか？",
        "everyone": "このスマホでテーブル全員の分を記録する",
        "watch": "テーブル",
    },
}


def recorder_words(lang: str) -> dict[str, str]:
    return _WORDS.get(lang, _WORDS["en"])


@dataclass(frozen=True)
class Said:
    """What became of this phone's last tap, shown on this phone alone: ``kind`` is recorded,
    undone, moved or refused; ``text`` the line or the reason; ``rule`` the rule a refusal cites."""

    kind: str
    text: str
    rule: str = ""


def _form(action: str, revision: int, tap: str, line: str, label: str, cls: str, hidden_line: bool = True) -> str:
    line_field = f'<input type="hidden" name="line" value="{escape(line)}">' if hidden_line else ""
    return (
        f'<form method="post" action="{escape(action)}" class="tap">'
        f'<input type="hidden" name="revision" value="{revision}">'
        f'<input type="hidden" name="tap" value="{escape(tap)}">{line_field}'
        f'<button type="submit" class="{cls}">{label}</button></form>'
    )


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
) -> str:
    """The recorder page's live part. ``here``: the choices (None: not this phone's turn, or the
    game is over); ``turn``: whose turn it is when it is someone else's; ``yours``: it is this
    seat's turn; ``undo``: this phone's last
    entry while it may take it back; ``table``: the session page's own live part, below."""
    words = recorder_words(lang)
    out = [
        f'<p class="who">{escape(words["you"].format(who=who))} · <a href="{escape(seat_link)}">{words["seat"]}</a></p>'
    ]
    if said is not None:
        out.append(_said(said, rules_base, words))
    if prompt:
        out.append(f'<p class="next">{escape(prompt)}</p>')
    if here is not None:
        if yours:
            out.append(f'<p class="turn">{words["turn"]}</p>')
        if here.line:
            out.append(
                f'<p class="line"><code>{escape(here.line)}</code> <a href="{escape(base)}">{words["start"]}</a></p>'
            )
        out.append('<div class="choices">')
        if here.as_it_stands:
            label = escape(words["as_it_stands"].format(line=here.line))
            out.append(_form(f"{base}/record", revision, tap, here.line, label, "choice records"))
        for b in here.buttons:
            label = f"{escape(b.label)}<small>{escape(b.text)}</small>"
            if b.records:
                out.append(_form(f"{base}/record", revision, tap, b.line, label, "choice records"))
            else:
                href = f"{base}?{urlencode({'line': b.line})}"
                out.append(f'<a class="choice" href="{escape(href)}">{label}</a>')
        out.append("</div>")
        out.append(
            f'<form method="post" action="{escape(base)}/record" class="typed">'
            f'<input type="hidden" name="revision" value="{revision}">'
            f'<input type="hidden" name="tap" value="{escape(tap)}">'
            f'<label>{words["typed"]}<input name="line" value="{escape(here.line)}" autocomplete="off" '
            f'autocapitalize="off" spellcheck="false" maxlength="500"></label>'
            f'<button type="submit">{words["record"]}</button></form>'
        )
    elif turn is not None:
        out.append(f'<p class="turn">{escape(words["theirs"].format(who=turn))}</p>')
    if undo is not None:
        label = escape(words["undo"].format(line=undo))
        out.append(_form(f"{base}/undo", revision, tap, "", label, "undo", hidden_line=False))
    out += [f"<h2>{words['watch']}</h2>", '<div class="table">', table, "</div>"]
    return "\n".join(out)


def _said(said: Said, rules_base: str, words: dict[str, str]) -> str:
    if said.kind == "refused":
        rule = (
            f' <a href="{escape(rules_base)}/{escape(said.rule)}">{words["rule"]}: {escape(said.rule)}</a>'
            if said.rule
            else ""
        )
        return f'<p class="said refused" role="alert">{escape(words["refused"].format(why=said.text))}{rule}</p>'
    if said.kind == "moved":
        text = words["moved"].format(what=said.text) if said.text else words["moved_nothing"]
        return f'<p class="said moved" role="alert">{escape(text)}</p>'
    return f'<p class="said {said.kind}" role="status">{escape(words[said.kind].format(line=said.text))}</p>'


def seats_part(players: Sequence[str], links: Sequence[str], everyone: str, lang: str) -> str:
    """The join page: each seat's link, and the whole table's."""
    words = recorder_words(lang)
    items = [
        f'<a class="choice" href="{escape(link)}">{escape(name)}</a>' for name, link in zip(players, links, strict=True)
    ]
    items.append(f'<a class="choice" href="{escape(everyone)}">{words["everyone"]}</a>')
    return f"<h1>{words['pick']}</h1>\n" + '<div class="choices">' + "".join(items) + "</div>"


def rule_part(title: str, body: str, rule: str) -> str:
    """One rule's text, as the rules screen shows it."""
    paragraphs = "".join(f"<p>{escape(p)}</p>" for p in body.split("\n\n") if p.strip())
    return f'<h1>{escape(title)}</h1><p class="dim">[{escape(rule)}]</p>{paragraphs}'
