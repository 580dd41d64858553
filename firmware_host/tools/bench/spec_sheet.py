"""``make bench-hands``: the recognition spec sheet, as a board maker can quote it.

For every game and every bundled build (the simulated boards, each with the build its
profile declares: the magnet in each piece, the sensors under each cell, the pitch, and
so what a slid or rolled piece reads), random legal moves are played by hands that move
each stone as a body over the sensors, their fields added, at three paces:

- **clean**: no noise at all; every move made in an order and at a pace drawn from every
  one a hand may use (a line of marbles one by one or pushed as one, a marble rolled
  along its groove, a piece slid or lifted), the next player waiting for the record;
- **brisk**: the same orders and bodies, bouncing contacts, knocked neighbours put back,
  a piece lifted and put straight back, the next player often starting before the
  board could rest (0.09-0.3 s after the landing);
- **blitz**: heavy noise (``Noise.heavy``) and four next players in five eager (the
  fifth waits for the record: players who never look at the board are no pace).

No pace holds a stone in the air for long (the property tests' ``hold`` variant does):
the bench's eager next player starts from the mover's last landing, and would play on
for a quarter of a minute while a marble the mover holds is still in the air.

Each row gives wrong commits, missed moves and prompts per 1,000 moves (the measures of
``firmware_host.tools.bench.hands``), the prompts split into real choices (choices no
sensor tells apart) and those that are not (``HandsTally``: questions of timing, a move
asked again, a piece only set down or still in the hand; none of these may rise), and the
counts of what the invariants forbid: prompts with one choice, prompts that did not offer
the move played, and committed moves the record dropped with no prompt offering them,
at any delay (there should be none). Prompts asked while
the hand was still making the move, of what the sensors showed unchanged for the settle
time (a slow slide resting on each cell: no board tells that from a move made), are
counted apart; the question closes as the hand goes on. docs/recognition.md
holds a run's table; the touch-to-LED p99 beside it comes from ``kiban bench --service
--counted`` (docs/speed.md).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.game import Game
from engine.recognition.sensors import SensorModel
from engine.registry import find_game, games
from firmware_host.tools.bench.hands import Tempo, soak
from firmware_host.tools.bench.hands_tally import HandsTally
from hardware.mock.hands import Noise
from hardware.mock.orders import Habits
from hardware.profile import bundled_profiles, load_profile


@dataclass(frozen=True, slots=True)
class Pace:
    """How the players play: their hands' habits, the noise, when the next one starts."""

    name: str
    noise: Noise
    tempo: Tempo


def paces() -> tuple[Pace, ...]:
    """Clean: every order and way (slid, rolled, lifted) with no noise; brisk: with the
    noise of real hands and an eager next player half the time; blitz: heavy noise and
    an eager next player four times in five."""
    clean = replace(Habits.clean(), slide=Habits().slide)  # slides and rolls are no noise
    return (
        Pace("clean", Noise.none(), Tempo(eager=0.0, drawn=1.0, held=0.0, habits=clean)),
        Pace(
            "brisk", Noise.realistic(), Tempo(eager=0.5, drawn=1.0, held=0.0, habits=Habits.brisk())
        ),
        Pace("blitz", Noise.heavy(), Tempo(eager=0.8, drawn=0.5, held=0.0)),
    )


@dataclass(frozen=True, slots=True)
class Geometry:
    """A bundled board's build, as the sheet names it: the first simulated profile of the
    game that has it, with its placement tolerance (how far off centre a piece may rest
    and still read every way it stands: ``kiban build-check``)."""

    profile: str
    model: SensorModel
    tolerance_mm: float = 0.0

    def label(self) -> str:
        model = self.model
        overlap, gap = model.overlap_s * 1e3, model.gap_s * 1e3
        return (
            f"{model.kind.value}, {model.pitch_mm:g} mm, overlap {overlap:.0f} ms, gap"
            f" {gap:.0f} ms, pieces within {self.tolerance_mm:g} mm"
        )


def geometries(game: Game[Any]) -> list[Geometry]:
    """The distinct builds of the game's simulated boards (two front ends of one build
    read alike)."""
    found: dict[str, Geometry] = {}
    for name in bundled_profiles():
        if not name.startswith("sim-"):
            continue
        profile = load_profile(name)
        if not profile.serves(game.name):
            continue
        key = repr((profile.build, profile.sensing))
        tolerance = 0.0 if profile.build is None else profile.build.tolerance_mm
        found.setdefault(key, Geometry(name, profile.sensor_model, tolerance))
    return sorted(found.values(), key=lambda geometry: -geometry.model.order_margin)


@dataclass(frozen=True, slots=True)
class Row:
    game: str
    geometry: Geometry
    pace: str
    tally: HandsTally

    def cells(self) -> tuple[str, ...]:
        tally = self.tally
        return (
            self.game,
            self.geometry.profile,
            self.geometry.label(),
            self.pace,
            f"{tally.moves:,}",
            f"{tally.per_thousand(tally.wrong):.2f}",
            f"{tally.per_thousand(tally.missed):.2f}",
            f"{tally.per_thousand(tally.prompts):.1f}",
            f"{tally.per_thousand(tally.choices):.1f}",
            f"{tally.per_thousand(tally.not_real):.1f}",
            f"{tally.per_thousand(tally.timing):.1f}",
            f"{tally.per_thousand(tally.again):.1f}",
            f"{tally.per_thousand(tally.set_down):.1f}",
            f"{tally.per_thousand(tally.held):.1f}",
            str(tally.one_choice),
            str(tally.unoffered),
            str(tally.midway),
            str(tally.replaced),
        )


HEADER = (
    "game",
    "board",
    "sensors",
    "pace",
    "moves",
    "wrong /1000",
    "missed /1000",
    "prompts /1000",
    "real choices",
    "not real choices",
    "timing",
    "asked again",
    "only set down",
    "still in the hand",
    "one-choice prompts",
    "prompts not offering the move",
    "asked mid-move",
    "replaced unasked",
)


def rows(chosen: Sequence[Game[Any]], moves: int, seed: int) -> Iterator[Row]:
    for game in chosen:
        for geometry in geometries(game):
            for pace in paces():
                tally = soak(
                    game, moves, seed, profile=geometry.profile, noise=pace.noise, tempo=pace.tempo
                )
                yield Row(game.name, geometry, pace.name, tally)


def markdown(line: Sequence[str]) -> str:
    return "| " + " | ".join(line) + " |"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to play (default: all)")
    parser.add_argument(
        "--moves",
        type=int,
        default=3000,
        help="moves per row (3,000: none in a row bounds a rate below one per 1,000)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--check",
        action="store_true",
        help="fail (exit 1) on a wrong move, a missed move at the clean pace, a one-choice "
        "prompt, a prompt not offering the move played or a played move replaced unasked",
    )
    args = parser.parse_args(argv)
    chosen = [find_game(name) for name in args.games] if args.games else list(games())
    print(markdown(HEADER))
    print(markdown(tuple("---" for _ in HEADER)))
    failed = False
    for row in rows(chosen, args.moves, args.seed):
        print(markdown(row.cells()), flush=True)
        tally = row.tally
        broken = tally.wrong or tally.one_choice or tally.unoffered or tally.replaced
        if broken or (row.pace == "clean" and tally.missed):
            failed = True
            for note in tally.notes:
                print(f"  {note}", flush=True)
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
