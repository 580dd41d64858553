"""``kiban sim GAME --record FILE`` with a file that holds no record refuses in one line
naming the file (and the line), for every game and every record format; it never
starts a game instead, nor takes up the last one."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware_host.store.storage import GameStore
from tests.firmware_host.store.storekit import run_cli
from tests.registered import boarded_games

FORMATS = [(game.name, ".txt") for game in boarded_games()] + [
    ("shogi", suffix) for suffix in (".kif", ".kifu", ".csa", ".usi", ".sfen", "")
]
"""Every game's plain text, and shogi's own formats (told by the extension, or by the
first line when there is none)."""

NO_RECORD = {
    "empty": (b"", None),
    "blank lines": (b"\n  \n\t\n", None),
    "words": (b"my shopping list\neggs\nmilk\n", 1),
    "random bytes": (random.Random(25).randbytes(300).replace(b"\n", b" ") + b"\n", 1),
}
"""Files with no record in them, and the line the refusal names (None: no line)."""


Refused = Callable[[str, Path], str]


@pytest.fixture
def refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Refused:
    """``refused(game, record)``: ``kiban sim GAME --record RECORD`` must refuse; what
    it said."""

    def run(game: str, record: Path) -> str:
        code, out, err = run_cli(
            capsys, monkeypatch, "sim", game, "--record", str(record), "--state-dir", str(tmp_path)
        )
        assert (code, out) == (2, ""), err
        assert err.startswith("kiban: ") and err.count("\n") == 1
        assert str(record) in err
        assert not (tmp_path / "sim.sqlite3").exists()  # no game was started or taken up
        return err

    return run


@pytest.mark.parametrize("kind", list(NO_RECORD))
@pytest.mark.parametrize(("game", "suffix"), FORMATS)
def test_a_file_without_a_record_is_refused_naming_the_file_and_line(
    refused: Refused, tmp_path: Path, game: str, suffix: str, kind: str
) -> None:
    data, line = NO_RECORD[kind]
    record = tmp_path / f"record{suffix}"
    record.write_bytes(data)
    err = refused(game, record)
    assert (f"line {line}" in err) if line else "is empty" in err


@pytest.mark.parametrize(("game", "suffix"), FORMATS)
def test_a_file_that_cannot_be_read_is_refused(
    refused: Refused, tmp_path: Path, game: str, suffix: str
) -> None:
    missing = tmp_path / f"missing{suffix}"
    assert "No such file" in refused(game, missing)
    folder = tmp_path / f"folder{suffix}"
    folder.mkdir()
    assert "Is a directory" in refused(game, folder)


@pytest.mark.parametrize("rubbish_last", [True, False])
@pytest.mark.parametrize("game", [game.name for game in boarded_games()])
def test_plain_text_headers_then_rubbish_are_refused_at_the_rubbish(
    refused: Refused, tmp_path: Path, game: str, rubbish_last: bool
) -> None:
    record = tmp_path / "record.txt"
    text = f'[Game "a game"]\n[Kiban "{game}"]\nnot a move at all\n'
    record.write_text(text if rubbish_last else text + "*\n")
    err = refused(game, record)
    assert "line 3: 'not a move at all' is neither a numbered line of moves nor the result" in err


def test_a_record_with_no_moves_starts_a_new_game_never_the_last_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "sim.sqlite3")
    last = store.new_game("shogi", {}, None, at=0.0)
    store.add_move(last, 1, "7g7f", at=1.0)
    store.close()
    record = tmp_path / "start.kif"
    record.write_text("手合割：平手\n先手：me\n後手：you\n手数----指手---------消費時間--\n")
    code, out, err = run_cli(
        capsys, monkeypatch, "sim", "shogi", "--record", str(record), "--state-dir", str(tmp_path)
    )
    assert code == 0, err
    assert f"new game {last + 1} of Shogi" in out and "resumed" not in out
