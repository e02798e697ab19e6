"""A class's entry with no ghost to spend (`no_ghost_entry`), the table of complete suits this
process keeps, and the shape ids every class entry is numbered by (`entry_of`; an entry's
form is `classes._entry`'s).

With no ghost and no meld a class's options depend on its counts alone, so they are looked up
by them directly (`plain_options`, `suit_options`); once a process has searched enough new
suits (or a batch is about to start worker processes, `make_table`), the whole table of
readable suits is made at once (`plain_suits.complete_suits`), and `classes` reads a suit with
ghosts and no meld off the shipped rows from then on (`suit_entries`, made with
`plain_suits.suit_lookup`), giving what the programme would.
"""

from __future__ import annotations

from .bounded import make_room, numbered
from .plain_suits import lookup_ready, pack, packed_suits, suit_plain, unpack
from .reading import EMPTY_SUIT
from .suit_programmes import honour_standard
from .tiles import CLASSES

_SHAPES: dict = {}  # a class's signature table (witnesses left out) -> (a number never reused,
# the table as first met: entries share it)
_SHAPE_LIMIT = 3 << 9  # full within a batch's first 20,000 hands, then level (`decompose`)


def entry_of(flat: list):
    """A class's entry (`classes._entry`) from its options `flat`, [(key, sig, witness,
    placed), ...] in the order a reading prefers them; None if there are none.

    Many different tile counts give the same signature table (the shape id), so the
    cross-class combination is worked out once per shape ids, not once per hand."""
    if not flat:
        return None
    got = shape_of(tuple([(key, sig) for key, sig, _w, _p in flat]))
    # The witnesses flat (witness, placed, witness, placed, ...): one tuple an entry, not one
    # a signature, so twice as many entries fit in the memory (`classes._ENTRY_LIMIT`).
    return got[0], got[1], tuple([x for _k, _s, w, placed in flat for x in (w, placed)])


def shape_of(table: tuple) -> tuple:
    """(shape id, the table as first met) of a class's signature table ((key, sig), ...)."""
    got = _SHAPES.get(table)
    if got is None:  # a new table: its pairs made the shared ones (a known table's are)
        table = tuple([numbered(_KEY_SIGS, ks, 1 << 12)[1] for ks in table])
        got = numbered(_SHAPES, table, _SHAPE_LIMIT)
    return got


# (key, signature) -> (a number, the pair as first met: `bounded.numbered`). A few hundred
# recur across every class's table, so the tables share them and hold only their
# references: a sixth of the memory they took (the 1,530 tables after 30,000 batch hands:
# 0.16 MB, not 1.0 MB), and a table made again after `_SHAPES` dropped it costs little while
# the old copy lives on in entries.
_KEY_SIGS: dict = {}


def no_ghost_entry(c: tuple, m: tuple, cd: tuple):
    """`classes._entry` of a class with no ghost to spend, in the standard shape: a suit
    searched depth first (and counted, `_searched`), an honour's one reading or none."""
    if len(c) == 9:
        opts = suit_plain(c, m)
        _searched()
    else:
        opts = honour_standard(c[0], m[0], cd[0], 0)
    # With no ghost every witness places none, and the tables' own order is the preferred.
    return entry_of([(key, sig, w, ()) for key, table in opts.items()
                     for sig, w in table.items()])


# No ghost and no meld (most hands of a log): a class's entry depends on its counts alone, so
# it is looked up by them directly. Counts that cannot be read map to False, no tile to EMPTY.
_PLAIN: dict = {}
EMPTY = object()
_PLAIN_LIMIT = 1 << 12
# Suits searched one by one before the whole table of readable suits is made (about 50 ms,
# as long as searching some 2,500 suits; see plain_suits): a batch gets there, one hand never.
_TABLE_AFTER = 1024
# full: the whole table once made, by counts; packed: the same by packed counts (suit_lookup);
# entries: (packed, id(a signature table of it) -> the entry of its suits)
_plain_state = {"misses": 0, "full": None, "packed": None, "entries": None}
_Z7 = (0,) * 7
# (kinds, first kind, one past the last, symmetry group) of each class, suits first.
_SPANS = [(kinds, kinds[0], kinds[-1] + 1, grp) for _n, kinds, grp in CLASSES]


def plain_options(nat, tail):
    """`classes.class_options` with no ghost and no meld, and a key for their combination:
    the classes' shape ids after `tail` (what else the combination depends on)."""
    if nat[27:] != _Z7:
        return _plain_options(nat, tail, _SPANS)
    return suit_options((nat[:9], nat[9:18], nat[18:27]), tail)


def suit_options(suits, tail):
    """`plain_options` of a hand holding no honour, from its m, p, s counts (which
    `reading.Tiles.suits` has already)."""
    # The three suits spelt out (most hands hold no honour): this runs for every plain hand.
    get = _PLAIN.get
    m, p, s = suits
    em = EMPTY if m is EMPTY_SUIT else get(m)
    ep = EMPTY if p is EMPTY_SUIT else get(p)
    es = EMPTY if s is EMPTY_SUIT else get(s)
    if em is None:
        em = _plain_entry(m)
    if ep is None:
        ep = _plain_entry(p)
    if es is None:
        es = _plain_entry(s)
    if not (em and ep and es):
        return None
    # Each case written out: appending to lists and a tuple of ids took 6% more of a plain
    # hand's decomposition (callgrind), and a comprehension a third more.
    if em is EMPTY:
        if ep is EMPTY:
            return ([(_S, 0, es)], (tail, es[0])) if es is not EMPTY else ([], (tail,))
        if es is EMPTY:
            return [(_P, 0, ep)], (tail, ep[0])
        return [(_P, 0, ep), (_S, 0, es)], (tail, ep[0], es[0])
    if ep is EMPTY:
        if es is EMPTY:
            return [(_M, 0, em)], (tail, em[0])
        return [(_M, 0, em), (_S, 0, es)], (tail, em[0], es[0])
    if es is EMPTY:
        return [(_M, 0, em), (_P, 0, ep)], (tail, em[0], ep[0])
    return [(_M, 0, em), (_P, 0, ep), (_S, 0, es)], (tail, em[0], ep[0], es[0])


_M, _P, _S = (kinds for kinds, _lo, _hi, _grp in _SPANS[:3])


def _plain_options(nat, tail, spans):
    options, ids = [], [tail]
    get = _PLAIN.get
    for kinds, lo, hi, grp in spans:
        c = nat[lo:hi]
        entry = get(c)
        if entry is None:
            entry = _plain_entry(c)
        if entry is EMPTY:
            continue
        if not entry:
            return None
        options.append((kinds, grp, entry))
        ids.append(entry[0] if not grp else (grp, entry[0]))
    return options, tuple(ids)


def _plain_entry(c: tuple):
    # The table this call started with: the whole table replaces it as a new dict, made in
    # full before it is swapped in, so a lookup in another thread never finds it half made.
    # (Empty suits and honours are still added to it as they are met: a few entries.)
    state, table = _plain_state, _PLAIN
    if not any(c):
        out = EMPTY
    elif state["full"] is not None and len(c) == 9:
        # Every suit that can be read is there. Not kept: unreadable counts are unbounded.
        return state["full"].get(c, False)
    elif state["entries"] is not None and len(c) == 9:  # the table alone (`make_table`)
        packed, entries = state["entries"]
        sigs = packed.get(pack(c)) if max(c) <= 4 else None
        out = entries[id(sigs)] if sigs else False
        # Counted as a suit searched: a worker meeting many plain suits makes the whole
        # table after all (in its own process, beside the others), and looks them up there.
        _searched()
    else:
        z = (0,) * len(c)
        out = no_ghost_entry(c, z, z) or False
    if table is not state["full"]:
        make_room(table, _PLAIN_LIMIT)
    table[c] = out
    return out


def _searched() -> None:
    """Count a suit searched (here or, with ghosts, by `classes._entry`); make the whole
    table once enough were."""
    state = _plain_state
    state["misses"] += 1
    if state["misses"] >= _TABLE_AFTER and state["full"] is None:
        fill_plain()


def make_table() -> None:
    """Make the table of complete suits now, and read the shipped suits with ghosts
    (`suit_entries`; without them, make `suit_lookup`'s index), if not done yet: a batch
    about to fork its worker processes does, so that they share them rather than each
    searching its first suits one by one and then making its own. Plain suits are then read
    off it as they are met (`_plain_entry`): an entry for each of its 21,742 suits
    (`fill_plain`) took a third of the time the workers wait for, and a batch of hands with
    ghosts reads none of them."""
    from .suit_entries import load as load_entries  # (not at import: see `classes._shipped`)
    packed = _plain_state["packed"] = _table_entries()[0]
    if not load_entries():
        lookup_ready(packed)


def fill_plain() -> None:
    """Every readable suit's entry, its witnesses left to be found when a reading's groups
    are asked for (`witness.first_reading`): scoring needs only the signatures. Suits with ghosts
    are looked up in it from then on (`plain_suits.suit_lookup`)."""
    global _PLAIN
    packed, entries = _table_entries()
    table = {unpack(v): entries[id(sigs)] for v, sigs in packed.items()}
    _plain_state["packed"] = packed
    _plain_state["full"] = _PLAIN = table


def _table_entries() -> tuple:
    """(the table of complete suits, id(signature table) -> the entry of every suit with
    that table), made if not made yet: a dozen tables, each one object its suits share. Kept
    together, as one value another thread reads whole."""
    got = _plain_state["entries"]
    if got is None:
        packed = _plain_state["packed"] or packed_suits()
        tables = {id(sigs): sigs for sigs in packed.values()}
        got = _plain_state["entries"] = (packed, {
            i: (*numbered(_SHAPES, sigs, _SHAPE_LIMIT), None) for i, sigs in tables.items()})
    return got
