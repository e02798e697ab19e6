"""Suits read without the programme: searched depth first when no ghost is left to place, or
looked up in a table of every suit a winning hand can hold.

With no declared meld, a suit's signature table (see `decompose`) depends on its nine counts
(and the ghosts it may spend) alone, and a suit of a winning hand is one of 21,742 count
vectors: up to four sets, with or without the pair. `complete_suits` lists them all with their
signatures in about 50 ms, by adding sets to sets, where searching each one would take 0.4 s.
A suit with ghosts can be read off the table too (`suit_lookup`): its readings spending k
ghosts are the complete suits holding its tiles and k more (what `suit_entries` ships, made
with it, for every suit four ghosts can complete). `plain_table` builds the table once
a process has searched enough new suits to gain from it (a batch, a benchmark; a batch forking
worker processes builds it first, for them to share), never for one hand; the lookups give
exactly the searches' answers, so nothing printed depends on whether the table was there.

>>> tables = complete_suits()
>>> len(tables)
21742
>>> tables[(1, 1, 1, 0, 0, 0, 0, 0, 0)]
(((0, 0), (0, 1, 1, 0)),)
>>> table = packed_suits()
>>> suit_lookup((1, 1, 0, 0, 0, 0, 0, 0, 0), 1, table)  # a ghost as the 3: 0x111
[((1, 0), (0, 1, 1, 0), 273, ((2, 1),))]
"""

from __future__ import annotations

from operator import mul as _mul

from .suit_index import OFFSETS, index_of


def suit_plain(c: tuple, m: tuple):
    """`suit_programmes.suit_standard` with no ghost to spend, found depth first: with no ghost
    every rank's runs are forced by its count, so the search meets few dead ends, where the
    programme carries every state. Paths are tried in the programme's order (pair, then
    triplet, then runs, lowest first), so each signature keeps the first met, the witness the
    programme keeps (with no ghost every reading has the same final counts)."""
    out: dict = {}
    path: list = []

    def walk(r, a, b, pu, n4, run, tiles) -> None:
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
                path.append(_STEP[s0][t][p])
                walk(r + 1, s0, a, pu | p, n4 + (f + mr == 4), run | (s0 > 0),
                     tiles | (f + mr > 0))
                path.pop()

    walk(0, 0, 0, 0, 0, 0, 0)
    return {key: dict(sorted(out[key].items())) for key in sorted(out)}


_STEP = [[[(s0, t, p, 0) for p in range(2)] for t in range(2)] for s0 in range(5)]  # shared


# Counts packed four bits a rank (rank 0 lowest); adding OVER sets a HIGH bit exactly where a
# rank went past four copies (a rank holds at most 4 + 3 before the check, so no carry).
_OVER, _HIGH = 0x333333333, 0x888888888
_SETS = [(3 << 4 * r, 1) for r in range(9)] + \
    [((1 << 4 * r) | (1 << 4 * r + 4) | (1 << 4 * r + 8), 2) for r in range(7)]
# Three ranks' packed counts -> their tuple, so unpacking a suit is three lookups.
_CHUNK = {a | b << 4 | c << 8: (a, b, c) for a in range(5) for b in range(5) for c in range(5)}


def pack(c: tuple) -> int:
    """Counts packed four bits a rank, rank 1 lowest (as `packed_suits` keys them)."""
    # As a sum in C, not rank by rank: each suit looked up with ghosts is packed twice.
    # (A count of 16 or more, which no suit holds, would carry into the next rank.)
    return sum(map(_mul, c, _POW16))


_POW16 = tuple(16 ** r for r in range(9))


def unpack(v: int) -> tuple:
    return _CHUNK[v & 0xFFF] + _CHUNK[v >> 12 & 0xFFF] + _CHUNK[v >> 24]


def complete_suits() -> dict:
    """{counts: signature table} for every non-empty suit of up to four sets and a pair, the
    table as `suit_plain` gives it with no melds, flat: ((ghosts, pair), signature) pairs,
    a signature being (kinds with four copies, has a run, has tiles, holds the pair)."""
    return {unpack(v): table for v, table in packed_suits().items()}


def packed_suits() -> dict:
    """`complete_suits` keyed by packed counts (four bits a rank, rank 1 lowest), for
    `suit_lookup`."""
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
    shared: dict = {}  # (fours, ways, pair) -> its table, one tuple for all its suits
    for pair, found in ((0, sets_only), (1, with_pair)):
        for v, ways in found.items():
            # With no meld a suit's signatures differ only in whether a reading has a run
            # (`suit_plain`: every reading holds the same fours, tiles and pair), and they
            # are in that order: which it can be read with, as `ways` says.
            fours = _fours(v)
            table = shared.get((fours, ways, pair))
            if table is None:
                table = shared[fours, ways, pair] = tuple(
                    ((0, pair), (fours, run, 1, pair)) for run in (0, 1) if ways >> run & 1)
            out[v] = table
    return out


def _fours(v: int) -> int:
    """How many ranks of packed counts `v` hold four copies."""
    return _FOURS[v & 0xFFF] + _FOURS[v >> 12 & 0xFFF] + _FOURS[v >> 24]


# Three ranks' packed counts -> how many hold four copies (making the table asks 21,000 times).
_FOURS = {v: (a == 4) + (b == 4) + (c == 4) for v, (a, b, c) in _CHUNK.items()}


def suit_lookup(c: tuple, gmax: int, table: dict) -> list:
    """`suit_programmes.suit_standard` for a suit with no meld where a ghost may play any
    rank, read off `table` (`packed_suits`), as [(key, signature, witness, placed), ...] in
    the order `classes._entry` wants: the most ghosts at the lowest ranks first.

    A reading spending k ghosts in the suit is a complete suit holding its tiles and k more,
    so the ways to spread up to `gmax` ghosts are tried in that order; a witness is the packed
    counts of the first complete suit met with that signature under that key, the
    programme's own witness (`witness.first_reading` gives its choices), and `placed` is
    where it puts ghosts. With no meld and no banned rank, the complete suit's signatures are
    the suit's.

    The spreads are tried in C, all at once (`suit_index`): counts read as a number in base 5
    make adding a spread adding its number, so one `struct` format over an array of complete
    suit numbers reads every spread's complete suit, if any (0 for none), in reverse order. A
    rank past four copies carries into the next in base 5, so a hit is checked on the packed
    counts: the complete suit must hold the suit's tiles."""
    got = _READY[0] if _READY else None
    if got is None or got[0] is not table:
        got = _ready(table)
    _table, view, readers, keys, suits, sigs_of, placed = got
    if max(c) > 4:  # no complete suit holds it (and the check below takes counts up to 4)
        return []
    at = sum(map(_mul, c, OFFSETS))
    held = sum(c)
    v = pack(c)
    out = []
    got = set()
    seen = set()  # keys met: their signatures are all in `got` already
    drop = held << 5
    # Most hits repeat a key (the complete suit's tile count, so the ghosts spent, and its
    # signature table) met before: that is checked first, on the key alone. Measured: the
    # spreads' own ghosts and tables, read per hit, cost a twentieth of a 4-ghost hand.
    for x in filter(None, reversed(readers[gmax][held % 3](view, at))):
        key = keys[x]
        if key in seen:
            continue
        w = suits[x]
        # A count's high bit survives the subtraction only where `w` holds at least as many.
        if (w | _HIGH) - v & _HIGH != _HIGH:
            continue  # a carry met a complete suit not holding every tile of this one
        seen.add(key)
        k = (key - drop) >> 5
        for sig in sigs_of[x]:
            if (k, sig) not in got:
                got.add((k, sig))
                out.append(((k, sig[3]), sig, w, placed[w - v]))
    if not held:  # the suit left empty: the fewest ghosts at low ranks, so last
        out.append(((0, 0), (0, 0, 0, 0), 0, ()))
    return out


def lookup_ready(table: dict) -> None:
    """Make `suit_lookup`'s spreads and its index of `table` now, not at the first lookup:
    a batch about to fork its workers does, and they share them."""
    _ready(table)


def _ready(table: dict) -> tuple:
    """(`table`, its index as `suit_index.index_of` gives it, where each spread places
    ghosts): all a lookup reads, kept in one tuple (a fifth of a one-ghost lookup went to
    fetching them one call at a time), made if not made for `table` yet."""
    got = _READY[0] if _READY else None
    if got is None or got[0] is not table:
        merged, placed = _SPREADS or _make_spreads()
        got = (table, *index_of(table, merged), placed)
        _READY[:] = [got]  # whole, in one step: another thread sees all or none
    return got


_READY: list = []


def _spreads(most: int, ranks: int) -> list:
    """Every way to add up to `most` tiles to `ranks` ranks, at most four to a rank, packed:
    the most at the lowest rank first, then the most at the next, and so on."""
    if ranks == 0:
        return [0]
    return [first | rest << 4 for first in range(min(most, 4), -1, -1)
            for rest in _spreads(most - first, ranks - 1)]


LOOKUP_MAX = 4  # ghosts a suit may spend and still be looked up (more: the programme is faster)
_SPREADS: list = []  # made with the first lookup, not at import (a single `score` never looks up)


def _make_spreads() -> list:
    """[by ghost budget and by the suit's tile count mod 3, the spreads that can complete it
    (a complete suit holds 3n or 3n + 2 tiles) in the order of `_spreads`; a spread -> where
    it places ghosts]."""
    spreads = _spreads(LOOKUP_MAX, 9)
    spent = {d: sum(unpack(d)) for d in spreads}
    placed = {d: tuple((r, n) for r, n in enumerate(unpack(d)) if n) for d in spreads}
    merged = [[[d for d in spreads if spent[d] <= g and (held + spent[d]) % 3 != 1]
               for held in range(3)] for g in range(LOOKUP_MAX + 1)]
    # Whole, in one step: another thread sees all or none.
    _SPREADS[:] = [merged, placed]
    return _SPREADS
