"""LOUDER TRICKSTAR (seed 002): grid placement, bluffing, flipping and collecting."""
