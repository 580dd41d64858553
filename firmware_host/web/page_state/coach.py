"""What the page shows of the coach beside its controls: each seat's help and the hints
it has left, and the puzzle being solved, its question as a value the page tells.

The session keeps both (``session/help.py``, ``session/puzzle.py``); this only reads
them for the page's state, the words as values the page tells as the status line is,
so the page keeps none of its own."""

from __future__ import annotations

from engine.puzzles import kind_of
from engine.said import Said, Term, said
from firmware_host.session.controller import Controller
from firmware_host.session.puzzle import PuzzleRun
from firmware_host.telling.language import N_, Language
from firmware_host.telling.notices import Question, question_said
from firmware_host.telling.rendering import told
from firmware_host.web.page_state.messages import Json
from firmware_host.wire.notice_records import said_record


def help_state(controller: Controller) -> list[Json] | None:
    """Each seat's help (its level's word, whether the coach colours its moves), its
    own hint budget (``hints``, None: no limit; the dialog offers it again) and hints
    left (None: no limit; 0 for a seat that may not ask); None when the session names
    no seat's help and sets no budget (every seat has the session's switches)."""
    settings = controller.settings
    if not settings.help and settings.hints is None and not settings.seat_hints:
        return None
    computer = controller.computer
    seats: list[Json] = []
    for seat in range(len(controller.game.seats)):
        hinted = computer.help.hinted(seat)
        seats.append(
            {
                "level": computer.help.level(seat).word,
                "coached": computer.help.coached(seat),
                "hints": computer.help.budget(seat),
                "hints_left": computer.hints_left(seat) if hinted else 0,
            }
        )
    return seats


def question_said_of(run: PuzzleRun) -> Said:
    """What the player is asked, as a value: "White to move: win in 2 of your moves"
    (as the notice that sets the puzzle says it)."""
    game, puzzle = run.game, run.puzzle
    turn = game.position(puzzle.position, dict(puzzle.options)).turn
    return question_said(Question(game.name, puzzle.kind, puzzle.plies, turn))


def question(run: PuzzleRun, language: Language) -> str:
    """``question_said_of`` told in ``language``."""
    return told(question_said_of(run), language, run.game)


def kind_said(run: PuzzleRun) -> Said:
    """The kind and the difficulty, as a value: "winning refill, difficulty 2"."""
    kind = kind_of(run.game, run.puzzle.kind)
    return said(
        N_("{kind}, difficulty {difficulty}"),
        kind=Term(kind.shown),
        difficulty=run.puzzle.difficulty,
    )


def kind_text(run: PuzzleRun, language: Language) -> str:
    """``kind_said`` told in ``language``."""
    return told(kind_said(run), language, run.game)


def puzzle_state(run: PuzzleRun | None) -> Json | None:
    """The puzzle on the board while it is set up and played, and once solved (None
    when there is none, or another game was started since): its question and kind as
    the values the page tells in its language."""
    if run is None or run.left:
        return None
    asked, kind = question_said_of(run), kind_said(run)
    return {
        "id": run.puzzle.id,
        "difficulty": run.puzzle.difficulty,
        "game": run.game.name,
        "question_said": said_record(asked),
        "kind_said": said_record(kind),
        "solved": run.solved,
        "tries": run.tries,
    }
