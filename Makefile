# `make run` and `make test` set everything up from a bare Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SOURCES := $(shell find companion scoring screens data -type f -not -path '*/__pycache__/*' 2>/dev/null) pyproject.toml setup.py

.PHONY: run test bench lint clean screenshots

$(VENV)/bin/activate:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# The app is installed the ordinary (non-editable) way, and reinstalled when a source file changes.
$(VENV)/.installed: $(VENV)/bin/activate $(SOURCES)
	$(PY) -m pip install --quiet ".[test]"
	@touch $@

run: $(VENV)/.installed
	$(VENV)/bin/companion $(ARGS)

# The import contracts (pyproject.toml, [tool.importlinter]) are part of the tests.
test: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/pytest

bench: $(VENV)/.installed
	$(PY) -m benchmarks

# The README's screenshots, taken by the app itself (Textual's SVG export) at 80×24 and 160×48.
screenshots: $(VENV)/.installed
	COMPANION_WRITE_SCREENSHOTS=1 $(VENV)/bin/pytest -q tests/test_app.py -k snapshots

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache

clean:
	rm -rf $(VENV) build *.egg-info
