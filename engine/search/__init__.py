"""Built-in computer players: pure-Python searches over the ``Position`` API."""
