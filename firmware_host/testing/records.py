"""The records check: every game's games are kept in plain text (``kiban export``), so
what is written of a game reads back as the same game: its options, its start, its
moves."""

from __future__ import annotations

from typing import Any

from engine.errors import NotationError
from engine.game import Game, Position
from engine.record import write_plain_text
from firmware_host.store.importing import read_record
from firmware_host.store.records import position_record
from firmware_host.testing.lines import SIMS, Case, about, playable, random_line, settings


def check_record_round_trip(position: Position[Any], moves: tuple[str, ...]) -> None:
    """The plain-text record of ``moves``, which led to ``position``, reads back as them,
    under its options and from its start, and replays to ``position``."""
    game = position.game
    text = write_plain_text(position_record(game, 1, position, position.outcome()))
    imported = read_record(text, game, ".txt")
    assert imported.moves == moves, f"wrote {moves}, read {imported.moves}"
    wanted = position.options.non_default(game.option_specs)
    assert dict(imported.options) == wanted, f"wrote the options {wanted}, read {imported.options}"
    again = game.position(imported.start, imported.options)
    for move in imported.moves:
        again.push_text(move)
    assert again.text() == position.text(), "the record read back replays to another position"


def records(game: Game[Any], *, sims: int = SIMS) -> None:
    """Each setting's ``sims`` whole random games, and a few moves from each bench
    position, are written as plain text and read back as the same game; a game that
    reads no other format refuses a record in one."""
    for options in settings(game):
        for seed in range(sims):
            line = random_line(game, options, seed)
            case = Case(game, options, "end", moves=line, seed=seed)
            with about(case):
                check_record_round_trip(case.position(), case.moves)
    for index, notable in enumerate(game.bench().positions):
        with about(f"{game.name}:bench{index}"):
            position = game.position(notable.text)
            played: list[str] = []
            for _ in range(2):
                moves = sorted(map(position.move_text, playable(position)))
                if not moves:
                    break
                played.append(moves[0])
                position.push_text(moves[0])
            check_record_round_trip(position, tuple(played))
    if not game.record_readers():
        try:
            read_record("position startpos moves\n", game, ".usi")
        except NotationError:
            pass
        else:
            raise AssertionError(f"{game.name} reads no other format but took a USI line")
