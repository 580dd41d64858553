"""Chaturaji's hands as the drawn soak met them: the dice fixed to the soak's rolls, the
hand steps copied from it, times relative to the simulation's clock."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence

import pytest

from drivers.buttons import ButtonRole
from engine.chaturaji import CHATURAJI
from engine.chaturaji.moves import Roll
from engine.physical import PRESENT, Stone
from engine.recognition.sensors import WIDEST
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import IllegalShown, MovesTakenBack, Notice, PromptOpened
from firmware_host.session.actions import Select
from firmware_host.session.match import Match
from firmware_host.session.state import Phase
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone, Remove, Sense
from tests.firmware_host.simkit import commits, make_sim, of


def fixed_dice(monkeypatch: pytest.MonkeyPatch, faces: list[int]) -> None:
    """Every new roll from now on falls as ``faces`` has it, in turn."""
    falling: Iterator[int] = iter(faces)

    def fall(self: Match, outcomes: Sequence[Hashable]) -> Hashable:
        face = next(falling)
        assert Roll((face,)) in outcomes
        return Roll((face,))

    monkeypatch.setattr(Match, "fall", fall)


def board_at(monkeypatch: pytest.MonkeyPatch, position: str, faces: list[int]) -> Simulation:
    """The reed board with ``position`` on it, no noise, the dice falling as ``faces``."""
    fixed_dice(monkeypatch, faces)
    return make_sim("sim-chaturaji", position=position, noise=Noise.none(), game=CHATURAJI)


def answered(
    sim: Simulation, at: float, choices: set[str], answer: str
) -> tuple[list[str], list[Notice]]:
    """The question open at ``at`` offers ``choices``; answered ``answer``, the board
    reads on to rest. The record then, and what the board said."""
    sim.advance_to(at)
    asking = sim.controller.phase
    assert asking is Phase.PROMPT
    assert set(sim.controller.prompt_choices) == choices
    notices = sim.send(Select(answer)) + sim.settle() + sim.advance(6.0) + sim.settle()
    assert sim.controller.phase is Phase.PLAY, notices
    return list(sim.controller.record().moves), notices


def test_a_move_made_while_another_was_asked_about_is_not_read_again_from_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From the drawn soak (seed 19, Chaturaji move 1309): green's elephant c3-e3, then
    e3-d3 on green's next turn, set down 2.6 s after c3-e3 was committed, so the board
    asked whether c3-e3 had been c3-d3 (here lifted 0.1 s after green's next roll, as
    asked now: the soak's lift came 1.1 s after it, green's next move unasked).
    Answered, the open moves began again after c3-e3, with the elephant already on d3:
    e3-d3 was committed on green's next turn, and the rolls and lost turns after it
    kept it open. Moved on to f3 (its magnet read
    on e3 as it passed), the board read e3-d3 again from a base that saw none of its
    changes, took it back with the three plies after it and recorded e3-f3. A move
    whose changes all came before the base has nothing to be read again from."""
    fixed_dice(monkeypatch, [5, 4, 4, 4, 4, 4, 4, 4])
    sim = make_sim(
        "sim-chaturaji",
        position="8/8/8/4yH3/8/2gE5/8/yh7 g 4 7,31,10,27 -",
        noise=Noise.none(),
        game=CHATURAJI,
    )
    elephant = Stone("E", 1)
    t = sim.now + 0.1
    notices = sim.run(
        [
            HandStep(t, LiftStone("c3")),
            HandStep(t + 0.123, PutStone("e3", elephant, elephant)),
            HandStep(t + 2.162, LiftStone("e3")),
            HandStep(t + 2.255, PutStone("d3", elephant, elephant)),
        ]
    )
    notices += sim.settle()
    assert sim.controller.phase is Phase.PROMPT
    assert set(sim.controller.prompt_choices) == {"c3d3", "c3e3"}
    sim.send(Select("c3e3"))
    notices += sim.settle()
    t = sim.now + 2.0
    notices += sim.run(
        [
            HandStep(t, LiftStone("d3")),
            HandStep(t + 0.214, Force("e3", 1)),
            HandStep(t + 0.373, Force("e3", None)),
            HandStep(t + 0.378, PutStone("f3", elephant, elephant)),
        ]
    )
    notices += sim.settle()
    played = [m for m in sim.controller.record().moves if not m.startswith(("roll", "pass"))]
    assert played == ["c3e3", "e3d3", "d3f3"]
    assert "e3f3" not in commits(notices)


def test_a_capture_read_from_a_knock_at_the_lift_is_read_again_after_the_roll(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From the drawn soak (seed 23, Chaturaji move 1437): red lifted its elephant on h8,
    and yellow's king on h7 beside it was knocked off its cell and back 0.03 s later;
    the board read h8xh7 and committed it, and the roll after it. The elephant, held
    15 s, came down on g8. A capture read from a knock as its capturer was lifted is
    read again when the capturer lands elsewhere, but the roll after it had become the
    last move, and the board went out of step with h8xh7 in the record. The moves after
    a move that change nothing sensed (a roll, a lost turn) belong with it. Read again,
    the capture is asked about beside the landing (issue 78: it was committed, and is
    never replaced unasked), and answered, the rolls fall as they fell."""
    fixed_dice(monkeypatch, [4, 5, 5])
    sim = make_sim(
        "sim-chaturaji",
        position="2gb1rK2rE/4rk2yK/1ge6/3kEkBre1yE/4gByk2/6ye1/2ke2gHyh1/gE3yb3 r ? 13,12,2,3 -",
        noise=Noise.none(),
        game=CHATURAJI,
    )
    elephant = Stone("E", 2)
    t = sim.now + 0.1
    notices = sim.run(
        [
            HandStep(t, LiftStone("h8")),
            HandStep(t + 0.031, Force("h7", 0)),
            HandStep(t + 0.138, Force("h7", None)),
            HandStep(t + 15.222, PutStone("g8", elephant, elephant)),
        ]
    )
    notices += sim.settle()
    assert "h8h7" in commits(notices)
    assert set(sim.controller.prompt_choices) == {"h8g8", "h8h7"}
    sim.send(Select("h8g8"))
    sim.settle()
    assert list(sim.controller.record().moves) == ["roll 4", "h8g8", "roll 5"]
    assert sim.controller.phase is Phase.PLAY


ENDGAME = "8/5gE2/8/8/8/7kE/5gB2/8 g 4 23,29,8,9 -"
"""Green's elephant on f7, black's on h3; yellow's and red's kings taken: most turns
are lost."""


def green_slides_twice(lifted: float = 3.308) -> tuple[Simulation, list[HandStep]]:
    """The endgame on the widest sensors, and green's elephant slid f7-f3, then on to f6
    after black's lost turn, each passed cell reading it as the soak had it; ``lifted``:
    when the elephant left f3 again (the soak's 3.308 s after the first lift)."""
    sim = make_sim(
        "sim-chaturaji", position=ENDGAME, noise=Noise.none(), game=CHATURAJI, sensor_model=WIDEST
    )
    elephant = Stone("E", 1)
    t = sim.now + 0.1
    on = t + lifted
    return sim, [
        HandStep(t, LiftStone("f7")),
        HandStep(t + 0.537, Sense("f3", PRESENT)),
        HandStep(t + 0.557, PutStone("f3", elephant, elephant)),
        HandStep(on, LiftStone("f3")),
        HandStep(on + 0.098, Sense("f4", PRESENT)),
        HandStep(on + 0.161, Sense("f3", None)),
        HandStep(on + 0.352, Sense("f5", PRESENT)),
        HandStep(on + 0.415, Sense("f4", None)),
        HandStep(on + 0.606, Sense("f6", PRESENT)),
        HandStep(on + 0.669, Sense("f5", None)),
        HandStep(on + 0.762, PutStone("f6", elephant, elephant)),
        HandStep(on + 0.762, Sense("f6", None)),
    ]


def test_a_piece_moved_on_after_its_players_next_roll_is_that_players_next_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From the heavy soak (seed 3, Chaturaji move 784), over the widest sensors: green's
    elephant slid f7-f3 and stood there 2.75 s, long enough for black's lost turn to be
    announced and played and green's next roll made; then green slid it on to f6, each
    passed cell reading it for up to 0.32 s, lifted 0.84 s after that roll. Taken up
    later than a player answers what the board did, it is green's next move, as the
    hands meant: recorded so, nothing asked, nothing taken back (it was once recorded as
    f7-f6 unasked, the hand going on, then asked about; the clean rows asked it again and
    again)."""
    fixed_dice(monkeypatch, [2, 4, 3, 5, 5, 5, 5])
    sim, steps = green_slides_twice()
    notices = sim.run(steps) + sim.settle() + sim.advance(2.0) + sim.settle()
    assert not of(PromptOpened, notices)
    assert not of(MovesTakenBack, notices)
    assert list(sim.controller.record().moves)[:6] == [
        "f7f3",
        "roll 2",
        "pass",
        "roll 4",
        "f3f6",
        "roll 3",
    ]


@pytest.mark.parametrize("answer", ["f7f3", "f7f6"])
def test_a_piece_moved_on_as_its_players_next_roll_came_is_asked_about(
    monkeypatch: pytest.MonkeyPatch, answer: str
) -> None:
    """The same slides, the elephant taken up from f3 0.1 s after green's next roll,
    sooner than a player answers it: the hand going on with f7-f3 as well as green's
    next move. The board took f7-f3 back with the roll, the lost turn and the roll after
    it, and asks; either answer is followed, the rolls as they fell."""
    fixed_dice(monkeypatch, [2, 4, 3, 5, 5, 5, 5])
    sim, steps = green_slides_twice(lifted=2.56)
    notices = sim.run(steps) + sim.settle()
    assert commits(notices)[:4] == ["f7f3", "roll 2", "pass", "roll 4"]
    assert "f7f6" not in commits(notices)
    assert sim.controller.phase is Phase.PROMPT
    assert set(sim.controller.prompt_choices) == {"f7f3", "f7f6"}
    sim.send(Select(answer))
    sim.settle()
    sim.advance(2.0)
    sim.settle()
    played = list(sim.controller.record().moves)
    if answer == "f7f3":
        assert played[:5] == ["f7f3", "roll 2", "pass", "roll 4", "f3f6"]
    else:
        assert played[:2] == ["f7f6", "roll 2"]
    after: Phase = sim.controller.phase  # read anew: the answer changed it
    assert after is Phase.PLAY


def test_a_slide_after_many_lost_turns_may_still_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same soak, a move later: f7-f3 and f3-f6 played, and four
    lost turns with their rolls; then black's elephant slid h3-h1 slowly, resting 0.49 s
    on h2 (its sensor reading the piece 0.81 s in all). The board recorded h3-h2 and the
    roll after it, and, the rolls and lost turns before it having outgrown the moves that
    may be read again, could no longer follow the hand to h1: h2-h1 was refused as
    black's move on green's turn, and h3-h2 stayed in the record. The moves before the
    last the board shows are done; that one stays open: read again, it is asked about
    (issue 78: never replaced unasked)."""
    fixed_dice(monkeypatch, [2, 4, 2, 5, 2, 5, 4, 2, 3, 3])
    sim, steps = green_slides_twice()
    sim.run(steps)
    sim.settle()
    elephant = Stone("E", 0)
    t = sim.now + 8.5
    start = len(sim.notices)
    sim.run(
        [
            HandStep(t, LiftStone("h3")),
            HandStep(t + 0.251, Sense("h2", PRESENT)),
            HandStep(t + 0.413, Sense("h3", None)),
            HandStep(t + 0.900, Sense("h1", PRESENT)),
            HandStep(t + 1.062, Sense("h2", None)),
            HandStep(t + 1.300, PutStone("h1", elephant, elephant)),
            HandStep(t + 1.300, Sense("h1", None)),
        ]
    )
    sim.settle()
    assert sim.controller.prompt_choices == ("h3h1", "h3h2")
    sim.send(Select("h3h1"))
    sim.settle()
    notices = sim.notices[start:]
    played = list(sim.controller.record().moves)
    lost = ["pass", "roll 5", "pass", "roll 2", "pass", "roll 5", "pass", "roll 4"]
    assert played[4:14] == ["f3f6", "roll 2", *lost]
    assert "h3h2" in commits(notices) and played[-2:] == ["h3h1", "roll 2"]
    assert not [shown for shown in of(IllegalShown, notices) if shown.move == "h2h1"]


def test_ok_during_a_lost_turn_plays_the_pass_and_asks_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the board waits to pass a seat that has no move for its roll, a player
    touches a pawn and presses ok, as a hand beginning the next move would. The board
    asked a question whose only choice was the pass, then played the pass itself 0.4 s
    later, closing it unanswered: ok plays the only legal move at once instead."""
    fixed_dice(monkeypatch, [4, 5, 5, 5])
    sim = make_sim(
        "sim-chaturaji",
        position="1gb2rKrE2/gHgh2rkrerhrb/gEgegB2rB1yK/gK1gk5/1kh4yk1/3kk1yHyeyE/kb1ke3yh1/"
        "kBkHkEkK2ybyB k 4 0,0,0,3 -",
        noise=Noise.none(),
        game=CHATURAJI,
    )
    pawn = Stone("P", 2)
    notices = sim.run(
        [HandStep(2.29, LiftStone("g7")), HandStep(2.525, PutStone("g7", pawn, pawn))]
    )
    notices += sim.advance(0.053)
    assert sim.controller.phase is Phase.PLAY
    assert sim.controller.record().moves[-1].startswith("roll")
    played = len(sim.controller.record().moves)
    notices += sim.press(ButtonRole.OK) + sim.advance(3.0)
    assert not [n for n in notices if isinstance(n, PromptOpened)], notices
    assert sim.controller.record().moves[played] == "pass"


def test_the_next_hand_lifted_as_the_last_piece_landed_is_read_under_the_roll_to_come(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From issue 78's independent hands (seed 23): yellow's pawn e7-e6, and black's
    elephant h3 lifted 0.05 s after it landed, set on h2. No scan orders a lift that
    close to a landing, so e7-e6 never stood alone, and the board at rest showed two
    moves with a roll between them that the board had not yet made: it read neither
    and showed the correction guide. The session foresees the roll it will make, so
    the two moves are read as a line through it, and played with that roll."""
    fixed_dice(monkeypatch, [4, 2, 5, 4, 5])
    sim = make_sim(
        "sim-chaturaji",
        position="1gbgH1rK1rE1/gEgh2rkrerhrb/1gegB2rB2/gKgk1yB1rHyK1/6yk1/kbkh4yeyE/"
        "2kekkkK1yhyH/kBkHkE3yb1 y 3 0,0,0,0 -",
        noise=Noise.none(),
        game=CHATURAJI,
    )
    t = sim.now + 0.1
    horse, elephant, boat = Stone("H", 3), Stone("E", 0), Stone("B", 1)
    pawn, black_elephant = Stone("P", 2), Stone("E", 3)
    notices = sim.run(
        [
            HandStep(t, LiftStone("h2")),
            HandStep(t + 0.849, PutStone("f3", horse, horse)),  # h2f3
            HandStep(t + 4.048, LiftStone("c1")),
            HandStep(t + 4.098, PutStone("e1", elephant, elephant)),  # c1e1
            HandStep(t + 4.167, LiftStone("c6")),
            HandStep(t + 5.001, PutStone("a8", boat, boat)),  # c6a8
            HandStep(t + 5.657, LiftStone("e7")),
            HandStep(t + 6.053, PutStone("e6", pawn, pawn)),  # e7e6
            HandStep(t + 6.103, LiftStone("h3")),  # 0.05 s after the pawn landed
            HandStep(t + 6.440, PutStone("h2", black_elephant, black_elephant)),  # h3h2
        ]
    )
    notices += sim.settle() + sim.advance(3.0) + sim.settle()
    assert sim.controller.phase is Phase.PLAY, notices
    played = list(sim.controller.record().moves)
    assert played == [
        "h2f3", "roll 4", "c1e1", "roll 2", "c6a8", "roll 5", "e7e6", "roll 4", "h3h2", "roll 5"
    ]  # fmt: skip


@pytest.mark.parametrize("gap", [0.1, 0.3])
def test_a_king_moved_on_after_its_roll_and_the_next_move_at_once_are_read_again_through_it(
    monkeypatch: pytest.MonkeyPatch, gap: float
) -> None:
    """From issue 78's independent hands (seed 200046), die 5: yellow's king h4 set on
    h5 rests 0.43 s (committed, and red's roll 3 after it), then moves on to g5 (h4g5,
    as legal); ``gap`` seconds after it lands red plays b1c3 (legal with that roll). The
    board could not read the two moves again across the roll between them: it showed
    the correction guide with h4h5 recorded and never read b1c3. Read again through the
    roll (the same roll: the dice stay as they fell), the board asks whether the king
    went to g5, and answered, reads red's move under that roll."""
    fixed_dice(monkeypatch, [3, 2, 2, 2, 2, 2])
    sim = make_sim(
        "sim-chaturaji",
        position="gBgbgH1rK1rErB/gEgh2rkrerh1/2ge2rH1rb/kBgk6/6ykyK/1kh2yHyByeyE/kb1kekk2yh1/"
        "1kHkEkK2yb1 y 5 5,0,0,0 -",
        noise=Noise.none(),
        game=CHATURAJI,
    )
    king, horse = Stone("K", 3), Stone("H", 0)
    t = sim.now + 0.1
    notices = sim.run(
        [
            HandStep(t, LiftStone("h4")),
            HandStep(t + 0.09, PutStone("h5", king, king)),  # resting 0.43 s on h5...
            HandStep(t + 0.52, LiftStone("h5")),
            HandStep(t + 0.78, PutStone("g5", king, king)),  # ...and on to g5: h4g5
            HandStep(t + 0.78 + gap, LiftStone("b1")),  # red's b1c3
            HandStep(t + 1.28 + gap, PutStone("c3", horse, horse)),
        ]
    )
    notices += sim.settle() + sim.advance(4.0) + sim.settle()
    assert sim.controller.phase is Phase.PROMPT, notices
    assert "h4g5" in sim.controller.prompt_choices
    sim.send(Select("h4g5"))
    sim.settle()
    sim.advance(3.0)
    sim.settle()
    played = list(sim.controller.record().moves)
    assert played[:4] == ["h4g5", "roll 3", "b1c3", "roll 2"], sim.notices


def steps_from(t: float, hands: list[tuple[float, str, str, Stone | None]]) -> list[HandStep]:
    """Hand steps from (seconds after ``t``, lift, put or remove, cell, piece)."""
    steps = []
    for after, what, spot, stone in hands:
        action: LiftStone | PutStone | Remove
        if what == "put":
            assert stone is not None
            action = PutStone(spot, stone, stone)
        else:
            action = LiftStone(spot) if what == "lift" else Remove(spot)
        steps.append(HandStep(t + after, action))
    return steps


HORSE, PAWN, BLACK_PAWN = Stone("H", 1), Stone("P", 2), Stone("P", 0)
KING, YELLOW_BOAT, BLACK_BOAT = Stone("K", 0), Stone("B", 3), Stone("B", 0)
ANSWERED_LATE = {
    # seed 300032: green's horse set on c6 and moved on to c8, asked; before the answer
    # yellow plays h7h6, black c2c3 and green c8xe7. Answered c8, the board read h7h6
    # and passed red's turn (no move for its roll), but the pass dropped what the hands
    # had touched before it, and the last two moves were never read: out of step. A ply
    # no hand makes keeps every touch, and they are read through the roll between them.
    "a-lost-turn-keeps-the-touches": (
        "gBgb2rKrErH1/gHgh2rkrerhrb/gEge3rB2/1gk6/gK5ykyK/1kh4yeyE/kb1kekk2yhyH/kBkHkEkK2ybyB"
        " g 3 0,0,0,0 -",
        [5, 4, 5, 3, 2, 2, 2, 2],
        [
            (0.0, "lift", "a7", None),
            (0.427, "put", "c6", HORSE),  # a7c6, committed...
            (1.625, "lift", "c6", None),
            (2.831, "put", "c8", HORSE),  # ...moved on: a7c8, asked
            (3.183, "lift", "h7", None),
            (3.425, "put", "h6", PAWN),  # yellow's h7h6
            (5.118, "lift", "c2", None),
            (5.573, "put", "c3", BLACK_PAWN),  # black's c2c3
            (5.953, "remove", "e7", None),
            (6.003, "lift", "c8", None),
            (6.053, "put", "e7", HORSE),  # green's c8xe7
        ],
        (6.306, {"a7c6", "a7c8"}, "a7c8"),
        ["a7c8", "h7h6", "c2c3", "c8e7"],
    ),
    # seed 400025: black's king set on d2, rested, moved on to e2, asked; before the
    # answer yellow plays h1f3 and black c3a1 (two seats lose their turns between).
    # Answered e2, the board passed the two turns but read the king's rest on d2 as a
    # piece set down and taken up that neither later move explained, and never read
    # them: out of step. The answer says what that rest was (``Touches.answered``).
    "an-answer-explains-the-rest-on-the-way": (
        "1gb2rK1rErB/gHgh3rerh1/gEgegB1rkrH1rb/gKgk6/6ykyK/kH1kBkk2yeyE/kbkhke3yhyH/2kEkK2ybyB"
        " k 5 0,0,0,0 -",
        [4, 2, 2, 2, 2, 2, 2, 2],
        [
            (0.0, "lift", "d1", None),
            (0.063, "put", "d2", KING),  # d1d2, committed...
            (1.292, "lift", "d2", None),
            (1.410, "put", "e2", KING),  # ...moved on: d1e2, asked
            (4.810, "lift", "h1", None),
            (5.884, "put", "f3", YELLOW_BOAT),  # yellow's h1f3
            (8.411, "lift", "e2", None),
            (8.577, "put", "e2", KING),  # the king touched
            (9.374, "lift", "c3", None),
            (9.501, "put", "a1", BLACK_BOAT),  # black's c3a1
        ],
        (10.09, {"d1d2", "d1e2"}, "d1e2"),
        ["d1e2", "h1f3", "c3a1"],
    ),
}


@pytest.mark.parametrize("case", sorted(ANSWERED_LATE))
def test_the_next_seats_moves_made_while_a_question_was_open_are_read_after_its_answer(
    monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    """From issue 78's independent hands: a piece set down, moved on and asked about,
    and the next seats' moves made before the answer, lost turns between them."""
    position, faces, hands, (at, choices, answer), expected = ANSWERED_LATE[case]
    sim = board_at(monkeypatch, position, faces)
    t = sim.now + 0.1
    sim.run(steps_from(t, hands))
    record, notices = answered(sim, t + at, choices, answer)
    played = [move for move in record if not move.startswith(("roll", "pass"))]
    assert played == expected, notices


@pytest.mark.parametrize(
    ("answered_after", "lifted_after", "landed_after"),
    [
        (5.116, 5.95, 6.13),  # the hands' own pace: lifted 0.27 s after the commit
        (4.8, 5.95, 6.13),  # answered before the horse had rested on c8
        (5.116, 5.9, 7.0),  # carried a second
        (5.116, 7.5, 7.7),  # lifted 1.8 s after the commit, within the reread time
    ],
)
def test_a_piece_set_down_while_a_question_was_open_and_moved_on_after_its_roll_is_asked_about(
    monkeypatch: pytest.MonkeyPatch, answered_after: float, lifted_after: float, landed_after: float
) -> None:
    """From issue 78's independent hands (seed 740329): black's horse set on a3 rests
    (b1a3 committed, green's roll 3 shown), then moves on to c3: asked. Green, its roll
    shown, sets its horse on c8 while the question is open; answered b1c3, the board
    commits a7c8 as it stands and rolls red's die at once; the horse moves on to c6.
    The roll closed a7c8 as a move made before the base, no longer read again, and the
    board showed c8-c6 as an illegal move of red's with a7c8 recorded: a wrong record.
    A roll made as the move was committed proves no hand done while the player to move
    cannot move that piece: the board asks where the horse went."""
    sim = board_at(
        monkeypatch,
        "gBgb2rKrErHrB/gHgh2rkrerhrb/gEge6/gKgk6/6ykyK/6yeyE/kbkhkekk2yhyH/kBkHkEkK2ybyB"
        " k 3 0,0,0,0 -",
        [3, 2, 2, 2, 2, 2, 2],
    )
    black_horse, green_horse = Stone("H", 0), Stone("H", 1)
    t = sim.now + 0.16
    sim.run(
        steps_from(
            t,
            [
                (0.0, "lift", "b1", None),
                (0.863, "put", "a3", black_horse),  # b1a3, committed with green's 3...
                (2.076, "lift", "a3", None),
                (2.132, "put", "c3", black_horse),  # ...moved on: b1c3, asked
                (4.232, "lift", "a7", None),
                (4.838, "put", "c8", green_horse),  # green's horse set on c8...
            ],
        )
    )
    sim.advance_to(t + answered_after)
    assert sim.controller.phase is Phase.PROMPT
    assert set(sim.controller.prompt_choices) == {"b1a3", "b1c3"}
    sim.send(Select("b1c3"))
    sim.run(
        steps_from(
            t,
            [
                (lifted_after, "lift", "c8", None),
                (landed_after, "put", "c6", green_horse),  # ...and on to c6: a7c6
            ],
        )
    )
    notices = sim.settle() + sim.advance(5.0) + sim.settle()
    assert not of(IllegalShown, notices), notices
    assert sim.controller.phase is Phase.PROMPT, notices
    assert set(sim.controller.prompt_choices) == {"a7c6", "a7c8"}
    record, notices = answered(sim, sim.now, {"a7c6", "a7c8"}, "a7c6")
    assert record == ["b1c3", "roll 3", "a7c6", "roll 2"], notices
