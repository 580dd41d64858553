"""The board's sensor model decides how far apart a piece's landing and its own departure
must be for their order to count (``engine.recognition.sensors``), and the invariants the
recognizer keeps whatever the order: a board at rest that a move explains is asked about,
never out of step, and a committed move is never replaced unasked."""

from __future__ import annotations

import pytest

from engine.dobutsu.board import DobutsuMove
from engine.physical import EMPTY, PRESENT, Sensing, Spot
from engine.recognition.answers import Ambiguous, Commit, OutOfStep, Reread, Timing, Unplayed
from engine.recognition.recognizer import Recognizer
from engine.recognition.sensors import (
    BOUNCE,
    WIDEST,
    Blur,
    SensorKind,
    SensorModel,
    SensorModelError,
)
from engine.registry import find_game

DOBUTSU = find_game("dobutsu")
ABALONE = find_game("abalone")


def test_a_reach_past_half_the_pitch_reads_a_slid_piece_on_both_cells() -> None:
    """A profile of before builds, as spheres of reach: pitch 30 mm, sensors 6 mm under
    the magnet, operate 17 mm and release 20 mm reach 15.9 and 19.1 mm along the surface,
    5 mm more than the pitch between them."""
    model = SensorModel.of_reach(
        SensorKind.HALL, pitch_mm=30.0, depth_mm=6.0, operate_mm=17.0, release_mm=20.0
    )
    assert model.overlap_mm == pytest.approx(4.98, abs=0.01)
    assert model.gap_mm == 0.0
    assert model.departs_mm == pytest.approx(19.08, abs=0.01)
    assert model.overlap_s == pytest.approx(model.overlap_mm / 40.0)
    assert model.order_margin == pytest.approx(model.overlap_s + BOUNCE)


def test_a_short_reach_leaves_a_gap_and_only_bounce_blurs_the_order() -> None:
    model = SensorModel(SensorKind.REED, pitch_mm=36.0, overlap_mm=0.0, gap_mm=9.0, departs_mm=7.0)
    assert model.gap_s == pytest.approx(9.0 / 40.0)
    assert model.departure_s == pytest.approx(7.0 / 40.0)
    assert model.order_margin == BOUNCE


def test_a_measured_overlap_replaces_the_builds() -> None:
    model = SensorModel(
        SensorKind.HALL,
        pitch_mm=30.0,
        overlap_mm=5.0,
        gap_mm=0.0,
        departs_mm=19.0,
        measured_overlap_s=0.3,
    )
    assert model.overlap_s == 0.3
    assert model.order_margin == pytest.approx(0.35)


@pytest.mark.parametrize(
    ("operate", "release", "depth", "why"),
    [
        (17.0, 15.0, 6.0, "shorter than operate"),
        (5.0, 8.0, 6.0, "does not reach a piece at rest"),
        (20.0, 31.0, 6.0, "reaches a piece at rest on the next cell"),
    ],
)
def test_a_reach_no_board_can_have_is_refused(
    operate: float, release: float, depth: float, why: str
) -> None:
    with pytest.raises(SensorModelError, match=why):
        SensorModel.of_reach(
            SensorKind.HALL, pitch_mm=30.0, depth_mm=depth, operate_mm=operate, release_mm=release
        )


@pytest.mark.parametrize(
    ("figures", "why"),
    [
        ({"overlap_mm": -1.0}, "must not be negative"),
        ({"overlap_mm": 31.0}, "spans the pitch"),
        ({"pitch_mm": 0.0}, "must be positive"),
    ],
)
def test_figures_no_build_can_have_are_refused(figures: dict[str, float], why: str) -> None:
    given = {"pitch_mm": 30.0, "overlap_mm": 0.0, "gap_mm": 0.0, "departs_mm": 5.0} | figures
    with pytest.raises(SensorModelError, match=why):
        SensorModel(
            SensorKind.HALL,
            pitch_mm=given["pitch_mm"],
            overlap_mm=given["overlap_mm"],
            gap_mm=given["gap_mm"],
            departs_mm=given["departs_mm"],
        )


def test_the_blur_applies_between_neighbours_only() -> None:
    """A piece between two neighbours may read on both; a landing two cells from where
    its piece left came after it, give or take bounce."""
    blur = Blur(0.3, ABALONE.geometry)
    assert blur("A2", "A1") == 0.3
    assert blur("B2", "A1") == 0.3
    assert blur("A3", "A1") == BOUNCE
    assert Blur(0.3)("A3", "A1") == 0.3  # no geometry: every pair may be neighbours


def test_the_default_timing_is_the_widest_geometry() -> None:
    assert Timing().order == WIDEST.order_margin


GAME_START = "gle/1c1/1C1/ELG b - 1"


def _board(timing: Timing) -> tuple[Recognizer[DobutsuMove], dict[Spot, int]]:
    position = DOBUTSU.position(GAME_START, {})
    recognizer: Recognizer[DobutsuMove] = Recognizer(
        Sensing.OCCUPANCY, frozenset(DOBUTSU.cells), timing
    )
    recognizer.reset(position, [], 0.0)
    return recognizer, dict(position.expected_frame(Sensing.OCCUPANCY))


@pytest.mark.parametrize("lead", [0.03, 0.1, 0.2])
def test_a_piece_read_on_its_new_cell_before_its_old_one_let_go_is_committed(
    lead: float,
) -> None:
    """Sente's lion slid 2d-1c on a board whose sensors blur the order by 0.3 s: 1c reads
    it ``lead`` before 2d lets go (a 50 ms margin missed such a move once it led by more).
    """
    recognizer, frame = _board(Timing(order=0.3))
    frame["1c"] = PRESENT
    recognizer.observe(frame, 1.0)
    frame["2d"] = EMPTY
    recognizer.observe(frame, 1.0 + lead)
    move = DOBUTSU.position(GAME_START, {}).read_move("2d1c")
    assert recognizer.assess(1.0 + lead + 0.5) == Commit(move)


def test_a_landing_beyond_the_blur_is_asked_about_at_rest_never_out_of_step() -> None:
    """The same slide on a board whose sensors never read a piece on two cells: its
    landing 0.2 s before its piece left is no order a hand makes with one piece, but the
    board at rest shows the move and nothing else: it is asked (the move, or its landing
    only set down), never out of step, however long it rests."""
    recognizer, frame = _board(Timing(order=BOUNCE))
    frame["1c"] = PRESENT
    recognizer.observe(frame, 1.0)
    frame["2d"] = EMPTY
    recognizer.observe(frame, 1.2)
    move = DOBUTSU.position(GAME_START, {}).read_move("2d1c")
    for now in (1.7, 5.0, 60.0):
        assessment = recognizer.assess(now)
        assert not isinstance(assessment, OutOfStep)
        assert assessment == Ambiguous((move,), Unplayed("1c"))


def test_a_committed_move_is_replaced_only_through_a_prompt_offering_it() -> None:
    """A reading again that would put another move in a committed one's place, the hand
    not having gone on with its piece, asks between the two."""
    position = DOBUTSU.position(GAME_START, {})
    recognizer: Recognizer[DobutsuMove] = Recognizer(
        Sensing.OCCUPANCY, frozenset(DOBUTSU.cells), Timing()
    )
    recognizer.reset(position, [], 0.0)
    played = position.read_move("2d1c")
    instead = position.read_move("2d3c")
    after = position.copy()
    after.push(played)
    recognizer.reset(after, [position.expected_frame(Sensing.OCCUPANCY)], 1.0)
    asked = recognizer._never_replaced_unasked(Reread(1, (instead,)))
    assert asked == Reread(1, (), (instead, played))
    kept = Reread(1, (played, after.read_move("2a2b")))
    assert recognizer._never_replaced_unasked(kept) == kept


def test_a_piece_slid_across_a_cell_reads_there_as_long_as_its_reach_both_ways() -> None:
    """From its first reading to its last, a piece slid across a cell travels as far before
    the centre as after it (``departs_mm``, a reed's far lobe included): at the slowest
    hand, 2 x 19.08 mm at 40 mm/s."""
    model = SensorModel.of_reach(
        SensorKind.HALL, pitch_mm=30.0, depth_mm=6.0, operate_mm=17.0, release_mm=20.0
    )
    assert model.pass_s == pytest.approx(2 * 19.08 / 40.0, abs=0.001)
    slower = SensorModel.of_reach(
        SensorKind.HALL,
        pitch_mm=30.0,
        depth_mm=6.0,
        operate_mm=17.0,
        release_mm=20.0,
        slowest_mm_s=20.0,
    )
    assert slower.pass_s == pytest.approx(2 * model.pass_s)
