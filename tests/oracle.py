"""A brute-force oracle: every ghost assignment, every reading, no cleverness at all."""

from __future__ import annotations

import importlib.util
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path

from mjscore import tiles as T
from mjscore.reading import YAOJI, Group, Reading, meld_group
from mjscore.robbing import ghost_room
from mjscore.scoring import evaluate

# 中发白 sets held concealed (lanzhou, Z2): C F P, or two dragons and a 1s (幺鸡) for the third.
DRAGON_SETS = [(T.P, T.F, T.C), (T.P, T.F, YAOJI), (T.P, T.C, YAOJI), (T.F, T.C, YAOJI)]


def _std(counts, need_pair, sets_left, acc, out):
    i = next((k for k in range(34) if counts[k]), None)
    if i is None:
        if not need_pair and sets_left == 0:
            out.append(list(acc))
        return
    if need_pair and counts[i] >= 2:
        counts[i] -= 2
        acc.append(Group("pair", (i, i)))
        _std(counts, False, sets_left, acc, out)
        acc.pop()
        counts[i] += 2
    if sets_left and counts[i] >= 3:
        counts[i] -= 3
        acc.append(Group("triplet", (i, i, i)))
        _std(counts, need_pair, sets_left - 1, acc, out)
        acc.pop()
        counts[i] += 3
    if sets_left and i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        acc.append(Group("sequence", (i, i + 1, i + 2)))
        _std(counts, need_pair, sets_left - 1, acc, out)
        acc.pop()
        for k in (i, i + 1, i + 2):
            counts[k] += 1


def _dragon_sets(natural, rs, taken_win):
    """Every multiset of concealed 中发白 sets the natural tiles hold: (rest, set groups). A 1s
    stands in only if the winner drew it: a 1s won on a taken tile is that tile (Z2)."""
    if "dragon_set" not in rs.concealed_sets:
        yield natural, ()
        return
    spare = natural[YAOJI] - (taken_win == YAOJI)
    for n in range(5):
        for sets in combinations_with_replacement(DRAGON_SETS, n):
            used = Counter(k for s in sets for k in s)
            if any(used[k] > natural[k] for k in used) or used[YAOJI] > spare:
                continue
            rest = [c - used[k] for k, c in enumerate(natural)]
            yield rest, tuple(Group("dragon_set", tuple(sorted(s))) for s in sets)


def brute_readings(hand, rs, taken: bool = False, room: tuple | None = None):
    """`taken`: the winning tile came from another player (as `decompose.readings`); `room`:
    as its `cand`, where a robbed kong's pong leaves a kind fewer copies
    (`robbing.ghost_room`)."""
    ghosts = [k for k in hand.concealed if k in rs.ghost_kinds]
    base = [0] * 34
    for k in hand.concealed:
        if k not in rs.ghost_kinds:
            base[k] += 1
    in_melds = [0] * 34
    for m in hand.melds:
        for k in m.tiles:
            in_melds[k] += 1
    melds = tuple(meld_group(m) for m in hand.melds)
    out = []
    for rest, sets in _dragon_sets(base, rs, hand.win if taken else None):
        for assign in combinations_with_replacement(sorted(rs.ghost_targets), len(ghosts)):
            counts = rest[:]
            for k in assign:
                counts[k] += 1
            final = [c + m for c, m in zip(counts, in_melds)]
            for g in sets:
                for k in g.tiles:
                    final[k] += 1
            if any(final[k] > rs.copies[k] for k in range(34)):
                continue
            if room is not None and any(final[k] > room[k] for k in set(assign)
                                        if room[k] < rs.cand[k]):
                continue
            final = tuple(final)
            if rs.max_suits and len({k // 9 for k in range(27) if final[k]}) > rs.max_suits:
                continue
            found = []
            _std(counts[:], True, 4 - len(hand.melds) - len(sets), [], found)
            out += [Reading("standard", tuple(g) + sets + melds, final) for g in found]
            if "seven_pairs" in rs.shapes and not hand.melds and not sets and \
                    all(c in (0, 2, 4) for c in counts):
                pairs = tuple(Group("pair", (k, k)) for k in range(34)
                              for _ in range(counts[k] // 2))
                out.append(Reading("seven_pairs", pairs, final))
    return out + full_ghost(hand, rs)


def full_ghost(hand, rs) -> list:
    """满鬼 (G5): every ghost tile there is (`full_ghost_win: true`), or as many as it says
    (guangdong's four, of either kind under 翻双鬼), concealed in the hand wins whatever the
    rest holds, won on the last of them drawn (seed 001: "Draw the fourth and the hand is
    over")."""
    win = (rs.spec.get("ghosts") or {}).get("full_ghost_win")
    need = sum(rs.copies[k] for k in rs.ghost_kinds) if win is True else win
    if not win or not rs.ghost_kinds or hand.win not in rs.ghost_kinds or \
            sum(k in rs.ghost_kinds for k in hand.concealed) < need:
        return []
    counts = [0] * 34
    for k in hand.concealed + tuple(k for m in hand.melds for k in m.tiles):
        counts[k] += 1
    loose = Group("loose", tuple(T.sorted_kinds(hand.concealed)))
    return [Reading("full_ghost", (loose,) + tuple(meld_group(m) for m in hand.melds),
                    tuple(counts))]


def brute_outcomes(hand, rs, ctx) -> set:
    """Every distinct (value, uncapped value, patterns) of every reading of every assignment."""
    out = set()
    for r in brute_readings(hand, rs, ctx.discard_type, ghost_room(rs, hand, ctx)):
        e = evaluate(r, hand, ctx, rs)
        out.add((e.value, e.raw, tuple(sorted((h.id, h.count) for h in e.hits))))
    return out


def outcomes(reads, hand, rs, ctx) -> set:
    """Every distinct (value, uncapped value, patterns) some reading gives."""
    return {(e.value, e.raw, tuple(sorted((h.id, h.count) for h in e.hits)))
            for e in (evaluate(r, hand, ctx, rs) for r in reads)}


def bench_module(name: str):
    """benchmarks/NAME.py (not a package): `corpus` generates the hands the benchmark times."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


corpus = bench_module("corpus")
