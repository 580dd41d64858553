"""The post-game review from the worst moves: the finished game's moves are judged in
the background by the coach's judge, ``worst`` and ``next-worst`` step through them
worst first, the LEDs light the engine's better move, and the judgement is kept
with the stored game."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pytest

from engine.search.types import Quality
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import Refused, ReviewShown
from firmware_host.opponents.thinking import InlineThinker
from firmware_host.session.actions import Resign, Review
from firmware_host.session.review import Review as Reviewed
from firmware_host.session.review import ReviewError, worst_first
from firmware_host.session.state import Phase
from firmware_host.store.review_notes import MoveNote, read_notes
from firmware_host.telling.legend import SLOW_BLINK_PERIOD, Meaning
from tests.firmware_host.opponents.fakes import Always, ListedPlayer
from tests.firmware_host.simkit import lit, make_sim, of

MOVES = ("2c2b", "1a2b", "1d1c", "2b3c")
VALUES = {"2c2b": 0.4, "2d3c": 0.4, "1a2b": -0.2, "1d1c": -0.5}
"""Move 3 (1d1c) loses beside 2d3c; move 2 (1a2b) is doubtful; the others are best."""


def finished(settings: Mapping[str, str]) -> Simulation:
    sim = make_sim(settings=settings, thinker=InlineThinker(Always(ListedPlayer(VALUES))))
    for move in MOVES:
        sim.perform(move)
    sim.send(Resign())
    assert sim.controller.phase is Phase.GAME_OVER
    return sim


def step(sim: Simulation, word: str) -> int:
    shown = of(ReviewShown, sim.send(Review(word)))
    assert len(shown) == 1
    return shown[0].ply


def hint_lit(sim: Simulation) -> set[str]:
    """The cells lit in the hint's colour over a slow blink's period."""
    seen: set[str] = set()
    for _ in range(8):
        sim.advance(SLOW_BLINK_PERIOD / 4)
        seen |= lit(sim, Meaning.HINT)
    return seen


def test_the_review_starts_from_the_worst_move_and_lights_the_better_one() -> None:
    sim = finished({"coach": "on"})  # the coach judges the game as soon as it ends
    assert step(sim, "worst") == 3
    assert lit(sim, Meaning.LAST_MOVE) == {"1d", "1c"}
    assert hint_lit(sim) == {"2d", "3c"}  # the engine's better move, blinking slowly
    review = sim.controller.review
    assert review is not None and review.note is not None
    assert (review.note.quality, review.note.better) == (Quality.LOSING, "2d3c")
    assert step(sim, "next-worst") == 2
    refused = of(Refused, sim.send(Review("next-worst")))
    assert [str(n.reason) for n in refused] == ["no move judged worse than the best is left"]


def test_the_judgement_is_kept_with_the_stored_game() -> None:
    sim = finished({"coach": "on"})
    stored = sim.controller.store.load(sim.controller.game_id)
    notes = {note.ply: note for note in read_notes(stored.settings)}
    assert sorted(notes) == [1, 2, 3, 4]
    assert notes[3].comment() == "losing; better 2d3c"
    assert notes[1].comment() == "best"
    record = sim.controller.record()
    assert record.comments[2] == "losing; better 2d3c"


def test_without_the_coach_the_first_step_starts_the_judging() -> None:
    sim = finished({})
    refused = of(Refused, sim.send(Review("worst")))  # asked before any move is judged
    assert ["still being worked out" in str(n.reason) for n in refused] == [True]
    assert step(sim, "worst") == 3  # judged in the background meanwhile


def test_worst_first_orders_by_quality_then_by_what_was_given_away() -> None:
    notes = {
        1: MoveNote(1, Quality.GOOD, 0.05, "a"),
        2: MoveNote(2, Quality.DOUBTFUL, 0.2, "b"),
        3: MoveNote(3, Quality.BEST, 0.0, None),
        4: MoveNote(4, Quality.DOUBTFUL, 0.25, "c"),
        5: MoveNote(5, Quality.LOSING, 0.4, "d"),
    }
    assert worst_first(notes) == (5, 4, 2, 1)


def test_worst_needs_judged_moves() -> None:
    review = Reviewed(1, ("a", "b"), (frozenset(), frozenset()), 2)
    with pytest.raises(ReviewError, match="not judged yet"):
        review.step("worst")
    best = MappingProxyType({1: MoveNote(1, Quality.BEST, 0.0, None)})
    with pytest.raises(ReviewError, match="as good as"):
        Reviewed(1, ("a", "b"), (frozenset(), frozenset()), 2, best).step("worst")
