"""`mjscore batch` (issue 7; CONTRACT "Batch records and results", "Exit codes"): every input
format, exactly one row per record in input order, bad records in their own rows and on stderr,
file errors as one line, --jobs output byte-identical, the samples."""

import csv
import datetime
import io
import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from mjscore import score
from mjscore import cli as cli_module
from mjscore.batch import Row, arguments
from mjscore.cli import cli
from mjscore.errors import InputError, MjscoreError, OptionError
from mjscore.records import as_fields

SAMPLES = Path(__file__).resolve().parent.parent / "samples"

GOOD = {"hand": "111m222m333p444p55p"}  # 大对子 无鬼, 40
GOOD2 = {"hand": "123m456mCFPSS [CFP]", "rules": "lanzhou", "declared": True}  # 8
ILLEGAL = {"hand": "123m456p789s234m55m"}  # 花猫
BAD_HAND = {"hand": "111m123m456m789m5qC"}
BAD_KEY = {"hand": "111m222m333p444p55p", "colour": "red"}
BAD_VALUE = {"hand": "111m222m333p444p55p", "won": "X"}

# One record per kind, in an order that interleaves them.
MIXED = [GOOD, ILLEGAL, BAD_HAND, GOOD2, BAD_VALUE, ILLEGAL, BAD_KEY, GOOD]
MIXED_STATUS = ["scored", "not legal", "bad", "scored", "bad", "not legal", "bad", "scored"]


def run(*args, input=None):
    return CliRunner().invoke(cli, ["batch", *args], input=input)


class _NoAliases(yaml.SafeDumper):
    """Write a repeated record out again rather than as an alias: batch files refuse aliases."""

    def ignore_aliases(self, data):
        return True


def write_yaml(path, records):
    path.write_text(yaml.dump(records, Dumper=_NoAliases, allow_unicode=True), encoding="utf-8")


def write_jsonl(path, records):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                    encoding="utf-8")


def write_csv(path, records):
    cols = sorted({k for r in records for k in r}, key=lambda k: (k != "hand", k))
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(cols)
    for r in records:
        w.writerow(["" if r.get(c) is None else str(r[c]).lower() if isinstance(r[c], bool)
                    else r[c] for c in cols])
    path.write_text(buf.getvalue(), encoding="utf-8")


WRITERS = {"yaml": write_yaml, "jsonl": write_jsonl, "csv": write_csv}


def rows_of(result) -> list:
    return [json.loads(line) for line in result.stdout.splitlines()]


def status(row) -> str:
    return "bad" if "error" in row else "scored" if row["legal"] else "not legal"


def one_error_line(result, *fragments):
    """Exit 2 and exactly one stderr line saying what is wrong (no traceback)."""
    assert result.exit_code == 2, (result.exit_code, result.output)
    err = result.stderr
    assert err.count("\n") == 1 and err.startswith("mjscore: "), repr(err)
    assert "Traceback" not in err
    for f in fragments:
        assert f in err, (f, err)


# -- each input format ----------------------------------------------------------------------

@pytest.mark.parametrize("fmt, name", [
    pytest.param("yaml", "hands.yaml", id="yaml"),
    pytest.param("yaml", "hands.yml", id="yml"),
    pytest.param("jsonl", "hands.jsonl", id="jsonl"),
    pytest.param("jsonl", "hands.ndjson", id="ndjson"),
    pytest.param("csv", "hands.csv", id="csv"),
])
def test_each_input_format_one_row_per_record_in_order(tmp_path, fmt, name):
    # CSV has one header for all rows, so an unknown key cannot be a CSV record (see the
    # header tests); the other kinds are in every format.
    records = [r for r in MIXED if r is not BAD_KEY] if fmt == "csv" else MIXED
    path = tmp_path / name
    WRITERS[fmt](path, records)
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 2, result.output
    rows = rows_of(result)
    assert [(r["file"], r["record"]) for r in rows] == [(str(path), i)
                                                         for i in range(1, len(records) + 1)]
    assert [status(r) for r in rows] == [s for r, s in zip(MIXED, MIXED_STATUS)
                                         if r in records]
    good = rows[0]
    assert good == {"file": str(path), "record": 1, **score(GOOD["hand"]).to_dict()}


@pytest.mark.parametrize("fmt", [pytest.param(f, id=f) for f in WRITERS])
def test_mixed_file_summary_stderr_and_exit_code(tmp_path, fmt):
    records = [r for r in MIXED if r is not BAD_KEY or fmt != "csv"]
    path = tmp_path / f"mixed.{fmt}"
    WRITERS[fmt](path, records)
    result = run(str(path), "--format", "jsonl")
    n_bad = 3 if fmt != "csv" else 2
    err = result.stderr.splitlines()
    assert err[-1] == f"{len(records)} records from 1 file: 3 scored, 2 not legal, {n_bad} bad"
    bad = [r for r in rows_of(result) if "error" in r]
    assert err[:-1] == [f"{path}:{r['record']}: {r['error']}" for r in bad]
    assert all(set(r) == {"file", "record", "error"} for r in bad)
    assert result.exit_code == 2


@pytest.mark.parametrize("records, code, counts", [
    pytest.param([GOOD, GOOD2], 0, "2 scored, 0 not legal, 0 bad", id="0: all scored"),
    pytest.param([GOOD, ILLEGAL], 1, "1 scored, 1 not legal, 0 bad", id="1: some not legal"),
    pytest.param([ILLEGAL, BAD_HAND], 2, "0 scored, 1 not legal, 1 bad", id="2: some bad"),
    pytest.param([BAD_HAND], 2, "0 scored, 0 not legal, 1 bad", id="2: only bad"),
])
def test_exit_code_follows_the_counts(tmp_path, records, code, counts):
    path = tmp_path / "h.jsonl"
    write_jsonl(path, records)
    result = run(str(path))
    assert result.exit_code == code, result.output
    assert result.stdout.splitlines()[-1].endswith(counts)


# -- record fields --------------------------------------------------------------------------

@pytest.mark.parametrize("fields, expect", [
    pytest.param({"hand": "h", "declared": "yes", "kong_draw": "0"},
                 {"declared": True, "kong_draw": False}, id="CSV booleans yes and 0"),
    pytest.param({"hand": "h", "heavenly": "TRUE", "earthly": False},
                 {"heavenly": True, "earthly": False}, id="booleans any case, or real ones"),
    pytest.param({"hand": "h", "won": "S,W"}, {"won": "S,W"}, id="won as S,W"),
    pytest.param({"hand": "h", "won": ["S", "W"]}, {"won": ["S", "W"]}, id="won as a list"),
    pytest.param({"hand": "h", "opts": "cap=100; ghosts=8;"}, {"opts": {"cap": "100",
                                                                        "ghosts": "8"}},
                 id="opts as key=value;key=value"),
    pytest.param({"hand": "h", "opts": {"cap": 100}}, {"opts": {"cap": 100}}, id="opts mapping"),
    # (Passed as text, as --ghosts-drawn passes it: a 0 written is a count given.)
    pytest.param({"hand": "h", "ghosts_drawn": "6"}, {"ghosts_drawn": "6"}, id="ghosts_drawn text"),
    pytest.param({"hand": "h", "ghosts_drawn": 0}, {"ghosts_drawn": "0"}, id="ghosts_drawn 0"),
    pytest.param({"hand": "h", "discard": None}, {}, id="null is not given"),
    pytest.param({"hand": "h", "won": [], "opts": {}, "seat": " "}, {},
                 id="an empty list, mapping or text is not given"),
    pytest.param({"hand": "h", "rules": "guangdong"}, {"rules": "guangdong"},
                 id="a record's rules beat --rules"),
])
def test_record_fields_become_score_arguments(fields, expect):
    assert arguments(fields, "luzhou") == {"rules": "luzhou", "hand": "h", **expect}


@pytest.mark.parametrize("fields, fragment", [
    pytest.param({"win": "5p"}, 'no "hand"', id="no hand"),
    pytest.param({"hand": None}, 'no "hand"', id="null hand"),
    pytest.param({"hand": "h", "discrad": "S"}, 'unknown key "discrad"; did you mean "discard"?',
                 id="misspelt key"),
    # (Two keys as close: it named "won" alone, where the writer may have meant "win".)
    pytest.param({"hand": "h", "wn": "5p"}, 'unknown key "wn"; did you mean "win" or "won"?',
                 id="misspelt key as close to two"),
    pytest.param({"hand": "h", "zzz": 1}, 'unknown key "zzz"; keys: hand, win', id="unknown key"),
    pytest.param({"hand": 123}, '"hand" must be text, not the number 123', id="hand a number"),
    pytest.param({"hand": ["5555p"]}, '"hand" must be text, not a list (YAML read [5555p] as a '
                 'list: a hand or meld that starts with "[" needs quotes, "[5555p] 123m...")',
                 id="a meld unquoted, a YAML list"),
    pytest.param({"hand": "h", "declared": "maybe"}, '"declared" must be true or false',
                 id="boolean neither"),
    pytest.param({"hand": "h", "declared": 2}, '"declared" must be true or false',
                 id="boolean a number other than 1 or 0"),
    pytest.param({"hand": "h", "declared": 1.0}, '"declared" must be true or false',
                 id="boolean a float"),
    pytest.param({"hand": "h", "ghosts_drawn": "x"}, '"ghosts_drawn" must be a whole number',
                 id="ghosts_drawn not a number"),
    pytest.param({"hand": "h", "ghosts_drawn": True}, '"ghosts_drawn" must be a whole number',
                 id="ghosts_drawn a boolean"),
    pytest.param({"hand": "h", "ghosts_drawn": "²"}, '"ghosts_drawn" must be a whole number',
                 id="ghosts_drawn a superscript digit"),
    pytest.param({"hand": "h", "ghosts_drawn": "--1"}, '"ghosts_drawn" must be a whole number',
                 id="ghosts_drawn with two minus signs"),
    pytest.param({"hand": "h", "ghosts_drawn": 10.0}, '"ghosts_drawn" must be a whole number, not '
                 'the number 10.0 (a whole number is written without a decimal point)',
                 id="ghosts_drawn YAML's 10.0"),
    pytest.param({"hand": "h", "won": 3}, '"won" must be seats', id="won a number"),
    pytest.param({"hand": "h", "discard": False}, '"discard" must be text, not false (YAML reads '
                 'unquoted yes, no, on, off as true or false)', id="a seat read by YAML as no"),
    pytest.param({"hand": "h", "seat": datetime.date(2020, 1, 2)},
                 '"seat" must be text, not the date 2020-01-02', id="a date read by YAML"),
    pytest.param({"hand": "h", "won": ["S", 5]},
                 '"won" must be seats ("S,W" or a list of them), not a list holding the number 5',
                 id="won a list holding a number"),
    pytest.param({"hand": "h", "opts": "cap=100;cap=5"}, '"opts": cap is given twice (cap=100, '
                 'cap=5)', id="an option given twice"),
    pytest.param({"hand": "h", "opts": "cap"}, '"opts" takes key=value;key=value, not "cap"',
                 id="opts without ="),
    pytest.param({"hand": "h", "opts": [1]}, '"opts" must be a mapping', id="opts a list"),
    pytest.param({"hand": "h", "opts": {"cap": None}}, '"opts": cap has no value: give one, '
                 "or leave it out", id="an option left blank (null)"),
    # (An empty name was shown as nothing: '"opts":  has no value'.)
    pytest.param({"hand": "h", "opts": {"": None}}, '"opts": "" has no value: give one, '
                 "or leave it out", id="an option with no name left blank"),
    pytest.param({"hand": "h", "opts": {" cap": None}}, '"opts": " cap" has no value',
                 id="an option named with a space left blank"),
    # As a settle record's opts: are (it said 'got "{'a': 1}"', Python's spelling).
    pytest.param({"hand": "h", "opts": {"cap": {"a": 1}}}, '"opts": cap must be text, a whole '
                 "number or true/false, not a mapping", id="an option given a mapping"),
    pytest.param({"hand": "h", "opts": {"cap": [1]}}, '"opts": cap must be text, a whole number '
                 "or true/false, not a list", id="an option given a list"),
    pytest.param({"hand": "h", "opts": {"cap": datetime.date(2020, 1, 2)}}, '"opts": cap must be '
                 "text, a whole number or true/false, not the date 2020-01-02",
                 id="an option given a date"),
    pytest.param(["hand", "h"], "a record is a mapping", id="a list, not a mapping"),
    pytest.param("111m222m333p444p55p", 'not the text "111m222m333p444p55p"',
                 id="a bare hand, not a mapping"),
])
def test_bad_record_fields(fields, fragment):
    with pytest.raises(InputError) as e:
        arguments(fields, "luzhou")
    assert fragment in str(e.value)


def test_a_list_that_holds_no_tiles_gets_no_tiles_hint():
    with pytest.raises(InputError) as e:
        arguments({"hand": "h", "rules": ["luzhou"]}, "luzhou")
    assert str(e.value) == '"rules" must be text, not a list'
    with pytest.raises(InputError) as e:  # (a list that is not tiles: no tiles to write)
        arguments({"hand": [["555p"], "123m"]}, "luzhou")
    assert str(e.value) == '"hand" must be text, not a list'


@pytest.mark.parametrize("blank", [pytest.param(" " * 100, id="short"),
                                   pytest.param(" " * (2 << 20), id="over 1 MiB"),
                                   pytest.param("\t" * (1 << 20) + " " * 9, id="tabs, over")])
def test_a_blank_line_however_long_is_no_record(tmp_path, blank):
    # (One of spaces over LINE_MAX was a bad record, "longer than 1048576 characters", and
    # every record after it numbered one more than the same file's with a short blank line.)
    path = tmp_path / "h.jsonl"
    path.write_text(f"{json.dumps(GOOD)}\n{blank}\n{json.dumps(GOOD)}\n", encoding="utf-8")
    result = run(str(path), "--format", "jsonl")
    assert (result.exit_code, [r["record"] for r in rows_of(result)]) == (0, [1, 2])


@pytest.mark.parametrize("line, fragment", [
    pytest.param('{"hand": "111m123m456m789m5qC"}', 'column 18: unknown suit "q"',
                 id="bad notation"),
    pytest.param('{"hand": "111m222m333p444p55p", "won": "X"}', 'won takes a seat',
                 id="bad value won: X"),
    pytest.param('{"hand": "111m222m333p444p55p", "won": "S,,W"}',
                 'won "S,,W": an empty seat in the list', id="won with an empty entry"),
    pytest.param('{"hand": "111m222m333p444p55p", "won": ["S", ""]}',
                 'won "S,": an empty seat in the list', id="won, a list with an empty entry"),
    pytest.param('{"hand": "111m222m333p444p55p", "opts": {"cap": "x"}}', '"cap"',
                 id="bad option value"),
    # (Text digits past 18 were said to be no whole number; a JSON number that long is too large.)
    pytest.param('{"hand": "111m222m333p444p55p", "ghosts_drawn": "%s"}' % ("9" * 29),
                 "ghosts_drawn: a number too large (97 bits)", id="ghosts_drawn, 29 digits"),
    pytest.param('{"hand": "111m222m333p444p55p", "ghosts_drawn": %s}' % ("9" * 29),
                 "ghosts_drawn: a number too large (97 bits)", id="ghosts_drawn, a JSON number"),
    pytest.param('{"hand": "111m222m333p444p55p", "ghosts_drawn": "%s"}' % ("9" * 5000),
                 "ghosts_drawn: a number too large (5000 digits)",
                 id="ghosts_drawn, past the digits Python reads"),
    # A number past a float was quoted as "inf", one too small for it as "0.0".
    pytest.param('{"hand": "111m222m333p444p55p", "ghosts_drawn": 1e999}',
                 '"ghosts_drawn" must be a whole number, not the number 1e999',
                 id="ghosts_drawn past any float"),
    pytest.param('{"hand": "111m222m333p444p55p", "ghosts_drawn": -2E-999}',
                 '"ghosts_drawn" must be a whole number, not the number -2E-999',
                 id="ghosts_drawn too small for a float"),
    # One of more digits than a float holds was quoted as the float it became: "2.0".
    pytest.param('{"hand": "111m222m333p444p55p", "ghosts_drawn": 2.0000000000000000001}',
                 '"ghosts_drawn" must be a whole number, not the number 2.0000000000000000001',
                 id="ghosts_drawn of more digits than a float holds"),
    pytest.param('{"hand": "111m222m333p444p55p", "rules": "nosuch"}', "unknown ruleset",
                 id="unknown ruleset in a record"),
    pytest.param('{"hand": "111m222m333p444p55p", "rules": "luzhou,guangdong"}',
                 "a comma list of rulesets is compared only by score --rules",
                 id="a comma list of rulesets in a record"),
    pytest.param('{"hand": "111m222m333p444p55p", "discard": "S", "rules": "guangdong",'
                 ' "declared": true}', "declared does not apply in guangdong",
                 id="option the ruleset lacks"),
    pytest.param('{"hand": "111m222m333p444p55p"', "not JSON (line 2, column 31: Expecting",
                 id="a line that is not JSON"),
    pytest.param('{"hand": "111m222m333p444p55p"\x00}', "column 31: Expecting ',' delimiter): "
                 "the character there is U+0000 (hard to see: delete it)", id="a NUL"),
    pytest.param('{"hand": "111m222m\x01333p444p55p"}', "column 19: Invalid control character)"
                 ": the character there is U+0001 (hard to see: delete it)",
                 id="a control character in text"),
    pytest.param("- hand: 111m222m333p444p55p", "column 1: Expecting value): it looks like "
                 "YAML, which --input-format yaml reads", id="a line of YAML"),
    pytest.param("hand,win", "column 1: Expecting value): it looks like CSV, which "
                 "--input-format csv reads", id="a CSV header"),
    pytest.param("111m222m333p444p55p,5p", "column 4: Extra data): it looks like CSV, which "
                 "--input-format csv reads", id="a CSV row"),
    pytest.param('"111m222m333p444p55p","S,W"', "column 22: Extra data): it looks like CSV",
                 id="a CSV row of quoted cells"),
    pytest.param('"hand": "111m222m333p444p55p", "win": "5p"', "column 7: Extra data)",
                 id="a JSON object's braces left off"),
    pytest.param('"hand" : "111m222m333p444p55p", "win" : "5p"', "column 8: Extra data)",
                 id="braces left off, a space before each colon"),
    pytest.param("'hand': '111m222m333p444p55p', 'win': '5p'",
                 "column 1: Expecting value)", id="a Python dict's braces left off"),
    pytest.param("hand=111m222m333p444p55p, win=5p", "column 1: Expecting value)",
                 id="keys and values with equals signs"),
    pytest.param("  },", "column 3: Expecting value)", id="a line of pretty-printed JSON"),
    pytest.param('      "S",', 'column 10: Extra data)', id="a pretty-printed list item"),
    pytest.param('"111m222m333p444p55p", "5p"]', "column 22: Extra data)",
                 id="a JSON array's opening bracket left off"),
    pytest.param('[' * 100000 + ']' * 100000, "nested too deeply", id="nested too deeply"),
    pytest.param('{"hand": "111m222m333p444p55p", "x": "%s"}' % ("a" * (1 << 20)),
                 "longer than 1048576 characters (line 2)", id="a line over 1 MiB"),
    pytest.param('"111m222m333p444p55p"', "a record is a mapping", id="JSON text, no mapping"),
    pytest.param('{"hand": "111m222m333p444p55p", "seat": "\\ud800"}', 'not "\\ud800"',
                 id="a lone surrogate escaped in JSON"),
    # (This session's messages, through the command: exit 2, the row and its stderr line.)
    pytest.param('{"hand": "111m222m333p444p55p", "opts": {"": null}}',
                 '"opts": "" has no value: give one, or leave it out',
                 id="an option with no name left blank"),
    pytest.param('{"hand": "111m222m333p444p55p", "wn": "5p"}',
                 'unknown key "wn"; did you mean "win" or "won"?', id="a key close to two"),
])
def test_bad_record_gets_its_row_and_stderr_line(tmp_path, line, fragment):
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps(GOOD) + "\n" + line + "\n" + json.dumps(GOOD) + "\n",
                    encoding="utf-8")
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 2
    rows = rows_of(result)
    assert [r["record"] for r in rows] == [1, 2, 3]
    assert fragment in rows[1]["error"] and "value" not in rows[1]
    assert result.stderr.splitlines()[0] == f"{path}:2: {rows[1]['error']}"
    if "CSV" not in fragment and "YAML" not in fragment and "character" not in fragment:
        assert "looks like" not in rows[1]["error"]  # (no other format to name)


@pytest.mark.parametrize("record, kwargs", [
    pytest.param({"won": "S,  X"}, {"won": "S,  X"}, id="a seat quoted with its spaces"),
    pytest.param({"rules": " no  such "}, {}, id="a ruleset name quoted with its spaces"),
])
def test_a_bad_records_error_is_the_message_score_gives(tmp_path, record, kwargs):
    # The message as score gives it, spaces and all: not with runs of spaces made one (an
    # option named as the record's field: `as_fields`).
    path = tmp_path / "h.jsonl"
    write_jsonl(path, [{**GOOD, **record}])
    with pytest.raises(MjscoreError) as e:
        score(GOOD["hand"], record.get("rules", "luzhou"), **kwargs)
    said = as_fields(str(e.value)) if isinstance(e.value, OptionError) else str(e.value)
    result = run(str(path), "--format", "jsonl")
    assert rows_of(result)[0]["error"] == said
    assert result.stderr.splitlines()[0] == f"{path}:1: {said}"


# An option's message names the record's field (its key, its CSV column), not the command's
# flag, which a batch has none of; the record's own text, quoted, is left as written.
@pytest.mark.parametrize("message, fields, said", [
    pytest.param("invalid option: --kong-draw: no kong", {"kong_draw": True},
                 "invalid option: kong_draw: no kong", id="a flag"),
    pytest.param("invalid option: --horses: off; set --opt horses=1", {"horses": "1m"},
                 "invalid option: horses: off; set opts horses=1", id="an --opt"),
    pytest.param('invalid option: --win takes one tile, not "--kong-draw"',
                 {"win": "--kong-draw"}, 'invalid option: win takes one tile, not "--kong-draw"',
                 id="quoted text"),
    pytest.param("invalid option: --format x", {}, "invalid option: --format x",
                 id="no record field"),
    pytest.param('invalid option: --seat takes a seat, not "X"Y --kong-draw"',
                 {"seat": 'X"Y --kong-draw'},
                 'invalid option: seat takes a seat, not "X"Y --kong-draw"',
                 id="a quote inside the record's own text"),
    pytest.param('invalid option: --win "--x" and "--x"', {"win": "--x"},
                 'invalid option: win "--x" and "--x"', id="quoted twice"),
    # (Found as text: a field of a megabyte was once made a regular expression, 1.6 s.)
    pytest.param('invalid option: --won takes a seat, not "qq ... qq"', {"won": "q" * 10 ** 6},
                 'invalid option: won takes a seat, not "qq ... qq"',
                 id="a field longer than the message"),
    pytest.param("invalid option: --won: X7 is no seat", {"won": [f"X{i}" for i in range(9)]},
                 "invalid option: won: X7 is no seat", id="a list of text"),
])
def test_an_option_is_named_as_the_records_field(message, fields, said):
    assert as_fields(message, fields) == said


def test_a_hands_message_names_the_win_field_too(tmp_path):
    # The tile count's hint named score's flag (--win 5p adds no tile): a batch has none.
    path = tmp_path / "h.jsonl"
    write_jsonl(path, [{"hand": "111m222m333p444p55p5p", "win": "5p"}])
    assert rows_of(run(str(path), "--format", "jsonl"))[0]["error"].endswith(
        "a kong counting as 3 (win 5p adds no tile: it names one of the tiles written)")


def test_a_reason_names_the_records_field_too(tmp_path):
    # Not legal, a reason saying what to give said score's flag (--win P): a batch has none.
    path = tmp_path / "h.jsonl"
    write_jsonl(path, [{"hand": "123m456m789mPPPP1p", "rules": "guangdong"}])
    assert rows_of(run(str(path), "--format", "jsonl"))[0]["reasons"][0].endswith(
        "write a ghost as the winning tile (win P), or, where they were dealt, heavenly (won on "
        "the dealt hand)")


def test_blank_lines_are_no_records(tmp_path):
    path = tmp_path / "h.jsonl"
    path.write_text("\n" + json.dumps(GOOD) + "\n  \n\n" + json.dumps(ILLEGAL) + "\n\n")
    rows = rows_of(run(str(path), "--format", "jsonl"))
    assert [(r["record"], status(r)) for r in rows] == [(1, "scored"), (2, "not legal")]


def test_csv_blank_lines_before_the_header_are_no_header(tmp_path):
    # (The blank first line was read as the header: "CSV header: no "hand" column".)
    path = tmp_path / "h.csv"
    path.write_text("\n\nhand,win\n\n" + "111m123m456m789m5pC,5p\n")
    rows = rows_of(run(str(path), "--format", "jsonl"))
    assert [(r["record"], status(r)) for r in rows] == [(1, "scored")]


def test_csv_spellings_and_empty_cells(tmp_path):
    path = tmp_path / "h.csv"
    path.write_text("\ufeffhand,rules,win,seat,discard,won,declared,opts,ghosts_drawn\n"
                    '111m123m456m789m5pC,,5p,N,S,"E,W",,cap=100;ghosts=8,6\n'
                    "123m456m789m111pSS,lanzhou,,,S,,yes,base=5,\n"
                    " 111m222m333p444p55p ,,,,,,,,\n", encoding="utf-8")
    rows = rows_of(run(str(path), "--format", "jsonl"))
    assert [r["record"] for r in rows] == [1, 2, 3]
    assert (rows[0]["legal"], rows[0]["cap"], rows[0]["net"]["N"]) == (True, 100, 62)
    assert (rows[1]["legal"], rows[1]["value"]) == (True, 5)  # lanzhou needs 报章: yes = true
    assert rows[2]["value"] == 40


def test_csv_row_with_the_wrong_number_of_cells_is_a_bad_record(tmp_path):
    path = tmp_path / "h.csv"
    path.write_text("hand,seat\n111m222m333p444p55p,E\n111m222m333p444p55p,E,S\n"
                    "111m222m333p444p55p\n")
    rows = rows_of(run(str(path), "--format", "jsonl"))
    assert [status(r) for r in rows] == ["scored", "bad", "bad"]
    assert rows[1]["error"] == "3 cells, but the header has 2 columns (line 3)"


LONG = "x" * (csv.field_size_limit() + 10)


@pytest.mark.parametrize("cell, problem", [
    pytest.param(LONG, "(line 2)", id="on one line"),
    pytest.param(f'"{LONG}\n111m222m333p444p55p,E\n"",E"', "(line 2)",
                 id="quoted, its lines after the limit looking like records"),
    pytest.param(f'"{LONG}","two\nquoted, ""lines"""', "(line 2)",
                 id="quoted, the row going on with another quoted cell over lines"),
])
def test_csv_a_cell_over_the_size_limit_is_one_bad_record(tmp_path, cell, problem):
    path = tmp_path / "long.csv"
    path.write_text(f"hand,seat\n{cell}\n111m222m333p444p55p,S\n111m222m333p444p55p,E,S\n")
    result = run(str(path), "--format", "jsonl")
    rows = rows_of(result)
    assert result.exit_code == 2  # some records bad input
    assert "3 records from 1 file: 1 scored, 0 not legal, 2 bad" in result.stderr
    assert [status(r) for r in rows] == ["bad", "scored", "bad"]
    assert rows[0]["error"] == f"a cell longer than {csv.field_size_limit()} characters {problem}"
    assert rows[2]["error"].endswith(f"(line {path.read_text().count(chr(10))})")


H = "111m222m333p444p55p"


@pytest.mark.parametrize("middle, problem", [
    pytest.param(f'"{H},S', "a quote opened on line 3 is never closed", id="an unclosed quote"),
    pytest.param(f'{H},"S', "a quote opened on line 3 is never closed",
                 id="an unclosed quote, not the first cell"),
    pytest.param(f'"{H}"x,S', "malformed CSV: ',' expected after '\"' (line 3)",
                 id="a stray character after a quote"),
    pytest.param(f'"{H}"x,"S\nstill the cell"', "malformed CSV: ',' expected after '\"' (line 3)",
                 id="a stray character, the row going on over lines"),
    # A quote in an unquoted cell is a character to the reader: the quote counted as closing it
    # left the reader's open, and the rows after it were lost.
    pytest.param('11"1m222m333p444p55p,"S', "a quote opened on line 3 is never closed",
                 id="an unclosed quote after a quote inside a cell"),
])
def test_csv_bad_quoting_is_its_own_record_and_the_rows_after_it_are_read(
        tmp_path, middle, problem):
    # The reader took the rest of the file into the unclosed cell: the rows before were written,
    # then the run stopped naming the file's last line, and the rows after got no row at all.
    path = tmp_path / "h.csv"
    path.write_text(f"hand,seat\n{H},E\n{middle}\n{H},W\n{H},N\n", encoding="utf-8")
    result = run(str(path), "--format", "jsonl")
    rows = rows_of(result)
    assert result.exit_code == 2
    assert [status(r) for r in rows] == ["scored", "bad", "scored", "scored"]
    assert [r["record"] for r in rows] == [1, 2, 3, 4]
    assert rows[1]["error"] == problem
    assert [r["net"]["W"] for r in (rows[2], rows[3])] == [120, -40]
    assert "4 records from 1 file: 3 scored, 0 not legal, 1 bad" in result.stderr


def test_csv_a_quoted_cell_past_the_limit_on_a_later_line_has_its_lines_read_again(tmp_path):
    # Past its first line, a cell too long is told from a quote left open by no one: each line
    # after the row's first is read again, none dropped (the quote on line 4 opens a cell too).
    path = tmp_path / "long.csv"
    path.write_text(f'hand,seat\n"ab\n{LONG}\n"\n{H},S\n{H},E,S\n', encoding="utf-8")
    rows = rows_of(run(str(path), "--format", "jsonl"))
    n = csv.field_size_limit()
    assert [r.get("error") for r in rows] == [
        f"a quote opened on line 2 runs on past {n} characters (line 3)",
        f"a cell longer than {n} characters (line 3)", "a quote opened on line 4 is never closed",
        None, "3 cells, but the header has 2 columns (line 6)"]


def test_csv_a_long_cell_never_closed_has_the_lines_after_it_read_again(tmp_path):
    path = tmp_path / "h.csv"
    path.write_text(f'hand,seat\n"{LONG}\n{H},S\n{H},W\n', encoding="utf-8")
    rows = rows_of(run(str(path), "--format", "jsonl"))
    assert [status(r) for r in rows] == ["bad", "scored", "scored"]
    # (Told as what it is, a quote never closed, once the end of the file shows it.)
    assert rows[0]["error"] == "a quote opened on line 2 is never closed"
    assert [r["net"]["S"] for r in rows[1:]] == [120, -40]


def test_csv_a_quote_left_open_and_closed_by_a_later_rows_loses_no_row(tmp_path):
    # The rows between ran into one cell, the quote closed by a later row's: lost, unsaid.
    path = tmp_path / "h.csv"
    path.write_text(f'hand,seat\n{H},E\n"{H},S\n{H},W\n"{H},N\n{H},E\n', encoding="utf-8")
    rows = rows_of(run(str(path), "--format", "jsonl"))
    assert [r.get("error") for r in rows] == [
        None, "a quote opened on line 3 is never closed: it runs on into line 5", None,
        "a quote opened on line 5 is never closed", None]
    assert [r["net"]["W"] for r in rows if "net" in r] == [-40, 120, -40]


def test_csv_lines_too_long_to_read_again_are_named_not_dropped(tmp_path, monkeypatch):
    from mjscore import csv_records
    monkeypatch.setattr(csv_records, "HOLD_MAX", 40)
    path = tmp_path / "h.csv"
    path.write_text(f'hand,seat\n"{H},E\n{H},S\n{H},W\n', encoding="utf-8")
    rows = rows_of(run(str(path), "--format", "jsonl"))
    assert [r.get("error") for r in rows] == [
        "a quote opened on line 2 is never closed",
        "lines 3-4 are not read as records: the quote opened on line 2 took them in, and they "
        "are too long to read again"]


def test_csv_rows_after_a_quote_too_long_to_read_again_are_still_read(tmp_path, monkeypatch):
    # The lines the quote took in were named, and then the run stopped: the rows after them,
    # good ones, had no row at all and the summary did not count them.
    from mjscore import csv_records
    monkeypatch.setattr(csv_records, "HOLD_MAX", 40)
    path = tmp_path / "h.csv"
    path.write_text(f'hand,seat\n{H},E\n"{H},S\n{H},W\n"{H},N\n{H},E\n{H},S\n',
                    encoding="utf-8")
    result = run(str(path), "--format", "jsonl")
    rows = rows_of(result)
    assert [r.get("error") for r in rows] == [
        None, "a quote opened on line 3 is never closed: it runs on into line 5",
        "lines 4-5 are not read as records: the quote opened on line 3 took them in, and they "
        "are too long to read again", None, None]
    assert [r["net"]["S"] for r in rows if "net" in r] == [-40, -40, 120]
    assert "5 records from 1 file: 3 scored, 0 not legal, 2 bad" in result.stderr


def test_csv_a_quote_opening_on_a_line_too_long_to_keep_has_the_short_rows_after_it_read(
        tmp_path, monkeypatch):
    # (A review's 50 MB cell opening a quote: the good rows after it were named as lines too
    # long to read again, one bad record for them all. Only the lines after the first are kept.)
    from mjscore import csv_records
    monkeypatch.setattr(csv_records, "HOLD_MAX", 60)
    path = tmp_path / "h.csv"
    path.write_text('hand,seat\n"' + "x" * 200 + f"\n{H},S\n{H},W\n", encoding="utf-8")
    result = run(str(path), "--format", "jsonl")
    assert [r.get("error") for r in rows_of(result)] == [
        "a quote opened on line 2 is never closed", None, None]
    assert "3 records from 1 file: 2 scored, 0 not legal, 1 bad" in result.stderr


def test_csv_one_line_too_long_to_keep_is_one_record_not_two(tmp_path, monkeypatch):
    # A quote opened on the last line and never closed: a second row named "lines 4-3".
    from mjscore import csv_records
    monkeypatch.setattr(csv_records, "HOLD_MAX", 40)
    path = tmp_path / "h.csv"
    path.write_text(f'hand,seat\n{H},E\n"' + "x" * 200, encoding="utf-8")
    result = run(str(path), "--format", "jsonl")
    assert [r.get("error") for r in rows_of(result)] == [
        None, "a quote opened on line 3 is never closed"]
    assert "2 records from 1 file: 1 scored, 0 not legal, 1 bad" in result.stderr


def test_csv_one_line_taken_in_by_a_quote_is_named_in_the_singular(tmp_path, monkeypatch):
    from mjscore import csv_records
    monkeypatch.setattr(csv_records, "HOLD_MAX", 40)
    path = tmp_path / "h.csv"
    path.write_text(f'hand,seat\n"{H},E\n{H}' + "x" * 200 + f'"x,S\n{H},W\n', encoding="utf-8")
    assert [r.get("error") for r in rows_of(run(str(path), "--format", "jsonl"))] == [
        "a quote opened on line 2 is never closed: it runs on into line 3",
        "line 3 is not read as a record: the quote opened on line 2 took it in, and it is too "
        "long to read again", None]


# -- CSV header: a file error, once ---------------------------------------------------------

@pytest.mark.parametrize("header, fragment", [
    pytest.param("hand,colour", 'unknown column "colour"', id="unknown column"),
    pytest.param("hand,sead", 'unknown column "sead"; did you mean "seat"?', id="misspelt"),
    pytest.param("seat,win", 'no "hand" column', id="no hand column"),
    pytest.param("hand,seat,seat", 'column "seat" appears twice', id="a column twice"),
    pytest.param("hand,,seat", "column 2 has no name", id="a column with no name"),
])
def test_csv_header_problem_is_one_file_error(tmp_path, header, fragment):
    path = tmp_path / "h.csv"
    path.write_text(header + "\n111m222m333p444p55p,E,S\n" * 3)
    result = run(str(path), "--format", "jsonl")
    one_error_line(result, f"{path}: CSV header: ", fragment)
    assert result.stdout == ""


# -- CSV as spreadsheets save it (the spreadsheet review) ----------------------------------

HAND = "111m222m333p444p55p"


BOGUS = ('the header on line 3 cannot be used: unknown column "bogus"; columns: hand, win, '
         "seat, discard, kong_draw, kong_from, after_kong, rob_kong, won, declared, heavenly, "
         "earthly, ghosts_drawn, indicator, dealer, horses, rules, opts (a column for mjscore "
         "to pass over, such as notes, is named with a leading #)")


@pytest.mark.parametrize("text, code, rows", [
    pytest.param(f"hand,discard\n{HAND},S\n,\n,\n", 0, [("S", 20)],
                 id="rows of empty cells are blank lines"),
    pytest.param(f"hand,seat,discard\n{HAND},E,S\n\nhand,discard,seat\n{HAND},E,S\n", 0,
                 [("S", 20), ("E", 20)], id="a second header: the rows under it read by it"),
    pytest.param(f"hand,discard\n{HAND},S\nhand,discard\n{HAND},W\n", 0,
                 [("S", 20), ("W", 20)], id="files joined: the header again"),
    pytest.param(f"\ufeffhand,discard\n{HAND},S\n\ufeffhand,discard\n\ufeff{HAND},W\n", 0,
                 [("S", 20), ("W", 20)], id="files joined, each with its byte-order mark"),
    pytest.param(f"Hand,Kong Draw,Discard, SEAT \n{HAND},false,S,N\n", 0, [("S", 20)],
                 id="a spreadsheet's capitals and spaces"),
    pytest.param(f"#date,hand,# notes,discard\n3 Dec,{HAND},good hand,S\n", 0, [("S", 20)],
                 id="columns passed over"),
    pytest.param(f"hand,discard\n{HAND},S\nhand,seat,seat\n{HAND},E,S\n", 2,
                 [("S", 20), "the header on line 3 cannot be used: column \"seat\" appears "
                  "twice"], id="a second header that cannot be used"),
    pytest.param(f"hand,discard\n{HAND},S\nhand,bogus\n{HAND},W\n", 2, [("S", 20), BOGUS],
                 id="a second header with an unknown column"),
    # (Passed over unsaid, where no row under it said so.)
    pytest.param(f"hand,discard\n{HAND},S\nhand,bogus\n", 2,
                 [("S", 20), BOGUS + ", and no row is under it"],
                 id="a header that cannot be used, last"),
    pytest.param(f"hand,discard\n{HAND},S\nhand,bogus\nhand,discard\n{HAND},W\n", 2,
                 [("S", 20), BOGUS + ", and no row is under it", ("W", 20)],
                 id="a header that cannot be used, another under it"),
    pytest.param(f"hand,# notes,discard\n{HAND},hand,S\n", 0, [("S", 20)],
                 id="a note that reads hand: a record"),
    pytest.param(f"hand,ghosts_drawn,opts\n{HAND},6.0,ghosts=8\n", 2,
                 ['"ghosts_drawn" must be a whole number, not the text "6.0" (a whole number is '
                  "written without a decimal point)"], id="a count written 6.0"),
    pytest.param(f'hand,opts\n{HAND},"cap=100,ghosts=8"\n', 2,
                 ['"opts": its pairs are separated by ";", not ",": write "cap=100;ghosts=8"'],
                 id="options written as a list"),
])
def test_csv_as_a_spreadsheet_saves_it(tmp_path, text, code, rows):
    path = tmp_path / "club.csv"
    path.write_text(text, encoding="utf-8")
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == code, result.output
    got = rows_of(result)
    assert [r["record"] for r in got] == list(range(1, len(rows) + 1))
    for row, want in zip(got, rows):
        if isinstance(want, str):
            assert row["error"] == want
        else:
            payer, amount = want
            assert row["net"][payer] == -amount, row


# (The spreadsheet review: the files after one that stops the run were never named.)
@pytest.mark.parametrize("after, said", [
    pytest.param([], "", id="the last file"),
    pytest.param(["b.csv"], "; not read after it: b.csv", id="one after it"),
    pytest.param(["b.csv", "c.csv", "d.csv", "e.csv"], "; not read after it: b.csv, c.csv, "
                 "d.csv, ...", id="four after it"),
])
def test_a_file_that_stops_the_run_names_those_not_read(tmp_path, monkeypatch, after, said):
    monkeypatch.chdir(tmp_path)  # (short names in the message)
    here = tmp_path
    (here / "a.csv").write_text(f"hand,discard\n{HAND},S\n", encoding="utf-8")
    (here / "bad.csv").write_text(f"hand,colour\n{HAND},red\n", encoding="utf-8")
    for name in after:
        (here / name).write_text(f"hand\n{HAND}\n", encoding="utf-8")
    result = run("a.csv", "bad.csv", *after, "--format", "jsonl")
    one_error_line(result, 'bad.csv: CSV header: unknown column "colour"')
    assert result.stderr.endswith(f"leading #){said}\n"), result.stderr
    assert [r["record"] for r in rows_of(result)] == [1]


def test_a_json_array_of_records_is_read_as_yaml_when_told_so(tmp_path):
    path = tmp_path / "club.json"
    path.write_text(f'[{{"hand": "{HAND}", "discard": "S"}}]\n', encoding="utf-8")
    one_error_line(run(str(path)), "(a JSON array of records: --input-format yaml)")
    result = run(str(path), "--input-format", "yaml", "--format", "jsonl")
    assert result.exit_code == 0 and rows_of(result)[0]["net"]["S"] == -20


# -- files ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name, content", [
    pytest.param("e.yaml", "", id="empty yaml"),
    pytest.param("e.yaml", "# only a comment\n", id="yaml with only a comment"),
    pytest.param("e.jsonl", "", id="empty jsonl"),
    pytest.param("e.jsonl", "\n \n", id="jsonl of blank lines"),
    pytest.param("e.csv", "", id="empty csv"),
    pytest.param("e.csv", "hand,seat\n", id="csv with only a header"),
    pytest.param("e.csv", "\n\r\n", id="csv of blank lines"),
    pytest.param("e.csv", "\nhand,seat\n\n", id="csv with only a header after a blank line"),
])
def test_empty_file_is_zero_records_exit_0(tmp_path, name, content):
    path = tmp_path / name
    path.write_text(content)
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert result.stderr == "0 records from 1 file: 0 scored, 0 not legal, 0 bad\n"


@pytest.mark.parametrize("name, content, fragments", [
    pytest.param("t.yaml", '- hand: "111m222m333p444p55p"\n- hand: "123m4', ["malformed YAML",
                 "line 2"], id="truncated yaml"),
    pytest.param("t.yaml", "- hand: [555p] 123m\n", ["malformed YAML", "line 1"],
                 id="yaml with an unquoted bracket"),
    pytest.param("t.yaml", "hand: 111m222m333p444p55p\n", ["a list of records", "a mapping"],
                 id="yaml mapping, not a list"),
    pytest.param("t.csv", '"hand,seat\n111m222m333p444p55p,E\n', [
                 "malformed CSV: line 1: a quote opened here is never closed"],
                 id="csv header with an unclosed quote"),
    pytest.param("t.csv", '\nhand,"seat"x\n111m222m333p444p55p,E\n', [
                 "malformed CSV: line 2: ',' expected after '\"'"], id="csv header: a stray quote"),
    pytest.param("t.jsonl", b"\x00\x01\x02binary\xff", ["a binary file"], id="binary"),
    pytest.param("t.jsonl", b'{"hand": "\x00"}\n' + b'{"hand": "1m"}\n' * 4,
                 ["not jsonl text (a NUL byte on line 1)"], id="a NUL byte: its line"),
    pytest.param("t.csv", "hand\n111m222m333p444p55p\n".encode("utf-16"),
                 ["UTF-16 text, not UTF-8"], id="utf-16"),
    pytest.param("t.jsonl", '{"hand": "一二三万"}\n'.encode("gb18030"), ["not UTF-8 text"],
                 id="gb18030"),
    pytest.param("t.yaml", b"- hand: 1m\n- hand: caf\xe9\n", ["not UTF-8 text (line 2)"],
                 id="yaml: the line of the byte"),
    pytest.param("t.yaml", b"- hand: 1m\n" * 2000 + b"- hand: caf\xe9\n",
                 ["not UTF-8 text (line 2001)"], id="yaml: past the sniffed start"),
])
def test_malformed_file_is_one_line_naming_it(tmp_path, name, content, fragments):
    path = tmp_path / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    result = run(str(path))
    one_error_line(result, f"mjscore: {path}: ", *fragments)
    assert result.stdout == ""


@pytest.mark.parametrize("name, bad_line", [
    pytest.param("h.jsonl", b'{"hand": "\xff"}\n', id="jsonl"),
    pytest.param("h.csv", b'"\xb0\xd7"\n', id="csv"),
])
def test_non_utf8_past_the_sniffed_start_spoils_its_record_only(tmp_path, name, bad_line):
    path = tmp_path / name
    good = b"111m222m333p444p55p\n" if name.endswith(".csv") else (json.dumps(GOOD) +
                                                                    "\n").encode()
    head = b"hand\n" if name.endswith(".csv") else b""
    path.write_bytes(head + good * 600 + bad_line + good)
    result = run(str(path), "--format", "jsonl")
    rows = rows_of(result)
    assert [status(r) for r in rows] == ["scored"] * 600 + ["bad", "scored"]
    assert rows[600]["error"] == f"not UTF-8 text (line {602 if head else 601})"
    assert result.exit_code == 2


@pytest.mark.parametrize("line, why", [
    pytest.param('{"hand": "1m\t"}', "column 13: Invalid control character): the character "
                 "there is a tab, which JSON text writes as \\t", id="a tab"),
    pytest.param('{"hand": "1m"} x', "column 16: Extra data)", id="as json says it"),
])
def test_a_line_that_is_not_json_says_why_in_words(tmp_path, line, why):
    path = tmp_path / "c.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    assert rows_of(run(str(path), "--format", "jsonl"))[0]["error"] == f"not JSON (line 1, {why}"


@pytest.mark.parametrize("end", [
    pytest.param(b"\n", id="LF"), pytest.param(b"\r\n", id="CRLF"),
    # (Old Mac line ends: the file was refused whole, its stray byte said to be on line 1.)
    pytest.param(b"\r", id="CR"),
])
@pytest.mark.parametrize("name, head", [
    pytest.param("s.jsonl", b"", id="jsonl"),
    pytest.param("s.csv", b"hand", id="csv"),
])
@pytest.mark.parametrize("bad, why", [
    pytest.param(b"\xe9", {"csv": "not UTF-8 text (line 5)", "jsonl": "not UTF-8 text (line 4)"},
                 id="a stray byte"),
    pytest.param(b"1\x00", {"csv": 'invalid hand: column 2: unknown character U+0000 (hard to '
                           'see: delete it) after digits "1"',
                           "jsonl": "not JSON (line 4, column 12: Invalid control character): "
                           "the character there is U+0000 (hard to see: delete it)"},
                 id="a NUL"),
])
def test_non_utf8_near_the_start_spoils_its_record_only(tmp_path, name, head, end, bad, why):
    # The same as past the sniffed start: a stray byte in the first lines fails its record,
    # not the file, and the records around it are scored.
    path = tmp_path / name
    good = b"111m222m333p444p55p" if head else json.dumps(GOOD).encode()
    bad = b'"%s"' % bad if head else b'{"hand": "%s"}' % bad
    path.write_bytes(end.join(([head] if head else []) + [good] * 3 + [bad, good, b""]))
    rows = rows_of(run(str(path), "--format", "jsonl"))
    assert [status(r) for r in rows] == ["scored"] * 3 + ["bad", "scored"]
    if head and b"\x00" in bad and sys.version_info < (3, 11):
        # (Python 3.10's csv module refuses a NUL itself: the row is still the bad one.)
        why = {"csv": "malformed CSV: line contains NUL (line 5)"}
    assert rows[3]["error"] == why[name.split(".")[1]]


@pytest.mark.parametrize("content", [
    pytest.param("hand\n\n111m222m333p444p55p é\n\nhé\n".encode("latin-1"),
                 id="an ASCII header, every record line Latin-1"),
    pytest.param("\n\nhänd\n111m222m333p444p55p\n".encode("latin-1"), id="a Latin-1 header"),
    pytest.param("hand,seat\n234m567m22p345p666p,é".encode("latin-1"),
                 id="an ASCII header and one Latin-1 record with no line end"),
])
def test_a_file_whose_start_is_not_utf8_fails_whole(tmp_path, content):
    path = tmp_path / "l.csv"
    path.write_bytes(content)
    result = run(str(path))
    one_error_line(result, f"mjscore: {path}: ", "not UTF-8 text")


# With --jobs 2 as with one: a short first file (no workers started) and a long one (workers
# started); either way the second file's failure is said and exits 2 after the first's rows.
@pytest.mark.parametrize("jobs, n", [pytest.param("1", 1, id="jobs 1"),
                                     pytest.param("2", 1, id="jobs 2, no workers started"),
                                     pytest.param("2", 150, id="jobs 2, workers started")])
def test_a_bad_second_file_after_the_rows_of_the_first(tmp_path, jobs, n):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.yaml"
    write_jsonl(first, [GOOD, ILLEGAL] * n)
    second.write_text("- hand: [\n")
    result = run(str(first), str(second), "--format", "jsonl", "--jobs", jobs)
    one_error_line(result, f"{second}: malformed YAML")
    assert [r["file"] for r in rows_of(result)] == [str(first)] * 2 * n


@pytest.mark.parametrize("args, fragments", [
    pytest.param(["nosuch.jsonl"], ["nosuch.jsonl: no such file"], id="missing file"),
    pytest.param(["x.txt"], ["x.txt", "--input-format"], id="unknown extension"),
    pytest.param(["nosuch"], ["nosuch: no such file"], id="missing, no extension"),
    pytest.param(["-", "-"], ["standard input", "more than once"], id="stdin twice"),
    pytest.param(["x.jsonl", "--rules", "luzhou,guangdong"], ["one --rules"],
                 id="several rulesets"),
    pytest.param(["x.jsonl", "--rules", "nosuch"], ["unknown ruleset"], id="unknown --rules"),
    pytest.param(["x.jsonl", "-o", "x.jsonl"], ["x.jsonl", "also the output"],
                 id="output is an input"),
    pytest.param(["x.jsonl", "-o", "no/such/dir/out.jsonl"], ["cannot be written"],
                 id="output cannot be written"),
    # (No shell passes a NUL; a caller driving the command in Python can: Python's own
    # ValueError, not an OSError, was let through as exit 1.)
    # (Said in our words: Python's differ by version, "embedded null byte" up to 3.12.)
    pytest.param(["a\x00b.jsonl"],
                 ["a\\x00b.jsonl: cannot be read (the name holds a NUL byte)"],
                 id="NUL in the name"),
    pytest.param(["a\x00b"], ["a\\x00b: cannot be read (the name holds a NUL byte)"],
                 id="NUL in a name with no extension"),
    pytest.param(["x.jsonl", "-o", "o\x00.jsonl"],
                 ["o\\x00.jsonl: cannot be written (the name holds a NUL byte)"], id="NUL in -o"),
])
def test_bad_command_line_fails_before_any_row(tmp_path, monkeypatch, args, fragments):
    monkeypatch.chdir(tmp_path)
    write_jsonl(tmp_path / "x.jsonl", [GOOD])
    (tmp_path / "x.txt").write_text("", encoding="utf-8")
    result = run(*args)
    one_error_line(result, *fragments)
    assert result.stdout == ""
    assert (tmp_path / "x.jsonl").read_text() == json.dumps(GOOD) + "\n"


def test_directory_is_refused(tmp_path):
    (tmp_path / "d.jsonl").mkdir()
    one_error_line(run(str(tmp_path / "d.jsonl")), "is a directory")


def test_input_format_overrides_the_extension(tmp_path):
    path = tmp_path / "hands.txt"
    write_csv(path, [GOOD, ILLEGAL])
    result = run(str(path), "--input-format", "csv", "--format", "jsonl")
    assert [status(r) for r in rows_of(result)] == ["scored", "not legal"]


# -- standard input -------------------------------------------------------------------------

@pytest.mark.parametrize("args, writer", [
    pytest.param([], write_jsonl, id="jsonl by default"),
    pytest.param(["--input-format", "yaml"], write_yaml, id="yaml"),
    pytest.param(["--input-format", "csv"], write_csv, id="csv"),
])
def test_standard_input(tmp_path, args, writer):
    path = tmp_path / "in"
    writer(path, [GOOD, ILLEGAL, BAD_HAND])
    result = run("-", *args, "--format", "jsonl", input=path.read_bytes())
    rows = rows_of(result)
    assert [(r["file"], r["record"], status(r)) for r in rows] == [
        ("<stdin>", 1, "scored"), ("<stdin>", 2, "not legal"), ("<stdin>", 3, "bad")]
    assert result.stderr.startswith("<stdin>:3: invalid hand")
    assert result.exit_code == 2


# -- output ---------------------------------------------------------------------------------

def test_jsonl_stdout_carries_only_rows(tmp_path):
    path = tmp_path / "h.jsonl"
    write_jsonl(path, MIXED)
    result = run(str(path), "--format", "jsonl")
    lines = result.stdout.splitlines()
    assert len(lines) == len(MIXED)
    assert all(json.loads(line)["file"] == str(path) for line in lines)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_jsonl_a_line_ends_at_newline_only(tmp_path, jobs):
    # A bare "\r" is whitespace inside JSON, not a record's end; "\r\n" endings still work.
    path = tmp_path / "h.jsonl"
    path.write_bytes(b'{"hand": "111m222m333p444p55p",\r "win": "5p"}\n'
                     b'{"hand": "111m222m333p444p55p"}\r\n\r\n'
                     b'{"hand": "111m222m333p444p55p" "win": "5p"}\r\n')
    result = run(str(path), "--format", "jsonl", "--jobs", jobs)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["record"], r.get("value")) for r in rows] == [(1, 40), (2, 40), (3, None)]
    assert rows[2]["error"] == "not JSON (line 4, column 32: Expecting ',' delimiter)"


def test_jsonl_with_old_mac_line_ends(tmp_path):
    # No "\n" at all, "\r" after each record: read as line ends, as before.
    path = tmp_path / "h.jsonl"
    path.write_bytes(b'{"hand": "111m222m333p444p55p"}\r{"hand": "111m222m333p444p55p"}\r')
    rows = [json.loads(line) for line in run(str(path), "--format", "jsonl").stdout.splitlines()]
    assert [(r["record"], r.get("value")) for r in rows] == [(1, 40), (2, 40)]


def test_csv_output_columns(tmp_path):
    path = tmp_path / "h.jsonl"
    write_jsonl(path, [GOOD2, ILLEGAL, BAD_HAND])
    result = run(str(path), "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == ["file", "record", "ruleset", "hand", "legal", "value", "reasons",
                             "patterns", "decomposition", "payments", "net_E", "net_S",
                             "net_W", "net_N", "error"]
    assert (rows[0]["ruleset"], rows[0]["legal"], rows[0]["value"], rows[0]["patterns"],
            rows[0]["net_E"], rows[0]["error"]) == ("lanzhou", "true", "8",
                                                    "hu zimo zhongfabai", "24", "")
    # CONTRACT: a row is the score JSON, its payments among it.
    assert rows[0]["payments"] == "S>E 8 hand value | W>E 8 hand value | N>E 8 hand value"
    assert rows[1]["payments"] == rows[2]["payments"] == ""
    assert rows[1]["legal"] == "false" and rows[1]["reasons"].startswith("tiles of 3 suits")
    assert rows[2]["value"] == "" and rows[2]["error"].startswith("invalid hand")
    assert result.stderr.splitlines()[-1] == "3 records from 1 file: 1 scored, 1 not legal, 1 bad"


def test_table_output_has_a_row_per_record_and_the_summary(tmp_path):
    path = tmp_path / "h.jsonl"
    write_jsonl(path, [GOOD, ILLEGAL, BAD_HAND])
    result = run(str(path))
    lines = result.stdout.splitlines()
    assert lines[0].split()[:6] == ["File", "Record", "Hand", "Ruleset", "Legal", "Value"]
    assert lines[2].split()[1:10] == ["1", "111222m33344455p", "luzhou", "yes", "40", "+120",
                                      "-40", "-40", "-40"]
    assert " no " in lines[3] and "缺门" in lines[3]  # the hand may hold a space
    assert lines[4].split()[4] == "error" and 'unknown suit "q"' in lines[4]
    assert lines[-1] == "3 records from 1 file: 1 scored, 1 not legal, 1 bad"
    assert result.stderr == f"{path}:3: invalid hand: column 18: unknown suit \"q\"\n"


def test_table_is_printed_in_blocks(tmp_path, monkeypatch):
    monkeypatch.setattr(cli_module, "TABLE_BLOCK", 2)
    path = tmp_path / "h.jsonl"
    write_jsonl(path, [GOOD] * 5)
    lines = run(str(path)).stdout.splitlines()
    assert sum(line.startswith("File") for line in lines) == 3
    assert [line.split()[1] for line in lines if line.startswith(str(path))] == list("12345")


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_lines_are_written_in_blocks(tmp_path, monkeypatch, fmt):
    # Blocks of two: the last block, not full, is written too, and the rows are the same.
    path = tmp_path / "h.jsonl"
    write_jsonl(path, [GOOD, GOOD, GOOD, BAD_HAND, GOOD, GOOD])
    whole = run(str(path), "--format", fmt)
    monkeypatch.setattr(cli_module, "LINE_BLOCK", 2)
    for jobs in ("1", "2"):
        got = run(str(path), "--format", fmt, "--jobs", jobs)
        assert (got.stdout, got.stderr) == (whole.stdout, whole.stderr)
    assert len(whole.stdout.splitlines()) == 6 + (fmt == "csv")


def test_rows_before_a_bad_record_are_written_before_its_stderr_line(monkeypatch):
    # On a terminal each write shows at once: the rows that came before a bad record must
    # be written (not held for their block) when its line goes to stderr.
    log = []

    class Stream(io.StringIO):
        def __init__(self, name):
            super().__init__()
            self.name_ = name

        def write(self, text):
            log.extend((self.name_, line) for line in text.splitlines())
            return len(text)

    monkeypatch.setattr(sys, "stderr", Stream("err"))
    rows = [Row("f", n, None, "bad hand" if n == 3 else None, True, f"row {n}")
            for n in range(1, 6)]
    cli_module._batch_write(iter(rows), "jsonl", Stream("out"), False, 1)
    assert log == [("out", "row 1"), ("out", "row 2"), ("err", "f:3: bad hand"),
                   ("out", "row 3"), ("out", "row 4"), ("out", "row 5"),
                   ("err", "5 records from 1 file: 4 scored, 0 not legal, 1 bad")]


def test_rows_a_failed_write_held_are_not_written_again(monkeypatch):
    # A full disk: the write fails once and the run stops there, without writing the same
    # rows again on the way out (they could land twice where a later write succeeds).
    monkeypatch.setattr(cli_module, "LINE_BLOCK", 2)
    tried = []

    class Full(io.StringIO):
        def write(self, text):
            tried.append(text)
            raise OSError(28, "No space left on device")

    rows = [Row("f", n, None, None, True, f"row {n}") for n in range(1, 4)]
    with pytest.raises(OSError):
        cli_module._batch_write(iter(rows), "jsonl", Full(), True, 1)
    assert tried == ["row 1\nrow 2\n"]


@pytest.mark.parametrize("fmt, summary_in_file", [
    pytest.param("jsonl", False, id="jsonl"),
    pytest.param("csv", False, id="csv"),
    pytest.param("table", True, id="table"),
])
def test_output_file(tmp_path, fmt, summary_in_file):
    path, out = tmp_path / "h.jsonl", tmp_path / f"out.{fmt}"
    write_jsonl(path, [GOOD, ILLEGAL])
    result = run(str(path), "--format", fmt, "-o", str(out))
    assert result.exit_code == 1
    assert result.stdout == ""
    summary = "2 records from 1 file: 1 scored, 1 not legal, 0 bad"
    assert result.stderr == summary + "\n"
    written = out.read_text(encoding="utf-8")
    assert written.endswith(summary + "\n") == summary_in_file
    assert written == run(str(path), "--format", fmt).stdout


# -- --jobs ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def big_file(tmp_path_factory):
    """More records than the chunks a pool keeps in flight, all kinds interleaved."""
    path = tmp_path_factory.mktemp("jobs") / "big.jsonl"
    lines = [json.dumps(r) for r in MIXED] + ["not json"]
    path.write_text("\n".join(lines[i % len(lines)] for i in range(1200)) + "\n")
    return path


@pytest.mark.parametrize("fmt", [pytest.param(f, id=f) for f in ("jsonl", "csv", "table")])
def test_jobs_2_is_byte_identical_to_jobs_1(big_file, fmt):
    one = run(str(big_file), "--format", fmt, "--jobs", "1")
    two = run(str(big_file), "--format", fmt, "--jobs", "2")
    assert one.exit_code == two.exit_code == 2
    assert one.stdout.encode() == two.stdout.encode()
    assert one.stderr.encode() == two.stderr.encode()
    summary = (one.stdout if fmt == "table" else one.stderr).splitlines()[-1]
    assert summary == "1200 records from 1 file: 400 scored, 267 not legal, 533 bad"


@pytest.mark.skipif(multiprocessing.get_all_start_methods()[0] != "fork",
                    reason="only forked workers can share the parent's table")
def test_jobs_makes_the_suit_table_before_the_workers_start(big_file, monkeypatch):
    # Forked workers share the parent's table of complete suits instead of each making one.
    from mjscore.plain_table import _plain_state

    from .test_plain_suits import fresh_lookups
    fresh_lookups(monkeypatch, False)
    assert run(str(big_file), "--format", "jsonl", "--jobs", "2").exit_code == 2
    assert _plain_state["packed"] is not None and _plain_state["entries"] is not None
    # Not an entry for every suit: the workers read plain suits off the table as they meet
    # them, and a batch of hands with ghosts meets none.
    assert _plain_state["full"] is None


def test_jobs_leaves_the_callers_start_method_unset():
    # A library caller may still choose how its own processes start after a parallel batch.
    from mjscore.batch import score_all
    from mjscore.records import Record
    before = multiprocessing.get_start_method(allow_none=True)
    records = [Record("f", i, {"hand": "111m123m456m789m5pC"}) for i in range(1, 201)]
    rows = list(score_all(records, "luzhou", jobs=2))  # four chunks: workers start
    assert [(r.record, r.status) for r in rows] == [(i, "scored") for i in range(1, 201)]
    assert multiprocessing.get_start_method(allow_none=True) == before


def test_rows_written_by_the_workers_are_the_rows_written_after():
    # With a line format the workers send back text; JSON Lines records are decoded there.
    from mjscore.batch import score_all
    from mjscore.batch_output import jsonl
    from mjscore.records import Record
    records = [Record("f", 1, {"hand": "111m123m456m789m5pC"}),
               Record("f", 2, line=(2, '{"hand"')),
               Record("f", 3, line=(3, '{"hand": "111m123m456m789m5p6p"}'))] * 50
    plain = list(score_all(records, "luzhou"))
    written = list(score_all(records, "luzhou", jobs=2, render=jsonl))  # three chunks
    assert [r.text for r in written] == [jsonl(r) for r in plain]
    assert [r.status for r in written] == [r.status for r in plain] == \
        ["scored", "bad", "not legal"] * 50
    assert plain[1].error.startswith("not JSON (line 2, column 8:")
    assert all(r.result is None for r in written)


_LINES = [(2, '{"hand": "111m123m456m789m5pC"}'), (3, '{"hand"'), (5, '{"hand": "111m5p6p"}'),
          (6, '{"hand": "111m123m456m789m5pC", "rules": "nowhere.yaml"}')]


@pytest.mark.parametrize("path", [None, "./f\n.jsonl"], ids=["file", "label-and-path"])
def test_a_chunk_of_json_lines_goes_to_a_worker_as_its_lines(path):
    # Its lines pickle in a third of the time the Records do, and make the same rows.
    from mjscore.batch import _parcel, _score_chunk
    from mjscore.batch_output import jsonl
    from mjscore.records import Record
    chunk = [Record("f", n, line=line, path=path) for n, line in enumerate(_LINES, 1)]
    parcel = _parcel(chunk)
    assert parcel == ("f", path, [(n, line) for n, line in enumerate(_LINES, 1)])
    for render in (None, jsonl):
        assert _score_chunk(parcel, "luzhou", render, None) == \
            _score_chunk((None, None, chunk), "luzhou", render, None)


@pytest.mark.parametrize("second", [
    dict(file="f", number=2, fields={"hand": "111m"}),
    dict(file="g", number=2, line=_LINES[1]),
    dict(file="f", number=2, line=_LINES[1], path="./f"),
], ids=["read-already", "other-file", "other-path"])
def test_a_chunk_not_all_lines_of_one_file_goes_as_its_records(second):
    from mjscore.batch import _parcel
    from mjscore.records import Record
    chunk = [Record("f", 1, line=_LINES[0]), Record(**second)]
    assert _parcel(chunk) == (None, None, chunk)


def test_a_short_input_starts_no_more_workers_than_it_has_chunks(monkeypatch):
    # A pool forks every worker up front: --jobs 256 on one record took seconds. One chunk is
    # scored where it is read; more start one worker a chunk at most.
    import mjscore.batch
    from mjscore.batch import CHUNK, score_all
    from mjscore.records import Record
    from mjscore.workers import in_order
    started = []

    def counted(task, chunks, workers, method, notice):
        started.append(workers)
        return in_order(task, chunks, workers, method, notice)
    monkeypatch.setattr(mjscore.batch, "in_order", counted)
    for n, workers in ((3, []), (CHUNK * 3, [3])):
        started.clear()
        records = [Record("f", i, {"hand": "111m123m456m789m5pC"}) for i in range(1, n + 1)]
        rows = list(score_all(records, "luzhou", jobs=256))
        assert [r.record for r in rows] == list(range(1, n + 1)) and started == workers


def test_jobs_keeps_input_order_across_files(tmp_path):
    files = []
    for i, records in enumerate([MIXED * 30, [], [GOOD2, ILLEGAL] * 50]):
        files.append(tmp_path / f"f{i}.jsonl")
        write_jsonl(files[-1], records)
    result = run(*map(str, files), "--format", "jsonl", "--jobs", "3")
    got = [(r["file"], r["record"]) for r in rows_of(result)]
    assert got == [(str(files[0]), i) for i in range(1, 241)] + [(str(files[2]), i)
                                                                   for i in range(1, 101)]


# Chunks larger than a pipe holds going to a worker while it sends back rows larger than one
# too: where each side waited on its write, each waited on the other for ever.
def test_jobs_with_large_records_both_ways(tmp_path):
    path = tmp_path / "wide.jsonl"
    padding = " " * 20_000  # (JSON allows it: a record's line is 20 KB, its row 0.6 KB)
    path.write_text("".join('{"hand": "111m123m456m789m5pC"' + padding + "}\n"
                            for _ in range(700)), encoding="utf-8")
    one = run(str(path), "--format", "jsonl")
    two = run(str(path), "--format", "jsonl", "--jobs", "2")
    assert (two.exit_code, two.stdout) == (one.exit_code, one.stdout) and one.exit_code == 0


# A fault of this program's inside a worker comes out as it would with one process (not as a
# worker lost, nor as rows dropped).
def test_a_fault_in_a_worker_is_raised_as_in_one_process(tmp_path, monkeypatch):
    import mjscore.batch

    def faulty(rec, rules, guard=None):
        raise ZeroDivisionError(f"record {rec.number}")
    monkeypatch.setattr(mjscore.batch, "score_record", faulty)
    path = tmp_path / "in.jsonl"
    write_jsonl(path, [GOOD] * 1000)
    for jobs in ("1", "2"):
        result = run(str(path), "--format", "jsonl", "--jobs", jobs)
        assert (type(result.exception), str(result.exception)) == (ZeroDivisionError,
                                                                   "record 1"), jobs


# -- the progress bar -----------------------------------------------------------------------

def test_no_progress_bar_when_stderr_is_not_a_terminal(big_file):
    result = run(str(big_file), "--format", "jsonl")
    assert all(line.startswith(str(big_file)) or line.startswith("1200 records")
               for line in result.stderr.splitlines())


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_progress_bar_on_a_terminal(big_file, tmp_path):
    import pty
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "mjscore", "batch", str(big_file),
                             "--format", "jsonl", "-o", str(tmp_path / "out.jsonl")],
                            stderr=follower, stdout=subprocess.DEVNULL)
    os.close(follower)
    seen = b""
    while True:  # read as it comes: a full pseudo-terminal buffer would block the child
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the child closed its end
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    assert proc.wait(timeout=120) == 2
    text = seen.decode("utf-8", "replace")
    assert "scoring" in text and "1200" in text
    assert "1200 records from 1 file" in text


def test_a_reader_that_stops_early_ends_the_run_quietly_with_141(big_file):
    # (`| head -1`: 1 would say a hand was not legal, and a traceback would follow.)
    proc = subprocess.Popen([sys.executable, "-m", "mjscore", "batch", str(big_file),
                             "--format", "jsonl"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()
    with proc.stderr:
        err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141
    assert json.loads(first)["record"] == 1
    assert b"Traceback" not in err and b"records from" not in err


# -- the samples ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", [pytest.param(n, id=n) for n in
                                  ("hands.yaml", "hands.jsonl", "hands.csv")])
def test_samples(name):
    result = run(str(SAMPLES / name), "--format", "jsonl")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == \
        "18 records from 1 file: 11 scored, 3 not legal, 4 bad"
    rulesets = {r["ruleset"] for r in rows_of(result) if "ruleset" in r}
    assert rulesets == {"luzhou", "luzhou-guide", "guangdong", "lanzhou"}


def test_samples_agree_across_formats():
    """The three sample files hold the same records but for the last, bad in its own way."""
    seen = []
    for name in ("hands.yaml", "hands.jsonl", "hands.csv"):
        rows = rows_of(run(str(SAMPLES / name), "--format", "jsonl"))
        seen.append([{k: v for k, v in r.items() if k != "file"} for r in rows[:-1]])
    assert seen[0] == seen[1] == seen[2]


def test_yaml_aliases_are_refused_naming_the_file(tmp_path):
    path = tmp_path / "alias.yaml"
    path.write_text("- &a {hand: 111m123m456m789m5pC}\n- *a\n", encoding="utf-8")
    result = run(str(path))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"mjscore: {path}: line 2: YAML aliases (*a) are not allowed"


@pytest.mark.parametrize("cap", ["0x64", "0b1100100", "1_00", "100"])
def test_yaml_numbers_in_other_bases_than_eight_and_sixty_are_the_numbers_yaml_reads(tmp_path,
                                                                                     cap):
    # (README: unlike 010, which is refused, nobody writes these meaning another number.)
    path = tmp_path / "caps.yaml"
    path.write_text(f"- {{hand: 11223344556677m, opts: {{cap: {cap}}}}}\n", encoding="utf-8")
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 0, result.output
    assert (json.loads(result.stdout)["cap"], json.loads(result.stdout)["value"]) == (100, 100)


def test_yaml_merge_keys_are_refused(tmp_path):
    # A merge key is a key given twice in disguise: its value would give way silently.
    path = tmp_path / "merge.yaml"
    path.write_text("- {hand: 111m123m456m789m5pC, win: 5p, discard: S, <<: {discard: W}}\n",
                    encoding="utf-8")
    result = run(str(path))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"mjscore: {path}: line 1: YAML merge keys (<<) are not allowed"


def test_a_line_break_in_a_file_name_keeps_messages_on_one_line(tmp_path):
    path = tmp_path / "a\nb.jsonl"
    path.write_text('{"hand": "5"}\n', encoding="utf-8")
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 2
    bad = [line for line in result.stderr.splitlines() if "no suit" in line]
    assert len(bad) == 1 and bad[0].startswith(str(tmp_path) + "/a\\nb.jsonl:1: ")


def test_a_full_width_space_in_a_file_name_is_written_as_it_is(tmp_path):
    path = tmp_path / "牌局\u3000一.jsonl"
    path.write_text('{"hand": "111m123m456m789m5pC"}\n', encoding="utf-8")
    assert rows_of(run(str(path), "--format", "jsonl"))[0]["file"] == str(path)


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs /proc/self/mem")
def test_a_file_that_fails_while_read_says_so():
    # Opened fine, then every read fails (EIO): a read error, not "cannot write the output".
    result = run("/proc/self/mem", "--input-format", "jsonl")
    assert result.exit_code == 2
    assert result.stderr.strip() == "mjscore: /proc/self/mem: cannot be read (Input/output error)"


def test_output_that_is_the_rules_file_or_one_it_extends_is_refused(tmp_path):
    # Opening -o truncates it before a record is scored: the ruleset would be read back empty.
    base = tmp_path / "base.yaml"
    base.write_text("extends: luzhou\nname: base\nvalue: {cap: 100}\n", encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("extends: base.yaml\nname: house\n", encoding="utf-8")
    hands = tmp_path / "in.jsonl"
    hands.write_text('{"hand": "11223344556677m"}\n', encoding="utf-8")
    for out in (house, base):
        before = out.read_bytes()
        res = CliRunner().invoke(cli, ["batch", str(hands), "--rules", str(house), "-o", str(out)])
        assert res.exit_code == 2
        assert res.stderr == f"mjscore: {out}: a ruleset file of --rules is also the output " \
                             f"file (-o {out}); writing would erase it\n"
        assert out.read_bytes() == before


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("empty", [pytest.param(False, id="new"), pytest.param(True, id="empty")])
def test_a_new_or_empty_output_a_record_names_as_its_rules_is_refused(tmp_path, jobs, empty):
    # Opening it erased nothing, but a record naming it read back this run's own rows as a
    # ruleset: a bad row whose words depended on how much was written (--jobs 1 and 2 apart).
    hands = tmp_path / "in.jsonl"
    hands.write_text('{"hand": "11223344556677m"}\n{"hand": "11223344556677m", "rules": '
                     '"out.yaml"}\n', encoding="utf-8")
    out = tmp_path / "out.yaml"
    if empty:
        out.write_text("", encoding="utf-8")
    res = run(str(hands), "-o", str(out), "--jobs", jobs)
    assert (res.exit_code, res.stderr) == (2, f"mjscore: {out}: a ruleset file of record "
                                              f"{hands}:2 is also the output file (-o {out}); "
                                              "it would read back this run's own rows\n")
    assert (out.exists(), out.exists() and out.read_text()) == (empty, empty and "")


@pytest.mark.parametrize("fmt, text", [
    pytest.param("csv", "hand,rules\n11223344556677m,\n11223344556677m,{rules}\n", id="csv"),
    pytest.param("jsonl", '{{"hand": "11223344556677m"}}\n'
                          '{{"hand": "11223344556677m", "rules": "{rules}"}}\n', id="jsonl"),
    pytest.param("yaml", "- {{hand: 11223344556677m}}\n- {{hand: 11223344556677m, rules: {rules}}}\n",
                 id="yaml"),
])
def test_output_that_is_a_records_own_rules_file_or_one_it_extends_is_refused(tmp_path, fmt,
                                                                              text):
    # A record's rules key names house.yaml (beside the batch file), which extends base.yaml:
    # -o either would have been emptied before the record was scored, and its text lost.
    (tmp_path / "base.yaml").write_text("extends: luzhou\nname: base\n", encoding="utf-8")
    (tmp_path / "house.yaml").write_text("extends: base.yaml\nname: house\n", encoding="utf-8")
    hands = tmp_path / f"in.{fmt}"
    hands.write_text(text.format(rules="house.yaml"), encoding="utf-8")
    for out in (tmp_path / "house.yaml", tmp_path / "base.yaml"):
        before = out.read_bytes()
        res = run(str(hands), "-o", str(out))
        assert (res.exit_code, res.stderr) == (2, f"mjscore: {out}: a ruleset file of record "
                                                  f"{hands}:2 is also the output file (-o {out}); "
                                                  "writing would erase it\n")
        assert out.read_bytes() == before
    other = tmp_path / "out.txt"
    other.write_text("an earlier run's rows\n", encoding="utf-8")  # nothing of a ruleset
    assert run(str(hands), "-o", str(other)).exit_code == 0


def test_a_records_own_rules_file_as_output_is_refused_with_its_key_spelt_by_an_escape(
        tmp_path):
    # (Read ahead: the file's bytes hold no "rules", but an escape that spells it.)
    house = tmp_path / "house.yaml"
    house.write_text("extends: luzhou\nname: house\n", encoding="utf-8")
    before = house.read_bytes()
    hands = tmp_path / "in.jsonl"
    hands.write_text('{"hand": "11223344556677m", "rul\\u0065s": "house.yaml"}\n',
                     encoding="utf-8")
    res = run(str(hands), "-o", str(house))
    assert res.exit_code == 2 and "a ruleset file of record" in res.stderr, res.output
    assert house.read_bytes() == before


def test_a_records_own_rules_file_as_output_stops_a_run_from_standard_input(tmp_path):
    # Not read ahead (standard input is read once): stopped at the record, -o already
    # emptied, and nothing scored on what is left of it.
    house = tmp_path / "house.yaml"
    house.write_text("extends: luzhou\nname: house\n", encoding="utf-8")
    line = '{"hand": "11223344556677m"}\n{"hand": "11223344556677m", "rules": "%s"}\n' % house
    res = run("-", "--format", "jsonl", "-o", str(house), input=line)
    assert (res.exit_code, res.stderr) == (2, f"mjscore: {house}: a ruleset file of record "
                                              f"<stdin>:2 is also the output file (-o {house}); "
                                              "writing would erase it\n")


def test_a_records_own_rules_file_as_output_stops_worker_processes_too(tmp_path):
    # Far enough in for --jobs 2 to start its workers, read from standard input.
    house = tmp_path / "house.yaml"
    house.write_text("extends: luzhou\nname: house\n", encoding="utf-8")
    plain = '{"hand": "11223344556677m"}\n'
    text = plain * 700 + '{"hand": "11223344556677m", "rules": "%s"}\n' % house + plain * 50
    res = run("-", "--format", "jsonl", "--jobs", "2", "-o", str(house), input=text)
    assert (res.exit_code, res.stderr.splitlines()[-1]) == \
        (2, f"mjscore: {house}: a ruleset file of record <stdin>:701 is also the output file "
            f"(-o {house}); writing would erase it")


def test_a_records_own_rules_file_as_output_keeps_the_rows_before_it_with_jobs(tmp_path):
    # Stopped inside a worker's chunk: the rows of that chunk before the record are written
    # too, as with one job (--jobs 2 lost the chunk's first 60 rows).
    house = tmp_path / "house.yaml"
    plain = '{"hand": "11223344556677m"}\n'
    text = plain * 700 + '{"hand": "11223344556677m", "rules": "%s"}\n' % house + plain * 50
    got = []
    for jobs in ("1", "2"):
        house.write_text("extends: luzhou\nname: house\n", encoding="utf-8")
        res = run("-", "--format", "jsonl", "--jobs", jobs, "-o", str(house), input=text)
        got.append((res.exit_code, res.stderr, house.read_text(encoding="utf-8")))
    assert got[0] == got[1]
    assert got[0][2].count("\n") == 700


def test_a_records_own_rules_file_as_output_on_standard_input_after_a_file_stops_the_run(
        tmp_path):
    # A file read ahead, then standard input, which cannot be: its record is met as scored.
    house = tmp_path / "house.yaml"
    house.write_text("extends: luzhou\nname: house\n", encoding="utf-8")
    first = tmp_path / "a.jsonl"
    first.write_text('{"hand": "11223344556677m"}\n', encoding="utf-8")
    line = '{"hand": "11223344556677m", "rules": "%s"}\n' % house
    res = run(str(first), "-", "--format", "jsonl", "-o", str(house), input=line)
    assert res.exit_code == 2 and "record <stdin>:1 is also the output file" in res.stderr


def test_a_records_own_rules_file_as_output_in_a_second_batch_file_is_refused(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: luzhou\nname: house\n", encoding="utf-8")
    before = house.read_bytes()
    first, second = tmp_path / "a.jsonl", tmp_path / "b.csv"
    first.write_text('{"hand": "11223344556677m"}\n', encoding="utf-8")
    second.write_text("hand,rules\n11223344556677m,house.yaml\n", encoding="utf-8")
    res = run(str(first), str(second), "-o", str(house))
    assert res.exit_code == 2 and f"record {second}:1 is also" in res.stderr
    assert house.read_bytes() == before


def test_a_shipped_ruleset_file_as_output_is_refused(tmp_path, monkeypatch):
    # (An editable install's rulesets are the user's own files: a copy stands in for them.)
    import shutil

    from mjscore import ruleset_files
    shipped = tmp_path / "rulesets"
    shutil.copytree(ruleset_files.shipped_dir(), shipped)
    monkeypatch.setattr(ruleset_files, "shipped_dir", lambda: shipped)
    hands = tmp_path / "in.jsonl"
    hands.write_text('{"hand": "11223344556677m", "rules": "lanzhou"}\n', encoding="utf-8")
    for rules, what in (("luzhou", "a ruleset file of --rules"),
                        ("guangdong", f"a ruleset file of record {hands}:1")):
        out = shipped / f"{'luzhou' if rules == 'luzhou' else 'lanzhou'}.yaml"
        before = out.read_bytes()
        res = run(str(hands), "--rules", rules, "-o", str(out))
        assert res.exit_code == 2 and f"{what} is also the output file" in res.stderr
        assert out.read_bytes() == before


def test_a_word_across_the_blocks_read_ahead_is_found(tmp_path):
    from mjscore.output_guard import _mentions
    path = tmp_path / "f"
    path.write_bytes(b"xxrules")
    assert all(_mentions(path, (b"rules",), size) for size in (1, 2, 3, 4, 6))
    assert not _mentions(path, (b"rulez",), 3)


def test_ctrl_c_while_reading_ahead_is_an_interrupted_run(tmp_path, monkeypatch):
    from mjscore import output_guard

    def interrupted(*args):
        raise KeyboardInterrupt
    monkeypatch.setattr(output_guard, "spares_rulesets", interrupted)
    res = run(str(SAMPLES / "hands.jsonl"))
    assert (res.exit_code, res.stderr) == (130, "mjscore: interrupted\n")


def test_output_written_through_a_link_keeps_the_files_permissions(tmp_path):
    hands = tmp_path / "in.jsonl"
    hands.write_text('{"hand": "11223344556677m"}\n', encoding="utf-8")
    out = tmp_path / "out.jsonl"
    out.write_text("an earlier run's rows\n", encoding="utf-8")
    out.chmod(0o640)
    link = tmp_path / "link.jsonl"
    link.symlink_to(out)
    assert run(str(hands), "--format", "jsonl", "-o", str(link)).exit_code == 0
    assert link.is_symlink() and json.loads(out.read_text(encoding="utf-8"))["record"] == 1
    assert out.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "link.jsonl", "out.jsonl"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
def test_a_pipe_given_by_name_is_read_once(tmp_path):
    # (A pipe cannot be read twice: -o holding something once made a run read it ahead.)
    fifo = tmp_path / "in.pipe"
    os.mkfifo(fifo)
    out = tmp_path / "out.jsonl"
    out.write_text("old\n", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "mjscore", "batch", str(fifo),
                             "--input-format", "jsonl", "--format", "jsonl", "-o", str(out)],
                            stderr=subprocess.PIPE)
    try:
        # Opened without blocking for ever: a run that never opens the pipe fails here.
        fd = _open_when_read(fifo, proc)
        with open(fd, "w", encoding="utf-8") as f:
            f.write('{"hand": "11223344556677m"}\n' * 2)
        err = proc.communicate(timeout=60)[1]
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 0, err
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2


def _open_when_read(fifo, proc, seconds: float = 60):
    """The write end of `fifo` once `proc` opens it to read (ENXIO until then)."""
    import errno
    import time
    end = time.monotonic() + seconds
    while True:
        try:
            return os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as e:
            if e.errno != errno.ENXIO or proc.poll() is not None or time.monotonic() > end:
                raise
            time.sleep(0.01)


def test_output_that_is_the_file_redirected_into_stdin_is_refused(tmp_path):
    path = tmp_path / "hands.jsonl"
    path.write_text('{"hand": "11223344556677m"}\n', encoding="utf-8")
    before = path.read_bytes()
    with open(path, "rb") as stdin:
        res = subprocess.run([sys.executable, "-m", "mjscore", "batch", "-", "-o", str(path)],
                             stdin=stdin, capture_output=True, text=True, timeout=60)
    assert res.returncode == 2
    assert res.stderr == "mjscore: <stdin>: the file read as standard input is also the " \
                         f"output file (-o {path}); writing would erase it\n"
    assert path.read_bytes() == before


def test_a_row_of_one_cell_is_counted_in_the_singular(tmp_path):
    path = tmp_path / "one.csv"
    path.write_text("hand,win\n111m123m456m789m5pC\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["batch", str(path), "--format", "jsonl"])
    assert json.loads(res.stdout)["error"] == "1 cell, but the header has 2 columns (line 2)"


def test_a_records_ruleset_file_is_found_beside_the_batch_file(tmp_path, monkeypatch):
    # As settle and extends: do: a batch file and its house rules travel together.
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "house.yaml").write_text("extends: luzhou\nname: house\nvalue: {cap: 100}\n",
                                       encoding="utf-8")
    (folder / "h.jsonl").write_text('{"hand": "11223344556677m", "rules": "house.yaml"}\n',
                                    encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(cli, ["batch", "hands/h.jsonl", "--format", "jsonl"])
    row = json.loads(res.stdout.splitlines()[0])
    assert (res.exit_code, row["ruleset"], row["value"]) == (0, "house", 100)


@pytest.mark.parametrize("ref, said", [
    pytest.param("../house/nosuch.yaml", "hands/../house/nosuch.yaml: no such file", id="a path"),
    pytest.param("nosuch.yaml", "hands/nosuch.yaml: no such file", id="a file name"),
    pytest.param("nosuch", "nosuch: unknown ruleset: no shipped ruleset or file of that name",
                 id="a name"),
    # (a list is told as the record wrote it: a part's path was looked for nowhere else)
    pytest.param("luzhou,nosuch.yaml", "luzhou,nosuch.yaml: no such file", id="in a list"),
])
def test_a_records_missing_ruleset_file_is_named_where_it_was_looked_for_first(
        tmp_path, monkeypatch, ref, said):
    # It was the path as the record wrote it, told as "no shipped ruleset or file of that
    # name": neither where it was looked for nor that a file was meant.
    (tmp_path / "hands").mkdir()
    (tmp_path / "hands" / "h.jsonl").write_text(
        json.dumps({"hand": "11223344556677m", "rules": ref}) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(cli, ["batch", "hands/h.jsonl", "--format", "jsonl"])
    row = json.loads(res.stdout.splitlines()[0])
    assert (res.exit_code, row["error"].startswith(f"invalid ruleset: {said}")) == (2, True), \
        row["error"]


def test_a_blank_rules_key_is_the_command_lines_rules_named_from_the_working_folder(
        tmp_path, monkeypatch):
    # A blank value is a key not given: --rules applies, found as named, not beside the file.
    folder = tmp_path / "hands"
    folder.mkdir()
    for where, name in ((tmp_path, "here"), (folder, "beside")):
        (where / "house.yaml").write_text(f"extends: luzhou\nname: {name}\n", encoding="utf-8")
    (folder / "h.jsonl").write_text('{"hand": "11223344556677m", "rules": " "}\n'
                                    '{"hand": "11223344556677m"}\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(cli, ["batch", "hands/h.jsonl", "--rules", "house.yaml",
                                   "--format", "jsonl"])
    assert [json.loads(line)["ruleset"] for line in res.stdout.splitlines()] == ["here", "here"]


@pytest.mark.skipif(sys.platform != "linux", reason="a folder name that is not UTF-8")
def test_a_records_rules_file_is_found_beside_a_batch_file_whose_name_is_spelt_out(
        tmp_path, monkeypatch):
    # Rows name the file with its odd byte spelt out (\xff); the rules are looked for at its
    # real path.
    folder = tmp_path / "h\udcffx"
    folder.mkdir()
    (folder / "house.yaml").write_text("extends: luzhou\nname: house\n", encoding="utf-8")
    (folder / "h.jsonl").write_text('{"hand": "11223344556677m", "rules": "house.yaml"}\n',
                                    encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(cli, ["batch", "h\udcffx/h.jsonl", "--format", "jsonl"])
    row = json.loads(res.stdout.splitlines()[0])
    assert (res.exit_code, row["file"], row["ruleset"]) == (0, "h\\xffx/h.jsonl", "house")


# Records whose rows differ in every part a JSON Lines row writes: a kong payment, horses, a
# hand that is not legal (no decomposition), a reason, a name and tiles past ASCII, twice each
# (the second row is written from the kept parts).
_VARIED = [{"hand": "123m456m789mSS (5555s)", "rules": "guangdong", "kong_draw": True},
           {"hand": "123m456m789m111pPP", "rules": "guangdong", "seat": "S", "horses": "2m",
            "opts": {"horses": 1}},
           {"hand": "111m123m456m789m5p6p"}, {"hand": "111m123m456m789m5pC", "discard": "S"},
           {"hand": "11223344556677m"}, {"hand": "123m456m789mCCC5p5p", "rules": "lanzhou"},
           {"hand": "EEESSSWWWNNNFF", "rules": "guangdong"},
           # (喜钱 due from a hand that is no legal win: `due`, kept by no key)
           {"hand": "123m456p789s11p24pC", "ghosts_drawn": 6, "opts": {"ghosts": 8}}]


@pytest.mark.parametrize("fields", _VARIED * 2, ids=[f["hand"] for f in _VARIED] * 2)
def test_a_jsonl_row_is_its_result_encoded_whole(fields):
    from mjscore.batch import score_record
    from mjscore.batch_output import _ENCODE, jsonl
    from mjscore.records import Record
    row = score_record(Record("f\u00e9", 7, dict(fields)), "luzhou")
    assert jsonl(row) == _ENCODE({"file": "f\u00e9", "record": 7, **row.result.to_dict()})


# Every record gets its row with --jobs 2, a last chunk of one record included.
@pytest.mark.parametrize("n", [
    pytest.param(1, id="one-record"),
    pytest.param(65, id="a-chunk-and-one"),
    pytest.param(130, id="two-chunks-and-two"),
])
def test_jobs_2_gives_every_record_its_row_in_order(tmp_path, n):
    f = tmp_path / "in.jsonl"
    f.write_text('{"hand": "111m123m456m789m5pC", "win": "5p"}\n' * n, encoding="utf-8")
    res = run(str(f), "--format", "jsonl", "--jobs", "2")
    assert res.exit_code == 0, res.output
    assert [json.loads(x)["record"] for x in res.stdout.splitlines()] == list(range(1, n + 1))


# A JSON Lines `true` was written so: no word on YAML's unquoted yes and no, which a YAML
# file's record is given; the same with workers (the 200th record is in their chunks).
@pytest.mark.parametrize("fmt, jobs, error", [
    pytest.param("jsonl", "1", '"seat" must be text, not true', id="jsonl"),
    pytest.param("jsonl", "2", '"seat" must be text, not true', id="jsonl-workers"),
    pytest.param("yaml", "1", '"seat" must be text, not true (YAML reads unquoted yes, no, on, '
                 'off as true or false)', id="yaml"),
])
def test_a_true_where_text_is_wanted_is_explained_for_the_format(tmp_path, fmt, jobs, error):
    records = [dict(GOOD) for _ in range(199)] + [{**GOOD, "seat": True}]
    f = tmp_path / f"in.{fmt}"
    f.write_text(yaml.safe_dump(records) if fmt == "yaml" else
                 "".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    res = run(str(f), "--format", "jsonl", "--jobs", jobs)
    assert res.exit_code == 2
    assert json.loads(res.stdout.splitlines()[-1])["error"] == error


# An output file a record names as its ruleset stops the run: one holding a ruleset would be
# erased; an empty one, erasing nothing, would be read back as this run writes it (a bad row
# whose words depended on how much was written: --jobs 1 and 2 apart). Either stays as it was.
@pytest.mark.parametrize("content, why", [
    pytest.param("", "it would read back this run's own rows", id="empty-file-read-back"),
    pytest.param("extends: luzhou\nname: house\n", "writing would erase it",
                 id="ruleset-file-refused"),
])
def test_an_output_file_a_record_names_is_guarded(tmp_path, monkeypatch, content, why):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out.yaml").write_text(content, encoding="utf-8")
    (tmp_path / "rec.jsonl").write_text(
        '{"hand": "111m123m456m789m5pC", "win": "5p", "rules": "out.yaml"}\n', encoding="utf-8")
    res = run("rec.jsonl", "-o", "out.yaml", "--format", "jsonl")
    assert res.exit_code == 2 and res.stderr.endswith(f"(-o out.yaml); {why}\n")
    assert (tmp_path / "out.yaml").read_text(encoding="utf-8") == content


def test_csv_of_no_records_is_its_header(tmp_path):
    # A script reading the CSV finds its columns even where no record came.
    (tmp_path / "e.jsonl").write_text("", encoding="utf-8")
    result = run(str(tmp_path / "e.jsonl"), "--format", "csv")
    assert result.exit_code == 0 and result.stdout == (
        "file,record,ruleset,hand,legal,value,reasons,patterns,decomposition,payments,net_E,"
        "net_S,net_W,net_N,error\n")


# A legal row's nets follow from its Value only with what else was paid: the Note says it
# (a row of Value 2 with +62 said nothing of 20 喜钱 from each).
@pytest.mark.parametrize("record, note", [
    pytest.param({"hand": "111m123m456m789m5pC", "win": "5p", "opts": {"ghosts": 8},
                  "ghosts_drawn": 6}, "喜钱: 6 ghosts drawn: 20 from S, W, N to E", id="喜钱"),
    pytest.param({"hand": "123m456m789m123pSS", "rules": "guangdong", "opts": {"horses": 1},
                  "horses": "1m"}, "买马: horse tile 1m names seat E: 2 from S, W, N to E",
                 id="a horse"),
    pytest.param({"hand": "111m123m456m789m5pC", "win": "5p"}, "", id="the hand value alone"),
])
def test_table_note_says_what_a_legal_row_paid_besides_the_hand_value(tmp_path, record, note):
    path = tmp_path / "h.jsonl"
    write_jsonl(path, [record])
    line = run(str(path)).stdout.splitlines()[2]
    assert line.endswith(f"  {note}") if note else line.endswith("-5")


def test_an_empty_won_list_in_a_record_is_nobody_won_yet(tmp_path):
    # A log writing "won": [] for nobody yet was refused in guangdong and lanzhou, which have
    # no --won ("--won does not apply"): every record of such a log was bad.
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps({"hand": "123m456m789m123pPP", "rules": "guangdong", "won": [],
                                "opts": {}}) + "\n", encoding="utf-8")
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 0, result.stderr
    row = rows_of(result)[0]
    assert {k: v for k, v in row.items() if k not in ("file", "record")} == \
        score("123m456m789m123pPP", "guangdong").to_dict()


def test_a_byte_order_mark_starting_a_later_line_is_no_part_of_its_record(tmp_path):
    # `cat a.jsonl b.jsonl`, b saved with a byte-order mark: its first record was "not JSON
    # (line 2, column 1: Expecting value)", on a line that looks right.
    path = tmp_path / "h.jsonl"
    path.write_text("\ufeff" + json.dumps(GOOD) + "\n\ufeff" + json.dumps(GOOD) + "\n"
                    "\ufeffnot json\n\ufeff\n", encoding="utf-8")  # (the last: a file of none)
    result = run(str(path), "--format", "jsonl")
    rows = rows_of(result)
    assert [status(r) for r in rows] == ["scored", "scored", "bad"]
    assert rows[0]["value"] == rows[1]["value"]
    assert rows[2]["error"] == "not JSON (line 3, column 1: Expecting value)"


def test_a_key_given_twice_that_holds_a_line_break_is_told_on_one_line(tmp_path):
    # The key was quoted as it was: its stderr line broke in two, and a line-based reader of
    # stderr saw a line naming no record.
    path = tmp_path / "h.jsonl"
    path.write_text('{"h\\nx": 1, "h\\nx": 2}\n', encoding="utf-8")
    result = run(str(path), "--format", "jsonl")
    assert result.exit_code == 2
    assert rows_of(result)[0]["error"] == 'key "h\\nx" is given twice (line 1)'
    assert result.stderr.splitlines()[0] == f'{path}:1: key "h\\nx" is given twice (line 1)'


# A record naming a comma list is told so whatever folder the run starts from, its files found
# beside the batch file as a single ruleset file is (from elsewhere it was "no shipped ruleset
# or file of that name": audit 2026-12-04).
@pytest.mark.parametrize("start", ["beside", "elsewhere"])
def test_a_records_comma_list_is_told_as_one_from_any_folder(tmp_path, monkeypatch, start):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "club.yaml").write_text("extends: luzhou\nname: club\n",
                                                  encoding="utf-8")
    (tmp_path / "logs" / "b.jsonl").write_text(
        '{"hand": "111m123m456m789m5pC", "rules": "luzhou,club.yaml"}\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path / "logs" if start == "beside" else tmp_path)
    path = "b.jsonl" if start == "beside" else "logs/b.jsonl"
    res = CliRunner().invoke(cli, ["batch", path, "--format", "jsonl"])
    row = json.loads(res.stdout)
    assert res.exit_code == 2 and row["error"].endswith(
        ": one ruleset is named here; a comma list of rulesets is compared only by score "
        "--rules"), row


def test_an_option_written_as_a_records_key_is_told_where_it_goes(tmp_path):
    path = tmp_path / "h.jsonl"
    write_jsonl(path, [{**GOOD, "cap": 100}])
    error = rows_of(run(str(path), "--format", "jsonl"))[0]["error"]
    assert error.startswith('unknown key "cap"; a ruleset\'s option goes under opts ({cap: ...})')


def test_a_records_ghosts_drawn_0_is_refused_as_the_command_refuses_it(tmp_path):
    # CSV "0" and YAML 0 became the int 0, which is none given: the rows were scored where
    # `score --ghosts-drawn 0` refuses them.
    path = tmp_path / "h.csv"
    path.write_text("hand,rules,ghosts_drawn\n111m123m456m789m55p,guangdong,0\n"
                    "111m123m456m789m5pC,luzhou,0\n111m123m456m789m5pC,luzhou,1\n",
                    encoding="utf-8")
    rows = rows_of(run(str(path), "--format", "jsonl"))
    assert [r.get("error") for r in rows] == [
        "invalid option: ghosts_drawn does not apply in guangdong: none of its patterns or "
        "payments reads the ghosts drawn (喜钱)",
        "invalid option: ghosts_drawn 0: the hand holds 1 ghost", None]

