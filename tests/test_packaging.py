"""A plain, non-editable install ships the data files the engines read, and building it says nothing
but that it was built."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# pip builds the wheel in the checkout (build/, companion.egg-info/): one build at a time, so the
# module's tests share one worker of pytest-xdist and its one wheel
pytestmark = pytest.mark.xdist_group("packaging")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> tuple[Path, str]:
    """The wheel ``pip install .`` builds, and what the build printed (pip not told to be quiet)."""
    folder = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(folder), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    (built,) = folder.glob("companion-*.whl")
    return built, done.stdout + done.stderr


def test_the_wheel_carries_every_data_file(wheel):
    names = set(zipfile.ZipFile(wheel[0]).namelist())
    data_files = [path for path in (ROOT / "data").rglob("*") if path.suffix in {".toml", ".md"}]
    games = {path.parent.name for path in data_files}
    assert {"trickster", "kings", "sheriff", "phantom", "louder"} <= games
    for path in data_files:
        assert "companion_data/" + path.relative_to(ROOT / "data").as_posix() in names, f"{path} is not installed"
    assert "screens/app.tcss" in names
    catalogues = [*(ROOT / "companion" / "words" / "locale").rglob("*.mo"), *(ROOT / "scoring").rglob("*.mo")]
    assert len(catalogues) >= 7  # the app's, scoring's and each game's, in Japanese
    for compiled in catalogues:  # each language's catalogue
        assert compiled.relative_to(ROOT).as_posix() in names, f"{compiled} is not installed"
    web = ROOT / "companion" / "web"
    pages = [path for folder in ("templates", "static") for path in (web / folder).iterdir() if path.is_file()]
    assert {"base.html", "session.html", "live_part.html", "chart.svg", "style.css", "live.js"} <= {
        p.name for p in pages
    }
    for path in pages:
        assert path.relative_to(ROOT).as_posix() in names, f"{path} is not installed"
    for package in ("companion", "scoring", "screens"):
        for path in (ROOT / package).rglob("*.py"):
            assert path.relative_to(ROOT).as_posix() in names, f"{path} is not installed"


def test_building_the_install_prints_no_warning(wheel):
    # the ~250 lines every install printed: the licence as a TOML table (deprecated), and each game
    # folder under data/ "absent from the packages configuration"
    printed = wheel[1]
    assert "Warning" not in printed and "deprecated" not in printed and "absent from" not in printed, printed


def test_the_wheel_names_its_licence_as_an_spdx_expression_and_carries_its_text(wheel):
    archive = zipfile.ZipFile(wheel[0])
    (metadata,) = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
    lines = archive.read(metadata).decode().splitlines()
    assert "License-Expression: MIT" in lines and "License-File: LICENSE" in lines
    licence = metadata.replace("METADATA", "licenses/LICENSE")
    assert archive.read(licence).decode() == (ROOT / "LICENSE").read_text(encoding="utf-8")
