"""``kiban build-check PROFILE``: a board maker's check of a profile's build, before a
board is made (``hardware.magnetics.check``).

It prints, per cell, how far off centre a piece may rest and still read in every way it
can stand, the dead orientations within the stated tolerance, and whether neighbours
alone can make an empty cell read; per direction a piece slides or rolls, at the
slowest and the fastest hand, the pulses each cell reads, the overlap and gap, and how
long the piece's own cell keeps reading it; and the order margin the recognizer will
use. It fails (exit 1) on a dead zone, a dead orientation or a phantom. ``--pictures
DIR`` draws a cell's read zone and the slowest slide's timeline as PNG files; ``--write``
stores the timing figures in the profile's ``[sensors.timing]``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.game import Game
from engine.recognition.sensors import BOUNCE
from firmware_host.store.replacing import replace_text
from firmware_host.tools.desk.png import png_bytes
from hardware.magnetics.build import Build
from hardware.magnetics.check import FASTEST_MM_S, SLOWEST_MM_S, Passage
from hardware.magnetics.pictures import read_zone, timeline
from hardware.magnetics.report import BuildCheck, check, timing_figures
from hardware.profile import Profile
from hardware.profile_sensors import with_timing

Say = Callable[[str], None]


def build_check(
    profile: Profile,
    game: Game[Any],
    *,
    say: Say,
    pictures: Path | None = None,
    write: Path | None = None,
    fine: bool = True,
) -> bool:
    """Check ``profile``'s build on ``game``'s board, saying what it finds; whether it
    passes."""
    build = profile.build
    if build is None:
        say(
            f"{profile.source}: declares no build ([sensors] with its [sensors.magnet]): "
            "there is nothing to check (docs/build-your-own-board.md, 'The build')"
        )
        return False
    found = check(build, game.geometry, fine=fine)
    _say_build(profile, game, found, say)
    _say_cells(found, say)
    _say_slides(found, say)
    figures = timing_figures(build, [game.geometry])
    stated = profile.sensor_model
    say(
        f"Timing figures: overlap {figures['overlap_mm']:.1f} mm, gap {figures['gap_mm']:.1f} mm,"
        f" own cell lets go after {figures['departs_mm']:.1f} mm"
        f" (the profile's: {stated.overlap_mm:.1f}, {stated.gap_mm:.1f}, {stated.departs_mm:.1f})"
    )
    margin = max(BOUNCE, figures["overlap_mm"] / SLOWEST_MM_S + BOUNCE)
    say(f"Order margin the recognizer will use: {margin * 1000:.0f} ms")
    if pictures is not None:
        _draw(build, found, pictures, say)
    if write is not None:
        text = write.read_text(encoding="utf-8")
        replace_text(write, with_timing(text, str(write), figures))
        say(f"Wrote the timing figures into {write} [sensors.timing]")
    if found.passes:
        say(
            f"PASS: every piece within {build.tolerance_mm:g} mm reads, every way it stands;"
            " no phantom"
        )
    else:
        say("FAIL: " + "; ".join(_failures(found)))
    return found.passes


def _say_build(profile: Profile, game: Game[Any], found: BuildCheck, say: Say) -> None:
    build = found.build
    piece = build.piece
    say(f"Build check of {profile.source} on {game.title}'s board")
    say(
        f"  magnet: {piece.magnet.name or piece.magnet.shape.value}, {piece.magnet.grade}"
        f" ({piece.magnet.remanence_range[0]:.0f}-{piece.magnet.remanence_range[1]:.0f} mT on a"
        f" board), its centre {piece.height_mm:g} mm above the surface, pole along"
        f" {piece.axis}, piece {piece.body.value}"
    )
    mounts = ", ".join(
        f"{m.offset_mm[0]:g},{m.offset_mm[1]:g} mm off centre along {m.axis}" for m in build.mounts
    )
    say(
        f"  sensors: {build.part.name} ({mounts}), {build.depth_mm:g} mm below the surface;"
        f" pitch {build.pitch_mm:g} mm; stated tolerance {build.tolerance_mm:g} mm"
    )


def _say_cells(found: BuildCheck, say: Say) -> None:
    say("  cell      tolerance   neighbours' push   dead orientations   phantom")
    for cell in found.cells:
        dead = "none" if not cell.dead else f"{len(cell.dead)} (from {cell.dead[0][0]:g} mm)"
        say(
            f"  {cell.spot:<8}  {cell.tolerance_mm:5.2f} mm   {cell.push_mt:6.2f} mT"
            f"          {dead:<18}  {'YES' if cell.phantom else 'no'}"
        )


def _say_slides(found: BuildCheck, say: Say) -> None:
    say(
        f"  slides and rolls to a neighbour, slowest {SLOWEST_MM_S:g} mm/s"
        f" (fastest {FASTEST_MM_S:g} mm/s): pulses from/to, overlap, gap, own cell lets go"
    )
    slow: dict[tuple[float, float], list[Passage]] = {}
    for one in found.motion.passages:
        slow.setdefault(one.direction, []).append(one)
    fast = {one.direction: one for one in found.fastest}
    for direction, passages in sorted(slow.items()):
        worst = max(passages, key=lambda p: (p.overlap_s, p.gap_s, p.departs_s))
        quick = fast.get(direction)
        line = (
            f"  toward {direction}: {max(len(p.origin) for p in passages)}/"
            f"{max(len(p.target) for p in passages)} pulses,"
            f" overlap {max(p.overlap_s for p in passages) * 1000:.0f} ms,"
            f" gap {max(p.gap_s for p in passages) * 1000:.0f} ms,"
            f" lets go after {max(p.departs_s for p in passages) * 1000:.0f} ms"
        )
        if quick is not None:
            line += (
                f" | fastest: {len(quick.origin)}/{len(quick.target)} pulses, overlap"
                f" {quick.overlap_s * 1000:.0f} ms, gap {quick.gap_s * 1000:.0f} ms"
            )
        del worst
        say(line)


def _failures(found: BuildCheck) -> list[str]:
    build = found.build
    reasons = []
    short = [c for c in found.cells if c.tolerance_mm < build.tolerance_mm]
    if short:
        reasons.append(
            f"{len(short)} cells read a piece only {min(c.tolerance_mm for c in short):g} mm"
            f" off centre, short of the stated {build.tolerance_mm:g} mm"
        )
    if found.dead:
        reasons.append(f"{found.dead} cells have dead orientations within the tolerance")
    if found.phantoms:
        reasons.append(
            f"{found.phantoms} cells can read (or keep reading) a piece that is not there:"
            " their neighbours' fields reach their sensors' release point"
        )
    return reasons


def _draw(build: Build, found: BuildCheck, folder: Path, say: Say) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    zone = folder / "read-zone.png"
    zone.write_bytes(png_bytes(read_zone(build), scale=4))
    worst = max(found.motion.passages, key=lambda p: (p.overlap_s, p.departs_s, p.gap_s))
    slide = folder / "slide-timeline.png"
    slide.write_bytes(png_bytes(timeline(worst), scale=2))
    say(f"Drew {zone} (a cell's read zone) and {slide} (the slowest slide's timeline)")
