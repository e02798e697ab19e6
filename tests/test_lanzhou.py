"""Lanzhou 两报 (seed 003, rulings Z1-Z6): one line per rule."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjscore import score
from mjscore.cli import cli

LZ = "lanzhou"


@pytest.mark.parametrize("hand, kw, value, east, sets", [
    pytest.param("123m456m789m111pSS", {}, 2, 6, 0, id="plain self-draw: 2 from each"),
    pytest.param("123m456m789m111pSS", {"discard": "S"}, 1, 1, 0, id="plain discard: 1"),
    pytest.param("123m456m789mCFPSS", {}, 4, 12, 1, id="concealed set"),
    pytest.param("123m456m789mSS [CFP]", {}, 4, 12, 1, id="tossed set"),
    pytest.param("123m456mCFPSS [CFP]", {}, 8, 24, 2, id="two sets"),
    pytest.param("123m456m789mSSCF1s", {"win": "2m"}, 4, 12, 1, id="1s stands in for 白"),
    pytest.param("123m456m789mSS [CF1s]", {}, 4, 12, 1, id="tossed set with a 1s"),
    pytest.param("CCCFFFPPP123m55p", {}, 16, 48, 3, id="three sets, not three dragon pongs"),
    pytest.param("CCFF11s123m456m55p", {}, 8, 24, 2, id="two sets, a 1s standing in each"),
    pytest.param("123m456m789mSS [CCC]", {}, 2, 6, 0, id="a dragon pong does not count"),
    pytest.param("123m456m789mFPSS C", {"discard": "S", "win": "C"}, 1, 1, 0,
                 id="set completed by a discard does not count"),
    pytest.param("123m456mFPSS [CFP] C", {"discard": "S", "win": "C"}, 2, 2, 1,
                 id="a drawn set still counts on a discard win"),
    pytest.param("123m456m789mCFPCC", {"discard": "S", "win": "C"}, 2, 2, 1,
                 id="the winning 中 goes to the pair, so the set counts"),
    pytest.param("123m456m789mCF1s1s 1s", {"discard": "S", "win": "1s"}, 2, 2, 1,
                 id="a held 1s stands in, the 1s won on a discard goes to the pair"),
    pytest.param("123m456m789mSS (1111p)", {"kong_draw": True}, 2, 6, 0,
                 id="kong draw is self-draw-type"),
    pytest.param("123m456m89mSS [1111p] 7m", {"rob_kong": "W"}, 1, 1, 0,
                 id="robbing: the konger pays"),
    pytest.param("123m456m789m111pSS", {"opts": {"base": 5}}, 10, 30, 0, id="base option"),
])
def test_lanzhou_prices(hand, kw, value, east, sets):
    r = score(hand, LZ, declared=True, **kw)
    assert r.legal, r.reasons
    assert (r.value, r.net["E"]) == (value, east)
    counted = [h for h in r.patterns if h.id == "zhongfabai"]
    assert (counted[0].count if counted else 0) == sets
    assert sum(r.net.values()) == 0


# Worked by hand from seed 003 and Z1-Z6 before the tool was run (audit): the value, sets
# counted and every seat's net (E, S, W, N). Winner E, dealer E, 报章 declared, unless said.
@pytest.mark.parametrize("hand, kw, value, sets, net", [
    pytest.param("123m456mCFPSS (1111p)", {"kong_draw": True}, 4, 1, (12, -4, -4, -4),
                 id="杠开 with a concealed set: x2 x2"),
    pytest.param("123m456mCFP89pSS 7p", {"rob_kong": "N", "win": "7p"}, 2, 1, (2, 0, 0, -2),
                 id="抢杠: no self-draw double, a drawn set counts, the konger pays"),
    pytest.param("123m456m789m111pSS", {"seat": "S", "dealer": "N"}, 2, 0, (-2, 6, -2, -2),
                 id="no dealer bonus"),
    pytest.param("123m456mSS [19mE] [CFP]", {}, 4, 1, (12, -4, -4, -4),
                 id="a plain toss group adds nothing, a tossed set doubles"),
    pytest.param("123m456m789mSS [C11s]", {}, 2, 0, (6, -2, -2, -2),
                 id="a toss of C and two 1s: one stand-in a set, so no set"),
    pytest.param("123m456m789mSS [CCF]", {}, 2, 0, (6, -2, -2, -2),
                 id="a toss of CCF is no set"),
    pytest.param("CCFPP123m456mSS F", {"discard": "S", "win": "F"}, 2, 1, (2, -2, 0, 0),
                 id="two sets, the one the discarded F completes does not count"),
    pytest.param("CCCCFFFFPPPPSS", {}, 32, 4, (96, -32, -32, -32), id="four concealed sets"),
    pytest.param("CFP123m456mSS [CCC]", {}, 4, 1, (12, -4, -4, -4),
                 id="a dragon pong beside a concealed set"),
    pytest.param("1sFP123m456m789mSS", {}, 4, 1, (12, -4, -4, -4), id="1s stands in for 中"),
    pytest.param("123mSSCF1s456m [PPPP]", {"win": "2m"}, 4, 1, (12, -4, -4, -4),
                 id="1s stands in for 白 with all four 白 in a kong"),
    pytest.param("CCFFP1s13m456mSS 2m", {"discard": "S", "win": "2m"}, 4, 2, (4, -4, 0, 0),
                 id="discard win on a plain tile: both drawn sets count"),
    pytest.param("123m456m789mCFSS P", {"win": "P"}, 4, 1, (12, -4, -4, -4),
                 id="a self-drawn winning 白 completes the set"),
    pytest.param("CFP123mSS [CFP] [CF1s]", {}, 16, 3, (48, -16, -16, -16),
                 id="two tossed sets and a concealed one"),
    pytest.param("123m11p [19mE] [19pS] [CF1s]", {}, 4, 1, (12, -4, -4, -4),
                 id="three toss groups, one a set"),
    pytest.param("123m456m789mSS [CCCC]", {}, 2, 0, (6, -2, -2, -2), id="a dragon kong is no set"),
    pytest.param("123m456m789m111pSS", {"discard": "N", "opts": {"base": 5}}, 5, 0,
                 (5, 0, 0, -5), id="base 5 on a discard"),
    pytest.param("123m456mCFP789pSS", {"opts": {"base": 5}}, 20, 1, (60, -20, -20, -20),
                 id="base 5 x self-draw x set"),
])
def test_hand_worked_nets(hand, kw, value, sets, net):
    r = score(hand, LZ, declared=True, **kw)
    assert r.legal, r.reasons
    counted = [h for h in r.patterns if h.id == "zhongfabai"]
    assert (r.value, counted[0].count if counted else 0) == (value, sets)
    assert tuple(r.net[s] for s in "ESWN") == net


@pytest.mark.parametrize("hand", [
    pytest.param("11m33m55m22p66p99pEE", id="seven pairs is no Lanzhou shape"),
    pytest.param("19m19p19sESWNCFPE", id="thirteen orphans is no Lanzhou shape"),
    pytest.param("19mE123p456p789pSS", id="1, 9 and an honour held concealed are no set"),
    pytest.param("11sC123m456m789mSS", id="C and two 1s: one stand-in a set"),
])
def test_not_a_winning_hand(hand):
    r = score(hand, LZ, declared=True)
    assert not r.legal and "not a winning hand" in r.reasons[0]


def test_breakdown_names_the_sets_and_the_stand_in():
    r = score("123m456mCFPSS [CF1s]", LZ, declared=True)
    effect = next(h.effect for h in r.patterns if h.id == "zhongfabai")
    assert "CFP" in effect and "[CF+1s=P]" in effect
    assert "x4" in effect


@pytest.mark.parametrize("hand, shown", [
    # Readings alike in value: the one whose 1s stand as themselves (a review: the two 1s
    # stood in for P, and the two Ps were shown as the pair).
    pytest.param("123m CFP CFP 789s1s1s", "CFP CFP 123m 789s 11s", id="two sets, no stand-in"),
    pytest.param("123m CFP CF 789s1s1s1s", "CFP CF+1s=P 123m 789s 11s",
                 id="one stand-in where one is needed"),
])
def test_a_1s_stands_in_for_no_dragon_where_the_value_is_the_same(hand, shown):
    assert score(hand, LZ, declared=True, win="1s").decomposition == shown


@pytest.mark.parametrize("kw", [
    pytest.param({"discard": "S"}, id="discard"), pytest.param({"rob_kong": "S"}, id="robbed"),
])
def test_a_1s_taken_from_another_player_stands_for_no_dragon(kw):
    # Z2: a stand-in 幺鸡 is self-drawn; with no other 1s, C and F make no set.
    r = score("123m456m789m11pCF 1s", LZ, declared=True, win="1s", **kw)
    assert not r.legal and "not a winning hand" in r.reasons[0]
    assert score("123m456m789m11pCF 1s", LZ, declared=True, win="1s").legal


def test_a_rob_needs_the_pong_s_three_tiles():
    # No ghosts in lanzhou: the robbed pong held three 5p, and this hand holds two more.
    res = CliRunner().invoke(cli, ["score", "234m567m789p123s55p", "--win", "5p", "--rob-kong",
                                   "S", "--rules", LZ, "--declared"])
    assert res.exit_code == 2
    assert "S's pong of 5p holds three more, but this hand already holds 2 of the 4" in res.output


def test_robbing_payer_is_the_konger():
    r = score("123m456m89mSS [1111p] 7m", LZ, declared=True, rob_kong="W")
    assert r.net == {"E": 1, "S": 0, "W": -1, "N": 0}


def test_not_declared_is_not_a_legal_win():
    res = CliRunner().invoke(cli, ["score", "123m456m789m111pSS", "--rules", LZ])
    assert res.exit_code == 1
    assert "not declared (报章)" in res.output


@pytest.mark.parametrize("hand, message", [
    pytest.param("11p [19mE] [19pS] [19sW] [ESW]", "4 toss groups: at most 3",
                 id="more than three toss groups"),
    pytest.param("123m456m789mSS [15mE]", "a toss group is three tiles, each a 1 or 9 of any suit or an honour",
                 id="toss group with a middle tile"),
    pytest.param("456m789m11pSS [123m]", 'chow "123m" is not allowed in lanzhou',
                 id="chow refused"),
    pytest.param("11p [19mE] [19pS] [19sW] [CFP]", "4 toss groups: at most 3",
                 id="a tossed 中发白 set is one of the three toss groups"),
])
def test_refused_melds(hand, message):
    res = CliRunner().invoke(cli, ["score", hand, "--rules", LZ, "--declared"])
    assert res.exit_code == 2, res.output
    assert message in res.output


@pytest.mark.parametrize("limit, said, check", [
    pytest.param("max_tosses: 0", "invalid hand: 2 toss groups: house plays none (max_tosses 0)",
                 "; hand.melds lists toss, and max_tosses 0 allows none: every hand with one is "
                 "refused", id="none"),
    pytest.param("max_tosses: 1", "invalid hand: 2 toss groups: at most 1 per player", "",
                 id="one"),
    # Not given: no limit but the hand's four melds (it was 0, and "1 toss groups").
    pytest.param("max_tosses: null", None, "", id="not given"),
])
def test_a_house_limit_on_toss_groups(tmp_path, limit, said, check):
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: lanzhou\nname: house\nhand:\n  {limit}\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["score", "[19mE] [19pS] 123m456m55m", "--declared",
                                   "--rules", str(house)])
    assert (res.exit_code, res.stderr) == ((2, f"mjscore: {said}\n") if said else (0, ""))
    got = CliRunner().invoke(cli, ["rules", "check", str(house)])
    assert got.stdout == f"{house}: ok (ruleset house, 3 patterns, 2 options{check})\n"


@pytest.mark.parametrize("meld, said", [
    pytest.param("[19mE]", 'toss group "19mE"', id="toss group"),
    pytest.param("[CFP]", '中发白 set "CFP"', id="dragon set"),
    # (With no dragon set there is no 小鸡满天飞: two dragons and a 1s are mixed honours.)
    pytest.param("[CF1s]", 'toss group "1sCF"', id="dragon set with 1s"),
])
def test_a_meld_a_house_file_drops_is_named_not_allowed(tmp_path, meld, said):
    # It said '"19mE" is not a meld: a pong is three tiles of one kind', as if mistyped.
    house = tmp_path / "house.yaml"
    house.write_text("extends: lanzhou\nname: house\nhand:\n  melds: [pong, kong]\n"
                     "  concealed_sets: []\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["score", f"{meld} 123m456m789m11p", "--declared",
                                   "--rules", str(house)])
    assert (res.exit_code, res.stderr) == (
        2, f"mjscore: invalid hand: column 1: {said} is not allowed in house\n")


@pytest.mark.parametrize("flag", [
    pytest.param(["--won", "S"], id="--won"), pytest.param(["--heavenly"], id="--heavenly"),
    pytest.param(["--ghosts-drawn", "5"], id="--ghosts-drawn"),
    pytest.param(["--discard", "S", "--after-kong"], id="--after-kong"),
])
def test_options_that_do_not_apply(flag):
    res = CliRunner().invoke(cli, ["score", "123m456m789m111pSS", "--rules", LZ, "--declared",
                                   *flag])
    assert res.exit_code == 2
    assert "does not apply in lanzhou" in res.output
