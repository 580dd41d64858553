"""Every notice and every prompt of every game in every language: each notice, with
the game's own moves, reasons, results and messages in it, and each prompt with its
choice labels and its status line, told without an English word left (but names, moves
in notation and the words a language writes alike) and without a missing entry."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from drivers.errors import BusError
from engine.game import Game, Position
from engine.opening import DrawResult, FirstPlayerDraw
from engine.outcome import Outcome, Termination
from engine.recognition.answers import Correction
from engine.said import Said, Term, said, verbatim
from firmware_host.club.pairings import Pairing
from firmware_host.club.words import pairing_said
from firmware_host.loops.scanning import fault_line
from firmware_host.notices.declared import (
    NOTICES,
    BlunderWarned,
    BoardReady,
    BoardTurned,
    ComputerMoved,
    FaultCleared,
    FaultShown,
    FaultSource,
    FirstPlayerDrawn,
    GameEnded,
    GameStarted,
    HintShown,
    IllegalShown,
    MoveCommitted,
    MovesTakenBack,
    Notice,
    OffGuideShown,
    OutOfStepShown,
    PairingShown,
    PromptOpened,
    Proposal,
    ProposalAnswered,
    ProposalMade,
    PuzzleAsked,
    PuzzleMissed,
    PuzzleSet,
    PuzzleSolved,
    Refused,
    RemoteMoved,
    ReviewShown,
    RoomTold,
    SeatsChosen,
    ServerRefusedMove,
    StoreReplaced,
)
from firmware_host.opponents.seats import OpponentKind, OpponentSpec
from firmware_host.session.actions import Select
from firmware_host.session.consent import ProposalArrived
from firmware_host.session.new_seats import seats_said
from firmware_host.session.state import (
    AcceptChoice,
    DeclineChoice,
    NamedChoice,
    Phase,
    PlayOnChoice,
    Prompting,
    PuzzleChoice,
    TakebackChoice,
)
from firmware_host.store.storage import Replaced
from firmware_host.telling.language import Language, translated
from firmware_host.telling.notices import notice_line, notice_sentence
from firmware_host.telling.prompt_words import CHOICE_NAMES, choice_label
from firmware_host.telling.rendering import seat_words
from firmware_host.telling.setup_guide import setup_steps
from firmware_host.telling.view import Surface, message_text
from tests.firmware_host.simkit import close_all, make_sim
from tests.firmware_host.telling.test_languages_messages import WORD, english_left
from tests.registered import boarded_games, in_their_languages

TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)
TOLD = in_their_languages(TRANSLATED)
"""Each game with each translated language it is told in (an outside game: those it ships)."""


def told_id(value: object) -> str:
    return value.value if isinstance(value, Language) else getattr(value, "name", str(value))


NAMES = frozenset({"lishogi", "mcp", "aiko", "jan"})
"""The names in the examples: the server, the chip, a pairing's players."""
PLIES = 40
SEEDS = 2


@pytest.fixture(autouse=True)
def closing() -> Iterator[None]:
    yield
    close_all()


def _moves(position: Position[Any]) -> list[Any]:
    """The moves to play here; a roll of the dice first where one is due."""
    if not list(position.legal_moves()):
        chance = position.chance_moves()
        assert chance is not None
        position.push(chance[0])
    return list(position.legal_moves())


def walk(game: Game[Any], seed: int) -> Iterator[Position[Any]]:
    """The positions of a random game, each one copied."""
    rng = random.Random(seed)
    position = game.position()
    for _ in range(PLIES):
        if position.outcome() is not None:
            return
        moves = _moves(position)
        if not moves:
            return
        yield position.copy()
        position.push(rng.choice(moves))


def _illegal(game: Game[Any]) -> tuple[str, Said] | None:
    """A move the rules forbid, with its reason, found along a random game (None: a
    game whose rules forbid nothing a hand can do, as the toy race of the tests)."""
    for seed in range(SEEDS):
        for position in walk(game, seed):
            for move, reason in position.illegal_moves():
                return position.move_text(move), reason
    return None


def _start(game: Game[Any]) -> Position[Any]:
    position: Position[Any] = game.position()
    _moves(position)
    return position


def every_player(game: Game[Any]) -> Iterator[dict[int, OpponentSpec]]:
    """People at every seat, then each kind of player at the first seat."""
    yield {}
    for kind in OpponentKind:
        path = "yo" if kind is OpponentKind.USI else None
        yield {0: OpponentSpec(kind, path=path)}


def game_notices(game: Game[Any], position: Position[Any]) -> list[Notice]:
    """Every notice, as ``game`` makes it: its moves, reasons, results and seats."""
    moves = [position.move_text(move) for move in position.legal_moves()][:2]
    first, second = moves[0], moves[-1]
    seats = game.seats
    illegal = _illegal(game)
    bus = BusError("MCP23017", "i2c-1", 0x20, OSError(5, "Input/output error"))
    full = said(
        "cannot write to the game store {path}: {detail}",
        path="g.db",
        detail=Term("database or disk is full"),
    )
    store = said("{error}: the game goes on and is saved when the store can take it", error=full)
    draws = [
        DrawResult(FirstPlayerDraw.FURIGOMA, (True, False, True, False, False), True),
        DrawResult(FirstPlayerDraw.LOT, (False,), False),
    ]
    refusals = (
        said("no move to suggest now"),
        said("no hints for {seat}: its help stops below hints", seat=game.seat_word(0)),
        said(
            "{seat} plays at another board: its move is lit here when it comes",
            seat=game.seat_word(1),
        ),
        said(
            "no hints: {why}",
            why=said(
                "{seat} has used all {count} hints of this game", seat=game.seat_word(0), count=3
            ),
        ),
        said("the game is already over"),
    )
    resigned = Outcome.loss(Termination.RESIGNATION, 0, len(seats))
    cell = sorted(game.cells)[0]
    notices: list[Notice] = [
        BoardReady(0.0),
        BoardTurned(True, 0.0),
        BoardTurned(False, 0.0),
        MoveCommitted(1, first, 0.0),
        PromptOpened((first, second), 0.0),
        PromptOpened((TakebackChoice.NAME, PlayOnChoice.NAME), 0.0),
        PromptOpened((AcceptChoice.NAME, DeclineChoice.NAME), 0.0),
        PromptOpened((PuzzleChoice.NAME, PlayOnChoice.NAME), 0.0),
        MovesTakenBack(1, 0.0),
        MovesTakenBack(2, 0.0),
        *(() if illegal is None else (IllegalShown(*illegal, 0.0),)),
        OffGuideShown((second,), first, 0.0),
        OutOfStepShown(Correction(cell, None, 0, 1), 0.0),
        GameEnded(resigned, game.describe_outcome(resigned), 0.0),
        GameStarted(3, game.name, False, 0.0),
        GameStarted(3, game.name, True, 0.0),
        *(FirstPlayerDrawn(drawn, 0.0) for drawn in draws),
        *(SeatsChosen(seats_said(game, computer), 0.0) for computer in every_player(game)),
        *(Refused(refusal, 0.0) for refusal in refusals),
        FaultShown(fault_line(bus), 0.0),
        FaultShown(store, 0.0, FaultSource.STORE),
        FaultCleared(0.0),
        FaultCleared(0.0, FaultSource.STORE),
        StoreReplaced(Replaced(Path("g.db"), Path("g.db.1"), "x", 2, 1).describe(), 0.0),
        ComputerMoved(0, first, None, 0.0),
        HintShown(first, 0.0),
        BlunderWarned(first, said("gives away material"), 0.0),
        BlunderWarned(first, said("loses the game"), 0.0),
        PuzzleMissed(first, 0.0),
        PuzzleSolved("7-20-win", 1, 0.0),
        PuzzleAsked(0.0),
        *(PuzzleSet("7-20", game.name, k.name, k.plies[-1], 1, 2, 0.0) for k in game.puzzle_kinds),
        ReviewShown(4, 0, 10, None, 0.0),
        ReviewShown(4, 3, 10, first, 0.0),
        RemoteMoved(1, first, 0.0),
        ServerRefusedMove("lishogi", first, verbatim("400"), 0.0),
        PairingShown(pairing_said(Pairing(3, ("Aiko", "Jan"), game.name)), 0.0),
        RoomTold(said("table {table}'s game is abandoned", table=3), 0.0),
        *(ProposalMade(kind, 0.0) for kind in Proposal),
        *(
            ProposalAnswered(kind, accepted, ours, 0.0)
            for kind in Proposal
            for accepted in (True, False)
            for ours in (True, False)
        ),
    ]
    return notices


def kept_words(game: Game[Any], language: Language, *texts: str) -> set[str]:
    """The seats' names the language keeps, the game's title in it, the names and the
    moves' notation."""
    seats = [*seat_words(game, language).values(), translated(game.title, language)]
    kept = {word.lower() for name in seats for word in WORD.findall(name)} | NAMES
    return kept | {word.lower() for text in texts for word in WORD.findall(text)}


@pytest.mark.parametrize(("game", "language"), TOLD, ids=told_id)
def test_every_notice_of_every_game_is_told_in_every_language(
    game: Game[Any], language: Language
) -> None:
    position = _start(game)
    notices = game_notices(game, position)
    # every notice a game can give: an illegal move's only where its rules forbid one a
    # hand can make, a puzzle's only where it declares puzzles (the toy race does neither)
    optional = {IllegalShown: _illegal(game) is None, PuzzleSet: not game.puzzle_kinds}
    wanted = {kind for kind in NOTICES if not optional.get(kind, False)}
    assert {type(notice) for notice in notices} == wanted
    moves = [position.move_text(move) for move in position.legal_moves()]
    kept = kept_words(game, language, *moves)
    for notice in notices:
        english, told = notice_line(notice), notice_line(notice, language, game.name)
        assert told != english and "{" not in told, (language.value, told)
        assert english_left(english, told, kept, language) == set(), (language.value, told)
        said = notice_sentence(notice, position, language)
        english_said = notice_sentence(notice, position)
        if said is None or english_said is None:
            assert said is english_said is None
            continue
        # a game with no words of its own (the toy race) has its moves said by its
        # seats' English names and its notation, alike in every language
        worded = bool(game.spoken_seats)
        assert said != english_said or not worded, (language.value, said)
        assert "{" not in said, (language.value, said)
        left = english_left(english_said, said, kept, language)
        assert left == set(), (language.value, english_said, said)


@pytest.mark.parametrize(("game", "language"), TOLD, ids=told_id)
def test_every_choice_of_every_game_is_labelled_in_every_language(
    game: Game[Any], language: Language
) -> None:
    """A prompt's choices are moves of the position (any of them may be one) or named:
    each label is the move in the game's own words for the language, beside its
    notation."""
    labelled = available = 0
    for seed in range(SEEDS):
        for position in walk(game, seed):
            available += len(list(position.legal_moves())[:60])
            for move in list(position.legal_moves())[:60]:
                text = position.move_text(move)
                english = choice_label(position, move)
                told = choice_label(position, move, language)
                assert text in told, (language.value, told)
                kept = kept_words(game, language, text)
                assert english_left(english, told, kept, language) == set(), (english, told)
                labelled += 1
    assert labelled == available > min(50, available - 1)  # the bundled games: over 50
    for name in CHOICE_NAMES:
        assert translated(name, language) != name


def prompts(position: Position[Any]) -> Iterator[Prompting]:
    """A prompt of each kind the session opens, in ``position`` (a move played)."""
    moves = list(position.legal_moves())
    arrived = [ProposalArrived(kind, 1, 1, 1, "r") for kind in Proposal]
    yield Prompting((moves[0], moves[-1]))
    yield Prompting((TakebackChoice(1),))
    yield Prompting((TakebackChoice(1), moves[0]))
    yield Prompting((TakebackChoice(1, board_follows=False), PlayOnChoice()))
    for proposal in arrived:
        yield Prompting((AcceptChoice(proposal), DeclineChoice(proposal)), selected=1)


@pytest.mark.parametrize("game", boarded_games(), ids=lambda game: game.name)
def test_every_prompts_status_line_is_told_in_every_language(game: Game[Any]) -> None:
    sim = make_sim(game=game, settings={"seed": "7"})
    controller = sim.controller
    position = controller.position
    move = position.move_text(_moves(position)[0])
    sim.perform(move)
    if controller.phase is Phase.PROMPT:  # a token of either colour: which one
        sim.send(Select(move))
    assert controller.position.move_stack
    _moves(controller.position)
    for prompt in prompts(controller.position):
        controller.state = prompt
        english = message_text(controller, (), Surface.TERMINAL)
        for language in TRANSLATED:
            told = message_text(controller, (), Surface.TERMINAL, language)
            notation = [
                controller.position.move_text(choice)
                for choice in prompt.choices
                if not isinstance(choice, NamedChoice)
            ]
            last = controller.position.move_text(controller.position.move_stack[-1])
            kept = kept_words(game, language, *notation, last)  # a roll's notation too
            assert told != english, (language.value, told)
            left = english_left(english, told, kept, language)
            assert left == set(), (language.value, english, told)


@pytest.mark.parametrize(("game", "language"), TOLD, ids=told_id)
def test_every_set_up_step_is_told_in_every_language(game: Game[Any], language: Language) -> None:
    """The terminal lists the steps that set the board up: pieces to put (whose, on
    which cell or slot), pieces to take off, pieces to turn over, the rest counted."""
    position = game.position()
    layout = position.layout()
    placed = sorted(layout)
    empty = sorted(set(game.cells) - set(layout))
    for missing, extra, frame in (
        (frozenset(placed[:3]), frozenset(empty[:2]), {}),
        (frozenset(placed[:2]), frozenset(), dict.fromkeys(placed[:2], 1)),  # turned
        (frozenset(placed), frozenset(empty), {}),  # more than are listed
    ):
        english = setup_steps(position, missing, extra, frame)
        told = setup_steps(position, missing, extra, frame, language)
        assert len(told) == len(english)
        for there, step in zip(told, english, strict=True):
            assert there != step, (language.value, there)
            kept = kept_words(game, language, *missing, *extra)
            assert english_left(step, there, kept, language) == set(), (step, there)
