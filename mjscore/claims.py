"""The tile a win claims must be one the record shows (checked when a whole hand is settled).

A win robbing a kong right after a kong event robs that kong: the same seat's, and of the
winning tile (the kong never forms, see `whole_hand.on_kong`). Where the record logs the
discarder's discards, a discard win is on the latest of them. A record that breaks either
cannot describe a real hand: bad input, naming the win's event. A rob whose kong the record
leaves out, and a discard win whose discarder's discards it does not log, are taken as
written: players write only what they remember, or a log of one seat's turns.

Robbing a ghost added to a kong where the ruleset forbids it (the guide, E6) is play that
breaks the ruleset, refused as `score` refuses a robbed ghost written as such.
"""

from __future__ import annotations

from . import tiles as T
from .errors import InputError
from .record import event_tile


def check_robbed(table, kong, kong_tile: int, win) -> None:
    """`win` robs a kong and follows the `kong` event (of `kong_tile`): it must rob that one."""
    label, frm = table.rec.label, win.fields.get("from")
    if frm is None:  # the win's own check names what is missing
        return
    if frm != kong.seat:
        raise InputError(f"{label}: event {win.number}: robs {frm}'s kong, but the kong just "
                         f"before it (event {kong.number}) is {kong.seat}'s")
    won = event_tile(win, label)
    if won == kong_tile:
        return
    # (A 红中 added to a pong of 5p makes a kong of 5p, robbed as 5p (L14): a kong of the ghost
    # itself is robbed as itself.)
    rs = table.rs
    if kong_tile in rs.ghost_kinds and (rs.spec.get("ghosts") or {}).get("rob_ghost_forbidden"):
        table.refuse(win, f"a ghost ({T.name(kong_tile)}) being added to a kong cannot be robbed")
    raise InputError(f"{label}: event {win.number}: robs {kong.seat}'s kong of "
                     f"{T.name(kong_tile)} with {T.name(won)}: the robbed tile is the kong's")


def check_discard(table, win, tile: int) -> None:
    """A discard win (not a rob): where the record logs the discarder's discards, the latest
    before the win is of the winning tile, and the discarder has not drawn, called or konged
    since (its next discard, the one won, would be missing)."""
    frm = win.fields.get("from")
    if frm is None or win.fields.get("rob_kong"):
        return
    label = table.rec.label
    turns = [e for e in table.rec.events[:win.number - 1]
             if e.seat == frm and e.type in ("discard", "draw", "call", "kong")]
    last = next((e for e in reversed(turns) if e.type == "discard"), None)
    if last is None:
        return
    said = f"{label}: event {win.number}: {', '.join(win.seats)} wins on {frm}'s discard of " \
           f"{T.name(tile)}"
    if event_tile(last, label) != tile:
        raise InputError(f"{said}, but {frm}'s latest discard (event {last.number}) is "
                         f"{T.name(event_tile(last, label))}")
    if turns[-1] is not last:
        raise InputError(f"{said}, but {frm}'s turn went on after that discard (event "
                         f"{last.number}): event {turns[-1].number} is a {turns[-1].type}")
