"""A class's options (a suit, an honour): its signature table under a shape id, with the
witness of each signature and where it puts ghosts, looked up or worked out (a witness's
groups are `witness`'s); and a hand's classes, with the ghosts each may spend
(`class_options`).

A class with no ghost to spend in the standard shape is `plain_table`'s, as are the classes
of a hand with no ghost and no meld (looked up by their counts) and the table of complete
suits: once a process has made it, a suit with ghosts and no meld is read off the shipped
rows here (`suit_entries`; without them, off the table: `plain_suits.suit_lookup`), giving
what the programme would.
"""

from __future__ import annotations

from .bounded import make_room, numbered
from .plain_suits import LOOKUP_MAX, suit_lookup
from .plain_table import _plain_state, _searched, entry_of, no_ghost_entry, plain_options, \
    shape_of
from .reading import _NO_MELDS, _ODD_BYTES, EMPTY_SUIT
from .pairs_entries import SLOW as _SLOW, pairs_entry
from .suit_programmes import honour_standard, pairs_open, suit_pairs, suit_standard
from .tiles import CLASSES
from .witness import ON_COUNTS


def _entry(size: int, c: tuple, m: tuple, cd: tuple, g: int, shape: str):
    """A class's options as (shape id, sigs, (witness, placed, witness, placed, ...)); `sigs`
    is ((key, sig), ...) with key (ghosts, pair-or-pairs), the witnesses are in the same order,
    and `placed` is where a witness puts ghosts (`_placed`). None if the class cannot be read
    at all. (The whole no-ghost table's entries have None for the witnesses, and a looked-up
    suit a number: `witness.class_groups` and `ghosts_placed` read all three.)

    The options come in the order a reading prefers them: the most ghosts at the lowest ranks
    first (as `scoring.best` does between readings), so that where two picks give a hand the
    same signature the combination keeps that one (`plain_table.entry_of` gives the shape
    id)."""
    if not g and shape == "standard":  # one reading a signature, no ghost to place
        return no_ghost_entry(c, m, cd)
    packed, flat = _plain_state["packed"], None
    # (The lookups know no kind with fewer than four copies: `cd` 4 everywhere, see rs.cand.)
    if shape == "standard" and size == 9 and packed is not None and g <= LOOKUP_MAX and \
            not any(m) and min(cd) == 4:
        missing, shipped_entry = _SHIPPED or _shipped()
        got = shipped_entry(c, g, shape_of)
        if got is not missing:
            return got
        flat = suit_lookup(c, g, packed)  # already in that order
    elif shape == "seven_pairs" and not any(m) and min(cd) == 4:
        flat = pairs_open(c, g)  # already in that order; None: too many ghosts for it
        if flat:  # each witness is the counts with its ghosts placed: kept as `ON_COUNTS`
            # (Not shared between entries placing ghosts alike: kept apart from the entries,
            # they outlived them, and a batch's memory grew by 0.45 MB from 10,000 hands to
            # 100,000.)
            return entry_of([(k, s, ON_COUNTS, p) for k, s, _w, p in flat])
    if flat is None:
        if shape == "seven_pairs":
            opts = suit_pairs(c, m, cd, g)
        elif size == 9:
            opts = suit_standard(c, m, cd, g)
            _searched()
        else:
            opts = honour_standard(c[0], m[0], cd[0], g)
        flat = [(key, sig, w, _placed(c, w, shape)) for key, table in opts.items()
                for sig, w in table.items()]
        if g:  # with no ghost every option places none: the tables' own order, sorted
            flat.sort(key=lambda o: (_preference(o[3], size), o[0], o[1]))
    return entry_of(flat)


def _shipped() -> list:
    """[`suit_entries.MISSING`, `suit_entries.shipped_entry`], imported on first use, not with
    this module: one hand never reads the file, and the module (with zlib) was 1.5 ms of a
    `mjscore score` start. (Kept here: an import statement run on each call took 5% of a
    hand with one or two ghosts.)"""
    from .suit_entries import MISSING, shipped_entry
    _SHIPPED[:] = [MISSING, shipped_entry]
    return _SHIPPED


_SHIPPED: list = []


def _preference(placed: tuple, size: int) -> tuple:
    """A sort key putting the most ghosts at the lowest ranks first."""
    out = [0] * size
    for r, n in placed:
        out[r] = -n
    return tuple(out)


# (counts, number of the meld counts and ghost ranks, budget and shape as one number) ->
# `_entry`; `entry_key`. (As one number altogether, 36 bytes a key, not 176, the lookup cost
# three times as long and the hand 1.4% more instructions, for no time saved.)
_ENTRIES: dict = {}


def entry_key(c: tuple, parts: int, budget: int, shape: str) -> tuple:
    """The key `shape_options` keeps a class's entry under (the same for any suit): the
    shape in the lowest bit beside the budget (seven pairs or not: the two shapes the ruleset
    schema allows; a third would need a wider field). (`shape_options` writes it out; a test
    finds its entries by this, so the two cannot drift apart unseen.)"""
    return (c, parts, budget << 1 | (shape == "seven_pairs"))


# Sized so a long batch's memory levels off within its first 20,000 hands (batch_bench.py
# --memory: +5.7% from 20,000 to 200,000 records, 42.0 to 44.4 MB). Entries share their
# tuples (`_spans`, `bounded.numbered`) and keep their witnesses in one flat tuple, so 8,192
# fit where 4,096 did: a fifth fewer misses, with one or two ghosts or four, 4-7% fewer
# instructions a hand. Twice as many again halved the misses but grew memory by 14% after
# 20,000 records (each worker of --jobs 2 sees half of them, too few to fill it). Since then
# a shipped suit or a seven pairs class keeps no final counts
# (`ON_COUNTS`, `suit_entries.shipped_entry`), and a seven pairs class with no raise is not
# kept (`pairs_entry`): after 20,000 4-ghost hands, 8,000 entries took 5.7 MB, and 4.7 MB
# after (a shipped suit's entry 204 bytes, not 351). Twice as many entries again were at
# most 3% faster.
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


def class_options(nat, in_melds, cand, g, shape, max_suits=None):
    """(kinds, group, entry) for each class that can hold tiles (see `_entry`). A class
    with no tile and no room for a ghost adds nothing and is left out, as is a suit with no
    tile when `max_suits` suits already hold tiles (ghosts there would make one suit too
    many). None when some class cannot be read at all."""
    if not g and in_melds is _NO_MELDS and shape == "standard":
        got = plain_options(nat, None)
        return got and got[0]
    return shape_options(held_classes(nat, in_melds, cand, g, max_suits), g, shape)


def held_classes(nat, in_melds, cand, g, max_suits=None, suits=None) -> list:
    """The classes `class_options` reads, whatever the shape: [(span, counts), ...].
    `suits`: `Tiles.suits` (an empty suit there is the one `EMPTY_SUIT`), when they are
    `nat`'s three suits (no meld, nothing set aside)."""
    if suits is not None and not any(nat[27:]):
        # No honour held: which classes are read follows from which suits are empty (the one
        # shared tuple there, `Tiles.suits`), so it is found once for each, not hand by hand
        # (a third of a 4-ghost hand's class_options went to it).
        key = (id(cand), suits[0] is EMPTY_SUIT, suits[1] is EMPTY_SUIT,
               suits[2] is EMPTY_SUIT, g > 0, max_suits)
        plan = _PLANS.get(key)
        if plan is None or plan[0] is not cand:
            # (None where a ghost may make an honour: the honours are read then.)
            plan = None if g and any(cand[27:]) else tuple(
                [(span, span[1] // 9)
                 for span, _c in _held(_spans(in_melds, cand)[:3], nat, g, max_suits)])
            make_room(_PLANS, 1 << 8)
            plan = _PLANS[key] = (cand, plan)
        if plan[1] is not None:
            return [(span, suits[i]) for span, i in plan[1]]
    spans = _spans(in_melds, cand)  # (not where a plan was kept: it holds the spans it needs)
    if not (any(nat[27:]) or any(in_melds[27:]) or g and any(cand[27:])):
        spans = spans[:3]
    return _held(spans, nat, g, max_suits)


def _held(spans, nat, g, max_suits) -> list:
    held, suits, idle = [], 0, False  # idle: an empty suit is held (for its ghosts)
    for span in spans:
        c = nat[span[1]:span[2]]
        if any(c) or any(span[4]):
            suits += not span[3]
        elif g and span[6]:
            idle = idle or not span[3]
        else:
            continue
        held.append((span, c))
    if idle and max_suits and suits >= max_suits:
        held = [(span, c) for span, c in held if span[3] or any(c) or any(span[4])]
    return held


_PLANS: dict = {}  # (id(ghost ranks), which suits are empty, ...) -> (them, (span, suit), ...)


def shape_options(held: list, g: int, shape: str):
    """`class_options` of the classes `held` (`held_classes`) in `shape`."""
    budgets = _budgets(held, g, shape)
    if budgets is None:
        return None
    options = []
    pairs = shape == "seven_pairs"
    for ((kinds, _lo, _hi, grp, m, cd, _any_cd, parts, is_open), c), budget in zip(held, budgets):
        # A seven pairs class with no ghost to spare for a raise (most) is worked out, not
        # kept: in about the instructions its lookups and their misses took, while the
        # entries it held (three in five, 540 bytes each) no longer crowd the memory a hand
        # reads. A 4-ghost hand: the same instructions (callgrind: 261,111 a hand before,
        # 261,240 after), 8-10% less time. (Not asked past four ghosts, where a class's
        # budget is all of them and nearly every class has a raise: 8 ghosts, 2.7% fewer.)
        # So is one with a single raise to spare (`pairs_entries._raise_entry`).
        entry = pairs_entry(c, budget) if pairs and is_open and budget <= LOOKUP_MAX else _SLOW
        if entry is _SLOW:
            # (`entry_key`, written out: a call less for each class of each hand)
            key = (c, parts, budget << 1 | pairs)
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
    `rs.cand`), whether a ghost may play there at all, a number for the two, whether the class
    has no meld and a ghost may play every rank (`pairs_entry`)): the counts and
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
    for _name, kinds, grp in CLASSES:
        lo, hi = kinds[0], kinds[-1] + 1
        number, (m, cd) = numbered(_PARTS, (in_melds[lo:hi], cand[lo:hi]), 1 << 10)
        spans.append((kinds, lo, hi, grp, m, cd, any(cd), number, not any(m) and min(cd) == 4))
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
    fewest = [bytes(c).translate(_ODD_BYTES).count(1) for _span, c in held]
    spare = g - sum(fewest)
    if spare < 0:
        return None
    return [spare + f for f in fewest]

