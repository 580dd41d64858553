"""The rolls the session foresees (``Match.foresee``): the board reads a move made before
its roll under the roll it will make, so the roll made must be the one foreseen, and
only a board that rolls by itself foresees at all."""

from __future__ import annotations

from pathlib import Path

from engine.chaturaji import CHATURAJI
from engine.recognition.board_plies import unforeseen
from engine.shogi import SHOGI
from firmware_host.session.match import Match
from firmware_host.store.storage import GameStore
from tests.firmware_host.simkit import make_sim

START = "8/8/8/4yH3/8/2gE5/8/yh7 g 4 7,31,10,27 -"


def started(tmp_path: Path, seed: str) -> Match:
    match = Match(CHATURAJI, GameStore(tmp_path / "games.sqlite3"))
    match.new(0.0, None, START, {"seed": seed})
    return match


def test_the_roll_made_is_the_roll_foreseen_and_each_ply_falls_once(tmp_path: Path) -> None:
    match = started(tmp_path, "7")
    position = match.position
    move = next(iter(position.legal_moves()))
    after = position.copy()
    after.push(move)
    foreseen = match.foresee(after)
    assert foreseen is not None and foreseen in (after.chance_moves() or ())
    assert match.foresee(after) == foreseen  # asked again, the same dice
    assert match.foresee(position) is None  # no roll is due before the move
    match.play(move, 1.0)
    assert match.roll() == foreseen
    match.play(foreseen, 1.0)
    # the record's own roll is what a line through that ply foresees
    assert match.foresee(after) == foreseen


def test_the_rolls_foreseen_fall_as_the_seeded_dice_would_anyway(tmp_path: Path) -> None:
    """Foreseeing draws the same dice in the same order: only sooner."""
    rolled, foreseen = started(tmp_path / "a", "11"), started(tmp_path / "b", "11")
    for match, look_ahead in ((rolled, False), (foreseen, True)):
        for _ in range(6):
            move = next(iter(match.position.legal_moves()))
            if look_ahead:
                ahead = match.position.copy()
                ahead.push(move)
                match.foresee(ahead)
            match.play(move, 1.0)
            match.play(match.roll(), 1.0)
    assert rolled.position.move_stack == foreseen.position.move_stack


def test_only_a_board_that_rolls_by_itself_foresees() -> None:
    rolling = make_sim("sim-chaturaji", position=START, game=CHATURAJI)
    assert rolling.controller.foresight is not unforeseen
    button = make_sim("sim-chaturaji", position=START, game=CHATURAJI, settings={"roll": "button"})
    assert button.controller.foresight is unforeseen
    assert make_sim("sim-shogi", game=SHOGI).controller.foresight is unforeseen
