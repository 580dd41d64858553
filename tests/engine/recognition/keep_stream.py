"""Keep a recorded stream as a test: ``python -m tests.engine.recognition.keep_stream
STREAM NAME WHY``. A stream the soak captured (``make soak-hands CAPTURE=FOLDER``,
``firmware_host.tools.bench.stream_capture``) is replayed here; once its failure is
fixed it reads right, and its frames (what the board read, change for change) are
recorded beside it in ``shrunk_streams.json`` under ``NAME``, with ``WHY`` saying what
the board did before the fix. A stream that still fails is refused."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tests.engine.recognition.orders_kit import replay_stream

STREAMS = Path(__file__).parent / "shrunk_streams.json"


def kept(case: Mapping[str, Any], why: str) -> dict[str, Any]:
    """``case`` with ``why`` and the frames its replay reads; ValueError while it fails."""
    played = replay_stream({**case, "frames": []})
    if played.faults:
        raise ValueError(f"the stream still fails: {played.faults[0]}")
    frames = [[at, {s: r for s, r in frame.items() if r}] for at, frame in played.frames]
    return {**case, "why": why, "frames": frames}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 3:
        print(__doc__.split("\n\n")[0], file=sys.stderr)
        return 2
    source, name, why = args
    try:
        case = kept(json.loads(Path(source).read_text(encoding="utf-8")), why)
    except ValueError as error:
        print(f"{source}: {error}", file=sys.stderr)
        return 1
    streams = json.loads(STREAMS.read_text(encoding="utf-8"))
    streams[name] = case
    STREAMS.write_text(json.dumps(streams), encoding="utf-8")
    print(f"kept {name} ({len(case['frames'])} frames)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
