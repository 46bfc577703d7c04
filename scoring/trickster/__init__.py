"""Trickster: Champions of Time — cards, the table tracker, scoring and the simulator."""
