"""For every wrong record, replaced-unasked move and prompt lacking the move in the
out-*.jsonl files given: replay the trial, check it reproduces, and print the hands and
the board's notices around it (for the report)."""

import json
import sys

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from hands5 import run_trial  # noqa: E402

KINDS = ("wrong", "replaced_unasked", "prompts_lacking")

for f in sys.argv[1:]:
    for line in open(f):
        r = json.loads(line)
        fails = [(k, x) for k in KINDS for x in r.get(k) or []]
        if not fails:
            continue
        game, profile, seed = r["game"], r["profile"], r["seed"]
        seed0 = f.rsplit("-", 1)[1].split(".")[0]
        again, h = run_trial(game, profile, seed)
        same = again["verdict"] == r["verdict"] and again["record"] == r["record"]
        print(f"==== {game} {profile} seed {seed}  verdict {r['verdict']}  reproduces: {same}")
        print(
            f"     replay: PYTHONHASHSEED=0 nice .venv/bin/python tools/redteam/replay5.py {game} {profile} {seed0} {seed}"
        )
        for kind, x in fails:
            print(f"  -- {kind}: {x}")
        times = set()
        for kind, x in fails:
            t = x["at"]
            if kind == "wrong":
                key = f"BOARD commit ply {x['ply']}: {x['recorded']}"
                hits = [float(l.split()[0]) for l in h.timeline if key in l]
                if hits:
                    t = hits[-1] if hits[-1] <= x["at"] else hits[0]
            times.add(t)
        shown = set()
        for at in sorted(times):
            for i, text in enumerate(h.timeline):
                try:
                    t = float(text.split()[0])
                except ValueError:
                    continue
                if at - 10.0 <= t <= at + 1.5 and i not in shown:
                    shown.add(i)
                    print("   ", text)
        sys.stdout.flush()
