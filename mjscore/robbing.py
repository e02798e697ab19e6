"""Which added kong a hand can rob, and with which tile: the robbed kong is a pong of the
winning tile's kind plus that tile, so the hand and the ruleset's ghosts decide whether that
pong can exist (checked by `score`'s `--rob-kong` and by `settle`'s robbing wins)."""

from __future__ import annotations

from . import tiles as T


def fewest_natural(rs, k: int, size: int) -> int:
    """The fewest natural tiles of kind `k` a declared meld of `size` tiles of it holds: one
    where ghosts may fill a meld (luzhou's 贴鬼碰 needs a natural tile beside them), else all."""
    return 1 if rs.ghosts_in_melds == "wild" and rs.ghost_kinds and k not in rs.ghost_kinds \
        else size


def pong_natural(rs, k: int) -> int:
    """The fewest natural tiles of kind `k` a robbed kong's pong leaves on the table: its
    `fewest_natural`, one fewer where the kong's added tile may have been a ghost the robber
    took a natural tile of the pong for (luzhou's L14, `robbed_may_be_ghost`), as
    `rob_refusal` allows."""
    return max(fewest_natural(rs, k, 3) - robbed_may_be_ghost(rs), 0)


def robbed_pong(rs, k: int, ctx) -> int:
    """The natural tiles of kind `k` the robbed kong's pong holds: as the table shows it
    (`WinContext.robbed_pong`, settle's konger's hand), else `pong_natural`. (A luzhou pong
    of three natural 5p, shown, left a ghost free to stand for a fifth 5p.)"""
    return pong_natural(rs, k) if ctx.robbed_pong is None else ctx.robbed_pong


def known_pong(rs, hand, k: int, ghost_added: bool | None) -> int | None:
    """The natural tiles of kind `k` a robbed kong's pong keeps, as far as a settle record
    tells: the konger's `hand`'s pong of it where shown; else, where the tile added was
    natural (`ghost_added` False), the pong kept its own, `fewest_natural` (a luzhou 红中
    added is won by taking a natural tile of the pong, L14, which may have been its only one,
    and a kong the record leaves out (None) may have been one: None, `pong_natural`'s room,
    is left for those)."""
    for m in hand.melds if hand is not None else ():
        if m.kind == "pong" and m.tiles[0] == k:
            return len(m.tiles) - m.ghosts
    return fewest_natural(rs, k, 3) if ghost_added is False else None


_ROOM: dict = {}  # (cand, kind, room) -> cand with that kind's room set (`room_at`)


def ghost_room(rs, hand, ctx) -> tuple:
    """The copies a ghost may make each kind up to in this win (`rs.cand`, cut where a kong
    is robbed, `_robbed_room`, and where a first discard voided a suit, `WinContext.void`)."""
    cand = _robbed_room(rs, hand, ctx)
    return cand if ctx.void is None else without_suit(cand, ctx.void)


_CUT: dict = {}  # (cand, suit) -> cand with that suit's kinds at 0, kept (tables key on its id)


def without_suit(cand: tuple, suit: str) -> tuple:
    """`cand` with no room in `suit` (m, p or s): no ghost stands for a tile of a voided suit
    (the guide, E1; `void_suit`)."""
    key = (cand, suit)
    got = _CUT.get(key)
    if got is None:
        lo = T.SUITS.index(suit) * 9
        got = _CUT[key] = cand[:lo] + (0,) * 9 + cand[lo + 9:]
    return got


def _robbed_room(rs, hand, ctx) -> tuple:
    """The copies a ghost may make each kind up to (`rs.cand`) in a win robbing a kong: the
    robbed kong is a pong of the winning tile's kind plus that tile, and the pong's natural
    tiles (`fewest_natural`: all three where no ghost is wild in a meld, as in guangdong; at
    least one beside a 贴鬼) are on the table, so the robber's reading holds at most the
    copies they leave, the robbed tile among them. A ghost never stands for a fifth copy
    (README, "How scoring works"), as for the flipped indicator; `rob_refusal` counts the
    natural tiles. Else `rs.cand` itself."""
    if not ctx.rob_kong or not rs.ghost_kinds:
        return rs.cand
    k = hand.win
    room = max(rs.copies[k] - robbed_pong(rs, k, ctx), 0)
    if rs.cand[k] <= room:
        return rs.cand
    return room_at(rs.cand, k, room)


def room_at(cand: tuple, k: int, n: int) -> tuple:
    """`cand` with kind `k`'s room set to `n`: one tuple for each, kept, as the decomposer's
    tables key on its identity (the room in the key: two rulesets' equal cand may set it
    apart)."""
    key = (cand, k, n)
    got = _ROOM.get(key)
    if got is None:
        got = _ROOM[key] = cand[:k] + (n,) + cand[k + 1:]
    return got


def rob_ghost_refusal(rs, tile: int) -> str | None:
    """Why a ghost `tile` added to a kong cannot be robbed (the guide, E6), or None."""
    if tile in rs.ghost_kinds and (rs.spec.get("ghosts") or {}).get("rob_ghost_forbidden"):
        return f"a ghost ({T.name(tile)}) being added to a kong cannot be robbed"
    return None


def robbed_may_be_ghost(rs) -> bool:
    """Whether a robbed tile written as the winning tile may be a ghost standing for it."""
    return bool((rs.spec.get("ghosts") or {}).get("rob_as_stand_in"))


def robbed_ghost_words(parsed, rs, ctx) -> str | None:
    """Where a robbing win holds every natural copy of the robbed kind (a pong holds one at
    least, `fewest_natural`), what the table must have been for it to happen: a ghost added
    to the pong, the robber taking its natural tile (L14, `robbed_may_be_ghost`). Said, as
    the value rests on it; None elsewhere. `parsed`: the hand as written."""
    k = parsed.win
    # (Only where a ghost may sit in the pong beside one natural tile, luzhou's 贴鬼碰: the
    # words say that pong.)
    if not ctx.rob_kong or ctx.robbed_pong is not None or not robbed_may_be_ghost(rs) or \
            k is None or k in rs.ghost_kinds or fewest_natural(rs, k, 3) != 1:
        return None
    held = parsed.concealed.count(k) + sum(m.tiles.count(k) for m in parsed.melds)
    if held + fewest_natural(rs, k, 3) <= rs.copies[k]:
        return None  # (the pong may hold its own natural tile: nothing assumed)
    ghosts = " or ".join(T.name(g) for g in rs.ghost_order())
    return (f"this hand holds every {T.name(k)}, so {ctx.rob_kong}'s kong can only have been a "
            f"pong of one {T.name(k)} and two ghosts ({ghosts}) with a ghost added, whose "
            f"{T.name(k)} this win took")


def rob_refusal(hand, rs, r: str) -> str | None:
    """Why robbing seat `r`'s kong of `hand`'s winning tile is impossible, or None: the robbed
    kong is a pong of the winning tile's kind (`fewest_natural` of it) plus that tile, and a
    ghost that is never in a declared meld is never in a kong to rob. A ghost in the hand's own
    declared pong or kong of the kind counts as the copy it stands for (never a fifth copy)."""
    k = hand.win
    if k in rs.ghost_kinds and rs.ghosts_in_melds != "natural":
        if rs.ghosts_in_melds == "forbidden":
            return (f"the ghost {T.name(k)} is never in a declared meld in {rs.name}, so no "
                    "kong of it can be robbed")
        return None  # a wild ghost added to a pong of another kind: that kind's copies count
    held = hand.concealed.count(k) + sum(m.tiles.count(k) for m in hand.melds)
    held -= robbed_may_be_ghost(rs)  # the winning tile written may be a robbed ghost
    pong = fewest_natural(rs, k, 3)
    if held + pong > rs.copies[k]:
        flip = rs.flipped()  # (a review's: "1 of the 3" named no indicator, the fourth 5p)
        shown = " left to play: the indicator shows a fourth" if flip is not None and \
            flip[1] == k else ""
        return (f"{r}'s pong of {T.name(k)} holds "
                f"{'another' if pong == 1 else 'three more'}, but this hand already holds "
                f"{held} of the {rs.copies[k]}{shown}")
    return None
