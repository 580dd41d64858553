"""Replay one trial of hands5.py exactly and print its timeline.

Usage (from the checkout's root):
    PYTHONHASHSEED=0 nice .venv/bin/python tools/redteam/replay5.py GAME PROFILE SEED0 SEED
(SEED0 only names the run file the trial came from; the trial depends on SEED alone.)
"""

import json
import sys

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from hands5 import run_trial  # noqa: E402


def main(argv):
    game, profile, seed0, seed = argv[0], argv[1], int(argv[2]), int(argv[3])
    print(f"# replay of {game} {profile} seed {seed} (run {seed0})")
    result, h = run_trial(game, profile, seed, verbose=True)
    print()
    print("# truth vs record")
    n = max(len(result["played"]), len(result["record"]))
    for i in range(n):
        p = result["played"][i] if i < len(result["played"]) else "-"
        r = result["record"][i] if i < len(result["record"]) else "-"
        print(f"  ply {i + 1:3d}  played {p:18s} recorded {r:18s} {'' if p == r else '<<<'}")
    print("# verdict:", result["verdict"])
    for key in (
        "wrong",
        "replaced_unasked",
        "prompts_lacking",
        "one_choice",
        "missed_mid",
        "missed_at_end",
        "fixes",
        "error",
        "trace",
    ):
        if result.get(key):
            print(f"# {key}: {json.dumps(result[key], default=str)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
