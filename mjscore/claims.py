"""Which win robs a kong (checked when a whole hand is settled).

A win robbing a seat's kong right after that seat's kong event (passes between aside) robs
that kong, and the kong never forms (see `whole_hand.on_kong`), when it is won with the
kong's tile; a rob refused (or never reached) robbed nothing, and the kong pays as declared.
A kong of a ghost robbed with another tile is a ghost added to another kind's pong where
ghosts may fill melds (the record writes the ghost as the kong's tile): where the ruleset
lets a robbed ghost stand in (luzhou, L14) the robber writes the tile it stands for; where robbing it is forbidden (the guide, E6) the win is refused, as `score` refuses a
robbed ghost written as such. A rob with any other tile, or of another seat, robs a kong the
record leaves out, and the kong before it formed: players write only what they remember.
"""

from __future__ import annotations

from . import tiles as T
from .context import SEATS, ghost_rule
from .record import NO_TURN, event_tile
from .errors import InputError, counted
from .robbing import rob_ghost_refusal, robbed_may_be_ghost
from .settlement import Payment


def robbing_win(events: tuple, i: int, rs, label: str):
    """The win robbing the kong of `events[i]`, or None."""
    kong = events[i]
    # (Its events between aside: 报章 may be declared on the kong's tile before robbing it.)
    win = next((e for e in events[i + 1:] if e.type not in NO_TURN), None)
    if win is None or win.type != "win" or not win.fields.get("rob_kong") or \
            win.fields.get("from") != kong.seat:
        return None
    tile = event_tile(kong, label)
    if event_tile(win, label) == tile or added_ghost(tile, rs):
        return win
    return None


def rob_refused(events: tuple, i: int, rs, label: str) -> bool:
    """Whether a win robs the kong of `events[i]`, an exposed or concealed one: refused (G3:
    only an added kong can be robbed), the kong formed, and the tile the winner writes is
    that kong's own (counted across the table once)."""
    kong = events[i]
    return kong.fields.get("kind") != "added" and \
        not ghost_added(kong, event_tile(kong, label), rs, True) and \
        robbing_win(events, i, rs, label) is not None


def added_ghost(tile: int, rs) -> bool:
    """Whether a robbed kong of `tile` is a ghost added to another kind's pong."""
    return tile in rs.ghost_kinds and rs.ghosts_in_melds == "wild"


def ghost_added(ev, tile: int, rs, robbed: bool) -> bool:
    """Whether kong event `ev` of `tile` is a ghost added to a pong of any kind: written as the
    ghost, an added kong, or one robbed (a robbed kong was added)."""
    return added_ghost(tile, rs) and (robbed or ev.fields.get("kind") == "added")


def check_kong_shown(table, ev, hand, tile: int, robber) -> None:
    """Refuse the kong event `ev` if its seat's `hand` does not show it: the kong as declared,
    or, robbed by `robber` (it never formed), the exposed pong it was added to. A ghost added
    to a pong does not say which kind the pong is; the robber's tile, written as the tile the
    ghost stands for (L14), does (written as the ghost itself, scoring refuses it). Robbing it
    takes a natural tile of that pong and leaves the ghost in it (seed 002: 还要拿走别人的本牌，
    把红中留给杠牌的人，杠牌的人就不会有无鬼番了), so the pong shown holds a ghost."""
    kind, label, rs = ev.fields["kind"], table.rec.label, table.rs
    want = ("pong", "exposed") if robber else ("kong", kind)
    # A ghost added and not robbed is an added kong holding it, of whatever kind.
    ghost = ghost_added(ev, tile, rs, robber is not None)
    named = event_tile(robber, label) if ghost and robber else tile
    left = ghost and (robber is None or robbed_may_be_ghost(rs))
    # Robbed, the pong may still be made a kong later (its seat plays on after the win):
    # then the hand shows that added kong.
    shows = {want, ("kong", "added")} if robber and _added_later(table, ev, named) else {want}
    # (A discarded ghost claimed as a kong (the guide, E6) stands in the kong of the tile it
    # makes four of: "no exposed kong of C" was said of a [555pC] shown.)
    claimed = kind == "exposed" and tile in rs.ghost_kinds
    if any((m.kind, m.exposure) in shows and (m.ghosts or not left) and
           ((ghost or claimed) and named in rs.ghost_kinds and m.ghosts or m.tiles[0] == named)
           for m in hand.melds):
        return
    if ghost and not robber:
        raise InputError(f"{label}: event {ev.number}: {ev.seat}'s hand shows no added kong "
                         f"holding a {T.name(tile)}")
    shown = "exposed pong (the kong was robbed)" if robber else f"{kind} kong"
    why = f" holding a {T.name(tile)}: the robber of the {T.name(tile)} added to it takes a " \
          f"natural tile and leaves the {T.name(tile)} (seed 002: 把红中留给杠牌的人)" if left else ""
    # (A robbed kong written as the kong it never became: said so, the likeliest slip.)
    kong = next((m for m in hand.melds if robber and m.kind == "kong" and
                 m.tiles[0] == named), None) if not why else None
    why += f"; it shows {kong.text}, a kong that never formed: write its pong" \
        if kong is not None else ""
    raise InputError(f"{label}: event {ev.number}: {ev.seat}'s hand shows no {shown} of "
                     f"{T.name(named)}{why}")


def _added_later(table, ev, kind: int) -> bool:
    """Whether `ev`'s seat adds a kong to its pong of `kind` after `ev` that is not robbed:
    of `kind`, or a ghost added (which may be to any pong)."""
    events, label, rs = table.rec.events, table.rec.label, table.rs
    for e in events[ev.number:]:  # (events numbered from 1: those after `ev`)
        if e.seat != ev.seat or e.type != "kong" or e.fields.get("kind") != "added":
            continue
        tile = event_tile(e, label)
        if (tile == kind or added_ghost(tile, rs)) and \
                robbing_win(events, e.number - 1, rs, label) is None:
            return True
    return False


def check_robbed(table, kong_tile: int, win) -> None:
    """Refuse `win` if it robs a ghost the ruleset forbids robbing (E6). (Won with the ghost
    written as such, scoring refuses it with the same words.)"""
    why = rob_ghost_refusal(table.rs, kong_tile)
    if why and event_tile(win, table.rec.label) != kong_tile:
        table.refuse(win, why)


def kong_paid(rs, ev, kind: str, tile: int, frm, robbed: bool) -> tuple:
    """What a kong pays when declared (nothing if robbed: it never forms): its summary and
    payment rows."""
    rates = rs.spec.get("kong_payments") or {}
    rows = []
    if not robbed and kind in rates:
        amount = int(rates[kind])
        payers = [frm] if kind == "exposed" else [s for s in SEATS if s != ev.seat]
        rows = [Payment(p, ev.seat, amount, f"{kind} kong of {T.name(tile)}") for p in payers]
    # ("collects": the konger is paid; "E concealed kong of 1m: pays 2 from each opponent"
    # read as E paying.)
    what = "robbed: never formed, collects nothing" if robbed else \
        f"collects {int(rates[kind])} {'from ' + frm if frm else 'from each opponent'}" \
        if kind in rates else "collects nothing"
    # A ghost added makes a kong of the pong's kind, not of the ghost ("added kong of C" was
    # read as a kong of four 红中): the event names only the ghost.
    if ghost_added(ev, tile, rs, robbed):
        return f"{ev.seat} added a {T.name(tile)} to a pong (an added kong): {what}", tuple(rows)
    # (Where no payment names the discarder, the claim does: "N exposed kong of W" alone read
    # as a kong of West's discard, W being a seat as well as a tile.)
    claimed = f", claimed from {frm}" if frm and not rows else ""
    return f"{ev.seat} {kind} kong of {T.name(tile)}{claimed}: {what}", tuple(rows)


MELDS_MAX = 4  # a 14-tile hand is four melds and a pair, a kong counting as one meld


def check_meld_count(rec, rs) -> None:
    """Refuse the call or kong event that gives a seat a fifth meld, or a pong of a tile it has
    already konged: no hand holds either, so the record cannot describe a real hand (nine
    exposed kongs paid for one seat were settled).
    A pong, the kong added to it and a kong call with its kong event are one meld each; a
    ghost added to a pong makes none (it does not say which pong); two chows are two."""
    melds: dict = {s: {} for s in SEATS}
    konged: dict = {}  # (seat, tile) -> the event of the seat's kong of it
    for ev in rec.events:
        if ev.type not in ("kong", "call"):
            continue
        k, kind = event_tile(ev, rec.label), ev.fields.get("kind")
        if ev.type == "kong" and kind == "added" and added_ghost(k, rs):
            continue
        if ev.type == "kong":
            konged.setdefault((ev.seat, k), ev.number)
        elif kind == "pong" and (ev.seat, k) in konged:
            # (An added kong before the pong it was added to settled, its 4 tiles and the
            # pong's counted as one meld's.)
            raise InputError(f"{rec.label}: event {ev.number}: {ev.seat} pongs {T.name(k)} "
                             f"after its kong of {T.name(k)} at event {konged[ev.seat, k]}: "
                             "a kong holds all four, and an added kong is made of a pong "
                             "called before it")
        made = melds[ev.seat]
        made.setdefault(("chow", ev.number) if kind == "chow" else k, ev.number)
        if len(made) > MELDS_MAX:
            others = ", ".join(str(n) for n in sorted(made.values())[:MELDS_MAX])
            raise InputError(f"{rec.label}: event {ev.number}: a fifth meld for {ev.seat}, "
                             f"who has {MELDS_MAX} from events {others}: a hand holds at most "
                             f"{MELDS_MAX}")


def check_kong_kinds_shown(rec, rs, hands: dict) -> None:
    """Refuse a kong event whose seat's hand shows that tile's kong as another kind only (an
    added kong event beside a concealed `(1111m)`), before anything counts it: an exposed one
    counted as taking a discard besides the four the hand holds was told as "5 copies of 7s
    across the table", and where kongs pay (G8) the hand's kong was told as having no kong
    event, with advice to add one that was then refused. (A kong the hand does not show at
    all is `check_kong_shown`'s, at its event, as is a robbed kong's, which never formed:
    its hand shows the pong, and "write {555pC}" for a [555pC] shown led only to that.)"""
    for i, ev in enumerate(rec.events):
        if ev.type != "kong" or ev.seat not in hands or \
                robbing_win(rec.events, i, rs, rec.label) is not None:
            continue
        try:
            k = event_tile(ev, rec.label)
        except InputError:
            continue  # refused when its turn comes, in the order of the events
        said = ev.fields.get("kind")
        kongs = [m for m in hands[ev.seat].melds if m.kind == "kong" and m.tiles[0] == k]
        if said not in _BRACKETS or not kongs or any(m.exposure == said for m in kongs):
            continue
        shown = kongs[0].exposure
        frm = f" (from: {ev.fields.get('from')})" if said == "exposed" else ""
        raise InputError(f"{rec.label}: event {ev.number}: {ev.seat}'s hand shows "
                         f"{'an' if shown in ('added', 'exposed') else 'a'} {shown} kong "
                         f"{kongs[0].text}, which this event calls {said}{frm}: write "
                         f"{_BRACKETS[said].format(kongs[0].text.strip('[](){}'))} in the "
                         f"hand, or the event's kind as {shown}"
                         f"{' with from: its discarder' if shown == 'exposed' else ''}")


_BRACKETS = {"exposed": "[{}]", "concealed": "({})", "added": "{{{}}}"}


def check_call_shown(table, ev) -> None:
    """Refuse a call, or a win robbing a kong the record leaves out, that a hand given
    contradicts (kong events: `check_kong_shown`). A pong called stays in its seat's hand, as
    a pong or as the kong added to it; a kong called, as an exposed kong; each chow called is
    a chow there holding its tile (or a ghost, which may stand for it); a robbed kong's seat
    keeps the exposed pong the robbed tile was added to (or the kong it makes of it later)."""
    rec, rs = table.rec, table.rs
    robbed = ev.type == "win"
    seat = ev.fields.get("from") if robbed else ev.seat
    hand = table.hands.get(seat)
    kind = "robbed" if robbed else ev.fields.get("kind")
    if hand is None:
        return
    if robbed and any(robbing_win(rec.events, e.number - 1, rs, rec.label) is ev
                      for e in rec.events[:ev.number - 1] if e.type == "kong"):
        return  # the kong is in the record: checked at its event
    k = event_tile(ev, rec.label)
    if kind == "chow":
        n = sum(1 for e in rec.events[:ev.number] if e.type == "call" and e.seat == seat
                and e.fields.get("kind") == "chow")
        chows = [m for m in hand.melds if m.kind == "chow"]
        if len(chows) >= n and any(k in m.tiles or m.ghosts for m in chows):
            return
        what = f"no chow holding {T.name(k)}" if len(chows) >= n else \
            f"{counted(len(chows), 'chow')}, and this is its chow call {n}"
        raise InputError(f"{rec.label}: event {ev.number}: {seat} called a chow of "
                         f"{T.name(k)}, but {seat}'s hand shows {what}")
    wild = added_ghost(k, rs)  # a ghost claimed stands for the tile the meld is of
    of_k = [m for m in hand.melds if m.tiles[0] == k or wild and m.ghosts]
    exposed = next((m for m in of_k if m.kind == "kong" and m.exposure == "exposed"), None)
    if kind == "kong":
        # (A kong call makes an exposed kong, whatever its kong event says: an exposed kong
        # event of 6p beside a kong call of 5p was taken, and the 5p kong was in no hand.)
        if exposed is None:
            raise InputError(f"{rec.label}: event {ev.number}: {seat} called a kong of "
                             f"{T.name(k)}, but {seat}'s hand shows no exposed kong of "
                             f"{T.name(k)}")
        return
    if any(m.kind == "pong" or m.kind == "kong" and m.exposure == "added" for m in of_k):
        return
    if robbed:
        raise InputError(f"{rec.label}: event {ev.number}: {' and '.join(ev.seats)} robs "
                         f"{seat}'s kong of {T.name(k)}, but {seat}'s hand shows no exposed "
                         f"pong of {T.name(k)}, which the robbed tile was added to")
    # (An exposed kong is of a discard claimed as a kong: a pong called grows only by the
    # tile added to it. [5555p] beside a pong call of 5p was taken.)
    also = ""
    if exposed is not None:
        # (Its added kong robbed, the pong stays: "write {555pC}" led to "never formed".)
        adds = [e for e in rec.events[ev.number:] if e.type == "kong" and e.seat == seat and
                e.fields.get("kind") == "added" and
                event_tile(e, rec.label) in (k, *rs.ghost_kinds)]
        robs = [robbing_win(rec.events, e.number - 1, rs, rec.label) for e in adds]
        also = f": it shows {exposed.text}, a kong that never formed (robbed at event " \
               f"{robs[-1].number}): write its pong" if adds and all(robs) else \
               f": it shows {exposed.text}, an exposed kong; a pong called and added to is " \
               f"{{{exposed.text.strip('[]')}}}"
    raise InputError(f"{rec.label}: event {ev.number}: {seat} called a pong of {T.name(k)}, "
                     f"but {seat}'s hand shows no exposed pong or kong of {T.name(k)}{also}")


def lets_go_a_rob(turn, k: int, rs, label: str) -> bool:
    """Whether a pass of kind `k` after kong event `turn` lets go a robbing win, not a
    discard: `turn` an added kong of `k`, or of a ghost where ghosts stand in melds for any
    tile (a ghost added is passed as any tile it might have been robbed as: L14). Only an
    added kong may be robbed."""
    if turn.type != "kong" or turn.fields.get("kind") != "added":
        return False
    tile = event_tile(turn, label)
    return tile == k or added_ghost(tile, rs)


def of_a_later_discard(events: tuple, i: int, label: str) -> bool:
    """Whether claim `events[i]` (a call, an exposed kong or a win on a discard) took a
    discard the record leaves out: its discarder wrote a discard of the tile, but another turn
    is written after the last one (a draw, discard, call or kong, or a win on no discard of
    it), and a claim takes the discard it follows, so it took a later one. (A claim half of a
    kong call and its kong event, passes and other wins on that discard may stand between.)"""
    claim = events[i]
    frm, k = claim.fields.get("from"), event_tile(claim, label)
    for e in reversed(events[:i]):
        if e.type == "discard" and e.seat == frm and event_tile(e, label) == k:
            return False
        if e.type in ("draw", "discard", "call", "kong") and not (
                e.seat == claim.seat and e.type in ("call", "kong") and
                e.fields.get("from") == frm and event_tile(e, label) == k) or \
                e.type == "win" and not (e.fields.get("from") == frm and
                                         event_tile(e, label) == k):
            return any(x.type == "discard" and x.seat == frm and event_tile(x, label) == k
                       for x in events[:i])
    return False


def four_ghosts_refusal(ev, tile: int, rs) -> str | None:
    """Why kong event `ev` of a ghost kind `tile` is no kong, or None: concealed, where ghosts
    fill melds, it would be four ghosts, and a meld holding ghosts holds one natural tile at
    least (CONTRACT). (An added one is a ghost added to a pong: `ghost_added`; an exposed
    one, a discarded ghost claimed: `discarded_ghost_refusal`.)"""
    if ev.fields["kind"] == "concealed" and tile in rs.ghost_kinds and \
            rs.ghosts_in_melds == "wild":
        return (f"a concealed kong of {T.name(tile)} would be four ghosts, and a kong holding "
                "ghosts holds one natural tile at least: its tile: is the kind it is a kong of")
    return None


def discarded_ghost_refusal(tile: int, rs, done: str = "ponged or konged") -> str | None:
    """Why a pong or kong of a discarded `tile` is refused (seed 002, L4: a discarded 红中
    cannot be ponged, konged or won on), or None; `done`: what the claim would do (a pass:
    the win it lets go)."""
    if tile in rs.ghost_kinds and not ghost_rule(rs.spec.get("ghosts") or {},
                                                 "discard_winnable"):
        return f"a discarded {T.name(tile)} (ghost) cannot be {done}"
    return None
