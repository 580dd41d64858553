"""Board profiles: which sensor channel is which spot, which LED lights it, which pin is
which button. A profile is a TOML file; a mistake in it stops loading with the file,
the line and the reason, before any hardware is touched.

The board's own tables are read here; a feature's (``[speech]``, ``[remote]``) by the
feature, through the ``FeatureSection`` it declares and the composition passes in
(profile_features.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from drivers.buttons import ButtonRole
from drivers.i2c_adapters import HOSTS, I2CAdapter
from engine.errors import UnknownGameError
from engine.game import Game
from engine.physical import Sensing, Spot
from engine.recognition.answers import Timing
from engine.recognition.sensors import WIDEST, SensorModel
from engine.registry import find_game
from hardware.frontends.base import Part, SectionReader
from hardware.frontends.books import Books, Gpios, I2CAddresses, Wiring
from hardware.frontends.registry import TABLES, front_end_of, front_ends_reading, registry_order
from hardware.led_backends import BACKEND_NAMES, led_backend
from hardware.magnetics.build import Build
from hardware.profile_base import ProfileError, parse_toml, read_text
from hardware.profile_features import NO_FEATURES, FeatureSection, FeatureSettings, read_features
from hardware.profile_leds import LedReader, LedSpec
from hardware.profile_sensors import SensorsReader
from hardware.sources import SourceChannel
from hardware.toml_lines import KeyPath, SourceMap

__all__ = [
    "LedSpec",
    "Profile",
    "ProfileError",
    "bundled_profiles",
    "load_profile",
    "parse_profile",
]

P = TypeVar("P", bound=Part)
T = TypeVar("T")

BOARD_TABLES = (
    "name",
    "games",
    "sensing",
    "host",
    "scan",
    "sensors",
    "leds",
    "buttons",
    *TABLES,
)
"""The top-level keys of a profile that are the board's own; any other is a feature's."""

# A polled board at rest is scanned at a tenth of its rate unless ``[scan] idle_hz``
# says otherwise: the wake-ups, not the scans, are most of an idle board's CPU, and a
# lift seen within 0.1 s at rest is soon enough (every change after it at full rate).
IDLE_SHARE = 10


@dataclass(frozen=True, slots=True)
class Profile:
    """A validated board profile: its sensor front ends are ``parts``, one per family
    present, in the registry's order (hardware/frontends/)."""

    name: str
    source: str
    games: tuple[str, ...]
    sensing: Sensing
    scan_hz: float
    debounce_scans: int
    parts: tuple[Part, ...]
    leds: LedSpec
    buttons: tuple[tuple[ButtonRole, int], ...]
    retries: int = 2
    idle_hz: float = 10.0  # the scan rate of a polled board at rest (``[scan] idle_hz``)
    features: FeatureSettings = NO_FEATURES
    """The settings of the features that read a table of this profile (``feature``)."""
    host: str = "any"
    """The board model Kiban runs on (``pi4``, ``pi5``, ``other``; ``any`` when the profile
    does not say), which decides what its I2C adapter refuses."""
    sensor_model: SensorModel = WIDEST
    """What the board's sensors blur (``[sensors]``; the widest bundled build's when the
    profile declares none): it decides how far apart two changes must lie for their
    order to be trusted."""
    build: Build | None = None
    """The board's build (``[sensors]`` and its magnet): what the build check checks and
    the simulated hands move pieces over; None for a profile that declares none."""

    def timing(self, base: Timing | None = None) -> Timing:
        """The times the recognizer works with on this board: ``base`` (the defaults when
        None) with the order margin of the board's own sensors, so that a session built
        on any board trusts the order of changes exactly as far as its sensors allow."""
        return dataclasses.replace(
            Timing() if base is None else base,
            order=self.sensor_model.order_margin,
            departs=self.sensor_model.departure_s,
            passes=self.sensor_model.pass_s,
        )

    @property
    def adapter(self) -> I2CAdapter:
        """The host's I2C adapter, whose rules the scans are planned for."""
        return HOSTS[self.host]

    def part(self, kind: type[P]) -> P | None:
        """The part of that front end (``profile.part(ExpandersSpec)``), None if absent."""
        for part in self.parts:
            if isinstance(part, kind):
                return part
        return None

    def with_part(self, part: Part) -> Profile:
        """This profile with ``part`` in place of the part of its front end."""
        kept = [p for p in self.parts if type(p) is not type(part)]
        parts = sorted([*kept, part], key=registry_order)
        return dataclasses.replace(self, parts=tuple(parts))

    @property
    def channels(self) -> tuple[SourceChannel, ...]:
        """Every sensor channel of every front end, in wiring order."""
        return tuple(channel for part in self.parts for channel in part.sensor_channels)

    @property
    def sensed_spots(self) -> frozenset[Spot]:
        return frozenset(channel.spot for channel in self.channels)

    @property
    def bus_numbers(self) -> tuple[int, ...]:
        """The I2C buses the board opens."""
        return tuple(sorted(frozenset().union(*(part.i2c_buses for part in self.parts))))

    def serves(self, game: str) -> bool:
        return game in self.games

    def feature(self, section: FeatureSection[T]) -> T:
        """A feature's settings in this profile (its default when the profile has none)."""
        return self.features.of(section)


def bundled_profiles() -> tuple[str, ...]:
    """The names of the profiles shipped with Kiban."""
    folder = resources.files("hardware") / "profiles"
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))


def simulated_board(game: Game[Any]) -> str | None:
    """The profile ``game`` is played on in the simulator: Kiban's bundled
    ``sim-<game>``, else the board its package ships as a file and names for its bench
    (a game installed from outside Kiban); None when it has neither (a game whose board
    is still to be built)."""
    named = f"sim-{game.name}"
    if named in bundled_profiles():
        return named
    own = game.bench().profile
    return None if own == "sim" or own in bundled_profiles() else own


def load_profile(
    name_or_path: str,
    game: Game[Any] | None = None,
    features: Sequence[FeatureSection[Any]] = (),
) -> Profile:
    """Load a profile by path, or a bundled one by name; ``sim`` means the simulated
    board of ``game`` (``simulated_board``). A profile file's front ends read what they
    keep beside it too (an analog board's calibration); ``features`` read their tables."""
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.exists():
        profile = parse_profile(read_text(path), str(path), game, features)
        parts = tuple(front_end_of(part).load_beside(part, path) for part in profile.parts)
        return dataclasses.replace(profile, parts=parts)
    name = name_or_path
    if name == "sim":
        if game is None:
            raise ProfileError("sim", None, "the simulated board needs a game")
        own = simulated_board(game)
        if own is not None and own != f"sim-{game.name}":
            return load_profile(own, game, features)  # the board its package ships
        name = f"sim-{game.name}"
    resource = resources.files("hardware") / "profiles" / f"{name}.toml"
    if not resource.is_file():
        known = ", ".join(bundled_profiles())
        raise ProfileError(
            name_or_path, None, f"no such file or bundled profile (bundled: {known})"
        )
    text = resource.read_text(encoding="utf-8")
    return parse_profile(text, f"profiles/{name}.toml", game, features)


def parse_profile(
    text: str,
    source: str,
    game: Game[Any] | None = None,
    features: Sequence[FeatureSection[Any]] = (),
) -> Profile:
    """Parse and validate profile text; ``source`` names it in errors. Each of
    ``features`` reads its own table; a top-level table no one reads is refused."""
    data = parse_toml(text, source)
    return _Reader(data, source, SourceMap.of(text)).profile(game, features)


class _Reader(LedReader):
    """Walks the parsed TOML, failing with the line of whatever is wrong."""

    # --- the whole profile -------------------------------------------------------

    def profile(self, game: Game[Any] | None, features: Sequence[FeatureSection[Any]]) -> Profile:
        data = self.data
        taken = [section.name for section in features if section.name in BOARD_TABLES]
        if taken:
            raise ValueError(f"a feature cannot read the board's own table [{taken[0]}]")
        self._only(data, (), (*BOARD_TABLES, *(section.name for section in features)))
        name = self._get(data, (), "name", str)
        games = self._games(game)
        sensing_text = self._get(data, (), "sensing", str, "occupancy")
        try:
            sensing = Sensing(sensing_text)
        except ValueError:
            raise self.fail(
                ("sensing",), f"sensing must be occupancy or polarity, not {sensing_text!r}"
            ) from None
        host = self._get(data, (), "host", str, "any")
        if host not in HOSTS:
            raise self.fail(
                ("host",),
                f"host {host!r} is not a board model Kiban knows ({', '.join(HOSTS)})",
            )
        scan = self._get(data, (), "scan", dict, {})
        self._only(scan, ("scan",), ("hz", "idle_hz", "debounce", "retries"))
        scan_hz = self._get(scan, ("scan",), "hz", float, 100.0)
        if not 1 <= scan_hz <= 1000:
            raise self.fail(("scan", "hz"), f"scan rate {scan_hz} Hz is outside 1..1000")
        resting = min(scan_hz, max(1.0, scan_hz / IDLE_SHARE))
        idle_hz = self._get(scan, ("scan",), "idle_hz", float, resting)
        if not 1 <= idle_hz <= scan_hz:
            raise self.fail(
                ("scan", "idle_hz"), f"idle scan rate {idle_hz} Hz is outside 1..{scan_hz:g}"
            )
        debounce = self._get(scan, ("scan",), "debounce", int, 3)
        if not 1 <= debounce <= 50:
            raise self.fail(("scan", "debounce"), f"debounce of {debounce} scans is outside 1..50")
        retries = self._get(scan, ("scan",), "retries", int, 2)
        if not 0 <= retries <= 5:
            raise self.fail(("scan", "retries"), f"{retries} retries is outside 0..5")
        spots = _spots_of(games)
        gpios = Gpios(self)
        buttons = self._buttons()
        for role, pin in buttons:
            gpios.claim(pin, f"button {role.value}", ("buttons", role.value))
        books = Books(spots, sensing, Wiring(self), gpios, I2CAddresses(self))
        sections = SectionReader(self.data, self.source, self.lines, books)
        fronts = front_ends_reading(self.data)  # only the families the profile has
        parts = tuple(part for front in fronts if (part := front.read(sections)) is not None)
        if sensing is Sensing.POLARITY:
            books.wiring.check_poles()
        leds = self._leds(spots, BACKEND_NAMES)
        self._led_pins(leds, gpios)
        sensor_model, build = SensorsReader(self.data, self.source, self.lines).sensors(
            [game.geometry for game in games]
        )
        return Profile(
            name=name,
            source=self.source,
            games=tuple(g.name for g in games),
            sensing=sensing,
            scan_hz=scan_hz,
            debounce_scans=debounce,
            parts=parts,
            leds=leds,
            buttons=buttons,
            retries=retries,
            idle_hz=idle_hz,
            features=read_features(self, features),
            host=host,
            sensor_model=sensor_model,
            build=build,
        )

    def _led_pins(self, leds: LedSpec, gpios: Gpios) -> None:
        """The strip's pins must be free: its GPIO, or the SPI pins it drives."""
        for gpio, label, where in led_backend(leds.backend).pins(leds):
            gpios.claim(gpio, label, where)

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
