"""How positions and moves look to sensors, what the LEDs are told, and forbidden moves."""

from __future__ import annotations

import itertools

import pytest

from engine.chaturaji import CHATURAJI, ChaturajiMove, ChaturajiPosition, Step
from engine.game import Position
from engine.physical import EMPTY, PRESENT, Footprint, Sensing, Stone
from engine.recognition.answers import Ambiguous, Commit, IllegalMatch
from engine.recognition.recognizer import Recognizer
from tests.engine.chaturaji.helpers import position, random_game, rolled, text

OCC = Sensing.OCCUPANCY
POL = Sensing.POLARITY
KINGS = {"a8": "gK", "h8": "rK", "h1": "yK", "a1": "kK", "g8": "rH"}


def test_layout_stones_are_kind_and_owner() -> None:
    layout = position().layout()
    assert layout["d1"] == (Stone("K", 0),)
    assert layout["a5"] == (Stone("K", 1),)
    assert layout["g7"] == (Stone("P", 2),)
    assert layout["h2"] == (Stone("H", 3),)
    frame = position().expected_frame(OCC)
    assert set(frame) == set(CHATURAJI.cells)
    assert sum(1 for reading in frame.values() if reading == PRESENT) == 32


def test_footprint_of_a_step_and_a_capture() -> None:
    pos = rolled({**KINGS, "d4": "kE", "d6": "gb"}, "4")
    assert pos.footprint(Step.of("d4", "d5"), OCC) == Footprint((("d4", EMPTY), ("d5", PRESENT)))
    capture = pos.footprint(Step.of("d4", "d6"), OCC)
    assert capture == Footprint((("d4", EMPTY),), frozenset({"d6"}), frozenset({"d6"}))


def _playable(pos: ChaturajiPosition) -> list[ChaturajiMove]:
    moves = list(pos.legal_moves()) + list(pos.chance_moves() or ())
    return moves + [move for move, _ in pos.illegal_moves()]


@pytest.mark.parametrize(("sensing", "options"), [(OCC, {}), (POL, {"mode": "teams"})])
def test_footprint_matches_playing_the_move(sensing: Sensing, options: dict[str, str]) -> None:
    checked = 0
    for seed in range(2):
        for index, pos in enumerate(random_game(seed, 300, **options)):
            # the forbidden moves are many (every square for every piece): sample them
            moves = _playable(pos) if index % 60 == 0 else list(pos.legal_moves())
            for move in moves:
                assert pos.footprint(move, sensing) == Position.footprint(pos, move, sensing)
                checked += 1
    assert checked > 3000


# --- what the LEDs teach --------------------------------------------------------------


def test_threatened_pieces_with_any_roll_of_any_opponent() -> None:
    pieces = {
        **KINGS,
        "d4": "kE",  # green's horse on c6 can take it with a 3
        "b2": "kh",  # yellow's boat on d4? no: yellow's elephant on b5 takes it with a 4
        "f3": "kH",  # nobody reaches f3
        "c6": "gH",
        "b5": "yE",
    }
    pos = rolled(pieces, "5")
    assert pos.threatened_spots() == {"d4", "b2"}
    assert pos.attacked_spots(1) == {"d4"}
    assert "b2" in pos.attacked_spots(3)


def test_threats_respect_boats_ranks_and_partners() -> None:
    pieces = {**KINGS, "d4": "kB", "b2": "gB", "f6": "gb", "c3": "kH"}
    pos = rolled(pieces, "5")
    # the green boat cannot take black's boat; green's pawn on f6 goes east, not at c3
    assert "d4" not in pos.threatened_spots()
    ranked = rolled({**KINGS, "c3": "kH", "b2": "gb"}, "5", ranks="on")
    assert "c3" not in ranked.threatened_spots()
    plain = rolled({**KINGS, "c3": "kH", "b2": "gb"}, "5")
    assert "c3" in plain.threatened_spots()  # green's pawn on b2 takes diagonally to c3
    partners = rolled({**KINGS, "d4": "kE", "d6": "rE"}, "5", mode="teams")
    assert "d4" not in partners.threatened_spots()
    rivals = rolled({**KINGS, "d4": "kE", "d6": "rE"}, "5")
    assert "d4" in rivals.threatened_spots()


def test_a_parade_threatens_the_three_boats() -> None:
    pieces = {**KINGS, "d5": "kB", "e5": "rB", "e4": "yB", "b2": "gB"}
    pos = rolled(pieces, "5")
    assert pos.threatened_spots() == {"d5"}
    assert pos.attacked_spots(1) == {"d5", "e5", "e4"}


def test_dice_scores_and_teams_for_the_leds() -> None:
    pos = position(mode="teams")
    assert pos.dice() == ()
    pos.push_text("roll 4")
    assert pos.dice() == (4,)
    assert pos.scores() == (0, 0, 0, 0)
    assert pos.teams() == (0, 1, 0, 1) and pos.team_scores() == (0, 0)


# --- forbidden moves, named -----------------------------------------------------------


def reasons(pos: ChaturajiPosition) -> dict[str, str]:
    return {pos.move_text(move): str(reason) for move, reason in pos.illegal_moves()}


def test_the_die_names_the_kind_to_move() -> None:
    pos = position()
    pos.push_text("roll 3")
    found = reasons(pos)
    assert found["d2d3"] == "the die shows 3: move a horse"
    assert found["a1c3"] == "the die shows 3: move a horse"
    assert "b1c3" not in found
    five = position()
    five.push_text("roll 5")
    assert reasons(five)["b1c3"] == "the die shows 5: move the king or a pawn"
    two = position(dice="2")
    two.push_text("roll 3 2")
    assert reasons(two)["d2d3"] == "the dice show 2 and 3: move a boat, or a horse"


def test_moves_before_the_roll_are_named() -> None:
    found = reasons(position())
    assert found["d2d3"] == "it is black's turn, and the die must be rolled first"
    assert found["b7c7"] == "it is black's turn, and the die must be rolled first"


def test_other_players_pieces_are_named() -> None:
    pos = position()
    pos.push_text("roll 5")
    found = reasons(pos)
    assert found["b7c7"] == "it is black's turn: the pawn on b7 is green's"
    assert found["g8f6"] == "it is black's turn: the horse on g8 is red's"


def test_boat_on_boat_ranks_patterns_and_pawns_are_named() -> None:
    pos = rolled({**KINGS, "d4": "kB", "f6": "gB", "d3": "kb"}, "2")
    assert reasons(pos)["d4f6"].startswith("a boat never captures a boat")
    assert reasons(pos)["d4d6"] == PATTERN_BOAT
    pawn = rolled({**KINGS, "d4": "ke", "d5": "gb", "e6": "gh"}, "5")
    found = reasons(pawn)
    assert found["d4d5"] == "a pawn captures diagonally forward, never straight ahead"
    assert found["d4c5"] == "a pawn moves diagonally only to capture"
    assert (
        found["d4d3"]
        == "a pawn moves one square forward, and captures one square diagonally forward"
    )
    ranked = rolled({**KINGS, "d4": "ke", "c5": "gH"}, "5", ranks="on")
    assert reasons(ranked)["d4c5"].startswith("with ranks, a pawn may not capture a horse")


PATTERN_BOAT = "the boat moves exactly two squares diagonally, jumping over the middle one"


def test_illegal_moves_are_never_legal() -> None:
    for pos in itertools.islice(random_game(5, 400, mode="teams"), 0, None, 7):
        legal = set(pos.legal_moves())
        assert not legal & {move for move, _ in pos.illegal_moves()}


# --- the recognizer on positions just after a roll ---------------------------------------


def recognise(pos: ChaturajiPosition, move: ChaturajiMove) -> object:
    """The hand makes ``move``: lifts the piece, lifts what it takes, puts it down."""
    recognizer: Recognizer[ChaturajiMove] = Recognizer(OCC, CHATURAJI.cells)
    recognizer.reset(pos, now=0.0)
    after = pos.copy()
    after.push(move)
    final = after.expected_frame(OCC)
    touched = pos.footprint(move, OCC).must_touch
    lifted = dict(final)
    for spot in touched:
        lifted[spot] = EMPTY
    recognizer.observe(lifted, 0.1)
    recognizer.observe(final, 0.2)
    return recognizer.assess(1.0)


def test_every_board_move_after_a_roll_is_recognised() -> None:
    seen = 0
    for seed in range(3):
        for pos in random_game(seed, 300, mode="teams"):
            if pos.chance_moves() is not None:
                continue
            for move in pos.legal_moves():
                if not pos.footprint(move, OCC).changes:
                    continue  # pass, decisions, a later exchange: from the controls
                answer = recognise(pos, move)
                if isinstance(move, Step) and move.promote:
                    assert isinstance(answer, Ambiguous) and move in answer.candidates
                elif isinstance(answer, Ambiguous):
                    plain = [m for m in answer.candidates if not getattr(m, "promote", 0)]
                    assert plain == [move]
                else:
                    assert answer == Commit(move), (pos.text(), pos.move_text(move))
                seen += 1
    assert seen > 300


def test_promotion_on_arrival_is_a_prompt() -> None:
    pos = rolled({**KINGS, "d7": "kh"}, "5")
    answer = recognise(pos, Step.of("d7", "d8"))
    assert isinstance(answer, Ambiguous)
    assert {pos.move_text(m) for m in answer.candidates} == {"d7d8", "d7d8=H"}


def test_a_parade_is_recognised_with_the_three_boats_removed() -> None:
    pos = rolled({**KINGS, "d5": "gB", "e5": "rB", "e4": "yB", "b2": "kB"}, "2")
    assert recognise(pos, pos.read_move("b2d4")) == Commit(pos.read_move("b2d4"))


def test_a_move_the_die_forbids_is_named_by_the_recognizer() -> None:
    pos = position()
    pos.push_text("roll 3")
    answer = recognise_illegal(pos, Step.of("d2", "d3"))
    assert isinstance(answer, IllegalMatch) and answer.move == Step.of("d2", "d3")
    assert str(answer.reason) == "the die shows 3: move a horse"


def recognise_illegal(pos: ChaturajiPosition, move: Step) -> object:
    recognizer: Recognizer[ChaturajiMove] = Recognizer(OCC, CHATURAJI.cells)
    recognizer.reset(pos, now=0.0)
    frame = dict(pos.expected_frame(OCC))
    frame[move.origin_name] = EMPTY
    frame[move.target_name] = PRESENT
    recognizer.observe(frame, 0.1)
    return recognizer.assess(1.0)


def test_board_moves_before_the_roll_are_named() -> None:
    answer = recognise_illegal(position(), Step.of("d2", "d3"))
    assert isinstance(answer, IllegalMatch)
    assert str(answer.reason) == "it is black's turn, and the die must be rolled first"


def test_text_position_with_a_roll_made_reads_as_expected() -> None:
    pos = position(text({**KINGS, "d4": "kE"}, faces="4"))
    assert pos.dice() == (4,)
    assert not pos.roll_due


def _threats_as_before(pos: ChaturajiPosition) -> frozenset[str]:
    """threatened_spots as it was worked out before it skipped the boats' impossible
    parades and kept its last answer: every boat step tried on a copy of the board."""
    from engine.chaturaji.board import (
        BOAT,
        CELL_NAMES,
        kind_of,
        owner_of,
        partner,
        team_of_seat,
    )
    from engine.chaturaji.movegen import lost_kinds, movable, parade_victims, piece_steps

    state, rules = pos.state, pos.rules
    seat = state.roller
    mine = {seat}
    if rules.teams and state.united[team_of_seat(seat)] >= 0:
        mine.add(partner(seat))
    attacked: set[int] = set()
    board, lost = state.board, lost_kinds(state.board)
    for other in rules.enemies(seat):
        if not state.in_rotation(other, rules):
            continue
        owners, boats = movable(state, rules, other)
        for sq, piece in enumerate(board):
            boat = kind_of(piece) == BOAT
            if not piece or owner_of(piece) not in (boats if boat else owners):
                continue
            for step in piece_steps(board, sq, piece, rules, lost):
                if board[step.target]:
                    attacked.add(step.target)
                if boat:
                    after = list(board)
                    after[sq], after[step.target] = 0, piece
                    attacked.update(parade_victims(tuple(after), step.target, rules))
    return frozenset(CELL_NAMES[sq] for sq in attacked if owner_of(board[sq]) in mine)


@pytest.mark.parametrize("mode", ["individual", "teams"])
def test_the_threatened_pieces_are_those_every_step_tried_finds(mode: str) -> None:
    for seed in range(8):
        for pos in random_game(seed, 120, mode=mode):
            assert pos.threatened_spots() == _threats_as_before(pos)
