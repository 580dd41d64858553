"""tsshogi (npm, package.json) run as an oracle: ``tsshogi_read.mjs`` under node reads
every text it is given at once (one process, not one a text) and answers what it read,
field by field, as JSON."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
INSTALLED = ROOT / "node_modules/tsshogi/package.json"
RUNNER = Path(__file__).with_name("tsshogi_read.mjs")


def tsshogi_read(texts: dict[str, tuple[str, str]]) -> dict[str, dict[str, Any]]:
    """What tsshogi reads from each text (``name: (format, text)``, the format one of
    kif, ki2 and csa), by name: its fields, or ``{"error": ...}``."""
    node = shutil.which("node")
    if node is None or not INSTALLED.is_file():
        raise AssertionError(
            "tsshogi is not installed: `make test` installs node and the npm packages "
            "(package.json)"
        )
    files = [{"name": name, "format": fmt, "text": text} for name, (fmt, text) in texts.items()]
    done = subprocess.run(
        [node, str(RUNNER)],
        input=json.dumps(files),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
        cwd=ROOT,
    )
    answers: dict[str, dict[str, Any]] = json.loads(done.stdout)
    return answers
