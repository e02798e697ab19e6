"""Wins a passed win blocks (checked when a whole hand is settled, from a game log).

过水 (luzhou, L15): after passing a discard-type win, a player may not win on a discard worth
as much or less until their next draw. 漏胡 (lanzhou, Z6): a passed tile cannot be won by
discard, nor by robbing a kong, until the player's own next discard or call. Self-draw is
never blocked.
"""

from __future__ import annotations

from dataclasses import replace

from . import context as C
from . import tiles as T
from .api import score_hand
from .declaring import declared_at
from .errors import InputError, MjscoreError
from .hand import build
from .patterns import physical_ghosts
from .record import NO_TURN, event_tile
from .terms import spaced


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
    if not any(e.type == "pass" and e.seat == seat and e.number < ev.number
               for e in table.rec.events):
        return None
    if not table.log:
        table.skip(f"{'过水' if rule == 'guoshui' else '漏胡'} not checked: the record has no "
                   "draws, discards or calls")
        return None
    if rule == "louhu":
        return louhu(table.rec, rule, seat, tile, ev.number)
    open_ = open_passes(table.rec, rule, seat, ev.number)
    if rule == "guoshui" and open_:
        valued = [e for e in open_ if e.fields.get("value") is not None]
        for e in valued:
            _value_checked(table, e, ev, seat, tile)
        top = max(valued, key=lambda e: e.fields["value"], default=None)
        if top is not None and value <= top.fields["value"]:
            unit = spaced(table.rs.unit)  # (颗: the seed counts in them)
            return (f"过水: {seat} passed a win worth {top.fields['value']}{unit} at event "
                    f"{top.number} and has not drawn since; a discard win must be worth more")
        unvalued = [e for e in open_ if e.fields.get("value") is None]
        if unvalued:
            table.skip(f"过水 not checked at event {ev.number}: the pass at event "
                       f"{unvalued[-1].number} gives no value")
    return None


def open_passes(rec, rule: str, seat: str, before: int) -> list:
    """`seat`'s passes before event `before` that still block under `rule`: every one since
    its last draw (过水; a kong's replacement, or a discard it drew for, `_drawn_for`) or its
    last discard or call (漏胡), not only the latest (passing a second tile lifts nothing)."""
    since, last = 0, None  # (last: the seat's last turn so far, for `_drawn_for`)
    for e in rec.events:
        if e.seat != seat or e.number >= before:
            continue
        if (_draws(e) or _drawn_for(e, last)) if rule == "guoshui" else _discards_or_calls(e):
            since = e.number
        if e.type not in _NO_TURN:
            last = e
    return [e for e in rec.events if e.type == "pass" and e.seat == seat
            and since < e.number < before]


def louhu(rec, rule: str, seat: str, tile: int, before: int) -> str | None:
    """Why 漏胡 blocks `seat` from winning on `tile` by discard (or robbing) at event
    `before`, or None: it passed that tile since its last discard or call. (Read where the
    record logs draws, discards or calls: without them nothing says the block lifted.)"""
    if rule != "louhu":
        return None
    same = [e for e in open_passes(rec, rule, seat, before) if event_tile(e, rec.label) == tile]
    if same:
        return (f"漏胡: {seat} passed {T.name(tile)} at event {same[-1].number} and has "
                "not discarded or called since")
    return None


def logged(rec) -> bool:
    """Whether the record logs play (draws, discards or calls), which the pass rules read."""
    return any(e.type in ("draw", "discard", "call") for e in rec.events)


def _draws(e) -> bool:
    """Whether event `e` gives its seat a drawn tile (lifting 过水): a draw, and a kong of any
    kind, which is always followed by its replacement draw (a log need not write it)."""
    return e.type in ("draw", "kong") or e.type == "call" and e.fields.get("kind") == "kong"


def _drawn_for(e, last) -> bool:
    """Whether event `e` is a discard its seat drew for, the draw left out of the log (lifting
    过水 as the draw would): one after no call of its own, `last` (its seat's last turn before
    it) a draw, a kong, a discard or none logged. A discard follows a draw or a call, and a
    call (a pong, a chow) would be logged (and shown in the hand): a log writing a seat's
    discards and not its draws still shows the turn come round."""
    return e.type == "discard" and (last is None or last.type != "call"
                                    or last.fields.get("kind") == "kong")


def _discards_or_calls(e) -> bool:
    """Whether event `e` is its seat's discard or call (lifting 漏胡): a kong from a discard
    (`exposed`) is a call, written as a kong event; a concealed or added kong calls nothing."""
    return e.type in ("discard", "call") or e.type == "kong" and e.fields.get("kind") == "exposed"


def check_pass_value(table, ev) -> None:
    """Refuse a pass whose `value` no hand is worth under the ruleset: past its cap."""
    most = most_value(table.rs)
    value = ev.fields.get("value")
    if most is not None and value is not None and value > most:
        raise InputError(f"{table.rec.label}: event {ev.number}: value {value} is more than "
                         f"any hand is worth in {table.rs.name}: at most {most}")


def most_value(rs) -> int | None:
    """The most a hand is worth under `rs` (颗 after the cap; None: uncapped): the cap, or
    the highest a pattern raises it to."""
    if rs.cap is None:
        return None
    return max([rs.cap] + [int(s.raises_cap) for s in rs.patterns if s.raises_cap])


def _value_checked(table, e, ev, seat: str, won: int) -> None:
    """Note pass `e` where its `value` is not what the hand it let go is worth with nothing
    that makes a win worth more (杠上炮, 抢杠: a pass says nothing of them), the hand being the
    one `seat` wins with at `ev` less the tile won, where the log shows no turn of its own
    between (a draw, discard, call or kong). Noted, not refused: a log may leave out a draw
    that changed the hand, and the value as written may then be true; but a value too low
    lets through a win 过水 blocks, and one too high (a typo) blocks a win worth more than the
    hand was, so the reader is told."""
    rec = table.rec
    if any(x.seat == seat and x.type in ("draw", "discard", "call", "kong")
           for x in rec.events[e.number:ev.number - 1]):
        return
    worth = _passed_worth(table, seat, won, e, _declared_by(rec, seat, e, ev))
    value = e.fields["value"]
    # (Above it only where the log shows a plain discard: 杠上炮 or 抢杠 raise a passed win
    # past `worth`, which a pass says nothing of.)
    if worth is not None and (value < worth or value > worth and _plain_discard(rec, e)):
        tile = T.name(event_tile(e, rec.label))
        unit = spaced(table.rs.unit)
        table.skip(f"过水 at event {ev.number}: the pass at event {e.number} is written as worth "
                   f"{e.fields['value']}{unit}, but the hand {seat} wins with, won on "
                   f"{e.fields['from']}'s {tile}, is worth {worth}{unit}; taken as written (no "
                   f"turn of {seat}'s is logged between, but a draw left out would change the "
                   "hand)")


_NO_TURN = NO_TURN | {"win"}


def _plain_discard(rec, e) -> bool:
    """Whether pass `e` let go a discard the log shows with no kong by its discarder in the
    turn it ended (a draw, a kong and its replacement draw, the discard): no kong being
    robbed, nor a discard right after a kong."""
    frm = e.fields["from"]
    # (Passes, wins by others on the same tile, a ghosts count and a declaration take no turn.)
    before = [x for x in rec.events[:e.number - 1] if x.type not in _NO_TURN]
    if not before or before[-1].type != "discard" or before[-1].seat != frm:
        return False  # (a kong passed, its tile robbable; or the discard left out)
    for x in reversed(before[:-1]):
        if x.seat != frm or x.type not in ("draw", "kong", "call"):
            return True
        if x.type == "kong" or x.fields.get("kind") == "kong":
            return False
    return True


def _declared_by(rec, seat: str, e, ev) -> bool:
    """Whether `seat` had declared (报牌) when it made pass `e`: a declare event before it, or,
    with none in the log, the win `ev` written `declared: true` (made on the dealt hand, as
    报牌 is). Valued without it, a declared hand's pass was told as worth 10 颗 where the win
    on that tile is 40, and a pass written 10 let an equal win through unnoted."""
    if declared_at(rec, seat, e.number) is not None:
        return True
    return bool(ev.fields.get("declared")) and declared_at(rec, seat, ev.number) is None


def _passed_worth(table, seat: str, won: int, e, declared: bool) -> int | None:
    """What `seat`'s hand less `won` is worth (颗 after the cap) won on pass `e`'s tile from its
    discarder, declared or not, nothing else said of the win; None where that is no legal
    win."""
    hand, rs = table.hands[seat], table.rs
    held = list(hand.parsed.concealed)
    held.remove(won)
    k = event_tile(e, table.rec.label)
    parsed = replace(hand.parsed, concealed=tuple(sorted(held + [k])), win=k, cols=None)
    try:
        h = build(parsed, rs)
        ctx = C.make(h, rs, seat_=seat, discard=e.fields["from"], dealer=table.rec.dealer,
                     ghosts_held=physical_ghosts(h, rs), declared=declared)
        r = score_hand(h, rs, ctx, frozenset({"ghost_bonus"}), C.RECORD_KEYS, shown=False)
    except MjscoreError:  # (no such hand: the copies across the table say why)
        return None
    return r.top.capped if r.legal and r.top is not None else None
