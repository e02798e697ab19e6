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
from .claim_groups import claim_seats, downstream, first_listings, opens_claim
from .claims import ghost_added, rob_refused, robbing_win
from .declaring import declared_at
from .passes import logged, louhu
from .record import event_tile
from .robbing import fewest_natural, robbed_may_be_ghost

SEATS = C.SEATS


def claim_winners(play: dict, ev, rec, rs) -> list:
    """(seat, its win event) for each seat the tile of win event `ev` goes to, its whole
    claim taken together (`claim_group`: the seats listing it in one event or in win events
    next to each other), in turn order from the seat the tile came from. Where the ruleset
    has one winner per discard, the nearest downstream alone that may win (`no_claim`: one
    that may not makes no claim, as seed 003 passes a seat that declines), else the nearest,
    whose refusal says why; else every seat listed (a seat listed twice or the discarder
    itself is refused where it is read)."""
    pairs = claim_seats(rec, ev)
    frm = ev.fields.get("from")
    if play.get("one_winner_per_discard") and len(pairs) > 1 and frm in SEATS:
        # A seat's first listing is its claim, a later one refused where it is read: the
        # later one's `declared: true` was taken for it, and the first refused as though
        # the seat had won before it (a review's mutation testing).
        first = first_listings(pairs)
        pairs = [p for p in pairs if first[p[0]] is p[1]]
        near = [p for p in pairs if p[0] in downstream(frm)] or pairs
        return [next((p for p in near if no_claim(rec, rs, play, p[1], p[0]) is None),
                     near[0])]
    return pairs


def claimants_win(play: dict, ev, rec, rs) -> tuple:
    """The seats win event `ev` itself settles, of those its claim goes to (`claim_winners`):
    none where one winner per discard gives the tile to a seat another event lists."""
    return tuple(s for s, e in claim_winners(play, ev, rec, rs) if e.number == ev.number)


def no_claim(rec, rs, play: dict, ev, seat: str) -> str | None:
    """Why `seat`, listed at win event `ev`, may not win there, where a table knows it before
    the hand is looked at, or None: the ruleset needs a declared win (lanzhou's 报章) and it
    has not declared (no declare event of its before `ev`, no `declared: true` on `ev`), or
    漏胡 blocks the tile (its pass since its last discard or call, in a logged record)."""
    if rs.needs_declared and not ev.fields.get("declared") and \
            declared_at(rec, seat, ev.number) is None:
        return "it has not declared (报章), which a win needs"
    if not logged(rec):
        return None
    return louhu(rec, play.get("pass_rule", "none"), seat, event_tile(ev, rec.label),
                 ev.number)


def _passed_over(rec, rs, play: dict, seat: str, text: str) -> str:
    """Why a claimant's hand is read at 13 tiles, where it is written with the tile it
    claimed (14, as a winner's): the nearest seat downstream took the discard, so it did not
    win (a player listing both claimants writes both hands as winners')."""
    for e in rec.events:
        # (Each claim resolved once: it reads the record's declares and passes.)
        won = claim_winners(play, e, rec, rs) if e.type == "win" and seat in e.seats else ()
        if won and seat not in [s for s, _ in won]:
            try:
                read(text, rs, size=14)
            except MjscoreError:
                return ""
            taker, its = won[0]
            cannot, nor = no_claim(rec, rs, play, e, seat), no_claim(rec, rs, play, its, taker)
            at = f" (event {its.number})" if its.number != e.number else ""
            # (Where no claimant may win, the nearest is settled, and refused for its reason.)
            why = f"{cannot}; nor may {taker}{at}, the nearest claimant: {nor}" \
                if cannot and nor else f"{cannot}, so {taker}{at} takes the tile" if cannot \
                else f"{taker}{at}, nearer downstream of {e.fields['from']}, takes the tile"
            return (f" ({seat} does not win at event {e.number}: {why}; write {seat}'s hand as "
                    "it stood, without it)")
    return ""


def _winners_hand(rec, rs, play: dict, seat: str, text: str) -> str | None:
    """What to say of a hand of a seat that wins no event, written as a winner's 14 tiles:
    the win given to the wrong seat, most likely, where a winner has no hand (the tile count
    alone pointed at a kong unbracketed, and never at the seat). None: not 14 tiles, or no
    winner without a hand."""
    try:
        read(text, rs, size=14, commands=False)
    except MjscoreError:
        return None
    missing = [(s, e.number) for e in rec.events if e.type == "win"
               for s in claimants_win(play, e, rec, rs) if s not in rec.seats]
    if not missing:  # (the count's own message then: a kong written loose, say)
        return None
    return (f"14 tiles, a winner's hand, but no win event names {seat}; {missing[0][0]} wins "
            f"at event {missing[0][1]} with no hand given: is this {missing[0][0]}'s hand?")


def winners(rec, rs, play: dict) -> set:
    return {s for e in rec.events if e.type == "win" for s in claimants_win(play, e, rec, rs)}


def read_hands(rec, rs, play: dict, won: set) -> dict:
    """Seat -> Hand for every hand the record gives: a winner's 14 tiles, another's 13."""
    hands = {}
    for seat, text in rec.seats.items():
        size = 14 if seat in won else 13
        try:
            hands[seat] = read(text, rs, size=size, commands=False)
        except MjscoreError as e:
            hint = _passed_over(rec, rs, play, seat, text) if size == 13 else ""
            whole = _winners_hand(rec, rs, play, seat, text) if size == 13 and not hint \
                else None
            raise InputError(f"{rec.label}: seats.{seat}: {whole or e}{hint}") from None
    for k, n in on_table(rec, rs, play, hands).items():
        if n > rs.copies[k]:
            # (Named for where the copies are written: a record of kong events alone has no
            # seats at all.)
            key = "seats" if any(h.physical()[k] for h in hands.values()) else "events"
            where = _held_where(rec, rs, play, hands, k)
            raise InputError(f"{rec.label}: {key}: {n} copies of {T.name(k)} across "
                             f"the table{rs.with_indicator(k, n)} ({rs.has(k)}): {where}"
                             f"{_robbed_shown_whole(rec, rs, play, hands, k)}")
    return hands


def _robbed_shown_whole(rec, rs, play: dict, hands: dict, k: int) -> str:
    """Why a konger's hand makes a copy too many where it shows as a kong the kong that was
    robbed: a robbed kong never forms, and the hand keeps its pong. (The count alone said
    "5 copies of 2p" to a player who wrote S's {2222p} as the table last saw it.)"""
    for win, konger, tile, _ghost in loose_melds(rec, rs, play, hands)[3]:
        h = hands.get(konger)
        if tile == k and h is not None and any(m.kind == "kong" and m.tiles[0] == k
                                               for m in h.melds):
            return (f"; seats.{konger} shows a kong of {T.name(k)}, but event {win.number} "
                    f"robs it: a robbed kong stays a pong, so write {konger}'s hand with the pong")
    return ""


def _shared(rec, rs, play: dict, hands: dict) -> list:
    """(first event, tile, seats) for each tile claimed from another seat (a discard or a
    robbed kong) that several seats whose hands are given win, each hand showing it: one
    tile, however many hold it. Its claim whole (`claim_winners`), counted at its first
    event."""
    out = []
    for e in rec.events:
        if e.type == "win" and "from" in e.fields and opens_claim(rec, e):
            n = len({s for s, _ in claim_winners(play, e, rec, rs) if s in hands})
            if n > 1:
                out.append((e, event_tile(e, rec.label), n))
    return out


def _held_where(rec, rs, play: dict, hands: dict, k: int) -> str:
    """Where the copies of kind `k` that `on_table` counts are: each hand given, and the
    kongs and calls of the seats whose hands are not (a kong event four, a pong call three)."""
    parts = [f"seats.{s} {n}" for s, h in hands.items() if (n := h.physical()[k])]
    natural = loose_melds(rec, rs, play, hands)[0]
    parts += [f"{s}'s kong and call events {natural[s][k]}" for s in SEATS if natural[s][k]]
    shared = [f"event {e.number}" for e, won, _n in _shared(rec, rs, play, hands) if won == k]
    if shared:  # (`on_table` counts it once; each winner's hand shows it)
        parts.append(f"the {T.name(k)} won by several seats at {', '.join(shared)} counted once")
    return ", ".join(parts)


def on_table(rec, rs, play: dict, hands: dict) -> Counter:
    """The tiles the record shows held across the table: every hand given, and the kongs and
    called melds of the seats whose hands are not, at their fewest natural tiles."""
    table: Counter = Counter()
    for h in hands.values():
        table.update(h.physical())
    for _e, k, n in _shared(rec, rs, play, hands):  # one discard won by several is one tile
        table[k] -= n - 1
    natural, _flex, _claimed, robbed = loose_melds(rec, rs, play, hands)
    for counts in natural.values():
        table.update(counts)
    # A 红中 added and robbed (L14): the robber took a natural tile of the pong for it, which
    # may have been the pong's one natural tile, counted with the pong's call where the
    # konger's hand is not given and the log has the call. (Only there: a natural tile added,
    # robbed, leaves the pong its own, a hand given shows what it kept, and with no call
    # nothing of the pong was counted. Taken for every rob, a fifth copy was settled.)
    for _win, konger, k, ghost in robbed:
        if ghost and konger not in hands and robbed_may_be_ghost(rs) and natural[konger][k]:
            table[k] -= 1
    # A win said to rob an exposed or concealed kong is refused (G3: only an added kong can
    # be robbed), and the kong formed as its hand shows it: the tile the winner writes is that
    # kong's, not a fifth copy.
    for i, e in enumerate(rec.events):
        if e.type == "kong" and rob_refused(rec.events, i, rs, rec.label):
            k = event_tile(e, rec.label)
            if e.seat not in hands or any(m.kind == "kong" and m.tiles[0] == k
                                          for m in hands[e.seat].melds):
                table[k] -= 1
    return table


def loose_melds(rec, rs, play: dict, hands: dict) -> tuple:
    """({seat: Counter} x 3, robbed) of the kongs and called melds of the seats whose hands are
    not given: the fewest natural tiles of each kind they hold (`fewest_natural`: one beside a
    贴鬼; a robbed kong only its pong; a ghost added to a pong, that ghost); their other places,
    each a natural tile of its kind while copies are left, else a ghost; and the tiles of them
    claimed from a discard (one a pong or kong called, exposed or added), natural ones. And
    every robbed kong, given or not: (the win robbing it, the konger, the tile won, whether
    it was a ghost added to a pong of that kind)."""
    natural = {s: Counter() for s in SEATS}
    flex = {s: Counter() for s in SEATS}
    claimed = {s: Counter() for s in SEATS}
    robbed_kongs = []
    events = rec.events
    # (seat, kind) of a robbed kong of a seat not given: its pong stays, and an added kong of
    # that kind later is the same meld grown to four, not another (counted twice, it asked
    # twice the ghosts).
    pong_left: set = set()
    for i, e in enumerate(events):
        if e.type != "kong":
            continue
        k = event_tile(e, rec.label)
        robbed = None if rob_refused(events, i, rs, rec.label) else \
            robbing_win(events, i, rs, rec.label)
        ghost = ghost_added(e, k, rs, robbed is not None)
        if robbed is not None:
            robbed_kongs.append((robbed, e.seat, event_tile(robbed, rec.label), ghost))
        if e.seat in hands:
            continue
        if ghost:
            # A ghost added to a pong of another kind, written alone (claims): the pong is
            # its call's, where the log has it.
            natural[e.seat][k] += 1
        elif (e.seat, k) in pong_left and e.fields.get("kind") == "added":
            if robbed is None:  # (robbed again, it is still the same pong: nothing more)
                pong_left.discard((e.seat, k))
                least = fewest_natural(rs, k, 4) - fewest_natural(rs, k, 3)
                natural[e.seat][k] += least
                flex[e.seat][k] += 1 - least
        else:
            if robbed is not None:
                pong_left.add((e.seat, k))
            _meld(rs, natural[e.seat], flex[e.seat], k, 3 if robbed else 4)
            claimed[e.seat][k] += e.fields.get("kind") != "concealed" and \
                claim_shown(events, e.seat, k, rec.label)
    # A pong or kong call, for a seat with no kong event of that tile (counted above, and at
    # least as many): a pong N called from a discard is three tiles, however the hand ends.
    kongs = {(e.seat, event_tile(e, rec.label)) for e in events
             if e.type == "kong" and e.seat not in hands}
    for e in events:
        kind = e.fields.get("kind") if e.type == "call" else None
        if kind in ("pong", "kong") and e.seat not in hands:
            k = event_tile(e, rec.label)
            if (e.seat, k) not in kongs:
                _meld(rs, natural[e.seat], flex[e.seat], k, 3 if kind == "pong" else 4)
                claimed[e.seat][k] += 1
    return natural, flex, claimed, robbed_kongs


def claim_shown(events, seat: str, k: int, label: str) -> bool:
    """Whether the log shows where the tile of kind `k` that `seat`'s pong or kong claimed
    came from: a call or exposed kong of it (counted as its discarder's), or another seat
    drawing, discarding or passing one. Where it shows none, the tile is counted as the
    meld's own: an added kong written with no pong call had its claimed tile counted nowhere,
    and a table needing a ghost more than the set has was settled."""
    return any(e.seat == seat and "from" in e.fields and (
        e.type == "call" and e.fields.get("kind") in ("pong", "kong") or
        e.type == "kong" and e.fields.get("kind") == "exposed") and event_tile(e, label) == k
        or another_seats(e, seat, k, label) for e in events)


def another_seats(e, seat: str, k: int, label: str, only: str | None = None) -> bool:
    """Whether event `e` shows a tile of kind `k` in another seat's hand than `seat`'s (with
    `only`, that seat's)."""
    who = e.fields.get("from") if e.type == "pass" else e.seat
    return e.type in ("discard", "draw", "pass") and who != seat and who == (only or who) and \
        "tile" in e.fields and event_tile(e, label) == k


def _meld(rs, natural: Counter, flex: Counter, k: int, size: int) -> None:
    least = fewest_natural(rs, k, size)
    natural[k] += least
    flex[k] += size - least


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
    # A kong call is the claim; its kong event says what it paid. (Without one, a seat whose
    # hand is not given had its kong paid nothing, and nothing said so.)
    if not rates.get("exposed"):
        return
    for e in rec.events:
        if e.type == "call" and e.fields.get("kind") == "kong" and e.seat not in hands:
            try:
                key = (e.seat, "exposed", event_tile(e, rec.label))
            except InputError:
                continue
            if told.get(key, 0):
                told[key] -= 1
                continue
            raise InputError(f"{rec.label}: event {e.number}: {e.seat}'s kong call of "
                             f"{T.name(key[2])} has no kong event, so what it paid is not "
                             f"known: add {{kong: {e.seat}, kind: exposed, tile: "
                             f"{T.name(key[2])}, from: {e.fields.get('from')}}} beside it")
