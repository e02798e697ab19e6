"""Every `--help` page tells a player what each option takes and does: no option without
words, none shown as a bare TEXT (a seat, a tile, a ruleset name or file is named as such),
and --explain says what it lists (the readings that differ, not every reading)."""

import click
import pytest
from click.testing import CliRunner

from mjscore.cli import cli


def commands(group=cli, path=()):
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            yield from commands(cmd, path + (name,))
        else:
            yield path + (name,), cmd


COMMANDS = list(commands())


@pytest.mark.parametrize("path, cmd", [pytest.param(p, c, id=" ".join(p)) for p, c in COMMANDS])
def test_every_option_says_what_it_takes_and_does(path, cmd):
    page = CliRunner().invoke(cli, [*path, "--help"]).stdout
    silent = [p.name for p in cmd.params if isinstance(p, click.Option) and not p.help]
    assert not silent and " TEXT " not in page, (silent, page)


def test_explain_says_which_readings_it_lists():
    page = CliRunner().invoke(cli, ["score", "--help"]).stdout
    assert "Also list the readings that differ in patterns or value, best first." in \
        " ".join(page.split())


# (The first-time-user review: which ruleset takes a flag was in README's table only.) A flag
# whose help names shipped rulesets names each that takes it, by default or by an option, and
# no other.
@pytest.mark.parametrize("flag", ["--after-kong", "--won", "--declared", "--heavenly",
                                  "--earthly", "--ghosts-drawn", "--indicator", "--horses"])
def test_score_help_names_the_rulesets_a_flag_applies_in(flag):
    import re

    from mjscore.ruleset import load
    from mjscore.ruleset_files import shipped_names
    shipped = set(shipped_names())
    option = next(p for p in cli.commands["score"].params if flag in p.opts)
    named = set(re.findall(r"[a-z]+(?:-[a-z]+)?", option.help)) & shipped
    key = flag[2:].replace("-", "_")
    takes = {name for name in shipped for item in load(name).data.get("context", ())
             if item == key or isinstance(item, dict) and key in item}
    assert named == takes, (flag, option.help)
