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


def test_english_is_told_as_the_builders_wrote_it() -> None:
    """Every field of a whole state (prompt, status, seats, warnings) told in English is
    the English its builder wrote beside the value."""
    sim = make_sim(position="l2/1C1/3/1L1 b - 1")
    try:
        sim.perform("2b2a")  # promote the chick or not: a prompt
        state = sim_state(sim)
    finally:
        close_all()
    assert state["prompt"] is not None
    shown = told_for_page(state, Language.ENGLISH, DOBUTSU)
    assert not said_keys(shown)
    assert shown["prompt"]["labels"] == state["prompt"]["labels"]
    compared = _compared(state, shown)
    assert compared >= 5, compared


def _compared(built: Any, shown: Any) -> int:
    """How many fields written in English beside their value were told as written."""
    if isinstance(built, list):
        return sum(_compared(b, s) for b, s in zip(built, shown, strict=True))
    if not isinstance(built, dict):
        return 0
    count = 0
    for key, value in built.items():
        if key.endswith("_said"):
            field = key.removesuffix("_said")
            if field in built and value is not None:
                assert shown[field] == built[field], field
                count += 1
        elif f"{key}_said" not in built:
            count += _compared(value, shown[key])
    return count


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
