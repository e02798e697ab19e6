"""The combination of two classes spelt out (`decompose._combine_two`, most hands with ghosts)
gives what the general loop over any number of classes gives, in the same order."""

from __future__ import annotations

from itertools import count

from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore.decompose import _combine_any, _combine_two

# An option: ((ghosts, pairs), (four-copy kinds, run, tiles, pair)); few values, so that
# options repeat and collide as a real class's do.
options = st.tuples(st.tuples(st.integers(0, 4), st.integers(0, 2)),
                    st.tuples(st.integers(0, 2), st.integers(0, 1), st.integers(0, 1),
                              st.integers(0, 1)))
tables = st.lists(options, max_size=8).map(tuple)
_IDS = count(10 ** 6)  # shape ids of these made-up tables, apart from any a real hand makes


@settings(max_examples=300, derandomize=True, deadline=None)
@given(tables, tables, st.sampled_from([(0, 0), (0, 1), (1, 2), (2, 2), (0, 2)]),
       st.integers(0, 4), st.sampled_from(["standard", "seven_pairs"]),
       st.sampled_from([None, 1, 2]))
def test_two_classes_combine_as_the_general_loop(a, b, groups, g, shape, max_suits):
    shapes = [(groups[0], next(_IDS), a), (groups[1], next(_IDS), b)]
    std = shape == "standard"
    assert _combine_two(shapes, g, std, max_suits) == _combine_any(shapes, g, std, max_suits)



def test_combinations_share_their_picks():
    """Equal picks of two combinations are one object (`decompose._PICKS`): what lets 3,072
    combinations be kept in the memory 2,048 took."""
    from mjscore import score
    from mjscore.decompose import _COMBINED, _PICKS
    _COMBINED.clear()
    _PICKS.clear()  # (shared only below its bound, which a long run before this one fills)
    for hand in ("125m2266688pCCCC", "6667m344777pCCCC", "3888p122228sCCCC"):
        score(hand).evaluations  # (every shape read, `pruning` or not)
    found = [picks for combos in _COMBINED.values() for picks, _run, _sig in combos]
    assert len(found) > len(set(found))  # some recur
    assert len({id(p) for p in found}) == len(set(found))


def test_coded_tables_share_their_options():
    """Equal coded options of two classes' tables are one object (`decompose._OPTIONS`): the
    coded tables were the most of what a long batch's memory grew by."""
    from mjscore import score
    from mjscore.decompose import _CODED, _COMBINED, _OPTIONS
    _CODED.clear()
    _COMBINED.clear()  # (a combination already made reads no coded table)
    # (Shared only below its bound: tests run before this one, with more examples than CI
    # gives them, filled it, and these hands' options were then each table's own.)
    _OPTIONS.clear()
    for hand in ("125m2266688pCCCC", "6667m344777pCCCC", "3888p122228sCCCC",
                 "123m456m789m11pCCC", "123p456p789p11sCCC", "111m222m333m44pCCC"):
        score(hand).evaluations  # (every shape read, `pruning` or not)
    found = [option for table in _CODED.values() for option in table]
    assert len(found) > len(set(found))  # some recur
    assert len({id(o) for o in found}) == len(set(found))
