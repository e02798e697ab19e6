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
