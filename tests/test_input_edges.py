"""Edges of input a review found handled wrongly: each is bad input said in one line (exit 2),
or a value read as the contract says, never a traceback or a silently ignored value.
(docs/errors.md runs one example of each new message; these are the rest of the cases.)"""

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore import score
from mjscore.batch import arguments
from mjscore.cli import cli
from mjscore.errors import NotationError, OptionError
from mjscore.options import option_refs
from mjscore.ruleset import load

HAND = "111m123m456m789m5pC"
SHIPPED = ["luzhou", "luzhou-guide", "guangdong", "lanzhou"]


def run(*args, **kw):
    return CliRunner().invoke(cli, list(args), **kw)


def one_line_error(result, fragment: str) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    line = result.stderr.splitlines()[-1]
    assert fragment in line, (fragment, result.stderr)
    return line


# -- a record's values ----------------------------------------------------------------------
@pytest.mark.parametrize("key", ["win", "seat", "discard", "rob_kong", "dealer", "rules",
                                 "indicator", "horses", "won", "ghosts_drawn", "declared",
                                 "opts"])
@pytest.mark.parametrize("empty", ["", "  "], ids=["empty", "spaces"])
def test_empty_text_in_a_record_is_a_key_not_given(key, empty):
    assert arguments({"hand": HAND, key: empty}, "luzhou") == {"rules": "luzhou", "hand": HAND}


@pytest.mark.parametrize("value, read", [(1, True), (0, False), (True, True)],
                         ids=["1", "0", "true"])
def test_a_json_flag_may_be_one_or_zero_as_in_csv(value, read):
    assert arguments({"hand": HAND, "declared": value}, "lanzhou")["declared"] is read


def test_a_json_number_too_long_to_read_spoils_its_record_only(tmp_path):
    path = tmp_path / "h.jsonl"
    path.write_text('{"hand": "%s", "ghosts_drawn": %s}\n{"hand": "%s"}\n'
                    % (HAND, "9" * 5000, HAND), encoding="utf-8")
    for jobs in ("1", "2"):
        result = run("batch", str(path), "--format", "jsonl", "--jobs", jobs)
        assert result.exit_code == 2, result.output
        rows = [json.loads(line) for line in result.stdout.splitlines()]
        assert rows[0]["error"] == "not JSON (line 1: a number of more than 4300 digits)"
        assert rows[1]["value"] == 5


# -- the Python API ---------------------------------------------------------------------------
@pytest.mark.parametrize("value", [1.0, 2, "yes"], ids=["1.0", "2", "text"])
def test_a_flag_is_true_false_one_or_zero(value):
    with pytest.raises(OptionError, match="--declared takes True or False"):
        score(HAND, "lanzhou", declared=value)


# -- messages stay one readable line --------------------------------------------------------
@pytest.mark.parametrize("char", ["\ufeff", "\u200b"], ids=["byte-order mark", "zero width"])
def test_an_invisible_character_is_shown_escaped(char):
    # (By its code point and name: "unknown tile U+200B (zero width space, hard to see: ...").)
    line = one_line_error(run("score", char + HAND), "unknown tile")
    assert f"U+{ord(char):04X} (" in line and char not in line


@pytest.mark.parametrize("char, shown", [("\udcff", "byte 0xFF (not UTF-8 text"),
                                         ("\ud800", "\\ud800")],
                         ids=["undecodable byte", "lone surrogate"])
def test_a_lone_surrogate_is_escaped_alike_in_the_api_and_the_cli(char, shown):
    # (A byte that is not UTF-8 reaches argv as a surrogate; the API's message held it raw,
    # which no UTF-8 stream can write, and so differed from the line the CLI printed. Such a
    # byte is named as the byte it was.)
    with pytest.raises(NotationError) as e:
        score(HAND + char)
    message = str(e.value)
    assert char not in message and shown in message
    message.encode("utf-8")
    assert one_line_error(run("score", HAND + char), "unknown tile") == f"mjscore: {message}"


@pytest.mark.parametrize("args, fragment", [
    pytest.param(["score", HAND, "--format", "ta\nble"], "'ta\\nble' is not one of",
                 id="a line break in a choice"),
    pytest.param(["score", HAND, "--ghosts-drawn", "9" * 4999 + "x"], " ... ",
                 id="5000 characters that are no number, elided"),
    pytest.param(["score", HAND, "--ghosts-drawn", "9" * 5000],
                 "'--ghosts-drawn': a number too large (5000 digits)",
                 id="a 5000-digit number, too large"),
    # (Click raises these two with no context, and so printed the Error: line alone.)
    pytest.param(["score", HAND, "--seat"], "'--seat' requires an argument", id="no value"),
    pytest.param(["score", HAND, "--kong-draw=yes"], "'--kong-draw' does not take a value",
                 id="a flag given a value"),
    pytest.param(["batch", "h.jsonl", "-o"], "'-o' requires an argument", id="batch -o"),
    pytest.param(["rules", "show", "luzhou", "--opt"], "'--opt' requires an argument",
                 id="a command of a group"),
    pytest.param(["--version=1"], "'--version' does not take a value", id="mjscore itself"),
])
def test_click_errors_are_one_short_line(args, fragment):
    result = run(*args)
    line = one_line_error(result, fragment)
    assert line.startswith("Error: ") and len(line) < 500
    assert len([x for x in result.stderr.splitlines() if x]) == 3  # Usage:, Try, Error:


@pytest.mark.parametrize("value", ["٥", "５"], ids=["Arabic-Indic", "full width"])
def test_an_option_number_is_ascii_digits(value):
    one_line_error(run("score", HAND, "--opt", f"cap={value}"), 'expected an integer or "none"')


# -- the command line -----------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    pytest.param(["score", HAND, "--seat", "E", "--seat", "S"], id="score --seat"),
    pytest.param(["score", HAND, "--win", "5p", "--win", "9m"], id="score --win"),
    pytest.param(["score", HAND, "--rules", "luzhou", "--rules", "guangdong"], id="score --rules"),
    pytest.param(["score", HAND, "--format", "json", "--format", "json"], id="same value twice"),
    pytest.param(["waits", "111m123m456m789mC", "--seat", "E", "--seat", "E"], id="waits --seat"),
    pytest.param(["batch", "samples/hands.jsonl", "--jobs", "2", "--jobs", "3"],
                 id="batch --jobs"),
])
def test_an_option_taking_one_value_is_given_once(args):
    one_line_error(run(*args), "given 2 times")


@pytest.mark.parametrize("jobs", ["257", "99999999999999999999"], ids=["257", "past 2**64"])
def test_jobs_has_a_bound(jobs):
    one_line_error(run("batch", "samples/hands.jsonl", "--jobs", jobs), "1<=x<=256")


@pytest.mark.parametrize("rules", [",", "luzhou,", ",luzhou", "luzhou, ,guangdong"])
def test_an_empty_name_in_a_rules_list_is_refused(rules):
    one_line_error(run("score", HAND, "--rules", rules), "an empty name in the list")


@pytest.mark.parametrize("rules", ["guangdong,guangdong", "luzhou, guangdong,luzhou ",
                                   "rulesets/luzhou.yaml,./rulesets/luzhou.yaml"])
def test_a_ruleset_named_twice_in_a_rules_list_is_refused(rules):
    one_line_error(run("score", HAND, "--rules", rules), "is named twice")


# -- ruleset options nothing uses -------------------------------------------------------------
@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_rulesets_use_every_option_they_declare(name):
    data = load(name).data
    used = {ref for _where, ref in option_refs(data, "")}
    assert set(data.get("options") or {}) <= used


def test_an_option_a_house_rule_left_with_nothing_to_set_is_dropped(tmp_path):
    house = tmp_path / "cap-fixed.yaml"
    house.write_text("extends: luzhou\nname: cap-fixed\nvalue:\n  cap: 100\n", encoding="utf-8")
    rs = load(str(house))
    assert "cap" not in rs.options and rs.spec["value"]["cap"] == 100
    assert "cap dropped" in run("rules", "check", str(house)).stdout
    with pytest.raises(OptionError, match='option "cap" does nothing in'):
        load(str(house), {"cap": 5})
    seven = "11m22m33m55m77m99m44m"  # 龙七对 清一色 无鬼: 160 uncapped
    assert score(seven, str(house)).value == 100


# rules check says why each dropped option does nothing: the inherited cap stood for a key the
# file now sets itself; a new option never stood for any (hunt 2, finding 8).
CAP_SET, NEW_OPTION = "value:\n  cap: 100\n", \
    "options:\n  newopt: {type: int, default: 3, help: unused}\n"


@pytest.mark.parametrize("text, said", [
    pytest.param(CAP_SET, "7 options; cap dropped: the file sets or removes every key it stood "
                 "for itself", id="inherited"),
    pytest.param(NEW_OPTION, "8 options; newopt dropped: nothing refers to it", id="new"),
    pytest.param(CAP_SET + NEW_OPTION, "7 options; cap dropped: the file sets or removes every "
                 "key it stood for itself; newopt dropped: nothing refers to it", id="both"),
    pytest.param("patterns: {shoubayi: null}\n", "7 options; shoubayi dropped: the file sets "
                 "or removes every key it stood for itself", id="its pattern removed"),
    # (The review's house rules: a key another key makes do nothing keeps no option.)
    pytest.param("draw: {flower_cat: false}\n", "7 options; flower_cat_pays dropped: "
                 "draw.flower_cat is false, so no 花猫 pays", id="no 花猫, nothing it pays"),
])
def test_rules_check_says_why_an_option_is_dropped(tmp_path, monkeypatch, text, said):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "h.yaml").write_text("extends: luzhou\nname: h\n" + text, encoding="utf-8")
    out = run("rules", "check", "h.yaml").stdout
    patterns = 14 if "shoubayi" in text else 15
    assert out == f"h.yaml: ok (ruleset h, {patterns} patterns, {said})\n"


@pytest.mark.parametrize("text, rules, option", [
    pytest.param("draw: {flower_cat: false}\n", "luzhou", "flower_cat_pays=5", id="花猫 off"),
    pytest.param("value: {cap: null}\n", "luzhou-guide", "rare_cap=10", id="no cap to raise"),
])
def test_an_option_a_key_makes_do_nothing_is_refused(tmp_path, monkeypatch, text, rules,
                                                     option):
    # Accepted, and every value gave the same payments (the review's house rules).
    monkeypatch.chdir(tmp_path)
    (tmp_path / "h.yaml").write_text(f"extends: {rules}\nname: h\n{text}", encoding="utf-8")
    result = run("score", "123m456m789m11p23p4p", "--rules", "h.yaml", "--opt", option)
    assert result.exit_code == 2 and f'option "{option.split("=")[0]}" does nothing in h.yaml: ' \
        in result.stderr, result.output
    assert option.split("=")[0] not in run("rules", "show", "h.yaml").stdout


def test_rules_check_reads_the_parent_once_for_every_dropped_option(tmp_path, monkeypatch):
    # It read the parent's chain again for each dropped option: a file extending one of a
    # thousand unused options took a minute to check (worst-case hunt).
    import mjscore.ruleset_files as files
    monkeypatch.chdir(tmp_path)
    options = "".join(f"  o{i}: {{type: int, default: 1, help: h}}\n" for i in range(20))
    (tmp_path / "p.yaml").write_text("extends: luzhou\nname: p\noptions:\n" + options,
                                     encoding="utf-8")
    (tmp_path / "c.yaml").write_text("extends: p.yaml\nname: c\n", encoding="utf-8")
    read, calls = files.load_raw, []
    monkeypatch.setattr(files, "load_raw", lambda *a: calls.append(a) or read(*a))
    out = run("rules", "check", "c.yaml").stdout
    assert "o0, o1," in out and "o19 dropped: nothing refers to it" in out
    assert len(calls) <= 3  # the file itself, then each file above it once (p, luzhou)


def test_rules_check_names_the_file_that_set_the_key_two_files_up(tmp_path, monkeypatch):
    # luzhou reads cap at value.cap, h1 sets value.cap itself, abs extends h1: abs's cap was
    # "nothing refers to it", the parent alone asked (audit 2026-12-04).
    monkeypatch.chdir(tmp_path)
    (tmp_path / "h1.yaml").write_text("extends: luzhou\nname: h1\nvalue: {cap: 80}\n",
                                      encoding="utf-8")
    (tmp_path / "abs.yaml").write_text("extends: h1.yaml\nname: abs\n", encoding="utf-8")
    assert run("rules", "check", "abs.yaml").stdout == (
        "abs.yaml: ok (ruleset abs, 15 patterns, 7 options; cap dropped: h1.yaml sets or "
        "removes every key it stood for itself)\n")
    with pytest.raises(OptionError, match='option "cap" does nothing in .*abs.yaml: h1.yaml '
                                          "sets or removes every key it stood for itself"):
        load("abs.yaml", {"cap": 5})


def test_a_pattern_removed_takes_its_option_with_it(tmp_path):
    house = tmp_path / "no-shoubayi.yaml"
    house.write_text("extends: luzhou\nname: no-shoubayi\npatterns:\n  shoubayi: null\n",
                     encoding="utf-8")
    with pytest.raises(OptionError, match='option "shoubayi" does nothing'):
        load(str(house), {"shoubayi": "true"})


# -- a ghost standing for a fifth copy ------------------------------------------------------
# A 贴鬼 meld declared before its kind's last natural copies were drawn: the hand then holds
# them as well (refused as a fifth copy until simulated play reached it). The ghost stands for
# no copy past four: the meld is still a 闺 where it is a kong, and no concealed ghost is a 5p.
@pytest.mark.parametrize("hand, value, reading", [
    ("(555pC) 123m456m345p11m", 5, "123m 456m 345p 11m (555p+C=5p)"),
    ("[555pC] 123m456m345p11m", 5, "123m 456m 345p 11m [555p+C=5p]"),
    ("[55pC] 55p123m456m789m", 5, "123m 456m 789m 55p [55p+C=5p]"),
    ("{666sC} 123m456m 567s 9mC", 5, "123m 456m 567s 9m+C=9m {666s+C=6s}"),
    ("[55pC] 123m456m345p11m", 5, "123m 456m 345p 11m [55p+C=5p]"),
    # (Called after it, in a chow, where the ruleset has chows: the guide's simulated play.)
    ("{444mC} [456m] 123s789s 5s5s", 2, "123s 789s 55s [456m] {444m+C=4m}"),
    # (Two 贴鬼 pongs of one kind: four natural 5p, each pong one discard and a ghost.)
    ("[55pC] [55pC] 123m456m11m", 5, "123m 456m 11m [55p+C=5p] [55p+C=5p]"),
])
def test_a_ghost_meld_beside_its_kinds_last_natural_copies(hand, value, reading):
    r = score(hand, "luzhou-guide" if "[456m]" in hand else "luzhou")
    assert (r.legal, r.value, r.decomposition) == (True, value, reading)


# -- batch output -----------------------------------------------------------------------------
def test_a_file_refused_whole_leaves_no_csv_header():
    result = run("batch", "tests/data/errors/batch-unknown-column.csv", "--format", "csv")
    assert result.exit_code == 2 and result.stdout == ""


def test_an_empty_run_still_writes_the_csv_header(tmp_path):
    path = tmp_path / "none.csv"
    path.write_text("hand\n", encoding="utf-8")
    result = run("batch", str(path), "--format", "csv")
    assert result.exit_code == 0 and result.stdout.startswith("file,record,ruleset,hand,")


@pytest.mark.parametrize("args, fragment", [
    pytest.param(["--win", "[5p]"], 'column 1: "[" is not allowed here', id="--win a meld"),
    pytest.param(["--win", "["], 'column 1: "[" is not allowed here', id="--win a bracket"),
    pytest.param(["--rules", "guangdong", "--opt", "horses=2", "--horses", "[1m]"],
                 'column 1: "[" is not allowed here', id="--horses a meld"),
])
def test_a_bracket_where_tiles_are_wanted_is_named(args, fragment):
    hand = "123m456m789m111pSS" if "guangdong" in args else HAND
    one_line_error(run("score", hand, *args), fragment)


@pytest.mark.parametrize("args", [[], ["rules"]], ids=["mjscore", "mjscore rules"])
def test_a_bare_command_prints_its_help_page_as_it_is(args):
    result = run(*args)
    assert result.exit_code in (0, 2) and "\\n" not in result.output
    assert "Commands:" in result.output and len(result.output.splitlines()) > 5


@pytest.mark.parametrize("value, said", [
    (2 ** 70, "a number too large (71 bits)"),
    (10 ** 5000, "a number too large (16610 bits)"),
    (-2 ** 70, "a number too small (71 bits, negative)"),  # (no "too large" below zero)
], ids=["2**70", "10**5000", "-2**70"])
def test_an_api_option_past_64_bits_is_refused(value, said):
    with pytest.raises(OptionError, match=re.escape(f'option "cap" of luzhou: {said}')):
        score(HAND, opts={"cap": value})


@pytest.mark.parametrize("args", [["--ghosts-drawn", "５"], ["--ghosts-drawn", "٥"]],
                         ids=["full width", "Arabic-Indic"])
def test_a_count_on_the_command_line_is_ascii_digits(args):
    one_line_error(run("score", HAND, "--opt", "ghosts=8", *args), "is not a valid integer")


def test_ghosts_drawn_from_the_api_is_ascii_digits():
    with pytest.raises(OptionError, match="takes a whole number"):
        score(HAND, ghosts_drawn="５")


@pytest.mark.parametrize("value, said", [("9" * 5000, "5000 digits"), ("9" * 30, "100 bits"),
                                         (10 ** 5000, "16610 bits")],
                         ids=["5000 digits as text", "30 digits as text", "10**5000"])
def test_ghosts_drawn_past_64_bits_is_refused(value, said):
    with pytest.raises(OptionError, match=f"--ghosts-drawn: a number too large \\({said}\\)"):
        score(HAND, ghosts_drawn=value)


def test_indicator_on_a_house_rule_that_sets_the_ghost_itself(tmp_path):
    house = tmp_path / "gd-fixed.yaml"
    # (Flipped by its own indicator: one fixing the ghost, mode: fixed, leaves the context's
    # indicator unread, and is refused on load: test_context_read.)
    house.write_text("extends: guangdong\nname: gd-fixed\nghosts: {mode: flip, indicator: 1s}\n",
                     encoding="utf-8")
    with pytest.raises(OptionError, match="--indicator does not apply in gd-fixed: the file"):
        score("123m456m789m123p5p5p", str(house), indicator="4p")


# An on/off option given as the number 0 or 1 (a YAML record's `opts: {shoubayi: 0}`, the API)
# reads as "0"/"1" and `--opt shoubayi=0` do, and as a record's own flags take 0 and 1.
FOUR_MELDS = "(1111m)(2222m)(3333m)(4444m) 5mC"


@pytest.mark.parametrize("given, value", [
    pytest.param(0, 640, id="0"), pytest.param("0", 640, id="text 0"),
    pytest.param(1, 1280, id="1"), pytest.param(True, 1280, id="true"),
])
def test_an_on_off_option_takes_0_and_1(given, value):
    assert score(FOUR_MELDS, opts={"cap": "none", "shoubayi": given}).value == value


def test_an_on_off_option_refuses_other_numbers():
    with pytest.raises(OptionError, match='"shoubayi" of luzhou: expected true or false'):
        score(FOUR_MELDS, opts={"shoubayi": 2})


# A ruleset file's default is read as a given value is (a review found `default: 1` for an
# on/off option passed the check, then failed deep in the ruleset with a schema message).
@pytest.mark.parametrize("options, hand, rules, value", [
    pytest.param("seven_pairs: {type: bool, default: 1, help: x}", "1122m3344p5566s77s",
                 "guangdong", 4, id="on/off default 1"),
    pytest.param("cap: {default: '100'}", "(1111m)(2222m)(3333m)(4444m) 5mC", "luzhou", 100,
                 id="a number's default as text"),
])
def test_a_rulesets_default_is_read_as_a_given_value(tmp_path, options, hand, rules, value):
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: {rules}\nname: house\noptions:\n  {options}\n", encoding="utf-8")
    assert score(hand, str(house)).value == value


# The ghost supply named an option "ghosts" that the house file does not have: one that sets the
# count itself (its ghosts option dropped, and refused if given), or has no ghosts at all.
@pytest.mark.parametrize("house, message", [
    pytest.param("", "h has 4 ghost tiles (ghosts=4; 8 with --opt ghosts=8)", id="the option is there"),
    pytest.param("tiles:\n  copies: {C: 8}\n", "h has 8 ghost tiles", id="the file sets the count"),
    pytest.param("ghosts: null\ntiles:\n  honours: []\n  copies: null\n", "h has 0 ghost tiles",
                 id="no ghosts"),
    # (Two ghost kinds: the set holds both kinds' tiles, where the larger count alone was read.)
    pytest.param("ghosts:\n  tiles: [1m, C]\n", "h has 8 ghost tiles (ghosts=4; 12 with --opt "
                 "ghosts=8)", id="two ghost kinds, four of each"),
])
def test_ghosts_drawn_past_the_supply_names_the_option_only_where_there_is_one(tmp_path, house,
                                                                                message):
    (tmp_path / "h.yaml").write_text("extends: luzhou\nname: h\n" + house, encoding="utf-8")
    result = CliRunner().invoke(cli, ["score", "111m123m456m789m5p5p", "--ghosts-drawn", "9",
                                      "--rules", str(tmp_path / "h.yaml")])
    assert (result.exit_code, result.stderr) == (2, f"mjscore: invalid option: --ghosts-drawn 9: "
                                                    f"{message}\n")


# A file's name in the output: a byte that is not UTF-8 (\udcff from the command line) was
# written raw by settle and by score/rules show over a house file, so their JSON and tables
# were not UTF-8; a line break split settle's Record: line. Spelt as batch rows spell it.
RECORD = Path(__file__).parent.parent / "samples" / "records" / "luzhou-chajiao.yaml"
ODD = "x\udcff.yaml"


@pytest.mark.parametrize("args, expected", [
    pytest.param(["settle", ODD, "--format", "json"], '"record": "x\\\\xff.yaml"',
                 id="settle json"),
    pytest.param(["settle", "x\ny.yaml"], "Record:   x\\ny.yaml   (luzhou)", id="settle table"),
    pytest.param(["score", HAND, "--rules", f"{ODD},luzhou"], "x\\xff.yaml  ", id="score columns"),
    pytest.param(["score", HAND, "--rules", f"{ODD},luzhou", "--format", "json"],
                 '"ruleset": "x\\\\xff.yaml"', id="score json, a refusing ruleset"),
    pytest.param(["rules", "show", ODD], "Source:  x\\xff.yaml, a house rule", id="rules show"),
])
def test_a_files_odd_name_is_spelt_out_in_the_output(tmp_path, monkeypatch, args, expected):
    monkeypatch.chdir(tmp_path)
    Path("x\ny.yaml").write_bytes(RECORD.read_bytes())
    contents = RECORD.read_bytes() if args[0] == "settle" else (
        b"extends: luzhou\nname: h\nnope: 1\n" if "json" in args else b"extends: luzhou\n")
    Path(ODD).write_bytes(contents)
    result = run(*args)
    assert "Traceback" not in result.output and result.exit_code in (0, 2), result.output
    assert expected in result.stdout_bytes.decode("utf-8")


@pytest.mark.parametrize("args, message", [
    pytest.param(["settle", ""], "'': no such file", id="settle, not the working folder"),
    pytest.param(["batch", "", "--input-format", "jsonl"], "'': no such file", id="batch"),
    pytest.param(["score", HAND, "--rules", "r\udcff.yaml"], "invalid ruleset: r\\xff.yaml: "
                 "no such file", id="a ruleset spelt as rows spell it"),
])
def test_a_file_named_oddly_or_not_at_all_is_named_in_its_message(args, message):
    assert one_line_error(run(*args), message).startswith(f"mjscore: {message}")


# Too many copies of a ghost kind: `--opt ghosts=8` is offered only for a kind whose copies the
# option sets (a review: a house file's 1m ghost was told to play 8 ghosts, which adds 红中s).
@pytest.mark.parametrize("hand, message", [
    pytest.param("11111m23m456m789mC", "column 5: too many 1m: h has 4", id="the 1m ghost"),
    pytest.param("123m456m789m11pCCCCC", "column 20: too many C: h has 4 (ghosts=4; 8 with --opt "
                 "ghosts=8)", id="the option's 红中"),
])
def test_too_many_of_a_ghost_offers_more_only_where_the_option_sets_its_copies(tmp_path, hand,
                                                                              message):
    (tmp_path / "h.yaml").write_text("extends: luzhou\nname: h\nghosts:\n  tiles: [1m, C]\n",
                                     encoding="utf-8")
    result = CliRunner().invoke(cli, ["score", hand, "--rules", str(tmp_path / "h.yaml")])
    assert (result.exit_code, result.stderr) == (2, f"mjscore: invalid hand: {message}\n")
