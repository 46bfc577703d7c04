"""A club's record: finished results, ratings, head-to-head, a player's page, statistics, seasons."""
