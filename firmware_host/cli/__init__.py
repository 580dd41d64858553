"""``kiban``: the simulator, the service, and the tools around them.

parser.py declares the commands and their options; main.py reads them and hands
each command to its composition, one module per group of commands (play.py for
``sim``, service.py for ``run``, board_check.py for ``doctor`` and ``calibrate``...),
which builds the objects the command needs and runs them.
"""

from __future__ import annotations

from firmware_host.cli.main import main
from firmware_host.cli.parser import build_parser

__all__ = ["build_parser", "main"]
