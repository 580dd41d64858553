"""Who played, in an export: a seat the computer played is named by its player (issue
62, item 6), not left blank; a name a record read in gave is kept."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cshogi
import cshogi.CSA
import cshogi.KIF
import pytest

from engine.record import GameRecord
from engine.registry import find_game
from engine.shogi.csa_read import read_csa
from engine.shogi.kif_read import read_kif
from firmware_host.cli import main
from firmware_host.loops.simulator import Simulation
from firmware_host.opponents.seats import parse_spec, with_computer_names
from firmware_host.store.records import position_record
from firmware_host.store.storage import GameStore
from hardware.profile import load_profile

MOVES = ["7g7f", "3c3d", "2g2f"]


def stored(folder: Path, opponent: str) -> int:
    store = GameStore(folder / "games.sqlite3")
    game_id = store.new_game("shogi", {}, None, 0.0, {"opponent": opponent})
    for ply, move in enumerate(MOVES, start=1):
        store.add_move(game_id, ply, move, float(ply))
    store.close()
    return game_id


def export(capsys: pytest.CaptureFixture[str], folder: Path, game_id: int, fmt: str) -> str:
    code = main(["export", str(game_id), "--format", fmt, "--state-dir", str(folder)])
    out = capsys.readouterr().out
    assert code == 0
    return out


def test_the_computers_seat_is_named_in_every_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game_id = stored(tmp_path, "b=level:3")
    kif = export(capsys, tmp_path, game_id, "kif")
    assert read_kif(kif).players == ("Kiban level 3", "")
    assert cshogi.KIF.Parser.parse_str(kif).names[0] == "Kiban level 3"
    csa = export(capsys, tmp_path, game_id, "csa")
    assert read_csa(csa).players == ("Kiban level 3", "")
    assert "N+Kiban level 3" in csa.splitlines()
    assert "先手：Kiban level 3" in export(capsys, tmp_path, game_id, "ki2")
    assert '[Player1 "Kiban level 3"]' in export(capsys, tmp_path, game_id, "txt")


def test_a_game_of_people_names_nobody(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    kif = export(capsys, tmp_path, stored(tmp_path, ""), "kif")
    assert read_kif(kif).players == ("", "")


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        ("level:3", "Kiban level 3"),
        ("random", "Kiban random moves"),
        ("engine", "engine level 10"),
        ("engine:4", "engine level 4"),
        ("usi:/opt/engines/YaneuraOu@5", "YaneuraOu level 5"),
        ("remote", ""),
    ],
)
def test_each_kind_of_player_by_name(spec: str, name: str) -> None:
    assert parse_spec(spec).player_name() == name


def _record(players: tuple[str, ...]) -> GameRecord:
    shogi = find_game("shogi")
    return replace(position_record(shogi, 1, shogi.position(None, {}), None), players=players)


def test_a_name_the_record_gave_stays_and_an_unreadable_setting_names_none() -> None:
    shogi = find_game("shogi")
    both = with_computer_names(shogi, _record(("羽生", "")), "b=level:3,w=random")
    assert both.players == ("羽生", "Kiban random moves")
    assert with_computer_names(shogi, _record(()), "x=level:99").players == ()


def test_the_pages_record_of_a_game_on_the_board_names_the_computer_too() -> None:
    shogi = find_game("shogi")
    sim = Simulation(
        shogi,
        load_profile("sim", shogi),
        GameStore(":memory:"),
        resume=False,
        settings={"opponent": "w=level:2"},
    )
    assert sim.controller.record().players == ("", "Kiban level 2")
