"""The table of every readable suit (`plain_suits.complete_suits`) says what the search says,
and a hand read through it reads exactly as one read suit by suit (issue 8)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore import classes as K
from mjscore import decompose as D
from mjscore.errors import MjscoreError
from mjscore.hand import read
from mjscore.plain_suits import complete_suits, suit_plain
from mjscore.ruleset import load

from .oracle import corpus
from .winning_hands import RULESETS

TABLE = complete_suits()
NO_MELDS = (0,) * 9


def tables(c: tuple) -> tuple:
    return tuple((key, tuple(sigs)) for key, sigs in suit_plain(c, NO_MELDS).items())


def test_every_entry_is_the_search_s_own():
    # Signatures and their order (the order decides which witness a reading keeps).
    assert [c for c, sigs in TABLE.items() if sigs != tables(c)] == []


@settings(max_examples=3000, derandomize=True)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: 0 < sum(c) <= 14))
def test_a_suit_is_in_the_table_exactly_when_it_can_be_read(c):
    c = tuple(c)
    assert (c in TABLE) == bool(suit_plain(c, NO_MELDS))


def fresh_lookups(monkeypatch, whole_table: bool) -> None:
    """The lookups as a fresh process has them; with `whole_table`, as a batch has them."""
    monkeypatch.setattr(K, "_PLAIN", {})
    monkeypatch.setattr(K, "_plain_state", {"misses": 0, "full": None})
    if whole_table:
        K.fill_plain()


def described(hand, rs) -> list:
    return [(r.text(), r.sig, r.counts, r.has_run, r.shape) for r in D.readings(hand, rs)]


@pytest.mark.parametrize("name, opts", RULESETS)
def test_the_table_reads_as_the_search(monkeypatch, name, opts):
    rs = load(name, opts)
    general = replace(rs, plain_lookup=False)  # readings() takes its general path
    hands = []
    for kind in ("no ghosts", "seven pairs", "kongs", "1-2 ghosts"):
        for text in corpus.corpus(kind, 60, 11):
            try:
                hands.append(read(text, rs))
            except MjscoreError:
                pass  # a tile this ruleset does not use
    fresh_lookups(monkeypatch, False)
    searched = [described(h, general) for h in hands]
    fresh_lookups(monkeypatch, True)
    assert [described(h, rs) for h in hands] == searched
    assert [described(h, general) for h in hands] == searched


def test_the_table_is_made_once_enough_suits_were_searched(monkeypatch):
    monkeypatch.setattr(K, "_TABLE_AFTER", 3)
    fresh_lookups(monkeypatch, False)
    rs = load("luzhou")
    for text in ("123m456m789m11p234p", "111m456m789m22p345p"):  # three suits searched
        assert K._plain_state["full"] is None
        D.readings(read(text, rs), rs)
    assert K._plain_state["full"] is K._PLAIN and len(K._PLAIN) >= len(TABLE)


def test_threads_meeting_the_table_being_made_read_the_same(monkeypatch):
    # The table is made while other threads look suits up: none may find it half made.
    import sys
    import threading
    rs = load("luzhou")
    hands = [read(t, rs) for t in corpus.corpus("no ghosts", 150, 12)]
    expected = [described(h, rs) for h in hands]
    fresh_lookups(monkeypatch, False)
    monkeypatch.setattr(D, "_PLAIN_FOUND", {})
    monkeypatch.setattr(K, "_TABLE_AFTER", 40)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can
    try:
        results: dict = {}

        def work(n):
            results[n] = [described(h, rs) for h in hands]

        threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    finally:
        sys.setswitchinterval(interval)
    assert K._plain_state["full"] is not None
    assert all(results[n] == expected for n in range(4))
