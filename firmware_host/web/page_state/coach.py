"""What the page shows of the coach beside its controls: each seat's help and the hints
it has left, and the puzzle being solved, its question in every language.

The session keeps both (``session/help.py``, ``session/puzzle.py``); this only reads
them for the page's state, the words told in every language as the status line is, so
the page keeps none of its own."""

from __future__ import annotations

from engine.puzzles import kind_of
from firmware_host.session.controller import Controller
from firmware_host.session.puzzle import PuzzleRun
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.notices import Question, question_text
from firmware_host.web.page_state.messages import Json

LANGUAGES = tuple(Language)
OTHER_LANGUAGES = tuple(language for language in Language if language is not Language.ENGLISH)


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


def _in_each(told: dict[Language, str]) -> tuple[str, Json]:
    english = told[Language.ENGLISH]
    return english, {x.value: told[x] for x in OTHER_LANGUAGES if told[x] != english}


def question(run: PuzzleRun, language: Language) -> str:
    """What the player is asked, in ``language``: "White to move: win in 2 of your
    moves" (told as the notice that sets the puzzle tells it)."""
    game, puzzle = run.game, run.puzzle
    turn = game.position(puzzle.position, dict(puzzle.options)).turn
    return question_text(Question(game.name, puzzle.kind, puzzle.plies, turn), language)


def kind_text(run: PuzzleRun, language: Language) -> str:
    """The kind and the difficulty, in ``language``: "winning refill, difficulty 2"."""
    kind = kind_of(run.game, run.puzzle.kind)
    return translated(N_("{kind}, difficulty {difficulty}"), language).format(
        kind=translated(kind.shown, language), difficulty=run.puzzle.difficulty
    )


def puzzle_state(run: PuzzleRun | None) -> Json | None:
    """The puzzle on the board while it is set up and played, and once solved (None
    when there is none, or another game was started since)."""
    if run is None or run.left:
        return None
    asked, asked_in = _in_each({x: question(run, x) for x in LANGUAGES})
    kind, kind_in = _in_each({x: kind_text(run, x) for x in LANGUAGES})
    return {
        "id": run.puzzle.id,
        "difficulty": run.puzzle.difficulty,
        "question": asked,
        "question_in": asked_in,
        "kind": kind,
        "kind_in": kind_in,
        "solved": run.solved,
        "tries": run.tries,
    }
