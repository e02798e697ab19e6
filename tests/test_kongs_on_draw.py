"""guangdong's option kongs_on_draw: kong money at an exhausted wall with no winner. The
seed pays kongs when declared and keeps them (G8); other tables void them (荒庄荒杠,
research 4.10), a general `draw.kongs` any ruleset or house file may set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore import settle
from mjscore.cli import cli
from mjscore.errors import OptionError

DRAW = Path(__file__).resolve().parent.parent / "samples" / "records" / "guangdong-draw.yaml"
# A concealed kong, then East wins: the hand has a winner, so the kong stands either way.
WON = {"rules": "guangdong", "seats": {"E": "(1111m) 234m 567m 789p P 9m"},
       "events": [{"kong": "E", "kind": "concealed", "tile": "1m"}, {"win": "E", "tile": "9m"}]}
VOID = "void: the hand ended with no winner (荒庄荒杠, option kongs_on_draw=void)"


@pytest.mark.parametrize("record, opts, net", [
    pytest.param(DRAW, None, {"E": 5, "S": 1, "W": -3, "N": -3}, id="default paid: kongs stand"),
    pytest.param(DRAW, {"kongs_on_draw": "paid"}, {"E": 5, "S": 1, "W": -3, "N": -3},
                 id="paid given: kongs stand"),
    pytest.param(DRAW, {"kongs_on_draw": "void"}, {"E": 0, "S": 0, "W": 0, "N": 0},
                 id="void, no winner: no kong money"),
    pytest.param(WON, {"kongs_on_draw": "void"}, {"E": 12, "S": -4, "W": -4, "N": -4},
                 id="void, a winner: the kong stands (6) beside the win (6)"),
])
def test_kong_money_at_a_draw(record, opts, net):
    r = settle(record, opts=opts)
    assert r.legal and dict(r.net) == net


def test_void_kongs_say_why_in_each_event():
    r = settle(DRAW, opts={"kongs_on_draw": "void"})
    kongs = [e for e in r.events if e.type == "kong"]
    assert [e.summary for e in kongs] == [f"E concealed kong of 1m: {VOID}",
                                          f"S added kong of 2p: {VOID}"]
    assert all(e.payments == () for e in kongs)
    assert r.events[-1].summary.endswith("kong money is void (荒庄荒杠, option "
                                         "kongs_on_draw=void): events 1, 2 pay nothing")


@pytest.mark.parametrize("fmt, said", [
    pytest.param("table", f"Event 1: E concealed kong of 1m: {VOID}", id="text"),
    pytest.param("json", f'"summary": "E concealed kong of 1m: {VOID}"', id="json"),
])
def test_settle_output_explains_void_kongs(fmt, said):
    out = CliRunner().invoke(cli, ["settle", str(DRAW), "--opt", "kongs_on_draw=void",
                                   "--format", fmt])
    assert out.exit_code == 0 and said in out.output
    if fmt == "json":
        assert json.loads(out.output)["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}


@pytest.mark.parametrize("value, said", [
    pytest.param("paid", "nothing is paid; kong money paid when declared stands, winner or not",
                 id="paid"),
    pytest.param("void", "nothing is paid; with no winner, kong money is void (荒庄荒杠): kongs "
                 "paid earlier pay nothing", id="void"),
])
def test_rules_show_says_what_kongs_do_at_a_draw(value, said):
    out = CliRunner().invoke(cli, ["rules", "show", "guangdong", "--opt",
                                   f"kongs_on_draw={value}"])
    assert out.exit_code == 0 and f"Drawn hand (no winner): {said}\n" in out.output
    assert "kongs_on_draw" in out.output and "荒庄荒杠" in out.output


def test_an_unknown_value_is_refused():
    with pytest.raises(OptionError, match='option "kongs_on_draw" of guangdong: expected one '
                                          'of paid, void, got "never"'):
        settle(DRAW, opts={"kongs_on_draw": "never"})


@pytest.mark.parametrize("house, net", [
    pytest.param("extends: guangdong\noptions:\n  kongs_on_draw: {default: void}\n",
                 {"E": 0, "S": 0, "W": 0, "N": 0}, id="house default void"),
    pytest.param("extends: guangdong\ndraw: {kongs: void}\n",
                 {"E": 0, "S": 0, "W": 0, "N": 0}, id="house draw.kongs void, no option"),
])
def test_a_house_file_may_void_kongs(tmp_path, house, net):
    f = tmp_path / "house.yaml"
    f.write_text(house, encoding="utf-8")
    r = settle(DRAW, rules=str(f))
    assert dict(r.net) == net
    assert "荒庄荒杠" in r.events[0].summary


def test_void_kongs_without_kong_money_is_noted(tmp_path):
    f = tmp_path / "house.yaml"
    f.write_text("extends: luzhou\nname: lz-void\ndraw: {kongs: void}\n", encoding="utf-8")
    out = CliRunner().invoke(cli, ["rules", "check", str(f)])
    assert out.exit_code == 0, out.output
    assert "draw.kongs void does nothing: no kong pays (kong_payments)" in out.output
    shown = CliRunner().invoke(cli, ["rules", "show", str(f)])
    assert shown.exit_code == 0 and "Draw" in shown.output, shown.output
    assert "kong money is void" not in shown.output  # (rules show agrees: nothing to void)
