"""Robotory played on the simulated board: real scanner, debouncer, recognizer and
controller, hands with noise, simulated time.

The mock hands (``Simulation.perform``) play a chain the way its layouts differ: the
robot goes straight to its last cell and every eaten token into the box, in any
order. A player walking the robot from token to token, resting between the steps,
is played here with explicit steps (``walk``).
"""

from __future__ import annotations

import itertools
import random

import pytest

from drivers.buttons import ButtonRole
from engine.outcome import Termination
from engine.physical import Spot, Stone
from engine.robotory import ROBOTORY, Chain, Refill, RobotoryPosition
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    GameEnded,
    IllegalShown,
    MovesTakenBack,
    Notice,
    OutOfStepShown,
    PromptOpened,
)
from firmware_host.session.actions import Select
from firmware_host.session.state import GLANCE, Phase
from firmware_host.session.trust import RECENT_COMMIT
from firmware_host.telling.legend import Meaning
from firmware_host.telling.view import build_view, status_line
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone, Remove
from tests.engine.robotory.helpers import text
from tests.firmware_host.simkit import commits, lit, make_sim, of, prompts

ROBOT_R = Stone("R", None)
# Red on C1 with white tokens up column C; the other robots out of the way.
COLUMN = text({"C1": "R", "C2": "w", "C3": "w", "C4": "w", "A4": "W", "E4": "B"})


def simulation(
    position: str | None = None,
    *,
    profile: str = "sim",
    noise: Noise | None = None,
    seed: int = 0,
) -> Simulation:
    sim = make_sim(
        "sim-robotory" if profile == "sim" else profile,
        position=position,
        noise=Noise.realistic() if noise is None else noise,
        seed=seed,
        game=ROBOTORY,
    )
    assert sim.controller.phase is Phase.PLAY, status_line(sim.controller)
    return sim


def engine(sim: Simulation) -> RobotoryPosition:
    position = sim.controller.position
    assert isinstance(position, RobotoryPosition)
    return position


def answer(sim: Simulation, notices: list[Notice], move: str, *earlier: str) -> list[Notice]:
    """Answer every prompt with the intended move (it must be one of the choices), or,
    when the board asks again where an earlier move ended (a chain that may have gone on
    when the robot moved again, asked as the next move came), with the move played there:
    ``earlier``, the moves played before, the most recent first."""
    asked = of(PromptOpened, notices)
    if not asked:
        return notices
    choices = asked[-1].choices
    if move in choices:
        return notices + sim.send(Select(move))
    played = next((before for before in earlier if before in choices), None)
    assert played is not None, (move, earlier, choices)
    notices = notices + sim.send(Select(played))
    return notices + answer(sim, sim.settle(), move)


def clean(notices: list[Notice], again: int) -> None:
    """Nothing named illegal, nothing out of step, and moves taken back only to be read
    again (``again`` of them, played again)."""
    assert not of(IllegalShown, notices), notices
    assert not of(OutOfStepShown, notices), notices
    assert sum(n.plies for n in of(MovesTakenBack, notices)) == again, notices


def refill_by_button(sim: Simulation, move: str) -> list[Notice]:
    """Press refill and choose the combination; the only legal one is played at once
    (nothing to choose: no question of one choice)."""
    position = engine(sim)
    refills = [m for m in position.legal_moves() if isinstance(m, Refill)]
    notices = sim.press(ButtonRole.REFILL)
    if len(refills) == 1:
        assert not prompts(notices) and commits(notices) == [move]
        return notices + sim.settle()
    assert prompts(notices) and move in prompts(notices)[-1]
    return notices + sim.send(Select(move)) + sim.settle()


def fill_stocks(sim: Simulation) -> list[Notice]:
    """The hands bring tokens from the lid into the stock slots after a refill the
    board did not see (the controller plays the move; the hands follow)."""
    steps = sim.hands.perform(sim.world, engine(sim).layout(), sim.now)
    return sim.run(steps) + sim.settle() if steps else []


def play(sim: Simulation, move: str) -> list[str]:
    """The hands play ``move`` (a refill by button on a board that cannot see it);
    it must be committed as such and nothing else shown. When the next player's only
    move is one the board cannot show (a refill), the controller plays it by itself:
    the moves committed are returned."""
    position = engine(sim).copy()
    parsed = position.parse_move(move)
    earlier = [position.move_text(position.pop()) for _ in range(min(3, len(position.move_stack)))]
    sensed = sim.profile.sensed_spots
    if isinstance(parsed, Refill) and not any(s.startswith("stock") for s in sensed):
        notices = refill_by_button(sim, move)
    else:
        notices = answer(sim, sim.perform(move), move, *earlier)
    # a question may come as the stocks are filled (a knock there reads the board again);
    # a refill the controller plays by itself as they settle is filled in turn
    for _ in range(3):
        filled = fill_stocks(sim)
        if not filled:
            break
        notices += answer(sim, filled, move, *earlier)
    made = commits(notices)
    again = sum(notice.plies for notice in of(MovesTakenBack, notices))
    made = made[again:]
    assert made[:1] == [move], notices
    for forced in made[1:]:
        assert forced.startswith("refill") or forced == "pass", notices
    clean(notices, again)
    assert sim.world.matches(engine(sim).layout())
    return made


def walk(sim: Simulation, path: list[Spot], rest: float) -> list[Notice]:
    """A player walks the robot along ``path``: at each step the robot is lifted, the
    token under its next cell taken off into the box, the robot put down there; then
    the hand rests ``rest`` seconds (longer than the settle time, shorter than the
    longer rest a chain that may go on is given; a step after more than
    ``Timing.pause`` may be the next player's, and the board asks)."""
    robot = sim.world.stacks[path[0]][-1]
    notices: list[Notice] = []
    for here, there in itertools.pairwise(path):
        t = sim.now
        steps = [
            HandStep(t + 0.10, LiftStone(here)),
            HandStep(t + 0.20, Remove(there)),
            HandStep(t + 0.30, PutStone(there, robot, robot)),
        ]
        notices += sim.run(steps) + sim.advance(rest)
    return notices + sim.settle()


# --- placements ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_a_placement_asks_its_colour_on_an_occupancy_board(seed: int) -> None:
    sim = simulation(seed=seed)
    notices = sim.perform("b@C2")
    assert prompts(notices)[-1] == ("b@C2", "w@C2")
    assert commits(notices) == []
    assert sim.controller.phase is Phase.PROMPT
    assert lit(sim, Meaning.SELECTED) | lit(sim, Meaning.PROMPT) >= {"C2"}
    notices = sim.send(Select("b@C2"))
    assert commits(notices) == ["b@C2"]
    assert engine(sim).stock(0) == (2, 1)
    assert sim.world.matches(engine(sim).layout())


@pytest.mark.parametrize("profile", ["sim-robotory-polarity", "sim-robotory-stock"])
@pytest.mark.parametrize("move", ["w@C2", "b@E4"])
def test_better_sensing_sees_the_colour(profile: str, move: str) -> None:
    sim = simulation(profile=profile, seed=4)
    notices = sim.perform(move)
    assert not prompts(notices)
    assert commits(notices) == [move]


# --- robots -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_a_robot_eats_one_token(seed: int) -> None:
    sim = simulation(seed=seed)
    play(sim, "b@B4")  # light puts a black token next to the red robot (on B3)
    assert play(sim, "R:B3-B4") == ["R:B3-B4"]
    assert engine(sim).tokens("b") == frozenset()
    assert sim.world.layout()["B4"] == (ROBOT_R,)
    assert "B3" not in sim.world.layout()


@pytest.mark.parametrize("seed", range(3))
def test_the_hands_play_a_three_step_chain(seed: int) -> None:
    sim = simulation(COLUMN, seed=seed)
    play(sim, "R:C1-C2-C3-C4")
    assert engine(sim).robot_cell("R") == "C4"
    assert engine(sim).tokens("w") == frozenset()


def test_a_player_walking_the_robot_step_by_step_makes_one_move() -> None:
    sim = simulation(COLUMN, noise=Noise.none())
    notices = walk(sim, ["C1", "C2", "C3", "C4"], rest=0.6)
    assert commits(notices) == ["R:C1-C2-C3-C4"]
    clean(notices, 0)
    assert sim.world.matches(engine(sim).layout())


def test_a_robot_that_stops_after_one_step_is_committed_after_the_longer_rest() -> None:
    sim = simulation(COLUMN, noise=Noise.none())
    t = sim.now
    sim.run(
        [
            HandStep(t + 0.1, LiftStone("C1")),
            HandStep(t + 0.2, Remove("C2")),
            HandStep(t + 0.3, PutStone("C2", ROBOT_R, ROBOT_R)),
        ]
    )
    notices = sim.advance(sim.controller.timing.settle + 0.2)
    assert commits(notices) == []  # the robot may still eat C3
    notices += sim.settle()
    assert commits(notices) == ["R:C1-C2"]


def test_ok_confirms_a_one_step_chain_at_once() -> None:
    sim = simulation(COLUMN, noise=Noise.none())
    t = sim.now
    sim.run(
        [
            HandStep(t + 0.1, LiftStone("C1")),
            HandStep(t + 0.2, Remove("C2")),
            HandStep(t + 0.3, PutStone("C2", ROBOT_R, ROBOT_R)),
        ]
    )
    sim.advance(sim.controller.timing.settle + 0.1)
    notices = sim.press(ButtonRole.OK)
    assert commits(notices) == ["R:C1-C2"]


def test_a_lifted_robot_lights_every_cell_it_can_end_on() -> None:
    sim = simulation(COLUMN, noise=Noise.none())
    sim.lift("C1")
    sim.advance(0.1)
    assert lit(sim, Meaning.CAPTURE) == {"C2", "C3", "C4"}
    assert lit(sim, Meaning.LIFTED) == {"C1"}


def test_a_robot_on_a_token_it_cannot_eat_is_named() -> None:
    sim = simulation(text({"C1": "B", "C2": "w", "A4": "W", "E4": "R"}), noise=Noise.none())
    t = sim.now
    robot = Stone("B", None)
    sim.run(
        [
            HandStep(t + 0.1, LiftStone("C1")),
            HandStep(t + 0.2, Remove("C2")),
            HandStep(t + 0.3, PutStone("C2", robot, robot)),
        ]
    )
    notices = sim.settle()
    illegal = of(IllegalShown, notices)
    assert [(n.move, str(n.reason)) for n in illegal] == [
        ("B:C1-C2", "the black robot eats only black tokens; C2 holds a white token")
    ]
    assert commits(notices) == []


# --- refills ------------------------------------------------------------------------------


def test_a_refill_by_button() -> None:
    sim = simulation(seed=5)
    play(sim, "w@A1")
    play(sim, "b@E4")
    notices = sim.press(ButtonRole.REFILL)
    assert prompts(notices) == [("refill 1b", "refill 1w")]
    assert status_line(sim.controller).startswith(
        "which move? take 1 black token (refill 1b) / take 1 white token (refill 1w)"
    )
    sim.advance(GLANCE)  # the prompt read
    notices = sim.press(ButtonRole.NEXT) + sim.press(ButtonRole.OK)
    assert commits(notices) == ["refill 1w"]
    assert engine(sim).stock(0) == (2, 2) and engine(sim).lid() == (9, 10)


def test_ok_offers_the_refill_too_and_the_web_may_name_it() -> None:
    sim = simulation(seed=6)
    play(sim, "w@A1")
    play(sim, "b@E4")
    sim.advance(RECENT_COMMIT)  # an ok at once would be a late confirm of b@E4
    assert prompts(sim.press(ButtonRole.OK)) == [("refill 1b", "refill 1w")]
    assert commits(sim.send(Select("refill 1b"))) == ["refill 1b"]
    # dark (three tokens) names its refill with no prompt open, as the web page may
    assert commits(sim.send(Select("refill 1w"))) == ["refill 1w"]
    assert engine(sim).stock(1) == (3, 1)


def test_a_refill_seen_in_the_sensed_stock_slots() -> None:
    sim = simulation(profile="sim-robotory-stock", seed=7)
    play(sim, "w@A1")
    play(sim, "b@E4")
    assert sim.controller.recognizer.unseen == ()
    assert sim.press(ButtonRole.REFILL) == []  # nothing to choose: the slots show it
    notices = sim.perform("refill 1w")
    # occupancy sees a slot fill, not the colour of the token put in it
    assert prompts(notices)[-1] == ("refill 1b", "refill 1w")
    notices += sim.send(Select("refill 1w"))
    assert commits(notices) == ["refill 1w"]
    assert sim.world.matches(engine(sim).layout())


# --- the end ------------------------------------------------------------------------------


def test_the_game_ends_at_the_refill_that_takes_the_last_token() -> None:
    # one white token left on the lid; light refills it and the game is over at once,
    # dark having the black and the white robot in its camp
    start = text({"C4": "B", "D3": "W", "B3": "R"}, light="2w1b", lid="1w1b")
    sim = simulation(start, seed=8)
    notices = refill_by_button(sim, "refill 1w") + fill_stocks(sim)
    ended = of(GameEnded, notices)
    assert commits(notices) == ["refill 1w"]
    assert len(ended) == 1
    assert ended[0].outcome.termination is Termination.LAST_TOKEN
    assert ended[0].outcome.winners == {1}
    assert str(ended[0].description) == "dark wins (last token taken)"
    assert sim.controller.phase is Phase.GAME_OVER


# --- whole games ----------------------------------------------------------------------------


def choose(position: RobotoryPosition, rng: random.Random) -> str:
    """A random move, preferring robot moves and long chains a little, so that the
    board keeps changing and games reach their end."""
    legal = list(position.legal_moves())
    texts = [position.move_text(m) for m in legal]
    robots = [t for t in texts if ":" in t]
    if robots and rng.random() < 0.5:
        return rng.choice(robots)
    return rng.choice(texts)


def soak(seed: int, plies: int, profile: str = "sim") -> dict[str, int]:
    """A noisy random game: every prompt answered with the intended move, no other move
    ever committed. Returns what it played: moves, prompts answered, the longest
    chain, refills, and 1 under "ended" when the game ended."""
    rng = random.Random(seed)
    sim = simulation(profile=profile, seed=seed)
    seen = {"moves": 0, "prompts": 0, "longest chain": 0, "refills": 0, "ended": 0}
    for _ in range(plies):
        position = engine(sim)
        move = choose(position, rng)
        expected = position.copy()
        before = len(sim.notices)
        made = play(sim, move)
        seen["prompts"] += len(of(PromptOpened, sim.notices[before:]))
        for text_ in made:
            parsed = expected.parse_move(text_)
            if isinstance(parsed, Chain):
                seen["longest chain"] = max(seen["longest chain"], len(parsed.path) - 1)
            seen["refills"] += isinstance(parsed, Refill)
            expected.push(parsed)
        assert engine(sim).text() == expected.text()
        outcome = expected.outcome()
        if outcome is not None:
            assert sim.controller.outcome == outcome
            assert sim.controller.phase is Phase.GAME_OVER
            seen["ended"] = 1
            break
    seen["moves"] = len(engine(sim).move_stack)
    return seen


@pytest.mark.parametrize(
    ("seed", "profile"),
    [(1, "sim"), (2, "sim-robotory-polarity"), (3, "sim-robotory-stock")],
)
def test_noisy_random_games_never_commit_a_wrong_move(seed: int, profile: str) -> None:
    seen = soak(seed, 25, profile)
    assert seen["moves"] >= 20
    if profile == "sim":
        assert seen["prompts"] > 0  # placement colours and refills were asked


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 58))
def test_many_noisy_random_games_never_commit_a_wrong_move(seed: int) -> None:
    profile = ("sim", "sim-robotory-polarity", "sim-robotory-stock")[seed % 3]
    seen = soak(seed, 300, profile)
    assert seen["ended"] and seen["moves"] > 10


def test_a_full_game_to_its_end() -> None:
    seen = soak(40, 400)
    assert seen["ended"] and seen["moves"] > 10
    assert seen["longest chain"] >= 2 and seen["refills"] > 0


def test_the_lid_is_shown_as_two_bars_and_the_first_player_is_drawn_by_lot() -> None:
    from engine.robotory import ROBOTORY
    from firmware_host.loops.simulator import Simulation
    from firmware_host.notices.declared import FirstPlayerDrawn
    from firmware_host.store.storage import GameStore
    from firmware_host.telling.legend import Legend, Meaning
    from hardware.profile import load_profile

    sim = Simulation(ROBOTORY, load_profile("sim", ROBOTORY), GameStore(":memory:"), resume=False)
    assert any(isinstance(n, FirstPlayerDrawn) and "lot" in n.draw.description for n in sim.notices)
    lights = sim.lights
    assert lights is not None
    bar = Legend().colour(Meaning.COUNT)
    # ten of each colour on the lid: all five LEDs of each bar are lit
    for colour in "wb":
        assert [lights.indicators.get(f"lid:{colour}:{k}") for k in range(1, 6)] == [bar] * 5
    assert dict(build_view(sim.controller, sim.now).counters) == {"lid:w": 10, "lid:b": 10}


def test_a_chain_whose_tokens_were_boxed_before_the_base_keeps_its_order() -> None:
    """Heavy soak, Robotory seed 11 move 1567: the chain R:A3-A2-B2-A1 made with its
    tokens boxed first, the next player placing on D5 at once and the other a new token
    on B2 (the cell the chain emptied). After the first question was answered, the
    record's chain was judged to have begun after w@D5 was done: its first change since
    the answer was the new token on B2, a later move's. The board then asked only chains
    nobody played. A spot a later move changes too is no sign of when a move began."""
    sim = make_sim(
        "sim-robotory",
        position="2R1/4w/6/B4/1W1b 4w0b 4w0b 2w10b l",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    t = sim.now + 0.502
    token = Stone("w", None)
    steps = [
        HandStep(t, LiftStone("stock:l:4")),
        HandStep(t + 0.071, PutStone("A1", token, token)),
        HandStep(t + 0.431, LiftStone("stock:d:4")),
        HandStep(t + 0.647, PutStone("D4", token, token)),
        HandStep(t + 1.029, LiftStone("stock:l:3")),
        HandStep(t + 3.631, PutStone("A2", token, token)),
        HandStep(t + 4.529, LiftStone("stock:d:3")),
        HandStep(t + 5.935, PutStone("B2", token, token)),
        HandStep(t + 7.045, LiftStone("stock:l:2")),
        HandStep(t + 7.184, PutStone("C4", token, token)),
        HandStep(t + 7.499, Remove("B2")),
        HandStep(t + 7.599, Remove("A2")),
        HandStep(t + 7.612, LiftStone("A3")),
        HandStep(t + 7.732, Remove("A1")),
        HandStep(t + 7.782, PutStone("A1", ROBOT_R, ROBOT_R)),
        HandStep(t + 8.121, LiftStone("stock:l:1")),
        HandStep(t + 8.337, PutStone("D5", token, token)),
        HandStep(t + 8.539, LiftStone("stock:d:2")),
        HandStep(t + 8.719, PutStone("B2", token, token)),
    ]
    truth = ["w@A1", "w@D4", "w@A2", "w@B2", "w@C4", "R:A3-A2-B2-A1", "w@D5", "w@B2"]

    def answer() -> None:
        """Each question answered as soon as it is asked, with the move played."""
        while sim.controller.phase is Phase.PROMPT:
            done = len(sim.controller.position.move_stack)
            choices = sim.controller.prompt_choices
            assert truth[done] in choices, (truth[done], choices)
            sim.send(Select(truth[done]))

    for step in steps:
        sim.run([step])
        answer()
    sim.advance(4.0)
    answer()
    sim.settle()
    position = sim.controller.position
    assert [position.move_text(move) for move in position.move_stack] == truth


def test_a_token_eaten_before_the_robot_lands_is_no_token_unplayed() -> None:
    """Heavy soak, Robotory seed 11 move 1782: w@E4 placed, C6 knocked off and back, the
    robot lifted from C5 for R:C5-D4-E4 and E4's new token boxed at once, the robot held
    1.2 s. At that rest the board was read again as R:C5-C6 (C6's knock its eaten token)
    with w@E4 never played, and the chain's landing was then out of step. E4 was empty
    before w@E4 and read a token since: no knock fills an empty cell, so a reading that
    leaves E4 alone is no reading while the record keeps the order."""
    sim = make_sim(
        "sim-robotory",
        position="w1b1/w1B2/wbb1Rw/bbWw1/w1w1 1w0b 0w0b 2w2b l",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    t = sim.now + 0.1
    token = Stone("w", None)
    steps = [
        HandStep(t + 0.27, Force("C5", 0)),
        HandStep(t + 0.558, Force("C5", None)),
        HandStep(t + 0.68, LiftStone("stock:l:1")),
        HandStep(t + 0.773, PutStone("E4", token, token)),
        HandStep(t + 1.011, Force("C6", 0)),
        HandStep(t + 1.215, Force("C6", None)),
        HandStep(t + 1.225, LiftStone("C5")),
        HandStep(t + 1.373, Remove("E4")),
        HandStep(t + 2.604, PutStone("E4", ROBOT_R, ROBOT_R)),
        HandStep(t + 2.7, Remove("D4")),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["w@E4", "R:C5-D4-E4"] and not prompts(notices)


def test_a_token_boxed_for_a_chain_after_the_next_was_placed_is_no_correction() -> None:
    """Heavy soak, Robotory seed 7 move 612: w@B1, then b@B2 at once, then B1's token
    boxed for the chain R:A1-B1 before the robot moved. Read again, the board took it
    for w@B1 corrected to B2 (the token set down and moved on), but B2 filled before
    B1's token left: one token is never on two cells. (The soak's steps, with bounces.)"""
    sim = make_sim(
        "sim-robotory",
        position="R3/4w/3Bw1/1bW2/2bb 0w4b 4w0b 6w6b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    t = sim.now + 0.1
    white, black = Stone("w", None), Stone("b", None)
    steps = [
        HandStep(t + 0.309, Force("C5", 0)),
        HandStep(t + 0.509, Force("C5", None)),
        HandStep(t + 0.682, LiftStone("stock:d:4")),
        HandStep(t + 0.685, Force("stock:d:4", 1)),
        HandStep(t + 0.687, Force("stock:d:4", None)),
        HandStep(t + 0.688, Force("stock:d:4", 1)),
        HandStep(t + 0.689, Force("stock:d:4", None)),
        HandStep(t + 0.926, PutStone("B1", white, white)),
        HandStep(t + 1.148, Force("A1", 0)),
        HandStep(t + 1.31, LiftStone("stock:l:1")),
        HandStep(t + 1.311, Force("stock:l:1", 1)),
        HandStep(t + 1.312, Force("stock:l:1", None)),
        HandStep(t + 1.316, Force("stock:l:1", 1)),
        HandStep(t + 1.319, Force("stock:l:1", None)),
        HandStep(t + 1.355, Force("A1", None)),
        HandStep(t + 1.496, PutStone("B2", black, black)),
        HandStep(t + 1.499, Force("B2", 0)),
        HandStep(t + 1.5, Force("B2", None)),
        HandStep(t + 1.504, Force("B2", 0)),
        HandStep(t + 1.505, Force("B2", None)),
        HandStep(t + 1.62, Force("B1", 0)),
        HandStep(t + 1.732, Remove("B1")),
        HandStep(t + 1.835, Force("B1", None)),
        HandStep(t + 2.304, LiftStone("A1")),
        HandStep(t + 2.305, Force("A1", 1)),
        HandStep(t + 2.306, Force("A1", None)),
        HandStep(t + 2.47, PutStone("B1", ROBOT_R, ROBOT_R)),
        HandStep(t + 2.917, LiftStone("stock:l:2")),
        HandStep(t + 2.917, Force("stock:l:2", 1)),
        HandStep(t + 2.92, Force("stock:l:2", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert not of(MovesTakenBack, notices) and not prompts(notices)
    assert commits(notices) == ["w@B1", "b@B2", "R:A1-B1"]
