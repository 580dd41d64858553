"""Abalone played on the simulated board: real scanner, debouncer, recognizer and
controller, hands with realistic noise, simulated time."""

from __future__ import annotations

import random
from typing import cast

import pytest

from drivers.buttons import ButtonRole
from engine.abalone import ABALONE
from engine.abalone.position import AbalonePosition
from engine.physical import EMPTY, Stone
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    GameEnded,
    IllegalShown,
    MoveCommitted,
    MovesTakenBack,
    Notice,
    OutOfStepShown,
    PromptOpened,
)
from firmware_host.session.actions import Select
from firmware_host.session.state import HeldChoice, Phase
from firmware_host.store.storage import GameStore
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone
from hardware.profile import load_profile
from tests.engine.abalone.helpers import is_push, text
from tests.firmware_host.simkit import make_sim

B, W = Stone("b", 0), Stone("w", 1)
# Black's E7 can push a white marble off along row E (E9) or up the diagonal (G9).
TWO_PUSH_OFFS = text({"E7": "b", "E8": "b", "E9": "w", "F8": "b", "G9": "w", "I5": "w", "A1": "b"})


def simulation(
    position: str | None = None,
    *,
    profile: str = "sim-abalone",
    noise: Noise | None = None,
    seed: int = 0,
    options: dict[str, str] | None = None,
) -> Simulation:
    sim = Simulation(
        ABALONE,
        load_profile(profile, ABALONE),
        GameStore(":memory:"),
        resume=False,
        position=position,
        options=options,
        noise=Noise.realistic() if noise is None else noise,
        seed=seed,
    )
    sim.settle()
    assert sim.controller.phase is Phase.PLAY
    return sim


def committed(notices: list[Notice]) -> list[str]:
    return [n.move for n in notices if isinstance(n, MoveCommitted)]


def play(sim: Simulation, move: str) -> None:
    """The hands play ``move``; it must be committed as such, and nothing else shown."""
    notices = sim.perform(move)
    assert committed(notices) == [move], notices
    assert not [n for n in notices if isinstance(n, IllegalShown | OutOfStepShown | MovesTakenBack)]
    assert sim.world.matches(sim.controller.position.layout())


@pytest.mark.parametrize("seed", range(4))
def test_in_line_moves_of_one_two_and_three(seed: int) -> None:
    sim = simulation(seed=seed)
    # three black marbles, three white ones, then single marbles
    for move in ("A1B2", "I5H5", "B6C6", "H4G4", "C6D6"):
        play(sim, move)
    assert (
        sim.controller.position.text() == "1wwww/1wwwww/1wwww2/3w4/9/3b1b2/2bbb2/bbbbb1/1bbbb w 0 0"
    )


@pytest.mark.parametrize("seed", range(4))
def test_broadside_moves(seed: int) -> None:
    sim = simulation(seed=seed)
    play(sim, "C3C5D4")  # three marbles north-east
    play(sim, "G5G7F4")  # three white marbles south-west
    play(sim, "D4D5E4")  # two marbles north-west
    assert sim.controller.position.text() == "wwwww/wwwwww/7/2www3/3bb4/5b2/7/bbbbbb/bbbbb w 0 0"


@pytest.mark.parametrize(
    ("pieces", "move", "lost"),
    [
        ({"E3": "b", "E4": "b", "E5": "w"}, "E3E4", 0),  # 2 push 1
        ({"E2": "b", "E3": "b", "E4": "b", "E5": "w"}, "E2E3", 0),  # 3 push 1
        ({"E2": "b", "E3": "b", "E4": "b", "E5": "w", "E6": "w"}, "E2E3", 0),  # 3 push 2
        ({"E7": "b", "E8": "b", "E9": "w"}, "E7E8", 1),  # 2 push 1 off
        ({"E6": "b", "E7": "b", "E8": "b", "E9": "w"}, "E6E7", 1),  # 3 push 1 off
        ({"E5": "b", "E6": "b", "E7": "b", "E8": "w", "E9": "w"}, "E5E6", 1),  # 3 push 2 off
        ({"A1": "b", "B2": "b", "C3": "w"}, "A1B2", 0),  # diagonal 2 push 1
    ],
)
@pytest.mark.parametrize("seed", range(3))
def test_every_sumito(pieces: dict[str, str], move: str, lost: int, seed: int) -> None:
    sim = simulation(text({**pieces, "I5": "w", "A5": "b"}), seed=seed)
    play(sim, move)
    assert cast(AbalonePosition, sim.controller.position).lost(1) == lost
    if lost:
        assert sim.world.layout()["gutter:w:1"] == (W,)


def test_a_push_off_is_seen_in_a_sensed_gutter() -> None:
    sim = simulation(
        text({"E7": "b", "E8": "b", "E9": "w", "I5": "w"}), profile="sim-abalone-gutters"
    )
    play(sim, "E7E8")
    assert sim.world.reading("gutter:w:1") != EMPTY
    assert sim.controller.recognizer.expected["gutter:w:1"] != EMPTY


def push_off(sim: Simulation, line: str, *, blink: str | None) -> list[Notice]:
    """Black pushes a white marble off from E7 by hand: the rear marble is lifted, the
    white marble at the front drops into the gutter, and a black one takes its hole
    (invisibly, since a marble replaces a marble). With ``blink``, a marble of the
    pushed line rolls slowly enough for its switch to open for a moment."""
    front = {"row": "E9", "diagonal": "G9"}[line]
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("E7")),
        HandStep(t + 0.20, LiftStone(front)),
        HandStep(t + 0.20, PutStone(front, B, B)),  # the same instant: no sensor sees it
        HandStep(t + 0.30, PutStone("gutter:w:1", W, W)),
    ]
    if blink is not None:
        steps += [HandStep(t + 0.15, Force(blink, EMPTY)), HandStep(t + 0.22, Force(blink, None))]
    notices = sim.run(sorted(steps, key=lambda s: s.at))
    return notices + sim.settle()


@pytest.mark.parametrize(
    ("line", "blink", "expected"),
    [
        ("row", "E8", "E7E8"),
        ("row", "E9", "E7E8"),
        ("diagonal", "F8", "E7F8"),
        ("diagonal", "G9", "E7F8"),
    ],
)
def test_a_touched_line_is_no_proof_between_two_push_offs(
    line: str, blink: str, expected: str
) -> None:
    """A marble of the pushed line seen to blink is what a knock put back makes too: the
    two push-offs are both asked (issue 44: a knock on the other line once left the
    pushed one out of the question), and the answer is played."""
    sim = simulation(TWO_PUSH_OFFS)
    notices = push_off(sim, line, blink=blink)
    prompts = [n.choices for n in notices if isinstance(n, PromptOpened)]
    assert prompts == [("E7E8", "E7F8")]
    assert committed(notices + sim.send(Select(expected))) == [expected]
    assert sim.world.matches(sim.controller.position.layout())


@pytest.mark.parametrize(
    ("line", "knocked", "expected"), [("row", "F8", "E7E8"), ("diagonal", "E8", "E7F8")]
)
def test_a_knock_on_the_other_line_leaves_the_push_off_made_among_the_choices(
    line: str, knocked: str, expected: str
) -> None:
    """Issue 44: the line slid (nothing of it touched) and a marble of the other line
    knocked and put back: the prompt offered only the other push-off."""
    sim = simulation(TWO_PUSH_OFFS)
    notices = push_off(sim, line, blink=knocked)
    prompts = [n.choices for n in notices if isinstance(n, PromptOpened)]
    assert prompts and expected in prompts[-1]
    assert committed(notices) == []
    assert committed(sim.send(Select(expected))) == [expected]


@pytest.mark.parametrize(("line", "choice"), [("row", "E7E8"), ("diagonal", "E7F8")])
def test_an_untouched_push_off_is_asked_and_answered(line: str, choice: str) -> None:
    """Neither push-off touched: both are asked, beside E7's marble still in the hand
    (the same board, issue 44)."""
    sim = simulation(TWO_PUSH_OFFS)
    notices = push_off(sim, line, blink=None)
    prompts = [n for n in notices if isinstance(n, PromptOpened)]
    assert [p.choices for p in prompts] == [("E7E8", "E7F8", HeldChoice.NAME)]
    assert committed(notices) == []
    assert sim.controller.phase is Phase.PROMPT
    answered = sim.send(Select(choice))
    assert committed(answered) == [choice]
    assert sim.world.matches(sim.controller.position.layout())
    phase: Phase = sim.controller.phase  # read afresh after the action
    assert phase is Phase.PLAY


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("move", ["E7E8", "E7F8"])
def test_noisy_hands_push_off_the_intended_line(move: str, seed: int) -> None:
    """The mock hands carry the pushed-off marble to the gutter and put the pusher's
    marble in its hole: that hole is touched, which names the line (a knocked
    neighbour may still make it a prompt, answered here)."""
    sim = simulation(TWO_PUSH_OFFS, seed=seed)
    notices = sim.perform(move)
    for prompt in [n for n in notices if isinstance(n, PromptOpened)]:
        assert prompt.choices == ("E7E8", "E7F8")
        notices += sim.send(Select(move))
    assert committed(notices) == [move]
    assert sim.world.matches(sim.controller.position.layout())


def test_polarity_needs_no_prompt_for_the_same_push_off() -> None:
    sim = simulation(TWO_PUSH_OFFS, profile="sim-abalone-polarity")
    notices = push_off(sim, "diagonal", blink=None)
    assert committed(notices) == ["E7F8"]


@pytest.mark.parametrize("order", [(0, 1, 2), (2, 1, 0), (1, 2, 0), (2, 0, 1)])
def test_marbles_settle_in_any_order(order: tuple[int, int, int]) -> None:
    """A broadside of three: lifted one by one, put down in any order."""
    sim = simulation()
    sources, targets = ("C3", "C4", "C5"), ("D4", "D5", "D6")
    t = sim.now
    steps = [HandStep(t + 0.1 * (i + 1), LiftStone(sources[i])) for i in order]
    steps += [HandStep(t + 0.4 + 0.1 * k, PutStone(targets[i], B, B)) for k, i in enumerate(order)]
    notices = sim.run(steps) + sim.settle()
    assert committed(notices) == ["C3C5D4"]


def test_a_pac_push_is_named_not_played() -> None:
    sim = simulation(text({"E3": "b", "E4": "b", "E5": "w", "E6": "w", "I5": "w"}))
    t = sim.now
    steps = [HandStep(t + 0.1, LiftStone("E3")), HandStep(t + 0.2, PutStone("E7", B, B))]
    notices = sim.run(steps) + sim.settle()
    illegal = [n for n in notices if isinstance(n, IllegalShown)]
    assert [(n.move, str(n.reason)) for n in illegal] == [("E3E4", "2 cannot push 2 (pac)")]
    assert committed(notices) == []


def soak(seed: int, plies: int, layout: str = "standard") -> tuple[int, int, bool]:
    """A noisy random game: the board's record is always the moves played. A question
    may be about an earlier ply than the last move (a marble moved twice by one player
    around the other's move reads, at rest, as one inline push: the board reads the
    plies again and asks from the first it doubts); the players answer each with the
    move they made at the ply it asks about, which it must offer. Returns (moves
    played, prompts answered, whether the game was won)."""
    rng = random.Random(seed)
    sim = simulation(seed=seed, options={"layout": layout})
    prompts = 0
    played: list[str] = []
    for _ in range(plies):
        position = cast(AbalonePosition, sim.controller.position)
        moves = list(position.legal_moves())
        if not moves:
            break
        pushes = [m for m in moves if is_push(position, m)]
        move = position.move_text(rng.choice(pushes if pushes and rng.random() < 0.6 else moves))
        played.append(move)
        notices = sim.perform(move)
        while sim.controller.phase is Phase.PROMPT:
            asked = len(sim.controller.position.move_stack)  # the ply it asks about
            assert played[asked] in sim.controller.prompt_choices, (played[asked:], notices)
            prompts += 1
            assert prompts <= 2 * len(played), notices  # every question is answered once
            notices += sim.send(Select(played[asked]))
            notices += sim.settle()
        assert list(sim.controller.position.played().moves) == played, (played[-3:], notices)
        assert not [n for n in notices if isinstance(n, IllegalShown | OutOfStepShown)]
        assert sim.world.matches(sim.controller.position.layout())
        if any(isinstance(n, GameEnded) for n in notices):
            assert sim.controller.position.outcome() is not None
            break
    ended = sim.controller.phase is Phase.GAME_OVER
    return len(sim.controller.position.move_stack), prompts, ended


@pytest.mark.parametrize(("seed", "layout"), [(1, "standard"), (2, "belgian")])
def test_noisy_random_games_never_commit_a_wrong_move(seed: int, layout: str) -> None:
    played, _, ended = soak(seed, 40, layout)
    assert played == 40 and not ended


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 22))
def test_many_noisy_random_games_never_commit_a_wrong_move(seed: int) -> None:
    layout = ("standard", "belgian", "german")[seed % 3]
    played, _, ended = soak(seed, 400, layout)
    assert ended or played == 400
    assert played > 20


# --- clocks (issue 5: time limits of 10 or 15 minutes per player) ------------------------


def clocked(limit: str) -> Simulation:
    profile = load_profile("sim-abalone", ABALONE)
    store = GameStore(":memory:")
    return Simulation(ABALONE, profile, store, resume=False, settings={"clock": limit})


def test_only_the_mover_s_clock_runs_and_the_clock_button_passes_the_turn() -> None:
    sim = clocked("10m")
    clock = sim.controller.clock
    assert clock is not None and clock.running == 0
    sim.advance(30)
    black, white = clock.remaining(sim.now)
    assert black == pytest.approx(600 - 30, abs=0.2) and white == 600
    # a one-marble move, then the clock button at once: no waiting for the board to rest
    sim.world.lift("C3")
    sim.world.place("D4")
    sim.advance(0.05)
    pressed = sim.press(ButtonRole.CLOCK)
    assert [n.move for n in pressed if isinstance(n, MoveCommitted)] == ["C3D4"]
    assert clock.running == 1
    sim.advance(20)
    black2, white2 = clock.remaining(sim.now)
    assert black2 == pytest.approx(black - 0.05, abs=0.2)
    assert white2 == pytest.approx(600 - 20, abs=0.2)


def test_a_flag_fall_ends_the_game() -> None:
    sim = clocked("90s")
    sim.perform("C3D4")
    ended = [n for n in sim.advance(91) if isinstance(n, GameEnded)]
    assert len(ended) == 1
    assert ended[0].outcome.termination.name == "TIME_FORFEIT"
    assert ended[0].outcome.winners == frozenset({0})  # white's time ran out


def test_a_knock_on_a_marble_set_down_does_not_keep_its_line_from_being_done_first() -> None:
    """From the drawn soak (seed 23, Abalone move 1859): white moved the broadside
    B5B6C6 one marble at a time, B5 to C6, then B6 to C7 three seconds later, after the
    board had committed B5C6; black, white and black again moved at once after it, and
    black's hand on its way from D6 to C5 brushed C6 (off and back in 0.06 s). The board
    read the broadside and the three moves from before B5C6, but judged the broadside
    not done before the reply began, for C6's last change came after the reply's first:
    it went out of step, B5C6 in the record. A moment away and back on a cell (a knock,
    a piece carried over) does not say when its move was done. B5C6 rested longer than
    the board waits for a line to go on (``Timing.extend``): committed, it is asked about
    when the line goes on (issue 78: never replaced unasked), the question stays open
    while the next hands go on, and answered, the moves after it are read."""
    sim = make_sim(
        "sim-abalone",
        position="bww2/1b3b/7/b5w1/w2w5/1w1b1bbb/3w3/1b1bww/1wb2 b 3 4",
        noise=Noise.none(),
        game=ABALONE,
    )
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("F2")),
        HandStep(t + 0.245, PutStone("G3", B, B)),
        HandStep(t + 0.638, LiftStone("B5")),
        HandStep(t + 0.842, PutStone("C6", W, W)),
        HandStep(t + 3.729, LiftStone("B6")),
        HandStep(t + 3.810, PutStone("C7", W, W)),
        HandStep(t + 4.091, LiftStone("D6")),
        HandStep(t + 4.166, PutStone("C5", B, B)),
        HandStep(t + 4.358, Force("C6", 0)),
        HandStep(t + 4.418, Force("C6", None)),
        HandStep(t + 4.514, LiftStone("F8")),
        HandStep(t + 4.726, PutStone("G8", W, W)),
        HandStep(t + 5.761, LiftStone("G3")),
        HandStep(t + 5.940, PutStone("H4", B, B)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert [n.choices for n in notices if isinstance(n, PromptOpened)] == [("B5B6C6", "B5C6")]
    assert sim.controller.prompt_choices == ("B5B6C6", "B5C6")  # open, the hands done
    sim.send(Select("B5B6C6"))
    sim.settle()
    assert list(sim.controller.record().moves) == ["F2G3", "B5B6C6", "D6C5", "F8G8", "G3H4"]
    assert sim.controller.phase is Phase.PLAY
