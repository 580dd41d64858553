"""What the board should show: the controller's state turned into a ``BoardView``
(for the legend, the terminal and the web page), and its status line told in a
language (``telling/status.py`` says it as a value). The view carries no sentence:
the LEDs, painted at every change, show none, so only a reader of words asks for the
line when it draws (``status_line``: the terminal; the page sends the value)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.physical import Spot
from engine.recognition.answers import IllegalMatch, Moving, OffGuide, OutOfStep, Tapped
from firmware_host.session.controller import Controller
from firmware_host.session.review import Review
from firmware_host.session.state import (
    HeldChoice,
    NamedChoice,
    Phase,
    Prompting,
    SetDownChoice,
    TakebackChoice,
)
from firmware_host.telling.language import Language
from firmware_host.telling.legend import BoardView, PromptView
from firmware_host.telling.prompt_words import choice_labels
from firmware_host.telling.rendering import told
from firmware_host.telling.setup_guide import setup_step
from firmware_host.telling.status import Surface, goes_on, review_said, status_said

__all__ = [
    "Surface",
    "build_view",
    "message_text",
    "prompt_labels",
    "review_text",
    "status_line",
]


def _movable(controller: Controller) -> frozenset[Spot]:
    """After a roll, the pieces the dice allow to move (none while something is lifted)."""
    if not controller.position.dice() or controller.phase is not Phase.PLAY:
        return frozenset()
    if isinstance(controller.assessment, Moving) and controller.assessment.hints:
        return frozenset()
    cells = frozenset(controller.game.cells)
    return controller.recognizer.movable_spots() & cells


def _clocks(controller: Controller, now: float | None) -> tuple[float, ...]:
    """Each seat's time left at ``now`` (None: at 0), () without a clock."""
    if controller.clock is None:
        return ()
    return controller.clock.remaining(now if now is not None else 0.0)


def build_view(
    controller: Controller,
    now: float | None = None,
    language: Language = Language.ENGLISH,
) -> BoardView:
    """What the LEDs (and a screen) should show; ``now`` runs the clocks; the prompt's
    choices are named in ``language``."""
    expected = controller.recognizer.expected
    frame = controller.frame
    seats = controller.game.seats
    position = controller.position
    turn = position.turn
    clocks = _clocks(controller, now)
    running = None if controller.clock is None else controller.clock.running
    common: dict[str, Any] = {
        # the board's fault first (the game waits for it), else the store's or the GPIO
        # lines' (the game goes on)
        "fault": controller.fault
        or controller.match.journal.fault
        or controller.lines_lost
        or controller.remote_wait,
        "clocks": clocks,
        "clock_running": running,
        "scores": position.scores(),
        "draw": controller.draw.tosses if controller.draw is not None else (),
        "counters": tuple(sorted(position.counters().items())),
    }
    if controller.phase is Phase.SETUP:
        step = setup_step(expected, frame, controller.game.spots)
        missing, extra = step.missing, step.extra
        return BoardView(Phase.SETUP, seats, turn, missing=missing, extra=extra, **common)
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
        remaining=remaining,
        dice=position.dice(),
        movable=_movable(controller),
        goes_on=goes_on(controller),
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
        else frozenset({choice.spot})
        if isinstance(choice, SetDownChoice | HeldChoice)
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
    """The status line in ``language`` (``status_said`` told, in the game's words)."""
    return told(status_said(controller, clocks, surface), language, controller.game)


def status_line(
    controller: Controller,
    now: float | None = None,
    surface: Surface = Surface.BOARD,
    language: Language = Language.ENGLISH,
) -> str:
    """The status line at ``now`` (the clocks run) as ``surface`` reads it, in
    ``language``: what a screen asks for when it draws (``message_text``)."""
    return message_text(controller, _clocks(controller, now), surface, language)


def review_text(review: Review, language: Language) -> str:
    """The review's step in ``language``: the move shown and the coach's judgement."""
    return told(review_said(review), language)
