"""The independent Lanzhou 两报 scorer (`lanzhou_oracle`, RULINGS Z1-Z6, seed 003) against
`score()` on 500 random hands, `waits()` on 60 hands one tile short and `settle()` on 30
discards several seats can win (Z6: the nearest downstream takes it) and 40 records of a
passed 5p won later (漏胡), fixed seed; and the scorer's own reading search against trying
every split of the tiles into groups."""

from __future__ import annotations

import random
from itertools import combinations

from .lanzhou_oracle import (C, DRAGONS, F, ONE_S, P, compare, compare_claims, compare_locked,
                             compare_louhu, compare_waits, readings)


def test_lanzhou_score_agrees_with_an_independent_scorer():
    stats, patterns, bad = compare(500, 20261204)
    assert not bad, bad[:3]
    # the sample covers bad input, legal wins, no wins and undeclared wins, and the patterns
    assert stats["legal"] > 150 and stats["not legal"] > 100 and stats["error"] > 20
    assert stats["no win"] > 50 and stats["not legal"] - stats["no win"] > 10
    for pid in ("hu", "zimo", "zhongfabai", "zhongfabai x1", "zhongfabai x2", "zhongfabai x3"):
        assert patterns.get(pid, 0) > 0, pid


def test_lanzhou_waits_agree_with_an_independent_scorer():
    stats, bad = compare_waits(60, 20261204)
    assert not bad, bad[:3]
    assert stats["ready"] > 20 and stats["not ready"] > 3 and stats["self-draw only"] > 0


def test_lanzhou_one_winner_per_discard_agrees_with_an_independent_scorer():
    stats, bad = compare_claims(30, 20261204)
    assert not bad, bad[:3]
    assert stats["several claimants"] > 10


def test_lanzhou_louhu_agrees_with_an_independent_scorer():
    stats, bad = compare_louhu(40, 20261204)
    assert not bad, bad[:3]
    assert stats["blocked"] > 5 and stats["records"] - stats["blocked"] > 5 and stats["skipped"]


def test_lanzhou_locked_wait_agrees_with_an_independent_scorer():
    stats, bad = compare_locked(40, 20261206)
    assert not bad, bad[:3]
    assert stats["refused"] > 20


def _groups_by_hand(tiles: list, xiaoji: bool, standins: int) -> bool:
    """Four sets and a pair by trying every pair and every triple, slowly."""
    def is_set(t):
        a, b, c = sorted(t)
        if a == b == c or (c < 27 and a // 9 == c // 9 and (a + 1, a + 2) == (b, c)):
            return 0
        if (a, b, c) == (C, F, P):
            return 0
        if xiaoji and a == ONE_S and b in DRAGONS and c in DRAGONS and b != c:
            return 1
        return None

    def sets(rest, n, s):
        if not rest:
            return n == 0
        first = rest[0]
        for j, k in combinations(range(1, len(rest)), 2):
            used = is_set((first, rest[j], rest[k]))
            if used is not None and used <= s:
                left = [t for i, t in enumerate(rest) if i not in (0, j, k)]
                if sets(left, n - 1, s - used):
                    return True
        return False

    for i, j in combinations(range(len(tiles)), 2):
        if tiles[i] == tiles[j]:
            rest = [t for k, t in enumerate(tiles) if k not in (i, j)]
            if sets(rest, len(rest) // 3, standins):
                return True
    return False


def test_the_reading_search_agrees_with_trying_every_split():
    rng = random.Random(5)
    groups = [(0, 1, 2), (1, 2, 3), (0, 0, 0), (ONE_S, 19, 20), (ONE_S,) * 3, (C, F, P),
              (ONE_S, C, F), (ONE_S, F, P), (ONE_S, C, P), (C, C, C), (27, 27, 27)]
    found_some = 0
    for _ in range(400):
        tiles = [rng.choice([0, ONE_S, C, F, P, 27])] * 2
        for _ in range(rng.choice([1, 2, 3])):
            tiles += rng.choice(groups)
        if rng.random() < 0.4:  # a near miss
            tiles[rng.randrange(len(tiles))] = rng.choice([0, 3, ONE_S, 19, C, F, P])
        tiles.sort()
        if any(tiles.count(k) > 4 for k in tiles):
            continue
        c = [0] * 34
        for k in tiles:
            c[k] += 1
        xiaoji, standins = rng.random() < 0.8, rng.randrange(3)
        found = next(readings(c, (len(tiles) - 2) // 3, 1, standins, xiaoji), None) is not None
        assert found == _groups_by_hand(tiles, xiaoji, standins), (tiles, xiaoji, standins)
        found_some += found
    assert 50 < found_some < 250
