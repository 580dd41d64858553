"""Help per seat on the simulated board: a child coached beside a parent who is not,
a hint budget that runs out, and the settings that say so."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from engine.said import said
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import HintShown, Refused
from firmware_host.opponents.thinking import InlineThinker
from firmware_host.session.actions import Hint
from firmware_host.session.help import HelpLevel, SeatHelp, parse_help
from firmware_host.session.settings import Settings, SettingsError
from firmware_host.telling.legend import COACH_SCALE, Meaning
from firmware_host.terminal.screen import legend_text
from firmware_host.web.words.colour_key import key_meanings
from tests.firmware_host.opponents.fakes import Always, ListedPlayer
from tests.firmware_host.simkit import GAME, lit, make_sim, of


def sim_with(settings: Mapping[str, str]) -> Simulation:
    return make_sim(settings=settings, thinker=InlineThinker(Always(ListedPlayer({}))))


def coach_lit(sim: Simulation) -> set[str]:
    return set().union(*(lit(sim, meaning) for meaning in COACH_SCALE))


def test_the_child_is_coached_and_the_parent_is_not() -> None:
    sim = sim_with({"help": "b:coach,w:none"})
    sim.lift("2d")  # the child's lion: every move judged as good as the best
    sim.advance(0.3)
    assert lit(sim, Meaning.BEST) == {"1c", "3c"}
    sim.place("2d")
    sim.advance(0.3)
    sim.perform("2c2b")
    sim.lift("2a")  # the parent's lion: no colours, not even where it may go
    sim.advance(0.3)
    assert not coach_lit(sim)
    assert not lit(sim, Meaning.DESTINATION) and not lit(sim, Meaning.CAPTURE)


def test_a_seat_at_legal_moves_sees_destinations_without_the_coach() -> None:
    sim = sim_with({"help": "b:legal"})
    sim.lift("2d")
    sim.advance(0.3)
    assert lit(sim, Meaning.DESTINATION) == {"1c", "3c"}
    assert not coach_lit(sim)


def test_coach_on_still_coaches_every_seat() -> None:
    sim = sim_with({"coach": "on"})
    sim.perform("2c2b")
    sim.lift("2a")
    sim.advance(0.3)
    assert coach_lit(sim)


def test_a_spent_hint_budget_refuses_the_next_hint() -> None:
    sim = sim_with({"hints": "1"})
    assert of(HintShown, sim.send(Hint()))
    sim.send(Hint())  # asked again in the same position: still one hint
    sim.perform("2c2b")
    assert of(HintShown, sim.send(Hint()))  # the other seat has its own budget
    sim.perform("1a2b")
    refused = of(Refused, sim.send(Hint()))
    assert ["used all 1 hints" in str(n.reason) for n in refused] == [True]
    assert sim.controller.computer.hint is None


def test_a_seat_below_hints_is_refused_a_hint() -> None:
    sim = sim_with({"help": "b:coach"})
    assert of(Refused, sim.send(Hint()))


def test_the_colour_key_shows_the_coachs_scale_when_a_seat_is_coached() -> None:
    assert set(COACH_SCALE) <= set(key_meanings(sim_with({"help": "w:coach"}).controller))
    assert not set(COACH_SCALE) & set(key_meanings(sim_with({}).controller))


def test_help_is_read_per_seat_or_for_every_seat() -> None:
    assert dict(parse_help(GAME, "b:coach, w:none")) == {0: HelpLevel.COACH, 1: HelpLevel.NONE}
    assert dict(parse_help(GAME, "threats")) == {0: HelpLevel.THREATS, 1: HelpLevel.THREATS}
    for wrong in ("b:magic", "b:coach,b:none", "x:coach", "b"):
        with pytest.raises(SettingsError):
            parse_help(GAME, wrong + ",w:none" if wrong == "b" else wrong)


def test_the_hint_budget_is_a_setting_stored_with_the_game() -> None:
    settings = Settings.parse({"help": "b:coach", "hints": "3"})
    assert (settings.help, settings.hints) == ("b:coach", 3)
    assert Settings.parse(settings.stored()) == settings
    with pytest.raises(SettingsError):
        Settings.parse({"hints": "-1"})
    with pytest.raises(SettingsError):
        Settings.parse({"hints": "some"})


def test_no_engine_help_online_caps_every_seat_at_legal_moves() -> None:
    helped = SeatHelp({0: HelpLevel.HINTS}, coach=True, off=said("a server forbids it"))
    assert helped.legal(0) and not helped.threats(0) and not helped.coached(1)
    assert not helped.hinted(0)


def test_the_terminals_key_shows_the_coachs_colours_when_a_seat_is_coached() -> None:
    assert Meaning.BEST.value in legend_text(sim_with({"help": "b:coach"}))
    assert Meaning.BEST.value not in legend_text(sim_with({}))
