"""The web companion: the board in a browser, served by Kiban (see server.py)."""
