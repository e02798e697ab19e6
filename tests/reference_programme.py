"""The suit programme's answer found the obvious way, for tests: walk every reading of the
suit depth first, choices at each rank in the programme's order (no pair before the pair, no
triplet before the triplet, fewer runs before more), and keep, for each signature, the reading
whose final counts are highest rank by rank (the ghosts standing for the lowest tiles), the
first met among those. `suit_programmes.suit_standard` must give the same tables and witnesses,
keys and signatures sorted (the witness decides which of two symmetric readings is shown).
`cand` is per rank the copies a ghost may make it up to (0: none), as `rs.cand` is."""

from __future__ import annotations


def suit_standard(c: tuple, m: tuple, cand: tuple, gmax: int) -> dict:
    found: dict = {}  # (ghosts, pair, n4, run, tiles) -> the best path so far

    def walk(r, a, b, gu, pu, n4, run, tiles, path):
        if r == 9:
            if a == b == 0 and sum(c) + gu <= 14:  # a hand holds 14 tiles
                key = (gu, pu, n4, run, tiles)
                final = [c[i] + step[3] for i, step in enumerate(path)]
                if key not in found or final > found[key][0]:
                    found[key] = (final, path)
            return
        room = 4 - m[r]
        for p in (0, 1):
            for t in (0, 1):
                for s0 in range(5):
                    f = a + b + 3 * t + 2 * p + s0  # the rank's final count
                    g = f - c[r]
                    if pu and p or f > room or g < 0 or g and f + m[r] > cand[r] or \
                            gu + g > gmax or s0 and r > 6:
                        continue
                    walk(r + 1, s0, a, gu + g, pu | p, n4 + (f == room), run or s0 > 0,
                         tiles or f + m[r] > 0, path + ((s0, t, p, g),))

    walk(0, 0, 0, 0, 0, 0, False, False, ())
    out: dict = {}
    for (gu, pu, n4, run, tiles), (_final, path) in sorted(found.items()):
        out.setdefault((gu, pu), {})[n4, int(run), int(tiles), pu] = path
    return out


def suit_pairs(c: tuple, m: tuple, cand: tuple, gmax: int) -> dict:
    """`suit_programmes.suit_pairs` the same way: every way to pair up the class, each rank
    taking 4, 2 or 0 tiles in that order, the first met kept per signature (the highest final
    counts rank by rank)."""
    found: dict = {}

    def walk(r, gu, pairs, n4, tiles, gp, path):
        if r == len(c):
            found.setdefault((gu, pairs, n4, tiles, gp), path)
            return
        for f in (4, 2, 0):
            g = f - c[r]
            if g < 0 or f + m[r] > 4 or g and (f + m[r] > cand[r] or gu + g > gmax):
                continue
            walk(r + 1, gu + g, pairs + f // 2, n4 + (f == 4), tiles | (f > 0),
                 gp + (g if f == 2 else 0), path + (f,))

    walk(0, 0, 0, 0, 0, 0, ())
    out: dict = {}
    for (gu, pairs, n4, tiles, gp), path in sorted(found.items()):
        out.setdefault((gu, pairs), {})[n4, int(tiles), pairs, gp] = path
    return out
