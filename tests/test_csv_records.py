"""The CSV batch reader (`csv_records`) as a property: however one row of a file of good rows is
broken by its quoting, every row is still one record, in order, and only the broken one bad."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore.csv_records import read_csv

HANDS = ("111m222m333p444p55p", "123m456m789m11p23pC", "11m22m33m55m77m99m44m")
ROW = st.tuples(st.sampled_from(HANDS), st.sampled_from("ESWN"),
                st.sampled_from(("", '"S,W"', "S", '"two\nlines"')))
BREAKS = {
    "an unclosed quote": lambda row: '"' + row,
    "an unclosed quote at the end": lambda row: row + ',"',
    "a stray character after a quote": lambda row: '"x"y,' + row.split(",", 1)[1],
}


def _line(row: tuple) -> str:
    return ",".join(row)


def _read(text: str) -> list:
    return list(read_csv(io.StringIO(text, newline=""), "h.csv"))


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(ROW, min_size=1, max_size=8), at=st.integers(min_value=0),
       how=st.sampled_from(sorted(BREAKS)), crlf=st.booleans(), blank=st.booleans())
def test_a_row_broken_by_its_quoting_is_one_bad_record(rows, at, how, crlf, blank):
    at %= len(rows)
    if how.startswith("an unclosed"):
        # A quote after the one left open closes it, as any reader of CSV reads it (the
        # rows between are then one bad record or more, numbered, none dropped): none here.
        rows = rows[:at] + [r[:2] + ("S" if '"' in r[2] else r[2],) for r in rows[at:]]
    lines = [_line(r) for r in rows]
    lines[at] = BREAKS[how](lines[at])
    sep = "\r\n" if crlf else "\n"
    text = sep.join(["hand,seat,won"] + lines + ([""] if blank else [])) + sep
    got = _read(text)
    assert [r.number for r in got] == list(range(1, len(rows) + 1))
    assert [r.problem is not None for r in got] == [i == at for i in range(len(rows))]
    for i, (r, row) in enumerate(zip(got, rows)):
        if i != at:
            assert r.fields["hand"] == row[0] and r.fields["seat"] == row[1]


@settings(max_examples=200, deadline=None)
@given(rows=st.lists(ROW, min_size=0, max_size=8), crlf=st.booleans())
def test_good_rows_are_read_as_written(rows, crlf):
    sep = "\r\n" if crlf else "\n"
    text = sep.join(["hand,seat,won"] + [_line(r) for r in rows]) + sep
    got = _read(text)
    assert [(r.fields["hand"], r.fields["seat"], r.fields.get("won", "")) for r in got] == \
        [(h, s, w.strip('"')) for h, s, w in rows]


def test_a_hand_cell_is_read_as_written_so_its_columns_count_from_the_cells_start():
    # (Stripped, "  11q" said column 3 where YAML and JSON Lines said 5.)
    assert [r.fields for r in _read("hand,win\n  11q , 5p \n")] == [{"hand": "  11q ",
                                                                    "win": "5p"}]
