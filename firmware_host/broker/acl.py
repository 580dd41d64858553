"""Who may write what on a broker ``kiban broker`` locks: the logins' roles and the ACL
that Mosquitto enforces for them (mosquitto.conf(5), ``acl_file``).

Every login reads everything under ``kiban/``. What each writes:

- a **board** writes only the topics named after it: its remote games' (``kiban/v3/
  <room>/<kind>/<user>``) and its birth in a club room (``kiban/club/v1/<room>/board/
  <user>``), so no board can write another's state, presence, question, game or birth,
  nor wipe what the broker keeps there;
- an **organiser** is named as its room is (the fingerprint of its key,
  ``club/messages.py``'s ``room_of``) and writes that room's state and its requests to
  light up (``kiban/club/v1/<user>/state``, ``.../light/+``): no board can change a
  room, and no organiser another organiser's room;
- a **spectator** writes nothing: its user block denies the topics the patterns would
  give it (Mosquitto handles a user's ``deny`` before any grant);
- a **bridge** is a hall's broker carrying its room outward to this one (docs/club.md,
  "The broker for a larger hall"): it writes what it carries, ``kiban/#``, every
  message signed by the board or organiser that wrote it at the hall.

The roles are kept beside the passwords (``roles``: ``user role`` a line; a user it
does not name is a board, as every user of a broker set up before the roles was).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import Enum
from pathlib import Path

from engine.errors import KibanError
from firmware_host.club.messages import PREFIX as CLUB_PREFIX
from firmware_host.club.messages import ROOM_ID, ClubTopic
from firmware_host.remote.messages import PREFIX, Topic

ROOM_NAME = re.compile(f"[0-9a-f]{{{ROOM_ID}}}")


class RoleError(KibanError, ValueError):
    """A login's role that cannot be: a name the role does not take, a roles file that
    cannot be read (named with its line)."""


class Role(Enum):
    BOARD = "board"
    ORGANISER = "organiser"
    SPECTATOR = "spectator"
    BRIDGE = "bridge"


def check_role(user: str, role: Role) -> None:
    """An organiser's user name is its room's name: anything else would let it write a
    room nobody opened with that key (and no board's name is refused here: the caller
    checks it is a board id)."""
    if role is Role.ORGANISER and not ROOM_NAME.fullmatch(user):
        raise RoleError(
            f"{user!r} is not a room's name: an organiser's login is named as its room is"
            f" ({ROOM_ID} hex digits, as `kiban room name` prints it)"
        )


def acl_text(roles: Mapping[str, Role]) -> str:
    """The ACL: everyone reads; each writes what its role lets it (module docstring)."""
    root = PREFIX.split("/")[0]
    lines = [
        "# Written by kiban broker. Every user reads the games and the rooms; a board",
        "# writes only the topics named after it (its id is its user name), an",
        "# organiser (named as its room) only its room's state and lights, a spectator",
        "# nothing, a bridge what it carries (mosquitto.conf(5), acl_file).",
        # (a pattern: a topic line before any user line is for anonymous clients only)
        f"pattern read {root}/#",
    ]
    lines += [f"pattern write {PREFIX}/+/{kind.value}/%u" for kind in Topic]
    lines += [
        f"pattern write {CLUB_PREFIX}/+/{ClubTopic.BOARD.value}/%u",
        f"pattern write {CLUB_PREFIX}/%u/{ClubTopic.STATE.value}",
        f"pattern write {CLUB_PREFIX}/%u/{ClubTopic.LIGHT.value}/+",
    ]
    for user, role in sorted(roles.items()):
        if role is Role.SPECTATOR:
            lines += [
                f"user {user}",
                f"topic deny {PREFIX}/+/+/{user}",
                f"topic deny {CLUB_PREFIX}/+/{ClubTopic.BOARD.value}/{user}",
                f"topic deny {CLUB_PREFIX}/{user}/#",
            ]
        elif role is Role.BRIDGE:
            lines += [f"user {user}", f"topic write {root}/#"]
    return "\n".join(lines) + "\n"


def read_roles(path: Path) -> dict[str, Role]:
    """The roles a broker's ``roles`` file gives (none: every user a board)."""
    if not path.exists():
        return {}
    roles: dict[str, Role] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        user, _, name = line.strip().partition(" ")
        try:
            roles[user] = Role(name.strip())
        except ValueError:
            raise RoleError(
                f"{path}, line {number}: not 'user role' with a role of"
                f" {', '.join(role.value for role in Role)}"
            ) from None
    return roles


def roles_text(roles: Mapping[str, Role]) -> str:
    return "".join(f"{user} {role.value}\n" for user, role in sorted(roles.items()))
