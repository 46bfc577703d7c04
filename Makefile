# `make run` and `make test` set everything up from a bare Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SOURCES := $(shell find companion scoring screens data -type f -not -path '*/__pycache__/*' 2>/dev/null) pyproject.toml setup.py

.PHONY: run test test-long bench fuzz mutate coverage lint dev console clean screenshots phone-screenshots words

$(VENV)/bin/activate:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# The app alone, for `make run`: installed the ordinary (non-editable) way, and again when a source
# file changes. No test tool comes with it.
$(VENV)/.app-installed: $(VENV)/bin/activate $(SOURCES)
	$(PY) -m pip install --quiet .
	@touch $@

# The app and the test extra (pytest, ruff, import-linter, the QR decoder, the BGG client): for the
# tests, the lint and the benchmarks. It holds the app too, so a `make run` after it installs nothing.
$(VENV)/.installed: $(VENV)/bin/activate $(SOURCES)
	$(PY) -m pip install --quiet ".[test]"
	@touch $@ $(VENV)/.app-installed

# Textual's development tools (the dev extra) and the test tools: installed again only when the
# dependencies change, as `make dev` runs the checkout's sources, not the installed copy.
$(VENV)/.dev-installed: $(VENV)/bin/activate pyproject.toml setup.py
	$(PY) -m pip install --quiet ".[test,dev]"
	@touch $@

run: $(VENV)/.app-installed
	$(VENV)/bin/companion $(ARGS)

# The import contracts (pyproject.toml, [tool.importlinter]) are part of the tests. The tests run
# on every core (pytest-xdist); the tests of one xdist_group (the PostgreSQL database they share,
# the wheel built in the checkout) run one after another on one worker.
# The wall time of the last whole run is kept for `make bench` to report (goal: at most 4 minutes on a fresh clone of a 2-core machine).
test: $(VENV)/.installed
	@date +%s > $(VENV)/.test-started
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/pytest -n auto --dist loadgroup
	@echo $$(( $$(date +%s) - $$(cat $(VENV)/.test-started) )) > $(VENV)/.test-seconds

# The suite's line and branch coverage per package (issue 37's goal: every package >= 85% lines),
# measured in every process the tests start too (`companion serve`, `companion record`: coverage's
# subprocess patch, [tool.coverage.run] in pyproject.toml), the data of all of them combined by
# pytest-cov. About 8 minutes here.
coverage: $(VENV)/.installed
	rm -f .coverage .coverage.*
	$(VENV)/bin/pytest -n auto --dist loadgroup -q --cov --cov-report=
	$(PY) -m tests.coverage_report

# The words (companion/words/ and each game's scoring/<game>/locale/): Babel extracts every marked message of companion/ and screens/ into
# the template, updates each language's .po from it (a translator then fills in the new ones, with
# Poedit or Weblate), and compiles each .po into the .mo the app reads. The keywords are the calls
# that say a message: t(text, lang), tn(singular, plural, n, lang), N_(text), Binding(key, action,
# description), Unreadable(text), Refused(rule, text), Phrase(text), StoreError(text),
# StoreConflict(text), StoreUnavailable(text) and BackupError(text), and tp(context, text, lang) where one English says two
# things (tests/test_words.py extracts with the same ones). babel.cfg says which files are code and
# which are the pages' templates, whose t("…") and tn("…", "…", n) are extracted the same way.
WORDS := companion/words/locale
words: $(VENV)/.installed
	$(VENV)/bin/pybabel -q extract --no-default-keywords -F babel.cfg -k t -k tn:1,2 -k tp:1c,2 -k N_ -k Binding:3 -k Unreadable -k Refused:2 -k Phrase -k StoreError -k StoreConflict -k StoreUnavailable -k BackupError \
		--ignore-dirs __pycache__ --no-location --sort-output --add-comments TRANSLATORS: \
		--project Companion --copyright-holder "Companion's authors" -o $(WORDS)/companion.pot companion screens
	$(VENV)/bin/pybabel -q update -D companion -i $(WORDS)/companion.pot -d $(WORDS)
	$(VENV)/bin/pybabel -q compile -D companion -d $(WORDS) --statistics
	$(PY) -m companion.words.games
	@for pot in scoring/locale/*.pot scoring/*/locale/*.pot; do \
		dir=$$(dirname $$pot); domain=$$(basename $$pot .pot); \
		$(VENV)/bin/pybabel -q update --no-fuzzy-matching -D $$domain -i $$pot -d $$dir && \
		$(VENV)/bin/pybabel -q compile -D $$domain -d $$dir --statistics || exit 1; \
	done

bench: $(VENV)/.installed
	$(PY) -m benchmarks

# The fuzz tests with many more examples than `make test` gives them (damaged records, typed lines,
# bits flipped in a whole history, generated command lines over every command): a longer look for
# a traceback or a lost session.
fuzz: $(VENV)/.installed
	COMPANION_FUZZ=500 COMPANION_FLIPS=200 $(VENV)/bin/pytest -n auto tests/engines/test_fuzz.py tests/store/test_cli_doors.py

# The long run of what `make test` samples: the fuzz tests at their full counts (`make fuzz`).
test-long: fuzz

# How many small changes to the scoring and tie-break code of every game the tests notice (a small
# mutator, tests/mutate.py): one line per module, then each mutant that survived. About 5 minutes.
mutate: $(VENV)/.installed
	$(PY) -m tests.mutate

# The README's screenshots, taken by the app itself (Textual's SVG export) at 80×24 and 160×48.
screenshots: $(VENV)/.installed
	COMPANION_WRITE_SCREENSHOTS=1 $(VENV)/bin/pytest -q tests/app/test_app.py -k snapshots

# The README's pictures of a session's page on a phone (390×844), in English and Japanese, and of a
# club night's page and its wall (1920×1080), taken by Debian's Chromium from a real `companion
# serve` (tests/web/screenshots.py).
phone-screenshots: $(VENV)/.installed
	$(PY) -m tests.web.screenshots

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache

# The app from this checkout's sources (PYTHONPATH=.: an edit needs no reinstall, and app.tcss is read
# again when saved) in Textual's development mode: its log, messages and print() go to
# `textual console`, started first in another terminal (README, "Working on Companion").
dev: $(VENV)/.dev-installed
	PYTHONPATH=. $(VENV)/bin/textual run --dev -c "$(VENV)/bin/companion $(ARGS)"

console: $(VENV)/.dev-installed
	$(VENV)/bin/textual console

clean:
	rm -rf $(VENV) build *.egg-info
