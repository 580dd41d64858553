"""The one vocabulary: every action reads the same from the wire, from typed words and
from a replay line, and every front end speaks only it."""

from __future__ import annotations

import re
import typing
from pathlib import Path
from typing import Any

import pytest

from drivers.buttons import ButtonRole
from firmware_host.session.actions import (
    ACTIONS,
    Action,
    Claim,
    GameAction,
    Kind,
    NewGame,
    Press,
    Resign,
    Scope,
    Select,
    Speak,
    is_game_action,
    params,
)
from firmware_host.web.gate.commands import LANGUAGE
from firmware_host.wire.actions import (
    BY_VERB,
    BY_WIRE,
    ActionError,
    from_wire,
    from_words,
    to_wire,
    usage,
)

STATIC = Path(__file__).resolve().parents[3] / "firmware_host" / "web" / "static"

SAMPLES: dict[Kind, Any] = {
    Kind.STRING: "2c",
    Kind.OPTIONAL_STRING: "gle/1c1/1C1/ELG b - 1",
    Kind.INTEGER: 1,
    Kind.STRINGS: {"clock": "5m"},
    Kind.BUTTON: "ok",
    Kind.SWITCH: "off",
}


def sample(action: type[Action]) -> Action:
    """An instance with every parameter given, as the wire would carry it."""
    body = {spec.name: SAMPLES[spec.kind] for spec in params(action)}
    return from_wire(action.wire, body)


def test_names_are_unique_and_every_action_is_listed_once() -> None:
    assert len(BY_WIRE) == len(ACTIONS) == len(set(ACTIONS))
    assert len(BY_VERB) == len(ACTIONS)


def test_the_game_actions_are_exactly_those_of_the_game_scope() -> None:
    declared = set(typing.get_args(GameAction))
    assert declared == {action for action in ACTIONS if action.scope is Scope.GAME}
    assert set(typing.get_args(Action)) == set(ACTIONS)


@pytest.mark.parametrize("action", ACTIONS, ids=lambda action: action.wire)
def test_the_wire_form_reads_back_as_the_same_action(action: type[Action]) -> None:
    built = sample(action)
    message = to_wire(built)
    assert message["type"] == action.wire
    assert from_wire(message.pop("type"), message) == built
    assert is_game_action(built) == (action.scope is Scope.GAME)


@pytest.mark.parametrize("action", ACTIONS, ids=lambda action: action.wire)
def test_every_action_can_be_typed_as_its_usage_says(action: type[Action]) -> None:
    """Typed words give the same action as the wire, parameter for parameter."""
    words = usage(action).split()
    typed: list[str] = [words[0]]
    expected: dict[str, Any] = {}
    for spec in params(action):
        if spec.kind is Kind.STRINGS:
            if spec == next(s for s in params(action) if s.kind is Kind.STRINGS):
                typed.append("promotion=mandatory")
                expected[spec.attribute] = {"promotion": "mandatory"}
            continue
        value = {Kind.INTEGER: "1", Kind.BUTTON: "next", Kind.SWITCH: "on"}.get(spec.kind, "2c")
        typed.append(value)
        expected[spec.attribute] = {"1": 1, "next": ButtonRole.NEXT, "on": True}.get(value, value)
    built = from_words(typed)
    for attribute, value in expected.items():
        assert getattr(built, attribute) == value


def test_a_switch_is_on_or_off_on_the_wire_and_typed() -> None:
    assert from_wire("speak", {"mode": "off"}) == Speak(False)
    assert to_wire(Speak(True)) == {"type": "speak", "mode": "on"}
    assert from_words(["speak", "OFF"]) == Speak(False)
    assert usage(Speak) == "speak on|off"
    for wrong in ("loud", True, 1, None):
        with pytest.raises(ActionError, match='mode must be "on" or "off"'):
            from_wire("speak", {"mode": wrong})


def test_typed_words_fill_what_the_class_can_do_without() -> None:
    assert from_words(["new"]) == NewGame()
    assert from_words(["new", "repetition=3"]) == NewGame(variants={"repetition": "3"})
    assert from_words(["resign"]) == Resign()
    assert from_words(["select", "refill", "1w", "1b"]) == Select("refill 1w 1b")
    assert from_words(["press", "OK".lower()]) == Press(ButtonRole.OK)
    with pytest.raises(ActionError, match="press needs button"):
        from_words(["press"])
    with pytest.raises(ActionError, match="takes no more"):
        from_words(["takeback", "now"])
    with pytest.raises(ActionError) as unknown:
        from_words(["frobnicate"])
    assert unknown.value.code == "unknown_type"


def test_a_claim_is_named_by_itself_or_through_the_claim_action() -> None:
    assert from_wire("impasse", {}, claims=["impasse"]) == Claim("impasse")
    assert from_words(["declare"], claims=["declare"]) == Claim("declare")
    assert from_wire("claim", {"claim": "impasse"}) == Claim("impasse")
    with pytest.raises(ActionError) as unknown:
        from_wire("impasse", {})  # no game has it: not a word of the vocabulary
    assert unknown.value.code == "unknown_type"
    with pytest.raises(ActionError) as extra:
        from_wire("impasse", {"claim": "declare"}, claims=["impasse"])
    assert extra.value.code == "extra_field"


@pytest.mark.parametrize(
    ("name", "body", "code", "field"),
    [
        ("lift", {}, "missing_field", "spot"),
        ("lift", {"spot": 3}, "wrong_type", "spot"),
        ("lift", {"spot": "2c", "speed": 1}, "extra_field", "speed"),
        ("resign", {"seat": True}, "wrong_type", "seat"),
        ("press", {"button": "launch"}, "unknown_button", None),
        ("new_game", {"game": "shogi", "settings": {"seed": 4}}, "wrong_type", "seed"),
        ("new_game", {"game": "shogi", "settings": {"noise": "on"}}, "extra_field", "noise"),
        ("new_game", {"game": "shogi", "variants": {"a": 1}}, "wrong_type", "variants"),
        ("guide", {"move": "x" * 2000}, "too_long", "move"),
    ],
)
def test_a_malformed_action_names_its_rule_and_field(
    name: str, body: dict[str, Any], code: str, field: str | None
) -> None:
    with pytest.raises(ActionError) as refused:
        from_wire(name, body)
    assert (refused.value.code, refused.value.field) == (code, field)


def _literals(source: str) -> list[tuple[str, set[str]]]:
    """The messages a page script builds: each ``{ type: "...", ... }`` and its keys
    (with the keys added later as ``message.key = ...``)."""
    found = []
    pattern = r'(?:send\(|const message = )\{\s*type:\s*"(\w+)"([^{}]*)\}'
    for match in re.finditer(pattern, source):
        parts = (part.strip() for part in match.group(2).split(","))
        keys = {part.split(":")[0].strip() for part in parts if part}
        found.append((match.group(1), keys))
    added = set(re.findall(r"\bmessage\.(\w+)\s*=", source))
    return [(kind, keys | (added if kind == "place" else set())) for kind, keys in found]


def test_every_message_the_page_sends_is_an_action_with_its_fields() -> None:
    sent = []
    for script in sorted(STATIC.glob("*.js")):
        text = script.read_text(encoding="utf-8")
        for kind, keys in _literals(text):
            sent.append(kind)
            if kind == LANGUAGE:  # the page's own language, kept by its socket: no action
                assert keys == {LANGUAGE}, f"{script.name}: language with {keys}"
                continue
            assert kind in BY_WIRE, f"{script.name} sends {kind!r}, not an action"
            allowed = {spec.name for spec in params(BY_WIRE[kind])}
            assert keys <= allowed, f"{script.name}: {kind} with {keys - allowed}"
            required = {spec.name for spec in params(BY_WIRE[kind]) if spec.required}
            assert required <= keys, f"{script.name}: {kind} without {required - keys}"
    assert {"press", "select", "new_game", "lift", "place", "claim", LANGUAGE} <= set(sent)


def test_the_checker_sees_a_message_that_is_not_an_action() -> None:
    found = _literals('send({ type: "teleport", spot }); send({ type: "lift", where: 1 })')
    assert found == [("teleport", {"spot"}), ("lift", {"where"})]
