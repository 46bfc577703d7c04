"""At the table: what the table sees of a session, the type-ahead and its suggestions, the new-game
form's header, the running totals, the rules lookups and the arbiter."""
