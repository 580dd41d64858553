"""What the board should show: the controller's state turned into a ``BoardView``
(for the legend, the terminal and the web page) and a sentence for the status line."""

from __future__ import annotations

from dataclasses import replace
from enum import Enum
from typing import Any

from engine.assessments import IllegalMatch, Moving, OffGuide, OutOfStep, Pending, Tapped
from engine.physical import EMPTY, Spot
from firmware_host.notices.declared import Proposal
from firmware_host.session.clock import clocks_suffix
from firmware_host.session.controller import Controller
from firmware_host.session.state import (
    AcceptChoice,
    NamedChoice,
    Phase,
    PlayOnChoice,
    Prompting,
    TakebackChoice,
)
from firmware_host.telling.legend import BoardView, PromptView
from firmware_host.telling.setup_guide import setup_step
from firmware_host.telling.wording import choice_labels


class Surface(Enum):
    """Where the status line is read, for the words that say how to do something
    there: the board has its buttons, the terminal typed commands too, the page its
    own buttons (``hurry``: how to make the thinking computer play at once)."""

    BOARD = "press next to hurry it"
    TERMINAL = "press next or type now to hurry it"
    PAGE = "press Move now to hurry it"

    @property
    def hurry(self) -> str:
        return self.value


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
    controller: Controller, now: float | None = None, surface: Surface = Surface.BOARD
) -> BoardView:
    """What the LEDs (and a screen) should show; ``now`` runs the clocks, ``surface``
    is where its message is read."""
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
        message = step.describe()
        if controller.draw is not None:
            message = f"{controller.draw.describe()}; {message}"
        missing, extra = step.missing, step.extra
        return BoardView(
            Phase.SETUP, seats, turn, missing=missing, extra=extra, message=message, **common
        )
    assessment = controller.assessment
    hints = assessment.hints if isinstance(assessment, Moving | Tapped) else ()
    remaining = assessment.remaining if isinstance(assessment, Moving) else ()
    lifted = controller.recognizer.lifted(frame)
    prompt = _prompt_view(controller)
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
        message=status_text(controller, clocks, surface),
        remaining=remaining,
        dice=position.dice(),
        movable=_movable(controller),
        goes_on=_goes_on(controller),
        **common,
    )


def _prompt_view(controller: Controller) -> PromptView | None:
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
    return PromptView(controller.prompt_choices, spots, state.selected, prompt_labels(controller))


def prompt_labels(controller: Controller) -> tuple[str, ...]:
    """The open prompt's choices in words, each with its notation; () when none is open."""
    state = controller.state
    if not isinstance(state, Prompting):
        return ()
    return choice_labels(controller.position, state.choices)


def status_text(
    controller: Controller, clocks: tuple[float, ...] = (), surface: Surface = Surface.BOARD
) -> str:
    """One sentence for the status line: what the board wants from the players now,
    after what the game store could not save yet, if anything, in the words of the
    ``surface`` it is read on."""
    text = _wanted(controller, clocks, surface)
    for trouble in (controller.remote_wait, controller.match.journal.fault):
        if trouble is not None:
            text = f"{trouble}; {text}"
    return text


def _wanted(controller: Controller, clocks: tuple[float, ...], surface: Surface) -> str:
    position = controller.position
    if controller.fault is not None:
        return f"waiting for the board: {controller.fault}"
    if controller.outcome is not None:
        text = f"game over: {controller.game.describe_outcome(controller.outcome)}"
        return text if controller.review is None else f"{text}; {controller.review.describe()}"
    seat = controller.game.seats[position.turn].name
    assessment = controller.assessment
    if isinstance(controller.state, Prompting):
        choices, selected = prompt_labels(controller), controller.state.selected
        if PlayOnChoice.NAME in choices:
            return (
                f"careful: {position.move_text(position.move_stack[-1])} may throw the game"
                f" away: {' / '.join(choices)} (selected: {choices[selected]})"
            )
        proposals = [c for c in controller.state.choices if isinstance(c, AcceptChoice)]
        if proposals:
            offered = proposals[0].proposal
            what = "a draw" if offered.kind is Proposal.DRAW else "to take back a move"
            who = controller.game.seats[offered.seat].name
            chosen = choices[selected]
            return f"{who} (the other board) offers {what}: accept / decline (selected: {chosen})"
        if choices == (TakebackChoice.NAME,):
            return "the board shows an earlier position: press ok to take the move back"
        if TakebackChoice.NAME in choices:
            return (
                "the board shows an earlier position, or a move and its reply:"
                f" {' / '.join(choices)} (selected: {choices[selected]})"
            )
        other = _went_on_prompt(controller, controller.state.choices)
        if other is not None:
            return (
                f"{seat}'s {controller.game.going_on} goes on, or {other} moves?"
                f" {' / '.join(choices)} — selected: {choices[selected]}"
            )
        return f"which move? {' / '.join(choices)} — selected: {choices[selected]}"
    if controller.roll_due:
        return f"{seat}: roll the dice (press roll)"
    if controller.forced is not None:
        return f"{seat}'s only move: {controller.forced} (played for you)"
    if isinstance(assessment, IllegalMatch):
        return f"illegal: {position.move_text(assessment.move)} ({assessment.reason}); put it back"
    if isinstance(assessment, OffGuide):
        return f"please play {position.move_text(assessment.guide)}"
    if isinstance(assessment, OutOfStep):
        c = assessment.correction
        parts = []
        if c.take_from is not None and c.take_from != c.put_on:
            parts.append(f"take the piece off {c.take_from}")
        if c.put_on is not None:
            parts.append(f"put a piece on {c.put_on}")
        if c.take_from is not None and c.take_from == c.put_on:
            parts = [f"turn the piece on {c.put_on} over"]
        return "board out of step: " + " and ".join(parts)
    if _goes_on(controller):
        return f"{seat} may go on: ok ends the {controller.game.going_on}"
    if isinstance(assessment, Moving) and assessment.remaining:
        away = [s for s, r in assessment.remaining if not r]
        if away:
            return f"take off {', '.join(away)} to finish the move"
    text = f"{seat} to move"
    computer = controller.computer
    if controller.guide is not None:
        text = f"{seat} to play {position.move_text(controller.guide.move)}"
    elif position.turn in computer.remote:
        text = f"{seat}: their move comes from the other board"
    elif computer.thinking(position):
        text = f"{seat}: the computer is thinking ({surface.hurry})"
    elif computer.hint is not None:
        text = f"{seat} to move (hint: {position.move_text(computer.hint[0])})"
    if computer.verdict is not None:
        text += f" — {computer.verdict}"
    dice = position.dice()
    if dice:
        text += f" (dice: {' '.join(map(str, dice))})"
    text += clocks_suffix(None if controller.clock is None else controller.clock.control, clocks)
    return text
