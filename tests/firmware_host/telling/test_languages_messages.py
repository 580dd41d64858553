"""What the session, the store and the rules say, in every language (telling/rendering.py):
no refusal, fault or warning is a sentence written in the source, each is a value;
every msgid said, filled as a game fills it, comes back in every language without an
English word but names; and the real ones (a silent chip, a full disk, a damaged
store, the blunder warning, the opening draw, a claim's count, the engine's errors)
are told in the language."""

from __future__ import annotations

import ast
import random
import re
import sqlite3
from pathlib import Path
from string import Formatter
from typing import Any

import pytest

from drivers.errors import BusError
from engine.game import Game, Position
from engine.opening import DrawResult, FirstPlayerDraw
from engine.physical import Stone
from engine.registry import find_game
from engine.said import (
    Either,
    PieceWord,
    Said,
    Seats,
    Term,
    Value,
    plural_said,
    said,
    said_of,
    verbatim,
)
from engine.search.types import Quality
from firmware_host.loops.scanning import fault_line
from firmware_host.notices.declared import (
    BlunderWarned,
    ComputerMoved,
    FaultShown,
    FaultSource,
    FirstPlayerDrawn,
    Refused,
)
from firmware_host.session.review import Review
from firmware_host.store.journal import NOT_SAVED
from firmware_host.store.review_notes import MoveNote
from firmware_host.store.storage import WRITE, Replaced, StorageError, cannot
from firmware_host.telling.language import Language, translated
from firmware_host.telling.msgids import claim_rules, source_msgids
from firmware_host.telling.notices import notice_line, notice_sentence
from firmware_host.telling.opening_words import draw_text
from firmware_host.telling.rendering import claim_help, claim_title, seat_words, told
from firmware_host.telling.view import Surface, message_text, review_text
from tests.firmware_host.simkit import close_all, make_sim
from tests.registered import in_their_languages

ROOT = Path(__file__).resolve().parents[3] / "firmware_host"
TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)
TOLD = in_their_languages(TRANSLATED)
"""Each game with each translated language it is told in (an outside game: those it ships)."""


def told_id(value: object) -> str:
    return value.value if isinstance(value, Language) else getattr(value, "name", str(value))


WORD = re.compile(r"[A-Za-z]{3,}")
KEPT = frozenset({"furigoma", "tokin", "sente", "gote", "gui", "pac", "nifu", "uchifuzume"})
"""Shogi's Japanese terms, Abalone's pac and the GUI's name, kept in every language."""
MADE_BY = frozenset({"Refused", "FaultShown", "BusFault", "BlunderWarned", "ServerRefusedMove"})
"""The notices and events whose first words are a message for the player."""
TOOLS = ROOT / "tools"
"""The developer's tools (replay, benches) speak English to whoever runs them."""
NAMES = frozenset(
    {"move", "choice", "choices", "position", "path", "chip", "kept", "name", "cell", "server"}
    | {"game"}  # a game's title: its own test holds it to the catalogue
    | {"command", "field", "word", "usage"}  # typed as they are
)
TYPED = frozenset({"name", "value"})
"""A typed form's words (NAME=VALUE), kept in every language."""
COGNATES = {
    Language.POLISH: {"robot", "offline", "online", "token"},
    Language.CZECH: {"robot", "disk", "broker", "offline", "online", "token", "chat"},
    Language.FRENCH: {
        "robot",
        "points",
        "camp",
        "lance",
        "position",
        "broker",
        "code",
        "direction",
        "parade",
        "promotion",
        "zone",
        "dragon",
        "page",
        "pages",
        "port",
        "terminal",
        "table",
        "minutes",
    },
}
"""Words the language writes as English does."""
"""Fields whose values are names, notation or ids: kept as they are in every language."""


def _is_words(node: ast.expr) -> bool:
    """Whether ``node`` is a sentence written in the source (a string or an f-string)."""
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def written_messages() -> list[tuple[str, ast.expr]]:
    """The message argument of every refusal, fault and warning the source makes."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None)
            if name not in MADE_BY:
                continue
            index = 2 if name == "ServerRefusedMove" else 1 if name == "BlunderWarned" else 0
            if len(node.args) > index:
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.args[index]))
    return found


def test_no_refusal_fault_or_warning_is_a_sentence_written_in_the_source() -> None:
    """Each is a value (engine/said.py): a msgid and its values, never words."""
    written = written_messages()
    assert len(written) > 20  # the scan finds the session's refusals
    sentences = [where for where, node in written if _is_words(node)]
    assert sentences == []


SHOWN = ("telling", "web", "terminal")
"""The rooms that tell (their own sentences have their own tests)."""


def said_msgids() -> tuple[str, ...]:
    """Every msgid a source outside the telling marks and says (``said(N_(...))`` or a
    marked constant handed to ``said``): the session's, the store's, the boards', the
    rules'. The telling's own sentences have their own tests."""
    marked = []
    roots = [ROOT, ROOT.parent / "engine"]
    for path in sorted(p for root in roots for p in root.rglob("*.py")):
        if path.is_relative_to(ROOT) and path.relative_to(ROOT).parts[0] in SHOWN:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "N_"
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                marked.append(node.args[0].value)
    return tuple(dict.fromkeys(marked))


MESSAGES = said_msgids()


def test_every_said_msgid_is_in_the_catalogues() -> None:
    assert len(MESSAGES) > 150
    assert set(MESSAGES) <= set(source_msgids())


def _names(msgid: str) -> list[str]:
    return [name for _, name, _, _ in Formatter().parse(msgid) if name]


def _start(game: Game[Any]) -> Position[Any]:
    position: Position[Any] = game.position()
    if not list(position.legal_moves()):
        position.push(rolled(position))  # Chaturaji, the toy race: the die first
    return position


def _filled(game: Game[Any], position: Position[Any]) -> dict[str, Value]:
    """A value for each field as ``game`` fills it."""
    move = position.move_text(next(iter(position.legal_moves())))
    seat = game.seat_word(0)
    illegal = next(iter(position.illegal_moves()), None)
    reason = illegal[1] if illegal is not None else said("it is {seat}'s turn", seat=seat)
    pieces = game.piece_words("en")
    piece = PieceWord(next(iter(pieces), game.piece_name(Stone("P", 0))))
    return {
        "seat": seat,
        "seat2": game.seat_word(1),
        "seats": Seats((seat, game.seat_word(1))),
        "piece": piece,
        "piece2": piece,
        "prey": piece,
        "what": piece,
        "robot": piece,
        "kinds": Either((piece, piece)),
        "move": move,
        "move2": move,
        "choice": repr(move),
        "choices": f"{move}, takeback",
        "position": "p0",
        "game": Term(game.title),
        "name": "impasse",
        "error": said("the game is over"),
        "why": said("the computer stopped thinking"),
        "detail": Term("database or disk is full"),
        "warning": said("a declaration that fails loses the game"),
        "problems": Either(
            (
                said("{seat}'s king is in check", seat=seat),
                said(
                    "{seat} counts {count} points in hand and in the camp, not {needed}",
                    seat=seat,
                    count=3,
                    needed=28,
                ),
            ),
            "; ",
        ),
        "zone": Term("ranks a-c"),
        "reason": reason,
        "rule": said("a turn is lost only when no piece can move"),
        "line": said("rank {n}", n="8"),
        "server": "lishogi",
        "chip": "MCP23017 0x20",
        "path": "g.db",
        "kept": "g.db.1",
        "cell": "2b",
        "cell2": "2c",
        "cells": "2b, 2c",
        "command": "review",
        "field": "game_id",
        "word": "'x'",
        "usage": "review STEP [GAME_ID]",
        "help": Term("the seat that resigns"),
        "code": "123-456",
        "board": "b1",
    }


def english_left(english: str, told: str, kept: set[str], language: Language) -> set[str]:
    """The words of ``english`` still in ``told``, but the names ``kept`` and the words
    ``language`` writes alike."""
    words = {word.lower() for word in WORD.findall(english)} - kept - KEPT
    words -= COGNATES.get(language, set())
    words -= TYPED if "NAME=VALUE" in english else set()
    return {word for word in WORD.findall(told) if word.lower() in words}


def _kept(game: Game[Any], language: Language, values: dict[str, Value]) -> set[str]:
    """The words a language keeps: the seats' names it keeps, the names in ``values``."""
    seats = seat_words(game, language).values()
    kept = {word.lower() for name in seats for word in WORD.findall(name)}
    for name, value in values.items():
        if name in NAMES:
            kept |= {word.lower() for word in WORD.findall(str(value))}
    return kept


@pytest.mark.parametrize(("game", "language"), TOLD, ids=told_id)
def test_every_message_is_told_in_every_language(game: Game[Any], language: Language) -> None:
    position = _start(game)
    values = _filled(game, position)
    kept = _kept(game, language, values)
    for msgid in MESSAGES:
        if not WORD.search(msgid.replace("{", " {")):  # a joiner (" and ", "; ")
            continue
        names = _names(msgid)
        message = Said(msgid, tuple((name, values.get(name, 3)) for name in names))
        english = str(message)
        assert told(message, Language.ENGLISH, game) == english
        said_there = told(message, language, game)
        assert said_there != english and "{" not in said_there, (language, english)
        left = english_left(english, said_there, kept, language)
        assert left == set(), (language.value, english, said_there)
        japanese_seats = game.spoken_seats.get(Language.JAPANESE.value)
        if {"seat", "seats"} & set(names) and japanese_seats is not None:
            assert game.seats[0].name not in said_there or game.name == "shogi"


def test_a_silent_chip_is_a_line_for_the_player_and_the_detail_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    error = BusError("MCP23017", "i2c-1", 0x20, OSError(5, "Input/output error"))
    line = fault_line(error)
    assert str(line) == "MCP23017 at 0x20 on i2c-1 does not answer"
    assert "errno" not in str(line) and "errno 5" in str(error)
    told = notice_line(FaultShown(line, 0.0), Language.CZECH)
    assert told == "porucha: MCP23017 at 0x20 on i2c-1 neodpovídá"


def test_a_full_disk_and_a_damaged_store_are_told_in_the_language() -> None:
    store = Path("g.db")
    disk = sqlite3.OperationalError("database or disk is full")
    full = said_of(StorageError(cannot(WRITE, store, disk)))
    assert str(full) == "cannot write to the game store g.db: database or disk is full"
    shown = said("{error}: the game goes on and is saved when the store can take it", error=full)
    line = notice_line(FaultShown(shown, 0.0, FaultSource.STORE), Language.POLISH)
    assert "baza danych lub dysk są pełne" in line and "partia toczy się dalej" in line
    assert "the game goes on" not in line
    for saved, cut in ((0, 0), (1, 0), (4, 0), (1, 1), (4, 2)):
        described = Replaced(store, Path("g.db.1"), "malformed", saved, cut).describe()
        for language in TRANSLATED:
            there = told(described, language)
            assert "game store" not in there and "damaged" not in there, (language, there)


@pytest.mark.parametrize(
    ("language", "one", "two", "five"),
    [
        (Language.ENGLISH, "1 game read from it is", "2 games read from it are", "5 games"),
        (Language.POLISH, "1 odczytana partia jest", "2 odczytane partie są", "5 odczytanych"),
        (Language.CZECH, "1 přečtená partie je", "2 přečtené partie jsou", "5 přečtených"),
        (Language.FRENCH, "1 partie lue est", "2 parties lues sont", "5 parties lues"),
        (Language.JAPANESE, "よめた1たいきょく", "よめた2たいきょく", "よめた5たいきょく"),
    ],
    ids=lambda value: value.value if isinstance(value, Language) else None,
)
def test_the_games_a_damaged_store_kept_take_the_plural_their_count_needs(
    language: Language, one: str, two: str, five: str
) -> None:
    """Issue 63: "1 game read from it are", and one form for 2 and 5 in Polish."""
    for saved, words in ((1, one), (2, two), (5, five)):
        for cut in (0, 1):
            described = Replaced(Path("g.db"), Path("g.db.1"), "malformed", saved, cut).describe()
            assert words in told(described, language), (saved, cut)


def test_records_not_saved_yet_take_the_plural_their_count_needs() -> None:
    error = said_of(StorageError("the disk is full"))
    for count, english, polish in (
        (1, "1 record", "1 zapis "),
        (3, "3 records", "3 zapisy"),
        (5, "5 records", "5 zapisów"),
    ):
        waiting = plural_said(NOT_SAVED, count, error=error)
        assert str(waiting).startswith(f"{english} not saved yet")
        assert told(waiting, Language.POLISH).startswith(polish)


def test_the_blunder_warning_and_a_refusal_are_told_in_the_language() -> None:
    warned = BlunderWarned("2c2b", said("gives away material"), 0.0)
    assert notice_line(warned, Language.POLISH).startswith("uwaga: 2c2b oddaje materiał;")
    dobutsu = find_game("dobutsu")
    position = dobutsu.position()
    loses = BlunderWarned("2c2b", said("loses the game"), 0.0)
    assert notice_sentence(loses, position, Language.FRENCH) == (
        "attention : ce coup perd la partie"
    )
    below = said("no hints for {seat}: its help stops below hints", seat=dobutsu.seat_word(0))
    assert notice_line(Refused(below, 0.0), Language.POLISH, "dobutsu") == (
        "odmowa: gracz A: brak podpowiedzi, pomoc dla tej strony ich nie obejmuje"
    )
    forbids = said("{server} forbids engine help in games against people", server="lishogi")
    nested = Refused(said("no hints: {why}", why=forbids), 0.0)
    line = notice_line(nested, Language.JAPANESE)
    assert "no hints" not in line  # the outer message told too, not only the server's
    assert "きんじています" in line


def test_the_engines_errors_a_refusal_passes_on_are_told() -> None:
    position = find_game("dobutsu").position()
    with pytest.raises(Exception) as caught:
        position.parse_move("1d2c")  # the giraffe onto its own chick
    there = told(said_of(caught.value), Language.CZECH, position.game)
    assert there.startswith("1d2c ") and "illegal" not in there and "is not" not in there


def test_the_opening_draw_is_told_in_every_language() -> None:
    rng = random.Random(3)
    draws = [
        DrawResult(FirstPlayerDraw.FURIGOMA, tuple(rng.random() < 0.5 for _ in range(5)), side)
        for side in (True, False)
    ] + [DrawResult(FirstPlayerDraw.LOT, (True,), side) for side in (True, False)]
    for drawn in draws:
        described = draw_text(drawn)
        for language in TRANSLATED:
            told = draw_text(drawn, language)
            assert english_left(described, told, set(), language) == set(), (language, told)
            assert told == notice_line(FirstPlayerDrawn(drawn, 0.0), language)


FOUR_TOKIN = DrawResult(FirstPlayerDraw.FURIGOMA, (True, True, True, True, False), False)
NO_TOKIN = DrawResult(FirstPlayerDraw.FURIGOMA, (False,) * 5, True)


@pytest.mark.parametrize(
    ("language", "one_pawn", "five_pawns"),
    [
        (Language.ENGLISH, "4 tokin, 1 pawn:", "0 tokin, 5 pawns:"),
        (Language.POLISH, "4 tokin, 1 pionek:", "0 tokin, 5 pionków:"),
        (Language.CZECH, "4 tokin, 1 pěšec:", "0 tokin, 5 pěšců:"),
        (Language.FRENCH, "4 tokin, 1 pion :", "0 tokin, 5 pions :"),
        (Language.JAPANESE, "と 4まい、ふ 1まい:", "と 0まい、ふ 5まい:"),
    ],
    ids=lambda value: value.value if isinstance(value, Language) else None,
)
def test_the_pawns_of_a_draw_take_the_plural_their_count_needs(
    language: Language, one_pawn: str, five_pawns: str
) -> None:
    assert one_pawn in draw_text(FOUR_TOKIN, language)
    assert five_pawns in draw_text(NO_TOKIN, language)
    # the record's English (the wire's description) takes the plural too
    assert (
        FOUR_TOKIN.description
        == "furigoma: 4 tokin, 1 pawn: the tosser's opponent (top) plays first"
    )


def test_a_claims_count_is_told_with_its_problems() -> None:
    shogi = find_game("shogi")
    position = shogi.position(None, shogi.options({"impasse": "27"}))
    preview = position.claim_preview("declare")
    assert preview is not None and preview.problems
    described = preview.describe(shogi.seat_word(0))
    for language in TRANSLATED:
        there = told(described, language, shogi)
        english = str(described)
        assert english_left(english, there, {"sente"}, language) == set(), (language, there)


def test_every_claim_has_its_title_and_help_in_every_language() -> None:
    rules = claim_rules()
    assert {rule.name for rule in rules} == {"impasse", "declare"}
    for rule in rules:
        for language in TRANSLATED:
            assert claim_help(rule, language) != rule.help
            title = claim_title(rule, language)
            assert title == translated(rule.title, language)
    assert claim_title(rules[1], Language.POLISH) == "Ogłoś wygraną"


def test_a_reviews_step_is_told_in_the_language() -> None:
    notes = {3: MoveNote(3, Quality.DOUBTFUL, 0.4, "7g7f"), 2: MoveNote(2, Quality.GOOD, 0.1, None)}
    for ply in (0, 2, 3, 4):
        review = Review(4, ("2g2f", "8c8d", "2f2e", "8d8e"), (frozenset(),) * 4, ply, notes)
        english = review_text(review, Language.ENGLISH)
        for language in TRANSLATED:
            told = review_text(review, language)
            left = english_left(english, told, set(), language)
            assert left == set(), (language.value, told)
    judged = Review(4, ("2g2f", "8c8d", "2f2e"), (frozenset(),) * 3, 3, notes)
    start = Review(4, ("2g2f",), (frozenset(),), 0, notes)
    assert review_text(start, Language.ENGLISH) == "review of game 4: the start"
    assert review_text(judged, Language.ENGLISH) == (
        "review of game 4: move 3 of 3 (2f2e): doubtful; better 7g7f"
    )
    assert review_text(judged, Language.POLISH) == (
        "przegląd gry 4: ruch 3 z 3 (2f2e): wątpliwy; lepszy 7g7f"
    )


def test_a_game_across_boards_waits_in_the_language() -> None:
    """The remote game's and the online game's waiting lines (remote/game.py,
    online/seat.py) lead the status line, told; a move another board played says so."""
    sim = make_sim()
    try:
        offline = "waiting for the opponent's board ({seat}): it is offline"
        sim.controller.network_waits(said(offline, seat=sim.game.seat_word(1)))
        line = message_text(sim.controller, (), Surface.PAGE, Language.POLISH)
        assert line.startswith("czekanie na planszę przeciwnika (gracz B): jest rozłączona; ")
        down = (
            "lishogi: the link is down ({detail}); trying again in {count} s;"
            " {moves} move(s) wait to be sent"
        )
        waits = said(down, detail=verbatim("timed out"), count=5, moves=2)
        sim.controller.network_waits(waits)
        line = message_text(sim.controller, (), Surface.PAGE, Language.CZECH)
        assert line.startswith("lishogi: spojení je přerušeno (timed out); nový pokus za 5 s;")
    finally:
        close_all()
    moved = ComputerMoved(1, "2b2c", said("played at the other board"), 0.0)
    assert notice_line(moved, Language.FRENCH).endswith("(joué sur l'autre plateau)")


def test_a_notice_of_a_known_game_names_its_seats_by_its_words() -> None:
    """Black is "czarne" (marbles) in Abalone and "czarny" (an army) in Chaturaji."""
    for game, word in (("chaturaji", "czarny"), ("abalone", "czarne")):
        black = find_game(game).seat_word(0)
        refused = Refused(said("no hints for {seat}: its help stops below hints", seat=black), 0.0)
        assert notice_line(refused, Language.POLISH, game).startswith(f"odmowa: {word}:")


def rolled(position: Position[Any]) -> Any:
    """A roll of the dice after which the player to move has a move."""
    for roll in position.chance_moves() or ():
        position.push(roll)
        moves = list(position.legal_moves())
        position.pop()
        if moves:
            return roll
    raise AssertionError(f"no roll lets {position.text()} move")
