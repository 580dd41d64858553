"""Computer seats: who plays them (the built-in search, a random mover, an outside
engine over USI: ``usi``, ``usi_protocol``, ``fairy``, ``process``) and the worker
that thinks for them off the board's loop (``thinking``, ``worker``). Nothing here
links an engine: each runs as its own process. Import the modules themselves: the
package loads nothing, so the board's service does not pay for engines it does
not use."""
