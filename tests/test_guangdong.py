"""Guangdong 推倒胡 (seed 001, rulings G1-G10): one line per rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore import score
from mjscore.cli import cli
from mjscore.compile import next_tile
from mjscore.errors import MjscoreError, OptionError
from mjscore.ruleset import load
from mjscore.tiles import name, parse_name

GD = "guangdong"


@pytest.mark.parametrize("indicator, ghost", [
    pytest.param("9m", "1m", id="9m wraps to 1m"),
    pytest.param("9s", "1s", id="9s wraps to 1s"),
    pytest.param("4p", "5p", id="4p steps to 5p"),
    pytest.param("N", "C", id="N to 中"),
    pytest.param("C", "F", id="中 to 發"),
    pytest.param("P", "E", id="白 wraps to E"),
])
def test_flip_wrap(indicator, ghost):
    assert name(next_tile(parse_name(indicator))) == ghost


@pytest.mark.parametrize("hand, kw, value, east", [
    pytest.param("123m456m789m123pPP", {}, 2, 6, id="fixed 白 ghost completes the pair"),
    pytest.param("123m456m789m12pCSS", {"indicator": "N"}, 2, 6, id="flip: 中 is the ghost"),
    pytest.param("123m456m789m12p3sSS", {"indicator": "2s"}, 2, 6,
                 id="flip: the 3s is the ghost"),
    pytest.param("123m456m789m123pSS", {}, 4, 12, id="no-ghost double"),
    pytest.param("123m456m789m123pSS", {"opts": {"no_ghost_double": False}}, 2, 6,
                 id="no-ghost double off"),
    pytest.param("123m456m789mP1p (5555s)", {"kong_draw": True, "win": "1p"}, 4, 12,
                 id="kong-draw double"),
    pytest.param("123m456m789mSS (5555s)", {"kong_draw": True}, 8, 24,
                 id="kong draw and no ghost: x2 x2"),
    pytest.param("123m456m789m1pPPPP", {}, 2, 6, id="full ghost 满鬼"),
    pytest.param("123m456m789m11p [CCC]", {"indicator": "N"}, 2, 6,
                 id="flip ghosts ponged as themselves: no no-ghost double"),
    pytest.param("123m456p789p55p (9999m)", {"indicator": "8m", "kong_draw": True}, 4, 12,
                 id="flip ghosts in a concealed kong: kong draw x2 only"),
    pytest.param("19m19p19sESWNPPPP", {}, 2, 6, id="full ghost with a junk hand"),
    pytest.param("123m456m789m111pSS", {"opts": {"base": 5}}, 10, 30, id="base option, no-ghost double"),
])
def test_guangdong_values(hand, kw, value, east):
    r = score(hand, GD, **kw)
    assert r.legal, r.reasons
    assert (r.value, r.net["E"]) == (value, east)
    assert sum(r.net.values()) == 0


# Worked by hand from seed 001 and G1-G10 before the tool was run (audit): the value and every
# seat's net (E, S, W, N). Winner E, dealer E, fixed ghost 白 (P), unless said.
@pytest.mark.parametrize("hand, kw, value, net", [
    pytest.param("PPPP19m19pESW (1111s)", {"kong_draw": True, "win": "P"}, 4, (12, -4, -4, -4),
                 id="满鬼 drawn on a kong replacement: kong-draw double"),
    pytest.param("234m456p789p123s5s1m", {"indicator": "9m"}, 2, (6, -2, -2, -2),
                 id="flip 9m: the 1m ghost pairs the 5s"),
    pytest.param("123m456m789m1pPPPP", {}, 2, (6, -2, -2, -2),
                 id="满鬼 that is also a winning shape: base once"),
    pytest.param("123m456m789m123pE5p", {"indicator": "P"}, 2, (6, -2, -2, -2),
                 id="flip 白: the E ghost pairs the 5p"),
    pytest.param("123m456m789m11p13p 2p", {"rob_kong": "S", "win": "2p"}, 4, (12, -12, 0, 0),
                 id="抢杠 with no ghost: the konger pays three doubled shares"),
    pytest.param("123m456m789m123pPP", {"indicator": "P"}, 4, (12, -4, -4, -4),
                 id="flip 白: 白 is ordinary, no ghost held, no-ghost double"),
    pytest.param("123m456m789m11p13p 2p", {"seat": "N", "rob_kong": "E", "win": "2p",
                                           "dealer": "S"}, 4, (-12, 0, 0, 12),
                 id="抢杠 by N of E's kong, dealer S"),
    pytest.param("123m456m789m123pPP", {"indicator": "F"}, 2, (6, -2, -2, -2),
                 id="flip 發: the ghost is 白, as fixed"),
    pytest.param("123m456m789m11p13p 2p", {"rob_kong": "S", "win": "2p", "horses": "1m",
                                           "opts": {"horses": 1}}, 4, (18, -18, 0, 0),
                 id="抢杠 with a horse hit: the konger pays its three bases"),
    pytest.param("123m456m789m1pC [CCC]", {"indicator": "N"}, 2, (6, -2, -2, -2),
                 id="four 中 ghosts, three ponged: not 满鬼, a plain win"),
    pytest.param("123m456m789m123pSS", {"horses": "5m9s", "opts": {"horses": 2}}, 4,
                 (24, -8, -8, -8), id="two horse hits, undoubled base each"),
    pytest.param("CCCC19m19p19sESWN", {"indicator": "N", "win": "C"}, 2, (6, -2, -2, -2),
                 id="four flip ghosts concealed: 满鬼"),
    pytest.param("123m456m789m123pPP", {"seat": "W", "horses": "3pFN", "opts": {"horses": 3}},
                 2, (-6, -6, 18, -6), id="horses for W: 3 and F across, N the previous seat"),
    pytest.param("123m456m789m11p [PPP]", {"indicator": "N"}, 4, (12, -4, -4, -4),
                 id="flip 中: a 白 pong, no ghost held"),
    pytest.param("123m456m789m123pPP", {"dealer": "N", "horses": "S", "opts": {"horses": 1}},
                 2, (12, -4, -4, -4), id="dealer N: S names the next seat, E"),
    pytest.param("123m456m789m11p [FFF]", {"indicator": "C"}, 2, (6, -2, -2, -2),
                 id="flip 發: a pong of the ghost kills the no-ghost double"),
    pytest.param("123m456m789m123pPP", {"seat": "S", "dealer": "W", "horses": "EN",
                                        "opts": {"horses": 2}}, 2, (-4, 12, -4, -4),
                 id="dealer W: E names W, N names S"),
    pytest.param("123m456m789mSS (5555s)", {"kong_draw": True, "horses": "9p",
                                            "opts": {"horses": 1}}, 8, (30, -10, -10, -10),
                 id="kong draw, no ghost, a horse hit: the horse stays undoubled"),
    pytest.param("123m456m789mSS (5555s)", {"kong_draw": True, "opts": {"base": 5}}, 20,
                 (60, -20, -20, -20), id="base 5 x kong draw x no ghost"),
    pytest.param("123m456m789mSS (5555s)", {"kong_draw": True,
                                            "opts": {"kong_draw_double": False}}, 4,
                 (12, -4, -4, -4), id="kong-draw double off"),
    pytest.param("11m33m55m22p66p99pEP", {"opts": {"seven_pairs": True}}, 2, (6, -2, -2, -2),
                 id="seven pairs, the ghost pairs the E"),
])
def test_hand_worked_nets(hand, kw, value, net):
    r = score(hand, GD, **kw)
    assert r.legal, r.reasons
    assert (r.value, tuple(r.net[s] for s in "ESWN")) == (value, net)


# G5 and seed 001: "Draw the fourth and the hand is over there and then". 满鬼 is won on the
# last ghost drawn; holding all four before another tile, the player had won already.
# (the hand, score's keywords, how the reason ends: dealt them, the seat had no turn before,
# and wins 满鬼 on the deal, which no kong's tile, robbed or replacement, is)
DEALER, FIRST = ", or, where they were dealt, --heavenly (won on the dealt hand)", \
    ", or, where they were dealt, --earthly (won on the first draw)"


@pytest.mark.parametrize("hand, kw, dealt", [
    pytest.param("PPPP19m37p28sESWN", {}, DEALER,
                 id="the last tile written, N, as the winning tile"),
    pytest.param("PPPP19m37p28sESWN", {"seat": "S"}, FIRST, id="another seat's"),
    pytest.param("19m37p28sESWNPPPP", {"win": "E", "rob_kong": "S"}, "", id="robbing a kong"),
    # (A hand that also reads as four sets and a pair was scored as one: audit 2026-12-04.)
    pytest.param("123m456m789mPPPP1p", {"win": "1p"}, DEALER, id="also a winning shape"),
    pytest.param("(1111m)234m567mPPPP9p", {"win": "9p", "kong_draw": True}, "",
                 id="also a winning shape, on a kong replacement"),
    pytest.param("123m456m789mPPPP 1p", {"win": "1p", "rob_kong": "S"}, "",
                 id="also a winning shape, robbing a kong"),
])
def test_full_ghost_is_won_on_the_last_ghost_drawn(hand, kw, dealt):
    r = score(hand, GD, **kw)
    assert not r.legal and r.reasons == (
        "all 4 ghosts (P) are concealed: 满鬼 (every ghost concealed) is won on drawing the "
        "last ghost, so this hand was won before this tile; write a ghost as the winning tile "
        "(--win P)" + dealt,)
    assert (r.value, r.payments, set(r.net.values())) == (0, (), {0})


def test_full_flip_ghosts_are_won_on_the_last_ghost_drawn():
    r = score("123m456m789m1pSSSS", GD, indicator="E", win="1p")
    assert not r.legal and r.reasons[0].startswith("all 4 ghosts (S) are concealed: 满鬼")
    assert score("123m456m789m1pSSSS", GD, indicator="E", win="S").legal


# The flipped indicator lies face up: three copies of it are left, and a ghost never stands
# for a fourth (the decomposer made it up to four: a hand holding three was read as a win, and
# a winning one printed an impossible reading). Each case in a fresh process's state and in a
# batch's (the whole table of suits made), which read ghosts by different paths.
@pytest.mark.parametrize("whole_table", [False, True], ids=["fresh", "table"])
@pytest.mark.parametrize("hand, kw, legal, decomposition", [
    pytest.param("116667789sEEFF8s", {"indicator": "6s", "win": "8s",
                                      "opts": {"seven_pairs": True}}, False, None,
                 id="seven pairs would need a fourth 6s"),
    pytest.param("12333m4m456p789pEE", {"indicator": "3m"}, True,
                 "123m 456p 789p EE+4m=E 33m", id="the ghost is not a fourth 3m"),
    pytest.param("335889999pSNNP8p", {"indicator": "8p", "win": "9p",
                                      "opts": {"seven_pairs": True}}, True,
                 "3358889999pSNNP", id="only 满鬼 reads it, not seven pairs with a fourth 8p"),
])
def test_a_ghost_never_stands_for_a_fourth_flipped_indicator(monkeypatch, whole_table, hand, kw,
                                                             legal, decomposition):
    from tests.test_plain_suits import fresh_lookups
    fresh_lookups(monkeypatch, whole_table)
    r = score(hand, GD, **kw)
    assert (r.legal, r.decomposition) == (legal, decomposition), r.reasons


def test_a_hand_holding_four_of_the_flipped_indicator_is_bad_input():
    res = CliRunner().invoke(cli, ["score", "123m456m789m9999s1p", "--win", "1p", "--rules",
                                   "guangdong", "--indicator", "9s"])
    assert res.exit_code == 2
    # (The player counts four 9s, one of them face up: "has 3" read as a wrong count.)
    assert res.stderr == "mjscore: invalid hand: column 16: too many 9s: guangdong has 4, one " \
                         "of them shown as the indicator\n"


# Across a settle record's table the count left the indicator out: "make 4 copies of it ...
# (guangdong has 4, one of them shown as the indicator)" read as no copy too many (a review).
_INDICATED = "rules: guangdong\nopts: {indicator: 9m, horses: 2}\n"


@pytest.mark.parametrize("record, said", [
    pytest.param("events: [{discard: E, tile: 9m}, {discard: S, tile: 9m}, {discard: W, tile: 9m}, {discard: N, tile: 9m}, {exhausted: true}]", "event 4 (discard): the draws and discards of 9m make 4 copies of it across the table, 5 with the indicator", id="discards"),  # noqa: E501
    pytest.param("seats: {E: 999m123p456p789p1s, S: 9m123p456p789s1sEE}\nevents: [{exhausted: true}]", "seats: 4 copies of 9m across the table, 5 with the indicator (guangdong has 4, one of them shown as the indicator): seats.E 3, seats.S 1", id="seats"),  # noqa: E501
    pytest.param("seats: {E: 9m123p456p789p11s1s9m, S: 123p456p789s1sEE9m}\nevents: [{win: E, tile: 1s, horses: 9m2p}]", "event 1 (horses): the horses' 9m make 4 copies of it across the table, 5 with the indicator", id="horses"),  # noqa: E501
])
def test_settle_counts_the_flipped_indicator_in_a_copy_too_many(tmp_path, record, said):
    (tmp_path / "r.yaml").write_text(_INDICATED + record + "\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["settle", str(tmp_path / "r.yaml")])
    assert res.exit_code == 2 and res.stderr.startswith(f"mjscore: {tmp_path / 'r.yaml'}: {said}")


def test_flip_only_hand_is_no_win_with_the_fixed_ghost():
    assert score("123m456m789m12pCSS", GD, indicator="N").legal
    fixed = score("123m456m789m12pCSS", GD)
    assert not fixed.legal and "not a winning hand" in fixed.reasons[0]


def test_flip_named_with_its_indicator_is_the_indicator_alone():
    # `--opt ghost=flip --indicator N` says the same twice; the flip ruleset needs both at once.
    both = score("123m456m789m12pCSS", GD, indicator="N", opts={"ghost": "flip"})
    assert both.to_dict() == score("123m456m789m12pCSS", GD, indicator="N").to_dict()
    assert both.legal


def test_an_indicator_given_twice_is_compared_as_a_tile():
    assert score("123m456m789m12pCSS", GD, indicator="1z", opts={"indicator": "E"}).legal
    assert score("123m456m789m123p5p5p", GD, indicator="4p", opts={"indicator": "四筒"}).legal
    with pytest.raises(OptionError, match="--indicator 一筒 and indicator=九万 disagree"):
        score("123m456m789m123p5p5p", GD, indicator="一筒", opts={"indicator": "九万"})


def test_a_compiled_ruleset_must_have_been_made_with_the_indicator():
    flip = load(GD, {"ghost": "flip", "indicator": "4p"})
    assert score("123m456m789m123p5p5p", flip, indicator="四筒").legal
    for rs in (flip, load(GD)):
        with pytest.raises(OptionError, match="the Ruleset given was made without that"):
            score("123m456m789m123p5p5p", rs, indicator="9m")


def test_flip_ghost_may_be_ponged_as_itself():
    r = score("123m456m789m11p [CCC]", GD, indicator="N")
    assert r.legal and "[CCC]" in r.decomposition


def test_robbing_the_kong_konger_pays_three_shares():
    r = score("123m456m789m11p3pP2p", GD, rob_kong="S")  # 2p robbed: S's pong held three
    assert r.value == 2
    assert r.net == {"E": 6, "S": -6, "W": 0, "N": 0}
    assert [p.amount for p in r.payments] == [2, 4]
    assert "liability" in r.payments[1].why


def test_seven_pairs_off_then_on():
    hand = "11m33m55m22p66p99pEE"
    off = score(hand, GD)
    assert not off.legal
    on = score(hand, GD, opts={"seven_pairs": True})
    assert on.legal and on.value == 4  # 2, no ghost x2


def test_horses_add_a_base_per_hit_from_each_payer():
    r = score("123m456m789m111pPP", GD, horses="1m5pSN", opts={"horses": 4})
    horse_rows = [p for p in r.payments if p.why.startswith("买马")]
    assert [p.amount for p in horse_rows] == [2, 2, 2, 2, 2, 2]  # two hits x three payers
    assert r.value == 2 and r.net["E"] == 6 + 12


def test_a_horse_row_tells_the_tile_from_the_seat():
    r = score("123m456m789m111pPP", GD, seat="S", dealer="W", horses="N", opts={"horses": 1})
    assert {p.why for p in r.payments if p.why.startswith("买马")} == \
        {"买马: horse tile N names seat S"}


def test_horses_count_from_the_dealer():
    r = score("123m456m789m111pPP", GD, seat="S", dealer="E", horses="2m", opts={"horses": 1})
    assert r.net["S"] == 6 + 6
    r = score("123m456m789m111pPP", GD, seat="S", dealer="S", horses="2m", opts={"horses": 1})
    assert r.net["S"] == 6


def test_kong_payments_are_noted_apart():
    r = score("123m456m789mSS (5555s)", GD, kong_draw=True)
    assert r.to_dict()["kong_payments"] == [{"kong": "(5555s)", "kind": "concealed", "to": "E",
                                             "amount": 2, "from": "each opponent"}]
    assert sum(p.amount for p in r.payments) == 24  # the kong's money is in neither


def test_contract_frozen_result_kong_payments_cannot_be_changed():
    # CONTRACT: score() "returns a frozen result" whose .to_dict() gives the JSON.
    r = score("123m456m789mSS (5555s)", GD)
    with pytest.raises(TypeError):
        r.kong_payments[0]["amount"] = 0
    assert r.to_dict()["kong_payments"][0]["amount"] == 2


@pytest.mark.parametrize("args, code, message", [
    pytest.param(["123m456m789m111pPP", "--discard", "S"], 1, "self-drawn only",
                 id="discard win is not legal"),
    pytest.param(["123m456m789m11p", "[123p]"], 2, 'chow "123p" is not allowed in guangdong',
                 id="chow refused"),
    pytest.param(["123m456m789m11p", "[PPP]"], 2, "the ghost P cannot be in a declared meld",
                 id="fixed ghost in a pong refused"),
    pytest.param(["123m456m789m55p", "[11m1s]", "--indicator", "9s"], 2,
                 '"11m1s": the ghost 1s is in a declared meld only as itself in guangdong',
                 id="flip ghost standing for another tile in a pong refused"),
    pytest.param(["123m456m789m111pSS", "--won", "S"], 2, "--won does not apply in guangdong",
                 id="--won refused"),
    pytest.param(["123m456m789m111pSS", "--won", ""], 2, "--won does not apply in guangdong",
                 id="--won refused given empty too"),
    pytest.param(["123m456m789m111pSS", "--declared"], 2, "--declared does not apply",
                 id="--declared refused"),
    pytest.param(["123m456m789m111pSS", "--opt", "ghost=flip"], 2, "needs the indicator",
                 id="flip without indicator"),
    pytest.param(["123m456m789m111pSS", "--indicator", "N", "--opt", "ghost=fixed"], 2,
                 "--indicator flips the ghost (ghost=flip), which contradicts ghost=fixed",
                 id="indicator with ghost=fixed"),
    pytest.param(["123m456m789m111pSS", "--horses", "1m"], 2, "horses are off",
                 id="horses given while off"),
    pytest.param(["123m456m789m111pSS", "--horses", "1m", "--opt", "horses=2"], 2,
                 "guangdong draws 2 horses (option horses): give 2 tiles",
                 id="wrong number of horses"),
    pytest.param(["123m456m789m55p99s2s", "--indicator", "9s", "--opt", "horses=2", "--horses",
                  "9s9s"], 2, "too many 9s (4) with the hand's own tiles: the indicator shows one "
                 "of the 4", id="horses past the copies the flipped indicator leaves"),
    pytest.param(["123m456m789m4444sE", "--indicator", "4s"], 2, "too many 4s",
                 id="indicator shown: at most three in a hand"),
    pytest.param(["19m19p19sESWNCFP1m"], 1, "not a winning hand",
                 id="thirteen orphans is no Guangdong shape"),
    pytest.param(["3333s234m567m789mP"], 1, "with the ghosts standing for allowed tiles",
                 id="a ghost is never a fifth copy (README, how scoring works)"),
    pytest.param(["123m456m789m11p", "(PPPP)"], 2, "the ghost P cannot be in a declared meld",
                 id="fixed ghost in a concealed kong refused"),
    pytest.param(["123m456m789m123pSS", "--discard", "S", "--after-kong"], 2,
                 "--after-kong does not apply in guangdong", id="--after-kong refused"),
    pytest.param(["123m456m789m11p13p", "2p", "--rob-kong", "S", "--kong-draw"], 2,
                 "--kong-draw is a self-drawn win", id="a rob is no kong draw"),
    pytest.param(["123m456m789m11p46p5p", "--indicator", "5p", "--rob-kong", "S"], 2,
                 "S's pong of 5p holds three more, but this hand already holds 1 of the 3 "
                 "left to play: the indicator shows a fourth",
                 id="a robbed pong of the indicator's kind: the shown one named"),
])
def test_refusals(args, code, message):
    res = CliRunner().invoke(cli, ["score", *args, "--rules", GD])
    assert res.exit_code == code, res.output
    assert message in res.output
    assert "Traceback" not in res.output


def test_a_house_files_horses_are_its_own_not_an_opt():
    # It said "--opt horses=4 needs 4 horse tiles" where no --opt was given.
    house = Path(__file__).parent / "data" / "house" / "gd-horses.yaml"
    res = CliRunner().invoke(cli, ["score", "123m456m789m111pSS", "--rules", str(house)])
    assert res.exit_code == 2 and res.stderr == "mjscore: invalid option: --horses: gd-horses " \
        "draws 4 horses (option horses): give 4 tiles, got none\n"


def test_indicator_outside_guangdong_is_refused():
    with pytest.raises(MjscoreError, match="--indicator does not apply in luzhou"):
        score("123m456m789m11pC5p5p", indicator="2m")


def test_the_table_lists_what_the_kongs_paid_when_declared():
    # As JSON's kong_payments: apart from this win's payments and net (CONTRACT).
    res = CliRunner().invoke(cli, ["score", "123m456mSS [5555s] (1111p)", "--rules", GD])
    assert res.exit_code == 0
    assert res.output.splitlines()[-3:] == [
        "Paid when the kongs were declared, not part of this win or the net above:",
        "  [5555s] exposed kong: the discarder paid E 3",
        "  (1111p) concealed kong: each opponent paid E 2"]


# A house rule defaulting to a flipped ghost (hunt 2, finding 3): its indicator is the file's,
# so ghost=fixed switches back and the indicator simply does not apply; an indicator the user
# gives with ghost=fixed is still refused, and so is a file whose own defaults contradict.
FLIP_HOUSE = "extends: guangdong\nname: gdflip\noptions:\n  ghost: {default: flip}\n" \
             "  indicator: {default: 9m}\n"
FIXED_HOUSE = "extends: guangdong\nname: gdind\noptions:\n  indicator: {default: 9m}\n"


@pytest.mark.parametrize("text, opts, ghost", [
    pytest.param(FLIP_HOUSE, {}, "1m", id="flip house: its default, 9m flips to 1m"),
    pytest.param(FLIP_HOUSE, {"ghost": "fixed"}, "P", id="flip house: ghost=fixed"),
    pytest.param(FLIP_HOUSE, {"indicator": "2m"}, "3m", id="flip house: another indicator"),
])
def test_a_house_rules_default_indicator(tmp_path, text, opts, ghost):
    (tmp_path / "house.yaml").write_text(text, encoding="utf-8")
    r = score("123m456m789m123pPP", str(tmp_path / "house.yaml"), opts=opts)
    assert r.legal and r.ghost == ghost


@pytest.mark.parametrize("text, opts, message", [
    pytest.param(FLIP_HOUSE, {"ghost": "fixed", "indicator": "9m"},
                 "indicator=9m applies only with ghost=flip", id="flip house: both given"),
    pytest.param(FIXED_HOUSE, {}, "indicator=9m applies only with ghost=flip",
                 id="a file whose defaults contradict"),
])
def test_a_house_rules_indicator_refused(tmp_path, text, opts, message):
    (tmp_path / "house.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(OptionError, match=message):
        score("123m456m789m123pPP", str(tmp_path / "house.yaml"), opts=opts)


def test_a_house_rule_switched_to_the_fixed_ghost_holds_no_indicator(tmp_path):
    # As made with ghost=fixed and indicator=9m it is refused; made with ghost=fixed alone, it
    # holds no indicator for a later indicator=9m to agree with (a review found it did).
    (tmp_path / "house.yaml").write_text(FLIP_HOUSE, encoding="utf-8")
    rs = load(str(tmp_path / "house.yaml"), {"ghost": "fixed"})
    assert rs.options["indicator"] is None
    with pytest.raises(OptionError, match="made with indicator=None"):
        score("123m456m789m123pPP", rs, opts={"indicator": "9m"})


# Acceptance: rules show says which values are the seed's. Seed 001 gives no value at all
# (G6), so every pattern's value is a default; 满鬼 said "seed" (G5 is the seed's win, not a price).
@pytest.mark.parametrize("pattern", [
    pytest.param("hu", id="胡牌 base"), pytest.param("manggui", id="满鬼 base"),
    pytest.param("wugui", id="无鬼 x2"), pytest.param("gangkai", id="杠上开花 x2"),
])
def test_rules_show_gives_no_guangdong_value_to_the_seed(pattern):
    out = CliRunner().invoke(cli, ["rules", "show", GD]).stdout
    row = next(line.split() for line in out.splitlines() if line.startswith(pattern + " "))
    assert row[-2] == "default", row


def test_rules_show_says_the_indicator_is_unset():
    out = CliRunner().invoke(cli, ["rules", "show", GD]).stdout
    assert next(line for line in out.splitlines() if line.startswith("indicator")).split()[1] \
        == "(unset)"


# A no-ghost hand whose highest tile is E (the first honour kind) holds an honour.
@pytest.mark.parametrize("hand, decomposition", [
    pytest.param("123m456m789m123pEE", "123m 456m 789m 123p EE", id="E-pair-highest"),
    pytest.param("123m456m789mEEE55p", "123m 456m 789m EEE 55p", id="E-triplet-highest"),
    pytest.param("123m456m789m123pNN", "123m 456m 789m 123p NN", id="N-pair-highest"),
])
def test_a_hand_with_east_as_its_only_honour_reads_it(hand, decomposition):
    r = score(hand, "guangdong")
    assert (r.legal, r.decomposition) == (True, decomposition)


# The flipped ghost changes from hand to hand: the output names it under the Hand line.
@pytest.mark.parametrize("command, args, second", [
    pytest.param("score", ["123m456m789m22s1sEE", "--indicator", "9s"],
                 "Ghost:    1s (the tile after the indicator 9s)", id="score-9s-wraps-to-1s"),
    pytest.param("score", ["123m456m789m22sCEE", "--opt", "ghost=flip", "--opt", "indicator=N"],
                 "Ghost:    C (the tile after the indicator N)", id="score-opt-N-to-C"),
    pytest.param("waits", ["123m456m789m22sPE", "--indicator", "F"],
                 "Ghost:    P (the tile after the indicator F)", id="waits-F-to-P"),
    pytest.param("score", ["123m456m789m22sPEE"], "Win:      E by self-draw with E",
                 id="fixed-ghost-no-line"),
])
def test_a_flipped_ghost_is_named(command, args, second):
    res = CliRunner().invoke(cli, [command, *args, "--rules", GD])
    assert (res.exit_code, res.output.splitlines()[1]) == (0, second)


# A robbed kong is the konger's pong of the winning tile's kind plus that tile: those three are
# on the table (G2: no ghost is wild in a meld), so the robbed tile is the last copy and no ghost
# in the robber's hand stands for another (README: a ghost never stands for a fifth copy; as
# for the flipped indicator). The audit (tests/test_guangdong_audit.py) found these read as wins.
@pytest.mark.parametrize("hand, kw, legal", [
    pytest.param("123m456m789mEEE2pP", {"rob_kong": "S", "win": "2p"}, False,
                 id="rob 2p: 白 would pair it as a fifth 2p"),
    pytest.param("123m456m789mEEE2pP", {"win": "2p"}, True, id="the same hand self-drawn wins"),
    pytest.param("123m456m789mEEE2pC", {"rob_kong": "S", "win": "2p", "indicator": "N"},
                 False, id="flip 中: rob 2p, 中 would be a fifth 2p"),
    pytest.param("123m456m789mEEE2pC", {"rob_kong": "S", "win": "C", "indicator": "N"},
                 True, id="flip 中: the robbed 中 itself stands for the 2p"),
    pytest.param("11m33m55m22p66p99pEP", {"rob_kong": "W", "win": "E",
                                          "opts": {"seven_pairs": True}}, False,
                 id="seven pairs: rob E, 白 would be a fifth E"),
    pytest.param("123m456m789m11p3pP2p", {"rob_kong": "S", "win": "2p"}, True,
                 id="rob 2p: 白 pairs the 1p, as before"),
])
def test_no_ghost_stands_for_a_copy_in_the_robbed_pong(hand, kw, legal):
    r = score(hand, GD, **kw)
    assert r.legal == legal, r.reasons
    assert legal or "so no ghost may stand for another" in r.reasons[0]


# A robbed kong's pong is on the table, so horses of the robbed kind count it with the hand's
# own tiles: 2p x3 in S's pong, the robbed 2p in hand, and a 2p horse would be a fifth.
@pytest.mark.parametrize("hand, kw, refused", [
    pytest.param("123m456m789m11p3pP2p", {"rob_kong": "S", "horses": "2p"}, True,
                 id="rob 2p: a 2p horse is a fifth 2p"),
    pytest.param("123m456m789mEEE2pC", {"rob_kong": "S", "win": "C", "indicator": "N",
                                        "horses": "C"}, True,
                 id="flip 中: rob the 中, a 中 horse is a fifth"),
    pytest.param("123m456m789m11p3pP2p", {"horses": "2p"}, False,
                 id="self-drawn: the 2p horse is the second 2p"),
    pytest.param("123m456m789m11p3pP2p", {"rob_kong": "S", "horses": "3p"}, False,
                 id="rob 2p: a 3p horse is the second 3p"),
])
def test_horses_count_the_robbed_pong(hand, kw, refused):
    kw = {"win": "2p", **kw, "opts": {"horses": len(kw["horses"]) // 2 or 1}}
    if refused:
        with pytest.raises(OptionError, match="pong of it, whose kong was robbed"):
            score(hand, GD, **kw)
    else:
        assert score(hand, GD, **kw).legal


def test_the_robbed_room_is_its_rulesets_own():
    # The guide leaves a robber three 1m, guangdong one: the cut tuples were kept by the
    # rulesets' (equal) tile rooms and the kind alone, so after the guide's robbing win this
    # guangdong hand read 白 as a fifth 1m and won.
    score("1m22334455m66mCCC", "luzhou-guide", win="1m", rob_kong="S")
    r = score("NC5p1mP5p9p1pN9pPPC1p", GD, win="1m", rob_kong="N",
              opts={"seven_pairs": True})
    assert not r.legal


# Seven pairs with the option off said only "no reading as four sets and a pair" (the
# Guangdong player's review): the player holding them is told the option.
@pytest.mark.parametrize("hand", [
    pytest.param("11m22m55p77p99sEECC", id="natural pairs"),
    pytest.param("11m22m55p77p99sEECP", id="a ghost making a pair"),
])
def test_seven_pairs_off_names_the_option(hand):
    r = score(hand, "guangdong")
    assert not r.legal and r.reasons[0].endswith(
        ": seven pairs wins only with option seven_pairs, which is off")
    assert score(hand, "guangdong", opts={"seven_pairs": True}).legal


def test_a_robbed_kong_hand_of_no_pairs_is_not_told_of_seven_pairs():
    # The seven-pairs hint read the hand with the standard shape too, and without the robbed
    # pong's tiles off the table: "seven pairs wins only with option seven_pairs" led nowhere.
    r = score("123m456m789mEEE2pP", "guangdong", win="2p", rob_kong="S")
    assert r.reasons == ("not a winning hand: no reading as four sets and a pair with the "
                         "ghosts standing for allowed tiles: S's pong of 2p and the robbed 2p "
                         "are 4 of the 4, so no ghost may stand for another 2p",)


# A flipped ghost konged as itself left 无鬼加倍 out with no word (the Guangdong player's
# review), where one standing as itself in the concealed hand is explained.
def test_no_ghost_double_not_counted_for_ghosts_konged_as_themselves():
    result = CliRunner().invoke(cli, ["score", "[5555p]", "123m456m789m", "11s", "--indicator",
                                      "4p", "--win", "1s", "--rules", "guangdong"])
    assert result.exit_code == 0 and "Not counted as 无鬼加倍: the hand holds 4 ghost tiles " \
        "(5p), standing as themselves; it counts only with no ghost tile in the hand at all." \
        in result.stdout.splitlines()


def test_a_robbed_konger_pays_each_horse_for_each_share_and_is_told_so():
    # The row said only "names seat E" beside 6 where G9 reads as 2 (the Guangdong player's
    # review): the konger pays all three shares (G7), each horse included.
    r = score("123m456m789m11p3pP2p", "guangdong", win="2p", rob_kong="S", opts={"horses": 1},
              horses="1m")
    row = [p for p in r.payments if p.why.startswith("买马")]
    assert [(p.frm, p.amount, p.why) for p in row] == [
        ("S", 6, "买马: horse tile 1m names seat E, 2 for each of 3 shares")]


# Four ghosts that also make a standard hand were read as 胡牌, the ghosts as 1m (the
# Guangdong player's review): 满鬼 wins at once, whatever the rest (G5), so on a tie it is
# the reading shown, fixed or flipped.
@pytest.mark.parametrize("hand, kw", [
    pytest.param("123m456m789m1pPPPP", {"win": "P"}, id="fixed 白"),
    pytest.param("1111s123m456m78m9p1p", {"win": "1s", "indicator": "9s"}, id="flipped 1s"),
])
def test_a_four_ghost_hand_tied_with_a_standard_reading_is_full_ghost(hand, kw):
    r = score(hand, "guangdong", **kw)
    assert r.legal and [h.id for h in r.patterns] == ["manggui"] and r.value == 2
