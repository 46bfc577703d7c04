"""The store's refusals, in a module of their own: the ``companion`` command catches them without
loading the store, so ``companion score``, ``rules`` and ``arbiter`` never load SQLAlchemy."""

from companion.words.refused import Explained


class StoreError(Explained):
    """A database problem, explained: locked, read-only, corrupt, too new, unreachable. Its words
    are a message of the catalogue with its values, said in the language that asks (``message``);
    ``str()`` says them in English.

    >>> err = StoreError("There is no session {sid}.", sid=9)
    >>> str(err), err.message("ja")
    ('There is no session 9.', 'セッション9はありません。')
    """


class StoreConflict(StoreError):
    """Another process wrote the same thing at the same moment; trying again is safe."""


class MovedOn(Exception):
    """The session changed since the position an entry was chosen at (another phone, the laptop,
    an undo): nothing was stored, and the entry may no longer be what the player would choose."""


class StoreUnavailable(StoreError):
    """The database cannot be reached just now (its server stopped, the network or the stick
    gone): nothing is wrong with what it holds, and asking again later may work."""
