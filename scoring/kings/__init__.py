"""TRICKTAKERs KINGs (test-play rules of 2022-12-10): tricks, kings, characters, bids, scoring."""

from scoring.kings.cards import _character_sections
from scoring.rulesbook import register_extra

register_extra("kings", _character_sections)
