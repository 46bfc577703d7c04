"""What a player sees on the laptop: the Textual app (app.py), the companion program (program.py), one
module per screen, and the widgets they share (widgets/)."""
