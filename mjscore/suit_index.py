"""An index of the complete suits (`plain_suits.packed_suits`) that `plain_suits.suit_lookup`
reads every ghost spread of a suit from in one C call.

A suit's counts read as a number in base 5 (rank 1 the highest digit) make adding a ghost
spread adding the spread's number. The index is an array with a 16-bit cell per such number
up to the largest a suit and a spread can reach: 0 where the counts are no complete suit, else
the complete suit's number (from 1), under which three lists give its packed counts, its
tile count and signature table's number as one key, and its signatures. One `struct` format
per ghost budget and tile count mod 3 then reads the cells at every spread's offset at once,
from the suit's own cell on. A rank pushed past four copies carries into the next digit in
base 5 and may land on a complete suit that is not this suit's: the caller checks each hit
against the suit's counts.

Rank 1 is the highest digit so that the spreads, in the order a lookup wants them (the most
ghosts at the lowest ranks first, `plain_suits._spreads`), have falling numbers: a format reads
its cells at rising offsets, so it reads them in exactly the reverse of that order, and
reversing its tuple costs nothing. (An `itemgetter` over a memoryview read them in any order,
at some 240 instructions a cell against 110, most of them turning each offset into an index:
a 4-ghost suit reads some 320.)

Made with the first lookup of a process that has the table of complete suits (a batch, a
benchmark: 7 MB and some 35 ms, once), never for one hand.
"""

from __future__ import annotations

from array import array
from struct import Struct

# A cell's offset in bytes in the index, by rank: twice the rank's digit in base 5 (rank 1 the
# highest), so a suit's counts give their cell's offset as one sum.
OFFSETS = tuple(2 * 5 ** (8 - r) for r in range(9))
BASE9 = 5 ** 9  # the first number past nine ranks of at most four copies
# Packed counts (four bits a rank) of three ranks -> their base-5 number, the first the highest.
_CHUNK5 = {a | b << 4 | c << 8: 25 * a + 5 * b + c for a in range(5) for b in range(5)
           for c in range(5)}


def base5(v: int) -> int:
    """Packed counts (four bits a rank, each at most 4) as a number in base 5, rank 1 the
    highest digit."""
    return _CHUNK5[v & 0xFFF] * 15625 + _CHUNK5[v >> 12 & 0xFFF] * 125 + _CHUNK5[v >> 24]


def _reader(numbers: list):
    """A function of (index, a suit's cell's offset in bytes) giving the cells at `numbers`
    past it, which fall, in the reverse order: a `struct` format of 16-bit cells with the
    bytes between them skipped."""
    fmt, at = ["="], 0
    for n in reversed(numbers):
        if n < at:
            raise ValueError("spread numbers must fall")  # one format could not read them
        if n > at:
            fmt.append(f"{2 * (n - at)}x")
        fmt.append("H")
        at = n + 1
    return Struct("".join(fmt)).unpack_from


def index_of(table: dict, merged: list) -> tuple:
    """(a view of the index of `table`, one reader per ghost budget and tile count mod 3 of the
    spreads `merged` lists in that order (`_reader`), and by complete suit number: its tile count <<
    5 | its signature table's number, its packed counts, its signatures), made anew: the
    process keeps it with what else a lookup reads (`plain_suits._ready`)."""
    # The complete suits have 12 distinct signature tables (they depend on the counts alone,
    # the same in every ruleset): a key holds a table's number in five bits (a test checks
    # there are fewer than 32).
    numbers: dict = {}  # a table -> (its number, its signatures)
    data = array("H", bytes(2 * (BASE9 + 4 * 5 ** 8)))  # room past the last suit for a spread
    keys, suits, sigs_of = [0], [0], [()]
    for v, sigs in table.items():
        got = numbers.get(sigs)
        if got is None:
            got = numbers[sigs] = (len(numbers) + 1, tuple(sig for _key, sig in sigs))
        data[base5(v)] = len(suits)
        # Its tile count is the sum of its counts' digits in base 16, so v % 15 (16 is 1 mod
        # 15, and a complete suit holds at most 14 tiles).
        keys.append(v % 15 << 5 | got[0])
        suits.append(v)
        sigs_of.append(got[1])
    readers = [[_reader([base5(d) for d in spreads]) for spreads in by_held]
               for by_held in merged]
    return memoryview(data).toreadonly(), readers, keys, suits, sigs_of
