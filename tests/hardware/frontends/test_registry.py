"""The registry of front ends, and the rule that keeps a new chip family in one module:
the profile loader, the board factory, the simulated board, its rewiring and the doctor
loop over the registry and import no family."""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.frontends.analog_specs import AnalogSpec
from hardware.frontends.base import FrontEnd
from hardware.frontends.expanders import ExpandersSpec
from hardware.frontends.i2c_muxes import I2CMuxesSpec
from hardware.frontends.registry import (
    TABLES,
    front_end,
    front_end_of,
    front_ends,
    front_ends_reading,
    registry_order,
)
from hardware.frontends.serial_scanner import SerialScannerSpec
from hardware.mock.frontends import simulation_of
from hardware.profile import bundled_profiles, load_profile

ROOT = Path(__file__).resolve().parents[3]
GENERIC = (
    "hardware/profile.py",
    "hardware/board.py",
    "hardware/mock/board.py",
    "hardware/mock/frontends/__init__.py",
    "hardware/mock/wiring.py",
    "firmware_host/tools/desk/doctor.py",
)
SHARED = {"hardware.frontends.base", "hardware.frontends.books", "hardware.frontends.registry"}


def test_each_table_and_part_type_belongs_to_one_front_end() -> None:
    fronts = front_ends()
    assert isinstance(fronts, tuple)
    assert all(isinstance(front, FrontEnd) for front in fronts)
    assert len(TABLES) == sum(len(front.tables) for front in fronts)
    assert len({front.part_type for front in fronts}) == len(fronts)
    for front in fronts:
        for table in front.tables:
            assert front_end(table) is front
    assert TABLES == (
        "tca9548a",
        "mcp23017",
        "ads7830",
        "ads1115",
        "ads7138",
        "74hc165",
        "serial_scanner",
    )


def test_the_front_ends_reading_some_tables_are_theirs_in_registry_order() -> None:
    fronts = front_ends()
    assert front_ends_reading(("serial_scanner", "mcp23017", "name")) == (fronts[1], fronts[4])
    assert front_ends_reading(("ads1115",)) == (fronts[2],)
    assert front_ends_reading(()) == ()


def test_a_profile_imports_only_the_families_it_has() -> None:
    """The service of a board of MCP23017s keeps no other family's modules."""
    probe = (
        "import sys\n"
        "from hardware.profile import load_profile\n"
        "load_profile('sim-dobutsu-165')\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('hardware.frontends.'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.split() == [
        "hardware.frontends.base",
        "hardware.frontends.books",
        "hardware.frontends.registry",
        "hardware.frontends.shift_registers",
    ]


def test_every_front_end_has_its_mock_chips_declared_for_its_part_type() -> None:
    """A new family's mock chips live in hardware/mock/frontends/, found by its part."""
    for name in bundled_profiles():
        for part in load_profile(name).parts:
            assert simulation_of(part).part_type is type(part)
    kinds = {type(part) for name in bundled_profiles() for part in load_profile(name).parts}
    assert kinds == {front.part_type for front in front_ends()}


def test_a_part_type_of_no_family_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Stray:
        pass

    with pytest.raises(KeyError, match="no front end reads a Stray"):
        registry_order(Stray())  # type: ignore[arg-type]


def test_an_unknown_table_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="tables: tca9548a, mcp23017"):
        front_end("pcf8574")


@pytest.mark.parametrize("name", bundled_profiles())
def test_bundled_profiles_keep_their_parts_frozen_and_in_registry_order(name: str) -> None:
    profile = load_profile(name)
    order = [front.part_type for front in front_ends()]
    kinds = [type(part) for part in profile.parts]
    assert kinds == sorted(kinds, key=order.index)
    for part in profile.parts:
        made: object = part  # (mypy finds no dataclass that is a Part: it cannot mix protocols)
        assert dataclasses.is_dataclass(made)
        assert vars(type(part))["__dataclass_params__"].frozen  # (CPython's; not in typeshed)
        assert front_end_of(part).part_type is type(part)
    assert profile.channels == tuple(ch for part in profile.parts for ch in part.sensor_channels)


def test_a_profile_finds_and_replaces_its_parts() -> None:
    profile = load_profile("sim-shogi-mux")
    expanders = profile.part(ExpandersSpec)
    assert expanders is not None and profile.part(I2CMuxesSpec) is not None
    assert profile.part(AnalogSpec) is None and profile.part(SerialScannerSpec) is None
    fewer = profile.with_part(ExpandersSpec(expanders.chips[:1]))
    assert [type(p) for p in fewer.parts] == [type(p) for p in profile.parts]
    assert fewer.part(ExpandersSpec) == ExpandersSpec(expanders.chips[:1])
    assert len(fewer.channels) == len(expanders.chips[0].channels)


@pytest.mark.parametrize("path", GENERIC)
def test_generic_modules_import_no_family(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    families = {m for m in imported if m.startswith("hardware.frontends.")} - SHARED
    assert not families, f"{path} imports {sorted(families)}: loop over the registry instead"
