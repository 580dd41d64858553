"""Games read from a record file: KIF, CSA and USI for shogi, plain text for any game;
the game starts with the record's moves played (so takebacks undo them), and the board is
set up by the LEDs one piece at a time."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.errors import NotationError
from engine.game import Game
from engine.outcome import Outcome, Termination
from engine.record import write_plain_text
from engine.registry import find_game, games
from engine.shogi.csa import write_csa
from engine.shogi.kif import write_kif
from firmware_host.cli import main
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    BoardReady,
    GameStarted,
)
from firmware_host.session.actions import TakeBack
from firmware_host.session.state import Phase
from firmware_host.store.importing import RecordFileError, read_record, read_record_file
from firmware_host.store.records import position_record
from firmware_host.store.storage import GameStore
from firmware_host.telling.view import build_view
from hardware.profile import load_profile
from tests.firmware_host.simkit import of, track

SHOGI = find_game("shogi")
DOBUTSU = find_game("dobutsu")
MOVES = ("7g7f", "3c3d", "8h2b+", "3a2b", "B*4e")


def shogi_texts() -> dict[str, str]:
    start = SHOGI.position()
    outcome = Outcome.win(Termination.RESIGNATION, 0)
    return {
        ".kif": write_kif(start, list(MOVES), outcome=outcome),
        ".csa": write_csa(start, list(MOVES), outcome=outcome),
        ".usi": "position startpos moves " + " ".join(MOVES) + "\n",
    }


@pytest.mark.parametrize("suffix", [".kif", ".csa", ".usi"])
def test_each_shogi_format_reads_by_extension_and_by_its_first_line(suffix: str) -> None:
    text = shogi_texts()[suffix]
    for given in (suffix, ""):
        imported = read_record(text, SHOGI, given)
        assert imported.moves == MOVES and imported.start is None and not imported.options


def test_a_handicap_record_keeps_its_handicap_as_the_option() -> None:
    start = SHOGI.position(None, {"handicap": "lance"})
    imported = read_record(write_kif(start, ["3c3d"]), SHOGI, ".kif")
    assert dict(imported.options) == {"handicap": "lance"} and imported.start is None
    assert imported.moves == ("3c3d",)


def test_from_move_chooses_how_many_moves_are_played() -> None:
    imported = read_record(shogi_texts()[".usi"], SHOGI)
    assert imported.up_to(None).moves == MOVES
    assert imported.up_to(2).moves == MOVES[:2] and imported.up_to(0).moves == ()
    with pytest.raises(RecordFileError, match="the record has 5 moves: choose a move from 0 to 5"):
        imported.up_to(6)


def test_an_unreadable_record_names_the_file_and_the_line(tmp_path: Path) -> None:
    lines = shogi_texts()[".usi"].replace("8h2b+", "8h2a").splitlines()
    path = tmp_path / "bad.kif"
    # an illegal move a move follows (one the record ends on is the foul that ended it)
    bad = write_kif(SHOGI.position(), []) + "   1 ２二角成(88)\n   2 同　銀(31)\n"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(RecordFileError) as caught:
        read_record_file(path, SHOGI)
    assert str(path) in str(caught.value) and "line" in str(caught.value)
    assert "'２二角成(88)' cannot be played" in str(caught.value)
    usi = tmp_path / "bad.usi"
    usi.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(RecordFileError, match=r"bad\.usi: line 1: .*8h2a"):
        read_record_file(usi, SHOGI)
    with pytest.raises(RecordFileError, match="cannot read"):
        read_record_file(tmp_path / "missing.kif", SHOGI)
    with pytest.raises(NotationError, match="plain text"):
        read_record("1. 2d3c\n", DOBUTSU)


def test_a_kif_in_shift_jis_reads(tmp_path: Path) -> None:
    path = tmp_path / "game.kif"
    path.write_bytes(shogi_texts()[".kif"].encode("cp932"))
    assert read_record_file(path, SHOGI).moves == MOVES


@pytest.mark.parametrize("codec", ["euc_jp", "utf-8", "cp932"])
def test_a_kif_in_euc_jp_reads_as_do_the_others(tmp_path: Path, codec: str) -> None:
    # no #KIF line to name the encoding, as Kifu for Windows wrote before KIF 2.0; an
    # EUC-JP file was read as Shift_JIS and refused (engine/record_text.py says more)
    path = tmp_path / "game.kif"
    text = shogi_texts()[".kif"].split("\n", 1)[1].replace("先手：", "先手：中原誠")
    path.write_bytes(text.encode(codec))
    assert read_record_file(path, SHOGI).moves == MOVES


def sim_from(text: str, game_name: str, upto: int | None = None) -> Simulation:
    """A simulator started from a record, its pieces standing as the game usually starts."""
    game = find_game(game_name)
    imported = read_record(text, game).up_to(upto)
    sim = Simulation(
        game,
        load_profile("sim", game),
        GameStore(":memory:"),
        resume=False,
        options=imported.options,
        position=imported.start,
        moves=imported.moves,
        pieces=game.position(None, imported.options).layout(),
    )
    track(sim)
    sim.settle()
    return sim


def follow_the_guide(sim: Simulation) -> list[int]:
    """Do what the LEDs light until the board is ready; how many spots each step lit."""
    lit: list[int] = []
    layout = sim.controller.position.layout()
    while sim.controller.phase is Phase.SETUP and len(lit) < 100:
        view = build_view(sim.controller)
        lit.append(len(view.missing) + len(view.extra))
        for spot in view.extra:
            sim.world.restack(spot, ())
        for spot in view.missing:
            sim.world.restack(spot, tuple(layout.get(spot, ())))
        sim.settle()
    return lit


def test_a_record_starts_with_its_moves_played_and_stored_and_takebacks_undo_them() -> None:
    sim = sim_from(shogi_texts()[".kif"], "shogi", upto=4)
    controller = sim.controller
    assert [controller.position.move_text(m) for m in controller.position.move_stack] == list(
        MOVES[:4]
    )
    stored = controller.store.load(controller.game_id)
    assert stored.moves() == list(MOVES[:4]) and stored.start is None
    assert controller.draw is None  # no furigoma for a game already under way
    assert controller.phase is Phase.SETUP
    steps = follow_the_guide(sim)
    phase: Phase = controller.phase  # read afresh after the action
    assert phase is Phase.PLAY
    assert steps and all(count == 1 for count in steps[:-1])  # one piece at a time
    sim.send(TakeBack())
    sim.settle()
    assert len(controller.position.move_stack) == 3
    assert controller.store.load(controller.game_id).moves() == list(MOVES[:3])


def test_a_plain_text_record_of_dobutsu_sets_up_by_the_leds() -> None:
    position = DOBUTSU.position()
    for move in ("2c2b", "1a2b", "1d1c"):
        position.push_text(move)
    text = write_plain_text(position_record(DOBUTSU, 1, position, None))
    sim = sim_from(text, "dobutsu")
    assert len(sim.controller.position.move_stack) == 3
    start = of(GameStarted, sim.notices)
    assert start and not start[0].resumed
    follow_the_guide(sim)
    assert sim.controller.phase is Phase.PLAY and of(BoardReady, sim.notices)


def test_kiban_sim_refuses_an_unreadable_record_by_file_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.usi"
    path.write_text("position startpos moves 7g7f 7g7f\n", encoding="utf-8")
    code = main(["sim", "shogi", "--record", str(path), "--state-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and str(path) in err and "line 1" in err
    assert main(["sim", "shogi", "--from-move", "3", "--state-dir", str(tmp_path)]) == 2
    assert "--from-move chooses a move of a --record" in capsys.readouterr().err


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_every_format_a_game_writes_it_reads_back_by_its_extension(game: Game[Any]) -> None:
    """The readers stand beside the writers: each written record, told by its file's
    extension or by its first line, gives back the moves played."""
    position = game.position()
    rng = random.Random(game.name)
    while len(position.move_stack) < 6 and position.outcome() is None:
        choices = list(position.chance_moves() or position.legal_moves())
        position.push(rng.choice(choices))
    moves = tuple(position.move_text(move) for move in position.move_stack)
    record = position_record(game, 1, position, None)
    for written in game.record_formats():
        text = written.write(record)
        for suffix in (f".{written.extension}", ""):
            imported = read_record(text, game, suffix)
            assert imported.moves == moves, (written.name, suffix)
            assert imported.start is None and not imported.options, (written.name, suffix)


@pytest.mark.parametrize("suffix", [".ki2", ".txt"])
def test_a_ki2_record_is_played_on_from_by_its_suffix_or_its_marks(
    tmp_path: Path, suffix: str
) -> None:
    corpus = Path(__file__).parents[2] / "engine" / "shogi" / "corpus" / "kifu-for-js-8mai.ki2"
    path = tmp_path / f"game{suffix}"
    path.write_bytes(corpus.read_bytes())
    imported = read_record_file(path, find_game("shogi"))
    assert imported.options == {"handicap": "8"}
    assert imported.moves[:3] == ("6a7b", "7g7f", "4a3b") and len(imported.moves) == 25
