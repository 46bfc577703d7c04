"""The packages to install: every package under companion/, scoring/ and screens/ (a new game's
package is found by itself), and data/ as ``companion_data`` with each game folder under it as a
package of its own (``companion_data.kings``: its card lists and rules texts are its package data;
a folder holding only data needs no ``__init__.py``), as are the web pages' templates and static
files (``companion.web.templates``, ``companion.web.static``) and each language's folder of compiled
catalogues (``companion.words.locale.ja.LC_MESSAGES``, and scoring's and each game's,
``scoring.kings.locale.ja.LC_MESSAGES``: a language is one more folder, found by itself).
Everything else is in pyproject.toml."""

from setuptools import find_namespace_packages, find_packages, setup

setup(
    packages=[
        *find_packages(include=["companion", "companion.*", "scoring", "scoring.*", "screens", "screens.*"]),
        "companion.web.templates",
        "companion.web.static",
        *find_namespace_packages(include=["companion.words.locale.*"], exclude=["*__pycache__*"]),
        *find_namespace_packages(include=["scoring.locale.*", "scoring.*.locale.*"], exclude=["*__pycache__*"]),
        "companion_data",
        *("companion_data." + game for game in find_namespace_packages(where="data", exclude=["*__pycache__*"])),
    ]
)
