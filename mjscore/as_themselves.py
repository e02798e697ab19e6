"""The chosen reading shown with its ghost-only pairs and triplets standing for the ghost tile
itself, where the ruleset lets a ghost be itself and nothing the win is worth changes.

The decomposer keeps one reading per signature, its ghosts at the lowest tiles (`decompose`,
`scoring.lowest_ghosts`), so a Guangdong hand holding 白白 as its pair read "P=1m+P=1m": the
same value, but no player holding 白白 calls it a pair of 1m. Said as "P=P+P=P" (README: a
ghost shows what it stands for), it is the pair on the table.
"""

from __future__ import annotations

from . import tiles as T
from .reading import Group, Reading
from .robbing import ghost_room
from .scoring import evaluate_all, lowest_ghosts

_SAME_KIND = ("pair", "triplet")


# The readings tied with the chosen one looked at for ghosts standing alone: a bound, as a
# hand of four ghosts may tie many (each is grouped, and evaluated where it gains).
_MOST_TIED = 32


def as_themselves(top, evs, h, rs, ctx):
    """`top` (the chosen Evaluation), or one of a reading tied with it (`evs`: the hand's
    evaluations) with each concealed pair or triplet made of ghosts alone standing for the
    ghost tile itself, where a ghost may (its room, `robbing.ghost_room`): the reading with
    the most ghosts so, the first in `best`'s order among those, if its evaluation, asked
    again (a house pattern may read the tiles), comes to the same patterns and value."""
    if len(rs.ghost_kinds) != 1:  # (several ghost kinds: `Reading.text_as_held` shows them)
        return top
    (g,) = rs.ghost_kinds
    if not rs.cand[g]:  # (luzhou's 红中 stands for suited tiles only: most hands end here)
        return top
    room = ghost_room(rs, h, ctx)
    if not room[g]:
        return top
    rank = (top.value, top.raw, top.computed, top.reading.shape)
    tied = [e for e in evs if e is not top and
            (e.value, e.raw, e.computed, e.reading.shape) == rank]
    tied.sort(key=lambda e: [-n for n in lowest_ghosts(e.reading.counts)])
    chosen, most = top, 0
    for e in [top] + tied[:_MOST_TIED]:
        alt, n = _standing_alone(e.reading, g, room[g])
        if n > most:
            (got,) = evaluate_all((alt,), h, ctx, rs)
            if _worth(got) == _worth(top):
                chosen, most = got, n
    return chosen


def _standing_alone(r, g: int, room: int) -> tuple:
    """(reading `r` with its ghost-only pairs and triplets standing for ghost kind `g`, up
    to `room` copies of it, and how many ghosts that moved)."""
    counts = list(r.counts)
    groups, moved = [], 0
    for grp in r.groups:
        n, k = len(grp.tiles), grp.tiles[0]
        if grp.meld or k == g or grp.kind not in _SAME_KIND or len(grp.ghosts) != n or \
                counts[g] + n > room:
            groups.append(grp)
            continue
        counts[k] -= n
        counts[g] += n
        groups.append(Group(grp.kind, (g,) * n, (g,) * n))
        moved += n
    if not moved:
        return r, 0
    # Laid out as the decomposer lays a reading out: sets, then pairs, each in tile order
    # (a stable sort keeps a triplet before the runs it starts), the melds last.
    sets = sorted([x for x in groups if not x.meld and x.kind != "pair"], key=_first_rank)
    pairs = sorted([x for x in groups if not x.meld and x.kind == "pair"], key=_first_rank)
    return Reading(r.shape, tuple(sets + pairs + [x for x in groups if x.meld]),
                   tuple(counts), has_run=r.has_run), moved


def _first_rank(grp) -> int:
    return T.DISPLAY_RANK[grp.tiles[0]]


def _worth(e) -> tuple:
    return e.value, e.raw, e.computed, e.cap, [(s.id, s.count) for s in e.hits]
