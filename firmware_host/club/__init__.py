"""A club's room on the broker (issue 64): many boards, one organiser, no one typing a
move.

The boards of a club announce themselves in one room of an MQTT broker (a retained
birth: game, table, power, health; a last will: offline); the organiser opens the
room with a round's pairings (``pairings.py``), binds each board to its table and
signs the room's state (``organiser.py``), and is told at once what needs them at a
table (``roster.py``). Its messages (``messages.py``) are signed as a remote game's
are (``remote/identity.py``), and only the organiser's key changes the room.
"""
