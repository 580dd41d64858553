"""Every order and pace of the hands, drawn by hypothesis, on every game's simulated
boards (issues 44 and 60). Each example draws the board's sensors (``draw_model``: pitch,
depth, operate and release distances over the ranges real boards have, so that a piece
between two cells reads on both or on neither for 0-300 ms at a slow hand), a position,
a move the board can show, and how the hands make it (``hardware.mock.orders``: which
stone goes where, the order of every lift and landing two hands allow, pauses from 5 ms
to 3 s, bounce; ``hardware.mock.moving``: each stone lifted, slid or rolled as a body
at a drawn speed, a line of marbles pushed as one, a knocked neighbour set back, every
sensor reading from the magnet's distance), in one of four variants: as it comes, with
the next player's hand on the board before the mover's has left, with a stone held
15 s, and with the piece first set down where another legal move of it ends, then moved
on. Asserted every time (``tests/engine/recognition/orders_kit.py``):

- the record never holds a move that was not played (or that the hand did not rest on
  for the settle time: no sensor tells that from a finished move, and the record must
  then follow the hand);
- once the hands are off, the record is what was played, or a prompt is open whose
  choices include the next move played (answered, the board reads the rest);
- every prompt offers two readings at least, and the move played among them;
- a board whose sensors read what one legal move, or the line played, makes of the last
  committed position is never "out of step";
- a played move committed is replaced only through a prompt that offered it.

``make test`` runs a quick profile; ``make test-slow`` a long one. Shrunk failures are
kept as event-stream tests (test_fast_hands.py, test_overlapping_moves.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.registry import find_game
from hardware.mock.orders import Habits
from tests.engine.recognition.orders_kit import PROFILES, VARIANTS, replay_stream, trial


class Drawn:
    """A ``Chooser`` on hypothesis's draws: each choice shrinks towards the plainest
    (the first option, the shortest time, no habit)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def chance(self, probability: float) -> bool:
        if probability <= 0:
            return False
        if probability >= 1:
            return True
        return self.data.draw(st.floats(0, 1)) >= 1 - probability

    def index(self, count: int) -> int:
        return 0 if count == 1 else self.data.draw(st.integers(0, count - 1))

    def seconds(self, low: float, high: float) -> float:
        return self.data.draw(st.floats(low, high))


HABITS = {
    "plain": Habits(),
    "both": Habits(),
    "hold": Habits(hold_share=1.0),
    "correction": Habits(),
    "push": Habits(),
}
"""The hands of each variant: every habit at its share; ``hold``'s stone held 15 s."""

CHECKS = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
QUICK = settings(
    max_examples=25, deadline=None, suppress_health_check=CHECKS, derandomize=True, database=None
)
LONG = settings(
    max_examples=300, deadline=None, suppress_health_check=CHECKS, derandomize=True, database=None
)


def _check(name: str, variant: str, data: st.DataObject) -> None:
    chooser = Drawn(data)
    played = trial(find_game(name), chooser, variant, HABITS[variant])
    if played is not None:
        assert not played.faults, (
            played.board and played.board.build,
            played.played,
            played.record,
            played.faults,
        )


class Replayed:
    """A ``Chooser`` on the draws hypothesis printed for a shrunk failure."""

    def __init__(self, draws: list[float]) -> None:
        self.draws = iter(draws)

    def _next(self) -> float:
        return next(self.draws, 0)

    def chance(self, probability: float) -> bool:
        if probability <= 0:
            return False
        if probability >= 1:
            return True
        return self._next() >= 1 - probability

    def index(self, count: int) -> int:
        return 0 if count == 1 else int(self._next())

    def seconds(self, low: float, high: float) -> float:
        return min(max(float(self._next()), low), high)


SHRUNK = json.loads((Path(__file__).parent / "shrunk_orders.json").read_text())
"""Failures the long profile shrank, replayed from hypothesis's printed draws (each
failed on the code before its fix; ``why`` says what the board did). They were drawn
with the hands of lists (no sensor model), and are replayed with them; one marked
``bodies`` was drawn with the stones as bodies over a drawn build, and is replayed so."""


@pytest.mark.parametrize("case", sorted(SHRUNK))
def test_shrunk_failures_stay_fixed(case: str) -> None:
    shrunk = SHRUNK[case]
    variant = shrunk["variant"]
    played = trial(
        find_game(shrunk["game"]),
        Replayed(shrunk["draws"]),
        variant,
        HABITS[variant],
        bodies=shrunk.get("bodies", False),
    )
    assert played is not None
    assert not played.faults, (played.played, played.record, played.faults)


SHRUNK_STREAMS = json.loads((Path(__file__).parent / "shrunk_streams.json").read_text())
"""Failures shrunk with the hands that moved stones as bodies over sensors of one reach
(before issue 78's fields), kept as what the board's sensors then read, step by step
(recorded from the shrunk draws on the code of that time): each failed on the code before
its fix; ``why`` says what the board did."""


@pytest.mark.parametrize("case", sorted(SHRUNK_STREAMS))
def test_shrunk_failures_with_bodies_stay_fixed(case: str) -> None:
    recorded = SHRUNK_STREAMS[case]
    played = replay_stream(recorded)
    # the board read what it read then, change for change
    assert [[at, {s: r for s, r in frame.items() if r}] for at, frame in played.frames] == [
        [pytest.approx(at), frame] for at, frame in recorded["frames"]
    ]
    assert not played.faults, (played.played, played.record, played.faults)


CASES = [(name, variant) for name in sorted(PROFILES) for variant in VARIANTS]


@pytest.mark.parametrize(("name", "variant"), CASES)
@QUICK
@given(data=st.data())
def test_the_hands_in_any_order_and_pace(name: str, variant: str, data: st.DataObject) -> None:
    _check(name, variant, data)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variant"), CASES)
@LONG
@given(data=st.data())
def test_the_hands_in_any_order_and_pace_at_length(
    name: str, variant: str, data: st.DataObject
) -> None:
    _check(name, variant, data)
