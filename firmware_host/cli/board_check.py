"""``kiban doctor`` and ``kiban calibrate``: a person (or, with ``--simulate``, a
scripted hand on the simulated board) at the bench of a board's profile."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.registry import find_game


def _bench_for(args: argparse.Namespace, **simulated: Any) -> tuple[Any, Any]:
    """The bench of doctor and calibrate: the real board, or its simulation."""
    from firmware_host.loops.profiles import load_profile
    from firmware_host.tools.desk.workbench import Bench

    profile = load_profile(args.profile)
    game = find_game(args.game or profile.games[0])
    profile = load_profile(args.profile, game)
    if args.simulate:
        from firmware_host.tools.desk.sim_bench import simulated_bench

        sim = simulated_bench(
            profile, game, say=lambda line: print(line, flush=True), seed=args.seed, **simulated
        )
        sim.bench.timeout = min(args.timeout, 10.0)
        return sim.bench, sim.hardware.buses
    from firmware_host.tools.desk.line_holders import taken_by_kiban
    from hardware.board import (
        assemble_real,
        edge_watching,
        open_buses,
        open_led_device,
        unavailable_devices,
    )

    # A device that cannot be opened (I2C or SPI not enabled, a group missing) is the
    # doctor's first finding, not a traceback.
    buses, unavailable = open_buses(profile.bus_numbers)
    unavailable += unavailable_devices(profile)

    def open_board(on_button: Any) -> Any:
        if unavailable:
            raise unavailable[0]
        device = open_led_device(profile)
        return assemble_real(profile, buses, device, on_button)

    bench = Bench(
        profile,
        game,
        open_board,
        say=lambda line: print(line, flush=True),
        unavailable=tuple(unavailable),
        taken=taken_by_kiban(edge_watching().chip),  # the service running: touch nothing
    )
    bench.timeout = args.timeout
    return bench, buses


def doctor(args: argparse.Namespace) -> int:
    from firmware_host.loops.profiles import load_profile
    from firmware_host.tools.desk.doctor import PARTS, Doctor
    from firmware_host.tools.desk.pi_setup import PiSystem

    parts = PARTS if not args.only else tuple(p.strip() for p in args.only.split(","))
    unknown = [part for part in parts if part not in PARTS]
    if unknown:
        print(f"kiban: unknown part {unknown[0]!r} (parts: {', '.join(PARTS)})", file=sys.stderr)
        return 2
    simulated: dict[str, Any] = {}
    if args.swap:
        if not args.simulate:
            print("kiban: --swap only makes sense with --simulate", file=sys.stderr)
            return 2
        from hardware.mock.wiring import swapped

        first, _, second = args.swap.partition(",")
        profile = load_profile(args.profile)
        simulated["physical"] = swapped(profile, first.strip(), second.strip())
    bench, buses = _bench_for(args, **simulated)
    cells = None if not args.cells else [cell.strip() for cell in args.cells.split(",")]
    system = None if args.simulate else PiSystem()
    report = Doctor(bench, buses, system=system).run(parts, cells, expect=args.expect)
    return 1 if report.problems else 0


def calibrate(args: argparse.Namespace) -> int:
    """The analog thresholds of a board with analog Hall sensors; the sensors' timing with
    ``--timing``, and on every other board (there is nothing else to calibrate)."""
    from hardware.frontends.analog_specs import AnalogSpec

    bench, _ = _bench_for(args)
    if args.timing or bench.profile.part(AnalogSpec) is None:
        from firmware_host.tools.desk.calibrate_timing import TimingCalibrator

        timed = TimingCalibrator(bench).run(args.output)
        return 1 if timed.refused else 0
    from firmware_host.tools.desk.calibrate import Calibrator

    result = Calibrator(bench).run(args.output)
    return 1 if result.refused else 0


def build_check(args: argparse.Namespace) -> int:
    """Check a profile's build (``kiban build-check``): 0 when it passes."""
    from pathlib import Path

    from firmware_host.loops.profiles import load_profile
    from firmware_host.tools.desk.build_check import build_check as check

    profile = load_profile(args.profile)
    game = find_game(args.game or profile.games[0])
    profile = load_profile(args.profile, game)
    write = None
    if args.write:
        path = Path(args.profile)
        if not path.is_file():
            print(
                f"{args.profile}: --write needs the profile's path (copy a bundled profile"
                " to a file of your own first)",
                file=sys.stderr,
            )
            return 2
        write = path
    passed = check(
        profile,
        game,
        say=lambda line: print(line, flush=True),
        pictures=args.pictures,
        write=write,
        fine=not args.quick,
    )
    return 0 if passed else 1
