"""A plain, non-editable install ships the data files the engines read."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_carries_every_data_file(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (wheel,) = tmp_path.glob("companion-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in (ROOT / "data").rglob("*"):
        if path.suffix in {".toml", ".md"}:
            assert "companion_data/" + path.relative_to(ROOT / "data").as_posix() in names
    for package in ("companion", "scoring", "screens"):
        for path in (ROOT / package).rglob("*.py"):
            assert path.relative_to(ROOT).as_posix() in names, f"{path} is not installed"
