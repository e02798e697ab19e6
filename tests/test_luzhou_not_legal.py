"""Hands that are understood but are not a legal win under luzhou: exit 1 and the reason why
(CONTRACT "Exit codes"; RULINGS L2, L4, L5, L6, L10, L14)."""

import json

import pytest
from click.testing import CliRunner

from mjscore import score
from mjscore.cli import cli

# (hand, score() keywords, fragments that the one reason must contain)
NOT_LEGAL = [
    pytest.param("123m456p789s234m55m", {"win": "5m"}, ["缺门", "3 suits"],
                 id="花猫: three suits"),
    pytest.param("123m456p789s234m55m", {"win": "5m", "discard": "S"}, ["缺门"],
                 id="花猫 on a discard"),
    pytest.param("[111s] 234m456p789p55p", {"win": "5p"}, ["缺门"],
                 id="花猫: the third suit in a declared meld (L6)"),
    pytest.param("123m456p789sC345m5m", {"win": "5m"}, ["缺门"],
                 id="花猫 with a ghost: a ghost cannot cure it"),
    # (L5: 七对 is concealed; "no reading as four sets and a pair" alone did not say so.)
    pytest.param("[111m] 33m55m22p44p6p6pC", {}, ["allowed tiles; its tiles make seven pairs, "
                                                  "but seven pairs holds no declared meld"],
                 id="seven pairs with a pong"),
    pytest.param("147m258m369p147p99m", {"win": "9m"}, ["not a winning hand"],
                 id="not a winning shape"),
    pytest.param("147m258m369p147pC9m", {"win": "9m"}, ["not a winning hand"],
                 id="not a winning shape, even with a ghost"),
    pytest.param("1111m456m789p234pC", {"win": "4p"}, ["not a winning hand"],
                 id="the ghost would be a fifth 1m (L2)"),
    pytest.param("11m22m33m44m55m6p8pC9p", {"win": "9p"}, ["not a winning hand"],
                 id="five pairs and three singles: one ghost cannot pair two"),
    pytest.param("111m123m456m789m5pC", {"win": "C", "discard": "S"}, ["discarded", "C"],
                 id="a discarded 红中 cannot be won on (L4)"),
    pytest.param("111m222m333p444p5pC", {"win": "C", "discard": "W", "after_kong": True},
                 ["discarded"], id="a 红中 discarded after a kong cannot be won on"),
    pytest.param("123m456m789p234pC5p", {"win": "5p", "discard": "S"},
                 ["at least 2", "平胡"], id="1颗 rule: 平胡 by discard"),
    pytest.param("123m456m789p234pC5p", {"win": "5p", "rob_kong": "S",
                                          "opts": {"min_discard_win": 3}},
                 ["at least 3"], id="a robbed kong is a discard-type win for the minimum (L10)"),
    pytest.param("111m123m456m789m5pC", {"win": "C", "rob_kong": "S"},
                 ["robbed", "stands for"], id="a robbed 红中 written as C (L14)"),
]


@pytest.mark.parametrize("hand, kw, fragments", NOT_LEGAL)
def test_not_legal_via_api(hand, kw, fragments):
    r = score(hand, **kw)
    assert r.legal is False
    assert len(r.reasons) == 1
    for f in fragments:
        assert f in r.reasons[0]
    assert r.payments == ()
    assert dict(r.net) == {"E": 0, "S": 0, "W": 0, "N": 0}
    d = r.to_dict()
    assert d["legal"] is False and d["reasons"] == list(r.reasons)


def test_a_self_drawn_ghost_is_a_legal_win():
    # L4 is about a discarded 红中; a drawn one completes the hand.
    r = score("111m123m456m789m5pC", win="C")
    assert r.legal and r.value == 5


def test_a_robbed_ghost_written_as_its_stand_in_is_legal():
    # L14: the robber wins on the tile the 红中 stands for; 闺 1 + 抢杠胡 1 = 10, halved 5.
    r = score("111m123m456m789m5pC", win="5p", rob_kong="S")
    assert r.legal and r.value == 5
    assert dict(r.net) == {"E": 5, "S": -5, "W": 0, "N": 0}


# (CLI arguments, fragments expected in the output)
CLI_NOT_LEGAL = [
    pytest.param(["123m456p789s234m55m"], ["缺门"], id="花猫"),
    pytest.param(["147m258m369p147p99m"], ["not a winning hand"], id="not a winning shape"),
    pytest.param(["111m123m456m789m5pC", "--discard", "S"], ["discarded C"],
                 id="discarded 红中"),
    pytest.param(["123m456m789p234pC5p", "--discard", "S"], ["at least 2"], id="1颗 rule"),
    pytest.param(["111m123m456m789m5pC", "--rob-kong", "S"], ["robbed C"], id="robbed 红中 as C"),
]


@pytest.mark.parametrize("args, fragments", CLI_NOT_LEGAL)
def test_not_legal_via_cli_exits_1(args, fragments):
    result = CliRunner().invoke(cli, ["score", *args])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "Not a legal win" in result.stdout
    for f in fragments:
        assert f in result.stdout
    assert result.stderr == ""


@pytest.mark.parametrize("args, fragments", CLI_NOT_LEGAL)
def test_not_legal_via_cli_json(args, fragments):
    result = CliRunner().invoke(cli, ["score", *args, "--format", "json"])
    assert result.exit_code == 1
    d = json.loads(result.stdout)
    assert d["legal"] is False
    assert d["payments"] == []
    assert d["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert any(all(f in why for f in fragments) for why in d["reasons"])


def test_min_discard_win_option_on_the_cli():
    result = CliRunner().invoke(cli, ["score", "123m456m789p234pC5p", "--discard", "S",
                                      "--opt", "min_discard_win=1", "--format", "json"])
    assert result.exit_code == 0, result.output
    d = json.loads(result.stdout)
    assert (d["legal"], d["value"], d["net"]["S"]) == (True, 1, -1)


@pytest.mark.parametrize("win, reason", [
    pytest.param(None, "a discarded C (ghost) cannot be won on (the winning tile, not given, "
                 "is the last one written: --win names another)",
                 id="not given: the last tile written, said"),
    pytest.param("C", "a discarded C (ghost) cannot be won on", id="given as C: the rule alone"),
])
def test_a_ghost_taken_as_the_winning_tile_by_default_says_so(win, reason):
    # A player who meant the 3p read "a discarded C cannot be won on" as a rule against the
    # hand: the C was the winning tile only because it was written last.
    r = score("123m456m789m11p23pC", win=win, discard="S")
    assert not r.legal and r.reasons[0] == reason
