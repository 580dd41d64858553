"""Issue 78's independent hands: a piece the record set down, its player's next lift
made only after the reply was set down whole and the board rested on it (committed).
However early the reply began (the board then reads the mover's hand as perhaps going
on after it), a player does not go on with a move the opponent has answered: the
piece's next lift is a new move, and the moves before it are neither taken back nor
asked about. Each case is replayed through the
real scanner, debouncer, recognizer and controller from the hands' own steps, and fails
on the code before its fix; the players answer every question with the move they
played. The cases the earlier rounds fixed, a piece moved on as the reply began
(``test_no_amend_window.py``) or before it (``test_set_down_first.py``), stay asked."""

from __future__ import annotations

import pytest

from engine.physical import Stone
from engine.shogi import SHOGI
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import MovesTakenBack
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone
from tests.engine.recognition.test_held_in_the_air import dobutsu, record
from tests.engine.recognition.test_set_down_first import played_answering
from tests.firmware_host.simkit import commits, make_sim, of

SEED_870036 = "lnsgkgsnl/1r5b1/pppp1pppp/4p4/9/9/PPPPPPPPP/1B2G2R1/LNS1KGSNL b - 3"
"""The position the independent hands' shogi seed 870036 began from."""

GOTE_ROOK, GOTE_PAWN = Stone("R", 1), Stone("P", 1)
SENTE_KING, SENTE_BISHOP, SENTE_PAWN = Stone("K", 0), Stone("B", 0), Stone("P", 0)
GOTE_LION, SENTE_LION = Stone("L", 1), Stone("L", 0)


def shogi(profile: str) -> Simulation:
    return make_sim(profile, position=SEED_870036, noise=Noise.none(), game=SHOGI)


def seed_870036(t: float) -> list[HandStep]:
    """The hands of seed 870036 from ``t`` (the hands' 0.16 s): sente 7g7f; gote's rook
    8b6b, sente's king lifted 0.24 s after it landed and set on 4h; sente's bishop
    touched; 3.75 s after it landed the rook lifted from 6b, set on 3b (0.6 s), then on
    4b; sente's bishop 8h4d, and gote's pawn takes it, pushing it aside onto 4e first."""
    steps: list[tuple[float, LiftStone | PutStone]] = [
        (0.0, LiftStone("7g")),
        (0.05, PutStone("7f", SENTE_PAWN, SENTE_PAWN)),
        (2.356, LiftStone("8b")),
        (3.371, PutStone("6b", GOTE_ROOK, GOTE_ROOK)),  # 8b6b
        (3.613, LiftStone("5i")),  # the reply begun 0.24 s after the landing
        (4.056, PutStone("4h", SENTE_KING, SENTE_KING)),  # 5i4h
        (5.067, LiftStone("8h")),
        (6.768, PutStone("8h", SENTE_BISHOP, SENTE_BISHOP)),  # touched, set back
        (7.123, LiftStone("6b")),  # the rook again, the reply long whole
        (8.377, PutStone("3b", GOTE_ROOK, GOTE_ROOK)),
        (8.977, LiftStone("3b")),
        (9.241, PutStone("4b", GOTE_ROOK, GOTE_ROOK)),  # 6b4b
        (10.875, LiftStone("8h")),
        (11.380, PutStone("4d", SENTE_BISHOP, SENTE_BISHOP)),  # 8h4d
        (13.983, LiftStone("4c")),
        (14.217, LiftStone("4d")),
        (14.244, PutStone("4e", SENTE_BISHOP, SENTE_BISHOP)),  # the victim pushed aside
        (14.269, PutStone("4d", GOTE_PAWN, GOTE_PAWN)),  # 4c4d
        (15.413, LiftStone("4e")),
        (15.513, PutStone("hand:w:B", SENTE_BISHOP, Stone("B", 1))),
    ]
    return [HandStep(t + at, action) for at, action in steps]


@pytest.mark.parametrize("profile", ["sim-shogi", "sim-shogi-mux"])
def test_a_rook_lifted_after_the_reply_was_set_down_is_a_new_move(profile: str) -> None:
    """Seed 870036 at its own pace: the rook's rest on 6b was read as a piece set down on
    its way to 3b, from before 8b6b, since sente's hand began 0.24 s after the rook
    landed. Both 8b6b and 5i4h were taken back and asked (8b3b or 8b6b) while the hands
    went on, and once answered the board was out of step. The rook's move on from 6b is
    gote's next move; only its rest on 3b is asked."""
    sim = shogi(profile)
    start = len(sim.notices)
    played = ["7g7f", "8b6b", "5i4h", "6b4b", "8h4d", "4c4d"]
    asked = played_answering(sim, seed_870036(sim.now + 0.1), played)
    notices = sim.notices[start:]
    assert not [taken for taken in of(MovesTakenBack, notices) if taken.plies > 1], notices
    assert commits(notices)[:4] == ["7g7f", "8b6b", "5i4h", "6b3b"], notices
    assert asked == ["6b3b 6b4b"], asked  # the rook's rest on 3b: a real choice
    assert record(sim) == played, notices


@pytest.mark.parametrize("reply_after", [0.05, 0.24])
@pytest.mark.parametrize("again_after", [1.0, 1.5, 3.0])
@pytest.mark.parametrize("rests_on_3b", [False, True])
def test_a_rook_moved_on_after_the_reply_is_never_asked_with_its_move(
    reply_after: float, again_after: float, rests_on_3b: bool
) -> None:
    """Other paces of the same: the reply begun ``reply_after`` seconds after the rook
    landed on 6b (before the board could show 8b6b at rest), the rook lifted again
    ``again_after`` seconds after the king landed (the board resting on 5i4h and
    committing it meanwhile), straight to 4b or resting on 3b on its way. Neither 8b6b
    nor 5i4h is taken back or asked about."""
    sim = shogi("sim-shogi")
    t = sim.now + 0.1
    landed = t + 1.5
    reply = landed + reply_after
    again = reply + 0.45 + again_after
    steps = [
        HandStep(t, LiftStone("7g")),
        HandStep(t + 0.05, PutStone("7f", SENTE_PAWN, SENTE_PAWN)),
        HandStep(t + 0.5, LiftStone("8b")),
        HandStep(landed, PutStone("6b", GOTE_ROOK, GOTE_ROOK)),
        HandStep(reply, LiftStone("5i")),
        HandStep(reply + 0.45, PutStone("4h", SENTE_KING, SENTE_KING)),
        HandStep(again, LiftStone("6b")),
    ]
    if rests_on_3b:
        steps += [
            HandStep(again + 0.8, PutStone("3b", GOTE_ROOK, GOTE_ROOK)),
            HandStep(again + 1.4, LiftStone("3b")),
        ]
    steps.append(HandStep(again + 1.7, PutStone("4b", GOTE_ROOK, GOTE_ROOK)))
    start = len(sim.notices)
    played = ["7g7f", "8b6b", "5i4h", "6b4b"]
    asked = played_answering(sim, steps, played)
    notices = sim.notices[start:]
    assert not [taken for taken in of(MovesTakenBack, notices) if taken.plies > 1], notices
    assert asked == (["6b3b 6b4b"] if rests_on_3b else []), asked  # the rest on 3b only
    assert commits(notices)[:3] == played[:3], notices
    assert record(sim) == played, notices


@pytest.mark.parametrize("again_after", [1.0, 2.0])
def test_a_lion_moved_on_after_an_early_reply_was_set_down_is_a_new_move(
    again_after: float,
) -> None:
    """Robot Duel: gote's lion 2d2c, sente's lion lifted 0.15 s after it landed and set
    on 2a; ``again_after`` seconds after that landing gote lifts its lion from 2c and
    sets it on 1c, a cell it could have reached from 2d. Gote's next move: 2d2c was
    taken back with 3b2a and asked (2d1c or 2d2c), though sooner lifts, as the reply
    landed, asked nothing."""
    sim = dobutsu("g1E/LC1/c2/ElG w - 12")
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("2d")),
        HandStep(t + 0.5, PutStone("2c", GOTE_LION, GOTE_LION)),
        HandStep(t + 0.65, LiftStone("3b")),
        HandStep(t + 1.05, PutStone("2a", SENTE_LION, SENTE_LION)),
        HandStep(t + 1.05 + again_after, LiftStone("2c")),
        HandStep(t + 1.55 + again_after, PutStone("1c", GOTE_LION, GOTE_LION)),
    ]
    start = len(sim.notices)
    played = ["2d2c", "3b2a", "2c1c"]
    asked = played_answering(sim, steps, played)
    notices = sim.notices[start:]
    assert asked == [], asked
    assert not of(MovesTakenBack, notices), notices
    assert commits(notices) == played, notices
    assert record(sim) == played, notices
