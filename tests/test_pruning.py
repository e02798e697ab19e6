"""Skipping the standard shape where it cannot win (`pruning`) changes nothing a user sees.

Every pattern's bound (`pattern_bounds`) is checked against every standard reading the
reference lister finds, and whole results are compared with pruning and without it.
"""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest
from hypothesis import assume

import mjscore.pruning as P
from mjscore import score
from mjscore import tiles as T
from mjscore.enumerate import all_readings
from mjscore.errors import MjscoreError, RulesetError
from mjscore.hand import read_any
from mjscore.pattern_bounds import MOST, Outline
from mjscore.patterns import REGISTRY
from mjscore.reading import hand_tiles
from mjscore.robbing import ghost_room
from mjscore.ruleset import load
from mjscore.scoring import evaluate, situation

from .oracle import corpus
from .winning_hands import RULESETS, for_each_win

# Every bounded pattern with the params the shipped rulesets give it, and the others it reads.
PARAMS = {
    "four_of_a_kind": [{}, {"shape": "standard"}, {"shape": "standard", "kongs": False},
                       {"shape": "seven_pairs"}, {"shape": "any"}],
    "seven_pairs_dragons": [{"dragons": 1, "at_least": True, "one_suit": True}, {"dragons": 3}],
    "seven_pairs_quads": [{"quads": 2}, {"quads": 3, "ghost_pair": True}],
}


def outline(t, has_run: bool, ctx) -> Outline:
    return Outline("standard", has_run, *P.held_counts(t), t.ghosts, ctx)


def check_bounds(text: str, name: str, opts, kw: dict) -> int:
    """Every bound at least what its pattern counts on each standard reading; the readings
    checked."""
    rs = load(name, opts)
    r = score(text, rs, **kw)
    h = read_any(text, rs, win=kw.get("win"))
    if h.melds or not r.legal and r.top is None:
        return 0
    t, ctx, n = hand_tiles(h, rs), r.context, 0
    # The whole bound too, where the ruleset is bounded: every standard reading's value,
    # uncapped value and computed value at most what `standard_most` says.
    whole = P.standard_most(h, t, ctx, rs) if P._plan(rs) and t.pairs_ok else None
    known = situation(h, ctx, rs)
    for reading in all_readings(h, rs, ctx.discard_type, ghost_room(rs, h, ctx)):
        if reading.shape != "standard":
            continue
        if whole is not None:
            e = evaluate(reading, h, ctx, rs, known)
            assert all(a <= b for a, b in zip((e.value, e.raw, e.computed), whole)), \
                (text, whole, e)
        o = outline(t, any(g.kind == "sequence" for g in reading.groups), ctx)
        for pid, most in MOST.items():
            for params in PARAMS.get(pid, [{}]):
                got = REGISTRY[pid](reading, h, ctx, params)
                got = got[0] if isinstance(got, tuple) else got
                bound = most(o, params)
                assert bound is None or got <= bound, (text, pid, params, reading)
        n += 1
    return n


@pytest.mark.parametrize("kind, n", [("4 ghosts", 60), ("1-2 ghosts", 60), ("seven pairs", 60),
                                     ("8 ghosts", 4), ("no ghosts", 30)])
@pytest.mark.parametrize("name", ["luzhou", "luzhou-guide"])
def test_each_bound_holds_on_every_standard_reading_of_the_corpus(kind, n, name):
    if kind == "8 ghosts" and name != "luzhou":
        pytest.skip("eight ghosts is luzhou's option")
    checked = 0
    for text in corpus.corpus(kind, n, 4100):
        for kw in ({}, {"discard": "S"}, {"declared": True}, {"rob_kong": "N"}):
            try:
                checked += check_bounds(text, name, corpus.OPTS.get(kind), kw)
            except MjscoreError:
                continue  # (a situation this ruleset does not have)
    assert checked > n  # (the readings were there to check)


@pytest.mark.parametrize("name, opts", [p for p in RULESETS if p.values[0] != "lanzhou"])
def test_each_bound_holds_on_every_standard_reading_of_winning_hands(name, opts):
    def check(built, kw, _data):
        assume(not built.melds)
        check_bounds(built.text(), name, opts, {"win": T.name(built.win), **kw})

    for_each_win(load(name, opts), check, 40)


def seen(r) -> tuple:
    """All a user or a script can read of a result, the skipped readings included."""
    return (r.to_dict(), r.readings, r.decomposition, r.alternatives,
            [(e.value, e.raw, e.computed, e.reading.text()) for e in r.evaluations])


SITUATIONS = [{}, {"discard": "S"}, {"declared": True}, {"rob_kong": "N"},
              {"heavenly": True, "seat": "E"}, {"discard": "W", "after_kong": True}]


def outcome(text: str, name: str, opts: dict, kw: dict) -> tuple:
    """(what a user sees of the result, or the error's message; whether sets were skipped)"""
    try:
        r = score(text, name, opts=opts, **kw)
    except MjscoreError as e:  # (a situation or a tile this ruleset does not have)
        return str(e), False
    return seen(r), r.unread is not None


@pytest.mark.parametrize("kind, n", [("4 ghosts", 150), ("seven pairs", 150), ("8 ghosts", 30),
                                     ("1-2 ghosts", 100)])
@pytest.mark.parametrize("name, opts", [
    ("luzhou", {}), ("luzhou", {"cap": "100"}), ("luzhou", {"cap": "none"}),
    ("luzhou-guide", {}), ("luzhou-guide", {"cap": "none", "rare_cap": "1000"}),
    ("guangdong", {"seven_pairs": "true"}),
], ids=lambda p: p if isinstance(p, str) else str(p))
def test_results_are_the_same_with_and_without_pruning(kind, n, name, opts, monkeypatch):
    if kind == "8 ghosts" and name != "luzhou":
        pytest.skip("eight ghosts is luzhou's option")
    opts = {**(corpus.OPTS.get(kind, {}) if name == "luzhou" else {}), **opts}
    hands = corpus.corpus(kind, n, 4200)
    if name == "guangdong":  # (its ghost is 白: the corpus's 红中 ghosts, as its ghosts)
        hands = [text.replace("C", "P") for text in hands]
    pruned = [outcome(text, name, opts, SITUATIONS[i % len(SITUATIONS)])
              for i, text in enumerate(hands)]
    monkeypatch.setattr(P, "_plan", lambda rs: None)
    for i, text in enumerate(hands):
        assert outcome(text, name, opts, SITUATIONS[i % len(SITUATIONS)]) == \
            (pruned[i][0], False), text
    # (Where the hands have ghosts to make seven pairs. Guangdong's seven pairs is worth what
    # sets are, so its sets can always tie and are never skipped: its rows check that reading
    # seven pairs first and sets after gives what reading them in order does.)
    assert any(s for _, s in pruned) or kind == "1-2 ghosts" or name == "guangdong"
    assert sum(type(seen) is not str for seen, _ in pruned) > n // 10  # (some scored at all)


def test_a_hand_worth_more_as_seven_pairs_is_not_read_as_sets_until_asked():
    # 七对 清一色 (4 steps, 40) against at most 清一色 as sets (no four of a kind without
    # ghosts to make one, no 大对子 with runs forced: 2 steps, 10).
    r = score("11m22m33m44m55m66m7mC", win="C")
    assert (r.value, r.decomposition) == (40, "11m 22m 33m 44m 55m 66m 7m+C=7m")
    assert r.unread is not None and {e.reading.shape for e in r.found} == {"seven_pairs"}
    assert r.readings == 2
    assert [a.value for a in r.alternatives] == [40, 10]


def test_a_hand_whose_sets_might_win_is_read_in_full():
    # 大对子 as sets is worth what 七对 is (10), and wins the tie: its ghosts stand for the
    # lower tiles (1s 1s 3s against 7p's 1s 2s 3s 9s).
    r = score("11m11233789sCCCC", win="C")
    assert r.unread is None
    assert {e.reading.shape for e in r.found} == {"standard", "seven_pairs"}
    assert (r.value, r.top.reading.shape) == (10, "standard")


def test_a_hand_whose_sets_the_bounds_cannot_rule_out_is_read_in_full():
    # Held counts allow two 闺 (two pairs made four by four ghosts: 10, a tie with 七对),
    # though no reading as sets spends the ghosts so (34m needs one): the bounds read no
    # further than the counts, so the sets are read, and lose (one 闺 at most: 5).
    r = score("34m33456677pCCCC", win="C")
    assert r.unread is None
    assert (r.value, r.decomposition) == (10, "3m+C=3m 4m+C=4m 33p 4p+C=4p 5p+C=5p 66p 77p")
    assert [a.value for a in r.alternatives] == [10, 5, 2]


def test_a_pruned_result_is_pickled_and_reads_its_skipped_readings_there():
    r = score("11m22m33m44m55m66m7mC", win="C")
    copy = pickle.loads(pickle.dumps(r))
    assert copy == r and seen(copy) == seen(r)


@pytest.mark.parametrize("name, opts, pruned", [
    ("luzhou", {}, True), ("luzhou-guide", {}, True), ("guangdong", {}, False),
    ("guangdong", {"seven_pairs": "true"}, True), ("lanzhou", {}, False)])
def test_which_rulesets_may_skip_the_standard_shape(name, opts, pruned):
    # guangdong reads seven pairs only with its option; lanzhou has no other shape (and reads
    # 中发白 sets, which no bound covers).
    assert (P._plan(load(name, opts)) is not None) is pruned


def test_a_pattern_with_no_bound_keeps_every_shape_read(monkeypatch):
    rs = load("luzhou")
    monkeypatch.delitem(MOST, "one_suit")
    assert P._plan(replace(rs)) is None  # (a copy: plans are kept per ruleset)


@pytest.mark.parametrize("extends, body, pruned", [
    pytest.param("luzhou", "value:\n  ladder: {start: 2, first: 5, ratio: 2}", True,
                 id="luzhou's ladder"),
    pytest.param("luzhou", "value:\n  ladder: {start: 20, first: 5, ratio: 2}", False,
                 id="step 0 above step 1"),
    pytest.param("luzhou-guide", "patterns:\n  basic_win: {base: 0}", True, id="a base of 0"),
    pytest.param("luzhou-guide", "patterns:\n  kong_draw: {multiply: 0.5}", False,
                 id="a multiplier below 1"),
    pytest.param("luzhou-guide", "patterns:\n  gui_self_draw: {each_more: 0.5}", False,
                 id="each more four halving"),
])
def test_a_house_rule_that_can_lower_a_value_is_not_bounded(tmp_path, extends, body, pruned):
    # A pattern applied could lower the value: a ladder whose step 0 pays more than step 1,
    # a multiplier or a base's each_more below 1.
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {extends}\nname: house\n{body}\n", encoding="utf-8")
    assert (P._plan(load(str(path))) is not None) is pruned


def test_a_guide_hand_worth_more_as_seven_pairs_is_not_read_as_sets_until_asked():
    # Seven Pairs (base 10) against at most a Basic Win as sets (2): one ghost makes no
    # four of a kind here, and All Triplet would need more.
    r = score("11m22m33m44m55m66m7mC", "luzhou-guide", win="C")
    assert r.unread is not None and r.top.reading.shape == "seven_pairs"
    assert (r.value, r.readings, [a.value for a in r.alternatives]) == (10, 2, [10, 2])


def test_a_hand_whose_sets_come_past_the_largest_amount_is_refused_as_before(tmp_path):
    # 大对子 at 47 steps (allowed alone) and 清一色 come to 5 x 2^48, past MAX_VALUE, which
    # `scoring` refuses; 七对 raising the cap to 80 would win if the sets were not read.
    path = tmp_path / "house.yaml"
    path.write_text("extends: luzhou\nname: house\npatterns:\n  daduizi: {steps: 47}\n"
                    "  qidui: {raises_cap: 80}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="more than"):
        score("11m22m33m44m55mCCCC", str(path), win="C")


# A bound too low skips the standard reading that should have won; shipped rulesets never
# reach these, house rules do: the cap a set pattern raises, a bonus for each of its count,
# a quad made of four ghosts alone.
PRUNE_HOUSE = {
    "a set pattern raises the cap": "extends: luzhou-guide\nname: h\npatterns:\n"
                                    "  all_triplet: {base: 200, raises_cap: 200}\n",
    "a bonus for each gui": "extends: luzhou-guide\nname: h\npatterns:\n"
                            "  gui_self_draw: {add: 100, each_more: null}\n",
    "gui 2 steps": "extends: luzhou\nname: h\npatterns:\n  gui: {steps: 2}\n",
}


@pytest.mark.parametrize("house, hand, opts, value, reading", [
    pytest.param("a set pattern raises the cap", "11m22m33m44m55mCCCC", {}, 200,
                 "11m+C=1m 22m+C=2m 33m+C=3m 44m+C=4m 55m", id="大对子 200 over 清双闺对 at 80"),
    pytest.param("a bonus for each gui", "1111m2222m33m55mCC", {"cap": "none"}, 302,
                 "123m 123m 12m+C=3m 12m+C=3m 55m", id="2 + 3 x 100 over 清双闺对 160"),
    pytest.param("gui 2 steps", "1111m2222mCCCCCC", {"ghosts": "8", "cap": "none"}, 640,
                 "12m+C=3m 12m+C=3m 12m+C=3m 12m+C=3m C=4m+C=4m",
                 id="3m made of four ghosts: 3 gui, 8 steps over seven pairs' 7"),
])
def test_a_house_rules_sets_that_win_are_read(tmp_path, monkeypatch, house, hand, opts, value,
                                             reading):
    p = tmp_path / "h.yaml"
    p.write_text(PRUNE_HOUSE[house], encoding="utf-8")
    r = score(hand, str(p), opts=opts)
    assert (r.value, r.decomposition) == (value, reading)
    monkeypatch.setattr(P, "_plan", lambda rs: None)
    u = score(hand, str(p), opts=opts)
    assert (u.value, u.decomposition) == (value, reading)
