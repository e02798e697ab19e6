"""Every suit a hand with up to four ghosts can read, with its options already worked out:
`suit_entries.bin`, shipped with the package.

With no declared meld and no banned rank, a suit's options (`classes._entry`) depend on its
nine counts and its ghost budget alone. A suit that some reading can complete with at most
four ghosts is one of 223,069 count vectors, and its options at a smaller budget are those at
four spending no more than that, in the same order (`suit_lookup` meets the spreads of k
ghosts in one order whatever the budget). So one row per vector gives every budget: its
signature table at four ghosts (one of 1,989, kept once each) and, per option, which ghost
spread makes its witness (the complete suit `suit_lookup` names: the suit plus the spread).

Looking a suit up in `plain_suits.suit_lookup` reads some 490 cells of an index and checks some
40 complete suits: about 30 us, a third of a 4-ghost hand (each hand meets new suits: there
are too many to keep). Here it is a bit of a bitmap and a few small tuples: about 5 us.
Making the rows takes `suit_lookup` some 8 s, so they are made once, by `python -m
mjscore.suit_entries`, and the test suite checks the shipped file is exactly what that makes.

The file is read when a process has the table of complete suits (`plain_table`: a batch, a
benchmark), never for one hand. A file missing or unreadable gives no answer (`MISSING`), and
the caller looks the suit up as before: slower, never different.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from itertools import accumulate
from operator import mul as _mul
from pathlib import Path

from .bounded import make_room
from .plain_suits import LOOKUP_MAX, _make_spreads, _spreads, packed_suits, suit_lookup, \
    unpack
from .suit_index import OFFSETS, base5

NAME = "suit_entries.bin"
PATH = Path(__file__).with_name(NAME)
_MAGIC, _VERSION = b"MJSE", 1
_HEAD = struct.Struct("<4sBIII")  # magic, version, vectors, signature tables, their options
_WORDS = -(-5 ** 9 // 64)  # 64-bit words of a bitmap with a bit for each number in base 5
MISSING = object()  # no shipped table in this process: look the suit up instead


def build() -> bytes:
    """The file's bytes, made from `suit_lookup` (about 8 s)."""
    table = packed_suits()
    spreads = _spreads(LOOKUP_MAX, 9)
    spread_no = {d: i for i, d in enumerate(spreads)}
    tables: dict = {}  # signature table at four ghosts -> its number
    sizes, table_no, witnesses = bytearray(), array("H"), array("H")
    bits = array("Q", bytes(8 * _WORDS))
    word_options = array("H", bytes(2 * _WORDS))
    for i, v in sorted((base5(v), v) for v in _readable(table)):
        flat = suit_lookup(unpack(v), LOOKUP_MAX, table)
        row = tuple((k, *sig) for (k, pair), sig, _w, _p in flat)
        bits[i >> 6] |= 1 << (i & 63)
        word_options[i >> 6] += len(row)
        sizes.append(len(row))
        table_no.append(tables.setdefault(row, len(tables)))
        witnesses.extend(spread_no[w - v] for _k, _s, w, _p in flat)
    options = bytes(x for row in tables for opt in row for x in opt)
    parts = [_HEAD.pack(_MAGIC, _VERSION, len(sizes), len(tables), len(options) // 5),
             bytes(len(row) for row in tables), options,
             bytes(w.bit_count() for w in bits), sizes]
    parts += [_little(a) for a in (word_options, bits, table_no, witnesses)]
    return zlib.compress(b"".join(parts), 9)


def _readable(table: dict) -> set:
    """Packed counts of every suit (the empty one included) that holds no more than four
    ghosts short of a complete suit: the complete suits less up to four tiles."""
    level = set(table) | {0}
    found = set(level)
    for _ in range(LOOKUP_MAX):
        level = {v - (1 << 4 * r) for v in level for r in range(9) if v >> 4 * r & 15} - found
        found |= level
    return found


def _little(a: array) -> bytes:
    if sys.byteorder == "big":
        a = array(a.typecode, a)
        a.byteswap()
    return a.tobytes()


def _read(data: bytes) -> tuple:
    """The file's tables (see `shipped_entry`). ValueError if it is not such a file."""
    raw = zlib.decompress(data)
    magic, version, n, t, o = _HEAD.unpack_from(raw)
    if magic != _MAGIC or version != _VERSION:
        raise ValueError("not a suit entries file of this version")
    at = _HEAD.size
    lengths, at = raw[at:at + t], at + t
    flat, at = raw[at:at + 5 * o], at + 5 * o
    # Per word of the bitmap, how many vectors and options come before it: counted in C
    # from what each word holds (a sum per vector took 35 ms of a batch's start).
    ranks = array("I", accumulate(raw[at:at + _WORDS], initial=0))
    sizes, at = raw[at + _WORDS:at + _WORDS + n], at + _WORDS + n
    word_options, at = _array("H", raw, at, _WORDS)
    starts = array("I", accumulate(word_options, initial=0))
    bits, at = _array("Q", raw, at, _WORDS)
    table_no, at = _array("H", raw, at, n)
    witnesses, at = _array("H", raw, at, starts[-1])
    # (zlib's checksum has found any change to the bytes; the lengths find a file written
    # by some other build.)
    if at != len(raw) or len(lengths) != t or sum(lengths) != o or ranks[-1] != n:
        raise ValueError("suit entries file cut short or too long")
    rows, i = [], 0
    for size in lengths:
        rows.append(tuple(tuple(flat[j:j + 5]) for j in range(5 * i, 5 * (i + size), 5)))
        i += size
    return bits, ranks, starts, sizes, table_no, witnesses, rows


def _array(code: str, raw: bytes, at: int, n: int) -> tuple:
    a = array(code)
    end = at + a.itemsize * n
    a.frombytes(raw[at:end])
    if len(a) != n:
        raise ValueError("suit entries file cut short")
    if sys.byteorder == "big":
        a.byteswap()
    return a, end


def load() -> bool:
    """Read the shipped file now, if not read yet (a batch about to fork its workers does,
    so that they share it); False if there is none to read."""
    return _ready()[0] is not None


def _ready():
    got = _STATE[0] if _STATE else None
    if got is None:
        try:
            tables = _read(PATH.read_bytes())
        except (OSError, ValueError, zlib.error, struct.error):
            tables = None
        _merged, placed = _make_spreads()
        spreads = _spreads(LOOKUP_MAX, 9)
        got = (tables, [placed[d] for d in spreads])  # (where each spread puts its ghosts)
        _STATE[:] = [got]  # whole, in one step: another thread sees all or none
    return got


_STATE: list = []


def shipped_entry(c: tuple, g: int, shape_of):
    """`classes._entry` of a suit with counts `c`, no meld, a ghost free to play any rank,
    and `g` (1 to 4) ghosts to spend, read off the shipped file: None if it cannot be read,
    MISSING if there is no file. `shape_of` numbers a signature table (`plain_table`)."""
    tables, placed = _STATE[0] if _STATE else _ready()
    if tables is None:
        return MISSING
    bits, ranks, starts, sizes, table_no, witnesses, rows = tables
    if max(c) > 4:
        return None
    # A vector's number in base 5; its bit in the bitmap says whether it is a row, and the
    # bits below it in its word, which row.
    at = sum(map(_mul, c, OFFSETS)) >> 1
    word, bit = at >> 6, at & 63
    w = bits[word]
    if not w >> bit & 1:
        return None
    first = ranks[word]
    i = first + (w & (1 << bit) - 1).bit_count()
    t = table_no[i]
    got = _BY_BUDGET.get(t << 3 | g)
    if got is None:
        got = _budget_table(rows[t], g, shape_of)
        make_room(_BY_BUDGET, 3 << 9)  # (full by a batch's 20,000th record)
        _BY_BUDGET[t << 3 | g] = got
    shape, kept = got
    if shape is None:
        return None
    # Each witness is the counts with its ghosts placed, read back from them when its groups
    # are asked for (`witness.class_groups`): kept as None, so an entry holds no number of
    # its own (an entry: 204 bytes, where it took 351). (Not shared between
    # entries placing ghosts alike: 20,000 batch hands met 3,800 ways for 8,200 entries.)
    start, out = starts[word] + sum(sizes[first:i]), []
    for p in kept:
        out += (None, placed[witnesses[start + p]])
    return shape[0], shape[1], tuple(out)


def _budget_table(row: tuple, g: int, shape_of) -> tuple:
    """((shape id, signature table), which options are kept) of a table at budget `g`: the
    options spending at most `g` ghosts. (None, ()): none does."""
    kept = tuple(p for p, opt in enumerate(row) if opt[0] <= g)
    if not kept:
        return None, ()
    table = tuple(((k, pair), (fours, run, tiles, pair))
                  for k, fours, run, tiles, pair in (row[p] for p in kept))
    return shape_of(table), kept


# A signature table's number << 3 | a budget -> `_budget_table`. Bounded like the shapes it
# holds (`plain_table._SHAPES`): a batch of 200,000 hands met 5,000 of the 4 x 1,989, a few
# hundred kilobytes that went on growing after its first 20,000.
_BY_BUDGET: dict = {}


if __name__ == "__main__":
    PATH.write_bytes(build())
