"""Every tile a settle record shows, counted across the table with the game log: the hands
given (melds included), the kongs and calls of the seats whose hands are not, the discards,
the draws that name their tile, and each seat's ghosts count. A record making more copies of
a kind than the set has cannot describe a real hand (bad input, exit 2).

Each tile is counted once, with the seat that drew it from the wall: a seat drew at least the
more of its draws and of its discards with the tiles it keeps at the end. A tile claimed from
a discard (a call, an exposed or added kong, a win) is the discarder's, so it comes off the
claimer's tiles; a call, like a pass, says its seat discarded that tile, written or not."""

from __future__ import annotations

from collections import Counter
from itertools import product
from math import prod

from . import tiles as T
from .claims import lets_go_a_rob, of_a_later_discard
from .context import SEATS, ghost_supply
from .errors import InputError, counted
from .record import event_tile
from .claim_groups import opens_claim
from .table_hands import another_seats, claim_shown, claimants_win, loose_melds
from .words import either


def tiles_on_table(rec, rs, play: dict, hands: dict) -> None:
    """Refuse a log that makes more copies of a kind than the set has, at the event that does,
    then the ghosts (`_ghosts`)."""
    natural, flex, claimed, robbed = loose_melds(rec, rs, play, hands)
    loose: list = []  # (seat, chow, the kinds it may have claimed) where it may be several
    kept = _kept(rec, rs, play, hands, natural, claimed, loose)
    # A robbed kong's added tile is its konger's, gone to the robber: a tile it gave up, as a
    # discard. (A ghost added and robbed stays with the konger, counted as held: seed 002;
    # the robber took a natural tile of the pong for it. A natural tile added was counted as a
    # place of the konger's that may have been a ghost, which let a fifth copy through.)
    rob_gives = {win.number: konger for win, konger, k, ghost in robbed if not ghost}
    drawn: dict = {s: Counter() for s in SEATS}
    gone: dict = {s: Counter() for s in SEATS}  # the fewest discards a seat made, by kind
    thrown: dict = {s: Counter() for s in SEATS}  # discards written
    # Several seats may pass or call one discard, but a seat passes each once: a seat's
    # passes of a kind from one discarder are as many of that seat's discards at least.
    # (Five passes of 2s were taken.) A call, an exposed kong or a win took one discard each.
    passed: Counter = Counter()  # (passer, discarder, kind) -> passes
    took: Counter = Counter()  # (discarder, kind) -> discards claimed
    later: Counter = Counter()  # (discarder, kind) -> of them, discards left out (claims)
    # (A kong call and its kong event are one claim, in either order.)
    unmatched = {"call": Counter(), "kong": Counter()}
    last: dict = {}  # seat -> its last turn so far (a draw, discard, call or kong)
    # A pass on an added kong may be written without the kong event: the hand given shows it.
    added = {(s, m.tiles[0]) for s, h in hands.items() for m in h.melds
             if m.kind == "kong" and m.exposure == "added"}
    for e in rec.events:
        frm, stale = e.fields.get("from"), False
        if e.type in ("draw", "discard", "call", "kong"):
            last[e.seat] = e
        if e.type == "pass":
            k = event_tile(e, rec.label)
            turn = last.get(frm)
            # An added kong let go unrobbed is no discard.
            if turn is not None and lets_go_a_rob(turn, k, rs, rec.label) or (frm, k) in added:
                continue
            passed[e.seat, frm, k] += 1
            gone[frm][k] = max(gone[frm][k], passed[e.seat, frm, k])
        elif e.type in ("discard", "draw") and "tile" in e.fields:
            k = event_tile(e, rec.label)
            if e.type == "draw":
                drawn[e.seat][k] += 1
            else:
                thrown[e.seat][k] += 1
                gone[e.seat][k] = max(gone[e.seat][k], thrown[e.seat][k] + later[e.seat, k])
        elif frm and (e.type == "call" or e.type == "kong" and
                      e.fields.get("kind") == "exposed" or e.type == "win"):
            k = event_tile(e, rec.label)
            if e.type == "win" and not opens_claim(rec, e):
                continue  # one tile claimed by several, written apart: taken once, at the first
            if e.type == "win" and e.fields.get("rob_kong"):
                frm = rob_gives.get(e.number)
                if frm is None:
                    continue
            if e.type == "kong" or e.type == "call" and e.fields.get("kind") == "kong":
                key, other = (e.seat, k, frm), "call" if e.type == "kong" else "kong"
                if unmatched[other][key] > 0:
                    unmatched[other][key] -= 1
                    continue
                unmatched[e.type][key] += 1
            took[frm, k] += 1
            # A claim after another turn took a later discard, left out: one more than written.
            stale = not e.fields.get("rob_kong") and \
                of_a_later_discard(rec.events, e.number - 1, rec.label)
            later[frm, k] += stale
            gone[frm][k] = max(gone[frm][k], took[frm, k], thrown[frm][k] + later[frm, k])
        else:
            continue
        n = _copies(k, drawn, kept, gone)
        if n > rs.copies[k]:
            said = {"pass": " (passes are of discards)", "call": " (a call is of a discard)",
                    "kong": " (an exposed kong is of a discard)"}.get(e.type, "")
            if e.type in ("call", "kong", "win") and stale:
                said = f" (a claim takes the discard it follows: {frm}'s last {T.name(k)} " \
                       "written has another turn after it, so this one was another, left out)"
            raise InputError(f"{rec.label}: event {e.number} ({e.type}): the draws and "
                             f"discards{said} of {T.name(k)} make {n} copies of it across the "
                             f"table{rs.with_indicator(k, n)} ({rs.has(k)}{_keeping(k, kept)})")
    _one_each(rec, rs, kept, drawn, gone, loose)
    _ghosts(rec, rs, kept, drawn, gone, flex)
    _whole_set(rec, rs, hands, kept, drawn, gone, natural, flex)


def _whole_set(rec, rs, hands: dict, kept: dict, drawn: dict, gone: dict, natural: dict,
               flex: dict) -> None:
    """Refuse a log showing more tiles, all kinds together, than the set has, counting only
    tiles that must be there: each kind's copies (`_copies`), and for each seat whose hand is
    not given (no winner) the places of its pongs and kongs no draw of its own of that kind
    can fill, and the tiles it holds that nothing logged shows: 13, less 3 a pong or kong
    and 1 a chow (its claimed tile is its discarder's), less its draws kept beyond those
    places. Eighty-eight discards beside four hands were settled, each kind within its four
    copies."""
    seen = sum(_copies(k, drawn, kept, gone) for k in rs.tile_kinds)
    chows = Counter(e.seat for e in rec.events
                    if e.type == "call" and e.fields.get("kind") == "chow")
    for s in SEATS:
        if s in hands:
            continue
        spare = {k: max(0, n - kept[s][k] - gone[s][k]) for k, n in drawn[s].items()}
        # (A place a draw of its kind fills is that draw, counted already.)
        places = sum(max(0, n - spare.get(k, 0)) for k, n in flex[s].items())
        spare_left = sum(spare.values()) - (sum(flex[s].values()) - places)
        melds = sum(1 for k in natural[s] if natural[s][k] + flex[s][k] >= 3)
        seen += places + max(0, 13 - 3 * melds - chows[s] - spare_left)
    total = sum(rs.copies[k] for k in rs.tile_kinds)
    if seen > total:
        raise InputError(f"{rec.label}: events: the hands and the log show at least {seen} "
                         f"tiles (each seat with no hand given holding 13 less its melds), "
                         f"more than the {total} {rs.name} has")


def _keeping(k: int, kept: dict) -> str:
    """The seats keeping copies of kind `k` to the end, as the refusal names them: a hand's
    concealed kong counts from the start, so a discard of its kind before the kong event is
    the one refused, and "event 1 (discard) ... make 5 copies" alone sent the player looking
    at the discard for the other four."""
    held = [f"{s} {kept[s][k]}" for s in SEATS if kept[s][k] > 0]
    if not held:
        return ""
    held[0] = held[0].replace(" ", " keeps ", 1)
    return f"; {either(held, 'and')} to the end"


def _copies(k: int, drawn: dict, kept: dict, gone: dict, back: Counter | None = None) -> int:
    """The copies of kind `k` the seats drew, together: each the more of its draws and of its
    discards with the tiles it keeps (`back`: (seat, kind) -> tiles put back on its keep)."""
    return sum(max(drawn[s][k], kept[s][k] + (back[s, k] if back else 0) + gone[s][k])
               for s in SEATS)


def _one_each(rec, rs, kept: dict, drawn: dict, gone: dict, loose: list) -> None:
    """Refuse chows written without their calls that claimed one tile each, where no choice of
    that tile fits every kind: [123m] beside four 1m and four 2m drawn elsewhere takes a
    fifth of one. (Choices past 4,096 are not searched: taken.)"""
    if not loose or prod(len(c) for _s, _t, c in loose) > 4096:
        return
    kinds = sorted({k for _s, _t, c in loose for k in c})
    for choice in product(*[c for _s, _t, c in loose]):
        back = Counter((s, k) for (s, _t, c), pick in zip(loose, choice) for k in c if k != pick)
        if all(_copies(k, drawn, kept, gone, back) <= rs.copies[k] for k in kinds):
            return
    one = len(loose) == 1
    chows = either([f"{s}'s {t}" for s, t, _c in loose], "and")
    raise InputError(f"{rec.label}: seats: {chows} claimed one tile {'' if one else 'each '}"
                     f"from a discard: whichever {'it' if one else 'they'} claimed, the tiles "
                     f"across the table make more copies of "
                     f"{either([T.name(k) for k in kinds], 'or')} than {rs.name} has")


def _kept(rec, rs, play: dict, hands: dict, natural: dict, claimed: dict,
          loose: list) -> dict:
    """Seat -> the tiles it keeps at the end that it drew itself: a hand given, melds included,
    less a tile it won from a discard and the one each exposed or added pong or kong claimed
    (a chow's: each it may have been, the chow added to `loose` where that is several); the
    fewest natural tiles of another seat's kongs and calls (`loose_melds`), less those
    claimed."""
    kept = {s: Counter(natural[s]) for s in SEATS}
    for s in SEATS:
        kept[s].subtract(claimed[s])
    chows = Counter((e.seat, event_tile(e, rec.label)) for e in rec.events
                    if e.type == "call" and e.fields.get("kind") == "chow")
    for seat, h in hands.items():
        # (Where a chow is called from the left only (E1), its tile was that seat's.)
        left = SEATS[SEATS.index(seat) - 1] if play.get("chow_from_left") else None
        own = h.physical()
        for e in rec.events:  # a tile won from another seat is in the hand, not its own
            if e.type == "win" and "from" in e.fields and seat in claimants_win(play, e, rec, rs):
                k = event_tile(e, rec.label)
                if own[k] > 0:
                    own[k] -= 1
                else:  # (a ghost written for the tile it was won as: not told which)
                    for g in rs.ghost_kinds:
                        own[g] = max(own[g] - 1, 0)
        for m in h.melds:
            if m.kind in ("pong", "kong") and m.exposure != "concealed":
                k = m.tiles[0]
                own[k] -= own[k] > 0 and claim_shown(rec.events, seat, k, rec.label)
            elif m.kind == "chow":
                # The tile it claimed may be any of its kinds its seat is logged calling a
                # chow of (a call does not say which chow it made), or another seat drawing,
                # discarding or passing. Each is taken off here (each kind counted alone, no
                # real chow is refused); `_one_each` then asks that one choice a chow fit
                # every kind at once.
                taken = [k for k in sorted(set(m.tiles)) if own[k] > 0 and (
                    chows[seat, k] or any(another_seats(e, seat, k, rec.label, left)
                                          for e in rec.events))]
                for k in taken:
                    own[k] -= 1
                if len(taken) > 1:
                    loose.append((seat, m.text, taken))
        kept[seat].update(own)
    return kept


def _ghosts(rec, rs, kept: dict, drawn: dict, gone: dict, flex: dict) -> None:
    """The ghosts each seat drew, counted together, no more than the set has, and no fewer than
    its ghosts count says: those it keeps and discarded (a discarded ghost is never claimed),
    its draws of them, and those its melds need (`_need`: two pongs of 2p beside hands
    holding all four 红中 need ghosts no one has)."""
    ghosts = sorted(rs.ghost_kinds)
    counts = {e.seat: (e.number, int(e.fields["drawn"])) for e in reversed(rec.events)
              if e.type == "ghosts"}
    if not ghosts or not counts and not any(flex.values()):
        return
    has = {s: sum(kept[s][g] + gone[s][g] for g in ghosts) for s in SEATS}
    took = {s: sum(drawn[s][g] for g in ghosts) for s in SEATS}
    most = {s: max(took[s], counts.get(s, (0, 0))[1]) for s in SEATS}
    need = _need(rs, kept, drawn, gone, flex, {s: most[s] - has[s] for s in SEATS},
                 set(counts))
    own = {s: has[s] + sum(need[s].values()) for s in SEATS}
    # Hands given and ghosts counts alone are counted as each count comes (`count_ghosts`),
    # with the words for them; here, what a log or a meld adds.
    logged = {s for s in SEATS if need[s] or took[s] or any(gone[s][g] for g in ghosts)}
    if not logged:
        return
    for s, (number, n) in counts.items():
        if n < max(own[s], took[s]) and s in logged:
            raise InputError(f"{rec.label}: event {number}: {s} drew {counted(n, 'ghost')}, "
                             f"but it {either(_said(s, kept, drawn, gone, need, ghosts), 'and')}")
    total = sum(max(own[s], most[s]) for s in SEATS)
    supply = ghost_supply(rs)
    if total > supply and sum(n for _e, n in counts.values()) <= supply:
        said = []
        for s in SEATS:
            number, n = counts.get(s, (0, 0))
            if n > max(own[s], took[s]):
                said.append(f"{s} drew {n} (event {number})")
            elif max(own[s], took[s]):
                said.append(f"{s} {either(_said(s, kept, drawn, gone, need, ghosts), 'and')}")
        raise InputError(f"{rec.label}: events: the ghosts across the table make {total} of "
                         f"the {supply} ({'/'.join(T.name(g) for g in ghosts)}) {rs.name} has: "
                         + "; ".join(said))


def _need(rs, kept: dict, drawn: dict, gone: dict, flex: dict, room: dict,
          counted_seats: set) -> dict:
    """Seat -> {kind: ghosts its melds hold}. A seat's own draws of a kind fill its melds'
    places first (they are its tiles, counted once); the copies no seat is known to hold fill
    more; the places left are ghosts, given to the seats that have such places so that the
    fewest pass what a seat's ghosts count says it drew, then the fewest pass what its draws
    and count say (`room`): every way is tried (past 20,000 ways, none are counted)."""
    short, cap = {}, {}
    for k in sorted({k for s in SEATS for k in flex[s]}):
        free = {s: min(flex[s][k], max(0, drawn[s][k] - kept[s][k] - gone[s][k]))
                for s in SEATS}
        used = _copies(k, drawn, kept, gone)
        n = sum(flex[s][k] - free[s] for s in SEATS) - max(rs.copies[k] - used, 0)
        if n > 0:
            short[k] = n
            cap[k] = [(s, flex[s][k] - free[s]) for s in SEATS if flex[s][k] > free[s]]
    ways = [list(_splits(short[k], cap[k])) for k in short]
    if prod(len(w) for w in ways) > 20_000:
        return {s: Counter() for s in SEATS}  # (too many ways to try: taken)
    best, cost = None, None
    for pick in product(*ways):
        load = Counter()
        for split in pick:
            load.update(split)
        over = [max(0, load[s] - room[s]) for s in SEATS]
        c = (sum(o for s, o in zip(SEATS, over) if s in counted_seats), sum(over))
        if cost is None or c < cost:
            best, cost = pick, c
    need = {s: Counter() for s in SEATS}
    for k, split in zip(short, best or ()):
        for s, n in split.items():
            need[s][k] += n
    return need


def _splits(n: int, cap: list):
    """Every way to give `n` ghosts to the seats of `cap` [(seat, places), ...], as Counters,
    the ones giving the first seats fewest first."""
    if not cap:
        if n == 0:
            yield Counter()
        return
    (s, c), rest = cap[0], cap[1:]
    for here in range(min(n, c) + 1):
        for split in _splits(n - here, rest):
            split[s] += here
            yield split


def _said(s: str, kept: dict, drawn: dict, gone: dict, need: dict, ghosts: list) -> list:
    """What makes seat `s` hold its ghosts, each part as `_ghosts` says it."""
    parts = []
    for n, what in ((sum(kept[s][g] for g in ghosts), "holds {n}"),
                    (sum(gone[s][g] for g in ghosts), "discarded {n}"),
                    (sum(drawn[s][g] for g in ghosts), "drew {n} (logged)")):
        if n:
            parts.append(what.format(n=n))
    if need[s]:
        kinds = either([T.name(k) for k in sorted(need[s])], "and")
        parts.append(f"needs {sum(need[s].values())} in its pongs and kongs of {kinds} (too "
                     f"few natural {kinds} are left)")
    return parts
