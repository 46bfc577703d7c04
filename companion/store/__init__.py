"""What a table keeps: the database, its sessions and their entries, the players, backups and files."""
