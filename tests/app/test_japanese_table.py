"""The table in Japanese as a newcomer met it: card codes kept whole where Japanese wraps, the
footer switched with ctrl+l at once, nothing over the entry line, one word per key, and the
Devil's bid miss named as what it is."""

import itertools
import json
from pathlib import Path

import pytest

from scoring.records import split_record
from screens.app import CompanionApp
from tests.app.pilot import quiet, table_at, type_line
from tests.typed import line_for

ROOT = Path(__file__).resolve().parents[2]
TRICKSTER = json.loads((ROOT / "examples/trickster/game-4p-introductory.json").read_text())


def footer_words(screen) -> dict[str, str]:
    """The footer's keys as drawn: each key's name, and the word after it."""
    return {key.key_display: key.description for key in screen.query("FooterKey")}


def key_words(screen) -> dict[str, str]:
    """Every key of the screen with the word the footer and the command palette give it (F3 is in
    the palette and the entry line's hint, not the footer: the footer keeps 80 columns)."""
    words = {}
    for key, active in screen.active_bindings.items():
        if active.binding.description:
            words.setdefault(screen.app.get_key_display(active.binding) or key, active.binding.description)
    return words


@pytest.mark.asyncio
async def test_chies_bust_in_japanese_names_the_cards_she_takes_and_keeps_them_on_the_status_line(tmp_path):
    # Trickster, 4 players: Chie cannot follow yellow and takes the pot, YPED YMAG. At 80 columns
    # the line used to break inside the first card: "…卓中央の2枚（Y" / "PED YMAG）を取る。"; the
    # cards are now named in Japanese (黄行商人、黄手品師), not by their codes
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        moves = split_record(TRICKSTER)[2]
        await table_at(app, pilot, TRICKSTER, 67)
        await type_line(pilot, line_for({k: v for k, v in moves[67].items() if k != "by"}))
        status = app.screen.query_one("#status")
        lines = [status.render_line(y).text.strip() for y in range(status.size.height)]
    assert "refused" not in status.classes
    assert len(lines) > 1 and "Chieがドボン" in lines[0]
    said = "".join(lines)
    assert "卓中央の2枚（黄行商人、黄手品師）を取る" in said and "YPED" not in said and "YMAG" not in said
    assert not any(line.startswith(("PED", "MAG")) or line.endswith(("（Y", "Y")) for line in lines), lines


@pytest.mark.asyncio
async def test_ctrl_l_puts_the_home_footer_in_japanese_before_anything_else_happens(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        await quiet(pilot)
        assert footer_words(app.screen)["n"] == "New game"
        await app.action_toggle_language()  # what ctrl+l runs; no pause for the footer to catch up
        assert footer_words(app.screen) == {
            "n": "新しいゲーム",
            "r": "再開",
            "h": "履歴",
            "u": "ルール",
            "s": "設定",
            "^p": "コマンド",
        }
        await app.action_toggle_language()
        assert footer_words(app.screen)["n"] == "New game"


@pytest.mark.asyncio
async def test_switching_the_language_at_the_table_leaves_the_entry_line_in_view(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, TRICKSTER, 20)
        entry = app.screen.query_one("#entry").region
        await pilot.press("ctrl+l")
        await quiet(pilot)
        assert app.lang == "ja" and "取り消し" in footer_words(app.screen).values()
        covering = [toast.region for toast in app.screen.query("Toast") if toast.region.overlaps(entry)]
        assert not covering, covering


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_entry_lines_hint_names_each_key_with_the_footers_word(tmp_path, lang):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, TRICKSTER, 20)
        hint = app.screen.query_one("#entry").placeholder
        named = {key: word for key, word in key_words(app.screen).items() if f"{key} " in hint}
        assert set(named) == {"f1", "f3", "^z", "f4"}, hint  # help, pick, undo, edit
        shown = footer_words(app.screen)
        assert all(shown[key] == word for key, word in named.items() if key in shown)
        for key, word in named.items():
            assert f"{key} {word}".casefold() in hint.casefold(), (key, word, hint)
    if lang == "ja":
        assert named == {"f1": "ヘルプ", "f3": "選ぶ", "^z": "取り消し", "f4": "修正"}


def test_the_devils_bid_miss_that_succeeds_says_so_in_japanese(capsys):
    from companion.cli import main

    # KINGs, 5 players: Ben's Devil bids a miss in round 1 and two others miss: 120 points
    assert main(["score", str(ROOT / "examples/kings/game-5p.json"), "--parts", "--lang", "ja"]) == 0
    parts = capsys.readouterr().out.splitlines()
    assert "  Ben: 120 = デビルのビッド外れ成功 120 + コレクター 0" in parts
    assert "  Chie: 120 = デビルのビッド外れ成功×2 120 + デビル 0 + ハーミット 0 + 青のキング（使用済み） 0" in parts
    assert not any("= ビッド成功 120" in line for line in parts)


@pytest.mark.asyncio
async def test_f7_keeps_each_japanese_name_whole_where_a_line_wraps(tmp_path):
    """Trickster, 4 players with Japanese names: F7 wraps each entry and what it did under its line.
    A line may break beside any Japanese character, and it broke inside a name (``…トリックスターのさ``
    / ``くらこがドボン``); a name now goes whole to the next line."""
    names = {"Aki": "さくらこ", "Ben": "はなこ", "Chie": "ゆきえ", "Dan": "たつのすけ"}
    text = (ROOT / "examples/trickster/game-4p-introductory.json").read_text()
    for old, new in names.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, json.loads(text), 110)
        await pilot.press("f7")
        await quiet(pilot)
        await app.workers.wait_for_complete()
        await quiet(pilot)
        assert type(app.screen).__name__ == "GameLogScreen"
        entries = app.screen.position.entries
        rows = [row.strip() for n, e in enumerate(entries, start=1) for row in app.screen.line(n, e).plain.splitlines()]
    assert any(name in row for row in rows for name in names.values())
    for before, after in itertools.pairwise(rows):
        for name in names.values():
            for cut in range(1, len(name)):
                assert not (before.endswith(name[:cut]) and after.startswith(name[cut:])), (before, after)


@pytest.mark.asyncio
async def test_a_new_game_without_players_is_refused_in_japanese_without_a_records_field_name(tmp_path):
    """A stranger's Japanese check: ctrl+s on the form with no players said ``players：このゲームは…``,
    the record's field name before the reason."""
    from screens.app import CompanionApp
    from tests.app.pilot import opened, quiet, status_of

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("n")
        await quiet(pilot)
        await pilot.press("ctrl+s")
        await quiet(pilot)
        said, refused = status_of(app)
        assert refused and said == "このゲームは2〜7人用です（0人）。", said
