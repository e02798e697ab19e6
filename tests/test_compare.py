"""`score --rules A,B,...`: the footer under the side-by-side table matches patterns across
rulesets by what they are (predicate and parameters), never by their display names."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from mjscore import score
from mjscore.cli import cli
from mjscore.compare import exit_code, match_patterns, refusals, same_rule, score_each
from mjscore.ruleset import load

ALL = "luzhou,luzhou-guide,guangdong,lanzhou"

SIDE_BY_SIDE = """\
          luzhou                            luzhou-guide
--------  --------------------------------  -------------------------
Legal     yes                               yes
Value     20 颗                             15 ke
Worked    3 steps (1 + 2) = 20 颗 (cap 40)  5 + 10 = 15 ke (cap 40)
Patterns  闺 +1 step                        Gui with Self-Draw base 5
          无鬼 +2 steps                     No-Ghost Hand Bonus +10
Reading   111m 123m 456m 789m 55p           111m 123m 456m 789m 55p
Net E     +60                               +45
Net S     -20                               -15
Net W     -20                               -15
Net N     -20                               -15
Values differ: luzhou 20, luzhou-guide 15
In both, named differently (luzhou / luzhou-guide): 闺 / Gui with Self-Draw; 无鬼 / No-Ghost Hand Bonus
"""


def footer(*args) -> list:
    """The lines from "Values agree/differ" on."""
    res = CliRunner().invoke(cli, ["score", *args])
    lines = res.stdout.splitlines()
    return lines[next(i for i, x in enumerate(lines) if x.startswith("Values")) + 1:]


def test_side_by_side_exact():
    res = CliRunner().invoke(cli, ["score", "111m123m456m789m55p", "--rules",
                                   "luzhou,luzhou-guide"])
    assert (res.exit_code, res.stdout, res.stderr) == (0, SIDE_BY_SIDE, "")


BOTH = "In both, named differently (luzhou / luzhou-guide): "
NO_GHOST = "无鬼 / No-Ghost Hand Bonus"
LG = "luzhou,luzhou-guide"
ALL3 = "In all, named differently (luzhou / luzhou-guide / guangdong): "
# (A tile wild in one school and plain in another: said once under the table.)
GHOSTS4 = "Ghosts differ: luzhou C, luzhou-guide C, guangdong P, lanzhou none"


def case(hand, rules, *lines, id):
    return pytest.param(hand.split() + ["--rules", rules], list(lines), id=id)


def test_a_hit_is_checked_against_each_distinct_rule_of_a_group_not_every_hit(monkeypatch):
    # Each hit was checked against every hit already in its group: `--rules` of one ruleset
    # named 4,000 times took 10 s, 18,000 (a full command line) minutes (worst-case hunt).
    import mjscore.compare as compare
    hits = score("111m123m456m789m55p").patterns
    calls = []
    monkeypatch.setattr(compare, "same_rule",
                        lambda a, b: calls.append(1) or same_rule(a, b))
    got = compare.match_patterns([hits] * 300)
    assert [m.holders for m in got] == [tuple(range(300))] * len(hits)
    assert len(calls) <= 300 * len(hits) ** 2


@pytest.mark.parametrize("args, lines", [
    case("111m123m456m789m5pC --win 5p", LG, BOTH + "闺 / Gui with Self-Draw",
         id="one rule, two names"),
    case("111m123m456m789m55p", "guangdong,luzhou", "In both, named differently (guangdong / "
         "luzhou): 无鬼加倍 / 无鬼", "Only in guangdong: 胡牌",
         "Only in luzhou: 闺", "Ghosts differ: guangdong P, luzhou C",
         id="two rules, one under another name"),
    # (Paired as the columns show them: by their English names alone, 七对 beside Seven Pairs
    # and 杠上花 beside Kong Draw were left unpaired, shown apart above.)
    case("11m22m33m44m55m66m77m", LG, BOTH + "七对 / Seven Pairs; " + NO_GHOST,
         "Only in luzhou: 清一色", id="七对 beside Seven Pairs: two names, paired"),
    case("(1111m)234m567m123p55p --kong-draw", LG, BOTH + "杠上花 / Kong Draw; " + NO_GHOST,
         "Only in luzhou: 闺", "Only in luzhou-guide: Basic Win",
         id="the guide's Gui leaves out a kong: only luzhou scores it"),
    case("1111m22m33m44m55m66m", "luzhou-guide,luzhou", "In both, named differently "
         "(luzhou-guide / luzhou): Seven Pairs / 七对; No-Ghost Hand Bonus / 无鬼",
         "Only in luzhou: 龙; 清一色",
         id="names in the order the rulesets are given"),
    case("111m123m456m789m55p", ALL, ALL3 + NO_GHOST + " / 无鬼加倍",
         "Only in luzhou / luzhou-guide: 闺 / Gui with Self-Draw",
         "Only in guangdong: 胡牌", GHOSTS4,
         id="all four rulesets (lanzhou: not declared, not legal)"),
    case("123m456m789m11p234p", ALL, ALL3 + NO_GHOST + " / 无鬼加倍",
         "Only in luzhou-guide / guangdong: Basic Win / 胡牌", GHOSTS4,
         id="all four, a plain hand"),
    # The guide pays 杠上炮 as an extra (Kong Penalty), luzhou scores it as a pattern: one rule,
    # said "Only in luzhou: 杠上炮" beside the guide's Kong Penalty row (a review).
    case("123m456m789m11p23pC --win 3p --discard S --after-kong", "luzhou-guide,luzhou",
         "In both, named differently (luzhou-guide / luzhou): Kong Penalty / 杠上炮",
         "Only in luzhou-guide: Basic Win", id="an extra and a pattern of one situation"),
    # (The same name twice is refused: `test_a_ruleset_named_twice_in_a_rules_list_is_refused`.)
    case("111m123m456m789m55p", "luzhou,rulesets/luzhou.yaml",
         id="one ruleset twice, by name and by file: nothing parts"),
])
def test_footer(args, lines):
    assert footer(*args) == lines


def test_names_shown_alike_but_for_case_are_one_name(tmp_path, monkeypatch):
    # A house file's "SEVEN PAIRS" beside the guide's Seven Pairs: one name in both columns.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "h.yaml").write_text("extends: luzhou-guide\nname: h\npatterns:\n"
                                     "  seven_pairs: {en: SEVEN PAIRS}\n", encoding="utf-8")
    assert footer("11m22m33m44m55m66m77m", "--rules", "luzhou-guide,h.yaml") == []


def _spec(rules, pid):
    return next(p for p in load(rules).patterns if p.id == pid)


@pytest.mark.parametrize("a, b, same", [
    pytest.param(("luzhou", "wugui"), ("luzhou-guide", "no_ghost"), True, id="无鬼 = 无鬼胡"),
    pytest.param(("luzhou", "gui"), ("luzhou-guide", "gui_discard"), True,
                 id="a parameter only one gives narrows the rule"),
    pytest.param(("luzhou", "gui"), ("luzhou", "long"), False,
                 id="a parameter both give, set apart, parts them"),
    pytest.param(("luzhou", "qidui"), ("luzhou-guide", "seven_pairs"), True, id="七对"),
    pytest.param(("luzhou", "pinghu"), ("lanzhou", "zimo"), False, id="other predicates"),
])
def test_same_rule(a, b, same):
    assert same_rule(_spec(*a), _spec(*b)) is same
    assert same_rule(_spec(*b), _spec(*a)) is same


def test_two_hits_of_one_result_are_never_one_rule():
    r = score("111m123m456m789m55p")
    twice = (r.patterns[0], r.patterns[0])
    got = match_patterns([twice, twice])
    assert [m.holders for m in got] == [(0, 1), (0, 1)]


def test_a_match_joins_only_a_group_it_is_the_same_rule_as_throughout():
    # luzhou's 闺 and the guide's Gui are one rule; luzhou's 龙 (four_of_a_kind again, in the
    # seven-pairs shape) is not the guide's Gui, though it is the same predicate.
    gui, long_ = _spec("luzhou", "gui"), _spec("luzhou", "long")
    guide = _spec("luzhou-guide", "gui_self_draw")
    hit = score("111m123m456m789m55p").patterns[0]
    got = match_patterns([(hit._replace(spec=long_),), (hit._replace(spec=guide),),
                          (hit._replace(spec=gui),)])
    assert [m.holders for m in got] == [(0,), (1, 2)]


@pytest.mark.parametrize("args, lines", [
    pytest.param("123m456m789m11p23pC --discard S --rules luzhou,guangdong,lanzhou",
                 ["Not a legal win under any of them",
                  "Ghosts differ: luzhou C, guangdong P, lanzhou none"],
                 id="legal nowhere: no values, no rules"),
    pytest.param("123m456m789m11p234p --discard S --rules luzhou,guangdong,lanzhou,luzhou-guide",
                 ["Values differ: luzhou 5, guangdong not legal, lanzhou not legal, "
                  "luzhou-guide 12", BOTH + NO_GHOST, "Only in luzhou-guide: Basic Win",
                  "Ghosts differ: luzhou C, guangdong P, lanzhou none, luzhou-guide C"],
                 id="not legal is said, and its patterns are not compared"),
])
def test_a_ruleset_where_the_hand_is_not_legal_is_not_compared_by_value(args, lines):
    # It said "Values differ: luzhou 1, guangdong 0, lanzhou 0" for a hand no ruleset lets win,
    # and listed the patterns of a refused hand as a rule only that school scores.
    out = CliRunner().invoke(cli, ["score", *args.split()]).stdout.splitlines()
    assert out[-len(lines):] == lines
    # The table's last rows are the Why not rows (a reason may take more lines than one).
    table = out[:-len(lines)]
    why = next(i for i, x in enumerate(table) if x.startswith("Why not"))
    assert all(x.startswith(("Why not", " ")) for x in table[why:])



def test_rulesets_are_named_as_their_columns_so_one_name_twice_is_still_compared(tmp_path):
    # A house file may call itself luzhou: the footer keyed the values by that name, kept one
    # of the two and said "Values agree: 2" beside a column of 1.
    house = tmp_path / "capped.yaml"
    house.write_text("name: luzhou\nextends: luzhou\nvalue: {cap: 1}\n")
    res = CliRunner().invoke(cli, ["score", "111m234m567m789p5pC", "--win", "5p", "--rules",
                                   f"luzhou,{house}"])
    assert res.stdout.splitlines()[-1] == f"Values differ: luzhou 2, {house} 1"


def test_extras_are_said_so_the_nets_follow_from_the_values():
    # "Values agree: 2" stood over nets of +2 and +12: the guide's 10 Kong Penalty (a row of
    # its own, outside the value) was in the net and nowhere else in the table.
    res = CliRunner().invoke(cli, ["score", "123m456m789m11p23pC", "--win", "3p", "--discard",
                                   "S", "--after-kong", "--rules", LG])
    rows = res.stdout.splitlines()
    extras = next(x for x in rows if x.startswith("Extras"))
    assert re.split(r" {2,}", extras) == ["Extras", "-", "Kong Penalty: 10 from S to E"]
    assert rows.index(extras) < next(i for i, x in enumerate(rows) if x.startswith("Net E"))
    assert "Values agree: 2; the nets differ by their extras (above)" in rows


def test_no_extras_row_where_no_column_pays_any():
    res = CliRunner().invoke(cli, ["score", "111m123m456m789m55p", "--rules", LG])
    assert "Extras" not in res.stdout


@pytest.mark.parametrize("args, line", [
    pytest.param(["123m456q"], 'invalid hand: column 8: unknown suit "q"', id="notation"),
    pytest.param(["111m123m456m789m55p", "--seat", "X"],
                 'invalid option: --seat takes a seat E, S, W or N, not "X"', id="a seat"),
])
@pytest.mark.parametrize("fmt", ["table", "json"])
def test_input_bad_under_every_ruleset_alike_is_one_line_as_under_one(args, line, fmt):
    # It was a table of the same error in every column, and the line once a ruleset.
    res = CliRunner().invoke(cli, ["score", *args, "--rules", ALL, "--format", fmt])
    alone = CliRunner().invoke(cli, ["score", *args, "--format", fmt])
    assert (res.exit_code, res.stdout, res.stderr) == (2, "", f"mjscore: {line}\n")
    assert (alone.exit_code, alone.stdout, alone.stderr) == (2, "", res.stderr)


def test_input_bad_under_some_rulesets_is_told_in_its_column_and_named():
    res = CliRunner().invoke(cli, ["score", "111m123m456m789m55p", "--declared",
                                   "--rules", "luzhou,guangdong"])
    assert res.exit_code == 2
    assert res.stderr == "mjscore: guangdong: invalid option: --declared does not apply in " \
        "guangdong: none of its patterns or payments reads a declared ready hand\n"
    assert "Legal     yes" in res.stdout and "error" in res.stdout


def test_a_long_reason_is_wrapped_so_the_table_stays_readable():
    # One reason of 150 characters made its column, and the table, 190 wide.
    res = CliRunner().invoke(cli, ["score", "123456m234789pC5p", "--win", "5p", "--discard", "S",
                                   "--rules", "luzhou,luzhou-guide"])
    lines = res.stdout.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("Why not (luzhou)"))
    assert [x.rstrip() for x in lines[start:start + 3]] == [
        "Why not (luzhou)  a discard-type win must pay at least 2 颗; this hand pays 1",
        "                  after halving (1颗不能胡: a hand paying under 2 颗 on a discard,",
        "                  as a 平胡 does, wins by self-draw only)"]
    assert max(map(len, lines)) < 120


def test_a_refused_column_is_said_not_compared_and_its_error_names_it_once():
    # "Values agree: 5" stood over a guangdong column of bad input, and a ruleset not found
    # was named twice on standard error ("nosuch: invalid ruleset: nosuch: ...").
    got = CliRunner().invoke(cli, ["score", "111m123m456m789m5pC", "--win", "5p", "--won", "S",
                                   "--rules", "luzhou,guangdong,luzhou-guide"])
    assert got.exit_code == 2
    assert got.stdout.splitlines()[-1] == ("Not compared: guangdong (bad input: its Patterns "
                                           "row says why)")
    assert got.stderr == "mjscore: guangdong: invalid option: --won does not apply in guangdong: a hand there ends at its first win\n"
    got = CliRunner().invoke(cli, ["score", "111m123m456m789m5pC", "--rules", "luzhou,nosuch"])
    assert got.stderr.startswith("mjscore: invalid ruleset: nosuch: unknown ruleset")


def test_a_comparison_tells_python_what_the_command_prints():
    # The refusals and the exit status are the library's: a script comparing rulesets gets
    # the lines and status `score --rules a,b` gives.
    names = ["luzhou", "guangdong", "luzhou-guide"]
    results = score_each("111m123m456m789m5pC", names, {"win": "5p", "won": ("S",)})
    assert refusals(names, results) == [
        "guangdong: invalid option: --won does not apply in guangdong: a hand there ends at "
        "its first win"]
    assert (exit_code(results), exit_code(results[::2])) == (2, 0)
    not_legal = score_each("123456m234789pC5p", names[::2], {"win": "5p", "discard": "S"})
    assert (refusals(names[::2], not_legal), exit_code(not_legal)) == ([], 1)


@pytest.mark.parametrize("house, args, last", [
    # "the nets differ by their extras (above)" stood where no column had an extra.
    pytest.param("payers: {discard: {who: others, shares: 1}}",
                 ["123m456m789m11p23pC", "--win", "3p", "--seat", "S", "--discard", "N"],
                 "Values agree: 2; the nets differ by who pays the value", id="payers"),
    # Kong money (in no net) differing was said nowhere: "Values agree: 12" alone.
    pytest.param("kong_payments: {concealed: 2, added: 1, exposed: 3}",
                 ["(1111m) 234m 567m 123p 55p"],
                 "Values agree: 12; the kong money differs (above)", id="kong money"),
])
def test_where_the_money_of_columns_alike_in_value_parts(tmp_path, house, args, last):
    # (The same kong money in two units is the same money, as their values are: the review.)
    unit = tmp_path / "u.yaml"
    unit.write_text("extends: luzhou-guide\nname: u\nunit: pts\n", encoding="utf-8")
    got = CliRunner().invoke(cli, ["score", *args, "--rules", f"{unit},luzhou-guide"])
    assert got.stdout.splitlines()[-1] == last.split(";")[0], got.output
    path = tmp_path / "h.yaml"
    path.write_text(f"extends: luzhou-guide\nname: h\n{house}\n", encoding="utf-8")
    got = CliRunner().invoke(cli, ["score", *args, "--rules", f"{path},luzhou-guide"])
    lines = got.stdout.splitlines()
    assert got.exit_code == 0 and lines[-1] == last, got.output
    kong = [" ".join(x.split()) for x in lines if x.startswith("Kong money")]
    assert kong == (["Kong money (1111m) concealed kong: each opponent paid E 2 ke -"]
                    if "kong" in last else [])


def test_an_error_naming_its_ruleset_is_not_prefixed_with_it_again_and_is_wrapped():
    # "mjscore: guangdong: invalid option: guangdong: ghost=flip ..." named it twice, and the
    # errors' cells, unwrapped, made the table 380 wide.
    got = CliRunner().invoke(cli, ["score", "111m222m333m44m55p6p", "--opt", "ghost=flip",
                                   "--rules", "guangdong,luzhou"])
    assert got.exit_code == 2
    assert got.stderr.splitlines() == [
        "mjscore: invalid option: guangdong: ghost=flip needs the indicator tile (--indicator "
        "TILE)",
        'mjscore: luzhou: invalid option: unknown option "ghost" for luzhou (its options: cap, '
        "flower_cat_pays, ghosts, min_discard_win, pinghu_ten, shoubayi, wugui_steps, xiqian)"]
    assert max(map(len, got.stdout.splitlines())) < 130


@pytest.mark.parametrize("rules, code", [
    pytest.param("luzhou,luzhou-guide", 0, id="legal under both: 0"),
    pytest.param("luzhou,guangdong", 1, id="no legal win under one of them: 1"),
])
def test_the_exit_code_is_the_worst_columns(rules, code):
    got = CliRunner().invoke(cli, ["score", "111m123m456m789m5pC", "--win", "5p", "--rules",
                                   rules])
    assert got.exit_code == code, got.output


def test_a_column_no_legal_win_shows_the_xiqian_still_due(tmp_path, monkeypatch):
    # 喜钱 is paid win or not (L12): the table of one ruleset says so; its column said nothing.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "h80.yaml").write_text("extends: luzhou\nname: h80\noptions:\n"
                                       "  cap: {default: 80}\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["score", "1357m2468p1357s99m", "--win", "9m", "--opt",
                                   "ghosts=8", "--ghosts-drawn", "6", "--rules",
                                   "luzhou,h80.yaml"])
    lines = res.stdout.splitlines()
    i = next(i for i, x in enumerate(lines) if x.startswith("Extras"))
    assert lines[i].split("  ")[-1].strip() == "due win or not (not in the net):"
    assert lines[i + 1].split("  ")[-1].strip() == "喜钱: 6 ghosts drawn: 20 from S, W, N to E"
    assert res.exit_code == 1
