"""The team game (mode=teams), one test or more for each rule of the list."""

from __future__ import annotations

import pytest

from engine.chaturaji import ChaturajiPosition, Decision, ReturnKing
from engine.errors import IllegalMoveError
from engine.outcome import Outcome, Termination
from engine.physical import EMPTY, PRESENT, Sensing
from tests.engine.chaturaji.helpers import moves_from, names, play, position, text

TEAMS = {"mode": "teams"}


def teams(
    pieces: dict[str, str],
    turn: str = "k",
    faces: str = "?",
    scores: str = "0,0,0,0",
    extras: str = "-",
    **options: str,
) -> ChaturajiPosition:
    return position(text(pieces, turn, faces, scores, extras), **TEAMS, **options)


def lose_turn(pos: ChaturajiPosition, count: int = 1) -> None:
    """The next ``count`` seats roll a 2 and have no boat to move."""
    for _ in range(count):
        play(pos, "roll 2")
        assert "pass" in names(pos), pos.text()
        play(pos, "pass")


# --- partners ---------------------------------------------------------------------


def test_partners_sit_opposite() -> None:
    pos = position(**TEAMS)
    assert pos.teams() == (0, 1, 0, 1)
    assert position().teams() is None and position().team_scores() == ()


def test_partners_never_capture_each_other() -> None:
    pos = teams({"a1": "kK", "d4": "kE", "d6": "rH", "h8": "rK", "a8": "gK", "h1": "yK"}, faces="4")
    assert "d4d6" not in names(pos)
    with pytest.raises(IllegalMoveError, match="partners never capture each other's pieces"):
        pos.push_text("d4d6")
    individual = position(
        text({"a1": "kK", "d4": "kE", "d6": "rH", "h8": "rK", "a8": "gK", "h1": "yK"}, faces="4")
    )
    assert "d4d6" in names(individual)


def test_team_scores_are_summed_and_decide_the_winner() -> None:
    pos = teams({"a1": "kK", "c1": "kE", "a8": "gK", "h8": "rK", "h1": "yK"}, scores="3,5,4,1")
    assert pos.team_scores() == (7, 6)
    assert pos.end_by_agreement() == Outcome(Termination.ENDED_BY_PLAYERS, frozenset({0, 2}))


# --- thrones -------------------------------------------------------------------------

BASE = {"h8": "rK", "g8": "rH", "h1": "yK", "g2": "yh"}


def test_entering_an_enemy_throne_scores_one_once() -> None:
    pos = teams({**BASE, "b4": "kK", "h6": "gK"}, faces="5")  # green's throne a5 is empty
    play(pos, "b4a5")
    assert pos.scores() == (1, 0, 0, 0)
    assert "throne:kg" in pos.text()
    lose_turn(pos, 3)
    play(pos, "roll 5", "a5b4")
    lose_turn(pos, 3)
    play(pos, "roll 5", "b4a5")
    assert pos.scores() == (1, 0, 0, 0)  # once for each king and throne


def test_no_throne_points_in_the_individual_game() -> None:
    pos = position(text({**BASE, "b4": "kK", "h6": "gK"}, faces="5"))
    play(pos, "b4a5")
    assert pos.scores() == (0, 0, 0, 0)


def test_capturing_an_enemy_king_on_its_throne_scores_two_more() -> None:
    pos = teams({**BASE, "a1": "kK", "a2": "kE", "a5": "gK", "b7": "gH"}, faces="4")
    play(pos, "a2a5")
    assert pos.scores() == (7, 0, 0, 0)
    off_throne = teams({**BASE, "a1": "kK", "a2": "kE", "a4": "gK", "b7": "gH"}, faces="4")
    play(off_throne, "a2a4")
    assert off_throne.scores() == (5, 0, 0, 0)


# --- united pieces -----------------------------------------------------------------------

UNITE = {"e7": "kK", "c1": "kE", "h5": "rK", "f8": "rE", "a8": "gK", "b7": "gH", "h1": "yK"}


def test_entering_the_partners_throne_takes_command_of_the_united_pieces() -> None:
    pos = teams(UNITE, faces="5")
    play(pos, "e7e8")
    assert pos.scores() == (0, 0, 0, 0)  # the partner's throne scores nothing
    assert "command:k" in pos.text()
    lose_turn(pos)  # green
    assert pos.turn == 2  # red still rolls...
    play(pos, "roll 4")
    assert pos.mover == 0  # ...and black moves, either army's elephant
    assert {"c1c2", "f8f7"} <= names(pos)
    play(pos, "f8f1")
    assert pos.turn == 3
    lose_turn(pos)  # yellow
    play(pos, "roll 4")  # black's own turn: red's elephant moves too
    assert pos.mover == 0
    assert {"c1c2", "f1f2"} <= names(pos)


def test_without_command_each_moves_their_own() -> None:
    pos = teams(UNITE, faces="4")
    assert names(pos) == moves_from(pos, "c1")


def test_partner_takes_command_when_a_king_is_captured() -> None:
    pieces = {"a1": "kK", "c1": "kE", "d5": "rK", "f8": "rE", "a8": "gK", "d2": "gE", "h1": "yK"}
    pos = teams(pieces, turn="g", faces="4")
    assert "command" not in pos.text()
    play(pos, "d2d5")  # green takes red's king
    assert "command:k" in pos.text()
    play(pos, "roll 4")
    assert pos.turn == 2 and pos.mover == 0  # red rolls, black moves
    assert {"c1c2", "f8f7"} <= names(pos)


def test_command_lapses_when_both_kings_of_a_team_are_gone() -> None:
    pieces = {"d5": "kK", "c1": "kE", "f8": "rE", "a8": "gK", "d2": "gE", "h1": "yK"}
    pos = teams(pieces, turn="g", faces="4", extras="command:k")
    play(pos, "d2d5")
    assert "command" not in pos.text()
    play(pos, "roll 4")
    assert pos.mover == 2 and names(pos) == moves_from(pos, "f8")


# --- the empire ---------------------------------------------------------------------------

EMPIRE = {"a1": "kK", "c1": "kE", "h5": "rK", "f8": "rE", "b7": "gH"}


@pytest.mark.parametrize(
    ("pieces", "move", "expected"),
    [
        # taken by black's elephant off its throne: 5 for the king, 1 for the empire
        ({"c4": "yK"}, "c1c4", 6),
        # taken on its throne: 5, 2 for the throne, 4 for the empire
        ({"c4": "kE", "h4": "yK", "c1": "kB"}, "c4h4", 11),
    ],
)
def test_empire_points(pieces: dict[str, str], move: str, expected: int) -> None:
    pos = teams({**EMPIRE, **pieces}, faces="4", extras="command:k")  # green's king is gone
    play(pos, move)
    assert pos.scores()[0] == expected
    assert "empire:k" in pos.text()


def test_empire_two_points_when_the_commanders_own_king_takes_the_last_king() -> None:
    pos = teams({**EMPIRE, "b2": "yK"}, faces="5", extras="command:k")
    play(pos, "a1b2")
    assert pos.scores()[0] == 5 + 2


def test_empire_created_later_by_taking_command() -> None:
    # both enemy kings fell to black's king before anyone commanded the united pieces
    pieces = {"e7": "kK", "c1": "kE", "h5": "rK", "f8": "rE", "b7": "gH", "g4": "yb"}
    pos = teams(pieces, faces="5", extras="fall:kr:k")
    play(pos, "e7e8")
    assert pos.scores()[0] == 2
    assert "empire:k" in pos.text() and "command:k" in pos.text()


def test_empire_is_created_once() -> None:
    pos = teams({**EMPIRE, "c4": "yK", "c7": "gb"}, faces="4", extras="command:k")
    play(pos, "c1c4")
    assert pos.scores()[0] == 6
    lose_turn(pos, 2)  # green and red; yellow has no piece left
    play(pos, "roll 4", "c4c7")
    assert pos.scores()[0] == 7  # the pawn, and no second empire


# --- king exchange -----------------------------------------------------------------------

EXCHANGE = {"a1": "kK", "a2": "kE", "a4": "gK", "b7": "gH", "f8": "rE", "h1": "yK", "g2": "yh"}


def test_king_exchange_is_offered_right_after_taking_a_king_when_a_team_lacks_one() -> None:
    pos = teams(EXCHANGE, faces="4")  # red's king is lost
    play(pos, "a2a4")
    assert pos.turn == 0 and pos.chance_moves() is None
    assert list(pos.legal_moves()) == [Decision.OFFER, Decision.NO_OFFER]
    assert "offer:krg" in pos.text()
    play(pos, "no exchange")
    assert pos.turn == 1 and pos.roll_due  # green, which still has its horse


def test_no_offer_when_the_team_has_both_kings() -> None:
    pos = teams({**EXCHANGE, "h5": "rK"}, faces="4")
    play(pos, "a2a4")
    assert pos.turn == 1 and pos.roll_due


def test_declined_exchange_changes_nothing() -> None:
    pos = teams(EXCHANGE, faces="4")
    play(pos, "a2a4", "offer exchange")
    assert pos.turn == 1  # green answers
    assert list(pos.legal_moves()) == [Decision.ACCEPT, Decision.DECLINE]
    before = pos.layout()
    play(pos, "decline exchange")
    assert pos.layout() == before
    assert pos.turn == 1 and pos.roll_due


def test_accepted_exchange_puts_both_kings_back_on_their_thrones() -> None:
    pos = teams(EXCHANGE, faces="4")
    play(pos, "a2a4", "offer exchange")
    footprint = pos.footprint(Decision.ACCEPT, Sensing.OCCUPANCY)
    assert footprint.changes == (("a5", PRESENT), ("e8", PRESENT))
    play(pos, "accept exchange")
    layout = pos.layout()
    assert layout["e8"][0].kind == "K" and layout["e8"][0].owner == 2
    assert layout["a5"][0].kind == "K" and layout["a5"][0].owner == 1
    assert pos.scores() == (5, 0, 0, 0)  # the points stay
    assert pos.turn == 1 and pos.roll_due


def test_a_king_whose_throne_is_occupied_returns_where_its_owner_chooses() -> None:
    pos = teams({**EXCHANGE, "e8": "gE"}, faces="4")
    play(pos, "a2a4", "offer exchange", "accept exchange")
    assert pos.layout()["a5"][0].owner == 1  # green's throne was free
    assert pos.turn == 2  # red chooses a square for its king
    empty = {c + r for c in "abcdefgh" for r in "12345678"} - set(pos.layout())
    assert names(pos) == {f"return king to {cell}" for cell in empty}
    assert pos.read_move("return king to d6") == ReturnKing(2, 43)
    footprint = pos.footprint(pos.read_move("return king to d6"), Sensing.OCCUPANCY)
    assert footprint.changes == (("d6", PRESENT),)
    play(pos, "return king to d6")
    assert pos.layout()["d6"][0].owner == 2
    assert pos.turn == 1 and pos.roll_due


def test_exchange_offer_with_two_dice_comes_before_the_second_move() -> None:
    pos = teams(EXCHANGE, faces="45", dice="2")
    play(pos, "a2a4")
    assert list(pos.legal_moves()) == [Decision.OFFER, Decision.NO_OFFER]
    play(pos, "no exchange")
    assert pos.turn == 0 and pos.dice() == (5,)


# --- parade in teams ------------------------------------------------------------------------

PARADE = {
    "a1": "kK",
    "b2": "kB",
    "d5": "gB",
    "e5": "rB",
    "e4": "yB",
    "a8": "gK",
    "h8": "rK",
    "h1": "yK",
    "g8": "rH",
}


def test_team_parade_takes_the_two_enemy_boats_and_commands_the_partners() -> None:
    pos = teams(PARADE, faces="2")
    play(pos, "b2d4")
    layout = pos.layout()
    assert "e5" in layout and "d5" not in layout and "e4" not in layout
    assert pos.scores() == (4, 0, 0, 0)
    assert "boats:k" in pos.text()
    lose_turn(pos)  # green
    play(pos, "roll 2")  # red's boat is black's now
    assert names(pos) == {"pass"}
    with pytest.raises(IllegalMoveError, match="commanded by black since the parade"):
        pos.push_text("e5c3")
    play(pos, "pass")
    lose_turn(pos)  # yellow
    play(pos, "roll 2")
    assert {"d4b6", "e5c3"} <= names(pos)  # black moves both boats


# --- leaving, removing the last king, draws, goals ----------------------------------------


def test_a_player_without_pieces_leaves_and_the_partner_plays_on() -> None:
    pieces = {"a1": "kK", "d4": "kE", "d6": "gH", "h8": "rK", "g8": "rH", "h1": "yK", "g2": "yh"}
    pos = teams(pieces, faces="4")
    play(pos, "d4d6")
    assert not pos.in_play(1)
    assert pos.outcome() is None
    assert pos.turn == 2
    lose_turn(pos)
    assert pos.turn == 3


def test_a_player_with_only_a_king_may_remove_it_and_end_the_game() -> None:
    pieces = {"d1": "kK", "h8": "rK", "g8": "rH", "a8": "gK", "b7": "gH", "h1": "yK"}
    pos = teams(pieces, faces="3", scores="0,4,3,0")
    assert names(pos) == {"pass", "remove king d1"}
    footprint = pos.footprint(pos.read_move("remove king d1"), Sensing.OCCUPANCY)
    assert footprint.changes == (("d1", EMPTY),)
    play(pos, "remove king d1")
    assert pos.scores() == (0, 4, 3, 0)  # it scores for no one
    assert pos.outcome() == Outcome(Termination.ENDED_BY_PLAYERS, frozenset({1, 3}))
    assert "removed:k" in pos.text()


def test_removing_the_king_only_when_it_is_the_last_piece() -> None:
    pieces = {"d1": "kK", "c1": "kE", "h8": "rK", "g8": "rH", "a8": "gK", "b7": "gH", "h1": "yK"}
    assert "remove king d1" not in names(teams(pieces, faces="3"))
    lone = {"d1": "kK", "h8": "rK", "g8": "rH", "a8": "gK", "b7": "gH", "h1": "yK"}
    assert "remove king d1" not in names(position(text(lone, faces="3")))  # individual
    assert "remove king d1" not in names(teams(lone, faces="3", goal="kings"))


def test_only_kings_left_is_an_honourable_draw() -> None:
    pieces = {"a1": "kK", "b2": "gH", "a8": "gK", "h8": "rK", "h1": "yK"}
    pos = teams(pieces, faces="5", scores="9,0,0,0")
    play(pos, "a1b2")
    assert pos.outcome() == Outcome.draw(Termination.ONLY_KINGS)


def test_for_points_the_game_ends_when_one_team_is_left() -> None:
    pieces = {"a1": "kK", "d4": "kE", "d6": "gK", "h8": "rK"}
    pos = teams(pieces, faces="4", scores="0,9,0,0", seats="black,green,red")
    play(pos, "d4d6")
    assert pos.outcome() == Outcome(Termination.ARMIES_GONE, frozenset({1}))  # 9 > 5


def test_goal_kings_the_last_team_on_the_board_wins() -> None:
    pieces = {"a1": "kK", "d4": "kE", "d6": "gK", "h8": "rK"}
    pos = teams(pieces, faces="4", scores="0,9,0,0", seats="black,green,red", goal="kings")
    play(pos, "d4d6")
    assert pos.outcome() == Outcome(Termination.TEAM_VICTORY, frozenset({0, 2}))
    assert pos.end_by_agreement() == Outcome.draw(Termination.AGREEMENT)


def test_frozen_pieces_with_goal_kings_make_capturing_both_kings_win() -> None:
    pieces = {"a1": "kK", "d4": "kE", "d6": "gK", "b7": "gH", "h8": "rK", "h2": "yH"}
    pos = position(
        text(pieces, faces="-", extras="frozen:y"),
        mode="teams",
        dice="0",
        frozen="on",
        goal="kings",
    )
    play(pos, "d4d6")
    assert "frozen:g,frozen:y" in pos.text()
    assert pos.outcome() == Outcome(Termination.TEAM_VICTORY, frozenset({0, 2}))
