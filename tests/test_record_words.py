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
    pytest.param(WIN, "seats: missing: a hand record needs seats and events",
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
