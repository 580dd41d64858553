"""The calibration table's file: written in a stable order, under a lock, with a run's
results fitted beside every other run's.

Its folder is the lock, so runs of different pairings may end at the same time; the
table is replaced in one step (``store/replacing.py``), never rewritten in place, so a
run killed while writing leaves the table as it was, whole (and its new file beside it,
which the next write removes). A table read back empty or torn is refused with its name
and left as it is for a person to put back: merged into, it would lose every other game's
levels.
A table with a field this version does not know is refused when it is read
(``engine.search.ladder``), never written back without it.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from engine.search.ladder import Ladder, LadderEngine, read_ladder_file
from firmware_host.store.replacing import remove_leftovers, replace_text
from firmware_host.tools.ladder.rungs import (
    PARAMETERS,
    Measured,
    Played,
    now_played,
    rated,
    value_text,
)


def merged(table: Ladder, measured: Measured) -> Ladder:
    """``table`` with the measured game and engine's entries replaced: the rungs
    rated now or already in the table, the anchors rated, the results kept."""
    key = (measured.game, measured.engine)
    had = {r.level for r in table.rungs if (r.game, r.engine) == key}
    written = [r for r in measured.rungs if r.rating is not None or r.level in had]
    rungs = [r for r in table.rungs if (r.game, r.engine) != key]
    anchors = [a for a in table.anchors if (a.game, a.engine) != key]
    results = [r for r in table.results if (r.game, r.engine) != key]
    return Ladder(
        (*rungs, *written),
        (*anchors, *measured.anchors),
        (*results, *measured.results),
    )


HEADER = """\
# A game's rows of the calibration table: written by `kiban ladder GAME --engine E
# --games N` beside the game's package (engine/search/ladder.py, ladder_file).
# Each [[rung]] is a level of one game and engine: the parameters it plays with
# (built-in: nodes, depth, selective; fairy: skill, nodes, depth; both: how
# often and how it plays by feel, blunder, overlook, temperature, misjudge, natural,
# feel_depth) and what they measured at fixed node counts (rating: Elo-like, the random mover at 0;
# margin: half the 95% interval; games: games behind the figure). docs/levels.md.
"""


def table_text(table: Ladder) -> str:
    """The table as TOML, in a stable order (``read_ladder`` reads it back)."""
    lines = [HEADER]
    order = {engine: i for i, engine in enumerate(LadderEngine)}
    for rung in sorted(table.rungs, key=lambda r: (r.game, order[r.engine], r.level)):
        lines.append("[[rung]]")
        lines += [f'game = "{rung.game}"', f'engine = "{rung.engine.value}"']
        lines.append(f"level = {rung.level}")
        for name in (*PARAMETERS, "rating", "margin"):
            value = getattr(rung, name)
            if value is not None:
                lines.append(f"{name} = {value_text(value)}")
        lines += [f"games = {rung.games}", ""]
    for anchor in sorted(table.anchors, key=lambda a: (a.game, order[a.engine], a.name)):
        lines += ["[[anchor]]", f'game = "{anchor.game}"', f'engine = "{anchor.engine.value}"']
        lines += [f'name = "{anchor.name}"', f"rating = {round(anchor.rating, 1)}"]
        lines += [f"margin = {round(anchor.margin, 1)}", f"games = {anchor.games}", ""]
    for result in sorted(table.results, key=lambda r: (r.game, order[r.engine])):
        lines += ["[[result]]", f'game = "{result.game}"', f'engine = "{result.engine.value}"']
        lines += [f'first = "{result.first}"', f'second = "{result.second}"']
        lines += [f'first_plays = "{result.first_plays}"']
        lines += [f'second_plays = "{result.second_plays}"', f"seed = {result.seed}"]
        lines += [f"wins = {result.wins}", f"draws = {result.draws}", f"losses = {result.losses}"]
        if result.judged:
            lines.append("judged = true")
        if result.version is not None:
            lines.append(f'version = "{result.version.text()}"')
        lines.append("")
    return "\n".join(lines)


def load_table(path: Path) -> Ladder:
    """The table at ``path`` as it is now (read afresh: the tool rewrites it); a missing
    one is empty, an empty file or a directory is refused (``read_ladder_file``)."""
    return read_ladder_file(path) if path.exists() or path.is_symlink() else Ladder()


def write_table(played: Played, path: Path) -> Measured:
    """Fit ``played`` with the table at ``path`` as it is now and write the merged
    table, holding a lock: runs of other pairings may finish at the same time. The
    table's parameters are the ones kept: a level edited while the run played has
    the run's results for it dropped (``Measured.stale``), not its edit undone."""
    with _locked(path):
        remove_leftovers(path)  # the new tables of runs killed before their rename
        table = load_table(path)
        measured = rated(now_played(played, table), table)
        replace_text(path, table_text(merged(table, measured)))
    return measured


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """The table's folder is the lock (the table itself is replaced, so a lock on it
    would be on a file no longer there)."""
    descriptor = os.open(path.parent, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)  # which lets go of the lock
