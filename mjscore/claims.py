"""The kong a win robs must be one the record can show (checked when a whole hand is settled).

A win robbing a seat's kong right after that seat's kong event robs that kong (the kong never
forms, see `whole_hand.on_kong`), so it is won with the kong's tile. A kong of a ghost tile
robbed with another tile is a ghost added to a pong (the record writes the ghost as the
kong's tile): where the ruleset lets a robbed ghost stand in (luzhou, L14) the robber writes
the tile it stands for; where robbing it is forbidden (the guide, E6) the win is refused, as
`score` refuses a robbed ghost written as such. Any other tile cannot describe a real hand:
bad input, naming the win's event. A rob of another seat's kong, or of a kong the record
leaves out, is taken as written: players write only what they remember.
"""

from __future__ import annotations

from . import tiles as T
from .context import robbed_may_be_ghost
from .errors import InputError
from .record import event_tile


def check_robbed(table, kong, kong_tile: int, win) -> None:
    """`win` robs the `kong` event's kong (of `kong_tile`), just declared by the same seat."""
    won = event_tile(win, table.rec.label)
    if won == kong_tile:
        return
    rs = table.rs
    if kong_tile in rs.ghost_kinds:
        if (rs.spec.get("ghosts") or {}).get("rob_ghost_forbidden"):
            table.refuse(win, f"a ghost ({T.name(kong_tile)}) being added to a kong cannot be "
                              "robbed")
        if robbed_may_be_ghost(rs):
            return  # the robbed ghost, written as the tile it stands for
    raise InputError(f"{table.rec.label}: event {win.number}: robs {kong.seat}'s kong of "
                     f"{T.name(kong_tile)} with {T.name(won)}: the robbed tile is the kong's")
