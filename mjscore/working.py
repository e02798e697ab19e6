"""The words that show a player how a scored hand came to its value and who pays it: the
working behind the value (steps added up, base x multipliers + bonuses, a fixed value in
place of what the patterns come to, a cap a rare hand raises) and the payers with the rule
that makes them pay. Text only: `render` lays it out. A dispute at the table is about these
steps, so the screen shows them rather than leaving the player to work them out from the
pattern list and `rules show`."""

from __future__ import annotations

import math
from collections import Counter

from . import tiles as T
from .amounts import amount_text
from .errors import MAX_VALUE
from .scoring import division_words
from .settlement import HAND_VALUE, horse_seat, payer_rule
from .terms import spaced, term
from .words import either


def _steps(hits) -> tuple:
    """(total, terms) of a ladder hand's steps; terms only where there are several."""
    terms = [int(h.spec.amount) * h.count for h in hits
             if h.spec.effect == "steps" and h.spec.amount]
    total = sum(terms)
    return total, (f" ({' + '.join(map(str, terms))})" if len(terms) > 1 else "")


def _comes_to(exact, computed: int, unit: str) -> str:
    """`14`, or `2.25, rounded down to 2` where a house file's fraction (x1.5, + 2.5) made a
    value the scorer rounds down (README, How scoring works): `1 x 1.5 x 1.5 = 2` is
    arithmetic no player can check."""
    if computed > MAX_VALUE:  # (what patterns a fixed value stands in for came to: not paid)
        return f"more than {MAX_VALUE}{unit}"
    if exact == computed or _whole(exact):
        return f"{computed}{unit}"
    return f"{_fraction_text(exact)}, rounded down to {computed}{unit}"


def _whole(exact) -> bool:
    # (A fraction by its denominator: 299.999999999999999 is no whole number, though the
    # nearest float is 300.0.)
    den = getattr(exact, "denominator", None)
    return den == 1 if den is not None else float(exact).is_integer()


def _fraction_text(exact) -> str:
    """`exact` in decimals; one longer than a line takes (1.1 x 1.1 x ... ), cut after six
    places with "..." (cut, not rounded: 299.999999..., never 300, of a value rounded down to
    299)."""
    shown = amount_text(exact)
    if len(shown) <= 24:
        return shown
    if isinstance(exact, float):
        return amount_text(round(exact, 6))
    return amount_text(type(exact)(math.floor(exact * 10 ** 6), 10 ** 6)) + "..."


def _ladder_words(hits, unit: str, computed: int) -> str:
    total, terms = _steps(hits)
    steps = "step 0" if not total else f"{total} step" + ("s" if total != 1 else "")
    # (a ladder's numbers are whole: the schema)
    return f"{steps}{terms} = {_comes_to(computed, computed, unit)}"


def _product_words(hits, base, unit: str, computed: int) -> str:
    """`2 x 2 + 10 = 14`: the hand's base (or the flat value in place of base x
    multipliers), each multiplier, each bonus; just the value where there is one term. The
    terms are worked in `scoring.evaluate`'s order, so a fraction comes out as it did there."""
    flat = [h.spec.amount for h in hits if h.spec.effect == "flat"]
    if flat:
        exact = max(flat)
        terms = [amount_text(exact)]
    else:
        bases = [h.spec.base_value(h.count) for h in hits if h.spec.effect == "base"]
        exact = bases[0] if bases else base
        terms = [amount_text(exact)]
        for h in hits:
            if h.spec.effect == "multiply":
                exact *= h.spec.amount ** h.count
                terms.append(f"x {amount_text(h.spec.amount ** h.count)}")
    adds = [h.spec.amount * h.count for h in hits if h.spec.effect == "add"]
    exact += sum(adds)
    terms += [f"+ {amount_text(a)}" for a in adds]
    return (" ".join(terms) + " = " if len(terms) > 1 else "") + _comes_to(exact, computed, unit)


def value_words(top, rs, unit: str) -> str:
    """What the chosen reading is worth and why, before the cap: `6 steps (2 + 2 + 2) = 160
    颗`, `2 x 2 + 10 = 14 ke`, `天胡 = 40 颗 (in place of 1 step = 5 颗)`."""
    hits, value_rules = top.hits, rs.spec["value"]
    if value_rules.get("model") == "ladder":
        worked = _ladder_words(hits, unit, top.computed)
    else:
        worked = _product_words(hits, rs.base, unit, top.computed)
    fixed = [h for h in hits if h.spec.effect == "fixed"]
    if not fixed:
        return worked
    # The highest fixed value is the one that stands (scoring.evaluate).
    stands = max(fixed, key=lambda h: h.spec.amount)
    # (In parentheses: "= 40 颗 in place of 3 steps = 20 颗 (cap 40)", then "halved -> 20 颗",
    # read as 20 halved to 20.)
    return (f"{rs.shown_name(stands)} = {_comes_to(stands.spec.amount, top.raw, unit)} (in "
            f"place of {worked})")


def cap_words(top, rs) -> str:
    """`cap 40`, `no cap`, or a cap a pattern raised: `cap 80, raised from 40 by 清双龙七对`."""
    if top.cap is None:
        return "no cap"
    own = rs.spec["value"].get("cap")  # (uncapped, no pattern raises it: scoring.evaluate)
    raisers = [rs.shown_name(h) for h in top.hits if h.spec.raises_cap == top.cap]
    if own in (None, "none") or int(own) == top.cap or not raisers:
        return f"cap {top.cap}"
    return f"cap {top.cap}, raised from {int(own)} by {either(raisers, 'and')}"


_WHO = {"discarder": "the discarder", "konger": "the konger, alone",
        "others": "every other player", "not_won": "every player not yet won",
        "kong_discarder": "the discarder of the konged tile, alone"}


def payer_words(r, unit: str) -> str:
    """`S, W and N each pay 5 颗 (every player not yet won).`: the seats paying the hand's
    value and the ruleset's rule that makes them pay (its `payers`)."""
    seats = [p.frm for p in r.payments if p.why == HAND_VALUE]
    ctx = r.context
    rule = payer_rule(ctx, r.rules)
    who, shares = rule["who"], int(rule.get("shares", 1))
    if who in ("discarder", "konger"):
        # Either rule makes the seat the tile came from pay (settlement.payers): a house
        # file's `rob_kong: {who: discarder}` is paid by the konger, not said to be a discarder.
        who = "konger" if ctx.rob_kong else "discarder"
    why = _WHO.get(who, who)
    if who == "discarder" and ctx.after_kong:  # (杠上炮: L11's "the konger alone" is he)
        why += ", who had just konged"
    if who == "kong_discarder":
        why += f": {term(r.rules, 'kong_draw_claimed')}"
    if ctx.won and who == "not_won":
        why += f"; {either(list(ctx.won), 'and')} already won"
    amount = f"{r.value}{unit}"
    if not seats:
        return f"Nobody pays the hand's {amount} ({why})."
    if shares > 1:  # (the total said: the table shows the shares past the first as a row)
        amount += f"{shares_words(shares)}, {r.value * shares}{unit} " + \
            ("in all" if len(seats) == 1 else "from each")
    if len(seats) == 1:
        return f"{seats[0]} pays {amount} ({why})."
    return f"{either(seats, 'and')} each pay {amount} ({why})."


def paid_words(r) -> str:
    """`5 颗, halved -> 2 颗` for a discard-type win its ruleset divides, `160 颗, cap 40 ->
    40 颗` for one the cap cuts, else `2 颗`: an event's line in `settle` says why a 闺 (5)
    is paid 2, and why three 名堂 are paid 40, as `score`'s Value lines do."""
    unit = spaced(r.unit)
    top = r.top
    if top is None:
        return f"{r.value}{unit}"
    words = f"{r.raw}{unit}"
    if r.raw != top.capped:
        words += f", cap {r.cap} -> {top.capped}{unit}"
    if top.capped != r.value:
        words += f", {division_words(r.rules.discard_divisor)[0]}" \
                 f"{rounded_down(top.capped, r.rules.discard_divisor)} -> {r.value}{unit}"
    return words


def rounded_down(capped: int, divisor: int) -> str:
    """`, rounded down` where dividing `capped` leaves a remainder: "25 颗 (cap 25)" then
    "-> 12 颗" left a player to argue 13."""
    return ", rounded down" if capped % divisor else ""


def exempt_words(r) -> str:
    """` (S and N already won: they do not pay)` for a win that every player not yet won
    pays, where some have won: `settle` says why fewer seats pay than `score`'s plain case."""
    if not r.context.won or payer_rule(r.context, r.rules)["who"] != "not_won":
        return ""
    return f" ({either(list(r.context.won), 'and')} already won: they do not pay)"


def liable_words(r) -> str:
    """` (S's discard was konged: S pays in full, 杠爆全包)` for a kong draw its kong's
    discarder pays alone: `settle` says why one seat pays a self-drawn win. (--kong-from is
    taken only where a payer rule makes that seat pay: `context_reads.check_context_read`.)"""
    k = r.context.kong_from
    if not k:
        return ""
    return f" ({k}'s discard was konged: {k} pays in full, {term(r.rules, 'kong_draw_claimed')})"


def shares_words(shares: int) -> str:
    """` for each of 3 shares` where a payer pays the value more than once (guangdong's
    robbed kong: the konger pays all three): else the value is what each payer pays."""
    return f" for each of {shares} shares" if shares > 1 else ""


def explain_title(r) -> str:
    """What --explain's columns are: Pays, the value (from each payer, for each share; Value
    where the hand is no legal win, and nobody pays); Worth, before the cap (and the division
    of a discard-type win)."""
    after = division_words(r.rules.discard_divisor)[1] if r.context.discard_type else ""
    shares = int(payer_rule(r.context, r.rules).get("shares", 1))
    # (A ruleset with no cap, guangdong's and lanzhou's, has none to be before.)
    capped = r.rules.cap is not None or any(p.raises_cap for p in r.rules.patterns)
    before = [w for w, on in (("the cap", capped), (after, after)) if on]
    pays = f"from each payer{',' * (shares > 1)}{shares_words(shares)}" if r.legal else \
        f"what each payer would pay{shares_words(shares)} were it a legal win"
    return (f"{pays_column(r)}: {pays}; Worth: " +
            (f"before {' and '.join(before)}" if before else "the same (no cap)"))


def pays_column(r) -> str:
    """--explain's first column: Pays, or Value where the hand is no legal win (nobody pays:
    its readings' values are what they would pay)."""
    return "Pays" if r.legal else "Value"


def value_lines(r) -> list:
    """The table's value lines for a scored hand: the working and the cap, then the division
    of a discard-type win where it changes the value."""
    unit = spaced(r.unit)
    capped = min(r.raw, r.cap) if r.cap is not None else r.raw
    out = [f"{value_words(r.top, r.rules, unit)} ({cap_words(r.top, r.rules)})"
           + (f" -> {capped}{unit}" if capped != r.raw else "")]
    if r.context.discard_type and r.value != capped:
        divided = division_words(r.rules.discard_divisor)[0]
        down = rounded_down(capped, r.rules.discard_divisor)
        out.append(f"{divided} on a discard-type win{down} -> {r.value}{unit}")
    return out


def situation_term(rs, predicate: str) -> str:
    """What the ruleset's players call a kong situation on the Win line: its own pattern for
    it (`predicate`) as the ruleset shows names (luzhou 杠上花, guangdong 杠上开花, the guide
    Kong Draw; a house file's `names: en` over luzhou, Robbing the kong), else the common
    word, in the ruleset's language too (`terms`): never Sichuan's 杠上花 in a ruleset whose
    pattern says otherwise, nor 杠上炮 to the guide's English readers."""
    return next((rs.shown_name(p) for p in rs.patterns if p.predicate == predicate),
                term(rs, predicate))


def how_won(ctx, rs, claimed: bool = True, tile: str = "") -> str:
    """How a win was won, as the Win line of `score` and each win of `settle` say it; with
    `claimed`, whose discard a kong drawn for was claimed from (`settle` has said so at the
    kong, and says who pays for it after: `liable_words`); with `tile`, the tile won on."""
    on = f" with {tile}" if tile else ""
    if ctx.rob_kong:
        return f"robbing {ctx.rob_kong}'s kong ({situation_term(rs, 'robbing_kong')}){on}"
    if ctx.discard:
        return f"on {ctx.discard}'s discard" + (
            f" right after their kong ({situation_term(rs, 'after_kong')})"
            if ctx.after_kong else "") + on
    return "by self-draw" + (
        f" on a kong replacement ({situation_term(rs, 'kong_draw')})"
        if ctx.kong_draw else "") + on + (
        f", the kong claimed from {ctx.kong_from}'s discard" if claimed and ctx.kong_from
        else "")


def not_counted(r) -> list:
    """Notes on patterns a player would look for in the reading shown and not find, each with
    its reason (`uncounted_sets`, `ghost_as_itself`); none for a hand that is no legal win."""
    return [n for n in (uncounted_sets(r), ghost_as_itself(r)) if n] if r.legal else []


def ghost_as_itself(r) -> str:
    """无鬼 (无鬼加倍) not counted where every ghost the hand holds stands as itself (a flipped
    ghost 5p read in 46p+5p=5p): the reading shows no ghost standing for another tile, and a
    player would look for it; the pattern needs no ghost tile in the hand at all (G6)."""
    spec = next((p for p in r.rules.patterns if p.predicate == "no_ghost"), None)
    held = r.context.ghosts_held
    if spec is None or r.top is None or not held or any(h.id == spec.id for h in r.patterns) \
            or r.top.reading.shape == "full_ghost":  # (its ghosts stand for nothing: 满鬼)
        return ""
    kinds = r.rules.ghost_kinds
    groups = r.top.reading.groups
    # Each ghost tile stands as itself: placed as its own kind, or a natural tile of a flipped
    # ghost's kind ponged or konged as itself (G2), which the reading shows as no ghost. With
    # two ghost kinds (翻双鬼) a 9m standing for the other ghost, 1m, does not: the kinds
    # stood for are the kinds held, as many of each.
    stood = Counter(k for g in groups for k in g.ghosts)
    stood.update(k for g in groups if not g.ghosts for k in g.tiles if k in kinds)
    tiles = Counter(k for k in r.parsed.concealed if k in kinds)
    tiles.update(k for m in r.parsed.melds for k in m.tiles if k in kinds)
    if stood != tiles:
        return ""
    names = either([T.name(k) for k in sorted(tiles)], "and")  # (the kinds held, not all)
    one = held == 1
    return (f"Not counted as {r.rules.shown_name(spec)}: the hand holds {held} ghost "
            f"tile{'s' * (not one)} ({names}), standing as {'itself' if one else 'themselves'}"
            "; it counts only with no ghost tile in the hand at all.")


def uncounted_sets(r) -> str:
    """The 中发白 set a reading holds but the ruleset did not count (lanzhou, Z4: one
    completed by a winning tile taken from another player), said with its reason: a player
    who sees CFP in the reading and no 中发白 row would otherwise dispute the value."""
    spec = next((p for p in r.rules.patterns if p.predicate == "dragon_sets"), None)
    if spec is not None and r.top is not None:
        said = _not_a_set(r)
        if said:
            return f"Not counted as {r.rules.shown_name(spec)}: {said}."
    if spec is None or r.top is None or not r.context.discard_type:
        return ""
    sets = [g for g in r.top.reading.groups if g.kind == "dragon_set"]
    counted = sum(h.count for h in r.patterns if h.id == spec.id)
    # The rule drops the one set the winning tile completed, where it could stand nowhere
    # else (the pattern's own answer says whether it did). A set dropped for another reason
    # (a house file's `win: self_draw`) is not this one's to explain.
    # (It reads only the hand's winning tile, which the parsed hand holds as scored.)
    n, _ = spec.fn(r.top.reading, r.parsed, r.context, spec.kw)
    if not (counted == n == len(sets) - 1):
        return ""
    missed = next(g.text(r.ghost) for g in sets if not g.meld and r.parsed.win in g.tiles)
    ctx = r.context
    return (f"Not counted as {r.rules.shown_name(spec)}: {missed}, completed by the winning "
            f"{T.name(r.parsed.win)} taken from {ctx.discard or ctx.rob_kong} (only a set of "
            "tiles the winner drew counts).")


def _not_a_set(r) -> str:
    """Why what a player would take for a 中发白 set is none, or "": a toss group that
    小鸡满天飞 would make one (two dragons and a 1s) with the stand-in off; one dragon and two
    1s, where a set takes one 1s (Z2: one missing dragon); and pongs of all three dragons,
    which hold no set of one each. A player who tossed or ponged them needs to hear why."""
    from .reading import DRAGONS, YAOJI
    groups = r.top.reading.groups
    for g in groups:
        if g.kind != "toss" or YAOJI not in g.tiles:
            continue
        dragons = len({k for k in g.tiles if k in DRAGONS})
        if dragons == 2 and r.rules.stand_in is None:
            from .no_reading import stand_in_off
            return f"{g.text(r.ghost)} is a toss group: {stand_in_off(r.rules)}"
        # (Two 1s beside one dragon only: [C1sE] and [CC1s] hold one 1s, and were told so.)
        if dragons == 1 and g.tiles.count(YAOJI) == 2 and r.rules.stand_in is not None:
            return (f"{g.text(r.ghost)} is a toss group: a 中发白 set takes one "
                    f"{T.name(YAOJI)} (幺鸡) at most, for one missing dragon")
    ponged = {g.tiles[0] for g in groups
              if g.kind in ("triplet", "kong") and g.tiles[0] in DRAGONS}
    # (Said where no set counted: beside one that did, the heading would read as its own.)
    if len(ponged) == len(DRAGONS) and not any(h.spec.predicate == "dragon_sets"
                                               for h in r.patterns):
        return ("pongs of C, F and P hold no 中发白 set: a set is one of each, in a toss group "
                "or the concealed hand")
    return ""


def horse_words(ctx) -> str:
    """Each 买马 tile drawn and the seat it names, counted from the dealer, and how many name
    the winner: `3m names W, N names S, ... (dealer W; 1 horse names the winner S)`. The payment
    rows show only the hits; a player checking the count needs the misses too."""
    named = [(T.name(k), horse_seat(k, ctx.dealer)) for k in ctx.horses]
    hits = sum(seat == ctx.seat for _tile, seat in named)
    return (", ".join(f"{tile} names {seat}" for tile, seat in named)
            # ("1 names the winner" was read as the tile 1: the count says what it counts.)
            + f" (dealer {ctx.dealer}; {hits} horse{'s' * (hits != 1)} "
              f"name{'s' * (hits == 1)} the winner {ctx.seat})")
