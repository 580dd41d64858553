"""The club room at scale (issue 64, item 5): 200 simulated boards play blitz through
one Mosquitto, every table followed live in the hall (its live record and the
spectator page's ``/tables.json``) and outside it (a second Mosquitto fed by a bridge
carrying the room outward only); mid-run the hall's broker is restarted and later the
bridge is cut for some seconds. Then: how long each move took from its board's
publish to each table's live record and to the index, whether any was lost or taken
twice, and how long each audience took to catch up after each fault.

Three programs share the machine as they would in a hall: the boards
(``room_boards.py``), the hall's viewers with the spectator server, the outside's
viewers (``room_watch.py``); this one starts the brokers (``room_brokers.py``) and
them, makes the faults and reads the figures. ``make room-load`` prints them;
``tests/firmware_host/club/test_room_load.py`` holds them to issue 64's goal.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import firmware_host
from firmware_host.broker.local import free_port
from firmware_host.tools.bench.room_boards import new_seat
from firmware_host.tools.bench.room_brokers import Mosquitto

READY_WAIT = 120.0  # seconds the viewers may take to connect every table
GRACE = 10.0  # seconds the viewers keep listening after the last move was published


@dataclass(frozen=True, slots=True)
class Fault:
    """A fault made during the run: when the broker went (``down``) and came back."""

    name: str
    down: float  # seconds since the epoch
    up: float


@dataclass(frozen=True, slots=True)
class Seen:
    """What one audience saw of the moves published (latencies in seconds)."""

    audience: str
    moves: int  # moves that reached the live records
    lost: int  # moves published that never reached them (or not as published)
    extra: int  # moves in the records that no board published (a move taken twice)
    ignored: int  # messages the records ignored as repeated or older (replays)
    p50: float
    p99: float
    worst: float
    p99_all: float  # every move published while no broker was down
    index_p50: float | None  # /tables.json (the hall only)
    index_p99: float | None
    index_lost: int
    catch_up: tuple[tuple[str, float], ...]  # after each fault: its name, seconds


@dataclass(frozen=True, slots=True)
class Figures:
    boards: int
    pace: float
    seconds: float
    published: int
    start: float  # when the first moves were due (seconds since the epoch)
    faults: tuple[Fault, ...]
    seen: tuple[Seen, ...]
    cpu: tuple[tuple[str, float], ...]  # each program's CPU seconds
    machine: str
    date: str


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile by the nearest rank (0 when there is none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def _python(module: str, *args: str | Path, log: Path) -> subprocess.Popen[bytes]:
    root = Path(firmware_host.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": f"{root}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", module, *map(str, args)], stdout=out, stderr=out, env=env
        )


def _wait_file(path: Path, seconds: float, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"{path} never came (the logs: {path.parent})")
        time.sleep(0.1)


def _sleep_until(moment: float) -> None:
    time.sleep(max(0.0, moment - time.time()))


def run(
    folder: Path,
    *,
    boards: int = 200,
    pace: float = 2.5,
    seconds: float = 90.0,
    down: float = 2.0,
    outage: float = 8.0,
    seed: int = 1,
) -> Figures:
    """The whole run in ``folder``: ``boards`` boards playing a ply every ``pace``
    seconds on average for ``seconds``; the hall's broker down ``down`` seconds at a
    third of the run, the bridge cut ``outage`` seconds at two thirds."""
    outside = Mosquitto("outside", free_port(), folder / "outside")
    hall = Mosquitto("hall", free_port(), folder / "hall", bridge_to=outside.port)
    outside.start()
    hall.start()
    plan = {
        "hall": hall.url,
        "club_room": secrets.token_hex(12),
        "seats": [asdict(new_seat(n + 1)) for n in range(boards)],
        "pace": pace,
        "seconds": seconds,
        "seed": seed,
    }
    plan_file = folder / "plan.json"
    plan_file.write_text(json.dumps(plan))
    bench = "firmware_host.tools.bench"
    processes: list[subprocess.Popen[bytes]] = []
    try:
        viewers = {
            "hall": _python(
                f"{bench}.room_watch",
                plan_file,
                hall.url,
                folder / "hall.json",
                "page",
                log=folder / "hall-viewers.log",
            ),
            "outside": _python(
                f"{bench}.room_watch",
                plan_file,
                outside.url,
                folder / "outside.json",
                log=folder / "outside-viewers.log",
            ),
        }
        processes += viewers.values()
        for name, process in viewers.items():
            _wait_file(folder / f"{name}-ready", READY_WAIT, process)
        players = _python(
            f"{bench}.room_boards", plan_file, folder / "boards.json", log=folder / "boards.log"
        )
        processes.append(players)
        _wait_file(folder / "boards-started", READY_WAIT, players)
        start = time.time() + 2.0  # room_boards.play's first moves
        faults = []
        _sleep_until(start + seconds / 3)
        gone = time.time()
        hall.stop()
        time.sleep(down)
        hall.start()
        faults.append(Fault("broker restart", gone, time.time()))
        _sleep_until(start + 2 * seconds / 3)
        gone = time.time()
        outside.stop()
        time.sleep(outage)
        outside.start()
        faults.append(Fault("bridge outage", gone, time.time()))
        players.wait(seconds + READY_WAIT)
        time.sleep(GRACE)
        (folder / "stop").write_text("")
        for process in viewers.values():
            process.wait(READY_WAIT)
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait(10)
        hall.stop()
        outside.stop()
    return figures(
        folder, boards=boards, pace=pace, seconds=seconds, faults=tuple(faults), start=start
    )


def figures(
    folder: Path,
    *,
    boards: int,
    pace: float,
    seconds: float,
    faults: tuple[Fault, ...],
    start: float,
) -> Figures:
    """The figures from what the three programs wrote into ``folder``."""
    boards_said = json.loads((folder / "boards.json").read_text())
    published = published_of(boards_said["published"])
    hall = json.loads((folder / "hall.json").read_text())
    outside = json.loads((folder / "outside.json").read_text())
    seen = (
        _seen("hall", published, arrived_of(hall["tables"]), faults[:1]),
        _seen("outside", published, arrived_of(outside["tables"]), faults),
    )
    cpu = (
        ("boards", round(float(boards_said["cpu"]), 1)),
        ("hall viewers and server", round(float(hall["cpu"]), 1)),
        ("outside viewers", round(float(outside["cpu"]), 1)),
    )
    cores = os.cpu_count() or 0
    machine = f"{platform.machine()}, {cores} cores shared, Python {platform.python_version()}"
    return Figures(
        boards,
        pace,
        seconds,
        len(published),
        start,
        faults,
        seen,
        cpu,
        machine,
        time.strftime("%Y-%m-%d"),
    )


@dataclass(frozen=True, slots=True)
class Published:
    """One move as its board published it."""

    table: int
    ply: int
    text: str
    at: float  # seconds since the epoch


@dataclass(frozen=True, slots=True)
class Arrived:
    """One table as an audience's record had it at the end."""

    moves: tuple[tuple[str, float], ...]  # each move and when it first arrived
    ignored: int
    index: dict[int, float]  # when /tables.json first showed each ply (the hall's)


def published_of(rows: list[list[Any]]) -> list[Published]:
    return [Published(int(t), int(p), str(m), float(a)) for t, p, m, a in rows]


def arrived_of(tables: dict[str, Any]) -> dict[int, Arrived]:
    return {
        int(number): Arrived(
            tuple((str(m), float(a)) for m, a in table["moves"]),
            int(table["ignored"]),
            {int(p): float(a) for p, a in table["index"].items()},
        )
        for number, table in tables.items()
    }


def _seen(
    audience: str,
    published: list[Published],
    got: dict[int, Arrived],
    faults: tuple[Fault, ...],
) -> Seen:
    """One audience's figures; ``faults``: those it went through. A move published
    while a broker was down, or after, until the audience had caught up (the boards'
    and the bridge's reconnecting), counts in that fault's catch-up, not in the steady
    latencies (``p99_all`` has those after the broker was back)."""
    late: dict[str, float] = {fault.name: 0.0 for fault in faults}
    count: dict[int, int] = {}
    found: list[tuple[Published, float, float | None]] = []
    for move in published:
        count[move.table] = max(count.get(move.table, 0), move.ply)
        record = got[move.table]
        if len(record.moves) < move.ply or record.moves[move.ply - 1][0] != move.text:
            continue  # lost
        arrived = record.moves[move.ply - 1][1]
        for fault in faults:
            if move.at <= fault.up and arrived >= fault.down:
                late[fault.name] = max(late[fault.name], arrived - fault.up)
        found.append((move, arrived, record.index.get(move.ply)))
    down = [(f.down, f.up) for f in faults]
    catching = [(f.down, f.up + late[f.name]) for f in faults]
    latencies: list[float] = []
    after: list[float] = []
    index: list[float] = []
    index_lost = 0
    for move, arrived, shown in found:
        if not any(start <= move.at <= end for start, end in down):
            after.append(arrived - move.at)
        if any(start <= move.at <= end for start, end in catching):
            continue
        latencies.append(arrived - move.at)
        if shown is not None:
            index.append(shown - move.at)
        elif audience == "hall":
            index_lost += 1
    hall = audience == "hall"
    return Seen(
        audience,
        sum(len(r.moves) for r in got.values()),
        len(published) - len(found),
        sum(max(0, len(got[t].moves) - n) for t, n in count.items()),
        sum(r.ignored for r in got.values()),
        round(quantile(latencies, 0.5), 3),
        round(quantile(latencies, 0.99), 3),
        round(max(latencies, default=0.0), 3),
        round(quantile(after, 0.99), 3),
        round(quantile(index, 0.5), 3) if hall else None,
        round(quantile(index, 0.99), 3) if hall else None,
        index_lost,
        tuple((name, round(max(0.0, s), 2)) for name, s in late.items()),
    )


def report(figures: Figures) -> str:
    """The figures as the docs quote them."""
    played = figures.boards * figures.seconds / max(1, figures.published)
    lines = [
        f"room load, {figures.date}, {figures.machine}",
        f"{figures.boards} boards, {figures.published} moves in {figures.seconds:.0f} s"
        f" (a ply due every {figures.pace} s a board, played every {played:.1f} s)",
    ]
    for fault in figures.faults:
        at, lasted = fault.down - figures.start, fault.up - fault.down
        lines.append(f"{fault.name} at +{at:.0f} s: {lasted:.1f} s without it")
    lines.append("CPU: " + ", ".join(f"{name} {s:.0f} s" for name, s in figures.cpu))
    for seen in figures.seen:
        lines.append(
            f"{seen.audience}: live records p50 {seen.p50:.3f} s, p99 {seen.p99:.3f} s,"
            f" worst {seen.worst:.3f} s (p99 {seen.p99_all:.3f} s with the catch-ups);"
            f" lost {seen.lost}, taken twice {seen.extra}, replays ignored {seen.ignored}"
        )
        if seen.index_p50 is not None:
            lines.append(
                f"{seen.audience}: /tables.json (long-polled as the page asks)"
                f" p50 {seen.index_p50:.3f} s, p99 {seen.index_p99:.3f} s;"
                f" not shown {seen.index_lost}"
            )
        for name, after in seen.catch_up:
            lines.append(f"{seen.audience}: caught up {after:.2f} s after the {name}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--pace", type=float, default=2.5)
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args(argv)
    folder = args.folder or Path(tempfile.mkdtemp(prefix="kiban-room-load-"))
    folder.mkdir(parents=True, exist_ok=True)
    measured = run(folder, boards=args.boards, pace=args.pace, seconds=args.seconds)
    (folder / "figures.json").write_text(json.dumps(asdict(measured), indent=1))
    print(report(measured))
    print(f"(the programs' logs and outputs: {folder})")


if __name__ == "__main__":
    main()
