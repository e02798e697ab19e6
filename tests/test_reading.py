"""A Reading is a tuple underneath (made in one step, a plain hand's decomposition making one
per hand), yet behaves as the object it stands for: compared by identity, its groups and
final tiles made once from their parts and kept, and copied whole by pickle."""

from __future__ import annotations

import pickle
from types import SimpleNamespace

import pytest

from mjscore import reading as reading_module
from mjscore import score, waits
from mjscore import tiles as T
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
    assert [g.text() for g in r.ghost_groups] == ["5p+C=5p"]
    assert plain_reading().ghost_groups == ()


def test_a_reading_text_keeps_each_groups_text_under_its_ghost_letter():
    rs = load("luzhou")
    (r,) = readings(read("111m123m456m789m5pC", rs), rs)
    assert (r.text("X"), r.text()) == ("111m 123m 456m 789m 5p+X=5p", "111m 123m 456m 789m 5p+C=5p")
    assert [reading_module._texts("X")[g] for g in r.groups][-1] == "5p+X=5p"


# A house rule may make several kinds ghosts; one letter for them all showed a C as a P, and a
# meld [66pC] as [66p+F=6p], which is not on the table. Each ghost is written as the tile held
# there: a meld's its own, the concealed ones standing for their own kind first, the rest in
# tile order (ghosts are alike, so any order is a true reading).
TWO_GHOSTS = {"gd": "extends: guangdong\nname: gd2\nghosts: {tiles: [P, C]}\n",
              "guide": "extends: luzhou-guide\nname: guide2\nghosts: {tiles: [C, F]}\n",
              "gd7": "extends: guangdong\nname: gd7\nghosts: {tiles: [P, C]}\n"
                     "options: {seven_pairs: {default: true}}\n"}


@pytest.mark.parametrize("house, hand, decomposition", [
    pytest.param("gd", "123m456m789m12pC9sP", "123m 456m 789m 12p+P=3p 9s+C=9s", id="two kinds"),
    pytest.param("gd", "123m456m789m11p2pCC", "123m 456m 789m 11p+C=1p 2p+C=2p", id="two C"),
    pytest.param("guide", "123m456m11m [55pF] [66pC]", "123m 456m 11m [55p+F=5p] [66p+C=6p]",
                 id="each meld's own ghost"),
    pytest.param("gd7", "1133557799m11pPC", "11m P=1m+C=1m 33m 55m 77m 99m 11p",
                 id="a pair of two ghosts"),
])
def test_each_ghost_is_written_as_the_ghost_tile_held(tmp_path, house, hand, decomposition):
    path = tmp_path / f"{house}.yaml"
    path.write_text(TWO_GHOSTS[house], encoding="utf-8")
    r = score(hand, str(path))
    assert r.decomposition == decomposition, r.reasons
    assert decomposition in {a.decomposition for a in r.alternatives}


def test_waits_names_every_ghost_kind_left_to_draw(tmp_path):
    path = tmp_path / "gd.yaml"
    path.write_text(TWO_GHOSTS["gd"], encoding="utf-8")
    assert waits("123m456m789m12pCS", str(path)).ghost == "P or C"


def test_a_ghost_standing_for_its_own_kind_is_written_as_itself():
    C, P, p1 = T.parse_name("C"), T.parse_name("P"), T.parse_name("1p")
    r = reading_module.Reading("standard", (reading_module.Group("triplet", (C,) * 3, (C,) * 3),
                                            reading_module.Group("pair", (p1, p1))), None)
    held = SimpleNamespace(concealed=(p1, p1, P, C, C), melds=())
    assert r.text_as_held(held, {C, P}) == "C=C+C=C+P=C 11p"


# `as_themselves`: where a ghost may be itself, pairs and triplets of ghosts alone are shown
# as the ghost tile (README, "The best reading"), where the patterns and value stay the same.
@pytest.mark.parametrize("hand, rules, kw, value, decomposition", [
    pytest.param("123m456m789m123pPP", "guangdong", {}, 2, "123m 456m 789m 123p P=P+P=P",
                 id="guangdong 白白 as the pair, not P=1m+P=1m"),
    pytest.param("PPP123m456m789m11p", "guangdong", {}, 2, "123m 456m 789m P=P+P=P+P=P 11p",
                 id="guangdong 白白白 as a triplet, not 1m+P=1m+P=1m 23m+P=1m"),
    pytest.param("11m22m33m44m55m66mPP", "guangdong", {"opts": {"seven_pairs": True}}, 2,
                 "11m 22m 33m 44m 55m 66m P=P+P=P", id="guangdong seven pairs, 白白 last"),
    pytest.param("PPP123m456m789m11p", "guangdong", {"indicator": "9p"}, 2,
                 "123m 456m 789m PPP 1p=1p+1p=1p", id="guangdong flipped 1p pair as itself"),
    pytest.param("123m456m789m11p23pP", "guangdong", {}, 2, "123m 456m 789m 123p 1p+P=1p",
                 id="guangdong: a ghost beside a natural tile stays what it stands for"),
    pytest.param("33344455mCCC [111m]", "luzhou-guide", {"win": "5m"}, 40,
                 "333m 444m C=C+C=C+C=C 55m [111m]", id="guide 红中 triplet as itself"),
    pytest.param("1111m2222m3333mCC", "luzhou-guide", {}, 80,
                 "11m 11m 22m 22m 33m 33m C=4m+C=4m",
                 id="guide: a 红中 pair would be a dragon pair (other patterns): kept as 4m"),
    pytest.param("123m456m789m123pCC", "luzhou", {}, 2, "123m 456m 789m 123p C=1m+C=1m",
                 id="luzhou: 红中 stands for suited tiles only"),
])
def test_ghosts_alone_are_shown_as_themselves(hand, rules, kw, value, decomposition):
    r = score(hand, rules, **kw)
    assert (r.legal, r.value, r.decomposition) == (True, value, decomposition)
    assert r.alternatives[0].decomposition == decomposition  # (--explain's first row)
