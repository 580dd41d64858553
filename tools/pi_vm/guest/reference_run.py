"""make pi-vm's reference run: the same code timed on the emulated Cortex-A53 and on
the host, so that the VM's figures can be read against a real core. Two workloads, each
the best of three by the process's CPU time: Kiban's own integer and dictionary work,
``perft`` of Robot Duel to depth 7 (697,126 leaves), and the n-body step Kiban's Pi
budgets are calibrated with (firmware_host/tools/bench/budget.py: its published time on a
Pi 4, a Zero 2 W's derived from it), which is floating point, which QEMU's TCG emulates
in software. Prints one JSON line."""

import json
import time

from engine.registry import find_game
from firmware_host.tools.bench.budget import nbody

STEPS = 50_000


def perft() -> float:
    position = find_game("dobutsu").position()
    began = time.process_time()
    assert position.perft(7) == 697_126
    return time.process_time() - began


step = min(nbody(STEPS) for _ in range(3)) / STEPS
print(json.dumps({"perft_s": min(perft() for _ in range(3)), "nbody_step_us": step * 1e6}))
