"""Computer seats: who plays them (the built-in search, a random mover, an outside
engine over USI) and the worker that thinks for them off the board's loop."""
