"""杠爆全包 (research 2.15), guangdong's house option `gangbao_quanbao`, off by default: a win on
the replacement tile of a kong claimed from a discard is paid in full by that discarder, as
G7's robbed kong is by the konger. `score --kong-from SEAT`, the batch key `kong_from`, and
`settle` reading the seat from the kong event's `from:`. The rule is data: a payer rule
`kong_draw_claimed: {who: kong_discarder}` that `context:` turns on with the option."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjscore import score, settle
from mjscore.cli import cli
from mjscore.errors import InputError, OptionError, RulesetError

GD = "guangdong"
ON = {"gangbao_quanbao": True}
HAND = "[5555p] 123m456m789m1mP"  # an exposed kong (claimed from a discard); 白 pairs the 1m
PLAIN = {"E": 12, "S": -4, "W": -4, "N": -4}  # 2 x2 (杠上开花) from each opponent


def run(*args):
    return CliRunner().invoke(cli, list(args))


# (hand, score's keywords, value per payer, every seat's net)
@pytest.mark.parametrize("hand, kw, value, net", [
    pytest.param(HAND, {}, 4, PLAIN, id="off: each opponent pays"),
    pytest.param(HAND, {"opts": ON}, 4, PLAIN, id="on, no --kong-from: each opponent pays"),
    pytest.param(HAND, {"opts": ON, "kong_from": "S"}, 4,
                 {"E": 12, "S": -12, "W": 0, "N": 0}, id="on: S pays all three shares"),
    pytest.param(HAND, {"opts": ON, "kong_from": "n"}, 4,
                 {"E": 12, "S": 0, "W": 0, "N": -12}, id="on: a seat in small letters"),
    pytest.param(HAND, {"opts": {"gangbao_quanbao": "true"}, "kong_from": "W", "seat": "S"}, 4,
                 {"E": 0, "S": 12, "W": -12, "N": 0}, id="on as text: S wins, W pays"),
    pytest.param("[5555p] 123m456m789m11m", {"opts": ON, "kong_from": "W"}, 8,
                 {"E": 24, "S": 0, "W": -24, "N": 0}, id="no ghost: 2 x2 x2, W pays 24"),
    pytest.param("[5555p] (9999s) 123m456m1mP", {"opts": ON, "kong_from": "S"}, 4,
                 {"E": 12, "S": -12, "W": 0, "N": 0}, id="a concealed kong beside the claimed"),
    pytest.param(HAND, {"opts": {**ON, "kong_draw_double": False}, "kong_from": "S"}, 2,
                 {"E": 6, "S": -6, "W": 0, "N": 0}, id="on, no kong draw double"),
])
def test_kong_draw_after_a_claimed_kong(hand, kw, value, net):
    r = score(hand, GD, kong_draw=True, **kw)
    assert r.legal, r.reasons
    assert (r.value, dict(r.net)) == (value, net)
    assert sum(r.net.values()) == 0


def test_the_liable_payer_pays_as_a_robbed_konger_does():
    # G7's rows: the hand value, then the two extra shares as their own row.
    got = score(HAND, GD, kong_draw=True, kong_from="S", opts=ON).to_dict()["payments"]
    assert got == [{"from": "S", "to": "E", "amount": 4, "why": "hand value"},
                   {"from": "S", "to": "E", "amount": 8, "why": "liability: 2 more shares"}]
    robbed = score("123m456m789m11p3pP2p", GD, win="2p", rob_kong="S").to_dict()["payments"]
    assert [p["why"] for p in robbed] == ["hand value", "liability: 2 more shares"]


@pytest.mark.parametrize("horses, rows, net", [
    pytest.param("1m9s", [8, 6, 6], {"E": 24, "S": -24, "W": 0, "N": 0},
                 id="two horses name E: three shares each, from S"),
    pytest.param("2m9s", [8, 6], {"E": 18, "S": -18, "W": 0, "N": 0},
                 id="one horse names E"),
    pytest.param("2m3m", [8], {"E": 12, "S": -12, "W": 0, "N": 0}, id="no horse names E"),
])
def test_horses_go_to_the_liable_payer(horses, rows, net):
    r = score(HAND, GD, kong_draw=True, kong_from="S", horses=horses,
              opts={**ON, "horses": 2})
    assert [p.amount for p in r.payments][1:] == rows and {p.frm for p in r.payments} == {"S"}
    assert dict(r.net) == net


def test_off_the_same_hand_is_scored_as_before():
    # The option off, or on with no --kong-from: not a byte of the output changes.
    for opts in (None, ON):
        res = run("score", HAND, "--rules", GD, "--kong-draw", "--format", "json",
                  *(["--opt", "gangbao_quanbao=true"] if opts else []))
        assert res.exit_code == 0
        assert json.loads(res.stdout)["net"] == PLAIN


def test_the_table_names_the_kong_and_the_rule():
    res = run("score", HAND, "--rules", GD, "--kong-draw", "--kong-from", "S",
              "--opt", "gangbao_quanbao=true")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert "Win:      E by self-draw on a kong replacement (杠上开花) with P, the kong claimed " \
           "from S's discard" in lines
    assert "S pays 4 for each of 3 shares, 12 in all (the discarder of the konged tile, " \
           "alone: 杠爆全包)." in lines
    assert "S       E            8  liability: 2 more shares" in lines


ERR = "mjscore: invalid option: "


@pytest.mark.parametrize("args, message", [
    pytest.param([HAND, "--rules", GD, "--kong-draw", "--kong-from", "S"],
                 "--kong-from does not apply in guangdong (option gangbao_quanbao is off)",
                 id="guangdong, option off"),
    pytest.param(["[5555p] 123m456m789m1mC", "--kong-draw", "--kong-from", "S"],
                 "--kong-from does not apply in luzhou: none of its patterns or payments "
                 "reads who fed a kong", id="luzhou has no such rule"),
    pytest.param([HAND, "--rules", GD, "--opt", "gangbao_quanbao=true", "--kong-from", "S"],
                 "--kong-from needs --kong-draw (won on the replacement tile of a kong claimed "
                 "from that seat's discard)", id="without --kong-draw"),
    pytest.param(["(5555p) 123m456m789m1mP", "--rules", GD, "--opt", "gangbao_quanbao=true",
                  "--kong-draw", "--kong-from", "S"],
                 "--kong-from S: the hand has no kong claimed from a discard (written in square "
                 "brackets, as [5555p]); a concealed or added kong is made of the winner's own "
                 "tiles",
                 id="a concealed kong"),
    pytest.param(["{5555p} 123m456m789m1mP", "--rules", GD, "--opt", "gangbao_quanbao=true",
                  "--kong-draw", "--kong-from", "W"],
                 "--kong-from W: the hand has no kong claimed from a discard (written in square "
                 "brackets, as [5555p]); a concealed or added kong is made of the winner's own "
                 "tiles",
                 id="an added kong"),
    pytest.param([HAND, "--rules", GD, "--opt", "gangbao_quanbao=true", "--kong-draw",
                  "--kong-from", "E"], "--kong-from names the winner E", id="the winner"),
    pytest.param([HAND, "--rules", GD, "--opt", "gangbao_quanbao=true", "--kong-draw",
                  "--kong-from", "X"], '--kong-from takes a seat E, S, W or N, not "X"',
                 id="not a seat"),
    pytest.param([HAND, "--rules", GD, "--opt", "gangbao_quanbao=true", "--kong-draw",
                  "--kong-from", "S", "--discard", "S"],
                 "--kong-draw is a self-drawn win: not with --discard or --rob-kong",
                 id="with --discard"),
])
def test_kong_from_that_cannot_apply_is_refused(args, message):
    res = run("score", *args)
    assert (res.exit_code, res.stdout, res.stderr) == (2, "", ERR + message + "\n")


def test_an_already_won_seat_is_refused(tmp_path):
    # (guangdong ends at its win, G10: a house file where later wins go on.)
    house = tmp_path / "h.yaml"
    house.write_text("extends: guangdong\nname: h\noptions: {gangbao_quanbao: {default: true}}\n"
                     "payers: {self_draw: {who: not_won}}\nplay: {max_winners: 3}\n"
                     "context: [discard, kong_draw, rob_kong, won, kong_from]\n",
                     encoding="utf-8")
    res = run("score", HAND, "--rules", str(house), "--kong-draw", "--kong-from", "S",
              "--won", "S")
    assert (res.exit_code, res.stderr) == (2, ERR + "--kong-from names S, who has already won\n")
    r = score(HAND, str(house), kong_draw=True, kong_from="W", won="S")
    assert dict(r.net) == {"E": 12, "S": 0, "W": -12, "N": 0}


@pytest.mark.parametrize("text", [
    pytest.param("extends: guangdong\noptions: {gangbao_quanbao: {default: true}}",
                 id="guangdong with the option on"),
    pytest.param("extends: guangdong\ncontext: [discard, kong_draw, rob_kong, kong_from]",
                 id="guangdong taking the flag outright"),
    pytest.param("extends: luzhou\npayers: {kong_draw_claimed: {who: kong_discarder, shares: 3}}"
                 "\ncontext: [discard, kong_draw, rob_kong, won, kong_from]",
                 id="luzhou with the payer rule added"),
])
def test_a_house_file_turns_it_on_with_no_code(tmp_path, text):
    (tmp_path / "h.yaml").write_text(f"name: h\n{text}\n", encoding="utf-8")
    assert run("rules", "check", str(tmp_path / "h.yaml")).exit_code == 0
    hand = HAND if "guangdong" in text else "[5555p] 123m456m789m1mC"
    r = score(hand, str(tmp_path / "h.yaml"), kong_draw=True, kong_from="N")
    assert r.legal and {p.frm for p in r.payments} == {"N"}
    assert r.net["N"] == -3 * r.value and sum(r.net.values()) == 0


# id: (the house file, what `rules check` says after the file's name)
REFUSED = {
    "kong_discarder": ("extends: luzhou\npayers: {discard: {who: kong_discarder}}",
                       "payers.discard: who: kong_discarder: only a kong draw after a kong "
                       "claimed from a discard has one (payers.kong_draw_claimed)"),
    "kong_draw_claimed paid by others": (
        "extends: guangdong\npayers: {kong_draw_claimed: {who: others}}",
        "payers.kong_draw_claimed: who: others: a kong draw after a kong claimed from a "
        "discard is paid by the seat --kong-from names (who: kong_discarder)"),
    "the flag with no payer rule": (
        "extends: luzhou\ncontext: [discard, kong_from]",
        'context: "kong_from" is read by nothing in this ruleset, so --kong-from would be '
        "taken and do nothing: only a payer who: kong_discarder reads it (to leave it out, "
        "write context: [discard])"),
    "no share": ("extends: luzhou\npayers: {kong_draw_claimed: {who: kong_discarder, "
                 "shares: 0}}", "payers.kong_draw_claimed: shares 0: at least 1"),
}


@pytest.mark.parametrize("text, message", [pytest.param(*v, id=k) for k, v in REFUSED.items()])
def test_a_payer_rule_that_cannot_be_is_refused(tmp_path, text, message):
    path = tmp_path / "h.yaml"
    path.write_text(f"name: h\n{text}\n", encoding="utf-8")
    res = run("rules", "check", str(path))
    assert (res.exit_code, res.stderr) == (2, f"mjscore: invalid ruleset: {path}: {message}\n")
    with pytest.raises(RulesetError):
        score("123m456m789m11p23pC", str(path))


def test_a_payer_rule_no_flag_reaches_is_noted(tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text("name: h\nextends: guangdong\ncontext: [discard, kong_draw, rob_kong]\n",
                    encoding="utf-8")
    res = run("rules", "check", str(path))
    assert res.exit_code == 0
    assert "; payers.kong_draw_claimed is never used: context: does not take kong_from " \
           "(--kong-from, which names the seat it makes pay)" in res.stdout


@pytest.mark.parametrize("opts, situations, payers", [
    pytest.param([], "Situations (score options): --discard, --kong-draw, --rob-kong, "
                 "--indicator, --horses, --heavenly, --earthly; --kong-from only with --opt "
                 "gangbao_quanbao=true",
                 "Payers: a self-draw: each other player; a robbed kong: the konger alone, for "
                 "3 shares; a kong draw after a kong claimed from a discard: the player whose "
                 "discard was konged, for 3 shares (unused while --kong-from is not taken)", id="off"),
    pytest.param(["--opt", "gangbao_quanbao=true"], "Situations (score options): --discard, "
                 "--kong-draw, --rob-kong, --indicator, --horses, --kong-from, --heavenly, "
                 "--earthly",
                 "Payers: a self-draw: each other player; a robbed kong: the konger alone, for "
                 "3 shares; a kong draw after a kong claimed from a discard: the player whose "
                 "discard was konged, for 3 shares (with --kong-from SEAT)", id="on"),
])
def test_rules_show(opts, situations, payers):
    res = run("rules", "show", GD, *opts)
    assert res.exit_code == 0
    lines = res.stdout.splitlines()
    assert situations in lines and payers in lines
    row = next(x for x in lines if x.startswith("gangbao_quanbao "))
    assert row.split()[1:5] == ["true" if opts else "false", "true,", "false", "default"]
    assert "杠爆全包" in row


def test_batch_record_key(tmp_path):
    path = tmp_path / "b.jsonl"
    base = {"hand": HAND, "rules": GD, "kong_draw": True}
    rows = [{**base, "kong_from": "S", "opts": "gangbao_quanbao=true"},
            {**base, "kong_from": "S"}, {**base, "kong_from": ""}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    res = run("batch", str(path), "--format", "jsonl")
    got = [json.loads(x) for x in res.stdout.splitlines()]
    assert res.exit_code == 2
    assert got[0]["net"] == {"E": 12, "S": -12, "W": 0, "N": 0}
    assert got[1]["error"] == "invalid option: kong_from does not apply in guangdong (option " \
                              "gangbao_quanbao is off)"
    assert got[2]["net"] == PLAIN  # empty text is a key not given


def test_batch_csv_column(tmp_path):
    path = tmp_path / "b.csv"
    path.write_text(f'hand,rules,kong_draw,kong_from,opts\n"{HAND}",guangdong,true,W,'
                    "gangbao_quanbao=true\n", encoding="utf-8")
    res = run("batch", str(path), "--format", "csv")
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[1].endswith(",12,0,-12,0,")


def test_api_error_is_an_option_error():
    with pytest.raises(OptionError, match="^invalid option: --kong-from needs --kong-draw"):
        score(HAND, GD, kong_from="S", opts=ON)


def _record(events, seat="E", hand=HAND, opts=ON) -> dict:
    return {"rules": GD, "opts": opts, "seats": {seat: hand}, "events": events}


KONG = {"kong": "E", "kind": "exposed", "tile": "5p", "from": "S"}
PONGED = "[5555p] [777s] 123m456m1mP"  # HAND with a pong called after the kong
WIN = {"win": "E", "tile": "1m", "kong_draw": True}


@pytest.mark.parametrize("record, net", [
    pytest.param(_record([KONG, WIN]), {"E": 15, "S": -15, "W": 0, "N": 0},
                 id="the claimed kong's discarder pays in full (3 for the kong, 12 the win)"),
    pytest.param(_record([KONG, WIN], opts={}), {"E": 15, "S": -7, "W": -4, "N": -4},
                 id="option off: the kong's 3, and 4 from each"),
    pytest.param(_record([KONG, {"win": "E", "tile": "1m"}]), {"E": 9, "S": -5, "W": -2, "N": -2},
                 id="no kong_draw: a plain self-draw, 2 from each"),
    pytest.param(_record([KONG, {"kong": "E", "kind": "concealed", "tile": "9s"}, WIN],
                         hand="[5555p] (9999s) 123m456m1mP"),
                 {"E": 21, "S": -9, "W": -6, "N": -6},
                 id="the last kong concealed: a plain kong draw"),
    pytest.param(_record([{"call": "E", "kind": "kong", "tile": "5p", "from": "W"},
                          {**KONG, "from": "W"}, WIN]), {"E": 15, "S": 0, "W": -15, "N": 0},
                 id="a log's kong call and its kong event"),
])
def test_settle_reads_the_liable_seat_from_the_log(record, net):
    r = settle(record)
    assert r.legal, r.reasons
    assert dict(r.net) == net


def test_settle_says_who_pays_in_full():
    r = settle(_record([KONG, WIN]))
    assert r.events[-1].summary == "E wins by self-draw on a kong replacement (杠上开花) with " \
        "1m: 胡牌 杠上开花 4 (S's discard was konged: S pays in full, 杠爆全包)"
    assert [p.why for p in r.events[-1].payments] == ["hand value", "liability: 2 more shares"]


def test_a_settle_win_has_no_kong_from_key():
    # Settle derives the seat from the log: the key is for score and batch only.
    # The message says where settle reads it, not "did you mean kong_draw?".
    with pytest.raises(InputError, match='unknown key "kong_from": settle reads the seat from '
                                         "the from: of the winner's kong event$"):
        settle(_record([KONG, {**WIN, "kong_from": "S"}]))


DRAW, PASS = {"draw": "E"}, {"pass": "W", "tile": "5p", "from": "S", "value": 2}


@pytest.mark.parametrize("events, net", [
    pytest.param([KONG, DRAW, WIN], {"E": 15, "S": -15, "W": 0, "N": 0},
                 id="the replacement's draw written"),
    pytest.param([KONG, PASS, DRAW, WIN], {"E": 15, "S": -15, "W": 0, "N": 0},
                 id="a pass on the konged discard"),
    pytest.param([{"discard": "S", "tile": "6p"}, {"discard": "W", "tile": "9s"},
                  {**KONG, "from": "W"}, DRAW, WIN], {"E": 15, "S": 0, "W": -15, "N": 0},
                 id="discards before the kong"),
])
def test_settle_a_claimed_kong_right_before_the_win(events, net):
    assert dict(settle(_record(events)).net) == net


@pytest.mark.parametrize("events, between", [
    pytest.param([KONG, DRAW, {"discard": "E", "tile": "9s"}, DRAW, WIN], "event 3 (E's discard)",
                 id="the konger discarded since"),
    pytest.param([KONG, {"call": "E", "kind": "pong", "tile": "7s", "from": "N"}, WIN],
                 "event 2 (E's call)", id="a pong since"),  # (the hand shows it: PONGED)
    pytest.param([KONG, DRAW, DRAW, WIN], "event 3 (E's draw)", id="a second draw"),
    pytest.param([KONG, {"draw": "W"}, WIN], "event 2 (W's draw)", id="another seat's turn"),
    pytest.param([KONG, {"pass": "E", "tile": "9s", "from": "W", "value": 2}, WIN],
                 "event 2 (E's pass)", id="the winner passed a later discard"),
    pytest.param([KONG, DRAW, {"pass": "W", "tile": "9s", "from": "E", "value": 2}, WIN],
                 "event 3 (W's pass)", id="a pass on the konger's discard"),
])
def test_settle_a_claimed_kong_turns_before_the_win_is_refused(events, between):
    # Its discarder would pay in full for a win that was not on its replacement tile.
    called = any("call" in ev for ev in events)
    with pytest.raises(InputError) as e:
        settle(_record(events, hand=PONGED if called else HAND))
    assert str(e.value).endswith(
        f": event {len(events)}: kong_draw: the winning tile is not the replacement of E's last "
        f"kong (event 1, claimed from S): {between} came between, so who pays in full (杠爆全包) "
        "is not known")


def test_settle_a_stale_kong_option_off_is_no_kong_draw():
    # The record holds every kong E's hand shows: after the last, the turn went on, so the
    # win was on no replacement tile, whoever pays (a reviewer's finding).
    events = [KONG, DRAW, {"discard": "E", "tile": "9s"}, DRAW, WIN]
    with pytest.raises(InputError) as e:
        settle(_record(events, opts={}))
    assert str(e.value).endswith(
        ": event 5: kong_draw: the winning tile is not the replacement of E's last kong (event "
        "1, claimed from S): event 3 (E's discard) came between, so the win was on no kong's "
        "replacement tile")
