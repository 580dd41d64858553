"""The MQTT broker two boards (a remote game) and a club's room (many boards) both talk
through: the locked Mosquitto ``kiban broker`` writes (``files.py``: its configuration,
logins and TLS; ``acl.py``: who may write which topics) and a Mosquitto on this
computer's loopback for trying a room on a laptop (``local.py``).

It stands above both rooms that use it, since the ACL names the topics of each
(``remote/messages.py``'s games, ``club/messages.py``'s rooms); neither imports it.
"""
