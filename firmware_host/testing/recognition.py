"""The recognition check: on the simulated board the game ships, moves made by the mock
world's hands are recorded as the moves played.

Calm hands (no bounce, no knocks) and patient players (each waits until the board has
recorded the last move) play random legal moves; the board's questions are answered with
the move made, and a move it cannot see (a lost turn chosen) is chosen as on the page
(``firmware_host.tools.bench.hands``, which the fast-hands soak drives with clumsy and
eager hands). A game is played on its simulated board
(``hardware.profile.simulated_board``): Kiban's bundled ``sim-<game>``, or a profile file
the game's package ships and names for its bench (``BenchPlan.profile``), which ``kiban
sim`` and the page's menu then offer too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.game import Game
from firmware_host.testing.lines import SIMS
from firmware_host.tools.bench.hands import Tempo, soak
from hardware.mock.hands import Noise
from hardware.profile import simulated_board

MOVES = 60
"""The moves played on the simulated board per seed."""
SEEDS_PER_SIM = 2
"""The games of ``MOVES`` moves played for each of the run's ``sims``."""


def ships_simulated_board(game: Game[Any]) -> bool:
    """Whether the recognition check applies to ``game``."""
    return simulated_board(game) is not None


def recognition(game: Game[Any], *, sims: int = SIMS) -> None:
    """Random moves made by calm hands are recorded as they were made (two games of
    ``MOVES`` moves for each of ``sims``): none wrong, none missed, and every question
    the board asks offers the move made."""
    profile = simulated_board(game)
    assert profile is not None, (
        f"{game.name} ships no simulated board: its bench names none (BenchPlan.profile) "
        f"and Kiban bundles no sim-{game.name}"
    )
    if profile.endswith(".toml"):
        assert Path(profile).is_file(), f"{game.name}'s board {profile} is not there"
    for seed in range(1, 1 + SEEDS_PER_SIM * sims):
        tally = soak(game, MOVES, seed, profile=profile, noise=Noise.none(), tempo=Tempo(eager=0.0))
        about = f"{game.name} on {profile}, seed {seed}: {tally.notes}"
        assert tally.moves == MOVES, f"{tally.moves} moves made of {MOVES}; {about}"
        assert tally.wrong == 0, f"{tally.wrong} moves recorded that nobody made; {about}"
        assert tally.missed == 0, f"{tally.missed} moves made and not recorded; {about}"
        assert tally.unoffered == 0, f"{tally.unoffered} questions not offering the move; {about}"
        assert tally.one_choice == 0, f"{tally.one_choice} questions of one choice; {about}"
        assert tally.replaced == 0, f"{tally.replaced} moves replaced unasked; {about}"
