"""Suits with no ghost to place: searched depth first, or looked up in a table of every suit a
winning hand can hold.

With no ghost and no declared meld, a suit's signature table (see `decompose`) depends on its
nine counts alone, and a suit of a winning hand is one of 21,742 count vectors: up to four
sets, with or without the pair. `complete_suits` lists them all with their signatures in about
50 ms, by adding sets to sets, where searching each one would take 0.4 s. `decompose` builds the table
once a process has met enough new suits to gain from it (a batch, a benchmark), never for one
hand.

>>> tables = complete_suits()
>>> len(tables)
21742
>>> tables[(1, 1, 1, 0, 0, 0, 0, 0, 0)]
(((0, 0), ((0, 1, 1, 0),)),)
"""

from __future__ import annotations


def suit_plain(c: tuple, m: tuple) -> dict:
    """`suit_programmes.suit_standard` with no ghost to spend, found depth first: with no ghost every
    rank's runs are forced by its count, so the search meets few dead ends, where the programme
    carries every state. Paths are tried in the programme's order (pair, then triplet, then
    runs, lowest first), so each signature keeps the same witness the programme would."""
    out: dict = {}
    path: list = []

    def walk(r, a, b, pu, n4, run, tiles):
        if r == 9:
            if not a and not b:
                sig = (n4, run, tiles, pu)
                got = out.setdefault((0, pu), {})
                if sig not in got:
                    got[sig] = tuple(path)
            return
        cr, mr = c[r], m[r]
        room = 4 - mr
        for p in ((0, 1) if not pu else (0,)):
            for t in (0, 1):
                base = a + b + 3 * t + 2 * p
                s0 = cr - base
                if s0 < 0 or base > room:
                    continue
                if s0 and (r > 6 or s0 > room - base or c[r + 1] < s0 + a or c[r + 2] < s0):
                    continue  # the runs starting here need tiles at the next two ranks
                f = cr
                path.append((s0, t, p, 0))
                walk(r + 1, s0, a, pu | p, n4 + (f + mr == 4), run | (s0 > 0),
                     tiles | (f + mr > 0))
                path.pop()

    walk(0, 0, 0, 0, 0, 0, 0)
    return out


# Counts packed four bits a rank (rank 0 lowest); adding OVER sets a HIGH bit exactly where a
# rank went past four copies (a rank holds at most 4 + 3 before the check, so no carry).
_OVER, _HIGH = 0x333333333, 0x888888888
_SETS = [(3 << 4 * r, 1) for r in range(9)] + \
    [((1 << 4 * r) | (1 << 4 * r + 4) | (1 << 4 * r + 8), 2) for r in range(7)]
# Three ranks' packed counts -> their tuple, so unpacking a suit is three lookups.
_CHUNK = {a | b << 4 | c << 8: (a, b, c) for a in range(5) for b in range(5) for c in range(5)}


def _unpack(v: int) -> tuple:
    return _CHUNK[v & 0xFFF] + _CHUNK[v >> 12 & 0xFFF] + _CHUNK[v >> 24]


def complete_suits() -> dict:
    """{counts: signature table} for every non-empty suit of up to four sets and a pair, the
    table as `suit_plain` gives it with no melds: ((ghosts, pair), (signature, ...)) pairs,
    a signature being (kinds with four copies, has a run, has tiles, holds the pair)."""
    # Packed counts -> how they can be read: bit 1 as triplets only, bit 2 with a run.
    level = {0: 1}
    sets_only = {}
    for _ in range(4):
        nxt: dict = {}
        for v, ways in level.items():
            for add, kind in _SETS:
                w = v + add
                if not (w + _OVER) & _HIGH:
                    nxt[w] = nxt.get(w, 0) | (ways if kind == 1 else 2)
        level = nxt
        for v, ways in nxt.items():
            sets_only[v] = sets_only.get(v, 0) | ways
    with_pair: dict = {}
    for v, ways in [(0, 1), *sets_only.items()]:
        for r in range(9):
            w = v + (2 << 4 * r)
            if not (w + _OVER) & _HIGH:
                with_pair[w] = with_pair.get(w, 0) | ways
    out = {}
    for pair, found in ((0, sets_only), (1, with_pair)):
        for v, ways in found.items():
            c = _unpack(v)
            if ways == 3:  # both readings: the search says which it meets first
                tables = suit_plain(c, (0,) * 9)
                out[c] = tuple((key, tuple(table)) for key, table in tables.items())
                continue
            n4 = c.count(4)
            out[c] = (((0, pair), ((n4, ways - 1, 1, pair),)),)
    return out
