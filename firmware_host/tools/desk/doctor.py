"""``kiban doctor``: check a board against its profile, one finding per line.

0. The games installed (on any machine, with the system part): each one left out is a
   problem, named by its entry point and package (one that fails to load or is no
   game, a name two packages register; ``engine.registry.skipped``).
   The Pi itself (firmware_host/tools/desk/pi_setup.py; only on a Raspberry Pi): the apt
   packages ``pip install '.[pi]'`` builds with, ``config.txt``'s I2C and SPI
   lines and, for an SPI LED strip where the core clock scales, a fixed core clock;
   bus 1's clock at the core clock's floor against the board's scan, and each other
   I2C bus it uses made on this model (i2c_setup.py); the user's groups; the GPIO
   library (gpio_setup.py): the pin factory gpiozero runs on here, lgpio or a
   fallback, and whether the installed service's unit lets lgpio load.
   Then the devices: an I2C bus, SPI device or serial port of the board that cannot be
   opened (the interface not enabled, the user not in its group) comes first,
   with the command that fixes it; the tests that need the board are skipped.
1. Bus scan: every address of every I2C bus, and of every channel of each
   TCA9548A, probed as ``i2cdetect -r`` does (a one-byte read); each chip the
   profile expects is found or missing, by name and address, and anything else
   that answers is named as unexpected. A shift-register chain is read once
   (its check byte proves it there), a serial scanner is asked for its hello.
2. Sensor walk: the board is cleared; then each sensed cell is lit in the
   legend's "square to fill" colour and a piece is asked for (north face up,
   then south face up on a polarity board). The channel that answers is
   compared with the profile: ``channel 0x21/B3 answered for cell 4e,
   expected 4f`` says the profile maps 0x21/B3 to 4f while the piece stands on
   4e. No answer before the timeout (or ok) names the cell's channels dead.
3. LED test: every LED lit white in turn, then every colour of the legend.
4. Buttons: each one asked for, and what was pressed instead named.

Unattended (``--expect [POSITION]``): nobody answers. The board holds the game's start
(or the position given) and the walk reads it as it stands: each channel must read
what that position puts on its spot, once the board has settled; the buttons must
read released at rest. So a board is checked by a script, and its exit status says
whether anything was found (issue 80: the walk waited for a hand at every cell and
button, minutes of time-outs with nobody there).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from drivers.buttons import HELD
from drivers.errors import HardwareError
from drivers.i2c import I2CBus
from drivers.led_strip import OFF, Colour
from drivers.tca9548a import CHANNELS, MuxTree
from engine.physical import EMPTY, NORTH, SOUTH, Reading, Sensing, Spot
from engine.registry import skipped
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning, Palette
from firmware_host.tools.desk.gpio_setup import gpio_findings
from firmware_host.tools.desk.line_holders import (
    describe_holders,
    holder_advice,
    refused_holders,
)
from firmware_host.tools.desk.pi_setup import PiSystem, system_findings
from firmware_host.tools.desk.workbench import Ask, Bench, face_name
from hardware.board import Board
from hardware.frontends.registry import front_end_of, front_ends
from hardware.profile import Profile
from hardware.sources import SourceChannel

PARTS = ("system", "bus", "walk", "leds", "buttons")
BOARD_PARTS = ("walk", "leds", "buttons")
"""The parts that open the board."""
PROBE_ADDRESSES = range(0x03, 0x78)
WHITE = Colour(255, 255, 255)
LED_STEP = 0.15  # seconds each LED stays lit in the walk along the strip
COLOUR_HOLD = 1.0
WIRE_OF_HELD = MappingProxyType({held: wire for wire, held in HELD.items()})
"""The button whose press, held long, reports another role (hint held: puzzle)."""


@dataclass
class Report:
    """What the doctor found: every line, and how many were problems."""

    lines: list[str] = field(default_factory=list)
    problems: int = 0


def expected_chips(profile: Profile) -> dict[tuple[int, int | None, int | None], dict[int, str]]:
    """For each bus segment (bus, mux, mux channel): address -> chip name."""
    expected: dict[tuple[int, int | None, int | None], dict[int, str]] = {}
    for part in profile.parts:
        for place, address, name in front_end_of(part).expected_chips(part):
            expected.setdefault((place.bus, place.mux, place.mux_channel), {})[address] = name
    return expected


def probe(bus: I2CBus, addresses: Iterable[int] = PROBE_ADDRESSES) -> set[int]:
    """The addresses that acknowledge a one-byte read."""
    found = set()
    for address in addresses:
        try:
            bus.read_byte(address)
        except OSError:
            continue
        found.add(address)
    return found


class Doctor:
    def __init__(
        self,
        bench: Bench,
        buses: Mapping[int, I2CBus],
        palette: Palette = DEFAULT_PALETTE,
        system: PiSystem | None = None,
    ) -> None:
        """``system``: the Pi to check too (None: a simulated board, nothing to check)."""
        self.bench = bench
        self.system = system
        self.profile = bench.profile
        self.game = bench.game
        self.buses = buses
        self.palette = palette
        self.report = Report()
        self.board: Board | None = None
        self.skipped = False

    # --- talking ---------------------------------------------------------------------

    def say(self, line: str) -> None:
        self.report.lines.append(line)
        self.bench.say(line)

    def problem(self, line: str) -> None:
        self.report.problems += 1
        self.say(line)

    def _where(self, spot: Spot) -> str:
        return f"cell {spot}" if spot in self.game.cells else f"spot {spot}"

    # --- the whole visit -------------------------------------------------------------

    def run(
        self,
        parts: Iterable[str] = PARTS,
        spots: Iterable[Spot] | None = None,
        expect: str | None = None,
    ) -> Report:
        """``expect``: unattended (``kiban doctor --expect``), the board holding that
        position (``start``: the game's start) rather than a person answering: the
        walk reads it as it stands, the buttons are read at rest, nothing is waited
        for but the board settling."""
        wanted = set(parts)
        if "system" in wanted:
            self.games_check()
        if "system" in wanted and self.system is not None:
            self.system_check(self.system)
        for error in self.bench.unavailable:
            self.problem(str(error))  # first: nothing else can be right until it is fixed
        if "bus" in wanted:
            self.bus_scan()
        if wanted & set(BOARD_PARTS):
            if self.bench.unavailable:
                later = [part for part in BOARD_PARTS if part in wanted]
                self.say(
                    f"{', '.join(later)}: skipped until the board's devices above can be opened"
                )
                return self.finish()
            if self.bench.taken:
                later = [part for part in BOARD_PARTS if part in wanted]
                advice = holder_advice(self.bench.taken)
                self.problem(
                    f"the board is in use: {describe_holders(self.bench.taken)}"
                    + ("" if advice is None else f"; {advice}")
                )
                self.say(f"{', '.join(later)}: skipped while another program holds the board")
                return self.finish()
            try:
                self.board = self.bench.open_board(self.bench.pressed.append)
            except (HardwareError, OSError, ValueError) as error:
                advice = holder_advice(refused_holders(error))
                self.problem(
                    f"the board could not be opened: {error}"
                    + ("" if advice is None else f"; {advice}")
                )
                return self.finish()
            try:
                if "walk" in wanted and expect is not None:
                    self.walk_unattended(expect, spots)
                elif "walk" in wanted:
                    self.walk(spots)
                if "leds" in wanted:
                    self.led_test()
                if "buttons" in wanted and expect is not None:
                    self.buttons_at_rest()
                elif "buttons" in wanted:
                    self.button_test()
            finally:
                self.board.close()
        return self.finish()

    def finish(self) -> Report:
        count = self.report.problems
        self.say(
            f"doctor: {count} problem{'s' if count != 1 else ''} found"
            if count
            else "doctor: no problems found"
        )
        return self.report

    # --- 0. the games installed, the Pi itself -------------------------------------------

    def games_check(self) -> None:
        for left_out in skipped():
            self.problem(str(left_out))

    def system_check(self, system: PiSystem) -> None:
        for finding in [*system_findings(self.profile, system), *gpio_findings(system)]:
            if finding.problem:
                self.problem(finding.line)
            else:
                self.say(finding.line)

    # --- 1. the buses ----------------------------------------------------------------

    def bus_scan(self) -> None:
        expected = expected_chips(self.profile)
        routers: dict[int, MuxTree] = {}
        for part in self.profile.parts:
            routers.update(front_end_of(part).routers(part, self.buses))
        for number in self.profile.bus_numbers:
            bus = self.buses.get(number)
            if bus is None:
                if f"/dev/i2c-{number}" in {error.device for error in self.bench.unavailable}:
                    self.say(f"i2c-{number}: not scanned (it could not be opened, see above)")
                else:
                    self.problem(f"i2c-{number}: not open")
                continue
            tree = routers.get(number)
            if tree is not None:
                with contextlib.suppress(OSError):
                    tree.close_all()  # the bus alone first: nothing behind a multiplexer
            root = probe(bus)
            self._compare(f"i2c-{number}", root, expected.get((number, None, None), {}))
            if tree is None:
                continue
            for mux in tree.muxes:
                if mux not in root:
                    continue
                for channel in range(CHANNELS):
                    segment = tree.segment(mux, channel)
                    try:
                        found = probe(segment) - root
                    except OSError as error:
                        self.problem(f"{segment.name}: the multiplexer did not switch ({error})")
                        continue
                    self._compare(segment.name, found, expected.get((number, mux, channel), {}))
            with contextlib.suppress(OSError):
                tree.close_all()
        for part in self.profile.parts:
            for line in front_end_of(part).bus_notes(part):
                self.say(line)

    def _compare(self, where: str, found: set[int], expected: Mapping[int, str]) -> None:
        for address in sorted(set(expected) | found):
            name = expected.get(address)
            if name is None:
                self.problem(
                    f"{where} 0x{address:02x}: an unexpected chip answers (not in the profile)"
                )
            elif address in found:
                self.say(f"{where} 0x{address:02x}: {name} found")
            else:
                self.problem(f"{where} 0x{address:02x}: {name} missing (the profile expects it)")

    # --- 2. the sensor walk ------------------------------------------------------------

    def _sample(self) -> list[tuple[SourceChannel, int]]:
        assert self.board is not None
        return self.board.scanner.sample_channels()

    def _wait(
        self, done: Callable[[list[tuple[SourceChannel, int]]], bool], timeout: float
    ) -> tuple[bool, list[tuple[SourceChannel, int]]]:
        """Sample until ``done`` holds for ``debounce`` samples in a row, ok is pressed
        (``skipped``), or the time runs out; returns (done, the last sample)."""
        self.skipped = False
        bench = self.bench
        period = 1.0 / self.profile.scan_hz
        deadline = bench.now() + timeout
        streak = 0
        sample: list[tuple[SourceChannel, int]] = []
        while bench.now() < deadline:
            try:
                sample = self._sample()
            except HardwareError as error:
                self.problem(f"a scan failed: {error}")
                return False, sample
            streak = streak + 1 if done(sample) else 0
            if streak >= self.profile.debounce_scans:
                return True, sample
            if bench.pressed:
                bench.pressed.clear()
                self.skipped = True
                return False, sample
            bench.sleep(period)
        return False, sample

    def _light(self, spot: Spot | None, meaning: Meaning = Meaning.FILL) -> None:
        assert self.board is not None
        colour = self.palette.colours[meaning]
        self.board.painter.paint({spot: colour} if spot is not None else {}, {})

    def walk(self, only: Iterable[Spot] | None = None) -> None:
        assert self.board is not None
        channels = [channel for channel, _ in self._sample()]
        by_spot: dict[Spot, list[SourceChannel]] = {}
        for channel in channels:
            by_spot.setdefault(channel.spot, []).append(channel)
        self._introduce_sources()
        self._light(None)
        self.bench.ask(Ask("clear"), "walk test: take every piece off the board")
        cleared, sample = self._wait(lambda s: not any(v for _, v in s), self.bench.timeout)
        stuck = {channel for channel, value in sample if value} if not cleared else set()
        for channel in sorted(stuck, key=lambda c: c.label):
            self.problem(
                f"channel {channel.label} ({channel.spot}) reads a piece on a cleared board: "
                "remove it, or the channel is stuck"
            )
        polarity = self.profile.sensing is Sensing.POLARITY
        faces: tuple[Reading | None, ...] = (NORTH, SOUTH) if polarity else (None,)
        spots = [s for s in (*self.game.cells, *self.game.off_board_spots) if s in by_spot]
        if only is not None:
            chosen = set(only)
            spots = [spot for spot in spots if spot in chosen]
        heard: set[SourceChannel] = set()
        wrong: list[Spot] = []
        dead: list[Spot] = []
        skipped: list[Spot] = []
        for spot in spots:
            before: frozenset[tuple[SourceChannel, int]] = frozenset()
            for face in faces:
                self._light(spot)
                if face == SOUTH:
                    what = "the piece turned over, south face up,"
                else:
                    what = "a piece" if face is None else "a piece north face up"
                where = self._where(spot)
                self.bench.ask(Ask("place", spot, face), f"put {what} on {where} (ok skips it)")
                active = self._answer(stuck, before)
                if self.skipped:
                    self.say(f"{where}: skipped")
                    skipped.append(spot)
                    break
                before = frozenset(active)
                heard |= {c for c, _ in active}
                self._judge(spot, face, active, by_spot[spot], (dead, wrong))
            self.bench.ask(Ask("lift", spot), f"take the piece off {self._where(spot)}")
            self._wait(lambda s: not any(v for c, v in s if c not in stuck), self.bench.timeout)
        self._light(None)
        walked = [spot for spot in spots if spot not in skipped]
        for channel in channels:
            if channel not in heard and channel not in stuck and channel.spot in walked:
                self.problem(f"channel {channel.label} ({channel.spot}) never answered")
        right = len(walked) - len(set(wrong) | set(dead))
        self.say(
            f"walk test: {right} of {len(walked)} spots answered as wired"
            + (f"; wrong: {', '.join(dict.fromkeys(wrong))}" if wrong else "")
            + (f"; dead: {', '.join(dict.fromkeys(dead))}" if dead else "")
            + (f"; skipped: {', '.join(skipped)}" if skipped else "")
        )

    def _answer(
        self, stuck: set[SourceChannel], before: frozenset[tuple[SourceChannel, int]]
    ) -> list[tuple[SourceChannel, int]]:
        """The channels that answer a piece just asked for: something active, and not
        what answered the step before (the piece must have been turned over)."""

        def answered(sample: list[tuple[SourceChannel, int]]) -> bool:
            active = frozenset((c, v) for c, v in sample if v and c not in stuck)
            return bool(active) and active != before

        found, sample = self._wait(answered, self.bench.timeout)
        return [(c, v) for c, v in sample if v and c not in stuck] if found else []

    def walk_unattended(self, expect: str, only: Iterable[Spot] | None = None) -> None:
        """The walk with nobody at the board: it holds ``expect`` (``start``, or a
        position in the game's notation), and every channel must read what that
        position puts on its spot, once the board has settled (``bench.timeout`` at
        most). A crossed pair of wires shows where the two spots hold different
        readings; a dead channel where its spot holds a piece."""
        assert self.board is not None
        text = None if expect == "start" else expect
        named = "the start position" if text is None else "the position given"
        wanted = self.game.position(text).expected_frame(self.profile.sensing)
        chosen = None if only is None else set(only)
        self._introduce_sources()
        self._light(None)
        self.bench.ask(
            Ask("arrange", position=text), f"walk test, unattended: {named} is on the board"
        )

        def mismatches(sample: list[tuple[SourceChannel, int]]) -> list[tuple[SourceChannel, int]]:
            return [
                (channel, value)
                for channel, value in sample
                if (chosen is None or channel.spot in chosen)
                and not _reads_as(channel, value, wanted.get(channel.spot, EMPTY))
            ]

        settled, sample = self._wait(lambda s: not mismatches(s), self.bench.timeout)
        wrong = mismatches(sample) if not settled else []
        sensing = self.profile.sensing
        for channel, value in wrong:
            should = _value_of(channel, wanted.get(channel.spot, EMPTY))
            there = (
                f"puts {_words(channel, should, sensing)} there" if should else "leaves it empty"
            )
            self.problem(
                f"{self._where(channel.spot)}: channel {channel.label} reads "
                f"{_words(channel, value, sensing)}, {named} {there}"
            )
        spots = {channel.spot for channel, _ in sample if chosen is None or channel.spot in chosen}
        bad = {channel.spot for channel, _ in wrong}
        self.say(
            f"walk test, unattended: {len(spots) - len(bad)} of {len(spots)} spots read as "
            f"{named} puts them" + (f"; not: {', '.join(sorted(bad))}" if bad else "")
        )

    def _introduce_sources(self) -> None:
        """Front ends that only show themselves once the board is open."""
        assert self.board is not None
        for source in self.board.scanner.sources:
            for front in front_ends():
                line = front.introduce(source)
                if line is not None:
                    self.say(line)

    def _judge(
        self,
        spot: Spot,
        face: Reading | None,
        active: list[tuple[SourceChannel, int]],
        own: list[SourceChannel],
        tally: tuple[list[Spot], list[Spot]],
    ) -> bool:
        """One placed piece: which channels answered, against the wiring."""
        dead, wrong = tally
        where = self._where(spot)
        expected = [c for c in own if c.pole is None or face is None or c.pole == face]
        if not active:
            names = ", ".join(c.label for c in expected)
            self.problem(f"{where}: nothing answered (channel {names} dead?)")
            dead.append(spot)
            return False
        problems = self.report.problems
        for channel, value in active:
            if channel.spot != spot:
                self.problem(
                    f"channel {channel.label} answered for {where}, expected {channel.spot}"
                )
            elif channel.pole is not None and face is not None and channel.pole != face:
                self.problem(
                    f"channel {channel.label} ({face_name(channel.pole)} sensor of {spot}) "
                    f"answered a {face_name(face)}-up piece on {where}: the pair is swapped"
                )
            elif channel.pole is None and face is not None and value != face:
                self.problem(
                    f"channel {channel.label} read {face_name(value)} for a {face_name(face)}-up "
                    f"piece on {where}: the sensor is mounted the other way up"
                )
        if not any(channel in expected for channel, _ in active):
            names = ", ".join(c.label for c in expected)
            self.problem(f"{where}: its own channel {names} did not answer")
        if self.report.problems > problems:
            wrong.append(spot)
            return False
        side = "" if face is None else f" ({face_name(face)} up)"
        self.say(f"{where}: {', '.join(c.label for c, _ in active)} answered{side}")
        return True

    # --- 3. LEDs -----------------------------------------------------------------------

    def led_test(self) -> None:
        assert self.board is not None
        painter = self.board.painter
        count = self.profile.leds.count
        self.say(
            f"LED test: each of the {count} LEDs lights white in turn, 0 first; "
            "watch for one dark or out of order"
        )
        try:
            for index in range(count):
                pixels = [OFF] * count
                pixels[index] = WHITE
                painter.show_pixels(tuple(pixels))
                self.bench.sleep(LED_STEP)
            for meaning in Meaning:
                colour = self.palette.colours.get(meaning)
                if colour is None:
                    continue
                painter.show_pixels((colour,) * count)
                self.say(f"legend colour: {meaning.value} {colour.hex()}")
                self.bench.sleep(COLOUR_HOLD)
            painter.off()
        except OSError as error:
            self.problem(f"the LED strip failed: {error}")

    # --- 4. buttons --------------------------------------------------------------------

    def buttons_at_rest(self) -> None:
        """The buttons with nobody to press them: each must read released (a button
        that reads pressed at rest is shorted or stuck). A press is not asked for."""
        assert self.board is not None
        panel = self.board.buttons
        for role, gpio in self.profile.buttons:
            if panel is not None and panel.is_pressed(role):
                self.problem(
                    f"button {role.value} (GPIO {gpio}) reads pressed with nobody at the "
                    "board: shorted to ground, or stuck"
                )
            else:
                self.say(f"button {role.value} (GPIO {gpio}): released at rest (not pressed)")

    def button_test(self) -> None:
        bench = self.bench
        gpios = dict(self.profile.buttons)
        for role, gpio in self.profile.buttons:
            bench.pressed.clear()
            bench.ask(Ask("press", role=role), f"press {role.value} (GPIO {gpio})")
            deadline = bench.now() + bench.timeout
            while not bench.pressed and bench.now() < deadline:
                bench.sleep(0.05)
            if not bench.pressed:
                self.problem(
                    f"button {role.value} (GPIO {gpio}): no press within {bench.timeout:g} s"
                )
                continue
            got = bench.pressed.popleft()
            got = WIRE_OF_HELD.get(got, got) if got not in gpios else got  # hint held long
            if got is role:
                self.say(f"button {role.value} (GPIO {gpio}): pressed")
            else:
                self.problem(
                    f"button {got.value} (GPIO {gpios[got]}) pressed while waiting for "
                    f"{role.value} (GPIO {gpio}): are their wires swapped?"
                )
        bench.pressed.clear()


def _value_of(channel: SourceChannel, reading: Reading) -> int:
    """What ``channel`` reads when its spot reads ``reading``: one of a pair of
    polarity sensors is active for its own pole only; any other channel reads the
    spot's reading (0 empty, 1 present or north, 2 south)."""
    if channel.pole is not None:
        return 1 if reading == channel.pole else 0
    return int(reading)


def _reads_as(channel: SourceChannel, value: int, reading: Reading) -> bool:
    expected = _value_of(channel, reading)
    return bool(value) == bool(expected) if channel.pole is not None else value == expected


def _words(channel: SourceChannel, value: int, sensing: Sensing) -> str:
    """A channel's value as a person says it."""
    if not value:
        return "empty"
    if channel.pole is not None:
        return f"its {face_name(channel.pole)} pole"
    if sensing is Sensing.OCCUPANCY:
        return "a piece"
    return f"a piece {face_name(value)} up"
