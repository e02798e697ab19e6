"""Which win robs a kong (checked when a whole hand is settled).

A win robbing a seat's kong right after that seat's kong event (passes between aside) robs
that kong, and the kong never forms (see `whole_hand.on_kong`), when it is won with the
kong's tile. A kong of a ghost robbed with another tile is a ghost added to another kind's
pong where ghosts may fill melds (the record writes the ghost as the kong's tile): where
the ruleset lets a robbed ghost stand in (luzhou, L14) the robber writes the tile it stands
for; where robbing it is forbidden (the guide, E6) the win is refused, as `score` refuses a
robbed ghost written as such. A rob with any other tile, or of another seat, robs a kong the
record leaves out, and the kong before it formed: players write only what they remember.
"""

from __future__ import annotations

from .context import rob_ghost_refusal
from .record import event_tile


def robbing_win(events: tuple, i: int, rs, label: str):
    """The win robbing the kong of `events[i]`, or None."""
    kong = events[i]
    win = next((e for e in events[i + 1:] if e.type != "pass"), None)
    if win is None or win.type != "win" or not win.fields.get("rob_kong") or \
            win.fields.get("from") != kong.seat:
        return None
    tile = event_tile(kong, label)
    if event_tile(win, label) == tile or added_ghost(tile, rs):
        return win
    return None


def added_ghost(tile: int, rs) -> bool:
    """Whether a robbed kong of `tile` is a ghost added to another kind's pong."""
    return tile in rs.ghost_kinds and rs.ghosts_in_melds == "wild"


def check_robbed(table, kong_tile: int, win) -> None:
    """Refuse `win` if it robs a ghost the ruleset forbids robbing (E6). (Won with the ghost
    written as such, scoring refuses it with the same words.)"""
    why = rob_ghost_refusal(table.rs, kong_tile)
    if why and event_tile(win, table.rec.label) != kong_tile:
        table.refuse(win, why)
