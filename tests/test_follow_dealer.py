"""跟庄 (following the dealer, research 2.15), guangdong's house option `genzhuang`, 0 (off) by
default: where the other three players' first discards all follow the dealer's first
discard, the dealer pays each of them `genzhuang`. `settle` reads it from the game log; the
rule is data (`play.follow_dealer`), so a house file turns it on in any ruleset."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import event, given, settings
from hypothesis import strategies as st

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
    # (W and N cannot discard 9s after the pong: with it, six copies.)
    pytest.param([d("E"), d("S"), {"call": "W", "kind": "pong", "tile": "9s", "from": "S"},
                  d("W", "1m"), d("N", "1m")], None, "E", NONE, id="a pong between"),
    pytest.param([{"kong": "E", "kind": "concealed", "tile": "1s"}, d("E"), d("S"), d("W"),
                  d("N")], None, "E", {"E": 6, "S": -2, "W": -2, "N": -2},
                 id="a kong before: its kong money, no 跟庄"),
    pytest.param([d("E"), d("W"), d("S"), d("N")], None, "E", NONE, id="out of turn"),
    pytest.param([d("E"), d("S"), d("W")], None, "E", NONE, id="only three discards"),
    pytest.param([d("S"), d("W"), d("N"), d("E")], None, "E", NONE, id="the dealer not first"),
    pytest.param([d("E"), {"pass": "N", "tile": "9s", "from": "E", "value": 2}, d("S"), d("W"),
                  d("N")], None, "E", PAID, id="a pass between"),
    pytest.param([d("E"), d("S"), d("W"), d("N"), d("E", "8s"), d("S", "8s"), d("W", "8s"),
                  d("N", "8s")], None, "E", PAID, id="paid once, the first go-round only"),
])
def test_follow_dealer(events, opts, dealer, net):
    r = settle(record(events, dealer, opts))
    assert r.legal, r.reasons
    assert dict(r.net) == net


def test_it_stands_beside_the_win():
    r = settle(record(FOLLOWED + [{"draw": "E"}, WIN]))
    assert dict(r.net) == {"E": 3, "S": -1, "W": -1, "N": -1}
    assert [(e.number, e.type) for e in r.events] == [(7, "follow_dealer"), (9, "win")]


def test_a_declaration_in_the_first_go_round_is_no_turn(tmp_path):
    # (A 报牌 declare between the discards ended the chance, as a call would.)
    (tmp_path / "house.yaml").write_text("extends: luzhou\nname: lz-follow\n"
                                         "play: {follow_dealer: 2}\n", encoding="utf-8")
    r = settle({"rules": str(tmp_path / "house.yaml"), "seats": {},
                "events": FOLLOWED[:2] + [{"declare": "S"}] + FOLLOWED[2:]})
    assert dict(r.net) == {"E": -6, "S": 2, "W": 2, "N": 2}


def test_a_ghosts_count_in_the_first_go_round_is_no_turn(tmp_path):
    (tmp_path / "house.yaml").write_text("extends: luzhou\nname: lz-follow\n"
                                         "play: {follow_dealer: 2}\n", encoding="utf-8")
    r = settle({"rules": str(tmp_path / "house.yaml"), "seats": {},
                "events": FOLLOWED[:1] + [{"ghosts": "E", "drawn": 0}] + FOLLOWED[1:]})
    assert dict(r.net) == {"E": -6, "S": 2, "W": 2, "N": 2}


def test_a_house_file_turns_it_on_anywhere(tmp_path):
    (tmp_path / "house.yaml").write_text("extends: luzhou\nname: lz-follow\n"
                                         "play: {follow_dealer: 2}\n", encoding="utf-8")
    r = settle({"rules": str(tmp_path / "house.yaml"), "seats": {}, "events": FOLLOWED})
    assert dict(r.net) == {"E": -6, "S": 2, "W": 2, "N": 2}


def test_no_discards_says_it_was_not_checked():
    r = settle(record([WIN]))
    assert "跟庄 not checked: the record has no discards" in r.skipped
    assert settle(record([WIN], opts={})).skipped == ()


# A log whose first discard is not the dealer's leaves out the one that decides it: it was
# passed over in silence, as if checked (a review).
@pytest.mark.parametrize("events, said", [
    pytest.param([d("S"), d("W"), d("N"), d("E")],
                 "跟庄 not checked: the log's first discard is S's (event 1), not the dealer E's",
                 id="the dealer's first discard left out"),
    pytest.param(FOLLOWED, None, id="the dealer's first"),
    pytest.param([{"kong": "E", "kind": "concealed", "tile": "1s"}] + FOLLOWED, None,
                 id="a kong first, then the dealer's discard"),
])
def test_a_log_without_the_dealers_first_discard_says_so(events, said):
    skipped = settle(record(events)).skipped
    assert [s for s in skipped if "跟庄" in s] == ([said] if said else [])


def test_settle_prints_the_event(tmp_path):
    (tmp_path / "r.yaml").write_text(json.dumps(record(FOLLOWED)), encoding="utf-8")
    res = CliRunner().invoke(cli, ["settle", str(tmp_path / "r.yaml")])
    assert res.exit_code == 0
    assert res.output.splitlines()[2:8] == [
        "Event 7: 跟庄 (following the dealer): S, W and N followed E's first discard 9s",
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


def test_a_house_file_changes_guangdongs_amount(tmp_path):
    (tmp_path / "house.yaml").write_text("extends: guangdong\nname: gd-follow\n"
                                         "options: {genzhuang: {default: 2}}\n", encoding="utf-8")
    rec = {**record(FOLLOWED, opts={}), "rules": str(tmp_path / "house.yaml")}
    assert dict(settle(rec).net) == {"E": -6, "S": 2, "W": 2, "N": 2}
    assert dict(settle(rec, opts={"genzhuang": 0}).net) == NONE


def test_rules_show_names_the_amount():
    out = CliRunner().invoke(cli, ["rules", "show", "guangdong", "--opt", "genzhuang=3"]).output
    assert ("Play (settle): one winner a hand; 跟庄: where the other three players' first "
            "discards all follow the dealer's first, the dealer pays each of them 3") \
        in out.splitlines()


# A hand that ends otherwise keeps it: (events after the fourth discard, the net)
@pytest.mark.parametrize("end, net", [
    pytest.param([{"exhausted": True}], PAID, id="the wall runs out, kong money void"),
    pytest.param([{"win": "E", "tile": "P", "from": "N"}], PAID,
                 id="the dealer's win refused (no discard win in guangdong)"),
])
def test_it_stands_however_the_hand_ends(end, net):
    hands = {"E": "123m456m789m3s88s1p", "S": "123p456p789p12s88s", "W": "2233445566778m",
             "N": "111s222s333s4567p"} if "exhausted" in end[0] else {"E": "123m456m789m123pPP"}
    rec = {**record(FOLLOWED + end, opts={"genzhuang": 1, "kongs_on_draw": "void"}),
           "seats": hands}
    r = settle(rec)
    assert r.events[0].type == "follow_dealer"
    assert dict(r.net) == net


TILE = st.sampled_from(["9s", "9s", "9s", "1m"])


@st.composite
def first_go_rounds(draw):
    """A dealer and the log's first events: discards (mostly of one tile) and draws in turn,
    with now and then a pass, one pong of the last discard or one concealed kong."""
    dealer = draw(st.sampled_from("ESWN"))
    seat, events, last = "ESWN".index(dealer), [], None
    for _ in range(draw(st.integers(0, 7))):
        kind = draw(st.sampled_from(["discard"] * 6 + ["draw", "pass", "pong", "kong"]))
        s = "ESWN"[seat % 4]
        if kind == "discard":
            tile = draw(TILE)
            if shown(events, tile) == 4:
                tile = "1m" if tile == "9s" else "9s"  # (a fifth copy of one kind: bad input)
            last = (s, tile)
            events.append({"discard": s, "tile": last[1]})
            seat += 1
        elif kind == "draw":
            events.append({"draw": s})
        elif last is not None and (kind == "pass" or kind == "pong" and not any(
                "call" in e for e in events) and shown(events, last[1]) <= 2):
            # (One pong, its two tiles from the hand beside the discards of its kind.)
            # (A seat passes a discard once: a second pass of it is of another discard.)
            since = events[max(i for i, e in enumerate(events) if "discard" in e) + 1:]
            if kind == "pong" and any("pass" not in e for e in since):
                continue  # (a pong takes the discard it follows: after a turn, a later one)
            others = [x for x in "ESWN" if x != last[0] and {"pass": x, "tile": last[1],
                      "from": last[0], "value": 2} not in since]
            if not others:
                continue
            other = draw(st.sampled_from(others))
            events.append({"pass": other, "tile": last[1], "from": last[0], "value": 2}
                          if kind == "pass" else
                          {"call": other, "kind": "pong", "tile": last[1], "from": last[0]})
        elif kind == "kong" and not any("kong" in e for e in events):  # (4 copies of 5p)
            events.append({"kong": s, "kind": "concealed", "tile": "5p"})
    return dealer, events


def shown(events, tile) -> int:
    """The copies of `tile` the log shows: its discards, and two more for a pong of it."""
    return sum(e.get("tile") == tile for e in events if "discard" in e) + \
        2 * sum(e.get("tile") == tile for e in events if "call" in e)


def follows(dealer, events) -> bool:
    """The rule as written: the first four events that are not draws or passes are discards
    of one tile by the dealer and the three after it, in turn."""
    loud = [e for e in events if "draw" not in e and "pass" not in e][:4]
    order = ["ESWN"[("ESWN".index(dealer) + i) % 4] for i in range(4)]
    return [e.get("discard") for e in loud] == order and len({e["tile"] for e in loud}) == 1


@settings(max_examples=300, derandomize=True, deadline=None)
@given(first_go_rounds(), st.integers(1, 5))
def test_paid_exactly_where_the_rule_says(log, amount):
    dealer, events = log
    r = settle(record(events, dealer, {"genzhuang": amount}))
    paid = [e for e in r.events if e.type == "follow_dealer"]
    event("paid" if paid else "not paid")  # (--hypothesis-show-statistics: both are drawn)
    assert sum(r.net.values()) == 0
    assert len(paid) == follows(dealer, events)
    if paid:
        assert [(p.frm, p.amount) for p in paid[0].payments] == [(dealer, amount)] * 3
