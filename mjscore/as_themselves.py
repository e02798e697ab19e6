"""The chosen reading shown with its ghost-only pairs and triplets standing for the ghost tile
itself, where the ruleset lets a ghost be itself and nothing the win is worth changes.

The decomposer keeps one reading per signature, its ghosts at the lowest tiles (`decompose`,
`scoring.lowest_ghosts`), so a Guangdong hand holding 白白 as its pair read "P=1m+P=1m": the
same value, but no player holding 白白 calls it a pair of 1m. Said as "P=P+P=P" (README: a
ghost shows what it stands for), it is the pair on the table.
"""

from __future__ import annotations

from itertools import chain, islice
from operator import itemgetter

from . import tiles as T
from .reading import Group, Reading, hand_tiles
from .robbing import ghost_room
from .scoring import evaluate_all, lowest_ghosts

_SAME_KIND = ("pair", "triplet")


# The readings tied with the chosen one looked at for ghosts standing alone, past the chosen
# one itself: a bound, as a hand of four ghosts may tie many (each is grouped to be looked at).
_MOST_TIED = 8


def as_themselves(top, evs, h, rs, ctx):
    """`top` (the chosen Evaluation), or one of a reading tied with it (`evs`: the hand's
    evaluations) with each concealed pair or triplet made of ghosts alone standing for the
    ghost tile itself, where a ghost may (its room, `robbing.ghost_room`): the reading with
    the most ghosts so (moved, or so already), then the one whose other ghosts stand for the
    lowest tiles (`best`'s order), then the chosen one and the others in the order the
    decomposer made them; the first of these whose evaluation, asked again (a house pattern
    may read the tiles), comes to the same patterns and value. With several ghost kinds
    (翻双鬼's 9m and 1m, a house rule's) each reading moves groups to one kind after another,
    no more ghosts standing as a kind than the hand holds of it (`Reading.text_as_held` then
    writes each as its own tile)."""
    kinds, room_of = [], None
    for g in rs.ghost_kinds if len(rs.ghost_kinds) == 1 else \
            sorted(rs.ghost_kinds, key=h.concealed.count, reverse=True):
        # (luzhou's 红中 stands for suited tiles only: most hands end here; a pair needs two.)
        held = h.concealed.count(g)
        if not rs.cand[g] or held < 2:
            continue
        if room_of is None:
            room_of = ghost_room(rs, h, ctx)
        room = min(room_of[g], 3)  # (four of `g` would be a four-of-a-kind)
        if room >= 2:
            kinds.append((g, room, held))
    if not kinds:
        return top
    rank = (top.value, top.raw, top.computed, top.reading.shape)
    tied = (e for e in evs if e is not top and (e.value, e.raw, e.computed,
                                                e.reading.shape) == rank)
    # The tiles no ghost changes: a reading's counts less these are where its ghosts stand.
    fixed = hand_tiles(h, rs).fixed
    own = [g for g, _room, _held in kinds]
    found = []  # (ghosts standing as a ghost kind, its final tiles' order, -place, alt, e, moved)
    for place, e in enumerate(chain((top,), islice(tied, _MOST_TIED))):
        # Grouped only where two ghosts or more stand for one kind it holds fewer than four
        # of, and two more may stand as a ghost kind (`_standing_alone`): a reading's groups
        # are made when asked for, and most tied readings have none to show.
        counts = e.reading.counts
        if all(counts[g] > room - 2 for g, room, _held in kinds) or not any(
                [c - f >= 2 and c < 4 for c, f in zip(counts, fixed)]):
            alt, n = e.reading, 0
        else:
            alt, n = _standing_alone(e.reading, kinds)
        # A reading whose ghosts stand as themselves already counts as one moved there: of
        # two showing as many, the one whose other ghosts stand lowest is shown (README "The
        # best reading"), not the first the decomposer made ("23m+C=4m" beside "C=1m 23m").
        standing = _alone(alt, own) if any([alt.counts[g] >= 2 for g in own]) else 0
        if standing:
            found.append((standing, lowest_ghosts(alt.counts), -place, alt, e, n))
    for _standing, _low, _place, alt, e, n in sorted(found, key=itemgetter(0, 1, 2),
                                                     reverse=True):
        got = e if not n else evaluate_all((alt,), h, ctx, rs)[0]
        if got is top or _worth(got) == _worth(top):
            return got
    return top


def _standing_alone(r, kinds: list) -> tuple:
    """(reading `r` with its ghost-only pairs and triplets standing for the ghost kinds
    `kinds` ((kind, room, held), ...) in turn: for each kind up to `room` copies of it, and
    as many ghosts standing for it as the hand holds of it (`held`: with one ghost kind
    every ghost is one); and how many ghosts that moved). Not a group whose kind it makes
    four of, nor one making four of a ghost kind: a four-of-a-kind made or lost changes what
    the reading is worth in every shipped ruleset (闺, 龙, Gui), and asking was three times
    in four a reading worth less (the guide's four-ghost hands)."""
    counts, groups, moved = list(r.counts), list(r.groups), 0
    own = {g for g, _room, _held in kinds}  # (a group standing for one of them is left)
    for g, room, held in kinds:
        standing = sum(grp.ghosts.count(g) for grp in groups if not grp.meld)
        for i, grp in enumerate(groups):
            n, k = len(grp.tiles), grp.tiles[0]
            if grp.meld or k in own or grp.kind not in _SAME_KIND or \
                    len(grp.ghosts) != n or counts[g] + n > room or counts[k] == 4 or \
                    standing + n > held:
                continue
            standing += n
            counts[k] -= n
            counts[g] += n
            groups[i] = Group(grp.kind, (g,) * n, (g,) * n)
            moved += n
    if not moved:
        return r, 0
    # Laid out as the decomposer lays a reading out: sets, then pairs, each in tile order
    # (a stable sort keeps a triplet before the runs it starts), the melds last.
    sets = sorted([x for x in groups if not x.meld and x.kind != "pair"], key=_first_rank)
    pairs = sorted([x for x in groups if not x.meld and x.kind == "pair"], key=_first_rank)
    return Reading(r.shape, tuple(sets + pairs + [x for x in groups if x.meld]),
                   tuple(counts), has_run=r.has_run), moved


def _alone(r, own: list) -> int:
    """Ghosts in reading `r`'s concealed pairs and triplets of ghosts alone standing as a
    ghost kind of `own`."""
    return sum([len(grp.tiles) for grp in r.groups if not grp.meld and grp.kind in _SAME_KIND
                and grp.tiles[0] in own and len(grp.ghosts) == len(grp.tiles)])


def _first_rank(grp) -> int:
    return T.DISPLAY_RANK[grp.tiles[0]]


def _worth(e) -> tuple:
    return e.value, e.raw, e.computed, e.cap, [(s.id, s.count) for s in e.hits]
