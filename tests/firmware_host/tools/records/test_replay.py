"""``kiban replay``: scripted sensor and button events through the real scanner, debouncer,
recognizer and controller, one JSON object out per line."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from firmware_host.cli import main

Record = dict[str, Any]

CAPTURE: list[dict[str, Any]] = [
    {"t": 0.1, "spot": "2b", "reading": 0},  # the captured chick is taken first
    {"t": 0.3, "spot": "2c", "reading": 0},
    {"t": 0.5, "spot": "2b", "reading": 1},
]


def run(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: list[Any],
    *options: str,
    status: int = 0,
) -> list[Record]:
    """The records a replay of ``lines`` prints; it must exit with ``status`` (0: every
    event was taken, 1: some were refused, which standard error counts)."""
    path = tmp_path / "events.jsonl"
    path.write_text(
        "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines),
        encoding="utf-8",
    )
    assert main(["replay", "dobutsu", str(path), *options]) == status
    captured = capsys.readouterr()
    out = captured.out
    assert out.endswith("\n")
    records = [json.loads(line) for line in out.splitlines()]
    refused = {r["line"] for r in records if r["event"] == "error"}
    if status == 0:
        assert not refused and captured.err == ""
    else:
        assert refused and f"{len(refused)} of " in captured.err
    return records


def without_errors(records: list[Record]) -> list[Record]:
    return [record for record in records if record["event"] != "error"]


def test_a_scripted_capture_is_one_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = run(tmp_path, capsys, CAPTURE)
    assert len(records) == 1
    record = records[0]
    assert set(record) == {"t", "event", "move", "ply"}
    assert (record["event"], record["move"], record["ply"]) == ("move", "2c2b", 1)
    assert 0.5 + 0.4 <= record["t"] < 0.5 + 0.6  # once the board rested for the settle time


def test_moves_follow_one_another(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reply = [
        {"t": 2.0, "spot": "2a", "reading": 0},  # B's lion takes back on 2b
        {"t": 2.1, "spot": "2b", "reading": 0},
        {"t": 2.3, "spot": "2b", "reading": 1},
    ]
    records = run(tmp_path, capsys, CAPTURE + reply)
    assert [(r["event"], r["move"], r["ply"]) for r in records] == [
        ("move", "2c2b", 1),
        ("move", "2a2b", 2),
    ]
    assert records[0]["t"] < records[1]["t"]


def test_a_drop_is_asked_and_answered_by_select(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        {"t": 0.1, "spot": "2b", "reading": 1},
        {"t": 1.0, "select": "G*2b"},
    ]
    records = run(tmp_path, capsys, lines, "--position", "l2/3/3/2L b EG 1")
    assert records[0]["event"] == "prompt"
    assert records[0]["choices"] == ["E*2b", "G*2b"]
    assert records[0]["t"] < 1.0
    assert records[1:] == [{"t": 1.0, "event": "move", "move": "G*2b", "ply": 1}]


@pytest.mark.parametrize(("buttons", "chosen"), [(["ok"], "2b2a"), (["next", "ok"], "2b2a+")])
def test_a_prompt_is_answered_by_the_buttons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], buttons: list[str], chosen: str
) -> None:
    lines: list[Any] = [
        {"t": 0.1, "spot": "2b", "reading": 0},
        {"t": 0.3, "spot": "2a", "reading": 1},
    ]
    lines += [{"t": 1.5 + i / 10, "button": name} for i, name in enumerate(buttons)]
    records = run(tmp_path, capsys, lines, "--position", "l2/1C1/3/2L b - 1")
    assert [r["event"] for r in records] == ["prompt", "move"]
    assert records[0]["choices"] == ["2b2a", "2b2a+"]
    assert records[1]["move"] == chosen
    assert records[1]["t"] == 1.5 + (len(buttons) - 1) / 10


def test_variants_and_profiles_remove_the_prompt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    promotion = [{"t": 0.1, "spot": "2b", "reading": 0}, {"t": 0.3, "spot": "2a", "reading": 1}]
    position = ("--position", "l2/1C1/3/2L b - 1")
    records = run(tmp_path, capsys, promotion, *position, "--variant", "promotion=mandatory")
    assert [(r["event"], r.get("move")) for r in records] == [("move", "2b2a+")]
    flipped = [{"t": 0.1, "spot": "2b", "reading": 0}, {"t": 0.3, "spot": "2a", "reading": 2}]
    records = run(tmp_path, capsys, flipped, *position, "--profile", "sim-dobutsu-polarity")
    assert [(r["event"], r.get("move")) for r in records] == [("move", "2b2a+")]


MALFORMED = [
    "this is not JSON",
    {"spot": "2b", "reading": 0},  # no t
    {"t": 0.05, "spot": "2b", "reading": 0},  # back in time
    {"t": "soon", "spot": "2b", "reading": 0},  # t is not a number
    [1, 2, 3],  # not an object
    {"t": 0.62, "spot": "9z", "reading": 0},  # no such spot
    {"t": 0.63, "spot": "2b", "reading": 7},  # no such reading
    {"t": 0.64, "spot": "2b", "reading": True},
    {"t": 0.65, "spot": "2b"},  # no reading
    {"t": 0.66, "button": "launch"},  # no such button
    {"t": 0.67, "command": "explode"},  # no such command
    {"t": 0.68},  # nothing to do
    {"t": 0.69, "select": "2c2b"},  # no prompt is open
    {"t": 0.70, "guide": "2c2a"},  # not a legal move
]


def test_malformed_lines_are_errors_that_change_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clean = run(tmp_path, capsys, CAPTURE)
    lines: list[Any] = [CAPTURE[0], "", "# a comment", CAPTURE[1], CAPTURE[2], *MALFORMED]
    records = run(tmp_path, capsys, lines, status=1)
    errors = [r for r in records if r["event"] == "error"]
    first_bad = 6  # 1-based: three events, a blank line and a comment come first
    assert [r["line"] for r in errors] == list(range(first_bad, first_bad + len(MALFORMED)))
    assert all(isinstance(r["message"], str) and r["message"] for r in errors)
    assert without_errors(records) == clean  # the same move at the same instant
    messages = {r["line"]: r["message"] for r in errors}
    assert "goes back in time" in messages[first_bad + 2]
    assert "9z" in messages[first_bad + 5]
    assert "launch" in messages[first_bad + 9]
    assert "explode" in messages[first_bad + 10]


def test_commands_resign_draw_and_takeback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = run(tmp_path, capsys, [*CAPTURE, {"t": 2.0, "command": "takeback"}])
    assert [r["event"] for r in records] == ["move", "takeback"]
    assert records[1] == {"t": 2.0, "event": "takeback", "plies": 1}
    records = run(tmp_path, capsys, [*CAPTURE, {"t": 2.0, "command": "resign"}])
    assert records[-1] == {
        "t": 2.0,
        "event": "game_over",
        "termination": "resignation",
        "winners": [0],
        "result": "A (sente) wins (resignation)",
        "result_said": {  # the value behind the words, told in any language by who reads it
            "msgid": "{seats} wins ({termination})",
            "values": {
                "seats": {"seats": [{"seat": 0, "english": "A (sente)"}], "joiner": " and "},
                "termination": {"term": "resignation"},
            },
        },
    }
    records = run(tmp_path, capsys, [{"t": 0.5, "command": "draw"}])
    assert [(r["event"], r["termination"], r["winners"]) for r in records] == [
        ("game_over", "agreement", [])
    ]


def test_a_guide_flags_another_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        {"t": 0.0, "guide": "1d1c"},
        *CAPTURE,
    ]
    records = run(tmp_path, capsys, lines)
    assert [r["event"] for r in records] == ["off_guide"]
    assert records[0]["moves"] == ["2c2b"] and records[0]["guide"] == "1d1c"


def test_an_illegal_move_and_a_board_out_of_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    illegal = [{"t": 0.1, "spot": "1d", "reading": 0}, {"t": 0.3, "spot": "1b", "reading": 1}]
    records = run(tmp_path, capsys, illegal)
    assert [(r["event"], r["move"]) for r in records] == [("illegal", "1d1b")]
    assert records[0]["reason"] == "the giraffe moves one step orthogonally"
    spare = [{"t": 0.1, "spot": "3c", "reading": 1}]  # a piece from the box: take it away
    records = run(tmp_path, capsys, spare)
    assert [
        (r["event"], r["take_from"], r["put_on"], r["remaining"])
        for r in records
        if r["event"] == "out_of_step"
    ] == [("out_of_step", "3c", None, 1)]


def test_a_piece_held_is_no_board_out_of_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A piece lifted and held while the player thinks is a move in the hand: no
    correction is lit for ``Timing.held`` (issue 44)."""
    held = [{"t": 0.1, "spot": "1d", "reading": 0}, {"t": 8.0, "spot": "1c", "reading": 1}]
    records = run(tmp_path, capsys, held)
    assert [(r["event"], r.get("move")) for r in records] == [("move", "1d1c")]


def test_a_game_played_to_its_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        {"t": 0.1, "spot": "3b", "reading": 0},  # A's lion steps onto the far rank
        {"t": 0.2, "spot": "3a", "reading": 1},
    ]
    records = run(tmp_path, capsys, lines, "--position", "3/L2/2l/3 b - 1")
    assert [r["event"] for r in records] == ["move", "game_over"]
    assert (records[1]["termination"], records[1]["winners"]) == ("try", [0])


def test_events_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(json.dumps(e) + "\n" for e in CAPTURE)))
    assert main(["replay", "dobutsu", "-"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["event"], r["move"]) for r in records] == [("move", "2c2b")]


def test_a_missing_file_or_game_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", "dobutsu", str(tmp_path / "nowhere.jsonl")]) == 2
    captured = capsys.readouterr()
    assert "cannot read" in captured.err and captured.out == ""
    path = tmp_path / "events.jsonl"
    path.write_text("", encoding="utf-8")
    assert main(["replay", "no-such-game", str(path)]) == 2
    assert "kiban:" in capsys.readouterr().err
    assert main(["replay", "dobutsu", str(path), "--variant", "promotion=never"]) == 2
    assert "promotion" in capsys.readouterr().err


def test_any_action_of_the_vocabulary_may_be_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A line may carry any action as the web page sends it; the short forms agree."""
    typed = run(
        tmp_path,
        capsys,
        [
            {"t": 0.0, "type": "guide", "move": "1d1c"},
            *CAPTURE,
            {"t": 2.0, "type": "resign", "seat": 1},
        ],
    )
    short = run(tmp_path, capsys, [{"t": 0.0, "guide": "1d1c"}, *CAPTURE])
    assert typed[: len(short)] == short
    assert typed[-1]["termination"] == "resignation" and typed[-1]["winners"] == [0]
    refused = run(
        tmp_path,
        capsys,
        [
            {"t": 0.1, "type": "lift", "spot": "2c"},  # the hands are the sensor lines
            {"t": 0.2, "type": "download"},
            {"t": 0.3, "type": "resign", "seat": "B"},  # a seat is a number
            {"t": 0.4, "command": "guide"},  # guide needs its move
            {"t": 0.5, "command": "impasse"},  # a claim: Robot Duel has none
        ],
        status=1,
    )
    assert [r["event"] for r in refused] == ["error"] * 5
    assert "lift" in refused[0]["message"] and "download" in refused[1]["message"]
    assert "seat" in refused[2]["message"] and "move" in refused[3]["message"]


@pytest.mark.parametrize(
    ("t", "says"),
    [
        ("Infinity", "not a JSON number"),
        ("-Infinity", "not a JSON number"),
        ("NaN", "not a JSON number"),
        ('"inf"', "finite"),
        ("1e400", "finite"),
        ("1" + "0" * 400, "finite"),
        ("1e16", "more than a day"),
        ("86400.6", "more than a day"),
        ("true", "number"),
        ("[1]", "number"),
    ],
)
def test_times_that_never_come_are_refused_and_the_replay_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], t: str, says: str
) -> None:
    lines = [CAPTURE[0], f'{{"t": {t}, "button": "ok"}}', *CAPTURE[1:]]
    records = run(tmp_path, capsys, lines, status=1)
    errors = [r for r in records if r["event"] == "error"]
    assert len(errors) == 1 and errors[0]["line"] == 2 and says in errors[0]["message"]
    assert without_errors(records) == run(tmp_path, capsys, CAPTURE)


def test_events_a_day_apart_are_played_quickly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    day = 24 * 3600.0
    later = [{**event, "t": event["t"] + 2 * day - 1} for event in CAPTURE]
    records = run(tmp_path, capsys, [{"t": day, "button": "ok"}, *later])
    assert [(r["event"], r["move"]) for r in records] == [("move", "2c2b")]
    assert records[0]["t"] > 2 * day - 1


def test_the_exit_status_counts_the_refused_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(tmp_path, capsys, [*CAPTURE, "not json", {"t": 3.0, "select": "2c2b"}], status=1)
    path = tmp_path / "events.jsonl"
    assert main(["replay", "dobutsu", str(path)]) == 1
    err = capsys.readouterr().err
    assert "2 of 5 events were refused or unreadable (lines 4, 5)" in err


def test_json_nested_too_deep_is_an_unreadable_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = '{"t": 0.2, "button": ' + "[" * 5000 + "]" * 5000 + "}"
    records = run(tmp_path, capsys, [CAPTURE[0], deep, "[" * 100_000, *CAPTURE[1:]], status=1)
    errors = [r for r in records if r["event"] == "error"]
    assert [e["line"] for e in errors] == [2, 3]
    assert all("nested deeper" in e["message"] for e in errors)
    assert without_errors(records) == run(tmp_path, capsys, CAPTURE)
