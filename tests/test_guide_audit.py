"""The independent scorer for the English guide's rules (`guide_oracle`, RULINGS E1-E7) against
`score(..., rules="luzhou-guide")` on 400 random hands with a fixed seed, `waits` on 60 hands
a tile short, and the scorer's own reading search against trying every tile each ghost could
stand for."""

from __future__ import annotations

import random
from itertools import product

from .guide_oracle import (GH, compare, compare_waits, make_case, seven_pair_readings,
                           standard_readings)
from .test_guangdong_audit import _plain as _plain_sets  # sets and a pair, no ghosts


def test_luzhou_guide_agrees_with_an_independent_scorer():
    stats, patterns, bad = compare(400, 20261204)
    assert not bad, bad[:5]
    assert stats["legal"] > 150 and stats["not legal"] > 40 and stats["error"] > 5
    # the sample covers the bases, multipliers and bonuses, a rare hand among them
    assert {"basic_win", "gui_self_draw", "gui_discard", "seven_pairs", "all_triplet",
            "kong_draw", "robbing_the_kong", "no_ghost"} <= set(patterns)
    assert any(p.endswith("seven_pairs") and p != "seven_pairs" for p in patterns)


def test_luzhou_guide_waits_agree_with_the_independent_scorer():
    hands, ready, bad = compare_waits(60, 20261204)
    assert not bad, bad[:5]
    assert 10 < ready < hands  # ready and not ready both


def test_the_reading_search_finds_every_ghost_assignment():
    # With up to two ghosts, every tile each could stand for: the finals the search lists are
    # exactly those that read as sets and a pair (or seven pairs).
    rng, n = random.Random(7), 0
    while n < 40:
        case = make_case(rng)
        conc, melds = case["concealed"], case["melds"]
        g = conc.count(GH)
        if len(conc) + 3 * len(melds) != 14 or g > 2 or g == 0:
            continue
        n += 1
        c = [0] * 34
        for k in conc:
            if k != GH:
                c[k] += 1
        groups = 4 - len(melds)
        every_std, every_7 = set(), set()
        for kinds in product(range(34), repeat=g):
            cc = c[:]
            for k in kinds:
                cc[k] += 1
            if _plain_sets(cc[:], groups, 1):
                every_std.add(tuple(cc))
            if not melds and all(x in (0, 2, 4) for x in cc):
                every_7.add(tuple(cc))
        found = set()
        for reading in standard_readings(c[:], g, groups, 1):
            f = [0] * 34
            for _, kinds in reading:
                for k in kinds:
                    f[k] += 1
            found.add(tuple(f))
        assert found == every_std, case
        if not melds:
            assert {tuple(f) for f in seven_pair_readings(c, g)} == every_7, case
