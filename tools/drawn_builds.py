"""Draw builds over the ranges real boards have, keep those that pass the build check,
and write them for the property tests (tests/engine/recognition/drawn_builds.json).

The property tests prove the recognizer over boards as they can be made: each example
takes one of these builds, or one of the bundled profiles' (and draws its switches'
places in their bands, each piece's place within the tolerance and the way it stands).
Checking a build takes seconds, too long for every example, so the builds are drawn and
checked here, once (on 2026-11-29: 12 kept of 38 to 80 drawn per game and sensing, two
processes on this 2-core machine for about two hours):

    .venv/bin/python tools/drawn_builds.py --per-game 16 --seed 1

A build the check fails (a dead zone, a dead orientation, a phantom) is no board anyone
would make: the recognizer is not asked to read it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from engine.registry import find_game
from hardware.magnetics.build import Body, Build, Mount, PieceBuild
from hardware.magnetics.magnets import Magnet, Shape
from hardware.magnetics.parts import PARTS
from hardware.magnetics.report import check, timing_figures

RANGES: dict[str, dict[str, Any]] = {
    "shogi": {"pitch": (30.0, 38.0), "tolerance": (3.0, 5.0), "ball": False},
    "dobutsu": {"pitch": (40.0, 70.0), "tolerance": (4.0, 8.0), "ball": False},
    "chaturaji": {"pitch": (40.0, 60.0), "tolerance": (4.0, 10.0), "ball": False},
    "robotory": {"pitch": (35.0, 50.0), "tolerance": (4.0, 7.0), "ball": False},
    "abalone": {"pitch": (28.0, 34.0), "tolerance": (1.0, 2.5), "ball": True},
}
"""Each game's pitch (its cells as boards are made: shogi's 33-39 mm, Robot Duel's up to
70, a chess-sized Chaturaji board's, Robotory's hexes, Abalone's holes for 25 mm marbles)
and how far off centre players set its pieces."""


def draw(game: str, polar: bool, rng: random.Random) -> Build | None:
    spec = RANGES[game]
    pitch = rng.uniform(*spec["pitch"])
    tolerance = rng.uniform(*spec["tolerance"])
    grade = rng.choice(("N35", "N42", "N52"))
    if spec["ball"]:
        d = rng.uniform(4.0, 10.0)
        magnet = Magnet(Shape.CYLINDER, (d, rng.uniform(1.0, 3.0)), grade, name=f"{d:.1f} mm disc")
        piece = PieceBuild(
            magnet,
            rng.uniform(1.5, 4.0),
            body=Body.WEIGHTED_BALL,
            radius_mm=12.5,
            tilt_deg=rng.uniform(5.0, 15.0),
        )
    else:
        kind = rng.choice(("disc", "rod", "block"))
        if kind == "disc":
            d, h = rng.uniform(6.0, 20.0), rng.uniform(1.0, 4.0)
            magnet = Magnet(Shape.CYLINDER, (d, h), grade, name=f"{d:.1f} x {h:.1f} mm disc")
            piece = PieceBuild(magnet, h / 2 + rng.uniform(0.3, 1.5))
        elif kind == "rod":
            d, h = rng.uniform(3.0, 8.0), rng.uniform(5.0, 15.0)
            magnet = Magnet(Shape.CYLINDER, (d, h), grade, name=f"{d:.1f} x {h:.1f} mm rod")
            piece = PieceBuild(magnet, h / 2 + rng.uniform(0.3, 1.5))
        else:
            length, side = rng.uniform(4.0, 20.0), rng.uniform(1.5, 4.0)
            magnet = Magnet(Shape.BLOCK, (side, side, length), grade, name=f"{length:.1f} mm block")
            piece = PieceBuild(magnet, side / 2 + rng.uniform(0.3, 1.5), axis=(1.0, 0.0, 0.0))
    if polar:
        part = rng.choice(("HAL504", "DRV5055A2"))
        mounts = (
            (Mount(axis=(0.0, 0.0, 1.0)), Mount(axis=(0.0, 0.0, -1.0)))
            if part == "HAL504"
            else (Mount(axis=(0.0, 0.0, 1.0)),)
        )
        depth = rng.uniform(2.5, 10.0)
    else:
        part = "R5"
        layout = rng.choice(("upright", "flat-offset", "flat-centred"))
        if layout == "upright":
            mounts = (Mount(axis=(0.0, 0.0, 1.0)),)
            depth = rng.uniform(5.5, 10.0)
        elif layout == "flat-offset":
            offset = rng.uniform(3.0, 12.0)
            angle = rng.choice((0.0, 90.0))
            axis = (1.0, 0.0, 0.0) if angle == 0.0 else (0.0, 1.0, 0.0)
            where = (offset, 0.0) if angle == 0.0 else (0.0, offset)
            mounts = (Mount(where, axis),)
            depth = rng.uniform(1.5, 6.0)
        else:
            mounts = (Mount(axis=(1.0, 0.0, 0.0)),)
            depth = rng.uniform(1.5, 6.0)
    try:
        return Build(
            pitch_mm=pitch,
            depth_mm=depth,
            piece=piece,
            part=PARTS[part],
            mounts=mounts,
            polar=polar,
            tolerance_mm=tolerance,
            name=f"{game} drawn",
        )
    except ValueError:
        return None


def as_data(build: Build) -> dict[str, Any]:
    piece, magnet = build.piece, build.piece.magnet
    return {
        "pitch_mm": round(build.pitch_mm, 2),
        "depth_mm": round(build.depth_mm, 2),
        "tolerance_mm": round(build.tolerance_mm, 2),
        "part": next(name for name, part in PARTS.items() if part == build.part),
        "polar": build.polar,
        "mounts": [{"offset_mm": list(m.offset_mm), "axis": list(m.axis)} for m in build.mounts],
        "magnet": {
            "shape": magnet.shape.value,
            "size_mm": [round(v, 2) for v in magnet.size_mm],
            "grade": magnet.grade,
            "height_mm": round(piece.height_mm, 2),
            "axis": list(piece.axis),
            "body": piece.body.value,
            "radius_mm": piece.radius_mm,
            "tilt_deg": round(piece.tilt_deg, 1),
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=sorted(RANGES))
    parser.add_argument("--per-game", type=int, default=16, help="builds kept per game and sensing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--output", type=Path, default=Path("tests/engine/recognition/drawn_builds.json")
    )
    args = parser.parse_args(argv)
    kept: dict[str, Any] = json.loads(args.output.read_text()) if args.output.exists() else {}
    rng = random.Random(args.seed)
    for game in args.games:
        geometry = find_game(game).geometry
        for polar in (False, True):
            found: list[dict[str, Any]] = []
            tries = 0
            while len(found) < args.per_game and tries < 60 * args.per_game:
                tries += 1
                build = draw(game, polar, rng)
                if build is None:
                    continue
                if not check(build, geometry, fine=False).passes:
                    continue
                if not check(build, geometry, fine=True).passes:
                    continue
                data = as_data(build)
                data["timing"] = timing_figures(build, [geometry])
                found.append(data)
                print(game, "polar" if polar else "occupancy", len(found), tries, data, flush=True)
            kept[f"{game}/{'polarity' if polar else 'occupancy'}"] = found
            args.output.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
