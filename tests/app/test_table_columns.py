"""Japanese names keep a table's columns in line: every table Companion prints pads by the cells a
terminal gives a name (秋子 takes four, as Chie does), through one function (companion.text.pad)."""

import json
import re
from pathlib import Path

import pytest

from companion.text import pad
from companion.wrapping import cells
from scoring.standings import Standing
from screens.scoreboard import round_table

ROOT = Path(__file__).resolve().parents[2]
NAMES = {"Aki": "秋子", "Ben": "ベン"}  # Chie, Dan and Emi keep their Latin names


def renamed(path: Path, names: dict[str, str]) -> str:
    text = path.read_text(encoding="utf-8")
    for old, new in names.items():
        text = text.replace(json.dumps(old), json.dumps(new, ensure_ascii=False))
    return text


def column_ends(line: str) -> list[int]:
    """The terminal cell where each word of ``line`` ends (the columns' right edges)."""
    return [cells(line[: m.end()]) for m in re.finditer(r"\S+", line)]


def column_starts(line: str) -> list[int]:
    return [cells(line[: m.start()]) for m in re.finditer(r"\S+", line)]


def assert_in_line(table: list[str]) -> None:
    """The heading and every player's line: the name starts where the heading's player starts, and
    every round and the total end where their heading ends (the numbers are right-aligned)."""
    head, *rows = table
    for row in rows:
        assert column_starts(row)[1] == column_starts(head)[1], (head, row)  # the name's column
        assert column_ends(row)[2:] == column_ends(head)[2:], (head, row)  # every round, then the total
        assert cells(row) == cells(head), (head, row)


@pytest.fixture
def tiebreak_record(tmp_path):
    """The five-player Trickster scoresheet with Aki as 秋子 and Ben as ベン: 秋子 and ベン tie on 5."""
    path = tmp_path / "tiebreak.json"
    path.write_text(renamed(ROOT / "examples/trickster/scoresheet-5p-tiebreak.json", NAMES), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_akiko_and_ben_in_katakana_keep_the_rounds_in_line_in_companion_score(tiebreak_record, run, lang):
    code, out, err = run("--lang", lang, "score", str(tiebreak_record))
    assert (code, err) == (0, "")
    table = out.splitlines()[:6]
    assert_in_line(table)
    assert [row.split() for row in table[4:6]] == [["4", "ベン", "1", "1", "3", "5"], ["5", "秋子", "1", "2", "2", "5"]]
    if lang == "ja":
        assert table[0].split() == ["順位", "プレイヤー", "1回", "2回", "3回", "合計"]
        assert (
            out.splitlines()[-1]
            == "タイブレーク：5点で秋子と同点のベンが勝ち：最終ラウンドの橙のカードが少ない（0対2）。"
        )
    else:
        assert table[0].split() == ["rank", "player", "R1", "R2", "R3", "total"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_stored_game_of_akiko_ben_and_chie_shows_in_line(tiebreak_record, run, lang):
    assert run("import", str(tiebreak_record))[0] == 0
    code, out, _ = run("--lang", lang, "show", "1")
    assert code == 0
    table = out.splitlines()[1:7]
    assert_in_line(table)
    assert table[3].split()[1] == "Dan" and table[5].split()[1] == "秋子"


def test_kings_scores_of_three_figures_and_a_minus_keep_their_columns(run, tmp_path):
    """KINGs' rounds run to -30 and 200: each round's column as wide as its widest score."""
    path = tmp_path / "kings.json"
    path.write_text(renamed(ROOT / "examples/kings/game-5p.json", {"Aki": "秋子", "Ben": "ベン"}), encoding="utf-8")
    code, out, _ = run("score", str(path))
    assert code == 0
    table = out.splitlines()[:6]
    assert_in_line(table)
    assert table[5].split() == ["5", "Dan", "0", "20", "-30", "-10"]


def test_the_f5_round_table_keeps_japanese_names_and_the_japanese_heading_in_line():
    standings = [
        Standing("Chie", 1, 2, (1, 0, 1)),
        Standing("ベン", 2, 5, (1, 1, 3)),
        Standing("秋子", 3, 5, (1, 2, 2)),
        Standing("アキコさんのお姉さん", 4, 9, (3, 3, 3)),  # 20 cells: cut with … to its column
    ]
    table = round_table(standings, "順位", "プレイヤー", "合計", "ja")
    assert table[0].split()[2:] == ["1回", "2回", "3回", "合計"]
    starts = [column_starts(line) for line in table]
    assert all(s[2:] == starts[0][2:] for s in starts), table  # every round and the total in line
    assert table[4].split()[1] == "アキコさ…"  # 9 cells of the 10 the heading プレイヤー takes


def test_one_pad_for_every_table_measures_cells_and_cuts_with_an_ellipsis():
    assert [pad(name, 6) + "|" for name in ("秋子", "ベン", "Chie")] == ["秋子  |", "ベン  |", "Chie  |"]
    assert pad("5", 4, right=True) == "   5" and pad("合計", 5, right=True) == " 合計"
    assert pad("アキコさん", 7) == "アキコ…" and cells(pad("アキコさん", 8)) == 8
    assert pad("Aki\x1b[31m", 10) == "Aki␛[31m  "  # a terminal code is shown, never sent
