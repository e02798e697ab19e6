"""The reference enumerator: every reading of a hand, listed one by one.

Slow and obvious on purpose. `decompose` finds the best reading without listing them all;
this module is what it is checked against (tests, benchmarks).

A ghost is one budget shared across all suits. Groups that hold a natural tile are built
around the lowest natural tile left (so each reading is made once), and a ghost inside such a
group takes the identity the group needs. Groups made of ghosts alone ("ghost-only") could be
any of 20-odd kinds; only kinds that can change a pattern are tried: kinds already in the
hand (a ghost-only triplet can complete four of a kind), and the lowest unused kind of each
suit or honour, since two unused kinds of one suit are interchangeable for every registered
pattern (patterns read counts, suits and group shapes, never a particular rank). Sets are
met in every order, so a kind another ghost-only set uses counts as held; the ghost-only pair
comes last, once every set is placed, so it too may fall on a kind the sets made held (a
pair first never could: 8 ghosts beside 333m and 666m melds hold 234m 456m 44m, three kinds
of four).

>>> from mjscore.ruleset import load
>>> from mjscore.hand import read
>>> rs = load("luzhou")
>>> [r.text() for r in all_readings(read("111m123m456m789m5pC", rs, win="5p"), rs)]
['111m 123m 456m 789m 5p+C=5p']
"""

from __future__ import annotations


from .reading import Group, dragon_set_splits, full_ghost_reading, hand_tiles, make_reading

class _Search:
    """The state of one enumeration: counts are mutated and restored while recursing."""

    def __init__(self, nat, used, cand, cap, classes):
        self.nat, self.used, self.cand, self.cap = nat, used, cand, cap
        self.classes = classes  # kind -> class id, for "lowest unused kind of its class"
        self.out: set = set()

    def can_ghost(self, k: int, n: int = 1) -> bool:
        return self.cand[k] and self.used[k] + n <= self.cap[k]

    # -- four sets and a pair ------------------------------------------------------------
    def standard(self, start: int, g: int, need_pair: bool, acc: list) -> None:
        nat = self.nat
        i = start
        while i < 34 and not nat[i]:
            i += 1
        if i == 34:
            self.ghost_only(g, need_pair, acc)
            return
        c = nat[i]
        if need_pair:
            if c >= 2:
                self._take(i, [i, i], (), g, False, acc)
            if g and self.can_ghost(i):
                self._take(i, [i], (i,), g, False, acc)
        for n_nat in (3, 2, 1):
            n_g = 3 - n_nat
            if c >= n_nat and g >= n_g and (not n_g or self.can_ghost(i, n_g)):
                self._take(i, [i] * n_nat, (i,) * n_g, g, need_pair, acc)
        if i < 27:
            r = i % 9
            for lo in (i - 2, i - 1, i):
                if lo < i - r or lo + 2 > i - r + 8:
                    continue
                self._sequences(i, lo, g, need_pair, acc)

    def _sequences(self, i: int, lo: int, g: int, need_pair: bool, acc: list) -> None:
        # Tiles below i in the run must be ghosts (i is the lowest natural left); tiles above
        # may be natural or ghost, and both are tried: a natural left over may serve elsewhere.
        slots = [lo, lo + 1, lo + 2]
        below = [k for k in slots if k < i]
        above = [k for k in slots if k > i]
        for mask in range(1 << len(above)):
            ghosts = list(below)
            naturals = [i]
            ok = True
            for b, k in enumerate(above):
                if mask >> b & 1:
                    ghosts.append(k)
                elif self.nat[k]:
                    naturals.append(k)
                else:
                    ok = False
            if not ok or len(ghosts) > g or any(not self.can_ghost(k) for k in ghosts):
                continue
            self._take_many(naturals, tuple(ghosts), slots, g, need_pair, acc)

    def _take(self, i, naturals, ghosts, g, need_pair, acc) -> None:
        tiles = tuple(sorted(naturals + list(ghosts)))
        kind = "pair" if len(tiles) == 2 else "triplet"
        self._take_many(naturals, ghosts, tiles, g, need_pair, acc, kind)

    def _take_many(self, naturals, ghosts, tiles, g, need_pair, acc, kind="sequence") -> None:
        nat, used = self.nat, self.used
        for k in naturals:
            nat[k] -= 1
        for k in ghosts:
            used[k] += 1
        acc.append(Group(kind, tuple(tiles), tuple(sorted(ghosts))))
        self.standard(min(naturals), g - len(ghosts), need_pair, acc)
        acc.pop()
        for k in ghosts:
            used[k] -= 1
        for k in naturals:
            nat[k] += 1

    # -- groups of ghosts alone ----------------------------------------------------------
    def _lowest_unused(self) -> set:
        seen, out = set(), set()
        for k in range(34):
            cls = self.classes[k]
            if cls not in seen and self.cand[k] and not self.used[k]:
                seen.add(cls)
                out.add(k)
        return out

    def ghost_only(self, g: int, need_pair: bool, acc: list) -> None:
        if g == 0:
            if not need_pair:
                self.out.add(tuple(sorted(acc)))
            return
        used = self.used
        fresh = self._lowest_unused()
        if need_pair and g == 2:  # the sets are placed: the pair last
            for k in range(34):
                if self.can_ghost(k, 2) and (used[k] or k in fresh):
                    used[k] += 2
                    acc.append(Group("pair", (k, k), (k, k)))
                    self.ghost_only(0, False, acc)
                    acc.pop()
                    used[k] -= 2
            return
        if g < 3:
            return
        for k in range(34):
            if self.can_ghost(k, 3) and (used[k] or k in fresh):
                used[k] += 3
                acc.append(Group("triplet", (k,) * 3, (k,) * 3))
                self.ghost_only(g - 3, need_pair, acc)
                acc.pop()
                used[k] -= 3
        for lo in range(27):
            if lo % 9 > 6:
                continue
            run = (lo, lo + 1, lo + 2)
            if not all(self.can_ghost(k) for k in run):
                continue
            # A run touching nothing in the hand: only the lowest such run of its suit.
            if not any(used[k] for k in run) and lo != _lowest_fresh_run(self, lo):
                continue
            for k in run:
                used[k] += 1
            acc.append(Group("sequence", run, run))
            self.ghost_only(g - 3, need_pair, acc)
            acc.pop()
            for k in run:
                used[k] -= 1

    # -- seven pairs ---------------------------------------------------------------------
    def seven_pairs(self, g: int) -> None:
        kinds = [k for k in range(34) if self.nat[k]]
        self._pairs_for(kinds, 0, g, [])

    def _pairs_for(self, kinds, idx, g, acc) -> None:
        if idx == len(kinds):
            self._ghost_pairs(g, acc)
            return
        k = kinds[idx]
        c = self.nat[k]
        for final in (2, 4):
            extra = final - c
            if extra < 0 or extra > g or extra and not self.can_ghost(k, extra):
                continue
            self.used[k] += extra
            pairs = _split_ghosts(k, c, final)
            self._pairs_for(kinds, idx + 1, g - extra, acc + pairs)
            self.used[k] -= extra

    def _ghost_pairs(self, g, acc) -> None:
        if g % 2:
            return
        if g == 0:
            if len(acc) == 7:
                self.out.add(tuple(sorted(acc)))
            return
        fresh = self._lowest_unused()
        for k in range(34):
            if self.can_ghost(k, 2) and (self.used[k] == 2 or k in fresh):
                self.used[k] += 2
                self._ghost_pairs(g - 2, acc + [Group("pair", (k, k), (k, k))])
                self.used[k] -= 2


def _split_ghosts(k: int, natural: int, final: int) -> list:
    """The pairs of one kind in seven pairs, natural tiles filling the first pairs."""
    pairs = []
    for j in range(final // 2):
        nat_here = max(0, min(2, natural - 2 * j))
        pairs.append(Group("pair", (k, k), (k,) * (2 - nat_here)))
    return pairs


def _lowest_fresh_run(search: _Search, lo: int) -> int:
    """The lowest run in lo's suit whose three kinds are all unused and allowed."""
    base = lo - lo % 9
    for start in range(base, base + 7):
        run = (start, start + 1, start + 2)
        if all(search.can_ghost(k) and not search.used[k] for k in run):
            return start
    return -1


def _classes() -> list:
    return [k // 9 if k < 27 else k for k in range(34)]


_CLASSES = _classes()


def all_readings(hand, rs, taken: bool = False, room: tuple | None = None) -> list:
    """Every distinct reading of `hand` under `rs`, in no particular order (`taken`, `room`:
    as `decompose.readings`' `taken` and `cand`, `robbing.ghost_room`)."""
    t = hand_tiles(hand, rs)
    if t.too_many_suits:
        return []
    nat, g = list(t.natural), t.ghosts
    used = [a + b for a, b in zip(t.natural, t.in_melds)]
    cand = [k in rs.ghost_targets for k in range(34)]
    cap = list(rs.copies)
    if room is not None and room is not rs.cand:  # (a robbed kind's copies on the table)
        cand = [c and room[k] > 0 for k, c in enumerate(cand)]
        cap = [min(n, room[k]) if room[k] else n for k, n in enumerate(cap)]
    if rs.max_suits:
        suits = {k // 9 for k in range(27) if used[k]}
        if len(suits) == rs.max_suits:
            cand = [c and (k >= 27 or k // 9 in suits) for k, c in enumerate(cand)]
    out = []
    splits = dragon_set_splits(t.natural, hand.win if taken else None, rs.stand_in) \
        if "dragon_set" in rs.concealed_sets \
        else [(t.natural, ())]
    for rest, sets in splits:
        search = _Search(list(rest), used, cand, list(cap), _CLASSES)
        if "standard" in rs.shapes:
            search.standard(0, g, True, list(sets))
            out += [(("standard", groups)) for groups in search.out]
    search = _Search(nat, used, cand, list(cap), _CLASSES)
    if "seven_pairs" in rs.shapes and not hand.melds:
        search.out = set()
        search.seven_pairs(g)
        out += [("seven_pairs", groups) for groups in search.out]
    result = [make_reading(shape, groups, t) for shape, groups in sorted(out)]
    full = full_ghost_reading(hand, rs, t)
    result += [full] if full else []
    return [r for r in result if not rs.max_suits or len(r.suits) <= rs.max_suits]
