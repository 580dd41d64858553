"""Every way a store file can be damaged ends the same way: the file is named, left as
it was by anything that only reads it, and kept aside for a fresh store by ``kiban
sim`` and ``kiban run``; never a traceback, never a store that fails later."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from firmware_host.store.salvage import open_store
from firmware_host.store.storage import DamagedStoreError, GameStore
from tests.firmware_host.store.storekit import DAMAGES, run_cli, snapshot

Damage = Callable[[Path], None]


@pytest.fixture(params=list(DAMAGES), ids=list(DAMAGES))
def damage(request: pytest.FixtureRequest) -> Damage:
    made: Damage = DAMAGES[request.param]
    return made


def test_opening_names_the_file_and_changes_nothing(tmp_path: Path, damage: Damage) -> None:
    path = tmp_path / "games.sqlite3"
    damage(path)
    before = snapshot(path)
    with pytest.raises(DamagedStoreError) as raised:
        GameStore(path)
    assert str(path) in str(raised.value) and "damaged" in str(raised.value)
    assert "\n" not in str(raised.value)
    with pytest.raises(DamagedStoreError):
        GameStore(path, read_only=True)
    assert snapshot(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3"]


def test_the_file_is_kept_aside_for_a_fresh_store_that_works(
    tmp_path: Path, damage: Damage
) -> None:
    path = tmp_path / "games.sqlite3"
    damage(path)
    before = snapshot(path)
    store = open_store(path)
    replaced = store.replaced
    assert replaced is not None and replaced.path == path
    assert replaced.kept.name.startswith("games.sqlite3.damaged-")
    assert snapshot(replaced.kept) == before
    assert replaced.kept.name in str(replaced.describe()) and str(path) in str(replaced.describe())
    game_id = store.new_game("dobutsu", {}, None, at=0.0)
    store.add_move(game_id, 1, "2c2b", at=1.0)
    assert store.load(game_id).moves() == ["2c2b"]
    assert store.list_games()[0].id == game_id
    store.close()
    again = GameStore(path)
    assert again.replaced is None and again.load(game_id).moves() == ["2c2b"]


@pytest.mark.parametrize("command", ["list", "export"])
def test_list_and_export_say_so_in_one_line_and_leave_it(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    damage: Damage,
    command: str,
) -> None:
    path = tmp_path / "games.sqlite3"
    damage(path)
    before = snapshot(path)
    args = ["list"] if command == "list" else ["export", "2"]
    code, out, err = run_cli(capsys, monkeypatch, *args, "--state-dir", str(tmp_path))
    assert (code, out) == (2, "")
    assert err.startswith(f"kiban: the game store {path} is damaged: ")
    assert err.count("\n") == 1 and "it is left as it is" in err
    assert snapshot(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3"]


def test_kiban_sim_keeps_it_aside_says_so_and_plays_on_a_fresh_store(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    damage: Damage,
) -> None:
    path = tmp_path / "sim.sqlite3"
    damage(path)
    before = snapshot(path)
    code, out, err = run_cli(capsys, monkeypatch, "sim", "dobutsu", "--state-dir", str(tmp_path))
    assert code == 0, err
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("sim.sqlite3.damaged-")]
    assert len(kept) == 1 and snapshot(kept[0]) == before
    said = [line for line in out.splitlines() if "was damaged" in line]
    assert len(said) == 1 and str(path) in said[0] and kept[0].name in said[0]
    assert "Traceback" not in err
    code, out, err = run_cli(capsys, monkeypatch, "list", "--sim", "--state-dir", str(tmp_path))
    assert code == 0 and "dobutsu" in out and err == ""
