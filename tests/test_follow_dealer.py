"""跟庄 (following the dealer, research 2.15), guangdong's house option `genzhuang`, 0 (off) by
default: where the other three players' first discards all follow the dealer's first
discard, the dealer pays each of them `genzhuang`. `settle` reads it from the game log; the
rule is data (`play.follow_dealer`), so a house file turns it on in any ruleset."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjscore import settle
from mjscore.cli import cli

WIN = {"win": "E", "tile": "P"}  # E's self-draw: 2 from each opponent


def d(seat, tile="9s"):
    return {"discard": seat, "tile": tile}


def record(events, dealer="E", opts=None, rules="guangdong"):
    won = any("win" in e for e in events)  # (a hand is given only where an event needs it)
    return {"rules": rules, "opts": {"genzhuang": 1} if opts is None else opts,
            "dealer": dealer, "seats": {"E": "123m456m789m123pPP"} if won else {},
            "events": events}


FOLLOWED = [d("E"), {"draw": "S"}, d("S"), {"draw": "W"}, d("W"), {"draw": "N"}, d("N")]
PAID = {"E": -3, "S": 1, "W": 1, "N": 1}
NONE = {"E": 0, "S": 0, "W": 0, "N": 0}


# (events, the record's opts (None: genzhuang 1), the dealer, the net)
@pytest.mark.parametrize("events, opts, dealer, net", [
    pytest.param(FOLLOWED, None, "E", PAID, id="three follow: the dealer pays 1 each"),
    pytest.param([d("E"), d("S"), d("W"), d("N")], None, "E", PAID, id="draws left out"),
    pytest.param(FOLLOWED, {"genzhuang": 5}, "E", {"E": -15, "S": 5, "W": 5, "N": 5},
                 id="genzhuang 5"),
    pytest.param(FOLLOWED, {}, "E", NONE, id="off by default"),
    pytest.param(FOLLOWED, {"genzhuang": 0}, "E", NONE, id="0 is off"),
    pytest.param([d("W"), d("N"), d("E"), d("S")], None, "W", {"E": 1, "S": 1, "W": -3, "N": 1},
                 id="dealer W: W N E S"),
    pytest.param([d("E"), d("S"), d("W"), d("N", "8s")], None, "E", NONE, id="N discards another"),
    pytest.param([d("E"), d("S"), {"call": "W", "kind": "pong", "tile": "9s", "from": "S"}, d("W"),
                  d("N")], None, "E", NONE, id="a pong between"),
    pytest.param([{"kong": "E", "kind": "concealed", "tile": "1s"}, d("E"), d("S"), d("W"),
                  d("N")], None, "E", {"E": 6, "S": -2, "W": -2, "N": -2},
                 id="a kong before: its kong money, no 跟庄"),
    pytest.param([d("E"), d("W"), d("S"), d("N")], None, "E", NONE, id="out of turn"),
    pytest.param([d("E"), d("S"), d("W")], None, "E", NONE, id="only three discards"),
    pytest.param([d("S"), d("W"), d("N"), d("E")], None, "E", NONE, id="the dealer not first"),
    pytest.param([d("E"), {"pass": "N", "tile": "9s", "from": "E", "value": 2}, d("S"), d("W"),
                  d("N")], None, "E", PAID, id="a pass between"),
    pytest.param([d("E"), d("S"), d("W"), d("N"), d("E"), d("S"), d("W"), d("N")], None, "E",
                 PAID, id="paid once, the first go-round only"),
])
def test_follow_dealer(events, opts, dealer, net):
    r = settle(record(events, dealer, opts))
    assert r.legal, r.reasons
    assert dict(r.net) == net


def test_it_stands_beside_the_win():
    r = settle(record(FOLLOWED + [{"draw": "E"}, WIN]))
    assert dict(r.net) == {"E": 3, "S": -1, "W": -1, "N": -1}
    assert [(e.number, e.type) for e in r.events] == [(7, "follow_dealer"), (9, "win")]


def test_a_house_file_turns_it_on_anywhere(tmp_path):
    (tmp_path / "house.yaml").write_text("extends: luzhou\nname: lz-follow\n"
                                         "play: {follow_dealer: 2}\n", encoding="utf-8")
    r = settle({"rules": str(tmp_path / "house.yaml"), "seats": {}, "events": FOLLOWED})
    assert dict(r.net) == {"E": -6, "S": 2, "W": 2, "N": 2}


def test_no_discards_says_it_was_not_checked():
    r = settle(record([WIN]))
    assert "跟庄 not checked: the record has no discards" in r.skipped
    assert settle(record([WIN], opts={})).skipped == ()


def test_settle_prints_the_event(tmp_path):
    (tmp_path / "r.yaml").write_text(json.dumps(record(FOLLOWED)), encoding="utf-8")
    res = CliRunner().invoke(cli, ["settle", str(tmp_path / "r.yaml")])
    assert res.exit_code == 0
    assert res.output.splitlines()[2:8] == [
        "Event 7: 跟庄: S, W and N followed E's first discard 9s",
        "From    To      Amount  Why",
        "------  ----  --------  -----",
        "E       S            1  跟庄",
        "E       W            1  跟庄",
        "E       N            1  跟庄"]
    res = CliRunner().invoke(cli, ["settle", str(tmp_path / "r.yaml"), "--format", "json"])
    event = json.loads(res.output)["events"][0]
    assert (event["type"], event["payments"][0]) == \
        ("follow_dealer", {"from": "E", "to": "S", "amount": 1, "why": "跟庄"})


def test_english_names(tmp_path):
    (tmp_path / "house.yaml").write_text("extends: luzhou-guide\nname: g-follow\n"
                                         "play: {follow_dealer: 1}\n", encoding="utf-8")
    r = settle({"rules": str(tmp_path / "house.yaml"), "seats": {}, "events": FOLLOWED})
    assert r.events[0].summary == "Following the dealer: S, W and N followed E's first discard 9s"
