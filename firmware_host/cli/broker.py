"""``kiban broker FOLDER``: the files of a Mosquitto broker locked for play across
boards (``broker/files.py``), and each board's address to give it."""

from __future__ import annotations

import argparse
import sys


def broker(args: argparse.Namespace) -> int:
    from firmware_host.broker.acl import Role
    from firmware_host.broker.files import BrokerSetupError, add_boards, write_broker
    from firmware_host.store.replacing import ReplaceError

    roles = {
        **dict.fromkeys(args.organiser, Role.ORGANISER),
        **dict.fromkeys(args.spectator, Role.SPECTATOR),
        **dict.fromkeys(args.bridge, Role.BRIDGE),
    }
    # a new broker is set up with its host name; logins are added to one set up before
    adding = bool(args.add) or (not args.host and not args.board and bool(roles))
    try:
        named = [*args.organiser, *args.spectator, *args.bridge]
        if len(set(named)) != len(named):
            raise BrokerSetupError("each login needs a user name of its own")
        if adding:
            if args.board or args.host:
                raise BrokerSetupError(
                    "--add adds boards to a broker set up before: no --board, --host"
                )
            made = add_boards(args.folder, args.add, roles)
        elif not args.host:
            raise BrokerSetupError("say the broker's host name: --host NAME (as boards reach it)")
        else:
            made = write_broker(args.folder, args.host, args.board, args.port, roles=roles)
    except (BrokerSetupError, ReplaceError, OSError) as error:
        print(f"kiban broker: {error}", file=sys.stderr)
        return 2
    print(f"kiban broker: a locked Mosquitto broker in {made.folder}")
    if not adding:
        print(f"  start it:  mosquitto -c {made.config.resolve()}")
        print(f"  each board trusts its certificate authority: {made.ca.resolve()}")
    else:
        print(
            "  mosquitto reads the new logins on SIGHUP (systemctl reload mosquitto), or a restart"
        )
    print("  each login's address (also in the file logins, readable by you only):")
    for line in made.addresses():
        print(f"    {line}")
    return 0
