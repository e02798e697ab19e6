"""Check that the fast decomposer and the slow, obvious reference agree on the whole corpus
the benchmarks time (issue 8: speed work must not change a single value).

    python benchmarks/check_corpus.py              # every hand bench.py and batch_bench.py time
    python benchmarks/check_corpus.py --quick      # those of bench.py --quick
    python benchmarks/check_corpus.py --jobs 2     # in two processes

Run from a checkout with mjscore installed. For each hand it compares every distinct outcome
(value, uncapped value, patterns) of mjscore's readings with that of every reading the
reference lists (`mjscore.enumerate.all_readings`, every ghost assignment), as
tests/test_bench_corpus.py does on a sample. The reference is slow with eight ghosts (about a
quarter of a second a hand here): the whole corpus takes about half an hour of CPU. It prints
how many hands of each kind agreed, each hand that did not, and exits 1 if any did not.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
import batch_bench  # noqa: E402
from bench import plan  # noqa: E402
from corpus import OPTS, corpus  # noqa: E402

from mjscore import context as C  # noqa: E402
from mjscore.decompose import readings  # noqa: E402
from mjscore.enumerate import all_readings  # noqa: E402
from mjscore.hand import read  # noqa: E402
from mjscore.patterns import physical_ghosts  # noqa: E402
from mjscore.robbing import ghost_room  # noqa: E402
from mjscore.ruleset import load  # noqa: E402
from tests.oracle import outcomes  # noqa: E402


def disagreement(kind: str, text: str) -> str | None:
    """None where the two agree on luzhou hand `text` (a hand of corpus `kind`), else what
    each found."""
    rs = load("luzhou", OPTS.get(kind))
    hand = read(text, rs)
    ctx = C.make(hand, rs, ghosts_held=physical_ghosts(hand, rs))
    fast = outcomes(readings(hand, rs), hand, rs, ctx)
    slow = outcomes(all_readings(hand, rs, ctx.discard_type, ghost_room(rs, hand, ctx)), hand,
                    rs, ctx)
    if fast and fast == slow:
        return None
    return f"{kind} {text}: mjscore {sorted(fast)}, reference {sorted(slow)}"


def _check(item: tuple) -> tuple:
    kind, text = item
    return kind, disagreement(kind, text)


def hands(quick: bool) -> list:
    """(kind, text) of every distinct hand the benchmarks time: bench.py's corpora (`plan`,
    with its rounds and sizes) and batch_bench.py's file."""
    rounds, n, batch = (3, 300, 2000) if quick else (7, 2000, 20_000)
    out = {}
    for kind, seed, count in plan(rounds, n, batch):
        for text in corpus(kind, count, seed):
            out.setdefault((kind, text), None)
    rng = random.Random(batch_bench.SEED)
    for _ in range(batch):
        out.setdefault(("batch_bench", batch_bench.random_hand(rng)), None)
    return list(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="the hands of bench.py --quick")
    ap.add_argument("--jobs", type=int, default=1, help="processes to check in")
    args = ap.parse_args()
    todo = hands(args.quick)
    print(f"{len(todo):,} distinct hands to check", flush=True)
    agreed, bad = Counter(), []
    if args.jobs > 1:
        from multiprocessing import Pool
        with Pool(args.jobs) as pool:
            results = list(pool.imap_unordered(_check, todo, chunksize=20))
    else:
        results = map(_check, todo)
    for kind, why in results:
        if why is None:
            agreed[kind] += 1
        else:
            bad.append(why)
            print(why, flush=True)
    for kind, n in sorted(agreed.items()):
        print(f"  {kind:12} {n:7,} agree")
    print(f"{len(bad)} disagree")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
