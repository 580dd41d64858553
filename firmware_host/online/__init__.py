"""Play on lishogi.org through its Board API: the board is one player's hands.

The client speaks lishogi's HTTP API (NDJSON streams and JSON calls) with aiohttp;
the streams reconnect by themselves and the outbox sends the board's moves once and
in order, so a dropped link loses nothing. docs/online.md says which endpoints and
fields are used and where lishogi differs from lichess and from its own spec.
"""
