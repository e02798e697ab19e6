"""The most each pattern could count on any reading of one shape of a hand, told without
reading it: what `pruning` needs to skip a shape whose readings cannot win.

Each bound is registered by the pattern's id (`patterns.REGISTRY`) and must never be below
what the predicate answers for a reading of that shape: a bound too low would skip the
reading that should have been chosen, and change a value. A pattern with no bound here
(or a bound answering None) keeps every shape of a ruleset using it read in full. The
bounds are asked only of a hand with no declared meld and no 中发白 set to read
(`pruning._plan`, `pruning.evaluations`), and each says what it relies on;
tests/test_pruning.py checks every one against every standard reading of its corpus.
"""

from __future__ import annotations

from typing import NamedTuple

MOST: dict = {}  # pattern id -> fn(outline, params) -> the most it counts, or None


class Outline(NamedTuple):
    """What every reading of one shape of a hand shares, and the case bounded; a bound reads
    nothing else (`pruning` keeps the bounds by it).

    `has_run`: the readings bounded are those with (True) or without (False) a sequence:
    the two cases bound apart, where a pattern's most in one case is less than in the other.
    `held`: how many kinds of tile (ghosts left out) are held 0, 1, 2, 3 and 4 times.
    `one_suit`: the tiles held (ghosts left out) are of one suit at most, and no honour.
    `ghosts`: the ghosts held, each standing for one more tile of some kind.
    `ctx`: the situation (`context.WinContext`)."""

    shape: str
    has_run: bool
    held: tuple
    one_suit: bool
    ghosts: int
    ctx: object


def most(pid: str):
    def deco(fn):
        MOST[pid] = fn
        return fn
    return deco


@most("four_of_a_kind")
def four_of_a_kind(o: Outline, params) -> int:
    """Kinds with four copies. Without a sequence none: a kind's tiles are then a triplet,
    a pair, or a triplet and the pair (five), and no meld is declared. With one: as many
    kinds as the ghosts can fill up to four, the fullest first (leaving out a kong only
    lowers it)."""
    shape = params.get("shape", "any")
    if shape != "any" and shape != o.shape or o.shape == "standard" and not o.has_run:
        return 0
    n, left = o.held[4], o.ghosts
    for held in (3, 2, 1, 0):
        need = 4 - held
        took = min(o.held[held], left // need)
        n, left = n + took, left - took * need
    return n


@most("all_triplets")
def all_triplets(o: Outline, params) -> int:
    """大对子: only without a sequence, and only where the ghosts can make every kind held a
    triplet and one of them (or two ghosts) the pair: a kind held once needs 2 for a
    triplet, 1 as the pair; twice, 1 or 0; three times, 0 (the pair too would make five);
    four times, 2 (two triplets) or 1 (a triplet and the pair). Fewer ghosts than that and
    no reading has all triplets."""
    if o.shape != "standard" or o.has_run:
        return 0
    ones, twos, fours = o.held[1], o.held[2], o.held[4]
    need = 2 * ones + twos + 2 * fours + (-1 if ones or twos or fours else 2)
    return int(need <= o.ghosts)


@most("one_suit")
def one_suit(o: Outline, params) -> int:
    """清一色: never where the tiles held are of two suits or hold an honour (a ghost only
    adds tiles)."""
    return int(o.one_suit)


@most("half_flush")
def half_flush(o: Outline, params) -> int:
    """混一色: at most once; not bounded further (the outline keeps no honour apart, and no
    shipped ruleset counts it)."""
    return 1


@most("one_suit_kong_draw")
def one_suit_kong_draw(o: Outline, params) -> int:
    """As `one_suit`, on a kong replacement draw only."""
    return int(bool(o.ctx.kong_draw) and o.one_suit)


@most("seven_pairs")
def seven_pairs(o: Outline, params) -> int:
    """七对: a seven pairs reading, and no other."""
    return int(o.shape == "seven_pairs")


@most("seven_pairs_dragons")
def seven_pairs_dragons(o: Outline, params) -> int | None:
    """Never on another shape; on seven pairs, not bounded here."""
    return 0 if o.shape != "seven_pairs" else None


@most("seven_pairs_quads")
def seven_pairs_quads(o: Outline, params) -> int | None:
    """Never on another shape; on seven pairs, not bounded here."""
    return 0 if o.shape != "seven_pairs" else None


@most("full_ghost")
def full_ghost(o: Outline, params) -> int:
    """满鬼: the full ghost reading, and no other."""
    return int(o.shape == "full_ghost")


@most("dragon_sets")
def dragon_sets(o: Outline, params) -> int:
    """A 中发白 set is a group only where the ruleset reads them (never bounded: see above)
    or a meld declares one (none here)."""
    return 0
