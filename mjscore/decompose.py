"""The best readings of a hand without listing every one.

Every registered pattern reads a reading through its *signature*: for each suit, how many
kinds hold four copies, whether it has a sequence, whether it has tiles, whether it holds
the pair; the same for each honour; and the shape. Readings with one signature score alike,
so one reading per signature is enough (`patterns.py` states this contract for predicates).

Signatures are found suit by suit with a small dynamic programme over the nine ranks (state:
runs still open from the two ranks below, ghosts spent, pair used), memoised on the suit's
count tuples, then combined across suits and honours under the one ghost budget. A suit's
ghosts are assigned inside the programme, so a ghost is never tried 34 ways: it raises the
count of the rank where the programme needs a tile, never past the copies that exist (four,
three of a flipped indicator: `rs.cand`) or into a kind the ruleset forbids. A class searches
only the ghosts the other classes can leave it (seven pairs), and a suit with no tile is not
searched once the hand holds as many suits as it may (`classes._budgets`, `class_options`).
Each signature keeps the reading whose ghosts stand for the lowest tiles (`suit_programmes`
states the rule), and the combination meets each class's options in that order, so a hand's
reading for a signature is the one `scoring.best` would prefer.

The programmes are in `suit_programmes`; a class's options (signature table, witnesses, final
counts) and their lookups in `classes`, and in `plain_table` with no ghost to spend; this
module combines the classes and makes the readings. With no meld, a hand's suits are looked up
rather than searched once a process has met enough of them (`plain_table`, `plain_suits`),
which is most of what a log of hands holds.

>>> from mjscore.ruleset import load
>>> from mjscore.hand import read
>>> rs = load("luzhou")
>>> [r.text() for r in readings(read("111m123m456m789m5pC", rs, win="5p"), rs)]
['111m 123m 456m 789m 5p+C=5p']
"""

from __future__ import annotations

from . import tiles as T
from .bounded import make_room, number_for, shared
from .classes import class_options, ghosts_placed, held_classes, shape_options
from .plain_table import plain_options, suit_options
from .witness import class_groups
from .reading import _NO_MELDS, Reading, dragon_set_splits, full_ghost_reading, hand_tiles

_COMBINED: dict = {}


def _combined(options, g: int, shape: str, max_suits) -> tuple:
    """`_combine` for these classes, worked out once per their shape ids."""
    if len(options) == 2:  # (most hands with ghosts: two suits) the key laid out flat, as
        # a comprehension building it took 1% of a 4-ghost hand; never equal to the other form
        (_ka, ga, ea), (_kb, gb, eb) = options
        key = (ga, ea[0], gb, eb[0], g, shape, max_suits)
    else:
        key = (tuple([(grp, e[0]) for _k, grp, e in options]), g, shape, max_suits)
    hit = _COMBINED.get(key)
    if hit is None:
        # Full within a batch's first 20,000 hands, so its memory levels off there. The picks
        # are shared (`_PICKS`), so 3,072 took about what 2,048 did (0.94 KB each, 0.67 KB
        # now), and a fifth fewer 4-ghost hands missed (each miss as dear as a hundred hits).
        # 2,560 since the class entries shrank (`classes._ENTRY_LIMIT`): a batch then held
        # 1 MB less at 20,000 records, and this table, still filling past them (2,349 of
        # 3,072 after a worker's 10,000), made its growth to 200,000 +8.9% to +10.4%; at
        # 2,560 (and 1,536 for `_coded`, `plain_table._SHAPES`, `suit_entries._BY_BUDGET`),
        # +7.4% to +8.3%, and 4-ghost hands took the same instructions and time.
        make_room(_COMBINED, 5 << 9)
        std = shape == "standard"
        # (picks, whether a class reads a run, the reading's signature as a number: the
        # evaluation memo's key, hashed on every hand, where a nested tuple would be hashed
        # in full each time; and a few objects fewer for the collector to walk).
        hit = _COMBINED[key] = tuple(
            (shared(_PICKS, picks, 1 << 12), std and run,
             number_for(_SIG_IDS, (shape, canon), 1 << 14))
            for canon, picks, run in _combine([(grp, e[0], e[1]) for _k, grp, e in options],
                                              g, shape, max_suits))
    return hit


# Picks as first met, shared by the combinations (a few hundred recur: (0, 0), (1, 0), ...);
# past its bound a combination keeps its own.
_PICKS: dict = {}
_SIG_IDS: dict = {}  # (shape, hand signature) -> its number (`bounded.number_for`)


def _combine(shapes: list, g: int, shape: str, max_suits) -> tuple:
    """Signatures of the whole hand from each class's signature table (`shapes`: (group,
    shape id, table) per class): one pick per class choice, symmetric classes merged. Each
    result is (canon, picks, run): `canon` the hand's signature (per group, its classes'
    signatures as sorted numbers), `picks` the place of the chosen signature among each
    class's (see `classes._entry`), `run` whether a chosen signature has a run (standard
    shape)."""
    std = shape == "standard"
    if len(shapes) == 2:
        return _combine_two(shapes, g, std, max_suits)
    return _combine_any(shapes, g, std, max_suits)


def _combine_any(shapes: list, g: int, std: bool, max_suits) -> tuple:
    """`_combine` of any number of classes: a partial combination per (ghosts spent, pairs,
    signature so far), each class's options added in turn."""
    target = 1 if std else 7
    # -> (picks so far, suits holding tiles, a run chosen)
    partial = {(0, 0, ((), (), ())): ((), 0, False)}
    last = len(shapes) - 1
    for i, (grp, sid, sigs) in enumerate(shapes):
        # In the class's order (a reading's preference, see `classes._entry`): among picks
        # giving the hand one signature, the first met is kept.
        coded = _coded(grp, sid, sigs, std)
        if i == last:  # it must spend the ghosts left and end the pairs: only those options
            by_key = _by_key(coded)
        nxt: dict = {}
        for (gu, pu, canon), (chosen, suits, run) in partial.items():
            for place, kg, kp, code, held, has_run in (
                    coded if i < last else by_key.get((g - gu, target - pu), ())):
                gk, pk = gu + kg, pu + kp
                if gk > g or pk > target:
                    continue
                if max_suits and suits + held > max_suits:
                    continue
                groups = list(canon)
                have = canon[grp]
                groups[grp] = tuple(sorted(have + (code,))) if have else (code,)
                k = (gk, pk, tuple(groups))
                if k not in nxt:
                    nxt[k] = (chosen + (place,), suits + held, run or has_run)
        partial = nxt
    return tuple((k[2], v[0], v[2]) for k, v in partial.items()
                 if k[0] == g and k[1] == target)


def _combine_two(shapes: list, g: int, std: bool, max_suits) -> tuple:
    """`_combine` of two classes (most hands with ghosts: two suits), the general loop's
    steps spelt out: the first class's options met in order, each once per (ghosts, pairs,
    signature) as the general loop keeps them, and each with the second's options that end
    the hand. Measured: a third of the general loop's time on 4-ghost hands."""
    target = 1 if std else 7
    (ga, sida, sigsa), (gb, sidb, sigsb) = shapes
    by_key = _by_key(_coded(gb, sidb, sigsb, std))
    met = set()
    out: dict = {}
    for pa, kga, kpa, ca, ha, ra in _coded(ga, sida, sigsa, std):
        if kga > g or kpa > target or max_suits and ha > max_suits or (kga, kpa, ca) in met:
            continue
        met.add((kga, kpa, ca))
        for pb, _kg, _kp, cb, hb, rb in by_key.get((g - kga, target - kpa), ()):
            if max_suits and ha + hb > max_suits:
                continue
            groups = [(), (), ()]
            if ga == gb:
                groups[ga] = (ca, cb) if ca <= cb else (cb, ca)  # sorted, as the loop keeps
            else:
                groups[ga] = (ca,)
                groups[gb] = (cb,)
            canon = tuple(groups)
            if canon not in out:
                out[canon] = ((pa, pb), ra or rb)
    return tuple([(canon, picks, run) for canon, (picks, run) in out.items()])


def _by_key(coded: tuple) -> dict:
    """A class's coded options by (ghosts, pairs), each list in the class's order."""
    by_key: dict = {}
    for option in coded:
        by_key.setdefault((option[1], option[2]), []).append(option)
    return by_key


def _coded(grp: int, sid: int, sigs: tuple, std: bool) -> tuple:
    """A class's options as `_combine` reads them: (place, ghosts, pairs, signature as one
    number, 1 if it is a suit holding tiles, whether it has a run). Kept by shape id (never
    reused, see `classes._entry`): the tables recur, and coding them took a sixth of
    `_combine`'s time."""
    # A signature (four fields, each under 64) is coded as one number: numbers are hashed,
    # compared and sorted faster than the tuples, and the hand's signature is only ever a
    # key. Whether the class holds tiles is field 2 of a standard signature, 1 of a seven
    # pairs one.
    key = sid << 2 | (grp == 0) << 1 | std
    got = _CODED.get(key)
    if got is None:
        suit = grp == 0
        # Options as first met, shared by the tables holding them (as `_PICKS`): the coded
        # tables were the most of what a long batch's memory grew by after its first
        # 10,000 records (tracemalloc: 534 of 1,600 KB from 10,000 to 60,000).
        got = tuple([shared(_OPTIONS, (place, kg, kp, a << 18 | b << 12 | c << 6 | d,
                                       1 if suit and (c if std else b) else 0, b > 0), 1 << 12)
                     for place, ((kg, kp), (a, b, c, d)) in enumerate(sigs)])
        make_room(_CODED, 3 << 9)  # (full by a batch's 20,000th record: see `_combined`)
        _CODED[key] = got
    return got


_CODED: dict = {}  # shape id, whether a suit, whether standard -> `_coded`
_OPTIONS: dict = {}  # a coded option as first met (`_coded`); past its bound, a table's own


def readings(hand, rs, t=None, taken: bool = False, shapes=None, full: bool = True,
             cand: tuple | None = None) -> list:
    """One reading per signature of `hand` under `rs` (each a real reading of its tiles);
    `taken`: the winning tile came from another player (a discard, a robbed kong).
    `shapes`: read only these of the ruleset's shapes (None: all), and 满鬼 only if `full`
    (`pruning` reads them apart). `cand`: the copies a ghost may make each kind up to, where
    the situation cuts `rs.cand` (`robbing.ghost_room`); None: `rs.cand`."""
    if t is None:
        t = hand.tiles  # (`hand_tiles`, its usual case written out: a call less a hand)
        if t is None or hand.built_for is not rs:
            t = hand_tiles(hand, rs)
    plain = t.plain
    if plain:  # (never past the suit limit: `reading.tiles_of`)
        # A hand with no ghost and no meld, which only the standard shape can read (most of a
        # log): its classes looked up, the general path's steps that do nothing here left
        # out, in this function (the calls it took were a tenth of a plain hand's time).
        max_suits = rs.max_suits
        got = suit_options(t.suits, max_suits) if plain == 1 else \
            plain_options(t.natural, max_suits)
        if got is None:
            return []
        options, key = got
        found = _PLAIN_FOUND.get(key)
        if found is None:
            make_room(_PLAIN_FOUND, 1 << 12)
            found = _PLAIN_FOUND[key] = _combined(options, 0, "standard", max_suits)
        out, nat, fixed = [], t.natural, t.fixed
        for picks, run, sig in found:
            out.append(_new(Reading, ("standard", None, fixed,
                                      ((), options, picks, (), "standard", nat, fixed), run,
                                      _build_groups, None, sig)))
        return out
    if t.too_many_suits:
        return []
    nat, g, in_melds = t.natural, t.ghosts, t.in_melds
    if cand is None:
        cand = rs.cand
    out = []
    splits = tuple(dragon_set_splits(nat, hand.win if taken else None, rs.stand_in)) \
        if rs.concealed_sets else ((nat, ()),)
    held = {}  # the classes read of each split's tiles, whatever the shape (`held_classes`)
    for shape in shapes or rs.shapes:
        if shape == "seven_pairs" and not t.pairs_ok:
            continue  # seven pairs needs no melds, and an odd count needs a ghost
        for rest, sets in splits:
            if sets and shape != "standard":
                continue
            if not g and in_melds is _NO_MELDS and shape == "standard":
                options = class_options(rest, in_melds, cand, g, shape, rs.max_suits)
            else:
                classes = held.get(sets)
                if classes is None:
                    classes = held[sets] = held_classes(
                        rest, in_melds, cand, g, rs.max_suits,
                        t.suits if not sets and in_melds is _NO_MELDS else None)
                options = shape_options(classes, g, shape)
            if options is None:
                continue
            # The Readings are made here, not by a call each (5.6 a 4-ghost hand).
            # Groups are built only if someone reads them (the chosen reading's text,
            # --explain), and with ghosts the final counts too (a known signature's
            # evaluation, or an untied best, never reads them); the groups from `rest`, the
            # counts the classes were read from. A 中发白 set's tiles are outside the class
            # signatures (see patterns): no sig then.
            counts = t.fixed if not g and not sets else None
            melds, fixed, meld_run = t.meld_groups, t.fixed, t.meld_run and shape == "standard"
            for picks, run, sig in _combined(options, g, shape, rs.max_suits):
                out.append(_new(Reading, (shape, None, counts,
                                          (sets, options, picks, melds, shape, rest, fixed),
                                          True if meld_run else run, _build_groups,
                                          _final_counts, None if sets else sig)))
    if rs.full_ghost and full:
        full = full_ghost_reading(hand, rs, t)
        if full:
            out.append(full)
    return out


_PLAIN_FOUND: dict = {}  # `plain_options`' key -> `_combined` for those classes
_new = tuple.__new__  # Reading(...) without its Python __new__ (see Reading)


def _final_counts(parts) -> tuple:
    """The tiles held (中发白 sets' included), and the ghosts where the witnesses put them."""
    _sets, options, picks, _melds, _shape, _rest, fixed = parts
    counts = list(fixed)
    for (kinds, _grp, entry), pick in zip(options, picks):
        lo = kinds[0]
        for i, g in ghosts_placed(entry, pick):
            counts[lo + i] += g
    return tuple(counts)


def _ghosts_at(parts) -> int:
    """Where the witnesses put ghosts, as one number: four bits a kind (a kind takes four
    ghosts at most), the lowest display rank the highest. Readings of one hand hold the same
    tiles and place all its ghosts, so one comes before another in `scoring.lowest_ghosts`'
    order exactly where this is the larger (the first kind their final counts differ at is
    the first their ghosts do, and the one with more there has the larger number). Made
    without the counts (`scoring.best`), and without a tuple a ghost."""
    key = 0
    for (kinds, _grp, entry), pick in zip(parts[1], parts[2]):
        witnesses = entry[2]
        if witnesses is not None:  # (`ghosts_placed`, written out)
            lo = kinds[0]
            for i, n in witnesses[2 * pick + 1]:
                key += n << _SHIFT[lo + i]
    return key


# kind -> where its ghosts sit in `_ghosts_at`'s number: the lowest display rank the highest.
_SHIFT = tuple(4 * (T.NUM_KINDS - 1 - T.DISPLAY_RANK[k]) for k in range(T.NUM_KINDS))
_final_counts.ghosts_at = _ghosts_at  # (read by `scoring.best` off a reading's count maker)


def _build_groups(parts) -> tuple:
    sets, options, picks, melds, shape, natural, _fixed = parts
    all_sets, all_pairs = list(sets), []
    for (kinds, _grp, entry), pick in zip(options, picks):
        s_, p_ = class_groups(entry, kinds, natural[kinds[0]:kinds[-1] + 1], pick, shape)
        all_sets += s_
        all_pairs += p_
    return tuple(all_sets) + tuple(all_pairs) + melds
