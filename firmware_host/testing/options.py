"""The option contract: every rule option a game declares is read by it, each of its
values changing what the game does (its start, its moves, its claims, how it ends...)
compared with the others.

An option is tried with the other options at their defaults, then with one other option
changed at a time (an option may matter only beside another: one that belongs to the
game without dice, one that belongs to the team game); it passes when in some such
setting all its values that setting allows behave differently. Behaviour is observed
through the ``Game`` and ``Position`` contract only.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from typing import Any

from engine.errors import VariantError
from engine.game import Game, Position
from engine.options import OptionSpec
from firmware_host.testing.lines import SIMS

PLIES = 160
"""How long each probing game is played."""
SEEDS = (1, 2, 3)
"""The probing games per setting."""
REVISIT = 0.8
"""How often a probing game goes back to the position it has seen most (so that a
repetition rule has something to count)."""


def settings(game: Game[Any], spec: OptionSpec) -> Iterator[dict[str, str]]:
    """The other options at their defaults, then each other option at each of its values."""
    yield {}
    for other in game.option_specs:
        if other.name != spec.name:
            for value in other.examples()[1:]:
                yield {other.name: value}


def probe(position: Position[Any], seed: int) -> list[Hashable]:
    """What a seeded game from ``position`` shows at every ply: the moves (or rolls) on
    offer, the scores, teams and dice, how it ends or would end by agreement. Moves are
    chosen by their text, so the choice does not hang on the order the moves are listed
    in; never one that wins when another is left; most of the time the one back to the
    position seen most."""
    rng = random.Random(seed)
    seen: dict[Hashable, int] = {}
    shown: list[Hashable] = []
    for _ in range(PLIES):
        outcome = position.outcome()
        chance = position.chance_moves()
        moves = sorted(chance or position.legal_moves(), key=position.move_text)
        shown.append(
            (
                tuple(position.move_text(move) for move in moves),
                chance is not None,
                position.scores(),
                position.teams(),
                position.dice(),
                outcome,
                None if outcome is not None else position.end_by_agreement(),
            )
        )
        if outcome is not None or not moves:
            break
        key = position.search_key()
        seen[key] = seen.get(key, 0) + 1
        if chance is None:
            moves = [move for move in moves if not _wins(position, move)] or moves
        move = moves[rng.randrange(len(moves))]
        if chance is None and rng.random() < REVISIT:
            best = 0
            for candidate in moves:
                position.push(candidate)
                count = seen.get(position.search_key(), 0)
                position.pop()
                if count > best:
                    move, best = candidate, count
        position.push(move)
    return shown


def _wins(position: Position[Any], move: Any) -> bool:
    """Whether ``move`` ends the game with a winner (a probing game keeps going, so that
    what the options change later in a game is seen too)."""
    position.push(move)
    try:
        outcome = position.outcome()
    finally:
        position.pop()
    return outcome is not None and bool(outcome.winners)


def behaviour(game: Game[Any], chosen: dict[str, str]) -> tuple[Hashable, ...]:
    """Everything the table and the rules do differently under ``chosen``."""
    options = game.options(chosen)
    start = game.position(None, options)
    return (
        start.text(),
        tuple(sorted((spot, stones) for spot, stones in start.layout().items())),
        tuple(claim.name for claim in game.claims(options)),
        game.illegal_policy(options),
        game.touch_strict(options),
        game.first_player_draw(options),
        game.rolls_dice(options),
        game.search_style(options),
        tuple(tuple(probe(game.position(None, options), seed)) for seed in SEEDS),
    )


def differing_setting(game: Game[Any], spec: OptionSpec) -> dict[str, str] | None:
    """A setting under which every value of ``spec`` it allows behaves differently."""
    for setting in settings(game, spec):
        seen: dict[tuple[Hashable, ...], str] = {}
        for value in spec.examples():
            try:
                found = behaviour(game, {**setting, spec.name: value})
            except VariantError:
                continue  # not a value of this setting (one that needs another option)
            if found in seen:
                break
            seen[found] = value
        else:
            if len(seen) >= 2:
                return setting
    return None


def check_option(game: Game[Any], spec: OptionSpec) -> None:
    """One option offers a choice, its default first, and each value it offers changes
    what the game does."""
    assert len(spec.examples()) >= 2, f"{game.name}: {spec.name} offers one value"
    assert spec.examples()[0] == spec.default, (
        f"{game.name}: {spec.name}'s first example is not its default"
    )
    assert differing_setting(game, spec) is not None, (
        f"{game.name}: the values {spec.examples()} of {spec.name} change nothing observed"
    )


def options(game: Game[Any], *, sims: int = SIMS) -> None:
    """Every option the game declares is read by it: each value changes what it does (a
    difference found once is enough: ``sims`` changes nothing)."""
    names = [spec.name for spec in game.option_specs]
    assert len(set(names)) == len(names), f"{game.name}: an option declared twice: {names}"
    for spec in game.option_specs:
        check_option(game, spec)
