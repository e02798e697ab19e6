"""What a player at the table reads off `mjscore score`: how the value was worked out (the
steps added up, base x multipliers + bonuses, a fixed value standing in, a cap a rare hand
raises) and who pays it under which rule. Exact lines through Click's runner."""

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def lines(*args) -> list:
    res = CliRunner().invoke(cli, ["score", *args])
    assert res.exit_code in (0, 1), res.output
    return res.stdout.splitlines()


def line(prefix: str, *args) -> str:
    return next(x for x in lines(*args) if x.startswith(prefix))


GUI = ["111m123m456m789m5pC", "--win", "5p"]
GUIDE = ["--rules", "luzhou-guide"]


@pytest.mark.parametrize("args, want", [
    pytest.param(["123m456m789m11p23pC"], "step 0 = 2 颗 (cap 40)", id="luzhou 平胡"),
    pytest.param(GUI, "1 step = 5 颗 (cap 40)", id="luzhou 闺: one step"),
    pytest.param(["11m22m33m55m77m99m44m"], "6 steps (2 + 2 + 2) = 160 颗 (cap 40) -> 40 颗",
                 id="luzhou 清七对 无鬼: the steps added up, then the cap"),
    pytest.param([*GUI, "--declared"], "报牌 (带名堂) = 40 颗 (in place of 1 step = 5 颗) (cap 40)",
                 id="luzhou 报牌 stands in for what the patterns come to"),
    pytest.param(["11m22m33m55m77m99m44m", "--heavenly", "--opt", "cap=none"],
                 "天胡 = 40 颗 (in place of 6 steps (2 + 2 + 2) = 160 颗) (no cap)",
                 id="luzhou 天胡 in place of 160, uncapped"),
    pytest.param(["(1111m) 234m 567m 123p 55p", *GUIDE, "--kong-draw"],
                 "2 x 2 + 10 = 14 ke (cap 40)", id="guide Example 4: 2 x 2 + 10"),
    pytest.param(["111m123m456m789m55p", *GUIDE], "5 + 10 = 15 ke (cap 40)",
                 id="guide Example 2: 5 + 10"),
    pytest.param(["123m456m789m123p55p", *GUIDE, "--rob-kong", "W", "--win", "3p"],
                 "10 + 10 = 20 ke (cap 40)", id="guide robbing: flat 10 + 10"),
    pytest.param(["11m22m33m44m55mCCFF", *GUIDE],
                 "160 ke (cap 80, raised from 40 by Pure Double Dragon Seven Pairs) -> 80 ke",
                 id="guide rare hand raises the cap"),
    pytest.param(["123m456m789m123p55p", "--rules", "guangdong"], "2 x 2 = 4 (no cap)",
                 id="guangdong no ghost double"),
    pytest.param(["123m456mCFPSS [CF1s]", "--rules", "lanzhou", "--declared"],
                 "1 x 2 x 4 = 8 (no cap)", id="lanzhou self-draw and two dragon sets"),
])
def test_value_line_shows_the_working(args, want):
    assert line("Value:", *args) == f"Value:    {want}"


@pytest.mark.parametrize("args, want", [
    pytest.param(GUI, "S, W and N each pay 5 颗 (every player not yet won).",
                 id="luzhou self-draw"),
    pytest.param([*GUI, "--won", "S,W"], "N pays 5 颗 (every player not yet won; S and W "
                 "already won).", id="luzhou self-draw after two winners"),
    pytest.param([*GUI, "--discard", "S"], "S pays 2 颗 (the discarder).", id="luzhou discard"),
    pytest.param([*GUI, "--rob-kong", "W"], "W pays 5 颗 (the konger, alone).",
                 id="luzhou robbing the kong"),
    pytest.param(["123m456m789m123p55p", "--rules", "guangdong"],
                 "S, W and N each pay 4 (every other player).", id="guangdong self-draw"),
    pytest.param(["123m456m789m11p3pP2p", "--win", "2p", "--rules", "guangdong", "--rob-kong",
                  "S"], "S pays 2 for each of 3 shares, 6 in all (the konger, alone).",
                 id="guangdong robbing: three shares"),
    pytest.param(["123m456m789m123pSS", "--rules", "HOUSE"], "S, W and N each pay 4 for each of "
                 "2 shares, 8 from each (every other player).", id="several payers, two shares"),
])
def test_payer_line_names_the_payers_and_the_rule(tmp_path, args, want):
    house = tmp_path / "two.yaml"  # (a house file: every payer pays two shares)
    house.write_text("extends: guangdong\nname: two\npayers: {self_draw: {who: others, "
                     "shares: 2}}\n", encoding="utf-8")
    out = lines(*[str(house) if a == "HOUSE" else a for a in args])
    assert want in out
    assert not any(x.startswith("Each payer") for x in out)


NOT_LEGAL = """\
Hand:     123456789m112pC 3p   (luzhou)
Win:      E on S's discard with 3p
Reading:  123m 456m 789m 123p 1p+C=1p

Pattern    English    Effect
---------  ---------  --------
平胡       Plain win  step 0

Value:    step 0 = 2 颗 (cap 40)
          halved on a discard-type win -> 1 颗

Not a legal win, so nobody pays:
  - a discard-type win must pay at least 2 颗; this hand pays 1 after halving (1颗不能胡: a hand paying under 2 颗 on a discard, as a 平胡 does, wins by self-draw only)
"""


def test_a_hand_no_legal_win_says_nobody_pays_it():
    """It said "Each payer pays 1 颗." above "Not a legal win": nobody pays such a hand."""
    res = CliRunner().invoke(cli, ["score", "123m456m789m11p23pC", "--win", "3p",
                                   "--discard", "S"])
    assert res.exit_code == 1
    assert res.stdout == NOT_LEGAL


@pytest.mark.parametrize("args, term", [
    pytest.param(["(5555p) 123m456m789m1pC"], "杠上花) with C", id="luzhou: its 杠上花"),
    # (The guide's players learned its English names: names: en.)
    pytest.param(["(1111m) 234m 567m 123p 55p", *GUIDE], "Kong Draw) with 5p",
                 id="guide: its Kong Draw"),
    pytest.param(["(1111s) 123m456m789m5pP", "--rules", "guangdong"], "杠上开花) with P",
                 id="guangdong: its 杠上开花, not Sichuan's 杠上花"),
    pytest.param(["(1111s) 123m456m789m5pP", "--rules", "guangdong", "--opt",
                  "kong_draw_double=false"], "杠上开花) with P",
                 id="guangdong with no kong-draw double"),
    pytest.param(["(1111m) 234p 567p CFP 11s", "--rules", "lanzhou", "--declared"], "杠上开花) with 1s",
                 id="lanzhou: no pattern of its own, the common term"),
])
def test_win_line_names_a_kong_draw_in_the_rulesets_words(args, term):
    """The Win line said 杠上花 in every ruleset, beside guangdong's own 杠上开花 pattern."""
    assert line("Win:", *args, "--kong-draw") == \
        f"Win:      E by self-draw on a kong replacement ({term}"


def _fifth(kind: str, rules: str, pairs: str = " or seven pairs") -> str:
    """The no-reading reason naming a kind held four times that a ghost would make five."""
    return (f"not a winning hand: no reading as four sets and a pair{pairs} with the ghosts "
            f"standing for allowed tiles: it holds every {kind} ({rules} has 4), and a ghost "
            "would have to stand for one more")


@pytest.mark.parametrize("args, reason", [
    pytest.param(["123m456m789mCF11p1s", "--rules", "lanzhou", "--declared", "--discard", "S"],
                 "not a winning hand: no reading as four sets and a pair: the winning 1s came "
                 "from S, and only a 1s the winner drew (幺鸡) may stand in for a dragon",
                 id="lanzhou: a discarded 1s is no 幺鸡"),
    pytest.param(["123m456m789mCF11p1s", "--rules", "lanzhou", "--declared"], None,
                 id="lanzhou: the same 1s self-drawn wins"),
    pytest.param(["234m567m88pC11s 345s", "--rules", "lanzhou", "--declared"],
                 "not a winning hand: no reading as four sets and a pair; a 中发白 set takes one "
                 "1s (幺鸡) at most, for one missing dragon, and this hand needs two",
                 id="lanzhou: C 1s 1s, two 幺鸡 for one set"),
    pytest.param(["234m567m88pC11s 345s", "--rules", "lanzhou", "--declared", "--opt",
                  "xiaoji=false"], "not a winning hand: no reading as four sets and a pair",
                 id="lanzhou: C 1s 1s with no stand-in at all: no word of 幺鸡"),
    pytest.param(["[3333m] {4444p} 789m 11p 5pPP", "--rules", "guangdong", "--indicator", "2m"],
                 "not a winning hand: no reading as four sets and a pair",
                 id="guangdong: its ghosts all konged, none wild: no word of them"),
    pytest.param(["[55pC] 123m456m789m 46p", "--win", "6p"],
                 "not a winning hand: no reading as four sets and a pair",
                 id="luzhou: the ghost in a pong is not wild"),
    pytest.param(["123m456m789m11p25pC", "--win", "5p"],
                 "not a winning hand: no reading as four sets and a pair or seven pairs with "
                 "the ghosts standing for allowed tiles", id="luzhou: a wild ghost that cannot help"),
    pytest.param(["5555p123m456m789mC", "--win", "C"], _fifth("5p", "luzhou"),
                 id="luzhou: no fifth 5p (L2)"),
    pytest.param(["5555p123m456m78mCC", "--win", "8m", "--discard", "S"], _fifth("5p", "luzhou"),
                 id="luzhou: two ghosts, one a fifth 5p"),
    pytest.param(["5555p123m456m789mC", "--win", "C", "--rules", "luzhou-guide"],
                 _fifth("5p", "luzhou-guide"), id="guide: no fifth 5p"),
    pytest.param(["444p123m456m9999m5p", "--rules", "guangdong", "--indicator", "4p"],
                 _fifth("9m", "guangdong", pairs=""), id="guangdong flipped: no fifth 9m"),
    pytest.param(["5555p1234m456m78mC", "--win", "C"],
                 "not a winning hand: no reading as four sets and a pair or seven pairs with "
                 "the ghosts standing for allowed tiles", id="luzhou: every 5p held, no fifth "
                 "would win either: no word of it"),
])
def test_no_reading_says_what_stood_in_the_way(args, reason):
    out = lines(*args)
    assert (f"  - {reason}" in out) if reason else "Not a legal win" not in out, out


def test_side_by_side_shows_each_schools_working():
    """Two schools agreeing on 20 came to it differently (luzhou: 160 capped and halved; the
    guide: 10 + 10), and the table showed only '20 颗' beside '20 ke'."""
    res = CliRunner().invoke(cli, ["score", "11m22m33m55m77m99m44m", "--rules",
                                   "luzhou,luzhou-guide", "--discard", "W"])
    assert res.exit_code == 0
    rows = res.stdout.splitlines()
    i = next(i for i, x in enumerate(rows) if x.startswith("Worked"))
    assert re.split(r" {2,}", rows[i]) == ["Worked", "6 steps (2 + 2 + 2) = 160 颗 (cap 40) -> "
                                           "40 颗", "10 + 10 = 20 ke (cap 40)"]
    assert rows[i + 1].strip() == "halved on a discard-type win -> 20 颗"


@pytest.mark.parametrize("args, title, header", [
    pytest.param([*GUI, "--discard", "S"], "(Pays: from each payer; Worth: before the cap and "
                 "halving):", "     2        5  闺", id="discard: 5 halved to 2, no cap at work"),
    pytest.param(GUI, "(Pays: from each payer; Worth: before the cap):", "     5        5  闺",
                 id="self-draw: nothing halved"),
    # The konger pays three times the Pays column: 'from each payer' alone said once.
    pytest.param(["123m456m789m11p3pP2p", "--win", "2p", "--rules", "guangdong", "--rob-kong",
                  "S"], "(Pays: from each payer, for each of 3 shares; Worth: the same (no cap)):",
                 "     2        2  胡牌", id="guangdong robbing: three shares"),
    # (The output review: "Pays 20" under "nobody pays", and "Pays 1" for the 1 颗 the reason
    # said is too little to be won on.)
    pytest.param(["11m22m33m44m55m66mCC", "--win", "C", "--discard", "S"], "(Value: what each "
                 "payer would pay were it a legal win; Worth: before the cap and halving):",
                 "     20       80  龙 七对 清一色", id="not legal: nobody pays"),
])
def test_explain_names_its_columns_for_what_they_are(args, title, header):
    """--explain headed its columns Value and Uncapped: '2  5' on a discard read as a cap at
    work where the cap was 40 and the hand was halved."""
    out = lines(*args, "--explain")
    i = next(i for i, x in enumerate(out) if x.startswith("Readings that differ"))
    assert out[i].endswith(title)
    assert out[i + 1].split() == ["Pays" if "Pays:" in title else "Value", "Worth", "Patterns",
                                  "Reading"]
    assert out[i + 3].startswith(header)


LANZHOU = ["--rules", "lanzhou", "--declared"]


@pytest.mark.parametrize("args, note", [
    pytest.param(["123m456m789mFPSS C", *LANZHOU, "--discard", "S", "--win", "C"],
                 "Not counted as 中发白: CFP, completed by the winning C taken from S (only a "
                 "set of tiles the winner drew counts).", id="the set the discard completed"),
    pytest.param(["123m456mCFPSS [CF1s]", *LANZHOU, "--discard", "N", "--win", "C"],
                 "Not counted as 中发白: CFP, completed by the winning C taken from N (only a "
                 "set of tiles the winner drew counts).", id="the tossed set still counts"),
    pytest.param(["123m456mSSSCCFP C", *LANZHOU, "--discard", "N", "--win", "C"], None,
                 id="the winning C read in the pair: the set counts, nothing to say"),
    pytest.param(["123m456m789mFPSS C", *LANZHOU, "--win", "C"], None,
                 id="self-drawn: the set counts"),
    # (Two a review said Lanzhou players dispute: a toss of one dragon and two 1s, and the
    # three dragons ponged.)
    pytest.param(["234m567m88p [C1s1s] 345s", *LANZHOU],
                 "Not counted as 中发白: [11sC] is a toss group: a 中发白 set takes one 1s (幺鸡) "
                 "at most, for one missing dragon.", id="one dragon and two 1s tossed"),
    # (A review's: each holds one 1s, and was told it held two; like [CCF], nothing to say.)
    pytest.param(["123m456m789m[C1sE]SS", *LANZHOU, "--win", "S"], None,
                 id="a dragon, a 1s and a wind tossed"),
    pytest.param(["123m456m789m[CC1s]SS", *LANZHOU, "--win", "S"], None,
                 id="two of one dragon and a 1s tossed"),
    pytest.param(["234m88p [CCC] [FFF] [PPP]", *LANZHOU, "--win", "4m"],
                 "Not counted as 中发白: pongs of C, F and P hold no 中发白 set: a set is one of "
                 "each, in a toss group or the concealed hand.", id="three dragons ponged"),
    pytest.param(["[CCC] [FFF] [PPP] CF1s22m", *LANZHOU, "--win", "1s"], None,
                 id="three dragons ponged beside a set that counts: nothing to say"),
])
def test_a_dragon_set_not_counted_is_said_with_its_reason(args, note):
    """A Lanzhou reading showing CFP with no 中发白 row left the player to argue the x2."""
    out = lines(*args)
    assert [x for x in out if x.startswith("Not counted")] == ([note] if note else [])


GHOST_NOTE = ("Not counted as 无鬼加倍: the hand holds 1 ghost tile (5p), standing as itself; "
              "it counts only with no ghost tile in the hand at all.")
FLIP = ["--rules", "guangdong", "--opt", "ghost=flip"]


@pytest.mark.parametrize("args, note", [
    pytest.param(["123m456m789m456p11s", *FLIP, "--indicator", "4p"], GHOST_NOTE,
                 id="a flipped ghost read as itself (G6)"),
    pytest.param(["123m456m789m456p11s", *FLIP, "--indicator", "1s"], None,
                 id="no ghost held: the double is counted"),
    pytest.param(["123m456m789m11pPPP", "--rules", "guangdong"],
                 "Not counted as 无鬼加倍: the hand holds 3 ghost tiles (P), standing as "
                 "themselves; it counts only with no ghost tile in the hand at all.",
                 id="three 白 shown as themselves (as_themselves)"),
    pytest.param(["123m456m789m11p23pP", "--rules", "guangdong"], None,
                 id="a ghost shown standing for another tile: nothing to say"),
    pytest.param(["111m123m456m789m5pC"], None, id="luzhou: a ghost standing for 5p"),
])
def test_a_ghost_read_as_itself_says_why_no_ghost_is_not_counted(args, note):
    """46p+5p=5p shows no ghost standing for another tile, and no 无鬼加倍 row said why."""
    out = lines(*args)
    assert [x for x in out if x.startswith("Not counted")] == ([note] if note else [])


def test_settle_says_the_dragon_set_not_counted_as_score_does(tmp_path):
    """settle's event line read 胡牌 1 with no word of the CFP set the discard completed."""
    rec = tmp_path / "rec.yaml"
    rec.write_text("rules: lanzhou\nseats: {E: 123m456m789mFPSS C}\n"
                   "events: [{win: E, tile: C, from: S, declared: true}]\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["settle", str(rec)])
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[2:5] == [
        "Event 1: E wins on S's discard with C: 胡牌 1", "Reading:  CFP 123m 456m 789m SS",
        "Not counted as 中发白: CFP, completed by the winning C taken from S (only a set of "
        "tiles the winner drew counts)."]


def test_a_dragon_set_a_house_rule_drops_is_not_put_down_to_the_discard(tmp_path):
    """Both sets uncounted by a house rule were said to be 'CFP, CFP, completed by the
    winning P taken from S', one of them drawn whole, and one winning tile completing two."""
    p = tmp_path / "h.yaml"
    p.write_text("extends: lanzhou\nname: h\npatterns:\n  zhongfabai: {win: self_draw}\n",
                 encoding="utf-8")
    out = lines("CFP CF 123m 456m 99s", "P", "--declared", "--discard", "S", "--rules", str(p))
    assert "Value:    1 (no cap)" in out and not [x for x in out if x.startswith("Not counted")]


# Where one name of a pattern stands alone, the guide's is the English its players learned
# (`names: en`); luzhou's the Chinese. They were 平胡, 闺 and 清双龙七对 in the guide too.
# English names have spaces: several are apart by commas ('Basic Win No-Ghost Hand Bonus'
# read as one name), and a count is said in words ('Gui with Self-Draw (3 times)': 'x3' beside
# a value read as a factor).
@pytest.mark.parametrize("args, want", [
    pytest.param(["settle", str(ROOT / "samples/records/guide-example-3.yaml")],
                 "Event 1: N wins on W's discard with 2p: Gui Discard Win 2 ke; S wins on W's "
                 "discard with 2p: Basic Win 2 ke (settled in turn order from W)", id="settle"),
    pytest.param(["waits", "123m456m789m11p2p3p", *GUIDE],
                 "1p           12  Basic Win, No-Ghost Hand Bonus", id="waits"),
    pytest.param(["score", "11112222333m55pC", *GUIDE, "--explain"],
                 "    20       20  Gui with Self-Draw (3 times)  123m 123m 123m 12m+C=3m 55p",
                 id="explain, a count"),
    pytest.param(["score", "11112222333m55pC", "--explain"],
                 "    20       20  闺 (3 times)        123m 123m 123m 12m+C=3m 55p", id="luzhou explain"),
    pytest.param(["score", "11m22m33m44m55mCCFF", *GUIDE, "--explain"],
                 "    10       10  Seven Pairs                     11m 22m 33m 44m 55m C=1p+C=1p FF",
                 id="explain"),
    pytest.param(["waits", "123m456m789m11p2p3p"], "1p           10  无鬼", id="luzhou waits"),
])
def test_a_ruleset_shows_the_names_its_players_use(args, want):
    res = CliRunner().invoke(cli, args)
    assert want in res.stdout.splitlines(), res.stdout


def test_settle_keeps_english_names_apart(tmp_path):
    p = tmp_path / "r.yaml"
    p.write_text("rules: luzhou-guide\nseats:\n  S: 123m456m789m 11p 23p 1p\nevents:\n"
                 "  - {win: S, tile: 1p, from: W}\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["settle", str(p)])
    assert "Event 1: S wins on W's discard with 1p: Basic Win, No-Ghost Hand Bonus 12 ke" \
        in res.stdout.splitlines(), res.stdout


@pytest.mark.parametrize("house, said", [
    pytest.param("names: en\n", "1p           10  No ghost", id="the English names"),
    # A draw rule that leaves not_ready_pays out pays 查大 at a draw (settle's default).
    pytest.param("draw:\n  not_ready_pays: null\n", "查大 (the best wait): 10 颗",
                 id="查大 by the draw rule's default"),
])
def test_a_house_files_waits(tmp_path, house, said):
    p = tmp_path / "h.yaml"
    p.write_text("extends: luzhou\nname: h\n" + house, encoding="utf-8")
    res = CliRunner().invoke(cli, ["waits", "123m456m789m11p2p3p", "--rules", str(p)])
    assert said in res.stdout.splitlines(), res.stdout


@pytest.mark.parametrize("rules, said", [
    pytest.param("luzhou", "查大 (the best wait): 10 颗", id="luzhou: 查大 pays it at a draw"),
    pytest.param("luzhou-guide", "The best wait: 12 ke", id="guide: a flat bonus at a draw"),
    pytest.param("guangdong", "The best wait: 4", id="guangdong: no draw rule"),
])
def test_waits_names_the_best_wait_by_what_it_pays(rules, said):
    res = CliRunner().invoke(cli, ["waits", "123m456m789m11p2p3p", "--rules", rules])
    assert said in res.stdout.splitlines(), res.stdout


def test_the_horses_drawn_are_each_named_with_their_seat():
    # Only the horses naming the winner showed, as payment rows: a player counting them
    # could not see the misses.
    assert line("Horses:", "123m456m789m123p55p", "--rules", "guangdong", "--seat", "S",
                "--dealer", "W", "--opt", "horses=4", "--horses", "3mNSC") == \
        "Horses:   3m names E, N names S, S names N, C names N (dealer W; 1 horse names the winner S)"


# A house file's fraction is rounded down (README, How scoring works 4): the working says so
# rather than `1 x 1.5 x 1.5 = 2`, arithmetic no player can check.
HOUSE = {
    "x1.5": "extends: lanzhou\nname: h\npatterns:\n  zimo: {multiply: 1.5}\n"
            "  zhongfabai: {multiply: 1.5}\n",
    "add 2.5": "extends: luzhou-guide\nname: h\nvalue: {discard_divisor: 3}\n"
               "patterns:\n  no_ghost: {add: 2.5}\n",
    "fixed 10.5": "extends: luzhou\nname: h\npatterns:\n  tianhu: {fixed: 10.5}\n",
    "base 2.5": "extends: luzhou-guide\nname: h\npatterns:\n  basic_win: {base: 2.5}\n"
                "  no_ghost: null\n",
}


@pytest.mark.parametrize("house, args, want", [
    pytest.param("x1.5", ["123m456m789pCFP55s", "--declared"],
                 "1 x 1.5 x 1.5 = 2.25, rounded down to 2 (no cap)", id="multiply 1.5 twice"),
    pytest.param("x1.5", ["123m456m789p234s55s", "--declared"],
                 "1 x 1.5 = 1.5, rounded down to 1 (no cap)", id="multiply 1.5"),
    pytest.param("add 2.5", ["111m234m567m789p55p", "--discard", "S"],
                 "2 + 2.5 = 4.5, rounded down to 4 ke (cap 40)", id="add 2.5"),
    pytest.param("base 2.5", ["111m234m567m789p55p"], "2.5, rounded down to 2 ke (cap 40)",
                 id="one term"),
    pytest.param("fixed 10.5", ["111m222m333m789p55p", "--heavenly"],
                 "天胡 = 10.5, rounded down to 10 颗 (in place of 2 steps = 10 颗) (cap 40)",
                 id="fixed 10.5"),
    pytest.param("x1.5", ["123m456m789p234s55s", "--declared", "--discard", "S"],
                 "1 (no cap)", id="whole numbers say no rounding"),
])
def test_value_line_says_a_fraction_is_rounded_down(tmp_path, house, args, want):
    p = tmp_path / "h.yaml"
    p.write_text(HOUSE[house], encoding="utf-8")
    assert line("Value:", *args, "--win", args[0][-2:], "--rules", str(p)) == f"Value:    {want}"


@pytest.mark.parametrize("amounts, value, working", [
    pytest.param("{hu: {base: 100}, wugui: {multiply: 1.15}}", 115, "100 x 1.15 = 115",
                 id="100 x 1.15"),
    pytest.param("{hu: {base: 100}, wugui: {multiply: 1.1}, gangkai: {multiply: 1.1}}", 121,
                 "100 x 1.1 x 1.1 = 121", id="100 x 1.1 x 1.1"),
    pytest.param("{hu: {base: 144715.8}, wugui: {multiply: 163870}}", 23714578146,
                 "144715.8 x 163870 = 23714578146", id="a large product"),
    pytest.param("{hu: {base: 1.1}, wugui: {multiply: 1.1}}", 1,
                 "1.1 x 1.1 = 1.21, rounded down to 1", id="a fraction still rounds down"),
    # Read as a float, 2.99999999999999999 was 3.0: 100 x 3 = 300, one more than it comes to.
    pytest.param("{hu: {base: 100}, wugui: {multiply: 2.99999999999999999}}", 299,
                 "100 x 2.99999999999999999 = 299.999999999999999, rounded down to 299",
                 id="more digits than a float holds"),
    pytest.param("{hu: {base: 1.23456789012}, wugui: {multiply: 1.987654321098}}", 2,
                 "1.23456789012 x 1.987654321098 = 2.453894..., rounded down to 2",
                 id="a long product cut after six places"),
])
def test_a_decimal_amount_is_worked_as_written_not_as_a_binary_float(tmp_path, amounts, value,
                                                                     working):
    # 100 x 1.15 was 114.99999999999999 in floats, rounded down to 114: a wrong number, and
    # a working line no player could check ("100 x 1.15 = 115, rounded down to 114").
    p = tmp_path / "h.yaml"
    p.write_text(f"extends: guangdong\nname: h\npatterns: {amounts}\n", encoding="utf-8")
    hand = ["123m456m789m123p55p", "--rules", str(p)]
    args = hand + (["--kong-draw"] if "gangkai" in amounts else [])
    if "gangkai" in amounts:
        args[0] = "123m456m789m55p (1111p)"
    assert line("Value:", *args) == f"Value:    {working} (no cap)"
    res = CliRunner().invoke(cli, ["score", *args, "--format", "json"])
    assert json.loads(res.stdout)["value"] == value, res.output


# A house file's payer rule names the seat the tile came from, whichever word it uses.
@pytest.mark.parametrize("how, want", [
    pytest.param(["--rob-kong", "W"], "W pays 5 颗 (the konger, alone).",
                 id="rob_kong: {who: discarder}"),
    pytest.param(["--discard", "W"], "W pays 2 颗 (the discarder).", id="discard: {who: konger}"),
])
def test_payer_line_names_the_seat_the_tile_came_from(tmp_path, how, want):
    p = tmp_path / "h.yaml"
    p.write_text("extends: luzhou\nname: h\npayers:\n  rob_kong: {who: discarder}\n"
                 "  discard: {who: konger}\n", encoding="utf-8")
    assert want in lines(*GUI, *how, "--rules", str(p))


# The discarder pays whoever has won; "S already won" belongs only to a rule that exempts
# the winners.
@pytest.mark.parametrize("args, want", [
    pytest.param(["111m123m456m789m5pC", "--win", "5p", "--discard", "S", "--won", "W"],
                 "S pays 2 颗 (the discarder).", id="luzhou discard after a win: no exemption"),
])
def test_payer_line_names_who_already_won_only_where_it_exempts_them(args, want):
    assert want in lines(*args)


HOUSE_WORKING = {
    # Two flat values: the larger stands.
    "two flats": "extends: luzhou-guide\nname: h\npatterns:\n  basic_win: {flat: 30}\n",
    # A bonus for each gui, times their count.
    "a bonus each": "extends: luzhou-guide\nname: h\npatterns:\n"
                    "  gui_self_draw: {add: 5, each_more: null}\n",
    # Two patterns raising the cap: only the one raising it to the cap used is named.
    "two raisers": "extends: luzhou-guide\nname: h\npatterns:\n  no_ghost: {raises_cap: 60}\n",
}


@pytest.mark.parametrize("house, args, want", [
    pytest.param("two flats", ["123m456m789m11p23p1p", "--rob-kong", "W"],
                 "30 + 10 = 40 ke (cap 40)", id="flat 30 and flat 10: 30 stands"),
    pytest.param("a bonus each", ["1111m23m444p456p99p"], "2 + 10 + 10 = 22 ke (cap 40)",
                 id="+5 for each of two gui: + 10"),
    pytest.param("two raisers", ["1111m2222m33m44m55m"],
                 "160 + 10 = 170 ke (cap 80, raised from 40 by Pure Double Gui Pair) -> 80 ke",
                 id="raised to 80 and to 60: only the 80 is named"),
])
def test_value_line_of_a_house_rule(tmp_path, house, args, want):
    p = tmp_path / "h.yaml"
    p.write_text(HOUSE_WORKING[house], encoding="utf-8")
    assert line("Value:", *args, "--rules", str(p)) == f"Value:    {want}"


# A set the house rule drops that the winning tile did not complete: nothing to say (a
# search for the set holding the winning tile would find none).
def test_a_dragon_set_drawn_whole_and_dropped_by_a_house_rule_is_not_explained(tmp_path):
    p = tmp_path / "h.yaml"
    p.write_text("extends: lanzhou\nname: h\npatterns:\n  zhongfabai: {win: self_draw}\n",
                 encoding="utf-8")
    out = lines("CFP 123m 456m 789m 9s", "9s", "--declared", "--discard", "S", "--rules", str(p))
    assert "Value:    1 (no cap)" in out and not [x for x in out if x.startswith("Not counted")]


@pytest.mark.parametrize("args, head", [
    pytest.param(["111m123m456m789m5pC", "--win", "5p", "--discard", "S"],
                 "Readings that differ in patterns or value: none but the chosen one (",
                 id="one reading: told as the only one"),
    pytest.param(["111m222m33p44p55pCC"],
                 "Readings that differ in patterns or value (4), best first (",
                 id="several: counted"),
])
def test_explain_heading_tells_the_chosen_reading_alone_as_such(args, head):
    # "Readings that differ in patterns or value (1)" over the reading already shown above
    # was read by two reviewers as a second reading, or as none differing.
    out = lines(*args, "--explain")
    assert sum(x.startswith(head) for x in out) == 1, out
