"""Summarise out-*.jsonl files: per board, trials and each failure kind with seeds."""

import glob
import json
import sys

files = sys.argv[1:] or sorted(
    glob.glob(__import__("os").environ.get("REDTEAM_OUT", "/tmp/redteam5") + "/out-*.jsonl")
)
for f in files:
    rows = [json.loads(line) for line in open(f)]
    if not rows:
        continue
    kinds = {}
    moves = 0
    prompts = 0
    for r in rows:
        moves += len(r.get("played", []))
        prompts += len(r.get("prompts", []))
        for v in r["verdict"]:
            kinds.setdefault(v, []).append(r["seed"])
    print(
        f"{f.split('/')[-1]}: {len(rows)} trials, {moves} moves (incl. board rolls), {prompts} prompts"
    )
    for k, seeds in sorted(kinds.items()):
        print(f"   {k:26s} {len(seeds):3d}  {seeds if k != 'ok' else ''}")
    for r in rows:
        for w in r.get("wrong", []):
            print(f"     wrong seed {r['seed']}: {w}")
        for w in r.get("replaced_unasked", []):
            print(f"     replaced seed {r['seed']}: {w}")
        for w in r.get("prompts_lacking", []):
            print(f"     lacking seed {r['seed']}: {w}")
        for w in r.get("one_choice", []) or []:
            print(f"     one-choice seed {r['seed']}: {w}")
        if r.get("error"):
            print(f"     harness error seed {r['seed']}: {r['error']}")
