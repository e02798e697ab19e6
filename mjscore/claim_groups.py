"""Several claims on one tile. A discard or a robbed kong claimed by several seats may be
written as one win event (`win: [S, N]`) or as win events one after another, each naming its
seat, the same tile from the same seat: either way it is one claim, settled in turn order from
the seat the tile came from, however the record lists the claimants."""

from __future__ import annotations

from . import context as C
from .record import event_tile

SEATS = C.SEATS


def downstream(discarder: str) -> list:
    """The other seats in the order they would claim a discard, nearest first."""
    i = SEATS.index(discarder)
    return [SEATS[(i + d) % 4] for d in (1, 2, 3)]


def turn_order(frm: str, seats) -> list:
    """`seats` nearest downstream of `frm` first; one that is no seat (refused where it is
    read) last, in the order given."""
    return sorted(seats, key=lambda s: (SEATS.index(s) - SEATS.index(frm)) % 4
                  if s in SEATS else 4)


def _same_claim(rec, e, ev) -> bool:
    f, g = e.fields, ev.fields
    return e.type == "win" and f.get("from") == g.get("from") and \
        bool(f.get("rob_kong")) == bool(g.get("rob_kong")) and \
        (f.get("tile") == g.get("tile") or event_tile(e, rec.label) == event_tile(ev, rec.label))


def claim_group(rec, ev) -> tuple:
    """Win event `ev` with the win events written right next to it that claim the same tile
    from the same seat (a discard, or a kong robbed: `rob_kong` alike), in record order; `ev`
    alone where none do, or where it names no `from:` (a self-draw is no claim). Anything
    written between two wins (a pass, say) makes them two claims: the first was settled
    before it."""
    if ev.type != "win" or ev.fields.get("from") not in SEATS:
        return (ev,)
    events = rec.events
    lo = hi = ev.number - 1
    while lo > 0 and _same_claim(rec, events[lo - 1], ev):
        lo -= 1
    while hi + 1 < len(events) and _same_claim(rec, events[hi + 1], ev):
        hi += 1
    return events[lo:hi + 1]


def claim_seats(group) -> list:
    """(seat, its win event) for every seat a claim group lists, in turn order from the seat
    the tile came from (record order where it names no seat: a self-draw)."""
    pairs = [(s, e) for e in group for s in e.seats]
    frm = group[0].fields.get("from")
    if frm not in SEATS:
        return pairs
    order = turn_order(frm, [s for s, _ in pairs])
    return sorted(pairs, key=lambda p: order.index(p[0]))
