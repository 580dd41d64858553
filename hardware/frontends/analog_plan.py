"""The plan of a pass over polled ADCs (hardware/frontends/analog.py): which ADS7830
conversions go together in one transaction, which ADS1115 conversions wait in rounds,
and the multiplexer settings in Gray-code order, made once for every scan."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING

from drivers.ads7830 import ADS7830, Conversions
from drivers.i2c import I2CBus
from drivers.retry import RetryPolicy

if TYPE_CHECKING:  # the 16-bit ADC's driver, imported by a board that has one
    from drivers.ads1115 import ADS1115


@dataclass(frozen=True, slots=True)
class Together:
    """ADS7830 conversions on one bus: as few transactions as its adapter runs,
    prepared once."""

    indices: tuple[int, ...]  # the channels' places in the source
    conversions: Conversions


@dataclass(frozen=True, slots=True)
class Round:
    """ADS1115 conversions, one per chip: start each, wait once, read each (the
    transactions prepared once)."""

    starts: tuple[Callable[[], None], ...]
    results: tuple[tuple[int, Callable[[], int]], ...]  # (place, the chip's result)
    wait: float


@dataclass(frozen=True, slots=True)
class Step:
    """What one setting of the select lines (None: no multiplexer) converts."""

    state: int | None
    together: tuple[Together, ...]
    rounds: tuple[Round, ...]


# The rank of each select setting in the 4-bit Gray code: walking the settings in this
# order changes one select line at a time (and one again from the last back to 0).
GRAY_RANK = {rank ^ rank >> 1: rank for rank in range(16)}


def gatherer(steps: Sequence[Step], count: int) -> Callable[[bytes], tuple[int, ...]] | None:
    """Every channel's level from the joined results of a pass's 8-bit runs (in the
    order of the steps and their runs); None when a pass has 16-bit rounds, or fewer
    than two channels (``itemgetter`` of one place gives no tuple)."""
    if count < 2 or any(step.rounds for step in steps):
        return None
    order = [index for step in steps for together in step.together for index in together.indices]
    place = {index: offset for offset, index in enumerate(order)}
    return itemgetter(*(place[index] for index in range(count)))


def plan(
    state: int | None,
    conversions: list[tuple[int, ADS7830 | ADS1115, I2CBus, int]],
    retry: RetryPolicy | None,
) -> Step:
    """ADS7830s grouped per bus; ADS1115s queued per chip and taken one of each per round."""
    fast: dict[int, list[tuple[int, ADS7830, I2CBus, int]]] = {}
    queues: dict[int, list[tuple[int, ADS1115, int]]] = {}
    for index, adc, bus, channel in conversions:
        if isinstance(adc, ADS7830):
            fast.setdefault(id(bus), []).append((index, adc, bus, channel))
        else:
            queues.setdefault(id(adc), []).append((index, adc, channel))
    together = tuple(
        Together(
            tuple(index for index, _, _, _ in group),
            Conversions(group[0][2], [(adc, channel) for _, adc, _, channel in group], retry),
        )
        for group in fast.values()
    )
    rounds: list[Round] = []
    results = {id(adc): adc.reader() for queue in queues.values() for _, adc, _ in queue}
    while any(queues.values()):
        batch = tuple(queue.pop(0) for queue in queues.values() if queue)
        rounds.append(
            Round(
                tuple(adc.starter(channel) for _, adc, channel in batch),
                tuple((index, results[id(adc)]) for index, adc, _ in batch),
                max(adc.conversion_time for _, adc, _ in batch),
            )
        )
    return Step(state, together, tuple(rounds))
