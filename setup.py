"""The packages to install: every package under companion/, scoring/ and screens/ (a new game's
package is found by itself), and data/ as ``companion_data`` (its subfolders ride along as its
package data). Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["companion", "companion.*", "scoring", "scoring.*", "screens", "screens.*"]),
        "companion_data",
    ]
)
