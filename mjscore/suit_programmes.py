"""The per-class programmes: a suit's (or honour's, or seven pairs') signatures, each with
one witness, for its tile counts, melds, the kinds a ghost may play and the ghost budget.

See `decompose` for what a signature is and how the classes are combined.
"""

from __future__ import annotations

from functools import wraps


def memo(limit: int):
    """Memoise a function of hashable arguments in a plain dict, emptied when it reaches
    `limit` entries. Unlike functools.lru_cache it adds no per-entry objects for the garbage
    collector to walk: the keys and values here are tuples of numbers, which Python stops
    tracking, so a warm cache of 100,000 entries costs no collection pauses."""
    def deco(fn):
        table: dict = {}

        @wraps(fn)
        def wrapper(*args):
            try:
                return table[args]
            except KeyError:
                pass
            if len(table) >= limit:
                table.clear()  # bounded memory over a long batch; it fills again quickly
            out = table[args] = fn(*args)
            return out
        wrapper.cache_clear = table.clear
        wrapper.table = table
        return wrapper
    return deco


# Table sizes: full within the first thousands of hands, so a long batch's memory stays flat
# (a suit table with ghosts holds a few kilobytes of witnesses; see batch_bench.py --memory).
@memo(1 << 10)
def suit_standard(c: tuple, m: tuple, cand: tuple, gmax: int) -> dict:
    """{(ghosts, pair): {(n4, has_run, has_tiles, pair): choices}} for one suit of nine ranks.

    `c` natural concealed counts, `m` counts in declared melds, `cand` ranks a ghost may
    play, `gmax` the ghost budget. `choices` holds (runs started, triplet, pair, ghosts) per
    rank: one witness per signature. A dynamic programme over the ranks whose state is the
    runs still open from the two ranks below, ghosts spent, pair used, and the signature so far.
    """
    states = {(0, 0, 0, 0, 0, 0, 0): ()}
    for r in range(9):
        nxt: dict = {}
        mr = m[r]
        room, cr, wild = 4 - mr, c[r], cand[r]
        top_run = 4 if r <= 6 else 0
        for key, path in states.items():
            a, b, gu, pu, n4, run, tiles = key
            spare = gmax - gu if wild else 0
            ab = a + b
            for p in ((0, 1) if not pu else (0,)):
                pp = pu | p
                for t in (0, 1):
                    base = ab + 3 * t + 2 * p
                    if base > room:
                        break
                    if base - cr > spare:
                        continue
                    # Runs starting here: enough to use every natural tile of this rank, at
                    # most `spare` ghosts more, never past four copies. (Comparisons, not
                    # min(): this loop is the cost of a hand with ghosts.)
                    s0 = cr - base if cr > base else 0
                    last = room - base
                    if top_run < last:
                        last = top_run
                    if cr - base + spare < last:
                        last = cr - base + spare
                    g0 = gu - cr
                    while s0 <= last:
                        f = base + s0
                        k = (s0, a, g0 + f, pp, n4 + (f == room), run or s0 > 0,
                             tiles or f + mr > 0)
                        if k not in nxt:
                            nxt[k] = path + ((s0, t, p, f - cr),)
                        s0 += 1
        states = nxt
    out: dict = {}
    for (a, b, gu, pu, n4, run, tiles), path in states.items():
        if not a and not b:
            out.setdefault((gu, pu), {}).setdefault((n4, int(run), int(tiles), pu), path)
    return out


@memo(1 << 10)
def suit_pairs(c: tuple, m: tuple, cand: tuple, gmax: int) -> dict:
    """Seven pairs in one class: {(ghosts, pairs): {(n4, tiles, pairs, gp): finals}}.

    `gp` counts ghosts in kinds holding a single pair (a pair of ghosts is a pattern in the
    English guide); `finals` is the final count per rank.
    """
    states = {(0, 0, 0, 0, 0): ()}
    for r in range(len(c)):
        nxt: dict = {}
        for (gu, pairs, n4, tiles, gp), path in states.items():
            for f in (0, 2, 4):
                g = f - c[r]
                if g < 0 or f + m[r] > 4 or g and (not cand[r] or gu + g > gmax):
                    continue
                key = (gu + g, pairs + f // 2, n4 + (f == 4), tiles | (f > 0),
                       gp + (g if f == 2 else 0))
                nxt.setdefault(key, path + (f,))
        states = nxt
    out: dict = {}
    for (gu, pairs, n4, tiles, gp), path in states.items():
        out.setdefault((gu, pairs), {}).setdefault((n4, tiles, pairs, gp), path)
    return out


@memo(64)
def honour_standard(c: int, m: int, cand: bool, gmax: int) -> dict:
    """An honour kind: nothing, a pair or a triplet (honours make no runs)."""
    out: dict = {}
    for f, pair in ((0, 0), (2, 1), (3, 0)):
        g = f - c
        if g < 0 or f + m > 4 or g and (not cand or g > gmax):
            continue
        out.setdefault((g, pair), {})[(int(f + m == 4), 0, int(f + m > 0), pair)] = \
            ((0, int(f == 3), pair, g),)
    return out
