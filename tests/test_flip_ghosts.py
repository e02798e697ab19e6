"""翻双鬼 (research 2.4: GG's 翻双鬼), guangdong's house option `flip_ghosts`: with a flipped
indicator, 2 makes the tile after it and the one after that both ghosts (1, the default, is
the seed's one). 满鬼 is four ghost tiles concealed (G5 "all four"), of either kind. The rule is
data: `ghosts: {flips: {option: flip_ghosts}, full_ghost_win: 4}`."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore import score, waits
from mjscore import tiles as T
from mjscore.cli import cli
from mjscore.errors import OptionError, RulesetError
from mjscore.ruleset import load

from .winning_hands import for_each_win

GD = "guangdong"
TWO = {"flip_ghosts": 2}
PLAIN = {"E": 6, "S": -2, "W": -2, "N": -2}  # base 2 from each opponent
DOUBLE = {"E": 12, "S": -4, "W": -4, "N": -4}  # x2: no ghost tile in the hand
NOTHING = {"E": 0, "S": 0, "W": 0, "N": 0}
# W W W only with both 1m and 9m wild (the tiles after 8m): one flip leaves 1m a plain tile.
BOTH = "234m567p789sEEW1m9m"


def run(*args):
    return CliRunner().invoke(cli, list(args))


# (hand, indicator, options, legal, value, every seat's net)
@pytest.mark.parametrize("hand, indicator, opts, legal, value, net", [
    pytest.param(BOTH, "8m", TWO, True, 2, PLAIN, id="8m: 9m and 1m both wild"),
    pytest.param(BOTH, "8m", {}, False, 0, NOTHING, id="8m, one flip: 1m is a plain tile"),
    pytest.param(BOTH, "8m", {"flip_ghosts": "1"}, False, 0, NOTHING, id="one flip given"),
    pytest.param("234m567p789sEEW2s3s", "1s", TWO, True, 2, PLAIN, id="1s: 2s and 3s"),
    pytest.param("234m567p789pEEWCF", "N", TWO, True, 2, PLAIN, id="N: C and F"),
    pytest.param("234m567p789pSSWPE", "F", TWO, True, 2, PLAIN, id="F: P and E, the honours wrap"),
    pytest.param("234m567p789pNNWES", "P", TWO, True, 2, PLAIN, id="P: E and S"),
    pytest.param("234m567p789pNNW1s2s", "9s", TWO, True, 2, PLAIN, id="9s: 1s and 2s"),
    pytest.param("123m456m789m234p55s", "8m", TWO, True, 2, PLAIN,
                 id="second ghost standing as itself: no 无鬼加倍"),
    pytest.param("234m456m789p234p55s", "8m", TWO, True, 4, DOUBLE,
                 id="neither ghost held: 无鬼加倍"),
    pytest.param("[111m] 234p567s789sEE", "8m", TWO, True, 2, PLAIN,
                 id="a pong of the second ghost: a ghost tile held"),
    pytest.param("[111m] 234p567s789sEE", "8m", {}, True, 4, DOUBLE,
                 id="the same pong, one flip: no ghost held"),
    pytest.param("1m1m9m234p567sEEEW9m", "8m", TWO, True, 2, PLAIN,
                 id="满鬼: two 1m and two 9m, won on a ghost"),
    pytest.param("1m1m9m9m234p567sEEE9p", "8m", TWO, False, 0, NOTHING,
                 id="four ghosts won on another tile: won at the fourth ghost already"),
    pytest.param("1m1m9m9m234p567sEEN1m", "8m", TWO, False, 0, NOTHING,
                 id="won on a fifth ghost: won at the fourth already"),
    pytest.param("9m9m1m1m34p567sE[1111s]1m", "8m", TWO, False, 0, NOTHING,
                 id="a kong besides, won on a fifth ghost"),
    pytest.param("1m9m22p55p77s88sEENN", "8m", {**TWO, "seven_pairs": True}, True, 2, PLAIN,
                 id="seven pairs: 9m and 1m a pair of 1m"),
])
def test_two_ghosts_from_one_indicator(hand, indicator, opts, legal, value, net):
    r = score(hand, GD, indicator=indicator, opts=opts)
    assert (r.legal, r.value if r.legal else 0, dict(r.net)) == (legal, value, net), r.reasons
    assert sum(r.net.values()) == 0


def test_full_ghost_counts_four_of_either_kind():
    # Four of the eight ghost tiles: 满鬼; with one flip the same hand is an ordinary win.
    two = score("1m1m9m234p567sEEEW9m", GD, indicator="8m", opts=TWO)
    one = score("1m1m9m234p567sEEEW9m", GD, indicator="8m")
    assert [h.name for h in two.patterns] == ["满鬼"]
    assert [h.name for h in one.patterns] == ["胡牌"]
    late = score("1m1m9m9m234p567sEEE9p", GD, indicator="8m", opts=TWO)
    assert late.reasons == (
        "4 ghosts (9m or 1m) are concealed: 满鬼 (four ghosts concealed) is won on drawing the "
        "fourth ghost, so this hand was won before this tile; write a ghost as the winning "
        "tile (--win 9m or 1m), or, where they were dealt, --heavenly (won on the dealt hand)",)
    fifth = score("1m1m9m9m234p567sEEN1m", GD, indicator="8m", opts=TWO, seat="W")
    assert fifth.reasons == (
        "5 ghosts (9m or 1m) are concealed: 满鬼 (four ghosts concealed) is won on drawing the "
        "fourth ghost, so this hand was won before this tile, when the fourth was drawn, or, "
        "where they were dealt, --earthly (won on the first draw)",)
    # With a meld the hand was not won on the deal: no flag to name.
    assert score("1m1m9m9m234p567s9p [555s]", GD, indicator="8m", opts=TWO,
                 win="9p").reasons[0].endswith("write a ghost as the winning tile (--win 9m or 1m)")
    # Dealt four, a fifth drawn first: 满鬼 on the deal.
    assert score("1m1m9m9m234p567sEEN1m", GD, indicator="8m", opts=TWO, seat="W",
                 earthly=True).patterns[0].name == "满鬼"
    # One flip: every ghost of the set, as before.
    assert score("PPPP234p567sEEE9p", GD).reasons[0].startswith(
        "all 4 ghosts (P) are concealed: 满鬼 (every ghost concealed) is won on drawing the "
        "last ghost")


def test_the_table_names_both_ghosts_in_flip_order():
    res = run("score", BOTH, "--rules", GD, "--indicator", "8m", "--opt", "flip_ghosts=2")
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[:4] == [
        "Hand:     1234m567p789sEEW 9m   (guangdong)",
        "Ghost:    9m 1m (the two tiles after the indicator 8m)",
        "Win:      E by self-draw with 9m",
        "Reading:  234m 567p 789s EE+1m=E W+9m=W"]


@pytest.mark.parametrize("hand, note", [
    pytest.param("111m456m234p234p55s", "the hand holds 3 ghost tiles (1m), standing as "
                 "themselves", id="three 1m, no 9m"),
    pytest.param("[9999m] 456m234p234p55s", "the hand holds 4 ghost tiles (9m), standing as "
                 "themselves", id="a kong of 9m, no 1m"),
    pytest.param("1m9m22p55p77s88sEENN", None, id="9m standing for 1m: not as itself"),
])
def test_no_ghost_note_names_the_kinds_held(hand, note):
    res = run("score", hand, "--rules", GD, "--indicator", "8m", "--opt", "flip_ghosts=2",
              "--opt", "seven_pairs=true")
    assert res.exit_code == 0, res.output
    said = [line for line in res.stdout.splitlines() if line.startswith("Not counted as")]
    assert said == ([f"Not counted as 无鬼加倍: {note}; it counts only with no ghost tile in "
                     "the hand at all."] if note else [])


# A ghost kind's own tiles read as a pair or triplet show as themselves, each kind as its own
# (the decomposer's lowest kind, 1m, made a natural 999m read "9m=1m+9m=1m+9m=1m").
@pytest.mark.parametrize("hand, win, reading", [
    pytest.param("123p456p789p999mEE", "E", "9m=9m+9m=9m+9m=9m 123p 456p 789p EE", id="999m"),
    pytest.param("123p456p789pEEE99m", "9m", "123p 456p 789p EEE 9m=9m+9m=9m", id="99m"),
    pytest.param("123p456p789p111mEE", "E", "1m=1m+1m=1m+1m=1m 123p 456p 789p EE", id="111m"),
    pytest.param("123p456p789p1m9m9mEE", "E", "123p 456p 789p EE+1m=E 9m=9m+9m=9m",
                 id="mixed: a tied reading with the 9m pair as itself"),
])
def test_ghost_kinds_shown_as_themselves(hand, win, reading):
    r = score(hand, GD, win=win, indicator="8m", opts=TWO)
    assert (r.legal, r.value, r.decomposition) == (True, 2, reading)


# A house rule's two fixed ghost kinds alike: 中 (C) and 白 (P) read as themselves, each from
# the chosen reading or one tied with it ("CCC" read 1m+C=1m+C=1m 23m+C=1m).
@pytest.mark.parametrize("hand, reading", [
    pytest.param("123m456m789mCCC1s1s", "123m 456m 789m C=C+C=C+C=C 11s", id="CCC"),
    pytest.param("123m456m789mPPP1s1s", "123m 456m 789m P=P+P=P+P=P 11s", id="PPP"),
    pytest.param("123m456m789s11pPPC", "123m 456m 11p+C=1p 789s P=P+P=P", id="PP beside a C"),
])
def test_two_fixed_ghost_kinds_shown_as_themselves(tmp_path: Path, hand, reading):
    house = tmp_path / "two.yaml"
    house.write_text("extends: guangdong\nname: two-fixed\nghosts: {tiles: [P, C]}\n",
                     encoding="utf-8")
    r = score(hand, str(house))
    assert r.legal and r.decomposition == reading


@pytest.mark.parametrize("indicator, ghosts", [
    pytest.param("N", "C F", id="N"), pytest.param("C", "F P", id="C"),
    pytest.param("F", "P E", id="F"), pytest.param("8m", "9m 1m", id="8m"),
])
def test_rules_show_lists_the_ghosts_as_they_follow(indicator, ghosts):
    res = run("rules", "show", GD, "--opt", f"indicator={indicator}", "--opt", "flip_ghosts=2")
    assert res.exit_code == 0, res.output
    assert f"Ghosts: {ghosts}, the two tiles after the indicator {indicator} " in res.stdout


def test_waits_with_two_ghosts():
    held = waits("1m1m9m9m234p567sEEE", GD, indicator="8m", opts=TWO)
    assert not held.ready and held.full_ghost
    res = run("waits", "1m1m9m9m234p567sEEE", "--rules", GD, "--indicator", "8m",
              "--opt", "flip_ghosts=2")
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[1:] == [
        "Ghost:    9m 1m (the two tiles after the indicator 8m)",
        "Not ready: at least four ghosts are concealed in this hand, which is 满鬼, won when "
        "the fourth of them was drawn."]
    three = waits("1m9m9m234p567sEEEW", GD, indicator="8m", opts=TWO)
    # (Named as the Ghost line names them: in the order they follow the indicator.)
    assert three.ready and three.ghost == "9m or 1m"


def test_rules_show_says_two_ghosts():
    res = run("rules", "show", GD, "--opt", "indicator=8m", "--opt", "flip_ghosts=2")
    assert res.exit_code == 0, res.output
    ghosts = next(line for line in res.stdout.splitlines() if line.startswith("Ghosts:"))
    assert ghosts == (
        "Ghosts: 9m 1m, the two tiles after the indicator 8m (flipped, face up: 3 8m left to "
        "play; --opt ghost=fixed for P), standing for any tile; only themselves in a declared "
        "meld; drawing the fourth of them, to hold four concealed, wins at once (满鬼)")


def test_json_and_batch_agree(tmp_path: Path):
    res = run("score", BOTH, "--rules", GD, "--indicator", "8m", "--opt", "flip_ghosts=2",
              "--format", "json")
    assert res.exit_code == 0 and json.loads(res.stdout)["net"] == PLAIN
    f = tmp_path / "hands.jsonl"
    f.write_text(json.dumps({"hand": BOTH, "rules": GD, "indicator": "8m",
                             "opts": {"flip_ghosts": 2}}) + "\n", encoding="utf-8")
    res = run("batch", str(f), "--format", "jsonl")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout.splitlines()[0])["net"] == PLAIN


ERR = "mjscore: invalid option: "


@pytest.mark.parametrize("args, message", [
    pytest.param(["--opt", "flip_ghosts=2"],
                 "guangdong: flip_ghosts=2 flips the ghost, which needs the indicator tile "
                 "(--indicator TILE)", id="no indicator"),
    pytest.param(["--opt", "flip_ghosts=2", "--opt", "ghost=fixed"],
                 "guangdong: flip_ghosts=2 flips the ghost, which contradicts ghost=fixed",
                 id="a fixed ghost"),
    pytest.param(["--indicator", "8m", "--opt", "flip_ghosts=3"],
                 'option "flip_ghosts" of guangdong: expected an integer 1 to 2, got "3"',
                 id="three flips"),
])
def test_bad_options(args, message):
    res = run("score", BOTH, "--rules", GD, *args)
    assert res.exit_code == 2
    assert res.stderr == ERR + message + "\n"
    assert "Traceback" not in res.output


def test_api_errors():
    with pytest.raises(OptionError, match="needs the indicator tile"):
        score(BOTH, GD, opts=TWO)
    with pytest.raises(OptionError, match="contradicts ghost=fixed"):
        score(BOTH, GD, opts={**TWO, "ghost": "fixed"})


HOUSE = """\
extends: guangdong
name: gd-two
options:
  ghost: {default: flip}
  flip_ghosts: {default: 2}
"""


def test_a_house_rule_flipping_two_by_default(tmp_path: Path):
    house = tmp_path / "gd-two.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    r = score(BOTH, str(house), indicator="8m")
    assert (r.legal, dict(r.net)) == (True, PLAIN)
    res = run("rules", "check", str(house))
    assert res.exit_code == 0, res.output
    # ghost=fixed drops the file's two flips, as it drops a default indicator.
    fixed = score("234m567p789sEEWPP", str(house), opts={"ghost": "fixed"})
    assert fixed.legal and load(str(house), {"ghost": "fixed"}).ghost_kinds == {T.parse_name("P")}


def test_a_house_rule_fixing_the_ghost_drops_the_flips(tmp_path: Path):
    # As it drops the indicator: the ghost never flips, so neither option can apply.
    house = tmp_path / "gd-fixed.yaml"
    house.write_text("extends: guangdong\nname: gd-fixed\ncontext: [discard, kong_draw, "
                     "rob_kong, horses, {kong_from: {option: gangbao_quanbao}}]\n"
                     "ghosts: {mode: fixed}\n", encoding="utf-8")
    res = run("rules", "check", str(house))
    assert res.exit_code == 0, res.output
    assert "indicator, flip_ghosts dropped: ghosts.mode is fixed, so the ghost never flips" \
        in res.stdout
    res = run("score", "123m456m789m234m11m", "--rules", str(house), "--opt", "flip_ghosts=2")
    assert res.exit_code == 2
    assert res.stderr.endswith('option "flip_ghosts" does nothing in ' + str(house)
                               + ": ghosts.mode is fixed, so the ghost never flips\n")


def test_full_ghost_win_past_the_set_is_refused(tmp_path: Path):
    house = tmp_path / "gd-eight.yaml"
    house.write_text("extends: guangdong\nname: gd-eight\nghosts: {full_ghost_win: 8}\n",
                     encoding="utf-8")
    with pytest.raises(RulesetError, match="8 ghost tiles held win at once"):
        load(str(house))
    # With two flips there are eight: every one of them is 满鬼.
    rs = load(str(house), {"indicator": "8m", "flip_ghosts": 2})
    assert rs.full_ghost == 8


GHOST_WRITTEN = re.compile(r"([1-9][mps]|[ESWNCFP])=")


@pytest.mark.parametrize("name, opts", [
    pytest.param(GD, {"ghost": "flip", "indicator": "8m", "flip_ghosts": "2"}, id="翻双鬼 8m"),
    pytest.param(GD, {"ghost": "flip", "indicator": "N", "flip_ghosts": "2"}, id="翻双鬼 N"),
])
def test_a_reading_writes_each_ghost_as_a_tile_the_hand_holds(name, opts):
    # However the ghosts are placed, the reading writes the ghost tiles the hand holds in its
    # concealed tiles, each once: "9m=9m" only where a 9m is there (a meld's are natural).
    rs = load(name, opts)

    def check(built, kw, data):
        r = score(built.text(), name, opts=opts, win=T.name(built.win), **kw)
        if not r.legal or r.top.reading.shape == "full_ghost":
            return
        held = Counter(T.name(k) for k in built.concealed if k in rs.ghost_kinds)
        assert Counter(GHOST_WRITTEN.findall(r.decomposition)) == held, \
            (built.text(), r.decomposition)

    for_each_win(rs, check, 60)


@pytest.mark.parametrize("hand, said", [
    pytest.param("13m58p29sENCS6p [6p6p6p]", "; 满鬼 counts concealed ghosts only, and 3 of the "
                 "4 held are in a declared meld", id="three of four ponged"),
    pytest.param("137m58p29sENCSFP6p", None, id="one flipped ghost: nothing said of 满鬼"),
])
def test_full_ghost_with_ghosts_in_a_meld_says_why_it_is_no_win(hand, said):
    # G5: none spent in a meld. The player holding four 6p, three ponged, claims 满鬼 and
    # heard only "no reading".
    r = score(hand, GD, indicator="5p", win="6p")
    assert not r.legal and r.reasons[0].startswith("not a winning hand: no reading")
    assert (r.reasons[0].endswith(said) if said else "满鬼" not in r.reasons[0])
