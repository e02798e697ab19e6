"""A class's witness as groups (`witness`): found without work done twice (issue 8)."""

from __future__ import annotations

from mjscore import classes as K
from mjscore import plain_suits as P
from mjscore import plain_table as PT
from mjscore import witness as W
from mjscore.plain_suits import packed_suits
from mjscore.tiles import CLASSES

NO_MELDS, ANY_RANK = (0,) * 9, (4,) * 9


def looked_up(c: tuple, g: int) -> tuple:
    """The entry of suit `c` with `g` ghosts read off the table: its witnesses packed counts."""
    PT._plain_state["packed"] = packed_suits()
    try:
        return K._entry(9, c, NO_MELDS, ANY_RANK, g, "standard")
    finally:
        PT._plain_state["packed"] = None


def test_a_looked_up_witness_is_kept_by_its_packed_counts(monkeypatch):
    # Asked for again, its groups are found by the packed witness as it is: not unpacked (and
    # the counts hashed) on every reading's text.
    entry = looked_up((1, 1, 1, 0, 0, 2, 2, 0, 0), 1)
    unpacked = []
    monkeypatch.setattr(W, "unpack", lambda v: unpacked.append(v) or P.unpack(v))
    W._table_slots.cache_clear()
    first = W.class_groups(entry, CLASSES[0][1], (1, 1, 1, 0, 0, 2, 2, 0, 0), 0, "standard")
    again = W.class_groups(entry, CLASSES[0][1], (1, 1, 1, 0, 0, 2, 2, 0, 0), 0, "standard")
    assert (first, len(unpacked)) == (again, 1)


def test_a_witness_is_searched_for_alone(monkeypatch):
    # The one witness a reading prints, without the recursive search of every signature's
    # (half as many instructions again).
    monkeypatch.setattr(P, "suit_plain", None)
    assert W.first_reading((1, 1, 1, 0, 3, 3, 3, 0, 0), (0, 1, 1, 0)) == \
        ((1, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (3, 0, 0, 0), (0, 0, 0, 0),
         (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))



def test_a_witness_is_searched_once_wherever_in_the_suit_its_counts_lie(monkeypatch):
    # The search's choices do not depend on where the tiles lie: the same counts two ranks
    # up are read from the same path, their groups two kinds up.
    low, high = (1, 1, 1, 0, 0, 2, 2, 0, 0), (0, 0, 1, 1, 1, 0, 0, 2, 2)
    entries = [looked_up(c, 1) for c in (low, high)]
    searched = []
    found = W.first_reading
    monkeypatch.setattr(W, "first_reading", lambda c, sig: searched.append(c) or found(c, sig))
    W._table_slots.cache_clear()
    (sets, pairs), (up_sets, up_pairs) = [W.class_groups(e, CLASSES[0][1], c, 0, "standard")
                                          for e, c in zip(entries, (low, high))]
    moved = [(g.kind, tuple(k + 2 for k in g.tiles), tuple(k + 2 for k in g.ghosts))
             for g in sets + pairs]
    assert (len(searched), [(g.kind, g.tiles, g.ghosts) for g in up_sets + up_pairs]) == \
        (1, moved)
