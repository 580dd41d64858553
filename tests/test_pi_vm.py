"""``make pi-vm`` (tools/pi_vm/) runs the README's install and a whole game on an emulated
Pi's kernel; it is slow and runs on its own (docs/pi-vm.md). Its quick part runs here:
the game its board hand plays is the moves it names, what the hand expects of the LED
frames is what the board shows, and the hand reads Kiban's SPI waveform back as the
WS2812 data sheet draws it."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import subprocess
import sys
import tomllib
from functools import partial
from pathlib import Path
from types import ModuleType

import pytest

from drivers.led_spi import SpiLedDevice
from engine.registry import find_game
from firmware_host.cli import main
from firmware_host.session.state import Phase
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import runtime_on, until

ROOT = Path(__file__).resolve().parents[1]
VM = ROOT / "tools" / "pi_vm"
GAME = json.loads((VM / "guest" / "robot_duel.json").read_text(encoding="utf-8"))
PROFILE = ROOT / "hardware" / "profiles" / f"{GAME['profile']}.toml"


def hand() -> ModuleType:
    """tools/pi_vm/guest/board_hand.py, which runs in the VM, imported here."""
    if str(VM / "guest") not in sys.path:
        sys.path.append(str(VM / "guest"))  # its checks.py beside it, as in the VM
    spec = importlib.util.spec_from_file_location("board_hand", VM / "guest" / "board_hand.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_game_the_hand_plays_is_the_moves_it_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its steps, half a second apart as the hand makes them, through kiban replay on
    the reference board: every move it names, then the game over as it expects."""
    events = tmp_path / "game.jsonl"
    moment, lines = 0.5, []
    for ply in GAME["plies"]:
        for spot, present in ply["steps"]:
            lines.append(json.dumps({"t": round(moment, 3), "spot": spot, "reading": present}))
            moment += 0.5
        moment += 1.5
    events.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", GAME["game"], str(events), "--profile", GAME["profile"]]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    moves = [record["move"] for record in records if record["event"] == "move"]
    assert moves == [ply["move"] for ply in GAME["plies"]]
    assert records[-1]["event"] == "game_over"
    assert records[-1]["termination"] == GAME["termination"]
    position = find_game(GAME["game"]).position()
    assert sorted(c for c in position.layout() if c in position.game.cells) == GAME["start"]
    assert 0 < GAME["reboot_after"] < len(GAME["plies"])


def test_what_the_hand_expects_of_the_leds_is_what_the_board_shows(tmp_path: Path) -> None:
    """The ply after which the hand reads the LED frames back, played on the reference
    board's simulation: its cells lit through the LEDs the hand maps from the profile's
    grid, the turn's indicator lit and the other's dark."""
    game = find_game(GAME["game"])
    profile = load_profile(GAME["profile"], game)
    runtime, simulated, _ = runtime_on(profile, tmp_path, game)
    after = GAME["leds_after"]
    piece = next(iter(game.position().layout().values()))[0]  # occupancy: any piece

    async def play() -> tuple[int, ...]:
        task = asyncio.create_task(runtime.run(handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        for number, ply in enumerate(GAME["plies"][:after]):
            for spot, present in ply["steps"]:
                if present:
                    simulated.world.place(spot, piece)
                else:
                    simulated.world.remove(spot)
                await asyncio.sleep(0.3)
            await until(partial(played, number + 1))
        await asyncio.sleep(0.5)
        frame = simulated.strip.frames[-1]
        runtime.stopping.set()
        await task
        return frame

    def played(count: int) -> bool:
        return len(runtime.controller.position.move_stack) >= count

    frame = asyncio.run(play())
    leds = tomllib.loads(PROFILE.read_text(encoding="utf-8"))["leds"]
    led_of = hand().led_indices(leds)
    ply = GAME["plies"][after - 1]
    placed = {spot for spot, present in ply["steps"] if present}
    assert all(frame[led_of[cell]] for cell in placed)
    turn = GAME["turn_leds"][(after - 1) % 2]
    assert frame[turn["lit"]] and not frame[turn["dark"]]


class CapturingSpi:
    """spidev's SpiDev as far as the LED driver uses it: the bytes of each transfer."""

    def __init__(self) -> None:
        self.mode = self.bits_per_word = self.max_speed_hz = 0
        self.sent: list[bytes] = []

    def writebytes2(self, values: bytes) -> None:
        self.sent.append(bytes(values))

    def xfer2(self, values: list[int]) -> list[int]:
        raise AssertionError("not used")

    def readbytes(self, length: int) -> list[int]:
        raise AssertionError("not used")

    def close(self) -> None:
        """Nothing to release."""


def test_the_hand_reads_the_ws2812_colours_back_from_the_spi_lines() -> None:
    """Kiban's SPI frame, as spi-gpio clocks it out on the header's lines and gpiolib's
    trace events show it (CE0 low, MOSI set, SCLK up and down for each bit, CE0 high),
    decoded by the hand to the colours set."""
    board_hand = hand()
    spi = CapturingSpi()
    device = SpiLedDevice(spi, 15)
    colours = [(index * 16, 255 - index * 16, index * 3) for index in range(15)]
    for index, (red, green, blue) in enumerate(colours):
        device.setPixelColor(index, red << 16 | green << 8 | blue)
    device.show()
    base = 512
    events = [(0.0, f"gpio_value: {base + 8} set 0")]
    for byte in spi.sent[-1]:
        for bit in f"{byte:08b}":
            events += [
                (0.0, f"gpio_value: {base + 10} set {bit}"),
                (0.0, f"gpio_value: {base + 11} set 1"),
                (0.0, f"gpio_value: {base + 11} set 0"),
            ]
    events.append((0.0, f"gpio_value: {base + 8} set 1"))
    (frame,) = board_hand.spi_frames(events, base)
    assert frame == spi.sent[-1]
    assert board_hand.ws2812(frame, 15) == colours


def test_the_vm_scripts_parse() -> None:
    for script in (*VM.glob("*.sh"), ROOT / "tools" / "pi_os" / "raspi-config"):
        shell = "bash" if script.read_text(encoding="utf-8").startswith("#!/bin/bash") else "sh"
        done = subprocess.run(
            [shell, "-n", str(script)], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, f"{script}: {done.stderr}"
