"""A Reading is a tuple underneath (made in one step, a plain hand's decomposition making one
per hand), yet behaves as the object it stands for: compared by identity, its groups and
final tiles made once from their parts and kept, and copied whole by pickle."""

from __future__ import annotations

import pickle

from mjscore import reading as reading_module
from mjscore.decompose import readings
from mjscore.hand import read
from mjscore.ruleset import load


def plain_reading():
    rs = load("luzhou")
    (r,) = readings(read("111m123m456m789m55p", rs), rs)
    return r


def test_a_reading_is_equal_only_to_itself():
    a, b = plain_reading(), plain_reading()
    assert a == a and a != b and len({a, b}) == 2


def test_groups_and_counts_are_made_once_and_kept():
    r = plain_reading()
    assert r.groups is r.groups and r.counts is r.counts
    assert r.text() == "111m 123m 456m 789m 55p"
    # (1m four times: 111m and the 1m of 123m)
    assert (r.suits, r.quads, r.shape, r.has_run) == (frozenset("mp"), (0,), "standard", True)


def test_a_pickled_reading_reads_the_same():
    r = plain_reading()
    copy = pickle.loads(pickle.dumps(r))
    assert (copy.text(), copy.counts, copy.sig, copy.has_run) == \
        (r.text(), r.counts, r.sig, r.has_run)


def test_a_reading_names_the_groups_its_ghosts_play_in():
    rs = load("luzhou")
    (r,) = readings(read("111m123m456m789m5pC", rs), rs)
    assert [g.text() for g in r.ghost_groups] == ["5pC=5p"]
    assert plain_reading().ghost_groups == ()


def test_a_reading_text_keeps_each_groups_text_under_its_ghost_letter():
    rs = load("luzhou")
    (r,) = readings(read("111m123m456m789m5pC", rs), rs)
    assert (r.text("X"), r.text()) == ("111m 123m 456m 789m 5pX=5p", "111m 123m 456m 789m 5pC=5p")
    assert [reading_module._texts("X")[g] for g in r.groups][-1] == "5pX=5p"
