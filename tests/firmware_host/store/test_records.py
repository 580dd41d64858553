"""Game records for download: plain text for every game, formats looked up per game."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from engine.record import PLAIN_TEXT, GameRecord, write_plain_text
from engine.registry import find_game, games
from firmware_host.loops.simulator import Simulation
from firmware_host.session.actions import AgreeDraw, NewGame, Resign, Select
from firmware_host.session.controller import Controller
from firmware_host.store.records import UnknownFormatError, find_format, formats
from firmware_host.store.storage import GameStore
from hardware.profile import load_profile


def controller_after(moves: list[str], position: str | None = None) -> Controller:
    """The controller of a simulated board on which ``moves`` were played by hand."""
    game = find_game("dobutsu")
    sim = Simulation(
        game, load_profile("sim", game), GameStore(":memory:"), position=position, resume=False
    )
    for move in moves:
        sim.perform(move)
        if sim.controller.prompt_choices:
            sim.send(Select(move))
    assert [
        sim.controller.position.move_text(m) for m in sim.controller.position.move_stack
    ] == moves
    return sim.controller


def headers(text: str) -> dict[str, str]:
    return dict(re.findall(r'^\[(\w+) "(.*)"\]$', text, re.MULTILINE))


def test_plain_text_has_headers_then_numbered_rounds() -> None:
    controller = controller_after(["2c2b", "2a2b", "3d2c"])
    text = write_plain_text(controller.record())
    fields = headers(text)
    assert fields["Game"] == "Robot Duel (Dobutsu shogi)" and fields["Kiban"] == "dobutsu"
    assert fields["Seat1"] == "A (sente)" and fields["Seat2"] == "B (gote)"
    assert fields["Options"] == "promotion=optional repetition=4 touch=free"
    assert fields["Start"] == "gle/1c1/1C1/ELG b - 1" and fields["Result"] == "*"
    assert "Termination" not in fields
    assert text.endswith("\n\n1. 2c2b 2a2b\n2. 3d2c\n*\n")


def test_the_record_replays_to_the_position_it_came_from() -> None:
    start = "1le/3/3/1L1 b CEG 1"
    controller = controller_after(["C*2c", "2a3a", "G*3c"], position=start)
    record = controller.record()
    assert record.moves == ("C*2c", "2a3a", "G*3c") and record.movers == (0, 1, 0)
    assert not record.standard_start
    text = write_plain_text(record)
    game = find_game("dobutsu")
    replayed = game.position(headers(text)["Start"])
    for line in text.split("\n\n", 1)[1].splitlines()[:-1]:
        for move in line.split()[1:]:
            replayed.push_text(move)
    assert replayed.text() == controller.position.text()


def test_an_ended_game_says_how_it_ended() -> None:
    controller = controller_after(["2c2b"])
    controller.handle(Resign(), 2.0)
    text = write_plain_text(controller.record())
    assert headers(text)["Result"] == "A (sente) wins (resignation)"
    assert headers(text)["Termination"] == "resignation"
    assert text.endswith("1. 2c2b\nA (sente) wins (resignation)\n")
    controller.handle(NewGame(), 3.0)
    controller.handle(AgreeDraw(), 4.0)
    assert headers(write_plain_text(controller.record()))["Result"] == "draw (agreed)"


def test_quotes_in_headers_are_escaped() -> None:
    record = controller_after([]).record()
    odd = replace(record, start='a "b" \\c')
    assert '[Start "a \\"b\\" \\\\c"]' in write_plain_text(odd)


def test_every_game_has_plain_text_and_unknown_formats_are_named() -> None:
    for game in games():
        assert formats(game.name)[0] is PLAIN_TEXT
        assert find_format(game.name, "txt") is PLAIN_TEXT
    with pytest.raises(UnknownFormatError, match="dobutsu records come as txt, not 'kif'"):
        find_format("dobutsu", "kif")
    record = controller_after([]).record()
    assert PLAIN_TEXT.filename(record) == f"kiban-dobutsu-{record.game_id}.txt"


@pytest.mark.parametrize(
    ("movers", "rounds"),
    [
        # four seats, each turn a roll and a move: one round per line
        ((0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1), ["m0 m1 m2 m3 m4 m5 m6 m7", "m8 m9 m10"]),
        # the second seat moved first (a handicap game)
        ((1, 0, 1, 0, 1), ["m0 m1", "m2 m3", "m4"]),
        # the first mover left the game: a round still ends when the turn comes round
        ((0, 1, 2, 3, 1, 2, 3, 1), ["m0 m1 m2 m3", "m4 m5 m6", "m7"]),
    ],
)
def test_plain_text_starts_a_line_when_the_turn_comes_round(
    movers: tuple[int, ...], rounds: list[str]
) -> None:
    game = find_game("chaturaji")
    record = GameRecord(
        game=game.name,
        title=game.title,
        seats=tuple(seat.name for seat in game.seats),
        game_id=1,
        options=game.options(),
        start=game.position().text(),
        standard_start=True,
        moves=tuple(f"m{k}" for k in range(len(movers))),
        movers=movers,
        outcome=None,
        result="*",
    )
    lines = write_plain_text(record).split("\n\n", 1)[1].splitlines()
    assert lines == [f"{n}. {row}" for n, row in enumerate(rounds, start=1)] + ["*"]
