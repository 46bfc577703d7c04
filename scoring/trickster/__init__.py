"""Trickster: Champions of Time — cards, the table tracker, scoring and the simulator."""

from scoring.rulesbook import register_extra
from scoring.trickster.cards import _hero_sections

register_extra("trickster", _hero_sections)
