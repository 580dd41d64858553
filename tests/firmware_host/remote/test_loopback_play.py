"""Boards playing each other through the loopback broker: whole games, proposals
answered at the other board, resignations, and the network's faults (duplicates,
delays, a broker that forgets, a board that restarts) with no move lost, repeated
or reordered."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from engine.outcome import Termination
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    OffGuideShown,
    ProposalAnswered,
    ProposalMade,
    RemoteMoved,
)
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.session.actions import AgreeDraw, Resign, Select, TakeBack
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import Meaning
from hardware.mock.hands import Noise
from tests.firmware_host.remote.loopkit import (
    board,
    play_random_game,
    remote_of,
    run_all,
    texts,
    wait_for_guide,
)
from tests.firmware_host.simkit import close, indicator, of, rgb

DOBUTSU = find_game("dobutsu")


def pair(tmp_path: Path, broker: LoopbackBroker, **kw: object) -> tuple[Simulation, Simulation]:
    host = board(DOBUTSU, broker, GameStore(tmp_path / "host.sqlite3"), host=True, **kw)  # type: ignore[arg-type]
    code = remote_of(host).code
    joiner = board(
        DOBUTSU,
        broker,
        GameStore(tmp_path / "join.sqlite3"),
        host=False,
        code=code,
        others=[host],
        **kw,  # type: ignore[arg-type]
    )
    run_all([host, joiner])
    return host, joiner


def refused(*boards: Simulation) -> int:
    rooms = [remote_of(board).room for board in boards]
    return sum(room.refused.count for room in rooms if room is not None)


def test_two_boards_play_a_whole_game_with_noisy_hands(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    host, joiner = pair(tmp_path, broker, noise=Noise.realistic(), seed=3)
    assert remote_of(host).seats == (0,) and remote_of(joiner).seats == (1,)
    moves = play_random_game([host, joiner], random.Random(5))
    assert host.controller.outcome is not None
    assert host.controller.outcome == joiner.controller.outcome
    assert texts(joiner) == moves and len(moves) > 4
    assert of(RemoteMoved, joiner.notices) and of(RemoteMoved, host.notices)
    assert refused(host, joiner) == 0


def test_the_other_boards_move_is_the_only_one_accepted(tmp_path: Path) -> None:
    host, joiner = pair(tmp_path, LoopbackBroker())
    host.perform(_first_move(host))
    guide = wait_for_guide(joiner, [host, joiner])
    position = joiner.controller.position
    other = next(
        position.move_text(m) for m in position.legal_moves() if position.move_text(m) != guide
    )
    notices = joiner.perform(other)
    assert not joiner.controller.position.move_stack  # refused: it is not the move played
    assert of(OffGuideShown, notices)
    assert joiner.controller.guide is not None


def exchange(mover: Simulation, other: Simulation, boards: list[Simulation]) -> str:
    """``mover``'s player makes a move; ``other``'s plays it from the guide."""
    move = _first_move(mover)
    mover.perform(move)
    assert wait_for_guide(other, boards) == move
    other.perform(move)
    return move


def _first_move(sim: Simulation) -> str:
    position = sim.controller.position
    return sorted(position.move_text(m) for m in position.legal_moves())[0]


def test_a_takeback_is_proposed_and_made_only_when_the_other_board_accepts(tmp_path: Path) -> None:
    host, joiner = pair(tmp_path, LoopbackBroker())
    boards = [host, joiner]
    exchange(host, joiner, boards)
    exchange(joiner, host, boards)
    assert of(ProposalMade, host.send(TakeBack()))
    assert len(host.controller.position.move_stack) == 2  # nothing changes yet
    run_all(boards)
    assert joiner.controller.prompt_choices == ("accept", "decline")
    joiner.send(Select("decline"))
    run_all(boards)
    answered = of(ProposalAnswered, host.notices)
    assert answered and answered[-1].ours and not answered[-1].accepted
    assert len(host.controller.position.move_stack) == 2

    host.send(TakeBack())
    run_all(boards)
    joiner.send(Select("accept"))
    run_all(boards)
    assert len(host.controller.position.move_stack) == 1
    assert len(joiner.controller.position.move_stack) == 1
    assert remote_of(host).line == remote_of(joiner).line == 1
    # the pieces are guided back by hand; the game goes on with another move
    joiner.tidy()
    for sim in boards:
        sim.world.arrange(sim.controller.position.layout())
    run_all(boards, 1.0)
    position = joiner.controller.position
    joiner.perform(sorted(position.move_text(m) for m in position.legal_moves())[-1])
    replied = wait_for_guide(host, boards)
    assert replied == texts(joiner)[-1]
    assert refused(host, joiner) == 0


def test_a_draw_agreed_across_boards_ends_both(tmp_path: Path) -> None:
    host, joiner = pair(tmp_path, LoopbackBroker())
    joiner.send(AgreeDraw())
    run_all([host, joiner])
    assert host.controller.outcome is None
    host.send(Select("accept"))
    run_all([host, joiner])
    for sim in (host, joiner):
        assert sim.controller.outcome is not None
        assert sim.controller.outcome.termination is Termination.AGREEMENT


def test_a_resignation_at_one_board_ends_the_game_at_the_other(tmp_path: Path) -> None:
    host, joiner = pair(tmp_path, LoopbackBroker())
    # the player here resigns their own seat, even while the other board is to move
    joiner.send(Resign())
    run_all([host, joiner])
    for sim in (host, joiner):
        outcome = sim.controller.outcome
        assert outcome is not None and outcome.termination is Termination.RESIGNATION
        assert outcome.winners == frozenset({0})
    refusal = host.send(Resign(1))
    assert "over" in str(refusal)


def test_duplicated_and_late_messages_change_nothing(tmp_path: Path) -> None:
    broker = LoopbackBroker(duplicate=True)
    host, joiner = pair(tmp_path, broker)
    boards = [host, joiner]
    rng = random.Random(11)
    for turn in range(6):
        mover, other = (host, joiner) if turn % 2 == 0 else (joiner, host)
        if mover.controller.outcome is not None:
            break
        mover.perform(_random(mover, rng))
        broker.hold()
        run_all(boards)
        broker.release(reverse=True)  # the newest first, the older ones late
        other.perform(wait_for_guide(other, boards))
    assert texts(host) == texts(joiner) and len(texts(host)) >= 3
    room = remote_of(joiner).room
    assert room is not None and room.duplicates > 0


def _random(sim: Simulation, rng: random.Random) -> str:
    position = sim.controller.position
    return rng.choice(sorted(position.move_text(m) for m in position.legal_moves()))


def test_a_broker_that_forgets_everything_is_told_again(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    host, joiner = pair(tmp_path, broker)
    boards = [host, joiner]
    exchange(host, joiner, boards)
    joiner.perform(_first_move(joiner))  # said just before the broker goes down
    broker.restart()
    assert not broker.retained
    run_all(boards)
    assert broker.retained  # every board said everything again
    host.perform(wait_for_guide(host, boards))
    exchange(host, joiner, boards)
    assert texts(host) == texts(joiner) and len(texts(host)) == 3


def test_a_board_that_restarts_takes_the_game_up_where_it_was(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    host, joiner = pair(tmp_path, broker)
    boards = [host, joiner]
    exchange(host, joiner, boards)
    exchange(joiner, host, boards)
    # the joining board dies without a goodbye (its power cut)
    broker.drop(remote_of(joiner).link)  # type: ignore[arg-type]
    run_all([host])
    assert "offline" in str(host.controller.remote_wait or "")
    assert indicator(host, "status") == rgb(host, Meaning.FAULT)  # the status LED says so
    close(joiner)
    # the host's player moves while the other board is away
    host.perform(_first_move(host))
    again = board(
        DOBUTSU,
        broker,
        GameStore(tmp_path / "join.sqlite3"),
        host=False,
        code=remote_of(host).code,
        others=[host],
    )
    boards = [host, again]
    assert texts(again) == texts(host)[:2]  # resumed from its own store
    guide = wait_for_guide(again, boards)
    assert guide == texts(host)[-1]
    again.perform(guide)
    run_all(boards)
    assert texts(again) == texts(host) and len(texts(host)) == 3
    assert host.controller.remote_wait is None


def test_a_game_code_nobody_hosts_is_said_plainly(tmp_path: Path) -> None:
    from firmware_host.remote.code import GameCode
    from firmware_host.remote.terms import RemoteGameError

    broker = LoopbackBroker()
    with pytest.raises(RemoteGameError, match="is the host's board on"):
        board(
            DOBUTSU,
            broker,
            GameStore(tmp_path / "j.sqlite3"),
            host=False,
            code=GameCode.new(),
        )
    assert broker.links and all(link.closed for link in broker.links)  # none left retrying


CHATURAJI = find_game("chaturaji")


def four_boards(tmp_path: Path, broker: LoopbackBroker) -> list[Simulation]:
    """Chaturaji at four boards: the host plays black, one board joins for each other seat."""
    host = board(CHATURAJI, broker, GameStore(tmp_path / "h.sqlite3"), host=True, seats=("black",))
    boards = [host]
    for seat in ("green", "red", "yellow"):
        boards.append(
            board(
                CHATURAJI,
                broker,
                GameStore(tmp_path / f"{seat}.sqlite3"),
                host=False,
                code=remote_of(host).code,
                seats=(seat,),
                others=list(boards),
            )
        )
    return boards


def test_four_boards_play_chaturaji_with_the_dice_rolled_once(tmp_path: Path) -> None:
    boards = four_boards(tmp_path, LoopbackBroker())
    assert sorted(s for b in boards for s in remote_of(b).seats) == [0, 1, 2, 3]
    moves = play_random_game(boards, random.Random(2), max_plies=80)
    assert len(moves) >= 60
    rolls = [text for text in moves if text.startswith("roll")]
    assert rolls, moves[:6]
    for other in boards[1:]:
        assert texts(other) == moves
    # each roll was made at the board of the seat that rolled, and arrived at the others
    remote_rolls = sum(
        1 for b in boards for n in of(RemoteMoved, b.notices) if n.move.startswith("roll")
    )
    assert remote_rolls == 3 * len(rolls)
    assert refused(*boards) == 0


def test_a_spectator_follows_the_game_and_says_nothing(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    host, joiner = pair(tmp_path, broker)
    boards = [host, joiner]
    exchange(host, joiner, boards)
    from firmware_host.remote.game import RemoteGame
    from firmware_host.remote.terms import RemoteGameError, Request
    from tests.firmware_host.remote.loopkit import ADDRESS

    said = len(broker.sent)
    watch_code = remote_of(host).watch_code
    # the watch code lets nobody play
    with pytest.raises(RemoteGameError, match="watch code"):
        board(DOBUTSU, broker, GameStore(tmp_path / "x.sqlite3"), host=False, code=watch_code)
    watcher_remote = RemoteGame(
        Request(ADDRESS, False, watch_code, watch=True),
        link_factory=broker.link_factory,
        join_wait=2.0,
    )
    from hardware.profile import load_profile
    from tests.firmware_host.simkit import track

    watcher = track(
        Simulation(
            DOBUTSU,
            load_profile("sim", DOBUTSU),
            GameStore(tmp_path / "watch.sqlite3"),
            remote=watcher_remote,
        )
    )
    assert watcher_remote.watching and not watcher_remote.seats
    # its board starts where the host's game started, and the moves arrive as guides
    everyone = [*boards, watcher]
    guide = wait_for_guide(watcher, everyone)
    assert guide == texts(host)[0]
    watcher.perform(guide)
    exchange(joiner, host, boards)
    watcher.perform(wait_for_guide(watcher, everyone))
    assert texts(watcher) == texts(host)
    # a spectator publishes nothing and answers no proposal
    assert all("/board/" + watcher_remote.setting_board not in t for t, _ in broker.sent[said:])
    host.send(AgreeDraw())
    run_all(everyone)
    assert watcher.controller.prompt_choices == ()
    assert watcher_remote.link is not None and watcher_remote.link.will is None  # type: ignore[attr-defined]


def test_the_clocks_keep_the_time_each_players_own_board_measured(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    host, joiner = pair(tmp_path, broker, settings={"clock": "5m"})
    boards = [host, joiner]
    assert joiner.controller.settings.clock is not None  # the host's clock, shared
    host.advance(7.0)  # the host's player thinks for 7 s
    move = _first_move(host)
    host.perform(move)
    hosts_clock = host.controller.clock
    assert hosts_clock is not None
    hosts_time = hosts_clock.remaining(host.now)[0]
    assert 290 < hosts_time < 293.5
    joiner.advance(30.0)  # meanwhile the joiner's board ran the host's clock for longer
    assert wait_for_guide(joiner, boards) == move
    joiner.advance(20.0)  # the joiner's hands take their time to play the host's move
    joiner.perform(move)
    joiners_clock = joiner.controller.clock
    assert joiners_clock is not None
    told = joiners_clock.remaining(joiner.now)
    assert told[0] == pytest.approx(hosts_time, abs=0.01)
    assert told[1] > 299.0  # replaying the other board's move cost the joiner nothing


def test_a_proposal_at_four_boards_needs_every_other_boards_yes(tmp_path: Path) -> None:
    boards = four_boards(tmp_path, LoopbackBroker())
    host, others = boards[0], boards[1:]
    host.send(AgreeDraw())
    run_all(boards)
    others[0].send(Select("accept"))
    others[1].send(Select("accept"))
    run_all(boards)
    assert all(b.controller.outcome is None for b in boards)  # one board has not answered
    others[2].send(Select("decline"))
    run_all(boards)
    assert all(b.controller.outcome is None for b in boards)
    assert of(ProposalAnswered, host.notices)[-1].accepted is False

    host.send(AgreeDraw())
    run_all(boards)
    for other in others:
        assert other.controller.prompt_choices == ("accept", "decline")
        other.send(Select("accept"))
    run_all(boards)
    run_all(boards)
    for sim in boards:
        outcome = sim.controller.outcome
        # Chaturaji's players end it by the points on the board
        assert outcome is not None and outcome.termination is Termination.ENDED_BY_PLAYERS
    assert len({str(b.controller.outcome) for b in boards}) == 1


def test_time_runs_out_only_by_the_seats_own_board(tmp_path: Path) -> None:
    host, joiner = pair(tmp_path, LoopbackBroker(), settings={"clock": "10s"})
    boards = [host, joiner]
    exchange(host, joiner, boards)
    host.advance(30.0)  # the host's board ran the joiner's clock out, but it is not its to say
    assert host.controller.outcome is None
    joiner.advance(12.0)  # the joiner's own board sees its time run out
    outcome = joiner.controller.outcome
    assert outcome is not None and outcome.termination is Termination.TIME_FORFEIT
    assert outcome.winners == frozenset({0})
    run_all(boards)
    assert host.controller.outcome == outcome


def test_boards_whose_records_differ_say_so_on_both_and_take_nothing_more(
    tmp_path: Path,
) -> None:
    broker = LoopbackBroker()
    host, joiner = pair(tmp_path, broker)
    boards = [host, joiner]
    exchange(host, joiner, boards)
    exchange(joiner, host, boards)
    assert host.controller.remote_wait is None
    # the joining board is switched off, and its store comes back from an old copy in
    # which its player's move was another
    close(joiner)
    second = texts(host)[1]
    position = host.controller.position.copy()
    position.pop()
    other = next(
        t for t in sorted(position.move_text(m) for m in position.legal_moves()) if t != second
    )
    with sqlite3.connect(tmp_path / "join.sqlite3") as db:
        changed = db.execute(
            "UPDATE records SET move = ? WHERE kind = 'move' AND move = ?", (other, second)
        ).rowcount
    assert changed == 1
    again = board(
        DOBUTSU,
        broker,
        GameStore(tmp_path / "join.sqlite3"),
        host=False,
        code=remote_of(host).code,
        others=[host],
    )
    boards = [host, again]
    assert texts(again)[1] == other
    run_all(boards)
    for sim, theirs in ((host, other), (again, second)):
        said = str(sim.controller.remote_wait or "")
        assert "records differ from move 2" in said and theirs in said, said
    # nothing the other board says from there on is taken
    host.perform(_first_move(host))
    run_all(boards)
    assert again.controller.guide is None
    assert "records differ" in str(again.controller.remote_wait or "")
