"""The scanner: one bus transaction per bus, pin levels to readings, debouncing, bus faults."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Sequence
from types import FrameType
from typing import Any

import pytest

from drivers.errors import BusError
from drivers.mcp23017 import Register
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Reading, Spot
from engine.registry import find_game
from hardware.frontends.expanders import ExpanderBank
from hardware.mock.board import SimulatedBoard
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.mcp23017 import MCP23017Model
from hardware.mock.world import SimulatedWorld
from hardware.orientation import SpotTurn
from hardware.profile import Profile, load_profile, parse_profile
from hardware.scanner import Debouncer, FrameChange, Scanner
from tests.hardware.parts import expanders

DOBUTSU = find_game("dobutsu")
CELLS = tuple(DOBUTSU.cells)

# Three chips on bus 1 and one on bus 3; the first two raise interrupts on GPIO 4.
THREE_BUSES = """\
name = "many chips"
games = ["dobutsu"]
[scan]
debounce = 2
[[mcp23017]]
address = 0x20
interrupt_gpio = 4
channels = { A0 = "3a", A1 = "2a", A2 = "1a" }
[[mcp23017]]
address = 0x21
interrupt_gpio = 4
channels = { A0 = "3b", B6 = "2b" }
[[mcp23017]]
address = 0x27
channels = { B0 = "1b", B1 = "3c", B2 = "2c" }
[[mcp23017]]
bus = 3
address = 0x20
channels = { A0 = "1c", A1 = "3d", A2 = "2d", A3 = "1d" }
[leds]
backend = "simulated"
count = 12
"""


class Rig:
    """A profile's chips as register models on simulated buses, and a scanner over them."""

    def __init__(self, profile: Profile, *, interrupts: bool = False) -> None:
        self.profile = profile
        adapter = profile.adapter
        self.buses = {n: SimulatedI2CBus(f"i2c-{n}", adapter=adapter) for n in profile.bus_numbers}
        self.models: dict[tuple[int, int], MCP23017Model] = {}
        for spec in expanders(profile):
            model = MCP23017Model(seed=spec.address)
            self.buses[spec.bus].attach(spec.address, model)
            self.models[(spec.bus, spec.address)] = model
        self.banks = []
        for number in profile.bus_numbers:
            specs = [spec for spec in expanders(profile) if spec.bus == number]
            bank = ExpanderBank(self.buses[number], f"i2c-{number}", specs, adapter=adapter)
            bank.configure(interrupts=interrupts)
            self.banks.append(bank)
        self.scanner = Scanner(self.banks, profile)
        for bus in self.buses.values():
            bus.reset_counters()

    def pin(self, spot: str, pole: int | None = None) -> tuple[MCP23017Model, int]:
        for spec in expanders(self.profile):
            for channel in spec.channels:
                if channel.spot == spot and channel.pole == pole:
                    return self.models[(spec.bus, spec.address)], channel.pin
        raise KeyError(spot)

    def close(self, spot: str, pole: int | None = None) -> None:
        """A magnet closes the switch: the pin is pulled low."""
        model, pin = self.pin(spot, pole)
        model.drive_low(pin)

    def open(self, spot: str, pole: int | None = None) -> None:
        model, pin = self.pin(spot, pole)
        model.release(pin)

    def scans(self, count: int) -> list[FrameChange | None]:
        return [self.scanner.scan() for _ in range(count)]


@pytest.fixture
def sim() -> Rig:
    return Rig(load_profile("sim", DOBUTSU))


def test_configure_makes_the_wired_pins_pulled_up_inputs_and_never_bit_7() -> None:
    rig = Rig(load_profile("sim-dobutsu-polarity", DOBUTSU))
    for (_, address), model in rig.models.items():
        assert model.port_value(Register.IODIRA) == 0x1F7F, hex(address)  # A0-A6, B0-B4
        assert model.port_value(Register.GPPUA) == 0x1F7F
        assert model.port_value(Register.OLATA) == 0
        assert model.port_value(Register.GPINTENA) == 0
        assert model.erratum_violations == 0
        assert model.register(Register.IODIRA) & 0x80 == 0
        assert model.register(Register.IODIRB) & 0x80 == 0


def test_interrupts_are_enabled_only_on_chips_with_an_interrupt_line() -> None:
    rig = Rig(parse_profile(THREE_BUSES, "three.toml", DOBUTSU), interrupts=True)
    assert rig.models[(1, 0x20)].port_value(Register.GPINTENA) == 0x0007
    assert rig.models[(1, 0x21)].port_value(Register.GPINTENA) == 0x4001
    assert rig.models[(1, 0x27)].port_value(Register.GPINTENA) == 0
    assert rig.models[(3, 0x20)].port_value(Register.GPINTENA) == 0
    assert all(model.erratum_violations == 0 for model in rig.models.values())


@pytest.mark.parametrize(("host", "per_scan"), [("other", 1), ("pi4", 3), ("pi5", 3), ("any", 3)])
def test_each_scan_reads_each_chip_once_in_the_transactions_its_host_allows(
    host: str, per_scan: int
) -> None:
    """Every chip of a bus in one transaction where the adapter allows it; a read a
    chip on a Raspberry Pi (and when the profile names no host), never refused."""
    rig = Rig(parse_profile(f'host = "{host}"\n{THREE_BUSES}', "three.toml", DOBUTSU))
    rig.scans(5)
    assert rig.buses[1].transactions == rig.buses[1].ioctls == 5 * per_scan
    assert rig.buses[3].transactions == 5
    assert rig.buses[1].refusals == rig.buses[3].refusals == 0
    assert {call.kind for call in rig.buses[1].log} == {"i2c_rdwr"}
    read = [address for call in rig.buses[1].log[:per_scan] for address in call.addresses]
    assert read == [0x20, 0x21, 0x27]
    assert rig.buses[3].log[0].addresses == (0x20,)


def test_the_polarity_board_scans_its_two_chips_in_one_transaction_off_a_pi() -> None:
    profile = load_profile("sim-dobutsu-polarity", DOBUTSU)
    rig = Rig(dataclasses.replace(profile, host="other"))
    rig.scanner.scan()
    (bus,) = rig.buses.values()
    assert bus.transactions == 1
    assert bus.log[0].addresses == (0x20, 0x21)


def test_open_switches_read_empty_and_closed_ones_present(sim: Rig) -> None:
    assert sim.scanner.read_raw() == dict.fromkeys(CELLS, EMPTY)
    sim.close("2b")
    sim.close("1d")
    raw = sim.scanner.read_raw()
    assert raw == {cell: PRESENT if cell in ("2b", "1d") else EMPTY for cell in CELLS}
    assert list(raw) == list(CELLS)  # in wiring order


def test_spots_on_several_chips_and_buses_read_from_their_own_pins() -> None:
    rig = Rig(parse_profile(THREE_BUSES, "three.toml", DOBUTSU))
    for spot in ("2b", "2c", "1d"):
        rig.close(spot)
    raw = rig.scanner.read_raw()
    assert {spot for spot, reading in raw.items() if reading} == {"2b", "2c", "1d"}
    assert set(raw) == set(CELLS)


def test_polarity_pairs_read_north_or_south() -> None:
    rig = Rig(load_profile("sim-dobutsu-polarity", DOBUTSU))
    rig.close("3a", NORTH)
    rig.close("2c", SOUTH)
    raw = rig.scanner.read_raw()
    assert raw["3a"] == NORTH
    assert raw["2c"] == SOUTH
    assert {spot for spot, reading in raw.items() if reading} == {"3a", "2c"}
    rig.open("3a", NORTH)
    rig.close("3a", SOUTH)
    assert rig.scanner.read_raw()["3a"] == SOUTH


def test_both_poles_closed_read_north_whatever_the_wiring_order() -> None:
    text = (
        'name = "p"\ngames = ["dobutsu"]\nsensing = "polarity"\n[[mcp23017]]\naddress = 0x20\n'
        'channels = { A0 = "3a:south", A1 = "3a:north", A2 = "2a:north", A3 = "2a:south" }\n'
        '[leds]\nbackend = "simulated"\ncount = 12\n'
    )
    rig = Rig(parse_profile(text, "p.toml", DOBUTSU))
    for spot in ("3a", "2a"):
        rig.close(spot, NORTH)
        rig.close(spot, SOUTH)
    assert rig.scanner.read_raw() == {"3a": NORTH, "2a": NORTH}


# --- the debouncer ---------------------------------------------------------------------


def test_the_first_scan_sets_the_frame_at_once() -> None:
    debouncer = Debouncer(3)
    assert debouncer.frame == {}
    assert debouncer.update({"3a": PRESENT, "2a": EMPTY}) == {"3a", "2a"}
    assert debouncer.frame == {"3a": PRESENT, "2a": EMPTY}
    assert debouncer.settled


@pytest.mark.parametrize("scans", [1, 2, 3, 5])
def test_a_change_counts_after_exactly_n_equal_scans(scans: int) -> None:
    debouncer = Debouncer(scans)
    debouncer.update({"3a": PRESENT, "2a": EMPTY})
    for _ in range(scans - 1):
        assert debouncer.update({"3a": EMPTY, "2a": EMPTY}) == frozenset()
        assert debouncer.frame["3a"] == PRESENT
        assert not debouncer.settled
    assert debouncer.update({"3a": EMPTY, "2a": EMPTY}) == {"3a"}
    assert debouncer.frame == {"3a": EMPTY, "2a": EMPTY}
    assert debouncer.settled
    assert debouncer.update({"3a": EMPTY, "2a": EMPTY}) == frozenset()


def test_a_glitch_shorter_than_the_window_is_filtered() -> None:
    debouncer = Debouncer(3)
    debouncer.update({"3a": PRESENT})
    for _ in range(10):
        assert debouncer.update({"3a": EMPTY}) == frozenset()
        assert debouncer.update({"3a": EMPTY}) == frozenset()
        assert not debouncer.settled
        assert debouncer.update({"3a": PRESENT}) == frozenset()  # back before the third scan
        assert debouncer.settled
    assert debouncer.frame == {"3a": PRESENT}


def test_a_reading_that_changes_again_starts_counting_anew() -> None:
    debouncer = Debouncer(3)
    debouncer.update({"3a": EMPTY})
    assert debouncer.update({"3a": NORTH}) == frozenset()
    assert debouncer.update({"3a": NORTH}) == frozenset()
    assert debouncer.update({"3a": SOUTH}) == frozenset()  # not the third north
    assert debouncer.update({"3a": SOUTH}) == frozenset()
    assert debouncer.update({"3a": SOUTH}) == {"3a"}
    assert debouncer.frame == {"3a": SOUTH}


def test_spots_are_debounced_each_on_its_own() -> None:
    debouncer = Debouncer(2)
    debouncer.update({"3a": EMPTY, "2a": EMPTY})
    assert debouncer.update({"3a": PRESENT, "2a": EMPTY}) == frozenset()
    assert debouncer.update({"3a": PRESENT, "2a": PRESENT}) == {"3a"}
    assert not debouncer.settled  # 2a is on its way
    assert debouncer.update({"3a": PRESENT, "2a": PRESENT}) == {"2a"}
    assert debouncer.settled


def test_the_frame_is_read_only() -> None:
    debouncer = Debouncer(1)
    debouncer.update({"3a": EMPTY})
    with pytest.raises(TypeError):
        debouncer.frame["3a"] = PRESENT  # type: ignore[index]


# --- the scanner -----------------------------------------------------------------------


def test_the_first_scan_reports_every_spot(sim: Rig) -> None:
    sim.close("3a")
    change = sim.scanner.scan()
    assert change is not None
    assert change.changed == frozenset(CELLS)
    assert change.frame == {cell: PRESENT if cell == "3a" else EMPTY for cell in CELLS}
    assert sim.scanner.scan() is None


def test_a_frame_change_lists_exactly_the_changed_spots(sim: Rig) -> None:
    for cell in ("3a", "2a", "1a"):
        sim.close(cell)
    first = sim.scanner.scan()
    assert first is not None
    sim.open("2a")
    sim.close("2b")
    sim.close("3d")
    assert sim.scans(2) == [None, None]
    change = sim.scanner.scan()
    assert change is not None
    assert change.changed == {"2a", "2b", "3d"}
    expected = dict(first.frame, **{"2a": EMPTY, "2b": PRESENT, "3d": PRESENT})
    assert change.frame == expected
    assert sim.scanner.frame == expected
    # a FrameChange keeps its frame: later scans do not alter it
    sim.open("3a")
    sim.scans(3)
    assert change.frame["3a"] == PRESENT
    assert sim.scanner.frame["3a"] == EMPTY


def test_a_contact_bouncing_for_less_than_the_window_changes_nothing(sim: Rig) -> None:
    sim.close("2c")
    sim.scanner.scan()
    for _ in range(5):
        sim.open("2c")
        assert sim.scans(2) == [None, None]
        sim.close("2c")
        assert sim.scanner.scan() is None
    assert sim.scanner.frame["2c"] == PRESENT
    assert sim.scanner.debouncer.settled


def test_a_bus_error_names_the_chip_and_changes_nothing() -> None:
    rig = Rig(parse_profile(THREE_BUSES, "three.toml", DOBUTSU))
    rig.close("3a")
    rig.close("1b")
    before = rig.scanner.scan()
    assert before is not None
    # a change on the answering chips is under way when chip 0x21 stops answering
    rig.open("3a")
    rig.close("2a")
    rig.close("2d")
    assert rig.scanner.scan() is None
    rig.buses[1].vanish(0x21)
    for _ in range(3):
        with pytest.raises(BusError) as caught:
            rig.scanner.scan()
        assert caught.value.chip == "MCP23017"
        assert caught.value.address == 0x21
        assert caught.value.bus == "i2c-1"
        assert "MCP23017 at 0x21 on i2c-1" in str(caught.value)
        assert rig.scanner.frame == before.frame  # no partial frame
    assert not rig.scanner.debouncer.settled  # what was read before the fault is stale
    rig.buses[1].restore(0x21)
    assert rig.scanner.scan() is None  # the scan before the fault does not count
    change = rig.scanner.scan()  # the second fresh, equal scan: the whole frame again
    assert change is not None
    assert change.changed >= {"3a", "2a", "2d"}
    assert change.frame == dict(before.frame, **{"3a": EMPTY, "2a": PRESENT, "2d": PRESENT})


def test_a_vanished_chip_at_0x20_on_the_sim_board(sim: Rig) -> None:
    sim.close("3a")
    first = sim.scanner.scan()
    assert first is not None
    bus = sim.buses[1]
    bus.vanish(0x20)
    sim.open("3a")
    for _ in range(4):
        with pytest.raises(BusError, match=r"MCP23017 at 0x20 on i2c-1 did not answer"):
            sim.scanner.scan()
    assert sim.scanner.frame == first.frame
    assert not sim.scanner.debouncer.settled  # the frame read before is stale now
    bus.restore(0x20)
    assert sim.scans(2) == [None, None]
    change = sim.scanner.scan()  # read afresh, debounced: reported whole
    assert change is not None
    assert change.frame == dict(first.frame, **{"3a": EMPTY})
    assert "3a" in change.changed
    assert sim.scanner.debouncer.settled


def test_a_board_at_rest_is_read_each_scan_but_decoded_only_when_it_changed(
    sim: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    scanner = sim.scanner
    decoded: list[bool] = []
    decode = scanner._decode

    def counting(values: Sequence[Sequence[int]], turned: bool) -> dict[Spot, Reading]:
        decoded.append(turned)
        return decode(values, turned)

    monkeypatch.setattr(scanner, "_decode", counting)
    assert scanner.scan() is not None  # the first frame
    assert sim.scans(5) == [None] * 5
    assert (len(decoded), sim.buses[1].transactions) == (1, 6)
    sim.close("2b")  # a glitch of one scan: decoded, then decoded back, then at rest
    assert scanner.scan() is None
    sim.open("2b")
    assert sim.scans(4) == [None] * 4
    assert len(decoded) == 3
    sim.close("2b")  # a piece put down: decoded until the debouncer lets it count
    changes = sim.scans(scanner.debouncer.scans + 3)
    assert [change is not None for change in changes] == [False] * (scanner.debouncer.scans - 1) + [
        True
    ] + [False] * 3
    assert len(decoded) == 3 + scanner.debouncer.scans
    assert scanner.frame["2b"] == PRESENT


def idle_scan_calls(profile_name: str, game_name: str, scans: int = 100) -> float:
    """The calls (Python and built-in) a scan of a board at rest makes, the mock
    chips' work included, as ``kiban bench --service`` counts them."""
    game = find_game(game_name)
    profile = load_profile(profile_name, game)
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    scanner = SimulatedBoard(profile, world).open(lambda role: None).scanner
    for _ in range(profile.debounce_scans + 2):
        scanner.scan()
    calls = 0

    def count(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls
        calls += event in ("call", "c_call")

    sys.setprofile(count)
    try:
        changes = [scanner.scan() for _ in range(scans)]
    finally:
        sys.setprofile(None)
    assert changes == [None] * scans
    return calls / scans


def test_a_scan_of_a_board_at_rest_is_a_few_dozen_calls() -> None:
    """The service scans 100 times a second whatever happens: on a board at rest a
    scan reads the six chips in prepared transactions and compares bytes (the mock
    chips' work included). Counted, not timed: 178 calls a scan before, 40 with the
    transaction prepared, 25 with it bound to the chips; 46 with a transaction a chip,
    as a Raspberry Pi's adapter needs (one combined read of six chips never ran on one)."""
    assert idle_scan_calls("sim", "shogi") <= 50


@pytest.mark.parametrize(
    ("profile_name", "game_name", "most"),
    [("sim-shogi-ads7830", "shogi", 1250), ("sim-dobutsu-ads1115", "dobutsu", 450)],
)
def test_a_scan_of_an_analog_board_at_rest_is_its_conversions_and_little_more(
    profile_name: str, game_name: str, most: int
) -> None:
    """An analog board converts every sensor every scan (81 on sim-shogi-ads7830,
    each through a simulated ADC, multiplexer and noisy Hall sensor): the scan's
    own work is prepared transactions and a table lookup a channel. Counted, not
    timed: 5,059 and 878 calls a scan before, 1,219 and 576 in the next round, 912 and
    432 in the one after; 1,237 and 432 now that each ADS7830 conversion is a transaction
    of its own (81 a scan, not 16), as a Raspberry Pi 1-4's adapter needs."""
    assert idle_scan_calls(profile_name, game_name) <= most


def test_a_partial_scan_confirms_a_reading_from_the_sources_that_hold_it() -> None:
    """Confirming a change on the chip of bus 3 reads bus 3 alone, and the change counts
    after exactly as many scans as when every chip is read."""
    rig = Rig(parse_profile(THREE_BUSES, "three.toml", DOBUTSU))
    assert rig.scanner.scan(partial=True) is not None  # the first frame: every chip read
    rig.close("2d")
    assert rig.scanner.scan(partial=True) is None  # nothing was on its way: all read
    assert not rig.scanner.debouncer.settled
    one, three = rig.buses[1].transactions, rig.buses[3].transactions
    change = rig.scanner.scan(partial=True)  # debounce = 2: the second reading counts
    assert change is not None and change.changed == {"2d"}
    assert (rig.buses[1].transactions, rig.buses[3].transactions) == (one, three + 1)
    assert rig.scanner.debouncer.settled


def test_a_partial_scan_keeps_what_the_unread_sources_read_last() -> None:
    """A change on an unread chip is not seen by a partial scan (its line holds it until
    the runtime reads every chip): the frame never mixes in a reading not made."""
    rig = Rig(parse_profile(THREE_BUSES, "three.toml", DOBUTSU))
    first = rig.scanner.scan()
    assert first is not None
    rig.close("2d")
    rig.scanner.scan()
    rig.close("3a")  # on bus 1, while bus 3's change is confirmed
    change = rig.scanner.scan(partial=True)
    assert change is not None and change.changed == {"2d"}
    assert rig.scanner.frame["3a"] == EMPTY
    assert rig.scans(2)[-1] == FrameChange(dict(rig.scanner.frame), frozenset({"3a"}))


def test_a_partial_scan_after_a_failed_one_reads_every_chip() -> None:
    rig = Rig(parse_profile(THREE_BUSES, "three.toml", DOBUTSU))
    rig.scanner.scan()
    rig.close("2d")
    rig.buses[1].vanish(0x21)
    with pytest.raises(BusError):
        rig.scanner.scan(partial=True)
    rig.buses[1].restore(0x21)
    assert rig.scanner.debouncer.stale
    one = rig.buses[1].transactions
    rig.scanner.scan(partial=True)
    assert rig.buses[1].transactions > one  # read afresh, every chip


def test_a_partial_scan_of_a_turned_board_reads_the_chip_that_senses_the_change() -> None:
    """Turned, a reading on its way is kept under the spot across the half turn (2d's
    switch reads as 2a); the chip to read again is the one wired to 2d. Were it looked
    up by 2a, bus 1 would be read and 2d's old sample counted again as if read afresh."""
    rig = Rig(parse_profile(THREE_BUSES, "three.toml", DOBUTSU))
    turn = SpotTurn.for_games([DOBUTSU], frozenset(ch.spot for ch in rig.scanner.channels))
    assert turn is not None
    rig.scanner = Scanner(rig.banks, rig.profile, turn)
    turn.turn()
    assert rig.scanner.scan(partial=True) is not None  # the first frame: every chip read
    rig.close("2d")
    rig.scanner.scan(partial=True)
    assert rig.scanner.debouncer.on_their_way() == ["2a"]
    one, three = rig.buses[1].transactions, rig.buses[3].transactions
    change = rig.scanner.scan(partial=True)
    assert change is not None and change.changed == {"2a"}
    assert (rig.buses[1].transactions, rig.buses[3].transactions) == (one, three + 1)


def test_the_multiplexed_board_confirms_a_touch_on_its_segment_and_holds_the_rest() -> None:
    """sim-shogi-mux: the scan that sees a pawn lifted reads all twelve chips (one
    selection: every other scan reads the segments the other way round, starting on the
    one still selected); confirming it reads the four chips of its segment. A piece lifted on the
    other segment meanwhile keeps the shared INT line down until its chip is read, which
    is what lets the runtime scan partly only while the line is up."""
    shogi = find_game("shogi")
    profile = load_profile("sim-shogi-mux", shogi)
    world = SimulatedWorld(shogi, profile.sensing)
    world.arrange(shogi.position().layout())
    hardware = SimulatedBoard(profile, world)
    board = hardware.open(lambda role: None)
    scanner, (bus,) = board.scanner, hardware.buses.values()
    try:
        for _ in range(profile.debounce_scans + 1):
            scanner.scan()
        stone = world.lift("7g")  # on the multiplexer's channel 1
        assert board.interrupt_pending()
        bus.reset_counters()
        scanner.scan(partial=not board.interrupt_pending())
        assert bus.ioctls == 12 + 1 and not board.interrupt_pending()  # ends on channel 1
        world.lift("9a")  # on channel 0, while 7g is confirmed
        assert board.interrupt_pending()
        bus.reset_counters()
        change = scanner.scan(partial=True)  # as if the line were up: channel 1 alone,
        assert change is None and bus.ioctls == 4 and board.interrupt_pending()  # selected
        change = scanner.scan(partial=not board.interrupt_pending())  # down: every chip
        assert change is not None and change.changed == {"7g"}
        assert not board.interrupt_pending()
        changes = [scanner.scan(partial=True) for _ in range(profile.debounce_scans)]
        assert [change.changed for change in changes if change] == [{"9a"}]
        world.place("7g", stone)
    finally:
        board.close()


def test_a_board_of_two_segments_selects_once_a_scan() -> None:
    """The multiplexer stays on the segment read last; reading the segments the other way
    round every other scan starts there (14 ioctls a scan of sim-shogi-mux became 13)."""
    shogi = find_game("shogi")
    profile = load_profile("sim-shogi-mux", shogi)
    world = SimulatedWorld(shogi, profile.sensing)
    world.arrange(shogi.position().layout())
    hardware = SimulatedBoard(profile, world)
    board = hardware.open(lambda role: None)
    try:
        board.scanner.scan()
        (bus,) = hardware.buses.values()
        bus.reset_counters()
        for _ in range(10):
            board.scanner.scan()
        selections = [call for call in bus.log if call.addresses == (0x70,)]
        assert (len(selections), bus.ioctls) == (10, 10 * 13)
    finally:
        board.close()
