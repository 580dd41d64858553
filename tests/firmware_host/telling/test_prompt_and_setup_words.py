"""Moves and places named for people: prompt choices in words beside their notation,
the choice a Robotory colour prompt offers first, and set-up steps by cell name."""

from __future__ import annotations

import pytest

from drivers.buttons import ButtonRole
from engine.physical import EMPTY, PRESENT, Sensing, Stone
from engine.registry import find_game
from engine.robotory import ROBOTORY
from firmware_host.session.first_choice import initial_choice
from firmware_host.session.state import GLANCE, PlayOnChoice, Prompting, TakebackChoice
from firmware_host.telling.language import Language
from firmware_host.telling.prompt_words import choice_label
from firmware_host.telling.setup_guide import (
    SETUP_LINES,
    setup_steps,
    spot_phrase,
    stone_phrase,
)
from firmware_host.telling.view import build_view, status_line
from tests.firmware_host.simkit import commits, make_sim, prompts

DOBUTSU = find_game("dobutsu")
SHOGI = find_game("shogi")
# A's chick on 2b may take the lion on 2a, promoted or not; a chick and an elephant in hand
CHICK_AT_THE_END = "gl1/1C1/3/1L1 b CE 1"


def labels(game_name: str, position_text: str | None, *moves: str) -> list[str]:
    position = find_game(game_name).position(position_text)
    return [choice_label(position, position.read_move(move)) for move in moves]


def test_dobutsu_promotion_and_drops_are_named_with_their_notation() -> None:
    assert labels("dobutsu", CHICK_AT_THE_END, "2b2a+", "2b2a", "C*2c", "E*2c", "2d1c") == [
        "promote the chick (2b2a+)",
        "keep it a chick (2b2a)",
        "drop the chick (C*2c)",
        "drop the elephant (E*2c)",
        "move the lion to 1c (2d1c)",
    ]


def test_a_promoted_piece_is_named_by_its_promoted_face() -> None:
    assert labels("dobutsu", "gl1/1+C1/3/1L1 b - 1", "2b1b") == ["move the hen to 1b (2b1b)"]


def test_shogi_pieces_are_named_and_only_a_piece_that_may_promote_is_kept() -> None:
    # the bishops face each other down the opened diagonal
    text = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1"
    assert labels("shogi", text, "8h2b+", "8h2b", "2g2f", "5i4h") == [
        "promote the bishop (8h2b+)",
        "keep it a bishop (8h2b)",
        "move the pawn to 2f (2g2f)",
        "move the king to 4h (5i4h)",
    ]


BISHOPS_FACING = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1"
"""Shogi after 7g7f 3c3d: sente's bishop may take gote's on 2b, promoted or not."""


@pytest.mark.parametrize(
    ("language", "promoted", "kept", "duel"),
    [
        (
            Language.POLISH,
            "goniec na 2 2, zdobywa: goniec, przemiana (8h2b+)",
            "goniec na 2 2, zdobywa: goniec, bez przemiany (8h2b)",
            "mały żółty robot na 2 a, zdobywa: czerwony robot, przemiana (2b2a+)",
        ),
        (
            Language.CZECH,
            "střelec na 2 2, zajímá: střelec, povyšuje (8h2b+)",
            "střelec na 2 2, zajímá: střelec, nepovyšuje (8h2b)",
            "malý žlutý robot na 2 a, zajímá: červený robot, povyšuje (2b2a+)",
        ),
        (
            Language.FRENCH,
            "fou en 2 2, prend fou, avec promotion (8h2b+)",
            "fou en 2 2, prend fou, sans promotion (8h2b)",
            "petit robot jaune en 2 a, prend robot rouge, avec promotion (2b2a+)",
        ),
        # Japanese names no capture, as it says none
        (Language.JAPANESE, "に に かく なり (8h2b+)", "に に かく ならず (8h2b)", None),
    ],
    ids=lambda value: value.value if isinstance(value, Language) else "",
)
def test_a_capturing_choice_names_what_it_takes_in_every_language_that_says_it(
    language: Language, promoted: str, kept: str, duel: str | None
) -> None:
    position = SHOGI.position(BISHOPS_FACING)
    moves = (position.read_move("8h2b+"), position.read_move("8h2b"))
    assert [choice_label(position, move, language) for move in moves] == [promoted, kept]
    if duel is not None:
        position = DOBUTSU.position(CHICK_AT_THE_END)
        assert choice_label(position, position.read_move("2b2a+"), language) == duel


def test_robotory_tokens_refills_and_robots_are_named() -> None:
    assert labels("robotory", None, "w@C2", "b@C2", "R:B3-B4") == [
        "white token (w@C2)",
        "black token (b@C2)",
        "the red robot to B4 (R:B3-B4)",
    ]
    empty_stock = "4/2R2/3B2/2W2/4 0w0b 2w2b 10w10b l"
    assert labels("robotory", empty_stock, "refill 2w1b", "refill 1b") == [
        "take 2 white and 1 black tokens (refill 2w1b)",
        "take 1 black token (refill 1b)",
    ]


def test_takeback_and_play_on_keep_their_names_and_other_games_their_notation() -> None:
    position = DOBUTSU.position()
    assert choice_label(position, TakebackChoice(1)) == "takeback"
    assert choice_label(position, PlayOnChoice()) == "play on"
    abalone = find_game("abalone").position()
    move = next(iter(abalone.legal_moves()))
    assert choice_label(abalone, move) == abalone.move_text(move)


def test_the_status_line_and_the_page_see_the_prompt_by_name() -> None:
    sim = make_sim(position=CHICK_AT_THE_END)
    notices = sim.perform("2b2a")
    assert prompts(notices) == [("2b2a", "2b2a+")]
    view = build_view(sim.controller)
    assert view.prompt is not None
    assert view.prompt.choices == ("2b2a", "2b2a+")  # what select and the wire still use
    assert view.prompt.labels == ("keep it a chick (2b2a)", "promote the chick (2b2a+)")
    assert status_line(sim.controller) == (
        "which move? keep it a chick (2b2a) / promote the chick (2b2a+)"
        " — selected: keep it a chick (2b2a)"
    )


# --- the colour a Robotory prompt offers first ------------------------------------------


def test_the_stock_slot_left_empty_names_the_colour() -> None:
    position = ROBOTORY.position()  # light's stock: whites in slots 1-2, blacks in 3-4
    choices = (position.read_move("b@C2"), position.read_move("w@C2"))
    white_taken = {"C2": PRESENT, "stock:l:2": EMPTY, "stock:l:3": PRESENT}
    black_taken = {"C2": PRESENT, "stock:l:2": PRESENT, "stock:l:3": EMPTY}
    assert initial_choice(position, choices, white_taken, Sensing.OCCUPANCY) == 1
    assert initial_choice(position, choices, black_taken, Sensing.OCCUPANCY) == 0


@pytest.mark.parametrize(("stock", "selected"), [("3w1b", "w@C2"), ("1w3b", "b@C2")])
def test_unseen_stocks_suggest_the_colour_the_mover_holds_more_of(
    stock: str, selected: str
) -> None:
    position = ROBOTORY.position(f"4/2R2/3B2/2W2/4 {stock} 2w2b 9w9b l")
    choices = (position.read_move("b@C2"), position.read_move("w@C2"))
    chosen = initial_choice(position, choices, {"C2": PRESENT}, Sensing.OCCUPANCY)
    assert position.move_text(choices[chosen]) == selected


def test_other_prompts_start_at_their_first_choice() -> None:
    position = DOBUTSU.position(CHICK_AT_THE_END)
    choices = (position.read_move("2b2a"), position.read_move("2b2a+"))
    assert initial_choice(position, choices, {"2a": PRESENT}, Sensing.OCCUPANCY) == 0


def test_a_robotory_colour_prompt_opens_on_the_suggested_colour_and_ok_takes_it() -> None:
    sim = make_sim("sim-robotory", position="4/2R2/3B2/2W2/4 3w1b 2w2b 9w9b l", game=ROBOTORY)
    notices = sim.perform("w@C2")
    assert prompts(notices) == [("b@C2", "w@C2")]
    state = sim.controller.state
    assert isinstance(state, Prompting) and state.selected == 1
    assert status_line(sim.controller).endswith("selected: white token (w@C2)")
    sim.advance(GLANCE)  # the prompt read
    assert commits(sim.press(ButtonRole.OK)) == ["w@C2"]


# --- places and set-up steps --------------------------------------------------------------


def test_places_beside_the_board_are_named_by_whose_they_are() -> None:
    assert spot_phrase(DOBUTSU, "hand:w:C") == "B (gote)'s stand"
    assert spot_phrase(ROBOTORY, "stock:d:3") == "slot 3 of dark's stock"
    assert spot_phrase(find_game("abalone"), "gutter:b:1") == "slot 1 of black's gutter"
    assert spot_phrase(DOBUTSU, "2b") == "2b"


def test_set_up_steps_name_the_piece_and_the_cell() -> None:
    position = DOBUTSU.position()
    frame = {"1d": EMPTY, "2c": PRESENT, "3c": PRESENT}
    steps = setup_steps(position, frozenset({"1d", "2c"}), frozenset({"3c"}), frame)
    assert steps == (
        "put A (sente)'s giraffe on 1d",
        "turn the piece on 2c over: A (sente)'s chick",
        "take the piece off 3c",
    )


def test_a_long_set_up_lists_the_first_steps_and_counts_the_rest() -> None:
    position = SHOGI.position()
    missing = frozenset(spot for spot in position.layout() if spot in SHOGI.cells)
    steps = setup_steps(position, missing, frozenset(), {})
    assert len(steps) == SETUP_LINES
    assert steps[0] == "put gote's lance on 1a"
    assert steps[-1] == f"and {len(missing) - SETUP_LINES + 1} more (the lit cells)"


def test_a_game_whose_seats_are_colours_names_its_pieces_by_them() -> None:
    abalone, dobutsu = find_game("abalone"), find_game("dobutsu")
    assert abalone.seat_is_colour and not dobutsu.seat_is_colour
    assert stone_phrase(abalone, Stone("M", 0)) == "a black marble"
    assert stone_phrase(dobutsu, Stone("C", 1)) == "B (gote)'s chick"
