"""The table of every readable suit (`plain_suits.complete_suits`) says what the search says,
and a hand read through it reads exactly as one read suit by suit (issue 8)."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore import classes as K
from mjscore import decompose as D
from mjscore import plain_suits as P
from mjscore import plain_table as PT
from mjscore.suit_programmes import honour_standard
from mjscore.tiles import CLASSES
from mjscore.errors import MjscoreError
from mjscore.hand import read
from mjscore.witness import class_groups, first_reading
from mjscore.plain_suits import (LOOKUP_MAX, complete_suits, pack,
                                 packed_suits, suit_plain, unpack)
from mjscore.plain_suits import _make_spreads as spreads
from mjscore.suit_index import base5, index_of
from mjscore.suit_programmes import pairs_open, suit_pairs
from mjscore import score
from mjscore.ruleset import load

from .oracle import corpus
from .test_decompose_props import suits_less_some_tiles
from .threads import in_threads
from .winning_hands import RULESETS

TABLE = complete_suits()
# Hands holding a concealed 中发白 set (Lanzhou reads it apart from the suits), with no ghost.
# (The last two use 1s for a dragon: the groups must come from the tiles left by the sets.)
SET_HANDS = ["123m456m789m11pCFP", "111m234m99pCFP 1sFP", "123m456m789mCFP 11p",
             "456p11888sCCFFPP", "22m111333sCCFFPP"]
HONOUR_HANDS = ["111m234m567pEEENN", "123m456p789sSSSWW", "19m19p19sESWNFFPP"]  # where used
NO_MELDS = (0,) * 9


def tables(c: tuple) -> tuple:
    return tuple((key, sig) for key, sigs in suit_plain(c, NO_MELDS).items() for sig in sigs)


def test_every_entry_is_the_search_s_own():
    # Signatures and their order (the order decides which witness a reading keeps).
    assert [c for c, sigs in TABLE.items() if sigs != tables(c)] == []


def test_the_table_is_made_without_searching_a_suit(monkeypatch):
    # How a suit was built says which signatures it has: searching the 265 suits readable
    # both with and without a run took half the time a batch waits for the table.
    monkeypatch.setattr(P, "suit_plain", None)
    assert packed_suits() == {pack(c): sigs for c, sigs in TABLE.items()}


def test_every_entry_s_witnesses_are_found_one_by_one():
    # A table entry's witness is searched for the one signature a reading asks for.
    assert [c for c, sigs in TABLE.items()
            if [first_reading(c, sig) for _key, sig in sigs] !=
            [w for table in suit_plain(c, NO_MELDS).values() for w in table.values()]] == []


@settings(max_examples=3000, derandomize=True)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: 0 < sum(c) <= 14))
def test_a_suit_is_in_the_table_exactly_when_it_can_be_read(c):
    c = tuple(c)
    assert (c in TABLE) == bool(suit_plain(c, NO_MELDS))


def fresh_lookups(monkeypatch, whole_table) -> None:
    """The lookups as a fresh process has them; with `whole_table`, as a process that has
    searched enough suits has them, or with "worker", as a batch's forked worker does (the
    table alone, plain suits read off it as met)."""
    monkeypatch.setattr(PT, "_PLAIN", {})
    # Emptied in place: `classes` reads the same dict (the table made, for its lookups).
    for key, value in {"misses": 0, "full": None, "packed": None, "entries": None}.items():
        monkeypatch.setitem(PT._plain_state, key, value)
    monkeypatch.setattr(K, "_ENTRIES", {})  # entries made afresh
    if whole_table == "worker":
        PT.make_table()
    elif whole_table:
        PT.fill_plain()


def described(hand, rs) -> list:
    return [(r.text(), r.sig, r.counts, r.has_run, r.shape) for r in D.readings(hand, rs)]


@pytest.mark.parametrize("table", [True, "worker"], ids=["whole table", "worker"])
@pytest.mark.parametrize("name, opts", RULESETS)
def test_the_table_reads_as_the_search(monkeypatch, name, opts, table):
    rs = load(name, opts)
    general = replace(rs, plain_lookup=False)  # readings() takes its general path
    hands = []
    texts = [t for kind in ("no ghosts", "seven pairs", "kongs", "1-2 ghosts")
             for t in corpus.corpus(kind, 60, 11)] + SET_HANDS + HONOUR_HANDS
    # Past the shipped rows' four ghosts a suit (ghosts=8): read by the programme either way.
    texts += corpus.corpus("8 ghosts", 20, 11)
    for text in texts:
        try:
            hands.append(read(text, rs))
        except MjscoreError:
            pass  # a tile this ruleset does not use
    fresh_lookups(monkeypatch, False)
    searched = [described(h, general) for h in hands]
    fresh_lookups(monkeypatch, table)
    assert [described(h, rs) for h in hands] == searched
    assert [described(h, general) for h in hands] == searched


@pytest.mark.parametrize("start", [False, "worker"], ids=["fresh", "worker"])
def test_the_table_is_made_once_enough_suits_were_searched(monkeypatch, start):
    # A batch's worker starts with the table alone and reads plain suits off it; one that
    # meets many makes the whole table as a fresh process does.
    monkeypatch.setattr(PT, "_TABLE_AFTER", 3)
    fresh_lookups(monkeypatch, start)
    rs = load("luzhou")
    for text in ("123m456m789m11p234p", "111m456m789m22p345p"):  # three suits searched
        assert PT._plain_state["full"] is None
        D.readings(read(text, rs), rs)
    assert PT._plain_state["full"] is PT._PLAIN and len(PT._PLAIN) >= len(TABLE)


def test_threads_meeting_the_table_being_made_read_the_same(monkeypatch):
    # The table is made while other threads look suits up: none may find it half made.
    rs = load("luzhou")
    hands = [read(t, rs) for t in corpus.corpus("no ghosts", 150, 12)]
    expected = [described(h, rs) for h in hands]
    fresh_lookups(monkeypatch, False)
    monkeypatch.setattr(D, "_PLAIN_FOUND", {})
    monkeypatch.setattr(PT, "_TABLE_AFTER", 40)
    results = in_threads(lambda _i: [described(h, rs) for h in hands])
    assert PT._plain_state["full"] is not None
    assert all(r == expected for r in results)


def test_a_set_hand_scores_the_same_with_the_table(monkeypatch):
    fresh_lookups(monkeypatch, False)
    before = score("123m456m789m11pCFP", rules="lanzhou", declared=True)
    fresh_lookups(monkeypatch, True)
    after = score("123m456m789m11pCFP", rules="lanzhou", declared=True)
    assert after.to_dict() == before.to_dict()


PACKED = packed_suits()
ANY_RANK = (4,) * 9  # a ghost may make every rank up to four copies


def entry(c: tuple, g: int, packed) -> tuple | None:
    """A suit's class entry made with or without the table, each witness as the groups it
    prints (ghosts included) and where it puts ghosts."""
    PT._plain_state["packed"] = packed
    try:
        got = K._entry(9, c, NO_MELDS, ANY_RANK, g, "standard")
    finally:
        PT._plain_state["packed"] = None
    if got is None:
        return None
    return got[0], got[1], [(class_groups(got, CLASSES[0][1], c, i, "standard"),
                             K.ghosts_placed(got, i)) for i in range(len(got[1]))]


@settings(max_examples=800, derandomize=True, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 14),
       st.integers(1, LOOKUP_MAX))
def test_a_suit_with_ghosts_looks_up_what_the_programme_finds(c, g):
    # Signatures, their order, each witness and where it puts ghosts: a hand reads the same
    # whether or not the table was made before it.
    c = tuple(c)
    assert entry(c, g, PACKED) == entry(c, g, None)


@settings(max_examples=800, derandomize=True, deadline=None)
@given(suits_less_some_tiles(2).filter(lambda cg: max(cg[0]) <= 4 and cg[1]))
def test_a_winning_suit_less_some_tiles_looks_up_what_the_programme_finds(suit):
    # Random counts are mostly unreadable; these have readings with the tiles taken as ghosts.
    c, g = suit
    g = min(g, LOOKUP_MAX)
    assert entry(c, g, PACKED) == entry(c, g, None)


def ghost_hands(rs, n: int, seed: int) -> list:
    """Winning hands with three or four of their tiles turned into `rs`'s ghost, some with
    a kong, some seven pairs; and a few with honours."""
    import random
    from mjscore import tiles as T
    rng = random.Random(seed)
    letter = T.name(min(rs.ghost_kinds))
    texts = [corpus.standard(rng, rng.choice([3, 4]), kongs=rng.choice([0, 0, 1]))
             for _ in range(n)]
    texts += [corpus.seven_pairs(rng, rng.choice([3, 4])) for _ in range(n // 4)]
    texts = [t.replace("C", letter) for t in texts]
    return texts + [t.replace("G", letter) for t in
                    ("EEES123m456p7pGGG", "EEE123m456p77pGGG", "CCF123m456p7pGGGG")]


# Rulesets with a ghost, and a two-suit limit (luzhou) or none (guangdong, with honours).
GHOST_RULESETS = [p for p in RULESETS if p.id != "lanzhou"]


@pytest.mark.parametrize("name, opts", GHOST_RULESETS)
def test_budgets_and_suits_left_out_change_no_reading(monkeypatch, name, opts):
    # Each class spends at most the ghosts the others leave, and a suit with no tile is left
    # out once the hand holds its limit of suits: the same readings, in the same order, to
    # the same scores as with every class searched at the whole budget.
    rs = load(name, opts)
    hands = []
    for text in ghost_hands(rs, 120, 14):
        try:
            hands.append(read(text, rs))
        except MjscoreError:
            pass  # a tile this ruleset does not use, or one copy too many
    assert len(hands) > 100

    def seen() -> list:
        fresh_lookups(monkeypatch, True)
        return [([row[:1] + row[2:] for row in described(h, rs)],  # signature numbers aside
                 score(h, rs).to_dict()) for h in hands]

    pruned = seen()
    monkeypatch.setattr(K, "_budgets", lambda held, g, shape: [g] * len(held))
    monkeypatch.setattr(D, "class_options", lambda *args: K.class_options(*args[:5]))
    assert seen() == pruned



def test_a_suit_read_as_sets_and_a_pair_makes_one_entry_whatever_the_other_suits_need(monkeypatch):
    # 12345m needs one ghost; 11234p none, 11237p three: read at the whole budget, not at what
    # the other suit leaves it (4, then 1), its counts make one entry.
    fresh_lookups(monkeypatch, True)
    rs = load("luzhou")
    for text in ("12345m11234pCCCC", "12345m11237pCCCC"):
        D.readings(read(text, rs), rs)
    c = (1, 1, 1, 1, 1, 0, 0, 0, 0)
    parts = K._spans(K._NO_MELDS, rs.cand)[0][7]  # (the characters' number)
    kept = [(b, shape) for b in range(5) for shape in ("standard", "seven_pairs")
            if K.entry_key(c, parts, b, shape) in K._ENTRIES]
    assert kept == [(4, "standard")]


def counts_and_ghosts(most: int):
    """(an honour's or a suit's counts, 0-5 each, a ghost budget of 0 to `most`)."""
    return st.sampled_from([1, 9]).flatmap(
        lambda n: st.tuples(st.lists(st.integers(0, 5), min_size=n, max_size=n).map(tuple),
                            st.integers(0, most)))


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(counts_and_ghosts(8))
def test_seven_pairs_in_closed_form_list_what_the_programme_finds(cg):
    # Signatures, witnesses, where each puts ghosts, and their order: as `_entry` lists the
    # programme's options, wherever the closed form answers (not None: too many ghosts).
    c, g = cg
    got = pairs_open(c, g)
    if got is None:
        return
    n = len(c)
    opts = suit_pairs(c, (0,) * n, (4,) * n, g)
    want = [(key, sig, w, K._placed(c, w, "seven_pairs")) for key, table in opts.items()
            for sig, w in table.items()]
    if g:
        want.sort(key=lambda o: (K._preference(o[3], n), o[0], o[1]))
    assert got == want


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(counts_and_ghosts(4))
def test_a_seven_pairs_class_worked_out_on_the_spot_is_the_entry_it_would_be_kept_as(cg):
    # Where `pairs_entry` answers, its entry is `_entry`'s: the same signatures and ghosts
    # placed, its witness (ON_COUNTS) read back to the same groups; where it does not (a raise,
    # a count past four), the class is looked up as before.
    c, g = cg
    n = len(c)
    got = K.pairs_entry(c, g)
    want = K._entry(n, c, (0,) * n, (4,) * n, g, "seven_pairs")
    if got is K._SLOW:
        assert max(c) > 4 or g - sum(x & 1 for x in c) > 1
        return
    if want is None:
        assert got is None
        return
    assert got[:2] == want[:2] and got[2][1::2] == want[2][1::2]
    kinds = tuple(range(n))
    assert [class_groups(got, kinds, c, p, "seven_pairs") for p in range(len(got[1]))] == \
        [class_groups(want, kinds, c, p, "seven_pairs") for p in range(len(want[1]))]


def test_the_suit_index_numbers_its_tables_in_five_bits():
    # suit_lookup keys (tile count, table number) as count << 5 | number.
    keys = index_of(PACKED, spreads()[0])[2]
    assert 1 < max(key & 31 for key in keys) == len(set(PACKED.values())) < 32


def test_the_suit_index_names_each_complete_suit_by_its_counts_tiles_and_signatures():
    view, _getters, keys, suits, sigs_of = index_of(PACKED, spreads()[0])
    for v, table in PACKED.items():
        x = view[base5(v)]
        assert (suits[x], keys[x] >> 5, sigs_of[x]) == \
            (v, sum(unpack(v)), tuple(sig for _key, sig in table))



@pytest.mark.parametrize("c", [(0,) * 9, (1, 1, 0, 0, 0, 0, 0, 0, 2), (4, 0, 3, 1, 1, 1, 0, 0, 0),
                               (0, 0, 0, 0, 0, 0, 0, 4, 4)], ids=str)
def test_the_suit_index_reads_a_suit_s_spreads_in_the_order_they_are_listed(c):
    # One format reads the cells at rising offsets: the spreads, listed with the most ghosts
    # at the lowest ranks first, must fall, and the cells come out in their reverse order.
    merged = spreads()[0]
    view, readers, _keys, _suits, _sigs = index_of(PACKED, merged)
    v = base5(pack(c))
    for g, by_held in enumerate(merged):
        for held, listed in enumerate(by_held):
            want = tuple(view[v + base5(d)] for d in listed)
            assert tuple(reversed(readers[g][held](view, 2 * v))) == want, (g, held)

def test_the_table_is_every_suit_of_sets_and_a_pair_with_the_search_s_signatures():
    # Made the obvious way: every choice of up to four sets (with repeats) and at most one
    # pair, with no rank past four copies, each suit's table searched. The table must hold
    # exactly these, equal tables as one shared object (12 of them).
    sets = [(r, 3) for r in range(9)] + [(r, 1, 1, 1) for r in range(7)]
    suits = set()
    for k in range(5):
        for chosen in combinations_with_replacement(sets, k):
            for pair in [None, *range(9)]:
                c = [0] * 9
                for r, *adds in chosen:
                    for i, n in enumerate(adds):
                        c[r + i] += n
                if pair is not None:
                    c[pair] += 2
                if any(c) and max(c) <= 4:
                    suits.add(tuple(c))
    assert PACKED == {sum(n << 4 * r for r, n in enumerate(c)): tables(c) for c in suits}
    assert len(set(map(id, PACKED.values()))) == len(set(PACKED.values())) == 12


# An honour kind's options by hand: {(ghosts, pair): {signature: witnesses}}, the signature
# (four copies?, 0, holds tiles?, pair) and a witness (0, triplet?, pair, ghosts). A concealed
# triplet is no four of a kind; a ghost may make a pair a triplet, two make nothing a pair.
@pytest.mark.parametrize("held, ghosts, options", [
    pytest.param(3, 0, {(0, 0): {(0, 0, 1, 0): ((0, 1, 0, 0),)}}, id="a triplet, not four"),
    pytest.param(2, 0, {(0, 1): {(0, 0, 1, 1): ((0, 0, 1, 0),)}}, id="a pair"),
    pytest.param(2, 1, {(0, 1): {(0, 0, 1, 1): ((0, 0, 1, 0),)},
                        (1, 0): {(0, 0, 1, 0): ((0, 1, 0, 1),)}}, id="a pair, or a ghost's triplet"),
    pytest.param(0, 2, {(0, 0): {(0, 0, 0, 0): ((0, 0, 0, 0),)},
                        (2, 1): {(0, 0, 1, 1): ((0, 0, 1, 2),)}}, id="nothing, or two ghosts' pair"),
])
def test_an_honours_options(held, ghosts, options):
    assert honour_standard(held, 0, 4, ghosts) == options
