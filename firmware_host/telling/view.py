"""What the board should show: the controller's state turned into a ``BoardView``
(for the legend, the terminal and the web page) and a sentence for the status line."""

from __future__ import annotations

from dataclasses import replace
from enum import Enum
from types import MappingProxyType
from typing import Any

from engine.assessments import IllegalMatch, Moving, OffGuide, OutOfStep, Pending, Tapped
from engine.physical import EMPTY, Spot
from engine.search.types import Quality
from firmware_host.notices.declared import Proposal
from firmware_host.session.clock import clocks_suffix
from firmware_host.session.controller import Controller
from firmware_host.session.review import Review
from firmware_host.session.state import (
    AcceptChoice,
    NamedChoice,
    Phase,
    PlayOnChoice,
    Prompting,
    PuzzleChoice,
    TakebackChoice,
)
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.legend import BoardView, PromptView
from firmware_host.telling.opening_words import draw_text
from firmware_host.telling.said import seat_words, told
from firmware_host.telling.setup_guide import SetupStep, setup_step
from firmware_host.telling.wording import choice_labels


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


def _movable(controller: Controller) -> frozenset[Spot]:
    """After a roll, the pieces the dice allow to move (none while something is lifted)."""
    if not controller.position.dice() or controller.phase is not Phase.PLAY:
        return frozenset()
    if isinstance(controller.assessment, Moving) and controller.assessment.hints:
        return frozenset()
    cells = frozenset(controller.game.cells)
    return controller.recognizer.movable_spots() & cells


def _goes_on(controller: Controller) -> frozenset[Spot]:
    """Where the move the board waits on ended (the robot's cell), while it may go on."""
    assessment = controller.assessment
    if not controller.recognizer.waiting or not isinstance(assessment, Pending):
        return frozenset()
    if len(assessment.candidates) != 1 or controller.phase is not Phase.PLAY:
        return frozenset()
    footprint = controller.position.footprint(assessment.candidates[0], controller.sensing)
    landed = {spot for spot, reading in footprint.changes if reading != EMPTY}
    return frozenset(landed | footprint.hidden | footprint.turnable) & controller.sensed


def _went_on_prompt(controller: Controller, choices: tuple[Any, ...]) -> str | None:
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
    return controller.game.seats[after.turn].name


def build_view(
    controller: Controller,
    now: float | None = None,
    surface: Surface = Surface.BOARD,
    language: Language = Language.ENGLISH,
) -> BoardView:
    """What the LEDs (and a screen) should show; ``now`` runs the clocks, ``surface``
    is where its message is read, in ``language`` (with the prompt's choices)."""
    expected = controller.recognizer.expected
    frame = controller.frame
    seats = controller.game.seats
    position = controller.position
    turn = position.turn
    clocks: tuple[float, ...] = ()
    running = None
    if controller.clock is not None:
        clocks = controller.clock.remaining(now if now is not None else 0.0)
        running = controller.clock.running
    common: dict[str, Any] = {
        # the board's fault first (the game waits for it), else the store's (it goes on)
        "fault": controller.fault or controller.match.journal.fault or controller.remote_wait,
        "clocks": clocks,
        "clock_running": running,
        "scores": position.scores(),
        "draw": controller.draw.tosses if controller.draw is not None else (),
        "counters": tuple(sorted(position.counters().items())),
    }
    if controller.phase is Phase.SETUP:
        step = setup_step(expected, frame, controller.game.spots)
        message = message_text(controller, clocks, surface, language)
        missing, extra = step.missing, step.extra
        return BoardView(
            Phase.SETUP, seats, turn, missing=missing, extra=extra, message=message, **common
        )
    assessment = controller.assessment
    hints = assessment.hints if isinstance(assessment, Moving | Tapped) else ()
    remaining = assessment.remaining if isinstance(assessment, Moving) else ()
    lifted = controller.recognizer.lifted(frame)
    prompt = _prompt_view(controller, language)
    correction = assessment.correction if isinstance(assessment, OutOfStep) else None
    illegal: frozenset[Spot] = frozenset()
    if isinstance(assessment, IllegalMatch):
        illegal = position.footprint(assessment.move, controller.sensing).spots()
    elif isinstance(assessment, OffGuide):
        illegal = frozenset().union(
            *(position.footprint(m, controller.sensing).spots() for m in assessment.moves)
        )
    threatened, in_check = controller.teaching
    computer = controller.computer
    helped = computer.help  # the mover's help (none online against people)
    if not helped.threats(position.turn):
        threatened = frozenset()
    if not helped.legal(position.turn):
        hints = tuple(replace(h, destinations=frozenset(), captures=frozenset()) for h in hints)
    coached = tuple(
        sorted(
            (spot, quality)
            for hint in hints
            for spot, quality in computer.destination_qualities(
                hint.spot, hint.destinations | hint.captures
            ).items()
        )
    )
    return BoardView(
        controller.phase,
        seats,
        turn,
        # a review of a finished game lights the move it shows, not the last one
        last_move=controller.last_move if controller.review is None else controller.review.spots,
        threatened=threatened,
        in_check=in_check,
        hints=hints,
        lifted=lifted,
        guide=frozenset() if controller.guide is None else controller.guide.spots,
        # a review lights the engine's better move than the one it shows
        hint=(frozenset() if computer.hint is None else computer.hint[1])
        if controller.review is None
        else controller.review.better_spots,
        coached=coached,
        thinking=controller.guide is None and computer.thinking(position),
        prompt=prompt,
        correction=correction,
        illegal=illegal,
        outcome=controller.outcome,
        message=message_text(controller, clocks, surface, language),
        remaining=remaining,
        dice=position.dice(),
        movable=_movable(controller),
        goes_on=_goes_on(controller),
        **common,
    )


def _prompt_view(controller: Controller, language: Language) -> PromptView | None:
    """The open prompt: its choices by name, the spots each would change, the selected one."""
    state = controller.state
    if not isinstance(state, Prompting):
        return None
    spots = tuple(
        controller.history.changed_since(choice.plies)
        if isinstance(choice, TakebackChoice)
        else frozenset()
        if isinstance(choice, NamedChoice)
        else controller.position.footprint(choice, controller.sensing).spots()
        for choice in state.choices
    )
    labels = prompt_labels(controller, language)
    return PromptView(controller.prompt_choices, spots, state.selected, labels)


def prompt_labels(controller: Controller, language: Language = Language.ENGLISH) -> tuple[str, ...]:
    """The open prompt's choices in words, each with its notation, in ``language``; ()
    when none is open."""
    state = controller.state
    if not isinstance(state, Prompting):
        return ()
    return choice_labels(controller.position, state.choices, language)


def message_text(
    controller: Controller,
    clocks: tuple[float, ...] = (),
    surface: Surface = Surface.BOARD,
    language: Language = Language.ENGLISH,
) -> str:
    """The status line in ``language``: the set-up step while the board is set up (after
    the opening draw, if one was made), else ``status_text``."""
    if controller.phase is not Phase.SETUP:
        return status_text(controller, clocks, surface, language)
    step = setup_step(controller.recognizer.expected, controller.frame, controller.game.spots)
    text = _setup_text(step, language)
    if controller.draw is not None:
        text = f"{draw_text(controller.draw, language)}; {text}"
    return text


def _setup_text(step: SetupStep, language: Language) -> str:
    counts = {"place": step.to_place, "remove": step.to_remove}
    if step.one_at_a_time and step.extra:
        msgid = N_(
            "set up the board: {place} to place, {remove} to remove;"
            " take the piece off {spot} first"
        )
        return _told(language, msgid, spot=next(iter(step.extra)), **counts)
    if step.one_at_a_time and step.missing:
        msgid = N_(
            "set up the board: {place} to place, {remove} to remove; put a piece on {spot} next"
        )
        return _told(language, msgid, spot=next(iter(step.missing)), **counts)
    return _told(language, N_("set up the board: {place} to place, {remove} to remove"), **counts)


def _told(language: Language, msgid: str, **values: object) -> str:
    """``msgid`` in ``language`` with its placeholders filled."""
    return translated(msgid, language).format(**values)


def _seat(controller: Controller, index: int, language: Language) -> str:
    """A seat's name in ``language`` (the game's own word for it)."""
    return _seat_named(controller, controller.game.seats[index].name, language)


def _seat_named(controller: Controller, name: str, language: Language) -> str:
    if language is Language.ENGLISH:
        return name
    return seat_words(controller.game, language).get(name, name)


def status_text(
    controller: Controller,
    clocks: tuple[float, ...] = (),
    surface: Surface = Surface.BOARD,
    language: Language = Language.ENGLISH,
) -> str:
    """One sentence for the status line: what the board wants from the players now,
    after what the game store could not save yet, if anything, in the words of the
    ``surface`` it is read on, in ``language``."""
    text = _wanted(controller, clocks, surface, language)
    for trouble in (controller.remote_wait, controller.match.journal.fault):
        if trouble is not None:
            text = f"{told(trouble, language, controller.game)}; {text}"
    return text


def _wanted(  # noqa: C901 - a debt to split: each thing the board can want
    controller: Controller, clocks: tuple[float, ...], surface: Surface, language: Language
) -> str:
    position = controller.position
    if controller.fault is not None:
        fault = told(controller.fault, language, controller.game)
        return _told(language, N_("waiting for the board: {fault}"), fault=fault)
    if controller.outcome is not None:
        result = told(
            controller.game.describe_outcome(controller.outcome), language, controller.game
        )
        text = _told(language, N_("game over: {result}"), result=result)
        if controller.review is None:
            return text
        return f"{text}; {review_text(controller.review, language)}"
    seat = _seat(controller, position.turn, language)
    assessment = controller.assessment
    if isinstance(controller.state, Prompting):
        return _asked(controller, language)
    if controller.roll_due:
        return _told(language, N_("{seat}: roll the dice (press roll)"), seat=seat)
    if controller.forced is not None:
        msgid = N_("{seat}'s only move: {move} (played for you)")
        return _told(language, msgid, seat=seat, move=controller.forced)
    if isinstance(assessment, IllegalMatch):
        reason = told(assessment.reason, language, controller.game)
        move = position.move_text(assessment.move)
        return _told(
            language, N_("illegal: {move} ({reason}); put it back"), move=move, reason=reason
        )
    if isinstance(assessment, OffGuide):
        return _told(language, N_("please play {move}"), move=position.move_text(assessment.guide))
    if isinstance(assessment, OutOfStep):
        return _out_of_step(assessment, language)
    going_on = translated(controller.game.going_on, language)
    if _goes_on(controller):
        msgid = N_("{seat} may go on: ok ends the {going_on}")
        return _told(language, msgid, seat=seat, going_on=going_on)
    if isinstance(assessment, Moving) and assessment.remaining:
        away = [s for s, r in assessment.remaining if not r]
        if away:
            msgid = N_("take off {spots} to finish the move")
            return _told(language, msgid, spots=", ".join(away))
    text = _told(language, N_("{seat} to move"), seat=seat)
    computer = controller.computer
    if controller.guide is not None:
        move = position.move_text(controller.guide.move)
        text = _told(language, N_("{seat} to play {move}"), seat=seat, move=move)
    elif position.turn in computer.remote:
        text = _told(language, N_("{seat}: their move comes from the other board"), seat=seat)
    elif computer.thinking(position):
        hurry = translated(surface.hurry, language)
        msgid = N_("{seat}: the computer is thinking ({hurry})")
        text = _told(language, msgid, seat=seat, hurry=hurry)
    elif computer.hint is not None:
        move = position.move_text(computer.hint[0])
        text = _told(language, N_("{seat} to move (hint: {move})"), seat=seat, move=move)
    if computer.verdict is not None:
        text += f" — {told(computer.verdict, language, controller.game)}"
    dice = position.dice()
    if dice:
        msgid = N_("{text} (dice: {dice})")
        text = _told(language, msgid, text=text, dice=" ".join(map(str, dice)))
    text += clocks_suffix(None if controller.clock is None else controller.clock.control, clocks)
    return text


QUALITIES = MappingProxyType(
    {
        Quality.BEST: N_("best"),
        Quality.GOOD: N_("good"),
        Quality.DOUBTFUL: N_("doubtful"),
        Quality.LOSING: N_("losing"),
    }
)
"""How the coach judged a move reviewed, in words."""


def review_text(review: Review, language: Language) -> str:
    """The review's step as ``Review.describe`` says it, in ``language``: the move
    shown and the coach's judgement of it."""
    if review.ply == 0:
        return _told(language, N_("review of game {game_id}: the start"), game_id=review.game_id)
    msgid = N_("review of game {game_id}: move {ply} of {plies} ({move})")
    values = {"game_id": review.game_id, "ply": review.ply, "plies": len(review.moves)}
    text = _told(language, msgid, move=review.move, **values)
    note = review.note
    if note is None:
        return text
    quality = translated(QUALITIES[note.quality], language)
    if note.better is not None:
        quality = _told(language, N_("{quality}; better {move}"), quality=quality, move=note.better)
    return _told(language, N_("{review}: {judged}"), review=text, judged=quality)


def _asked(controller: Controller, language: Language) -> str:
    """The status line while a prompt is open: its question and choices."""
    position = controller.position
    state = controller.state
    assert isinstance(state, Prompting)
    choices, selected = prompt_labels(controller, language), state.selected
    listed = {"choices": " / ".join(choices), "selected": choices[selected]}
    if any(isinstance(choice, PuzzleChoice) for choice in state.choices):
        msgid = N_("a puzzle gives up this game: {choices} (selected: {selected})")
        return _told(language, msgid, **listed)
    if any(isinstance(choice, PlayOnChoice) for choice in state.choices):
        msgid = N_("careful: {move} may throw the game away: {choices} (selected: {selected})")
        return _told(language, msgid, move=position.move_text(position.move_stack[-1]), **listed)
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
        who = _seat(controller, offered.seat, language)
        return _told(language, msgid, seat=who, selected=choices[selected])
    takebacks = [isinstance(choice, TakebackChoice) for choice in state.choices]
    if takebacks == [True]:
        msgid = N_("the board shows an earlier position: press ok to take the move back")
        return _told(language, msgid)
    if any(takebacks):
        msgid = N_(
            "the board shows an earlier position, or a move and its reply:"
            " {choices} (selected: {selected})"
        )
        return _told(language, msgid, **listed)
    other = _went_on_prompt(controller, state.choices)
    if other is not None:
        msgid = N_(
            "{seat}'s {going_on} goes on, or {other} moves? {choices} — selected: {selected}"
        )
        seat = _seat(controller, position.turn, language)
        going_on = translated(controller.game.going_on, language)
        other = _seat_named(controller, other, language)
        return _told(language, msgid, seat=seat, going_on=going_on, other=other, **listed)
    return _told(language, N_("which move? {choices} — selected: {selected}"), **listed)


def _out_of_step(assessment: OutOfStep, language: Language) -> str:
    """What to change on the board to bring it back in step with the game."""
    c = assessment.correction
    if c.take_from is not None and c.take_from == c.put_on:
        return _told(
            language, N_("board out of step: turn the piece on {spot} over"), spot=c.put_on
        )
    if c.take_from is not None and c.put_on is not None:
        msgid = N_("board out of step: take the piece off {taken} and put a piece on {put}")
        return _told(language, msgid, taken=c.take_from, put=c.put_on)
    if c.take_from is not None:
        return _told(language, N_("board out of step: take the piece off {spot}"), spot=c.take_from)
    return _told(language, N_("board out of step: put a piece on {spot}"), spot=c.put_on)
