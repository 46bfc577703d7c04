"""The store's refusals, in a module of their own: the ``companion`` command catches them without
loading the store, so ``companion score``, ``rules`` and ``arbiter`` never load SQLAlchemy."""


class StoreError(Exception):
    """A database problem, explained: locked, read-only, corrupt, too new, unreachable."""


class StoreConflict(StoreError):
    """Another process wrote the same thing at the same moment; trying again is safe."""


class MovedOn(Exception):
    """The session changed since the position an entry was chosen at (another phone, the laptop,
    an undo): nothing was stored, and the entry may no longer be what the player would choose."""
