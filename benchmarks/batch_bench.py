"""Benchmark `mjscore batch`: hands per second with --jobs 1 and --jobs 2, and peak memory.

How to run (from the repository root, with mjscore installed in the active environment):

    python benchmarks/batch_bench.py                # 20,000 hands, --jobs 1 then --jobs 2
    python benchmarks/batch_bench.py --repeat 3     # best of 3 runs each (less noise)
    python benchmarks/batch_bench.py --memory       # also peak RSS, 20,000 vs 200,000 records

It writes a deterministic JSON Lines file (fixed seed) of random legal luzhou hands into a
temporary directory: four sets (pongs or chows) and a pair in one or two suits, then 0-4 of
the tiles replaced by 红中 ghosts, which stand for the tiles they replaced, so every hand is a
winning one. It runs `python -m mjscore batch FILE --format jsonl -o OUT --jobs N` as a
subprocess, timing wall clock (interpreter start-up included), prints hands/second for each
and the ratio, checks the two outputs are byte-identical, and prints the run's summary line.
Peak RSS is the largest process of the run (ru_maxrss of the waited children, in a small
wrapper process per run so that runs do not mix). The batch pipeline itself holds a bounded
window of records; what grows with the number of *distinct* hands is the scorer's memo tables
(classes.py, plain_table.py, decompose.py), which drop their oldest entries at their bound
(bounded.py), so memory levels off early.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

SEED = 20261129
SUITS = "mps"

# Runs the command and reports its wall time, the peak RSS of its largest process and the CPU
# time of all its processes (which shows what parallel runs cost on a machine that is busy).
WRAPPER = """\
import resource, subprocess, sys, time
t = time.perf_counter()
proc = subprocess.run(sys.argv[1:], stderr=subprocess.PIPE, text=True, encoding="utf-8")
wall = time.perf_counter() - t
use = resource.getrusage(resource.RUSAGE_CHILDREN)
print(wall, use.ru_maxrss, use.ru_utime + use.ru_stime, proc.returncode)
print(proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "")
"""


def random_hand(rng: random.Random) -> str:
    suits = rng.sample(SUITS, rng.choice((1, 2)))
    counts: Counter = Counter()
    tiles: list = []

    def take(group) -> bool:
        need = Counter(group)
        if any(counts[t] + n > 4 for t, n in need.items()):
            return False
        counts.update(need)
        tiles.extend(group)
        return True

    sets = 0
    while sets < 4:
        suit = rng.choice(suits)
        if rng.random() < 0.5:
            rank = rng.randint(1, 7)
            sets += take([(rank, suit), (rank + 1, suit), (rank + 2, suit)])
        else:
            rank = rng.randint(1, 9)
            sets += take([(rank, suit)] * 3)
    while not take([(rng.randint(1, 9), rng.choice(suits))] * 2):
        pass
    for i in rng.sample(range(len(tiles)), rng.randint(0, 4)):
        tiles[i] = (0, "C")  # a ghost standing for the tile it replaced
    win = tiles.pop(rng.randrange(len(tiles)))
    return _notation(sorted(tiles, key=lambda t: (t[1] == "C", t[1], t[0]))) + _notation([win])


def _notation(tiles) -> str:
    out, run_suit, digits = [], None, ""
    for rank, suit in tiles + [(0, None)]:
        if suit != run_suit and digits:
            out.append(digits + run_suit)
            digits = ""
        if suit == "C":
            out.append("C")
        elif suit is not None:
            digits += str(rank)
        run_suit = suit
    return "".join(out)


def write_hands(path: Path, n: int) -> None:
    rng = random.Random(SEED)
    with path.open("w", encoding="utf-8") as f:
        for _ in range(n):
            f.write(json.dumps({"hand": random_hand(rng)}) + "\n")


def run(path: Path, out: Path, jobs: int) -> tuple[float, int, float, str]:
    cmd = [sys.executable, "-c", WRAPPER, sys.executable, "-m", "mjscore", "batch", str(path),
           "--format", "jsonl", "-o", str(out), "--jobs", str(jobs)]
    proc = subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8", check=True)
    first, summary = (proc.stdout.splitlines() + [""])[:2]
    wall, kb, cpu, code = first.split()
    if code not in ("0", "1"):
        sys.exit(f"mjscore batch exited {code}: {summary}")
    return float(wall), int(kb), float(cpu), summary


def best(path: Path, out: Path, jobs: int, repeat: int) -> tuple[float, int, float, str]:
    """The fastest of `repeat` runs (the one least disturbed by other work on the machine)."""
    return min((run(path, out, jobs) for _ in range(repeat)), key=lambda r: r[0])


def compile_package() -> None:
    """mjscore compiled as pip compiles an installed package: in a source checkout whose
    bytecode is stale and not written (PYTHONDONTWRITEBYTECODE), every run compiled the edited
    modules again, 30-60 ms a start that no installed copy pays (3-5% of a batch run here)."""
    import compileall
    import mjscore
    compileall.compile_dir(str(Path(mjscore.__file__).parent), quiet=1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000, help="records in the timed file")
    ap.add_argument("--jobs", type=int, default=2, help="the parallel run's --jobs")
    ap.add_argument("--repeat", type=int, default=1, help="runs per setting; the best is kept")
    ap.add_argument("--memory", action="store_true",
                    help="also measure peak RSS on 10x the records (takes a minute or two)")
    args = ap.parse_args()
    compile_package()
    with tempfile.TemporaryDirectory(prefix="mjscore-bench-") as tmp:
        tmp = Path(tmp)
        hands = tmp / "hands.jsonl"
        write_hands(hands, args.hands)
        print(f"{args.hands:,} generated luzhou hands (seed {SEED}), "
              f"{hands.stat().st_size / 1e6:.1f} MB; best of {args.repeat}")
        results = {}
        for jobs in (1, args.jobs):
            out = tmp / f"out{jobs}.jsonl"
            wall, kb, cpu, summary = best(hands, out, jobs, args.repeat)
            results[jobs] = wall
            print(f"  --jobs {jobs}: {wall:6.2f} s  {args.hands / wall:8.0f} hands/s  "
                  f"CPU {cpu:6.2f} s  peak RSS {kb / 1024:6.1f} MB")
        print(f"  summary: {summary}")
        print(f"  --jobs {args.jobs} / --jobs 1 speed: {results[1] / results[args.jobs]:.2f}x")
        same = filecmp.cmp(tmp / "out1.jsonl", tmp / f"out{args.jobs}.jsonl", shallow=False)
        print(f"  outputs byte-identical: {'yes' if same else 'NO'}")
        if args.memory:
            print(f"peak RSS with --jobs {args.jobs}, 1x and 10x the records:")
            for n in (args.hands, args.hands * 10):
                path = tmp / f"mem{n}.jsonl"
                write_hands(path, n)
                wall, kb, _, _ = run(path, tmp / "mem-out.jsonl", args.jobs)
                print(f"  {n:>9,} records: peak RSS {kb / 1024:6.1f} MB  ({wall:.0f} s, "
                      f"{n / wall:.0f} hands/s)")
                path.unlink()
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main()
