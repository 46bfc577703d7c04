"""``python -m screens``: the ``companion`` program from a checkout, the app included."""

from screens.program import main

if __name__ == "__main__":
    raise SystemExit(main())
