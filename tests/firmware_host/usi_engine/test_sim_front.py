"""``kiban usi --sim``'s front: a scripted conversation with the simulated board, the
person's moves played by the simulated hands."""

from __future__ import annotations

from pathlib import Path

from engine.outcome import Termination
from firmware_host.notices.declared import RemoteMoved
from firmware_host.session.state import Phase
from firmware_host.usi_engine.commands import Quit
from tests.firmware_host.usi_engine.usikit import converse

SHOGI_START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_the_handshake(tmp_path: Path) -> None:
    talk = converse(tmp_path)
    said = talk.send("usi")
    assert said == ["id name Kiban board (shogi)", "id author the Kiban project", "usiok"]
    assert talk.send("setoption name USI_Hash value 16", "isready") == ["readyok"]
    assert talk.send("debug on", "usinewgame") == []
    assert talk.front.handle(Quit()) is False


def test_the_board_plays_first_and_answers_the_persons_move(tmp_path: Path) -> None:
    talk = converse(tmp_path)
    first = talk.bestmove("usinewgame", "position startpos", "go btime 0 wtime 0 byoyomi 1000")
    assert talk.stored_moves() == [first]
    assert talk.sim.controller.settings.opponent == "w=remote"  # the GUI plays gote


def test_the_guis_move_is_lit_and_played_then_the_persons_is_answered(tmp_path: Path) -> None:
    talk = converse(tmp_path)
    answer = talk.bestmove("usinewgame", "position startpos moves 7g7f", "go")
    second = talk.bestmove(f"position startpos moves 7g7f {answer} 2g2f", "go")
    assert talk.stored_moves() == ["7g7f", answer, "2g2f", second]
    lit = [n for n in talk.sim.notices if isinstance(n, RemoteMoved)]
    assert [n.move for n in lit] == ["7g7f", "2g2f"]
    assert talk.sim.controller.settings.opponent == "b=remote"


def test_a_game_of_robot_duel(tmp_path: Path) -> None:
    talk = converse(tmp_path, "dobutsu")
    moves: list[str] = []
    talk.send("usi", "isready", "usinewgame")
    for _ in range(6):
        if talk.sim.controller.outcome is not None:
            break
        moves.append(talk.bestmove(f"position startpos moves {' '.join(moves)}".strip(), "go"))
        legal = talk.sim.controller.position.legal_moves()
        if talk.sim.controller.outcome is not None or not legal:
            break
        moves.append(talk.sim.controller.position.move_text(next(iter(legal))))
        talk.send(f"position startpos moves {' '.join(moves)}")
    assert talk.stored_moves() == moves


def test_a_position_that_does_not_follow_starts_a_new_game_from_it(tmp_path: Path) -> None:
    talk = converse(tmp_path)
    talk.bestmove("usinewgame", "position startpos", "go")
    first_game = talk.sim.controller.game_id
    other = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
    answer = talk.bestmove(f"position sfen {other} moves 2g2f", "go")
    controller = talk.sim.controller
    assert controller.game_id != first_game
    assert talk.store.load(first_game).status.value == "abandoned"
    stored = talk.store.load(controller.game_id)
    assert stored.start == other
    assert stored.moves() == ["2g2f", answer]


def test_a_restart_shows_the_set_up_guide_until_the_pieces_stand_there(tmp_path: Path) -> None:
    talk = converse(tmp_path)
    controller = talk.sim.controller
    other = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
    controller.restart(talk.sim.now, other, (), {"opponent": "w=remote", "draw": "none"})
    talk.sim.settle()
    assert controller.phase is Phase.SETUP  # the world still stands as the start
    talk.sim.world.arrange(controller.position.layout())
    talk.sim.settle()
    phase: Phase = controller.phase  # read afresh after the action
    assert phase is Phase.PLAY


def test_an_unplayable_position_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    talk = converse(tmp_path)
    game = talk.sim.controller.game_id
    said = talk.send("position startpos moves 7g7f 7g7f")
    assert said[0] == "info string position refused: move 2 (7g7f) is not legal there"
    said = talk.send("position sfen nonsense")
    assert said[0].startswith("info string position refused")
    assert talk.sim.controller.game_id == game


def test_ponder_is_refused_politely_and_mate_is_not_searched(tmp_path: Path) -> None:
    talk = converse(tmp_path)
    talk.send("usinewgame", "position startpos")
    assert talk.send("go ponder btime 0 wtime 0") == [
        "info string the board does not ponder: go ponder refused"
    ]
    assert talk.send("ponderhit") == ["info string the board does not ponder: ponderhit ignored"]
    assert talk.send("stop") == ["bestmove resign"]
    assert talk.send("go mate 1000") == ["checkmate notimplemented"]
    assert talk.stored_moves() == []
    assert talk.send("stop") == []  # nothing waits: a go is answered at once here


def test_gameover_ends_the_boards_game_as_the_gui_says(tmp_path: Path) -> None:
    for word, winners, termination in (
        ("win", {1}, Termination.RESIGNATION),
        ("lose", {0}, Termination.RESIGNATION),
        ("draw", set(), Termination.AGREEMENT),
    ):
        talk = converse(tmp_path / word)
        talk.bestmove("usinewgame", "position startpos moves 7g7f", "go")  # the board: gote
        talk.send(f"gameover {word}")
        outcome = talk.sim.controller.outcome
        assert outcome is not None, word
        assert (set(outcome.winners), outcome.termination) == (winners, termination), word


def test_a_game_over_on_the_board_is_left_as_it_is(tmp_path: Path) -> None:
    talk = converse(tmp_path)
    talk.bestmove("usinewgame", "position startpos moves 7g7f", "go")
    talk.send("gameover draw")
    ended = talk.sim.controller.outcome
    talk.send("gameover win")
    assert talk.sim.controller.outcome == ended
