"""A shogi table's game told to a live record as the boards would tell it."""

from __future__ import annotations

from firmware_host.club.live import LiveRecord, Table
from firmware_host.remote.messages import BoardState, GameSpec

KEY = "ab" * 32
OPENING = (
    "7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b", "2e2d", "2c2d",
    "2h2d", "8e8f", "8g8f", "8b8f", "2d3d", "2b8h+",
)  # fmt: skip


def spec(clock: str = "10m byo 30s") -> GameSpec:
    return GameSpec(
        "g1", "shogi", (), "", (), (("clock", clock),), "host", (1,),
        roster=((1, "join"),), keys=(("host", KEY), ("join", KEY)),
    )  # fmt: skip


def fed(
    plies: int, *, start: float = 1000.0, clock: str = "10m byo 30s", full: float = 630.0
) -> LiveRecord:
    """A record fed the game's first ``plies`` moves, one every 10 s, each board's state
    after its own move (its clocks: 5 s spent per move)."""
    record = LiveRecord(Table(3, ("Sato", "Suzuki"), "Club cup"))
    record.feed("host", 1, spec(clock), start)
    for ply in range(plies):
        board = "host" if ply % 2 == 0 else "join"
        seat = ply % 2
        left = [full, full]
        if full > 30.0:  # main time: 5 s a move; in byoyomi each move's period is full again
            left[seat] -= 5.0 * (ply // 2 + 1)
            left[1 - seat] -= 5.0 * ((ply + 1) // 2)
        state = BoardState("g1", (seat,), 0, OPENING[: ply + 1], clock=tuple(left))
        record.feed(board, ply + 2, state, start + 10.0 * (ply + 1))
    return record
