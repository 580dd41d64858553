"""The status line as what is said: what the board wants from the players now, a
``Said`` of typed values (seats, spots, moves, the prompt's choices), told in a
language at the edge (``telling/rendering.py``, for the page too: web/words/told_for_page.py), never
written as a sentence and read back.

A spot is a ``SpotWord``, told by whose it is and what it holds
(``spot_words.spot_said``); a prompt's choice a move in the game's words for it
(``spoken_moves.choice_said``) or a choice's name.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from engine.opening import draw_said
from engine.physical import EMPTY, Spot
from engine.recognition.answers import IllegalMatch, Moving, OffGuide, OutOfStep, Pending
from engine.said import Either, Said, SeatWord, SpotWord, Term, Value, said
from firmware_host.notices.declared import Proposal
from firmware_host.session.clock import clocks_suffix
from firmware_host.session.consent import WordKind
from firmware_host.session.controller import Controller
from firmware_host.session.review import Review
from firmware_host.session.state import (
    AcceptChoice,
    HeldChoice,
    NamedChoice,
    Phase,
    PlayOnChoice,
    Prompting,
    PuzzleChoice,
    ResultChoice,
    SetDownChoice,
    TakebackChoice,
)
from firmware_host.store.review_notes import note_said
from firmware_host.telling.language import N_
from firmware_host.telling.setup_guide import SetupStep, setup_step
from firmware_host.telling.spoken_moves import choice_said


class Surface(Enum):
    """Where the status line is read, for the words that say how to do something
    there: the board has its buttons, the terminal typed commands too, the page its
    own buttons (``hurry``: how to make the thinking computer play at once)."""

    BOARD = N_("press next to hurry it")
    TERMINAL = N_("press next or type now to hurry it")
    PAGE = N_("press Move now to hurry it")

    @property
    def hurry(self) -> str:
        return self.value


GOING_ON = (N_("move"), N_("chain"))
"""What a game calls a move that may go on (``Game.going_on``), told in the status line."""

THEN = "{first}; {then}"
"""Two things said in a row (what holds the game up, then what the board wants)."""
BESIDE = "{text} — {beside}"
"""A thing said with another beside it (the computer's verdict after the turn)."""
CLOCKS = "{text}{clocks}"
"""The status line and the clocks it ends with (`` — 9:58 / 10:00``)."""
CHOICES = " / "
"""Between a prompt's choices."""
SPOTS = ", "
"""Between the spots of a list."""
# The four above are glue of no language: in no catalogue, told as they are.


def goes_on(controller: Controller) -> frozenset[Spot]:
    """Where the move the board waits on ended (the robot's cell), while it may go on."""
    assessment = controller.assessment
    if not controller.recognizer.waiting or not isinstance(assessment, Pending):
        return frozenset()
    if len(assessment.candidates) != 1 or controller.phase is not Phase.PLAY:
        return frozenset()
    footprint = controller.position.footprint(assessment.candidates[0], controller.sensing)
    landed = {spot for spot, reading in footprint.changes if reading != EMPTY}
    return frozenset(landed | footprint.hidden | footprint.turnable) & controller.sensed


def _went_on_prompt(controller: Controller, choices: tuple[Any, ...]) -> SeatWord | None:
    """The seat that may have moved on, when a prompt asks whether a move went on (its
    choices: a move and the longer moves that keep all it shows), else None."""
    position, sensing = controller.position, controller.sensing
    if len(choices) < 2 or any(isinstance(choice, NamedChoice) for choice in choices):
        return None
    changes = [set(position.footprint(choice, sensing).changes) for choice in choices]
    shortest = min(range(len(choices)), key=lambda index: len(changes[index]))
    if not all(changes[shortest] < other for i, other in enumerate(changes) if i != shortest):
        return None
    after = position.copy()
    after.push(choices[shortest])
    return controller.game.seat_word(after.turn)


def status_said(
    controller: Controller, clocks: tuple[float, ...] = (), surface: Surface = Surface.BOARD
) -> Said:
    """The status line: the set-up step while the board is set up (after the opening
    draw, if one was made), else what the board wants from the players now, after what
    the game store could not save yet, if anything, in the words of the ``surface`` it
    is read on; ending with ``clocks`` while they run (the page shows them apart)."""
    if controller.phase is Phase.SETUP:
        step = setup_step(controller.recognizer.expected, controller.frame, controller.game.spots)
        text = _setup_said(step)
        if controller.draw is not None:
            text = said(THEN, first=draw_said(controller.draw), then=text)
        return text
    text = _wanted(controller, clocks, surface)
    for trouble in (controller.remote_wait, controller.lines_lost, controller.match.journal.fault):
        if trouble is not None:
            text = said(THEN, first=trouble, then=text)
    return text


def _setup_said(step: SetupStep) -> Said:
    counts: dict[str, Value] = {"place": step.to_place, "remove": step.to_remove}
    if step.one_at_a_time and step.extra:
        msgid = N_(
            "set up the board: {place} to place, {remove} to remove;"
            " take the piece off {spot} first"
        )
        return said(msgid, spot=SpotWord(next(iter(step.extra))), **counts)
    if step.one_at_a_time and step.missing:
        msgid = N_(
            "set up the board: {place} to place, {remove} to remove; put a piece on {spot} next"
        )
        return said(msgid, spot=SpotWord(next(iter(step.missing))), **counts)
    return said(N_("set up the board: {place} to place, {remove} to remove"), **counts)


def _wanted(  # noqa: C901 - a debt to split: each thing the board can want
    controller: Controller, clocks: tuple[float, ...], surface: Surface
) -> Said:
    position, game = controller.position, controller.game
    if controller.fault is not None:
        return said(N_("waiting for the board: {fault}"), fault=controller.fault)
    if controller.outcome is not None:
        result = game.describe_outcome(controller.outcome)
        over = said(N_("game over: {result}"), result=result)
        if controller.review is None:
            return over
        return said(THEN, first=over, then=review_said(controller.review))
    seat = game.seat_word(position.turn)
    assessment = controller.assessment
    if isinstance(controller.state, Prompting):
        return _asked(controller)
    if controller.roll_due:
        return said(N_("{seat}: roll the dice (press roll)"), seat=seat)
    if controller.forced is not None:
        msgid = N_("{seat}'s only move: {move} (played for you)")
        return said(msgid, seat=seat, move=controller.forced)
    if isinstance(assessment, IllegalMatch):
        move = position.move_text(assessment.move)
        msgid = N_("illegal: {move} ({reason}); put it back")
        return said(msgid, move=move, reason=assessment.reason)
    if isinstance(assessment, OffGuide):
        return said(N_("please play {move}"), move=position.move_text(assessment.guide))
    if isinstance(assessment, OutOfStep):
        return _out_of_step(assessment)
    if goes_on(controller):
        msgid = N_("{seat} may go on: ok ends the {going_on}")
        return said(msgid, seat=seat, going_on=Term(game.going_on))
    if isinstance(assessment, Moving) and assessment.remaining:
        away = [s for s, r in assessment.remaining if not r]
        if away:
            spots = Either(tuple(SpotWord(spot) for spot in away), SPOTS)
            return said(N_("take off {spots} to finish the move"), spots=spots)
    text = said(N_("{seat} to move"), seat=seat)
    computer = controller.computer
    if controller.guide is not None:
        move = position.move_text(controller.guide.move)
        text = said(N_("{seat} to play {move}"), seat=seat, move=move)
    elif position.turn in computer.remote:
        text = said(N_("{seat}: their move comes from the other board"), seat=seat)
    elif computer.thinking(position):
        msgid = N_("{seat}: the computer is thinking ({hurry})")
        text = said(msgid, seat=seat, hurry=Term(surface.hurry))
    elif computer.failed is not None and computer.plays(position.turn):
        text = said(N_("the computer could not answer: {error}"), error=computer.failed)
    elif computer.hint is not None:
        move = position.move_text(computer.hint[0])
        text = said(N_("{seat} to move (hint: {move})"), seat=seat, move=move)
    if computer.verdict is not None:
        text = said(BESIDE, text=text, beside=computer.verdict)
    dice = position.dice()
    if dice:
        text = said(N_("{text} (dice: {dice})"), text=text, dice=" ".join(map(str, dice)))
    control = None if controller.clock is None else controller.clock.control
    suffix = clocks_suffix(control, clocks)
    return said(CLOCKS, text=text, clocks=suffix) if suffix else text


def review_said(review: Review) -> Said:
    """The review's step: the move shown and the coach's judgement of it (said only
    here: the terminal's, the board's and the page's status line)."""
    if review.ply == 0:
        return said(N_("review of game {game_id}: the start"), game_id=review.game_id)
    msgid = N_("review of game {game_id}: move {ply} of {plies} ({move})")
    text = said(
        msgid,
        game_id=review.game_id,
        ply=review.ply,
        plies=len(review.moves),
        move=review.move or "",
    )
    note = review.note
    if note is None:
        return text
    return said(N_("{review}: {judged}"), review=text, judged=note_said(note))


def _asked(controller: Controller) -> Said:
    """The status line while a prompt is open: its question and choices."""
    position, game = controller.position, controller.game
    state = controller.state
    assert isinstance(state, Prompting)
    choices = tuple(choice_said(position, choice) for choice in state.choices)
    selected = choices[state.selected]
    listed: dict[str, Value] = {"choices": Either(choices, CHOICES), "selected": selected}
    if any(isinstance(choice, PuzzleChoice) for choice in state.choices):
        msgid = N_("a puzzle gives up this game: {choices} (selected: {selected})")
        return said(msgid, **listed)
    results = [choice for choice in state.choices if isinstance(choice, ResultChoice)]
    word = results[0].word if results else None
    if word is not None and word.kind is WordKind.RESIGN:
        msgid = N_(
            "{seat} resigns: the other player confirms with ok: {choices} (selected: {selected})"
        )
        return said(msgid, seat=game.seat_word(word.seat), **listed)
    if results:
        msgid = N_(
            "the game ends by agreement: the other player confirms with ok:"
            " {choices} (selected: {selected})"
        )
        return said(msgid, **listed)
    aside = [choice.spot for choice in state.choices if isinstance(choice, SetDownChoice)]
    if aside:
        msgid = N_(
            "the piece on {spot}: played, or only set down there? {choices} (selected: {selected})"
        )
        return said(msgid, spot=SpotWord(aside[0]), **listed)
    held = [choice.spot for choice in state.choices if isinstance(choice, HeldChoice)]
    if held:
        msgid = N_(
            "the piece from {spot}: played, or still in the hand? {choices} (selected: {selected})"
        )
        return said(msgid, spot=SpotWord(held[0]), **listed)
    if any(isinstance(choice, PlayOnChoice) for choice in state.choices):
        msgid = N_("careful: {move} may throw the game away: {choices} (selected: {selected})")
        return said(msgid, move=position.move_text(position.move_stack[-1]), **listed)
    proposals = [c for c in state.choices if isinstance(c, AcceptChoice)]
    if proposals:
        offered = proposals[0].proposal
        msgid = {
            Proposal.DRAW: N_(
                "{seat} (the other board) offers a draw: accept / decline (selected: {selected})"
            ),
            Proposal.TAKEBACK: N_(
                "{seat} (the other board) offers to take back a move:"
                " accept / decline (selected: {selected})"
            ),
            Proposal.SEAT: N_(
                "another board asks to play {seat} in place of its board, which is offline"
                " (accept only if that board lost its store): accept / decline"
                " (selected: {selected})"
            ),
        }[offered.kind]
        return said(msgid, seat=game.seat_word(offered.seat), selected=selected)
    takebacks = [isinstance(choice, TakebackChoice) for choice in state.choices]
    if takebacks == [True]:
        return said(N_("the board shows an earlier position: press ok to take the move back"))
    if any(takebacks):
        msgid = N_(
            "the board shows an earlier position, or a move and its reply:"
            " {choices} (selected: {selected})"
        )
        return said(msgid, **listed)
    other = _went_on_prompt(controller, state.choices)
    if other is not None:
        msgid = N_(
            "{seat}'s {going_on} goes on, or {other} moves? {choices} — selected: {selected}"
        )
        seat = game.seat_word(position.turn)
        going_on = Term(game.going_on)
        return said(msgid, seat=seat, going_on=going_on, other=other, **listed)
    return said(N_("which move? {choices} — selected: {selected}"), **listed)


def _out_of_step(assessment: OutOfStep) -> Said:
    """What to change on the board to bring it back in step with the game."""
    c = assessment.correction
    if c.take_from is not None and c.take_from == c.put_on:
        msgid = N_("board out of step: turn the piece on {spot} over")
        return said(msgid, spot=SpotWord(c.put_on))
    if c.take_from is not None and c.put_on is not None:
        msgid = N_("board out of step: take the piece off {taken} and put a piece on {put}")
        return said(msgid, taken=SpotWord(c.take_from), put=SpotWord(c.put_on))
    if c.take_from is not None:
        msgid = N_("board out of step: take the piece off {spot}")
        return said(msgid, spot=SpotWord(c.take_from))
    put = SpotWord(str(c.put_on))
    return said(N_("board out of step: put a piece on {spot}"), spot=put)
