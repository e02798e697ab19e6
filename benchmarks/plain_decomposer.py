"""The issue's "plain pure-Python decomposer memoized on per-suit count tuples", as a yardstick.

Not mjscore's: a benchmark-only reference, timed beside `divide_hand` on the same 34 counts,
to show what the decomposition target asks of pure Python on this machine. It lists every
decomposition of a no-ghost hand (four sets and a pair, and seven pairs of seven kinds, as
`divide_hand` lists them; no melds, no ghost, no check of the input) as tuples of kinds, each suit's readings found once and kept by the
suit's nine counts (a warm memo: the issue's 190,000 hands/s end), and does nothing else:
no hand is built or checked, no signature, no score.

>>> [sorted(d) for d in decompose([3, 1, 1, 1] + [0] * 5 + [0] * 9 + [0, 0, 0, 2, 3, 3] + [0] * 10)]
[[(0, 0, 0), (1, 2, 3), (21, 21), (22, 22, 22), (23, 23, 23)]]
"""

from __future__ import annotations

from itertools import product

_SUITS: tuple = ({}, {}, {})  # per suit: its nine counts (bytes) -> (readings with no pair, with)
_HONOURS: dict = {}  # the seven honour counts (bytes) -> the same, or None


def _suit(s: int, key: bytes):
    """(readings with no pair, readings with the pair) of suit `s` holding `key`; None if it
    cannot be read. A reading: a tuple of groups, each a tuple of kinds."""
    found: set = set()
    counts, base = list(key), 9 * s

    def walk(i: int, groups: tuple, pair: bool) -> None:
        while i < 9 and not counts[i]:
            i += 1
        if i == 9:
            found.add((pair, tuple(sorted(groups))))
            return
        k = base + i
        if counts[i] >= 3:
            counts[i] -= 3
            walk(i, groups + ((k, k, k),), pair)
            counts[i] += 3
        if counts[i] >= 2 and not pair:
            counts[i] -= 2
            walk(i, groups + ((k, k),), True)
            counts[i] += 2
        if i < 7 and counts[i + 1] and counts[i + 2]:
            for j in (i, i + 1, i + 2):
                counts[j] -= 1
            walk(i, groups + ((k, k + 1, k + 2),), pair)
            for j in (i, i + 1, i + 2):
                counts[j] += 1

    walk(0, (), False)
    got = (tuple(g for p, g in found if not p), tuple(g for p, g in found if p))
    _SUITS[s][key] = got = got if got[0] or got[1] else None
    return got


def _honours(key: bytes):
    sets, pairs = [], []
    for i, n in enumerate(key):
        if n == 3:
            sets.append((27 + i,) * 3)
        elif n == 2:
            pairs.append((27 + i,) * 2)
        elif n:
            break
    else:
        if len(pairs) <= 1:
            got = _HONOURS[key] = ((tuple(sets),), ()) if not pairs else \
                ((), (tuple(sets + pairs),))
            return got
    _HONOURS[key] = None
    return None


def decompose(c: list) -> list:
    """Every decomposition of the hand with 34 counts `c`: four sets and a pair, or seven pairs."""
    out = _standard(c)
    if c.count(2) == 7:
        out.append(tuple([(k, k) for k, n in enumerate(c) if n]))
    return out


def _standard(c: list) -> list:
    parts = []
    for s in (0, 1, 2):
        key = bytes(c[9 * s:9 * s + 9])
        if any(key):
            got = _SUITS[s].get(key, False)
            if got is False:
                got = _suit(s, key)
            if got is None:
                return []
            parts.append(got)
    key = bytes(c[27:34])
    if any(key):
        got = _HONOURS.get(key, False)
        if got is False:
            got = _honours(key)
        if got is None:
            return []
        parts.append(got)
    out = []
    for i, (_none, with_pair) in enumerate(parts):  # the part holding the pair, each in turn
        if with_pair:
            rest = [p[0] for j, p in enumerate(parts) if j != i]
            for chosen in product(with_pair, *rest):
                out.append(sum(chosen, ()))
    return out
