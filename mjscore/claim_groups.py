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


def first_listings(pairs) -> dict:
    """{seat: the win event listing it first} of a claim's (seat, event) pairs: a seat's claim;
    a later listing of it claims the tile twice."""
    first: dict = {}
    for s, e in sorted(pairs, key=lambda p: p[1].number):
        first.setdefault(s, e)
    return first


def _from(frm: str):
    """The sort key of a seat's place downstream of `frm`: one that is no seat (refused where
    it is read) last."""
    return lambda s: (SEATS.index(s) - SEATS.index(frm)) % 4 if s in SEATS else 4


# The claims of the last record read: (its events, a win's index -> the (first, last) index of
# its claim, a claim's first event number -> its `claim_seats`). A record's checks ask each
# event's claim several times; read afresh each time, a record of hundreds of wins on one tile
# took seconds. (One record only: a batch holds no more than the record it settles.)
_LAST: tuple = (None, {}, {})  # (replaced whole, as threads may share it; its seats only grow)


def _claims(rec) -> tuple:
    global _LAST
    last = _LAST
    if last[0] is not rec.events:
        bounds, key, start = {}, None, 0
        for i, e in enumerate(rec.events):
            f = e.fields
            k = (f.get("from"), bool(f.get("rob_kong")), event_tile(e, rec.label)) \
                if e.type == "win" and f.get("from") in SEATS else None
            if k is None or k != key:
                start = i
            key = k
            if k is not None:
                bounds[i] = start
        ends = {first: i for i, first in bounds.items()}  # (the last index of each claim)
        last = _LAST = (rec.events, {i: (first, ends[first]) for i, first in bounds.items()}, {})
    return last[1], last[2]


def claim_group(rec, ev) -> tuple:
    """Win event `ev` with the win events written right next to it that claim the same tile
    from the same seat (a discard, or a kong robbed: `rob_kong` alike), in record order; `ev`
    alone where none do, or where it names no `from:` (a self-draw is no claim). Anything
    written between two wins (a pass, say) makes them two claims: the first was settled
    before it."""
    bounds = _claims(rec)[0].get(ev.number - 1)
    return (ev,) if bounds is None else rec.events[bounds[0]:bounds[1] + 1]


def opens_claim(rec, ev) -> bool:
    """Whether event `ev` is the first of its claim (`claim_group`), where a claim on one
    tile is counted once."""
    return claim_group(rec, ev)[0].number == ev.number


def claim_seats(rec, ev) -> tuple:
    """(seat, its win event) for every seat the claim of win event `ev` lists
    (`claim_group`), in turn order from the seat the tile came from (record order where it
    names no seat: a self-draw)."""
    group = claim_group(rec, ev)
    seen = _claims(rec)[1]
    got = seen.get(group[0].number)
    if got is None:
        got = [(s, e) for e in group for s in e.seats]
        frm = group[0].fields.get("from")
        if frm in SEATS:
            key = _from(frm)
            got.sort(key=lambda p: key(p[0]))
        got = tuple(got)
        if len(group) > 1:
            seen[group[0].number] = got
    return got
