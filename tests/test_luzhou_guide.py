"""The English guide's scoring (seed 000, rulings E1-E7): its worked examples verbatim, one line
per base hand and modifier."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjscore import score
from mjscore.cli import cli

G = "luzhou-guide"


def test_example_1_non_dealer_wins_by_discard_south_basic_win_2_north_pays_2():
    r = score("123m456m789m11p23pC", G, win="3p", seat="S", discard="N")
    assert (r.value, r.net["S"], r.net["N"]) == (2, 2, -2)


def test_example_2_dealer_self_draws_gui_with_no_ghost_5_plus_10_is_15_east_collects_45():
    r = score("111m123m456m789m55p", G, seat="E")
    assert r.value == 15
    assert r.net == {"E": 45, "S": -15, "W": -15, "N": -15}


def test_example_3_west_discards_south_basic_2_and_north_gui_discard_2_west_pays_4():
    south = score("123m456m789m11p23pC", G, seat="S", discard="W")
    north = score("1111m234m567m8mC99m", G, seat="N", discard="W")
    assert (south.value, north.value) == (2, 2)
    assert south.net["W"] + north.net["W"] == -4
    assert (south.net["S"], north.net["N"]) == (2, 2)


def test_example_4_kong_draw_basic_win_2x2_plus_no_ghost_10_is_14_total_42():
    r = score("(1111m) 234m 567m 123p 55p", G, kong_draw=True)
    assert r.value == 14
    assert r.net["E"] == 42


def test_formula_basic_win_2_kong_draw_x2_no_ghost_plus_10_is_14():
    r = score("(5555p) 123m 456m 789m 11p", G, kong_draw=True)
    assert [h.id for h in r.patterns] == ["basic_win", "kong_draw", "no_ghost"]
    assert r.value == 2 * 2 + 10


@pytest.mark.parametrize("hand, kw, value, base", [
    pytest.param("123m456m789m11p23pC", {}, 2, "basic_win", id="Basic Win 2"),
    pytest.param("1111m234m567m8mC99m", {}, 5, "gui_self_draw", id="Gui self-draw 5"),
    pytest.param("1111m234m567m8mC99m", {"discard": "S"}, 2, "gui_discard", id="Gui discard 2"),
    pytest.param("1111m2222m345m3mC9m", {"win": "9m"}, 10, "gui_self_draw", id="Double Gui 10"),
    pytest.param("[111m] [222m] [333m] 123m 5pC", {"win": "5p"}, 20, "gui_self_draw",
                 id="Triple Gui 20"),
    pytest.param("11m22m33m44p55p66pC7p", {"win": "7p"}, 10, "seven_pairs", id="Seven Pairs 10"),
    pytest.param("111m222m333p444p5pC", {}, 40, "all_triplet", id="All-Triplet 40"),
    pytest.param("(1111m) 234m 567m 789m 9mC", {"kong_draw": True, "win": "C"}, 40,
                 "pure_one_suit_kong_draw", id="Pure One Suit Kong Draw 40"),
    pytest.param("11m22m55mCCFFPPSS", {}, 80, "three_dragon_seven_pairs",
                 id="Three Dragon Seven Pairs 80 (ghosts as the 中 pair)"),
    pytest.param("11m22m33m44m55m66mFF", {}, 80, "triple_luxury_seven_pairs",
                 id="Triple Luxury Seven Pairs 80"),
    pytest.param("11m22m33m44m55mFFPP", {}, 80, "pure_double_dragon_seven_pairs",
                 id="Pure Double Dragon Seven Pairs 160 capped at 80"),
    pytest.param("11m22m33m44mCCFFPP", {}, 80, "pure_triple_dragon_seven_pairs",
                 id="Pure Triple Dragon Seven Pairs 320 capped at 80"),
    pytest.param("1111m2222m3333mCC", {}, 80, "pure_gui_pair", id="Pure Gui Pair 80"),
    pytest.param("1111m2222m333pC55p", {"win": "5p"}, 80, "three_gui_pair",
                 id="Three-Gui Pair 80 (a ghost in a quad, the pair natural)"),
    pytest.param("1111m2222m55m7p8pCC", {}, 80, "pure_double_gui_pair",
                 id="Pure Double Gui Pair 160 capped at 80"),
    pytest.param("1111m2222m3333pC5p", {"win": "5p", "opts": {"rare_cap": 200}}, 80,
                 "three_gui_pair", id="Three-Gui Pair: three quads are not Pure Double's two"),
    pytest.param("1111m22m33m44p55p6pC", {}, 10, "seven_pairs",
                 id="Seven Pairs 10 beats Gui 5 (123m 123m 11m 456p 456p)"),
    pytest.param("11m22m33m44m55m66mFC", {}, 80, "triple_luxury_seven_pairs",
                 id="Triple Luxury Seven Pairs 80 (the ghost pairs the F)"),
    pytest.param("11m22m33m44m55mFFFF", {}, 80, "triple_luxury_seven_pairs",
                 id="Triple Luxury Seven Pairs 80 (four F as two dragon pairs)"),
    pytest.param("(1111m) 234m 567m 999m EE", {"kong_draw": True, "win": "E"}, 14, "basic_win",
                 id="one suit with winds is no Pure One Suit Kong Draw: Basic Win x2 + 10"),
])
def test_base_hands(hand, kw, value, base):
    r = score(hand, G, **kw)
    assert r.legal, r.reasons
    assert r.value == value
    assert [h.id for h in r.patterns if h.spec.effect == "base"] == [base]


def test_a_ghost_pair_standing_for_zhong_is_no_natural_pair():
    # Three-Gui Pair needs its pair natural: CC read as a 中 pair is a ghost pair, in every
    # reading listed, not only the chosen one.
    alts = score("1111m2222m3333pCC", G).alternatives
    assert alts and "three_gui_pair" not in {p.id for a in alts for p in a.patterns}


@pytest.mark.parametrize("hand, kw, opts, value", [
    pytest.param("(5555p) 123m 456m 789m 1pC", {"kong_draw": True, "win": "C"}, {}, 4,
                 id="Kong Draw x2"),
    pytest.param("[111m] [234m] [333p] [444p] 5pC", {"win": "C"}, {"hand_stick_one": True}, 4,
                 id="Hand-Stick-One x2"),
    pytest.param("[123m] [456m] [789m] [123p] 5pC", {"win": "C"}, {"hand_stick_one": True}, 2,
                 id="Hand-Stick-One needs a called triplet or quad: four chows are not it"),
    pytest.param("[123m] [456m] [789m] (5555p) 6pC", {"win": "C"}, {"hand_stick_one": True}, 4,
                 id="Hand-Stick-One with three chows and a quad"),
    pytest.param("[111m] [234m] [333p] [444p] 5pC", {"win": "C"}, {}, 2,
                 id="Hand-Stick-One off by default"),
    pytest.param("123m456m789m11p23p4p", {}, {}, 12, id="No-Ghost +10"),
    pytest.param("123m456m789m11pC23p", {"rob_kong": "S"}, {}, 10, id="Robbing the Kong flat 10"),
    pytest.param("[111m] 222m333p444pC5p", {"rob_kong": "S", "win": "5p"}, {}, 10,
                 id="Robbing the Kong flat 10 replaces All-Triplet 40"),
    pytest.param("[555p] 123m 456m 789m 11z", {}, {}, 12,
                 id="No-Ghost +10, honours written with z beside a meld"),
    pytest.param("123m456m789m11p23p4p", {"rob_kong": "S"}, {}, 20,
                 id="Robbing the Kong 10 + No-Ghost 10"),
    pytest.param("123m456m789m11p23pC", {"declared": True}, {"report_tile": True}, 12,
                 id="Report Tile +10"),
    pytest.param("111m222m333p444p5pC", {"declared": True}, {"report_tile": True, "cap": "none"},
                 80, id="Report Tile +40 on a named hand"),
])
def test_modifiers(hand, kw, opts, value):
    r = score(hand, G, opts=opts, **kw)
    assert r.legal, r.reasons
    assert r.value == value


def test_hand_stick_one_doubles_all_triplet_to_80_but_the_cap_is_40():
    r = score("[111m] [222m] [333p] [444p] 5pC", G, win="C", opts={"hand_stick_one": True})
    assert (r.raw, r.value) == (80, 40)


@pytest.mark.parametrize("hand, win", [
    pytest.param("1111m2222m3333m4mC", "4m", id="pair 4mC"),
    pytest.param("1111m2222m3333pC5p", "5p", id="pair 5pC"),
    pytest.param("1116888pWWWCCCW", "W", id="pair 6pC"),
    pytest.param("EEEENCCFFPPPPF", "F", id="pair NC"),
])
def test_three_quads_beside_a_half_ghost_pair_are_three_gui_pair(hand, win):
    # E3 / seed 000: Three-Gui Pair's "pair of normal tiles (not Ghost Tiles)" is set against
    # Pure Gui Pair's "pair of Ghost Tiles"; a ghost and a natural tile are a pair of that
    # tile (read as neither, they fell to Seven Pairs 10 or three Gui 20, below the same hands
    # with a quad fewer; then as Pure Double Gui Pair, 160 with the rare cap raised, where the
    # same hand with a natural pair was 90: audit 2026-12-04).
    for opts, value in (({}, 80), ({"rare_cap": 160}, 80)):
        r = score(hand, G, win=win, opts=opts)
        assert (r.value, [h.id for h in r.patterns if h.spec.effect == "base"]) == \
            (value, ["three_gui_pair"])


# With the rare cap raised past 160, three quads are 80 whatever their seventh pair (No-Ghost
# +10 with no ghost), and two quads 160: a ghost in place of a natural tile never raises it.
@pytest.mark.parametrize("hand, value, base", [
    pytest.param("1111m2222m3333m4mC", 80, "three_gui_pair", id="half-ghost pair"),
    pytest.param("1111m2222m3333m44m", 90, "three_gui_pair", id="natural pair, No-Ghost"),
    pytest.param("1111m2222m3333mCC", 80, "pure_gui_pair", id="ghost pair"),
    pytest.param("1111m2222m33m55m7mC", 160, "pure_double_gui_pair", id="two quads"),
])
def test_gui_pairs_with_the_rare_cap_raised(hand, value, base):
    r = score(hand, G, opts={"rare_cap": 160})
    assert (r.value, [h.id for h in r.patterns if h.spec.effect == "base"]) == (value, [base])


def test_cap_40_and_rare_cap_80():
    assert score("111m222m333p444p55p", G).value == 40  # All-Triplet + No-Ghost = 50
    assert score("1111m2222m3333m55p", G).value == 80  # Three-Gui Pair + No-Ghost 90
    assert score("1111m2222m3333m55p", G, opts={"rare_cap": 100}).value == 90


def test_discard_win_pays_in_full():
    r = score("111m222m333p444p5pC", G, discard="W")
    assert r.value == 40 and r.net["W"] == -40


def test_kong_penalty_is_its_own_row_after_the_cap():
    r = score("111m222m333p444p5pC", G, discard="W", after_kong=True)
    assert [(p.frm, p.amount, p.why) for p in r.payments] == [
        ("W", 40, "hand value"), ("W", 10, "Kong Penalty")]
    assert r.value == 40 and r.net["E"] == 50


def test_robbing_is_paid_by_the_konger():
    r = score("123m456m789m11pC23p", G, rob_kong="N")
    assert r.net == {"E": 10, "S": 0, "W": 0, "N": -10}


def test_a_discarded_ghost_may_be_won_on():
    r = score("123m456m789m11p23pC", G, discard="S", win="C")
    assert r.legal and r.value == 2


def test_a_ghost_added_to_a_kong_may_not_be_robbed():
    r = score("123m456m789m11p23pC", G, rob_kong="S", win="C")
    assert not r.legal and "cannot be robbed" in r.reasons[0]


def test_robbing_counts_the_ghosts_in_ones_own_pong_of_the_robbed_tile():
    # [4mCC] is three 4m, the robbed 4m a fourth: E's pong of 4m would hold a fifth (was legal)
    res = CliRunner().invoke(cli, ["score", "C8m5m8m6mE6m4m3mC6m [4mCC]", "--rules", G,
                                   "--seat", "S", "--win", "4m", "--rob-kong", "E"])
    assert res.exit_code == 2 and "this hand already holds 4 of the 4" in res.output


def test_chow_is_allowed():
    r = score("[123m] 456m 789m 1pC 234p", G)
    assert r.legal and r.value == 2


def test_declared_refused_while_report_tile_is_off():
    res = CliRunner().invoke(cli, ["score", "123m456m789m11p23pC", "--rules", G, "--declared"])
    assert res.exit_code == 2
    assert "--declared does not apply in luzhou-guide (option report_tile is off)" in res.output


def test_rules_show_lists_the_departures_from_luzhou():
    res = CliRunner().invoke(cli, ["rules", "show", G])
    assert res.exit_code == 0
    assert "departs" in res.output and "No-Ghost adds +10" in res.output


def test_side_by_side_table():
    res = CliRunner().invoke(cli, ["score", "111m123m456m789m55p", "--rules",
                                   "luzhou,luzhou-guide"])
    assert res.exit_code == 0
    assert "Values differ: luzhou 20, luzhou-guide 15" in res.output
    header = res.output.splitlines()[0]
    assert "luzhou" in header and "luzhou-guide" in header


def test_side_by_side_json_is_a_list_of_results():
    res = CliRunner().invoke(cli, ["score", "111m123m456m789m55p", "--rules",
                                   "luzhou,luzhou-guide", "--format", "json"])
    data = json.loads(res.output)
    assert [(d["ruleset"], d["value"]) for d in data] == [("luzhou", 20), ("luzhou-guide", 15)]
    # Each the very object that ruleset alone prints (README says so).
    for d in data:
        alone = CliRunner().invoke(cli, ["score", "111m123m456m789m55p", "--rules", d["ruleset"],
                                         "--format", "json"])
        assert d == json.loads(alone.output)


# "Double Gui is 10 ke on self-draw, Triple Gui is 20 ke": the effect names them (E3).
@pytest.mark.parametrize("hand, kw, effect", [
    pytest.param("111m123m222m456p55p", {}, "base 10 (Double Gui: 5, x2 for each of 1 more)",
                 id="double, self-drawn"),
    pytest.param("111m123m222m456p55p", {"discard": "S"},
                 "base 4 (Double Gui: 2, x2 for each of 1 more)", id="double, on a discard"),
    pytest.param("[111m][222m][333m] 123m 55p", {}, "base 20 (Triple Gui: 5, x2 for each of 2 "
                 "more)", id="triple"),
    pytest.param("111m123m456m456p55p", {}, "base 5", id="one: no count named"),
])
def test_double_and_triple_gui_are_named(hand, kw, effect):
    r = score(hand, G, **kw)
    assert [h.to_dict()["effect"] for h in r.patterns if h.to_dict()["id"].startswith("gui")] \
        == [effect]
