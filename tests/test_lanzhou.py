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


def test_breakdown_names_the_sets_and_the_stand_in():
    r = score("123m456mCFPSS [CF1s]", LZ, declared=True)
    effect = next(h.effect for h in r.patterns if h.id == "zhongfabai")
    assert "CFP" in effect and "[CF1s=P]" in effect
    assert "x4" in effect


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
    pytest.param("123m456m789mSS [15mE]", "a toss group holds only 1s, 9s and honours",
                 id="toss group with a middle tile"),
    pytest.param("456m789m11pSS [123m]", 'chow "123m" is not allowed in lanzhou',
                 id="chow refused"),
])
def test_refused_melds(hand, message):
    res = CliRunner().invoke(cli, ["score", hand, "--rules", LZ, "--declared"])
    assert res.exit_code == 2, res.output
    assert message in res.output


@pytest.mark.parametrize("flag", [
    pytest.param(["--won", "S"], id="--won"), pytest.param(["--heavenly"], id="--heavenly"),
    pytest.param(["--ghosts-drawn", "5"], id="--ghosts-drawn"),
])
def test_options_that_do_not_apply(flag):
    res = CliRunner().invoke(cli, ["score", "123m456m789m111pSS", "--rules", LZ, "--declared",
                                   *flag])
    assert res.exit_code == 2
    assert "does not apply in lanzhou" in res.output
