"""Property tests for the decomposer against a brute-force oracle and the reference lister."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore import context as C
from mjscore import score
from mjscore import tiles as T
from mjscore.decompose import readings
from mjscore.errors import MjscoreError
from mjscore.plain_suits import suit_plain
from mjscore.suit_programmes import suit_pairs, suit_standard
from mjscore.enumerate import all_readings
from mjscore.hand import read, read_any
from mjscore.patterns import physical_ghosts
from mjscore.reading import hand_tiles
from mjscore.robbing import ghost_room
from mjscore.ruleset import load

from . import reference_programme
from .oracle import brute_outcomes, corpus, full_ghost, outcomes
from .winning_hands import RULESETS, for_each_win, spoiled

LUZHOU = load("luzhou")
LUZHOU8 = load("luzhou", {"ghosts": 8})


def winning_tiles(rng: random.Random, n_ghosts: int, melds: int = 0) -> tuple[str, int]:
    """A random luzhou winning hand (two suits) with n ghosts substituted; text and win kind."""
    suits = rng.sample([0, 9, 18], 2)
    *groups, pair = corpus._groups(rng, suits)
    groups.sort(key=lambda g: g[0] != g[1])  # triplets first: only they can be declared here
    melds = min(melds, sum(1 for g in groups if g[0] == g[1]))
    concealed = sum(groups[melds:], []) + pair
    idx = rng.sample(range(len(concealed)), min(n_ghosts, len(concealed)))
    for i in idx:
        concealed[i] = T.C
    text = T.compact(T.sorted_kinds(concealed))
    for g in groups[:melds]:
        text += f" [{T.compact(g)}]"
    return text, concealed[-1]


def ctx_for(hand, rs):
    return C.make(hand, rs, ghosts_held=physical_ghosts(hand, rs))


def uses_exactly(reading, hand, rs) -> bool:
    """Naturals in the groups are the hand's naturals; ghost slots are the hand's ghosts."""
    natural, ghosts = [], 0
    for g in reading.groups:
        if g.meld:
            continue
        rest = list(g.tiles)
        for k in g.ghosts:
            rest.remove(k)
        natural += rest
        ghosts += len(g.ghosts)
    hand_nat = sorted(k for k in hand.concealed if k not in rs.ghost_kinds)
    return sorted(natural) == hand_nat and ghosts == len(hand.concealed) - len(hand_nat)


hands = st.builds(lambda seed, g, m: winning_tiles(random.Random(seed), g, m),
                  st.integers(0, 10 ** 9), st.integers(0, 2), st.sampled_from([0, 0, 1]))


@settings(max_examples=150, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(hands)
def test_best_agrees_with_brute_force(case):
    text, _ = case
    hand = read(text, LUZHOU)
    ctx = ctx_for(hand, LUZHOU)
    fast = outcomes(readings(hand, LUZHOU), hand, LUZHOU, ctx)
    assert fast, text
    assert fast == brute_outcomes(hand, LUZHOU, ctx), text


@settings(max_examples=150, derandomize=True, deadline=None)
@given(hands)
def test_every_reading_uses_exactly_the_hand(case):
    text, _ = case
    hand = read(text, LUZHOU)
    for r in readings(hand, LUZHOU):
        assert uses_exactly(r, hand, LUZHOU), (text, r.text())
        assert sum(r.counts) == 14 + sum(1 for m in hand.melds if m.kind == "kong")


@pytest.mark.parametrize("ghosts, rs, n", [
    pytest.param(3, LUZHOU, 60, id="3 ghosts"),
    pytest.param(4, LUZHOU, 40, id="4 ghosts"),
    pytest.param(6, LUZHOU8, 12, id="6 ghosts"),
    pytest.param(8, LUZHOU8, 8, id="8 ghosts"),
])
def test_best_agrees_with_reference_lister(ghosts, rs, n):
    rng = random.Random(ghosts)
    for _ in range(n):
        text, _ = winning_tiles(rng, ghosts)
        hand = read(text, rs)
        ctx = ctx_for(hand, rs)
        assert outcomes(readings(hand, rs), hand, rs, ctx) == \
            outcomes(all_readings(hand, rs, ctx.discard_type, ghost_room(rs, hand, ctx)), hand,
                     rs, ctx), text


@pytest.mark.parametrize("text", [
    pytest.param("111m123m456m78mCCC", id="three ghosts"),
    pytest.param("1m2mCCCC 456m 789p 11p", id="four ghosts"),
])
def test_three_and_four_ghosts_agree_with_brute_force(text):
    hand = read(text, LUZHOU)
    ctx = ctx_for(hand, LUZHOU)
    assert outcomes(readings(hand, LUZHOU), hand, LUZHOU, ctx) == \
        brute_outcomes(hand, LUZHOU, ctx)


@pytest.mark.parametrize("name, opts", RULESETS)
def test_every_ruleset_reads_as_brute_force(name, opts):
    # The luzhou-only properties above draw two suits and at most one pong. Here every shipped
    # ruleset's hands (`winning_hands`: declared pongs, kongs, chows, tosses and 中发白 sets,
    # ghosts in melds, seven pairs, one to three suits, 满鬼), some spoiled, in a drawn
    # situation (a 1s taken from another player stands in no 中发白 set): one reading per
    # signature finds every outcome every reading has. Brute force up to two ghosts; past
    # that, the reference lister (brute force tries too many assignments).
    rs = load(name, opts)

    def check(built, kw, data):
        hand_built = spoiled(built, rs, data)
        text, win = hand_built.text(), T.name(hand_built.win)
        try:
            ctx = score(text, rs, win=win, **kw).context
        except MjscoreError:
            if hand_built is built:  # (a winning hand as built is never refused)
                raise
            return  # a fifth copy, a kong draw with no kong left: refused, not read
        hand = read_any(text, rs, win=win)
        found = readings(hand, rs, None, ctx.discard_type, cand=ghost_room(rs, hand, ctx))
        # (A reading in a third suit may score as one in two: no outcome shows it.)
        assert all(len(r.suits) <= (rs.max_suits or 3) for r in found), (text, kw)
        fast = outcomes(found, hand, rs, ctx)
        if hand_tiles(hand, rs).ghosts <= 2:
            slow = brute_outcomes(hand, rs, ctx)
        else:  # (满鬼 the oracle's own, not the lister's: it shares the product's)
            slow = outcomes([r for r in all_readings(hand, rs, ctx.discard_type,
                                                     ghost_room(rs, hand, ctx))
                             if r.shape != "full_ghost"] + full_ghost(hand, rs), hand, rs, ctx)
        assert fast == slow, (text, kw)

    for_each_win(rs, check, 40)


def pairs_tiles(rng: random.Random, n_ghosts: int) -> str:
    """Seven pairs in two suits (a kind may give two pairs: 龙), n ghosts substituted."""
    suits = rng.sample([0, 9, 18], 2)
    while True:
        tiles = sum(([rng.choice(suits) + rng.randrange(9)] * 2 for _ in range(7)), [])
        if max(tiles.count(k) for k in tiles) <= 4:
            break
    for i in rng.sample(range(14), n_ghosts):
        tiles[i] = T.C
    return T.compact(T.sorted_kinds(tiles))


def random_tiles(rng: random.Random, n_ghosts: int) -> str:
    """Fourteen random tiles of two suits: mostly not a win."""
    suits = rng.sample([0, 9, 18], 2)
    while True:
        tiles = [rng.choice(suits) + rng.randrange(9) for _ in range(14 - n_ghosts)]
        if max(tiles.count(k) for k in tiles) <= 4:
            return T.compact(T.sorted_kinds(tiles + [T.C] * n_ghosts))


other_hands = st.one_of(
    st.builds(lambda seed, g: pairs_tiles(random.Random(seed), g),
              st.integers(0, 10 ** 9), st.integers(0, 2)),
    st.builds(lambda seed, g: random_tiles(random.Random(seed), g),
              st.integers(0, 10 ** 9), st.integers(0, 2)))


@settings(max_examples=150, derandomize=True, deadline=None)
@given(other_hands)
def test_seven_pairs_and_non_wins_agree_with_brute_force(text):
    hand = read(text, LUZHOU)
    ctx = ctx_for(hand, LUZHOU)
    assert outcomes(readings(hand, LUZHOU), hand, LUZHOU, ctx) == \
        brute_outcomes(hand, LUZHOU, ctx), text


def _steps(table: dict) -> list:
    """A suit table with its order: which signature comes first decides the witness kept."""
    return [(key, list(sigs.items())) for key, sigs in table.items()]


suit_counts = st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 14)


@settings(max_examples=400, derandomize=True)
@given(suit_counts, st.lists(st.sampled_from([0, 0, 0, 3, 4]), min_size=9, max_size=9))
def test_plain_search_matches_the_programme(c, melds):
    # With no ghost, the depth-first search and the dynamic programme find the same
    # signatures, in the same order, with the same witness for each.
    m = tuple(0 if c[r] + x > 4 else x for r, x in enumerate(melds))
    assert _steps(suit_plain(tuple(c), m)) == \
        _steps(suit_standard(tuple(c), m, (4,) * 9, 0))


def winning_suit(sets: list, pair) -> list:
    """Counts of a suit made of `sets` (0-8 a triplet of that rank, 9-15 a run from rank
    set - 9) and a pair at rank `pair` (None: no pair); a rank may pass four copies."""
    c = [0] * 9
    for s in sets:
        for r in ([s] * 3 if s < 9 else [s - 9, s - 8, s - 7]):
            c[r] += 1
    if pair is not None:
        c[pair] += 2
    return c


@settings(max_examples=300, derandomize=True)
@given(st.lists(st.sampled_from(range(16)), max_size=4), st.sampled_from([None, *range(9)]))
def test_plain_search_on_winning_suits(sets, pair):
    # Random counts are mostly not decomposable; these are, by construction.
    c = winning_suit(sets, pair)
    if max(c) <= 4:
        assert _steps(suit_plain(tuple(c), (0,) * 9)) == \
            _steps(suit_standard(tuple(c), (0,) * 9, (4,) * 9, 0))


@pytest.mark.parametrize("fast, reference, ordered", [
    pytest.param(suit_standard, reference_programme.suit_standard, True, id="sets and a pair"),
    pytest.param(suit_pairs, reference_programme.suit_pairs, False, id="seven pairs"),
])
def test_programme_matches_the_plain_reference(fast, reference, ordered):
    # A programme keeps, per signature, the reading the witness rule names: the same tables
    # and witnesses as walking every reading (and the same order, where it gives one).
    @settings(max_examples=400, derandomize=True, deadline=None)
    @given(suit_counts, st.lists(st.sampled_from([0, 0, 0, 3, 4]), min_size=9, max_size=9),
           # a ghost's room per rank: none, three copies (a flipped indicator), four
           st.lists(st.sampled_from([0, 3, 4, 4]), min_size=9, max_size=9),
           st.integers(0, 5))
    def check(c, melds, cand, gmax):
        m = tuple(0 if c[r] + x > 4 else x for r, x in enumerate(melds))
        args = (tuple(c), m, tuple(cand), gmax)
        got, want = fast(*args), reference(*args)
        assert (_steps(got) == _steps(want)) if ordered else got == want

    check()


@st.composite
def suits_less_some_tiles(draw, extra: int) -> tuple:
    """(counts, ghosts): a winning suit with some tiles taken out to be ghosts, and up to
    `extra` ghosts more: suits that can be read, where random counts mostly cannot."""
    c = winning_suit(draw(st.lists(st.sampled_from(range(16)), max_size=4)),
                     draw(st.sampled_from([None, *range(9)])))
    gone = 0
    for r in draw(st.lists(st.integers(0, 8), max_size=4)):
        if c[r]:
            c[r] -= 1
            gone += 1
    return tuple(c), gone + draw(st.integers(0, extra))


@settings(max_examples=300, derandomize=True, deadline=None)
@given(suits_less_some_tiles(4).filter(lambda cg: max(cg[0]) <= 4))
def test_programme_matches_the_reference_on_winning_suits_less_some_tiles(suit):
    # A winning suit with some tiles turned into ghosts: the readable case that matters.
    c, g = suit
    args = (c, (0,) * 9, (4,) * 9, g)
    assert _steps(suit_standard(*args)) == _steps(reference_programme.suit_standard(*args))
