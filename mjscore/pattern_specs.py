"""A ruleset's pattern entries: which registered predicate each uses, with what effect, and
when it applies (`when_named`, `besides`, `excludes`, `win`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .amounts import amount_text, exact
from .errors import RulesetError
from .frozen import FrozenDict
from .patterns import REGISTRY

if TYPE_CHECKING:  # (not at run time: fractions brings decimal, see `amounts.exact`)
    from fractions import Fraction

EFFECTS = ("steps", "base", "multiply", "add", "flat", "fixed")


@dataclass(frozen=True)
class PatternSpec:
    """One pattern entry of a ruleset: which predicate, its parameters, and its effect."""

    id: str
    predicate: str
    params: tuple
    name: str
    en: str
    effect: str  # one of EFFECTS
    amount: int | Fraction  # `exact`: a file's 1.15 is 23/20
    named: bool  # counts as a 名堂 (for `when_named`)
    when_named: bool | None
    excludes: tuple
    raises_cap: int | None
    ruling: str | None
    win: str | None = None  # self_draw | discard: applies only on that type of win
    each_more: int | Fraction | None = None  # base x each_more for every count past the first
    besides: tuple = ()  # 名堂 that `when_named` does not count (平胡的杠上炮: all but 杠上炮)
    counted: tuple = ()  # the names of a count of 2, 3, ... (the guide's Double, Triple Gui)
    fn: object = field(default=None, compare=False, repr=False)  # the predicate itself
    kw: dict = field(default_factory=dict, compare=False, repr=False)  # params as a dict

    def base_value(self, count: int) -> int | Fraction:
        return self.amount * (self.each_more or 1) ** (count - 1)

    def describe(self, count: int = 1) -> str:
        a = amount_text(self.amount)
        if self.effect == "steps":
            n = int(self.amount) * count
            return f"+{n} step" + ("s" if n != 1 else "") if n else "step 0"
        if self.effect == "base":
            if self.each_more and count > 1:
                # (As the guide names them: "Double Gui is 10 ke on self-draw, Triple Gui is
                # 20 ke"; a count past the names given is told by its number alone.)
                named = f"{self.counted[count - 2]}: " if count - 2 < len(self.counted) else ""
                return (f"base {amount_text(self.base_value(count))} ({named}{a}, "
                        f"x{amount_text(self.each_more)} for each of {count - 1} more)")
            return f"base {a}"
        if self.effect == "flat":
            return f"= {a} before bonuses"
        if self.effect == "multiply":
            return f"x{a}" if count == 1 else f"x{amount_text(self.amount ** count)} (x{a} each)"
        if self.effect == "add":
            return f"+{amount_text(self.amount * count)}"
        return f"= {a}"


def build_patterns(spec: dict, label: str) -> tuple:
    """The enabled pattern entries of `spec` as PatternSpecs, in the file's order."""
    out = []
    for pid, p in (spec.get("patterns") or {}).items():
        if p is None or p.get("enabled", True) is False:
            continue
        effect = next(e for e in EFFECTS if e in p)
        out.append(PatternSpec(
            id=pid, predicate=p.get("pattern", pid),
            params=tuple(sorted((p.get("params") or {}).items())),
            name=p["name"], en=p["en"], effect=effect, amount=exact(p[effect]),
            named=p.get("named", effect in ("steps", "multiply", "base")),
            when_named=p.get("when_named"), excludes=tuple(p.get("excludes", ())),
            raises_cap=p.get("raises_cap"), ruling=p.get("ruling"), win=p.get("win"),
            each_more=exact(p.get("each_more")), besides=tuple(p.get("besides", ())),
            counted=tuple(p.get("counted", ())),
            fn=REGISTRY[p.get("pattern", pid)],
            kw=FrozenDict(p.get("params") or {})))
    ids = {p.id for p in out}
    by_id = {p.id: p for p in out}
    ringed = _in_rings(out, by_id)
    for p in out:
        # (A pattern is dropped where one that applies excludes it, and drops nothing itself
        # then: in a ring, none would apply first, so a hand with them all had none of them.)
        ring = _ring(p.id, by_id) if p.id in ringed else None
        if ring:
            what = "a pattern cannot exclude itself" if len(ring) == 1 else \
                f"{ring[0]} and {ring[1]} exclude each other, so a hand with both would have " \
                "neither: one of them may exclude the other" if len(ring) == 2 else \
                f"{', '.join(ring[:-1])} and {ring[-1]} exclude each other in a ring (each the " \
                "next, the last the first), so a hand with them all would have none: " \
                "break the ring"
            raise RulesetError(label, what, f"patterns.{p.id}", f"patterns.{p.id}.excludes")
        for key in ("excludes", "besides"):
            for x in getattr(p, key):
                if x not in ids and x not in (spec.get("patterns") or {}):
                    raise RulesetError(label, f'{key} unknown pattern "{x}"',
                                       f"patterns.{p.id}", f"patterns.{p.id}.{key}")
        if p.besides and p.when_named is None:
            raise RulesetError(label, "besides names 名堂 that when_named does not count, so "
                               "it needs when_named", f"patterns.{p.id}",
                               f"patterns.{p.id}.besides")
    return tuple(out)


def every_win_base(rs):
    """The pattern giving every win its base, if one does (a plain win's base, on any win,
    named or not, excluded by no pattern): then `value.base`, the base of a win no base
    pattern gives (`scoring.evaluate`), is never reached, and `rules show` and `rules check`
    say what is."""
    excluded = {x for p in rs.patterns for x in p.excludes}
    return next((p for p in rs.patterns if p.effect == "base" and p.predicate == "plain_win"
                 and p.win is None and p.when_named is None and p.id not in excluded), None)


def _ring(start: str, by_id: dict) -> list | None:
    """The patterns of an `excludes` ring through `start` (each excluding the next, the last
    `start`), in that order, or None: the first met going down each one's excludes in turn.
    (A stack, not recursion: a house file's chain of a thousand excludes ran out of Python's
    recursion, and was told "input nested too deeply", with no file or key.)"""
    path, seen = [start], {start}
    todo = [iter(getattr(by_id.get(start), "excludes", ()))]
    while todo:
        for x in todo[-1]:
            if x == start:
                return path
            if x not in seen:
                seen.add(x)
                path.append(x)
                todo.append(iter(getattr(by_id.get(x), "excludes", ())))
                break
        else:
            todo.pop()
            path.pop()
    return None


def _in_rings(out: list, by_id: dict) -> set:
    """The ids of the patterns on some `excludes` ring: those of a strongly connected
    component of more than one, or excluding themselves (Tarjan's, with a stack). Once for
    the file, where a walk from each pattern took seconds in a dense file of hundreds."""
    index: dict = {}
    low: dict = {}
    stack, on_stack, ringed = [], set(), set()
    for root in out:
        if root.id in index:
            continue
        todo = [(root.id, iter(root.excludes))]
        index[root.id] = low[root.id] = len(index)
        stack.append(root.id)
        on_stack.add(root.id)
        while todo:
            pid, edges = todo[-1]
            for x in edges:
                if x == pid:
                    ringed.add(pid)
                if x not in by_id:
                    continue  # (an unknown id: refused below, by name)
                if x not in index:
                    index[x] = low[x] = len(index)
                    stack.append(x)
                    on_stack.add(x)
                    todo.append((x, iter(by_id[x].excludes)))
                    break
                if x in on_stack:
                    low[pid] = min(low[pid], index[x])
            else:
                todo.pop()
                if todo:
                    parent = todo[-1][0]
                    low[parent] = min(low[parent], low[pid])
                if low[pid] == index[pid]:
                    part = []
                    while True:
                        x = stack.pop()
                        on_stack.discard(x)
                        part.append(x)
                        if x == pid:
                            break
                    if len(part) > 1:
                        ringed.update(part)
    return ringed
