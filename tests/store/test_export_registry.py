"""One list of exports serves the command line, the export screen (F6), the phone's downloads and
the docs: a format added to ``companion.exports.formats.FORMATS`` is offered by every one of them."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

import pytest

from companion.cli import build_parser
from companion.exports.formats import FORMATS, NAMES, format_of
from companion.web.page import DOWNLOADS
from scoring.errors import RuleViolation
from screens.export import ExportScreen

ROOT = Path(__file__).resolve().parents[2]


def test_the_command_line_offers_every_export_and_no_other():
    parser = build_parser()
    args = parser.parse_args(["export", "1", "--format", "bgg"])
    assert args.format == "bgg"
    for name in NAMES:
        assert parser.parse_args(["export", "1", "--format", name]).format == name
    with pytest.raises(SystemExit):
        parser.parse_args(["export", "1", "--format", "pdf"])


def test_the_export_screen_has_a_key_for_each_export_and_no_key_twice():
    shown = {b.action: b.key for b in ExportScreen.BINDINGS}
    assert [shown[f"show('{f.name}')"] for f in FORMATS] == [f.key for f in FORMATS] == ["j", "c", "m", "b", "g"]
    keys = [b.key for b in ExportScreen.BINDINGS]
    assert len(keys) == len(set(keys))


def test_the_phone_offers_every_file_export_and_not_the_bg_stats_link():
    assert DOWNLOADS == {"json": "JSON", "csv": "CSV", "md": "Markdown", "bgg": "BGG XML"}
    assert format_of("bgstats").download is False


def test_every_writer_is_there_to_load():
    for f in FORMATS:
        module, function = f.writer.split(":")
        assert callable(getattr(import_module(f"companion.exports.{module}"), function)), f.name


def test_the_record_format_docs_name_every_export():
    docs = (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")
    missing = [f.name for f in FORMATS if f"`{f.name}`" not in docs]
    assert missing == []


def test_an_unknown_format_is_refused_with_the_ones_there_are():
    with pytest.raises(RuleViolation) as refused:
        format_of("pdf")
    assert refused.value.rule == "record-format"
    assert refused.value.message() == "Unknown export format 'pdf'; use one of json, csv, md, bgstats, or bgg."
    assert "json、csv、md、bgstats、またはbgg" in refused.value.message("ja")  # listed as each language lists
