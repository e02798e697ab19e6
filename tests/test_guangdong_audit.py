"""The independent Guangdong scorer (`guangdong_oracle`, RULINGS G1-G10) against `score()`
on 500 random hands with a fixed seed, and the scorer's own ghost search against trying every
tile each ghost could stand for."""

from __future__ import annotations

import random

from .guangdong_oracle import MELD_SIZE, P, compare, hand_text, make_case, next_tile, standard


def test_guangdong_agrees_with_an_independent_scorer():
    stats, bad = compare(500, 20261204)
    assert not bad, bad[:5]
    assert stats["legal"] > 100 and stats["not legal"] > 50  # the sample covers both


def _plain(c: list, groups: int, pair: int) -> bool:
    """No ghosts: sets (pong or run) and a pair from the counts c, the lowest tile first."""
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        return groups == 0 and pair == 0
    for size, g, p in ((2, 0, 1), (3, 1, 0)):
        if c[i] >= size and (groups if g else pair):
            c[i] -= size
            ok = _plain(c, groups - g, pair - p)
            c[i] += size
            if ok:
                return True
    if groups and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for d in range(3):
            c[i + d] -= 1
        ok = _plain(c, groups - 1, pair)
        for d in range(3):
            c[i + d] += 1
        if ok:
            return True
    return False


def test_the_ghost_search_agrees_with_trying_every_assignment():
    # The scorer's own check: up to two ghosts, every tile each could stand for, tried.
    from itertools import combinations_with_replacement
    rng, n = random.Random(5), 0
    while n < 150:
        case = make_case(rng)
        conc, melds = case["concealed"], case["melds"]
        ind = case["indicator"]
        G = P if ind is None else next_tile(ind)
        g = conc.count(G)
        if len(conc) + 3 * len(melds) != 14 or g > 2:
            continue
        copies = [4] * 34
        if ind is not None:
            copies[ind] = 3
        c, fixed = [0] * 34, [0] * 34
        for k in conc:
            if k != G:
                c[k] += 1
                fixed[k] += 1
        for kind, k in melds:
            fixed[k] += MELD_SIZE[kind]
        if any(fixed[k] > copies[k] for k in range(34)):
            continue
        n += 1
        every = False
        for kinds in combinations_with_replacement(range(34), g):
            cc = c[:]
            for k in kinds:
                cc[k] += 1
            if all(fixed[k] + kinds.count(k) <= copies[k] for k in set(kinds)) and \
                    _plain(cc, 4 - len(melds), 1):
                every = True
                break
        cap = [copies[k] - fixed[k] for k in range(34)]
        assert standard(c[:], g, 4 - len(melds), 1, cap) == every, hand_text(case)
