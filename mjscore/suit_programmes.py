"""The per-class programmes: a suit's (or honour's, or seven pairs') signatures, each with
one witness, for its tile counts, melds, the kinds a ghost may play and the ghost budget.

The witness rule. Of a class's readings with one signature under one key (ghosts spent, pair
or pairs), the witness is the one whose final counts (tiles held plus ghosts) are highest rank
by rank from rank 1: the ghosts standing for the lowest tiles, as `scoring.best` prefers
between readings. Among readings of those counts, it is the first in the search's order of
choices at each rank from rank 1 (no pair before the pair, no triplet before the triplet,
fewer runs first). Keys and signatures come sorted. So a class's table does not depend on how
it was found: `plain_suits` finds the same one by search or lookup.

See `decompose` for what a signature is and how the classes are combined.
"""

from __future__ import annotations

from .bounded import make_room, memo
from .reading import _ODD_BYTES


# Not memoised here: `classes.class_options`, their one caller, keeps their entries by the
# same arguments (`classes._ENTRIES`; a second table caught 1% of calls and doubled the memory).
def suit_standard(c: tuple, m: tuple, cand: tuple, gmax: int) -> dict:
    """{(ghosts, pair): {(n4, has_run, has_tiles, pair): choices}} for one suit of nine ranks.

    `c` natural concealed counts, `m` counts in declared melds, `cand` per rank the copies a
    ghost may make it up to (0: none; `rs.cand`), `gmax` the ghost budget. `choices` holds
    (runs started, triplet, pair, ghosts) per rank, the witness the module's rule names. A dynamic programme over the ranks whose state
    is the runs still open from the two ranks below, ghosts spent, pair used, and the
    signature so far (four-copy kinds, a run seen); a state keeps its best witness so far,
    since the best reading through a state starts with the best way to reach it.

    A state's moves at a rank depend only on the state and the rank's counts, so they are
    worked out once (`_moves`) and shared by every suit and hand: the same few thousand recur.
    States are numbers (see `_moves`), and so is a witness so far (`_ADD`): numbers are
    neither copied rank by rank nor walked by the garbage collector, and the kept states after
    the first ranks hold nothing else. Whether the suit has tiles is not part of the state:
    every natural tile is used, so it follows from the ghosts spent, and is added at the end.
    """
    key = (c[:_PREFIX], m[:_PREFIX], cand[:_PREFIX], gmax)
    states = _AFTER_PREFIX.get(key)
    if states is None:
        states = _advance({0: 0}, 0, _PREFIX, c, m, cand, gmax)
        make_room(_AFTER_PREFIX, 1 << 10)
        _AFTER_PREFIX[key] = states
    states = _advance(states, _PREFIX, 9, c, m, cand, gmax)
    best: dict = {}
    held = any(c) or any(m)
    most = 14 - sum(c)  # ghosts that leave the suit's tiles within a hand's fourteen
    for s, path in states.items():
        if not s & 63 and s >> 12 <= most:  # no run left open, within the fourteen
            gu, pu = s >> 12, s >> 6 & 1
            k = (gu, pu, (s >> 8 & 15, s >> 7 & 1, int(held or gu > 0), pu))
            if path > best.get(k, -1):
                best[k] = path
    out: dict = {}
    for (gu, pu, sig), path in sorted(best.items()):
        out.setdefault((gu, pu), {})[sig] = decode(path)
    return out


def decode(path: int) -> tuple:
    """A witness number (`_ADD`) as (runs started, triplet, pair, ghosts) per rank."""
    return tuple(_STEPS[(path >> ga & 7) * 20 + 31 - (path >> pa & 31)] for ga, pa in _AT)


# The states after the first ranks depend on those ranks' counts alone, which many suits
# share: they are kept by them, and a suit's programme starts from there.
_PREFIX = 5
_AFTER_PREFIX: dict = {}


def _advance(states: dict, lo: int, hi: int, c, m, cand, gmax: int) -> dict:
    """The programme's states after ranks lo..hi-1, from `states` (left as they are), each
    with its best witness so far (the larger number, `_ADD`)."""
    moves_of = _MOVES.get
    for r in range(lo, hi):
        nxt: dict = {}
        kept = nxt.setdefault  # a new state takes v in one call; a known one is compared
        cr, mr, wild, top = c[r], m[r], cand[r], r <= 6
        rank = cr | mr << 5 | wild << 10 | top << 13 | gmax << 14
        add = _ADD[r]
        for s, path in states.items():
            moves = moves_of(s << 24 | rank)
            if moves is None:
                moves = _moves(s, rank, cr, mr, wild, top, gmax)
            for k, step in moves:
                v = path | add[step]
                if v > kept(k, v):
                    nxt[k] = v
        states = nxt
    return states


_MOVES: dict = {}


def _moves(s: int, rank: int, cr: int, mr: int, wild: int, top: bool, gmax: int) -> tuple:
    """((next state, step), ...) from state `s` at a rank holding `cr` natural tiles and `mr`
    in melds; a step is its index in `_STEPS`.

    A state is a number: runs started one rank below (bits 0-2) and two below (3-5), pair
    used (6), a run seen (7), four-copy kinds (8-11), ghosts spent (12 up). A rank's key packs
    its natural count (bits 0-4), meld count (5-9), the copies a ghost may make it up to (10-12,
    0: none; `rs.cand`), whether a run may start there (13) and the ghost budget (14 up); the
    moves are kept under state << 24 | rank key."""
    a, b, pu, run, n4, gu = s & 7, s >> 3 & 7, s >> 6 & 1, s >> 7 & 1, s >> 8 & 15, s >> 12
    room = 4 - mr
    spare = gmax - gu if wild else 0
    # Ghosts never make the rank up past the copies that exist (`wild`: three of a flipped
    # indicator); the natural tiles are within them already.
    bound = min(room, max(wild - mr, cr)) if wild else room
    top_run = 4 if top else 0
    out = []
    for p in ((0, 1) if not pu else (0,)):
        for t in (0, 1):
            base = a + b + 3 * t + 2 * p
            if base > bound:
                break
            if base - cr > spare:
                continue
            # Runs starting here: enough to use every natural tile of this rank, at most
            # `spare` ghosts more, never past the copies there are (`bound`).
            s0 = max(cr - base, 0)
            while s0 <= min(bound - base, top_run, cr - base + spare):
                f = base + s0
                nxt = s0 | a << 3 | (pu | p) << 6 | (run or s0 > 0) << 7 | \
                    (n4 + (f == room)) << 8 | (gu + f - cr) << 12
                out.append((nxt, (f - cr) * 20 + _CHOICE_INDEX[s0, t, p]))
                s0 += 1
    make_room(_MOVES, 1 << 15)  # a few thousand are in use
    moves = _MOVES[s << 24 | rank] = tuple(out)
    return moves


# A rank's choices (runs started, triplet, pair) in the search's order, and every step
# (choices and ghosts) made once: witnesses share them, so a table's witnesses take 9
# references each, not 9 new tuples. Step g * 20 + i is choice i with g ghosts.
_CHOICES = [(s0, t, p) for p in range(2) for t in range(2) for s0 in range(5)]
_CHOICE_INDEX = {x: i for i, x in enumerate(_CHOICES)}
_STEPS = [x + (g,) for g in range(5) for x in _CHOICES]
# A witness so far is a number ordered as the witness rule orders readings, the larger the
# better: every rank's ghosts in three bits at a fixed place (rank 1 highest), above every
# rank's 31 - choice in five bits (rank 1 highest). A rank's step adds its bits at that rank's
# places: `_ADD[rank][step]`.
_AT = tuple((45 + 3 * (8 - r), 5 * (8 - r)) for r in range(9))
_ADD = [[g << ga | (31 - i) << pa for g in range(5) for i in range(20)] for ga, pa in _AT]


def suit_pairs(c: tuple, m: tuple, cand: tuple, gmax: int) -> dict:
    """Seven pairs in one class: {(ghosts, pairs): {(n4, tiles, pairs, gp): finals}}.

    `gp` counts ghosts in kinds holding a single pair (a pair of ghosts is a pattern in the
    English guide); `finals` is the final count per rank. The witnesses follow
    `suit_standard`'s rule (the finals highest rank by rank); the order is the programme's,
    which `classes._entry` sorts (with no ghost there is one reading).
    """
    # As in suit_standard, whether the class has tiles follows from the ghosts spent, and a
    # witness so far is a number: a rank's final count, 0, 2 or 4, as f >> 1 in two bits.
    # Each rank tries the most tiles first, so states are met best first (the first met is
    # kept): a state met earlier came from a better prefix, or the same one with more here.
    # A state is a number too (ghosts spent in bits 0-4, pairs 5-9, four-copy kinds 10-14,
    # ghosts in single pairs from 15), and a rank's moves add to it (`_pair_moves`): a fifth
    # faster than building and hashing a tuple per move. Every field fits: a hand of 14 tiles
    # holds at most 14 ghosts (the budget is never more, nor below 0), a class at most 18
    # pairs and 9 kinds of four.
    states = {0: 0}
    moves_of = _PAIR_MOVES.get
    for r in range(len(c)):
        key = (c[r], m[r], cand[r])
        moves = moves_of(key)
        if moves is None:
            moves = _pair_moves(*key)
        nxt: dict = {}
        for s, path in states.items():
            room = gmax - (s & 31)
            path <<= 2
            for g, add, half in moves:
                if g <= room and s + add not in nxt:
                    nxt[s + add] = path | half
        states = nxt
    out: dict = {}
    held = any(c)
    shifts = range(2 * len(c) - 2, -1, -2)
    for s, path in states.items():
        gu, pairs = s & 31, s >> 5 & 31
        out.setdefault((gu, pairs), {})[(s >> 10 & 31, int(held or gu > 0), pairs, s >> 15)] = \
            tuple((path >> t & 3) << 1 for t in shifts)
    return out


def pairs_open(c: tuple, gmax: int):
    """`suit_pairs` for a class with no meld where a ghost may play every rank, as
    `classes._entry` lists it: [(key, sig, finals, placed), ...], the finals highest rank by
    rank first (so the order `_entry` sorts `suit_pairs`' options into). None when the ghosts
    left after each odd count is made even could raise three pairs or more: then the
    programme is no slower.

    In closed form: each count is made even (a ghost on each odd one), which leaves at most
    two raises of two ghosts (a rank from 0 or 2 to 2 or 4, or from 0 to 4). The choices are
    met in the finals' order, so the first to reach a state is the programme's witness."""
    raw = bytes(c)
    got = pair_counts(raw)
    if got is None:
        return []
    c1, forced, pairs, n4, held = got
    spare = gmax - forced
    if spare < 0:
        return []
    raises = spare >> 1
    if raises > 2:
        return None
    base = raw.translate(_EVEN)  # each count made even
    mask = raw.translate(_ODD_BYTES)
    odd = _ODD_AT.get(mask)  # where the forced ghosts go
    if odd is None:
        odd = _ODD_AT[mask] = tuple([(i, 1) for i, n in enumerate(mask) if n])
    if not raises:  # (most classes) one reading: each odd count made even
        return [(*evened_option(got), tuple(base), odd)]
    base = list(base)
    # A raise puts two ghosts on a rank made even to 0 or 2: one holding no tile, one or two
    # (its count, as below 3), which alone says what the raise adds to the state (`_RAISE`);
    # a kind of four on an empty rank (raises == 2) adds (4, 1, 0). So of the programme's
    # choices in the finals' order (rank by rank: four there, that rank with each later one,
    # that rank alone; then none), the first to reach a state is the first rank of its kind
    # with the first later rank of each kind, and only those ranks are visited, found in C
    # (`bytes.find`): a later rank of a kind already met reaches no state first. (Trying
    # every pair of ranks took a fifth of a 4-ghost hand; walking every rank, half the time
    # of a class with a raise.)
    found: dict = {}  # (ghosts, kinds of four, ghosts in single pairs) -> choice, first met
    for r in sorted([r for r in map(raw.find, _COUNT_BYTES) if r >= 0]):
        k2, f2, s2 = _RAISE[c[r]]
        if raises == 2:
            if not c[r]:
                found.setdefault((4, 1, 0), ((r, 4),))
            for s in sorted([s for s in map(raw.find, _COUNT_BYTES, _PAST[r]) if s >= 0]):
                _k3, f3, s3 = _RAISE[c[s]]
                found.setdefault((4, f2 + f3, s2 + s3), ((r, 2), (s, 2)))
        found.setdefault((k2, f2, s2), ((r, 2),))
    found[0, 0, 0] = ()
    out = []
    for (k, fours, single), choice in found.items():
        k += forced
        up_pairs = pairs + (k - forced >> 1)
        finals, placed = base[:], dict(odd)
        for r, add in choice:
            finals[r] += add
            placed[r] = placed.get(r, 0) + add
        out.append(((k, up_pairs), (n4 + fours, int(held or k > 0), up_pairs, c1 + single),
                    tuple(finals), tuple(sorted(placed.items()))))
    return out


def pair_counts(raw: bytes) -> tuple | None:
    """(singles, ghosts forced (one on each odd count), pairs once each odd count is made
    even, kinds of four, whether a tile is held) of a class's counts as bytes; None where a
    count passes four. Counted in C, from how many ranks hold each count: where the ranks
    were walked in Python, the most common class (no ghost to spare) took 24,000
    instructions."""
    c1, c2, c3, c4 = raw.count(1), raw.count(2), raw.count(3), raw.count(4)
    held = len(raw) - raw.count(0)
    if held != c1 + c2 + c3 + c4:
        return None
    n4 = c3 + c4
    return c1, c1 + c3, c1 + c2 + 2 * n4, n4, held > 0


def evened_option(counts: tuple) -> tuple:
    """(key, signature) of the reading that makes each odd count even (`pair_counts`)."""
    c1, forced, pairs, n4, held = counts
    return (forced, pairs), (n4, int(held), pairs, c1)


# What a raise (two ghosts) adds at a rank holding 0, 1 or 2 tiles: (ghosts, kinds of four,
# ghosts in single pairs): a new pair of ghosts; a single made four (its one ghost no longer
# in a single pair); a pair made four.
_RAISE = ((2, 0, 2), (2, 1, -1), (2, 1, 0))
_COUNT_BYTES = (b"\0", b"\1", b"\2")  # a rank holding 0, 1 or 2 tiles, for bytes.find
_PAST = tuple((r + 1,) * 3 for r in range(9))  # past rank r: where a later rank is sought


_EVEN = bytes([0, 2, 2, 4, 4]).ljust(256, b"\0")  # a count made even (of 0-4)
_ODD_AT: dict = {}  # counts' `_ODD_BYTES` -> ((rank, 1), ...) for each odd one: 514 at most


_PAIR_MOVES: dict = {}


def _pair_moves(cr: int, mr: int, wild: int) -> tuple:
    """((ghosts, what the move adds to a `suit_pairs` state, final count >> 1), ...) for a
    rank holding `cr` natural tiles and `mr` in melds, which ghosts may make up to `wild`, the
    most tiles first: the same few recur in every class, so they are worked out once."""
    out = []
    for f in (4, 2, 0):
        g = f - cr
        if g < 0 or f + mr > 4 or g and f + mr > wild:
            continue
        out.append((g, g | (f >> 1) << 5 | (f == 4) << 10 | (g if f == 2 else 0) << 15, f >> 1))
    make_room(_PAIR_MOVES, 1 << 10)
    moves = _PAIR_MOVES[cr, mr, wild] = tuple(out)
    return moves


@memo(64)
def honour_standard(c: int, m: int, cand: int, gmax: int) -> dict:
    """An honour kind: nothing, a pair or a triplet (honours make no runs)."""
    out: dict = {}
    for f, pair in ((0, 0), (2, 1), (3, 0)):
        g = f - c
        if g < 0 or f + m > 4 or g and (f + m > cand or g > gmax):
            continue
        out.setdefault((g, pair), {})[(int(f + m == 4), 0, int(f + m > 0), pair)] = \
            ((0, int(f == 3), pair, g),)
    return out
