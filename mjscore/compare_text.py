"""One hand under several rulesets as text: a column per ruleset, then where they part (for
people), or a list of results (for scripts). Returns strings; never prints. (Which applied
patterns are one rule is `compare`'s.)"""

from __future__ import annotations

import json
import textwrap

from . import tiles as T
from .context import SEATS
from .render import kong_lines
from .settlement import HAND_VALUE, extra_lines
from .terms import spaced
from .tables import tabulate
from .working import value_lines


def _names(r) -> str:
    return "\n".join(f"{r.rules.shown_name(h)} {h.effect}" for h in r.patterns) or "-"


WHY_WIDTH = 60  # characters a line of a side-by-side "Why not" cell


def compare_table(names, results) -> str:
    """A column per ruleset: value, patterns, reading, net; then where they differ."""
    ok = [r for r in results if not isinstance(r, Exception)]
    rows = [("Legal", *("error" if isinstance(r, Exception) else
                        "yes" if r.legal else "no" for r in results)),
            ("Value", *("-" if isinstance(r, Exception) else f"{r.value} {r.unit}".strip()
                        for r in results)),
            # How each school came to it: a value alike can hide different working.
            ("Worked", *("\n".join(value_lines(r)) if not isinstance(r, Exception) and r.top
                         else "-" for r in results)),
            # (An error wrapped as a reason is: unwrapped, two made the table 380 wide.)
            ("Patterns", *(textwrap.fill(str(r), WHY_WIDTH) if isinstance(r, Exception)
                           else _names(r) for r in results)),
            ("Reading", *("-" if isinstance(r, Exception) else r.decomposition or "-"
                          for r in results))]
    # What a column's nets hold besides the value (喜钱, horses, the Kong Penalty, the konger's
    # extra shares), so they follow from Value: "Values agree: 2" stood over nets of +2 and
    # +12, the guide's 10 Kong Penalty said nowhere.
    # A column no legal win may still be owed 喜钱 (paid win or not), as its table says alone.
    extras = ["" if isinstance(r, Exception) else _extras(r.payments) if r.legal else
              "due win or not (not in the net):\n" + _extras(r.due) if r.due else ""
              for r in results]
    if any(extras):
        rows.append(("Extras", *(x or "-" for x in extras)))
    for seat in SEATS:
        rows.append((f"Net {seat}", *("-" if isinstance(r, Exception) else f"{r.net[seat]:+d}"
                                      if r.net[seat] else "0" for r in results)))
    # Kong money, paid when each kong was declared and in no net here, as each column's own
    # table says: two schools' kong rates differing were said nowhere ("Values agree").
    kongs = ["" if isinstance(r, Exception) else "\n".join(kong_lines(r.kong_payments,
                                                                     spaced(r.unit)))
             for r in results]
    if any(kongs):
        rows.append(("Kong money\n(not in the net)", *(k or "-" for k in kongs)))
    # Each ruleset is named as its column is, as --rules gave it: two house files may both
    # call themselves luzhou, and a dict by that name showed one value as "Values agree".
    # Each reason on its own lines, wrapped: one reason can run to 150 characters, which made
    # its column, and the whole table, that wide.
    for name, r in zip(names, results):
        if not isinstance(r, Exception) and not r.legal:
            why = "\n".join(textwrap.fill(x, WHY_WIDTH) for x in r.reasons)
            rows.append((f"Why not ({name})", *(why if x is r else "" for x in results)))
    out = [tabulate(rows, headers=("", *names))]
    if len(ok) >= 2:
        # A hand that is no legal win scores nothing there: its value (what it would pay) and
        # patterns are not what that school pays, so it is named as not legal, not compared.
        named = [(n, r) for n, r in zip(names, results) if not isinstance(r, Exception)]
        legal = [(n, r) for n, r in named if r.legal]
        values = [(n, r.value if r.legal else "not legal") for n, r in named]
        if not legal:
            out.append("Not a legal win under any of them")
        elif len({v for _n, v in values}) > 1:
            out.append("Values differ: " + ", ".join(f"{n} {v}" for n, v in values))
        else:
            # (Said where the nets part: "Values agree: 2" over nets of +2 and +12 read as
            # the same money.)
            out.append(f"Values agree: {ok[0].value}" + _parted(
                legal, [x for r, x in zip(results, extras)
                        if not isinstance(r, Exception) and r.legal]))
        if len(legal) >= 2:
            out += _rule_lines(legal)
    # A tile wild in one school and plain in another (luzhou's 红中, guangdong's 白) changes
    # every reading: said once, where the columns do not all have the same ghosts.
    ghosts = [(n, " ".join(T.name(k) for k in r.rules.ghost_order()) or "none")
              for n, r in zip(names, results) if not isinstance(r, Exception)]
    if len({g for _n, g in ghosts}) > 1:
        out.append("Ghosts differ: " + ", ".join(f"{n} {g}" for n, g in ghosts))
    refused = [n for n, r in zip(names, results) if isinstance(r, Exception)]
    if refused:  # ("Values agree: 5" said over a column of bad input, as if it were one)
        out.append(f"Not compared: {', '.join(refused)} (bad input: "
                   f"{'its' if len(refused) == 1 else 'their'} Patterns row says why)")
    return "\n".join(out)


def _parted(legal: list, extras: list) -> str:
    """Where the money of columns agreeing in value still parts (`legal`: (name, result)
    pairs): who pays the value (a house file's payers), the extras, the kong money. ("The
    nets differ by their extras" stood where no column had any: the payers differed.)
    `extras`: the legal columns' Extras cells, in their order."""
    out = ""
    if len({tuple(r.net.values()) for _n, r in legal}) > 1:
        paid = {tuple(sorted((p.frm, p.to, p.amount) for p in r.payments if p.why == HAND_VALUE))
                for _n, r in legal}
        why = ["who pays the value"] if len(paid) > 1 else []
        if len(set(extras)) > 1:
            why.append("their extras (above)")
        out = f"; the nets differ by {' and '.join(why or ['what each payer pays'])}"
    # (By the amounts, not the text: two units' "2 ke" and "2 pts" are the same money here,
    # as their values are.)
    if len({tuple((k["kong"], k["from"], k["to"], k["amount"]) for k in r.kong_payments)
            for _n, r in legal}) > 1:
        out += "; the kong money differs (above)"
    return out


def _extras(payments) -> str:
    return "\n".join(extra_lines((p.why, p.amount, p.frm, p.to) for p in payments))


def _rule_lines(ok) -> list:
    """Where the rulesets' patterns part (`ok`: (name, result) pairs): the rules only some of
    them applied, by who applied them, then (first) the rules all applied but name
    differently. A rule is matched by what it is (`compare.match_patterns`), never by its
    name; each ruleset's name for it is shown in the order of the ruleset names before it."""
    from .compare import match_patterns  # (`score` with one ruleset needs none of it)
    from .patterns import READS
    every = tuple(range(len(ok)))
    rules: dict = {}
    paid = [_extras_paid(r) for _n, r in ok]
    for m in match_patterns([r.patterns for _n, r in ok]):
        # Each by the name its ruleset shows alone (`names`): luzhou's 杠上炮 was said as
        # "Discard after a kong" under a column that says 杠上炮.
        by = {i: ok[i][1].rules.shown_name(h) for i, h in enumerate(m.hits) if h is not None}
        # A ruleset paying the rule as an extra instead (the guide's Kong Penalty, luzhou's
        # 杠上炮 pattern) scored it too: "Only in luzhou: 杠上炮" stood beside its row.
        flags = frozenset(READS.get(next(h for h in m.hits if h).spec.predicate, ()))
        by.update({j: paid[j][flags] for j in every if j not in by and flags in paid[j]})
        holders, names = tuple(sorted(by)), [by[i] for i in sorted(by)]
        # Named alike where the columns show one name ("Seven pairs" is "Seven Pairs"): not
        # where only the English names agree, as luzhou's 杠上花 (Kong draw) beside the guide's
        # Kong Draw, which the columns show apart and this line left unpaired.
        same = len({n.casefold() for n in names}) == 1
        if holders != every or not same:
            rules.setdefault(holders, []).append(
                " / ".join(dict.fromkeys(names) if same else names))
    out = []
    for holders in sorted(rules, key=lambda k: (k != every, k)):
        who = " / ".join(ok[i][0] for i in holders)
        label = f"Only in {who}" if holders != every else \
            f"In {'both' if len(ok) == 2 else 'all'}, named differently ({who})"
        out.append(f"{label}: {'; '.join(rules[holders])}")
    return out


def _extras_paid(result) -> dict:
    """{the situation flags it reads: its name} of each extra rule that paid in `result`, by
    the flags that tell its situation (a discard's, any discard win's, left out)."""
    from .settlement import EXTRA_READS
    from .terms import shown_extra
    rs, whys = result.rules, {p.why for p in result.payments}
    out = {}
    for x in (rs.spec.get("extras") or {}).values():
        flags = frozenset(EXTRA_READS.get(x["rule"], ())) - {"discard"} if x else None
        if flags and shown_extra(rs, x) in whys:
            out[flags] = shown_extra(rs, x)
    return out


def compare_json(names, results) -> str:
    return json.dumps([{"ruleset": n, "error": str(r)} if isinstance(r, Exception)
                       else r.to_dict() for n, r in zip(names, results)],
                      ensure_ascii=False, indent=2)
