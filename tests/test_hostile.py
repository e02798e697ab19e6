"""Hostile input (issue 9): each case is refused quickly with exit 2 and the one line that says
what is wrong; never a traceback, a hang, a huge structure, or code run from a file.

Every call runs under `hang_guard`, a generous ceiling against an infinite loop (not a speed
assertion)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.cli import cli
from mjscore.ruleset import load as _load

from .guard import hang_guard

HAND = "111m123m456m789m5pC"  # a legal luzhou win
MB = 1 << 20


def run(*args):
    with hang_guard():
        return CliRunner().invoke(cli, list(args))


def assert_refused(result, message):
    """Exit 2, nothing on stdout, and exactly `mjscore: MESSAGE` on stderr."""
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.stdout == ""
    assert result.stderr == f"mjscore: {message}\n"


def laughs(head: str, tail: str) -> str:
    """Billion laughs: nine levels of nine aliases each, 9^9 strings once expanded."""
    lines = [head, "x0: &x0 [" + ", ".join(["lol"] * 9) + "]"]
    lines += [f"x{i}: &x{i} [" + ", ".join([f"*x{i - 1}"] * 9) + "]" for i in range(1, 9)]
    return "\n".join(lines + [tail]) + "\n"


RULESET_HEAD = "extends: luzhou\nname: hostile"
RECORD_HEAD = "rules: luzhou\nseats: {E: 111m123m456m789m5pC}"
DEEP_FLOW_40 = "[" * 40 + "]" * 40
DEEP_FLOW = "[" * 100_000 + "]" * 100_000
DEEP_BLOCK = "".join("  " * i + "a:\n" for i in range(200)) + "  " * 200 + "b: 1\n"
PWNED = "pwned-by-yaml"
PYTHON_TAG = f'name: !!python/object/apply:os.system ["touch {PWNED}"]\n'
MERGE = "base: &base {x: 1}\nname: hostile\nother:\n  <<: *base\n"

# The same file contents, given as a ruleset (to `score --rules` and `rules check`) and as a
# hand record (to `settle`): (contents, the message after "FILE: ").
BAD_YAML = [
    pytest.param(laughs(RULESET_HEAD, "departures: *x8"), laughs(RECORD_HEAD, "events: *x8"),
                 "line 4: YAML aliases (*x0) are not allowed", id="billion laughs"),
    pytest.param(MERGE, MERGE, "line 4: YAML merge keys (<<) are not allowed",
                 id="a merge key, and an alias"),
    pytest.param(DEEP_FLOW_40, DEEP_FLOW_40, "line 1: nested deeper than 32 levels",
                 id="deeply nested flow YAML"),
    pytest.param(DEEP_BLOCK, DEEP_BLOCK, "line 33: nested deeper than 32 levels",
                 id="deeply nested block YAML"),
    pytest.param(PYTHON_TAG, PYTHON_TAG,
                 "line 1: YAML tag !!python/object/apply:os.system is not allowed",
                 id="a !!python/object tag"),
    pytest.param("name: !!python/object:mjscore.errors.MjscoreError {}\n",
                 "seats: !!python/object:mjscore.errors.MjscoreError {}\n",
                 "line 1: YAML tag !!python/object:mjscore.errors.MjscoreError is not allowed",
                 id="a !!python/object tag building an object"),
    pytest.param("name: !include other.yaml\n", "seats: !include other.yaml\n",
                 "line 1: YAML tag !include is not allowed", id="a custom tag"),
    pytest.param("name: x\n5: five\n", "seats: {}\n5: five\n",
                 'line 2: a key must be text, not "5"', id="a number as a key"),
    pytest.param("name: x\ntiles:\n  &a : x\n", "events: []\nseats:\n  &a : x\n",
                 "line 3: a key must be text, not empty", id="an empty key (found by fuzzing)"),
    # YAML 1.1 (PyYAML) reads these unquoted as other numbers than any reader of the file.
    pytest.param("extends: luzhou\nname: x\noptions: {cap: {default: 1:30}}\n",
                 "rules: luzhou\nseats: {}\nevents: [{ghosts: S, drawn: 1:30}]\n",
                 "line 3: 1:30 reads as 90 in YAML (a number in base 60); write it in quotes if "
                 "it is text", id="a number in base 60"),
    pytest.param("extends: luzhou\nname: x\noptions: {cap: {default: -1:00:01.5}}\n",
                 "rules: luzhou\nseats: {}\nevents: [{ghosts: S, drawn: -1:00:01.5}]\n",
                 "line 3: -1:00:01.5 reads as -3601.5 in YAML (a number in base 60); write it "
                 "in quotes if it is text", id="a float in base 60"),
    pytest.param("extends: luzhou\nname: x\noptions: {cap: {default: 010}}\n",
                 "rules: luzhou\nseats: {}\nevents: [{ghosts: S, drawn: 010}]\n",
                 "line 3: 010 reads as 8 in YAML (an octal number); write 10, or quote it if it "
                 "is text", id="an octal number"),
    pytest.param(bytes(range(256)) * 4, bytes(range(256)) * 4, "not UTF-8 text (line 2): save it as UTF-8",
                 id="binary file"),
    pytest.param(b"extends: luzhou\nname: a\x00b\n", b"rules: luzhou\nseats: a\x00b\n",
                 "not a text file (it holds NUL bytes: line 2)", id="NUL bytes in UTF-8 text"),
    pytest.param("name: café\n".encode("latin-1"), "seats: café\n".encode("latin-1"),
                 "not UTF-8 text (line 1): save it as UTF-8", id="Latin-1 text"),
    # (The line of the first byte that is not UTF-8: said as "not UTF-8 text" alone, a long
    # file had to be searched by hand.)
    pytest.param("extends: luzhou\nname: x\ntitle: café\n".encode("latin-1"),
                 "rules: luzhou\nseats: {}\nevents: [] # café\n".encode("latin-1"),
                 "not UTF-8 text (line 3): save it as UTF-8", id="Latin-1 on line 3"),
    pytest.param("name: x\n".encode("utf-16"), "seats: x\n".encode("utf-16"),
                 "UTF-16 text, not UTF-8: save it as UTF-8", id="UTF-16 text"),
    pytest.param(b"#" * MB + b"\n", b"#" * MB + b"\n", f"larger than {MB} bytes",
                 id="larger than 1 MB"),
]


def write(path: Path, contents) -> None:
    if isinstance(contents, bytes):
        path.write_bytes(contents)
    else:
        path.write_text(contents, encoding="utf-8")


@pytest.fixture
def here(tmp_path, monkeypatch):
    """Run in an empty folder, so that messages show short file names."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("ruleset, record, message", BAD_YAML)
def test_ruleset_file_on_score(here, ruleset, record, message):
    write(here / "bad.yaml", ruleset)
    assert_refused(run("score", HAND, "--rules", "bad.yaml"),
                   f"invalid ruleset: bad.yaml: {message}")


@pytest.mark.parametrize("ruleset, record, message", BAD_YAML)
def test_ruleset_file_on_rules_check(here, ruleset, record, message):
    write(here / "bad.yaml", ruleset)
    assert_refused(run("rules", "check", "bad.yaml"), f"invalid ruleset: bad.yaml: {message}")


@pytest.mark.parametrize("ruleset, record, message", BAD_YAML)
def test_record_file_on_settle(here, ruleset, record, message):
    write(here / "bad.yaml", record)
    assert_refused(run("settle", "bad.yaml"), f"bad.yaml: {message}")


# libyaml's scanner reads ahead and stops flow nesting at 1000 levels before the depth check
# sees it; the pure-Python parser (no libyaml) reaches the depth check. Either is one line.
DEEP_MESSAGES = ["malformed YAML: line 1: exceeded maximum nesting depth",
                 "line 1: nested deeper than 32 levels"]


@pytest.mark.parametrize("args, prefix", [
    pytest.param(["score", HAND, "--rules", "bad.yaml"], "invalid ruleset: bad.yaml: ",
                 id="ruleset on score"),
    pytest.param(["rules", "check", "bad.yaml"], "invalid ruleset: bad.yaml: ",
                 id="ruleset on rules check"),
    pytest.param(["settle", "bad.yaml"], "bad.yaml: ", id="record on settle"),
])
def test_100_000_levels_of_nesting(here, args, prefix):
    write(here / "bad.yaml", DEEP_FLOW)
    result = run(*args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr in [f"mjscore: {prefix}{m}\n" for m in DEEP_MESSAGES]


def test_no_yaml_tag_runs_code(here):
    write(here / "bad.yaml", PYTHON_TAG)
    run("rules", "check", "bad.yaml")
    run("settle", "bad.yaml")
    run("score", HAND, "--rules", "bad.yaml")
    assert not (here / PWNED).exists()


@pytest.mark.parametrize("args, message", [
    pytest.param(["score", HAND, "--rules", "."],
                 "invalid ruleset: .: is a directory, not a ruleset file", id="score --rules DIR"),
    pytest.param(["rules", "check", "."],
                 "invalid ruleset: .: is a directory, not a ruleset file", id="rules check DIR"),
    pytest.param(["settle", "."], ".: is a directory, not a hand record", id="settle DIR"),
])
def test_a_directory_is_not_a_file(here, args, message):
    assert_refused(run(*args), message)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("args, message", [
    pytest.param(["rules", "check", "/dev/zero"],
                 f"invalid ruleset: /dev/zero: larger than {MB} bytes", id="ruleset /dev/zero"),
    pytest.param(["settle", "/dev/zero"], f"/dev/zero: larger than {MB} bytes",
                 id="record /dev/zero"),
])
def test_an_endless_device_is_read_no_further_than_the_limit(args, message):
    assert_refused(run(*args), message)


# -- extends: chains that never end ----------------------------------------------------------
@pytest.mark.parametrize("files, start, message", [
    pytest.param({"self.yaml": "extends: self.yaml\nname: me\n"}, "self.yaml",
                 "invalid ruleset: self.yaml: extends: extends itself in a cycle "
                 "(self.yaml -> self.yaml)", id="extends itself"),
    pytest.param({"a.yaml": "extends: b.yaml\nname: a\n", "b.yaml": "extends: a.yaml\nname: b\n"},
                 "a.yaml", "invalid ruleset: a.yaml: extends: extends itself in a cycle "
                           "(a.yaml -> b.yaml -> a.yaml)", id="a two-file cycle"),
    pytest.param({"a.yaml": "extends: b.yaml\nname: a\n", "b.yaml": "extends: c.yaml\nname: b\n",
                  "c.yaml": "extends: b.yaml\nname: c\n"},
                 "a.yaml", "invalid ruleset: b.yaml: extends: extends itself in a cycle "
                           "(a.yaml -> b.yaml -> c.yaml -> b.yaml)",
                 id="a cycle past the first file"),
])
@pytest.mark.parametrize("command", [
    pytest.param(["score", HAND, "--rules"], id="score"),
    pytest.param(["rules", "check"], id="rules check"),
])
def test_extends_cycle(here, files, start, message, command):
    for name, text in files.items():
        write(here / name, text)
    assert_refused(run(*command, start), message)


# -- absurd sizes on the command line ----------------------------------------------------------
HUGE_HAND = "1m" * (MB // 2)  # a 1 MB hand string


@pytest.mark.parametrize("args, message", [
    pytest.param(["score", HUGE_HAND],
                 f"invalid hand: too long: {MB} characters, a hand is at most 200",
                 id="score: a 1 MB hand"),
    pytest.param(["waits", HUGE_HAND],
                 f"invalid hand: too long: {MB} characters, a hand is at most 200",
                 id="waits: a 1 MB hand"),
    pytest.param(["score", HAND, "--opt", "ghosts=10000"],
                 'invalid option: option "ghosts" of luzhou: expected one of 4, 8, got "10000"',
                 id="10,000 ghosts"),
    pytest.param(["score", HAND, "--opt", "cap=99999999999999999999"],
                 'invalid option: option "cap" of luzhou: expected an integer of at most 11 '
                 'characters or "none", got "99999999999999999999"', id="a 20-digit cap"),
    pytest.param(["score", HAND, "--opt", "cap=²"],
                 'invalid option: option "cap" of luzhou: expected an integer or "none", got "²"',
                 id="a superscript digit"),
    pytest.param(["score", HAND, "--ghosts-drawn", str(10 ** 9)],
                 "invalid option: --ghosts-drawn 1000000000: luzhou has 4 ghost tiles "
                 "(ghosts=4; 8 with --opt ghosts=8)",
                 id="--ghosts-drawn 10**9"),
    pytest.param(["score", HAND, "--opt", "ghosts=8", "--ghosts-drawn", str(10 ** 30)],
                 "invalid option: --ghosts-drawn: a number too large (100 bits)",
                 id="--ghosts-drawn 10**30"),
    pytest.param(["score", "123m456m789m111pPP", "--rules", "guangdong", "--opt",
                  "horses=10000"],
                 'invalid option: option "horses" of guangdong: expected an integer 0 to 20, '
                 'got "10000"', id="10,000 horses"),
    pytest.param(["score", HAND, "--rules", "x" * 5000 + ".yaml"], None,
                 id="a file name too long for the file system"),
    pytest.param(["score", HAND, "--rules", "two\nlines.yaml"],
                 "invalid ruleset: two\\nlines.yaml: no such file",
                 id="a line break in a file name stays one line"),
])
def test_absurd_command_line(here, args, message):
    result = run(*args)
    if message is None:  # the name is elided in the middle: check the ends of the line
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr.startswith("mjscore: invalid ruleset: xxx")
        assert result.stderr.endswith(".yaml: no such file\n") and result.stderr.count("\n") == 1
    else:
        assert_refused(result, message)


def test_a_huge_win_tile_is_cut_short_in_the_message():
    result = run("score", HAND, "--win", HUGE_HAND)
    assert result.exit_code == 2
    assert result.stderr.startswith("mjscore: invalid option: --win 1m1m")
    # (a run of tiles: --horses' were told "a hand is at most 200", a review)
    assert result.stderr.endswith(f"too long: {MB} characters, a run of tiles is at most 200\n")
    assert len(result.stderr) < 500


def test_huge_horses_are_a_run_of_tiles_too_long():
    result = run("score", "123m456m789m111pPP", "--rules", "guangdong", "--opt", "horses=2",
                 "--horses", "1m" * 150)
    assert result.exit_code == 2 and result.stderr.endswith(
        "too long: 300 characters, a run of tiles is at most 200\n")


# Past the 4,300 digits Python's int() reads, Click called the digits "not a valid integer".
@pytest.mark.parametrize("args", [["score", HAND, "--ghosts-drawn"], ["batch", "x.jsonl", "--jobs"]],
                         ids=["--ghosts-drawn", "--jobs"])
def test_an_integer_option_of_5000_digits_is_too_large(here, args):
    result = run(*args, "9" * 5000)
    assert result.exit_code == 2 and result.stderr.endswith(
        "Invalid value for '%s': a number too large (5000 digits)\n" % args[-1])


def test_a_huge_hand_in_a_record(here):
    write(here / "big.yaml", f"seats: {{E: {'1m' * 150}}}\nevents: []\n")
    result = run("settle", "big.yaml")
    assert result.exit_code == 2
    assert result.stderr == "mjscore: big.yaml: seats.E: too long: 300 characters, at most 200\n"


def test_a_megabyte_of_events_is_counted_before_each_is_checked(here):
    # 55,000 events: each one's schema check came first, some 20 s before the count refused them
    write(here / "many.yaml", "seats: {}\nevents:\n" + "- exhausted: true\n" * 55_000)
    result = run("settle", "many.yaml")
    assert result.stderr == "mjscore: many.yaml: events: 55000 items, at most 1000\n"


# -- rulesets whose numbers go past any stake ---------------------------------------------------
PAST = "1000000000000000, the largest amount mjscore works with"


@pytest.mark.parametrize("text, args, message", [
    pytest.param("extends: luzhou-guide\nname: huge\npatterns:\n  kong_draw:\n"
                 "    multiply: 1000000000\n  no_ghost:\n    add: 1000000000\n"
                 "  all_triplet:\n    base: 1000000000\n",
                 ["111m222m333p44p (5555p)", "--kong-draw", "--opt", "cap=none"],
                 "invalid ruleset: huge.yaml: patterns: this hand's patterns come to more than "
                 f"{PAST}: check their amounts", id="amounts that multiply past 10^15"),
    pytest.param("extends: luzhou-guide\nname: huge\npatterns:\n  basic_win:\n    base: .nan\n",
                 ["123m456m789m11p5p5p5p", "--opt", "cap=none"],
                 "invalid ruleset: huge.yaml: patterns.basic_win: base .nan: not a number",
                 id="a base that is not a number"),
    pytest.param("extends: luzhou-guide\nname: huge\npatterns:\n  basic_win:\n    base: 2\n"
                 "    each_more: .nan\n", ["123m456m789m11p5p5p5p"],
                 "invalid ruleset: huge.yaml: patterns.basic_win: each_more .nan: not a number",
                 id="an each_more that is not a number"),
    pytest.param("extends: guangdong\nname: huge\nvalue:\n  base: .nan\npatterns:\n  hu: null\n",
                 ["123m456m789m123p55p"],
                 "invalid ruleset: huge.yaml: value.base: base .nan: not a number",
                 id="a value.base that is not a number"),
    pytest.param("extends: luzhou\nname: huge\npatterns:\n  wugui: {steps: 49}\n",
                 ["11m22m33m55m77m99m44m"], "invalid ruleset: huge.yaml: patterns.wugui: steps "
                 f"49: a hand of more than 48 steps comes to more than {PAST} (for a set value, "
                 "give the pattern fixed:)", id="steps past the ladder's last, capped or not"),
    pytest.param("extends: luzhou\nname: huge\nvalue:\n  cap: 1000000000000001\n", [HAND],
                 "invalid ruleset: huge.yaml: value.cap: cap 1000000000000001: more than "
                 f"{PAST} (none: no cap)", id="a cap past 10^15"),
    pytest.param("extends: luzhou\nname: huge\ndraw:\n  not_ready_pays: 1000000000000001\n",
                 [HAND], f"invalid ruleset: huge.yaml: draw.not_ready_pays: 1000000000000001: "
                 f"more than {PAST}", id="a draw payment past 10^15"),
    pytest.param("extends: luzhou-guide\nname: huge\npatterns:\n  basic_win:\n    base: .inf\n",
                 ["123m456m789m11p5p5p5p"],
                 "invalid ruleset: huge.yaml: patterns.basic_win.base: must be at most "
                 "1000000000, not the number inf", id="an infinite base"),
    pytest.param("extends: luzhou\nname: huge\nvalue:\n  ladder: {start: 2, first: 5, "
                 f"ratio: {10 ** 40}}}\n", [HAND],
                 "invalid ruleset: huge.yaml: value.ladder.ratio: "
                 f"must be at most 1000000000, not the number {10 ** 40}", id="a 41-digit ratio"),
    pytest.param("extends: luzhou\nname: huge\nvalue:\n  cap: {option: xiqian}\n", [HAND],
                 "invalid ruleset: huge.yaml: value.cap: option \"xiqian\" is \"always\" here, "
                 "which does not fit: must be a whole number, nothing, none or an option "
                 'reference ({option: NAME}), not the text "always"',
                 id="an option of the wrong type where a number goes"),
    pytest.param("extends: luzhou\nname: huge\npatterns:\n  daduizi:\n"
                 "    steps: {option: xiqian}\n", [HAND],
                 "invalid ruleset: huge.yaml: patterns.daduizi.steps: option \"xiqian\" is "
                 "\"always\" here, which does not fit: must be a whole number or an option "
                 'reference ({option: NAME}), not the text "always"', id="an option of the wrong type in a pattern"),
])
def test_ruleset_numbers_out_of_range(here, text, args, message):
    write(here / "huge.yaml", text)
    assert_refused(run("score", *args, "--rules", "huge.yaml"), message)
    if "this hand's patterns" not in message:  # (a file refused whatever hand meets it)
        assert_refused(run("rules", "check", "huge.yaml"), message)


def test_the_last_step_within_10_15_is_scored_exactly(here):
    # luzhou's ladder: 5 x 2^47 = 703687441776640 at 48 steps, the most a hand may have.
    write(here / "huge.yaml", "extends: luzhou\nname: huge\nvalue: {cap: none}\n"
                              "patterns:\n  wugui: {steps: 44}\n")
    result = run("score", "11m22m33m55m77m99m44m", "--rules", "huge.yaml", "--format", "json")
    assert json.loads(result.stdout)["net"]["E"] == 3 * 5 * 2 ** 47, result.stderr


def test_a_fixed_value_in_place_of_patterns_past_10_15_says_more_than(here):
    # 天胡 pays 40 whatever the patterns come to (so they are not refused); the Value line
    # said they came to 1000000000000000, a number they did not come to.
    write(here / "huge.yaml", "extends: luzhou\nname: huge\nvalue: {cap: none}\n"
                              "patterns:\n  wugui: {steps: 46}\n")
    result = run("score", "11m22m33m55m77m99m44m", "--rules", "huge.yaml", "--heavenly")
    assert "Value:    天胡 = 40 颗 (in place of 50 steps (2 + 2 + 46) = more than " \
           "1000000000000000 颗) (no cap)" in result.stdout.splitlines(), result.output


@pytest.mark.parametrize("call", [
    pytest.param(lambda s: s("11m22m33m55m77m99m44m", opts={"cap": 10 ** 15 + 1}), id="cap"),
    pytest.param(lambda s: s("123m456m789m123p55p", "guangdong", opts={"base": 2 ** 62}),
                 id="guangdong base"),
])
def test_an_option_past_10_15_is_refused_by_name(call):
    # A shipped ruleset's options are not checked against the schema: guangdong's base of
    # 2^62 was refused as "patterns" of the ruleset, and a cap of 10^30 was shown as it was.
    from mjscore import OptionError, score
    with pytest.raises(OptionError) as info:
        call(score)
    assert "is more than 1000000000000000, the largest amount mjscore works with" in \
        str(info.value) and 'option "' in str(info.value)


# -- ruleset files that once reached scoring ill-typed (found by tests/test_fuzz.py) -----------
@pytest.mark.parametrize("text, message", [
    pytest.param("extends: guangdong\nname: h\nextras:\n  horses:\n"
                 "    params: {count: {option: indicator}}\n",
                 "extras.horses.params.count: option \"indicator\" is null here, which does not "
                 "fit: must be a whole number or an option reference ({option: NAME}), not "
                 "nothing (an empty value)",
                 id="an option with no default where a count goes"),
    pytest.param("extends: luzhou\nname: h\npatterns:\n  gui:\n"
                 "    params: {shape: {option: false}}\n",
                 "patterns.gui.params.shape.option: must be text, not false (YAML reads "
                 "unquoted yes, no, on, off as true or false)",
                 id="an option reference that is not a name"),
    pytest.param("extends: luzhou-guide\nname: h\npatterns:\n  three_dragon_seven_pairs:\n"
                 "    params: {dragons: three}\n",
                 "patterns.three_dragon_seven_pairs.params.dragons: must be a whole number or "
                 'an option reference ({option: NAME}), not the text "three"', id="a pattern parameter of the wrong type"),
    pytest.param("extends: luzhou\nname: h\ndraw:\n  flower_cat_pays: {x: 1}\n",
                 "draw.flower_cat_pays: unknown key \"x\"; keys: option",
                 id="a draw rule of the wrong type"),
    pytest.param("extends: luzhou\nname: h\nvalue:\n  ladder: null\n",
                 "value.ladder: missing: value needs ladder",
                 id="a ladder value model with its ladder removed"),
    pytest.param('extends: luzhou\nname: h\ntiles:\n  copies: {"²m": 3}\n',
                 "tiles.copies: copies of ²m: expected a tile and a count",
                 id="a superscript digit in a tile name"),
    pytest.param("extends: luzhou\nname: h\ntiles:\n  copies: {5m: 5}\n",
                 "tiles.copies: copies of 5m: 5; only a ghost tile may have other than 4",
                 id="a fifth copy of a tile that is not a ghost"),
    pytest.param("extends: luzhou\nname: h\ntiles:\n  copies: {5p: 1}\n",
                 "tiles.copies: copies of 5p: 1; only a ghost tile may have other than 4",
                 id="one copy of a tile that is not a ghost"),
    pytest.param("extends: luzhou\nname: h\ntiles:\n  copies: {C: 0}\n", "tiles.copies.C: must be at least 1, not the number 0", id="no copies of the ghost (found by fuzzing)"),  # noqa: E501
    pytest.param("extends: luzhou\nname: h\noptions:\n  ghosts: {choices: [0, 4], default: 0}\n", 'tiles.copies.C: option "ghosts" is 0 here, which does not fit: must be at least 1, not the number 0', id="an option making no copies of the ghost (found by fuzzing)"),  # noqa: E501
    pytest.param('extends: luzhou\nname: h\noptions:\n  ghosts: {choices: [4, "8"]}\n', 'options.ghosts.choices.1: option "ghosts" of t.yaml: a choice is written as the value it stands for, 8, not the text "8"', id="a number choice quoted (found by fuzzing)"),  # noqa: E501
    pytest.param("extends: luzhou\nname: h\noptions:\n  ghosts: {choices: [4, 8, true]}\n", 'options.ghosts.choices.2: option "ghosts" of t.yaml: expected an integer, got "true" (YAML reads unquoted yes, no, on, off as true or false)', id="true among a number's choices let 1 through (found by fuzzing)"),  # noqa: E501
    pytest.param("extends: luzhou\nname: h\noptions:\n  ghosts: {choices: [4, a]}\n", 'options.ghosts.choices.1: option "ghosts" of t.yaml: expected an integer, got "a"', id="a word among a number's choices (found by fuzzing)"),  # noqa: E501
    pytest.param("extends: luzhou\nname: h\noptions:\n  xiqian: {choices: [always, 5]}\n", 'options.xiqian.choices.1: option "xiqian" of t.yaml: expected a word, got "5"', id="a number among a word's choices (found by fuzzing)"),  # noqa: E501
    pytest.param("extends: luzhou\nname: h\noptions:\n  cap: {choices: [40, 0]}\n", 'options.cap.choices.1: option "cap" of t.yaml: expected an integer at least 1 or "none", got "0"', id="a choice below the option's min (found by fuzzing)"),  # noqa: E501
    pytest.param("extends: luzhou\nname: h\noptions:\n  cap: {min: 10, max: 5}\n", 'options.cap.max: option "cap" of t.yaml: min 10 is above max 5: no value could be given', id="min above max (found by fuzzing)"),  # noqa: E501
    pytest.param("extends: luzhou\nname: h\noptions:\n  cap: {max: 0}\n", 'options.cap.max: option "cap" of t.yaml: min 1 is above max 0: no value could be given', id="a max below the min it inherits (found by fuzzing)"),  # noqa: E501
    # (rules check and rules show said ok of it, and a record's cap under it was then refused)
    pytest.param("extends: luzhou\nname: h\noptions:\n  cap: {max: 2000000000000000}\n", 'options.cap.max: option "cap" of t.yaml: max 2000000000000000 is more than 1000000000000000, the largest amount mjscore works with', id="a max past the largest amount (a review)"),  # noqa: E501
    pytest.param("extends: luzhou\nname: h\noptions:\n  min_discard_win: {min: -1000000000000001}\n", 'options.min_discard_win.min: option "min_discard_win" of t.yaml: min -1000000000000001 is less than -1000000000000000, past the largest amount mjscore works with', id="a min past the largest amount"),  # noqa: E501
    # (a blank name left the pattern's row nameless, and waits' list of patterns without it)
    pytest.param('extends: luzhou\nname: h\npatterns:\n  wugui: {name: ""}\n', 'patterns.wugui.name: must be text that is not blank, not the text ""', id="a blank pattern name (a review)"),  # noqa: E501
    pytest.param('extends: luzhou\nname: h\npatterns:\n  wugui: {en: "  "}\n', 'patterns.wugui.en: must be text that is not blank, not the text "  "', id="a pattern's English name of spaces"),  # noqa: E501
])
def test_ill_typed_ruleset_file(here, text, message):
    write(here / "t.yaml", text)
    assert_refused(run("rules", "check", "t.yaml"), f"invalid ruleset: t.yaml: {message}")


def test_a_record_whose_events_are_not_a_list(here):
    write(here / "r.yaml", "seats: {}\nevents: 5\n")
    assert_refused(run("settle", "r.yaml"), "r.yaml: events: must be a list, not the number 5")


def test_an_edited_ruleset_file_is_read_again(here):
    """The ruleset cache never answers with a file's old contents."""
    from mjscore import score
    write(here / "house.yaml", "extends: luzhou\nname: house\noptions:\n  cap:\n    default: 40\n")
    hand = "1111m2222m33m44mC5m"  # 清双龙七对: 160 uncapped
    assert score(hand, str(here / "house.yaml")).value == 40
    # the same size, and likely the same modification time: only the contents differ
    write(here / "house.yaml", "extends: luzhou\nname: house\noptions:\n  cap:\n    default: 80\n")
    assert score(hand, str(here / "house.yaml")).value == 80


# -- the Python API given arguments of the wrong type ------------------------------------------
def _api_cases():
    from mjscore import MjscoreError, NotationError, OptionError, RulesetError, score, settle, waits
    return [
        pytest.param(lambda: score(None), NotationError,
                     "invalid hand: tiles are written as text, not as NoneType", id="hand None"),
        pytest.param(lambda: score(HAND, rules=None), RulesetError,
                     "invalid ruleset: None: unknown ruleset: give a shipped name or a file",
                     id="rules None"),
        pytest.param(lambda: score(HAND, opts=["cap=100"]), OptionError,
                     "invalid option: opts maps option names to values, not list",
                     id="opts a list"),
        # (a word's or an on/off option's refusal quoted the value's repr, which Python will
        # not make of 4,300 digits: ValueError, from the "did you mean" too, a review)
        pytest.param(lambda: score(HAND, opts={"xiqian": 10 ** 5000}), OptionError,
                     'invalid option: option "xiqian" of luzhou: expected one of always, '
                     'win_only, got "a number too large (16610 bits)"', id="a word option huge"),
        pytest.param(lambda: score(HAND, opts={"xiqia": 10 ** 5000}), OptionError,
                     'invalid option: unknown option "xiqia" for luzhou (its options: cap, '
                     "flower_cat_pays, ghosts, min_discard_win, pinghu_ten, shoubayi, "
                     "wugui_steps, xiqian)", id="an unknown option near one, huge"),
        pytest.param(lambda: score(HAND, win=300), OptionError,
                     "invalid option: --win 300: tiles are written as text, not as int",
                     id="win an int"),
        pytest.param(lambda: score(HAND, won=5), OptionError,
                     'invalid option: --won 5: seats are written as text or a list of them, not as int',
                     id="won an int"),
        pytest.param(lambda: score(HAND, "guangdong", horses=1.5), OptionError,
                     "invalid option: --horses takes tiles in hand notation, not 1.5",
                     id="horses a float"),
        pytest.param(lambda: score(HAND, ghosts_drawn=float("inf")), OptionError,
                     "invalid option: --ghosts-drawn takes a whole number, not inf",
                     id="ghosts_drawn infinite"),
        pytest.param(lambda: score(HAND, ghosts_drawn=5.9), OptionError,
                     "invalid option: --ghosts-drawn takes a whole number, not 5.9",
                     id="ghosts_drawn a float"),
        pytest.param(lambda: score(HAND, declared="false"), OptionError,
                     "invalid option: --declared takes True or False, not 'false'",
                     id="a flag given as text"),
        pytest.param(lambda: waits("111m123m456m789mC", rules=None), RulesetError,
                     "invalid ruleset: None: unknown ruleset: give a shipped name or a file",
                     id="waits: rules None"),
        pytest.param(lambda: settle({"seats": {}, "events": []}, opts="cap=100"), OptionError,
                     "invalid option: opts maps option names to values, not str",
                     id="settle: opts a string"),
        pytest.param(lambda: settle({"seats": {}, "events": [{"exhausted": True}] * 300_000}),
                     MjscoreError, "record: events: 300000 items, at most 1000",
                     id="settle: 300,000 events (once checked one by one for minutes)"),
        pytest.param(lambda: settle(5), MjscoreError,
                     "record: a hand record is a mapping with seats: and events:",
                     id="settle: a number"),
    ]


def test_api_takes_a_path_for_a_ruleset_file():
    from pathlib import Path

    from mjscore import score
    house = Path(__file__).resolve().parent.parent / "samples" / "house-cap100.yaml"
    assert score(HAND, rules=house).to_dict() == score(HAND, rules=str(house)).to_dict()
    gd = house.parent.parent / "rulesets" / "guangdong.yaml"  # --indicator flips it as well
    assert score("123m456m789m12pCSS", gd, indicator="N").legal


@pytest.mark.parametrize("call, kind, message", _api_cases())
def test_api_argument_of_the_wrong_type(call, kind, message):
    with hang_guard(), pytest.raises(kind) as info:
        call()
    assert str(info.value) == message


def _nested(depth: int, leaf):
    """A list in a list ... `depth` deep (a dict where `leaf` is one: {"a": {"a": ...}})."""
    out = leaf
    for _ in range(depth):
        out = {"a": out} if isinstance(leaf, dict) else [out]
    return out


# Past Python's default recursion limit (1,000): walking or quoting such an argument recursed
# up to Python 3.12. From 3.13, repr() has its own, higher limit and quotes 3,000 levels, so
# the argument's own error names it then (a short quote: `words.describe`); 100,000 levels
# are past every version's limit.
DEEP, DEEPER = 3000, 100_000


_NESTED_CALLS = [
    pytest.param(lambda s, w, st, d: s(HAND, win=_nested(d, [])), id="score win"),
    pytest.param(lambda s, w, st, d: s(HAND, won=_nested(d, [])), id="score won"),
    pytest.param(lambda s, w, st, d: s(HAND, "guangdong", horses=_nested(d, [])),
                 id="score horses"),
    pytest.param(lambda s, w, st, d: s(HAND, rules=_nested(d, [])), id="score rules"),
    pytest.param(lambda s, w, st, d: s(HAND, opts={"cap": _nested(d, {})}), id="score opts"),
    pytest.param(lambda s, w, st, d: w("111m123m456m789mC", opts={"cap": _nested(d, {})}),
                 id="waits opts"),
    pytest.param(lambda s, w, st, d: st({"seats": {"E": HAND}, "events": [
        {"win": "E", "tile": "5p", "x": _nested(d, {})}]}), id="settle record"),
]


@pytest.mark.parametrize("call", _NESTED_CALLS)
def test_api_argument_nested_past_the_recursion_limit(call):
    # The CLI and batch say so for their own input; the API's callers get the same
    # MjscoreError, not a RecursionError.
    from mjscore import InputError, score, settle, waits
    with hang_guard(), pytest.raises(InputError) as info:
        call(score, waits, settle, DEEPER)
    assert str(info.value) == "input nested too deeply"


@pytest.mark.parametrize("call", _NESTED_CALLS)
def test_api_argument_nested_past_the_default_limit_is_one_short_line(call):
    # Where the Python in use can quote it (3.13 and later), the argument's own error, else
    # "input nested too deeply": a MjscoreError of one line either way, never a wall of
    # brackets or a RecursionError.
    from mjscore import MjscoreError, score, settle, waits
    with hang_guard(), pytest.raises(MjscoreError) as info:
        call(score, waits, settle, DEEP)
    message = str(info.value)
    assert "\n" not in message and len(message) < 500, message[:200]


@pytest.mark.parametrize("made_with, opts, value", [
    pytest.param(None, None, 40, id="no opts"),
    pytest.param(None, {"cap": 40}, 40, id="opts repeating the Ruleset's own"),
    pytest.param(None, {"cap": "40", "ghosts": "4"}, 40, id="the same, as text"),
    pytest.param({"cap": "none"}, {"cap": "None"}, 80, id="cap none and None as text"),
])
def test_api_compiled_ruleset_takes_opts_that_agree(made_with, opts, value):
    from mjscore import score
    from mjscore.ruleset import load
    hand = "888p 11m (5555p) {666pC} [777p]"
    assert score(hand, load("luzhou", made_with), opts=opts, kong_draw=True).value == value


@pytest.mark.parametrize("call", [
    pytest.param(lambda s, w, rs: s("888p 11m (5555p) {666pC} [777p]", rs, opts={"cap": 100}),
                 id="score"),
    pytest.param(lambda s, w, rs: w("111m123m456m789mC", rs, opts={"cap": 100}), id="waits"),
])
def test_api_compiled_ruleset_refuses_opts_that_would_change_it(call):
    # Dropped without a word, cap=100 would score 40 here where the ruleset's name gives 80.
    from mjscore import OptionError, score, waits
    from mjscore.ruleset import load
    with pytest.raises(OptionError) as info:
        call(score, waits, load("luzhou"))
    assert str(info.value) == ("invalid option: cap=100: the Ruleset given was made with "
                               "cap=40; load it with this option, or give its name")


@pytest.mark.parametrize("call", [
    pytest.param(lambda s, w, st: s("111m123m456m789m5pC", win="5p", opts={"cap": None}),
                 id="score"),
    pytest.param(lambda s, w, st: s("111m123m456m789m5pC", _load("luzhou", {"cap": "none"}),
                                    opts={"cap": None}), id="score, a compiled Ruleset"),
    pytest.param(lambda s, w, st: w("111m123m456m789mC", opts={"cap": None}), id="waits"),
    pytest.param(lambda s, w, st: st({"seats": {"E": "111m123m456m789m5pC"},
                                      "events": [{"win": "E", "tile": "5p"}]},
                                     opts={"cap": None}), id="settle"),
])
def test_api_option_given_as_none_is_refused_as_a_record_null_is(call):
    # A batch record's `opts: {cap: null}` is refused (README); the API took None as no cap.
    # CONTRACT: a record takes what `score` takes, and `none` is the word for uncapped.
    from mjscore import OptionError, score, settle, waits
    with pytest.raises(OptionError) as info:
        call(score, waits, settle)
    assert str(info.value) == "invalid option: opts: cap has no value: give one, or leave it out"


def test_a_payment_made_of_amounts_within_10_15_may_pass_it_exactly(here):
    # README "How large": the value times a payer's shares is not held to 10^15, and is a
    # whole number wherever it is printed.
    write(here / "huge.yaml", "extends: guangdong\nname: huge\npatterns:\n"
                              "  hu: {base: 1000000000}\n  wugui: {multiply: 1000000}\n"
                              "payers:\n  rob_kong: {who: konger, shares: 1000000000}\n")
    args = ["123m456m789m123p88p", "--rules", "huge.yaml", "--rob-kong", "S", "--win", "3p"]
    got = json.loads(run("score", *args, "--format", "json").stdout)
    assert [p["amount"] for p in got["payments"]] == [10 ** 15, 999_999_999 * 10 ** 15]
    assert got["net"] == {"E": 10 ** 24, "S": -10 ** 24, "W": 0, "N": 0}
    assert "-1000000000000000000000000" in run("score", *args).stdout


def test_a_ladder_reaching_10_15_exactly_is_allowed(here):
    # Step 7 of this ladder is 10^9 x 10^6 = 10^15, the largest amount, not past it: the
    # ruleset's bound on steps (`amounts.most_steps`) takes it (mutation review: "<" for "<="
    # refused this file, saying 7 steps come to more than 10^15).
    write(here / "huge10.yaml", "extends: luzhou\nname: huge10\nvalue:\n  cap: none\n"
                                "  ladder: {start: 2, first: 1000000000, ratio: 10}\n"
                                "patterns:\n  wugui: {steps: 7}\n")
    from mjscore import score
    r = score("123m456m789p234p55p", "huge10.yaml", win="5p")
    assert (r.value, r.net["E"]) == (10 ** 15, 3 * 10 ** 15)


# Far below 0 is refused as past the largest amount too, not "expected one of 4, 8" (and
# not "is more than 10^15", as it once said).
def test_an_option_far_below_0_is_refused_as_past_the_largest_amount():
    from mjscore import OptionError, score
    with pytest.raises(OptionError) as info:
        score("123m456m789m11p23p1p", opts={"ghosts": -10 ** 16})
    assert str(info.value) == ('invalid option: option "ghosts" of luzhou: -10000000000000000 '
                               "is less than -1000000000000000, past the largest amount "
                               "mjscore works with")
