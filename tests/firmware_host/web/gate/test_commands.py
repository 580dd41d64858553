"""The command schema: every type reads back as itself, and meaning depends on the board."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from engine.registry import find_game
from firmware_host.session.actions import (
    ACTIONS,
    Kind,
    LiftPiece,
    MovePiece,
    NewGame,
    PlacePiece,
    params,
)
from firmware_host.web.gate.commands import CommandError, Context, parse

DOBUTSU = find_game("dobutsu")
VALUES: dict[Kind, Any] = {
    Kind.STRING: "2c",
    Kind.OPTIONAL_STRING: None,
    Kind.INTEGER: 0,
    Kind.STRINGS: {},
    Kind.BUTTON: "ok",
    Kind.SWITCH: "on",
}
FITTING = {
    "broker": "mqtt://broker.example",
    "game": "dobutsu",
    "move": "2c2b",
    "format": "txt",
    "choice": "x",
    "claim": "x",
}


def context(*, world: bool = True, served: frozenset[str] | None = None) -> Context:
    return Context(
        world=world,
        game=DOBUTSU,
        spots=frozenset(DOBUTSU.spots),
        buttons=frozenset({"ok", "next", "back"}),
        served=served,
        profiles={"dobutsu": ("sim-dobutsu",)},
        palettes=frozenset({"default"}),
    )


@pytest.mark.parametrize("action", ACTIONS, ids=lambda action: action.wire)
def test_every_action_reads_back_as_itself(action: Any) -> None:
    body = {spec.name: FITTING.get(spec.name, VALUES[spec.kind]) for spec in params(action)}
    request = parse(json.dumps({"type": action.wire, "id": 7, **body}), context())
    assert type(request.action) is action and request.id == 7


def test_fields_become_the_command_they_describe() -> None:
    assert parse('{"type": "move", "from": "2c", "to": "2b"}', context()).action == MovePiece(
        "2c", "2b"
    )
    assert parse('{"type": "place", "spot": "2b", "held": 1}', context()).action == PlacePiece(
        "2b", 1
    )
    request = parse(
        json.dumps(
            {
                "type": "new_game",
                "game": "Robot-Duel",
                "variants": {"promotion": "mandatory"},
                "settings": {"profile": "sim-dobutsu", "palette": "default"},
            }
        ),
        context(),
    )
    assert request.action == NewGame(
        "Robot-Duel",
        {"promotion": "mandatory"},
        None,
        {"profile": "sim-dobutsu", "palette": "default"},
    )
    assert parse(b'{"type": "lift", "spot": "hand:b:C"}', context()).action == LiftPiece("hand:b:C")


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "lift", "spot": "2c"}, "not_allowed"),
        ({"type": "place", "spot": "2c"}, "not_allowed"),
        ({"type": "move", "from": "2c", "to": "2b"}, "not_allowed"),
        ({"type": "flip", "spot": "2c"}, "not_allowed"),
        (
            {"type": "new_game", "game": "dobutsu", "settings": {"profile": "sim-dobutsu"}},
            "not_allowed",
        ),
    ],
)
def test_a_real_board_refuses_what_only_the_simulator_does(
    message: dict[str, Any], code: str
) -> None:
    with pytest.raises(CommandError) as refused:
        parse(json.dumps(message), context(world=False, served=frozenset({"dobutsu"})))
    assert refused.value.code == code


def test_games_a_board_cannot_play_are_refused() -> None:
    board = context(world=False, served=frozenset({"shogi"}))
    with pytest.raises(CommandError, match="this board plays shogi, not dobutsu") as refused:
        parse('{"type": "new_game", "game": "dobutsu"}', board)
    assert refused.value.code == "not_allowed" and refused.value.field == "game"
    no_sim = dataclasses.replace(context(), profiles={})
    with pytest.raises(CommandError, match="no simulated board for dobutsu"):
        parse('{"type": "new_game", "game": "dobutsu"}', no_sim)


def test_errors_carry_the_id_of_the_message_they_answer() -> None:
    with pytest.raises(CommandError) as refused:
        parse('{"type": "lift", "spot": "9z", "id": "abc"}', context())
    assert refused.value.request_id == "abc" and refused.value.code == "unknown_spot"
    with pytest.raises(CommandError) as long_text:
        parse(json.dumps({"type": "guide", "move": "x" * 2000}), context())
    assert long_text.value.code == "too_long"
