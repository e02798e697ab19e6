"""Every value the Chinese source (seed 002) lists for luzhou, one line each: hand in, value and
net out (RULINGS L7-L12).

The ladder (L7) is step 0 = 2, then 5, 10, 20, 40, 80, ...; 无鬼 (no 红中 anywhere) adds two
steps, so every hand meant to show a base value holds a ghost C somewhere. Each hand was built
from the rules (the steps are in the comment) and then checked with `mjscore score --explain`.
"""

import pytest

from mjscore import score
from mjscore.errors import OptionError

NONE = {"cap": "none"}


def _check_net(r):
    assert sum(r.net.values()) == 0
    assert set(r.net) == {"E", "S", "W", "N"}


# (hand, score() keywords, value, winner's net, a payer, that payer's net)
# The winner is E unless `seat` says otherwise; self-draws are paid by the three others.
SOURCE_VALUES = [
    # -- plain values, self-drawn (自摸), default cap 40 ----------------------------------------
    pytest.param("123m456m789p234pC5p", {"win": "5p"}, 2, 6, "S", -2,
                 id="平胡 2"),  # step 0
    pytest.param("111m123m456m789mC5p", {"win": "5p"}, 5, 15, "S", -5,
                 id="闺自摸 5"),  # 闺 1: 1m x4
    pytest.param("[111m] 123m456p789pC5p", {"win": "5p"}, 5, 15, "W", -5,
                 id="闺自摸 5 (pong plus one)"),  # 闺 1: a pong of 1m and the fourth in 123m
    pytest.param("111m23mC456p789p55p", {"win": "5p"}, 5, 15, "N", -5,
                 id="闺自摸 5 (ghost completed)"),  # C=1m makes 1m x4
    pytest.param("[11mC] 123m456p789p55p", {"win": "5p"}, 5, 15, "S", -5,
                 id="闺自摸 5 (贴鬼碰 plus one)"),  # [11mC] is 111m; 1m x4
    pytest.param("111m123m444p456pC9p", {"win": "9p"}, 10, 30, "S", -10,
                 id="双闺 10"),  # 闺 2
    pytest.param("[1111m] [9999m] [2222p] 345pC5p", {"win": "5p"}, 20, 60, "S", -20,
                 id="三闺 20"),  # 闺 3
    pytest.param("111m222m333p444pC5p", {"win": "5p"}, 10, 30, "S", -10,
                 id="大对子 10"),  # 大对子 2
    pytest.param("11m22m33m44p55p66pC9p", {"win": "9p"}, 10, 30, "S", -10,
                 id="七对 10"),  # 七对 2
    pytest.param("123m456m789m234mC5m", {"win": "5m"}, 10, 30, "S", -10,
                 id="清一色 10"),  # 清一色 2
    pytest.param("[1111m] 222m333p444pC5p", {"win": "5p"}, 20, 60, "S", -20,
                 id="闺对 20"),  # 大对子 2 + 闺 1
    pytest.param("[1111m] [2222m] 333p444pC5p", {"win": "5p"}, 40, 120, "S", -40,
                 id="双闺对 40"),  # 大对子 2 + 闺 2
    pytest.param("1111m22m33m44p55pC9p", {"win": "9p"}, 20, 60, "S", -20,
                 id="龙七对 20"),  # 七对 2 + 龙 1
    pytest.param("1111m2222m33p44pC5p", {"win": "5p"}, 40, 120, "S", -40,
                 id="双龙七对 40"),  # 七对 2 + 龙 2
    pytest.param("111m123m456m789mC5m", {"win": "5m"}, 20, 60, "S", -20,
                 id="清闺 20"),  # 清一色 2 + 闺 1
    pytest.param("11m22m33m44m55m66mC7m", {"win": "7m"}, 40, 120, "S", -40,
                 id="清七对 40"),  # 清一色 2 + 七对 2
    pytest.param("111m222m333m555mC7m", {"win": "7m"}, 40, 120, "S", -40,
                 id="清对 40"),  # 清一色 2 + 大对子 2
    pytest.param("111m123m999m789mC5m", {"win": "5m"}, 40, 120, "S", -40,
                 id="清双闺 40"),  # 清一色 2 + 闺 2
    # -- 无鬼: no 红中 anywhere, +2 steps --------------------------------------------------------
    pytest.param("11m22m33m44p55p66p99p", {"win": "9p"}, 40, 120, "S", -40,
                 id="无鬼七对 40"),  # 七对 2 + 无鬼 2
    pytest.param("123m456m789m234m55m", {"win": "5m"}, 40, 120, "S", -40,
                 id="无鬼清一色 40"),  # 清一色 2 + 无鬼 2
    pytest.param("111m222m333p444p55p", {"win": "5p"}, 40, 120, "S", -40,
                 id="无鬼大对子 40"),  # 大对子 2 + 无鬼 2
    # -- 杠上花: won on a kong's replacement tile, +1 step (a kong is itself a 闺) ----------------
    pytest.param("[1111m] 234m456p789pC5p", {"win": "5p", "kong_draw": True}, 10, 30, "S", -10,
                 id="平胡杠上花 10"),  # 闺 1 + 杠上花 1
    pytest.param("(1111m) 234m456p789pC5p", {"win": "5p", "kong_draw": True}, 10, 30, "S", -10,
                 id="平胡杠上花 10 (concealed kong)"),
    pytest.param("{1111m} 234m456p789pC5p", {"win": "5p", "kong_draw": True}, 10, 30, "S", -10,
                 id="平胡杠上花 10 (added kong)"),
    pytest.param("[111mC] 234m456p789p55p", {"win": "5p", "kong_draw": True}, 10, 30, "S", -10,
                 id="平胡杠上花 10 (kong holding a ghost)"),
    pytest.param("[1111m] 234m444p456pC9p", {"win": "9p", "kong_draw": True}, 20, 60, "S", -20,
                 id="双闺杠上花 20"),  # 闺 2 + 杠上花 1
    pytest.param("[1111m] 222m333p444pC5p", {"win": "5p", "kong_draw": True}, 40, 120, "S", -40,
                 id="大对子杠上花 40"),  # 大对子 2 + 闺 1 + 杠上花 1
    pytest.param("[1111m] 234m567m789mC5m", {"win": "5m", "kong_draw": True}, 40, 120, "S", -40,
                 id="清一色杠上花 40"),  # 清一色 2 + 闺 1 + 杠上花 1
    pytest.param("[1111m] 234m456p789p55p", {"win": "5p", "kong_draw": True}, 40, 120, "S", -40,
                 id="无鬼杠上花 40"),  # 无鬼 2 + 闺 1 + 杠上花 1
    # -- beyond the usual cap of 40: shown with cap none ------------------------------------------
    pytest.param("1111m22m33m44m55mC6m", {"win": "6m", "opts": NONE}, 80, 240, "S", -80,
                 id="清龙七对 80"),  # 清一色 2 + 七对 2 + 龙 1
    pytest.param("1111m22m33m44m55mC6m", {"win": "6m", "opts": {"cap": 100}}, 80, 240, "S", -80,
                 id="清龙七对 80 (cap 100)"),
    pytest.param("[1111m] [2222m] [3333p] 444pC5p", {"win": "5p", "opts": NONE},
                 80, 240, "S", -80, id="三闺对 80"),  # 大对子 2 + 闺 3
    pytest.param("1111m2222m3333pC4p", {"win": "4p", "opts": NONE}, 80, 240, "S", -80,
                 id="三龙七对 80"),  # 七对 2 + 龙 3
    pytest.param("[1111m] 222m333m234mC5m", {"win": "5m", "opts": NONE}, 80, 240, "S", -80,
                 id="清三闺 80"),  # 清一色 2 + 闺 3 (234m: not all triplets)
    pytest.param("[1111m] 222m333m555mC7m", {"win": "7m", "opts": NONE}, 80, 240, "S", -80,
                 id="清闺对 80"),  # 清一色 2 + 大对子 2 + 闺 1
    pytest.param("[1111m] [2222m] 333m555mC7m", {"win": "7m", "opts": NONE},
                 160, 480, "S", -160, id="清双闺对 160"),  # 清一色 2 + 大对子 2 + 闺 2
    pytest.param("1111m2222m33m44mC5m", {"win": "5m", "opts": NONE}, 160, 480, "S", -160,
                 id="清双龙七对 160"),  # 清一色 2 + 七对 2 + 龙 2
    pytest.param("1111m2222m3333mC4m", {"win": "4m", "opts": NONE}, 320, 960, "S", -320,
                 id="清三龙七对 320"),  # 清一色 2 + 七对 2 + 龙 3
    pytest.param("[1111m] [2222m] [3333m] 555mC7m", {"win": "7m", "opts": NONE},
                 320, 960, "S", -320, id="清三闺对 320"),  # 清一色 2 + 大对子 2 + 闺 3
    # 清四闺对 needs four kongs, so four declared melds: 手把一 (+1) applies too (L7). The
    # source's 640 is reproduced with the option shoubayi off.
    pytest.param("[1111m] [2222m] [3333m] [4444m] C5m",
                 {"win": "5m", "opts": {"cap": "none", "shoubayi": "false"}},
                 640, 1920, "S", -640, id="清四闺对 640 (shoubayi off)"),
    pytest.param("(1111m) {2222m} [3333m] [4444m] C5m",
                 {"win": "5m", "opts": {"cap": "none", "shoubayi": False}},
                 640, 1920, "S", -640, id="清四闺对 640 (mixed kongs, shoubayi off)"),
    pytest.param("[1111m] [2222m] [3333m] [4444m] C5m", {"win": "5m", "opts": NONE},
                 1280, 3840, "S", -1280, id="清四闺对手把一 1280"),  # + 手把一 1
    # -- 手把一: four declared melds, won on the pair tile, +1 step ---------------------------------
    pytest.param("[111m] [222m] [333p] [444p] C5p", {"win": "5p"}, 20, 60, "S", -20,
                 id="大对子手把一自摸 20"),  # 大对子 2 + 手把一 1
    pytest.param("[111m] [222m] [333p] [444p] C5p", {"win": "5p", "opts": {"shoubayi": "no"}},
                 10, 30, "S", -10, id="大对子 10 (shoubayi off)"),
    # -- fixed values (L8) ---------------------------------------------------------------------
    pytest.param("111m123m456m789mC5p", {"win": "5p", "heavenly": True}, 40, 120, "S", -40,
                 id="天胡 40"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "seat": "S", "earthly": True},
                 40, 120, "E", -40, id="地胡 40"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "seat": "S", "dealer": "S",
                                         "heavenly": True},
                 40, 120, "N", -40, id="天胡 40 (dealer S)"),
    pytest.param("1111m2222m33m44mC5m", {"win": "5m", "heavenly": True, "opts": NONE},
                 40, 120, "S", -40, id="天胡 40 replaces 清双龙七对 160"),
    pytest.param("123m456m789p234pC5p", {"win": "5p", "declared": True}, 10, 30, "S", -10,
                 id="报牌 10 (平胡)"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "declared": True}, 40, 120, "S", -40,
                 id="报牌 40 (with 闺)"),
    pytest.param("123m456m789p234p55p", {"win": "5p", "declared": True}, 40, 120, "S", -40,
                 id="报牌 40 (无鬼 is a 名堂)"),
    # -- discard-type wins pay half, rounded down (L9) --------------------------------------------
    pytest.param("111m123m456m789mC5p", {"win": "5p", "discard": "S"}, 2, 2, "S", -2,
                 id="闺 放炮 5 -> 2"),
    pytest.param("111m222m333p444pC5p", {"win": "5p", "discard": "W"}, 5, 5, "W", -5,
                 id="大对子 放炮 10 -> 5"),
    pytest.param("123m456m789p234pC5p", {"win": "5p", "discard": "S", "after_kong": True},
                 2, 2, "S", -2, id="平胡杠上炮 5 -> 2"),  # 杠上炮 1
    pytest.param("111m222m333p444pC5p", {"win": "5p", "discard": "N", "after_kong": True},
                 10, 10, "N", -10, id="大对子杠上炮 20 -> 10"),  # 大对子 2 + 杠上炮 1
    pytest.param("111m222m333p444pC5p", {"win": "5p", "rob_kong": "W"}, 10, 10, "W", -10,
                 id="大对子抢杠胡 20 -> 10"),  # 大对子 2 + 抢杠胡 1
    pytest.param("123m456m789p234pC5p", {"win": "5p", "rob_kong": "W"}, 2, 2, "W", -2,
                 id="平胡抢杠胡 5 -> 2"),
    pytest.param("123m456m789p234pC5p", {"win": "5p", "declared": True, "discard": "S"},
                 5, 5, "S", -5, id="报牌 放炮 10 -> 5"),
    # -- the same values where the best reading is not the obvious one (audit-numbers) ----------
    pytest.param("111m222m333m444m5mC", {"win": "5m"}, 40, 120, "S", -40,
                 id="清对 40: C pairs the 5m, not 闺 + 清一色 (20)"),  # 清一色 2 + 大对子 2
    pytest.param("111m22m33m44p55p66pC", {"win": "6p"}, 20, 60, "S", -20,
                 id="龙七对 20: C makes 1111m, not 闺 in 123m 123m 11m (5)"),  # 七对 2 + 龙 1
    pytest.param("1111m23mCCCCCCCC", {"win": "3m", "opts": {"ghosts": 8, "cap": "none"}},
                 320, 1080, "S", -360,
                 id="清三龙七对 320 from 8 ghosts (not 清三闺 80), plus 喜钱 40"),  # 2 + 2 + 3
    pytest.param("1111m2222m33m44mC5m", {"win": "5m", "discard": "S", "after_kong": True,
                                         "opts": NONE},
                 160, 160, "S", -160, id="清双龙七对杠上炮 320 -> 160"),  # 2 + 2 + 2 + 1
    pytest.param("123m456m789p234p55p", {"win": "5p", "rob_kong": "W"}, 10, 10, "W", -10,
                 id="无鬼抢杠胡 20 -> 10"),  # 无鬼 2 + 抢杠胡 1
    pytest.param("123m456m789p234pC5p", {"win": "5p", "discard": "S", "after_kong": True,
                                         "declared": True},
                 20, 20, "S", -20, id="报牌 with 杠上炮 (a 名堂) 40 -> 20"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "seat": "S", "earthly": True,
                                         "discard": "E"},
                 20, 20, "E", -20, id="地胡 on the dealer's first discard 40 -> 20"),
]


@pytest.mark.parametrize("hand, kw, value, winner_net, payer, payer_net", SOURCE_VALUES)
def test_source_value(hand, kw, value, winner_net, payer, payer_net):
    r = score(hand, **kw)
    assert r.legal, r.reasons
    assert r.reasons == ()
    assert r.value == value
    assert r.net[kw.get("seat", "E")] == winner_net
    assert r.net[payer] == payer_net
    _check_net(r)


# (hand, keywords, the pattern ids applied, in order)
PATTERNS = [
    pytest.param("111m123m456m789mC5p", {"win": "5p"}, ["gui"], id="闺自摸: 闺 only"),
    pytest.param("123m456m789p234pC5p", {"win": "5p"}, ["pinghu"], id="平胡: no 名堂"),
    pytest.param("111m222m333p444p55p", {"win": "5p"}, ["daduizi", "wugui"], id="无鬼大对子"),
    pytest.param("1111m22m33m44p55pC9p", {"win": "9p"}, ["long", "qidui"], id="龙七对"),
    pytest.param("[1111m] 234m456p789p55p", {"win": "5p", "kong_draw": True},
                 ["gui", "gangshanghua", "wugui"], id="无鬼杠上花"),
    pytest.param("[111m] [222m] [333p] [444p] C5p", {"win": "5p"}, ["daduizi", "shoubayi"],
                 id="大对子手把一"),
    pytest.param("123m456m789p234pC5p", {"win": "5p", "discard": "S", "after_kong": True},
                 ["gangshangpao"], id="杠上炮"),
    pytest.param("123m456m789p234pC5p", {"win": "5p", "rob_kong": "W"}, ["qiangganghu"],
                 id="抢杠胡"),
    pytest.param("123m456m789p234pC5p", {"win": "5p", "declared": True}, ["pinghu", "baopai"],
                 id="报牌 plain"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "declared": True}, ["gui", "baopai_named"],
                 id="报牌 named"),
    pytest.param("[11mC] 234m456p789p55p", {"win": "5p"}, ["pinghu"],
                 id="a ghost in a meld: no 无鬼"),
]


@pytest.mark.parametrize("hand, kw, ids", PATTERNS)
def test_patterns_applied(hand, kw, ids):
    assert [p.id for p in score(hand, **kw).patterns] == ids


# A unique reading (no ghost, one way to read it): the decomposition text can be pinned.
def test_unique_reading_decomposition():
    r = score("111m222m333p444p55p", win="5p")
    assert r.decomposition == "111m 222m 333p 444p 55p"


# CONTRACT: in output a ghost shows what it stands for. In these hands the ghost can only be
# one tile, whatever the rest of the reading's text looks like.
@pytest.mark.parametrize("hand, kw, shown", [
    pytest.param("111m123m456m789mC5p", {"win": "5p"}, "C=5p", id="C pairs the 5p"),
    pytest.param("[11mC] 123m456p789p55p", {"win": "5p"}, "C=1m", id="C in a 贴鬼碰 pong"),
    pytest.param("111m23mC456p789p55p", {"win": "5p"}, "C=1m", id="C completes a 闺"),
])
def test_decomposition_shows_the_ghost(hand, kw, shown):
    r = score(hand, **kw)
    assert shown in r.decomposition
    assert r.decomposition.count("C=") == 1


def test_result_is_frozen():
    import dataclasses
    r = score("111m123m456m789mC5p", win="5p")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.value = 40
    with pytest.raises(TypeError):
        r.net["E"] = 0


# -- L9: the cap, then halving -------------------------------------------------------------------
# (hand, keywords, value, winner's net, a payer, that payer's net)
CAPS = [
    pytest.param("1111m22m33m44m55mC6m", {"win": "6m"}, 40, 120, "S", -40,
                 id="清龙七对 80 cap 40 (default)"),
    pytest.param("1111m22m33m44m55mC6m", {"win": "6m", "opts": {"cap": "40"}}, 40, 120, "S", -40,
                 id="清龙七对 80 cap=40"),
    pytest.param("1111m2222m33m44mC5m", {"win": "5m", "opts": {"cap": 100}}, 100, 300, "S", -100,
                 id="清双龙七对 160 cap 100"),
    pytest.param("1111m2222m33m44mC5m", {"win": "5m", "opts": {"cap": "none"}}, 160, 480, "S",
                 -160, id="清双龙七对 160 cap none"),
    pytest.param("111m222m333p444pC5p", {"win": "5p", "opts": {"cap": 5}}, 5, 15, "S", -5,
                 id="大对子 10 cap 5"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "heavenly": True, "opts": {"cap": 20}},
                 20, 60, "S", -20, id="天胡 40 cap 20 (the cap still applies)"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "heavenly": True, "opts": NONE},
                 40, 120, "S", -40, id="天胡 40 cap none"),
    # halving comes after the cap: 80 -> cap 40 -> 20
    pytest.param("[1111m] [2222m] [3333p] 444pC5p", {"win": "5p", "discard": "S"},
                 20, 20, "S", -20, id="三闺对 80 放炮 cap 40 -> 20"),
    pytest.param("[1111m] [2222m] [3333p] 444pC5p", {"win": "5p", "discard": "S",
                                                     "opts": {"cap": 100}},
                 40, 40, "S", -40, id="三闺对 80 放炮 cap 100 -> 40"),
    pytest.param("[1111m] [2222m] [3333p] 444pC5p", {"win": "5p", "discard": "S", "opts": NONE},
                 40, 40, "S", -40, id="三闺对 80 放炮 cap none -> 40"),
    pytest.param("1111m2222m33m44mC5m", {"win": "5m", "discard": "W", "opts": {"cap": 100}},
                 50, 50, "W", -50, id="清双龙七对 160 放炮 cap 100 -> 50"),
    pytest.param("1111m2222m3333mC4m", {"win": "4m", "rob_kong": "N", "opts": {"cap": 100}},
                 50, 50, "N", -50, id="清三龙七对抢杠 640 cap 100 -> 50"),
]


@pytest.mark.parametrize("hand, kw, value, winner_net, payer, payer_net", CAPS)
def test_cap_and_halving(hand, kw, value, winner_net, payer, payer_net):
    r = score(hand, **kw)
    assert r.legal, r.reasons
    assert r.value == value
    assert r.net["E"] == winner_net
    assert r.net[payer] == payer_net
    _check_net(r)


def test_raw_value_is_kept_before_the_cap():
    r = score("1111m2222m33m44mC5m", win="5m", discard="S")
    assert (r.raw, r.cap, r.value) == (160, 40, 20)
    d = r.to_dict()
    assert d["value"] == 20


# -- L10: the 1颗 rule ----------------------------------------------------------------------------
def test_pinghu_by_discard_is_not_legal():
    r = score("123m456m789p234pC5p", win="5p", discard="S")
    assert r.legal is False
    assert len(r.reasons) == 1
    assert "at least 2" in r.reasons[0]
    assert "平胡" in r.reasons[0]
    assert r.payments == ()
    assert dict(r.net) == {"E": 0, "S": 0, "W": 0, "N": 0}


@pytest.mark.parametrize("value", [
    pytest.param("1", id="min_discard_win=1 (str)"),
    pytest.param(1, id="min_discard_win=1 (int)"),
    pytest.param(0, id="min_discard_win=0"),
])
def test_min_discard_win_option(value):
    r = score("123m456m789p234pC5p", win="5p", discard="S", opts={"min_discard_win": value})
    assert r.legal, r.reasons
    assert r.value == 1
    assert dict(r.net) == {"E": 1, "S": -1, "W": 0, "N": 0}


def test_min_discard_win_raised_makes_gui_discard_illegal():
    # 闺 by discard pays 2; with a minimum of 3 it is not a legal win.
    r = score("111m123m456m789mC5p", win="5p", discard="S", opts={"min_discard_win": 3})
    assert not r.legal
    assert "at least 3" in r.reasons[0]


def test_cap_below_the_minimum_makes_a_discard_win_illegal():
    # 闺 5, capped at 3, halved to 1: under 2 颗, so not a legal win (L9 then L10).
    r = score("111m123m456m789mC5p", win="5p", discard="S", opts={"cap": 3})
    assert not r.legal
    assert r.value == 1
    assert "at least 2" in r.reasons[0]


def test_pinghu_self_draw_is_legal():
    r = score("123m456m789p234pC5p", win="5p")
    assert r.legal and r.value == 2


# -- L11: who pays ---------------------------------------------------------------------------
# (hand, keywords, the expected net of every seat)
WHO_PAYS = [
    pytest.param("111m123m456m789mC5p", {"win": "5p", "won": ("S",)},
                 {"E": 10, "S": 0, "W": -5, "N": -5}, id="自摸 with S already won: S pays nothing"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "won": "S,W"},
                 {"E": 5, "S": 0, "W": 0, "N": -5}, id="自摸 with S and W already won"),
    pytest.param("[1111m] 234m456p789pC5p", {"win": "5p", "kong_draw": True, "won": ("N",)},
                 {"E": 20, "S": -10, "W": -10, "N": 0}, id="杠上花 with N already won"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "seat": "W", "won": ("E",)},
                 {"E": 0, "S": -5, "W": 10, "N": -5}, id="W wins 自摸 with E already won"),
    pytest.param("111m222m333p444pC5p", {"win": "5p", "discard": "S", "won": ("W",)},
                 {"E": 5, "S": -5, "W": 0, "N": 0}, id="放炮: the discarder pays alone, in full"),
    pytest.param("111m222m333p444pC5p", {"win": "5p", "discard": "S", "after_kong": True},
                 {"E": 10, "S": -10, "W": 0, "N": 0}, id="杠上炮: the konger (discarder) alone"),
    pytest.param("111m222m333p444pC5p", {"win": "5p", "seat": "N", "discard": "W",
                                         "after_kong": True},
                 {"E": 0, "S": 0, "W": -10, "N": 10}, id="杠上炮: N wins on W's discard"),
    pytest.param("111m222m333p444pC5p", {"win": "5p", "rob_kong": "W"},
                 {"E": 10, "S": 0, "W": -10, "N": 0}, id="抢杠: W (the konger) alone, halved"),
    pytest.param("111m222m333p444pC5p", {"win": "5p", "rob_kong": "S", "won": ("N",)},
                 {"E": 10, "S": -10, "W": 0, "N": 0}, id="抢杠 with N already won"),
]


@pytest.mark.parametrize("hand, kw, net", WHO_PAYS)
def test_who_pays(hand, kw, net):
    r = score(hand, **kw)
    assert r.legal, r.reasons
    assert dict(r.net) == net
    _check_net(r)


def test_already_won_seat_has_no_payment_row():
    r = score("111m123m456m789mC5p", win="5p", won=("S",))
    assert [(p.frm, p.to, p.amount) for p in r.payments] == [("W", "E", 5), ("N", "E", 5)]


def test_one_discard_pays_several_winners_each_in_full():
    first = score("111m222m333p444pC5p", win="5p", seat="E", discard="S")
    second = score("222m333m555p666pC7p", win="7p", seat="W", discard="S", won=("E",))
    assert (first.value, first.net["S"], first.net["E"]) == (5, -5, 5)
    assert (second.value, second.net["S"], second.net["W"]) == (5, -5, 5)


# -- L12: 喜钱 -------------------------------------------------------------------------------
def _rows(r):
    return sorted((p.frm, p.to, p.amount, p.why) for p in r.payments)


def test_xiqian_six_ghosts_is_a_separate_row_of_20():
    r = score("111m123m456m789mC5p", win="5p", ghosts_drawn=6, opts={"ghosts": 8})
    assert r.value == 5  # 喜钱 is never folded into the value
    xi = [p for p in r.payments if "喜钱" in p.why]
    assert sorted((p.frm, p.to, p.amount) for p in xi) == [("N", "E", 20), ("S", "E", 20),
                                                          ("W", "E", 20)]
    hand = [p for p in r.payments if "喜钱" not in p.why]
    assert sorted((p.frm, p.amount) for p in hand) == [("N", 5), ("S", 5), ("W", 5)]
    assert dict(r.net) == {"E": 75, "S": -25, "W": -25, "N": -25}
    assert all(x["amount"] != 25 for x in r.to_dict()["payments"])


# (hand, keywords, value, expected net)
XIQIAN = [
    pytest.param("111m222m333m555mC7m", {"win": "7m", "ghosts_drawn": 5},
                 40, {"E": 150, "S": -50, "W": -50, "N": -50},
                 id="清对 40 + 5 ghosts: 50 each, beyond the cap"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "ghosts_drawn": 4},
                 5, {"E": 15, "S": -5, "W": -5, "N": -5}, id="4 ghosts drawn: no 喜钱"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "ghosts_drawn": 8},
                 5, {"E": 135, "S": -45, "W": -45, "N": -45}, id="8 ghosts drawn: 40 each"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "ghosts_drawn": 6, "won": ("S",)},
                 5, {"E": 70, "S": -20, "W": -25, "N": -25},
                 id="喜钱 from an already-won seat too"),
    pytest.param("111m222m333p444pC5p", {"win": "5p", "ghosts_drawn": 5, "discard": "S"},
                 5, {"E": 35, "S": -15, "W": -10, "N": -10},
                 id="喜钱 on a discard win: all three pay it, unhalved"),
    pytest.param("CCCCCCCC123m45m6m", {"win": "6m", "ghosts_drawn": 8, "opts": {"cap": "none"}},
                 80, {"E": 360, "S": -120, "W": -120, "N": -120},
                 id="8 ghosts in hand: 清龙七对 80 + 40 喜钱"),
    pytest.param("CCCCCC123m45m6m77m", {"win": "6m"}, 40, {"E": 180, "S": -60, "W": -60, "N": -60},
                 id="6 ghosts held, none said drawn: every one held was drawn, 20 each"),
]


@pytest.mark.parametrize("hand, kw, value, net", XIQIAN)
def test_xiqian(hand, kw, value, net):
    opts = {"ghosts": 8, **kw.pop("opts", {})}
    r = score(hand, opts=opts, **kw)
    assert r.legal, r.reasons
    assert r.value == value
    assert dict(r.net) == net
    assert all(p.amount > 0 for p in r.payments)  # 喜钱 of 0 is no row (4 drawn)
    _check_net(r)


@pytest.mark.parametrize("kw, each", [
    # (A review's: the discarded 红中 written as the winning tile was counted as drawn, and a
    # refused claim still collected 喜钱 for 5, 10 from each.)
    pytest.param({"discard": "S"}, 0, id="a discarded 红中 claimed: 4 drawn, no 喜钱"),
    pytest.param({"discard": "S", "ghosts_drawn": 4}, 0,
                 id="4 drawn said: not refused as fewer than held"),
    pytest.param({"discard": "S", "ghosts_drawn": 5}, 10,
                 id="5 drawn said: 喜钱 due all the same"),
])
def test_xiqian_does_not_count_a_winning_ghost_taken_from_another(kw, each):
    # (The claim is refused, L4; 喜钱 is due win or not, outside the net: `due`.)
    r = score("123m456m999mCCCCC", win="C", opts={"ghosts": 8}, **kw)
    assert not r.legal and sorted((p.frm, p.amount) for p in r.due) == (
        [("N", each), ("S", each), ("W", each)] if each else [])
    self_drawn = score("123m456m999mCCCCC", win="C", opts={"ghosts": 8})
    assert dict(self_drawn.net) == {"E": 90, "S": -30, "W": -30, "N": -30}  # 20 + 10 喜钱


def test_xiqian_drawn_fewer_than_held_names_the_taken_ghost():
    with pytest.raises(OptionError, match="--ghosts-drawn 3: the hand holds 5 ghosts, one of "
                                          "them the winning tile taken from S"):
        score("123m456m999mCCCCC", win="C", opts={"ghosts": 8}, discard="S", ghosts_drawn=3)


def test_xiqian_rows_are_json_payment_rows():
    d = score("111m222m333m555mC7m", win="7m", ghosts_drawn=5, opts={"ghosts": 8}).to_dict()
    assert d["value"] == 40
    amounts = sorted((p["from"], p["amount"]) for p in d["payments"])
    assert amounts == [("N", 10), ("N", 40), ("S", 10), ("S", 40), ("W", 10), ("W", 40)]


# -- net sums to zero over a spread of situations ---------------------------------------------
@pytest.mark.parametrize("hand, kw", [
    pytest.param("111m123m456m789mC5p", {"win": "5p", "seat": "N"}, id="N 自摸"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "seat": "S", "discard": "N"}, id="S on N"),
    pytest.param("[1111m] 222m333p444pC5p", {"win": "5p", "kong_draw": True, "won": "W,N"},
                 id="杠上花 two won"),
    pytest.param("111m123m456m789mC5p", {"win": "5p", "ghosts_drawn": 7, "won": ("N",),
                                         "opts": {"ghosts": 8}}, id="喜钱 + won"),
    pytest.param("1111m2222m3333mC4m", {"win": "4m", "seat": "W", "rob_kong": "E",
                                        "opts": {"cap": "none"}}, id="抢杠 uncapped"),
])
def test_net_sums_to_zero(hand, kw):
    r = score(hand, **kw)
    assert r.legal
    assert sum(r.net.values()) == 0
    assert r.net[kw.get("seat", "E")] > 0
    assert sum(p.amount for p in r.payments) == r.net[kw.get("seat", "E")]


def test_a_fixed_value_shows_the_reading_its_patterns_value_most():
    # 地胡 and 报牌 are 40 whatever the reading (L8): the reading shown is still the best of
    # the patterns (大对子, +2 steps), not a 闺 (+1) whose ghost stands for a lower tile. (A
    # non-dealer's dealt hand ready reports (报牌) and may win on the first tile (地胡); the
    # dealer reports only after its first discard, so never with 天胡: refused below.)
    r = score("111m222m333p444p5pC", seat="S", earthly=True, declared=True)
    assert r.value == 40 and r.decomposition == "111m 222m 333p 444p 5p+C=5p"
    assert [h.name for h in r.patterns] == ["大对子", "地胡", "报牌 (带名堂)"]


def test_heavenly_is_won_before_any_report():
    # Seed 002: the dealer reports ready (报牌) after its first discard; 天胡 is won on the
    # dealt hand, before it. Both were taken and 报牌 listed beside 天胡.
    with pytest.raises(OptionError, match=r"--heavenly is won on the dealt hand, before the "
                       r"dealer's first discard, after which it reports ready \(--declared\)"):
        score("111m222m333p444p5pC", heavenly=True, declared=True)


# 无鬼's steps are an option (research 4.2: the source's table says +2, its note x2 = +1, apps
# offer 1-3 番): a plain self-draw with no 红中 is step 0 plus the option's steps.
@pytest.mark.parametrize("steps, value", [
    pytest.param(None, 10, id="无鬼 default +2 steps: 平胡无鬼 10"),
    pytest.param(1, 5, id="wugui_steps=1: 平胡无鬼 5"),
    pytest.param(2, 10, id="wugui_steps=2: 平胡无鬼 10"),
    pytest.param(3, 20, id="wugui_steps=3: 平胡无鬼 20"),
])
def test_wugui_steps_option(steps, value):
    opts = None if steps is None else {"wugui_steps": steps}
    assert score("123m456m789m234p11p", win="9m", opts=opts).value == value


# 平胡的杠上炮 and 抢杠胡: the source's table says 5 (L7, +1 step) and its note 10 (research
# 4.1); the option pinghu_ten gives the note's 10 where they are the only 名堂, and changes
# nothing beside another 名堂 (闺 + 杠上炮 is 10 either way). The konger alone pays, half (L9).
@pytest.mark.parametrize("hand, kw, ten, paid", [
    pytest.param("123m456m789m234pC5p", {"discard": "S", "after_kong": True}, False, 2,
                 id="平胡杠上炮 5, pays 2"),
    pytest.param("123m456m789m234pC5p", {"discard": "S", "after_kong": True}, True, 5,
                 id="pinghu_ten: 平胡杠上炮 10, pays 5"),
    pytest.param("123m456m789m234pC5p", {"rob_kong": "W"}, False, 2, id="平胡抢杠胡 5, pays 2"),
    pytest.param("123m456m789m234pC5p", {"rob_kong": "W"}, True, 5,
                 id="pinghu_ten: 平胡抢杠胡 10, pays 5"),
    pytest.param("111m123m456m789mC5p", {"discard": "S", "after_kong": True}, True, 5,
                 id="pinghu_ten: 闺杠上炮 still 10"),
    pytest.param("111m222m333p444pC5p", {"discard": "N", "after_kong": True}, True, 10,
                 id="pinghu_ten: 大对子杠上炮 still 20"),
    pytest.param("123m456m789m234p55p", {"rob_kong": "N"}, True, 10,
                 id="pinghu_ten: 无鬼抢杠胡 still 20"),
])
def test_pinghu_ten_option(hand, kw, ten, paid):
    payer = kw.get("discard") or kw["rob_kong"]
    r = score(hand, win="5p", opts={"pinghu_ten": ten}, **kw)
    assert (r.value, r.net[payer], r.net["E"]) == (paid, -paid, paid)



# A robbed kong is a pong of the winning tile's kind plus that tile, and a pong holds at least
# one natural tile beside its ghosts (L3): with the robbed one, the guide leaves the robber's
# hand at most three of the kind, so no ghost makes the fourth (no fifth copy, as in
# guangdong). Luzhou's robbed tile may be a natural one the robber took for the 红中 added
# (L14), leaving the pong one natural tile fewer, so there a ghost may (as `rob_refusal` lets
# the hand hold three natural ones).
@pytest.mark.parametrize("rules, kw, value, decomposition", [
    pytest.param("luzhou-guide", {"rob_kong": "S"}, 10, "123m 23m+C=1m 456m 456m C=C+C=C",
                 id="guide robbed 1m: two 1m, the ghost pair as 红中 (as_themselves)"),
    pytest.param("luzhou-guide", {}, 80, "1m+C=1m 22m 33m 44m 55m 66m C=C+C=C",
                 id="guide self-drawn"),
    pytest.param("luzhou", {"rob_kong": "S"}, 20, "1m+C=1m C=1m+C=1m 22m 33m 44m 55m 66m",
                 id="luzhou robbed 1m: the 龙 of 1m stands (L14)"),
])
def test_a_ghost_and_the_robbed_kind(rules, kw, value, decomposition):
    r = score("1m22334455m66mCCC", rules, win="1m", **kw)
    assert (r.legal, r.value, r.decomposition) == (True, value, decomposition)


def test_the_guide_says_why_no_ghost_makes_a_fourth_of_the_robbed_kind():
    # Three natural 5m and S's pong's natural one are all four: the 龙 needs a ghost as a fifth.
    r = score("5mCC1m9m7m7p3p7m5m9m5m1m7p", "luzhou-guide", win="5m", rob_kong="S")
    assert not r.legal
    assert r.reasons[0].endswith("S's pong of 5m holds at least one natural 5m, so this hand "
                                 "holds at most 3 5m with the robbed one, ghosts standing for "
                                 "it included")


# L12: 喜钱 is paid win or not (xiqian=always). A claim that is no legal win pays nothing
# itself, yet `score` names the 喜钱 still due (its table said nothing, where settle paid it);
# under win_only it depends on whether the player wins later, so nothing is named.
@pytest.mark.parametrize("mode, due", [
    pytest.param("always", [("S", "E", 20), ("W", "E", 20), ("N", "E", 20)], id="always: due"),
    pytest.param("win_only", [], id="win_only: not known yet"),
])
def test_a_claim_that_is_no_win_names_the_xiqian_still_due(mode, due):
    r = score("123m456m789m1pC2pC3p", win="3p", discard="S", ghosts_drawn=6,
              opts={"ghosts": 8, "xiqian": mode})
    assert not r.legal and r.payments == () and sum(r.net.values()) == 0
    assert [(p.frm, p.to, p.amount) for p in r.due] == due
    # (CONTRACT: payments and net settle this win alone; the JSON names what is due apart,
    # as the table does: a script read none of it, a review)
    got = r.to_dict()
    assert got["payments"] == [] and [(p["from"], p["to"], p["amount"]) for p in
                                      got.get("due", [])] == due and ("due" in got) == bool(due)
