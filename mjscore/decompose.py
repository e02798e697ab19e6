"""The best readings of a hand without listing every one.

Every registered pattern reads a reading through its *signature*: for each suit, how many
kinds hold four copies, whether it has a sequence, whether it has tiles, whether it holds
the pair; the same for each honour; and the shape. Readings with one signature score alike,
so one reading per signature is enough (`patterns.py` states this contract for predicates).

Signatures are found suit by suit with a small dynamic programme over the nine ranks (state:
runs still open from the two ranks below, ghosts spent, pair used), memoised on the suit's
count tuples, then combined across suits and honours under the one ghost budget. A suit's
ghosts are assigned inside the programme, so a ghost is never tried 34 ways: it raises the
count of the rank where the programme needs a tile, never past four copies or into a kind
the ruleset forbids.

>>> from mjscore.ruleset import load
>>> from mjscore.hand import read
>>> rs = load("luzhou")
>>> [r.text() for r in readings(read("111m123m456m789m5pC", rs, win="5p"), rs)]
['111m 123m 456m 789m 5pC=5p']
"""

from __future__ import annotations

from functools import wraps

from . import tiles as T
from .plain_suits import complete_suits, suit_plain
from .reading import (_NO_MELDS, Group, Reading, dragon_set_splits, full_ghost_reading,
                      hand_tiles)

def memo(limit: int):
    """Memoise a function of hashable arguments in a plain dict, emptied when it reaches
    `limit` entries. Unlike functools.lru_cache it adds no per-entry objects for the garbage
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
            if len(table) >= limit:
                table.clear()  # bounded memory over a long batch; it fills again quickly
            out = table[args] = fn(*args)
            return out
        wrapper.cache_clear = table.clear
        wrapper.table = table
        return wrapper
    return deco


# Classes of kinds in display order (so readings need no sorting), and which classes are
# interchangeable for every pattern (the group: suits, winds, dragons).
CLASSES = [(name, tuple(kinds), grp) for name, kinds, grp in
           [("m", range(0, 9), 0), ("p", range(9, 18), 0), ("s", range(18, 27), 0)]
           + [(T.name(k), [k], 1) for k in (T.E, T.S, T.W, T.N)]
           + [(T.name(k), [k], 2) for k in (T.C, T.F, T.P)]]


# Table sizes: full within the first thousands of hands, so a long batch's memory stays flat
# (a suit table with ghosts holds a few kilobytes of witnesses; see batch_bench.py --memory).
@memo(1 << 10)
def suit_standard(c: tuple, m: tuple, cand: tuple, gmax: int) -> dict:
    """{(ghosts, pair): {(n4, has_run, has_tiles, pair): choices}} for one suit of nine ranks.

    `c` natural concealed counts, `m` counts in declared melds, `cand` ranks a ghost may
    play, `gmax` the ghost budget. `choices` holds (runs started, triplet, pair, ghosts) per
    rank: one witness per signature. A dynamic programme over the ranks whose state is the
    runs still open from the two ranks below, ghosts spent, pair used, and the signature so far.
    """
    states = {(0, 0, 0, 0, 0, 0, 0): ()}
    for r in range(9):
        nxt: dict = {}
        mr = m[r]
        room, cr, wild = 4 - mr, c[r], cand[r]
        top_run = 4 if r <= 6 else 0
        for key, path in states.items():
            a, b, gu, pu, n4, run, tiles = key
            spare = gmax - gu if wild else 0
            ab = a + b
            for p in ((0, 1) if not pu else (0,)):
                pp = pu | p
                for t in (0, 1):
                    base = ab + 3 * t + 2 * p
                    if base > room:
                        break
                    if base - cr > spare:
                        continue
                    # Runs starting here: enough to use every natural tile of this rank, at
                    # most `spare` ghosts more, never past four copies. (Comparisons, not
                    # min(): this loop is the cost of a hand with ghosts.)
                    s0 = cr - base if cr > base else 0
                    last = room - base
                    if top_run < last:
                        last = top_run
                    if cr - base + spare < last:
                        last = cr - base + spare
                    g0 = gu - cr
                    while s0 <= last:
                        f = base + s0
                        k = (s0, a, g0 + f, pp, n4 + (f == room), run or s0 > 0,
                             tiles or f + mr > 0)
                        if k not in nxt:
                            nxt[k] = path + ((s0, t, p, f - cr),)
                        s0 += 1
        states = nxt
    out: dict = {}
    for (a, b, gu, pu, n4, run, tiles), path in states.items():
        if not a and not b:
            out.setdefault((gu, pu), {}).setdefault((n4, int(run), int(tiles), pu), path)
    return out


@memo(1 << 10)
def suit_pairs(c: tuple, m: tuple, cand: tuple, gmax: int) -> dict:
    """Seven pairs in one class: {(ghosts, pairs): {(n4, tiles, pairs, gp): finals}}.

    `gp` counts ghosts in kinds holding a single pair (a pair of ghosts is a pattern in the
    English guide); `finals` is the final count per rank.
    """
    states = {(0, 0, 0, 0, 0): ()}
    for r in range(len(c)):
        nxt: dict = {}
        for (gu, pairs, n4, tiles, gp), path in states.items():
            for f in (0, 2, 4):
                g = f - c[r]
                if g < 0 or f + m[r] > 4 or g and (not cand[r] or gu + g > gmax):
                    continue
                key = (gu + g, pairs + f // 2, n4 + (f == 4), tiles | (f > 0),
                       gp + (g if f == 2 else 0))
                nxt.setdefault(key, path + (f,))
        states = nxt
    out: dict = {}
    for (gu, pairs, n4, tiles, gp), path in states.items():
        out.setdefault((gu, pairs), {}).setdefault((n4, tiles, pairs, gp), path)
    return out


@memo(64)
def _honour_standard(c: int, m: int, cand: bool, gmax: int) -> dict:
    """An honour kind: nothing, a pair or a triplet (honours make no runs)."""
    out: dict = {}
    for f, pair in ((0, 0), (2, 1), (3, 0)):
        g = f - c
        if g < 0 or f + m > 4 or g and (not cand or g > gmax):
            continue
        out.setdefault((g, pair), {})[(int(f + m == 4), 0, int(f + m > 0), pair)] = \
            ((0, int(f == 3), pair, g),)
    return out


@memo(1 << 11)
def _witness_groups(kinds: tuple, c: tuple, path: tuple, shape: str) -> tuple:
    """(sets, pairs) of one class's witness, each in tile order (rank by rank, a triplet
    before the runs it starts); natural tiles fill each group before ghosts do. Cached: the
    same suit shapes recur across hands."""
    base = kinds[0]
    sets, pairs = [], []
    if shape == "standard":
        for r, (s0, t, p, _g) in enumerate(path):
            k = base + r
            if t:
                sets.append((k, k, k))
            if s0:
                sets += [(k, k + 1, k + 2)] * s0
            if p:
                pairs.append((k, k))
    else:
        pairs = [(base + r, base + r) for r, f in enumerate(path) for _ in range(f // 2)]
    left = list(c)
    out = []
    for tiles in sets + pairs:
        ghosts = []
        for k in tiles:
            if left[k - base]:
                left[k - base] -= 1
            else:
                ghosts.append(k)
        kind = "pair" if len(tiles) == 2 else "triplet" if tiles[0] == tiles[1] else "sequence"
        out.append(Group(kind, tiles, tuple(ghosts)))
    return tuple(out[:len(sets)]), tuple(out[len(sets):])


_SHAPES: dict = {}  # a class's signature table (witnesses left out) -> a number never reused
_SHAPE_LIMIT = 1 << 13


@memo(1 << 11)
def _class_entry(size: int, c: tuple, m: tuple, cd: tuple, g: int, shape: str):
    """A class's options as (shape id, sigs, {(key, sig): (choices, finals)}); `sigs` is
    ((key, (sig, ...)), ...) with key (ghosts, pair-or-pairs), and `finals` the class's final
    count per kind. None if the class cannot be read at all.

    Many different tile counts give the same signature table (the shape id), so the
    cross-class combination is worked out once per shape ids, not once per hand."""
    if shape == "seven_pairs":
        opts = suit_pairs(c, m, cd, g)
    elif size == 9:
        opts = suit_plain(c, m) if not g else suit_standard(c, m, cd, g)
    else:
        opts = _honour_standard(c[0], m[0], cd[0], g)
    if not opts:
        return None
    # In the programme's own order: which of two symmetric readings is kept follows it.
    sigs = tuple((key, tuple(table)) for key, table in opts.items())
    witnesses = {(key, sig): (w, _finals(c, w, shape))
                 for key, table in opts.items() for sig, w in table.items()}
    return _shape_id(sigs), sigs, witnesses


_SHAPE_IDS = iter(range(1 << 62))


def _shape_id(sigs: tuple) -> int:
    sid = _SHAPES.get(sigs)
    if sid is None:
        if len(_SHAPES) >= _SHAPE_LIMIT:
            _SHAPES.clear()  # ids are never reused, so combinations cached under old ids stay right
        sid = _SHAPES[sigs] = next(_SHAPE_IDS)
    return sid


def _finals(c: tuple, w: tuple, shape: str) -> tuple:
    if shape == "seven_pairs":
        return w
    return tuple(n + step[3] for n, step in zip(c, w))


# (kinds, first kind, one past the last, symmetry group) of each class, honours apart: most
# hands hold none, and one test skips all seven.
_SUIT_SPANS = [(kinds, kinds[0], kinds[-1] + 1, grp) for _n, kinds, grp in CLASSES[:3]]
_HONOUR_SPANS = [(kinds, kinds[0], kinds[-1] + 1, grp) for _n, kinds, grp in CLASSES[3:]]


def _class_options(nat, in_melds, cand, g, shape):
    """(kinds, group, entry) for each class that can hold tiles (see `_class_entry`). A class
    with no tile and no room for a ghost adds nothing and is left out. None when some class
    cannot be read at all."""
    if not g and in_melds is _NO_MELDS and shape == "standard":
        got = _plain_options(nat)
        return got and got[0]
    options = []
    spans = _SUIT_SPANS
    if any(nat[27:]) or any(in_melds[27:]) or g and any(cand[27:]):
        spans = _SUIT_SPANS + _HONOUR_SPANS
    for kinds, lo, hi, grp in spans:
        c, m, cd = nat[lo:hi], in_melds[lo:hi], cand[lo:hi]
        if not any(c) and not any(m) and not (g and any(cd)):
            continue
        entry = _class_entry(hi - lo, c, m, cd, g, shape)  # the same for any suit
        if entry is None:
            return None
        options.append((kinds, grp, entry))
    return options


# No ghost and no meld (most hands of a log): a class's entry depends on its counts alone, so
# it is looked up by them directly. Counts that cannot be read map to False, no tile to _EMPTY.
_PLAIN: dict = {}
_EMPTY = object()
_PLAIN_LIMIT = 1 << 12
# Entries worked out one by one before the whole table of readable suits is made (about 30 ms,
# as long as some 1,500 of them; see plain_suits): a batch gets there, one hand never does.
_TABLE_AFTER = 1024
_plain_state = {"misses": 0, "complete": False}
_Z7 = (0,) * 7


def _plain_options(nat):
    """`_class_options` with no ghost and no meld, and the classes' key for `_combined`."""
    options, ids = [], []
    spans = _SUIT_SPANS if nat[27:] == _Z7 else _SUIT_SPANS + _HONOUR_SPANS
    for kinds, lo, hi, grp in spans:
        c = nat[lo:hi]
        entry = _PLAIN.get(c)
        if entry is None:
            entry = _plain_entry(c)
        if entry is _EMPTY:
            continue
        if not entry:
            return None
        options.append((kinds, grp, entry))
        ids.append(entry[0] if not grp else (grp, entry[0]))
    return options, tuple(ids)


def _plain_entry(c: tuple):
    state = _plain_state
    if not any(c):
        out = _EMPTY
    elif state["complete"] and len(c) == 9:
        return False  # not kept: the table holds every suit that can be read
    else:
        z = (0,) * len(c)
        out = _class_entry.__wrapped__(len(c), c, z, z, 0, "standard") or False
        state["misses"] += 1
        if state["misses"] == _TABLE_AFTER:
            _fill_plain()
    if len(_PLAIN) >= _PLAIN_LIMIT and not state["complete"]:
        _PLAIN.clear()
    _PLAIN[c] = out
    return out


def _fill_plain() -> None:
    """Every readable suit's entry, its witnesses left to be found when a reading's groups
    are asked for (`_plain_witness`): scoring needs only the signatures."""
    _PLAIN.clear()
    shared: dict = {}
    for c, sigs in complete_suits().items():
        entry = shared.get(sigs)
        if entry is None:
            entry = shared[sigs] = (_shape_id(sigs), sigs, None)
        _PLAIN[c] = entry
    _plain_state["complete"] = True


@memo(1 << 12)
def _plain_witness(c: tuple) -> dict:
    return suit_plain(c, (0,) * 9)


_COMBINED: dict = {}


def _combined(options, g: int, shape: str, max_suits, ids=None) -> tuple:
    """`_combine` for these classes, worked out once per their shape ids (`ids`: the key
    `_plain_options` made for them)."""
    key = (ids if ids is not None else tuple([(grp, e[0]) for _k, grp, e in options]), g,
           shape, max_suits)
    hit = _COMBINED.get(key)
    if hit is None:
        if len(_COMBINED) >= 1 << 12:
            _COMBINED.clear()
        std = shape == "standard"
        # With each: whether a class reads a run, and the reading's signature (see _reading).
        hit = _COMBINED[key] = tuple(
            (canon, picks, std and any(sig[1] for _key, sig in picks), _sig_id(shape, canon))
            for canon, picks in _combine([(grp, e[1]) for _k, grp, e in options], g, shape,
                                         max_suits))
    return hit


_SIG_IDS: dict = {}  # (shape, hand signature) -> a number never reused


def _sig_id(shape: str, canon: tuple) -> int:
    """A reading's signature as a number: the evaluation memo's key, hashed on every hand
    (a nested tuple would be hashed in full each time)."""
    sid = _SIG_IDS.get((shape, canon))
    if sid is None:
        if len(_SIG_IDS) >= 1 << 14:
            _SIG_IDS.clear()  # ids are never reused: evaluations kept under old ones stay right
        sid = _SIG_IDS[(shape, canon)] = next(_SHAPE_IDS)
    return sid


def _combine(shapes: list, g: int, shape: str, max_suits) -> tuple:
    """Signatures of the whole hand from each class's signature table (`shapes`: (group,
    table) per class): one pick per class choice, symmetric classes merged. Each result is
    (canon, picks), `canon` the hand's signature and `picks` a (key, sig) per class."""
    target = 1 if shape == "standard" else 7
    tiles_at = 2 if shape == "standard" else 1
    partial = {(0, 0, ((), (), ())): ()}
    for grp, sigs in shapes:
        nxt: dict = {}
        for (gu, pu, canon), chosen in partial.items():
            for key, table in sigs:
                cg, cp = key
                if gu + cg > g or pu + cp > target:
                    continue
                for sig in table:
                    groups = list(canon)
                    groups[grp] = tuple(sorted(groups[grp] + (sig,)))
                    if max_suits and grp == 0 and \
                            sum(1 for x in groups[0] if x[tiles_at]) > max_suits:
                        continue
                    k = (gu + cg, pu + cp, tuple(groups))
                    if k not in nxt:
                        nxt[k] = chosen + ((key, sig),)
        partial = nxt
    return tuple((k[2], chosen) for k, chosen in partial.items() if k[0] == g and k[1] == target)


def readings(hand, rs, t=None) -> list:
    """One reading per signature of `hand` under `rs` (each a real reading of its tiles)."""
    t = t or hand_tiles(hand, rs)
    if t.too_many_suits:
        return []
    if not t.ghosts and t.in_melds is _NO_MELDS and rs.plain_lookup and \
            not (t.pairs_ok and "seven_pairs" in rs.shapes):
        return _plain_readings(t, rs.max_suits)
    g, in_melds, cand = t.ghosts, t.in_melds, rs.cand
    out = []
    splits = tuple(dragon_set_splits(t.natural)) if rs.concealed_sets else ((t.natural, ()),)
    for shape in rs.shapes:
        if shape == "seven_pairs" and not t.pairs_ok:
            continue  # seven pairs needs no melds, and an odd count needs a ghost
        for rest, sets in splits:
            if sets and shape != "standard":
                continue
            options = _class_options(rest, in_melds, cand, g, shape)
            if options is None:
                continue
            for found in _combined(options, g, shape, rs.max_suits):
                out.append(_reading(shape, options, found, sets, t))
    if rs.full_ghost:
        full = full_ghost_reading(hand, rs, t)
        if full:
            out.append(full)
    return out


def _plain_readings(t, max_suits) -> list:
    """`readings` of a hand with no ghost and no meld, when only the standard shape can read
    it: the same readings, with the general path's steps that do nothing here left out."""
    nat = t.natural
    got = _plain_options(nat)
    if got is None:
        return []
    options, ids = got
    found = _combined(options, 0, "standard", max_suits, ids)
    out = []
    for _canon, picks, run, sig in found:
        r = Reading("standard", None, t.fixed, ((), options, picks, (), "standard", nat), run,
                    _build_groups)
        r.sig = sig
        out.append(r)
    return out


def _reading(shape, options, found, sets, t) -> Reading:
    canon, picks, run, sig = found
    if not t.ghosts and not sets:
        counts = t.fixed  # no ghost to assign: the final tiles are the tiles held
    else:
        counts = list(t.in_melds)
        for grp in sets:
            for tile in grp.tiles:
                counts[tile] += 1
        for (kinds, _grp, entry), pick in zip(options, picks):
            lo = kinds[0]
            for i, f in enumerate(entry[2][pick][1]):
                if f:
                    counts[lo + i] += f
        counts = tuple(counts)
    if t.meld_run and shape == "standard":
        run = True
    # Groups are built only if someone reads them (the chosen reading's text, --explain).
    r = Reading(shape, None, counts, (sets, options, picks, t.meld_groups, shape, t.natural),
                run, _build_groups)
    if not sets:  # a 中发白 set's tiles are outside the class signatures (see patterns)
        r.sig = sig
    return r


def _build_groups(parts) -> tuple:
    sets, options, picks, melds, shape, natural = parts
    all_sets, all_pairs = list(sets), []
    for (kinds, _grp, entry), pick in zip(options, picks):
        c = natural[kinds[0]:kinds[-1] + 1]
        if entry[2] is None:  # a table entry (_fill_plain): find the witness now
            w = _plain_witness(c)[pick[0]][pick[1]]
        else:
            w = entry[2][pick][0]
        s_, p_ = _witness_groups(kinds, c, w, shape)
        all_sets += s_
        all_pairs += p_
    return tuple(all_sets) + tuple(all_pairs) + melds
