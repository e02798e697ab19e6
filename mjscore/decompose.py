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

from functools import lru_cache

from . import tiles as T
from .reading import Group, dragon_set_splits, full_ghost_reading, hand_tiles, make_reading

# Classes of kinds, and which classes are interchangeable for every pattern (symmetric).
CLASSES = [("m", tuple(range(0, 9))), ("p", tuple(range(9, 18))), ("s", tuple(range(18, 27)))] \
    + [(T.name(k), (k,)) for k in range(27, 34)]
GROUP_OF = {"m": 0, "p": 0, "s": 0, "E": 1, "S": 1, "W": 1, "N": 1, "C": 2, "F": 2, "P": 2}


@lru_cache(maxsize=1 << 16)
def suit_standard(c: tuple, m: tuple, cand: tuple, gmax: int) -> dict:
    """{(ghosts, pair): {(n4, has_run, has_tiles): choices}} for one suit of nine ranks.

    `c` natural concealed counts, `m` counts in declared melds, `cand` ranks a ghost may
    play, `gmax` the ghost budget. `choices` holds (runs started, triplet, pair, ghosts) per
    rank: one witness per signature.
    """
    states = {(0, 0, 0, 0, 0, 0, 0): ()}
    for r in range(9):
        nxt: dict = {}
        room = 4 - m[r]
        runs_here = (0, 1, 2, 3, 4) if r <= 6 else (0,)
        for (a, b, gu, pu, n4, run, tiles), path in states.items():
            for p in ((0, 1) if not pu else (0,)):
                for t in (0, 1):
                    for s0 in runs_here:
                        f = a + b + s0 + 3 * t + 2 * p
                        if f > room:
                            break
                        g = f - c[r]
                        if g < 0:
                            continue
                        if g and (not cand[r] or gu + g > gmax):
                            if gu + g > gmax:
                                break
                            continue
                        key = (s0, a, gu + g, pu | p, n4 + (f + m[r] == 4), run | (s0 > 0),
                               tiles | (f + m[r] > 0))
                        if key not in nxt:
                            nxt[key] = path + ((s0, t, p, g),)
        states = nxt
    out: dict = {}
    for (a, b, gu, pu, n4, run, tiles), path in states.items():
        if not a and not b:
            out.setdefault((gu, pu), {}).setdefault((n4, run, tiles, pu), path)
    return out


@lru_cache(maxsize=1 << 16)
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


def _groups_standard(kinds: tuple, c: tuple, path: tuple) -> list:
    """Rebuild the groups of a witness; natural tiles fill each group before ghosts do."""
    groups = []
    for r, (s0, t, p, _g) in enumerate(path):
        k = kinds[r]
        groups += [[k, k]] * p + [[k, k, k]] * t + [[k, k + 1, k + 2]] * s0
    return _mark_ghosts(groups, kinds, c)


def _groups_pairs(kinds: tuple, c: tuple, finals: tuple) -> list:
    groups = []
    for r, f in enumerate(finals):
        groups += [[kinds[r], kinds[r]]] * (f // 2)
    return _mark_ghosts(groups, kinds, c)


def _mark_ghosts(groups: list, kinds: tuple, c: tuple) -> list:
    left = dict(zip(kinds, c))
    out = []
    for tiles in sorted(groups, key=lambda g: (len(g) == 2, g)):
        ghosts = []
        for k in tiles:
            if left.get(k, 0):
                left[k] -= 1
            else:
                ghosts.append(k)
        kind = "pair" if len(tiles) == 2 else "triplet" if tiles[0] == tiles[1] else "sequence"
        out.append(Group(kind, tuple(tiles), tuple(ghosts)))
    return out


def _class_options(hand_nat, used_melds, cand, g, shape):
    """Per class: {(ghosts, pair-or-pairs): {sig: witness}}."""
    options = []
    for name, kinds in CLASSES:
        c = tuple(hand_nat[k] for k in kinds)
        m = tuple(used_melds[k] for k in kinds)
        cd = tuple(cand[k] for k in kinds)
        if shape == "seven_pairs":
            opts = suit_pairs(c, m, cd, g)
        elif len(kinds) == 9:
            opts = suit_standard(c, m, cd, g)
        else:
            opts = _honour_standard(c[0], m[0], cd[0], g)
        if not opts:
            return None
        options.append((name, kinds, c, opts))
    return options


def _combine(options, g, shape, max_suits):
    """Signatures of the whole hand: one witness per class choice, symmetric classes merged."""
    target_pairs = 1 if shape == "standard" else 7
    partial = {(0, 0, ((), (), ())): ()}
    for ci, (name, _kinds, _c, opts) in enumerate(options):
        grp = GROUP_OF[name]
        nxt: dict = {}
        for (gu, pu, canon), chosen in partial.items():
            for (cg, cp), sigs in opts.items():
                if gu + cg > g or pu + cp > target_pairs:
                    continue
                for sig, witness in sigs.items():
                    groups = list(canon)
                    groups[grp] = tuple(sorted(groups[grp] + (sig,)))
                    if max_suits and grp == 0 and \
                            sum(1 for s in groups[0] if s[2 if shape == "standard" else 1]) \
                            > max_suits:
                        continue
                    key = (gu + cg, pu + cp, tuple(groups))
                    if key not in nxt:
                        nxt[key] = chosen + ((ci, witness),)
        partial = nxt
    return [chosen for (gu, pu, _), chosen in partial.items() if gu == g and pu == target_pairs]


def readings(hand, rs) -> list:
    """One reading per signature of `hand` under `rs` (each a real reading of its tiles)."""
    t = hand_tiles(hand, rs)
    if t.too_many_suits:
        return []
    nat, g, in_melds = t.natural, t.ghosts, t.in_melds
    cand = [k in rs.ghost_targets for k in range(34)]
    out = []
    shapes = [s for s in rs.shapes if s == "standard" or not hand.melds]
    splits = dragon_set_splits(nat) if "dragon_set" in rs.concealed_sets else [(nat, ())]
    for rest, sets in splits:
        for shape in shapes:
            if sets and shape != "standard":
                continue
            options = _class_options(rest, in_melds, cand, g, shape)
            if options is None:
                continue
            for chosen in _combine(options, g, shape, rs.max_suits):
                groups = list(sets)
                for ci, witness in chosen:
                    _name, kinds, c, _ = options[ci]
                    groups += (_groups_standard if shape == "standard" else _groups_pairs)(
                        kinds, c, witness)
                out.append(make_reading(shape, groups, t))
    full = full_ghost_reading(hand, rs, t)
    return out + [full] if full else out
