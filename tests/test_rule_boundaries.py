"""Rules at their boundaries: a ladder's step 0, a rare hand's cap below the ordinary one, a
rob naming another seat, the largest value a pattern may make, "at least one" dragon pair,
a ghost beside two tiles that could or could not be a chow. Each value is worked out from
RULINGS.md (and the seed texts), not copied from the program; no other test held these (a
mutation audit changed each decision and every test still passed)."""

import pytest

from mjscore import score
from mjscore.errors import RulesetError


def house(tmp_path, text, name="house.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


# A ladder's step 0 is its `start` (L7: step 0 = 2, then 5, 10, ...), not the step-1 value
# halved: a house ladder starting at 1 (or 3) pays 1 (or 3) for 平胡, whatever `first` is.
LADDER_START = [
    pytest.param("{start: 1, first: 5, ratio: 2}", 1, id="start 1: 平胡 pays 1, not 5/2"),
    pytest.param("{start: 3, first: 5, ratio: 2}", 3, id="start 3: 平胡 pays 3, not 5/2"),
    pytest.param("{start: 2, first: 6, ratio: 3}", 2, id="start 2 ratio 3: 平胡 pays 2, not 6/3"),
]


@pytest.mark.parametrize("ladder, value", LADDER_START)
def test_step_zero_is_the_ladder_start(tmp_path, ladder, value):
    rules = house(tmp_path, f"extends: luzhou\nname: house\nvalue:\n  ladder: {ladder}\n")
    r = score("123m456m789p234pC5p", rules, win="5p")  # 平胡, self-drawn: step 0
    assert (r.value, r.net["E"], r.net["S"]) == (value, 3 * value, -value)


# README: `raises_cap` makes the cap "at least this": a rare hand's own cap set below the
# ordinary cap leaves the ordinary cap (E2: 40) standing; it never lowers it.
RAISES_CAP = [
    pytest.param({}, 80, id="rare_cap 80 (default): Three Dragon Seven Pairs 80"),
    pytest.param({"rare_cap": 60}, 60, id="rare_cap 60: capped at 60"),
    pytest.param({"rare_cap": 20}, 40, id="rare_cap 20 below cap 40: the cap stays 40"),
    pytest.param({"rare_cap": 20, "cap": 30}, 30, id="rare_cap 20 below cap 30: 30"),
]


@pytest.mark.parametrize("opts, value", RAISES_CAP)
def test_raises_cap_never_lowers_the_cap(opts, value):
    # E3: a pair each of C, F, P and four suited pairs of two suits: Three Dragon Seven
    # Pairs, base 80 (not the one-suit rare hands); self-drawn, so each of three pays it.
    r = score("11m22m33m44pCCFFPP", "luzhou-guide", win="P", opts=opts)
    assert (r.value, r.net["E"]) == (value, 3 * value)


# claims.robbing_win: a win robs the kong just declared only if it robs that seat's kong
# (from: names the konger). A rob naming another seat robs a kong the record leaves out, and
# the kong declared before it formed (here W's added kong of 5p, a ghost in it, L3 / L14).
# S: 111m123m456m789m C 5p is 闺 + 抢杠胡 = 2 steps = 10, halved (discard-type, L9) = 5,
# paid by the konger named, N (L11).
ROB_OTHER_SEAT = [
    pytest.param({"S": "111m123m456m789m C 5p"}, id="W's hand not shown"),
    pytest.param({"S": "111m123m456m789m C 5p", "W": "{555pC} 123s 456s 789s 1s"},
                 id="W's hand shows the kong it made"),
]


@pytest.mark.parametrize("seats", ROB_OTHER_SEAT)
def test_a_rob_of_another_seat_leaves_the_kong_before_it_formed(seats):
    from mjscore import settle
    r = settle({"rules": "luzhou", "seats": seats,
                "events": [{"kong": "W", "kind": "added", "tile": "5p"},
                           {"win": "S", "tile": "5p", "from": "N", "rob_kong": True}]})
    assert r.legal, r.reasons
    assert r.events[0].summary == "W added kong of 5p: collects nothing"
    assert r.net == {"E": 0, "S": 5, "W": 0, "N": -5}


# amounts.most_steps: luzhou's ladder comes to 5 x 2^47 = 703687441776640 at 48 steps, within
# 10^15, and to 5 x 2^48 past it at 49: one pattern of exactly 48 steps is accepted (49 is
# refused: test_hostile), and a hand of it alone is paid exactly that.
def test_one_pattern_of_the_last_step_within_10_15_is_accepted(tmp_path):
    rules = house(tmp_path, "extends: luzhou\nname: huge\nvalue: {cap: none}\n"
                            "patterns:\n  wugui: {steps: 48}\n")
    # No ghost, two suits, runs and no four of a kind: 无鬼 alone, self-drawn.
    r = score("123m456m789p234p55p", rules, win="5p")
    assert (r.value, r.net["E"]) == (5 * 2 ** 47, 3 * 5 * 2 ** 47)


# A ladder landing exactly on 10^15 (first 1, ratio 10: 10^15 at 16 steps): that step is
# within the limit (`<=`), 17 is past it. (A mutation to `<` went unseen: luzhou's
# ladder never lands on 10^15 itself.)
@pytest.mark.parametrize("steps, value", [pytest.param(16, 10 ** 15, id="16 steps: 10^15"),
                                          pytest.param(17, None, id="17 steps: refused")])
def test_a_ladder_landing_on_10_15_exactly_is_within_it(tmp_path, steps, value):
    rules = house(tmp_path, "extends: luzhou\nname: huge\nvalue: {cap: none, ladder: "
                            f"{{first: 1, ratio: 10}}}}\npatterns:\n  wugui: {{steps: {steps}}}\n")
    if value is None:
        with pytest.raises(RulesetError, match="steps 17: a hand of more than 16 steps"):
            score("123m456m789p234p55p", rules, win="5p")
    else:
        assert score("123m456m789p234p55p", rules, win="5p").value == value


# E3: Triple Luxury Seven Pairs needs *at least* one dragon pair (`at_least: true`). On the
# shipped guide a one-suit hand with two dragon pairs is Pure Double Dragon (the higher base);
# a house file without that pattern leaves Triple Luxury (80) to apply to it. The hand holds
# no ghost (no C): No-Ghost +10 (E4); the rare cap 80 (E2) stands unless the cap is none.
AT_LEAST = [
    pytest.param({}, 80, id="two dragon pairs: Triple Luxury 80 + No-Ghost 10, capped 80"),
    pytest.param({"cap": "none"}, 90, id="two dragon pairs, no cap: 80 + 10 = 90"),
]


@pytest.mark.parametrize("opts, value", AT_LEAST)
def test_triple_luxury_takes_more_than_one_dragon_pair(tmp_path, opts, value):
    rules = house(tmp_path, "extends: luzhou-guide\nname: house\npatterns:\n"
                            "  pure_double_dragon_seven_pairs: null\n")
    r = score("11m22m33m44m55mFFPP", rules, win="P", opts=opts)
    assert "triple_luxury_seven_pairs" in [p.id for p in r.patterns]
    assert r.value == value


# hand._is_run_with_gaps: a ghost beside two natural tiles of one suit is refused as "a chow
# never holds a ghost" only where the three could be a chow (the naturals within a span of
# three ranks); 1m and 4m with a ghost are no chow at all, and are said to be no meld.
GHOST_CHOW = [
    pytest.param("[13mC]", "a chow never holds a ghost", id="1m 3m C: a chow with a ghost"),
    pytest.param("[23mC]", "a chow never holds a ghost", id="2m 3m C: a chow with a ghost"),
    pytest.param("[14mC]", '"14mC" is not a meld', id="1m 4m C: no chow, no meld"),
    pytest.param("[15mC]", '"15mC" is not a meld', id="1m 5m C: no chow, no meld"),
]


@pytest.mark.parametrize("meld, said", GHOST_CHOW)
def test_a_ghost_is_said_to_be_in_a_chow_only_where_one_could_be(meld, said):
    from mjscore.errors import NotationError
    with pytest.raises(NotationError) as e:
        score(meld + " 123p 456p 789p 55s", "luzhou-guide")
    assert said in str(e.value)
