"""One hand under several rulesets: scored under each, which applied patterns are the same
rule, and what a comparison tells of the rulesets that refused the hand (its lines and exit
status; its table is `compare_text`'s).

Rulesets name their patterns in their own words (luzhou's 无鬼 "No ghost" is luzhou-guide's
无鬼胡 "No-Ghost Hand Bonus"), so names cannot say whether two schools score the same thing.
What a pattern is, is its YAML entry's predicate and parameters: two applied patterns are the
same rule when they share the predicate and agree on every parameter both give. A parameter
only one gives narrows the rule without changing what it is (the guide's Gui leaves out
declared kongs, luzhou's counts them: on a hand where both applied, both are 闺), while one
they both give and set apart tells different rules apart (luzhou's 闺 and 龙 are both
four_of_a_kind, in the standard and the seven-pairs shape).
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import MjscoreError


class Match(NamedTuple):
    """One rule as the rulesets that applied it name it: `hits[i]` is the i-th compared
    result's applied pattern (a scoring.Hit), or None where that result did not apply it."""

    hits: tuple

    @property
    def holders(self) -> tuple:
        """The indices of the results that applied this rule."""
        return tuple(i for i, h in enumerate(self.hits) if h is not None)


def score_each(hand: str, names, kwargs: dict) -> list:
    """`hand` scored under each ruleset of `names`: its Result, or the MjscoreError that
    ruleset refused it with (another ruleset may still read it)."""
    from .api import score
    results = []
    for name in names:
        try:
            results.append(score(hand, name, **kwargs))
        except MjscoreError as e:
            results.append(e)
    return results


def refusals(shown, results) -> list:
    """A line for each ruleset that refused the hand (`results` as `score_each` gives them,
    `shown`: the names their columns show), naming it unless its own error names it
    already ("nosuch: invalid ruleset: nosuch: ...", "guangdong: invalid option: guangdong:
    ghost=flip needs ...")."""
    out = []
    for name, r in zip(shown, results):
        if isinstance(r, MjscoreError):
            said = str(r)
            out.append(said if said.split(": ", 2)[1:2] == [name] else f"{name}: {said}")
    return out


def exit_code(results) -> int:
    """A comparison's exit status (CONTRACT): the worst of its columns', 2 a ruleset refused
    the hand, 1 one found it no legal win."""
    return max([2 if isinstance(r, MjscoreError) else 0 if r.legal else 1 for r in results])


def same_rule(a, b) -> bool:
    """Whether two pattern entries (pattern_specs.PatternSpec) are the same rule (see above)."""
    return a.predicate == b.predicate and all(a.kw[k] == b.kw[k] for k in a.kw.keys() & b.kw)


def match_patterns(pattern_lists) -> tuple:
    """The applied patterns of several results (one sequence of Hits each), grouped into
    Matches in the order first applied. A result's hit joins the first group that holds no
    hit of that result yet and whose every hit is the same rule; two hits of one result are
    never one rule (a ruleset scoring a predicate twice means two things by it)."""
    n = len(pattern_lists)
    groups: list = []  # [hits by result, the distinct rules among them (`_kinds`)]
    for i, hits in enumerate(pattern_lists):
        for h in hits:
            for g, kinds in groups:
                if g[i] is None and all(same_rule(o, h.spec) for o in kinds):
                    g[i] = h
                    _add_kind(kinds, h.spec)
                    break
            else:
                groups.append(([None] * n, [h.spec]))
                groups[-1][0][i] = h
    return tuple(Match(tuple(g)) for g, _kinds in groups)


def _add_kind(kinds: list, spec) -> None:
    """Add `spec` to a group's distinct rules, unless one there has its predicate and
    parameters: a hit is checked against these, not against every result's hit, which made
    `--rules` of one ruleset named 4,000 times take 10 s (each hit against every other)."""
    if not any(o.predicate == spec.predicate and o.kw == spec.kw for o in kinds):
        kinds.append(spec)
