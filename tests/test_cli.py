"""The `mjscore` command: exact output for a hand with a single reading, exit codes, the JSON
fields CONTRACT lists, and `python -m mjscore`."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore import score
from mjscore.errors import MjscoreError
from mjscore.cli import cli

# 无鬼大对子: no ghost and only one reading, so the decomposition text is fixed.
ROOT = Path(__file__).resolve().parent.parent
UNIQUE = "111m222m333p444p55p"

TABLE = """\
Hand:     111222m33344455p   (luzhou)
Win:      E by self-draw with 5p
Reading:  111m 222m 333p 444p 55p

Pattern    English       Effect
---------  ------------  --------
大对子     All triplets  +2 steps
无鬼       No ghost      +2 steps

Value:    4 steps (2 + 2) = 40 颗 (cap 40)
S, W and N each pay 40 颗 (every player not yet won).

Seat      Pays    Receives    Net
------  ------  ----------  -----
E            0         120   +120
S           40           0    -40
W           40           0    -40
N           40           0    -40
"""

CONTRACT_JSON = {
    "ruleset": "luzhou",
    "legal": True,
    "reasons": [],
    "value": 40,
    "patterns": [
        {"id": "daduizi", "name": "大对子", "en": "All triplets", "effect": "+2 steps"},
        {"id": "wugui", "name": "无鬼", "en": "No ghost", "effect": "+2 steps"},
    ],
    "decomposition": "111m 222m 333p 444p 55p",
    "payments": [
        {"from": "S", "to": "E", "amount": 40, "why": "hand value"},
        {"from": "W", "to": "E", "amount": 40, "why": "hand value"},
        {"from": "N", "to": "E", "amount": 40, "why": "hand value"},
    ],
    "net": {"E": 120, "S": -40, "W": -40, "N": -40},
}


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_table_output_exact():
    result = run("score", UNIQUE)
    assert result.exit_code == 0, result.output
    assert result.stdout == TABLE
    assert result.stderr == ""


def test_json_output_exact_contract_fields():
    result = run("score", UNIQUE, "--format", "json")
    assert result.exit_code == 0, result.output
    d = json.loads(result.stdout)
    assert {k: d[k] for k in CONTRACT_JSON} == CONTRACT_JSON
    assert d == score(UNIQUE).to_dict()


@pytest.mark.parametrize("args", [
    pytest.param([UNIQUE], id="legal self-draw"),
    pytest.param(["111m123m456m789m5pC", "--win", "5p", "--discard", "S", "--opt",
                  "ghosts=8", "--ghosts-drawn", "6"], id="legal discard with 喜钱"),
    pytest.param(["123m456m789p234pC5p", "--discard", "S"], id="not legal: 1颗"),
    pytest.param(["123m456p789s234m55m"], id="not legal: 花猫"),
])
def test_json_fields_are_exactly_the_contract_ones(args):
    result = run("score", *args, "--format", "json")
    d = json.loads(result.stdout)
    assert set(CONTRACT_JSON) <= set(d)
    assert isinstance(d["legal"], bool) and isinstance(d["value"], int)
    assert all(isinstance(r, str) for r in d["reasons"])
    assert (d["reasons"] == []) == d["legal"]
    for p in d["patterns"]:
        assert list(p) == ["id", "name", "en", "effect"]
    for p in d["payments"]:
        assert list(p) == ["from", "to", "amount", "why"]
    assert list(d["net"]) == ["E", "S", "W", "N"]
    assert sum(d["net"].values()) == 0
    assert result.exit_code == (0 if d["legal"] else 1)


@pytest.mark.parametrize("args, cap", [
    pytest.param(["111m234m567m789p5p6p"], 40, id="no reading: luzhou's cap"),
    pytest.param(["123m456p789s234m55m"], 40, id="花猫: luzhou's cap"),
    pytest.param(["111m234m567m789p5p6p", "--opt", "cap=100"], 100, id="no reading: cap=100"),
    pytest.param(["111m234m567m789p5p6p", "--rules", "guangdong"], None,
                 id="no reading: guangdong is uncapped"),
    pytest.param(["123m456m789p234pC5p", "--discard", "S"], 40, id="a reading's cap (1颗)"),
])
def test_json_cap_of_a_hand_that_is_no_legal_win_is_the_rulesets(args, cap):
    # It was null where no reading was made, which elsewhere says the ruleset is uncapped.
    d = json.loads(run("score", *args, "--format", "json").stdout)
    assert (d["legal"], d["cap"]) == (False, cap)


def test_json_extras_are_separate_rows():
    result = run("score", "111m123m456m789m5pC", "--win", "5p", "--discard", "S",
                 "--opt", "ghosts=8", "--ghosts-drawn", "6", "--format", "json")
    d = json.loads(result.stdout)
    assert d["value"] == 2
    rows = sorted((p["from"], p["amount"]) for p in d["payments"])
    assert rows == [("N", 20), ("S", 2), ("S", 20), ("W", 20)]
    assert d["net"] == {"E": 62, "S": -22, "W": -20, "N": -20}


# (arguments, exit code)
EXIT_CODES = [
    pytest.param(["score", UNIQUE], 0, id="0: scored"),
    pytest.param(["score", "111m123m456m789m5pC", "--win", "5p", "--discard", "S"], 0,
                 id="0: 闺 放炮"),
    pytest.param(["score", "147m258m369p147p99m"], 1, id="1: not a winning shape"),
    pytest.param(["score", "111m123m456m789m5pC", "--discard", "S"], 1, id="1: discarded 红中"),
    pytest.param(["score", "111m123m456m789m5q"], 2, id="2: notation"),
    pytest.param(["score", UNIQUE, "--opt", "cap=x"], 2, id="2: option"),
    pytest.param(["score", UNIQUE, "--rules", "nosuch"], 2, id="2: ruleset"),
    pytest.param(["score", UNIQUE, "--format", "xml"], 2, id="2: command line"),
    pytest.param(["rules", "list"], 0, id="0: rules list"),
    pytest.param(["rules", "check", "nosuch.yaml"], 2, id="2: rules check of a missing file"),
]


@pytest.mark.parametrize("args, code", EXIT_CODES)
def test_exit_codes(args, code):
    result = run(*args)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("args, line", [
    pytest.param([], "wugui_steps      2       1, 2, 3", id="the ruleset's own"),
    pytest.param(["--opt", "wugui_steps=1"], "wugui_steps      1       1, 2, 3", id="--opt"),
])
def test_explain_shows_the_options_the_value_was_worked_out_with(args, line):
    # A dispute over 无鬼 (2 steps, or the seed's note's x2) is over an option: --explain
    # names it, its ruling and the other values, as rules show does.
    result = run("score", "111m123m456m789m55p", "--explain", *args)
    lines = result.stdout.splitlines()
    heading = lines.index("Options played (--opt KEY=VALUE plays another allowed value; "
                          "`mjscore rules show luzhou` explains each):")
    assert lines[heading + 1].split() == ["Option", "Now", "Allowed", "Origin", "Ruling",
                                          "Meaning"]
    assert any(x.startswith(line) and "L7" in x for x in lines[heading:])
    data = json.loads(run("score", "111m123m456m789m55p", "--explain", "--format", "json",
                          *args).stdout)
    assert (data["options"]["wugui_steps"], data["options"]["cap"]) == (int(line.split()[1]), 40)


def test_explain_lists_readings_best_first():
    # 11223344556677m: 清七对无鬼 160 (capped 40) or 清一色无鬼 123m 123m 456m 456m 77m, 40
    result = run("score", "11223344556677m", "--explain")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Readings"))
    rule = next(i for i in range(start, len(lines)) if lines[i].startswith("---"))
    end = lines.index("", rule)  # (the options played follow)
    rows = [line.split() for line in lines[rule + 1:end]]
    assert [(int(r[0]), int(r[1])) for r in rows] == [(40, 160), (40, 40)]
    assert "七对" in rows[0] and "七对" not in rows[1]


def test_explain_of_a_hand_that_is_no_win_says_which_swap_makes_one():
    # The player told "not a winning hand" asks what it lacks: 24p 6p beside 11p.
    result = run("score", "123m456m789m11p24p6p", "--explain")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    start = lines.index("One tile from a win: each held tile that, given up for another, "
                        "makes it one")
    assert lines[start + 1:start + 6] == [
        "(valued as `mjscore waits` values a wait: a self-draw with no situational bonus, "
        "capped):",
        "Give up    Take      Value  Patterns",
        "---------  ------  -------  ----------",
        "2p         5p           10  无鬼",
        "6p         3p           10  无鬼"]
    data = json.loads(run("score", "123m456m789m11p24p6p", "--explain", "--format",
                          "json").stdout)
    assert [(x["out"], x["in"], x["value"]) for x in data["swaps"]] == [("2p", "5p", 10),
                                                                         ("6p", "3p", 10)]


@pytest.mark.parametrize("hand, said", [
    pytest.param("1234567m11p23p4s5sC", "No one held tile given up for another makes this "
                 "hand a win.", id="three suits: two tiles wrong"),
    pytest.param("1m3m6m6m6m6m8m9m7p8p8pCCC", "... and 31 more (`--format json` lists every "
                 "one)", id="43 swaps: the first 12 shown"),
])
def test_explain_swaps_none_or_more_than_shown(hand, said):
    assert said in run("score", hand, "--explain").stdout.splitlines()


def test_explain_marks_a_reading_that_would_pay_under_the_discard_minimum():
    # 平胡 read so pays 1颗 on N's discard, no legal win (the 1颗 rule): it sat under "Pays"
    # as if it paid.
    lines = run("score", "[222m]", "111m333p44p5pCC", "--discard", "N", "--win", "5p",
                "--explain").stdout.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("Readings that differ"))
    assert lines[start + 3:start + 7] == [
        "         5       10  大对子      111m 333p 44p+C=4p 5p+C=5p [222m]",
        "         2        5  闺          111m 34p+C=2p 345p 3p+C=3p [222m]",
        "1 (no win)        2  平胡        111m 34p+C=2p 45p+C=6p 33p [222m]",
        "(no win): a discard-type win must pay at least 2 颗; read so, the hand would be no "
        "legal win"]


@pytest.mark.parametrize("rules, robbed", [
    pytest.param("luzhou", ["Robbed:   this hand holds every 7p, so N's kong can only have "
                            "been a pong of one 7p and two", "          ghosts (C) with a ghost "
                            "added, whose 7p this win took"], id="luzhou: said (L14)"),
    pytest.param("luzhou-guide", None, id="the guide: refused"),
])
def test_robbing_with_every_copy_held_says_what_the_kong_was(rules, robbed):
    # 7777p held: N's pong held a 7p, so only a 红中 added and a 7p taken (L14) makes it a win,
    # which the table left unsaid; the guide, no ghost robbed as a stand-in, refuses it.
    result = run("score", "234m567m777p789p22p", "--win", "7p", "--rob-kong", "N", "--rules",
                 rules)
    if robbed is None:
        assert result.exit_code == 2 and "already holds 4 of the 4" in result.output
        return
    assert result.stdout.splitlines()[2:4] == robbed and result.exit_code == 0
    plain = run("score", "234m567m777p789p22p", "--win", "2p", "--rob-kong", "N")
    assert "Robbed:" not in plain.stdout and plain.exit_code == 0
    # Three 7p held: N's pong may keep the fourth, so nothing need be said of it (a mutation
    # of robbed_ghost_words' <= went unseen).
    three = run("score", "234m567m789m777p22p", "--win", "7p", "--rob-kong", "N")
    assert "Robbed:" not in three.stdout and three.exit_code == 0


@pytest.mark.parametrize("args, first", [
    pytest.param(["PPP1m5m9m2p6p9p4pES3m8p", "--rules", "guangdong"], ("1m", "P", 2),
                 id="guangdong: the fourth 白 is 满鬼"),
    pytest.param(["444p1m5m9m2p6p9p5pES3m8p", "--rules", "guangdong", "--opt", "ghost=flip",
                  "--indicator", "3p"], ("1m", "4p", 2), id="a flipped ghost: the fourth 4p"),
])
def test_explain_swaps_list_the_ghost_that_alone_completes_the_rest(args, first):
    # 满鬼 wins whatever the rest holds: "No one held tile ... makes this hand a win" was
    # wrong, the swaps listing no ghost taken in.
    data = json.loads(run("score", *args, "--explain", "--format", "json").stdout)
    assert (data["swaps"][0]["out"], data["swaps"][0]["in"], data["swaps"][0]["value"]) == first
    assert data["swaps"][0]["patterns"][0]["id"] == "manggui"


def test_explain_swaps_list_each_ghost_kind_that_completes_full_ghost():
    # 翻双鬼 (flip_ghosts=2): 9s and 1s are both ghosts, and either completes 满鬼; only the
    # first was listed.
    data = json.loads(run("score", "1s9s9s147m258p36sESW", "--rules", "guangdong", "--opt",
                          "ghost=flip", "--indicator", "8s", "--opt", "flip_ghosts=2",
                          "--explain", "--format", "json").stdout)
    assert {x["in"] for x in data["swaps"] if x["out"] == "1m"} == {"9s", "1s"}


def test_explain_swaps_of_a_lanzhou_hand_say_each_needs_declaring():
    lines = run("score", "11223344556678m", "--rules", "lanzhou", "--explain").stdout
    assert "Each is won only declared (报章: score --declared)." in lines.splitlines()


def test_a_hand_no_reading_wins_says_where_its_swaps_are_listed():
    lines = run("score", "123m456m789m11p24p6p").stdout.splitlines()
    assert lines[-1] == "`--explain` lists each held tile that, given up for another, would " \
        "make it a win, if any."


def test_a_robbed_kong_lists_no_swaps():
    # The robbed tile is fixed and the pong on the table limits the ghosts: plain waits
    # listed 51 swaps, 11 of them taking a fifth 2p.
    args = ["123m456m789mEEE2pP", "--win", "2p", "--rob-kong", "S", "--rules", "guangdong"]
    assert "One tile from a win" not in run("score", *args, "--explain").stdout
    assert "--explain` lists" not in run("score", *args).stdout
    assert json.loads(run("score", *args, "--explain", "--format", "json").stdout)[
        "swaps"] == []


def test_no_robbed_line_where_no_ghost_sits_in_a_pong(tmp_path, monkeypatch):
    # A house luzhou with ghosts natural in melds: the pong held no 红中, and the line said
    # it did (of a hand holding two 3m, not four).
    monkeypatch.chdir(tmp_path)
    (tmp_path / "h.yaml").write_text("extends: luzhou\nname: h\nghosts:\n  in_melds: natural\n",
                                     encoding="utf-8")
    result = run("score", "11m234m567m999m45m3m", "--rob-kong", "S", "--rules", "h.yaml")
    assert result.exit_code == 0 and "Robbed:" not in result.stdout


def test_explain_of_a_win_lists_no_swaps():
    result = run("score", "111m123m456m789m5pC", "--win", "5p", "--explain")
    assert "One tile from a win" not in result.stdout and result.exit_code == 0
    data = json.loads(run("score", "111m123m456m789m5pC", "--win", "5p", "--explain",
                          "--format", "json").stdout)
    assert data["swaps"] == []


def test_table_shows_cap_and_halving():
    result = run("score", "[1111m] [2222m] [3333p] 444pC5p", "--win", "5p", "--discard", "S")
    assert result.exit_code == 0
    assert "Value:    5 steps (3 + 2) = 80 颗 (cap 40) -> 40 颗" in result.stdout
    assert "halved on a discard-type win -> 20 颗" in result.stdout
    assert "S pays 20 颗 (the discarder)." in result.stdout


# The words of a discard-type win's division follow the ruleset's discard_divisor (2 halves).
@pytest.mark.parametrize("divisor, line, reason", [
    pytest.param(2, "          halved on a discard-type win -> 20 颗", "pays 20 after halving",
                 id="2: halved"),
    pytest.param(3, "          divided by 3 on a discard-type win, rounded down -> 13 颗",
                 "pays 13 after dividing by 3", id="3: divided by 3"),
    pytest.param(1, None, "pays 40", id="1: nothing divided, nothing said"),
])
def test_division_words_follow_the_divisor(tmp_path, divisor, line, reason):
    rules = tmp_path / "d.yaml"
    rules.write_text(f"extends: luzhou\nname: d\nvalue:\n  discard_divisor: {divisor}\n",
                     encoding="utf-8")
    hand = ["score", "11m22m33m55m77m99m4mC", "--win", "4m", "--discard", "S", "--rules",
            str(rules)]
    shown = run(*hand).stdout.splitlines()
    assert line in shown if line else not any("on a discard-type win" in s for s in shown)
    refused = run(*hand, "--opt", "min_discard_win=100")
    assert refused.exit_code == 1
    assert f"this hand {reason}\n" in refused.stdout  # (not 1颗不能胡: the house minimum)


def test_the_1_ke_rule_is_named_where_it_refuses_the_hand():
    result = run("score", "123456m234789pC5p", "--win", "5p", "--discard", "S")
    assert result.exit_code == 1
    assert "this hand pays 1 after halving (1颗不能胡: a hand paying under 2 颗 on a " \
        "discard, as a 平胡 does, wins by self-draw only)" in \
        result.stdout


def test_chinese_hand_on_the_command_line():
    result = run("score", "一一一万123m456m789m5筒红中", "--win", "5筒", "--format", "json")
    assert result.exit_code == 0, result.output
    d = json.loads(result.stdout)
    assert d["value"] == 5 and d["hand"] == "111123456789mC 5p"


def test_python_dash_m_help():
    proc = subprocess.run([sys.executable, "-m", "mjscore", "--help"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "score" in proc.stdout and "rules" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_python_dash_m_scores():
    proc = subprocess.run([sys.executable, "-m", "mjscore", "score", UNIQUE, "--format", "json"],
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["value"] == 40


def test_python_dash_m_bad_input():
    proc = subprocess.run([sys.executable, "-m", "mjscore", "score", "111m123m456m789m5q"],
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


@pytest.mark.parametrize("hand", [
    pytest.param("[1111m] 234m567m789mC5m", id="清一色 with a ghost, several readings"),
    pytest.param("CC123m456m789m23m4m", id="two ghosts"),
])
def test_same_input_same_reading_across_processes(hand):
    # CONTRACT: when readings tie, the choice is deterministic (not hash-order dependent).
    import os
    outs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        proc = subprocess.run([sys.executable, "-m", "mjscore", "score", hand, "--format", "json",
                               "--opt", "ghosts=8"],
                              capture_output=True, text=True, encoding="utf-8", env=env,
                              timeout=60)
        assert proc.returncode == 0, proc.stderr
        d = json.loads(proc.stdout)
        outs.add((d["value"], d["decomposition"]))
    assert len(outs) == 1


@pytest.mark.parametrize("args, stream", [
    pytest.param(["--help"], "stdout", id="help"),
    pytest.param(["--version"], "stdout", id="version"),
    pytest.param(["score", "111m123m456m789m5pC"], "stdout", id="a score"),
    pytest.param(["score", "123q"], "stderr", id="bad input's message"),
    pytest.param(["score", "--bogus"], "stderr", id="a usage error"),
])
def test_a_closed_pipe_ends_any_command_with_141(args, stream):
    # (Not 1, which says a hand was not legal, nor 2, nor a traceback no one can read.)
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader gone before a byte is written
    other = "stderr" if stream == "stdout" else "stdout"
    try:
        proc = subprocess.run([sys.executable, "-m", "mjscore", *args], timeout=60,
                              **{stream: write_end, other: subprocess.PIPE})
    finally:
        os.close(write_end)
    assert proc.returncode == 141
    assert b"Traceback" not in (proc.stderr or b"")


@pytest.mark.parametrize("args, closed, code", [
    pytest.param(["score", "111m123m456m789m5pC"], 1, 141, id="a score, no stdout"),
    pytest.param(["batch", "-", "--format", "jsonl"], 1, 141, id="a batch's rows, no stdout"),
    pytest.param(["batch", "-"], 1, 141, id="a batch's table, no stdout"),
    pytest.param(["--help"], 1, 141, id="help, no stdout"),
    pytest.param(["score", "123q"], 2, 141, id="bad input's message, no stderr"),
    pytest.param(["score", "--bogus"], 2, 141, id="a usage error, no stderr"),
    pytest.param(["score", "111m123m456m789m5pC"], 2, 0, id="a score needs no stderr"),
])
def test_a_closed_stream_is_a_closed_pipe(args, closed, code):
    # `>&-`: Python gives None for the stream, which Click wrote nothing to (exit 0, the
    # output lost) and a batch failed on with a traceback (exit 1). Only what is written
    # there stops the run.
    proc = subprocess.run([sys.executable, "-m", "mjscore", *args], timeout=60,
                          input=b'{"hand": "111m123m456m789m5pC"}\n', capture_output=closed == 1,
                          preexec_fn=lambda: os.close(closed))
    assert proc.returncode == code
    assert b"Traceback" not in (proc.stderr or b"")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
# (Bad input is 2 whether or not its message could be written: 141, which it was, says the
# reader went away; the fuzz review.)
@pytest.mark.parametrize("args, code", [
    pytest.param(["score", "123q"], 2, id="bad input's message"),
    pytest.param(["score", "--bogus"], 2, id="a usage error"),
    pytest.param(["batch", str(Path(__file__).resolve().parents[1] / "samples" / "hands.yaml")],
                 2, id="a batch's bad records"),
    pytest.param(["score", "123m456m789m11p2pC"], 2, id="a hand of 13"),
])
def test_an_error_message_that_cannot_be_written_keeps_its_status(args, code):
    with open("/dev/full", "wb") as full:
        proc = subprocess.run([sys.executable, "-m", "mjscore", *args], timeout=60,
                              stdout=subprocess.PIPE, stderr=full)
    assert proc.returncode == code


# Output into a full disk is exit 2 with one line (README, "Exit codes"): the output still
# buffered was written again at exit, where Python printed its own error and exited 120.
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [
    pytest.param(["score", "111m123m456m789m5pC"], id="score"),
    pytest.param(["score", "111m123m456m789m5pC", "--format", "json"], id="score json"),
    pytest.param(["waits", "111m123m456m789mC"], id="waits"),
    pytest.param(["settle", "samples/records/guide-example-3.yaml"], id="settle"),
    pytest.param(["rules", "list"], id="rules list"),
    pytest.param(["batch", "samples/hands.jsonl"], id="batch table"),
    pytest.param(["batch", "samples/hands.jsonl", "--format", "jsonl"], id="batch jsonl"),
])
def test_output_into_a_full_disk_is_exit_2_with_one_line(args):
    with open("/dev/full", "wb") as full:
        proc = subprocess.run([sys.executable, "-m", "mjscore", *args], timeout=60, cwd=ROOT,
                              stdout=full, stderr=subprocess.PIPE)
    # (A batch's table names its bad records on stderr before it writes the rows.)
    lines = [x for x in proc.stderr.decode().splitlines() if not x.startswith("samples/")]
    assert (proc.returncode, lines) == \
        (2, ["mjscore: cannot write the output: No space left on device"])


# Output redirected on Windows is in cp1252, which has no Chinese: the first pattern name
# stopped `score` with a traceback. Such a stream writes UTF-8; GBK, which has Chinese, is kept.
@pytest.mark.parametrize("encoding, read_as, args", [
    pytest.param("cp1252", "utf-8", ["score", UNIQUE], id="windows-redirect"),
    pytest.param("latin-1", "utf-8", ["rules", "show", "luzhou"], id="latin-1-locale"),
    pytest.param("cp1252", "utf-8", ["score", UNIQUE, "--format", "json"], id="json"),
    pytest.param("cp1252", "utf-8", ["batch", "-", "--format", "jsonl"], id="batch"),
    pytest.param("ascii", "utf-8", ["score", UNIQUE], id="ascii"),
    pytest.param("gbk", "gbk", ["score", UNIQUE], id="gbk-kept"),
    pytest.param("utf-8", "utf-8", ["score", UNIQUE], id="utf-8"),
])
def test_output_in_an_encoding_without_chinese(encoding, read_as, args):
    proc = subprocess.run([sys.executable, "-m", "mjscore", *args], timeout=60,
                          input=f'{{"hand": "{UNIQUE}"}}\n'.encode(), capture_output=True,
                          env={**os.environ, "PYTHONIOENCODING": encoding})
    assert (proc.returncode, b"Traceback" in proc.stderr) == (0, False)
    assert re.search("[\u4e00-\u9fff]", proc.stdout.decode(read_as))


@pytest.mark.parametrize("encoding, read_as, args, shown", [
    pytest.param("cp1252", "utf-8", ["score", UNIQUE, "--win", "闺"], '"闺"', id="message"),
    # A house ruleset's title holding a character GBK lacks: "?" there, not a traceback.
    pytest.param("gbk", "gbk", ["rules", "show", "house.yaml"], "House ? rules", id="gbk-lacks"),
])
def test_text_an_encoding_cannot_write(tmp_path, encoding, read_as, args, shown):
    (tmp_path / "house.yaml").write_text('extends: luzhou\ntitle: "House 🀄 rules"\n',
                                         encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "mjscore", *args], timeout=60, cwd=tmp_path,
                          capture_output=True, env={**os.environ, "PYTHONIOENCODING": encoding})
    assert b"Traceback" not in proc.stderr
    assert shown in (proc.stdout + proc.stderr).decode(read_as)


# CONTRACT: `--rules NAME|FILE`. A FILE whose name holds a comma is that file, not a comma
# list of rulesets (`score`'s side-by-side form) nor a second --rules (`batch` takes one).
# Spaces around a name are dropped, as a comma list's are (" luzhou" was "unknown ruleset:
# luzhou", unquoted).
@pytest.mark.parametrize("command", [
    pytest.param(["score", "11m22m33m55m77m99m44m", "--format", "json"], id="score"),
    pytest.param(["batch", "-", "--format", "jsonl"], id="batch"),
])
@pytest.mark.parametrize("rules, named, value", [
    pytest.param("house,cap100.yaml", "house", 100, id="a comma in a file's name"),
    pytest.param(" luzhou ", "luzhou", 40, id="spaces around a name"),
])
def test_contract_rules_file_whose_name_holds_a_comma(tmp_path, monkeypatch, command, rules,
                                                      named, value):
    (tmp_path / "house,cap100.yaml").write_text(
        "extends: luzhou\nname: house\noptions:\n  cap:\n    default: 100\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, command + ["--rules", rules],
                                input='{"hand": "11m22m33m55m77m99m44m"}\n')
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout.splitlines()[0] if command[0] == "batch" else result.stdout)
    assert (row["ruleset"], row["value"]) == (named, value)


def test_a_folder_named_like_a_list_leaves_the_list_a_list(tmp_path, monkeypatch):
    # A folder "luzhou,guangdong" in the working folder was taken for a ruleset file named so,
    # and the comparison failed with "is a directory".
    (tmp_path / "luzhou,guangdong").mkdir()
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["score", "111m234m567m789p5pC", "--win", "5p",
                                      "--rules", "luzhou,guangdong"])
    assert "Values differ: luzhou 2, guangdong not legal" in result.stdout  # (1: not legal
    assert result.exit_code == 1  # in one of them, as two rulesets side by side exit)


# An option given empty is given: where the ruleset has no such option it is refused, as any
# value is (README: "never silently ignored"); where it has one, empty is none.
@pytest.mark.parametrize("args, code, message", [
    pytest.param(["--horses", ""], 2, "--horses does not apply in luzhou: none of its patterns or "
                 "payments reads horses", id="--horses empty"),
    pytest.param(["--won", ""], 0, None, id="--won empty where it applies: nobody"),
    pytest.param(["--rules", "lanzhou", "--declared", "--won", ""], 2,
                 "--won does not apply in lanzhou: a hand there ends at its first win", id="--won empty in lanzhou"),
])
def test_an_option_given_empty_is_given(args, code, message):
    hand = "123m456m789m111pSS" if "lanzhou" in args else "123m456m789m11p23pC"
    res = run("score", hand, *args)
    assert res.exit_code == code, res.output
    if message:
        assert res.stderr == f"mjscore: invalid option: {message}\n"
    else:
        assert res.stdout == run("score", hand).stdout


def test_an_option_given_empty_from_python_is_given():
    with pytest.raises(MjscoreError, match="--won does not apply in guangdong"):
        score("123m456m789m123pPP", "guangdong", won="")  # (the command's --won '')
    assert score("123m456m789m123pPP", "guangdong", won=None).legal


@pytest.mark.parametrize("won", [(), []], ids=["tuple", "list"])
def test_no_seat_won_yet_is_the_default_as_an_empty_tuple_or_list(won):
    # A caller passing its list of the seats won so far, none yet, was refused in guangdong and
    # lanzhou ("--won does not apply"), where the default () was not.
    assert score("123m456m789m123pPP", "guangdong", won=won).to_dict() == \
        score("123m456m789m123pPP", "guangdong").to_dict()


def test_the_1_ke_rule_is_not_named_under_a_house_minimum_of_1(tmp_path):
    # A hand paying 0 under a house minimum of 1 was told "a 平胡 wins by self-draw only",
    # which that house rule does not say.
    rules = tmp_path / "m1.yaml"
    rules.write_text("extends: luzhou\nname: m1\nvalue: {min_discard_win: 1, discard_divisor: 4}\n",
                     encoding="utf-8")
    result = run("score", "123456m234789pC5p", "--win", "5p", "--discard", "S", "--rules",
                 str(rules))
    assert result.exit_code == 1
    assert "this hand pays 0 after dividing by 4\n" in result.stdout


def test_the_win_line_names_the_seats_already_won_as_the_payer_line_does():
    out = run("score", "111m123m456m789m5pC", "--win", "5p", "--won", "S,W").stdout.splitlines()
    assert "Win:      E by self-draw with 5p, already won: S and W" in out
    assert "N pays 5 颗 (every player not yet won; S and W already won)." in out


def test_the_payer_line_of_a_discard_after_a_kong_says_the_discarder_konged():
    # L11: 杠上炮 is paid by the konger alone, who is the discarder; "(the discarder)" alone
    # read as if the rule were a plain discard's.
    out = run("score", "111m123m456m789mC5p", "--discard", "S", "--after-kong").stdout
    assert "S pays 5 颗 (the discarder, who had just konged)." in out.splitlines()


def test_a_claim_that_is_no_win_shows_the_xiqian_still_due():
    res = CliRunner().invoke(cli, ["score", "123m456m789m1pC2pC3p", "--win", "3p", "--discard",
                                   "S", "--opt", "ghosts=8", "--ghosts-drawn", "6"])
    assert res.exit_code == 1
    assert res.stdout.split("\n\n")[-1] == """\
Due all the same, win or not (not in this net; settle pays it with the whole hand):
From    To      Amount  Extra
------  ----  --------  --------------------
S       E           20  喜钱: 6 ghosts drawn
W       E           20  喜钱: 6 ghosts drawn
N       E           20  喜钱: 6 ghosts drawn
"""


def test_a_file_whose_name_starts_with_a_space_is_that_file(tmp_path, monkeypatch):
    (tmp_path / " h.yaml").write_text("extends: luzhou\nname: spaced\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["score", "111m123m456m789m5pC", "--format", "json",
                                      "--rules", " h.yaml"])
    assert result.exit_code == 0 and json.loads(result.stdout)["ruleset"] == "spaced"


# The rule's words are the ruleset's (value.min_discard_rule): a house file rewords or drops
# them with no code (they were tied in Python to the unit 颗).
@pytest.mark.parametrize("house, said", [
    pytest.param("value: {min_discard_rule: {below: 2, why: house words}}",
                 "this hand pays 1 after halving (house words)\n", id="reworded"),
    pytest.param("value: {min_discard_rule: null}", "this hand pays 1 after halving\n",
                 id="dropped"),
])
def test_the_1_ke_rule_words_are_data(tmp_path, house, said):
    rules = tmp_path / "h.yaml"
    rules.write_text(f"extends: luzhou\nname: h\n{house}\n", encoding="utf-8")
    result = run("score", "123456m234789pC5p", "--win", "5p", "--discard", "S", "--rules",
                 str(rules))
    assert result.exit_code == 1 and said in result.stdout, result.output


@pytest.mark.parametrize("written, letters", [
    pytest.param(f"111p123p456p789{w}5pC", "111p123p456p789m5pC", id=w) for w in "万萬"
] + [
    pytest.param(f"111m123m456m789{w}5mC", "111m123m456m789p5mC", id=w) for w in "筒饼餅"
] + [
    pytest.param(f"111m123m456m789{w}5mC", "111m123m456m789s5mC", id=w) for w in "条條索"
])
def test_each_chinese_suit_word_reads_as_its_suit(written, letters):
    # (A mutation reading 饼 as s was caught only by a property test's fixed seed.)
    got, want = score(written, win="C"), score(letters, win="C")
    assert got.legal and (got.decomposition, got.value) == (want.decomposition, want.value)
