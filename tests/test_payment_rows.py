"""Payment tables for people list money that moves: a payment of 0 (a 花猫 at
flower_cat_pays=0, a win capped and halved to 0, a house extra of 0) is named on one line
under the table, never printed as a "pays 0" row; JSON keeps every payment as a row."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.cli import cli
from mjscore import render
from mjscore.settlement import Payment

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "records"
CHAJIAO = str(SAMPLES / "luzhou-chajiao.yaml")
THREE = str(SAMPLES / "luzhou-three-winners.yaml")
CAP_1 = ["--opt", "cap=1", "--opt", "min_discard_win=0"]

CHAJIAO_EVENT_2 = """\
Event 2: wall exhausted (查叫): S ready (best 10 颗 on 7p: 无鬼), W not ready, N 花猫
From    To      Amount  Why
------  ----  --------  ------------------------------------
W       S           10  not ready: pays S's best wait (查大)
Left out, paying 0: N to S and W (花猫 (flower cat) pays)
"""

THREE_EVENT_1 = """\
Event 1: N wins on W's discard with 5p: 大对子 10 颗, cap 1 -> 1 颗, halved, rounded down -> 0 颗; \
S wins on W's discard with 5p: 闺 5 颗, cap 1 -> 1 颗, halved, rounded down -> 0 颗 \
(settled in turn order from W)
Reading:  N: 222s 333s 444s 666s 5p+C=5p
Reading:  S: 111m 123m 456m 789m 5p+C=5p
Left out, paying 0: W to N and S (hand value)
"""


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_settle_a_flower_cat_paying_0_is_named_under_the_table():
    res = run("settle", CHAJIAO, "--opt", "flower_cat_pays=0")
    assert res.exit_code == 0 and CHAJIAO_EVENT_2 in res.stdout


def test_settle_an_event_paying_only_0_has_no_table():
    res = run("settle", THREE, *CAP_1)
    assert res.exit_code == 0 and THREE_EVENT_1 + "\nEvent 2" in res.stdout


@pytest.mark.parametrize("args", [
    pytest.param(["settle", CHAJIAO, "--opt", "flower_cat_pays=0"], id="settle, 花猫"),
    pytest.param(["settle", THREE, *CAP_1], id="settle, capped and halved"),
    pytest.param(["score", "111m123m456m789m5pC", "--win", "5p", "--discard", "S", *CAP_1],
                 id="score, capped and halved"),
])
def test_no_table_row_pays_0(args):
    res = run(*args)
    assert res.exit_code == 0
    assert not re.search(r"^[ESWN] +[ESWN] +0 ", res.stdout, re.M)


def test_score_a_house_extra_of_0_is_named_not_tabled(tmp_path):
    p = tmp_path / "house.yaml"
    p.write_text("extends: luzhou-guide\nname: house\nextras:\n  kong_penalty:\n"
                 "    params: {amount: 0}\n", encoding="utf-8")
    res = run("score", "123m456m789m11p23pC", "--rules", str(p), "--discard", "S",
              "--after-kong")
    assert res.exit_code == 0
    assert "S pays 2 ke (the discarder, who had just konged).\n\nLeft out, paying 0: S to E " \
        "(Kong Penalty)\n\nSeat" in res.stdout


@pytest.mark.parametrize("args, event, rows", [
    pytest.param(["settle", CHAJIAO, "--opt", "flower_cat_pays=0"], 1,
                 [("W", "S", 10), ("N", "S", 0), ("N", "W", 0)], id="settle, 花猫"),
    pytest.param(["settle", THREE, *CAP_1], 0, [("W", "N", 0), ("W", "S", 0)],
                 id="settle, capped and halved"),
])
def test_json_keeps_the_rows_of_0(args, event, rows):
    data = json.loads(run(*args, "--format", "json").stdout)
    assert [(p["from"], p["to"], p["amount"]) for p in data["events"][event]["payments"]] == rows


def test_score_json_keeps_a_hand_value_of_0():
    res = run("score", "111m123m456m789m5pC", "--win", "5p", "--discard", "S", *CAP_1,
              "--format", "json")
    assert json.loads(res.stdout)["payments"] == [{"from": "S", "to": "E", "amount": 0,
                                                   "why": "hand value"}]


def P(frm, to, amount, why="w"):
    return Payment(frm, to, amount, why)


@pytest.mark.parametrize("payments, last", [
    pytest.param([P("N", "E", 0), P("N", "S", 0), P("N", "W", 0)],
                 "Left out, paying 0: N to E, S and W (w)", id="three payees"),
    pytest.param([P("N", "S", 0, "a"), P("W", "S", 0, "a"), P("N", "W", 0, "b")],
                 "Left out, paying 0: N to S, W to S (a); N to W (b)", id="by why, then payer"),
    pytest.param([P("N", "S", 3)], "N       S            3  w", id="nothing left out"),
])
def test_payment_lines_last_line(payments, last):
    assert render.payment_lines(payments, "Why")[-1].splitlines()[-1] == last


def test_payment_lines_table_only_when_money_moves():
    assert render.payment_lines([P("N", "S", 0)], "Why") == ["Left out, paying 0: N to S (w)"]
    assert render.payment_lines([], "Why") == []


def test_a_kong_rate_of_0_says_nothing_was_paid(tmp_path):
    # It said "each opponent paid E 0" for a house rule's concealed kong rate of 0.
    house = tmp_path / "h.yaml"
    house.write_text("extends: guangdong\nname: h\nkong_payments: {concealed: 0}\n",
                     encoding="utf-8")
    res = run("score", "(1111m)234m567m123p55p", "--rules", str(house))
    assert res.stdout.endswith(
        "  (1111m) concealed kong: nothing paid (the concealed kong rate is 0)\n")
    data = json.loads(run("score", "(1111m)234m567m123p55p", "--rules", str(house),
                          "--format", "json").stdout)
    assert data["kong_payments"][0]["amount"] == 0  # JSON keeps it, as it keeps every row


# An event's line said "七对 清一色 无鬼 40 颗" where score says 160 capped to 40: three 名堂
# read as worth 40. It now says what the cap cut, as score's Value lines do.
@pytest.mark.parametrize("win, said", [
    pytest.param("{win: E, tile: 7s}", "七对 清一色 无鬼 160 颗, cap 40 -> 40 颗",
                 id="self-draw, capped"),
    pytest.param("{win: E, tile: 7s, from: S}", "七对 清一色 无鬼 160 颗, cap 40 -> 40 颗, "
                 "halved -> 20 颗", id="discard, capped then halved"),
])
def test_settle_says_what_the_cap_cut(tmp_path, win, said):
    path = tmp_path / "r.yaml"
    path.write_text(f"rules: luzhou\nseats:\n  E: 11223344556677s\nevents:\n  - {win}\n",
                    encoding="utf-8")
    res = run("settle", str(path))
    assert res.exit_code == 0 and f"with 7s: {said}\n" in res.stdout, res.output
