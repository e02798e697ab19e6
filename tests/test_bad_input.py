"""Bad input through the CLI: exit 2, exactly one line on stderr naming where it is wrong, no
traceback (CONTRACT "Hand notation", "Commands", "Exit codes"; issue 2 "Acceptance")."""

import pytest
from click.testing import CliRunner

import mjscore
from mjscore import score
from mjscore.cli import cli

HAND = "111m123m456m789m5pC"  # a legal 闺自摸 when nothing else is wrong


def run(*args):
    return CliRunner().invoke(cli, list(args))


def assert_bad(result, fragments):
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.stdout == ""
    err = result.stderr
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    assert err.startswith("mjscore: ")
    for f in fragments:
        assert f in err, (f, err)
    return err


# (arguments after `score`, fragments the one stderr line must contain)
BAD_SCORE = [
    # -- notation ----------------------------------------------------------------------------
    pytest.param(["111m123m456m789m5qC"], ["invalid hand", "column 18", 'unknown suit "q"'],
                 id="unknown suit"),
    pytest.param(["111m123m456m789m5pC55"], ["column 20", 'digits "55" have no suit'],
                 id="dangling digits at the end"),
    pytest.param(["111m 55 123m456m789m5pC"], ["column 6", 'digits "55" have no suit'],
                 id="dangling digits before a space"),
    pytest.param(["[111m 123m456m789m5pC"], ["column 1", 'unclosed "["'],
                 id="unclosed bracket"),
    pytest.param(["111m123m456m789m5pC (1111m"], ["column 21", 'unclosed "("'],
                 id="unclosed parenthesis"),
    pytest.param(["[[555p]] 123m456m789m11p"], ["column 2", '"[" inside a meld'],
                 id="a meld inside a meld"),
    pytest.param(["111m123m456m789m5p)C"], ["column 19", '")" closes nothing'],
                 id="closing bracket that closes nothing"),
    pytest.param(["111m123m456m789m5pC []"], ["column 21", "empty meld"], id="empty meld"),
    # In a bracket as outside one: read by the words the notation has, never a crash or a
    # stray digit dropped (the fast reader once took "8z" or "1 234m" there).
    pytest.param(["123m456m789m11p [888z]"], ["column 18", 'honour number "8" is not 1-7'],
                 id="honour number past 7 in a meld"),
    pytest.param(["123m456m789m11p (9999z)"], ["column 18", 'honour number "9" is not 1-7'],
                 id="honour number past 7 in a kong"),
    pytest.param(["123m456m789m11p [1 234m]"], ["column 18", 'digits "1" have no suit'],
                 id="digits with no suit in a meld"),
    pytest.param(["111m123m456m789m5pX"], ["column 19", 'unknown tile "X"'], id="unknown tile"),
    pytest.param(["111m123m456m789m5p0pC"], ["column 19", 'rank "0"'], id="rank 0"),
    pytest.param(["11111m23m456m789mC"], ["column 5", "too many 1m", "4"], id="fifth copy"),
    pytest.param(["[13mC] 456m789m11p234p"], ["a chow never holds a ghost"],
                 id="gapped chow with a ghost"),
    pytest.param(["[1111m] 1m23m456m789p5pC"], ["column 9", "too many 1m"],
                 id="fifth copy beside a kong"),
    pytest.param(["CCCCC11m23m456m78m"],
                 ["column 5", "too many C: luzhou has 4 (ghosts=4; 8 with --opt ghosts=8)"],
                 id="fifth 红中 with 4 ghosts: the 8-ghost game named"),
    pytest.param(["CCCCCCCCC11m23m456m", "--opt", "ghosts=8"],
                 ["column 9", "too many C: luzhou has 8"], id="ninth 红中 with 8 ghosts"),
    pytest.param(["[5555p] 111m123m456m5pC"], ["column 21", "too many 5p: luzhou has 4\n"],
                 id="a fifth natural tile: no ghost option named"),
    # The fifth in the order written, a meld's at the column it opens (a review: the loose
    # tiles were counted first, naming column 1 for "5p(5555p)").
    pytest.param(["5p(5555p)123m456m789m1p"], ["column 3", "too many 5p"],
                 id="a fifth copy in a kong written after a loose one"),
    pytest.param(["55p[555p]123m456m789mC"], ["column 4", "too many 5p"],
                 id="a fifth copy in a pong written after a loose pair"),
    pytest.param(["{5555p}(5555p)123m456m11pC"], ["column 8", "too many 5p"],
                 id="a fifth copy in the second of two kongs"),
    pytest.param(["111m123m456m789m5p"], ["wrong tile count", "13 concealed tiles", "14"],
                 id="wrong tile count: 13"),
    pytest.param(["111m123m456m789m5pC9p"], ["wrong tile count", "15 concealed tiles"],
                 id="wrong tile count: 15"),
    pytest.param(["[111m] 111p123m456m789m5pC"], ["wrong tile count", "14 concealed tiles and 1 meld;"],
                 id="wrong tile count beside a meld"),
    pytest.param(["C"], ["wrong tile count: 1 concealed tile and 0 melds;"],
                 id="wrong tile count: 1 (one tile, not tiles)"),
    pytest.param(["111m123m456m789m5pE"], ["column 19", "tile E is not used in luzhou"],
                 id="a tile luzhou does not use: E"),
    pytest.param(["111m123m456m789m5p發"], ["column 19", "tile F is not used in luzhou"],
                 id="a tile luzhou does not use: 發"),
    pytest.param(["111m123m456m789m5p1z"], ["column 19", "tile E (1z: 1z-7z are E S W N P F C) is not used"],
                 id="a tile luzhou does not use: 1z"),
    pytest.param(["[123m] 111m456m789m5pC"], ["column 1", "chow", "not allowed in luzhou"],
                 id="a meld luzhou forbids: chow"),
    pytest.param(["[CCC] 111m123m456m5pC"], ["column 1", "natural tile"],
                 id="a pong of ghosts alone"),
    pytest.param(["[11m] 111m123m456m789m"], ["column 1", "3 or 4 tiles"], id="a two-tile meld"),
    pytest.param(["(111m) 123m456p789p5pC5p"], ["column 1", "kong"],
                 id="a concealed kong of three"),
    pytest.param([HAND, "--win", "9p"], ["--win 9p", "not one of the concealed tiles"],
                 id="--win tile not in the hand"),
    pytest.param([HAND, "--win", "X"], ["--win", 'unknown tile "X"'], id="--win not a tile"),
    # -- rulesets and options ----------------------------------------------------------------
    pytest.param([HAND, "--rules", "nosuch"], ["nosuch", "unknown ruleset"],
                 id="unknown ruleset"),
    pytest.param([HAND, "--opt", "foo=1"], ['unknown option "foo"', "cap"],
                 id="unknown --opt"),
    # (an option named close that takes the value is asked after; one that would refuse it
    # is not: ghost=flip is guangdong's, and "ghosts" takes 4 or 8)
    pytest.param([HAND, "--opt", "ghost=8"], ['unknown option "ghost" for luzhou (did you mean '
                                              '"ghosts"? its options: cap, '], id="--opt ghost=8"),
    pytest.param([HAND, "--opt", "wugui=1"], ['(did you mean "wugui_steps"? its options'],
                 id="--opt wugui=1, the start of a name"),
    pytest.param([HAND, "--opt", "ghost=flip"], ['unknown option "ghost" for luzhou (its '
                                                 "options: cap, "], id="--opt ghost=flip"),
    pytest.param(["123m456m789m123pPP", "--rules", "guangdong", "--opt", "ghosts=8"],
                 ['unknown option "ghosts" for guangdong (its options: '],
                 id="--opt ghosts=8 in guangdong: not horses, close by letters only"),
    pytest.param([HAND, "--opt", "cap=abc"], ['"cap"', "integer", "abc"],
                 id="ill-typed --opt cap=abc"),
    pytest.param([HAND, "--opt", "ghosts=5"], ['"ghosts"', "4, 8", "5"],
                 id="ill-typed --opt ghosts=5"),
    pytest.param([HAND, "--opt", "cap=0"], ['"cap"', "at least 1"], id="--opt cap=0"),
    pytest.param([HAND, "--opt", "shoubayi=maybe"], ['"shoubayi"', "true or false"],
                 id="ill-typed --opt shoubayi=maybe"),
    pytest.param([HAND, "--opt", "xiqian=never"], ['"xiqian"', "always"],
                 id="ill-typed --opt xiqian=never"),
    pytest.param([HAND, "--opt", "cap"], ["KEY=VALUE"], id="--opt without ="),
    pytest.param([HAND, "--opt", "cap=100", "--opt", "cap=5"],
                 ["--opt: cap is given twice (cap=100, cap=5)"], id="--opt given twice"),
    # -- contradictory or inapplicable situation options ---------------------------------------
    pytest.param([HAND, "--kong-draw"], ["--kong-draw", "no kong"], id="--kong-draw with no kong"),
    pytest.param([HAND, "--after-kong"], ["--after-kong", "--discard"],
                 id="--after-kong without --discard"),
    pytest.param([HAND, "--discard", "E"], ["--discard", "winner"],
                 id="--discard naming the winner"),
    pytest.param([HAND, "--seat", "S", "--discard", "S"], ["--discard", "winner S"],
                 id="--discard naming the winner S"),
    pytest.param([HAND, "--discard", "S", "--won", "S"], ["--discard", "S", "already won"],
                 id="--discard naming a seat in --won"),
    pytest.param([HAND, "--rob-kong", "E"], ["--rob-kong", "winner"],
                 id="--rob-kong naming the winner"),
    pytest.param([HAND, "--rob-kong", "W", "--won", "S,W"], ["--rob-kong", "W", "already won"],
                 id="--rob-kong naming a seat in --won"),
    pytest.param([HAND, "--won", "E"], ["--won", "winner"], id="--won naming the winner"),
    pytest.param([HAND, "--won", "S,W,N"], ["--won", "three"], id="--won naming three seats"),
    pytest.param([HAND, "--won", ",,,"], ['--won ",,,": an empty seat in the list'],
                 id="--won of empty entries"),
    pytest.param([HAND, "--won", "S,,W"], ['--won "S,,W": an empty seat in the list'],
                 id="--won with an empty entry"),
    pytest.param([HAND, "--won", "S,"], ['--won "S,": an empty seat in the list'],
                 id="--won with a trailing comma"),
    pytest.param([HAND, "--seat", "S", "--heavenly"], ["--heavenly", "dealer"],
                 id="--heavenly for a non-dealer"),
    pytest.param([HAND, "--earthly"], ["--earthly", "dealer"], id="--earthly for the dealer"),
    pytest.param([HAND, "--heavenly", "--rob-kong", "S"], ["--heavenly", "not on a robbed kong"],
                 id="--heavenly on a robbed kong"),
    pytest.param([HAND, "--seat", "S", "--earthly", "--rob-kong", "W"],
                 ["--earthly", "not on a robbed kong"], id="--earthly on a robbed kong"),
    pytest.param([HAND, "--indicator", "5p"], ["--indicator"], id="--indicator in luzhou"),
    pytest.param([HAND, "--seat", "X"], ["--seat", '"X"'], id="--seat not a seat"),
    pytest.param([HAND, "--ghosts-drawn", "5"], ["--ghosts-drawn 5", "4"],
                 id="--ghosts-drawn beyond the 4 ghosts"),
    pytest.param(["CC123m456m789m23m4m", "--ghosts-drawn", "1", "--opt", "ghosts=8"],
                 ["--ghosts-drawn 1", "holds 2"], id="--ghosts-drawn fewer than held"),
    # 0 given is given: it went through where the ruleset has no 喜钱 (CONTRACT: an option
    # that cannot apply is bad input) and below the ghosts held (as 1 is refused).
    pytest.param(["123m456m789m11pSSS", "--rules", "guangdong", "--ghosts-drawn", "0"],
                 ["--ghosts-drawn does not apply in guangdong"], id="--ghosts-drawn 0, no 喜钱"),
    pytest.param(["111m123m456m789m5pC", "--ghosts-drawn", "0"],
                 ["--ghosts-drawn 0: the hand holds 1 ghost"], id="--ghosts-drawn 0, one held"),
    # A hand won on the deal drew nothing it does not hold: the extra ghosts paid 喜钱.
    pytest.param(["123m456m789m11p23pC", "--heavenly", "--ghosts-drawn", "5", "--opt",
                  "ghosts=8"], ["--ghosts-drawn says 5 ghosts drawn, but a hand won on the "
                                "deal (--heavenly) drew only the tiles it holds: 1 ghost"],
                 id="--ghosts-drawn past the ghosts held, --heavenly"),
    pytest.param(["123m456m789m11p23p4p", "--heavenly", "--ghosts-drawn", "1"],
                 ["--ghosts-drawn says 1 ghost drawn, but a hand won on the deal (--heavenly) "
                  "drew only the tiles it holds: 0 ghosts"], id="one ghost drawn, said so"),
    pytest.param(["123m456m789m11p23pC", "--earthly", "--seat", "S", "--ghosts-drawn", "2",
                  "--opt", "ghosts=8"], ["--ghosts-drawn says 2 ghosts drawn", "(--earthly)",
                                         "holds: 1 ghost"],
                 id="--ghosts-drawn past the ghosts held, --earthly"),
]


@pytest.mark.parametrize("args, fragments", BAD_SCORE)
def test_bad_score_input(args, fragments):
    assert_bad(run("score", *args), fragments)


@pytest.mark.parametrize("args", [
    pytest.param(["111m123m456m789m55p", "--ghosts-drawn", "0"], id="luzhou, no ghost held"),
    pytest.param(["111m123m456m789m5pC", "--ghosts-drawn", "1"], id="luzhou, the one held"),
])
def test_ghosts_drawn_as_many_as_held_is_taken(args):
    result = run("score", *args)
    assert result.exit_code == 0, result.output


# An empty --won (its default) is no seats; only an empty entry in a list is refused.
@pytest.mark.parametrize("won", [pytest.param("", id="--won empty"),
                                 pytest.param(" ", id="--won blank")])
def test_empty_won_is_no_seats(won):
    result = run("score", HAND, "--won", won)
    assert result.exit_code == 0 and "already won" not in result.stdout


# From Python an empty collection of seats is no seat won, whatever kind it is (README: any
# iterable of them): an empty set or iterator was taken as given, and refused by guangdong,
# which has no --won, where an empty list was not.
@pytest.mark.parametrize("won", [pytest.param(w, id=type(w).__name__) for w in
                                 ([], (), set(), frozenset(), iter([]), {}.keys())])
def test_an_empty_collection_of_seats_is_no_win_in_any_ruleset(won):
    from mjscore import score
    assert score("111m222m333p444p55p", rules="guangdong", won=won).legal


@pytest.mark.parametrize("args, fragments", BAD_SCORE[:6])
def test_bad_input_json_format_too(args, fragments):
    assert_bad(run("score", *args, "--format", "json"), fragments)


# -- ruleset files ---------------------------------------------------------------------------
# (file name, contents, fragments the error must contain)
BAD_FILES = [
    pytest.param("malformed.yaml", "name: bad\n  extends: [luzhou\n",
                 ["malformed.yaml", "malformed YAML", "line 2"], id="malformed YAML"),
    pytest.param("tabs.yaml", "name: x\n\tcap: 3\n", ["tabs.yaml", "malformed YAML"],
                 id="malformed YAML: a tab"),
    # The tab was looked for by \n lines from the file's first character: a file of \r lines,
    # a line break inside a string (NEL) or a byte-order mark moved it, and PyYAML's words
    # ("found character that cannot start any token") were all the user read.
    pytest.param("t.yaml", "\ufeff\tname: x\n", ["line 1: a tab, where YAML indents"],
                 id="a tab after a byte-order mark"),
    pytest.param("t.yaml", "name: x\rvalue:\r\tcap: 3\r", ["line 3: a tab, where YAML indents"],
                 id="a tab in a file of \\r lines"),
    pytest.param("t.yaml", 'title: "a\x85b"\nvalue:\n\tcap: 3\n',
                 ["line 4: a tab, where YAML indents"], id="a tab after a NEL in a string"),
    # A value YAML cannot build was refused in Python's words and with no line ("malformed
    # YAML: month must be in 1..12", "Exceeds the limit (4300 digits) for integer string
    # conversion").
    pytest.param("t.yaml", "name: x\ntitle: 2001-13-45\n", ["t.yaml: line 2: 2001-13-45 reads "
                 "as a date in YAML, which it is not (month must be in 1..12); write it in "
                 "quotes if it is text"], id="a date of month 13"),
    pytest.param("t.yaml", f"name: x\nvalue:\n  cap: {'9' * 4301}\n",
                 ["t.yaml: line 3: a number of more than 4300 digits"], id="a number too long"),
    pytest.param("t.yaml", f"name: x\nvalue:\n  cap: {'9' * 4301}:30\n",
                 ["t.yaml: line 3: a number of more than 4300 digits"],
                 id="a number in base 60 too long"),
    # Each part short enough, but the reading (or an octal's digits read in decimal) past the
    # limit: it was said in Python's words, with no line.
    pytest.param("t.yaml", f"name: x\nvalue:\n  cap: 0{'0' * 4300}1\n",
                 ["t.yaml: line 3: a number of more than 4300 digits"],
                 id="an octal number too long, its leading zeros counted"),
    pytest.param("t.yaml", f"name: x\nvalue:\n  cap: 1{':59' * 2600}\n",
                 ["t.yaml: line 3: a number of more than 4300 digits"],
                 id="a number in base 60 of too many parts"),
    pytest.param("t.yaml", f"name: x\nvalue:\n  cap: {'9' * 4301}:30.5\n",
                 ["t.yaml: line 3: a number of more than 4300 digits"],
                 id="a float in base 60 too long"),
    pytest.param("t.yaml", f"name: x\nvalue:\n  cap: 1{':59' * 200}.5\n",
                 ["t.yaml: line 3: 1:59:59", "reads as a number past any float in YAML (a "
                  "number in base 60)"], id="a float in base 60 past any float"),
    pytest.param("capword.yaml", "extends: luzhou\nname: house\nvalue:\n  cap: lots\n",
                 ["capword.yaml", "value.cap"], id="schema-invalid: value.cap"),
    pytest.param("steps.yaml", "extends: luzhou\nname: house\npatterns:\n  gui:\n    steps: many\n",
                 ["steps.yaml", "patterns.gui.steps"], id="schema-invalid: patterns.gui.steps"),
    pytest.param("opttype.yaml",
                 "extends: luzhou\nname: house\noptions:\n  cap:\n    type: float\n",
                 ["opttype.yaml", "options.cap.type"], id="schema-invalid: options.cap.type"),
    pytest.param("words.yaml",
                 "extends: luzhou\nname: house\noptions:\n  cap:\n    words: [none, lots]\n",
                 ["words.yaml", "options.cap.words.1", "must be none or cap"],
                 id="schema-invalid: a word an int option cannot take"),
    pytest.param("twolines.yaml",
                 'extends: luzhou\nname: house\npatterns:\n  wugui:\n    name: "a\\nb"\n',
                 ["twolines.yaml", "patterns.wugui.name", "must be one line of text"],
                 id="schema-invalid: a pattern name on two lines"),
    pytest.param("title.yaml", "extends: luzhou\nname: house\ntitle: |\n  abc\n",
                 ["title.yaml", "title: must be one line of text"],
                 id="schema-invalid: a title ending in a line break"),
    pytest.param("unit.yaml", 'extends: luzhou\nname: house\nunit: "ke\\nX"\n', ["unit.yaml", "unit: must be one line of text"], id="schema-invalid: a unit on two lines broke every Value line (found by fuzzing)"),  # noqa: E501
    pytest.param("unit.yaml", 'extends: luzhou\nname: house\nunit: "\\e[2J"\n', ["unit.yaml", "unit: must be one line of text"], id="schema-invalid: a unit holding a terminal escape (found by fuzzing)"),  # noqa: E501
    pytest.param("help.yaml", 'extends: luzhou\nname: house\noptions:\n  cap: {help: "a\\nb"}\n', ["help.yaml", "options.cap.help: must be one line of text"], id="schema-invalid: an option's help on two lines (found by fuzzing)"),  # noqa: E501
    pytest.param("ruling.yaml", 'extends: luzhou\nname: house\npatterns:\n  gui: {ruling: "L7\\tx", note: ok}\n', ["ruling.yaml", "patterns.gui.ruling: must be one line of text"], id="schema-invalid: a pattern's ruling with a tab (found by fuzzing)"),  # noqa: E501
    pytest.param("note.yaml", 'extends: luzhou\nname: house\npatterns:\n  gui: {note: "a\\nb"}\n', ["note.yaml", "patterns.gui.note: must be one line of text"], id="schema-invalid: a pattern's note on two lines (found by fuzzing)"),  # noqa: E501
    pytest.param("source.yaml", "extends: luzhou\nname: house\nsource: |\n  abc\n", ["source.yaml", "source: must be one line of text"], id="schema-invalid: a source ending in a line break (found by fuzzing)"),  # noqa: E501
    pytest.param("dep.yaml", 'extends: luzhou\nname: house\ndepartures: ["a\\nb"]\n', ["dep.yaml", "departures.0: must be one line of text"], id="schema-invalid: a departure on two lines (found by fuzzing)"),  # noqa: E501
    pytest.param("opt.yaml", 'extends: luzhou\nname: house\noptions:\n  "a=b": {type: int, default: 1, help: h}\npatterns:\n  wugui: {steps: {option: "a=b"}}\n', ["opt.yaml", 'options: must be a name of small letters, digits, _ and - (starting with a letter or digit), not the text "a=b"'], id="schema-invalid: an option no --opt KEY=VALUE could name (found by fuzzing)"),  # noqa: E501
    pytest.param("opt.yaml", 'extends: luzhou\nname: house\noptions:\n  "": {type: int, default: 1, help: h}\npatterns:\n  wugui: {steps: {option: ""}}\n', ["opt.yaml", 'options: must be a name of small letters', 'not the text ""'], id="schema-invalid: an option with an empty name (found by fuzzing)"),  # noqa: E501
    pytest.param("pat.yaml", 'extends: luzhou\nname: house\npatterns:\n  "x\\ny": {pattern: no_ghost, name: x, en: y, steps: 1}\n', ["pat.yaml", "patterns: must be one line of text"], id="schema-invalid: a pattern id on two lines (found by fuzzing)"),  # noqa: E501
    pytest.param("extra.yaml", 'extends: luzhou\nname: house\nextras:\n  "x\\ny": {rule: ghost_bonus, name: x, en: y, params: {over: 4, per: 1}}\n', ["extra.yaml", "extras: must be one line of text"], id="schema-invalid: an extra id on two lines (found by fuzzing)"),  # noqa: E501
    pytest.param("raise.yaml",
                 "extends: luzhou\nname: house\npatterns:\n  wugui:\n    raises_cap: -5\n",
                 ["raise.yaml", "patterns.wugui.raises_cap", "at least 1"],
                 id="schema-invalid: a cap raised to below 1"),
    pytest.param("extra.yaml", "extends: luzhou\nname: house\nbogus: 1\n",
                 ["extra.yaml", "bogus"], id="schema-invalid: an unknown top-level key"),
    pytest.param("default.yaml",
                 "extends: luzhou\nname: house\noptions:\n  cap:\n    default: abc\n",
                 ["default.yaml", "options.cap.default"], id="an option default of the wrong type"),
    pytest.param("pattern.yaml", "extends: luzhou\nname: house\npatterns:\n  foo:\n"
                                 "    pattern: nosuch\n    name: x\n    en: x\n    steps: 1\n",
                 ["pattern.yaml", "patterns.foo", "nosuch"], id="an unknown pattern predicate"),
    pytest.param("param.yaml", "extends: luzhou\nname: house\npatterns:\n  gui:\n    params: {shap: x}\n",
                 ["param.yaml", "patterns.gui.params", 'four_of_a_kind takes no param "shap" (its '
                  'params: shape, kongs)'], id="a param the predicate does not read (was ignored)"),
    pytest.param("param.yaml", "extends: luzhou\nname: house\npatterns:\n  qidui:\n"
                               "    params: {shape: standard}\n",
                 ["param.yaml", "patterns.qidui.params", 'seven_pairs takes no param "shape" '
                  "(it takes none)"], id="a param to a predicate that takes none (was ignored)"),
    pytest.param("param.yaml", "extends: luzhou\nname: house\nextras:\n  xiqian:\n"
                               "    params: {perr: 5}\n",
                 ["param.yaml", "extras.xiqian.params", 'ghost_bonus takes no param "perr" '
                  "(its params: over, per, mode)"], id="an extra's param it does not read (was "
                                                        "ignored)"),
    pytest.param("optref.yaml", "extends: luzhou\nname: house\nvalue:\n  cap: {option: nope}\n",
                 ["optref.yaml", "value.cap", "nope"], id="a reference to an undeclared option"),
    pytest.param("self.yaml", "extends: self.yaml\nname: self\n",
                 ["self.yaml", "extends", "cycle"], id="a ruleset extending itself"),
    pytest.param("list.yaml", "- a\n- b\n", ["list.yaml", "mapping"], id="a YAML list"),
    pytest.param("empty.yaml", "", ["empty.yaml"], id="an empty file"),
    pytest.param("parent.yaml", "extends: nosuch\nname: house\n",
                 ["parent.yaml", "extends", "nosuch"], id="extends an unknown ruleset"),
]


@pytest.mark.parametrize("name, text, fragments", BAD_FILES)
def test_bad_ruleset_file_on_score(tmp_path, monkeypatch, name, text, fragments):
    (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert_bad(run("score", HAND, "--rules", name), fragments)


@pytest.mark.parametrize("name, text, fragments", BAD_FILES)
def test_bad_ruleset_file_on_rules_check(tmp_path, monkeypatch, name, text, fragments):
    (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert_bad(run("rules", "check", name), fragments)


# Pythons before 3.10.7 (supported: 3.10+) convert ints of any length and have no
# sys.get_int_max_str_digits: a YAML file's every plain number was measured against it, an
# AttributeError (a traceback) on any file holding one.
def test_yaml_numbers_where_python_has_no_digit_limit(tmp_path, monkeypatch):
    import sys
    monkeypatch.delattr(sys, "get_int_max_str_digits", raising=False)
    (tmp_path / "h.yaml").write_text("extends: luzhou\nname: house\nvalue:\n  cap: 100\n",
                                     encoding="utf-8")
    res = run("rules", "check", str(tmp_path / "h.yaml"))
    assert (res.exit_code, res.stderr) == (0, ""), res.output


def test_two_files_extending_each_other(tmp_path, monkeypatch):
    (tmp_path / "a.yaml").write_text("extends: b.yaml\nname: a\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("extends: a.yaml\nname: b\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert_bad(run("score", HAND, "--rules", "a.yaml"), ["a.yaml", "extends", "cycle"])


# A key at fault that only a house file further up the extends: chain writes: the message
# named the file given, where the user would look for the key in vain.
@pytest.mark.parametrize("parent, child, fragment", [
    pytest.param("value:\n  cap: 0\n", "", "house.yaml: value.cap (written in sub/p.yaml): cap 0",
                 id="a value the checks refuse"),
    pytest.param("value:\n  cap: abc\n", "", "value.cap (written in sub/p.yaml): must be",
                 id="a value the schema refuses"),
    pytest.param("patterns:\n  gui:\n    multiply: 2\n", "",
                 "patterns.gui.multiply (written in sub/p.yaml): a multiply effect", id="a pattern"),
    pytest.param("value:\n  cap: 5\n", "value:\n  cap: 0\n", "house.yaml: value.cap: cap 0",
                 id="the file given writes the key itself"),
    pytest.param("name: p\n", "tiles:\n  honours: []\n", "house.yaml: ghosts.tiles: ghost tile",
                 id="a key only a shipped ruleset writes"),
    pytest.param("", "bogus: 1", 'house.yaml: unknown key "bogus"', id="the file given writes an unknown key"),
    pytest.param("value: {cap: 80}", "value: {bogus: 1}", 'house.yaml: value: unknown key "bogus"',
                 id="the file given writes an unknown key in a mapping both write"),
])
@pytest.mark.parametrize("command", [["score", HAND, "--rules"], ["rules", "check"]],
                         ids=["score", "rules check"])
def test_a_key_at_fault_names_the_house_file_that_writes_it(tmp_path, monkeypatch, parent,
                                                              child, fragment, command):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "p.yaml").write_text("extends: luzhou\n" + parent, encoding="utf-8")
    (tmp_path / "house.yaml").write_text("extends: sub/p.yaml\nname: h\n" + child,
                                         encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert_bad(run(*command, "house.yaml"), [fragment])


# A key at fault inside a mapping both files write (an unknown key is told at the mapping that
# holds it, none at the top level): the file named was the first to write the mapping, the
# file given, not the parent that writes the key. (parent's key, child's, the key at fault)
@pytest.mark.parametrize("parent, child, at, fragment", [
    pytest.param("bogus: 1", "value: {cap: 80}", "bogus", 'unknown key "bogus"', id="top level"),
    pytest.param("value: {bogus: 1}", "value: {cap: 80}", "value.bogus", 'unknown key', id="value"),
    pytest.param("patterns: {gui: {bogus: 1}}", "patterns: {gui: {steps: 2}}", "patterns.gui.bogus",
                 'unknown key "bogus"', id="a pattern's key"),
    pytest.param("patterns: {gui: {params: {shap: x}}}", "patterns: {gui: {params: {kongs: true}}}",
                 "patterns.gui.params.shap", "takes no param", id="a param nothing reads"),
    pytest.param("value: {cap: abc}", "value: {base: 2}", "value.cap", "must be", id="a wrong type"),
    pytest.param("patterns: {gui: {steps: -1}}", "patterns: {gui: {name: X}}", "patterns.gui.steps",
                 "cannot be negative", id="an amount the checks refuse"),
    pytest.param("payers: {discard: {shares: 0}}", "payers: {discard: {who: discarder}}",
                 "payers.discard.shares", "at least 1", id="a payer's shares"),
])
def test_a_key_at_fault_in_a_mapping_both_write_names_the_parent(tmp_path, monkeypatch, parent,
                                                                 child, at, fragment):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "p.yaml").write_text(f"extends: luzhou\n{parent}\n", encoding="utf-8")
    (tmp_path / "house.yaml").write_text(f"extends: sub/p.yaml\n{child}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for command in (["score", HAND, "--rules"], ["rules", "check"]):
        assert_bad(run(*command, "house.yaml"), [f"house.yaml: {at} (written in sub/p.yaml): ",
                                                 fragment])


def test_a_directory_is_not_a_ruleset(tmp_path):
    assert_bad(run("score", HAND, "--rules", str(tmp_path)), ["directory"])


def test_rules_show_unknown():
    assert_bad(run("rules", "show", "nosuch"), ["nosuch", "unknown ruleset"])


# -- the Python API raises the same messages ---------------------------------------------
# (hand, score() keywords, the same input as CLI arguments, the error class, a fragment)
API = [
    pytest.param("111m123m456m789m5qC", {}, [], mjscore.NotationError, 'unknown suit "q"',
                 id="API: unknown suit"),
    pytest.param(HAND, {"rules": "nosuch"}, ["--rules", "nosuch"], mjscore.RulesetError,
                 "unknown ruleset", id="API: unknown ruleset"),
    pytest.param(HAND, {"opts": {"cap": "abc"}}, ["--opt", "cap=abc"], mjscore.OptionError,
                 '"cap"', id="API: ill-typed option"),
    pytest.param(HAND, {"opts": {"ghosts": 5}}, ["--opt", "ghosts=5"], mjscore.OptionError,
                 '"ghosts"', id="API: ghosts=5 as an int"),
    pytest.param(HAND, {"kong_draw": True}, ["--kong-draw"], mjscore.OptionError, "--kong-draw",
                 id="API: kong_draw with no kong"),
    pytest.param(HAND, {"win": "9p"}, ["--win", "9p"], mjscore.OptionError,
                 "not one of the concealed tiles", id="API: win not in the hand"),
    pytest.param(HAND, {"discard": "S", "won": ("S",)}, ["--discard", "S", "--won", "S"],
                 mjscore.OptionError, "already won", id="API: discarder already won"),
    pytest.param(HAND, {"won": ("S", "")}, ["--won", "S,"], mjscore.OptionError,
                 "an empty seat in the list", id="API: won with an empty entry"),
]


@pytest.mark.parametrize("hand, kw, args, kind, fragment", API)
def test_api_raises_the_message_the_cli_prints(hand, kw, args, kind, fragment):
    with pytest.raises(kind) as info:
        score(hand, **kw)
    assert isinstance(info.value, mjscore.MjscoreError)
    assert fragment in str(info.value)
    result = run("score", hand, *args)
    assert result.exit_code == 2
    assert result.stderr == f"mjscore: {info.value}\n"


def test_api_bool_for_an_int_option():
    with pytest.raises(mjscore.OptionError, match='"cap"'):
        score(HAND, opts={"cap": True})


def test_negative_ghosts_drawn():
    assert_bad(run("score", HAND, "--ghosts-drawn", "-1"), ["--ghosts-drawn", "negative"])


def test_missing_hand_is_a_usage_error_not_a_traceback():
    result = run("score")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
