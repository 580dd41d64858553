"""``kiban list`` and ``kiban export``: the stored games, read without changing them."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def list_stored(args: argparse.Namespace) -> int:
    from firmware_host.tools.records.listing import listed, table
    from firmware_host.tools.records.stores import choose_store, open_to_read

    choice = choose_store(args.state_dir, sim=args.sim)
    if choice.note is not None:
        print(f"kiban: {choice.note}", file=sys.stderr)
    store = open_to_read(choice)
    try:
        rows = [listed(stored) for stored in store.list_games(max(args.limit, 1))]
    finally:
        store.close()
    if not rows:
        print(f"no games stored in {choice.path}")
        return 0
    for line in table(rows):
        print(line)
    return 0


def export(args: argparse.Namespace) -> int:
    from firmware_host.telling.language import Language
    from firmware_host.telling.rendering import told
    from firmware_host.tools.records.export import exported
    from firmware_host.tools.records.stores import choose_store, open_to_read

    choice = choose_store(args.state_dir, sim=args.sim)
    if choice.note is not None:
        print(f"kiban: {choice.note}", file=sys.stderr)
    store = open_to_read(choice)
    try:
        stored = store.load(args.game_id)
    finally:
        store.close()
    output: Path | None = args.output
    # Kakinoki's suffixes: .kif and .ki2 are Shift_JIS, .kifu and .ki2u UTF-8
    shift_jis = output is not None and output.suffix.lower() in (".kif", ".ki2")
    done = exported(stored, args.format, encoding="Shift_JIS" if shift_jis else "UTF-8")
    text = done.text
    if done.note is not None:  # what the format could not hold, said beside the record
        print(f"kiban: {told(done.note, Language.ENGLISH)}", file=sys.stderr)
    if output is None:
        sys.stdout.write(text)
        return 0
    from firmware_host.store.replacing import ReplaceError, replace_text

    try:
        replace_text(output, text, encoding="cp932" if shift_jis else "utf-8")
    except ReplaceError as error:
        print(f"kiban: {error}", file=sys.stderr)
        return 2
    except UnicodeEncodeError as error:
        print(
            f"kiban: {output}: Shift_JIS cannot hold {error.object[error.start : error.end]!r};"
            f" write a {output.suffix.lower()}u file (UTF-8) instead",
            file=sys.stderr,
        )
        return 2
    return 0
