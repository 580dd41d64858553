"""Board profiles: which sensor channel is which spot, which LED lights it, which pin is
which button. A profile is a TOML file; a mistake in it stops loading with the file,
the line and the reason, before any hardware is touched.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from drivers.buttons import ButtonRole
from engine.errors import KibanError, UnknownGameError
from engine.game import Game
from engine.physical import NORTH, SOUTH, Reading, Sensing, Spot
from engine.registry import find_game
from hardware.toml_lines import KeyPath, SourceMap

MCP23017_ADDRESSES = range(0x20, 0x28)
ERRATUM_PINS = frozenset({7, 15})  # GPA7 and GPB7 are output-only on current MCP23017s
LED_BACKENDS = ("ws281x", "simulated")
_PIN = re.compile(r"^([AB])([0-7])$")


class ProfileError(KibanError, ValueError):
    """A profile that cannot be used; the message starts with ``file:line:``."""

    def __init__(self, source: str, line: int | None, reason: str) -> None:
        self.source = source
        self.line = line
        self.reason = reason
        where = f"{source}:{line}" if line is not None else source
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True, slots=True)
class ChannelSpec:
    """One expander input: the pin, the spot it senses and, for a polarity pair of
    digital sensors, which pole it answers to (None: the pin alone means present)."""

    pin: int
    spot: Spot
    pole: Reading | None = None

    @property
    def pin_name(self) -> str:
        return f"{'AB'[self.pin // 8]}{self.pin % 8}"


@dataclass(frozen=True, slots=True)
class ExpanderSpec:
    """An MCP23017 on a bus, with the channels wired to it."""

    bus: int
    address: int
    channels: tuple[ChannelSpec, ...]
    interrupt_gpio: int | None = None

    @property
    def input_mask(self) -> int:
        mask = 0
        for channel in self.channels:
            mask |= 1 << channel.pin
        return mask


@dataclass(frozen=True, slots=True)
class LedSpec:
    """The strip: its backend, its length, and the LEDs of each spot and indicator."""

    backend: str
    count: int
    spots: tuple[tuple[Spot, tuple[int, ...]], ...]
    indicators: tuple[tuple[str, tuple[int, ...]], ...] = ()
    gpio: int = 18
    brightness: float = 0.35
    frequency_hz: int = 800_000
    dma: int = 10
    invert: bool = False
    channel: int = 0


@dataclass(frozen=True, slots=True)
class Profile:
    """A validated board profile."""

    name: str
    source: str
    games: tuple[str, ...]
    sensing: Sensing
    scan_hz: float
    debounce_scans: int
    expanders: tuple[ExpanderSpec, ...]
    leds: LedSpec
    buttons: tuple[tuple[ButtonRole, int], ...]

    @property
    def sensed_spots(self) -> frozenset[Spot]:
        return frozenset(ch.spot for chip in self.expanders for ch in chip.channels)

    @property
    def bus_numbers(self) -> tuple[int, ...]:
        return tuple(sorted({chip.bus for chip in self.expanders}))

    def serves(self, game: str) -> bool:
        return game in self.games


def bundled_profiles() -> tuple[str, ...]:
    """The names of the profiles shipped with Kiban."""
    folder = resources.files("hardware") / "profiles"
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))


def load_profile(name_or_path: str, game: Game[Any] | None = None) -> Profile:
    """Load a profile by path, or a bundled one by name; ``sim`` means the
    simulated board of ``game``."""
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.exists():
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ProfileError(str(path), None, f"cannot read: {error.strerror}") from None
        return parse_profile(text, str(path), game)
    name = name_or_path
    if name == "sim":
        if game is None:
            raise ProfileError("sim", None, "the simulated board needs a game")
        name = f"sim-{game.name}"
    resource = resources.files("hardware") / "profiles" / f"{name}.toml"
    if not resource.is_file():
        known = ", ".join(bundled_profiles())
        raise ProfileError(
            name_or_path, None, f"no such file or bundled profile (bundled: {known})"
        )
    return parse_profile(resource.read_text(encoding="utf-8"), f"profiles/{name}.toml", game)


def parse_profile(text: str, source: str, game: Game[Any] | None = None) -> Profile:
    """Parse and validate profile text; ``source`` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"at line (\d+)", str(error))
        line = int(match.group(1)) if match else None
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        raise ProfileError(source, line, f"not valid TOML: {reason}") from None
    return _Reader(data, source, SourceMap.of(text)).profile(game)


class _Reader:
    """Walks the parsed TOML, failing with the line of whatever is wrong."""

    def __init__(self, data: dict[str, Any], source: str, lines: SourceMap) -> None:
        self.data = data
        self.source = source
        self.lines = lines

    def fail(self, path: KeyPath, reason: str) -> ProfileError:
        return ProfileError(self.source, self.lines.line(path), reason)

    def _only(self, table: Mapping[str, Any], path: KeyPath, known: Sequence[str]) -> None:
        for key in table:
            if key not in known:
                raise self.fail(
                    (*path, key), f"unknown key {key!r} (expected one of: {', '.join(known)})"
                )

    def _get(
        self, table: Mapping[str, Any], path: KeyPath, key: str, kind: type, default: Any = ...
    ) -> Any:
        if key not in table:
            if default is ...:
                where = ".".join(str(p) for p in path) or "the top level"
                raise self.fail(path, f"missing key {key!r} in {where}")
            return default
        value = table[key]
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value, ok = float(value), True
        if not ok:
            raise self.fail((*path, key), f"{key} must be {_kind_name(kind)}, not {value!r}")
        return value

    # --- the whole profile -------------------------------------------------------

    def profile(self, game: Game[Any] | None) -> Profile:
        data = self.data
        self._only(data, (), ("name", "games", "sensing", "scan", "mcp23017", "leds", "buttons"))
        name = self._get(data, (), "name", str)
        games = self._games(game)
        sensing_text = self._get(data, (), "sensing", str, "occupancy")
        try:
            sensing = Sensing(sensing_text)
        except ValueError:
            raise self.fail(
                ("sensing",), f"sensing must be occupancy or polarity, not {sensing_text!r}"
            ) from None
        scan = self._get(data, (), "scan", dict, {})
        self._only(scan, ("scan",), ("hz", "debounce"))
        scan_hz = self._get(scan, ("scan",), "hz", float, 100.0)
        if not 1 <= scan_hz <= 1000:
            raise self.fail(("scan", "hz"), f"scan rate {scan_hz} Hz is outside 1..1000")
        debounce = self._get(scan, ("scan",), "debounce", int, 3)
        if not 1 <= debounce <= 50:
            raise self.fail(("scan", "debounce"), f"debounce of {debounce} scans is outside 1..50")
        spots = _spots_of(games)
        expanders = self._expanders(spots, sensing)
        leds = self._leds(spots)
        buttons = self._buttons()
        gpios: dict[int, str] = {}
        for role, pin in buttons:
            gpios[pin] = f"button {role.value}"
        for index, chip in enumerate(expanders):
            if chip.interrupt_gpio is not None:
                previous = gpios.get(chip.interrupt_gpio)
                if previous is not None and not previous.startswith("interrupt"):
                    raise self.fail(
                        ("mcp23017", index, "interrupt_gpio"),
                        f"GPIO {chip.interrupt_gpio} is already used by {previous}",
                    )
                gpios[chip.interrupt_gpio] = "interrupt line"
        if leds.backend == "ws281x" and leds.gpio in gpios:
            raise self.fail(
                ("leds", "gpio"), f"GPIO {leds.gpio} is already used by {gpios[leds.gpio]}"
            )
        return Profile(
            name=name,
            source=self.source,
            games=tuple(g.name for g in games),
            sensing=sensing,
            scan_hz=scan_hz,
            debounce_scans=debounce,
            expanders=expanders,
            leds=leds,
            buttons=buttons,
        )

    def _games(self, wanted: Game[Any] | None) -> list[Game[Any]]:
        names = self._get(self.data, (), "games", list)
        if not names:
            raise self.fail(("games",), "games must name at least one game")
        games = []
        for name in names:
            if not isinstance(name, str):
                raise self.fail(("games",), f"games must be names of games, not {name!r}")
            try:
                games.append(find_game(name))
            except UnknownGameError as error:
                raise self.fail(("games",), str(error)) from None
        if wanted is not None and wanted.name not in {g.name for g in games}:
            served = ", ".join(g.name for g in games)
            raise self.fail(("games",), f"this profile serves {served}, not {wanted.name}")
        return games

    # --- sensors ---------------------------------------------------------------------

    def _expanders(self, spots: frozenset[Spot], sensing: Sensing) -> tuple[ExpanderSpec, ...]:
        tables = self._get(self.data, (), "mcp23017", list, [])
        seen_chips: dict[tuple[int, int], int] = {}
        seen_spots: dict[tuple[Spot, Reading | None], str] = {}
        wired_at: dict[Spot, KeyPath] = {}
        chips = []
        for index, table in enumerate(tables):
            path: KeyPath = ("mcp23017", index)
            self._only(table, path, ("bus", "address", "interrupt_gpio", "channels"))
            bus = self._get(table, path, "bus", int, 1)
            address = self._get(table, path, "address", int)
            if address not in MCP23017_ADDRESSES:
                raise self.fail(
                    (*path, "address"), f"an MCP23017 address is 0x20..0x27, not 0x{address:02x}"
                )
            if (bus, address) in seen_chips:
                raise self.fail((*path, "address"), f"two MCP23017 at 0x{address:02x} on bus {bus}")
            seen_chips[(bus, address)] = index
            interrupt = self._get(table, path, "interrupt_gpio", int, None)
            channels = []
            channel_table = self._get(table, path, "channels", dict)
            for pin_name, target in channel_table.items():
                where = (*path, "channels", pin_name)
                channel = self._channel(where, pin_name, target, spots, sensing)
                key = (channel.spot, channel.pole)
                chip_pin = f"0x{address:02x}/{channel.pin_name}"
                if key in seen_spots:
                    raise self.fail(
                        where, f"{target!r} is wired twice: {seen_spots[key]} and {chip_pin}"
                    )
                seen_spots[key] = chip_pin
                wired_at.setdefault(channel.spot, where)
                channels.append(channel)
            chips.append(
                ExpanderSpec(bus, address, tuple(sorted(channels, key=lambda c: c.pin)), interrupt)
            )
        if sensing is Sensing.POLARITY:
            by_spot: dict[Spot, set[Reading | None]] = {}
            for spot, pole in seen_spots:
                by_spot.setdefault(spot, set()).add(pole)
            for spot, poles in by_spot.items():
                if poles != {NORTH, SOUTH}:
                    raise self.fail(
                        wired_at[spot], f"polarity sensing needs {spot}:north and {spot}:south"
                    )
        return tuple(chips)

    def _channel(
        self, where: KeyPath, pin_name: str, target: Any, spots: frozenset[Spot], sensing: Sensing
    ) -> ChannelSpec:
        match = _PIN.match(pin_name)
        if not match:
            raise self.fail(where, f"{pin_name!r} is not an MCP23017 pin (A0..A6, B0..B6)")
        pin = (8 if match.group(1) == "B" else 0) + int(match.group(2))
        if pin in ERRATUM_PINS:
            raise self.fail(
                where,
                f"{pin_name} cannot be an input: GPA7 and GPB7 are output-only on the MCP23017 "
                "(datasheet erratum); use A0..A6 and B0..B6",
            )
        if not isinstance(target, str):
            raise self.fail(where, f"channel {pin_name} must name a spot, not {target!r}")
        # Spot names may hold colons ("hand:b:C"): only a final :north/:south is a pole.
        spot, _, pole_text = target.rpartition(":")
        if pole_text not in ("north", "south"):
            spot, pole_text = target, ""
        pole: Reading | None = None
        if sensing is Sensing.POLARITY:
            poles = {"north": NORTH, "south": SOUTH}
            if pole_text not in poles:
                raise self.fail(where, f"with polarity sensing, write {spot}:north or {spot}:south")
            pole = poles[pole_text]
        elif pole_text:
            raise self.fail(where, f"{target!r}: a pole only makes sense with polarity sensing")
        if spot not in spots:
            raise self.fail(where, f"{spot!r} is not a spot of this game")
        return ChannelSpec(pin, spot, pole)

    # --- LEDs --------------------------------------------------------------------------

    def _leds(self, spots: frozenset[Spot]) -> LedSpec:
        table = self._get(self.data, (), "leds", dict)
        path: KeyPath = ("leds",)
        self._only(
            table,
            path,
            (
                "backend",
                "count",
                "gpio",
                "brightness",
                "frequency_hz",
                "dma",
                "invert",
                "channel",
                "grid",
                "serpentine",
                "first",
                "corners",
                "spots",
                "indicators",
            ),
        )
        backend = self._get(table, path, "backend", str, "ws281x")
        if backend not in LED_BACKENDS:
            raise self.fail(
                (*path, "backend"),
                f"LED backend {backend!r} is not one of {', '.join(LED_BACKENDS)}",
            )
        count = self._get(table, path, "count", int)
        if not 1 <= count <= 4096:
            raise self.fail((*path, "count"), f"an LED count of {count} is outside 1..4096")
        brightness = self._get(table, path, "brightness", float, 0.35)
        if not 0.0 < brightness <= 1.0:
            raise self.fail((*path, "brightness"), f"brightness {brightness} is outside (0, 1]")
        spot_leds: dict[Spot, tuple[int, ...]] = {}
        written: dict[Spot, KeyPath] = {}  # where the LEDs of each spot were given
        if "grid" in table:
            spot_leds.update(self._grid(table, path, spots))
            written.update(dict.fromkeys(spot_leds, (*path, "grid")))
        for spot, value in self._get(table, path, "spots", dict, {}).items():
            if spot not in spots:
                raise self.fail((*path, "spots", spot), f"{spot!r} is not a spot of this game")
            spot_leds[spot] = self._indices((*path, "spots", spot), value)
            written[spot] = (*path, "spots", spot)
        shared = self._get(table, path, "corners", bool, False)
        indicators = {
            name: self._indices((*path, "indicators", name), value)
            for name, value in self._get(table, path, "indicators", dict, {}).items()
        }
        owner: dict[int, str] = {}
        for label, where, leds, may_share in (
            *((f"spot {s}", written[s], leds, shared) for s, leds in spot_leds.items()),
            *(
                (f"indicator {n}", (*path, "indicators", n), leds, False)
                for n, leds in indicators.items()
            ),
        ):
            for led in leds:
                if led >= count:
                    raise self.fail(where, f"LED {led} of {label} is beyond the strip of {count}")
                if led in owner and not (may_share and owner[led].startswith("spot")):
                    raise self.fail(where, f"LED {led} is used twice: {owner[led]} and {label}")
                owner.setdefault(led, label)
        return LedSpec(
            backend=backend,
            count=count,
            spots=tuple(spot_leds.items()),
            indicators=tuple(indicators.items()),
            gpio=self._get(table, path, "gpio", int, 18),
            brightness=brightness,
            frequency_hz=self._get(table, path, "frequency_hz", int, 800_000),
            dma=self._get(table, path, "dma", int, 10),
            invert=self._get(table, path, "invert", bool, False),
            channel=self._get(table, path, "channel", int, 0),
        )

    def _indices(self, where: KeyPath, value: Any) -> tuple[int, ...]:
        values = value if isinstance(value, list) else [value]
        if not values or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values
        ):
            raise self.fail(where, f"LEDs must be an index or a list of indices, not {value!r}")
        return tuple(values)

    def _grid(
        self, table: Mapping[str, Any], path: KeyPath, spots: frozenset[Spot]
    ) -> dict[Spot, tuple[int, ...]]:
        """Spots laid out in rows; one LED per cell, or shared LEDs on the cell corners."""
        rows = self._get(table, path, "grid", list)
        serpentine = self._get(table, path, "serpentine", bool, False)
        first: int = self._get(table, path, "first", int, 0)
        corners = self._get(table, path, "corners", bool, False)
        width = len(rows[0]) if rows and isinstance(rows[0], list) else 0
        for row in rows:
            if (
                not isinstance(row, list)
                or len(row) != width
                or not all(isinstance(s, str) for s in row)
            ):
                raise self.fail(
                    (*path, "grid"), "grid must be rows of spot names, all of one length"
                )
            for spot in row:
                if spot != "-" and spot not in spots:
                    raise self.fail((*path, "grid"), f"{spot!r} is not a spot of this game")
        led_columns = width + 1 if corners else width

        def led(row: int, column: int) -> int:
            if serpentine and row % 2 == 1:
                column = led_columns - 1 - column
            return first + row * led_columns + column

        result: dict[Spot, tuple[int, ...]] = {}
        for r, row in enumerate(rows):
            for c, spot in enumerate(row):
                if spot == "-":
                    continue
                if corners:
                    result[spot] = (led(r, c), led(r, c + 1), led(r + 1, c), led(r + 1, c + 1))
                else:
                    result[spot] = (led(r, c),)
        return result

    # --- buttons -----------------------------------------------------------------------

    def _buttons(self) -> tuple[tuple[ButtonRole, int], ...]:
        table = self._get(self.data, (), "buttons", dict, {})
        roles = {role.value: role for role in ButtonRole}
        seen: dict[int, str] = {}
        result = []
        for name, pin in table.items():
            where: KeyPath = ("buttons", name)
            if name not in roles:
                raise self.fail(where, f"unknown button {name!r} (buttons: {', '.join(roles)})")
            if not isinstance(pin, int) or isinstance(pin, bool) or not 0 <= pin <= 27:
                raise self.fail(where, f"button {name} needs a GPIO number 0..27, not {pin!r}")
            if pin in seen:
                raise self.fail(where, f"GPIO {pin} is used by both {seen[pin]} and {name}")
            seen[pin] = name
            result.append((roles[name], pin))
        return tuple(result)


def _spots_of(games: Sequence[Game[Any]]) -> frozenset[Spot]:
    """Spots every listed game has: a profile serving several games may use only those."""
    common = frozenset(games[0].spots)
    for game in games[1:]:
        common &= frozenset(game.spots)
    return common


def _kind_name(kind: type) -> str:
    return {
        str: "text",
        int: "a whole number",
        float: "a number",
        bool: "true or false",
        list: "a list",
        dict: "a table",
    }.get(kind, kind.__name__)
