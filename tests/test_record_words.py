"""A settle record's errors in the record's own terms: its schema errors as the file wrote the
values (not jsonschema's Python), and its keys where `score` would name its options."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjscore.cli import cli

E = "seats:\n  E: 111m123m456m789m C 5p\n"
WIN = "events:\n  - {win: E, tile: 5p}\n"
YAML_BOOL = "(YAML reads unquoted yes, no, on, off as true or false)"


def refused(tmp_path, text: str, *args) -> str:
    (tmp_path / "r.yaml").write_text(text, encoding="utf-8")
    res = CliRunner().invoke(cli, ["settle", str(tmp_path / "r.yaml"), *args])
    assert res.exit_code == 2 and "Traceback" not in res.output, res.output
    return res.stderr.strip().removeprefix(f"mjscore: {tmp_path / 'r.yaml'}: ")


@pytest.mark.parametrize("text, message", [
    pytest.param("dealer: no\n" + E + WIN, f"dealer: must be E, S, W or N, not false {YAML_BOOL}",
                 id="enum: a YAML no"),
    pytest.param("dealer: 5\n" + E + WIN, "dealer: must be E, S, W or N, not the number 5",
                 id="enum: a number"),
    pytest.param("dealer: 2020-01-01\n" + E + WIN,
                 "dealer: must be E, S, W or N, not the date 2020-01-01", id="enum: a date"),
    pytest.param("dealer: {a: 1}\n" + E + WIN, "dealer: must be E, S, W or N, not a mapping",
                 id="enum: a mapping"),
    pytest.param("rules:\n" + E + WIN, "rules: must be text, not nothing (an empty value)",
                 id="type: an empty value"),
    pytest.param("opts: {cap: [1]}\n" + E + WIN,
                 "opts.cap: must be text, a whole number or true/false, not a list",
                 id="type: one of several"),
    pytest.param("opts: 5\n" + E + WIN, "opts: must be a mapping, not the number 5",
                 id="type: a mapping"),
    pytest.param("seats: {E: 5}\n" + WIN, "seats.E: must be text, not the number 5",
                 id="type: a hand"),
    # (A meld written unquoted is a YAML list or mapping: the first-time user's stumble.)
    pytest.param("rules: lanzhou\nseats:\n  N: [19mE]\nevents: [{win: N, tile: S}]\n",
                 'seats.N: must be text, not a list (YAML read [19mE] as a list: a hand or meld '
                 'that starts with "[" needs quotes, "[19mE] 123m...")', id="type: a meld unquoted"),
    pytest.param("rules: guangdong\nopts: {horses: 2}\nseats: {E: 123m456m789m123pPE}\n"
                 "events: [{win: E, tile: E, horses: [3m, W]}]\n",
                 "event 1 (horses): must be text, not a list (tiles are written together as "
                 "text: 3mW)", id="type: horses listed"),
    pytest.param("seats: {E: 111m123m456m789m5pC}\nevents: [{win: E, tile: [5p]}]\n",
                 "event 1 (tile): must be text, not a list (tiles are written together as "
                 "text: 5p)", id="type: a tile listed, no meld advice"),
    pytest.param(E + "events:\n  - {ghosts: E, drawn: 6.0}\n",
                 "event 1 (drawn): must be a whole number, not the number 6.0 (a whole number "
                 "is written without a decimal point)", id="type: a decimal point"),
    pytest.param(E + "events:\n  - {win: E, tile: 5p, kong_draw: 'yes'}\n",
                 'event 1 (kong_draw): must be true or false, not the text "yes"',
                 id="type: a flag quoted"),
    pytest.param(E + "events:\n  - {exhausted: off}\n",
                 f"event 1 (exhausted): must be true, not false {YAML_BOOL}", id="const"),
    pytest.param("delaer: S\n" + E + WIN, 'unknown key "delaer"; did you mean "dealer"?',
                 id="additionalProperties: a typo"),
    pytest.param("xyz: S\n" + E + WIN,
                 'unknown key "xyz"; keys: rules, opts, dealer, seats, events',
                 id="additionalProperties: the keys"),
    pytest.param(E + "events:\n  - {kong: E, kind: added, tile: 1m, frm: S}\n",
                 'event 1: unknown key "frm"; did you mean "from"?',
                 id="additionalProperties: in an event"),
    pytest.param("seats: {X: 1m}\n" + WIN, 'seats: unknown seat "X"; seats: E, S, W, N',
                 id="propertyNames: a seat"),
    pytest.param(E, "events: missing: a hand record needs events",
                 id="required: the record's"),
    pytest.param(E + "events:\n  - {call: E, kind: pong, tile: 1m}\n",
                 "event 1 (from): missing: a call event needs call, kind, tile and from",
                 id="required: an event's"),
    pytest.param(E + "events:\n  - {win: E, tile: 123456789m}\n",
                 "event 1 (tile): too long: 10 characters, at most 8", id="maxLength"),
    pytest.param(E + "events:\n  - {win: E, tile: 5p, horses: ''}\n",
                 "event 1 (horses): must not be empty", id="minLength"),
    pytest.param(E + "events:\n  - {ghosts: E, drawn: 17}\n",
                 "event 1 (drawn): must be at most 16, not the number 17", id="maximum"),
    pytest.param(E + "events:\n  - {pass: E, tile: 1m, from: S, value: -1}\n",
                 "event 1 (value): must be at least 0, not the number -1", id="minimum"),
    pytest.param("seats: {}\nevents:\n" + "  - {draw: E}\n" * 1001,
                 "events: 1001 items, at most 1000", id="maxItems"),
    pytest.param(E + "events:\n  - {win: [E, E], tile: 5p}\n", "event 1 (win): E is listed twice",
                 id="uniqueItems"),
    pytest.param(E + "events:\n  - {win: no, tile: 5p}\n",
                 f"event 1 (win): must be a seat (E, S, W or N) or a list of seats, not false "
                 f"{YAML_BOOL}", id="oneOf: a seat"),
    pytest.param(E + "events:\n  - {win: [E, ~], tile: 5p, from: S}\n",
                 "event 1 (win): must be seats (E, S, W or N), not a list holding nothing (an "
                 "empty value)", id="oneOf: a list of seats"),
])
def test_a_schema_error_reads_in_the_records_terms(tmp_path, text, message):
    assert refused(tmp_path, text) == message


@pytest.mark.parametrize("name, opts, said", [
    pytest.param("r.yaml", "opts: {xiqian: yes}\n", 'opts.xiqian: option "xiqian" of luzhou: '
                 f'expected one of always, win_only, got "true" {YAML_BOOL}', id="yaml yes"),
    pytest.param("r.json", "opts: {xiqian: true}\n", 'opts.xiqian: option "xiqian" of luzhou: '
                 'expected one of always, win_only, got "true"', id="json true: no yes to blame"),
    pytest.param("r.yaml", "opts: {xiqian: 3x}\n", 'opts.xiqian: option "xiqian" of luzhou: '
                 'expected one of always, win_only, got "3x"', id="a word not a choice"),
])
def test_a_records_option_read_as_true_says_yaml_read_it(tmp_path, name, opts, said):
    (tmp_path / name).write_text(opts + E + WIN, encoding="utf-8")
    res = CliRunner().invoke(cli, ["settle", str(tmp_path / name)])
    assert res.exit_code == 2
    assert res.stderr.strip() == f"mjscore: {tmp_path / name}: {said}"


# Standard input has no file name to tell JSON by: its text does (JSON on it was told that
# YAML reads an unquoted yes as true).
@pytest.mark.parametrize("text, hint", [
    pytest.param('{"opts": {"xiqian": true}, "seats": {"E": "111m123m456m789m5pC"}, '
                 '"events": [{"win": "E", "tile": "5p"}]}', "", id="JSON"),
    pytest.param("opts: {xiqian: yes}\n" + E + WIN, f" {YAML_BOOL}", id="YAML"),
])
def test_a_record_on_standard_input_is_told_by_its_text_whether_yaml_read_a_yes(text, hint):
    res = CliRunner().invoke(cli, ["settle", "-"], input=text)
    assert res.exit_code == 2
    assert res.stderr == ('mjscore: <stdin>: opts.xiqian: option "xiqian" of luzhou: expected '
                          f'one of always, win_only, got "true"{hint}\n')


GD = "rules: guangdong\n"
LANZHOU_E = "rules: lanzhou\nseats:\n  E: 111m123m456m789m E E\nevents:\n  - {win: E, tile: E}\n"


@pytest.mark.parametrize("text, args, message", [
    pytest.param(GD + "opts: {ghost: flip}\n" + E + WIN, [],
                 "opts.ghost: guangdong: ghost=flip needs the indicator tile (set opts.indicator "
                 "to it)", id="a flipped ghost with no indicator"),
    pytest.param(GD + "opts: {indicator: 9m, ghost: fixed}\n" + E + WIN, [],
                 "opts.indicator: guangdong: indicator=9m applies only with ghost=flip (set "
                 "opts.ghost to flip too)", id="an indicator with the ghost fixed"),
    pytest.param(E + "events:\n  - {win: E, tile: 5p, kong_draw: true}\n", [],
                 "event 1: kong_draw: the hand has no kong to have drawn after",
                 id="kong_draw with no kong"),
    pytest.param(E + "events:\n  - {win: E, tile: 5p, kong_draw: true, from: S}\n", [],
                 "event 1: kong_draw is a self-drawn win: not with from: or rob_kong",
                 id="kong_draw on a discard"),
    pytest.param(E + "events:\n  - {win: E, tile: 5p, after_kong: true}\n", [],
                 "event 1: after_kong needs from: (the discarder had just konged)",
                 id="after_kong with no discarder"),
    # from: is given (the robbed konger): "after_kong needs from:" sent the writer looking
    # for a key that was there.
    pytest.param(E + "events:\n  - {win: E, tile: 5p, from: S, rob_kong: true, "
                 "after_kong: true}\n", [], "event 1: after_kong is a discard right after a kong: a robbed kong is no "
                 "discard (not with rob_kong)", id="after_kong on a robbed kong"),
    pytest.param(E + "events:\n  - {win: E, tile: 5p, from: E}\n", [],
                 "event 1: a seat cannot win on its own discard (from: E)", id="its own discard"),
    pytest.param(E + "events:\n  - {win: E, tile: 5p, from: E, rob_kong: true}\n", [],
                 "event 1: a seat cannot rob its own kong (from: E)", id="its own kong"),
    pytest.param(E + "events:\n  - {win: E, tile: 5p, earthly: true}\n", [],
                 "event 1: earthly is a non-dealer's win: the winner E is the dealer",
                 id="earthly for the dealer"),
    pytest.param(E + "  S: 123p456p789p111s C 3s\nevents:\n  - {win: S, tile: 3s}\n"
                 "  - {win: E, tile: 5p, heavenly: true}\n", [],
                 "event 2: heavenly is won on the deal: no seat can have won before it (an "
                 "earlier win)", id="heavenly after a win"),
    pytest.param(GD + E + "events:\n  - {win: E, tile: 5p, declared: true}\n", [],
                 "event 1: declared does not apply in guangdong: none of its patterns or "
                 "payments reads a declared ready hand", id="a flag the ruleset has not"),
    pytest.param(GD + E + "events:\n  - {win: E, tile: 5p, horses: 1m}\n", [],
                 "event 1 (horses): horses are off in guangdong; set opts.horses to 1",
                 id="horses off"),
    pytest.param(GD + "opts: {horses: 2}\n" + E + WIN, [],
                 "event 1 (horses): guangdong draws 2 horses (option horses): give 2 tiles, got none",
                 id="horses too few"),
    pytest.param("opts: {cap: none}\nseats:\n  E: 111m123m456m789m C 5p\n  S: 234m567m22p345p6p8p\n"
                 "  W: 35799m245689s99s\n  N: 234m456p789s11pC5p\n"
                 "events:\n  - {win: E, tile: 5p}\n  - {exhausted: true}\n", [],
                 "event 2: luzhou: a 花猫 pays the cap, and the cap is none: set "
                 "opts.flower_cat_pays to a number", id="a 花猫 with no cap"),
])
def test_a_record_is_told_its_own_keys_not_scores_options(tmp_path, text, args, message):
    assert refused(tmp_path, text, *args) == message


def test_a_flipped_ghost_from_opt_is_told_the_records_key_too(tmp_path):
    text = GD + E + WIN
    assert refused(tmp_path, text, "--opt", "ghost=flip") == (
        "mjscore: invalid option: guangdong: ghost=flip needs the indicator tile (set "
        "opts.indicator to it)")


def test_an_undeclared_win_is_told_the_records_key(tmp_path):
    (tmp_path / "r.yaml").write_text(LANZHOU_E, encoding="utf-8")
    res = CliRunner().invoke(cli, ["settle", str(tmp_path / "r.yaml")])
    assert res.exit_code == 1
    assert "E's win is not legal: not declared (报章): a win needs declared: true, or a declare event before it\n" in res.stdout


@pytest.mark.parametrize("args, message", [
    pytest.param(["123m456m789m111pSS", "--rules", "guangdong", "--opt", "ghost=flip"],
                 "guangdong: ghost=flip needs the indicator tile (--indicator TILE)",
                 id="flip"),
    pytest.param(["111m123m456m789m5pC", "--kong-draw"],
                 "--kong-draw: the hand has no kong to have drawn after", id="kong-draw"),
    pytest.param(["111m123m456m789m5pC", "--discard", "E"], "--discard names the winner E",
                 id="discard"),
    pytest.param(["123m456m789m111pSS", "--rules", "guangdong", "--horses", "1m"],
                 "--horses: horses are off in guangdong; set --opt horses=1", id="horses"),
])
def test_score_keeps_its_own_options_words(args, message):
    res = CliRunner().invoke(cli, ["score", *args])
    assert res.exit_code == 2 and res.stderr == f"mjscore: invalid option: {message}\n"


# The decimal-point hint only where the number is whole; 1.5 is no whole number written
# with a point.
def test_a_fraction_gets_no_decimal_point_hint(tmp_path):
    (tmp_path / "r.yaml").write_text("seats:\n  E: 111m123m456m789m C 5p\nevents:\n"
                                     "  - {ghosts: E, drawn: 1.5}\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["settle", str(tmp_path / "r.yaml")])
    assert res.exit_code == 2
    assert res.stderr == (f"mjscore: {tmp_path / 'r.yaml'}: event 1 (drawn): must be a whole "
                          "number, not the number 1.5\n")
