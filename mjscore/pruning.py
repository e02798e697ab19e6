"""A hand's evaluations, the cheap shapes first: the standard shape is read only where one of
its readings could beat the best reading of the others (issue 8: "a reading that cannot beat
the best found is not expanded").

Why no value changes: `standard_most` bounds, without reading the standard shape, the first
three places of `scoring.best`'s order (value, uncapped value, what the patterns come to) for
every standard reading: the situational patterns by their own answers, the others by their
most (`pattern_bounds`), every one applied (`when_named` and `excludes` only take hits
away), added up as the value model adds them where no pattern can lower a value (`_rises`,
`_most_computed`: a ladder's steps, no negative steps counted; or the largest base times
every multiplier, or the largest flat value, plus every bonus), a fixed value by the
largest that could apply, the cap raised by every pattern that could raise it. The shape is
skipped only where that bound is below the best found in those places, so none of its
readings could be chosen, nor tie; and never where a reading could come to more than
`errors.MAX_VALUE`, which `scoring` refuses: the hand is refused as it was.

What is skipped is read all the same when asked (`Unread`): `Result.evaluations`,
`--explain`'s alternatives and the count of readings are as if nothing had been skipped.

In a 4-ghost luzhou hand the best reading is seven pairs three times in five, and a standard
reading read was most of the hand's cost: see benchmarks/bench.py.
"""

from __future__ import annotations

from typing import NamedTuple

from .decompose import readings
from .errors import MAX_VALUE
from .pattern_bounds import MOST, Outline
from .patterns import SITUATIONAL
from .reading import EMPTY_SUIT, hand_tiles
from .robbing import ghost_room
from .scoring import best, evaluate_all, known_answers, ladder

_STANDARD = ("standard",)


def evaluations(h, rs, t, ctx) -> tuple:
    """(the evaluations of `h`'s readings, `Unread` for those skipped or None, the best of
    them where it is known already or None)."""
    # (Seven pairs is the only other shape yet: a hand it cannot read is read as before.)
    plan = _plan(rs) if t.pairs_ok else None
    # (rs.cand itself but where a kong is robbed or a suit voided: `ghost_room` written out)
    cand = rs.cand if ctx.void is None and not ctx.rob_kong else ghost_room(rs, h, ctx)
    if plan is None:
        return evaluate_all(readings(h, rs, t, ctx.discard_type, cand=cand), h, ctx, rs), \
            None, None
    first, in_order = plan
    found = evaluate_all(readings(h, rs, t, ctx.discard_type, first, True, cand=cand), h, ctx,
                         rs)
    top = best(found, rs.ghost_letter)
    if top is not None and _below(standard_most(h, t, ctx, rs), top):
        return found, Unread(h, rs, ctx), top
    rest = _standard(h, rs, t, ctx, cand)
    return (rest + found if in_order else in_shape_order(rest, found, rs)), None, None


class Unread(NamedTuple):
    """The standard readings of a hand that `evaluations` skipped, read when called (and
    pickled with a Result as the hand, ruleset and situation they are read from)."""

    hand: object
    rs: object
    ctx: object

    def __call__(self, found: tuple) -> tuple:
        h, rs, ctx = self
        return in_shape_order(_standard(h, rs, hand_tiles(h, rs), ctx), found, rs)


def _standard(h, rs, t, ctx, cand: tuple | None = None) -> tuple:
    if cand is None:  # (read later, by `Unread`)
        cand = ghost_room(rs, h, ctx)
    return evaluate_all(readings(h, rs, t, ctx.discard_type, _STANDARD, False, cand=cand), h,
                        ctx, rs)


def in_shape_order(rest: tuple, found: tuple, rs) -> tuple:
    """The standard readings `rest` and the others `found`, in the order `readings` gives
    them all in (the ruleset's shapes, 满鬼 last)."""
    order = {shape: i for i, shape in enumerate(rs.shapes)}
    return tuple(sorted(rest + found, key=lambda e: order.get(e.reading.shape, len(order))))


def _below(most: tuple | None, top) -> bool:
    return most is not None and most < (top.value, top.raw, top.computed)


def standard_most(h, t, ctx, rs) -> tuple | None:
    """The most any standard reading of `h` (tiles `t`, no declared meld) could come to in
    `best`'s first three places, (value, raw, computed); None where it is not bounded.
    Kept by what the bounds and the situational patterns read (`pattern_bounds.Outline`,
    the situation; no meld): a few hundred recur."""
    held, one_suit = held_counts(t)
    key = ("most", held, one_suit, t.ghosts, ctx.number)
    got = rs.memo.get(key, _MISSING)
    if got is _MISSING:
        got = rs.remember(key, _standard_most(h, held, one_suit, t.ghosts, ctx, rs))
    return got


_MISSING = object()


def held_counts(t) -> tuple:
    """(`Outline.held`, `Outline.one_suit`) of the tiles `t`."""
    c = t.natural
    b = bytes(c)  # (counted in bytes: each count there is a scan in C, a third of the time)
    return ((b.count(0), b.count(1), b.count(2), b.count(3), b.count(4)),
            not any(c[27:]) and t.suits.count(EMPTY_SUIT) >= 2)


def _standard_most(h, held, one_suit, ghosts, ctx, rs) -> tuple | None:
    known = known_answers(h, ctx, rs)[0]
    kind = "self_draw" if ctx.win_type == "self_draw" else "discard"
    out = None
    for has_run in (False, True):
        o = Outline("standard", has_run, held, one_suit, ghosts, ctx)
        hits = []  # (spec, the most it counts) for each pattern that could apply
        for s in rs.patterns:
            if s.win is not None and s.win != kind:
                continue  # (as `evaluate` filters them: the same for every reading)
            n = known[s.id] if s.id in known else MOST[s.predicate](o, s.kw)
            if n is None:
                return None
            if isinstance(n, tuple):
                n = n[0]
            if n:
                hits.append((s, n))
        computed = _most_computed(hits, rs)
        if not computed <= MAX_VALUE:  # (inf too) a reading may be refused: it must be read
            return None
        raw = max([computed] + [s.amount for s, _ in hits if s.effect == "fixed"])
        cap = rs.cap
        if cap is not None:
            cap = max([cap] + [int(s.raises_cap) for s, _ in hits if s.raises_cap])
        value = raw if cap is None else min(raw, cap)
        if ctx.discard_type:
            value //= rs.discard_divisor
        case = (value, raw, computed)
        out = case if out is None else tuple(map(max, out, case))
    return out


def _most_computed(hits: list, rs):
    """The most `hits` ((spec, the most it counts), ...) could come to before a fixed value
    and the cap, as `scoring.evaluate` adds them up, in a model where none lowers it
    (`_rises`): a ladder's steps; or the largest base (the ruleset's own where none
    applies), times every multiplier, or the largest flat value, plus every bonus."""
    v = rs.spec["value"]
    if v["model"] == "ladder":
        return ladder(sum(max(0, int(s.amount)) * n for s, n in hits if s.effect == "steps"),
                      v["ladder"])
    core = max([rs.base] + [s.base_value(n) for s, n in hits if s.effect == "base"])
    for s, n in hits:
        if s.effect == "multiply":
            core *= s.amount ** n
    core = max([core] + [s.amount for s, _ in hits if s.effect == "flat"])
    return core + sum(s.amount * n for s, n in hits if s.effect == "add")


def _rises(rs) -> bool:
    """Whether a pattern applied, or applied more times, never lowers `rs`'s computed value:
    a ladder from a first step of at least 0 and the start, rising by a ratio of at least 1;
    or bases, flat values and bonuses of at least 0 (and the ruleset's base), a base's
    `each_more` and every multiplier at least 1."""
    v = rs.spec["value"]
    if v["model"] == "ladder":
        lad = v["ladder"]
        return lad["ratio"] >= 1 and lad["first"] >= max(lad["start"], 0)
    return rs.base >= 0 and all(
        s.amount >= (1 if s.effect == "multiply" else 0) and (s.each_more or 1) >= 1
        for s in rs.patterns if s.effect in ("base", "multiply", "flat", "add"))


_PLANS: dict = {}  # id(ruleset) -> (it, `_plan`)


def _plan(rs) -> tuple | None:
    """(the shapes `evaluations` reads first where `rs` may skip the standard one, whether
    the standard readings come before theirs); None where it may not: it has no other
    shape, or reads 中发白 sets, or a pattern could lower its value (`_rises`), or one of its
    patterns is not bounded (`pattern_bounds`)."""
    got = _PLANS.get(id(rs))
    if got is not None and got[0] is rs:
        return got[1]
    ok = ("standard" in rs.shapes and len(rs.shapes) > 1 and not rs.concealed_sets
          and _rises(rs) and all(s.fn in SITUATIONAL or s.predicate in MOST
                                 for s in rs.patterns))
    plan = (tuple(s for s in rs.shapes if s != "standard"), rs.shapes[0] == "standard") \
        if ok else None
    if len(_PLANS) >= 16:  # (each holds its ruleset, and so its memo)
        _PLANS.clear()
    _PLANS[id(rs)] = (rs, plan)
    return plan
