"""Every notice is declared once and told once: a wire name, a generic record, a line
and a sentence (or an explicit silence) from one wording of whole sentences."""

from __future__ import annotations

import json
from dataclasses import fields
from string import Formatter

from engine.opening import DrawResult, FirstPlayerDraw
from engine.outcome import Outcome, Termination
from engine.recognition.answers import Correction
from engine.registry import find_game
from engine.said import said, verbatim
from firmware_host.club.pairings import Pairing
from firmware_host.club.words import pairing_said
from firmware_host.notices.declared import (
    BY_WIRE,
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
from firmware_host.opponents.seats import parse_opponents
from firmware_host.session.new_seats import seats_said
from firmware_host.telling.language import Language
from firmware_host.telling.narrator import warnings_ahead
from firmware_host.telling.notices import Move, Moves, notice_line, notice_sentence, wording
from firmware_host.telling.rendering import told
from firmware_host.wire.notice_records import notice_record

WON = Outcome.win(Termination.TRY, 0)
DOBUTSU = find_game("dobutsu")

EXAMPLES: tuple[Notice, ...] = (
    BoardReady(0.0),
    BoardTurned(True, 0.0),
    BoardTurned(False, 0.0),
    MoveCommitted(1, "2c2b", 0.0),
    PromptOpened(("2c2b", "1d1c"), 0.0),
    PromptOpened(("2b2a", "2b2a+"), 0.0),
    PromptOpened(("takeback", "play on"), 0.0),
    PromptOpened(("accept", "decline"), 0.0),
    PromptOpened(("puzzle", "play on"), 0.0),
    MovesTakenBack(1, 0.0),
    MovesTakenBack(2, 0.0),
    IllegalShown("1d1b", said("the giraffe moves one step orthogonally"), 0.0),
    OffGuideShown(("1d1c",), "2c2b", 0.0),
    OutOfStepShown(Correction("2c", None, 0, 1), 0.0),
    GameEnded(Outcome.win(Termination.TRY, 0), find_game("dobutsu").describe_outcome(WON), 0.0),
    GameStarted(3, "dobutsu", False, 0.0),
    GameStarted(3, "dobutsu", True, 0.0),
    FirstPlayerDrawn(DrawResult(FirstPlayerDraw.FURIGOMA, (True,) * 4 + (False,), False), 0.0),
    SeatsChosen(seats_said(DOBUTSU, parse_opponents(DOBUTSU, "w=level:3")), 0.0),
    Refused(said("no move to suggest now"), 0.0),
    FaultShown(said("{chip} does not answer", chip="sensor chip 0x20"), 0.0),
    FaultShown(verbatim("the disk is full"), 0.0, FaultSource.STORE),
    FaultCleared(0.0),
    FaultCleared(0.0, FaultSource.STORE),
    FaultShown(verbatim("GPIO 4 on /dev/gpiochip0 lost"), 0.0, FaultSource.LINES),
    FaultCleared(0.0, FaultSource.LINES),
    StoreReplaced(verbatim("the game store x was damaged"), 0.0),
    ComputerMoved(0, "2c2b", None, 0.0),
    ComputerMoved(0, "2c2b", verbatim("book move"), 0.0),
    HintShown("2c2b", 0.0),
    BlunderWarned("2c2b", said("gives away material"), 0.0),
    PuzzleMissed("2c2b", 0.0),
    PuzzleSolved("7-20-win", 1, 0.0),
    PuzzleAsked(0.0),
    PuzzleSet("7-20-win", "dobutsu", "win", 3, 0, 2, 0.0),
    ReviewShown(4, 0, 10, None, 0.0),
    ReviewShown(4, 3, 10, "2c2b", 0.0),
    RemoteMoved(1, "2c2b", 0.0),
    ServerRefusedMove("lishogi", "2c2b", verbatim("Not your turn, or game already over"), 0.0),
    PairingShown(pairing_said(Pairing(3, ("Aiko", "Jan"), "dobutsu")), 0.0),
    RoomTold(said("table {table}'s game is abandoned", table=3), 0.0),
    *(ProposalMade(kind, 0.0) for kind in Proposal),
    *(
        ProposalAnswered(kind, accepted, ours, 0.0)
        for kind in Proposal
        for accepted in (True, False)
        for ours in (True, False)
    ),
)

SAID_OTHERWISE = (
    MoveCommitted,
    IllegalShown,
    OffGuideShown,
    ComputerMoved,
    BlunderWarned,
    PuzzleMissed,
    PuzzleSet,
)
"""The notices whose sentence says differently what the line shows (the moves in it)."""


def test_every_declared_notice_has_an_example_a_wire_name_and_a_record() -> None:
    assert {type(notice) for notice in EXAMPLES} == set(NOTICES)
    assert len(BY_WIRE) == len(NOTICES)
    for kind in NOTICES:
        assert BY_WIRE[kind.wire] is kind
    for notice in EXAMPLES:
        record = notice_record(notice)
        if record is None:
            assert not getattr(type(notice), "recorded", True)  # said so, not by omission
            continue
        assert record["event"] == notice.wire and record["t"] == 0.0
        json.dumps(record)  # every value has a JSON form


def test_the_record_writes_fields_by_one_set_of_rules() -> None:
    over = GameEnded(Outcome.win(Termination.KING_CAPTURED, 1), verbatim("B wins"), 1.23456)
    assert notice_record(over) == {
        "t": 1.235,
        "event": "game_over",
        "termination": "king_captured",
        "winners": [1],
        "result": "B wins",
        "result_said": {"msgid": "{text}", "values": {"text": "B wins"}},
    }
    assert notice_record(ComputerMoved(0, "2c2b", None, 0.0)) == {
        "t": 0.0,
        "event": "computer_move",
        "seat": 0,
        "move": "2c2b",
    }
    prompt = notice_record(PromptOpened(("a", "b"), 0.0))
    assert prompt is not None and prompt["choices"] == ["a", "b"]
    proposal = notice_record(ProposalMade(Proposal.TAKEBACK, 0.0))
    assert proposal is not None and proposal["kind"] == "takeback"


def test_every_notice_has_a_line_and_a_sentence_or_says_it_is_silent() -> None:
    for notice in EXAMPLES:
        words = wording(notice)
        line = notice_line(notice)
        assert line and "{" not in line, notice
        sentence = notice_sentence(notice, None)
        assert (sentence is None) == (words.said is None), notice
        assert sentence is None or "{" not in sentence
        assert words.said in (words.shown, None) or isinstance(notice, SAID_OTHERWISE), notice


def test_each_wording_is_a_whole_sentence_its_values_fill_exactly() -> None:
    for notice in EXAMPLES:
        words = wording(notice)
        texts = [
            text
            for msgid in (words.shown, words.said)
            if msgid is not None
            for text in ((msgid,) if isinstance(msgid, str) else (msgid.one, msgid.many))
        ]
        for text in texts:
            names = {name for _, name, _, _ in Formatter().parse(text) if name}
            assert names <= set(words.values), (notice, text)
        used = {name for text in texts for _, name, _, _ in Formatter().parse(text) if name}
        assert used == set(words.values), notice


def test_the_screen_and_the_speech_take_the_same_words() -> None:
    for notice in (
        FaultCleared(0.0, FaultSource.STORE),
        FaultCleared(0.0),
        FaultShown(verbatim("the disk is full"), 0.0, FaultSource.STORE),
        Refused(said("no move to suggest now"), 0.0),
        ProposalAnswered(Proposal.DRAW, False, True, 0.0),
        BoardReady(0.0),
    ):
        assert notice_line(notice) == notice_sentence(notice, None)
    store_back = FaultCleared(0.0, FaultSource.STORE)
    assert notice_line(store_back) == "the game store takes the game again: everything is saved"
    lines_back = FaultCleared(0.0, FaultSource.LINES)
    assert notice_line(lines_back) == notice_sentence(lines_back, None)
    assert notice_line(lines_back) == "the board's GPIO lines are watched again"


def test_moves_are_notation_on_a_line_and_words_aloud() -> None:
    position = find_game("dobutsu").position()
    hint = HintShown("2c2b", 0.0)
    assert notice_line(hint) == "hint: 2c2b"
    assert notice_sentence(hint, position) == "hint: chick to 2 b, takes chick"
    assert notice_sentence(hint, position, Language.JAPANESE) == "ヒント：に に ひよこ"
    assert notice_sentence(hint, None) == "hint: 2c2b"  # no position: as written
    back = MovesTakenBack(2, 0.0)
    assert notice_line(back) == "took back 2 moves"
    assert notice_sentence(back, position) == "took back two moves"
    assert notice_line(MovesTakenBack(1, 0.0)) == "took back 1 move"
    choices = PromptOpened(("2c2b", "1d1c"), 0.0)
    assert notice_line(choices) == "which move? 2c2b / 1d1c"
    assert notice_sentence(choices, position) == (
        "which move? chick to 2 b, takes chick, or giraffe to 1 c"
    )
    assert isinstance(wording(choices).values["choices"], Moves)
    assert isinstance(wording(hint).values["move"], Move)


def test_proposals_are_told_in_whole_sentences() -> None:
    assert notice_line(ProposalMade(Proposal.DRAW, 0.0)) == (
        "a draw offered: waiting for the other board's answer"
    )
    assert notice_line(ProposalAnswered(Proposal.TAKEBACK, True, True, 0.0)) == (
        "the other board accepted your takeback"
    )
    assert notice_line(ProposalAnswered(Proposal.DRAW, False, False, 0.0)) == "a draw declined"


def test_the_page_gets_the_clock_warnings_still_ahead_with_their_words() -> None:
    position = find_game("dobutsu").position()
    ahead = warnings_ahead(position, (75.0, 300.0), 0)
    game = position.game
    assert [(said.left, told(said.sentence, Language.ENGLISH, game)) for said in ahead] == [
        (60.0, "A: one minute left"),
        (30.0, "A: 30 seconds left"),
        (10.0, "A: 10 seconds left"),
    ]
    # the English a log reads is the value told in English
    assert [str(said.sentence) for said in ahead] == [
        told(said.sentence, Language.ENGLISH, game) for said in ahead
    ]
    assert {x.value: told(ahead[0].sentence, x, game) for x in Language if x.value != "en"} == {
        "ja": "せんて：のこりいっぷん",
        "pl": "gracz A: została jedna minuta",
        "cs": "hráč A: zbývá jedna minuta",
        "fr": "joueur A : plus qu'une minute",
    }
    (last,) = warnings_ahead(position, (75.0, 25.0), 1)
    assert (last.left, str(last.sentence), told(last.sentence, Language.JAPANESE, game)) == (
        10.0,
        "B: 10 seconds left",
        "ごて：のこり10びょう",
    )
    assert warnings_ahead(position, (75.0, 9.0), 1) == ()
    assert warnings_ahead(position, (75.0, 300.0), None) == ()


def test_the_fields_each_notice_declares_are_all_on_the_wire_or_spread() -> None:
    for notice in EXAMPLES:
        record = notice_record(notice)
        if record is None:
            continue
        for declared in fields(notice):
            if declared.name == "at" or declared.metadata.get("omit_empty"):
                continue
            spread = declared.metadata.get("spread", ())
            names = spread or (declared.metadata.get("wire") or declared.name,)
            assert set(names) <= set(record), (notice, declared.name)
