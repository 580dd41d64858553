"""What a game read in from a record file says of itself, as the page shows it beside
the game and its review (issue 81, item 4): the players by name, the event, the day it
began, the time control, the file's ending while the game is still the file's, and its
variations (the review lists each under the move it is played instead of); and, by
record format, what a download in it cannot hold as it was (its variations)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from engine.game import Game
from engine.record import Branch, BranchCount
from engine.said import N_, Said, said
from firmware_host.store.imported import RecordFacts
from firmware_host.store.records import branches_note
from firmware_host.wire.notice_records import said_record

Json = dict[str, Any]

BROKEN_OFF = N_("broken off")
SEALED = N_("broken off by a sealed move")


def record_json(game: Game[Any], facts: RecordFacts | None) -> Json | None:
    """The facts as the page reads them (None: a game begun here): each said value as
    its record (``X_said``), told in the page's language into ``X`` on its way out."""
    if facts is None:
        return None
    ending = _ending(game, facts.outcome, facts.suspended, facts.sealed)
    notes = {
        record_format.name: note
        for record_format in game.record_formats()
        if (note := branches_note(facts.branches, record_format)) is not None
    }
    return {
        "players": list(facts.players),
        "event": facts.event,
        "started": facts.started,
        "time_control": facts.time_control,
        "ending_said": None if ending is None else said_record(ending),
        "variations": BranchCount.of(facts.branches).branches,
        "branches": list(_branches(game, facts.branches, 0)),
        "notes_said": {name: said_record(note) for name, note in notes.items()},
    }


def _ending(game: Game[Any], outcome: Any, suspended: bool, sealed: bool) -> Said | None:
    if outcome is not None:
        described: Said = game.describe_outcome(outcome)
        return described
    if suspended:
        return said(SEALED if sealed else BROKEN_OFF)
    return None


def _branches(game: Game[Any], branches: Sequence[Branch], depth: int) -> Iterator[Json]:
    """The variations, each followed by those inside it (``depth`` one more): where it
    branches off (the number of the move it is played instead of), its moves in the
    game's notation, their comments and its ending."""
    for branch in branches:
        ending = _ending(game, branch.outcome, branch.suspended, False)
        yield {
            "ply": branch.ply,
            "depth": depth,
            "moves": list(branch.moves),
            "comments": list(branch.comments),
            "ending_said": None if ending is None else said_record(ending),
        }
        yield from _branches(game, branch.branches, depth + 1)
