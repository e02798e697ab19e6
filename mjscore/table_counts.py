"""Every tile a settle record shows, counted across the table with the game log: the hands
given (melds included), the kongs and calls of the seats whose hands are not, the discards,
the draws that name their tile, and each seat's ghosts count. A record making more copies of
a kind than the set has cannot describe a real hand (bad input, exit 2)."""

from __future__ import annotations

from collections import Counter

from . import tiles as T
from .context import SEATS, ghost_supply
from .errors import InputError, counted
from .record import event_tile
from .table_hands import claimants_win, loose_melds
from .words import either


def tiles_on_table(rec, rs, play: dict, hands: dict) -> None:
    """Each discard is a tile of its own, never one a hand given still holds (a seat's hand
    is as it stood at the end: a tile once discarded is gone from it, unless a win or a call
    took it), and each draw that names its tile is one from the wall: a seat holds at least
    the more of its draws and its discards with the tiles it holds, of each kind. Then the
    ghosts (`_ghosts`)."""
    natural, flex = loose_melds(rec, rs, play, hands)
    held = _held(rec, rs, play, hands, natural)
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
        n = sum(max(drawn[s][k], held[s][k] + max(thrown[s][k], implied[s][k])) for s in SEATS)
        if n > rs.copies[k]:
            raise InputError(f"{rec.label}: event {e.number} ({e.type}): the draws and "
                             f"discards{' (passes are of discards)' if e.type == 'pass' else ''}"
                             f" of {T.name(k)} make {n} copies of it across the "
                             f"table ({rs.name} has {rs.copies[k]})")
    gone = {s: Counter({k: max(thrown[s][k], implied[s][k]) for k in thrown[s] | implied[s]})
            for s in SEATS}
    _ghosts(rec, rs, held, drawn, gone, flex)


def _held(rec, rs, play: dict, hands: dict, natural: dict) -> dict:
    """Seat -> the tiles it holds at the end, of its own: a hand given, melds included, less a
    tile it won from a discard; the fewest natural tiles of another seat's kongs and calls
    (`loose_melds`); less, where a call or a kong claimed a discard the log holds, that
    discard (counted as the discarder's)."""
    held = {s: Counter(natural[s]) for s in SEATS}
    for seat, h in hands.items():
        own = h.physical()
        for e in rec.events:  # a tile won from another seat is in the hand, not its own
            if e.type == "win" and "from" in e.fields and seat in claimants_win(play, e):
                k = event_tile(e, rec.label)
                if own[k] > 0:
                    own[k] -= 1
                else:  # (a ghost written for the tile it was won as: not told which)
                    for g in rs.ghost_kinds:
                        own[g] = max(own[g] - 1, 0)
        held[seat].update(own)
    # A call took one of the discarder's discards of its kind the log counts (written, or
    # implied by passes), if any is left: that tile is counted there.
    discards: Counter = Counter()
    passes: Counter = Counter()
    for e in rec.events:
        if e.type == "discard" and "tile" in e.fields:
            discards[e.seat, event_tile(e, rec.label)] += 1
        elif e.type == "pass":
            passes[e.seat, e.fields["from"], event_tile(e, rec.label)] += 1
    for (_passer, frm, k), n in passes.items():
        discards[frm, k] = max(discards[frm, k], n)
    for e in rec.events:
        if "from" in e.fields and (e.type == "call" or e.type == "kong" and
                                   e.fields.get("kind") == "exposed"):
            k = event_tile(e, rec.label)
            if discards[e.fields["from"], k] > 0 and held[e.seat][k] > 0:
                discards[e.fields["from"], k] -= 1
                held[e.seat][k] -= 1
    return held


def _ghosts(rec, rs, held: dict, drawn: dict, gone: dict, flex: dict) -> None:
    """The ghosts each seat drew, counted together, no more than the set has, and no fewer than
    its ghosts count says: those it holds and discarded (a discarded ghost is never claimed),
    its draws of them, and those its melds need (`loose_melds`: a place holds a ghost once
    the natural copies of its kind are all counted elsewhere, so two pongs of 2p beside hands
    holding all four 红中 need ghosts no one has)."""
    ghosts = sorted(rs.ghost_kinds)
    counts = {e.seat: (e.number, int(e.fields["drawn"])) for e in reversed(rec.events)
              if e.type == "ghosts"}
    if not ghosts or not counts and not any(flex.values()):
        return
    need = _need(rs, held, drawn, gone, flex)
    own = {s: sum(held[s][g] + gone[s][g] for g in ghosts) + sum(need[s].values())
           for s in SEATS}
    took = {s: sum(drawn[s][g] for g in ghosts) for s in SEATS}
    # Hands given and ghosts counts alone are counted as each count comes (`count_ghosts`),
    # with the words for them; here, what a log or a meld adds.
    logged = {s for s in SEATS if need[s] or took[s] or any(gone[s][g] for g in ghosts)}
    if not logged:
        return
    for s, (number, n) in counts.items():
        if n < max(own[s], took[s]) and s in logged:
            raise InputError(f"{rec.label}: event {number}: {s} drew {counted(n, 'ghost')}, "
                             f"but it {either(_said(s, held, drawn, gone, need, ghosts), 'and')}")
    total = sum(max(own[s], took[s], counts.get(s, (0, 0))[1]) for s in SEATS)
    supply = ghost_supply(rs)
    if total > supply and sum(n for _e, n in counts.values()) <= supply:
        said = []
        for s in SEATS:
            number, n = counts.get(s, (0, 0))
            if n > max(own[s], took[s]):
                said.append(f"{s} drew {n} (event {number})")
            elif max(own[s], took[s]):
                said.append(f"{s} {either(_said(s, held, drawn, gone, need, ghosts), 'and')}")
        raise InputError(f"{rec.label}: events: the ghosts across the table make {total} of "
                         f"the {supply} ({'/'.join(T.name(g) for g in ghosts)}) {rs.name} has: "
                         + "; ".join(said))


def _need(rs, held: dict, drawn: dict, gone: dict, flex: dict) -> dict:
    """Seat -> {kind: ghosts its melds hold}: of each kind, the places (`flex`) no natural
    copy is left for, given to the seats that have them where they cost the fewest ghosts
    past those each seat's draws and ghosts count already make it hold."""
    need = {s: Counter() for s in SEATS}
    room = {s: sum(drawn[s][g] for g in rs.ghost_kinds) -
            sum(held[s][g] + gone[s][g] for g in rs.ghost_kinds) for s in SEATS}
    for k in sorted({k for s in SEATS for k in flex[s]}):
        used = sum(max(drawn[s][k], held[s][k] + gone[s][k]) for s in SEATS)
        short = sum(flex[s][k] for s in SEATS) - max(rs.copies[k] - used, 0)
        while short > 0:
            s = max((s for s in SEATS if flex[s][k] > need[s][k]), key=lambda s: room[s])
            need[s][k] += 1
            room[s] -= 1
            short -= 1
    return need


def _said(s: str, held: dict, drawn: dict, gone: dict, need: dict, ghosts: list) -> list:
    """What makes seat `s` hold its ghosts, each part as `_ghosts` says it."""
    parts = []
    for n, what in ((sum(held[s][g] for g in ghosts), "holds {n}"),
                    (sum(gone[s][g] for g in ghosts), "discarded {n}"),
                    (sum(drawn[s][g] for g in ghosts), "drew {n} (logged)")):
        if n:
            parts.append(what.format(n=n))
    if need[s]:
        kinds = either([T.name(k) for k in sorted(need[s])], "and")
        parts.append(f"needs {sum(need[s].values())} in its pongs and kongs of {kinds} (too "
                     f"few natural {kinds} are left)")
    return parts
