"""Bounded caches in plain dicts: a long batch's memory levels off, and no single hand pays
for emptying one."""

from __future__ import annotations

from functools import wraps
from itertools import count, islice


def make_room(table: dict, limit: int) -> None:
    """Before adding to `table`: when it holds `limit` entries, drop the oldest sixteenth.

    Emptying a full table at once freed thousands of suit tables in one go, an 18 ms pause in
    the middle of one hand; a sixteenth at a time spreads that over many hands, and what stays
    is the most recent, the likeliest to be asked for again."""
    if len(table) >= limit:
        try:
            oldest = list(islice(table, max(1, limit >> 4)))
        except RuntimeError:  # another thread changed the table meanwhile; next time, then
            return
        for key in oldest:
            table.pop(key, None)  # another thread may have dropped it already
        _compact(table, len(oldest))


# id of a table -> how many keys can still be added to it before its dict grows (`_compact`).
_ROOM: dict = {}


def _compact(table: dict, dropped: int) -> None:
    """Copy `table` afresh when the `dropped` keys about to come in would make it grow.

    A dict's dropped keys keep their slots until it next grows, and it then grows to fit
    three times what it holds, not what it will hold: a full table of 8,192 kept 32,768
    slots (576 KB) where 16,384 (288 KB) hold it, and the five largest tables, churning,
    doubled to 1.9 MB after a batch's 10,000th hand. Copied, it has no dropped slots and
    the size a dict of its keys is made with; the copy is made only when the room it left
    is used up (every sixth drop of a table of 8,192), 110 us each. batch_bench.py --memory
    with --jobs 2: peak RSS +2.8% to +5.7% from 20,000 to 200,000 records, not +8.9% to
    +10.4%. (The room is worked out as CPython sizes dicts: one grown anyway is only the
    memory it was before.)"""
    room = _ROOM.get(id(table), 0) - dropped  # (the keys added since the last drop)
    if room >= dropped:
        _ROOM[id(table)] = room
        return
    kept = dict(table)  # (sized for its keys: CPython's dict_merge presizes an empty dict)
    table.clear()
    table.update(kept)  # (a clean dict of the right size is cloned whole, not rehashed)
    size = 8
    while size < (3 * len(table) + 1) >> 1:
        size <<= 1
    _ROOM[id(table)] = (size << 1) // 3 - len(table)


_NUMBERS = count(1)  # from 1: a number is never mistaken for a miss


def number_for(table: dict, key, limit: int) -> int:
    """The number `table` gives `key`, a new one if it has none. Numbers are never reused, so
    a number dropped from `table` (`make_room`) and given anew never stands for two keys, and
    whatever was kept under the old one is simply not found again."""
    n = table.get(key)
    if n is None:
        make_room(table, limit)
        n = table[key] = next(_NUMBERS)
    return n


def shared(table: dict, value, limit: int):
    """`value` as `table` first met it, so that equal values made apart are kept as one
    object; once `table` holds `limit`, a new value is its own (nothing is dropped: what is
    shared stays valid for whoever holds it)."""
    return table.setdefault(value, value) if len(table) < limit else value


def numbered(table: dict, key, limit: int) -> tuple:
    """(number, key): `number_for`, and the key as `table` first met it, so that equal keys
    made apart are kept as one object by whoever keeps them (a batch keeps thousands)."""
    got = table.get(key)
    if got is None:
        make_room(table, limit)
        got = table[key] = (next(_NUMBERS), key)
    return got


def memo(limit: int):
    """Memoise a function of hashable arguments in a plain dict of at most `limit` entries
    (`make_room`). Unlike functools.lru_cache it adds no per-entry objects for the garbage
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
            make_room(table, limit)
            out = table[args] = fn(*args)
            return out
        wrapper.cache_clear = table.clear
        wrapper.table = table
        return wrapper
    return deco
