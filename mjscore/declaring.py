"""A seat's declaration in a game log (`{declare: E}`: 报章 in lanzhou, 报牌 in luzhou): its
later win is a declared one, and where the ruleset limits the kongs a declared seat may make
(`play.declared_kongs`; lanzhou, seed 003: "An exposed kong claimed off someone else's discard
is not allowed"), a kong of another kind is refused; where it locks the wait
(`play.lock_declared_wait`; lanzhou, seed 003: "every discard from here on must leave you
waiting on exactly the tile(s) you declared on"), a win whose hand waits on other tiles than
the declare event's `waits:` is refused. Never prints or exits."""

from __future__ import annotations

from dataclasses import replace

from . import tiles as T
from .claims import robbing_win
from .errors import InputError
from .record import event_tiles
from .words import either


def declare_summary(table, ev) -> str:
    """The declare event's line, or InputError where the ruleset reads no declaration or
    the seat declared already."""
    label, rs = table.rec.label, table.rs
    if "declared" not in rs.context:
        from .context import switched_off
        off = switched_off(rs, "declared")  # (the guide's report_tile=false, given)
        raise InputError(f"{label}: event {ev.number}: a declare event does not apply in "
                         f"{rs.name}" + (f" (option {off} is off)" if off else
                                         ": nothing there reads a declaration"))
    earlier = declared_at(table.rec, ev.seat, ev.number)
    if earlier is not None:
        raise InputError(f"{label}: event {ev.number}: {ev.seat} declared already, at event "
                         f"{earlier}")
    if table.play.get("declare_at_deal"):
        # (Seed 002: the dealer is ready only after its first discard, and declares then;
        # another seat before its first.)
        free = 1 if ev.seat == table.rec.dealer else 0
        played = [e.number for e in table.rec.events[:ev.number - 1]
                  if e.type == "discard" and e.seat == ev.seat]
        if len(played) > free:
            table.refuse(ev, f"{ev.seat} declares after its discard at event {played[free]}: "
                             f"in {rs.name} a seat declares at the deal, before its first "
                             "discard (the dealer, before its second)")
    on = table.waits_named.get(ev.number)
    if on is None:
        return f"{ev.seat} declares ready: a win of {ev.seat}'s from here on is a declared one"
    return (f"{ev.seat} declares ready on {_names(on)}: a win of {ev.seat}'s from here on is a "
            f"declared one, its wait locked to {_names(on)}")


def declared_on(table, ev) -> frozenset | None:
    """The tile kinds declare event `ev`'s `waits:` names (None: it names none); InputError
    where they are no tiles of the ruleset's, or the ruleset does not lock a declared wait
    (then `waits:` would be read by nothing)."""
    if ev.fields.get("waits") is None:
        return None
    where, rs = f"{table.rec.label}: event {ev.number} (waits)", table.rs
    if not table.play.get("lock_declared_wait"):
        raise InputError(f"{where}: the tiles declared on are read only where the ruleset "
                         f"locks a declared wait (play.lock_declared_wait); {rs.name} does not")
    got = event_tiles(ev, "waits", table.rec.label, rs)
    if not got:  # (blank: the schema's minimum length counts a space)
        raise InputError(f"{where}: names no tile; write the tiles declared on, as 1p4p")
    odd = next((k for k in got if k not in rs.tile_kinds or k in rs.ghost_kinds), None)
    if odd is not None:
        raise InputError(f"{where}: {T.name(odd)} is no tile a hand of {rs.name} waits on")
    twice = next((k for i, k in enumerate(got) if k in got[:i]), None)
    if twice is not None:  # (a tile waited on is one kind: likely a slip for another tile)
        raise InputError(f"{where}: {T.name(twice)} is named twice; name each tile waited on "
                         "once, as 1p4p")
    return frozenset(got)


def named_waits(table) -> dict:
    """{declare event's number: the kinds its `waits:` names} (`declared_on`), every one read
    before the hand is settled, as an event's tile is: one after a refusal, or after the
    hand ended, is still bad input. Read once; the declare and the win take them from here."""
    return {ev.number: got for ev in table.rec.events
            if ev.type == "declare" and (got := declared_on(table, ev)) is not None}


def locked_wait(table, ev, seat: str, h) -> str | None:
    """Why `seat`'s win `h` at `ev` breaks the wait its declare event locked, or None: its
    hand less the tile won must wait on every tile `waits:` names, and on no other but one it
    takes by self-draw only (lanzhou's 幺鸡 standing in), which a declaration may leave out.
    Where the declare event names no tiles, or there is none (the win's own `declared:
    true`), the wait cannot be checked: said, not refused."""
    if not table.play.get("lock_declared_wait"):
        return None
    at = declared_at(table.rec, seat, ev.number)
    if at is None:
        if ev.fields.get("declared"):
            table.skip(f"{seat}'s locked wait is not checked at its win, event {ev.number}: "
                       f"declared: true says it declared, but not when or on what (a declare "
                       "event, with waits:, says both)")
        return None
    declared = table.waits_named.get(at)
    if declared is None:
        table.skip(f"{seat}'s locked wait (declared at event {at}) is not checked at its win, "
                   f"event {ev.number}: the declare event names no tiles (waits:)")
        return None
    from .hand import Hand
    less = list(h.concealed)
    less.remove(h.win)
    held = Hand(tuple(less), None, h.melds, replace(h.parsed, concealed=tuple(less), win=None))
    waits = _wait_other_than(table, held, seat, declared)
    if waits is None:
        return None
    return (f"{seat} declared at event {at} on {_names(declared)}, but its hand at the win "
            f"{waits}: in {table.rs.name} a declared seat waits on exactly the tiles it "
            f"declared on" + _kong_moved(table, seat, at, ev.number))


def _wait_other_than(table, held, seat: str, declared: frozenset) -> str | None:
    """"waits on ..." where 13-tile hand `held` waits on other tiles than `declared`, or None:
    it must wait on every one, and on no other but one it takes by self-draw only (lanzhou's
    幺鸡 standing in), which a declaration may leave out."""
    from .ready import analyse
    found = analyse(held, table.rs, seat).waits
    waiting = {T.parse_name(w.tile) for w in found}
    drawn = {T.parse_name(w.tile) for w in found if w.self_draw_only}
    if waiting - drawn <= declared <= waiting:
        return None
    only = f" ({_names(drawn)} by self-draw only)" if drawn else ""
    return f"waits on {_names(waiting) if waiting else 'nothing'}{only}"


def stood_refusal(table, ev) -> str | None:
    """Why a declared seat's hand as it stood (`seats`, 13 tiles) breaks the wait its declare
    event locked, or None, checked at `ev`, the seat's last turn from its declaration on that
    changes its hand (a kong, discard or call; a robbed kong never forms; the declare event
    itself where it takes none after), by which the wait had moved, or had been named wrong:
    the record cannot show which turn moved it (seed 003: "a kong that would shift it is
    refused", and every discard must leave the wait where it was). A seat that wins later is
    checked at its win (`locked_wait`), and one whose hand is not given cannot be."""
    seat, events = ev.seat, table.rec.events
    if not table.play.get("lock_declared_wait") or seat in table.winners or \
            seat not in table.hands:
        return None
    at = ev.number if ev.type == "declare" else declared_at(table.rec, seat, ev.number)
    declared = table.waits_named.get(at) if at is not None else None
    if declared is None or any(_moves(table, e) for e in events[ev.number:] if e.seat == seat):
        return None
    waits = _wait_other_than(table, table.hands[seat], seat, declared)
    if waits is None:
        return None
    said = (f"{seat} declared at event {at} on {_names(declared)}, but its hand as it stood "
            f"(seats.{seat}) {waits}: in {table.rs.name} a declared seat waits on exactly the "
            "tiles it declared on")
    if ev.type == "declare":  # (no turn logged after it: the hand shows the wait it had)
        return said + ", from its declaration to the end of the hand"
    what = ev.fields["kind"] if ev.type == "call" else ev.type
    return (f"{said}, and no kong or discard may move it: its {what} of {ev.fields['tile']} "
            "here is its last turn after declaring")


def _moves(table, ev) -> bool:
    """Whether event `ev` is a turn that changes its seat's hand: a kong (not one robbed,
    which never forms), a discard or a call."""
    return ev.type in _MOVES and not (ev.type == "kong" and robbing_win(
        table.rec.events, ev.number - 1, table.rs, table.rec.label) is not None)


_MOVES = ("kong", "discard", "call")  # the turns that change what a hand waits on


def _kong_moved(table, seat: str, at: int, win: int) -> str:
    """Which kong moved the wait, where the seat's last turn before its win was a kong it
    made after declaring (a discard after it may have moved it instead): the seed refuses
    such a kong, which the record shows only at the win."""
    turns = [e for e in table.rec.events[at:win - 1]
             if e.seat == seat and e.type in _MOVES]
    if turns and turns[-1].type == "kong":
        k = turns[-1]
        return (f"; its kong of {k.fields['tile']} at event {k.number} moved the wait, which a "
                "declared seat's kong may not")
    return ""


def _names(kinds) -> str:
    return " ".join(T.name(k) for k in T.sorted_kinds(kinds))


def declared_at(rec, seat: str, before: int) -> int | None:
    """The number of `seat`'s declare event before event `before`, or None."""
    return next((e.number for e in rec.events if e.type == "declare" and e.seat == seat
                 and e.number < before), None)


def win_declared(table, ev, seat: str) -> bool:
    """Whether `seat`'s win at `ev` is a declared one: its own `declared: true`, or an
    earlier declare event (a `declared: false` beside one contradicts it)."""
    flag = ev.fields.get("declared")
    at = declared_at(table.rec, seat, ev.number)
    if flag is False and at is not None:
        # (`settle_win` names the record and the event, as for the options beside it.)
        raise InputError(f"declared: false, but {seat} declared at event {at}")
    return bool(flag) or at is not None


def kong_refusal(table, ev, kind: str) -> str | None:
    """Why seat `ev.seat`'s kong of `kind` (concealed, added, or exposed: of a discard) is not
    allowed after its declaration, or None."""
    allowed = table.play.get("declared_kongs")
    if allowed is None or kind in allowed:
        return None
    at = declared_at(table.rec, ev.seat, ev.number)
    if at is None:
        return None
    shown = either([_kind(k) for k in allowed]) if allowed else "no kong"
    return (f"{ev.seat} declared at event {at}; after that, {table.rs.name} allows {shown}, "
            f"not {_kind(kind)}")


def _kind(kind: str) -> str:
    return {"exposed": "a kong of a discard", "added": "an added kong"}.get(kind,
                                                                         f"a {kind} kong")
