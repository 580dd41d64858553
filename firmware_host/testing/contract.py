"""The contract every game keeps with the rest of Kiban (engine/game.py), each part a
check of a whole game: run on every position of its random games under each setting of
its options and on its bench positions (``firmware_host.testing.lines.cases``), in
``sims`` random games of each setting (``defaults`` plays none and takes it as every
check does)."""

from __future__ import annotations

from typing import Any

from engine.errors import ClaimError, GameOverError, UnknownClaimError
from engine.game import Game
from engine.opening import FirstPlayerDraw
from engine.outcome import Outcome, Termination
from engine.physical import Sensing
from engine.policy import IllegalMovePolicy
from engine.record import PLAIN_TEXT
from firmware_host.testing.lines import SIMS, about, cases, playable, settings
from firmware_host.testing.positions import (
    check_copy,
    check_footprints,
    check_lookups,
    check_outcome,
    check_popping_back,
    check_push_and_pop,
    check_texts,
)


def push_and_pop(game: Game[Any], *, sims: int = SIMS) -> None:
    """Every move pushed and popped restores everything, and popping a whole game back
    passes every position again."""
    for case in cases(game, sims):
        with about(case):
            check_push_and_pop(case.position())
            if case.label == "late":
                check_popping_back(game.position(case.start, dict(case.options)), case.moves)


def copies(game: Game[Any], *, sims: int = SIMS) -> None:
    """A copy is independent of its original."""
    for case in cases(game, sims):
        with about(case):
            check_copy(case.position())


def footprints(game: Game[Any], *, sims: int = SIMS) -> None:
    """Each move's footprint is the change of the expected frame, under both sensings."""
    for case in cases(game, sims):
        for sensing in Sensing:
            with about(f"{case} ({sensing.value})"):
                check_footprints(case.position(), sensing)


def lookups(game: Game[Any], *, sims: int = SIMS) -> None:
    """The recognizer's lazy questions miss no move, under both sensings: on the
    positions of the default rules and each other setting's start (the costliest check
    of a crowded board, so not on every setting's late positions, nor twice on one
    position with the same moves)."""
    asked: set[tuple[str, tuple[str, ...]]] = set()
    for case in cases(game, sims):
        if case.options and case.label != "start":
            continue
        position = case.position()
        key = (position.text(), tuple(sorted(map(position.move_text, playable(position)))))
        if key in asked:
            continue
        asked.add(key)
        for sensing in Sensing:
            with about(f"{case} ({sensing.value})"):
                check_lookups(case.position(), sensing)


def texts(game: Game[Any], *, sims: int = SIMS) -> None:
    """Positions and moves read back from their texts."""
    for case in cases(game, sims):
        with about(case):
            check_texts(case.position())


def outcomes(game: Game[Any], *, sims: int = SIMS) -> None:
    """A finished game has no moves; one going on has a next one."""
    for case in cases(game, sims):
        with about(case):
            check_outcome(case.position())


def scores_teams_and_dice(game: Game[Any], *, sims: int = SIMS) -> None:
    """Scores, teams and dice fit the seats, and only a game that rolls has rolls."""
    seats = len(game.seats)
    for case in cases(game, sims):
        with about(case):
            position = case.position()
            assert len(position.scores()) in (0, seats), "a score for each seat, or none"
            teams = position.teams()
            if teams is None:
                assert position.team_scores() == (), "team scores without teams"
            else:
                assert len(teams) == seats and position.scores(), "teams without each seat's score"
                assert len(position.team_scores()) == max(teams) + 1, "a score for each team"
                assert sum(position.team_scores()) == sum(position.scores()), (
                    "the teams' scores are not their seats' added"
                )
            if not game.rolls_dice(position.options):
                assert position.dice() == () and position.chance_moves() is None, (
                    "dice in a game that does not roll"
                )
            if position.chance_moves() is not None:
                assert position.dice() == (), "faces still to use before the roll"


def claims(game: Game[Any], *, sims: int = SIMS) -> None:
    """A claim is judged exactly when the game declares it, and judging it changes
    nothing."""
    for case in cases(game, sims):
        with about(case):
            position = case.position()
            text = position.text()
            for claim in game.claims(position.options):
                try:
                    assert isinstance(position.claim(claim.name), Outcome)
                except UnknownClaimError:
                    raise AssertionError(
                        f"{game.name} declares {claim.name!r} but cannot judge it"
                    ) from None
                except (ClaimError, GameOverError):
                    pass  # the claim does not hold here, which the message says
                assert position.text() == text, f"judging {claim.name!r} changed the position"
            try:
                position.claim("no such claim")
            except UnknownClaimError:
                pass
            else:
                raise AssertionError("a claim the game does not declare was judged")


def defaults(game: Game[Any], *, sims: int = SIMS) -> None:
    """What the game declares fits what it plays: dice when its start has a roll due,
    a draw, a policy and distinct claims under each setting, plain text its first
    record format, its bench positions' move counts, its ends described by its seats,
    its geometry built once, a label for every stone (no random game is played:
    ``sims`` changes nothing)."""
    for chosen in settings(game):
        with about(f"{game.name} {dict(chosen)}"):
            options = game.options(dict(chosen))
            start = game.position(None, options)
            assert game.rolls_dice(options) == (start.chance_moves() is not None), (
                "rolls_dice() disagrees with the start's roll"
            )
            assert isinstance(game.first_player_draw(options), FirstPlayerDraw)
            assert isinstance(game.illegal_policy(options), IllegalMovePolicy)
            names = [claim.name for claim in game.claims(options)]
            assert len(set(names)) == len(names), f"a claim declared twice: {names}"
            for stones in start.layout().values():
                assert all(game.label(stone) for stone in stones), "a stone without a label"
    formats = game.record_formats()
    assert formats[0] is PLAIN_TEXT, "plain text is not its first record format"
    assert len({f.name for f in formats}) == len(formats), "two record formats of one name"
    for notable in game.bench().positions:
        moves = len(list(game.position(notable.text).legal_moves()))
        assert moves == notable.moves, f"bench position {notable.text!r} has {moves} moves"
    drawn = str(game.describe_outcome(Outcome.draw(Termination.AGREEMENT)))
    assert drawn == "draw (agreed)", drawn
    won = str(game.describe_outcome(Outcome.win(Termination.RESIGNATION, 0)))
    assert won == f"{game.seats[0].name} wins (resignation)", won
    assert game.geometry is game.geometry, "the geometry is built again"
