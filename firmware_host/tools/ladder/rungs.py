"""``kiban ladder``: measure what each level is, and write the calibration table.

Every level of one game and engine plays the level above it, level 1 plays the
random mover and level 10 plays the top anchor (Fairy-Stockfish at full skill
and a fixed node count where it plays the game, else the built-in search with
four times level 10's nodes). Every search runs to a fixed node count, never a
deadline, so the results do not depend on the machine's load, and everything is
seeded. A Bradley-Terry fit (``ladder_fit``) turns the results into ratings with
the random mover at 0; they are written to the table the product reads
(``engine.search.ladder``) with the parameters each level played with: the
table's own where it has them (edit one and measure again), else the level's.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from engine.registry import find_game
from engine.search import BuiltinPlayer, Limits, Player, RandomPlayer, SearchStyle
from engine.search.ladder import (
    FEEL_FIELDS,
    Anchor,
    Ladder,
    LadderEngine,
    PlayVersion,
    Result,
    Rung,
    play_version,
    with_feel,
    with_rung,
)
from engine.search.levels import LEVELS
from engine.search.play import PI_NODES_PER_SECOND
from firmware_host.tools.ladder.fit import Pairing, Rating, fit, linked
from firmware_host.tools.play.match import MAX_PLIES, play_players

RANDOM = "random"
TOP = "top"
TOP_NODES = 20000
"""Nodes a move of Fairy-Stockfish, the top anchor, searches."""
TOP_BUILTIN_FACTOR = 4
"""The built-in top anchor's node budget, in level 10's."""
FAIRY_LOW, FAIRY_HIGH = -20, 20
"""Fairy-Stockfish's Skill Level range."""
FAIRY_NODES = (100, 200, 400, 800, 1600, 3200, 6400, 16000, 50000, 200000)
"""Fairy-Stockfish's nodes a move at levels 1-10 before the table says otherwise."""
OPENING_PLIES = 2
"""Random moves (none losing at once) that open each game: the strong levels play
without mistakes and would otherwise repeat the same two games."""
ORDERED = 0.6
"""The score a level must make against the level below."""
EVERY_PAIRING = "1-10,top"
"""Every pairing of a ladder: each level against the one below, and the top anchor."""
PARAMETERS = ("nodes", "depth", "selective", "skill", *FEEL_FIELDS)
"""What a rung plays with, in the order the table and the docs show it."""


class LadderRunError(KibanError, ValueError):
    """A ladder that cannot be run (an engine that does not play the game)."""


@dataclass(frozen=True, slots=True)
class Measured:
    """A ladder's outcome: the rungs and anchors to write, and the pairings behind them."""

    game: str
    engine: LadderEngine
    rungs: tuple[Rung, ...]
    anchors: tuple[Anchor, ...]
    pairings: tuple[Pairing, ...]
    results: tuple[Result, ...] = ()
    stale: tuple[Result, ...] = ()
    """Recorded results dropped because a player's parameters have changed since."""

    def above(self, number: int) -> Pairing | None:
        """Level ``number``'s games against the level below it."""
        for pairing in self.pairings:
            if pairing.first == _name(number) and pairing.second == _name(number - 1):
                return pairing
        return None

    def unordered(self) -> list[int]:
        """The levels that did not score ``ORDERED`` against the level below."""
        return [
            rung.level
            for rung in self.rungs
            if (pairing := self.above(rung.level)) is not None and pairing.score < ORDERED
        ]


Maker = Callable[[random.Random], Player]


def default_rung(game: Game[Any], engine: LadderEngine, number: int) -> Rung:
    """The parameters level ``number`` plays with when the table has none: for the
    built-in search the level's own node budget (playouts, for the sampling
    searches) and depth; for Fairy-Stockfish the linear skill and a node count
    growing with the level."""
    level = LEVELS[number - 1]
    if engine is LadderEngine.BUILTIN:
        nodes = level.nodes or round(level.seconds * PI_NODES_PER_SECOND)
        if game.search_style(game.options(None)) is SearchStyle.SAMPLING:
            nodes = level.playouts
        return Rung(game.name, engine, number, nodes=nodes, depth=level.depth)
    skill = round(FAIRY_LOW + (FAIRY_HIGH - FAIRY_LOW) * (number - 1) / (len(LEVELS) - 1))
    return Rung(game.name, engine, number, nodes=FAIRY_NODES[number - 1], skill=skill)


def rungs_to_measure(game: Game[Any], engine: LadderEngine, table: Ladder) -> list[Rung]:
    """Each level's parameters: the table's, filled in from the defaults."""
    chosen = []
    for number in range(1, len(LEVELS) + 1):
        default = default_rung(game, engine, number)
        known = table.rung(game.name, engine, number)
        if known is None:
            chosen.append(default)
            continue
        chosen.append(
            replace(
                default,
                nodes=known.nodes or default.nodes,
                depth=known.depth or default.depth,
                skill=default.skill if known.skill is None else known.skill,
                selective=known.selective,
                **{name: getattr(known, name) for name in FEEL_FIELDS},
            )
        )
    return [spelled(rung) for rung in chosen]


def spelled(rung: Rung) -> Rung:
    """``rung`` with how it plays by feel written out, the level's own settings where
    the table has none, when it plays by feel at all: the table then says everything
    a level plays with, and a row moved to another level plays there as measured."""
    level = with_feel(LEVELS[rung.level - 1], rung)
    if level.blunder <= 0:
        return rung
    return replace(rung, **{name: getattr(level, name) for name in FEEL_FIELDS})


def pairings_named(spec: str) -> tuple[tuple[str, str], ...]:
    """The pairings ``spec`` names, comma-separated: a level N or a range A-B, each
    level against the one below it (level 1 against the random mover), and ``top``,
    the top anchor against level 10; ``none`` plays nothing (to fit and show the
    table's results)."""
    chosen: list[tuple[str, str]] = []
    if spec.strip().lower() == "none":
        return ()
    for item in (part.strip().lower() for part in spec.split(",")):
        if item == TOP:
            chosen.append((TOP, _name(len(LEVELS))))
            continue
        low, _, high = item.partition("-")
        try:
            bottom, upper = int(low), int(high or low)
        except ValueError:
            raise LadderRunError(f"not a level, a range A-B or 'top': {item!r}") from None
        if not 1 <= bottom <= upper <= len(LEVELS):
            raise LadderRunError(f"levels run from 1 to {len(LEVELS)}: {item!r}")
        chosen += [(_name(n), _name(n - 1)) for n in range(bottom, upper + 1)]
    return tuple(dict.fromkeys(chosen))


def each_pairing(spec: str) -> list[str]:
    """``spec`` as one spec a pairing, in the order they are played."""
    return [TOP if first == TOP else str(_rank(first)) for first, _ in pairings_named(spec)]


def plays(rung: Rung) -> str:
    """What a rung plays with, as the table and the docs show it."""
    return ", ".join(
        f"{name} {value_text(getattr(rung, name))}"
        for name in PARAMETERS
        if getattr(rung, name) is not None
    )


def value_text(value: object) -> str:
    """A parameter's value as the table and the signatures write it (TOML's true)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def recorded_top_nodes(table: Ladder, game: str, engine: LadderEngine) -> int:
    """The nodes the top anchor played with in the table's results for this game and
    engine (a run keeps measuring against the same anchor unless told otherwise),
    else ``TOP_NODES``."""
    for result in reversed(table.results):
        if (result.game, result.engine, result.first) == (game, engine, TOP):
            found = re.search(r"\bnodes (\d+)", result.first_plays)
            if found:
                return int(found.group(1))
    return TOP_NODES


def top_rung(game: Game[Any], top: Rung, nodes: int) -> Rung:
    """The top anchor: Fairy-Stockfish at full skill and ``nodes`` where it plays
    the game, else the built-in search with four times level 10's node budget."""
    from firmware_host.opponents.fairy import find_fairy_stockfish

    if game.usi is not None and find_fairy_stockfish() is not None:
        return Rung(
            game.name, LadderEngine.FAIRY, len(LEVELS), nodes=nodes, skill=FAIRY_HIGH, blunder=0.0
        )
    budget = (top.nodes or TOP_NODES) * TOP_BUILTIN_FACTOR
    return replace(top, engine=LadderEngine.BUILTIN, nodes=budget, blunder=0.0)


@dataclass(frozen=True, slots=True)
class Played:
    """A run's new results, with the rungs and what every player played with, which
    decide which of the table's earlier results still count beside them."""

    game: str
    engine: LadderEngine
    rungs: tuple[Rung, ...]
    signatures: tuple[tuple[str, str], ...]
    results: tuple[Result, ...]
    version: PlayVersion
    """The built-in computer that played them (``play_version``)."""


def run_ladder(
    game: Game[Any],
    engine: LadderEngine,
    games: int,
    *,
    table: Ladder | None = None,
    **how: Any,
) -> Measured:
    """Play the ladder's matches (``play_ladder``) and fit them with the table's."""
    table = table or Ladder()
    return rated(play_ladder(game, engine, games, table=table, **how), table)


def play_ladder(
    game: Game[Any],
    engine: LadderEngine,
    games: int,
    *,
    seed: int = 1,
    table: Ladder | None = None,
    pairings: str = EVERY_PAIRING,
    top_nodes: int = TOP_NODES,
    max_plies: int = MAX_PLIES,
    opening_plies: int = OPENING_PLIES,
    report: Callable[[str], None] = lambda line: None,
) -> Played:
    """Play the ladder's matches named by ``pairings``, ``games`` each, with the
    table's parameters (filled in from the defaults)."""
    table = table or Ladder()
    chosen = pairings_named(pairings)
    rungs = rungs_to_measure(game, engine, table)
    top = top_rung(game, rungs[-1], top_nodes)
    signatures = {_name(rung.level): plays(rung) for rung in rungs}
    signatures |= {RANDOM: RANDOM, TOP: f"{top.engine.value} {plays(top)}"}
    version = play_version(game)
    closers: list[Callable[[], None]] = []
    played = []
    try:
        makers = {_name(rung.level): _maker(game, engine, rung, closers) for rung in rungs}
        makers[RANDOM] = RandomPlayer
        makers[TOP] = _maker(game, top.engine, top, closers)
        for first, second in chosen:
            pairing = _pairing(
                game,
                makers,
                first=first,
                second=second,
                games=games,
                seed=seed,
                max_plies=max_plies,
                opening_plies=opening_plies,
            )
            report(
                f"{game.name} {engine.value} {first} vs {second}: +{pairing.wins} "
                f"={pairing.draws} -{pairing.losses} ({pairing.score:.0%})"
            )
            played.append(
                Result(
                    game.name,
                    engine,
                    first,
                    second,
                    signatures[first],
                    signatures[second],
                    seed,
                    pairing.wins,
                    pairing.draws,
                    pairing.losses,
                    judged=True,
                    version=version,
                )
            )
    finally:
        for close in closers:
            close()
    return Played(
        game.name, engine, tuple(rungs), tuple(signatures.items()), tuple(played), version
    )


def together(runs: Sequence[Played]) -> Played:
    """Runs of one game and engine with the same parameters, as one."""
    first = runs[0]
    if any(
        (run.game, run.engine, run.rungs, run.signatures, run.version)
        != (first.game, first.engine, first.rungs, first.signatures, first.version)
        for run in runs
    ):
        raise LadderRunError("runs played with different parameters cannot be joined")
    return replace(first, results=tuple(r for run in runs for r in run.results))


def rated(played: Played, table: Ladder) -> Measured:
    """The ratings fitted over ``played`` and the table's results for its game and
    engine that were played with today's parameters by the newest computer (a run
    by an older one, ended after a newer one's, is the one dropped): a result of the
    same pairing and seed is replaced, another seed adds games to it."""
    game, engine, rungs = played.game, played.engine, played.rungs
    signatures = dict(played.signatures)
    new = {(result.first, result.second, result.seed) for result in played.results}
    earlier = [
        result
        for result in table.results
        if (result.game, result.engine) == (game, engine)
        and (result.first, result.second, result.seed) not in new
    ]

    judges = find_game(game).judged_unfinished
    newest = max([played.version, *(r.version for r in earlier if r.version is not None)])

    def current(result: Result) -> bool:
        """Played by the newest computer with today's parameters, and with capped
        games judged as today (a result without draws had no capped game to judge)."""
        if result.version != newest:
            return False
        same = all(
            name in signatures and same_play(name, recorded, signatures[name])
            for name, recorded in (
                (result.first, result.first_plays),
                (result.second, result.second_plays),
            )
        )
        return same and (result.judged or not judges or result.draws == 0)

    kept = sorted(
        filter(current, [*earlier, *played.results]),
        key=lambda r: (_rank(r.first), _rank(r.second), r.seed),
    )
    summed = _summed(kept)
    joined = linked(summed, RANDOM)
    fitted = [p for p in summed if {p.first, p.second} <= joined]
    ratings = fit(fitted, RANDOM) if fitted else {}
    measured = tuple(
        _measured(rung, ratings[_name(rung.level)])
        if _name(rung.level) in ratings
        else replace(rung, rating=None, margin=None, games=0)
        for rung in rungs
    )
    anchors = tuple(
        Anchor(game, engine, name, ratings[name].rating, ratings[name].margin, ratings[name].games)
        for name in (RANDOM, TOP)
        if name in ratings
    )
    stale = tuple(result for result in [*earlier, *played.results] if not current(result))
    return Measured(game, engine, measured, anchors, summed, tuple(kept), stale)


def _summed(results: list[Result]) -> tuple[Pairing, ...]:
    """One pairing for each pair of players, its seeds' games added up."""
    totals: dict[tuple[str, str], tuple[int, int, int]] = {}
    for result in results:
        wins, draws, losses = totals.get((result.first, result.second), (0, 0, 0))
        totals[result.first, result.second] = (
            wins + result.wins,
            draws + result.draws,
            losses + result.losses,
        )
    return tuple(Pairing(first, second, *counts) for (first, second), counts in totals.items())


def same_play(name: str, recorded: str, now: str) -> bool:
    """Whether player ``name`` plays ``now`` as it did when ``recorded``: a level's
    feel settings left out of a signature are its own (results recorded before the
    table spelled them out), and they do not count where it never plays by feel."""
    if recorded == now:
        return True
    if name in (RANDOM, TOP):
        return False
    number = _rank(name)
    return _feel_spelled(number, recorded) == _feel_spelled(number, now)


_FLAGS = {"true": "1", "false": "0"}


def _feel_spelled(number: int, signature: str) -> dict[str, float]:
    """A level's signature (``plays``) as its parameters, the feel settings filled in."""
    try:
        given = {
            name: float(_FLAGS.get(value, value))
            for name, value in (part.split(" ") for part in signature.split(", "))
        }
    except ValueError:
        return {"unreadable": math.nan}
    level = LEVELS[number - 1]
    feel = {name: given.get(name, float(getattr(level, name))) for name in FEEL_FIELDS}
    plain = {name: value for name, value in given.items() if name not in FEEL_FIELDS}
    if feel["blunder"] <= 0:
        return plain | {"blunder": 0.0}
    return plain | feel


def _rank(name: str) -> int:
    """A player's place in the ladder: the random mover, levels 1-10, the top anchor."""
    if name == RANDOM:
        return 0
    if name == TOP:
        return len(LEVELS) + 1
    return int(name.removeprefix("level:"))


def _name(number: int) -> str:
    return RANDOM if number == 0 else f"level:{number}"


def _measured(rung: Rung, rating: Rating) -> Rung:
    return replace(
        rung, rating=round(rating.rating, 1), margin=round(rating.margin, 1), games=rating.games
    )


def _maker(
    game: Game[Any], engine: LadderEngine, rung: Rung, closers: list[Callable[[], None]]
) -> Maker:
    level = LEVELS[rung.level - 1]
    if engine is LadderEngine.BUILTIN:
        tuned = with_rung(level, rung)
        return lambda rng: BuiltinPlayer(tuned, rng)
    return _fairy_maker(game, rung, closers)


def _fairy_maker(game: Game[Any], rung: Rung, closers: list[Callable[[], None]]) -> Maker:
    from firmware_host.opponents.fairy import find_fairy_stockfish
    from firmware_host.opponents.players import Beginner
    from firmware_host.opponents.usi import UsiPlayer

    path = find_fairy_stockfish()
    if path is None or game.usi is None:
        raise LadderRunError(f"Fairy-Stockfish does not play {game.title} here")
    level = with_feel(LEVELS[rung.level - 1], rung)

    def make(rng: random.Random) -> Player:
        engine = UsiPlayer(path, game, level, tuning=rung)
        closers.append(engine.close)
        return Beginner(engine, level, rng) if level.blunder > 0 else engine

    return make


def _pairing(
    game: Game[Any],
    makers: dict[str, Maker],
    *,
    first: str,
    second: str,
    games: int,
    seed: int,
    max_plies: int,
    opening_plies: int,
) -> Pairing:
    """``first`` against ``second``, each taking every other seat (two each in a
    four-seat game) and moving first in turn; a game neither wins is a draw."""
    seats = len(game.seats)
    names = [first if seat % 2 == 0 else second for seat in range(seats)]
    players = [
        makers[name](random.Random(f"{seed}:{index}:{name}:{first}-{second}"))
        for index, name in enumerate(names)
    ]
    labels = [f"{name}#{index}" for index, name in enumerate(names)]
    # no deadline: a search stops at its node count alone, whatever the machine's load
    limits = Limits(deadline=math.inf)
    result = play_players(
        game,
        players,
        labels,
        games,
        seed=seed,
        options=game.options(None),
        max_plies=max_plies,
        limits=limits,
        opening_plies=opening_plies,
    )
    # a game is won by a side when every winner is one of its seats (Chaturaji's top
    # score shared across the sides is a draw between them)
    sides = [{names[entry] for entry in winners} for winners in result.winners]
    wins = sum(side == {first} for side in sides)
    losses = sum(side == {second} for side in sides)
    return Pairing(first, second, wins, games - wins - losses, losses)


def summary(measured: Measured) -> Iterator[str]:
    """A markdown table of the measured ladder, for docs/levels.md: the top anchor's
    row gives its score against level 10."""
    yield "| level | parameters | rating | ±95% | games | vs level below |"
    yield "|---|---|---|---|---|---|"
    for rung in measured.rungs:
        params = plays(rung)
        if rung.rating is None or rung.margin is None:
            yield f"| {rung.level} | {params} | not measured | | 0 | |"
            continue
        yield (
            f"| {rung.level} | {params} | {rung.rating:.0f} | {rung.margin:.0f} | "
            f"{rung.games} | {_versus(measured.above(rung.level))} |"
        )
    for anchor in measured.anchors:
        figures = f"{anchor.rating:.0f} | {anchor.margin:.0f} | {anchor.games}"
        if anchor.name != TOP:
            yield f"| {anchor.name} | anchor | {figures} | |"
            continue
        top = _name(len(LEVELS))
        plays_as = next((r.first_plays for r in measured.results if r.first == TOP), "")
        pairing = next((p for p in measured.pairings if (p.first, p.second) == (TOP, top)), None)
        yield f"| top | {plays_as} | {figures} | {_versus(pairing)} vs level {len(LEVELS)} |"


def _versus(pairing: Pairing | None) -> str:
    if pairing is None:
        return ""
    return f"{pairing.score:.0%} (+{pairing.wins} ={pairing.draws} -{pairing.losses})"


def now_played(played: Played, table: Ladder) -> Played:
    """``played`` with the levels' parameters ``table`` gives them now."""
    rungs = rungs_to_measure(find_game(played.game), played.engine, table)
    signatures = dict(played.signatures) | {_name(r.level): plays(r) for r in rungs}
    return replace(played, rungs=tuple(rungs), signatures=tuple(signatures.items()))
