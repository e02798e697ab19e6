"""Fuzz targets (issue 9): the hand notation, `--opt`, ruleset YAML and hand-record YAML.

Any input either works or raises MjscoreError with a non-empty one-line message; any other
exception fails the test, and `hang_guard` turns a hang into a failure (a generous ceiling,
not a speed assertion). Through the CLI the same input exits 0, 1 or 2, never a traceback.

CI runs a bounded number of examples with a fixed seed. For a longer, randomised local run:

    MJSCORE_FUZZ_EXAMPLES=20000 python -m pytest -q tests/test_fuzz.py

(docs/fuzzing.md). Failing examples are kept in .hypothesis/ and replayed first next time.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mjscore import MjscoreError, score, settle, waits
from mjscore.cli import cli
from mjscore.hand import read
from mjscore.notation import parse
from mjscore.options import parse_pairs
from mjscore.ruleset import load
from mjscore.ruleset_files import shipped_dir, shipped_names

from .guard import hang_guard

LONG = int(os.environ.get("MJSCORE_FUZZ_EXAMPLES", "0") or 0)


def fuzz_settings(ci_examples: int):
    """`ci_examples` with a fixed seed in CI; MJSCORE_FUZZ_EXAMPLES random ones locally."""
    return settings(max_examples=LONG or ci_examples, derandomize=not LONG, deadline=None,
                    suppress_health_check=list(HealthCheck))


RULESETS = shipped_names()
ROOT = Path(__file__).resolve().parent.parent
RULESET_TEXTS = {p.stem: p.read_text(encoding="utf-8") for p in shipped_dir().glob("*.yaml")}
RECORD_TEXTS = {p.stem: p.read_text(encoding="utf-8")
                for p in (ROOT / "samples" / "records").glob("*.yaml")}
HANDS = ["111m123m456m789m5pC", "123m456m789m111pSS", "123m456m789mSS [CFP]",
         "1122334455667m7m", "123m456m789mPPPP1s", "11m [555p] (2222s) {3333s} [999m]"]


def outcome(fn, *args, **kw):
    """fn's result, or the MjscoreError it raised (checked to be one non-empty line)."""
    with hang_guard():
        try:
            result = fn(*args, **kw)
        except MjscoreError as e:
            message = str(e)
            assert message and "\n" not in message and "\r" not in message, repr(message)
            event(f"{fn.__name__}: {type(e).__name__}")  # --hypothesis-show-statistics
            return e
    event(f"{fn.__name__}: ok")
    return result


def cli_outcome(*args):
    """Exit 0, 1 or 2 with no exception; an exit 2 from mjscore's own error is one line."""
    with hang_guard():
        result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        (args, result.exc_info)
    assert result.exit_code in (0, 1, 2), (args, result.output)
    assert "Traceback" not in result.output
    if result.stderr.startswith("mjscore: "):  # each line one whole message
        assert all(line.startswith("mjscore: ") for line in result.stderr.splitlines()), \
            result.stderr
    return result


# -- the hand notation ---------------------------------------------------------------------
TOKENS = ["1", "5", "9", "0", "123", "m", "p", "s", "z", "q", "E", "S", "W", "N", "C", "F",
          "P", "X", "[", "]", "(", ")", "{", "}", " ", "\t", "\n", "一", "五", "九", "万", "筒",
          "条", "索", "中", "红中", "发", "發", "白", "白板", "东", "北", "1z", "7z", "8z", "5p",
          "[555p]", "(5555p)", "{5555p}", "[55pC]", "[CFP]", "[19mE]", "²", "٣", "\x00", "é",
          "\u2028", "1" * 30]
# Pieces of well-formed hands, so that many inputs get past the parser into the rulesets.
GOOD = ["1m", "5p", "9s", "2m3m", "C", "E", "F", "P", "1s", "123m", "555p", "11z", "[555p]",
        "(5555p)", "{5555p}", "[55pC]", "[CFP]", "[19mE]", "[123s]", " "]
notation_text = st.one_of(
    st.text(max_size=60),
    st.lists(st.sampled_from(TOKENS), max_size=30).map("".join),
    st.lists(st.sampled_from(GOOD), min_size=4, max_size=16).map("".join),
    st.lists(st.sampled_from(GOOD), min_size=4, max_size=16).map("".join),
    st.lists(st.sampled_from(TOKENS), min_size=60, max_size=120).map("".join),  # past 200
)


@fuzz_settings(400)
@given(notation_text)
def test_fuzz_notation(text):
    outcome(parse, text)
    for name in RULESETS:
        rs = load(name)
        outcome(read, text, rs)
        outcome(read, text, rs, size=13)


situation = st.fixed_dictionaries({}, optional={
    "win": st.one_of(st.sampled_from(["5p", "C", "1m", "P", "E"]), st.text(max_size=4)),
    "seat": st.one_of(st.sampled_from("ESWN"), st.text(max_size=3)),
    "discard": st.one_of(st.sampled_from("SWN"), st.text(max_size=3)),
    "rob_kong": st.sampled_from("SWN"), "kong_draw": st.booleans(), "after_kong": st.booleans(),
    "won": st.one_of(st.sampled_from(["S", "S,W", "W,N,S", "S,S", ""]), st.text(max_size=4)),
    "declared": st.booleans(), "heavenly": st.booleans(), "earthly": st.booleans(),
    "ghosts_drawn": st.one_of(st.integers(-2, 10), st.integers(), st.text(max_size=4)),
    "indicator": st.one_of(st.sampled_from(["5p", "9s", "P", "N"]), st.text(max_size=3)),
    "dealer": st.sampled_from("ESWN"),
    "horses": st.one_of(st.sampled_from(["1m", "EE", "159m", "C"]), st.text(max_size=6)),
})


@fuzz_settings(150)
@given(st.one_of(notation_text, st.sampled_from(HANDS)), st.sampled_from(RULESETS), situation)
def test_fuzz_score_and_waits(text, name, kw):
    outcome(score, text, name, **kw)
    outcome(waits, text, name, seat=kw.get("seat", "E"))


# -- --opt KEY=VALUE -------------------------------------------------------------------------
OPTIONS = {name: sorted(yaml.safe_load(text).get("options") or {})
           for name, text in RULESET_TEXTS.items()}
LIKELY = st.sampled_from(["none", "cap", "true", "off", "5p", "flip", "fixed", "always", "8",
                          "4", "2", "100", "0", "-1", "99999999999999999999", "²", "--5", " 7 ",
                          ""])
OPT_VALUES = st.one_of(LIKELY, LIKELY, LIKELY, st.text(max_size=14), st.integers().map(str))


@st.composite
def opt_items(draw, name: str, min_size: int = 0) -> list:
    """--opt items for ruleset `name`: mostly its own options with arbitrary values, some
    unknown names and some arbitrary text."""
    item = st.one_of(
        st.builds(lambda k, v: f"{k}={v}", st.sampled_from(OPTIONS[name]), OPT_VALUES),
        st.builds(lambda k, v: f"{k}={v}", st.sampled_from(OPTIONS[name]), OPT_VALUES),
        st.builds(lambda k, v: f"{k}={v}", st.sampled_from(["x", "", " ", "a=b"]), OPT_VALUES),
        st.text(max_size=20),
    )
    return draw(st.lists(item, min_size=min_size, max_size=3))


@fuzz_settings(200)
@given(st.data(), st.sampled_from(RULESETS))
def test_fuzz_opt(data, name):
    opts = outcome(parse_pairs, data.draw(opt_items(name)))
    if isinstance(opts, MjscoreError):
        return
    if not isinstance(outcome(load, name, opts), MjscoreError):
        outcome(score, HANDS[0], name, opts=opts)
        outcome(score, HANDS[1], name, opts=opts, declared=name == "lanzhou")
        outcome(waits, "111m123m456m789mC", name, opts=opts)


@fuzz_settings(40)
@given(st.data(), st.sampled_from(RULESETS))
def test_fuzz_opt_on_the_command_line(data, name):
    args = [a for item in data.draw(opt_items(name, 1)) for a in ("--opt", item)]
    cli_outcome("score", HANDS[0], "--rules", name, *args)


# -- YAML files: arbitrary text, shipped files perturbed as text and as data ----------------
YAML_BITS = ["&a ", "*a", "<<: *a", "!!python/object:os.system ", "!x ", "[", "]", "{", "}",
             ": ", "- ", "#", '"', "'", "\t", "\n", "  ", "---\n", "...\n", "? ", "|\n",
             "null", "~", ".inf", ".nan", "1e400", "9" * 30, "0x1F", "2001-13-45", "yes",
             "\x00", "\xff", "é", "\ufeff"]


@st.composite
def perturbed_text(draw, texts: dict) -> str:
    """A shipped file's text with a few edits: lines dropped, doubled or swapped; YAML
    syntax, junk or arbitrary text spliced in; or wholly arbitrary text."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.text(max_size=200))
    lines = draw(st.sampled_from(sorted(texts.items())))[1].splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        edit = draw(st.sampled_from(["drop", "double", "swap", "splice", "splice", "text"]))
        if edit == "drop":
            del lines[i]
        elif edit == "double":
            lines.insert(i, lines[i])
        elif edit == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            line = lines[i]
            at = draw(st.integers(0, len(line)))
            bit = draw(st.sampled_from(YAML_BITS)) if edit == "splice" else \
                draw(st.text(max_size=8))
            lines[i] = line[:at] + bit + line[at + draw(st.integers(0, 3)):]
        if not lines:
            lines = ["\n"]
    return "".join(lines)


def _paths(node, at=()):
    yield at
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, at + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, at + (i,))


WORDS = ["none", "cap", "chada", "5p", "C", "P", "luzhou", "flip", "fixed", "standard",
         "seven_pairs", "any", "wild", "forbidden", "pong", "chow", "toss", "discarder",
         "konger", "always", "int", "bool", "str", "tile", "ladder", "multiply", "discard",
         "E", "m", "x"]
value = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 10), st.sampled_from([0, 4, 8, 10 ** 9, 10 ** 12]),
    st.integers(), st.floats(), st.sampled_from(WORDS), st.text(max_size=6),
    st.lists(st.sampled_from(WORDS + [1, None]), max_size=3),
    st.sampled_from([{"option": n} for n in ["cap", "ghosts", "base", "horses", "indicator",
                                             "nosuch"]] + [{"option": False}, {}]),
)


def _alike(draw, old):
    """A value of the same kind as `old`, so that more changes pass the schema and reach
    the code that uses them."""
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return draw(st.sampled_from([0, 1, 2, 3, 4, 5, 8, 13, 40, 100, -1, 10 ** 9]))
    if isinstance(old, str):
        return draw(st.sampled_from(WORDS + ["S", "W", "N", "1m", "9p", "123m456m789mC",
                                             "111m123m456m789m5pC", old + old]))
    if isinstance(old, list) and old:
        return old[:-1] if draw(st.booleans()) else old + old[-1:]
    return draw(value)


@st.composite
def perturbed_data(draw, texts: dict) -> dict:
    """A shipped file's data with a few values replaced (by one of the same kind, or by
    anything), or keys and items removed."""
    data = copy.deepcopy(yaml.safe_load(draw(st.sampled_from(sorted(texts.items())))[1]))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.sampled_from([p for p in _paths(data) if p]))
        parent = data
        for key in at[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["alike", "alike", "any", "remove"]))
        if how == "remove":
            del parent[at[-1]]
        else:
            # A copy: `value` hands out the same dicts each time, and a later change must
            # not alter the strategy itself (Hypothesis replays draws exactly).
            parent[at[-1]] = copy.deepcopy(_alike(draw, parent[at[-1]]) if how == "alike"
                                           else draw(value))
    return data


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


def _write(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8", "surrogatepass"))


def _use_ruleset(path: Path) -> None:
    rs = outcome(load, str(path))
    if isinstance(rs, MjscoreError):
        return
    for hand in HANDS:
        outcome(score, hand, str(path))
        outcome(score, hand, str(path), discard="S")
    outcome(waits, "111m123m456m789mC", str(path))
    outcome(settle, {**yaml.safe_load(RECORD_TEXTS["luzhou-chajiao"]), "rules": str(path)})


@fuzz_settings(80)
@given(perturbed_text(RULESET_TEXTS))
def test_fuzz_ruleset_yaml_text(scratch, text):
    path = scratch / "ruleset.yaml"
    _write(path, text)
    _use_ruleset(path)
    cli_outcome("rules", "check", str(path))


@fuzz_settings(80)
@given(perturbed_data(RULESET_TEXTS), st.booleans())
def test_fuzz_ruleset_yaml_data(scratch, data, extends):
    if extends:  # the same change made in a house file over the shipped ruleset
        data = {"extends": data.get("name") if data.get("name") in RULESETS else "luzhou",
                "name": "house", **{k: v for k, v in data.items()
                                    if k in ("options", "value", "patterns", "hand", "ghosts",
                                             "extras", "draw", "tiles", "payers")}}
    path = scratch / "ruleset-data.yaml"
    _write(path, yaml.safe_dump(data, allow_unicode=True))
    _use_ruleset(path)


@fuzz_settings(100)
@given(perturbed_text(RECORD_TEXTS))
def test_fuzz_record_yaml_text(scratch, text):
    path = scratch / "record.yaml"
    _write(path, text)
    outcome(settle, str(path))
    cli_outcome("settle", str(path))


@fuzz_settings(100)
@given(perturbed_data(RECORD_TEXTS))
def test_fuzz_record_data(scratch, data):
    outcome(settle, data)
    path = scratch / "record-data.yaml"
    _write(path, yaml.safe_dump(data, allow_unicode=True))
    outcome(settle, str(path))
