"""Results and errors cross processes (a library user's `Pool().map(score, hands)` pickles
each result back, and each error raised in a worker), and hash as they compare."""

from __future__ import annotations

import copy
import pickle
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

from mjscore import (InputError, MjscoreError, NotationError, OptionError, RulesetError,
                     score, settle, waits)
from mjscore.frozen import read_only
from mjscore.render import score_table, settle_table, waits_table
from mjscore.ruleset import load

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "records"

HANDS = [
    pytest.param("111m123m456m789m5pC", "luzhou", {"win": "5p"}, id="luzhou-ghost"),
    pytest.param("123m456m789mSS (5555s)", "guangdong", {"kong_draw": True}, id="kong-payment"),
    pytest.param("123m456m789m111pPP", "guangdong", {"horses": "1m5pSN", "opts": {"horses": 4}},
                 id="horses"),
    pytest.param("123m456m789m11p22p1s", "guangdong", {"indicator": "9s"}, id="flipped-ghost"),
    pytest.param("1122m3344p5566s77z", "luzhou-guide", {}, id="guide"),
    pytest.param("123m456p789s11m234m", "luzhou", {}, id="not-legal"),
]


def _round_trip(obj):
    return pickle.loads(pickle.dumps(obj))


@pytest.mark.parametrize("hand, rules, kwargs", HANDS)
def test_a_pickled_result_reads_and_prints_the_same(hand, rules, kwargs):
    r = score(hand, rules, **kwargs)
    copied = _round_trip(r)
    assert copied == r
    assert copied.to_dict() == r.to_dict()
    assert score_table(copied, explain=True) == score_table(r, explain=True)
    assert copy.deepcopy(r).to_dict() == r.to_dict()


def test_a_pickled_result_stays_read_only():
    copied = _round_trip(score("123m456m789mSS (5555s)", "guangdong", kong_draw=True))
    with pytest.raises(TypeError):
        copied.net["E"] = 0
    with pytest.raises(TypeError):
        copied.kong_payments[0]["amount"] = 0


def test_pickled_settle_and_waits_results_print_the_same():
    s = settle(SAMPLES / "luzhou-three-winners.yaml")
    assert settle_table(_round_trip(s)) == settle_table(s)
    w = waits("123m456m789m11p2pC", "luzhou")
    assert waits_table(_round_trip(w)) == waits_table(w)


def test_a_ruleset_is_pickled_without_its_evaluations():
    rs = load("luzhou")
    for hand in ("111m123m456m789m5pC", "123m456m789p111p2pC", "11m22m33m44p55p66p7pC"):
        score(hand, rs)
    assert rs.memo
    copied = _round_trip(rs)
    assert "memo" not in copied.__dict__ and copied.memo == {}
    assert score("111m123m456m789m5pC", copied).to_dict() == score("111m123m456m789m5pC",
                                                                     rs).to_dict()


@pytest.mark.parametrize("error", [
    pytest.param(MjscoreError("plain"), id="base"),
    pytest.param(NotationError("a tile 0m", 3), id="notation"),
    pytest.param(RulesetError("house.yaml", "no such key", "caps"), id="ruleset"),
    pytest.param(OptionError("cap=x: not a number", "cap", "opts.cap=x"), id="option"),
    pytest.param(InputError("a record is a mapping"), id="input"),
])
def test_a_pickled_error_is_the_same_error(error):
    copied = _round_trip(error)
    assert type(copied) is type(error)
    assert (str(copied), copied.args, vars(copied)) == (str(error), error.args, vars(error))


def _score_value(hand: str) -> int:
    return score(hand, "luzhou").value


def test_results_and_errors_come_back_from_worker_processes():
    with ProcessPoolExecutor(2) as pool:
        results = list(pool.map(score, ["111m123m456m789m5pC", "11m22m33m44p55p66p7pC"]))
        assert [r.value for r in results] == [score("111m123m456m789m5pC").value,
                                              score("11m22m33m44p55p66p7pC").value]
        with pytest.raises(NotationError) as got:
            pool.submit(_score_value, "123m0p").result()
    assert str(got.value) == str(pytest.raises(NotationError, score, "123m0p").value)


def test_results_hash_as_they_compare():
    a = score("123m456m789mSS (5555s)", "guangdong", kong_draw=True)
    b = score("123m456m789mSS (5555s)", "guangdong", kong_draw=True)
    other = score("111m123m456m789m5pC", win="5p")
    assert a == b and hash(a) == hash(b) and len({a, b, other}) == 2
    s = settle(SAMPLES / "luzhou-three-winners.yaml")
    assert hash(s) == hash(settle(SAMPLES / "luzhou-three-winners.yaml"))
    assert hash(_round_trip(a)) == hash(a)
    reordered = replace(a, net=read_only(dict(reversed(a.net.items()))))
    assert reordered == a and hash(reordered) == hash(a)
