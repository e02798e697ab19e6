"""Rules of scoring and payment that a review's mutation testing (2026-12-07) found no test
holding: each case scores or settles as README says, and the rule broken (the mutant named
beside it) made it score otherwise. House files, where the shipped rulesets never reach the
rule, are written beside the case."""

from __future__ import annotations

import pytest

from mjscore import score, settle
from mjscore.errors import MjscoreError


def _house(tmp_path, text: str) -> str:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


# (house file, hand, score's keywords, value, net (None: not checked))
@pytest.mark.parametrize("house, hand, kw, value, net", [
    # A fraction rounds down (README: amounts): x1.5 of 1 is 1, not 2 (`int(x // 1)`).
    pytest.param("extends: lanzhou\nname: frac\npatterns: {zimo: {multiply: 1.5}}\n",
                 "123m456m789m123p11s", {"declared": True}, 1, None, id="x1.5 rounds down"),
    # Of several flat values the highest stands, then adds apply (`max(flats)`).
    pytest.param("extends: luzhou-guide\nname: flat2\npatterns:\n  clean_flat: {pattern: "
                 "no_ghost, name: 净, en: Clean flat, flat: 30}\n",
                 "123m456m789m123m11p", {"rob_kong": "S", "win": "1p"}, 40,
                 {"E": 40, "S": -40, "W": 0, "N": 0}, id="the highest flat"),
    # An add counts once for each time its pattern applies (`s.amount * n`): two kongs, +10.
    pytest.param("extends: luzhou-guide\nname: add2\npatterns:\n  quad_bonus: {pattern: "
                 "four_of_a_kind, name: 闺加, en: Quad bonus, add: 5}\n",
                 "(1111m)(2222m)345m678m99p", {}, 22, None, id="an add twice"),
])
def test_house_values(tmp_path, house, hand, kw, value, net):
    r = score(hand, _house(tmp_path, house), **kw)
    assert r.value == value, r.reasons
    if net is not None:
        assert dict(r.net) == net


def test_a_long_decimal_is_shown_whole(tmp_path):
    # (`amounts`: up to 60 places, not 6, which showed x1.0.)
    house = _house(tmp_path, "extends: lanzhou\nname: dig\npatterns: {zimo: {multiply: "
                             "1.00000000000000001}}\n")
    r = score("123m456m789m123p11s", house, declared=True)
    assert [h.effect for h in r.patterns][-1] == "x1.00000000000000001"


def test_a_ghost_taken_from_a_discard_is_no_ghost_drawn():
    # 喜钱 counts the ghosts drawn: the fifth C here came from S (`- ctx.ghost_taken`).
    r = score("123m456m789mCCCCC", win="C", discard="S", opts={"ghosts": 8})
    assert (r.legal, r.due, set(r.net.values())) == (False, (), {0})


def test_an_honour_horse_names_its_seat():
    # 买马: C names the seat after the dealer's, as 2, 6 and S do (README: horses): S here,
    # the winner, so each payer adds 2.
    r = score("123m456m789m123p55s", "guangdong", opts={"horses": 1}, horses="C", seat="S")
    assert [(p.frm, p.amount) for p in r.payments if p.why.startswith("买马")] == \
        [("E", 2), ("W", 2), ("N", 2)]


S_WAITS = {"S": "111m123m456m789mC5p"}


# (record, legal, net, reasons, skipped)
@pytest.mark.parametrize("record, legal, net, reasons, skipped", [
    # 过水 lifts on the passer's own draw, a kong's replacement too (`_draws`).
    pytest.param({"rules": "luzhou", "seats": {"S": "(1111m)234m456m789mC5p"}, "events": [
        {"pass": "S", "tile": "5p", "from": "E", "value": 40},
        {"kong": "S", "kind": "concealed", "tile": "1m"},
        {"discard": "N", "tile": "5p"}, {"win": "S", "tile": "5p", "from": "N"}]},
        True, {"E": 0, "S": 2, "W": 0, "N": -2}, (), (), id="过水 lifted by a kong"),
    # ... and on its own discard, whose draw a log may leave out (`last.type != "call"`).
    pytest.param({"rules": "luzhou", "seats": S_WAITS, "events": [
        {"discard": "S", "tile": "9s"}, {"pass": "S", "tile": "5p", "from": "E", "value": 5},
        {"discard": "S", "tile": "9s"}, {"discard": "N", "tile": "5p"},
        {"win": "S", "tile": "5p", "from": "N"}]},
        True, {"E": 0, "S": 2, "W": 0, "N": -2}, (), (), id="过水 lifted by a discard"),
    # A pass's value is checked against the hand, where the discard passed is known plain
    # (W's discard after its own draw, past its kong: `_plain_discard`).
    pytest.param({"rules": "luzhou", "seats": S_WAITS, "events": [
        {"kong": "W", "kind": "concealed", "tile": "9s"}, {"discard": "W", "tile": "1s"},
        {"draw": "W"}, {"discard": "W", "tile": "5p"},
        {"pass": "S", "tile": "5p", "from": "W", "value": 10},
        {"discard": "N", "tile": "5p"}, {"win": "S", "tile": "5p", "from": "N"}]},
        False, {"E": 0, "S": 0, "W": 0, "N": 0},
        ("event 7: 过水: S passed a win worth 10 颗 at event 5 and has not drawn since; a "
         "discard win must be worth more",),
        ("过水 at event 7: the pass at event 5 is written as worth 10 颗, but the hand S wins "
         "with, won on W's 5p, is worth 5 颗; taken as written (no turn of S's is logged "
         "between, but a draw left out would change the hand)",), id="a pass's value checked"),
    # 喜钱 win_only: a seat with ghosts drawn pays the three winners, none of it noted as
    # more winners than there are (`>=`).
    pytest.param({"opts": {"xiqian": "win_only", "ghosts": 8},
                  "seats": {"S": "111m123m456m789m5pC", "E": "123s456s789s11p123p",
                            "W": "123s456s789s44p567p", "N": "123s456s789s77p89p"},
                  "events": [{"ghosts": "N", "drawn": 5}, {"win": "S", "tile": "5p"},
                             {"win": "E", "tile": "3p"}, {"win": "W", "tile": "7p"}]},
                 True, {"E": 25, "S": 25, "W": 5, "N": -55}, (), (), id="喜钱, three winners"),
])
def test_settled(record, legal, net, reasons, skipped):
    r = settle(record)
    assert (r.legal, dict(r.net), r.reasons, r.skipped) == (legal, net, reasons, skipped)


def test_a_pass_worth_more_than_any_hand_is_refused():
    # (`value > most`: luzhou's cap is 40.)
    record = {"rules": "luzhou", "seats": S_WAITS, "events": [
        {"discard": "S", "tile": "9s"}, {"pass": "S", "tile": "5p", "from": "E", "value": 41},
        {"discard": "S", "tile": "9s"}, {"discard": "N", "tile": "5p"},
        {"win": "S", "tile": "5p", "from": "N"}]}
    with pytest.raises(MjscoreError, match="event 2: value 41 is more than any hand is worth "
                                           "in luzhou: at most 40"):
        settle(record)


def test_kongs_void_only_where_no_one_won(tmp_path):
    # 荒庄荒杠 voids kong money where the wall ran out with no winner; a hand someone won
    # pays its kongs (`table.won or`). A house file: guangdong's hand ends at its win.
    house = _house(tmp_path, "extends: luzhou\nname: kv\nkong_payments: {concealed: 2}\n"
                             "draw: {kongs: void}\n")
    r = settle({"rules": house,
                "seats": {"S": "111m123m456m789m5pC", "E": "(9999s)123s456s11p12p",
                          "W": "234m567m888m44p56p", "N": "234m567m99m77p789p"},
                "events": [{"kong": "E", "kind": "concealed", "tile": "9s"},
                           {"win": "S", "tile": "5p"}, {"exhausted": True}]})
    assert (r.legal, dict(r.net)) == (True, {"E": 1, "S": 13, "W": -7, "N": -7})
