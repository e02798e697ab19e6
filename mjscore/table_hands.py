"""The seats' hands a settle record gives, read together: who wins (a discard claimed by
several seats may go to one), each hand read at its size, and no kind more copies across the
table than the set has (a record that cannot describe a real hand is bad input), and each
kong a hand shows told by its event where kongs pay as they are declared."""

from __future__ import annotations

from collections import Counter

from . import context as C
from . import tiles as T
from .errors import InputError, MjscoreError
from .hand import read
from .claims import added_ghost, robbing_win
from .record import event_tile
from .robbing import fewest_natural, robbed_may_be_ghost

SEATS = C.SEATS


def downstream(discarder: str) -> list:
    """The other seats in the order they would claim a discard, nearest first."""
    i = SEATS.index(discarder)
    return [SEATS[(i + d) % 4] for d in (1, 2, 3)]


def claimants_win(play: dict, ev) -> tuple:
    """The seats a win event's tile goes to: the nearest downstream alone where the ruleset
    has one winner per discard."""
    if play.get("one_winner_per_discard") and len(ev.seats) > 1 and "from" in ev.fields:
        return (next(s for s in downstream(ev.fields["from"]) if s in ev.seats),)
    return ev.seats


def _passed_over(rec, rs, play: dict, seat: str, text: str) -> str:
    """Why a claimant's hand is read at 13 tiles, where it is written with the tile it
    claimed (14, as a winner's): the nearest seat downstream took the discard, so it did not
    win (a player listing both claimants writes both hands as winners')."""
    for e in rec.events:
        if e.type == "win" and seat in e.seats and seat not in claimants_win(play, e):
            try:
                read(text, rs, size=14)
            except MjscoreError:
                return ""
            return (f" ({seat} does not win at event {e.number}: {claimants_win(play, e)[0]}, "
                    f"nearer downstream of {e.fields['from']}, takes the tile; write {seat}'s "
                    "hand as it stood, without it)")
    return ""


def winners(rec, play: dict) -> set:
    return {s for e in rec.events if e.type == "win" for s in claimants_win(play, e)}


def read_hands(rec, rs, play: dict, won: set) -> dict:
    """Seat -> Hand for every hand the record gives: a winner's 14 tiles, another's 13."""
    hands = {}
    for seat, text in rec.seats.items():
        size = 14 if seat in won else 13
        try:
            hands[seat] = read(text, rs, size=size)
        except MjscoreError as e:
            hint = _passed_over(rec, rs, play, seat, text) if size == 13 else ""
            raise InputError(f"{rec.label}: seats.{seat}: {e}{hint}") from None
    table, flex = on_table(rec, rs, play, hands, loose=True)
    for k, n in table.items():
        if n > rs.copies[k]:
            raise InputError(f"{rec.label}: seats: {n} copies of {T.name(k)} across "
                             f"the table ({rs.name} has {rs.copies[k]})")
    _ghosts_left(rec, rs, table, flex)
    return hands


def _ghosts_left(rec, rs, table: Counter, flex: Counter) -> None:
    """Refuse melds the table's ghosts cannot fill. A meld of a seat whose hand is not given
    is counted at its fewest natural tiles (`fewest_natural`: one beside a 贴鬼); each of its
    other places holds a natural tile of its kind while copies of it are left, else a ghost.
    Two pongs of 2s called beside hands holding all four 红中 need ghosts no one has."""
    ghosts = sorted(rs.ghost_kinds)
    if not flex or not ghosts:
        return
    need = sum(max(0, n - (rs.copies[k] - table[k])) for k, n in flex.items())
    held, total = sum(table[g] for g in ghosts), sum(rs.copies[g] for g in ghosts)
    if need and held + need > total:
        kinds = ", ".join(T.name(k) for k in sorted(flex) if flex[k] > rs.copies[k] - table[k])
        raise InputError(f"{rec.label}: events: the pongs and kongs of {kinds} by seats whose "
                         f"hands are not given need {need} ghosts (too few natural {kinds} "
                         f"are left), and the hands given hold {held} of the {total} ghosts "
                         f"({'/'.join(T.name(g) for g in ghosts)}) {rs.name} has")


def on_table(rec, rs, play: dict, hands: dict, loose: bool = False):
    """The tiles the record shows held across the table: every hand given, and the kongs and
    called melds of the seats whose hands are not, at their fewest natural tiles. `loose`:
    with the places of those melds that may hold either a natural tile or a ghost, by kind,
    as a second Counter (`_ghosts_left`)."""
    table: Counter = Counter()
    flex: Counter = Counter()
    for h in hands.values():
        table.update(h.physical())
    for e in rec.events:  # one discard won by several seats is one tile, not several
        if e.type == "win" and len(claimants_win(play, e)) > 1 and "from" in e.fields:
            k = event_tile(e, rec.label)
            table[k] -= sum(1 for s in claimants_win(play, e) if s in hands) - 1
    # A kong declared by a seat whose hand is not given holds its tiles too (a robbed one,
    # only its pong), and a robbed tile written as the winning tile may be a ghost.
    events = rec.events
    for i, e in enumerate(events):
        if e.type == "kong" and e.seat not in hands:
            k = event_tile(e, rec.label)
            robbed = robbing_win(events, i, rs, rec.label) is not None
            if robbed and added_ghost(k, rs):
                table[k] += 1  # a ghost added to another kind's pong, written alone (claims)
            else:
                size = 3 if robbed else 4
                table[k] += fewest_natural(rs, k, size)
                flex[k] += size - fewest_natural(rs, k, size)
        if e.type == "win" and e.fields.get("rob_kong") and robbed_may_be_ghost(rs):
            table[event_tile(e, rec.label)] -= 1
            flex[event_tile(e, rec.label)] += 1
    _called(rec, rs, hands, table, flex)
    return (table, +flex) if loose else table


def _called(rec, rs, hands: dict, table: Counter, flex: Counter) -> None:
    """Count the tiles a pong or kong call shows, for a seat whose hand is not given (a given
    hand shows its melds) and that has no kong event of that tile (counted above, and at least
    as many): a pong N called from a discard is three tiles, however the hand ends."""
    kongs = {(e.seat, event_tile(e, rec.label)) for e in rec.events
             if e.type == "kong" and e.seat not in hands}
    for e in rec.events:
        kind = e.fields.get("kind") if e.type == "call" else None
        if kind in ("pong", "kong") and e.seat not in hands:
            k = event_tile(e, rec.label)
            if (e.seat, k) not in kongs:
                size = 3 if kind == "pong" else 4
                table[k] += fewest_natural(rs, k, size)
                flex[k] += size - fewest_natural(rs, k, size)


def kongs_told(rec, rs, hands: dict) -> None:
    """Where kongs pay as they are declared (G8), every kong a hand shows needs its kong
    event: without one the record says nothing of what it paid (an exposed kong's payer
    above all), and settling without it would leave that money out of the net."""
    rates = rs.spec.get("kong_payments") or {}
    if not rates:
        return
    told: dict = {}
    for e in rec.events:
        if e.type == "kong":
            try:
                key = (e.seat, e.fields.get("kind"), event_tile(e, rec.label))
            except InputError:
                continue  # refused when its turn comes, in the order of the events
            told[key] = told.get(key, 0) + 1
    for seat, hand in hands.items():
        for m in hand.melds:
            key = (seat, m.exposure, m.tiles[0])
            if m.kind != "kong" or not rates.get(m.exposure):
                continue  # (a kind that pays nothing, at a house rate of 0 too: known)
            if told.get(key, 0):
                told[key] -= 1
                continue
            frm = ", from: SEAT" if m.exposure == "exposed" else ""
            raise InputError(f"{rec.label}: seats.{seat}: the {m.exposure} kong "
                             f"{m.text} has no kong event, so what it paid is not known: "
                             f"add {{kong: {seat}, kind: {m.exposure}, "
                             f"tile: {T.name(m.tiles[0])}{frm}}} before the win")


def discards_on_table(rec, rs, play: dict, hands: dict) -> None:
    """Each discard is a tile of its own, never one a hand given still holds concealed (a seat's
    hand is as it stood at the end: a tile once discarded is gone from it, unless a win took it,
    and a call shows it in a meld), and each draw that names its tile is one from the wall: a
    seat holds at least the more of its draws and its discards with its concealed tiles, of
    each kind. A record making more copies of a kind than the set has, across the table, cannot
    describe a real hand (bad input), as a call or a kong could not."""
    held: dict = {}
    for seat, h in hands.items():
        own = Counter(h.concealed)
        for e in rec.events:  # a tile won from another seat is in the hand, not its own
            if e.type == "win" and "from" in e.fields and seat in claimants_win(play, e):
                k = event_tile(e, rec.label)
                if own[k] > 0:
                    own[k] -= 1
                else:  # (a ghost written for the tile it was won as: not told which)
                    for g in rs.ghost_kinds:
                        own[g] = max(own[g] - 1, 0)
        held[seat] = own
    drawn: dict = {s: Counter() for s in SEATS}
    thrown: dict = {s: Counter() for s in SEATS}  # discards logged
    # A pass is of a discard (`from:`), logged as an event or not: several seats may pass one
    # discard, but a seat passes each only once, so one seat's passes of a kind from one
    # discarder are as many of that seat's discards at least. (Five passes of 2s were taken.)
    passed: Counter = Counter()  # (passer, discarder, kind) -> passes
    implied: dict = {s: Counter() for s in SEATS}  # the most passes of one passer
    for e in rec.events:
        if e.type == "pass":
            k, frm = event_tile(e, rec.label), e.fields["from"]
            passed[e.seat, frm, k] += 1
            implied[frm][k] = max(implied[frm][k], passed[e.seat, frm, k])
        elif e.type in ("discard", "draw") and "tile" in e.fields:
            k = event_tile(e, rec.label)
            (thrown if e.type == "discard" else drawn)[e.seat][k] += 1
        else:
            continue
        gone = {s: held.get(s, Counter())[k] + max(thrown[s][k], implied[s][k]) for s in SEATS}
        n = sum(max(drawn[s][k], gone[s]) for s in SEATS)
        if n > rs.copies[k]:
            raise InputError(f"{rec.label}: event {e.number} ({e.type}): the draws and "
                             f"discards{' (passes are of discards)' if e.type == 'pass' else ''}"
                             f" of {T.name(k)} make {n} copies of it across the "
                             f"table ({rs.name} has {rs.copies[k]})")
