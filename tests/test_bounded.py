"""Bounded caches (`mjscore.bounded`): the oldest entries go first, and threads sharing a cache
never trip over each other."""

from __future__ import annotations

import platform
import sys

import pytest

from mjscore.bounded import make_room, memo, number_for, numbered

from .threads import in_threads


def test_a_full_table_drops_its_oldest_sixteenth():
    table = {k: k for k in range(64)}
    make_room(table, 64)
    assert list(table) == list(range(4, 64))
    make_room(table, 64)  # not full: nothing goes
    assert len(table) == 60


@pytest.mark.skipif(platform.python_implementation() != "CPython",
                    reason="the slots a dict keeps are CPython's own")
@pytest.mark.parametrize("limit", [256, 1 << 10, 3 << 9, 1 << 11, 5 << 9, 3 << 10, 1 << 13])
def test_a_churning_table_keeps_the_size_it_was_when_full(limit):
    # A dict's dropped keys keep their slots until it grows to three times what it holds;
    # a table that is copied afresh before then stays the size it was made (`_compact`).
    table: dict = {}
    sizes = []
    for k in range(limit * 6):
        make_room(table, limit)
        table[(k, -k)] = k
        if k >= limit:
            sizes.append(sys.getsizeof(table))
    assert len(table) == limit and list(table)[-1] == (limit * 6 - 1, 1 - limit * 6)
    assert max(sizes) == min(sizes)
    full = {(k, -k): k for k in range(limit)}
    assert max(sizes) <= sys.getsizeof(full)


@pytest.mark.parametrize("give", [
    pytest.param(number_for, id="number_for"),
    pytest.param(lambda table, key, limit: numbered(table, key, limit)[0], id="numbered"),
])
def test_numbers_are_never_reused(give):
    table: dict = {}
    first = [give(table, k, 16) for k in range(40)]
    assert len(set(first)) == 40 and len(table) <= 16
    assert give(table, 0, 16) not in first  # dropped, then given a new number


def test_threads_sharing_a_cache():
    @memo(32)
    def square(n):
        return n * n

    def work(offset):
        for n in range(5000):
            assert square((n * 7 + offset) % 300) == ((n * 7 + offset) % 300) ** 2

    in_threads(work)
