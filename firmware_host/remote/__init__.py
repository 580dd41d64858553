"""Play across boards: two boards (four for Chaturaji) in one game over an MQTT broker.

Each board referees its own seats' moves and publishes its whole state; the others
take a remote seat's move as a guide, exactly as a computer seat's move is taken.
"""
