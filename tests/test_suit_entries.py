"""The shipped suits with ghosts (`suit_entries.bin`) are exactly what `suit_lookup` makes and
read back as it gives them; a process whose file is missing or damaged reads every suit the
same, only slower (issue 8)."""

from __future__ import annotations

import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore import classes as K
from mjscore import plain_table as PT
from mjscore import score
from mjscore import suit_entries as SE
from mjscore.plain_suits import LOOKUP_MAX, pack, packed_suits, suit_lookup, unpack
from mjscore.plain_table import entry_of, shape_of

from .test_decompose_props import suits_less_some_tiles

PACKED = packed_suits()
SHIPPED = SE.PATH.read_bytes()


def test_the_shipped_file_is_what_the_lookups_make():
    # Fails after a change to how suits are read: `python -m mjscore.suit_entries`, commit.
    assert SHIPPED == SE.build()


def test_a_row_for_every_suit_four_ghosts_can_complete():
    rows = SE._read(SHIPPED)
    assert len(rows[4]) == len(SE._readable(PACKED)) == 223069  # (the module's docstring)
    assert len(rows[6]) == 1989


def looked_up(c: tuple, g: int):
    return as_finals(entry_of(suit_lookup(c, g, PACKED)), c)


def shipped(c: tuple, g: int):
    return as_finals(SE.shipped_entry(c, g, shape_of), c)


def as_finals(entry, c: tuple):
    """An entry's signatures, and each witness as its final counts packed with where it puts
    ghosts (a shipped one keeps None: the counts with those ghosts added); the shape id left
    out, the process's own number for the table."""
    if not entry:
        return entry
    flat = entry[2]
    finals = [w if w is not None else
              pack(tuple(n + dict(placed).get(r, 0) for r, n in enumerate(c)))
              for w, placed in zip(flat[::2], flat[1::2])]
    return entry[1], tuple(zip(finals, flat[1::2]))


@pytest.mark.parametrize("g", range(1, LOOKUP_MAX + 1))
def test_every_hundredth_row_reads_back_as_looked_up(g):
    rows = [unpack(v) for v in sorted(SE._readable(PACKED))[::101]]
    assert [c for c in rows if shipped(c, g) != looked_up(c, g)] == []


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=9, max_size=9).map(tuple),
       st.integers(1, LOOKUP_MAX))
def test_any_counts_read_as_looked_up(c, g):
    assert shipped(c, g) == looked_up(c, g)  # most cannot be read: no row, None


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(suits_less_some_tiles(4).filter(lambda cg: max(cg[0]) <= 4 and cg[1]))
def test_winning_suits_less_some_tiles_read_as_looked_up(suit):
    c, g = suit
    g = min(g, LOOKUP_MAX)
    assert shipped(c, g) == looked_up(c, g)


def _version_2(data: bytes) -> bytes:
    raw = bytearray(zlib.decompress(data))
    raw[4] = 2
    return zlib.compress(bytes(raw))


def _one_row_more(data: bytes) -> bytes:
    return zlib.compress(zlib.decompress(data) + b"\0\0")


DAMAGE = [pytest.param(lambda b: b"", id="empty"),
          pytest.param(lambda b: b[:len(b) // 2], id="cut short"),
          pytest.param(lambda b: b[:999] + bytes([b[999] ^ 1]) + b[1000:], id="one bit"),
          pytest.param(_version_2, id="another version"),
          pytest.param(_one_row_more, id="too long"),
          pytest.param(None, id="missing")]


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_or_missing_file_is_looked_up_instead(tmp_path, monkeypatch, damage):
    path = tmp_path / SE.NAME
    if damage is not None:
        path.write_bytes(damage(SHIPPED))
    monkeypatch.setattr(SE, "PATH", path)
    monkeypatch.setattr(SE, "_STATE", [])
    assert SE.load() is False
    assert SE.shipped_entry((1, 1, 0, 0, 0, 0, 0, 0, 0), 1, shape_of) is SE.MISSING
    monkeypatch.setattr(K, "_ENTRIES", {})
    monkeypatch.setitem(PT._plain_state, "packed", PACKED)
    c = (0, 1, 1, 0, 3, 0, 0, 1, 0)
    assert as_finals(K._entry(9, c, (0,) * 9, (4,) * 9, 3, "standard"), c) == looked_up(c, 3)


def test_a_hand_reads_the_same_without_the_file(monkeypatch):
    hands = ["125m2266688pCCCC", "6667m344777pCCCC", "3888p122228sCCCC", "7p234666899sCCCC",
             "334466m2299pCCCC", "233455m4456pCCCC"]
    monkeypatch.setattr(K, "_ENTRIES", {})
    monkeypatch.setitem(PT._plain_state, "packed", PACKED)
    with_file = [score(h).to_dict() for h in hands]
    monkeypatch.setattr(SE, "_STATE", [(None, None)])  # as with no file
    monkeypatch.setattr(K, "_ENTRIES", {})
    assert [score(h).to_dict() for h in hands] == with_file
