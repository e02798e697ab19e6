"""Why a hand is no win: the reason `score` gives where no reading of it wins, with the rule a
player needs to hear where one explains it (a 1s taken from another player, a 1s where 小鸡满天飞
is off, 满鬼 on another tile)."""

from __future__ import annotations

from dataclasses import replace

from . import tiles as T
from .decompose import readings
from .enumerate import all_readings
from .options import option_of
from .reading import YAOJI, holds_full_ghost
from .robbing import fewest_natural, ghost_room, room_at


def no_reading(h, rs, t, ctx, words: dict) -> str:
    """The reason for hand `h` (its tiles `t`) in context `ctx`, which no reading wins;
    `words` name the options as `score` takes them or as a settle record's keys."""
    return ("not a winning hand: no reading as four sets and a pair"
            + (" or seven pairs" if "seven_pairs" in rs.shapes and not h.melds else "")
            # (Said only where a ghost is wild: one spent in a meld stands for nothing the
            # reading could change.)
            + (" with the ghosts standing for allowed tiles" if t.ghosts else "")
            + _taken_stand_in(h, rs, t, ctx) + _no_stand_in(h, rs, t, ctx)
            + _robbed_room(h, rs, t, ctx) + _fifth_copy(h, rs, t, ctx)
            + _seven_pairs_off(h, rs, t, ctx) + _pairs_with_melds(h, rs, ctx)
            + _full_ghost_in_melds(h, rs, t) + _two_stand_ins(h, rs, t, ctx))


def _two_stand_ins(h, rs, t, ctx) -> str:
    """Why a hand counting two 1s (幺鸡) for the two dragons a 中发白 set lacks does not win:
    one stands in for one missing dragon (Z2, 小鸡满天飞). The player holding C 1s 1s, who
    would win with F for one of the 1s, heard only "no reading"."""
    if rs.stand_in is None or "dragon_set" not in rs.concealed_sets or \
            h.parsed.concealed.count(YAOJI) < 2:
        return ""
    from .hand import rebuilt
    from .reading import DRAGONS
    held = list(h.parsed.concealed)
    held.remove(YAOJI)
    for d in (d for d in DRAGONS if d not in held):
        other = rebuilt(h.parsed, rs, concealed=tuple(sorted([*held, d])))
        if other is not None and readings(other, rs, None, ctx.discard_type):
            return (f"; a 中发白 set takes one {T.name(YAOJI)} (幺鸡) at most, for one missing "
                    "dragon, and this hand needs two")
    return ""


def _full_ghost_in_melds(h, rs, t) -> str:
    """Why a hand holding 满鬼's ghosts, some in a declared meld, does not win by them: 满鬼
    counts the concealed ones (G5: none spent in a meld). The player holding four flipped 6p,
    three of them ponged, claims 满鬼 and heard only "no reading"."""
    # (None concealed, every ghost in a meld: a player who melded them all claims no 满鬼.)
    if not rs.full_ghost or not t.ghosts or holds_full_ghost(rs, t.ghosts):
        return ""
    melded = sum(1 for m in h.melds for k in m.tiles if k in rs.ghost_kinds)
    if not melded or not holds_full_ghost(rs, t.ghosts + melded):
        return ""
    return (f"; 满鬼 counts concealed ghosts only, and {melded} of the "
            f"{t.ghosts + melded} held are in a declared meld")


def _fifth_copy(h, rs, t, ctx) -> str:
    """Why a hand holding every copy of a kind does not win where it would with a ghost as
    one more of it: a ghost never stands for a fifth copy (L2). The player holding 5555p and
    a ghost, counting 555p 5p+C, needs to hear which tile is the trouble. (The decomposer's
    tables hold at most the copies that exist: the reference enumerator asks, given a set
    with one copy more of that kind.)"""
    if not t.ghosts or t.too_many_suits:
        return ""
    room = ghost_room(rs, h, ctx)
    # (Only where the set's own count is the bound: a robbed kong's is told by `_robbed_room`.)
    for k in range(len(room)):
        if room[k] and room[k] == rs.copies[k] <= t.fixed[k]:
            more = replace(rs, copies=rs.copies[:k] + (rs.copies[k] + 1,) + rs.copies[k + 1:])
            if all_readings(h, more, ctx.discard_type,
                            room if room is rs.cand else room_at(room, k, room[k] + 1)):
                return (f": it holds every {T.name(k)} ({rs.has(k)}), and a ghost would have "
                        "to stand for one more")
    return ""


def _seven_pairs_off(h, rs, t, ctx) -> str:
    """Why seven pairs does not win where the ruleset's option leaves that shape out
    (guangdong's seven_pairs, off by default): the player holding them needs the option."""
    opt = option_of(rs.data.get("hand") or {}, "seven_pairs")
    if opt is None or "seven_pairs" in rs.shapes or h.melds or \
            not readings(h, replace(rs, shapes=(*rs.shapes, "seven_pairs")), None,
                         ctx.discard_type, ("seven_pairs",), False, ghost_room(rs, h, ctx)):
        # (Seven pairs alone, in this win's room: the standard readings came along, and a
        # robbed kong's hand that was no win for its room alone was told of seven pairs.)
        return ""
    return f": seven pairs wins only with option {opt}, which is off"


def _pairs_with_melds(h, rs, ctx) -> str:
    """Why a hand of seven pairs with a pong among them does not win: seven pairs is
    concealed (L5; the seed: 七对 "不能碰、杠"). The player who ponged one of the pairs heard
    only "no reading as four sets and a pair"."""
    if "seven_pairs" not in rs.shapes or not h.melds or sum(h.physical().values()) != 14:
        return ""
    from .hand import rebuilt
    held = tuple(sorted(k for k, n in h.physical().items() for _ in range(n)))
    whole = rebuilt(h.parsed, rs, concealed=held, melds=())
    # (None: a ghost in a meld may be no concealed tile: none to say.)
    if whole is None or not readings(whole, rs, None, ctx.discard_type, ("seven_pairs",),
                                     False, ghost_room(rs, whole, ctx)):
        return ""
    # (Its shape only, not that it would win: a house minimum value may refuse it as pairs too.
    # A clause of its own, where the others say more of the missing reading.)
    return "; its tiles make seven pairs, but seven pairs holds no declared meld"


def _robbed_room(h, rs, t, ctx) -> str:
    """Why a hand that would read as a win were the robbed kong's tiles not on the table does
    not: a ghost may not stand for a copy of the robbed kind that the konger's pong holds
    (`robbing.ghost_room`)."""
    room = ghost_room(rs, h, ctx)
    if room is rs.cand or not t.ghosts or not readings(h, rs, t, ctx.discard_type):
        return ""
    k, n = T.name(h.win), rs.copies[h.win]
    if fewest_natural(rs, h.win, 3) == 3 or ctx.robbed_pong == 3:
        return (f": {ctx.rob_kong}'s pong of {k} and the robbed {k} are {n} of the {n}, so no "
                f"ghost may stand for another {k}")
    # (A 贴鬼 pong holds at least one natural tile, beside its ghosts.)
    return (f": {ctx.rob_kong}'s pong of {k} holds at least one natural {k}, so this hand "
            f"holds at most {room[h.win]} {k} with the robbed one, ghosts standing for it "
            "included")


def _taken_stand_in(h, rs, t, ctx) -> str:
    """Why a hand that reads as a win when self-drawn does not on a tile taken from another
    player: the one way that happens is a 1s (幺鸡) standing in a 中发白 set, which only a 1s
    the winner drew may do (lanzhou, Z2). A player holding C F and the 1s they won on needs
    to hear that rule, not just "no reading"."""
    if not (ctx.discard_type and h.win == YAOJI and "dragon_set" in rs.concealed_sets
            and rs.stand_in is not None):
        return ""
    if not readings(h, rs, t, False):
        return ""
    return (f": the winning {T.name(YAOJI)} came from {ctx.discard or ctx.rob_kong}, and only "
            f"a {T.name(YAOJI)} the winner drew (幺鸡) may stand in for a dragon")


def _no_stand_in(h, rs, t, ctx) -> str:
    """Why a hand that would read as a win with 小鸡满天飞 does not without it (the option
    off, `hand.dragon_set_stand_in`): a player holding C F 1s, as the seed allows, needs to
    hear that this table has no stand-in, and how to turn it on."""
    if rs.stand_in is not None or "dragon_set" not in rs.concealed_sets or \
            not t.natural[YAOJI]:
        return ""
    if not readings(h, replace(rs, stand_in=YAOJI), None, ctx.discard_type):
        return ""
    return ": " + stand_in_off(rs)


def stand_in_off(rs) -> str:
    """That 小鸡满天飞 is off, and the option (or key) that turns it on."""
    opt = option_of(rs.data["hand"], "dragon_set_stand_in")
    how = f"option {opt}" if opt else "hand.dragon_set_stand_in"
    return (f"a {T.name(YAOJI)} (幺鸡) stands in for a missing dragon only with 小鸡满天飞 "
            f"({how}), which is off")
