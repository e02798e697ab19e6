"""README tells a player and a script writer what the tool prints: every field the JSON of
`score` can hold is named in README's section on `score` (CONTRACT: "README documents all of
it")."""

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.cli import cli

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
SCORE = README[README.index("### `mjscore score HAND`"):README.index("### Exit codes")]


def fields(args):
    out = json.loads(CliRunner().invoke(cli, ["score", *args, "--format", "json"]).stdout)
    return sorted(out) + sorted({k for alt in out.get("alternatives", ()) for k in alt})


@pytest.mark.parametrize("args", [
    pytest.param(["123m456m789m11pCCC", "--explain"], id="--explain"),
    pytest.param(["111m123m456m789m5pC", "--win", "5p"], id="a plain win"),
])
def test_every_json_field_of_score_is_in_readme(args):
    missing = [k for k in fields(args) if not re.search(f"`{k}`", SCORE)]
    assert not missing, missing


ERRORS = (Path(__file__).parent.parent / "docs" / "errors.md").read_text(encoding="utf-8")
COMMANDS = re.findall(r"^\$ (mjscore .*)$|`(mjscore [^`]*)`", README + ERRORS, re.M)


def test_readme_quotes_every_bracket_it_types():
    """README tells players to quote a hand (`[ ] ( ) { }` mean something to the shell): an
    unquoted `[CF1s]` is a glob, which zsh refuses ("no matches found") and bash replaces
    when a file named C, F, 1 or s is at hand; an unquoted `)` stops bash's reading of the
    line. README's commands and docs/errors.md's examples do as it says."""
    lines = [a or b for a, b in COMMANDS]
    bare = [c for c in lines if re.search(r"[\[\](){}]", re.sub(r"'[^']*'|\"[^\"]*\"", "", c))]
    assert len(lines) > 20 and not bare, bare


def test_the_samples_readme_names_every_sample():
    """samples/README.md says what each sample file is for: one added later is named too."""
    root = Path(__file__).parent.parent / "samples"
    said = (root / "README.md").read_text(encoding="utf-8")
    files = [p.relative_to(root).as_posix() for p in root.rglob("*")
             if p.is_file() and p.name != "README.md" and "__pycache__" not in p.parts]
    missing = [f for f in files if f"`{f}`" not in said]
    assert files and not missing, missing


SHIPPED = ("luzhou", "luzhou-guide", "guangdong", "lanzhou")
CONTEXT = ("discard", "kong_draw", "kong_from", "after_kong", "rob_kong", "won", "declared", "heavenly",
           "earthly", "ghosts_drawn", "indicator", "horses")


def _option_rows():
    for m in re.finditer(r"^\| `--([a-z-]+)[^`]*` \| .* \| ([^|]+) \|$", SCORE, re.M):
        key = m.group(1).replace("-", "_")
        if key in CONTEXT:
            yield pytest.param(key, m.group(2).strip(), id=m.group(1))


@pytest.mark.parametrize("key, where", list(_option_rows()))
def test_the_options_table_names_the_rulesets_that_take_each_option(key, where):
    # Each ruleset the Rulesets column names takes the option as shipped, or with the option
    # it names switched on; every other shipped ruleset refuses it.
    from mjscore.ruleset import load
    named = {}
    for part in (SHIPPED if where == "all" else where.split(", ")):
        m = re.fullmatch(r"([a-z-]+)(?: \(with `--opt (\w+)=true`\))?", part)
        named[m.group(1)] = m.group(2)
    for name in SHIPPED:
        default = key in load(name).context
        if name not in named:
            assert not default, name
        elif named[name] is None:
            assert default, name
        else:
            assert not default and key in load(name, {named[name]: "true"}).context, name
