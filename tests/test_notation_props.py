"""Property tests for the notation parser (CONTRACT "Hand notation"; issue 2: `format(parse(x))`
gives a canonical string, and parsing that string again is identical)."""

from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mjscore import tiles as T
from mjscore.errors import NotationError
from mjscore.notation import _parse_fast, _parse_slow, format, parse

CN_NUM = "一二三四五六七八九"
SUIT_WRITINGS = {"m": ["m", "万", "萬"], "p": ["p", "筒", "饼", "餅"], "s": ["s", "条", "條", "索"]}
HONOUR_WRITINGS = {
    "E": ["E", "1z", "东", "東", "东风", "東風"], "S": ["S", "2z", "南", "南风", "南風"],
    "W": ["W", "3z", "西", "西风", "西風"], "N": ["N", "4z", "北", "北风", "北風"],
    "P": ["P", "5z", "白", "白板"], "F": ["F", "6z", "发", "發", "青发", "发财", "發財"],
    "C": ["C", "7z", "中", "红中", "紅中"],
}
SETTINGS = dict(max_examples=150, derandomize=True, deadline=None)


@st.composite
def suited_run(draw):
    """A run of suited tiles sharing one suit: `123m`, `五六筒`, `9条`; (text, kinds)."""
    suit = draw(st.sampled_from("mps"))
    ranks = draw(st.lists(st.integers(1, 9), min_size=1, max_size=4))
    digits = "".join(draw(st.sampled_from([str(r), CN_NUM[r - 1]])) for r in ranks)
    return digits + draw(st.sampled_from(SUIT_WRITINGS[suit])), [T.kind(suit, r) for r in ranks]


@st.composite
def z_run(draw):
    ranks = draw(st.lists(st.integers(1, 7), min_size=1, max_size=3))
    return "".join(map(str, ranks)) + "z", [T.kind("z", r) for r in ranks]


@st.composite
def honour(draw):
    letter = draw(st.sampled_from(sorted(HONOUR_WRITINGS)))
    return draw(st.sampled_from(HONOUR_WRITINGS[letter])), [T.honour(letter)]


@st.composite
def yaoji(draw):
    """幺鸡, the Lanzhou name of 1s (小鸡满天飞), in either script and either 幺/么."""
    return draw(st.sampled_from(["幺鸡", "么鸡", "幺雞", "么雞"])), [T.kind("s", 1)]


token = st.one_of(suited_run(), suited_run(), z_run(), honour(), yaoji())
sep = st.sampled_from(["", "", " ", "  "])


@st.composite
def tiles_text(draw, min_tokens=1, max_tokens=5):
    parts, kinds = [], []
    for text, ks in draw(st.lists(token, min_size=min_tokens, max_size=max_tokens)):
        parts.append(text + draw(sep))
        kinds += ks
    return "".join(parts).rstrip(), kinds


@st.composite
def meld(draw):
    opener = draw(st.sampled_from("[({"))
    text, kinds = draw(tiles_text(1, 3))
    close = {"[": "]", "(": ")", "{": "}"}[opener]
    return opener + text + close, (opener, tuple(sorted(kinds)))


@st.composite
def hand_text(draw):
    """A hand written with every notation CONTRACT allows: (text, concealed kinds in writing
    order, melds as (bracket, sorted kinds))."""
    pieces, concealed, melds = [], [], []
    for _ in range(draw(st.integers(1, 5))):
        if draw(st.booleans()):
            text, kinds = draw(tiles_text())
            concealed += kinds
        else:
            text, m = draw(meld())
            melds.append(m)
        pieces.append(text + draw(sep))
    return "".join(pieces), concealed, melds


@settings(**SETTINGS)
@given(hand_text())
def test_parse_reads_exactly_the_tiles_written(case):
    text, concealed, melds = case
    p = parse(text)
    assert p.concealed == tuple(sorted(concealed))
    assert p.win == (concealed[-1] if concealed else None)
    assert Counter((m.bracket, m.tiles) for m in p.melds) == Counter(melds)


@settings(**SETTINGS)
@given(hand_text())
def test_round_trip_and_letters_only(case):
    p = parse(case[0])
    canonical = format(p)
    assert parse(canonical) == p
    assert format(parse(canonical)) == canonical
    # output always uses letters (CONTRACT)
    assert set(canonical) <= set("123456789mps" + "ESWNCFP" + "[](){} ")
    assert "z" not in canonical


# arbitrary text built from the notation's own characters and some others
ALPHABET = ("0123456789mpszqESWNCFPX[](){}  \t" + CN_NUM + "十万萬筒饼条條索中发發白板东南西北红紅青"
            + "é٣²Ⅷ")


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.one_of(st.text(alphabet=ALPHABET, max_size=24), st.text(max_size=16)))
def test_arbitrary_text_parses_or_raises_notation_error(text):
    try:
        p = parse(text)
    except NotationError as e:
        assert str(e).startswith("invalid hand: ")
        assert "\n" not in str(e)
        return
    canonical = format(p)
    assert parse(canonical) == p
    assert format(parse(canonical)) == canonical


# the fast reader (one regular expression, for the common case) reads what the full reader
# reads, or leaves the text to it: never a crash, never a tile dropped or misread
@settings(max_examples=1500, derandomize=True, deadline=None)
@given(st.text(alphabet="123456789mpsz ESWNCFP[](){}\t\u3000é", max_size=24))
@example("123m456m789m11p [888z]")
@example("123m456m789m11p 89z")
@example("123m\t456m\u3000789m 11p")
@example("123m456m789m11pé")
@example("123m456m789m11p [1 234m]")
@example("[5p 5p 5p] 11m")
def test_the_fast_reader_reads_as_the_full_reader_or_leaves_it_the_text(text):
    fast = _parse_fast(text)
    if fast is not None:
        assert fast == _parse_slow(text)


# -- a few fixed examples of the same properties ---------------------------------------------
@pytest.mark.parametrize("text, canonical", [
    pytest.param("111m123m456m789m C 5p", "111123456789mC 5p", id="letters, win last"),
    pytest.param("一二三万 5筒 9条 中", "123m5p9sC", id="Chinese numerals and suits"),
    pytest.param("东南西北 红中 白板 發", "ESWNCP F", id="Chinese honours, 發 last"),
    pytest.param("1234567z", "ESWNFP C", id="z digits: 5z 白 6z 發 7z 中"),
    pytest.param("5m123m", "125m 3m", id="the last tile written stays last"),
    pytest.param("[555p] 22m (4444s) {7777m} 23m", "2223m [555p] (4444s) {7777m}",
                 id="melds after the concealed tiles"),
    pytest.param("[55pC] 11m", "11m [55pC]", id="a ghost inside a meld"),
    pytest.param("5m123m [555p]", "125m 3m [555p]", id="the last tile set apart, then melds"),
    pytest.param("C11m", "1mC 1m", id="a suited tile set apart after an honour"),
    pytest.param("[555p]", "[555p]", id="melds only"),
])
def test_canonical_examples(text, canonical):
    assert format(parse(text)) == canonical
    assert parse(canonical) == parse(text)


# `tiles.written` writes sorted tiles in a few C calls: exactly what sorting them and writing
# them tile by tile (`compact(sorted_kinds(...))`) gives.
@settings(max_examples=600, derandomize=True, deadline=None)
@given(st.lists(st.integers(0, T.NUM_KINDS - 1), max_size=18))
def test_written_is_compact_of_sorted_kinds(kinds):
    assert T.written(kinds) == T.compact(T.sorted_kinds(kinds))


@pytest.mark.parametrize("kinds, text", [
    pytest.param((), "", id="no tile"),
    pytest.param((T.P, T.F, T.C, T.E), "ECFP", id="honours only, 中 發 白 order"),
    pytest.param((18, 0), "1m1s", id="no p: its letter dropped"),
    pytest.param((26, 9, 9), "11p9s", id="no m"),
    pytest.param((8, 9, T.C), "9m1pC", id="no s, honours after"),
    pytest.param((17, 16, 15), "789p", id="one suit, unsorted"),
])
def test_written_examples(kinds, text):
    assert T.written(kinds) == text


@pytest.mark.parametrize("text, canonical", [
    pytest.param("[中发幺鸡] 123m456m999p55p", "123456m5999p 5p [1sCF]", id="yaoji-in-a-toss"),
    pytest.param("幺鸡么鸡幺雞 123m", "12m111s 3m", id="yaoji-every-writing"),
    pytest.param("九条幺鸡", "9s 1s", id="beside-a-chinese-suit"),
])
def test_yaoji_is_1s(text, canonical):
    assert format(parse(text)) == canonical
