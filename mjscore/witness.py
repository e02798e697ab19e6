"""A class's witness as groups: the sets and pairs a reading shows for one suit or honour,
made only when someone reads them (the chosen reading's text, --explain), and a looked-up
suit's witness found when they are (`first_reading`)."""

from __future__ import annotations

from functools import partial

from . import tiles as T
from .bounded import memo
from .plain_suits import _STEP, pack, unpack
from .reading import Group


def class_groups(entry, kinds: tuple, c: tuple, pick: int, shape: str) -> tuple:
    """(sets, pairs) of the witness of `pick`, the place of a signature among class `entry`'s
    (`classes._entry`), whose natural counts are `c`: each in tile order (rank by rank, a
    triplet before the runs it starts), natural tiles filling each group before ghosts do."""
    witnesses = entry[2]
    got, at = witnesses[2 * pick:2 * pick + 2] if witnesses else (None, ())
    if got is None or type(got) is int:  # a table's: found now, when groups are asked for
        # The choices of the final counts' reading; which tiles are ghosts follows from c.
        # They are the same wherever in the suit its tiles lie: kept by the counts moved
        # down to start at rank 1 (`_table_slots`), their groups by the kind they start at.
        # (None: the counts with the ghosts `at` places, as a shipped suit keeps them.)
        v = got if got is not None else pack(c) + sum([n << 4 * r for r, n in at])
        low = (v & -v).bit_length() - 1 & ~3 if v else 0  # four bits a rank with no tile
        path, groups = _table_slots(v >> low, entry[1][pick][1])
        first = kinds[0] + (low >> 2)
        found = groups.get(first) or _fill(groups, first, path)
    else:
        if got == ON_COUNTS:  # the final counts: read back from the counts and ghosts placed
            # (Compared, not `is`: a Result unpickled holds its own copy of the text.)
            finals = list(c)
            for r, n in at:
                finals[r] += n
            got = tuple(finals)
        found = _witness_shape(kinds[0], got, shape)
    return _placed(kinds[0], found, at)


# A seven pairs witness kept as this, not as its final counts: they are the class's counts
# with the ghosts it places (`classes._entry`, `pairs_entry`), both known when it is read.
ON_COUNTS = "on the counts"


def _placed(base: int, found: tuple, at: tuple) -> tuple:
    """(sets, pairs) of `found` (`_groups`) with the ghosts the witness places (`at`: (rank,
    how many), ...) marked: natural tiles fill the groups in order, so a rank's ghosts are
    its last tiles, in the last groups holding it."""
    sets, pairs, _n = found
    if not at:  # every tile natural (most classes of most hands): no ghost to place
        return sets, pairs
    out = list(sets + pairs)
    for r, n in at:
        k = base + r
        i = len(out)
        while n:
            i -= 1
            grp = out[i]
            if k not in grp[1]:  # (most groups passed over: one test, not two counts)
                continue
            free = grp.tiles.count(k) - grp.ghosts.count(k)
            if free > 0:
                take = free if free < n else n
                n -= take
                # (Made as a tuple: a NamedTuple's _replace takes four times as long.)
                out[i] = _new_group((grp.kind, grp.tiles,
                                     tuple(sorted(grp.ghosts + (k,) * take)), ""))
    return tuple(out[:len(sets)]), tuple(out[len(sets):])


_new_group = partial(tuple.__new__, Group)


def _fill(groups: dict, first: int, path: tuple) -> tuple:
    """`_groups` of the table witness `path` (`_table_slots`) read from kind `first` on, made
    and kept in `groups`."""
    got = groups[first] = _groups(first, path, "standard")
    return got


# Kept by the final counts and signature, the same in every suit: a small key, where a table
# witness's path (nine steps of four numbers) took longer to hash than to read, and recurred
# less. The counts are packed (`plain_suits.pack`; a looked-up suit's witness already is): an
# int, hashed at once and unpacked only on a miss (unpacking on every call took 5% of a
# reading's text), and moved down to start at rank 1, as the search's choices do not depend
# on where the tiles lie: 3,400 distinct in 20,000 hands with one or two ghosts, not 6,000
# (which overflowed the cache), so a miss (47,000 instructions, nearly all searching) comes
# in one record in eight, not in one in three. Each suit's groups are made when first asked
# for. 3,072, not 4,096: with the standard shape skipped where it cannot win (`pruning`),
# the other caches fill more slowly and this one's growth past 20,000 records put a batch's
# memory at +9.9-10.7% from 20,000 to 200,000 records; at 3,072, +8.7-10.1% (five runs,
# most +8.9%), and a 60,000-record batch takes as long.
@memo(3 << 10)
def _table_slots(low: int, sig: tuple) -> tuple:
    """(the path `first_reading` finds, {first kind: its groups, as asked for}) of the reading a
    table entry keeps for signature `sig` of the final counts packed as `low`, with a tile at
    rank 1."""
    return first_reading(unpack(low), sig), {}


# (Kept by `_table_slots`: a batch prints one reading a hand, and its suits' final counts
# recur, about 3,400 distinct in 20,000 hands with one or two ghosts; still, one record in
# eight searches here.)
def first_reading(c: tuple, sig: tuple) -> tuple | None:
    """`plain_suits.suit_plain(c, no melds)`'s witness for signature `sig`, which `c` has: the
    first reading its search meets with that signature, found alone.

    With no run each rank's count says it all (3 a triplet, 2 the pair, 0 nothing). With a run,
    the search's steps are taken here one rank at a time, without recursion, each rank's
    choices (j: 2 x pair + triplet, the runs what is left) in its order, and a rank with no
    tile and no run open passed over (its one choice, nothing): two thirds of the recursive
    search's instructions."""
    if not sig[1]:
        return tuple([_STEP[0][n == 3][n == 2] for n in c])
    pair_ok = sig[3]
    path, tried = [], []  # the steps taken; at each rank, the state before it and its choice
    r = j = a = b = pu = run = 0  # a, b: runs started at the two ranks below
    while True:
        if r < 9:
            cr = c[r]
            if not (cr or a or b or j):
                tried.append((0, 0, pu, run, 3))  # (3: none left to try on the way back)
                path.append(_NOTHING)
                r += 1
                continue
            for j in range(j, 4 if pair_ok and not pu else 2):
                p, t = j >> 1, j & 1
                base = a + b + 3 * t + 2 * p
                s0 = cr - base
                if s0 < 0 or base > 4 or s0 and (r > 6 or s0 > 4 - base or c[r + 1] < s0 + a
                                                 or c[r + 2] < s0):
                    continue
                tried.append((a, b, pu, run, j))
                path.append(_STEP[s0][t][p])
                a, b, pu, run, j = s0, a, pu | p, run | (s0 > 0), 0
                r += 1
                break
            else:
                j = -1
            if j == 0:  # a step was taken
                continue
        elif not a and not b and run and pu == pair_ok:
            return tuple(path)
        if not tried:
            return None
        a, b, pu, run, j = tried.pop()  # back to the rank below, its next choice
        path.pop()
        r -= 1
        j += 1


_NOTHING = _STEP[0][0][0]  # a rank with no tile and no run open: its one choice


# A programme's witnesses (honours, melds, seven pairs, budgets past the table) recur across
# hands, where the counts they are read from rarely do.
@memo(1 << 11)
def _witness_shape(base: int, path: tuple, shape: str) -> tuple:
    """`_groups` of a programme's witness `path`."""
    return _groups(base, path, shape)


def _groups(base: int, path: tuple, shape: str) -> tuple:
    """(sets, pairs, tiles) of the witness `path` of the class whose first kind is `base`,
    the groups with no ghost."""
    sets, pairs = [], []
    if shape == "standard":
        k = base
        for s0, t, p, _g in path:
            if t:
                sets.append(_TRIPLET[k])
            if s0:
                sets += _RUNS[s0][k]
            if p:
                pairs.append(_PAIR[k])
            k += 1
    else:
        pairs = [_PAIR[base + r] for r, f in enumerate(path) for _ in range(f // 2)]
    return tuple(sets), tuple(pairs), 3 * len(sets) + 2 * len(pairs)


# Every ghost-free group a witness can hold, made once: a witness's groups are looked up.
_TRIPLET = [Group("triplet", (k, k, k)) for k in range(T.NUM_KINDS)]
_PAIR = [Group("pair", (k, k)) for k in range(T.NUM_KINDS)]
_RUNS = [[(Group("sequence", (k, k + 1, k + 2)),) * n for k in range(T.NUM_KINDS)]
         for n in range(5)]  # _RUNS[n][k]: n runs from k
