"""A state dropped on its way to a board (the loopback broker's inbox emptied, as a
full broker queue does) is asked for again once the other board's heartbeat names
it: the board says it waits for the other board's move meanwhile, then lights it."""

from __future__ import annotations

from pathlib import Path

from engine.said import Said
from firmware_host.remote.catchup import CatchUp, Pace
from firmware_host.remote.loopback import LoopbackBroker, LoopbackLink
from tests.firmware_host.remote.loopkit import remote_of, wait_for_guide
from tests.firmware_host.remote.test_loopback_play import _first_move, pair

EVERY_LOOK = Pace(heartbeat=0.0, silence=60.0, grace=0.0, first=0.0, most=0.0)
WAITS = "waiting for the other board's move"


def test_a_state_dropped_on_its_way_is_asked_for_again_while_the_board_says_it_waits(
    tmp_path: Path,
) -> None:
    host, joiner = pair(tmp_path, LoopbackBroker())
    for sim in (host, joiner):
        remote_of(sim).catch_up = CatchUp(EVERY_LOOK)
    said: list[str] = []
    network_waits = joiner.controller.network_waits

    def recorded(why: Said | None) -> None:
        said.append(str(why or ""))
        network_waits(why)

    joiner.controller.network_waits = recorded  # type: ignore[method-assign]
    move = _first_move(host)
    host.perform(move)
    link = remote_of(joiner).link
    assert isinstance(link, LoopbackLink)
    assert link.inbox  # the host's move, on its way
    link.inbox.clear()  # dropped by the broker
    assert wait_for_guide(joiner, [host, joiner]) == move
    assert WAITS in said
    joiner.perform(move)
    assert said[-1] == ""  # no longer waiting
