"""The independent luzhou scorer (`luzhou_oracle`, RULINGS L1-L14, seed 002) against `score()`
on 400 random hands with a fixed seed, `waits()` on hands one tile short and `settle()`'s
查叫 (L13) on records ending at an exhausted wall; and the scorer's own reading search against
trying every tile each ghost could stand for."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from .luzhou_oracle import (G, MELD_SIZE, compare, compare_chajiao, compare_waits, hand_text,
                            make_case, seven_pairs_readings, standard_readings)
from .test_guangdong_audit import _plain  # sets and a pair from plain counts, no ghosts


def test_luzhou_score_agrees_with_an_independent_scorer():
    stats, patterns, bad = compare(400, 20261204)
    assert not bad, bad[:3]
    # the sample covers legal and not-legal hands, each reason, and the 名堂
    assert stats["legal"] > 150 and stats["not legal"] > 100 and stats["error"] > 10
    for why in ("shape", "flower", "ghost_discard", "ghost_robbed", "min"):
        assert stats["not legal: " + why] > 0, why
    for pid in ("gui", "long", "daduizi", "qidui", "qingyise", "gangshanghua", "gangshangpao",
                "qiangganghu", "wugui", "shoubayi", "pinghu", "tianhu", "dihu",
                "baopai_named"):
        assert patterns.get(pid, 0) > 0, pid


def test_luzhou_waits_agree_with_an_independent_scorer():
    stats, bad = compare_waits(40, 20261204)
    assert not bad, bad[:3]
    assert stats["ready"] > 10 and stats["not ready"] > 2


def test_luzhou_chajiao_agrees_with_an_independent_scorer():
    stats, bad = compare_chajiao(12, 20261204)
    assert not bad, bad[:3]
    assert stats["records"] >= 10 and stats["ready"] and stats["花猫"]


def test_the_reading_search_agrees_with_trying_every_assignment():
    # The scorer's own check: up to two ghosts, every suited tile each could stand for, tried;
    # a hand reads as a win (four sets and a pair, or seven pairs) exactly when one works.
    rng, n = random.Random(5), 0
    while n < 120:
        case = make_case(rng)
        conc, melds = case["concealed"], case["melds"]
        g = conc.count(G)
        if len(conc) + 3 * len(melds) != 14 or g > 2:
            continue
        c, fixed = [0] * 27, [0] * 27
        for k in conc:
            if k != G:
                c[k] += 1
                fixed[k] += 1
        for kind, k, _ in melds:
            fixed[k] += MELD_SIZE[kind]
        if any(x > 4 for x in fixed):
            continue
        n += 1
        suits_held = {k // 9 for k in range(27) if fixed[k]}
        every = False
        for kinds in combinations_with_replacement(range(27), g):
            cc = c[:]
            for k in kinds:
                cc[k] += 1
            if any(fixed[k] + kinds.count(k) > 4 for k in set(kinds)):
                continue
            if len(suits_held | {k // 9 for k in kinds}) > 2:
                continue
            if _plain(cc + [0] * 7, 4 - len(melds), 1) or \
                    (not melds and all(x % 2 == 0 for x in cc)):
                every = True
                break
        nat = [x for x in c]
        room = [4 - (fixed[k] - c[k]) for k in range(27)]
        found = False
        for suits in ({0, 1}, {0, 2}, {1, 2}):
            if suits_held <= suits:
                found = found or any(True for _ in standard_readings(
                    nat, g, 4 - len(melds), room, suits))
                if not melds:
                    found = found or any(True for _ in seven_pairs_readings(nat, g, suits))
        assert found == every, hand_text(case)
