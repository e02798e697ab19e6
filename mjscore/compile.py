"""Turn a merged, option-resolved ruleset mapping into the frozen `Ruleset` scoring uses."""

from __future__ import annotations

from . import tiles as T
from .amounts import amount_text, exact, past_max
from .errors import MAX_VALUE, PAST_MAX, OptionError, RulesetError
from .options import option_of
from .pattern_specs import build_patterns
from .patterns import BY_SIGNATURE, SITUATIONAL
from .reading import YAOJI
from .settlement import CHECKS, EXTRA_NEEDS, payer_refusal


def next_tile(k: int) -> int:
    """The flip ghost after indicator k: numbers 9 -> 1 in the suit, honours E S W N C F P E."""
    if k < 27:
        return k - 8 if k % 9 == 8 else k + 1
    order = [T.E, T.S, T.W, T.N, T.C, T.F, T.P]
    return order[(order.index(k) + 1) % len(order)]


class NeedsIndicator(OptionError):
    """A flipped ghost with no indicator tile yet. `indicator`: the option that gives it (a
    file with none is refused as a RulesetError): a house file may flip the ghost by default,
    each hand then giving its indicator (--indicator), and must be loaded with it. `mode`:
    the option that flips the ghost, where it is not `key`, the one refused (翻双鬼's)."""

    def __init__(self, why: str, key, indicator: str, mode: str | None = None):
        super().__init__(f"{why} (--indicator TILE)", key, f"{why} (set opts.indicator to it)",
                         f"{why} (--opt {indicator}=TILE)")
        self.indicator, self.mode = indicator, mode or key


def flipped_kinds(indicator: int, flips: int) -> tuple:
    """The ghosts a flipped `indicator` makes, in order: the tile after it, and with two
    flips (翻双鬼) the tile after that one too."""
    out = [next_tile(indicator)]
    while len(out) < flips:
        out.append(next_tile(out[-1]))
    return tuple(out)


def _ghosts(spec: dict, kinds: set, label: str, given: frozenset, mode: str | None,
            indicator: str | None, flips: str | None) -> frozenset:
    """The ghost kinds; `mode`, `indicator` and `flips` are the options that set those keys,
    if any (named in errors, and told from the file's own defaults by `given`)."""
    g = spec.get("ghosts") or {}
    n = g.get("flips", 1)
    if g.get("mode", "fixed") == "flip":
        ind = g.get("indicator")
        if not ind and indicator is None:
            # No option gives it either: each hand was told to give --indicator, which then
            # had nowhere to go. The file is incomplete, whatever a hand gives.
            raise RulesetError(label, "a flipped ghost needs its indicator tile: set indicator "
                               "to a tile, or to {option: indicator} for each hand to give",
                               "ghosts.indicator")
        if not ind:
            why = f"{label}: ghost=flip needs the indicator tile"
            raise NeedsIndicator(why, mode, indicator)
        k = T.parse_name(ind)
        if k is None or k not in kinds:
            raise OptionError(f'{label}: indicator "{ind}" is not a tile of this ruleset',
                              indicator)
        out = flipped_kinds(k, n)
        for ghost in out:
            if ghost not in kinds:  # a set without it: no drawn tile could be the ghost
                raise OptionError(f'{label}: indicator "{ind}" makes {T.name(ghost)} '
                                  f'{"the" if n == 1 else "a"} ghost, which is not a tile of '
                                  "this ruleset", indicator)
        return frozenset(out)
    # An indicator and an unflipped ghost contradict each other unless the user chose the
    # ghost and the file only supplied the indicator: a house rule defaulting to flip 9m
    # must still take ghost=fixed, where its indicator simply does not apply.
    # (`given`: the options the user gave, --opt or a record's opts, not the file's defaults.)
    if g.get("indicator") and (indicator in given or mode not in given):
        why = f'{label}: indicator={g["indicator"]} applies only with ghost=flip'
        raise OptionError(f'{why} (--indicator {g["indicator"]} sets both)', indicator,
                          f"{why} (set opts.ghost to flip too)",
                          f"{why} (--opt {mode}=flip too)" if mode else None, (mode,), why)
    if n != 1 and mode in given and flips in given:
        why = f"{label}: {flips}={n} flips the ghost, which contradicts {mode}=fixed"
        raise OptionError(why, flips, also=(mode,), why=why)
    if n != 1 and mode not in given:
        # 翻双鬼 with the ghost left to the file, which fixes it: it needs the indicator, which
        # flips the ghost (--indicator, as with one flip). (A house rule defaulting to two
        # flips still takes ghost=fixed, which drops them, as its default indicator.)
        if mode is None or indicator is None:  # (the file fixes it: no hand can flip it)
            raise RulesetError(label, f"{n} ghosts after a flipped indicator (翻双鬼), where "
                               "the ghost is fixed: no hand can flip it", "ghosts.flips")
        raise NeedsIndicator(f"{label}: {flips or 'ghosts.flips'}={n} flips the ghost, which "
                             "needs the indicator tile", flips or mode, indicator, mode)
    out = set()
    for name in g.get("tiles", []):
        k = T.parse_name(name)
        if k not in kinds:
            raise RulesetError(label, f"ghost tile {name} is not in tiles:", "ghosts.tiles")
        out.add(k)
    return frozenset(out)


def _full_ghost(win, ghosts: frozenset, copies: list, label: str) -> int:
    """满鬼's count (`Ruleset.full_ghost`): `full_ghost_win` true is every ghost tile of the
    set, a number that many of them (guangdong's four, of either kind under 翻双鬼)."""
    if not ghosts or not win:
        return 0
    supply = sum(copies[k] for k in ghosts)
    if win is True:
        return supply
    if win > supply:
        raise RulesetError(label, f"{win} ghost tiles held win at once (满鬼), where the set "
                           f"has {supply}: no hand could hold them", "ghosts.full_ghost_win")
    return win


# The effects each value model reads (scoring.evaluate): any other would count for nothing.
_MODEL_EFFECTS = {"ladder": ("steps", "fixed"),
                  "multiply": ("base", "multiply", "add", "flat", "fixed")}


def _check_values(spec: dict, patterns: tuple, label: str) -> None:
    """Refuse what the schema cannot see once options are filled in: an effect its value
    model ignores, a negative amount (a win where the winner pays; an extra, a kong payment
    or a draw payment the receiver pays), a base's `each_more` that is not above 0, a cap or
    a share below 1, a payer the kind of win does not have. (A negative `add` is refused
    too: a hand's bonuses add up with nothing to stop the total going below 0.)"""
    v = spec["value"]
    allowed = _MODEL_EFFECTS[v["model"]]
    for p in patterns:
        if p.effect not in allowed:
            raise RulesetError(label, f"a {p.effect} effect counts for nothing under the "
                               f"{v['model']} value model (it reads {', '.join(allowed)})",
                               f"patterns.{p.id}", f"patterns.{p.id}.{p.effect}")
        if p.amount < 0:
            raise RulesetError(label, f"{p.effect} {amount_text(p.amount)}: cannot be negative",
                               f"patterns.{p.id}", f"patterns.{p.id}.{p.effect}")
        for name, x in ((p.effect, p.amount), ("each_more", p.each_more)):
            if x != x:  # .nan: within the schema's bounds, as no comparison holds
                raise RulesetError(label, f"{name} .nan: not a number", f"patterns.{p.id}",
                                   f"patterns.{p.id}.{name}")
        if past_max(p, v):
            raise RulesetError(label, past_max(p, v), f"patterns.{p.id}",
                               f"patterns.{p.id}.{p.effect}")
        if p.each_more is not None and p.effect != "base":
            raise RulesetError(label, f"each_more multiplies a base for each count past the "
                               f"first; a {p.effect} effect does not read it",
                               f"patterns.{p.id}", f"patterns.{p.id}.each_more")
        if p.each_more is not None and p.each_more <= 0:
            # (0 would also be read as 1: `base_value`'s `each_more or 1`.)
            raise RulesetError(label, f"each_more {amount_text(p.each_more)}: above 0 (each count "
                               "past the first multiplies the base by it)", f"patterns.{p.id}",
                               f"patterns.{p.id}.each_more")
    base = v.get("base", 0)
    if base != base:
        raise RulesetError(label, "base .nan: not a number", "value.base")
    if base < 0 or base > MAX_VALUE:
        raise RulesetError(label, f"base {amount_text(base)}: " + (
            "cannot be negative" if base < 0 else PAST_MAX), "value.base")
    cap = cap_of(v)
    if cap is not None and cap < 1:
        raise RulesetError(label, f"cap {cap}: at least 1 (or none)", "value.cap")
    if cap is not None and cap > MAX_VALUE:
        raise RulesetError(label, f"cap {cap}: {PAST_MAX} (none: no cap)", "value.cap")
    for kind, rule in spec["payers"].items():
        why = payer_refusal(kind, rule["who"])
        if why:
            raise RulesetError(label, f"who: {rule['who']}: {why}", f"payers.{kind}",
                               f"payers.{kind}.who")
        if int(rule.get("shares", 1)) < 1:
            raise RulesetError(label, f"shares {rule['shares']}: at least 1",
                               f"payers.{kind}", f"payers.{kind}.shares")
    # Money outside the hand's value: a negative amount would make the receiver pay too.
    amounts = [(f"extras.{eid}.params.{key}", val) for eid, ex in (spec.get("extras") or {}).items()
               for key, val in ((ex or {}).get("params") or {}).items()]
    amounts += [(f"kong_payments.{kind}", val)
                for kind, val in (spec.get("kong_payments") or {}).items()]
    amounts += [(f"draw.{key}", val) for key, val in (spec.get("draw") or {}).items()]
    for where, val in amounts:
        if isinstance(val, (int, float)) and not isinstance(val, bool) and val < 0:
            raise RulesetError(label, f"{amount_text(val)}: cannot be negative", where)
        if isinstance(val, int) and val > MAX_VALUE:  # (a draw payment: the schema's bound)
            raise RulesetError(label, f"{val}: {PAST_MAX}", where)


def _param_options(data: dict, xid: str) -> dict:
    """{param: the option that sets it} of extra `xid`'s params, as the file writes them: a
    check's message names the option a player would change (`niao`, not `horses`)."""
    raw = ((data.get("extras") or {}).get(xid) or {}).get("params") or {}
    return {k: option_of(raw, k) for k in raw if option_of(raw, k)}


def cap_of(value: dict) -> int | None:
    """The cap of a ruleset's resolved `value:`; None where there is none (`none`, or left
    out)."""
    cap = value.get("cap")
    return None if cap in (None, "none") else int(cap)


def _context(items) -> frozenset:
    """Situation flags the ruleset takes; `{flag: bool}` items are on only when true (an
    option may switch a flag's rule off, and then the flag is refused, not ignored)."""
    out = set()
    for item in items:
        if isinstance(item, str):
            out.add(item)
        else:
            out |= {k for k, on in item.items() if on}
    return frozenset(out)


def _check_needs(data: dict, spec: dict, context: frozenset, label: str,
                 given: frozenset) -> None:
    """An extra rule that every hand must give a flag for (a horse count needs --horses) where
    context: does not take that flag: every hand would be refused for what it cannot give.
    The file's fault where it sets that count (or its option's default does); the option's
    where the user gave it (a house file leaving horses out plays without them)."""
    from .context import FLAGS
    for xid, x in (spec.get("extras") or {}).items():
        need = EXTRA_NEEDS[x["rule"]](x.get("params") or {}) if x and x["rule"] in EXTRA_NEEDS \
            else None
        if not need or need[0] in context:
            continue
        why = f"{need[1]}, given with {FLAGS[need[0]]}, which context: does not take"
        opt = _param_options(data, xid).get(need[2])
        if opt in given:
            raise OptionError(f"{opt}: {label} {why}, so no hand could be scored", opt)
        raise RulesetError(label, f"{why}: no hand could be scored (add {need[0]} to "
                                  f"context:, or remove the extra: {xid}: null)", f"extras.{xid}")


def build_ruleset(cls, data: dict, spec: dict, label: str, values: dict,
                  given: frozenset = frozenset()):
    """`given`: the names of the options the user set (the rest are the file's defaults)."""
    tiles = spec["tiles"]
    kinds = {T.kind(s, r) for s in tiles["suits"] for r in range(1, 10)}
    kinds |= {T.honour(h) for h in tiles.get("honours", [])}
    copies = [4] * T.NUM_KINDS
    for name, n in (tiles.get("copies") or {}).items():
        k = T.parse_name(name)
        if k is None or not isinstance(n, int) or n < 1:
            raise RulesetError(label, f"copies of {name}: expected a tile and a count",
                               "tiles.copies", f"tiles.copies.{name}")
        copies[k] = n
    raw = data.get("ghosts") or {}
    indicator = option_of(raw, "indicator")
    ghosts = _ghosts(spec, kinds, label, given, option_of(raw, "mode"), indicator,
                     option_of(raw, "flips"))
    if not kinds - ghosts:
        # (`suits: []` in a file extending luzhou, whose one honour is its ghost: every
        # hand was then refused, each tile "not used", while rules check said ok.)
        raise RulesetError(label, "the suits and honours leave no tile but the ghosts: "
                           "no hand could win", "tiles")
    if indicator and values.get(indicator) is not None and \
            (spec.get("ghosts") or {}).get("mode", "fixed") != "flip":
        # The file's indicator, left over when the user chose an unflipped ghost (_ghosts):
        # the ruleset holds none, so an indicator asked of it later is refused as it would
        # have been when it was made.
        values = {**values, indicator: None}
    for k, n in enumerate(copies):
        # Readings hold at most four of a kind (four copies make 闺, 龙, 双龙...), and a ghost
        # may make up any kind to four: a fifth natural copy would leave a real hand unread,
        # and fewer than four would let a ghost stand for a copy that does not exist. A
        # ghost tile's own number is free: it is never read as itself past four.
        if n != 4 and k not in ghosts:
            raise RulesetError(label, f"copies of {T.name(k)}: {n}; only a ghost tile may have "
                               "other than 4", "tiles.copies")
    g = spec.get("ghosts") or {}
    if g.get("mode") == "flip":
        # The indicator lies face up on the table: a hand can hold at most three of it.
        copies[T.parse_name(g["indicator"])] -= 1
    stand = g.get("stand_for", "suited")
    targets = frozenset(k for k in kinds if T.is_suited(k)) if stand == "suited" else frozenset(kinds)
    mode = g.get("mode", "fixed")
    in_melds = g.get("flip_in_melds", "natural") if mode == "flip" else g.get("in_melds", "wild")
    hand = spec["hand"]
    patterns = build_patterns(spec, label)
    _check_values(spec, patterns, label)
    context = _context(spec.get("context", ()))
    # Named in the file's context: at all, not only with these option values (luzhou-guide's
    # `declared: {option: report_tile}` takes it when the option is on).
    if hand.get("needs_declared") and not any(
            item == "declared" or isinstance(item, dict) and "declared" in item
            for item in data.get("context") or ()):
        raise RulesetError(label, "a win needs --declared (hand.needs_declared), which context: "
                           "does not take: no hand could win", "context")
    _check_needs(data, spec, context, label, given)
    shapes = list(dict.fromkeys(hand["shapes"]))  # a shape named twice reads the same hands
    full_ghost = _full_ghost(g.get("full_ghost_win"), ghosts, copies, label)
    if "seven_pairs" in hand and not hand["seven_pairs"] and "seven_pairs" in shapes:
        shapes.remove("seven_pairs")
    return cls(
        name=spec["name"], label=label, data=data, spec=spec, options=values,
        tile_kinds=frozenset(kinds), copies=tuple(copies), ghost_kinds=ghosts,
        ghost_targets=targets, ghosts_in_melds=in_melds,
        meld_kinds=frozenset(hand["melds"]), shapes=tuple(shapes),
        max_suits=hand.get("max_suits"), max_tosses=hand.get("max_tosses"),
        concealed_sets=frozenset(hand.get("concealed_sets", ())),
        # 小鸡满天飞 (Z2), on unless switched off: every ruleset with 中发白 sets had it.
        stand_in=YAOJI if hand.get("dragon_set_stand_in", True) else None,
        # A ghost's room in each kind: its copies (three of a flipped indicator), 0 where it
        # may not stand. The decomposer never makes a kind up past them.
        cand=tuple(min(copies[k], 4) if k in targets else 0 for k in range(T.NUM_KINDS)),
        unused=tuple(k for k in range(T.NUM_KINDS) if k not in kinds),
        fewest_copies=min(copies),
        patterns=patterns, context=context,
        full_ghost=full_ghost,
        full_ghost_at_start=bool(full_ghost and g.get("full_ghost_at_start")),
        per_reading=tuple(p for p in patterns
                          if p.fn not in SITUATIONAL and not BY_SIGNATURE[p.fn](p.kw)),
        situational=tuple(p for p in patterns if p.fn in SITUATIONAL),
        # 中发白 sets would be read apart from the suits (decompose.readings)
        plain_lookup="standard" in shapes and not hand.get("concealed_sets"),
        unit=spec.get("unit", ""), names=spec.get("names", "name"),
        ghost_letter=T.name(min(ghosts)) if ghosts else "?",
        min_discard_win=int(spec["value"].get("min_discard_win", 0) or 0),
        discard_divisor=int(spec["value"].get("discard_divisor", 1)),
        cap=cap_of(spec["value"]),
        base=exact(spec["value"].get("base", 0)),
        needs_declared=bool(hand.get("needs_declared")),
        extra_checks=tuple((CHECKS[x["rule"]], x.get("params") or {}, _param_options(data, xid))
                           for xid, x in (spec.get("extras") or {}).items()
                           if x and x["rule"] in CHECKS),
    )
