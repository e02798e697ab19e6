"""A win event of a settle record, on the table `whole_hand` keeps (as `claims`, `passes`
and `draw_game` work on it): each winner checked against the record and the ruleset (one
winner per discard, the winners a hand allows, 过水 / 漏胡), scored in the context the record
gives, and the words and payments the event settles to."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from . import context as C
from . import tiles as T
from .api import horse_tiles, score_hand
from .claims import ghost_added
from .declaring import locked_wait, win_declared
from .draw_game import xiqian_elsewhere
from .errors import InputError, MjscoreError, OptionError
from .kong_turns import after_kong_checked, kong_draw_from, named, unwritten_kong_flags
from .passes import blocked_by_pass
from .patterns import physical_ghosts
from .record import NO_TURN, event_tile
from .robbing import known_pong
from .settlement import check_extras
from .claim_groups import claim_group, claim_seats, first_listings
from .table_hands import claim_winners, no_claim
from .void_suit import declared_void
from .working import exempt_words, how_won, liable_words, paid_words


def settle_win(table, ev) -> tuple:
    """The claim win event `ev` opens (`claim_group`: with the win events next to it on the
    same tile, if any) checked and scored: for each of its events settled, in turn order from
    the tile's seat, (event, summary, payment rows, the score Result of each winner); and
    (event, why) a claim of it is refused where others are not (None: none is). Play the
    ruleset forbids is refused through `table.refuse`."""
    f = ev.fields
    tile = event_tile(ev, table.rec.label)
    frm = f.get("from")
    if len(ev.seats) > 1 and not frm:
        raise InputError(f"{table.rec.label}: event {ev.number}: seats listed under win "
                         "claim one discard or robbed kong: give from: (whose tile it was)")
    group = claim_group(table.rec, ev)
    claims = claim_winners(table.play, ev, table.rec, table.rs)
    skipped = [p for p in claim_seats(table.rec, ev) if p not in claims]
    prev = table.out[-1] if table.out else None
    if table.play.get("one_winner_per_discard") and frm and prev and prev.type == "win" \
            and prev.results and prev.results[0].context.discard == frm and \
            prev.results[0].context.rob_kong is None and not f.get("rob_kong"):
        table.refuse(ev, f"{table.rs.name} has one winner per discard: {frm}'s tile went to "
                         f"{prev.results[0].context.seat}")
    taken = _claimed_first(table, ev, frm, tile, {s for e in group for s in e.seats}) \
        if frm and not f.get("rob_kong") else None
    if taken:
        table.refuse(ev, taken)
    results, refused = [], []
    for seat, e in claims:
        # (A claim refused here leaves the others on the tile theirs, as below: `refused`.)
        why = _past_the_last(table, seat, results, len(group) > 1)
        if why is None:
            r, why = _scored(table, e, seat, tile)
        if why:
            # One claim of several on a tile that is no win leaves the others theirs: they
            # are settled, then the record stops there (`refused`, which `on_win` raises).
            refused.append((e, why))
            continue
        results.append((e, r))
    if refused and not results:
        table.refuse(*refused[0])
    # A seat listed again on its tile (one winner per discard passes the listing over, with
    # the others) claims twice: refused at the later listing, as `win: [S, S]` is (a winner
    # wins twice, as in `_past_the_last`).
    won_here = {r.context.seat for _, r in results}
    first = first_listings(claim_seats(table.rec, ev))
    refused += [(e, f"{s} has already won this hand" if s in won_here else
                 f"{s} claimed this tile already, at event {first[s].number}")
                for s, e in skipped if first[s].number != e.number or s in won_here]
    skipped = [(s, e) for s, e in skipped if first[s].number == e.number and s not in won_here]
    table.won += [r.context.seat for _, r in results]
    most = C.max_winners(table.play)
    if len(table.won) >= most:
        last = max(e.number for e, _ in results)
        table.end(last, f"{table.rs.name} ends a hand at its first win" if most == 1 else
                  f"{len(table.won)} players have won, the most {table.rs.name} lets win a hand")
    settled = []
    # Each event once, in turn order (by number: an event holds a dict, so is no key).
    for n in dict.fromkeys(e.number for e, _ in results):
        e = table.rec.events[n - 1]
        mine = [r for g, r in results if g.number == n]
        text = "; ".join(f"{r.context.seat} wins "
                         f"{how_won(r.context, table.rs, False, T.name(tile))}: "
                         f"{table.rs.shown_names(r.patterns, counts=True)} " + paid_words(r)
                         + exempt_words(r) + liable_words(r) for r in mine)
        settled.append([e, text, tuple(p for r in mine for p in r.payments), tuple(mine)])
    if skipped:
        settled[0][1] += _also_claimed(table, ev, skipped, settled[0][0])
    elif len(results) > 1 and frm:
        # (Listed as settled, which may not be as the record wrote them: the review asked why.)
        settled[0][1] += f" (settled in turn order from {frm})"
    return [tuple(x) for x in settled], refused[0] if refused else None


def _past_the_last(table, seat: str, results: list, several: bool) -> str | None:
    """Why `seat`, a claimant on the tile being settled, may not win there before its hand is
    looked at: it has won already, or the earlier claimants settled took the last places
    the ruleset has for winners. None: it may."""
    if seat in table.won or any(r.context.seat == seat for _, r in results):
        return f"{seat} has already won this hand"
    most = C.max_winners(table.play)
    # Winners earlier on this same tile count too: two seats robbing one kong in a
    # one-winner ruleset is one winner too many.
    if len(table.won) + len(results) < most:
        return None
    # (Reached only within one claim, the hand ending after an event: its earlier claimants,
    # in turn order, take the last places, and this one is one too many.)
    firsts = " and ".join(r.context.seat for _, r in results)
    where = "on this tile" if several else "in this event"
    why = f"{firsts} already win{'s' * (len(results) == 1)} {where}, and {seat} is one too " \
          "many" if results else "the hand was over"
    return f"a winner past the {most} this ruleset allows: {why}"


def _scored(table, ev, seat: str, tile: int) -> tuple:
    """(score Result, None) for `seat`'s win at event `ev`, checked against the record; or
    (None, why) it is no win: a claim that is refused."""
    f = ev.fields
    frm = f.get("from")
    hand = table.need_hand(seat, ev, "a winner's hand is scored")
    if tile not in hand.concealed:
        raise InputError(f"{table.rec.label}: event {ev.number}: {T.name(tile)} is not "
                         f"in {seat}'s hand")
    h = type(hand)(hand.concealed, tile, hand.melds, hand.parsed)
    rob = frm if f.get("rob_kong") else None
    try:
        horses = horse_tiles(f["horses"], table.rs) if f.get("horses") is not None \
            else None
    except MjscoreError as e:
        raise _horse_error(table, ev, e) from None
    kong_from = kong_draw_from(table, ev, seat, h)
    try:
        ctx = C.make(h, table.rs, seat_=seat, discard=None if rob else frm,
                     kong_draw=f.get("kong_draw", False),
                     after_kong=f.get("after_kong", False), rob_kong=rob,
                     won=tuple(table.won) if "won" in table.rs.context else (),
                     declared=win_declared(table, ev, seat), heavenly=f.get("heavenly", False),
                     earthly=f.get("earthly", False), dealer=table.rec.dealer,
                     horses=horses, ghosts_held=physical_ghosts(h, table.rs),
                     kong_from=kong_from)
    except MjscoreError as e:  # an option in the record's keys: settle has no --kong-draw
        raise InputError(f"{table.rec.label}: event {ev.number}: "
                         f"{e.record if isinstance(e, OptionError) else e}") from None
    if rob:
        # The kong robbed is the event before the win, what is no turn and the claim's other
        # wins aside; one the record leaves out may have been a 红中 added (None: not known).
        kong = next((e for e in reversed(table.rec.events[:ev.number - 1])
                     if e.type not in NO_TURN and e.type != "win"), None)
        added = ghost_added(kong, event_tile(kong, table.rec.label), table.rs, True) \
            if kong is not None and kong.type == "kong" and kong.seat == rob else None
        ctx = replace(ctx, robbed_pong=known_pong(table.rs, table.hands.get(rob), tile,
                                                  added))
    after_kong_checked(table, ev, frm, tile)
    unwritten_kong_flags(table, ev, seat, frm, tile)
    deal_win_checked(table, ev, seat, frm)
    drawn_win_checked(table, ev, seat, tile, h.concealed)
    try:
        check_extras(ctx, h, table.rs)  # horses as many as the ruleset draws
    except MjscoreError as e:
        raise _horse_error(table, ev, e) from None
    horses_on_table(table, ev, horses)
    void, why = declared_void(table, ev, seat, h)
    if void is not None:
        ctx = replace(ctx, void=void)
    if why is not None:
        return None, why
    r = score_hand(h, table.rs, ctx, xiqian_elsewhere(table, ev, seat, ctx), C.RECORD_KEYS)
    why = blocked_by_pass(table, ev, seat, tile, r.top.capped if r.top is not None else 0) \
        or (None if r.legal else f"{seat}'s win is not legal: " + "; ".join(r.reasons)) \
        or locked_wait(table, ev, seat, h)
    return (None, why) if why else (r, None)


def _also_claimed(table, ev, skipped: list, shown) -> str:
    """The words for the claimants on a tile that one winner per discard passed over: why
    each may not win, or that the nearest downstream took it (with the event it claimed at,
    where it is not the one the words are under)."""
    cannot = [(s, e, no_claim(table.rec, table.rs, table.play, e, s)) for s, e in skipped]
    at = {s: f" (event {e.number})" if e.number != shown.number else "" for s, e, _ in cannot}
    parts = [f"{s}{at[s]} also claimed, but {why}" for s, e, why in cannot if why]
    if not all(why for *_, why in cannot):
        # (A robbed kong's tile is claimed as a discard is, and said so: seed 003 names
        # the discard only.)
        tile_of = "robbed kong" if ev.fields.get("rob_kong") else "discard"
        parts.append(f"{', '.join(s + at[s] for s, _, why in cannot if not why)} also "
                     f"claimed: one winner per {tile_of}, the nearest downstream takes it")
    return f" ({'; '.join(parts)})"


def horses_on_table(table, ev, horses) -> None:
    """Refuse horses (买马: drawn from the wall after the win) that make more copies of a
    kind than the set has with the tiles held across the table (`check_extras` counts the
    winner's own hand alone, as `score` does)."""
    rs = table.rs
    for k, n in Counter(horses or ()).items():
        n += table.on_table[k]
        if n > rs.copies[k]:
            raise InputError(f"{table.rec.label}: event {ev.number} (horses): the horses' "
                             f"{T.name(k)} make {n} copies of it across "
                             f"the table{rs.with_indicator(k, n)} ({rs.has(k)})")


def deal_win_checked(table, ev, seat: str, frm) -> None:
    """Refuse a 天胡 or 地胡 (`heavenly`, `earthly`) the log shows came after the deal's first
    turns: each is won on the winner's first tile, before any discard, call or kong of its own
    and before a second draw (on a self-draw; a log may write the dealer's fourteenth tile as
    a draw) or any draw (on the dealer's first discard, which must be the dealer's only one);
    a 天胡 also before any other seat's event (a ghosts count and a declaration aside)."""
    f, label = ev.fields, table.rec.label
    if not (f.get("heavenly") or f.get("earthly")):
        return
    # (A declaration is no turn: 报牌 is made on the dealt hand, so a 地胡 may follow one.)
    earlier = [e for e in table.rec.events[:ev.number - 1]
               if e.type not in NO_TURN or e.type == "pass"]
    own = [e for e in earlier if e.seat == seat and e.type != "pass"]
    drawn = [e for e in own if e.type == "draw"][0 if frm else 1:]
    dealt = [e for e in earlier if e.type == "discard" and e.seat == frm][:-1]
    found = [e for e in own if e.type != "draw"] + drawn[:1] + dealt[:1]
    if f.get("heavenly"):
        found += [e for e in earlier if e.seat != seat or e.type == "pass"][:1]
        what = "the dealer wins on the dealt hand, before any turn"
    else:
        what = f"{seat} wins on its first tile" + (f", {frm}'s first discard" if frm else "")
    first = min(found, key=lambda e: e.number, default=None)
    if first is not None:
        key = "heavenly" if f.get("heavenly") else "earthly"
        raise InputError(f"{label}: event {ev.number}: {key}: {what}, but {named(first)} "
                         "came before it")


# The events that are a turn of play (a pass, a ghosts count or 查叫 is none).
_TURNS = frozenset({"draw", "discard", "call", "kong", "win"})


def drawn_win_checked(table, ev, seat: str, tile: int, held) -> None:
    """Refuse a self-drawn win on another tile than the one the winner's turn drew, where the
    log names it: the winner's last turn before the win is its draw (a kong's replacement
    among them), with no other seat's turn after it (another seat's win is one), and a
    self-draw wins on the tile drawn. A 天胡 wins on the dealt hand, on any tile of it
    (`held`, the winner's concealed tiles): the one draw a log may write for the dealer's
    fourteenth tile (`deal_win_checked`) is one of them."""
    f = ev.fields
    if f.get("heavenly"):
        drew = next((e for e in table.rec.events[:ev.number - 1]
                     if e.type == "draw" and e.seat == seat and "tile" in e.fields), None)
        k = event_tile(drew, table.rec.label) if drew is not None else None
        if k is not None and k not in held:
            # (A review's: the dealer drew 3p and won on its dealt hand without it, paid.)
            raise InputError(f"{table.rec.label}: event {ev.number}: heavenly: the dealer wins "
                             f"on the dealt hand, but the tile it drew at event {drew.number}, "
                             f"{T.name(k)}, is not in {seat}'s hand: a 天胡 holds every tile "
                             "dealt it")
        return
    if f.get("from"):
        return
    turns = [e for e in table.rec.events[:ev.number - 1] if e.type in _TURNS]
    last = next((e for e in reversed(turns) if e.seat == seat), None)
    if last is None or any(e.seat != seat for e in turns if e.number > last.number):
        return  # another seat's turn came after it: the winner drew again, unwritten
    if last.type == "discard" or last.type == "call" and last.fields.get("kind") != "kong":
        # Its turn passed on with that discard (a pong or chow is followed by one): it drew
        # again before winning, but the log, which names no other seat's turn since, does
        # not show that draw. Taken as written, as a log may leave a draw out.
        table.skip(f"{seat}'s self-drawn win at event {ev.number} follows its own "
                   f"{'discard' if last.type == 'discard' else last.fields.get('kind')} at "
                   f"event {last.number} with no draw logged between: taken as written")
        return
    if last.type != "draw" or "tile" not in last.fields:
        return
    drew = event_tile(last, table.rec.label)
    if drew != tile:
        raise InputError(f"{table.rec.label}: event {ev.number}: {seat} wins by self-draw with "
                         f"{T.name(tile)}, but the tile it drew last was {T.name(drew)} "
                         f"(event {last.number}): a self-draw wins on the tile drawn")


def _claimed_first(table, ev, frm: str, tile: int, seats: set) -> str | None:
    """Why a win at `ev` on `frm`'s discard of `tile` comes too late, or None: a pong, kong or
    chow took that discard first. A win takes a discard before any of them (seed 002: 胡牌比
    碰牌、杠牌优先), so a record calling it and then winning on it cannot be right. Read only
    where the record writes `frm`'s discards: a record of wins, or of calls alone, says nothing
    of which discard a call took; and a call of another tile took another discard (the one won
    on came later, unwritten), as did one with any play written after it (a draw, discard,
    call, kong or win: the caller's own discard at least came between, so `frm` discarded that
    tile again, unwritten, where the log leaves turns out), and one the winner made itself
    (its meld holds that discard: it won on another)."""
    before = [e for e in table.rec.events if e.number < ev.number]
    last = max((e.number for e in before if e.type == "discard" and e.seat == frm),
               default=None)
    if last is None:
        return None
    turns = [e.number for e in before if e.type in _TURNS]
    for e in before:
        if e.number > last and e.fields.get("from") == frm and (
                e.type == "call" or e.type == "kong" and e.fields.get("kind") == "exposed") \
                and event_tile(e, table.rec.label) == tile and e.seat not in seats and \
                not any(n > e.number for n in turns):
            did = e.fields.get("kind") if e.type == "call" else "kong"
            return (f"{e.seat} made a {did} of {frm}'s discard at event {e.number}: a win "
                    f"takes a discard before any pong, kong or chow, so it comes first")
    return None


def _horse_error(table, ev, e) -> InputError:
    """A win's `horses:` that the ruleset cannot take, named as the record's field (the
    message `score` gives names --horses); another extra's check as it is."""
    if not str(e).removeprefix("invalid option: ").startswith("--horses"):
        return InputError(f"{table.rec.label}: event {ev.number}: {e}")
    key = getattr(e, "key", None) or "horses"  # (the option that sets the count)
    own, given = table.rec.opts.get(key), table.rs.options.get(key)
    over = f" (the record's opts.{key} is {own}: the options given over it make it {given})" \
        if own is not None and str(own) != str(given) else ""
    return InputError(f"{table.rec.label}: event {ev.number} (horses): {e.record}{over}")

