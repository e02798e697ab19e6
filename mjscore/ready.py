"""Ready-hand analysis: which tiles complete a hand one tile short, and what each is worth.

Each wait is valued as a self-draw with no situational bonus, capped (the 查大 value of
RULINGS L13); ghosts are never listed, since a drawn ghost completes every ready hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from . import context as C
from . import tiles as T
from .errors import TOO_DEEP, InputError
from .hand import Hand, read_any
from .patterns import physical_ghosts
from .reading import hand_tiles, holds_full_ghost
from .terms import term


@dataclass(frozen=True)
class Wait:
    tile: str
    value: int
    patterns: tuple
    # Won by self-draw only: on another player's discard it is no legal win (luzhou's 1颗不能胡,
    # a lanzhou 1s that stands in only when drawn), where the ruleset has discard wins at all.
    # The table says so under it; the JSON keeps CONTRACT's three fields.
    self_draw_only: bool = field(default=False, compare=False)

    def to_dict(self) -> dict:
        """This wait as the JSON's `waits` list holds it."""
        return {"tile": self.tile, "value": self.value,
                "patterns": [h.to_dict() for h in self.patterns]}


@dataclass(frozen=True)
class WaitsResult:
    """What `waits` returns, frozen: `ready`, `waits` (each a Wait: `tile`, `value`,
    `patterns`), `chada` (the best value; 0 when not ready) and `flower_cat` (None where the
    ruleset has no void rule); `to_dict()` is `mjscore waits --format json`."""

    ruleset: str
    hand: str
    ready: bool
    flower_cat: bool | None  # None where the ruleset has no void rule
    waits: tuple
    chada: int
    ghost: str | None  # the ghost tiles a draw of which completes any ready hand ("C", "P or
    # C"; None: the ruleset has none, the hand holds every copy, so none is left to draw, or
    # a drawn one would stand for a fifth copy of every wait)
    unit: str = ""
    flower_note: str = ""  # a 花猫's suits against the limit (`void_breach`), for the table
    rules: object = field(default=None, repr=False, compare=False)  # for the table's words
    # Ready on a drawn ghost alone because with it every ghost of the set is concealed (满鬼),
    # not because the one kind that completes the hand is the ghost (a flip ghost's 5p); not
    # ready: every ghost is concealed already, a 满鬼 won when the last was drawn.
    full_ghost: bool = False
    # Ready on a drawn ghost alone: each ghost kind's win scored (Results), for `closest.swaps`.
    ghost_wins: tuple = field(default=(), repr=False, compare=False)
    # Not ready: the kinds the hand holds every copy of, none left to draw (a player waiting
    # on a fifth 5p asks why it is not listed), for the table.
    all_held: tuple = field(default=(), compare=False)

    def to_dict(self) -> dict:
        """The `waits --format json` object of this hand."""
        out = {"ruleset": self.ruleset, "hand": self.hand, "ready": self.ready}
        if self.flower_cat is not None:
            out["flower_cat"] = self.flower_cat
        out.update(waits=[w.to_dict() for w in self.waits], chada=self.chada)
        return out


def is_flower_cat(hand: Hand, rs) -> bool | None:
    """花猫: tiles of more suits than the void rule allows (None: the ruleset has no such rule).
    Whether a 花猫 pays at an exhausted wall (`draw.flower_cat`) is `settle`'s to ask: a house
    rule that drops that payment keeps the void rule, and `waits` says 花猫 there too."""
    if not rs.max_suits:
        return None
    return len(suits_held(hand, rs)) > rs.max_suits


def suits_held(hand: Hand, rs) -> list:
    """The suits the hand's own tiles (ghosts aside, melds included) hold, in m p s order."""
    return sorted({T.suit_of(k) for k in hand.physical()
                   if T.is_suited(k) and k not in rs.ghost_kinds})


def void_breach(suits: list, limit: int, rs) -> str:
    """How a hand breaks the suit limit (缺门), as `score` and `waits` both say it, in the
    words of ruleset `rs`'s `names`."""
    return (f"tiles of {len(suits)} suits ({', '.join(suits)}); a winning hand holds at most "
            f"{limit} ({term(rs, 'void_suit')})")


def analyse(hand: Hand, rs, seat: str = "E", void: str | None = None) -> WaitsResult:
    """Waits of an already-built 13-tile hand. `void`: the suit the seat's first discard
    declared void (`void_suit`, settle's 查叫): a hand holding it wins on nothing, no wait of
    it counts, and no ghost stands for it."""
    from .api import score_hand
    from .notation import format as format_hand
    rs = rs.mid_game  # (a hand waiting is past the deal: no 满鬼 won only at the start)
    cat = is_flower_cat(hand, rs)
    held = physical_ghosts(hand, rs)
    have = hand.physical()
    def completes(k: int, discard: str | None = None):
        """The hand with `k` drawn (or, from `discard`, taken), scored with no situational
        bonus."""
        whole = tuple(sorted(hand.concealed + (k,)))
        h = Hand(whole, k, hand.melds, replace(hand.parsed, concealed=whole, win=k))
        ctx = C.WinContext(seat=seat, discard=discard, declared=rs.needs_declared,
                           ghosts_held=held, ghost_kinds=rs.ghost_kinds, void=void)
        return score_hand(h, rs, ctx, shown=False)  # (a wait's value and patterns only)

    # (Any other seat's discard: no ruleset here asks whose it is for whether it wins.)
    other = C.SEATS[(C.SEATS.index(seat) + 1) % 4] if C.discard_wins(rs.spec["hand"]) else None

    found = []
    concealed_ghosts = sum(1 for k in hand.concealed if k in rs.ghost_kinds)
    # The ghosts 满鬼 takes concealed already (every one of the set, or guangdong's four):
    # won when the last was drawn (G5), and no tile is waited on (each would be refused,
    # `api._rule_reasons`).
    held_all = holds_full_ghost(rs, concealed_ghosts)
    voided = void is not None and any(T.suit_of(k) == void and k not in rs.ghost_kinds
                                      for k in have)
    if not cat and not held_all and not voided:
        for k in sorted(rs.tile_kinds - rs.ghost_kinds, key=T.DISPLAY_RANK.__getitem__):
            if have[k] >= rs.copies[k] or void is not None and T.suit_of(k) == void:
                continue  # no fifth copy to draw; a tile of the voided suit is no win
            r = completes(k)
            if r.legal:
                found.append(Wait(T.name(k), r.value, r.patterns,
                                  other is not None and not completes(k, other).legal))
    # A hand no other tile completes may still be one draw from a win: the ghost that makes
    # 满鬼 (G5), the last of the set or guangdong's fourth. It is ready; the ghost is
    # not listed (CONTRACT), and the table says it is the one tile that completes it.
    to_draw = [k for k in rs.ghost_order() if have[k] < rs.copies[k]]  # ghosts left
    if found and to_draw and any(m.ghosts for m in hand.melds) and \
            not any(completes(k).legal for k in to_draw):
        # A drawn ghost stands for no wait the hand's 贴鬼 melds leave no copy of (`[66sC]
        # 6s`: the last natural 6s wins, a ghost would be a fifth): it completes nothing.
        to_draw = []
    # (Not where 满鬼 is held already: guangdong's four of eight leave ghosts to draw.)
    # (Each ghost kind left: under 翻双鬼 either of the two completes 满鬼.)
    ghost_wins = tuple(r for r in map(completes, to_draw) if r.legal) \
        if not cat and not voided and not held_all and not found else ()
    ghost_only = bool(ghost_wins)
    full = held_all or ghost_only and holds_full_ghost(rs, concealed_ghosts + 1)
    # (Only where one more copy would complete it, the hand holding no ghost: a kind held
    # whole that would not was said too, as though it would.)
    all_held = () if found or ghost_only or cat or voided or held_all or held else \
        _whole_and_waited(hand, rs, have)
    # The hand as one sorted run: one tile short, no tile of it is a winning tile, which
    # `format_hand` would set apart where it was written last out of order.
    return WaitsResult(rs.name, format_hand(replace(hand.parsed, win=None)),
                       bool(found) or ghost_only, cat,
                       tuple(found), max((w.value for w in found), default=0),
                       " or ".join(T.name(k) for k in to_draw) or None, rs.unit,
                       void_breach(suits_held(hand, rs), rs.max_suits, rs) if cat else "", rs,
                       full, ghost_wins, all_held)


def waits(hand, rules="luzhou", *, seat="E", indicator=None, opts=None) -> WaitsResult:
    """Is `hand` (one tile short, melds included) ready, on which tiles, worth what, as
    `mjscore waits` says. hand: the notation, as text. rules, indicator, opts: as `score`
    takes them; seat: the player's seat.
    Returns a frozen WaitsResult (`.ready`, `.waits`, `.chada`, `.flower_cat`; `.to_dict()`
    is `--format json`); bad input raises MjscoreError.

    >>> [(w.tile, w.value) for w in waits("111m123m456m789mC").waits][:3]
    [('2m', 20), ('3m', 20), ('4m', 20)]
    """
    from .api import ruleset_for
    from .ruleset_files import one_ruleset
    try:
        rs = ruleset_for(one_ruleset(rules, "waits"), indicator, opts)
        C.applies(rs, {"indicator": indicator is not None})
        h = read_any(hand, rs, size=13)
        where = C.seat(seat, "--seat")
    except RecursionError:  # an argument nested a thousand deep, quoted in its error
        raise InputError(TOO_DEEP) from None
    return analyse(h, rs, where)


def _whole_and_waited(hand, rs, have) -> tuple:
    """The kinds `hand` (no ghost) holds every copy of, in display order, that one copy more
    would complete."""
    counts, sets = list(hand_tiles(hand, rs).natural), 4 - len(hand.melds)
    out = []
    for k in sorted(rs.tile_kinds - rs.ghost_kinds, key=T.DISPLAY_RANK.__getitem__):
        if have[k] >= rs.copies[k]:
            counts[k] += 1
            if _sets_and_pair(counts, sets, True):
                out.append(T.name(k))
            counts[k] -= 1
    return tuple(out)


def _sets_and_pair(c: list, sets: int, pair: bool) -> bool:
    """Whether counts `c` (no ghost; any number of copies) are `sets` sets and, if `pair`, a
    pair: a fifth copy's hand (seven pairs never holds five of a kind)."""
    i = next((k for k, n in enumerate(c) if n), None)
    if i is None:
        return not sets and not pair
    for take, need in (((i, i), "pair"), ((i, i, i), "set")) + (
            (((i, i + 1, i + 2), "set"),) if i < 27 and i % 9 < 7 else ()):
        if need == "pair" and not pair or need == "set" and not sets or \
                any(c[k] < take.count(k) for k in take):
            continue
        for k in take:
            c[k] -= 1
        ok = _sets_and_pair(c, sets - (need == "set"), pair and need != "pair")
        for k in take:
            c[k] += 1
        if ok:
            return True
    return False
