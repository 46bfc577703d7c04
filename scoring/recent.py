"""What a pure function of an engine's state worked out last, kept by the state itself.

An engine never changes a state once it has returned it, so what is worked out from one (the legal
moves, a player's bid choices) holds for as long as that state lives. The entry line asks for the
same ones at every key while the position stays; ``Recent`` keeps the last few, each beside the
very state it was worked out from (so that state's ``id`` is never another's while kept), and is
safe from the app's threads.

>>> recent = Recent(size=2)
>>> state = object()
>>> recent.get(state, "moves") is MISSING
True
>>> recent.put(state, "moves", [1, 2])
>>> recent.get(state, "moves"), recent.get(object(), "moves") is MISSING
([1, 2], True)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

MISSING: Any = object()  #: what ``get`` gives for a state and key not kept


class Recent:
    """The last ``size`` results, each by its state (by identity) and a key of the other arguments."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[int, Hashable], tuple[object, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, state: object, key: Hashable) -> Any:
        """The result kept for ``state`` and ``key``, or ``MISSING``."""
        with self._lock:
            hit = self._kept.get((id(state), key))
            if hit is None or hit[0] is not state:
                return MISSING
            self._kept.move_to_end((id(state), key))
            return hit[1]

    def put(self, state: object, key: Hashable, value: Any) -> None:
        """Keep ``value`` for ``state`` and ``key`` (the oldest kept goes past ``size``)."""
        with self._lock:
            self._kept[(id(state), key)] = (state, value)
            self._kept.move_to_end((id(state), key))
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
