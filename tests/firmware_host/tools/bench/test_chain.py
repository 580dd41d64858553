"""The Pi figures' chain: its error, and a goal met only with the error as a margin."""

from __future__ import annotations

import math

import pytest

from firmware_host.tools.bench.chain import (
    UNBOUNDED,
    Chain,
    Estimate,
    Link,
    Verdict,
    factor_link,
    pi_chain,
    timing_link,
)


def test_the_links_errors_combine_at_their_worst_together() -> None:
    chain = Chain((Link("a", 0.05, "s"), Link("b", 0.10, "s"), Link("c", 0.0, "s")))
    assert chain.error == pytest.approx(1.05 * 1.10 - 1)  # 15.5%, not a root-sum-square


def test_a_goal_is_met_on_an_estimate_only_when_its_error_fits_under_it() -> None:
    """Shogi's level 10: 9.6 s of its 10 s is met by the figure alone, but with a 5%
    error it may be 10.08 s: not shown to hold."""
    assert Estimate(9.6, 0.0).verdict(10.0) is Verdict.MET
    assert Estimate(9.6, 0.04).verdict(10.0) is Verdict.MET  # 9.984
    assert Estimate(9.6, 0.05).verdict(10.0) is Verdict.NOT_SHOWN
    assert Estimate(10.4, 0.05).verdict(10.0) is Verdict.NOT_SHOWN  # may be 9.90
    assert Estimate(10.6, 0.05).verdict(10.0) is Verdict.MISSED  # 10.10 at the least


def test_an_unbounded_link_never_shows_a_goal_met() -> None:
    chain = Chain((Link("a", 0.05, "s"), Link("sysbench", UNBOUNDED, "s")))
    assert math.isinf(chain.error)
    assert Estimate(0.001, chain.error).verdict(0.020) is Verdict.NOT_SHOWN
    assert Estimate(0.0192, chain.error).text(1e3, 1) == "19.2 ±?"
    assert Estimate(9.6, 0.085).text() == "9.60 ±8%"


def test_the_zero_2w_chain_carries_the_sysbench_link_and_the_pi4_chain_does_not() -> None:
    assert math.isfinite(pi_chain("pi4").error)
    assert math.isinf(pi_chain("zero2w").error)


def test_the_factor_link_is_its_readings_spread() -> None:
    """1.56 by time and 1.96 by instructions: a Pi 4 figure may be 26% slower."""
    assert factor_link((1.56, 1.96)).error == pytest.approx(1.96 / 1.56 - 1)
    assert factor_link().error == pytest.approx(102_111 / 52_080 / 1.56 - 1)
    assert factor_link((1.56,)).error == 0.0
    assert pi_chain("pi4", (1.50, 1.65)).error == pytest.approx(0.10)


def test_a_timing_link_is_its_repeats_spread_over_the_best() -> None:
    assert timing_link((0.100, 0.104, 0.102)).error == pytest.approx(0.04)
    joined = pi_chain("pi4", (1.56,)).joined((timing_link((0.1, 0.11)),))  # no factor error
    assert joined.error == pytest.approx(0.10)
