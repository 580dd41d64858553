"""make pi-vm's board hand: plays a whole game on the reference board through the
kernel, as root in the VM, with nothing of Kiban's own but what it reads back.

The board is the kernel's: the MCP23017 is i2c-stub's register file at its address on
/dev/i2c-1, its INT line and the buttons are lines of gpio-sim's chip (the header's,
/dev/gpiochip0). A piece set down or lifted is the expander's GPIO registers written
(a reed switch closed pulls its pin low), its INTCAP and INTF as the chip latches them,
and its open-drain INT pulled low; a button pressed is its line pulled to ground. The
chip lets INT go when its GPIO or INTCAP is read: i2c-stub cannot, so the hand watches
the kernel's smbus_read trace events and lets INT go when the service has read the
chip. Each move is the service's to see and commit: the hand waits for the commit in
the service's journal, checks it is the move played, and measures the time from the
INT edge to it (both clocks are the VM's CLOCK_MONOTONIC: the hand's time.monotonic(),
the record's ``t``, the service's loop time).

The LED frames the service writes to /dev/spidev0.0 go out bit by bit on gpio-sim's
lines 10 (MOSI) and 11 (SCLK) through spi-gpio; every level set passes gpiolib's
gpio_value trace event, from which the hand reads the bytes back (MOSI at each rising
SCLK, mode 0), decodes the WS2812 waveform as its data sheet draws it (a 0 is ``100``,
a 1 ``110``, at 2.4 MHz: drivers/led_spi.py's 3-bit pattern) and checks the frame
lights the last move's cells and the turn.

usage (root, the installed venv's python):
  board_hand.py play --until-reboot | --after-reboot    the game, in two halves
  board_hand.py doctor     kiban doctor beside the running service, then unattended
                           (--expect) on the start position and on a piece too many
  board_hand.py figures    the service's idle CPU and memory, the game's latencies
Exit status 1 on anything not as it should be; every line says what was checked.
"""

from __future__ import annotations

import ast
import glob
import json
import os
import queue
import select
import subprocess
import sys
import threading
import time
import tomllib
from pathlib import Path
from typing import Any

from checks import Checks
from smbus2 import SMBus

STATE = Path("/var/lib/kiban-vm")
BOARD_FILE = STATE / "board"  # kiban-vm-board.service restores it at power-on
HAND_FILE = STATE / "hand.json"
FIGURES_FILE = STATE / "figures.json"
PROFILE = Path("/etc/kiban/board.toml")
GAME = Path(__file__).with_name("robot_duel.json")
TRACING = Path("/sys/kernel/tracing")
GPIOA, INTFA, INTCAPA = 0x12, 0x0E, 0x10
STEP = 0.5  # seconds between two steps of a move (a hand's pace; the board settles)
COMMIT_WITHIN = 60.0  # seconds a move may take to be committed, under emulation
RELEASE_WITHIN = 10.0  # seconds the service may take to read the chip after its INT
check = Checks()


def say(line: str) -> None:
    print(line, flush=True)


# --- the header's lines ----------------------------------------------------------------


class Header:
    """gpio-sim's chip: each line pulled from outside, as a button or open drain would."""

    def __init__(self) -> None:
        found = glob.glob("/sys/devices/platform/*/gpiochip0/sim_gpio0")
        if not found:
            sys.exit("no gpio-sim chip at gpiochip0")
        self.path = Path(found[0]).parent
        self.pulls: dict[int, str] = {}

    def pull(self, line: int, how: str) -> None:
        (self.path / f"sim_gpio{line}" / "pull").write_text(how)
        self.pulls[line] = how

    def base(self) -> int:
        """The chip's first global GPIO number (gpiolib's trace events count in them)."""
        for chip in glob.glob("/sys/class/gpio/gpiochip*"):
            if Path(chip, "label").read_text().strip() == "pinctrl-bcm2835":
                return int(Path(chip, "base").read_text())
        sys.exit("no gpiochip labelled pinctrl-bcm2835 in /sys/class/gpio")


# --- the expander ----------------------------------------------------------------------


def bit_of(pin: str) -> int:
    """``A0``..``B7`` as the bit of the 16-bit port pair (A in the low byte)."""
    return (8 if pin[0] == "B" else 0) + int(pin[1])


class Expander:
    """The MCP23017 as i2c-stub holds it: the hand writes what the pins read."""

    def __init__(self, bus: SMBus, address: int, channels: dict[str, str]) -> None:
        self.bus = bus
        self.address = address
        self.bits = {spot: bit_of(pin) for pin, spot in channels.items()}
        self.levels = 0xFFFF  # every pin high: every switch open, nothing on the board

    def show(self, occupied: set[str]) -> int:
        """The registers for a board holding ``occupied``: GPIO, then INTF (the pins that
        changed) and INTCAP (the pins at the change), as the chip latches them. Returns
        the pins that changed."""
        levels = 0xFFFF
        for spot in occupied:
            levels &= ~(1 << self.bits[spot])
        changed = levels ^ self.levels
        self.levels = levels
        data = [levels & 0xFF, levels >> 8]
        self.bus.write_i2c_block_data(self.address, GPIOA, data)
        if changed:
            self.bus.write_i2c_block_data(self.address, INTFA, [changed & 0xFF, changed >> 8])
            self.bus.write_i2c_block_data(self.address, INTCAPA, data)
        return changed

    def registers(self) -> list[tuple[int, int]]:
        """(register, value) of what the hand wrote, for the board's power-on."""
        return [(GPIOA, self.levels & 0xFF), (GPIOA + 1, self.levels >> 8)]


# --- the kernel's trace events -----------------------------------------------------------


class Trace:
    """A tracefs instance of the hand's own, its events read from trace_pipe by a thread
    (timestamps on CLOCK_MONOTONIC, as time.monotonic() reads it)."""

    def __init__(self, name: str, events: list[str], kilobytes: int = 4096) -> None:
        self.path = TRACING / "instances" / name
        if not self.path.exists():
            self.path.mkdir()
        (self.path / "tracing_on").write_text("0")
        (self.path / "trace_clock").write_text("mono")
        (self.path / "buffer_size_kb").write_text(str(kilobytes))
        (self.path / "trace").write_text("")
        for event in events:
            (self.path / "events" / event / "enable").write_text("1")
        self.lines: queue.Queue[tuple[float, str]] = queue.Queue()
        self._stop = threading.Event()
        self._pipe = open(self.path / "trace_pipe", "rb", buffering=0)  # noqa: SIM115
        threading.Thread(target=self._read, daemon=True).start()

    def on(self, enabled: bool = True) -> None:
        (self.path / "tracing_on").write_text("1" if enabled else "0")

    def _read(self) -> None:
        pending = b""
        while not self._stop.is_set():
            ready, _, _ = select.select([self._pipe], [], [], 0.2)
            if not ready:
                continue
            pending += os.read(self._pipe.fileno(), 1 << 16)
            *whole, pending = pending.split(b"\n")
            for raw in whole:
                line = raw.decode(errors="replace")
                # "  <task>-<pid> [cpu] flags 1234.567890: event: fields"
                try:
                    stamp = float(line.split(": ", 1)[0].rsplit(None, 1)[-1])
                except ValueError:
                    continue
                self.lines.put((stamp, line.split(": ", 1)[1]))

    def drain(self) -> list[tuple[float, str]]:
        found = []
        while True:
            try:
                found.append(self.lines.get_nowait())
            except queue.Empty:
                return found

    def close(self) -> None:
        self._stop.set()
        self.on(False)


# --- the service's journal ----------------------------------------------------------------


class Journal:
    """The runtime's records in the unit's journal (its log lines' dicts), this boot's
    from its start, then as they come (the journal's own monotonic stamp on each)."""

    def __init__(self) -> None:
        command = ["journalctl", "-u", "kiban.service", "-o", "json", "-f", "-b", "--no-tail"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        self.records: queue.Queue[dict[str, Any]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            entry = json.loads(line)
            message = entry.get("MESSAGE")
            if not isinstance(message, str) or "firmware_host.loops.runtime: {" not in message:
                continue
            try:
                record = ast.literal_eval(message.split("firmware_host.loops.runtime: ", 1)[1])
            except (ValueError, SyntaxError):
                continue
            record["journal_monotonic"] = int(entry["__MONOTONIC_TIMESTAMP"]) / 1e6
            self.records.put(record)

    def wait(self, event: str, within: float, after: float = 0.0) -> dict[str, Any] | None:
        """The next record of ``event`` logged after ``after`` (the VM's monotonic
        seconds; others passing by are said), or None."""
        deadline = time.monotonic() + within
        while (left := deadline - time.monotonic()) > 0:
            try:
                record = self.records.get(timeout=left)
            except queue.Empty:
                return None
            if record["journal_monotonic"] < after:
                continue
            if record.get("event") == event:
                return record
            say(f"info the service said: {record}")
        return None

    def close(self) -> None:
        self.process.terminate()


# --- the board ---------------------------------------------------------------------------------


class Board:
    def __init__(self) -> None:
        profile = tomllib.loads(PROFILE.read_text())
        (chip,) = profile["mcp23017"]
        self.int_line: int = chip["interrupt_gpio"]
        self.buttons: dict[str, int] = profile["buttons"]
        self.header = Header()
        self.bus = SMBus(chip["bus"])
        self.expander = Expander(self.bus, chip["address"], chip["channels"])
        self.smbus = Trace("kiban-hand-i2c", ["smbus/smbus_read"])
        self.smbus.on()
        self.address = chip["address"]
        leds = profile["leds"]
        self.led_count: int = leds["count"]
        self.led_of = led_indices(leds)

    def save(self, occupied: set[str], progress: dict[str, Any]) -> None:
        """What the board holds, for its power-on after a reboot, and where the game is."""
        lines = [f"pull {line} {how}" for line, how in self.header.pulls.items()]
        lines += [
            f"reg 0x{self.address:02x} 0x{reg:02x} 0x{value:02x}"
            for reg, value in self.expander.registers()
        ]
        BOARD_FILE.write_text("\n".join(lines) + "\n")
        HAND_FILE.write_text(json.dumps({**progress, "occupied": sorted(occupied)}))

    def set_down(self, occupied: set[str]) -> tuple[float, float | None]:
        """The expander shows ``occupied`` and pulls INT until the service reads it:
        (when INT fell, when the service's first read of the chip came)."""
        self.smbus.drain()
        edge = time.monotonic()
        changed = self.expander.show(occupied)
        if not changed:
            return edge, None
        self.header.pull(self.int_line, "pull-down")
        read = self._read_after(edge)
        self.header.pull(self.int_line, "pull-up")  # INT let go, as the read clears it
        return edge, read

    def _read_after(self, since: float) -> float | None:
        deadline = time.monotonic() + RELEASE_WITHIN
        while time.monotonic() < deadline:
            for stamp, event in self.smbus.drain():
                # smbus_read: i2c-1 a=020 f=0000 c=12 I2C_BLOCK_DATA
                if (
                    stamp >= since
                    and f"a={self.address:03x}" in event
                    and (f"c={GPIOA:x} " in event or f"c={INTCAPA:x} " in event)
                ):
                    return stamp
            time.sleep(0.005)
        return None

    def press(self, role: str) -> None:
        line = self.buttons[role]
        self.header.pull(line, "pull-down")
        time.sleep(0.15)
        self.header.pull(line, "pull-up")


def led_indices(leds: dict[str, Any]) -> dict[str, int]:
    """Each cell's LED from the profile's grid, read as the profile says it is wired
    (a serpentine chain turns back at the end of each row)."""
    indices: dict[str, int] = {}
    index = 0
    for row_number, row in enumerate(leds["grid"]):
        cells = list(reversed(row)) if leds.get("serpentine") and row_number % 2 else row
        for cell in cells:
            indices[cell] = index
            index += 1
    return indices


# --- the game -------------------------------------------------------------------------------


def occupancy_after(plies: list[dict[str, Any]], start: set[str], count: int) -> set[str]:
    occupied = set(start)
    for ply in plies[:count]:
        for spot, present in ply["steps"]:
            (occupied.add if present else occupied.discard)(spot)
    return occupied


def play(half: str) -> None:
    game = json.loads(GAME.read_text())
    plies = game["plies"]
    start = set(game["start"])
    board = Board()
    latencies: list[dict[str, float]] = []
    if half == "--until-reboot":
        for line in (board.int_line, *board.buttons.values()):
            board.header.pull(line, "pull-up")  # the board's pull-ups
        journal = Journal()
        # the service started with whatever the stub held (nothing a board could read):
        # the hand sets up the start position, and the game begins once it matches
        began = time.monotonic()
        board.set_down(start)
        ready = journal.wait("board_ready", COMMIT_WITHIN, after=began)
        check("the service sees the start position set up (board_ready)", ready is not None)
        first, last = 0, game["reboot_after"]
    else:
        journal = Journal()
        saved = json.loads(HAND_FILE.read_text())
        started = journal.wait("game_started", COMMIT_WITHIN)
        check(
            "after the reboot the service takes the stored game up again",
            started is not None
            and started.get("resumed") is True
            and started.get("game_id") == saved["game_id"],
            str(started),
        )
        ready = journal.wait("board_ready", COMMIT_WITHIN)
        check(
            "the board as the hand left it matches the resumed game (board_ready)",
            ready is not None,
        )
        first, last = saved["ply"], len(plies)
        board.expander.levels = levels_of(board.expander, set(saved["occupied"]))
        latencies = saved.get("latencies", [])
    occupied = occupancy_after(plies, start, first)
    leds: Trace | None = None
    for number in range(first, last):
        ply = plies[number]
        for index, (spot, present) in enumerate(ply["steps"]):
            (occupied.add if present else occupied.discard)(spot)
            if index:
                time.sleep(STEP)
            if number == game["leds_after"] - 1 and index == len(ply["steps"]) - 1:
                leds = Trace("kiban-hand-spi", ["gpio/gpio_value"], kilobytes=16384)
                leds.on()  # the frames the move's commit paints
            edge, read = board.set_down(occupied)
        committed = journal.wait("move", COMMIT_WITHIN)
        ok = check(
            f"ply {number + 1}: {ply['move']} committed",
            committed is not None
            and committed.get("move") == ply["move"]
            and committed.get("ply") == number + 1,
            str(committed),
        )
        if ok and committed is not None:
            latencies.append(
                {
                    "int_to_read_ms": (read - edge) * 1e3 if read is not None else -1.0,
                    "int_to_commit_ms": (committed["t"] - edge) * 1e3,
                    "int_to_journal_ms": (committed["journal_monotonic"] - edge) * 1e3,
                }
            )
            say(
                f"info ply {number + 1}: INT edge to the chip read "
                f"{latencies[-1]['int_to_read_ms']:.0f} ms, to the commit "
                f"{latencies[-1]['int_to_commit_ms']:.0f} ms (the journal "
                f"{latencies[-1]['int_to_journal_ms']:.0f} ms)"
            )
        if leds is not None:
            check_leds(board, leds, ply, game["turn_leds"][number % 2])
            leds.close()
            leds = None
    if half == "--until-reboot":
        stored = stored_games()
        game_id = max((item["id"] for item in stored), default=None)
        board.save(occupied, {"ply": last, "game_id": game_id, "latencies": latencies})
        check("the hand's board is kept for the power-on after the reboot", BOARD_FILE.exists())
    else:
        over = journal.wait("game_over", COMMIT_WITHIN)
        check(
            "the game is over: the lion captured",
            over is not None and over.get("termination") == game["termination"],
            str(over),
        )
        check_record(plies, saved["game_id"])
        FIGURES_FILE.write_text(json.dumps({"latencies": latencies}))
    journal.close()
    board.smbus.close()


def levels_of(expander: Expander, occupied: set[str]) -> int:
    levels = 0xFFFF
    for spot in occupied:
        levels &= ~(1 << expander.bits[spot])
    return levels


def stored_games() -> list[dict[str, Any]]:
    """``kiban list`` as the service's user, read from its state directory."""
    done = subprocess.run(
        [
            "runuser",
            "-u",
            "kiban",
            "--",
            "/opt/kiban/.venv/bin/kiban",
            "list",
            "--state-dir",
            "/var/lib/kiban",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    say("info kiban list: " + " | ".join(done.stdout.strip().splitlines()))
    games = []
    for line in done.stdout.splitlines():
        words = line.split()
        if words and words[0].isdigit():
            games.append({"id": int(words[0]), "line": line})
    return games


def check_record(plies: list[dict[str, Any]], game_id: int) -> None:
    """The stored game read back as a person would (kiban export): every move, in order."""
    done = subprocess.run(
        [
            "runuser",
            "-u",
            "kiban",
            "--",
            "/opt/kiban/.venv/bin/kiban",
            "export",
            str(game_id),
            "--state-dir",
            "/var/lib/kiban",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    say("info kiban export: " + " | ".join(done.stdout.strip().splitlines()))
    words = done.stdout.split()
    found = [word for word in words if word in {ply["move"] for ply in plies}]
    check(
        f"kiban export {game_id} holds the {len(plies)} moves played, in order",
        done.returncode == 0 and found == [ply["move"] for ply in plies],
        f"{found} (exit status {done.returncode}: {done.stderr.strip()})",
    )


# --- the LED frames ---------------------------------------------------------------------------


def spi_frames(events: list[tuple[float, str]], base: int) -> list[bytes]:
    """The transfers spi-gpio clocked out on the header's lines 8 (CE0, active low), 10
    (MOSI) and 11 (SCLK), from gpiolib's gpio_value events ("gpio_value: 522 set 1", the
    line's raw level): MOSI read at each rising SCLK while CE0 is low (SPI mode 0), most
    significant bit first; a transfer ends when CE0 goes high."""
    cs, mosi, sck = base + 8, base + 10, base + 11
    level = {cs: 1, mosi: 0, sck: 0}
    frames: list[bytes] = []
    bits: list[int] = []
    for _, event in events:
        fields = event.split()
        if len(fields) < 4 or fields[0] != "gpio_value:" or fields[2] != "set":
            continue
        gpio, value = int(fields[1]), int(fields[3])
        if gpio == sck and value and not level[sck] and not level[cs]:
            bits.append(level[mosi])
        if gpio == cs and value and not level[cs] and bits:
            frames.append(_bytes(bits))
            bits = []
        if gpio in level:
            level[gpio] = value
    if bits:
        frames.append(_bytes(bits))
    return frames


def _bytes(bits: list[int]) -> bytes:
    return bytes(int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits) - 7, 8))


def ws2812(frame: bytes, count: int) -> list[tuple[int, int, int]] | None:
    """The GRB colours of ``count`` LEDs in a frame drawn at 3 SPI bits a data bit
    (``100`` a 0, ``110`` a 1: the WS2812's T0H/T1H at 2.4 MHz), after a leading zero
    byte; None when any triple is neither."""
    bits = "".join(f"{byte:08b}" for byte in frame[1:])
    colours = []
    for led in range(count):
        value = 0
        for index in range(24):
            triple = bits[(led * 24 + index) * 3 : (led * 24 + index) * 3 + 3]
            if triple not in ("100", "110"):
                return None
            value = value << 1 | (triple == "110")
        green, red, blue = value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF
        colours.append((red, green, blue))
    return colours


def check_leds(board: Board, trace: Trace, ply: dict[str, Any], turn: dict[str, int]) -> None:
    """The frame the service paints after ``ply``: the move's cells lit (the last move)
    and the turn's indicator, the other side's dark."""
    time.sleep(2.0)  # the frames after the commit written out (bit by bit, emulated)
    trace.on(False)
    frames = [f for f in spi_frames(trace.drain(), board.header.base()) if len(f) > 1]
    check(
        "the service's LED frames read back from spi-gpio's lines",
        bool(frames),
        f"{len(frames)} transfers of {sorted({len(f) for f in frames})} bytes",
    )
    if not frames:
        return
    colours = ws2812(frames[-1], board.led_count)
    check(
        f"the last frame is {board.led_count} WS2812 colours (100/110 at 3 bits a bit)",
        colours is not None,
        f"{len(frames[-1])} bytes",
    )
    if colours is None:
        return
    lit = {cell for cell, index in board.led_of.items() if any(colours[index])}
    cells = {spot for spot, present in ply["steps"] if present}
    say(
        f"info the last frame: cells lit {sorted(lit)}, "
        f"indicators {[colours[index] for index in range(len(board.led_of), board.led_count)]}"
    )
    check(f"the last move's cells {sorted(cells)} are lit", cells <= lit, str(sorted(lit)))
    check(
        "the turn's indicator is lit and the other's dark",
        any(colours[turn["lit"]]) and not any(colours[turn["dark"]]),
        f"LED {turn['lit']} {colours[turn['lit']]}, LED {turn['dark']} {colours[turn['dark']]}",
    )


# --- the doctor -------------------------------------------------------------------------------


def doctor(*options: str) -> tuple[int, str, float]:
    """``kiban doctor`` as the person ``pi`` runs it (from a directory pi can write:
    lgpio's FIFO): its exit status, its lines, its seconds."""
    began = time.monotonic()
    done = subprocess.run(
        [
            "runuser",
            "-u",
            "pi",
            "--",
            "/opt/kiban/.venv/bin/kiban",
            "doctor",
            "--profile",
            str(PROFILE),
            *options,
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd="/home/pi",
    )
    for line in done.stdout.splitlines():
        say(f"info   doctor: {line}")
    return done.returncode, done.stdout, time.monotonic() - began


def check_doctor() -> None:
    board = Board()
    game = json.loads(GAME.read_text())
    status, told, _ = doctor("--only", "walk,buttons")
    check(
        "beside the running service the doctor names it and touches nothing",
        status == 1
        and "the board is in use: " in told
        and "kiban.service holds them" in told
        and "`sudo systemctl stop kiban`" in told,
    )
    subprocess.run(["systemctl", "stop", "kiban"], check=True)
    try:
        board.set_down(set(game["start"]))  # the pieces of a new game (INT read: none)
        status, told, seconds = doctor("--only", "walk,buttons", "--expect", "--timeout", "10")
        check(
            f"unattended, the start position on the board: the doctor passes ({seconds:.0f} s)",
            status == 0 and "12 of 12 spots read as the start position" in told,
        )
        board.set_down({*game["start"], "1c"})
        status, told, seconds = doctor("--only", "walk", "--expect", "--timeout", "10")
        check(
            f"unattended, a piece too many on 1c: the doctor names it ({seconds:.0f} s)",
            status == 1 and "cell 1c: channel 0x20/B2 reads a piece" in told,
        )
        board.set_down(set(game["start"]))
        board.save(set(game["start"]), {"ply": 0, "game_id": None})
    finally:
        subprocess.run(["systemctl", "start", "kiban"], check=True)
    board.smbus.close()


# --- the figures ---------------------------------------------------------------------------------


def figures() -> None:
    """The unit's process at rest: CPU over 60 s (every thread) and resident memory."""
    pid = int(
        subprocess.run(
            ["systemctl", "show", "-p", "MainPID", "--value", "kiban"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    hz = os.sysconf("SC_CLK_TCK")

    def ticks() -> int:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)

    before, began = ticks(), time.monotonic()
    time.sleep(60)
    spent, wall = (ticks() - before) / hz, time.monotonic() - began
    status = dict(
        line.split(":", 1)
        for line in Path(f"/proc/{pid}/status").read_text().splitlines()
        if ":" in line
    )
    rss_kib = int(status["VmRSS"].split()[0])
    threads = int(status["Threads"])
    found = json.loads(FIGURES_FILE.read_text()) if FIGURES_FILE.exists() else {}
    found |= {
        "pid": pid,
        "cpu_share": spent / wall,
        "rss_bytes": rss_kib * 1024,
        "threads": threads,
    }
    FIGURES_FILE.write_text(json.dumps(found))
    say(
        f"info kiban.service (pid {pid}, {threads} threads) over {wall:.0f} s at rest: "
        f"{spent:.2f} s of CPU, {100 * spent / wall:.2f}% of one emulated core; "
        f"VmRSS {rss_kib} KiB = {rss_kib * 1024 / 1e6:.1f} MB"
    )
    check(
        "the unit's process at rest within 40 MB (10^6 bytes)",
        rss_kib * 1024 <= 40e6,
        f"{rss_kib * 1024 / 1e6:.1f} MB",
    )
    latencies = found.get("latencies", [])
    if latencies:
        commits = sorted(item["int_to_commit_ms"] for item in latencies)
        reads = sorted(item["int_to_read_ms"] for item in latencies)
        say(f"info INT edge to the service's read of the chip, ms: {reads}")
        say(f"info INT edge to the commit, ms: {commits}")
    print(json.dumps(found), flush=True)


if __name__ == "__main__":
    STATE.mkdir(parents=True, exist_ok=True)
    match sys.argv[1:]:
        case ["play", half] if half in ("--until-reboot", "--after-reboot"):
            play(half)
        case ["doctor"]:
            check_doctor()
        case ["figures"]:
            figures()
        case _:
            sys.exit(__doc__)
    sys.exit(check.status)
