"""Hypothesis strategies: random winning hands under any ruleset, and a situation to win in.

A hand is built the way it is played, from four sets and a pair (or seven pairs), some of the
sets declared as melds, then some concealed tiles swapped for ghosts; so every hand drawn is
a win by construction, and the properties in test_invariants.py can say what must hold for
it. Everything the ruleset says is read from the compiled Ruleset (its tiles, copies,
ghosts, melds, shapes and void rule), so a new ruleset gets hands it allows.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mjscore import tiles as T
from mjscore.robbing import rob_refusal
from mjscore.hand import read
from mjscore.reading import DRAGONS, YAOJI

SEATS = ("E", "S", "W", "N")
CLOSE = {"[": "]", "(": ")", "{": "}"}


@dataclass(frozen=True)
class Built:
    """A winning hand: concealed kinds (ghosts included), declared melds, the winning tile."""

    concealed: tuple  # kinds, in the order drawn
    melds: tuple  # (bracket, kinds as written)
    win: int  # one of `concealed`
    ghost: int | None  # the ruleset's ghost kind

    @property
    def has_kong(self) -> bool:
        return any(len(tiles) == 4 for _, tiles in self.melds)

    def meld_texts(self) -> list:
        return [b + T.compact(T.sorted_kinds(tiles)) + CLOSE[b] for b, tiles in self.melds]

    def text(self) -> str:
        """Canonical order: concealed tiles sorted, the winning tile last, then the melds."""
        rest = list(self.concealed)
        rest.remove(self.win)
        return " ".join([T.compact(T.sorted_kinds(rest) + [self.win])] + self.meld_texts())

    def shuffled_text(self, seed: int) -> str:
        """The same hand with its tiles and melds written in another order, one by one."""
        rng = random.Random(seed)
        pieces = [T.name(k) for k in self.concealed] + self.meld_texts()
        rng.shuffle(pieces)
        return rng.choice(["", " "]).join(pieces)

    def without(self, k: int) -> str:
        """The hand one tile short: one `k` taken from the concealed tiles."""
        rest = list(self.concealed)
        rest.remove(k)
        return " ".join([T.compact(T.sorted_kinds(rest))] + self.meld_texts())


def _naturals(rs, suits) -> list:
    """Kinds the hand may hold as natural tiles: its suits and the non-ghost honours."""
    kinds = [s * 9 + r for s in suits for r in range(9)]
    kinds += [k for k in range(27, 34) if k in rs.tile_kinds and k not in rs.ghost_kinds]
    return [k for k in kinds if k in rs.tile_kinds]


def _set(draw, rs, pool, declared: bool):
    """One set: ('triplet'|'sequence'|'dragon_set'|'toss'|'kong', kinds)."""
    shapes = ["triplet", "sequence"]
    if declared:
        shapes = [m for m in ("pong", "kong", "chow", "toss", "dragon_set") if m in rs.meld_kinds]
    elif "dragon_set" in rs.concealed_sets:
        shapes.append("dragon_set")
    shape = draw(st.sampled_from(shapes))
    if shape in ("sequence", "chow"):
        k = draw(st.sampled_from([k for k in pool if k < 27 and k % 9 <= 6]))
        return shape, (k, k + 1, k + 2)
    k = draw(st.sampled_from(pool))
    if shape in ("triplet", "pong"):
        return shape, (k,) * 3
    if shape == "kong":
        return shape, (k,) * 4
    if shape == "dragon_set":  # C F P, or two dragons and 幺鸡 (1s) for the third
        stand_in = YAOJI in pool and draw(st.booleans())
        dragons = sorted(DRAGONS)
        if stand_in:
            dragons.remove(draw(st.sampled_from(dragons)))
            return shape, tuple(dragons) + (YAOJI,)
        return shape, tuple(dragons)
    # toss: three 1s, 9s or honours, not all one kind
    ends = [k for k in pool if T.is_terminal_or_honour(k)]
    tiles = tuple(draw(st.lists(st.sampled_from(ends), min_size=3, max_size=3)))
    assume(len(set(tiles)) > 1)
    return shape, tiles


@st.composite
def winning_hands(draw, rs) -> Built:
    """A winning hand under `rs` (a compiled Ruleset)."""
    n_suits = draw(st.integers(1, rs.max_suits or 3))
    suits = sorted(draw(st.permutations([0, 1, 2]))[:n_suits])
    pool = _naturals(rs, suits)
    ghost = min(rs.ghost_kinds) if rs.ghost_kinds else None
    melds, concealed = [], []
    if "seven_pairs" in rs.shapes and draw(st.integers(0, 4)) == 0:
        for _ in range(7):
            concealed += [draw(st.sampled_from(pool))] * 2
    else:
        n_melds = draw(st.integers(0, 4))
        tossed = 0
        for i in range(4):
            shape, tiles = _set(draw, rs, pool, declared=i < n_melds)
            if i >= n_melds:
                concealed += tiles
                continue
            tossed += shape in ("toss", "dragon_set")
            bracket = "[" if shape != "kong" else draw(st.sampled_from("[({"))
            melds.append([bracket, list(tiles)])
        assume(rs.max_tosses is None or tossed <= rs.max_tosses)
        concealed += [draw(st.sampled_from(pool))] * 2
    counts = Counter(concealed) + Counter(k for _, tiles in melds for k in tiles)
    assume(all(n <= rs.copies[k] for k, n in counts.items()))
    if ghost is not None:
        # A flipped ghost is a suit tile too: natural ones drawn above take from its copies.
        supply = rs.copies[ghost] - counts[ghost]
        # Ghosts in declared pongs and kongs (贴鬼碰), beside at least one natural tile.
        if rs.ghosts_in_melds == "wild":
            for meld in melds:
                tiles = meld[1]
                if len(set(tiles)) == 1 and draw(st.booleans()):
                    n = draw(st.integers(1, len(tiles) - 1))
                    n = min(n, supply)
                    tiles[:n] = [ghost] * n
                    supply -= n
        # Ghosts for concealed tiles: any of them, so long as the supply lasts.
        n = draw(st.integers(0, min(supply, len(concealed))))
        for i in draw(st.lists(st.integers(0, len(concealed) - 1), min_size=n, max_size=n,
                               unique=True)):
            concealed[i] = ghost
    held = sum(1 for k in concealed if k in rs.ghost_kinds)  # (翻双鬼: natural 9m are ghosts)
    if rs.full_ghost and ghost is not None and held >= rs.full_ghost:
        # G5: 满鬼 held (every ghost, or guangdong's four), the hand was won on the last one
        # drawn; one holding more had won before it.
        assume(held == rs.full_ghost)
        win = ghost if len(rs.ghost_kinds) == 1 else \
            draw(st.sampled_from(sorted({k for k in concealed if k in rs.ghost_kinds})))
    else:
        win = draw(st.sampled_from(concealed))
    return Built(tuple(concealed), tuple((b, tuple(t)) for b, t in melds), win, ghost)


@st.composite
def situations(draw, rs, built: Built) -> dict:
    """`score` keywords for a win the ruleset can describe, consistent with the hand."""
    seat = draw(st.sampled_from(SEATS))
    others = [s for s in SEATS if s != seat]
    kw = {"seat": seat, "dealer": draw(st.sampled_from(SEATS))}
    won = []
    if "won" in rs.context:
        won = draw(st.lists(st.sampled_from(others), unique=True, max_size=2))
        kw["won"] = ",".join(won)
    free = [s for s in others if s not in won]
    ways = ["self"] + [w for w in ("discard", "rob_kong") if w in rs.context]
    if "rob_kong" in ways and rob_refusal(read(built.text(), rs, win=T.name(built.win)), rs,
                                          "S"):
        ways.remove("rob_kong")  # no kong of the winning tile can be there to rob
    if built.has_kong and "kong_draw" in rs.context:
        ways.append("kong_draw")
    way = draw(st.sampled_from(ways))
    if way == "discard":
        kw["discard"] = draw(st.sampled_from(free))
        if "after_kong" in rs.context:
            kw["after_kong"] = draw(st.booleans())
    elif way == "rob_kong":
        kw["rob_kong"] = draw(st.sampled_from(free))
    elif way == "kong_draw":
        kw["kong_draw"] = True
    if "declared" in rs.context:
        kw["declared"] = bool(rs.spec["hand"].get("needs_declared")) or draw(st.booleans())
    if "ghosts_drawn" in rs.context and built.ghost is not None:
        held = sum(1 for k in built.concealed if k == built.ghost) + \
            sum(1 for _, tiles in built.melds for k in tiles if k == built.ghost)
        kw["ghosts_drawn"] = draw(st.integers(held, rs.copies[built.ghost]))
    return kw


def spoiled(built: Built, rs, data) -> Built:
    """The hand, or (about one time in three) with one concealed tile swapped for any kind the
    ruleset has: mostly not a win, sometimes another win."""
    if data.draw(st.integers(0, 2)) < 2:
        return built
    concealed = list(built.concealed)
    concealed[data.draw(st.integers(0, len(concealed) - 1))] = \
        data.draw(st.sampled_from(sorted(rs.tile_kinds)))
    win = data.draw(st.sampled_from(concealed))
    return Built(tuple(concealed), built.melds, win, built.ghost)


# Every shipped ruleset, and luzhou with eight ghosts: what the property tests run over.
RULESETS = [
    pytest.param("luzhou", {}, id="luzhou"),
    pytest.param("luzhou", {"ghosts": "8"}, id="luzhou ghosts=8"),
    pytest.param("luzhou-guide", {}, id="luzhou-guide"),
    pytest.param("guangdong", {}, id="guangdong"),
    # The flipped ghost a suit tile (and three 6s left), then 1p after a 9p indicator.
    pytest.param("guangdong", {"ghost": "flip", "indicator": "6s"}, id="guangdong flip 6s"),
    pytest.param("guangdong", {"ghost": "flip", "indicator": "9p"}, id="guangdong flip 9p"),
    # 翻双鬼: two ghost kinds, the second wrapping past 9m.
    pytest.param("guangdong", {"ghost": "flip", "indicator": "8m", "flip_ghosts": "2"},
                 id="guangdong 翻双鬼 8m"),
    pytest.param("lanzhou", {}, id="lanzhou"),
]

# The property tests' settings: the same examples every run.
SETTINGS = settings(max_examples=25, derandomize=True, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def for_each_win(rs, check_one, examples: int | None = None) -> None:
    """`check_one(built, kw, data)` for drawn winning hands of `rs` and their situations."""
    @(SETTINGS if examples is None else settings(SETTINGS, max_examples=examples))
    @given(st.data())
    def check(data):
        built = data.draw(winning_hands(rs))
        check_one(built, data.draw(situations(rs, built)), data)

    check()
