"""Money that a hand's end and its ghosts move: 查叫 at an exhausted wall, kong money made
void there (荒庄荒杠), and 喜钱, with the count of each seat's ghosts a settled hand keeps
(`count_ghosts`)."""

from __future__ import annotations

from dataclasses import replace

from .context import SEATS, ghost_supply, max_winners
from .errors import InputError, counted
from .options import option_of
from .patterns import physical_ghosts
from .settlement import Payment, ghost_bonus_amount
from .terms import shown_extra, spaced, term
from .ready import analyse, is_flower_cat
from .void_suit import void_of, void_words



def ghost_bonus_of(rs) -> dict | None:
    """The ruleset's 喜钱 extra (rule ghost_bonus), or None if it has none."""
    return next((x for x in (rs.spec.get("extras") or {}).values()
                 if x and x["rule"] == "ghost_bonus"), None)


def ghost_money(rs, seat: str, drawn: int, won: bool) -> list:
    """喜钱 (L12): more than `over` ghosts drawn in one hand; paid win or not (`always`), or
    only on a win with a loser paying each other player instead (`win_only`)."""
    extra = ghost_bonus_of(rs)
    if extra is None:
        raise InputError(f"a ghosts event does not apply in {rs.name} (it has no 喜钱)")
    supply = ghost_supply(rs)
    if drawn > supply:
        raise InputError(f"{counted(drawn, 'ghost')} drawn, but {rs.name} has {supply} "
                         "(option ghosts)")
    p = extra.get("params") or {}
    amount = ghost_bonus_amount(p, drawn)
    if amount is None:
        return []
    others = [s for s in SEATS if s != seat]
    why = f"{shown_extra(rs, extra)}: {counted(drawn, 'ghost')} drawn"
    if p.get("mode", "always") == "win_only" and not won:
        return [Payment(seat, s, amount, why + ", no win") for s in others]
    return [Payment(s, seat, amount, why) for s in others]


def charged_unended(table, ev, rows: list) -> None:
    """Note a seat charged its 喜钱 as one with no win (`win_only`) where the record stops
    before the hand ends (no exhausted wall, fewer winners than the ruleset's most): the seat
    may yet have won, and then it is paid, not charged. Taken as written, and said."""
    if not rows or rows[0].frm != ev.seat or len(table.winners) >= max_winners(table.play) \
            or any(e.type == "exhausted" for e in table.rec.events):
        return
    table.skip(f"{rows[0].why.split(':')[0]} at event {ev.number}: {ev.seat} is charged as a "
               f"seat with no win, but the record stops before the hand ends (no exhausted "
               f"wall, {len(table.winners)} of {max_winners(table.play)} winners); if "
               f"{ev.seat} won later, add that win")


def flower_cat_owed(rs) -> int | None:
    """What a 花猫 pays each player it pays at 查叫 (`draw.flower_cat_pays`, the cap by
    default); None where that is the cap and there is none."""
    fc = (rs.spec.get("draw") or {}).get("flower_cat_pays", "cap")
    return int(fc) if fc != "cap" else rs.cap


def _owed(rs, where: str) -> int:
    owed = flower_cat_owed(rs)
    if owed is None:
        raise InputError(f"{where}: {rs.name}: a {term(rs, 'flower_cat_hand')} pays the cap, "
                         "and the cap is none: "
                         "set opts.flower_cat_pays to a number")
    return owed


def exhausted(table, ev) -> tuple:
    """查叫 (L13 / E7): with two or more players not yet won, a 花猫 pays every other non-won,
    non-花猫 player; a player not ready pays every ready player (a 花猫 too where the ruleset's
    `draw.flower_cat_not_ready` says so)."""
    rs = table.rs
    rules = rs.chajiao
    left = [s for s in SEATS if s not in table.won]
    xiqian = []
    for s in left:  # whether or not 查叫 needs them, the hands shown hold their ghosts
        if s in table.hands:
            held = physical_ghosts(table.hands[s], rs)
            # L12 pays 喜钱 win or not: with no ghosts event, a hand shown here holds only
            # drawn ghosts (a discarded 红中 is never claimed), as a winner's hand does.
            if not count_held(table, ev, s, held) and ghost_bonus_of(rs) is not None:
                xiqian += ghost_money(rs, s, held, False)
    if not rules:
        # ("the draw itself": 跟庄 paid earlier in the hand stands; a review read "nothing is
        # paid" as taking it back)
        return f"wall exhausted: the draw itself pays nothing in {rs.name}", xiqian
    if len(left) < 2:
        return "wall exhausted with one player left: nothing to check", xiqian
    hands = {s: table.need_hand(s, ev, f"{term(rs, 'draw_check')} checks every player not "
                                                  "yet won") for s in left}
    # (Without the 花猫 payment, a hand of too many suits pays as any hand not ready.)
    cats = {s for s in left if rules.get("flower_cat") and is_flower_cat(hands[s], rs)}
    ready, best_on = {}, {}
    for s in left:
        if s not in cats:
            w = analyse(hands[s], rs, s, void_of(table, s))
            if w.ready:
                ready[s] = w.chada
                # (which wait it is, so that the table can check it: `waits` lists them all;
                # the first one's patterns, as a disputed 40 needs them: a review)
                best = [x for x in w.waits if x.value == w.chada]
                best_on[s] = ([x.tile for x in best],
                              [[h.name for h in x.patterns] for x in best])
    rows = []
    # The cap is needed only when a 花猫 pays it: an uncapped game with none settles.
    fc_amount = _owed(rs, f"{table.rec.label}: event {ev.number}") if cats else 0
    for cat in cats:
        rows += [Payment(cat, s, fc_amount, term(rs, 'flower_cat_pays'))
                 for s in left if s != cat and s not in cats]
    per = rules.get("not_ready_pays", "chada")
    # L13: a 花猫 pays as a 花猫 only; E7 (the guide): as one not ready too.
    cat_not_ready = rules.get("flower_cat_not_ready", False)
    for s in left:
        if s in ready or s in cats and not cat_not_ready:
            continue
        for r, best in ready.items():
            amount = best if per == "chada" else int(per)
            rows.append(Payment(s, r, amount, f"not ready: pays {r}'s " +
                                (term(rs, "best_wait_owed") if per == "chada" else "ready bonus")))
    rows.sort(key=lambda p: (SEATS.index(p.frm), SEATS.index(p.to)))
    rows = xiqian + rows
    # A ready hand's best wait is named only where it is what the hand collects (查大): the
    # guide pays a flat bonus, and "best 40" there read as money owed.
    unit = spaced(rs.unit)
    ready_words = {r: f"ready (best {best}{unit}{_best_words(*best_on[r])})"
                   if per == "chada" and best_on.get(r, ((),))[0] else
                   f"ready (best {best}{unit})" if per == "chada" else "ready"
                   for r, best in ready.items()}
    parts = [f"{s} {term(rs, 'flower_cat_hand')}" if s in cats else f"{s} {ready_words[s]}" if s in ready
             else f"{s} not ready{void_words(table, s, hands[s])}" for s in left]
    return f"{term(rs, 'draw_heading')}: " + ", ".join(parts), rows


def _best_words(tiles: list, patterns: list) -> str:
    """The best waits and their patterns: " on 1p or 4p: 无鬼" where they share them, else
    the first one's named (" on 1m or 2m or 3m or 6 more; 1m: 闺, 清一色, 无鬼"), as a
    review found "1m: ...; also on 2m" read as 2m's too."""
    on = " or ".join(tiles[:3]) + (f" or {len(tiles) - 3} more" if len(tiles) > 3 else "")
    if not patterns[0]:
        return f" on {on}"
    named = ", ".join(patterns[0])
    if all(p == patterns[0] for p in patterns):
        return f" on {on}: {named}"
    return f" on {on}; {tiles[0]}: {named}"


def kongs_void(rs) -> bool:
    """Whether kong money is void when a hand ends with no winner (`draw.kongs: void`)."""
    return (rs.spec.get("draw") or {}).get("kongs", "paid") == "void"


def kongs_pay(rs) -> bool:
    """Whether any kong pays money when declared (`kong_payments`): only then is there kong
    money for a draw to leave standing or make void."""
    return any((rs.spec.get("kong_payments") or {}).values())


def void_kongs(table) -> str:
    """荒庄荒杠: where kong money is void (`draw.kongs`) and the wall ran out with no one
    won, each kong event settled before pays nothing, and says why (its rows, paid when it
    was declared, would otherwise stand unexplained in the net). What the draw's summary
    adds; "" where the kongs stand."""
    if table.won or not kongs_void(table.rs):
        return ""
    why = f"void: the hand ended with no winner ({_void_rule(table.rs)})"
    voided = []
    for i, out in enumerate(table.out):
        if out.type == "kong" and out.payments:
            head = out.summary.partition(": ")[0]
            table.out[i] = replace(out, summary=f"{head}: {why}", payments=())
            voided.append(str(out.number))
    if not voided:
        return ""
    s = "s" * (len(voided) > 1)
    return f"; with no winner, kong money is void ({_void_rule(table.rs)}): event{s} " \
        f"{', '.join(voided)} pay{'s' * (not s)} nothing"


def _void_rule(rs) -> str:
    """The rule's name, and the option that sets it where one does (the player's way back)."""
    opt = option_of(rs.data.get("draw") or {}, "kongs")
    return "荒庄荒杠" + (f", option {opt}={rs.options.get(opt)}" if opt else "")


def xiqian_elsewhere(table, ev, seat: str, ctx) -> frozenset:
    """The extras a win leaves out: 喜钱 when the seat's ghosts event pays it (win or
    not, wherever the event stands). With none, the win pays it on the ghosts the hand
    holds, as `score` does."""
    return frozenset({"ghost_bonus"}) if count_held(table, ev, seat, ctx.ghosts_held) \
        else frozenset()


def count_held(table, ev, seat: str, held: int) -> bool:
    """A hand shown at `ev` (a win, or 查叫) with no ghosts event of its seat: the ghosts it
    holds were all drawn, so they count towards the set, as a ghosts event's would (a record
    telling of more ghosts than the set has is bad input). True if the seat has a ghosts
    event, wherever it stands: that event counts them."""
    if any(e.type == "ghosts" and e.seat == seat for e in table.rec.events):
        return True
    # Only a ruleset with 喜钱 has ghosts events; elsewhere the copies across the table
    # (table_hands) already count every ghost a hand holds.
    if held and ghost_bonus_of(table.rs) is not None:
        try:
            count_ghosts(table, ev, held, seat)
        except InputError as e:
            raise InputError(f"{table.rec.label}: event {ev.number}: {e}") from None
    return False


def count_ghosts(table, ev, drawn: int, seat: str | None = None) -> None:
    """A seat's ghosts are counted once a hand, no fewer than its hand holds, and all the
    seats' together are no more than the set has."""
    seat = seat or ev.seat
    if seat in table.ghosts_drawn:
        raise InputError(f"{seat}'s ghosts were counted at event "
                         f"{table.ghosts_drawn[seat][0]}: one count a seat a hand")
    hand = table.hands.get(seat)
    held = physical_ghosts(hand, table.rs) if hand is not None else 0
    if drawn < held:
        raise InputError(f"{seat} drew {counted(drawn, 'ghost')}, but the hand holds {held}")
    on_deal = next((e for e in table.rec.events if e.type == "win" and seat in e.seats and
                    (e.fields.get("heavenly") or e.fields.get("earthly"))), None)
    if on_deal is not None and drawn > held:
        key = "heavenly" if on_deal.fields.get("heavenly") else "earthly"
        raise InputError(f"{seat} drew {counted(drawn, 'ghost')}, but won on the deal at event "
                         f"{on_deal.number} ({key}): it drew only the tiles it holds, {held}")
    table.ghosts_drawn[seat] = (ev.number, drawn)
    total = sum(n for _e, n in table.ghosts_drawn.values())
    supply = ghost_supply(table.rs)
    if total > supply:
        raise InputError(f"the seats' ghosts drawn add up to {total}, but {table.rs.name} "
                         f"has {supply}")
