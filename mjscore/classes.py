"""A class's options (a suit, an honour): its signature table under a shape id, with the
witness of each signature and where it puts ghosts, looked up or worked out (a witness's
groups are `witness`'s).

With no ghost and no meld a class's options depend on its counts alone, so they are looked up
by them directly (`plain_options`); once a process has searched enough new suits (or a batch
is about to start worker processes, `make_table`), the whole table of readable suits is made at
once (`plain_suits.complete_suits`), and a suit with ghosts and no meld is read off it too
(`plain_suits.suit_lookup`), giving what the programme would.
"""

from __future__ import annotations

from . import tiles as T
from .bounded import make_room, numbered
from .plain_suits import (LOOKUP_MAX, lookup_ready, pack, packed_suits, suit_lookup,
                          suit_plain, unpack)
from .reading import _NO_MELDS, EMPTY_SUIT
from .suit_programmes import honour_standard, pairs_open, suit_pairs, suit_standard

# Classes of kinds in display order (so readings need no sorting, and options are combined in
# the order `scoring.lowest_ghosts` compares final tiles), and which classes are
# interchangeable for every pattern (the group: suits, winds, dragons).
CLASSES = [(name, tuple(kinds), grp) for name, kinds, grp in
           [("m", range(0, 9), 0), ("p", range(9, 18), 0), ("s", range(18, 27), 0)]
           + [(T.name(k), [k], 1 if k in (T.E, T.S, T.W, T.N) else 2)
              for k in T.DISPLAY_ORDER[27:]]]


_SHAPES: dict = {}  # a class's signature table (witnesses left out) -> (a number never reused,
# the table as first met: entries share it)
_SHAPE_LIMIT = 1 << 11  # full within a batch's first 20,000 hands or so, then level


def _entry(size: int, c: tuple, m: tuple, cd: tuple, g: int, shape: str):
    """A class's options as (shape id, sigs, (witness, placed, witness, placed, ...)); `sigs`
    is ((key, sig), ...) with key (ghosts, pair-or-pairs), the witnesses are in the same order,
    and `placed` is where a witness puts ghosts (`_placed`). None if the class cannot be read
    at all. (The whole no-ghost table's entries have None for the witnesses, and a looked-up
    suit a number: `witness.class_groups` and `ghosts_placed` read all three.)

    The options come in the order a reading prefers them: the most ghosts at the lowest ranks
    first (as `scoring.best` does between readings), so that where two picks give a hand the
    same signature the combination keeps that one. Many different tile counts give the same
    signature table (the shape id), so the cross-class combination is worked out once per
    shape ids, not once per hand."""
    packed, flat = _plain_state["packed"], None
    # (The lookups know no kind with fewer than four copies: `cd` 4 everywhere, see rs.cand.)
    if shape == "standard" and size == 9 and g and packed is not None and g <= LOOKUP_MAX and \
            not any(m) and min(cd) == 4:
        flat = suit_lookup(c, g, packed)  # already in that order
    elif shape == "seven_pairs" and not any(m) and min(cd) == 4:
        flat = pairs_open(c, g)  # already in that order; None: too many ghosts for it
    if flat is None:
        if shape == "seven_pairs":
            opts = suit_pairs(c, m, cd, g)
        elif size == 9:
            opts = suit_plain(c, m) if not g else suit_standard(c, m, cd, g)
            _searched()
        else:
            opts = honour_standard(c[0], m[0], cd[0], g)
        flat = [(key, sig, w, _placed(c, w, shape)) for key, table in opts.items()
                for sig, w in table.items()]
        if g:  # with no ghost every option places none: the tables' own order, sorted
            flat.sort(key=lambda o: (_preference(o[3], size), o[0], o[1]))
    if not flat:
        return None
    table = tuple([(key, sig) for key, sig, _w, _p in flat])
    got = _SHAPES.get(table)
    if got is None:  # a new table: its pairs made the shared ones (a known table's are)
        table = tuple([numbered(_KEY_SIGS, ks, 1 << 12)[1] for ks in table])
        got = numbered(_SHAPES, table, _SHAPE_LIMIT)
    # The witnesses flat (witness, placed, witness, placed, ...): one tuple an entry, not one
    # a signature, so twice as many entries fit in the memory (`_ENTRY_LIMIT`).
    return got[0], got[1], tuple([x for _k, _s, w, placed in flat for x in (w, placed)])


# (key, signature) -> (a number, the pair as first met: `bounded.numbered`). A few hundred
# recur across every class's table, so the tables share them and hold only their
# references: a sixth of the memory they took (the 1,530 tables after 30,000 batch hands:
# 0.16 MB, not 1.0 MB), and a table made again after `_SHAPES` dropped it costs little while
# the old copy lives on in entries.
_KEY_SIGS: dict = {}


def _preference(placed: tuple, size: int) -> tuple:
    """A sort key putting the most ghosts at the lowest ranks first."""
    out = [0] * size
    for r, n in placed:
        out[r] = -n
    return tuple(out)


_ENTRIES: dict = {}  # (counts, number of the meld counts and ghost ranks, budget, shape) -> _entry
# Sized so a long batch's memory levels off within its first 20,000 hands (batch_bench.py
# --memory: +5.7% from 20,000 to 200,000 records, 42.0 to 44.4 MB). Entries share their
# tuples (`_spans`, `bounded.numbered`) and keep their witnesses in one flat tuple, so 8,192
# fit where 4,096 did: a fifth fewer misses, with one or two ghosts or four, 4-7% fewer
# instructions a hand. Twice as many again halved the misses but grew memory by 14% after
# 20,000 records (each worker of --jobs 2 sees half of them, too few to fill it).
_ENTRY_LIMIT = 1 << 13


def ghosts_placed(entry, pick: int) -> tuple:
    """((rank, ghosts), ...) that the witness of `pick` places (table entries place none)."""
    return () if entry[2] is None else entry[2][2 * pick + 1]


def _placed(c: tuple, w: tuple, shape: str) -> tuple:
    """Where witness `w` puts ghosts: ((rank, how many), ...); a reading's final counts are
    the tiles held plus these."""
    if shape == "seven_pairs":
        return tuple((i, f - n) for i, (n, f) in enumerate(zip(c, w)) if f != n)
    return tuple((i, step[3]) for i, step in enumerate(w) if step[3])


# (kinds, first kind, one past the last, symmetry group) of each class, honours apart: most
# hands hold none, and one test skips all seven.
_SUIT_SPANS = [(kinds, kinds[0], kinds[-1] + 1, grp) for _n, kinds, grp in CLASSES[:3]]
_HONOUR_SPANS = [(kinds, kinds[0], kinds[-1] + 1, grp) for _n, kinds, grp in CLASSES[3:]]


def class_options(nat, in_melds, cand, g, shape, max_suits=None):
    """(kinds, group, entry) for each class that can hold tiles (see `_entry`). A class
    with no tile and no room for a ghost adds nothing and is left out, as is a suit with no
    tile when `max_suits` suits already hold tiles (ghosts there would make one suit too
    many). None when some class cannot be read at all."""
    if not g and in_melds is _NO_MELDS and shape == "standard":
        got = plain_options(nat, None)
        return got and got[0]
    spans = _spans(in_melds, cand)
    if not (any(nat[27:]) or any(in_melds[27:]) or g and any(cand[27:])):
        spans = spans[:3]
    held, suits = [], 0
    for span in spans:
        c = nat[span[1]:span[2]]
        has = any(c) or any(span[4])
        if not has and not (g and span[6]):
            continue
        suits += has and not span[3]
        held.append((span, c, has))
    if max_suits and suits >= max_suits:
        held = [h for h in held if h[2] or h[0][3]]
    budgets = _budgets(held, g, shape)
    if budgets is None:
        return None
    options = []
    for ((kinds, _lo, _hi, grp, m, cd, _any_cd, parts), c, _has), budget in zip(held, budgets):
        key = (c, parts, budget, shape)  # the same for any suit
        entry = _ENTRIES.get(key)
        if entry is None:
            entry = _entry(len(c), c, m, cd, budget, shape)
            make_room(_ENTRIES, _ENTRY_LIMIT)
            _ENTRIES[key] = entry
        if entry is None:
            return None
        options.append((kinds, grp, entry))
    return options


def _spans(in_melds: tuple, cand: tuple) -> tuple:
    """Each class's span (suits, then honours) as (kinds, first kind, one past the last,
    symmetry group, meld counts, ghost ranks (the copies a ghost may make each up to:
    `rs.cand`), whether a ghost may play there at all, a number for the two): the counts and
    ranks as tuples shared by every entry, keyed by the number, which is hashed faster than
    they are (and an entry's key holds one object, not two).
    Kept per ruleset and melds: the same few recur."""
    # (By identity for the usual no melds, where hashing the counts would cost more than the
    # lookup saves; holding `cand` keeps its id from being given to another object.)
    key = id(cand) if in_melds is _NO_MELDS else (in_melds, id(cand))
    got = _SPAN_SETS.get(key)
    if got is not None and got[0] is cand:
        return got[1]
    spans = []
    for kinds, lo, hi, grp in _SUIT_SPANS + _HONOUR_SPANS:
        number, (m, cd) = numbered(_PARTS, (in_melds[lo:hi], cand[lo:hi]), 1 << 10)
        spans.append((kinds, lo, hi, grp, m, cd, any(cd), number))
    spans = tuple(spans)
    make_room(_SPAN_SETS, 1 << 8)
    _SPAN_SETS[key] = (cand, spans)
    return spans


_PARTS: dict = {}  # (meld counts, ghost ranks) of a class -> (number, the pair as first met)
_SPAN_SETS: dict = {}  # id(ghost ranks), or (meld counts, id(ghost ranks)) -> (them, `_spans`)


def _budgets(held: list, g: int, shape: str) -> list | None:
    """The ghosts each class may spend: all `g`, less the fewest the other classes need. An
    option spending more can never be part of a reading of the hand, so leaving it out
    changes no reading (nor which pick a reading keeps: a partial combination holding it
    has spent too many to finish, as has any with which it shares a key); it only makes the
    class's search and the combination smaller. None: the classes need more than `g`.

    The fewest: for seven pairs, one ghost per kind held an odd number of times. For sets and
    a pair every class may spend all `g`."""
    # Measured: with one or two ghosts the searches are cheap, and with more than four the
    # hands' classes vary more by budget than they gain; neither is worth the work. Nor, for
    # sets and a pair, were the fewest each suit needs (read off the table of complete suits):
    # a suit's lookup at the whole budget costs little more than at less, and with one budget
    # a suit's counts make one entry, not up to five (callgrind, 4 ghosts: 483,179
    # instructions a hand with them, 476,091 without).
    if shape != "seven_pairs" or not 3 <= g <= LOOKUP_MAX:
        return [g] * len(held)
    fewest = [sum(map(_ODD, c)) for _span, c, _h in held]
    spare = g - sum(fewest)
    if spare < 0:
        return None
    return [spare + f for f in fewest]


_ODD = (1).__and__  # n -> 1 when n is odd


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


def plain_options(nat, tail):
    """`class_options` with no ghost and no meld, and a key for their combination: the
    classes' shape ids after `tail` (what else the combination depends on)."""
    if nat[27:] != _Z7:
        return _plain_options(nat, tail, _SUIT_SPANS + _HONOUR_SPANS)
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


_M, _P, _S = (kinds for kinds, _lo, _hi, _grp in _SUIT_SPANS)


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
        out = _entry(len(c), c, z, z, 0, "standard") or False
    if table is not state["full"]:
        make_room(table, _PLAIN_LIMIT)
    table[c] = out
    return out


def _searched() -> None:
    """Count a suit searched; make the whole table once enough were."""
    state = _plain_state
    state["misses"] += 1
    if state["misses"] >= _TABLE_AFTER and state["full"] is None:
        fill_plain()


def make_table() -> None:
    """Make the table of complete suits and `suit_lookup`'s index of it now, if not made
    yet: a batch about to fork its worker processes does, so that they share them rather
    than each searching its first suits one by one and then making its own. Plain suits are
    then read off it as they are met (`_plain_entry`): an entry for each of its 21,742 suits
    (`fill_plain`) took a third of the time the workers wait for, and a batch of hands with
    ghosts reads none of them."""
    packed = _plain_state["packed"] = _table_entries()[0]
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
