"""``kiban match``: computer seats play each other, for strength tests and comparisons.

Seats are given as ``kiban sim --opponent`` gives a player (``opponents/seats.py``):
``level:N`` (the built-in search), ``random``, ``engine`` or ``engine:N``
(Fairy-Stockfish at level N, for the games it plays; the built-in search for the
others) or ``usi:PATH[@N]`` (an outside engine). An outside engine that cannot
play stops the match before it starts. Game ``i`` turns the list round by ``i`` places, so every
entry sits in every seat (and moves first) equally often; dice come from a
random source seeded apart from the players'. A game that reaches the ply cap
is judged by what the players have won so far where the game counts something
(Abalone's marbles, Chaturaji's points: ``Position.judged``), else drawn.
Everything is seeded: the same command plays the same games (unless a seat runs
out of its thinking time, which depends on the machine).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from engine.said import Plural
from engine.search import Limits, Player, loses_at_once
from firmware_host.opponents.players import Players
from firmware_host.opponents.seats import OpponentError, OpponentKind, parse_spec

MAX_PLIES = 400
GAMES = Plural("{count} game", "{count} games")
WINS = Plural("{count} win", "{count} wins")
DRAWS = Plural("{count} draw", "{count} draws")
LOSSES = Plural("{count} loss", "{count} losses")
MOVES = Plural("{count} move", "{count} moves")
PLIES = Plural("{count} ply", "{count} plies")
"""Plies after which a game is stopped and judged (``Position.judged``: Abalone has
no rule that ends a game going round in circles)."""


class SeatSpecError(KibanError, ValueError):
    """A seat that ``kiban match`` cannot make."""


@dataclass
class SeatTally:
    """What one entry of the seat list did over a match."""

    spec: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    moves: int = 0
    nodes: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        tally = (WINS.english(self.wins), DRAWS.english(self.draws), LOSSES.english(self.losses))
        return f"{self.spec}: {', '.join(tally)}"

    def stats_line(self) -> str:
        per_move = self.seconds / self.moves if self.moves else 0.0
        rate = self.nodes / self.seconds if self.seconds > 0 else 0.0
        return (
            f"{self.spec}: {MOVES.english(self.moves)}, {per_move * 1000:.1f} ms a move, "
            f"{self.nodes} nodes, {rate:.0f} nodes/s"
        )


@dataclass
class MatchResult:
    """The tallies, in the order the seats were given, and how the match was played."""

    game: str
    seed: int
    games: int
    max_plies: int
    tallies: list[SeatTally]
    capped: int = 0
    """Games stopped at the ply cap."""
    decided: int = 0
    """Games stopped at the ply cap that the game's count decided (the rest drawn)."""
    lengths: list[int] = field(default_factory=list)
    winners: list[frozenset[int]] = field(default_factory=list)
    """Each game's winning entries (indices into ``tallies``; none: a draw)."""
    stopped: list[bool] = field(default_factory=list)
    """Whether each game was stopped at the ply cap."""

    def game_line(self, number: int, first: int) -> str:
        """Game ``number`` (0 first), as it ends: who won (or a draw), in how many plies,
        who moved first, and the tally so far (the progress of a long match)."""
        labels = [tally.spec for tally in self.tallies]
        winners = sorted(self.winners[number])
        ended = " and ".join(labels[entry] for entry in winners) + " won" if winners else "a draw"
        if self.stopped[number]:
            ended = f"stopped at the {self.max_plies}-ply cap, judged: {ended}"
        else:
            ended = f"{ended} in {PLIES.english(self.lengths[number])}"
        so_far = ", ".join(f"{tally.spec} {tally.wins}" for tally in self.tallies)
        draws = sum(not winners for winners in self.winners)
        return (
            f"game {number + 1} of {self.games}: {ended} ({labels[first]} first); "
            f"so far {so_far}, {draws} drawn"
        )

    def lines(self, *, stats: bool = False) -> Iterator[str]:
        for tally in self.tallies:
            yield tally.line()
        yield (
            f"seed {self.seed}: {GAMES.english(self.games)} of {self.game}; "
            f"{self.capped} stopped at the {self.max_plies}-ply cap "
            f"({self.decided} judged by the game's count, the rest draws)"
        )
        if stats:
            for tally in self.tallies:
                yield tally.stats_line()


SEATS = "level:N (1-10), random, engine[:N] or usi:PATH[@N]"

Report = Callable[[str], None]
"""Where a match's lines go as it is played (standard output, for ``kiban match``)."""


def make_player(
    text: str,
    game: Game[Any],
    options: Mapping[str, str],
    rng: random.Random,
    players: Players,
) -> Player:
    """The player a seat spec names, as ``--opponent`` reads it (its level too)."""
    try:
        spec = parse_spec(text)
    except OpponentError as error:
        raise SeatSpecError(f"{text.strip()!r} is not a seat: {error}") from None
    if spec.kind is OpponentKind.REMOTE:
        raise SeatSpecError(f"{text.strip()!r} is not a seat of a match: use {SEATS}")
    return players.player(spec, game, options, lambda: rng, strict=True)


def play_match(
    game: Game[Any],
    specs: Sequence[str],
    games: int,
    *,
    seed: int,
    options: Mapping[str, str] | None = None,
    max_plies: int = MAX_PLIES,
    limits: Limits | None = None,
    report: Report = lambda line: None,
) -> MatchResult:
    """Play ``games`` games between the seats ``specs`` (one per seat of the game) and
    tally them. ``limits`` replaces every built-in seat's budget per move; ``report``
    is told what is played as it is (a line as the match starts, then each game as it
    ends: a long match never looks stuck)."""
    chosen = game.options(options)
    seats = len(game.seats)
    if len(specs) != seats:
        raise SeatSpecError(
            f"{game.title} has {seats} seats; {len(specs)} were given ({','.join(specs)})"
        )
    made = Players()  # an engine's process is kept for the match, stopped at its end
    try:
        players = [
            make_player(spec, game, chosen, random.Random(f"{seed}:{index}:{spec}"), made)
            for index, spec in enumerate(specs)
        ]
        return play_players(
            game,
            players,
            _labels(specs),
            games,
            seed=seed,
            options=chosen,
            max_plies=max_plies,
            limits=limits,
            report=report,
        )
    finally:
        made.close()


def play_players(
    game: Game[Any],
    players: Sequence[Player],
    labels: Sequence[str],
    games: int,
    *,
    seed: int,
    options: Any,
    max_plies: int = MAX_PLIES,
    limits: Limits | None = None,
    opening_plies: int = 0,
    report: Report = lambda line: None,
) -> MatchResult:
    """Play ``games`` games between ``players`` already made (one per seat, named by
    ``labels``) under the rule ``options`` (``game.options``), and tally them.
    ``opening_plies``: each game starts with that many seeded random moves (none that
    loses at once), the same for each turn of the seats round, so that players who
    would repeat one game over and over play different ones. ``report``: as
    ``play_match``."""
    seats = len(game.seats)
    dice = random.Random(f"{seed}:dice")
    tallies = [SeatTally(label) for label in labels]
    result = MatchResult(game.name, seed, games, max_plies, tallies)
    report(f"{GAMES.english(games)} of {game.title} (seed {seed}): {', '.join(labels)}")
    for number in range(games):
        # seat s is played by entry (s + number) % seats: each entry moves first in turn
        entry_of_seat = [(seat + number) % seats for seat in range(seats)]
        position = game.position(None, options)
        _open(position, opening_plies, random.Random(f"{seed}:opening:{number // seats}"))
        _play_one(position, players, entry_of_seat, dice=dice, result=result, limits=limits)
        report(result.game_line(number, entry_of_seat[0]))
    return result


def _open(position: Any, plies: int, rng: random.Random) -> None:
    """Play ``plies`` random moves that do not lose at once (dice rolled as they come)."""
    played = 0
    while played < plies and position.outcome() is None:
        rolls = position.chance_moves()
        if rolls is not None:
            position.push(rng.choice(rolls))
            continue
        moves = list(position.legal_moves())
        safe = [move for move in moves if not loses_at_once(position, move)]
        position.push(rng.choice(safe or moves))
        played += 1


def _play_one(
    position: Any,
    players: Sequence[Player],
    entry_of_seat: Sequence[int],
    *,
    dice: random.Random,
    result: MatchResult,
    limits: Limits | None,
) -> None:
    plies = 0
    while position.outcome() is None and plies < result.max_plies:
        rolls = position.chance_moves()
        if rolls is not None:
            position.push(dice.choice(rolls))
            continue
        entry = entry_of_seat[position.turn]
        started = time.perf_counter()
        found = players[entry].analyse(position, limits=limits)
        tally = result.tallies[entry]
        tally.seconds += time.perf_counter() - started
        tally.moves += 1
        tally.nodes += found.nodes
        if not position.is_legal(found.best):
            raise KibanError(
                f"{tally.spec} played {position.move_text(found.best)}, not a legal move "
                f"in {position.text()}"
            )
        position.push(found.best)
        plies += 1
    result.lengths.append(plies)
    outcome = position.outcome()
    result.stopped.append(outcome is None)
    if outcome is None:
        outcome = position.judged()
        result.capped += 1
        result.decided += not outcome.is_draw
    result.winners.append(frozenset(entry_of_seat[seat] for seat in outcome.winners))
    for seat, entry in enumerate(entry_of_seat):
        tally = result.tallies[entry]
        if outcome.is_draw:
            tally.draws += 1
        elif seat in outcome.winners:
            tally.wins += 1
        else:
            tally.losses += 1


def _labels(specs: Sequence[str]) -> list[str]:
    """The specs as the report names them: a spec given twice gets #2, #3 after it."""
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return labels
