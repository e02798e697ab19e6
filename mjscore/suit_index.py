"""An index of the complete suits (`plain_suits.packed_suits`) that `plain_suits.suit_lookup`
reads every ghost spread of a suit from in one C call.

A suit's counts read as a number in base 5 (rank 1 the lowest digit) make adding a ghost
spread adding the spread's number. The index is an array with a 16-bit cell per such number
up to the largest a suit and a spread can reach: 0 where the counts are no complete suit, else
the complete suit's number (from 1), under which three lists give its packed counts, its
tile count and signature table's number as one key, and its signatures. One `itemgetter` per
ghost budget and tile count mod 3 then reads the cells at every spread's offset at once, from
a view of the index starting at the suit's own number. A rank pushed past four copies carries
into the next digit in base 5 and may land on a complete suit that is not this suit's: the
caller checks each hit against the suit's counts.

Made with the first lookup of a process that has the table of complete suits (a batch, a
benchmark: 7 MB and some 35 ms, once), never for one hand.
"""

from __future__ import annotations

from array import array
from operator import itemgetter

POW5 = tuple(5 ** r for r in range(9))
BASE9 = 5 ** 9  # the first number past nine ranks of at most four copies
# Packed counts (four bits a rank) of three ranks -> their base-5 number.
_CHUNK5 = {a | b << 4 | c << 8: a + 5 * b + 25 * c for a in range(5) for b in range(5)
           for c in range(5)}


def base5(v: int) -> int:
    """Packed counts (four bits a rank, each at most 4) as a number in base 5."""
    return _CHUNK5[v & 0xFFF] + _CHUNK5[v >> 12 & 0xFFF] * 125 + _CHUNK5[v >> 24] * 15625


def _getter(numbers: list):
    """itemgetter(*numbers), always giving a tuple (itemgetter of one gives the item)."""
    if len(numbers) > 1:
        return itemgetter(*numbers)
    if numbers:
        only = numbers[0]
        return lambda view: (view[only],)
    return lambda view: ()


def index_of(table: dict, merged: list) -> tuple:
    """(a view of the index of `table`, one getter per ghost budget and tile count mod 3 over
    the spreads `merged` lists in that order, and by complete suit number: its tile count <<
    5 | its signature table's number, its packed counts, its signatures), made anew: the
    process keeps it with what else a lookup reads (`plain_suits._ready`)."""
    # The complete suits have 12 distinct signature tables (they depend on the counts alone,
    # the same in every ruleset): a key holds a table's number in five bits (a test checks
    # there are fewer than 32).
    numbers: dict = {}  # a table -> (its number, its signatures)
    data = array("H", bytes(2 * (BASE9 + 4 * POW5[8])))  # room past the last suit for a spread
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
    getters = [[_getter([base5(d) for d in spreads]) for spreads in by_held]
               for by_held in merged]
    return memoryview(data).toreadonly(), getters, keys, suits, sigs_of
