"""Exports show every name as typed: a spreadsheet never runs one as a formula, and a Markdown
table never grows a column or a link from one."""

import csv
import io
import json
from pathlib import Path

import pytest

from companion.exports.formats import export
from companion.exports.markdown import md_text
from companion.exports.native import import_text
from companion.exports.spreadsheet import csv_cell

ROOT = Path(__file__).resolve().parents[2]
LOUDER = json.loads((ROOT / "examples/louder/game-4p.json").read_text())  # Dan 11, Chie -6, Ben -9, Aki -10


def renamed(record: dict, names: dict[str, str]) -> bytes:
    """The record with its players renamed everywhere."""
    text = json.dumps(record)
    for old, new in names.items():
        text = text.replace(json.dumps(old), json.dumps(new))
    return text.encode()


# each within the 16 cells a name may take (companion.store.names)
FORMULAS = {"Aki": '=HYPERLINK("x")', "Ben": "@SUM(1+1)", "Chie": "+1+2", "Dan": "-3+4"}


def test_csv_neutralises_names_a_spreadsheet_would_run_as_formulas(sessions):
    sid = import_text(sessions, renamed(LOUDER, FORMULAS))
    rows = list(csv.reader(io.StringIO(export(sessions, sid, "csv"))))
    assert [row[0] for row in rows[1:]] == [
        "'-3+4",
        "'+1+2",
        "'@SUM(1+1)",
        '\'=HYPERLINK("x")',
    ]
    assert [row[-2] for row in rows[1:]] == ["11", "-6", "-9", "-10"]  # numbers stay numbers, signs and all


@pytest.mark.parametrize("name", ["=1+1", "+1", "-1", "@A1", "\tX", "\rX"])
def test_a_csv_cell_that_starts_like_a_formula_gets_a_quote(name):
    assert csv_cell(name) == "'" + name
    assert csv_cell("Aki") == "Aki" and csv_cell("A=1") == "A=1" and csv_cell(-6) == -6


def test_markdown_escapes_a_name_that_would_add_a_column_or_a_link(sessions):
    names = {"Aki": "A|B", "Ben": "[x](http://e.io)", "Chie": "*bold*", "Dan": "<b>D</b>"}
    sid = import_text(sessions, renamed(LOUDER, names))
    md = export(sessions, sid, "md")
    assert "| 4 | A\\|B | " in md
    assert "\\[x\\](http://e.io)" in md and "\\*bold\\*" in md and "\\<b\\>D\\</b\\>" in md
    assert "Players: A\\|B, \\[x\\](http://e.io), \\*bold\\*, \\<b\\>D\\</b\\>." in md
    table = [line for line in md.splitlines() if line.startswith("|")]
    header_cells = table[0].count("|")
    for row in table:  # every row as many columns as the header: no name adds one
        assert row.replace("\\|", "").count("|") == header_cells, row


def test_markdown_text_escapes_what_markdown_reads():
    assert md_text("A|B") == "A\\|B"
    assert md_text("a\nb") == "a b"
    assert md_text("`x`_y_~z~&amp;") == "\\`x\\`\\_y\\_\\~z\\~\\&amp;"
    assert md_text("Aki (Mayor)") == "Aki (Mayor)"
