"""The guide's voided suit, declared by a seat's first discard (seed 000: "your first discard
is your declaration"; E1), as `settle` reads it from a game log: a win holding that suit is
refused, no ghost stands for it, and a log that may leave the first discard out is not read."""

from __future__ import annotations

import pytest
import yaml
from click.testing import CliRunner

from mjscore import settle
from mjscore.cli import cli

# The first go-round, E the dealer: E 9s, S 9p (S voids Dots), W 4p, N 1m.
ROUND = [{"discard": "E", "tile": "9s"}, {"draw": "S"}, {"discard": "S", "tile": "9p"},
         {"draw": "W"}, {"discard": "W", "tile": "4p"}, {"draw": "N"},
         {"discard": "N", "tile": "1m"}]


def _rec(seats, events, rules="luzhou-guide"):
    return {"rules": rules, "dealer": "E", "seats": seats, "events": events}


def test_a_win_holding_the_suit_its_first_discard_voided_is_refused(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump(_rec({"S": "123m456m789m11p23p 4p"}, ROUND[:5] + [
        {"win": "S", "tile": "4p", "from": "W"}])), encoding="utf-8")
    got = CliRunner().invoke(cli, ["settle", str(path)])
    assert got.exit_code == 1
    assert ("  - event 6: S's win is not legal: S's first discard, 9p (event 3), declared Dots "
            "void, and the hand holds 1p") in got.output


def test_in_a_chinese_named_ruleset_the_suit_is_named_as_it_is_there(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: luzhou\nname: void-house\nplay:\n  void_from_first_discard: true\n",
                     encoding="utf-8")
    r = settle(_rec({"S": "123m456m789m11p23p C"}, ROUND[:5] + [
        {"win": "S", "tile": "C", "from": "W"}], rules=str(house)))
    assert r.reasons == ("event 6: S's win is not legal: S's first discard, 9p (event 3), "
                         "declared 筒 (p) void (缺门), and the hand holds 1p",)


@pytest.mark.parametrize("first, legal", [
    pytest.param("9m", True, id="Characters voided: the Dots hand wins"),
    pytest.param("9p", False, id="Dots voided: the Dots hand does not"),
    pytest.param("E", True, id="an honour first: no suit declared"),
])
def test_the_first_discard_decides(first, legal):
    events = ROUND[:2] + [{"discard": "S", "tile": first}] + ROUND[3:5] + [
        {"win": "S", "tile": "4p", "from": "W"}]
    assert settle(_rec({"S": "123s456s789s11p23p 4p"}, events)).legal is legal


def test_no_ghost_stands_for_the_voided_suit():
    # Two ghosts as a pair: read as 1m by the lowest-tiles tie-break, but S voided
    # Characters, and 5p beside it; shown as 红中 themselves (`as_themselves`), as the guide
    # lets a ghost be itself.
    events = ROUND[:2] + [{"discard": "S", "tile": "9m"}] + ROUND[3:] + [
        {"draw": "E"}, {"discard": "E", "tile": "8s"}, {"draw": "S"},
        {"win": "S", "tile": "C"}]
    r = settle(_rec({"S": "111p222p333p444pC C"}, events))
    assert r.legal, r.reasons
    reading = r.events[-1].results[0].decomposition
    assert "m" not in reading and reading.endswith("C=C+C=C"), reading
    result = r.events[-1].results[0]
    assert [x.decomposition for x in result.alternatives][0] == reading
    # No reading of it puts a ghost in Characters, the one shown or any other.
    assert not any(any(e.reading.counts[:9]) for e in result.evaluations)


def test_without_the_rule_the_first_discard_declares_nothing():
    r = settle(_rec({"S": "123m456m789m11p23p 4p"}, ROUND[:5] + [
        {"win": "S", "tile": "4p", "from": "W"}], rules="luzhou"))
    assert r.legal and r.skipped == ()


@pytest.mark.parametrize("events", [
    # S's turn left out (W draws after E's discard): S's 9p later is not its first.
    pytest.param([ROUND[0], {"draw": "W"}, {"discard": "W", "tile": "4p"}, {"draw": "N"},
                  {"discard": "N", "tile": "1m"}, {"draw": "E"}, {"discard": "E", "tile": "8s"},
                  {"draw": "S"}, {"discard": "S", "tile": "9p"}, {"draw": "W"},
                  {"discard": "W", "tile": "4p"}, {"win": "S", "tile": "4p", "from": "W"}],
                 id="a turn left out"),
    # The log starts with S's discard, not the dealer's.
    pytest.param(ROUND[2:5] + [{"win": "S", "tile": "4p", "from": "W"}],
                 id="a log that starts after the deal"),
])
def test_a_first_discard_the_log_may_not_show_is_not_read(events):
    r = settle(_rec({"S": "123m456m789m11p23p 4p"}, events))
    assert r.legal, r.reasons
    assert r.skipped == ("voided suit by first discard not checked for S: the log does not "
                         "show the first discard in an unbroken run of turns from the deal",)


@pytest.mark.parametrize("events", [
    pytest.param([ROUND[0], {"win": "S", "tile": "9s", "from": "E"}],
                 id="won on the dealer's first discard, before S discarded"),
    pytest.param([ROUND[0], {"call": "S", "kind": "kong", "tile": "9s", "from": "E"},
                  {"draw": "S"}, {"discard": "S", "tile": "1m"}, {"draw": "W"},
                  {"discard": "W", "tile": "4p"}, {"win": "S", "tile": "4p", "from": "W"}],
                 id="a called kong's replacement drawn, then S voids Characters"),
])
def test_nothing_to_check_and_nothing_said(events):
    hand = "[9999s]456s678s11p23p 4p" if len(events) > 1 and events[1].get("call") \
        else "123s456s789s11p78s 9s"
    r = settle(_rec({"S": hand}, events))
    assert r.legal and r.skipped == (), (r.reasons, r.skipped)


def test_a_log_opening_with_a_draw_is_not_read_as_the_deal():
    # The dealer is dealt 14 and discards first: a log opening with its draw opens at a
    # later turn, where S's 9p need not be S's first discard (a legal win was refused).
    events = [{"draw": "E"}] + ROUND[:5] + [{"win": "S", "tile": "4p", "from": "W"}]
    r = settle(_rec({"S": "123s456s789s11p23p 4p"}, events))
    assert r.legal, r.reasons
    assert r.skipped == ("voided suit by first discard not checked for S: the log does not "
                         "show the first discard in an unbroken run of turns from the deal",)


@pytest.mark.parametrize("events", [
    pytest.param([e for e in ROUND[:5] if "draw" not in e] +
                 [{"win": "S", "tile": "4p", "from": "W"}], id="the draws left out"),
    pytest.param([ROUND[0], {"call": "S", "kind": "kong", "tile": "9s", "from": "E"},
                  {"kong": "S", "kind": "exposed", "tile": "9s", "from": "E"}, {"draw": "S"},
                  {"discard": "S", "tile": "9p"}, {"draw": "W"}, {"discard": "W", "tile": "4p"},
                  {"win": "S", "tile": "4p", "from": "W"}],
                 id="a called kong written as its call and its kong event"),
    pytest.param([ROUND[0], {"call": "S", "kind": "kong", "tile": "9s", "from": "E"},
                  {"kong": "S", "kind": "exposed", "tile": "9条", "from": "E"}, {"draw": "S"},
                  {"discard": "S", "tile": "9p"}, {"draw": "W"}, {"discard": "W", "tile": "4p"},
                  {"win": "S", "tile": "4p", "from": "W"}],
                 id="the kong event's tile written another way (9条)"),
    # (A declaration is no turn: one at the deal ended the run, and the check went unmade,
    # "not checked: ... no unbroken run of turns", letting the win through: a review.)
    pytest.param([{"declare": "S"}, *ROUND[:5], {"win": "S", "tile": "4p", "from": "W"}],
                 id="a declaration at the deal"),
])
def test_first_discards_in_turn_are_read_however_the_log_is_written(events):
    hand = "[9999s]123m456m11p23p 4p" if events[1].get("call") else "123m456m789m11p23p 4p"
    rec = _rec({"S": hand}, events)
    if events[0].get("declare"):
        rec["opts"] = {"report_tile": True}
    r = settle(rec)
    assert not r.legal and "declared Dots void" in r.reasons[0], (r.reasons, r.skipped)


def test_at_the_draw_a_hand_holding_its_voided_suit_is_not_ready():
    # E's first discard voided Dots; E's hand, ready on 1p or 4p, holds Dots: no win, so not
    # ready, and it pays S's ready bonus instead of collecting from the rest.
    r = settle(_rec({"E": "123m456m789m11p23p", "S": "234s567s789s22m3m4m",
                     "W": "C 147m 258p 369s EEF", "N": "345s678s99s55m6m7mN"},
                    [{"discard": "E", "tile": "9p"}, {"discard": "S", "tile": "1p"},
                     {"discard": "W", "tile": "F"}, {"discard": "N", "tile": "9p"},
                     {"exhausted": True}]))
    draw = r.events[-1]
    assert draw.summary.startswith("wall exhausted (hands checked): E not ready (holds Dots, "
                                   "voided by its first discard), S ready, W Flower Cat, N not "
                                   "ready")
    assert dict(r.net) == {"E": 39, "S": 43, "W": -121, "N": 39}
    # (W's first discard, F, names no suit; W is a Flower Cat, which pays whatever it voided:
    # nothing to note of either.)
    assert r.skipped == ()


def test_a_claim_refused_as_already_won_leaves_the_other_claim_settled():
    events = ROUND[:2] + [{"discard": "S", "tile": "9m"}] + ROUND[3:5] + [
        {"win": "S", "tile": "4p", "from": "W"}, {"draw": "N"}, {"discard": "N", "tile": "7m"},
        {"win": ["E", "S"], "tile": "7m", "from": "N"}]
    r = settle(_rec({"S": "123p456p789p11p23p 4p", "E": "123m456m789m55p8m9m 7m"}, events))
    assert r.reasons == ("event 9: S has already won this hand",)
    assert [(p.frm, p.to) for e in r.events for p in e.payments] == [("W", "S"), ("N", "E")]


def test_at_the_draw_the_note_names_the_seats_checked_but_not_a_flower_cat():
    seats = {"S": "[111p][222p][333m][444m] 5m", "W": "234s567s789s 3p C 5p6p",
             "N": "234m456p789s77pC5p", "E": "5799m 1s1s2s4s5s6s8s9s9s"}
    r = settle(_rec(seats, [{"discard": "S", "tile": "3s"}, {"exhausted": True}]))
    assert r.skipped == ("voided suit by first discard not checked for E, S and W: the log "
                         "does not show the first discard in an unbroken run of turns from the "
                         "deal",)


def test_a_record_with_no_discards_says_the_void_was_not_checked():
    # An empty list of skipped checks read as checked, as 跟庄's note already says of it.
    r = settle(_rec({"S": "123s456s789s11p78s 9s"}, [{"win": "S", "tile": "9s", "from": "E"}]))
    assert r.legal
    assert r.skipped == ("voided suit by first discard not checked: the record has no "
                         "discards",)

