"""kiban calibrate on simulated analog Hall sensors that differ and are noisy: thresholds
learned per channel, a channel that does not separate refused by name, the file written
beside the profile and the board reading right with it."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from engine.physical import EMPTY, NORTH, SOUTH, Stone
from engine.registry import find_game
from firmware_host.cli import main
from firmware_host.tools.desk.calibrate import SEPARATION, Calibrator, Level, thresholds
from firmware_host.tools.desk.doctor import Doctor
from firmware_host.tools.desk.sim_bench import simulated_bench
from firmware_host.tools.desk.workbench import Ask
from hardware.calibration import Thresholds, calibration_path
from hardware.frontends.analog_specs import AnalogSpec
from hardware.mock.analog import HallModel
from hardware.mock.board import SimulatedBoard
from hardware.mock.frontends.analog import AnalogModels
from hardware.mock.world import SimulatedWorld
from hardware.profile import Profile, bundled_profiles, load_profile
from tests.hardware.parts import analog

DOBUTSU = find_game("dobutsu")
BUNDLED = Path(__file__).resolve().parents[4] / "hardware" / "profiles"
CHICK = Stone("C", 0)
HEN = Stone("C", 0, flipped=True)


@pytest.fixture
def board_file(tmp_path: Path) -> Path:
    path = tmp_path / "board.toml"
    shutil.copy(BUNDLED / "sim-dobutsu-ads1115.toml", path)
    return path


def readings(profile: Profile, seed: int, pieces: dict[str, Stone]) -> dict[str, int]:
    """What the scanner of an uneven simulated board reads for ``pieces``."""
    world = SimulatedWorld(DOBUTSU, profile.sensing)
    for spot, stone in pieces.items():
        world.place(spot, stone)
    hardware = SimulatedBoard(profile, world, hall=HallModel.uneven(), seed=seed)
    board = hardware.open(lambda role: None)
    try:
        return board.scanner.read_raw()
    finally:
        board.close()


def wrong(profile: Profile, seed: int) -> set[str]:
    """Spots read wrongly with a chick north up on the a and c rows, a hen south up on b and d."""
    pieces = {spot: CHICK if spot[1] in "ac" else HEN for spot in DOBUTSU.cells if spot[0] in "13"}
    got = readings(profile, seed, pieces)
    expected = {
        spot: EMPTY if spot not in pieces else NORTH if pieces[spot] == CHICK else SOUTH
        for spot in DOBUTSU.cells
    }
    return {spot for spot in DOBUTSU.cells if got[spot] != expected[spot]}


def test_uneven_sensors_misread_until_calibrated(board_file: Path) -> None:
    profile = load_profile(str(board_file), DOBUTSU)
    seed = 5
    assert wrong(profile, seed)  # the profile's one pair of thresholds does not fit them all
    sim = simulated_bench(profile, DOBUTSU, hall=HallModel.uneven(), seed=seed)
    result = Calibrator(sim.bench).run()
    assert len(result.channels) == 12 and not result.refused
    assert result.path == calibration_path(board_file)
    calibrated = load_profile(str(board_file), DOBUTSU)
    assert len(analog(calibrated).calibration) == 12
    assert wrong(calibrated, seed) == set()


def test_learned_levels_match_the_simulated_sensors(board_file: Path) -> None:
    profile = load_profile(str(board_file), DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU, hall=HallModel.uneven(), seed=2)
    result = Calibrator(sim.bench).run()
    counts_per_volt = 32768 / 4.096
    # 24 samples of noise 0.012 V (96 counts) each: a mean is good to about 20 counts
    margin = 5 * 0.012 * counts_per_volt / 24**0.5
    for label, entry in result.channels.items():
        sensor = sim.hardware.model(AnalogModels).hall[label]
        assert entry.empty == pytest.approx(sensor.quiescent * counts_per_volt, abs=margin)
        swing = sensor.sensitivity * counts_per_volt
        assert entry.north - entry.empty == pytest.approx(swing, abs=2 * margin)
        assert entry.empty - entry.south == pytest.approx(swing, abs=2 * margin)
        # each threshold sits between empty and its pole, with room on both sides
        assert entry.empty < entry.thresholds.north < entry.north
        assert entry.south < entry.thresholds.south < entry.empty


def test_a_sensor_that_barely_moves_is_refused_by_name_and_nothing_written(
    board_file: Path,
) -> None:
    profile = load_profile(str(board_file), DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU, hall=HallModel.uneven(), seed=4)
    weak = sim.hardware.model(AnalogModels).hall["0x49/AIN2"]
    weak.sensitivity = 0.02  # a magnet far too weak for this sensor: about three noise widths
    result = Calibrator(sim.bench).run()
    assert set(result.refused) == {"0x49/AIN2"}
    assert any(line.startswith("channel 0x49/AIN2 (3c) refused:") for line in sim.lines), sim.lines
    assert "0x49/AIN2" not in result.channels
    assert result.path is None and not calibration_path(board_file).exists()
    assert sim.lines[-1] == (
        f"calibration failed: 1 of 12 channels refused (named above); "
        f"nothing written to {calibration_path(board_file)}"
    )
    assert analog(load_profile(str(board_file), DOBUTSU)).calibration == ()


def test_a_failed_calibration_leaves_the_old_one_whole(
    board_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["calibrate", "--profile", str(board_file), "--simulate", "--seed", "3"]) == 0
    old = calibration_path(board_file).read_text()
    before = sorted(board_file.parent.iterdir())
    profile = load_profile(str(board_file), DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU, seed=3, ignore=("2a",))  # a hand that skips 2a
    sim.bench.timeout = 2.0
    result = Calibrator(sim.bench).run()
    assert set(result.refused) == {"0x48/AIN1"} and len(result.channels) == 11
    assert "channel 0x48/AIN1 (2a) refused: no north-up piece was seen" in "\n".join(sim.lines)
    assert sim.lines[-1].startswith("calibration failed: 1 of 12 channels refused")
    assert calibration_path(board_file).read_text() == old
    assert sorted(board_file.parent.iterdir()) == before  # nothing beside it either


def test_pieces_left_north_up_are_not_taken_for_south(tmp_path: Path) -> None:
    """The ADS7138 board reads every channel in one transaction: the north-up pieces still
    lying there when the south cells light must not be measured as south."""
    profile = load_profile("sim-dobutsu-analog", DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU, seed=2, reaction=1.5)  # a slow hand
    result = Calibrator(sim.bench).run(tmp_path / "board.calibration.toml")
    assert not result.refused and len(result.channels) == 12
    for entry in result.channels.values():
        assert entry.south < entry.empty < entry.north


def test_a_piece_never_turned_over_is_named(tmp_path: Path) -> None:
    profile = load_profile("sim-dobutsu-analog", DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU, seed=2)
    sim.bench.timeout = 2.0
    hand = sim.hand

    class Unturning:
        """Puts pieces north up when asked for south."""

        def asked(self, ask: Ask, now: float) -> None:
            hand.asked(replace(ask, face=NORTH) if ask.face == SOUTH else ask, now)

    sim.bench.helper = Unturning()
    output = tmp_path / "board.calibration.toml"
    result = Calibrator(sim.bench).run(output)
    assert len(result.refused) == 12 and not output.exists()
    assert all("was the piece turned over?" in why for why in result.refused.values())


def test_the_profile_itself_is_never_the_output(board_file: Path) -> None:
    profile = load_profile(str(board_file), DOBUTSU)
    text = board_file.read_text()
    with pytest.raises(ValueError, match="is the profile itself"):
        Calibrator(simulated_bench(profile, DOBUTSU).bench).run(board_file)
    assert board_file.read_text() == text


def analog_profiles() -> list[str]:
    return [name for name in bundled_profiles() if load_profile(name).part(AnalogSpec)]


def test_analog_profiles_are_found() -> None:
    assert {"sim-dobutsu-analog", "sim-shogi-analog", "sim-shogi-ads7830"} <= set(analog_profiles())


@pytest.mark.parametrize("name", analog_profiles())
def test_every_bundled_analog_board_calibrates_every_channel(name: str, tmp_path: Path) -> None:
    """Each front end with analog channels (ADS1115, ADS7830, ADS7138...): every channel
    learned, north and south on either side of empty, with the scripted hand."""
    game = find_game(load_profile(name).games[0])
    profile = load_profile(name, game)
    sim = simulated_bench(profile, game, seed=1)
    result = Calibrator(sim.bench).run(tmp_path / "board.calibration.toml")
    labels = {channel.label for channel in analog(profile).sensor_channels}
    assert result.refused == {}
    assert set(result.channels) == labels
    for entry in result.channels.values():
        assert entry.south < entry.thresholds.south < entry.empty
        assert entry.empty < entry.thresholds.north < entry.north
    assert result.path is not None and result.path.is_file()


def test_one_piece_at_a_time_is_enough(board_file: Path) -> None:
    profile = load_profile(str(board_file), DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU, seed=1, batch=1)
    result = Calibrator(sim.bench).run()
    assert len(result.channels) == 12 and not result.refused
    north_asks = [ask for ask in sim.hand.asks if ask.kind == "place_all" and ask.face == NORTH]
    assert len(north_asks) == 1 and len(north_asks[0].spots) == 12


def test_a_sensor_mounted_upside_down_is_calibrated_and_noted(board_file: Path) -> None:
    profile = load_profile(str(board_file), DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU, seed=6)
    sim.hardware.model(AnalogModels).hall["0x48/AIN3"].sensitivity *= -1
    result = Calibrator(sim.bench).run()
    entry = result.channels["0x48/AIN3"]
    assert entry.thresholds.north < entry.thresholds.south  # north reads low on this one
    assert any("0x48/AIN3 (3b): north reads on the other side" in note for note in result.notes)
    assert readings(load_profile(str(board_file), DOBUTSU), 6, {})["3b"] == EMPTY


def test_thresholds_between_levels() -> None:
    empty, north, south = Level(128, 1.0), Level(190, 1.0), Level(70, 2.0)
    found = thresholds(empty, north, south, 3.0)
    assert isinstance(found, Thresholds)
    assert found.north == pytest.approx(159)  # midway: both sides equally noisy
    assert found.south == pytest.approx(128 - 58 / 3)  # nearer empty, the quieter side
    same_side = thresholds(empty, north, Level(150, 1.0), 3.0)
    assert isinstance(same_side, str) and "either side of empty" in same_side
    close = thresholds(empty, Level(128 + SEPARATION * 2 - 1, 1.0), south, 3.0)
    assert isinstance(close, str) and close.startswith("north (")


def test_a_bundled_profile_needs_a_file_of_its_own(tmp_path: Path) -> None:
    profile = load_profile("sim-dobutsu-ads1115", DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU)
    with pytest.raises(ValueError, match="copy it to a file of your own"):
        Calibrator(sim.bench).run()
    output = tmp_path / "mine.calibration.toml"
    assert Calibrator(sim.bench).run(output).path == output
    digital = load_profile("sim-dobutsu", DOBUTSU)
    with pytest.raises(ValueError, match="no analog Hall sensors"):
        Calibrator(simulated_bench(digital, DOBUTSU).bench).run(output)


def test_kiban_calibrate_simulated(board_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibrate", "--profile", str(board_file), "--simulate", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "put pieces north face up on the lit cells" in out
    assert f"written to {calibration_path(board_file)}" in out
    loaded = load_profile(str(board_file))
    assert analog(loaded).calibration_source == str(calibration_path(board_file))


def test_the_walk_test_passes_on_an_uneven_board_once_calibrated(board_file: Path) -> None:
    def walk() -> int:
        profile = load_profile(str(board_file), DOBUTSU)
        sim = simulated_bench(profile, DOBUTSU, hall=HallModel.uneven(), seed=5)
        return Doctor(sim.bench, sim.hardware.buses).run(("walk",)).problems

    assert walk() > 0
    profile = load_profile(str(board_file), DOBUTSU)
    Calibrator(simulated_bench(profile, DOBUTSU, hall=HallModel.uneven(), seed=5).bench).run()
    assert walk() == 0


def test_a_calibration_written_beside_a_profile_in_the_checkout_is_ignored_by_git() -> None:
    """Issue 81: ``kiban calibrate --profile hardware/profiles/...`` leaves the board's
    calibration beside the profile, inside the checkout: git ignores it (it was left
    untracked and unignored, one ``git add -A`` from the project's history)."""
    root = Path(__file__).resolve().parents[4]
    beside = calibration_path(root / "hardware" / "profiles" / "sim-shogi-analog.toml")
    git = shutil.which("git")
    assert git is not None, "git is the checkout's own tool"
    relative = str(beside.relative_to(root))
    done = subprocess.run(
        [git, "-C", str(root), "check-ignore", "--no-index", "-q", relative], check=False
    )
    assert done.returncode == 0, f"git does not ignore {relative}"
