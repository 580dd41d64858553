"""The instruction-count bench drives a fixed sequence, the same every run."""

from firmware_host.tools.bench_decision import ROUNDS, run


def test_the_decision_bench_counts_its_lifts_and_the_move() -> None:
    counted = run("sim-dobutsu", "dobutsu", "decide")
    assert counted["changes"] >= 4 * ROUNDS + 2  # two pieces lifted and put back, the move
    assert counted["commits"] == 1


def test_the_idle_bench_scans_a_board_at_rest() -> None:
    assert run("sim-dobutsu", "dobutsu", "idle")["idle_scans"] > 0
