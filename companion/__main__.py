"""``python -m companion COMMAND …``: the command line alone (``python -m screens`` starts the app too)."""

from companion.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
