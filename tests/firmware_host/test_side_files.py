"""Files beside the program that a disk, a kill or a person can damage: a language's
catalogue, the lishogi token, the puzzles, the ladder table. Each damage names the
file (and the line, where there is one), and costs no more than it must: a torn
catalogue tells in English, a torn puzzle line loses that puzzle only."""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.puzzles import DATA_FILE, PuzzleError, load, load_file, read_puzzles
from engine.registry import find_game
from engine.search import ladder as ladder_module
from engine.search.ladder import Ladder, LadderError, game_ladder, ladder, ladder_file
from firmware_host.notices.declared import Refused
from firmware_host.online.credentials import ApiToken, read_token, store_token, token_path
from firmware_host.online.errors import TokenError
from firmware_host.opponents.players import Players
from firmware_host.opponents.thinking import InlineThinker
from firmware_host.session import puzzle as puzzle_session
from firmware_host.session.actions import TakeBack
from firmware_host.telling import language as languages
from firmware_host.telling.language import Language, catalogue_path, translated
from firmware_host.telling.view import message_text
from firmware_host.tools.ladder.table_file import load_table
from tests.firmware_host.simkit import make_sim, move_by_hand

DOBUTSU = find_game("dobutsu")
MSGID = "a draw offered: waiting for the other board's answer"


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the catalogues the test may damage (the ones read once are forgotten
    before and after)."""
    copy = tmp_path / "locale"
    shutil.copytree(languages.LOCALE, copy)
    monkeypatch.setattr(languages, "LOCALE", copy)
    languages.catalogue.cache_clear()
    yield copy
    languages.catalogue.cache_clear()


def test_a_missing_catalogue_tells_in_english_and_says_which(
    locale: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = catalogue_path(Language.POLISH)
    path.unlink()
    with caplog.at_level(logging.WARNING):
        assert translated(MSGID, Language.POLISH) == MSGID
    assert str(path) in caplog.text and "telling in English" in caplog.text
    assert translated(MSGID, Language.FRENCH) != MSGID  # the others are whole


def test_a_torn_catalogue_tells_in_english_naming_its_file_and_line(
    locale: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = catalogue_path(Language.JAPANESE)
    lines = path.read_text(encoding="utf-8").splitlines()
    torn = next(n for n, line in enumerate(lines) if line.startswith("msgstr ") and n > 40)
    path.write_text("\n".join([*lines[:torn], 'msgstr "cut sh']), encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert translated(MSGID, Language.JAPANESE) == MSGID
    assert f"{path}, line {torn + 1}" in caplog.text


def test_a_catalogue_that_is_not_utf8_tells_in_english(
    locale: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = catalogue_path(Language.CZECH)
    path.write_bytes(path.read_bytes()[:500] + b"\xff\xfe" + path.read_bytes()[500:])
    with caplog.at_level(logging.WARNING):
        assert translated(MSGID, Language.CZECH) == MSGID
    assert str(path) in caplog.text


def test_a_directory_where_the_token_should_be_is_a_clear_error(tmp_path: Path) -> None:
    token_path(tmp_path).mkdir()
    with pytest.raises(TokenError, match="is not a file") as reading:
        read_token(tmp_path)
    assert str(token_path(tmp_path)) in str(reading.value)
    with pytest.raises(TokenError, match="is a directory") as keeping:
        store_token(tmp_path, ApiToken("abc"))
    assert str(token_path(tmp_path)) in str(keeping.value)


def test_a_token_file_of_garbage_names_the_file(tmp_path: Path) -> None:
    path = token_path(tmp_path)
    path.write_bytes(b"\xff\xfe\x00not a token")
    path.chmod(0o600)
    with pytest.raises(TokenError, match="does not hold a lishogi token") as reading:
        read_token(tmp_path)
    assert str(path) in str(reading.value)


@pytest.fixture
def torn_puzzles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, int, int]:
    """Robot Duel's puzzles with one line torn in the middle (its number, and how many
    puzzles the whole file holds), read in place of the shipped file."""
    shipped = load(DOBUTSU)
    folder = tmp_path / "dobutsu"
    folder.mkdir()
    lines = [p.to_line() for p in shipped]
    torn = len(lines) // 2
    lines[torn] = lines[torn][: len(lines[torn]) // 2]
    (folder / DATA_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr("engine.puzzles.resources.files", lambda _: folder)
    return folder / DATA_FILE, torn + 1, len(shipped)


def test_a_torn_puzzle_line_loses_that_puzzle_only(
    torn_puzzles: tuple[Path, int, int], caplog: pytest.LogCaptureFixture
) -> None:
    _, line, whole = torn_puzzles
    read = load_file(DOBUTSU)
    assert len(read.puzzles) == whole - 1
    assert len(read.torn) == 1 and f"{DATA_FILE}, line {line}:" in read.torn[0]
    assert read.torn[0].startswith("engine/dobutsu/")
    with caplog.at_level(logging.WARNING):
        run = puzzle_session.new_run(DOBUTSU, None, 0)  # the board still gives puzzles
    assert run.puzzle in read.puzzles
    assert f"line {line}" in caplog.text


def test_a_strict_read_of_puzzles_names_the_file_and_line() -> None:
    good = load(DOBUTSU)[0].to_line()
    with pytest.raises(PuzzleError, match=r"mine\.jsonl, line 2: cannot read a puzzle line"):
        read_puzzles(f"{good}\n{good[:40]}\n", "mine.jsonl")
    with pytest.raises(PuzzleError, match="line 1"):
        read_puzzles("[" * 100_000 + "\n", "deep.jsonl")


def test_a_damaged_ladder_table_names_its_file(tmp_path: Path) -> None:
    """As the program reads it (``ladder``, uncached here) and as ``kiban ladder`` does."""
    path = tmp_path / "ladder.toml"
    shipped = ladder_file(DOBUTSU).read_text(encoding="utf-8")
    path.write_text(shipped[:1000] + "\n[[rung]\n")
    for read in (ladder, load_table):
        with pytest.raises(LadderError) as torn:
            read(path)
        assert str(path) in str(torn.value) and "line" in str(torn.value)
    path.write_text('[[rung]]\ngame = "dobutsu"\nengine = "nobody"\nlevel = 1\n')
    with pytest.raises(LadderError, match=str(path)):
        load_table(path)
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(LadderError, match="cannot be read"):
        load_table(path)


@pytest.fixture
def shipped_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the table the game reads (Robot Duel's rows, beside its package), which
    the test may damage (the table read once is forgotten before and after)."""
    copy = tmp_path / "ladder.toml"
    shutil.copyfile(ladder_file(DOBUTSU), copy)
    monkeypatch.setattr(ladder_module, "ladder_file", lambda game: copy)
    ladder_module._ladder.cache_clear()
    yield copy
    ladder_module._ladder.cache_clear()


@pytest.mark.parametrize("damage", ["empty", "torn", "directory"])
def test_a_damaged_table_in_a_game_against_a_level_is_said_not_thought_about_for_ever(
    shipped_table: Path, damage: str
) -> None:
    text = shipped_table.read_text(encoding="utf-8")
    shipped_table.unlink()
    if damage == "directory":
        shipped_table.mkdir()
    else:
        shipped_table.write_text(text[: len(text) // 2 + 7] if damage == "torn" else "")
    sim = make_sim(settings={"opponent": "w=level:1"}, thinker=InlineThinker(Players()))
    notices = sim.perform("1d1c")
    [refused] = [n for n in notices if isinstance(n, Refused)]
    assert str(shipped_table) in str(refused.reason)
    status = message_text(sim.controller)
    assert "thinking" not in status
    assert "the computer could not answer" in status and str(shipped_table) in status
    assert len(sim.controller.position.move_stack) == 1  # the person's move is kept
    move_by_hand(sim, "1c", "1d")  # the person's move put back, and taken back
    sim.send(TakeBack())
    assert sim.controller.position.move_stack == []
    sim.perform("1d1c")  # the same position again: asked again, and said again
    assert "thinking" not in message_text(sim.controller)
    assert str(shipped_table) in message_text(sim.controller)


def test_a_table_missing_is_played_uncalibrated(shipped_table: Path) -> None:
    shipped_table.unlink()
    assert game_ladder(DOBUTSU.name) == Ladder()


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        ("empty", "is empty: it holds no puzzle"),
        ("blank", "is empty: it holds no puzzle"),
        ("directory", "is a directory, not a file of puzzles"),
        ("all torn", "no line of engine/dobutsu/puzzles.jsonl can be read as a puzzle"),
    ],
)
def test_a_puzzle_file_of_no_puzzle_says_which_file_and_what_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str, why: str
) -> None:
    folder = tmp_path / "dobutsu"
    folder.mkdir()
    path = folder / DATA_FILE
    match damage:
        case "directory":
            path.mkdir()
        case "all torn":
            path.write_text('{"id": "cut\n{"id": "cut again\n', encoding="utf-8")
        case _:
            path.write_text("" if damage == "empty" else "\n \n", encoding="utf-8")
    monkeypatch.setattr("engine.puzzles.resources.files", lambda _: folder)
    for asking in ("a puzzle of any difficulty", "the board's next puzzle"):
        with pytest.raises(PuzzleError) as refused:
            if asking == "the board's next puzzle":
                puzzle_session.asked_run(DOBUTSU, None)
            else:
                puzzle_session.new_run(DOBUTSU, None, 0)
        told = str(refused.value)
        assert f"engine/dobutsu/{DATA_FILE}" in told and why in told
        assert "difficulty" not in told
