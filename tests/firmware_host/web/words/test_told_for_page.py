"""The page's edge: every ``X_said`` told in the page's language into ``X``, in the
words of the game the innermost enclosing object names, and none left."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.registry import find_game
from engine.said import N_, NP_, Term, alone, plural_said, said
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from firmware_host.telling.status import Surface
from firmware_host.telling.view import message_text, prompt_labels
from firmware_host.web.words.told_for_page import told_for_page
from firmware_host.wire.notice_records import SaidRecordError, said_record
from tests.firmware_host.simkit import close_all, make_sim
from tests.firmware_host.web.helpers import said_keys, sim_state

DOBUTSU = find_game("dobutsu")
ABALONE = find_game("abalone")
SEAT = said_record(alone(ABALONE.seat_word(0)))  # "black": czarne in abalone's Polish


def test_a_record_is_told_into_its_field_and_dropped() -> None:
    wait = said(N_("Waiting for {seat}'s move"), seat=DOBUTSU.seat_word(1))
    payload = {"remote": {"waiting": str(wait), "waiting_said": said_record(wait), "n": 3}}
    shown = told_for_page(payload, Language.POLISH, DOBUTSU)
    assert shown == {"remote": {"waiting": told(wait, Language.POLISH, DOBUTSU), "n": 3}}
    assert "gracz B" in shown["remote"]["waiting"]


def test_lists_and_objects_of_records_are_told_item_by_item() -> None:
    one, many = plural_said(NP_("{count} point", "{count} points"), 1), alone(Term("draw"))
    payload = {
        "problems": ["x", "y"],
        "problems_said": [said_record(one), said_record(many)],
        "notes": {"1": "a", "4": "b"},
        "notes_said": {"1": said_record(one), "4": None},
        "piece_names_said": {"C": said_record(many)},  # no English beside: told all the same
    }
    shown = told_for_page(payload, Language.CZECH, DOBUTSU)
    assert shown == {
        "problems": [told(one, Language.CZECH), told(many, Language.CZECH)],
        "notes": {"1": told(one, Language.CZECH), "4": None},
        "piece_names": {"C": told(many, Language.CZECH)},
    }


def test_nothing_said_leaves_the_field_as_it_was_written() -> None:
    payload = {"verdict": None, "verdict_said": None, "hint_said": None, "name": "Ann"}
    assert told_for_page(payload, Language.JAPANESE, DOBUTSU) == {
        "verdict": None,
        "hint": None,
        "name": "Ann",
    }


def test_the_innermost_game_named_tells_the_seats() -> None:
    assert ABALONE.seats_in("pl") != DOBUTSU.seats_in("pl")  # else this proves nothing
    payload = {
        "game": "dobutsu",
        "name_said": SEAT,
        "games": [{"game": "abalone", "seats": [{"name_said": SEAT}]}],
        "online": {"game": "Xy12AbCd", "seat_said": SEAT},  # a lishogi id is no game of ours
        "other": {"seat_said": SEAT},
    }
    shown = told_for_page(payload, Language.POLISH, None)
    dobutsu, abalone = DOBUTSU.seats_in("pl"), ABALONE.seats_in("pl")
    assert dobutsu is not None and abalone is not None
    assert shown["name"] == dobutsu[0]
    assert shown["games"][0]["seats"][0]["name"] == abalone[0]
    assert shown["online"]["seat"] == dobutsu[0]
    assert shown["other"]["seat"] == dobutsu[0]


def test_with_no_game_named_the_sessions_game_tells_them() -> None:
    shown = told_for_page({"seat_said": SEAT}, Language.POLISH, ABALONE)
    assert shown == {"seat": "czarne"}
    assert told_for_page({"seat_said": SEAT}, Language.POLISH, DOBUTSU) == {"seat": "gracz A"}


def test_the_builders_write_what_is_said_once_and_english_is_told_from_it() -> None:
    """A whole state (prompt, status, seats, warnings) holds what is said as values
    only, no English beside one (the edge would throw it away); told in English, it
    says what the session says in English."""
    sim = make_sim(position="l2/1C1/3/1L1 b - 1")
    try:
        sim.perform("2b2a")  # promote the chick or not: a prompt
        state = sim_state(sim)
        labels = list(prompt_labels(sim.controller))
        status = message_text(sim.controller, surface=Surface.PAGE)
    finally:
        close_all()
    assert state["prompt"] is not None
    assert _beside_a_value(state) == []
    # what was sent in English only is a value too: the faults, why help is off
    assert state["fault_said"] is None and state["computer"]["help_off_said"] is None
    assert set(state["faults_said"]) == {"board", "store", "lines"}
    assert _values(state) >= 5
    shown = told_for_page(state, Language.ENGLISH, DOBUTSU)
    assert not said_keys(shown)
    assert shown["prompt"]["labels"] == labels
    assert shown["message"] == status


def _beside_a_value(built: Any) -> list[str]:
    """The fields written beside their ``X_said`` value, anywhere in ``built``."""
    if isinstance(built, list):
        return [field for item in built for field in _beside_a_value(item)]
    if not isinstance(built, dict):
        return []
    beside = [key for key in built if f"{key}_said" in built]
    return beside + [field for value in built.values() for field in _beside_a_value(value)]


def _values(built: Any) -> int:
    """How many ``X_said`` values ``built`` holds (None ones left out)."""
    if isinstance(built, list):
        return sum(_values(item) for item in built)
    if not isinstance(built, dict):
        return 0
    own = sum(1 for key, value in built.items() if key.endswith("_said") and value is not None)
    return own + sum(_values(value) for value in built.values())


def test_the_payload_is_not_changed() -> None:
    payload = {"a_said": SEAT, "list": [{"b_said": SEAT}]}
    kept = copy.deepcopy(payload)
    told_for_page(payload, Language.JAPANESE, ABALONE)
    assert payload == kept


@pytest.mark.parametrize(
    "payload",
    [{"a_said": "text"}, {"a_said": 3}, {"a_said": [{"msgid": "x"}]}, {"a_said": {"k": [1]}}],
)
def test_a_field_that_holds_no_record_is_refused(payload: dict[str, Any]) -> None:
    with pytest.raises(SaidRecordError):
        told_for_page(payload, Language.ENGLISH, DOBUTSU)
