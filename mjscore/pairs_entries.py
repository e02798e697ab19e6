"""A seven pairs class's entry worked out on the spot rather than looked up (`pairs_entry`):
where a ghost may play every rank and the ghosts left, once each odd count is made even,
raise one pair at most, its options follow from a few counts of its ranks (`pair_counts`),
and working them out cost about what a lookup in `classes._ENTRIES` did, without the misses
(most such classes are new to a batch) or the entries crowding the memory a hand reads.
The entry is `classes._entry`'s, in its form; tests/test_plain_suits.py holds them alike.
"""

from __future__ import annotations

from .bounded import make_room
from .plain_table import shape_of
from .reading import _ODD_BYTES
from .suit_programmes import _COUNT_BYTES, _RAISE, evened_option, pair_counts
from .witness import ON_COUNTS


def pairs_entry(c: tuple, g: int):
    """`classes._entry` of a seven pairs class with no meld where a ghost may play every
    rank, when the ghosts left once each odd count is made even can raise one pair at most:
    with none, `pairs_open`'s one reading (each odd count made even), its witness
    `ON_COUNTS`; with one, `_raise_entry`. `SLOW` where there is more to it (two raises, a
    count past four)."""
    raw = bytes(c)
    counts = pair_counts(raw)
    if counts is None:
        return SLOW
    forced = counts[1]
    if forced > g:
        return None
    spare = g - forced
    if spare > 3:
        return SLOW
    mask = raw.translate(_ODD_BYTES)
    flat = _EVEN_FLAT.get(mask)
    if flat is None:
        make_room(_EVEN_FLAT, 1 << 10)
        flat = _EVEN_FLAT[mask] = (ON_COUNTS, tuple([(i, 1) for i, n in enumerate(mask) if n]))
    if spare > 1:
        return _raise_entry(raw, counts, flat)
    shape = _PAIR_SHAPES.get(counts)
    if shape is None:
        make_room(_PAIR_SHAPES, 1 << 10)
        shape = _PAIR_SHAPES[counts] = shape_of((evened_option(counts),))
    return shape[0], shape[1], flat


def _raise_entry(raw: bytes, counts: tuple, even: tuple):
    """`pairs_entry` where the ghosts left can raise one pair (two or three spare):
    `pairs_open`'s options, a raise at the first rank holding no tile, one, two (in rank
    order), then none; `even`, the witness of none. Worked out, not kept: as many classes
    differ as hands do, and nearly each of them missed the entries kept (a 4-ghost hand with
    two to spare took twice as long as one with none)."""
    firsts = sorted([r for r in map(raw.find, _COUNT_BYTES) if r >= 0])
    key = (counts, bytes([raw[r] for r in firsts]))  # what each raise's rank holds
    shape = _RAISE_SHAPES.get(key)
    if shape is None:
        c1, forced, pairs, n4, _held = counts
        k, up = forced + 2, pairs + 1
        table = [((k, up), (n4 + f, 1, up, c1 + single))
                 for _k, f, single in map(_RAISE.__getitem__, key[1])]
        make_room(_RAISE_SHAPES, 1 << 10)
        shape = _RAISE_SHAPES[key] = shape_of(tuple(table + [evened_option(counts)]))
    flat = []
    for r in firsts:
        placed = dict(even[1])
        placed[r] = placed.get(r, 0) + 2
        flat += (ON_COUNTS, tuple(sorted(placed.items())))
    return shape[0], shape[1], tuple(flat) + even


SLOW = object()  # `pairs_entry`: not worked out here, looked up (`classes._ENTRIES`)
_RAISE_SHAPES: dict = {}  # (`pair_counts`, what each raise's rank holds) -> `shape_of`
_PAIR_SHAPES: dict = {}  # `pair_counts` -> `shape_of` of its one option
_EVEN_FLAT: dict = {}  # which counts are odd (`_ODD_BYTES`) -> an entry's witnesses
