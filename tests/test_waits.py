"""Ready-hand analysis (`waits`): every winning tile with its best value, 花猫, 查大."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjscore import waits
from mjscore.cli import cli


@pytest.mark.parametrize("hand, opts, expected, chada", [
    pytest.param("678m222s345s67s99s", {}, [("2s", 20), ("5s", 10), ("8s", 10), ("9s", 10)], 20,
                 id="several waits with different values"),
    pytest.param("1111m22m33m44m55m6m", {}, [("2m", 40), ("3m", 40), ("5m", 40), ("6m", 40)], 40,
                 id="龙七对 wait on 6m among others"),
    pytest.param("123m456m789m11p2p3p", {}, [("1p", 10), ("4p", 10)], 10, id="two-sided wait"),
    pytest.param("123m456m789m11p2p5p", {}, [], 0, id="not ready"),
])
def test_waits(hand, opts, expected, chada):
    w = waits(hand, opts=opts)
    assert [(x.tile, x.value) for x in w.waits] == expected
    assert (w.ready, w.chada, w.flower_cat) == (bool(expected), chada, False)


def test_dragon_seven_pairs_wait_names_long():
    w = waits("1111m22m33m44m55m6m")
    six = next(x for x in w.waits if x.tile == "6m")
    assert [h.name for h in six.patterns] == ["龙", "七对", "清一色", "无鬼"]


def test_flower_cat():
    w = waits("123m456p789s11pC5p")
    assert (w.flower_cat, w.ready, w.waits, w.chada) == (True, False, (), 0)


def test_flower_cat_names_the_house_suit_limit(tmp_path):
    # A house rule of one suit: the table says the hand's own count and the limit, as
    # `score` words it ("three suits" was printed whatever the limit).
    rules = tmp_path / "one.yaml"
    rules.write_text("extends: luzhou\nname: one\nhand: {max_suits: 1}\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["waits", "11m123m456m789m5pC", "--rules", str(rules)])
    assert (res.exit_code, res.output.splitlines()[1]) == (
        0, "花猫 (flower cat): tiles of 2 suits (m, p); a winning hand holds at most 1 (缺门); "
           "not ready, and at 查叫 pays 40 颗 to each other player who has not won and is no 花猫.")


# The 花猫's payment is the one settle charges: the cap by default, the option's number, or
# nothing; with the cap none and no number, settle refuses, and the table says why.
@pytest.mark.parametrize("opt, tail", [
    pytest.param("cap=100", "not ready, and at 查叫 pays 100 颗 to each other player who has not "
                 "won and is no 花猫.", id="the cap"),
    pytest.param("flower_cat_pays=7", "not ready, and at 查叫 pays 7 颗 to each other player who "
                 "has not won and is no 花猫.", id="a number"),
    pytest.param("flower_cat_pays=0", "not ready; pays nothing at 查叫.", id="nothing"),
    pytest.param("cap=none", "not ready, and at 查叫 pays the cap, which is none: settle asks for "
                 "a number (option flower_cat_pays).", id="the cap, none"),
])
def test_flower_cat_says_what_it_pays(opt, tail):
    res = CliRunner().invoke(cli, ["waits", "123m456p789s11pC5p", "--opt", opt])
    assert res.exit_code == 0 and res.output.splitlines()[1].endswith("(缺门); " + tail)


def test_eight_ghosts():
    w = waits("123mCCCCCCC 4m99p", opts={"ghosts": 8})
    assert w.ready
    assert len(w.waits) == 18  # every tile of the two suits in the hand
    assert w.chada == 40


def test_ghosts_are_never_listed():
    w = waits("111m123m456m789mC")
    assert "C" not in [x.tile for x in w.waits]


def test_no_fifth_copy_wait():
    w = waits("111m123m456m789mC")
    assert "1m" not in [x.tile for x in w.waits]


def test_lanzhou_waits_assume_the_declaration():
    w = waits("123m456m789m111pS", "lanzhou")
    assert [(x.tile, x.value) for x in w.waits] == [("S", 2)]


def test_cli_json_fields():
    res = CliRunner().invoke(cli, ["waits", "123m456m789m11p2p3p", "--format", "json"])
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert set(data) == {"ruleset", "hand", "ready", "flower_cat", "waits", "chada"}
    assert data["waits"][0]["tile"] == "1p" and data["waits"][0]["value"] == 10
    assert {"id", "name", "en", "effect"} <= set(data["waits"][0]["patterns"][0])


@pytest.mark.parametrize("hand, shown", [
    pytest.param("123m456m789m11p3p2p", "123456789m1123p", id="written out of order"),
    pytest.param("3p123m456m11p2p [555m]", "123456m1123p [555m]", id="a meld"),
])
def test_the_hand_is_one_sorted_run(hand, shown):
    """One tile short, no tile is a winning tile: none is set apart as `score` sets the
    winning tile apart."""
    assert waits(hand).hand == shown
    res = CliRunner().invoke(cli, ["waits", hand])
    assert res.output.splitlines()[0] == f"Hand:     {shown}   (luzhou)"


def test_cli_not_ready_exits_0():
    res = CliRunner().invoke(cli, ["waits", "123m456m789m11p2p5p"])
    assert res.exit_code == 0 and "Not ready" in res.output


@pytest.mark.parametrize("args, line", [
    # (A review's: a player waiting on a fifth 5p was told only "no tile completes this hand".)
    pytest.param(["111m456m789m5555p"], "Not ready: no tile completes this hand (the hand "
                 "holds every 5p: none is left to draw).", id="a fifth 5p"),
    pytest.param(["123m456m789m4444s", "--rules", "guangdong"],
                 "Not ready: no tile completes this hand (the hand holds every 4s: none is left "
                 "to draw).", id="guangdong"),
    pytest.param(["[1111m] 456m789m5555p"], "Not ready: no tile completes this hand (the hand "
                 "holds every 5p: none is left to draw).", id="beside a kong"),
    pytest.param(["123m456m789m11p2p5p"], "Not ready: no tile completes this hand.",
                 id="no kind held whole: nothing more said"),
    # (The code review's: a kind held whole that one more would not complete was named too.)
    pytest.param(["[5555p]123m456m1p29p9m"], "Not ready: no tile completes this hand.",
                 id="a kind held whole, far from ready: nothing more said"),
    # (A run across suits, 8m 9m 1p, would take a fifth 9m: none is. A mutation went unseen.)
    pytest.param(["9999m88m11p55p567p"], "Not ready: no tile completes this hand.",
                 id="9m held whole at a suit's end: no run wraps to 1p"),
])
def test_not_ready_names_a_kind_held_whole(args, line):
    res = CliRunner().invoke(cli, ["waits", *args])
    assert res.exit_code == 0 and res.output.splitlines()[-1] == line


def test_cli_wrong_count_is_bad_input():
    res = CliRunner().invoke(cli, ["waits", "123m456m789m11p2p"])
    assert res.exit_code == 2 and "a hand one tile short needs 13 tiles" in res.output


def test_guangdong_has_no_flower_cat_field():
    res = CliRunner().invoke(cli, ["waits", "123m456m789m11pSS", "--rules", "guangdong",
                                   "--format", "json"])
    assert "flower_cat" not in json.loads(res.output)


@pytest.mark.parametrize("hand, rules, opts, ready", [
    pytest.param("13579m13579pPPP", "guangdong", {}, True,
                 id="guangdong: three ghosts concealed, ready on the fourth alone (满鬼, G5)"),
    pytest.param("13579p13579s555m", "guangdong", {"ghost": "flip", "indicator": "4m"}, True,
                 id="guangdong flip ghost 5m: three held, ready on the fourth alone"),
    pytest.param("13579m13579pCCC", "luzhou", {}, False,
                 id="luzhou has no 满鬼: a fourth ghost completes nothing"),
])
def test_ready_on_the_last_ghost_alone(hand, rules, opts, ready):
    w = waits(hand, rules, opts=opts)
    assert (w.ready, w.waits, w.chada) == (ready, (), 0)


def test_cli_ready_on_the_last_ghost_alone_says_so():
    res = CliRunner().invoke(cli, ["waits", "13579m13579pPPP", "--rules", "guangdong"])
    assert res.exit_code == 0 and "Not ready" not in res.output
    assert "Ready only on a drawn ghost (P)" in res.output


# A flip ghost is a tile of the set: a hand whose one winning tile is that kind is ready only
# on a drawn ghost, with one ghost in hand, not all of them (no 满鬼); the table said 满鬼.
@pytest.mark.parametrize("hand, indicator, line", [
    pytest.param("13579p13579s555m", "4m", "Ready only on a drawn ghost (5m): with it every ghost of the set is in the hand, which wins whatever the rest holds. Ghosts are not listed.", id="three ghosts held: the fourth is 满鬼"),
    pytest.param("123m456m789m11p46p", "4p", "Ready only on a drawn ghost (5p): no other tile completes this hand. Ghosts are not listed.", id="no ghost held: the one winning kind is the ghost (5p), no 满鬼"),
])
def test_cli_ready_on_a_ghost_alone_says_whether_it_is_full_ghost(hand, indicator, line):
    res = CliRunner().invoke(cli, ["waits", hand, "--rules", "guangdong", "--indicator", indicator])
    assert (res.exit_code, res.output.splitlines()[-1]) == (0, line)


# G5: every ghost concealed won when the last was drawn; no tile is waited on after it (the
# tiles that would make it four sets and a pair too were listed as waits: audit 2026-12-04).
@pytest.mark.parametrize("hand, args", [
    pytest.param("123m456m78mPPPP1p", [], id="fixed 白, a winning shape with any of 33 tiles"),
    pytest.param("139m258p4sEWPPPP", [], id="fixed 白, no shape"),
    pytest.param("123m456m78m1pSSSS", ["--indicator", "E"], id="flip ghost S"),
])
def test_cli_every_ghost_held_is_full_ghost_already(hand, args):
    res = CliRunner().invoke(cli, ["waits", hand, "--rules", "guangdong", *args])
    assert (res.exit_code, res.output.splitlines()[-1]) == (0, (
        "Not ready: every ghost of the set is concealed in this hand, which is 满鬼, won when "
        "the last of them was drawn."))
    w = waits(hand, "guangdong", indicator=args[1] if args else None)
    assert (w.ready, w.waits, w.chada) == (False, (), 0)


@pytest.mark.parametrize("hand, rules, said", [
    pytest.param("123m456m789mPPPP", "guangdong", False, id="every ghost held: none to draw"),
    pytest.param("123m456m789m5pCCC", "luzhou", True, id="a ghost left to draw"),
    # (A ghost would be a fifth 6s: the 贴鬼 pong stands for three, one is held.)
    pytest.param("[66sC] 6s 123m456m789m", "luzhou", False, id="its only wait a ghost's fifth"),
    pytest.param("[66sC] 5s 123m456m789m", "luzhou", True, id="a 贴鬼 pong, another wait"),
])
def test_cli_says_a_drawn_ghost_completes_only_while_one_is_left(hand, rules, said):
    res = CliRunner().invoke(cli, ["waits", hand, "--rules", rules])
    assert res.exit_code == 0 and ("A drawn ghost" in res.output) is said


# CONTRACT: `flower_cat` is there "where the ruleset has a void rule" (缺门, `hand.max_suits`),
# whether or not a 花猫 pays at an exhausted wall (`draw.flower_cat`); and the table says it
# pays at 查叫 only where it does.
NO_CAT_PAYMENT = "extends: luzhou\nname: nocat\ndraw: {flower_cat: false}\n"
NO_DRAW_RULES = "extends: luzhou\nname: nodraw\ndraw: null\n"


@pytest.mark.parametrize("house, hand, cat, line", [
    pytest.param(NO_CAT_PAYMENT, "111m234m567m789p1s", True, "花猫 (flower cat): tiles of 3 suits "
                 "(m, p, s); a winning hand holds at most 2 (缺门); not ready.",
                 id="void rule, no 花猫 payment: three suits is a 花猫, not said to pay"),
    pytest.param(NO_DRAW_RULES, "111m234m567m789p1s", True, "花猫 (flower cat): tiles of 3 suits "
                 "(m, p, s); a winning hand holds at most 2 (缺门); not ready.",
                 id="void rule, no draw rules at all: a 花猫, not said to pay"),
    pytest.param(NO_CAT_PAYMENT, "111m234m567m789p5p", False, "Ready on 1 tile; each valued as "
                 "a self-draw with no situational bonus, capped:",
                 id="void rule, no 花猫 payment: two suits, flower_cat false"),
])
def test_flower_cat_is_there_wherever_the_ruleset_has_a_void_rule(tmp_path, house, hand, cat,
                                                                   line):
    rules = tmp_path / "house.yaml"
    rules.write_text(house, encoding="utf-8")
    res = CliRunner().invoke(cli, ["waits", hand, "--rules", str(rules), "--format", "json"])
    assert (res.exit_code, json.loads(res.output).get("flower_cat")) == (0, cat)
    res = CliRunner().invoke(cli, ["waits", hand, "--rules", str(rules)])
    assert (res.exit_code, res.output.splitlines()[1]) == (0, line)


# A flipped indicator lies face up, so a hand holding three of it has no fourth to draw.
@pytest.mark.parametrize("opts, expected", [
    pytest.param({}, ["2m", "5m", "1s"], id="fixed ghost: a fourth 5m is there to draw"),
    pytest.param({"ghost": "flip", "indicator": "5m"}, ["2m", "1s"],
                 id="5m the indicator: its fourth copy is face up, no wait on it"),
])
def test_no_wait_on_a_copy_left_to_draw_by_none(opts, expected):
    w = waits("555m34m123p456p11s", "guangdong", opts=opts)
    assert [x.tile for x in w.waits] == expected


# A flipped ghost changes the waits: C is the ghost after the indicator N, so 12p C S waits
# on 3p and S (C stands for the 3p or pairs the S); with 白 the ghost, C is a tile like any.
@pytest.mark.parametrize("args, waited", [
    pytest.param(["--indicator", "N"], ["3p", "S"], id="--indicator N"),
    pytest.param(["--opt", "ghost=flip", "--opt", "indicator=N"], ["3p", "S"],
                 id="the same as options"),
    pytest.param(["--indicator", "N", "--opt", "ghost=flip"], ["3p", "S"],
                 id="--indicator with ghost=flip said again"),
    pytest.param([], [], id="fixed ghost: not ready"),
])
def test_cli_waits_takes_the_indicator_as_score_does(args, waited):
    res = CliRunner().invoke(cli, ["waits", "123m456m789m12pCS", "--rules", "guangdong", *args,
                                   "--format", "json"])
    assert res.exit_code == 0, res.output
    assert [w["tile"] for w in json.loads(res.output)["waits"]] == waited


def test_api_waits_takes_the_indicator():
    assert [w.tile for w in waits("123m456m789m12pCS", "guangdong", indicator="N").waits] == \
        ["3p", "S"]


@pytest.mark.parametrize("args, said", [
    pytest.param(["--indicator", "N"], "--indicator does not apply in luzhou: its ghost is "
                 "fixed, not flipped", id="luzhou"),
    pytest.param(["--rules", "guangdong", "--indicator", "N", "--opt", "indicator=S"],
                 "--indicator N and indicator=S disagree", id="two indicators"),
    pytest.param(["--rules", "guangdong", "--indicator", "N", "--opt", "ghost=fixed"],
                 "--indicator flips the ghost (ghost=flip), which contradicts ghost=fixed",
                 id="a fixed ghost"),
    pytest.param(["--rules", "guangdong", "--indicator", "X"],
                 '--indicator X: column 1: unknown tile "X"', id="not a tile"),
    pytest.param(["--rules", "guangdong", "--indicator", "5p5p"],
                 "--indicator takes one tile, not \"5p5p\"", id="two tiles"),
])
def test_cli_waits_refuses_an_indicator_that_cannot_apply(args, said):
    res = CliRunner().invoke(cli, ["waits", "123m456m789m12pCS", *args])
    assert res.exit_code == 2 and res.stderr.endswith(f"{said}\n"), res.stderr


def test_cli_waits_counts_a_pattern_held_twice():
    # "闺 无鬼" read as 3 steps, 20 颗, beside a value of 40: the hand holds two 闺.
    res = CliRunner().invoke(cli, ["waits", "111s123s333s77m78s"])
    assert res.exit_code == 0 and "6s           40  闺 (twice), 无鬼" in res.stdout.splitlines()


def test_cli_waits_parts_every_rows_names_alike():
    # One row with a count needs commas; the row above it, "闺 无鬼", read as another style.
    res = CliRunner().invoke(cli, ["waits", "111s123s33s77m789s"])
    rows = res.stdout.splitlines()
    assert "7m           20  闺, 无鬼" in rows and "3s           40  闺 (twice), 无鬼" in rows


@pytest.mark.parametrize("args, header", [
    pytest.param(["678m222s345s67s99s"], "Ready on 4 tiles; each valued as a self-draw with no "
                 "situational bonus, capped:", id="luzhou: capped at 40"),
    pytest.param(["678m222s345s67s99s", "--opt", "cap=none"], "Ready on 4 tiles; each valued as "
                 "a self-draw with no situational bonus:", id="luzhou uncapped: no cap named"),
    pytest.param(["123m456m789mCF11p", "--rules", "lanzhou"], "Ready on 2 tiles; each valued as "
                 "a self-draw with no situational bonus:", id="lanzhou has no cap"),
])
def test_cli_waits_says_capped_only_where_there_is_a_cap(args, header):
    res = CliRunner().invoke(cli, ["waits", *args])
    assert res.exit_code == 0 and res.output.splitlines()[1] == header


# A wait no other player's discard wins (luzhou's 1颗不能胡: 平胡 is 1 颗 on a discard; a
# lanzhou 1s stands in for a dragon only when drawn) is named under the table; guangdong wins
# by self-draw alone, so nothing is singled out there.
@pytest.mark.parametrize("args, line", [
    pytest.param(["1112345678m99pC"], "By self-draw only (no legal win on a discard): 2m, 4m, "
                 "5m, 7m, 8m, 9p.", id="luzhou: the 平胡 waits"),
    pytest.param(["123m456m789m1p23pC"], "By self-draw only (no legal win on a discard): every "
                 "wait.", id="luzhou: all 平胡"),
    pytest.param(["123m456m789mCF EE", "--rules", "lanzhou"], "By self-draw only (no legal win "
                 "on a discard): 1s.", id="lanzhou: the 1s for the missing dragon"),
    pytest.param(["123m555m789m11p6p7p"], None, id="luzhou: 无鬼 wins on a discard"),
    pytest.param(["123m456m789m11p3pP", "--rules", "guangdong"], None,
                 id="guangdong: no discard wins at all"),
])
def test_cli_names_the_waits_won_by_self_draw_only(args, line):
    res = CliRunner().invoke(cli, ["waits", *args])
    said = [x for x in res.output.splitlines() if x.startswith("By self-draw only")]
    assert (res.exit_code, said) == (0, [line] if line else [])


def test_a_wait_says_whether_it_is_won_by_self_draw_only():
    w = waits("1112345678m99pC")
    assert [(x.tile, x.self_draw_only) for x in w.waits][:3] == \
        [("1m", False), ("2m", True), ("3m", False)]
    assert "self_draw_only" not in w.to_dict()["waits"][0]  # (CONTRACT's three fields)
