"""What a settle record's log says of a win after a kong: the kong whose replacement tile a
kong draw (杠上开花) won on, the discard after a kong a win took (杠上炮), each checked
against the turns the log shows between; and where the log shows one with its flag left
unwritten, a note (`unwritten_kong_flags`)."""

from __future__ import annotations

from .claims import ghost_added, robbing_win
from .errors import InputError
from .record import NO_TURN, event_tile
from .robbing import robbed_may_be_ghost
from .terms import term


def kong_draw_from(table, ev, seat: str, hand) -> str | None:
    """Who discarded the tile of the kong `seat` drew its winning replacement after, where the
    ruleset makes that seat pay (`--kong-from`, 杠爆全包): the `from:` of the seat's last kong
    (or kong call) before the win, which only a kong claimed from a discard has. None for a
    concealed or added kong, a win not on a kong draw, or a ruleset that takes no --kong-from.
    A kong the log shows another turn after (`_another_turn`) is not the one the win drew
    after: refused where who pays in full turns on it (a claimed kong under 杠爆全包), and
    wherever the log holds every kong `hand` shows, so that no kong of the seat's is left out
    after it (a turn after the last one: the win was on no kong's replacement)."""
    if not ev.fields.get("kong_draw"):
        return None
    liable = "kong_from" in table.rs.context
    earlier = table.rec.events[:ev.number - 1]
    kongs = [e for e in _formed_kongs(table, seat) if e.number < ev.number]
    if not kongs or not liable and len(kongs) != len(hand.kongs):
        return None
    last = kongs[-1]
    claimed = liable and last.fields.get("from")
    if claimed or len(kongs) == len(hand.kongs):
        turn = _another_turn(table, last, earlier[last.number:])
        if turn:
            raise _not_its_replacement(table, ev, last, turn, claimed)
    return last.fields.get("from") if liable else None


def after_kong_checked(table, ev, frm, tile: int) -> None:
    """Refuse an `after_kong` win (杠上炮; the guide's Kong Penalty) on a discard the record
    shows was not the discarder's first after a kong, as `kong_draw_from` refuses a kong draw
    on no replacement: where the discarder's hand is given and the record holds every kong it
    shows (none left out, none robbed), either none came before the win, or the log shows
    another turn after the last of them (anything but its replacement's draw, the discard of
    the tile won, passes on either tile and a ghosts count)."""
    if not ev.fields.get("after_kong") or ev.fields.get("rob_kong") or frm not in table.hands:
        return
    kongs = _formed_kongs(table, frm)
    shown = len(table.hands[frm].kongs)
    if len(kongs) != shown:
        return
    before = [e for e in kongs if e.number < ev.number]
    head = f"{table.rec.label}: event {ev.number}: after_kong: "
    if not before:
        later = "none" if not shown else "a kong, declared later" if shown == 1 else \
            f"{shown} kongs, each declared later"
        raise InputError(f"{head}{frm} had made no kong before it (its hand shows {later})")
    last = before[-1]
    turn = _another_turn(table, last, table.rec.events[last.number:ev.number - 1], tile)
    if turn:
        raise InputError(f"{head}the tile won is not {frm}'s discard right after its last kong "
                         f"(event {last.number}): {named(turn)} came between")


def _formed_kongs(table, seat: str) -> list:
    """`seat`'s kong events (and kong calls) that formed: a robbed kong never did, so it gave
    no replacement to win on (杠上开花) or discard after (杠上炮), and its hand shows a pong;
    its event is then a turn after any earlier kong (`_another_turn`)."""
    events, label = table.rec.events, table.rec.label
    return [e for i, e in enumerate(events) if e.seat == seat and _is_kong(e) and not (
        e.type == "kong" and robbing_win(events, i, table.rs, label) is not None)]


def _is_kong(e) -> bool:
    return e.type == "kong" or e.type == "call" and e.fields.get("kind") == "kong"


def _another_turn(table, kong, after: list, discard: int | None = None):
    """The first of the events `after` a kong (up to the win) that was another turn, or None:
    all that may come between are the replacement tile's draw, a pass on the konged tile
    itself (a claimed kong's discard, an added kong's tile let go unrobbed), a ghosts count
    and a declaration, which is no turn (a discard, a call, another draw, a pass on any other
    tile: the turn went on); with `discard`, also the konger's discard of that tile, and
    passes and the other claims' wins on it (杠上炮: several claims written apart,
    `claim_groups`)."""
    label, drew, discarded = table.rec.label, False, False
    offered, konged = kong.fields.get("from") or kong.seat, event_tile(kong, label)
    # A 红中 added to a pong is let go as the tile a robber would have written: the one it
    # stands for (L14), which the kong event does not say.
    any_tile = ghost_added(kong, konged, table.rs, False) and robbed_may_be_ghost(table.rs)
    for e in after:
        if e.type in NO_TURN and e.type != "pass" or e.type == "pass" and \
                e.fields.get("from") == offered and (any_tile or event_tile(e, label) == konged):
            continue
        if e.type == "draw" and e.seat == kong.seat and not drew and not discarded:
            drew = True
            continue
        if discard is not None and e.seat == kong.seat and e.type == "discard" and \
                not discarded and event_tile(e, label) == discard:
            discarded = True
            continue
        if discarded and e.type in ("pass", "win") and e.fields.get("from") == kong.seat and \
                event_tile(e, label) == discard:
            continue
        return e
    return None


def named(e) -> str:
    """An event as the log checks name it: "event 5 (W's discard)"."""
    who = f"{e.seat}'s " if e.seat else ""
    return f"event {e.number} ({who}{e.type})"


def _not_its_replacement(table, ev, kong, turn, claimed) -> InputError:
    how = f", claimed from {kong.fields['from']}" if kong.fields.get("from") else ""
    so = "who pays in full (杠爆全包) is not known" if claimed else \
        "the win was on no kong's replacement tile"
    return InputError(
        f"{table.rec.label}: event {ev.number}: kong_draw: the winning tile is not the "
        f"replacement of {kong.seat}'s last kong (event {kong.number}{how}): "
        f"{named(turn)} came between, so {so}")


def unwritten_kong_flags(table, ev, seat: str, frm, tile: int) -> None:
    """Note (not refuse: a log may leave turns out) a win the log shows on a kong's
    replacement tile, or on the konger's discard right after its kong, whose flag the record
    leaves unwritten: it is paid as a plain win, where a player forgetting the flag is owed
    杠上开花 or 杠上炮. Only where the ruleset takes the flag (lanzhou pays neither)."""
    f = ev.fields
    if f.get("rob_kong") or f.get("heavenly") or f.get("earthly"):
        return
    konger, flag = (frm, "after_kong") if frm else (seat, "kong_draw")
    if f.get(flag) or flag not in table.rs.context:
        return
    kongs = [e for e in _formed_kongs(table, konger) if e.number < ev.number]
    if not kongs:
        return
    last, between = kongs[-1], table.rec.events[kongs[-1].number:ev.number - 1]
    # (Its discard, or its replacement's draw, not logged: the log may leave turns out too.)
    if not any(e.type == ("discard" if frm else "draw") and e.seat == konger for e in between):
        return
    if _another_turn(table, last, between, tile if frm else None) is None:
        what = f"{frm}'s discard right after {frm}'s kong" if frm else \
            "the replacement tile drawn after its kong"
        table.skip(f"{flag} at event {ev.number}: the log shows {seat} winning on {what} "
                   f"(event {last.number}), and the record does not write {flag}: true; "
                   f"settled as written, with no {term(table.rs, 'after_kong' if frm else 'kong_draw')} "
                   "(write it if it was one)")
