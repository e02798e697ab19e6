"""A seat's declaration in a game log (`{declare: E}`: 报章 in lanzhou, 报牌 in luzhou): its
later win is a declared one, and where the ruleset limits the kongs a declared seat may make
(`play.declared_kongs`; lanzhou, seed 003: "An exposed kong claimed off someone else's discard
is not allowed"), a kong of another kind is refused. Never prints or exits."""

from __future__ import annotations

from .errors import InputError
from .words import either


def declare_summary(table, ev) -> str:
    """The declare event's line, or InputError where the ruleset reads no declaration or
    the seat declared already."""
    label, rs = table.rec.label, table.rs
    if "declared" not in rs.context:
        raise InputError(f"{label}: event {ev.number}: a declare event does not apply in "
                         f"{rs.name}: nothing there reads a declaration")
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
    return f"{ev.seat} declares ready: a win of {ev.seat}'s from here on is a declared one"


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
