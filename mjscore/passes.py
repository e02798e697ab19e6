"""Wins a passed win blocks (checked when a whole hand is settled, from a game log).

过水 (luzhou, L15): after passing a discard-type win, a player may not win on a discard worth
as much or less until their next draw. 漏胡 (lanzhou, Z6): a passed tile cannot be won by
discard, nor by robbing a kong, until the player's own next discard or call. Self-draw is
never blocked.
"""

from __future__ import annotations

from . import tiles as T
from .record import event_tile


def blocked_by_pass(table, ev, seat: str, tile: int, value: int) -> str | None:
    """Why `seat`'s discard win at `ev` on `tile`, worth `value` as scored (杠上炮 and 抢杠
    included: a pass does not block a win they make worth more), is blocked by an earlier
    pass, or None. Checks the record cannot support are noted on the table as skipped.

    A value is the hand's, after the cap and before a discard-type win is halved (闺 5 颗,
    paying 2), as a pass's `value:` is written: the seed compares 番数 (同样的番数 blocks;
    升值胡, worth more, does not), and two hands of 4 and 5 颗 both pay 2 once halved."""
    rule = table.play.get("pass_rule", "none")
    # 漏胡 blocks robbing a kong too: the seed spares self-draw alone, and a robbed tile is
    # another player's (a discard-type win, RULINGS' terms).
    if rule == "none" or not ev.fields.get("from"):
        return None
    passes = [e for e in table.rec.events if e.type == "pass" and e.seat == seat
              and e.number < ev.number]
    if not passes:
        return None
    if not table.log:
        table.skip(f"{'过水' if rule == 'guoshui' else '漏胡'} not checked: the record has no "
                   "draws, discards or calls")
        return None
    # Every pass since the seat's last draw (过水) or its last discard or call (漏胡) still
    # blocks, not only the latest: passing a second tile lifts nothing.
    lifts = _draws if rule == "guoshui" else _discards_or_calls
    since = max((e.number for e in table.rec.events if e.seat == seat and lifts(e)
                 and e.number < ev.number), default=0)
    open_ = [e for e in passes if e.number > since]
    if rule == "louhu":
        same = [e for e in open_ if event_tile(e, table.rec.label) == tile]
        if same:
            return (f"漏胡: {seat} passed {T.name(tile)} at event {same[-1].number} and has "
                    "not discarded or called since")
        return None
    if rule == "guoshui" and open_:
        valued = [e for e in open_ if e.fields.get("value") is not None]
        top = max(valued, key=lambda e: e.fields["value"], default=None)
        if top is not None and value <= top.fields["value"]:
            return (f"过水: {seat} passed a win worth {top.fields['value']} at event "
                    f"{top.number} and has not drawn since; a discard win must be worth more")
        unvalued = [e for e in open_ if e.fields.get("value") is None]
        if unvalued:
            table.skip(f"过水 not checked at event {ev.number}: the pass at event "
                       f"{unvalued[-1].number} gives no value")
    return None


def _draws(e) -> bool:
    """Whether event `e` gives its seat a drawn tile (lifting 过水): a draw, and a kong of any
    kind, which is always followed by its replacement draw (a log need not write it)."""
    return e.type in ("draw", "kong") or e.type == "call" and e.fields.get("kind") == "kong"


def _discards_or_calls(e) -> bool:
    """Whether event `e` is its seat's discard or call (lifting 漏胡): a kong from a discard
    (`exposed`) is a call, written as a kong event; a concealed or added kong calls nothing."""
    return e.type in ("discard", "call") or e.type == "kong" and e.fields.get("kind") == "exposed"
