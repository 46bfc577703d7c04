"""`companion score FILE [--json]` on every example, and on bad records."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*/*.json"))
RECORDS = [p for p in EXAMPLES if not p.name.endswith(".expected.json")]


def test_every_example_has_its_expected_standings():
    assert len(RECORDS) >= 6
    for record in RECORDS:
        assert record.with_suffix(".expected.json").exists(), record


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_companion_score_json_matches_the_worked_example(record, capsys):
    assert main(["score", str(record), "--json"]) == 0
    printed = capsys.readouterr().out
    assert printed.count("\n") == 1  # exactly one JSON object
    assert json.loads(printed) == json.loads(record.with_suffix(".expected.json").read_text())


def test_companion_score_prints_a_readable_table(capsys):
    assert main(["score", str(ROOT / "examples/trickster/scoresheet-5p-tiebreak.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["rank", "player", "R1", "R2", "R3", "total"]
    assert out[1].split() == ["1", "Chie", "1", "0", "1", "2"]
    assert out[-1] == (
        "tie-break: Ben wins the tie on 5 against Aki: fewer orange cards in the final round, 0 against 2."
    )


def write(tmp_path, text: str) -> str:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_an_illegal_play_in_a_record_prints_the_reason_and_the_rule(tmp_path, capsys):
    record = json.loads((ROOT / "examples/trickster/game-4p-introductory.json").read_text())
    trick = record["rounds"][0]["tricks"][0]
    trick[1]["play"] = record["rounds"][0]["trash"][0]  # a card lying face up in the trash
    assert main(["score", write(tmp_path, json.dumps(record)), "--json"]) == 1
    err = capsys.readouterr()
    assert err.out == ""
    assert "rounds[0].tricks[0][1]" in err.err and "in the trash" in err.err
    assert "rule: trickster.cards" in err.err


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "not a JSON record"),
        ("[]", "is written as {…}"),
        ('{"game": "trickster", "players": ["Aki", "Ben"], "rounds": "x"}', "is written as a list"),
        ('{"game": "trickster", "players": ["Aki", "Ben"], "rounds": [], "colour": 1}', "unknown field"),
    ],
)
def test_bad_files_are_refused_cleanly(tmp_path, capsys, text, words):
    assert main(["score", write(tmp_path, text)]) == 1
    assert words in capsys.readouterr().err


def test_a_missing_file_is_a_clean_error(tmp_path, capsys):
    assert main(["score", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_japanese_reasons(tmp_path, capsys):
    text = '{"game": "trickster", "players": ["Aki", "Ben"], "rounds": [{"tableau": {"Aki": {"red": 9}}}]}'
    assert main(["score", write(tmp_path, text), "--lang", "ja"]) == 1
    assert "整数" in capsys.readouterr().err


def test_the_installed_console_command_scores_every_game(tmp_path):
    """Run the installed ``companion`` from outside the checkout, as a player would."""
    script = Path(sys.executable).parent / "companion"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "companion"]
    for record, first in (("trickster/scoresheet-4p.json", "Aki"), ("kings/scoresheet-5p.json", "Aki")):
        done = subprocess.run(
            [*command, "score", "--json", str(ROOT / "examples" / record)],
            capture_output=True,
            text=True,
            cwd=tmp_path if script.exists() else ROOT,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["standings"][0]["player"] == first


def test_kings_scores_are_shown_as_their_parts(capsys):
    assert main(["score", str(ROOT / "examples/kings/scoresheet-5p.json"), "--parts"]) == 0
    out = capsys.readouterr().out
    assert "  Ben: 220 = bid (hit ×2) 140 + Samurai 0 + Healer 50 + Blue King (used) 30" in out
    assert "note: King numbers are unverified" in out


@pytest.mark.parametrize("record", [r for r in RECORDS if "sheet" not in r.name][:6], ids=lambda p: p.stem)
def test_companion_score_reads_what_export_json_writes(record, run, tmp_path):
    """The native session file ``export --format json`` writes is scored as its worked example is."""
    assert run("import", str(record))[0] == 0
    written = tmp_path / "session.json"
    assert run("export", "1", "--format", "json", "-o", str(written))[0] == 0
    code, out, err = run("score", str(written), "--json")
    assert code == 0, err
    assert json.loads(out) == json.loads(record.with_suffix(".expected.json").read_text())
