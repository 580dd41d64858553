"""A club's room on the broker (issue 64): many boards, one organiser, one broadcast, no
one typing a move.

The boards of a club announce themselves in one room of an MQTT broker (a retained
birth: game, table, power, health; a last will: offline); the organiser opens the
room with a round's pairings (``pairings.py``), binds each board to its table and
signs the room's state (``organiser.py``), and is told at once what needs them at a
table (``roster.py``). Its messages (``messages.py``) are signed as a remote game's
are (``remote/identity.py``), and only the organiser's key changes the room. Every
table's game is kept as a spectator receives it and served live as KIF, CSA and JSON
(``live.py``, ``live_files.py``, ``live_server.py``), the audience outside the hall held
back (``live_delay.py``). A table's game outlives its board (issue 79): the room records
each board's game under the table's game it names, joins a game a board took up from the
room's record to the one before (``live_tables.py``, ``table_log.py``), keeps the round
on its disk (``round_keeping.py``) and exports it from its signed state alone
(``export_room.py``, ``export.py``).
"""
