"""Score readings: apply the ruleset's patterns, its value model, cap and discard scaling,
and pick the best legal reading (查大).

Order (documented in README): patterns in the ruleset's order -> `when_named` and `excludes`
-> value (ladder steps, or base x multipliers + bonuses) -> a fixed value replaces it -> cap
-> a discard-type win divides by `discard_divisor`, rounding down.
Ties between readings of equal value are broken by the larger uncapped value, then by the
final tiles (ghosts standing for the lowest kinds first), then by the reading's text in sort
order, so the same input always prints the same reading.
"""

from __future__ import annotations

import math
from operator import itemgetter
from typing import NamedTuple

from . import tiles as T
from .bounded import number_for
from .errors import MAX_VALUE, PAST_MAX, RulesetError
from .ruleset import MEMO_LIMIT


class Hit(NamedTuple):
    """A pattern that applied: `count` times, with the effect text shown to players.
    (NamedTuples, not dataclasses: every reading of every hand makes some.)"""

    id: str
    name: str
    en: str
    effect: str
    count: int
    spec: object

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "en": self.en, "effect": self.effect}


class Evaluation(NamedTuple):
    reading: object
    hits: tuple
    raw: int  # before the cap
    capped: int
    value: int  # what each payer pays: capped, then divided on a discard-type win
    cap: int | None
    computed: int  # what the patterns come to where a fixed value (天胡) stands in; else raw

    def key(self, ghost: str = "C"):
        """The order of "The best reading", best first: the highest value, then the highest
        uncapped value, then the highest the patterns come to (readings a fixed value ties),
        then 满鬼 before the rest, then the final tiles whose ghosts stand for the lowest kinds
        (`lowest_ghosts`), then the text in sort order."""
        return (-self.value, -self.raw, -self.computed, self.reading.shape != "full_ghost",
                tuple([-n for n in lowest_ghosts(self.reading.counts)]), self.reading.text(ghost))


_tuple_new = tuple.__new__


# (A file's single amount past MAX_VALUE, a step count included, is refused when it is
# loaded: `amounts.most_steps`. Only amounts that add up past it reach `_round`.)
_STEEP = MAX_VALUE.bit_length()  # past this many doublings a ladder is over MAX_VALUE


def ladder(steps: int, spec: dict) -> int | float:
    if steps <= 0:
        return spec["start"]
    ratio = spec["ratio"]
    if ratio > 1 and steps > _STEEP:
        # ratio ** (steps - 1) is at least 2 ** _STEEP, past MAX_VALUE: `_round` refuses it.
        # Worked out, a file's steps of a billion would take minutes and memory first.
        return math.inf
    return spec["first"] * ratio ** (steps - 1)


def _round(x, rs) -> int:
    if isinstance(x, float) and not math.isfinite(x) or abs(x) > MAX_VALUE:
        raise RulesetError(rs.label, f"this hand's patterns come to {PAST_MAX}: check their "
                                     "amounts", "patterns")
    return int(x) if float(x).is_integer() else int(x // 1)


def situation(hand, ctx, rs) -> dict:
    """The situational patterns' answers for this hand, asked once (see `patterns.pattern`)."""
    return {spec.id: spec.fn(None, hand, ctx, spec.kw) for spec in rs.situational}


def _named_besides(spec, hits) -> bool:
    """Whether a hit other than those `spec.besides` lists is a 名堂 (for its `when_named`)."""
    return any(s.named and s.id not in spec.besides for s, _ in hits)


def evaluate(reading, hand, ctx, rs, known: dict | None = None) -> Evaluation:
    """Score one reading; `known` holds answers already given by `situation`."""
    hits, notes = [], {}
    for spec in rs.patterns:
        n = known[spec.id] if known and spec.id in known else spec.fn(reading, hand, ctx, spec.kw)
        if isinstance(n, tuple):
            n, notes[spec.id] = n
        if n:
            hits.append((spec, int(n)))
    kind = "self_draw" if ctx.win_type == "self_draw" else "discard"
    hits = [(s, n) for s, n in hits if s.win is None or s.win == kind]
    # `named` is the file's word (its default is no for a fixed effect): a fixed pattern a
    # house file calls a 名堂 is one.
    named = any(s.named for s, _ in hits)
    hits = [(s, n) for s, n in hits if s.when_named is None
            or s.when_named == (_named_besides(s, hits) if s.besides else named)]
    excluded = {x for s, _ in hits for x in s.excludes}
    if excluded:
        hits = _applied(hits, excluded)
    v = rs.spec["value"]
    if v["model"] == "ladder":
        raw = ladder(sum(int(s.amount) * n for s, n in hits if s.effect == "steps"), v["ladder"])
    else:
        bases = [(s.base_value(n), s) for s, n in hits if s.effect == "base"]
        top = max(bases, key=lambda b: (b[0], b[1].named), default=None)
        # A hand takes its single highest base; the lower bases are not applied.
        hits = [(s, n) for s, n in hits if s.effect != "base" or s is top[1]]
        raw = top[0] if top else rs.base
        for s, n in hits:
            if s.effect == "multiply":
                raw *= s.amount ** n
        flats = [s.amount for s, _ in hits if s.effect == "flat"]
        if flats:  # a flat value stands in for base x multipliers; bonuses still add
            raw = max(flats)
            hits = [(s, n) for s, n in hits if s.effect not in ("base", "multiply")]
        raw += sum(s.amount * n for s, n in hits if s.effect == "add")
    fixed = [s.amount for s, _ in hits if s.effect == "fixed"]
    computed = None
    if fixed:  # (what the patterns came to is not paid, so never refused: only compared;
        # past MAX_VALUE it is MAX_VALUE + 1, which the Value line says as "more than")
        computed = int(min(raw, MAX_VALUE + 1)) if raw == raw else 0
        raw = max(fixed)
    raw = _round(raw, rs)
    if computed is None:
        computed = raw
    cap = rs.cap
    raises = [int(s.raises_cap) for s, _ in hits if s.raises_cap]
    if cap is not None and raises:
        cap = max([cap] + raises)
    capped = raw if cap is None else min(raw, cap)
    value = capped // rs.discard_divisor if ctx.discard_type else capped
    out = tuple(Hit(s.id, s.name, s.en, s.describe(n) + (f" ({notes[s.id]})" if notes.get(s.id)
                                                         else ""), n, s) for s, n in hits)
    return Evaluation(reading, out, raw, capped, value, cap, computed)


def _applied(hits: list, excluded: set) -> list:
    """`hits` less those a hit that applies excludes (`excluded`: what any hit excludes). A
    hit excluded excludes nothing itself: with A excluding B and B excluding C, C applies
    (the ruleset has no ring: `pattern_specs`)."""
    if not any(s.id in excluded and s.excludes for s, _ in hits):  # (no chain: the usual)
        return [(s, n) for s, n in hits if s.id not in excluded]
    applies: dict = {}

    def applied(spec) -> bool:
        got = applies.get(spec.id)
        if got is None:
            got = applies[spec.id] = not any(spec.id in s.excludes and applied(s)
                                             for s, _ in hits)
        return got
    return [(s, n) for s, n in hits if applied(s)]


def division_words(divisor: int) -> tuple:
    """How the output names a discard-type win's division, as ("halved", "halving"): the
    words follow the ruleset's `discard_divisor`, so a house rule dividing by 3 is not said
    to halve. Empty for 1, which divides nothing."""
    if divisor == 1:
        return "", ""
    if divisor == 2:
        return "halved", "halving"
    return f"divided by {divisor}", f"dividing by {divisor}"


def known_answers(hand, ctx, rs) -> tuple:
    """(`situation`'s answers, a number standing for the part of each evaluation's key they
    fix): kept in the ruleset's memo, as a number is hashed faster than the tuple, on every
    hand."""
    memo = rs.memo
    got = memo.get(("situation", ctx.number, hand.melds))  # (`evaluate_all` reads it first)
    if got is None:
        known = situation(hand, ctx, rs)
        fixed = (tuple(known.values()), hand.melds, ctx.win_type, ctx.discard_type)
        got = rs.remember(("situation", ctx.number, hand.melds),
                          (known, number_for(memo, fixed, MEMO_LIMIT)))
    return got


def evaluate_all(readings, hand, ctx, rs) -> tuple:
    """`evaluate` for each reading, reusing the evaluation of an earlier reading with the same
    signature in the same situation: the patterns that read only the signature (and the
    melds) answer alike for both, and the others are asked and made part of the key."""
    if not readings:
        return ()
    memo, ask = rs.memo, rs.per_reading
    got = memo.get(("situation", ctx.number, hand.melds))  # (`known_answers`' usual case)
    known, fixed = got if got is not None else known_answers(hand, ctx, rs)
    out = []
    for r in readings:
        sig = r[7]  # (`Reading.sig`, read by place: a property call less a reading)
        if sig is None:
            out.append(evaluate(r, hand, ctx, rs, known))
            continue
        key = (sig, fixed, tuple([s.fn(r, hand, ctx, s.kw) for s in ask]) if ask else ())
        hit = memo.get(key)
        if hit is None:
            e = evaluate(r, hand, ctx, rs, known)
            rs.remember(key, e[1:])
        else:
            e = _tuple_new(Evaluation, (r, *hit))  # Evaluation(r, *hit), less a Python call
        out.append(e)
    return tuple(out)


# A reading's final counts in display order (m, p, s, the winds, 中发白): the larger, the lower
# the tiles its ghosts stand for. The combination of classes meets readings in this order too.
lowest_ghosts = itemgetter(*T.DISPLAY_ORDER)
# An evaluation's (value, raw, computed), `best`'s first three keys, read in C.
_ranked = itemgetter(Evaluation._fields.index("value"), Evaluation._fields.index("raw"),
                     Evaluation._fields.index("computed"))


def best(evaluations, ghost: str = "C"):
    """The best evaluation: the highest value, then the highest uncapped value, then the
    highest the patterns come to (where a fixed value makes readings alike), then the
    reading whose final tiles (ghosts as what they stand for) come first, the lowest kinds
    in display order the most (`lowest_ghosts`), then the one whose 1s (幺鸡) stand in for the
    fewest dragons (lanzhou: `CFP CFP ... 11s`, not `CF+1s=P CF+1s=P ... PP`, as a player
    reads the tiles, the 1s as themselves), then the reading whose text sorts first
    (texts are built only for readings tied that far)."""
    if len(evaluations) < 2:
        return evaluations[0] if evaluations else None
    # (Each stage's keys made once, in C where they can be, and the list of those tied made
    # only where more than one is.)
    ranks = list(map(_ranked, evaluations))
    top = max(ranks)
    if ranks.count(top) == 1:
        return evaluations[ranks.index(top)]
    tied = [e for e, r in zip(evaluations, ranks) if r == top]
    # 满鬼 wins at once, whatever the rest (G5): tied with another reading of its tiles, it is
    # the one the player declares, as its row says.
    full = [e for e in tied if e.reading.shape == "full_ghost"]
    if len(full) == 1:
        return full[0]
    tied = full or tied
    # The final tiles first (cheap), the text only if those tie too.
    lows = _lows(tied)
    first = max(lows)
    if lows.count(first) == 1:
        return tied[lows.index(first)]
    return min([e for e, low in zip(tied, lows) if low == first],
               key=lambda e: (_stand_ins(e.reading), e.key(ghost)))


def _stand_ins(reading) -> int:
    """How many 中发白 sets of `reading` hold a 1s (幺鸡) standing in for a dragon."""
    from .reading import YAOJI
    return sum(1 for g in reading.groups if g.kind == "dragon_set" and YAOJI in g.tiles)


def _lows(tied: list) -> list:
    """Keys putting `tied` (readings of one hand) in `lowest_ghosts`' order of their final
    counts: where one maker made all their counts, and can say where it puts the ghosts
    instead (`decompose._ghosts_at`), that, without making them (a 4-ghost hand's seven
    pairs readings tie often: 7% of its instructions went to their counts)."""
    count = tied[0].reading[6]
    at = getattr(count, "ghosts_at", None)
    if at is not None and all([e.reading[6] is count for e in tied]):
        return [at(e.reading[3]) for e in tied]
    return [lowest_ghosts(e.reading.counts) for e in tied]


def distinct(evaluations, ghost: str = "C", chosen=None) -> tuple:
    """The readings that differ in patterns or value, best first (for --explain), in the
    order `best` chooses by, so the first is the reading chosen and each is the one `best`
    would choose among those alike. `chosen`: the reading shown as chosen, first, where it
    is not one of `evaluations` (`as_themselves` shows its ghosts as themselves)."""
    out, seen = [], set()
    first = [chosen] if chosen is not None else []
    for e in first + sorted(evaluations, key=lambda e: e.key(ghost)):
        sig = (e.value, e.raw, tuple((h.id, h.count) for h in e.hits))
        if sig not in seen:
            seen.add(sig)
            out.append(e)
    return tuple(out)
