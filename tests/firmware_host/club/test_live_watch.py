"""A game between two simulated boards, watched through the real spectator path (the
watch code, a loopback broker, the room) into the live record, end to end."""

from __future__ import annotations

from pathlib import Path

from engine.registry import find_game
from firmware_host.club.live import Table
from firmware_host.club.live_files import live_text
from firmware_host.club.live_watch import LiveWatch
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.store.storage import GameStore
from tests.firmware_host.remote.loopkit import ADDRESS, board, remote_of, run_all, texts

SHOGI = find_game("shogi")
MOVES = ("7g7f", "3c3d", "2g2f", "8c8d")


def test_a_watched_game_feeds_the_live_record(tmp_path: Path) -> None:
    broker = LoopbackBroker(duplicate=True)  # every message twice: a bridge replaying
    host = board(SHOGI, broker, GameStore(tmp_path / "host.sqlite3"), host=True)
    joiner = board(
        SHOGI,
        broker,
        GameStore(tmp_path / "join.sqlite3"),
        host=False,
        code=remote_of(host).code,
        others=[host],
    )
    boards = [host, joiner]
    run_all(boards)
    now = [5000.0]
    watch = LiveWatch(
        Table(1, ("Sato", "Suzuki")),
        remote_of(host).watch_code,
        ADDRESS,
        link_factory=broker.link_factory,
        clock=lambda: now[0],
    )
    for ply, move in enumerate(MOVES):
        mover, other = (host, joiner) if ply % 2 == 0 else (joiner, host)
        mover.perform(move)
        run_all(boards)
        other.perform(move)  # the guide's move played on the other board
        run_all(boards)
        now[0] += 10.0
        watch.poll()
    assert texts(host) == list(MOVES)
    view = watch.record.view()
    assert view is not None
    assert [m.text for m in view.moves] == list(MOVES)
    assert watch.record.ignored > 0  # the duplicates, each read once
    assert "２六歩" in (live_text(view, "kif") or "")
    watch.close()
