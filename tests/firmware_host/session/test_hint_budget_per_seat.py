"""A hint budget per seat: ``hints=b:3,w:0`` read against each game's seats, stored
and resumed with the game, and counted per seat in play (one seat runs out while the
other still gets its hints)."""

from __future__ import annotations

import pytest

from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import HintShown, Refused
from firmware_host.opponents.thinking import InlineThinker
from firmware_host.session.actions import Hint
from firmware_host.session.help import parse_help, parse_hints, seat_help
from firmware_host.session.settings import Settings, SettingsError
from tests.firmware_host.opponents.fakes import Always, ListedPlayer
from tests.firmware_host.simkit import GAME, make_sim, of, track

SHOGI = find_game("shogi")
CHATURAJI = find_game("chaturaji")


def test_one_number_is_every_seats_budget_as_before() -> None:
    settings = Settings.parse({"hints": "3"})
    assert (settings.hints, settings.seat_hints) == (3, ())
    helped = seat_help(SHOGI, settings)
    assert [helped.budget(seat) for seat in range(2)] == [3, 3]
    assert settings.stored()["hints"] == "3"  # an old stored game's form, kept


def test_shogi_seats_are_named_as_help_names_them() -> None:
    for text in ("b:3,w:0", "sente:3,gote:0", "black:3,white:0", "0:3,1:0", " b : 3 , w : 0 "):
        helped = seat_help(SHOGI, Settings.parse({"hints": text}))
        assert [helped.budget(seat) for seat in range(2)] == [3, 0], text
    helped = seat_help(SHOGI, Settings.parse({"hints": "gote:1"}))
    assert [helped.budget(seat) for seat in range(2)] == [None, 1]  # sente: no limit


def test_chaturajis_four_seats_each_have_their_own_budget() -> None:
    settings = Settings.parse({"hints": "k:2,green:0,r:none"})
    helped = seat_help(CHATURAJI, settings)
    assert [helped.budget(seat) for seat in range(4)] == [2, 0, None, None]
    assert dict(parse_hints(CHATURAJI, "yellow:5,g:1")) == {3: 5, 1: 1}


def test_the_per_seat_budget_round_trips_through_the_store() -> None:
    for text in ("b:3,w:0", "sente:2", "k:1,g:none,y:4"):
        settings = Settings.parse({"help": "b:hints", "hints": text})
        stored = settings.stored()
        assert Settings.parse(stored) == settings
        assert Settings.parse(stored).stored() == stored


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("b:lots", "hints for seat 'b' must be a whole number, not 'lots'"),
        ("gote:-2", "hints for seat 'gote' must be 0 or more, not -2"),
        ("3,w:0", "hints '3' must be SEAT:N"),
        ("b:1,:2", "hints ':2' must be SEAT:N"),
        ("many", "hints must be a whole number, not 'many'"),
    ],
)
def test_a_bad_number_or_shape_is_refused_saying_what_is_wrong(text: str, said: str) -> None:
    with pytest.raises(SettingsError, match=said.replace("(", r"\(")):
        Settings.parse({"hints": text})


def test_a_seat_the_game_lacks_is_refused_naming_it_and_the_games_seats() -> None:
    with pytest.raises(SettingsError, match=r"Shogi has no seat 'green' \(seats: b \(sente\)"):
        parse_hints(SHOGI, "green:2")
    with pytest.raises(SettingsError, match="has no seat 'sente'"):
        parse_hints(CHATURAJI, "sente:2,k:1")
    with pytest.raises(SettingsError, match="seat 'black' is given hints twice"):
        parse_hints(CHATURAJI, "k:1,black:2")


def test_help_reads_its_seats_with_the_same_parsing() -> None:
    with pytest.raises(SettingsError, match="help 'coach' must be SEAT:LEVEL"):
        parse_help(SHOGI, "coach,w:none")
    with pytest.raises(SettingsError, match="seat 'sente' is given help twice"):
        parse_help(SHOGI, "b:coach,sente:none")


def test_one_seat_runs_out_of_hints_while_the_other_still_gets_them() -> None:
    sim = make_sim(
        settings={"help": "b:hints,w:hints", "hints": "b:1,w:2"},
        thinker=InlineThinker(Always(ListedPlayer({}))),
    )
    computer = sim.controller.computer
    assert (computer.hints_left(0), computer.hints_left(1)) == (1, 2)
    assert of(HintShown, sim.send(Hint()))  # the child's one hint
    sim.perform("2c2b")
    assert of(HintShown, sim.send(Hint()))  # the parent's first of two
    sim.perform("1a2b")
    refused = of(Refused, sim.send(Hint()))
    assert [str(n.reason) for n in refused] == [
        "no hints: A (sente) has used all 1 hints of this game"
    ]
    assert (computer.hints_left(0), computer.hints_left(1)) == (0, 1)


def test_a_seat_with_no_hints_is_refused_its_first() -> None:
    sim = make_sim(settings={"hints": "b:0"}, thinker=InlineThinker(Always(ListedPlayer({}))))
    refused = of(Refused, sim.send(Hint()))
    assert [str(n.reason) for n in refused] == [
        "no hints: A (sente) has used all 0 hints of this game"
    ]
    assert sim.controller.computer.hints_left(1) is None  # gote: not named, no limit


def test_a_resumed_game_keeps_each_seats_budget() -> None:
    sim = make_sim(settings={"hints": "w:0,b:2"})
    sim.perform("2c2b")
    resumed = track(Simulation(GAME, sim.profile, sim.controller.store, resume=True))
    assert resumed.controller.settings.seat_hints == (("w", 0), ("b", 2))
    computer = resumed.controller.computer
    assert (computer.hints_left(0), computer.hints_left(1)) == (2, 0)
