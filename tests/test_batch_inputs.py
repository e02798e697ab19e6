"""`mjscore batch ... -o OUT` refused on its command line leaves OUT as it was: every input
it names is checked before OUT is opened (opening empties it), and so is every option.
OUT holds an earlier run's results in each test; a re-run with a typo must not lose them."""

import os
import re
import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.cli import cli

HAND = '{"hand": "11223344556677m"}\n'
EARLIER = b'{"file": "old.jsonl", "record": 1, "an earlier run": true}\n'


def batch(*args):
    return CliRunner().invoke(cli, ["batch", *args])


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A folder with a good batch file (a.jsonl) and OUT from an earlier run (out.jsonl)."""
    monkeypatch.chdir(tmp_path)  # (short names: a socket's path is limited to ~100 bytes)
    (tmp_path / "a.jsonl").write_text(HAND, encoding="utf-8")
    (tmp_path / "out.jsonl").write_bytes(EARLIER)
    return tmp_path


def refused(result, message):
    """Exit 2 with `message` as the one line on stderr, nothing on stdout, OUT untouched."""
    assert (result.exit_code, result.stderr, result.stdout) == (2, f"mjscore: {message}\n", "")
    with open("out.jsonl", "rb") as f:
        assert f.read() == EARLIER


def _can_read(path) -> bool:
    try:
        with open(path, "rb"):
            return True
    except OSError:
        return False


# -- an input that cannot be read ----------------------------------------------------------

def test_a_missing_second_file(here):
    refused(batch("a.jsonl", "nope.jsonl", "-o", "out.jsonl"), "nope.jsonl: no such file")


def test_a_directory(here):
    (here / "d.jsonl").mkdir()
    refused(batch("a.jsonl", "d.jsonl", "-o", "out.jsonl"),
            "d.jsonl: is a directory, not a batch file")


def test_a_file_without_read_permission(here):
    (here / "locked.jsonl").write_text(HAND, encoding="utf-8")
    (here / "locked.jsonl").chmod(0)
    if _can_read(here / "locked.jsonl"):
        pytest.skip("this user reads a file of mode 000 (root)")
    refused(batch("a.jsonl", "locked.jsonl", "-o", "out.jsonl"),
            "locked.jsonl: cannot be read (Permission denied)")


def test_a_file_in_a_folder_that_cannot_be_entered(here):
    (here / "locked").mkdir()
    (here / "locked" / "b.jsonl").write_text(HAND, encoding="utf-8")
    (here / "locked").chmod(0)
    try:
        if _can_read(here / "locked" / "b.jsonl"):
            pytest.skip("this user enters a folder of mode 000 (root)")
        refused(batch("a.jsonl", "locked/b.jsonl", "-o", "out.jsonl"),
                "locked/b.jsonl: cannot be read (Permission denied)")
    finally:
        (here / "locked").chmod(0o755)  # (so that pytest can remove it)


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs a Unix socket")
def test_a_socket(here):
    # No file opens a socket, root or not: the case a test run as root can make.
    with socket.socket(socket.AF_UNIX) as s:
        s.bind("s.jsonl")
        refused(batch("a.jsonl", "s.jsonl", "-o", "out.jsonl"),
                "s.jsonl: cannot be read (No such device or address)")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
def test_a_named_pipe_without_read_permission(here):
    os.mkfifo("p.jsonl", 0)
    if os.access("p.jsonl", os.R_OK):
        pytest.skip("this user reads a pipe of mode 000 (root)")
    refused(batch("a.jsonl", "p.jsonl", "-o", "out.jsonl"),
            "p.jsonl: cannot be read (Permission denied)")


def test_a_name_too_long(here):
    # Not "cannot write the output": the error is the input's, found before -o is opened.
    name = "x" * 300 + ".jsonl"
    refused(batch("a.jsonl", name, "-o", "out.jsonl"),
            f"{name}: cannot be read (File name too long)")


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_loop(here):
    os.symlink("loop.jsonl", "loop.jsonl")
    refused(batch("a.jsonl", "loop.jsonl", "-o", "out.jsonl"),
            "loop.jsonl: cannot be read (a symbolic link in a loop)")


# -- standard input that cannot be read ----------------------------------------------------

def _batch_process(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "mjscore", "batch", *args],
                          capture_output=True, text=True, timeout=60, **kwargs)


@pytest.mark.skipif(sys.platform == "win32", reason="closes a descriptor before exec")
def test_standard_input_closed(here):
    # Nor is the file named - in the working folder read in its place.
    (here / "-").write_text(HAND, encoding="utf-8")
    res = _batch_process("-", "-o", "out.jsonl", preexec_fn=lambda: os.close(0))
    assert (res.returncode, res.stderr, res.stdout) == (
        2, "mjscore: <stdin>: cannot be read (standard input is closed)\n", "")
    assert (here / "out.jsonl").read_bytes() == EARLIER


@pytest.mark.skipif(sys.platform == "win32", reason="needs fcntl")
def test_standard_input_open_for_writing_only(here):
    with open("w.jsonl", "wb") as stdin:
        res = _batch_process("-", "-o", "out.jsonl", stdin=stdin)
    assert (res.returncode, res.stderr, res.stdout) == (
        2, "mjscore: <stdin>: cannot be read (standard input is open for writing only)\n", "")
    assert (here / "out.jsonl").read_bytes() == EARLIER


def test_standard_input_from_a_pipe_is_read_whole_after_the_check(here):
    res = _batch_process("-", "a.jsonl", "--format", "jsonl", "-o", "out.jsonl", input=HAND * 3)
    assert res.returncode == 0, res.stderr
    rows = (here / "out.jsonl").read_text(encoding="utf-8").splitlines()
    assert [r.split(",")[0] for r in rows] == ['{"file": "<stdin>"'] * 3 + ['{"file": "a.jsonl"']


# -- an input that is the output -------------------------------------------------------------

@pytest.mark.parametrize("inputs, out, message", [
    pytest.param(["a.jsonl"], "a.jsonl", "a.jsonl: is also the output file (-o a.jsonl)",
                 id="same name"),
    pytest.param(["a.jsonl"], "./a.jsonl", "a.jsonl: is also the output file (-o ./a.jsonl)",
                 id="./name"),
    pytest.param(["a.jsonl"], "link.jsonl",
                 "a.jsonl: is also the output file (-o link.jsonl)", id="a link as -o"),
    pytest.param(["link.jsonl"], "a.jsonl",
                 "link.jsonl: is also the output file (-o a.jsonl)", id="a link as input"),
    pytest.param(["a.jsonl"], "hard.jsonl",
                 "a.jsonl: is also the output file (-o hard.jsonl)", id="a hard link"),
    pytest.param(["b.jsonl", "a.jsonl"], "../here/a.jsonl",
                 "a.jsonl: is also the output file (-o ../here/a.jsonl)", id="second input"),
])
def test_an_input_that_is_the_output_is_refused_naming_both(tmp_path, monkeypatch, inputs,
                                                            out, message):
    # Opening -o empties it: the input would be read back empty, its records lost.
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    (here / "a.jsonl").write_bytes(EARLIER)
    (here / "b.jsonl").write_text(HAND, encoding="utf-8")
    if hasattr(os, "symlink"):
        os.symlink("a.jsonl", "link.jsonl")
    if hasattr(os, "link"):
        os.link("a.jsonl", "hard.jsonl")
    if not os.path.exists(out) or not os.path.exists(inputs[-1]):
        pytest.skip("needs links")
    result = batch(*inputs, "-o", out)
    assert (result.exit_code, result.stderr, result.stdout) == (
        2, f"mjscore: {message}; writing would erase it\n", "")
    assert (here / "a.jsonl").read_bytes() == EARLIER


# -- any other refusal on the command line -------------------------------------------------

# What follows a good `batch a.jsonl -o out.jsonl`, then why it is refused; one case a line.
REFUSED = """
--rules nosuch                  | an unknown --rules
--rules ''                      | an empty --rules
--rules luzhou,guangdong        | several --rules
--rules broken.yaml             | a malformed --rules file
--rules lost.yaml               | --rules extends an unknown ruleset
--rules out.jsonl               | --rules is -o, not a ruleset
--rules luzhou --rules lanzhou  | --rules twice
--rules                         | --rules without a value
--opt cap=100                   | --opt, which batch has not
--format xml                    | a bad --format
--input-format txt              | a bad --input-format
--jobs 0                        | --jobs 0
--jobs x                        | --jobs x
--jobs 1000                     | --jobs 1000
--jobs ５                       | --jobs in full-width digits
--bogus                         | an unknown option
-o other.jsonl                  | -o twice
b.txt                           | an input of no known format
- -                             | standard input twice
"""


@pytest.mark.parametrize("args", [
    pytest.param(shlex.split(line.split("|")[0]), id=line.split("|")[1].strip())
    for line in REFUSED.strip().splitlines()])
def test_a_refused_command_line_leaves_the_output_as_it_was(here, args):
    (here / "broken.yaml").write_text("extends: [luzhou\n", encoding="utf-8")
    (here / "lost.yaml").write_text("extends: nosuch\nname: lost\n", encoding="utf-8")
    result = batch("a.jsonl", "-o", "out.jsonl", *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert (here / "out.jsonl").read_bytes() == EARLIER
    assert not (here / "other.jsonl").exists()


# -- standard output that is an input ------------------------------------------------------

@pytest.mark.parametrize("args, mode, said", [
    pytest.param(("a.jsonl",), "ab", "a.jsonl:", id=">> the input"),
    pytest.param(("a.jsonl",), "wb", "a.jsonl:", id="> the input (the shell emptied it)"),
    pytest.param(("a.jsonl", "-o", "-"), "ab", "a.jsonl:", id="-o - and >> the input"),
    pytest.param(("-",), "ab", "<stdin>: the file read as standard input", id="- < a >> a"),
])
def test_rows_written_to_an_input_are_refused(here, args, mode, said):
    # `batch a.jsonl >> a.jsonl` read back every row it wrote as a new record and never ended
    # (cat refuses the same); with `>` it read the file the shell had just emptied.
    with open("a.jsonl", "rb") as stdin, open("a.jsonl", mode) as stdout:
        res = subprocess.run([sys.executable, "-m", "mjscore", "batch", *args], stdin=stdin,
                             stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=60)
    assert (res.returncode, res.stderr) == (
        2, f"mjscore: {said} is also standard output, where the rows are written; give -o "
           "another file\n")
    if mode == "ab":
        assert Path("a.jsonl").read_text(encoding="utf-8") == HAND


def test_rows_to_another_file_or_a_pipe_are_written(here):
    with open("rows.jsonl", "wb") as stdout:
        res = subprocess.run([sys.executable, "-m", "mjscore", "batch", "a.jsonl", "--format",
                              "jsonl"], stdout=stdout, stderr=subprocess.PIPE, timeout=60)
    assert res.returncode == 0 and Path("rows.jsonl").read_text(encoding="utf-8").count("\n") == 1


def test_rows_appended_to_a_ruleset_file_are_refused(here):
    # `batch a.jsonl --rules house.yaml >> house.yaml` wrote its rows into the ruleset file.
    Path("house.yaml").write_text("extends: luzhou\nname: house\n", encoding="utf-8")
    with open("house.yaml", "ab") as stdout:
        res = subprocess.run([sys.executable, "-m", "mjscore", "batch", "a.jsonl", "--rules",
                              "house.yaml"], stdout=stdout, stderr=subprocess.PIPE, text=True,
                             timeout=60)
    assert res.returncode == 2 and res.stderr.endswith(
        "house.yaml: a ruleset file of --rules is also standard output, where the rows are "
        "written; give -o another file\n")
    assert Path("house.yaml").read_text(encoding="utf-8") == "extends: luzhou\nname: house\n"


# /dev/null read and written is one device, no file a run erases or reads back: no clash.
@pytest.mark.skipif(sys.platform == "win32", reason="/dev/null")
@pytest.mark.parametrize("args, stdin", [
    pytest.param(["-"], "/dev/null", id="< /dev/null > /dev/null"),
    pytest.param(["--input-format", "jsonl", "/dev/null", "-o", "/dev/null"], None,
                 id="/dev/null -o /dev/null"),
])
def test_dev_null_in_and_out_is_no_clash(tmp_path, args, stdin):
    with open(stdin or "/dev/null", "rb") as fin, open("/dev/null", "wb") as fout:
        res = subprocess.run([sys.executable, "-m", "mjscore", "batch", *args], stdin=fin,
                             stdout=fout, stderr=subprocess.PIPE, text=True, timeout=60,
                             cwd=tmp_path)
    assert res.returncode == 0 and "also" not in res.stderr, res.stderr


@pytest.mark.parametrize("kind, text", [
    pytest.param("jsonl", '{"hand": "东东东南南南西西西北北北中中", "rules": "guangdong"}\n',
                 id="jsonl"),
    pytest.param("csv", "hand,rules\n东东东南南南西西西北北北中中,guangdong\n", id="csv"),
])
def test_a_pipe_that_has_sent_part_of_a_character_is_utf_8(kind, text):
    # A writer (curl, a program writing as it goes) may have sent a line cut inside a
    # character when the start is sniffed: that is no file in another encoding.
    from mjscore.batch_text import text_of
    data = text.encode("utf-8")
    cut = data.index("东".encode("utf-8")) + 1
    r, w = os.pipe()
    os.write(w, data[:cut])
    with open(r, "rb") as raw:
        got = text_of(raw, "<stdin>", kind)  # sniffs the part sent so far
        os.write(w, data[cut:])
        os.close(w)
        assert got.read() == text


def test_a_yaml_batch_is_built_one_record_at_a_time(tmp_path, monkeypatch):
    # It was built whole (yaml.load): a 10 MB file of 200,000 records took 1 GB before the
    # first was scored. Each record is now built when it is reached.
    from mjscore import records, yamlfile
    path = tmp_path / "many.yaml"
    path.write_text("- {hand: 111m123m456m789m5pC, win: 5p, opts: {cap: 7}}\n" * 500,
                    encoding="utf-8")
    built, build = [], yamlfile._built
    monkeypatch.setattr(yamlfile, "_built", lambda *a: built.append(1) or build(*a))
    found = records.read(str(path))
    first = next(found)
    assert first.fields == {"hand": "111m123m456m789m5pC", "win": "5p", "opts": {"cap": 7}}
    assert len(built) < 20  # the first record's nodes, not the file's
    assert sum(1 for _ in found) == 499


# A node its explicit tag cannot build: the records built lazily (75e3c0c) built whatever the
# tag named on any node (a generator for !!map on a scalar, a list for !!map on a list), raised
# TypeError on a list as a key, and a constructor's error came after the rows before it, with
# no line. yaml.load refused them all; they are refused whole, at their line.
_TAGGED = {
    "map on a scalar": "- hand: 11m\n- hand: !!map x\n|line 2: expected a mapping node, but "
                       "found scalar",
    "seq on a scalar": "- hand: 11m\n- hand: !!seq x\n|line 2: expected a sequence node",
    "map on the list": "!!map [{hand: 11m}]\n|line 1: expected a mapping node, but found "
                       "sequence",
    "seq on a record": "- !!seq {hand: 11m}\n|line 1: expected a sequence node, but found mapping",
    "str on a list": "- hand: !!str [11m]\n|line 1: expected a scalar node, but found sequence",
    "a list as a key, tagged !": "- ! [a]: 1\n|line 1: a key must be text, not a list or mapping",
    "a mapping as a key, tagged str": "- ? !!str {a: 1}\n  : 1\n|line 1: expected a scalar node",
    "int of a word, after a record": "- hand: 11m\n- cap: !!int x\n|line 2: invalid literal",
    "bool of a word": "- hand: 11m\n- declared: !!bool maybe\n|line 2: \"maybe\" is not a !!bool",
    "int of nothing": "- cap: !!int ''\n|line 1: \"\" is not a !!int",
    "float of nothing": "- cap: !!float ''\n|line 1: \"\" is not a !!float",
}


@pytest.mark.parametrize("text, said", [
    pytest.param("- {hand: 11m}\n---\n- {hand: 22m}\n",
                 "line 2: a second document (after ---); the file must hold one",
                 id="two documents"),
    pytest.param("- {hand: 11m}\n- *a\n", "line 2: YAML aliases (*a) are not allowed",
                 id="an alias after a good record"),
] + [pytest.param(*case.split("|"), id=name) for name, case in _TAGGED.items()])
def test_a_yaml_batch_malformed_after_its_first_records_fails_whole(tmp_path, text, said):
    from mjscore import records
    from mjscore.errors import InputError
    path = tmp_path / "b.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=re.escape(said)):
        next(records.read(str(path)))



# A record's key that YAML reads as no text (`yes:` true, `1:` a number, `~:` nothing) stopped
# its whole file and every file after it ("line 2: a key must be text"), where any other
# unknown key is that record's error alone. It is now the record's, with how YAML read it.
@pytest.mark.parametrize("record, said", [
    pytest.param("1: x", "a key must be text, not the number 1", id="a number"),
    pytest.param("yes: 1", "a key must be text, not true (YAML reads unquoted yes, no, on, "
                           "off as true or false)", id="yes"),
    pytest.param("~: 1", "a key must be text, not nothing (an empty value)", id="null"),
    pytest.param("2020-01-01: x", "a key must be text, not the date 2020-01-01", id="a date"),
    pytest.param("opts: {1: 2}", '"opts": a key must be text, not the number 1',
                 id="in opts"),
    pytest.param("won: S,W", 'unknown key "W": in a {...} record a comma ends a value, so '
                             'seats are written in quotes ("S,W") or as [S, W]',
                 id="won unquoted in braces"),
    pytest.param("opts: {xiqian: yes}", 'option "xiqian" of luzhou: expected one of always, '
                                        'win_only, got "true" (YAML reads unquoted yes, no, on, off as '
                                        'true or false)', id="an option's word as yes"),
])
def test_a_yaml_record_with_a_key_read_as_no_text_is_that_records_error(here, record, said):
    Path("b.yaml").write_text("- {hand: 11223344556677m}\n"
                              f"- {{hand: 11223344556677m, {record}}}\n"
                              "- {hand: 11223344556677p}\n", encoding="utf-8")
    result = batch("b.yaml", "a.jsonl", "--format", "jsonl")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"b.yaml:2: {'invalid option: ' * ('option' in said)}"
                                          f"{said}",
                                          "4 records from 2 files: 3 scored, 0 not legal, 1 bad"]


def test_a_key_that_is_a_list_still_stops_its_file(here):
    # (No mapping can hold it: it is malformed YAML, refused before any row.)
    Path("b.yaml").write_text("- {hand: 11223344556677m}\n- {hand: 11m, [a]: 1}\n",
                              encoding="utf-8")
    result = batch("b.yaml", "--format", "jsonl")
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", "mjscore: b.yaml: line 2: a key must be text, not a list or mapping\n")


@pytest.mark.parametrize("name, text, said", [
    # JSON's true is no unquoted yes: the YAML hint is for YAML records alone.
    pytest.param("b.jsonl", '{"hand": "11223344556677m", "opts": {"cap": true}}\n',
                 'expected an integer or "none", got "true"', id="JSON Lines: no YAML hint"),
    # A key W with no value is a flow mapping's "won: S,W" only beside a won.
    pytest.param("b.yaml", "- {hand: 11223344556677m, W}\n", 'unknown key "W"; keys: hand, '
                 "win, seat, discard, kong_draw, kong_from, after_kong, rob_kong, won, declared, "
                 "heavenly, earthly, ghosts_drawn, indicator, dealer, horses, rules, opts",
                 id="a seat as a key, no won"),
    pytest.param("b.yaml", "- {hand: 11223344556677m, opts: {xiaoji: yes}}\n",
                 'unknown option "xiaoji" for luzhou (its options: cap, flower_cat_pays, ghosts, '
                 'min_discard_win, pinghu_ten, shoubayi, wugui_steps, xiqian)',
                 id="an unknown option given true: no YAML hint"),
])
def test_hints_only_where_they_apply(here, name, text, said):
    Path(name).write_text(text, encoding="utf-8")
    result = batch(name, "--format", "jsonl")
    error = result.stderr.splitlines()[0]
    assert error.endswith(said), error
