"""A house file's `context:` names only situation flags that something in the ruleset reads: a
flag nothing reads was taken (`score --horses` in a ruleset with no horses rule) and did
nothing. What reads each flag is the registered patterns' and extra rules' own word."""

import pytest
from click.testing import CliRunner

from mjscore.cli import cli
from mjscore.context import FLAGS
from mjscore.patterns import READS, REGISTRY
from mjscore.context_reads import check_context_read
from mjscore.ruleset_files import load_raw, shipped_names
from mjscore.settlement import EXTRA_READS, EXTRAS

HAND = "111m123m456m789m5pC"


def run(*args):
    return CliRunner().invoke(cli, list(args))


# (the house file's text after `extends:`, the flag nothing reads, what would read it)
@pytest.mark.parametrize("text, flag, reader", [
    pytest.param("luzhou\ncontext: [horses]", "horses", "the extra rule horses", id="horses"),
    pytest.param("luzhou\ncontext: [{horses: true}]", "horses", "horses", id="in a mapping item"),
    pytest.param("luzhou\ncontext: [indicator]", "indicator", "a ghost that flips", id="indicator"),
    pytest.param("luzhou\npatterns: {tianhu: null}", "heavenly", "pattern heavenly", id="removed"),
    pytest.param("luzhou\npatterns: {tianhu: {enabled: false}}", "heavenly", "pattern heavenly",
                 id="turned off"),
    pytest.param("luzhou\nextras: null", "ghosts_drawn", "extra rule ghost_bonus", id="no extras"),
    pytest.param("luzhou\npayers: {self_draw: {who: others}}", "won", "who: not_won", id="others"),
    pytest.param("guangdong\ncontext: [discard, won]", "won", "a payer who: not_won", id="won"),
    pytest.param("guangdong\nghosts: {mode: fixed}", "indicator", "ghosts.mode flip", id="fixed"),
    pytest.param("luzhou-guide\npatterns: {report_tile: null, report_tile_named: null}",
                 "declared", "the pattern declared or hand.needs_declared", id="declared"),
])
@pytest.mark.parametrize("command", [["score", HAND, "--rules"], ["rules", "check"]],
                         ids=["score", "rules check"])
def test_a_flag_nothing_reads_is_refused(tmp_path, text, flag, reader, command):
    (tmp_path / "house.yaml").write_text(f"extends: {text}\n", encoding="utf-8")
    result = run(*command, str(tmp_path / "house.yaml"))
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert result.stderr.count("\n") == 1, result.stderr
    assert f'house.yaml: context: "{flag}" is read by nothing in this ruleset, so ' \
           f"{FLAGS[flag]} would be taken and do nothing: only " in result.stderr
    assert reader in result.stderr


def test_a_flag_a_parent_house_file_lists_names_that_file(tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "p.yaml").write_text("extends: luzhou\ncontext: [discard, horses]\n",
                                             encoding="utf-8")
    (tmp_path / "house.yaml").write_text("extends: sub/p.yaml\nvalue: {cap: 80}\n",
                                         encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("rules", "check", "house.yaml")
    assert result.exit_code == 2
    assert 'house.yaml: context (written in sub/p.yaml): "horses" is read by nothing' \
        in result.stderr


@pytest.mark.parametrize("text", [
    pytest.param("luzhou\npatterns: {tianhu: null}\ncontext: [discard, kong_draw, after_kong, "
                 "rob_kong, won, declared, earthly, ghosts_drawn]", id="the flag removed too"),
    pytest.param("luzhou\npatterns: {gangshanghua: null}",
                 id="a kong draw no pattern pays"),
    pytest.param("guangdong\ncontext: [discard, kong_draw, rob_kong, indicator, horses]",
                 id="guangdong's own list"),
    pytest.param("luzhou\nextras: {horses: {rule: horses, name: 买马, en: Horses, params: "
                 "{count: 1}}}\ncontext: [discard, horses]", id="a horses rule added with it"),
])
def test_a_flag_something_reads_is_accepted(tmp_path, text):
    (tmp_path / "house.yaml").write_text(f"extends: {text}\n", encoding="utf-8")
    result = run("rules", "check", str(tmp_path / "house.yaml"))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("name", shipped_names())
def test_every_flag_a_shipped_ruleset_lists_is_read(name):
    data, label, _ = load_raw(name)
    check_context_read(data, label)


def test_every_reader_names_known_flags():
    # A typo in a `reads=` would leave a flag refused in every ruleset that means to read it.
    assert set(READS) == set(REGISTRY) and set(EXTRA_READS) == set(EXTRAS)
    for flags in [*READS.values(), *EXTRA_READS.values()]:
        assert set(flags) <= set(FLAGS), flags


def test_the_readme_names_every_reader():
    # The README's `context` row says what reads each flag: a reader registered since is named.
    from pathlib import Path
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `context` |"))
    for name, flags in [*READS.items(), *EXTRA_READS.items()]:
        if set(flags) - {"discard", "rob_kong", "kong_draw"}:  # (those three: always)
            assert f"`{name}`" in row, name


def test_a_flag_nothing_reads_is_told_the_list_without_it(tmp_path):
    # A list is replaced whole by a file extending it: the message writes the list to give,
    # and that list passes.
    house = tmp_path / "house.yaml"
    house.write_text("extends: luzhou-guide\nname: h\nextras: null\n", encoding="utf-8")
    result = run("rules", "check", str(house))
    fix = "context: [discard, kong_draw, rob_kong, won, {declared: {option: report_tile}}]"
    assert result.exit_code == 2 and result.stderr.endswith(f"(to leave it out, write {fix})\n")
    house.write_text(f"extends: luzhou-guide\nname: h\nextras: null\n{fix}\n", encoding="utf-8")
    assert run("rules", "check", str(house)).exit_code == 0


def test_every_flag_nothing_reads_is_left_out_of_the_list_given(tmp_path, monkeypatch):
    # The list given for heavenly still held earthly, refused in turn (audit 2026-12-04).
    monkeypatch.chdir(tmp_path)
    house = tmp_path / "house.yaml"
    house.write_text("extends: luzhou\npatterns: {tianhu: null, dihu: null}\n", encoding="utf-8")
    result = run("rules", "check", "house.yaml")
    readers = ('only the pattern heavenly or 满鬼 (ghosts.full_ghost_win) reads it; nor is '
               '"earthly" (the pattern earthly or 满鬼 (ghosts.full_ghost_win) reads it) ')
    assert result.exit_code == 2 and result.stderr.endswith(
        readers + "(to leave them out, write context: [discard, kong_draw, after_kong, "
        "rob_kong, won, declared, ghosts_drawn])\n"), result.stderr
    # Named by a long path, the message would pass its length and lose its middle, the
    # readers (`errors.one_line`): the list goes instead.
    result = run("rules", "check", str(house))
    assert result.exit_code == 2 and result.stderr.endswith(
        readers + "(to leave them out, delete them from context:)\n"), result.stderr
    house.write_text("extends: luzhou\npatterns: {tianhu: null, dihu: null}\ncontext: [discard, "
                     "kong_draw, after_kong, rob_kong, won, declared, ghosts_drawn]\n",
                     encoding="utf-8")
    assert run("rules", "check", "house.yaml").exit_code == 0
