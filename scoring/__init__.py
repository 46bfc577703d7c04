"""Rules engines: pure Python, no I/O beyond reading the shipped data files.

Nothing in this package imports the app shell (`companion`), the screens, Textual or SQLModel;
``tests/test_layers.py`` keeps it so.
"""

from scoring.errors import RuleViolation

__all__ = ["RuleViolation"]
