"""Deterministic corpora of winning hands for the benchmarks (fixed seeds, no files)."""

from __future__ import annotations

import random

from mjscore import tiles as T


def _groups(rng: random.Random, suits: list) -> list:
    while True:
        groups = []
        for _ in range(4):
            s = rng.choice(suits)
            if rng.random() < 0.5:
                groups.append([s + rng.randrange(9)] * 3)
            else:
                r = rng.randrange(7)
                groups.append([s + r, s + r + 1, s + r + 2])
        pair = [rng.choice(suits) + rng.randrange(9)] * 2
        tiles = sum(groups, []) + pair
        if max(tiles.count(k) for k in tiles) <= 4:
            return groups + [pair]


def standard(rng: random.Random, ghosts: int = 0, kongs: int = 0) -> str:
    """A luzhou winning hand in two suits: four sets + pair, `ghosts` tiles turned into 红中,
    `kongs` triplets declared as concealed kongs (the fourth tile added)."""
    suits = rng.sample([0, 9, 18], 2)
    while True:
        groups = _groups(rng, suits)
        trip = [g for g in groups[:4] if g[0] == g[1]]
        if len(trip) >= kongs and all(sum(x.count(g[0]) for x in groups) == 3
                                      for g in trip[:kongs]):
            break
    melds = trip[:kongs]
    rest = [g for g in groups if not any(g is m for m in melds)]
    concealed = sum(rest, [])
    for i in rng.sample(range(len(concealed)), min(ghosts, len(concealed))):
        concealed[i] = T.C
    rng.shuffle(concealed)
    text = T.compact(T.sorted_kinds(concealed))
    return text + "".join(f" ({T.compact([m[0]] * 4)})" for m in melds)


def seven_pairs(rng: random.Random, ghosts: int = 0) -> str:
    suits = rng.sample([0, 9, 18], 2)
    while True:
        tiles = sum(([rng.choice(suits) + rng.randrange(9)] * 2 for _ in range(7)), [])
        if max(tiles.count(k) for k in tiles) <= 4:
            break
    for i in rng.sample(range(14), ghosts):
        tiles[i] = T.C
    return T.compact(T.sorted_kinds(tiles))


KINDS = {
    "no ghosts": lambda rng: standard(rng),
    "1-2 ghosts": lambda rng: standard(rng, rng.choice([1, 2])),
    "4 ghosts": lambda rng: standard(rng, 4),
    "8 ghosts": lambda rng: standard(rng, 8),
    "seven pairs": lambda rng: seven_pairs(rng, rng.choice([0, 0, 1, 2])),
    "kongs": lambda rng: standard(rng, rng.choice([0, 1]), kongs=rng.choice([1, 2])),
}
OPTS = {"8 ghosts": {"ghosts": 8}}


def corpus(kind: str, n: int, seed: int) -> list:
    rng = random.Random(f"{kind}/{seed}")
    return [KINDS[kind](rng) for _ in range(n)]
