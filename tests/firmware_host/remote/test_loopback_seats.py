"""A request for a seat while its board is briefly away, through the loopback broker:
it never holds the host's game. It withdraws itself once the seat's board is back,
the seat's board's moves are lit and played while it is open, and a second request
waits behind the open prompt (its board is told) instead of opening another."""

from __future__ import annotations

from pathlib import Path

from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import MoveCommitted, PromptOpened, Refused
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.loopback import LoopbackBroker, LoopbackLink
from firmware_host.remote.messages import BoardState, GameSpec, Presence, Topic
from firmware_host.remote.room import Role, Room
from firmware_host.session.actions import Select
from firmware_host.store.storage import GameStore
from tests.firmware_host.remote.loopkit import board, remote_of, run_all, wait_for_guide

DOBUTSU = find_game("dobutsu")


def pair(tmp_path: Path, broker: LoopbackBroker) -> tuple[Simulation, Simulation]:
    host = board(DOBUTSU, broker, GameStore(tmp_path / "host.sqlite3"), host=True)
    joiner = board(
        DOBUTSU,
        broker,
        GameStore(tmp_path / "join.sqlite3"),
        host=False,
        code=remote_of(host).code,
        others=[host],
    )
    run_all([host, joiner])
    return host, joiner


def first_move(sim: Simulation) -> str:
    position = sim.controller.position
    return sorted(position.move_text(m) for m in position.legal_moves())[0]


def link_of(sim: Simulation) -> LoopbackLink:
    link = remote_of(sim).link
    assert isinstance(link, LoopbackLink)
    return link


def away_at_its_turn(tmp_path: Path) -> tuple[LoopbackBroker, Simulation, Simulation]:
    """The host moved, the joiner played it and then dropped off the broker (its last
    will says it is offline): its seat is to move, and waits for it."""
    broker = LoopbackBroker()
    host, joiner = pair(tmp_path, broker)
    move = first_move(host)
    host.perform(move)
    assert wait_for_guide(joiner, [host, joiner]) == move
    joiner.perform(move)
    run_all([host, joiner])
    broker.drop(link_of(joiner))
    run_all([host])
    board_id = remote_of(joiner).setting_board
    room = remote_of(host).room
    assert room is not None and room.online.get(board_id) is False
    return broker, host, joiner


def ask_for_seat(broker: LoopbackBroker, host: Simulation, name: str, seat: int) -> Room:
    """Someone who holds the play code asks for ``seat`` (its board away) as ``name``."""
    room = remote_of(host).room
    setting = remote_of(host).setting
    assert room is not None and setting is not None
    asker = Room(room.keys, name, Role.JOIN, BoardKey.new())
    broker.publish(*asker.message(Topic.ONLINE, Presence(True)), retain=True)
    state = BoardState(setting.uid, (seat,), 0, tuple(_texts(host)))
    broker.publish(*asker.message(Topic.BOARD, state), retain=True)
    return asker


def _texts(sim: Simulation) -> list[str]:
    position = sim.controller.position.copy()
    moves: list[str] = []
    while position.move_stack:
        move = position.pop()
        moves.append(position.move_text(move))
    return moves[::-1]


def choices(sim: Simulation) -> tuple[str, ...]:
    return sim.controller.prompt_choices


def spec_of(sim: Simulation) -> GameSpec | None:
    room = remote_of(sim).room
    return None if room is None else room.spec


def seat_prompts(host: Simulation) -> int:
    return sum(1 for n in host.notices if isinstance(n, PromptOpened) and "accept" in n.choices)


def come_back(joiner: Simulation) -> None:
    """The board that dropped connects again (it says it is online)."""
    link = link_of(joiner)
    link.closed = False
    link.connect()


def test_a_request_for_a_seat_whose_board_is_back_withdraws_itself(tmp_path: Path) -> None:
    broker, host, joiner = away_at_its_turn(tmp_path)
    seat = remote_of(joiner).seats[0]
    ask_for_seat(broker, host, "M4LL0RY", seat)
    run_all([host])
    assert choices(host) == ("accept", "decline")
    said_before = len(host.notices)
    come_back(joiner)
    run_all([host, joiner])
    assert choices(host) == ()  # closed: nobody pressed anything
    told = [n for n in host.notices[said_before:] if isinstance(n, Refused)]
    assert any(n.reason.msgid.startswith("the request for") for n in told), told
    # the seat's board plays, and its move is lit at the host with no answer given
    move = first_move(joiner)
    joiner.perform(move)
    assert wait_for_guide(host, [host, joiner]) == move
    host.perform(move)
    assert _texts(host) == _texts(joiner)
    spec = spec_of(host)
    assert spec is not None and spec.owner(seat) == remote_of(joiner).setting_board


def test_the_seats_own_board_is_played_while_a_request_is_open(tmp_path: Path) -> None:
    broker, host, joiner = away_at_its_turn(tmp_path)
    seat = remote_of(joiner).seats[0]
    ask_for_seat(broker, host, "M4LL0RY", seat)
    run_all([host])
    assert choices(host) == ("accept", "decline")
    # the seat's board plays on: its state reaches the host, its presence not (yet)
    move = first_move(joiner)
    joiner_room = remote_of(joiner).room
    setting = remote_of(joiner).setting
    assert joiner_room is not None and setting is not None
    state = BoardState(setting.uid, (seat,), 0, (*_texts(host), move))
    broker.publish(*joiner_room.message(Topic.BOARD, state), retain=True)
    guide = wait_for_guide(host, [host])
    assert guide == move  # lit with the request still open
    host.perform(move)
    committed = [n.move for n in host.notices if isinstance(n, MoveCommitted)]
    assert committed[-1] == move
    run_all([host])
    assert choices(host) == ("accept", "decline")  # still asked: nobody answered it
    spec = spec_of(host)
    assert spec is not None and spec.owner(seat) == setting.board  # still its own


def test_a_second_request_waits_behind_the_open_prompt(tmp_path: Path) -> None:
    broker, host, joiner = away_at_its_turn(tmp_path)
    seat = remote_of(joiner).seats[0]
    ask_for_seat(broker, host, "M4LL0RY", seat)
    run_all([host])
    assert seat_prompts(host) == 1
    first = choices(host)
    eve = ask_for_seat(broker, host, "EVE", seat)
    for _ in range(5):
        run_all([host])
    assert choices(host) == first and seat_prompts(host) == 1
    for topic_name, payload in list(broker.retained.items()):
        eve.receive(topic_name, payload)  # what the asking board reads of the game
    assert eve.spec is not None and eve.spec.queued == ("EVE",)  # told it waits its turn
    host.send(Select("decline"))
    run_all([host])
    assert seat_prompts(host) == 2  # its turn now, once the first is answered
    spec = spec_of(host)
    assert spec is not None and spec.queued == ()
