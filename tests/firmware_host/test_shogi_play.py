"""Shogi played by hand on the simulated boards: captures, drops, promotions, mistakes, guides.

Everything goes through the real scanner, debouncer, recognizer, controller and
LED painter on mock hardware and simulated time (``Simulation``).
"""

from __future__ import annotations

import random
from typing import cast

import pytest

from drivers.buttons import ButtonRole
from drivers.led_strip import OFF
from engine.outcome import Termination
from engine.physical import Stone
from engine.registry import find_game
from engine.shogi import ShogiPosition
from engine.shogi.sensing import HAND_SPOTS
from engine.shogi.tables import KIND_OF_LETTER, LETTERS
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    GameEnded,
    IllegalShown,
    MoveCommitted,
    Notice,
    OffGuideShown,
    PromptOpened,
)
from firmware_host.session.actions import Guide, Select
from firmware_host.session.state import GLANCE, Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning
from hardware.mock.hands import Noise
from hardware.profile import load_profile
from tests.firmware_host.simkit import answer_as_played

SHOGI = find_game("shogi")


def simulation(
    profile: str = "sim",
    position: str | None = None,
    noise: Noise | None = None,
    seed: int = 0,
    **options: str,
) -> Simulation:
    sim = Simulation(
        SHOGI,
        load_profile(profile, SHOGI),
        GameStore(":memory:"),
        options=options,
        position=position,
        resume=False,
        noise=noise,
        seed=seed,
    )
    sim.settle()
    assert sim.controller.phase in (Phase.PLAY, Phase.GUIDE)
    return sim


def committed(notices: list[Notice]) -> list[str]:
    return [n.move for n in notices if isinstance(n, MoveCommitted)]


def prompts(notices: list[Notice]) -> list[tuple[str, ...]]:
    return [n.choices for n in notices if isinstance(n, PromptOpened)]


def perform(sim: Simulation, text: str) -> list[Notice]:
    """Hands play a move; a capture in two strokes: the captured piece to the stand,
    then the capturing piece onto its square (each stroke in any order the noise picks).

    (``Simulation.perform`` does the same in one go; this spells the strokes out so
    that the tests say what the hands did.)
    """
    position = cast(ShogiPosition, sim.controller.position.copy())
    move = position.parse_move(text)
    notices: list[Notice] = []
    captured = 0 if move.drop else position.piece_at(move.to_square)
    if captured:
        middle = dict(sim.world.layout())
        del middle[move.to_cell]
        kind = captured & 15
        stone = Stone(LETTERS[kind - 8 if kind > 8 else kind], position.turn)
        slot = HAND_SPOTS[position.turn * 8 + stone_kind(stone)]
        middle[slot] = (*middle.get(slot, ()), stone)
        notices += sim.run(sim.hands.perform(sim.world, middle, sim.now))
    position.push(move)
    notices += sim.run(sim.hands.perform(sim.world, position.layout(), sim.now))
    return notices + sim.settle()


def stone_kind(stone: Stone) -> int:
    return KIND_OF_LETTER[stone.kind]


def moved(sim: Simulation) -> list[str]:
    position = sim.controller.position
    return [position.move_text(m) for m in position.move_stack]


# --- captures ---------------------------------------------------------------------------

CAPTURE = "4k4/9/9/9/4p4/4S4/9/9/4K4 b - 1"


@pytest.mark.parametrize("captured_first", [False, True])
def test_a_capture_in_either_lift_order(captured_first: bool) -> None:
    sim = simulation(position=CAPTURE)
    first, second = ("5e", "5f") if captured_first else ("5f", "5e")
    sim.world.lift(first)
    sim.advance(0.2)
    sim.world.lift(second)
    sim.advance(0.2)
    sim.world.place("5e", Stone("S", 0))
    sim.advance(0.1)
    sim.world.place_as("hand:b:P", Stone("P", 1), Stone("P", 0))
    notices = sim.settle()
    assert committed(notices) == ["5f5e"]
    assert prompts(notices) == []
    assert sim.world.matches(sim.controller.position.layout())


def test_a_capture_is_not_seen_until_the_captured_piece_was_touched() -> None:
    # The silver stepping onto the pawn's square without the pawn ever lifted is
    # no move at all: the board shows only the silver gone.
    sim = simulation(position=CAPTURE)
    sim.world.lift("5f")
    notices = sim.settle()
    assert committed(notices) == []


# --- drops -----------------------------------------------------------------------------------

DROPS = "4k4/9/9/9/9/9/9/9/4K4 b GSP 1"


def drop_by_hand(sim: Simulation, slot: str, cell: str) -> list[Notice]:
    sim.world.lift(slot)
    sim.advance(0.2)
    sim.world.place(cell)
    return sim.settle()


def test_a_drop_under_occupancy_asks_which_piece_and_next_ok_answers() -> None:
    sim = simulation(position=DROPS)
    notices = drop_by_hand(sim, "hand:b:S", "5e")
    assert prompts(notices) == [("G*5e", "P*5e", "S*5e")]
    assert committed(notices) == []
    assert sim.controller.phase is Phase.PROMPT
    sim.advance(GLANCE)  # the prompt read
    sim.press(ButtonRole.NEXT)
    sim.press(ButtonRole.NEXT)
    notices = sim.press(ButtonRole.OK)
    assert committed(notices) == ["S*5e"]
    shogi = cast(ShogiPosition, sim.controller.position)
    assert shogi.in_hand(0, 4) == 0  # the silver left the hand


def test_a_knock_while_the_prompt_is_answered_leaves_it_open() -> None:
    """Issue 44: a prompt is never withdrawn while its answer is being given. A player
    steps to the silver and, reaching for ok, knocks the dropped piece off its square
    and back: the question stays, and ok plays the silver."""
    sim = simulation(position=DROPS)
    drop_by_hand(sim, "hand:b:S", "5e")
    assert sim.controller.phase is Phase.PROMPT
    sim.press(ButtonRole.NEXT)
    sim.press(ButtonRole.NEXT)
    sim.lift("5e")
    sim.advance(0.3)
    assert sim.controller.phase is Phase.PROMPT
    sim.place("5e")
    sim.advance(0.5)
    assert sim.controller.phase is Phase.PROMPT
    assert committed(sim.press(ButtonRole.OK)) == ["S*5e"]


def test_a_prompt_nobody_answers_follows_the_board() -> None:
    """Without a step of next or back the prompt closes when the board changes (the
    piece taken back up): the board follows the hands, as before."""
    sim = simulation(position=DROPS)
    drop_by_hand(sim, "hand:b:S", "5e")
    assert sim.controller.phase is Phase.PROMPT
    sim.lift("5e")
    sim.advance(0.5)
    assert sim.controller.phase is not Phase.PROMPT


def test_a_drop_prompt_answered_by_selecting_the_move() -> None:
    sim = simulation(position=DROPS)
    notices = drop_by_hand(sim, "hand:b:P", "5e")
    assert prompts(notices) == [("G*5e", "P*5e", "S*5e")]
    notices = sim.send(Select("P*5e"))
    assert committed(notices) == ["P*5e"]


def test_sensed_stands_need_no_prompt() -> None:
    sim = simulation("sim-shogi-stands", position="4k4/9/9/9/9/9/9/9/4K4 b G2SP 1")
    notices = drop_by_hand(sim, "hand:b:G", "5e")
    assert prompts(notices) == [] and committed(notices) == ["G*5e"]
    sim.perform("5a4a")
    # From a stack of two silvers the slot still reads present: the only piece
    # whose slot did not empty is the silver.
    notices = drop_by_hand(sim, "hand:b:S", "3e")
    assert prompts(notices) == [] and committed(notices) == ["S*3e"]


# --- promotion ---------------------------------------------------------------------------------


def test_promotion_in_the_zone_asks_under_occupancy() -> None:
    sim = simulation()
    sim.perform("7g7f")
    sim.perform("3c3d")
    notices = perform(sim, "8h2b+")
    assert prompts(notices) == [("8h2b", "8h2b+")]
    notices = sim.send(Select("8h2b+"))
    assert committed(notices) == ["8h2b+"]


def test_promotion_under_polarity_needs_no_prompt() -> None:
    sim = simulation("sim-shogi-polarity")
    for move in ("7g7f", "3c3d"):
        assert committed(sim.perform(move)) == [move]
    notices = sim.perform("8h2b+")
    assert prompts(notices) == [] and committed(notices) == ["8h2b+"]
    notices = sim.perform("3a2b")
    assert committed(notices) == ["3a2b"]


@pytest.mark.parametrize(
    ("position", "move"),
    [
        ("4k4/7P1/9/9/9/9/9/9/4K4 b - 1", "2b2a+"),
        ("4k4/9/9/7N1/9/9/9/9/4K4 b - 1", "2d1b+"),
        ("4k4/9/9/9/9/9/9/7L1/4K4 b - 1", "2h2a+"),
    ],
)
def test_forced_promotion_never_prompts(position: str, move: str) -> None:
    sim = simulation(position=position)
    notices = sim.perform(move)
    assert prompts(notices) == [] and committed(notices) == [move]


# --- mistakes ------------------------------------------------------------------------------------

NIFU = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1"
PINNED = "k3r4/9/9/9/9/4S4/9/9/4K4 b - 1"


def test_a_nifu_drop_is_named_and_not_committed() -> None:
    sim = simulation(position=NIFU)
    notices = drop_by_hand(sim, "hand:b:P", "5e")
    shown = [n for n in notices if isinstance(n, IllegalShown)]
    assert [(n.move, str(n.reason)) for n in shown] == [
        ("P*5e", "nifu: sente already has a pawn on file 5")
    ]
    assert committed(notices) == [] and moved(sim) == []
    assert sim.controller.outcome is None
    # put back, then a legal drop is accepted
    sim.world.lift("5e")
    sim.world.place("hand:b:P")
    sim.settle()
    assert committed(drop_by_hand(sim, "hand:b:P", "4e")) == ["P*4e"]


def test_a_move_leaving_the_king_in_check_is_named() -> None:
    sim = simulation(position=PINNED)
    sim.world.lift("5f")
    sim.advance(0.2)
    sim.world.place("4e")
    notices = sim.settle()
    shown = [(n.move, str(n.reason)) for n in notices if isinstance(n, IllegalShown)]
    assert shown == [
        ("5f4e", "the silver on 5f is pinned: moving it there leaves sente's king in check")
    ]
    assert committed(notices) == []


@pytest.mark.parametrize("case", ["nifu", "pinned"])
def test_with_illegal_loses_the_mistake_ends_the_game(case: str) -> None:
    if case == "nifu":
        sim = simulation(position=NIFU, illegal="loses")
        notices = drop_by_hand(sim, "hand:b:P", "5e")
    else:
        sim = simulation(position=PINNED, illegal="loses")
        sim.world.lift("5f")
        sim.advance(0.2)
        sim.world.place("4e")
        notices = sim.settle()
    ended = [n for n in notices if isinstance(n, GameEnded)]
    assert len(ended) == 1
    assert ended[0].outcome.termination is Termination.ILLEGAL_MOVE
    assert ended[0].outcome.winners == {1}
    assert committed(notices) == [] and sim.controller.phase is Phase.GAME_OVER


# --- guides ---------------------------------------------------------------------------------------


def test_a_guide_move_is_accepted_only_as_given() -> None:
    sim = simulation()
    sim.send(Guide("7g7f"))
    assert sim.controller.phase is Phase.GUIDE
    notices = sim.perform("2g2f")
    assert [n.guide for n in notices if isinstance(n, OffGuideShown)] == ["7g7f"]
    assert committed(notices) == []
    sim.world.lift("2f")
    sim.world.place("2g")
    sim.settle()
    assert committed(sim.perform("7g7f")) == ["7g7f"]


@pytest.mark.parametrize("guide", ["8h2b+", "8h2b"])
def test_a_guide_settles_the_promotion_question(guide: str) -> None:
    sim = simulation()
    sim.perform("7g7f")
    sim.perform("3c3d")
    sim.send(Guide(guide))
    notices = perform(sim, "8h2b+")  # occupancy cannot see the face: the guide decides
    assert prompts(notices) == [] and committed(notices) == [guide]


# --- the LEDs -------------------------------------------------------------------------------------


def test_a_lifted_piece_lights_the_corners_of_its_destinations() -> None:
    sim = simulation()
    sim.perform("7g7f")
    sim.perform("3c3d")
    sim.world.lift("2h")  # the rook: 3h to 7h and 1h
    sim.advance(0.3)
    painter = sim.board.painter
    destination = DEFAULT_PALETTE.colours[Meaning.DESTINATION]
    lifted = DEFAULT_PALETTE.colours[Meaning.LIFTED]
    cells = ["1h", "3h", "4h", "5h", "6h", "7h"]
    assert sim.lights is not None
    assert all(sim.lights.spots[cell] == destination for cell in cells)
    for cell in cells:
        corners = painter.leds_of(cell)
        assert len(corners) == 4
        assert all(painter.pixels[led] != OFF for led in corners), cell
        assert destination in {painter.pixels[led] for led in corners}, cell
    assert {painter.pixels[led] for led in painter.leds_of("2h")} == {lifted}
    lit = {led for spot in sim.lights.spots for led in painter.leds_of(spot)}
    assert all(painter.pixels[led] == OFF for led in set(range(100)) - lit)
    assert painter.leds_of("9a") == (0, 1, 19, 18)  # a serpentine grid of corners


# --- a long, clumsy game --------------------------------------------------------------------------


def soak(profile: str, seed: int, plies: int) -> int:
    """Random moves by clumsy hands; every prompt answered with the intended move."""
    rng = random.Random(seed)
    sim = simulation(profile, noise=Noise.realistic(), seed=seed)
    played = 0
    for _ in range(plies):
        position = cast(ShogiPosition, sim.controller.position)
        if sim.controller.outcome is not None:
            break
        moves = list(position.legal_moves())
        lively = [m for m in moves if m.drop or position.piece_at(m.to_square) or m.promote]
        move = rng.choice(lively if lively and rng.random() < 0.5 else moves)
        text = position.move_text(move)
        start, truth = len(sim.notices), [*sim.controller.record().moves, text]
        perform(sim, text)
        answer_as_played(sim, truth, start)  # about this move, or the one before it
        assert sim.world.matches(sim.controller.position.layout())
        played += 1
    assert moved(sim) == [sim.controller.position.move_text(m) for m in position.move_stack]
    return played


@pytest.mark.parametrize("profile", ["sim", "sim-shogi-stands", "sim-shogi-polarity"])
def test_a_noisy_game_never_commits_a_wrong_move(profile: str) -> None:
    assert soak(profile, seed=7, plies=30) >= 20


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_many_noisy_games_never_commit_a_wrong_move(seed: int) -> None:
    profile = ("sim", "sim-shogi-stands", "sim-shogi-polarity")[seed % 3]
    assert soak(profile, seed=100 + seed, plies=150) >= 40


# --- the simulated hands pair a promoting capture of the same kind right ----------------


def test_simulation_perform_plays_a_promoting_capture_of_the_same_kind() -> None:
    """The capturing bishop goes to 2b, the captured one to the stand (hands.plan once
    paired the capturer with the stand, and the capture was never seen)."""
    sim = simulation()
    sim.perform("7g7f")
    sim.perform("3c3d")
    notices = sim.perform("8h2b+")
    assert prompts(notices) == [("8h2b", "8h2b+")]
