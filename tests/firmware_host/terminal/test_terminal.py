"""The terminal simulator read from a script (not a tty): whole games typed as commands."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from engine.outcome import Outcome, Termination
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.loops.speaker import Speaker
from firmware_host.notices.declared import (
    GameEnded,
    MoveCommitted,
)
from firmware_host.store.storage import GameStatus
from firmware_host.terminal.app import TerminalBoard, run_terminal
from tests.firmware_host.simkit import START, commits, make_sim, of


def type_in(sim: Simulation, *commands: str) -> str:
    out = io.StringIO()
    assert run_terminal(sim, io.StringIO("".join(c + "\n" for c in commands)), out) == 0
    return out.getvalue()


def said(text: str) -> list[str]:
    """The lines the terminal said, without the board drawings."""
    return [
        line
        for line in text.splitlines()
        if line and not line.startswith(("  ", "\x1b")) and "— game " not in line
    ]


def in_order(lines: list[str], *expected: str) -> None:
    """Each expected line is said, in this order (others may come between)."""
    position = 0
    for wanted in expected:
        matches = [i for i, line in enumerate(lines) if i >= position and line == wanted]
        assert matches, f"{wanted!r} not said after line {position}:\n" + "\n".join(lines)
        position = matches[0] + 1


def assert_over(sim: Simulation, outcome: Outcome) -> None:
    assert sim.controller.outcome == outcome
    stored = sim.controller.store.load(sim.controller.game_id)
    assert (stored.status, stored.outcome) == (GameStatus.OVER, outcome)
    assert [n.outcome for n in of(GameEnded, sim.notices)] == [outcome]


def test_a_game_won_by_capturing_the_lion() -> None:
    sim = make_sim()
    text = type_in(
        sim,
        "move 2c 2b",  # A's chick takes B's chick, which goes to A's stand
        "lift 3a",
        "place 3b",
        "drop C 1c",
        "move 3b 3c",
        "move 2b 2a",  # the chick takes the lion: promote or not?
        "press next",
        "press ok",
        "quit",
        "move 1d 1c",  # never read
    )
    lines = said(text)
    in_order(
        lines,
        "> move 2c 2b",
        "move 1: 2c2b",
        "move 2: 3a3b",
        "move 3: C*1c",
        "move 4: 3b3c",
        "which move? keep it a chick (2b2a) / promote the chick (2b2a+): press next to cycle"
        " and ok to choose, or type select MOVE",
        "move 5: 2b2a+",
        "game over: A (sente) wins (king captured) — press ok for a new game",
        "> quit",
    )
    assert "> move 1d 1c" not in lines
    assert_over(sim, Outcome.win(Termination.KING_CAPTURED, 0))
    assert [n.move for n in of(MoveCommitted, sim.notices)] == [
        "2c2b",
        "3a3b",
        "C*1c",
        "3b3c",
        "2b2a+",
    ]


def test_a_game_won_by_a_try() -> None:
    sim = make_sim(position="2l/3/1L1/3 b - 1")
    text = type_in(sim, "lift 2c", "place 3b", "move 1a 1b", "play 3b3a", "quit")
    in_order(
        said(text),
        "move 1: 2c3b",
        "move 2: 1a1b",
        "move 3: 3b3a",
        "game over: A (sente) wins (try) — press ok for a new game",
    )
    assert_over(sim, Outcome.win(Termination.TRY, 0))


def test_a_game_drawn_by_repetition_then_a_new_one() -> None:
    sim = make_sim()
    cycle = ["move 1d 1c", "move 3a 3b", "move 1c 1d", "move 3b 3a"]
    text = type_in(sim, "new repetition=3", *cycle, *cycle, "press ok", "quit")
    lines = said(text)
    in_order(
        lines,
        "new game 2 of Robot Duel (Dobutsu shogi)",
        "the board is set up: play",
        "move 1: 1d1c",
        "move 8: 3b3a",
        "game over: draw (repetition) — press ok for a new game",
        "new game 3 of Robot Duel (Dobutsu shogi)",
    )
    store = sim.controller.store
    drawn = store.load(2)
    assert (drawn.status, drawn.outcome) == (
        GameStatus.OVER,
        Outcome.draw(Termination.REPETITION),
    )
    assert dict(drawn.options) == {"repetition": "3"}
    assert store.load(1).status is GameStatus.ABANDONED
    assert sim.controller.game_id == 3
    assert sim.controller.position.options["repetition"] == "3"  # ok keeps the options


def test_help_mistakes_and_a_bad_spot_are_answered_and_play_goes_on() -> None:
    sim = make_sim()
    text = type_in(
        sim,
        "help",
        "frobnicate 2c",
        "lift 9z",
        "place 2b",  # nothing in the hand
        "move 2c",  # a spot missing
        "move 2c 9z",  # a bad target: the chick must not be left in the air
        "press launch",
        "select 2c2b",  # no prompt open
        "guide 2c2a",  # not a legal move
        "wait soon",
        'lift "2c',  # unbalanced quote
        "",
        "move 1d 1c",
        "quit",
    )
    lines = said(text)
    assert "commands:" in lines
    in_order(
        lines,
        "unknown command 'frobnicate'; type help",
        "cannot: '9z' is not a spot of Robot Duel (Dobutsu shogi)",
        "cannot: the hand holds nothing to place on 2b",
        "refused: no prompt is open for '2c2b'",
        "move 1: 1d1c",
    )
    assert any(line.startswith("cannot:") and "type help" in line for line in lines)
    assert any(line.startswith("no button 'launch'") for line in lines)
    assert any(line.startswith("refused: 2c2a is illegal") for line in lines)
    assert any(line.startswith("cannot read that") for line in lines)
    assert any(line.startswith("cannot: '9z'") for line in lines)
    assert [n.move for n in of(MoveCommitted, sim.notices)] == ["1d1c"]
    assert sim.world.held == []
    assert sim.world.matches(sim.controller.position.layout())


def test_moves_guide_takeback_resign_and_the_end_of_input() -> None:
    sim = make_sim()
    text = type_in(
        sim,
        "moves",
        "guide 2c2b",
        "move 1d 1c",
        "move 1c 1d",
        "unguide",
        "play 1d1c",
        "takeback",
        "move 1c 1d",
        "resign",
    )  # no quit: the end of the input ends the session
    lines = said(text)
    in_order(
        lines,
        "1d1c 2c2b 2d1c 2d3c",
        "1d1c is not the move to play (2c2b)",
        "move 1: 1d1c",
        "took back 1 move",
        "the board is set up: play",
        "game over: B (gote) wins (resignation) — press ok for a new game",
    )
    assert sim.controller.position.text() == START


def test_a_board_out_of_step_says_so_in_the_header() -> None:
    """A piece gone longer than a hand holds one is asked for (``Timing.held``)."""
    sim = make_sim()
    text = type_in(sim, "lift 1d", "wait 31", "place 1d", "quit")
    headers = [line for line in text.splitlines() if "— game " in line]
    assert any("board out of step: put a piece on 1d" in line for line in headers)
    assert "A (sente) to move" in headers[-1]


def test_a_piece_held_for_seconds_is_not_out_of_step() -> None:
    """Issue 44: holding a piece for 5 s or more said "board out of step"; a player who
    thinks with a piece in the hand is making a move."""
    sim = make_sim()
    text = type_in(sim, "lift 1d", "wait 6", "place 1c", "quit")
    assert "out of step" not in text
    assert commits(sim.notices) == ["1d1c"]


def test_a_promotion_chosen_at_the_prompt_is_turned_over_on_the_simulated_board() -> None:
    """Occupancy sensors cannot see the face; the hands turn the piece over anyway,
    so the terminal shows the hen the game has."""
    from engine.registry import find_game
    from firmware_host.loops.simulator import Simulation
    from firmware_host.store.storage import GameStore
    from firmware_host.terminal.app import TerminalBoard
    from hardware.profile import load_profile

    game = find_game("dobutsu")
    sim = Simulation(
        game,
        load_profile("sim", game),
        GameStore(":memory:"),
        resume=False,
        position="g1e/lC1/3/ELG b c 3",
    )
    out = io.StringIO()
    board = TerminalBoard(sim, out, colour=False)
    board.execute("move 2b 2a")  # the chick reaches the far rank: promote or not?
    board.execute("select 2b2a+")
    assert "move 1: 2b2a+" in out.getvalue()
    assert sim.world.stacks["2a"][-1].flipped  # a hen on the board, as in the game


def test_help_lists_every_action_of_the_vocabulary() -> None:
    from firmware_host.session.actions import ACTIONS
    from firmware_host.wire.actions import usage

    lines = type_in(make_sim(), "help", "quit").splitlines()
    for action in ACTIONS:
        assert any(line.strip().startswith(usage(action)) for line in lines), usage(action)


def test_wait_refuses_endless_negative_and_overlong_times() -> None:
    sim = make_sim()
    text = type_in(sim, "wait inf", "wait nan", "wait -1", "wait 3601", "wait 1e16", "wait", "quit")
    refusals = [line for line in said(text) if line.startswith("cannot: wait takes")]
    assert len(refusals) == 6
    assert "3600" in refusals[0]
    assert sim.now < 5.0  # no time passed
    type_in(sim, "wait 3600", "quit")
    assert sim.now == pytest.approx(3600.0, abs=5.0)


def test_wrong_words_are_answered_in_plain_words() -> None:
    sim = make_sim()
    lines = said(type_in(sim, "wait abc", "wait 1 2", "wait 7200", "play", "drop C", "quit"))
    in_order(
        lines,
        "cannot: wait takes a number of seconds, like wait 2.5: 'abc' is not a number",
        "cannot: wait takes one number of seconds, like wait 2.5",
        "cannot: wait takes 0 to 3600 seconds (an hour), not 7200",
        "cannot: play needs more words: play MOVE",
        "cannot: drop needs more words: drop KIND SPOT",
    )
    assert sim.now < 5.0


def test_the_set_up_help_names_the_cells() -> None:
    sim = make_sim()
    text = type_in(sim, "play 1d1c", "takeback", "quit")
    drawn = text.splitlines()
    after = drawn[max(i for i, line in enumerate(drawn) if line == "> takeback") :]
    assert "  - put A (sente)'s giraffe on 1d" in after
    assert "  - take the piece off 1c" in after


def test_a_declaration_shows_its_count_first_and_is_made_when_typed_again() -> None:
    sim = make_sim("sim-shogi", game=find_game("shogi"), options={"impasse": "27"})
    out = type_in(sim, "declare")
    assert "sente counts" in out and "points of 28 needed" in out
    assert "it would fail" in out and "a declaration that fails loses the game" in out
    assert "Type declare again" in out
    assert sim.controller.outcome is None  # only shown
    again = make_sim("sim-shogi", game=find_game("shogi"), options={"impasse": "27"})
    type_in(again, "declare", "declare")  # typed again: made, and it fails
    outcome = again.controller.outcome
    assert outcome is not None
    assert outcome.termination is Termination.DECLARATION
    assert outcome.winners == frozenset({1})


def test_a_declaration_shown_then_followed_by_another_command_is_not_made() -> None:
    sim = make_sim("sim-shogi", game=find_game("shogi"), options={"impasse": "27"})
    type_in(sim, "declare", "moves", "declare")
    assert sim.controller.outcome is None


def test_place_puts_down_the_held_piece_it_names() -> None:
    sim = make_sim()
    start = sim.world.layout()
    lines = said(type_in(sim, "lift 2c", "lift 3d", "place 2c 0", "place 3d"))
    assert sim.world.layout() == start and not sim.world.held  # each back where it was
    assert not of(MoveCommitted, sim.notices)
    assert not [line for line in lines if line.startswith("cannot")]


def test_place_of_a_piece_the_hand_does_not_hold_is_refused() -> None:
    sim = make_sim()
    lines = said(type_in(sim, "lift 2c", "lift 3d", "place 2c 2", "place 2c -1"))
    assert "cannot: the hand holds 2 pieces (0 to 1); there is no piece 2" in lines
    assert "cannot: the hand holds 2 pieces (0 to 1); there is no piece -1" in lines
    assert len(sim.world.held) == 2 and "2c" not in sim.world.stacks


def test_a_piece_put_on_a_piece_no_rule_captures_leaves_that_one_in_the_hand() -> None:
    """The page's hands and the terminal's are one: the piece found there is kept to
    be put back, not thrown into the box."""
    from engine.physical import Stone
    from firmware_host.terminal.app import TerminalBoard

    sim = make_sim()
    board = TerminalBoard(sim, io.StringIO(), colour=False)
    board.execute("move 1d 2d")  # the giraffe onto its own lion
    assert sim.world.held == [Stone("L", 0)]
    assert sim.world.stacks["2d"] == [Stone("G", 0)]
    board.execute("move 2d 1d")
    board.execute("place 2d")
    assert sim.world.matches(sim.controller.position.layout()) and not sim.world.held
    assert not of(MoveCommitted, sim.notices)


def test_speak_switches_the_sessions_speech_as_the_pages_box_does() -> None:
    """The terminal's ``speak on|off`` is the page's "speak moves": the session's
    switch, which a board's speaker obeys (tests/firmware_host/web/sessions/test_speak.py)."""
    sim = make_sim()

    def speaking() -> bool:
        return sim.controller.speaking

    assert not speaking()  # the simulator has no speaker: quiet until asked
    type_in(sim, "speak on")
    assert speaking()
    out = type_in(sim, "speak off", "speak loud")
    assert not speaking()
    assert 'cannot: speak: mode must be "on" or "off", not "loud" (type help)' in said(out)
    assert "  speak on|off " in type_in(sim, "help")


def test_speak_on_says_the_game_aloud(tmp_path: Path) -> None:
    """Issue 81: ``speak on`` turned the switch on and the terminal said nothing aloud.
    The speaker here is a program that writes what it is given (espeak-ng's place)."""
    said_aloud = tmp_path / "said.txt"
    script = f'printf "%s\\n" "$0" >> {said_aloud}'
    speaker = Speaker(["/bin/sh", "-c", script])
    board = TerminalBoard(make_sim(), io.StringIO(), colour=False, speaker=speaker)
    board.execute("move 2c 2b")  # speech off: nothing said
    board.execute("speak on")
    board.execute("move 2a 2b")  # B's lion takes back
    board.hush()
    lines = said_aloud.read_text().splitlines()
    assert len(lines) == 1 and "2 b" in lines[0] and "takes" in lines[0], lines


def test_speak_on_without_a_speaking_program_says_so() -> None:
    out = io.StringIO()
    board = TerminalBoard(make_sim(), out, colour=False, speaker=Speaker(["no-such-espeak-ng"]))
    board.execute("speak on")
    assert (
        "nothing is said aloud: no-such-espeak-ng is not installed (sudo apt install espeak-ng)"
        in out.getvalue()
    )
    board.hush()
