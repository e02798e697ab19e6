"""Who pays whom for one win: the hand value from each payer, then the ruleset's extras.

Extras (喜钱, horses, penalties) are payment rules registered by id like patterns; the YAML
says which a ruleset uses and with what parameters. They are their own rows, never folded
into the hand's value (CONTRACT: "Extras are separate rows in payments").
"""

from __future__ import annotations

from typing import NamedTuple

from . import tiles as T
from .context import SEATS
from .errors import OptionError, counted
from .frozen import read_only
from .robbing import robbed_pong
from .terms import shown_extra

HAND_VALUE = "hand value"  # why a win's own payments are paid: the rest are extras


def extra_lines(payments) -> list:
    """A win's payments past the hand value, one line a kind and payee (`喜钱: 5 ghosts
    drawn: 10 from S, W, N to E`): what a table says beside a value so that its nets follow
    from it (batch's Note, the --rules A,B Extras row). `payments`: (why, amount, from, to)."""
    rows: dict = {}
    for why, amount, frm, to in payments:
        if why != HAND_VALUE and amount:
            rows.setdefault((why, amount, to), []).append(frm)
    return [f"{why}: {amount} from {', '.join(frm)} to {to}"
            for (why, amount, to), frm in rows.items()]


EXTRAS: dict = {}


class Payment(NamedTuple):
    """One amount from one seat to another, and why."""

    frm: str
    to: str
    amount: int
    why: str

    def to_dict(self) -> dict:
        return {"from": self.frm, "to": self.to, "amount": self.amount, "why": self.why}


CHECKS: dict = {}


EXTRA_PARAMS: dict = {}  # extra rule -> the params it reads (any other is a typo: refused)
EXTRA_READS: dict = {}  # extra rule -> the situation flags (`context:`) it reads
EXTRA_ANYWAY: dict = {}  # extra rule -> whether its params make it due with no win
EXTRA_NEEDS: dict = {}  # extra rule -> the flag every hand must give, given its params, or None
EXTRA_WORDS: dict = {}  # extra rule -> what it pays, in words, given its params (`rules show`)


def extra(xid: str, check=None, params=(), reads=(), anyway=None, needs=None, words=None):
    """Register `fn(ctx, rs, params, name, value) -> list[Payment]` under `xid`; `check(ctx,
    hand, rs, params)` raises OptionError when the situation cannot apply to the extra;
    `params`: the params it (or the draw's settlement, `draw_game`) reads; `reads`: the
    situation flags it reads (as `patterns.pattern`'s); `anyway(params)`: true where it is
    due with no win (`due_without_win`); `needs(params)`: (flag, what it asks for, the
    param asking) where every hand must give that flag (`compile` refuses a ruleset whose
    context: cannot); `words(params)`: what it pays, as `rules show` says it."""
    def deco(fn):
        EXTRAS[xid] = fn
        if words:
            EXTRA_WORDS[xid] = words
        EXTRA_PARAMS[xid] = params
        EXTRA_READS[xid] = reads
        if anyway:
            EXTRA_ANYWAY[xid] = anyway
        if needs:
            EXTRA_NEEDS[xid] = needs
        if check:
            CHECKS[xid] = check
        return fn
    return deco


def check_extras(ctx, hand, rs) -> None:
    for check, params, options in rs.extra_checks:
        check(ctx, hand, rs, params, options)


def _ghost_bonus_words(p: dict) -> str:
    return (f"drawing more than {p.get('over', 4)} ghosts in a hand collects {p.get('per', 10)} "
            "for each one over from every other player, after the cap, "
            + ("win or not" if p.get("mode", "always") == "always" else
               "only on a win: a player who does not win pays each other player instead"))


@extra("ghost_bonus", params=("over", "per", "mode"), reads=("ghosts_drawn",),
       anyway=lambda params: params.get("mode", "always") == "always", words=_ghost_bonus_words)
def ghost_bonus(ctx, rs, params, name, value) -> list:
    """喜钱: drawing more than `over` ghosts collects `per` for each one over from every other
    player, already-won players included, whatever the hand's cap; `mode` `always` (the
    default: win or not) or `win_only` (a player who does not win pays each other player
    instead, at the draw). Not told how many were
    drawn, it counts the ghosts the hand holds: a discarded ghost is never claimed (seed 002),
    so every ghost held was drawn, but a winning one taken from another player (a claim
    refused, which still owes 喜钱: a review found it counted)."""
    n = ctx.ghosts_drawn or ctx.ghosts_held - ctx.ghost_taken
    amount = ghost_bonus_amount(params, n)
    if amount is None:
        return []
    return [Payment(s, ctx.seat, amount, f"{name}: {counted(n, 'ghost')} drawn")
            for s in SEATS if s != ctx.seat]


GHOST_BONUS_OVER = 4  # 喜钱's `over` where a file leaves it out: more than four (L12)


def ghost_bonus_amount(params: dict, drawn: int) -> int | None:
    """What 喜钱 (`ghost_bonus`'s `params`) has each other player pay for `drawn` ghosts:
    `per` for each past `over`; None (no 喜钱 at all) at `over` or fewer."""
    over, per = int(params.get("over", GHOST_BONUS_OVER)), int(params.get("per", 10))
    return per * (drawn - over) if drawn > over else None


@extra("kong_penalty", params=("amount",), reads=("after_kong", "discard"),
       words=lambda p: f"a win on the discard made right after the discarder's kong is paid "
                       f"{p.get('amount', 10)} more by that player, after the cap")
def kong_penalty(ctx, rs, params, name, value) -> list:
    """The English guide's Kong Penalty: a win on the discard made right after the
    discarder's kong is paid `amount` more by that player, after the cap."""
    if not (ctx.after_kong and ctx.discard):
        return []
    return [Payment(ctx.discard, ctx.seat, int(params.get("amount", 10)), name)]


_HORSE_OFFSET = {T.E: 0, T.S: 1, T.W: 2, T.N: 3, T.C: 1, T.F: 2, T.P: 3}


def horse_seat(k: int, dealer: str) -> str:
    """The seat a horse tile names, counted from the dealer: 1/5/9/E the dealer, 2/6/S/C the
    next seat, 3/7/W/F the seat across, 4/8/N/P the previous seat."""
    offset = (T.rank_of(k) - 1) % 4 if T.is_suited(k) else _HORSE_OFFSET[k]
    return SEATS[(SEATS.index(dealer) + offset) % 4]


def _check_horses(ctx, hand, rs, params, options) -> None:
    count = int(params.get("count", 0))
    n = len(ctx.horses)
    opt = options.get("count")  # (the option the file sets the count by, if any: its name)
    # (`record`: a settle record's win takes `horses:`, its count from `opts:`.)
    if n and not count:
        why = f"horses are off in {rs.name}"
        if opt is None:
            raise OptionError(f"--horses: {why} (its extra draws none)", None,
                              f"{why} (its extra draws none)")
        raise OptionError(f"--horses: {why}; set --opt {opt}={n}", opt,
                          f"{why}; set opts.{opt} to {n}")
    if count and n != count:
        # (Said of the ruleset, which may draw them by its own default: no --opt was given,
        # nor opts: in a record, where a house file's default set it.)
        s = "s" * (count != 1)
        why = f"{rs.name} draws {count} horse{s} ({f'option {opt}' if opt else 'its extra'}): " \
              f"give {count} tile{s}, got {n or 'none'}"
        raise OptionError("--horses: " + why, opt, why)
    seen = hand.physical()
    # A robbed kong's pong is on the table too (`robbing.rob_refusal`): its natural tiles count.
    robbed = hand.win if ctx.rob_kong else None
    if robbed is not None:
        seen[robbed] += robbed_pong(rs, robbed, ctx)
    for k in ctx.horses:
        n = seen[k] + ctx.horses.count(k)  # (every horse of the kind: not the first one over)
        if n > rs.copies[k]:
            flip = rs.flipped()
            # (A flipped indicator lies face up: the player counts four, the table has three.)
            shown = flip is not None and flip[1] == k
            why = f"too many {T.name(k)} ({n}) with the hand's own tiles" + \
                (f" and {ctx.rob_kong}'s pong of it, whose kong was robbed"
                 if k == robbed else "") + \
                (f": the indicator shows one of the {rs.copies[k] + 1}" if shown else "")
            raise OptionError(f"--horses: {why}", None, why)


def _horses_needed(params):
    count = int(params.get("count", 0))
    return ("horses", f"draws {count} horse{'s' * (count != 1)}", "count") if count else None


def _horse_words(p: dict) -> str:
    count = int(p.get("count", 0))
    if not count:
        return "off (no horse drawn)"
    return (f"{count} horse tile{'s' * (count != 1)} drawn after the win, each naming a seat "
            "counted from the dealer (1/5/9/E the dealer, 2/6/S/C the next, 3/7/W/F across, "
            f"4/8/N/P the previous); each naming the winner adds {p.get('per', 1)} from each "
            "payer, undoubled (for each share a payer pays)")


@extra("horses", check=_check_horses, params=("count", "per"), reads=("horses",),
       needs=_horses_needed, words=_horse_words)
def horses(ctx, rs, params, name, value) -> list:
    """买马: `count` horse tiles are drawn after the win (given with --horses, a record's
    `horses:`; 0: none), each naming a seat counted from the dealer (1/5/9/E the dealer,
    2/6/S/C the next seat, 3/7/W/F the seat across, 4/8/N/P the previous one); each naming
    the winner's seat adds `per` from each payer, per share."""
    per = int(params.get("per", 1))
    rows = []
    for k in ctx.horses:
        if horse_seat(k, ctx.dealer) == ctx.seat:
            # ("horse N names S" read the tile N, a wind, as a seat as well.)
            # (A payer of several shares pays the horse for each: the konger robbed, G7.)
            rows += [Payment(s, ctx.seat, per * shares, f"{name}: horse tile {T.name(k)} names "
                                                          f"seat {ctx.seat}"
                             + (f", {per} for each of {shares} shares" if shares > 1 else ""))
                     for s, shares in payers(ctx, rs)]
    return rows


def kong_notes(hand, ctx, rs) -> tuple:
    """What the winner's own kongs paid when declared (never part of this win's payments)."""
    rates = rs.spec.get("kong_payments") or {}
    out = []
    for m in hand.kongs:
        if m.exposure in rates:
            # Read-only, as the rest of the frozen Result (`to_dict` copies it).
            out.append(read_only({
                "kong": m.text, "kind": m.exposure, "to": ctx.seat,
                "amount": int(rates[m.exposure]),
                "from": "the discarder" if m.exposure == "exposed" else "each opponent"}))
    return tuple(out)


# Who may pay each kind of win (`payers:`): a self-drawn win has no discarder and no konger to
# name; the seat that discarded a konged tile (`kong_discarder`, named by --kong-from) pays
# only a kong draw after that kong (杠爆全包).
_PAYER_WHO = {"self_draw": ("not_won", "others"), "kong_draw_claimed": ("kong_discarder",),
              "discard": ("not_won", "others", "discarder", "konger")}
_PAYER_WHO["rob_kong"] = _PAYER_WHO["discard"]


def payer_refusal(kind: str, who: str) -> str | None:
    """Why payer rule `kind` cannot name `who` as the seat that pays (checked when a ruleset
    compiles), with the payers it can name; None if it can."""
    if who in _PAYER_WHO[kind]:
        return None
    if kind == "self_draw":
        return f"a self-drawn win has no {who} (who: {' or '.join(_PAYER_WHO[kind])})"
    if kind == "kong_draw_claimed":
        return ("a kong draw after a kong claimed from a discard is paid by the seat "
                "--kong-from names (who: kong_discarder)")
    return ("only a kong draw after a kong claimed from a discard has one "
            "(payers.kong_draw_claimed)")


def payer_kind(ctx) -> str:
    """The `payers` key for this kind of win: `kong_draw_claimed` for a kong draw whose kong
    was claimed from a discard (`--kong-from`, 杠爆全包), else the win's type."""
    return "kong_draw_claimed" if ctx.kong_from else ctx.win_type


def payer_rule(ctx, rs) -> dict:
    """The ruleset's `payers` entry for this kind of win (a missing one: self_draw's)."""
    return rs.spec["payers"].get(payer_kind(ctx)) or rs.spec["payers"]["self_draw"]


def payers(ctx, rs) -> list:
    """(seat, shares) that pay the hand value for this kind of win."""
    rule = payer_rule(ctx, rs)
    who = rule["who"]
    if who == "discarder":
        seats = [ctx.discard or ctx.rob_kong]
    elif who == "konger":
        seats = [ctx.rob_kong or ctx.discard]
    elif who == "kong_discarder":  # (--kong-from is taken only where a rule reads it)
        seats = [ctx.kong_from]
    elif who == "others":
        seats = [s for s in SEATS if s != ctx.seat]
    else:  # not_won
        seats = [s for s in SEATS if s != ctx.seat and s not in ctx.won]
    return [(s, int(rule.get("shares", 1))) for s in seats]


def settle_win(value: int, ctx, rs, why: str, skip: frozenset = frozenset()) -> tuple:
    """(payments, net) for one legal win worth `value` per payer, the net a read-only
    mapping; `skip`: extra rules paid elsewhere (a whole hand's 喜钱 by its ghosts event). The
    same value in the same situation settles alike, so both are kept."""
    key = ("settle", value, ctx.number, why, skip)  # (`api.score_hand` reads it first too)
    hit = rs.memo.get(key)
    if hit is None:
        rows, net = _settle_win(value, ctx, rs, why, skip)
        hit = rs.remember(key, (rows, read_only(net)))
    return hit


def _settle_win(value: int, ctx, rs, why: str, skip: frozenset) -> tuple:
    rows = []
    for s, shares in payers(ctx, rs):
        rows.append(Payment(s, ctx.seat, value, why))
        if shares > 1:
            rows.append(Payment(s, ctx.seat, value * (shares - 1),
                                f"liability: {shares - 1} more share"
                                f"{'s' if shares > 2 else ''}"))
    for xid, x in (rs.spec.get("extras") or {}).items():
        if x is None or x["rule"] in skip:
            continue
        rows += EXTRAS[x["rule"]](ctx, rs, x.get("params") or {}, shown_extra(rs, x), value)
    return tuple(rows), net_of(rows)


def due_without_win(ctx, rs, skip: frozenset = frozenset()) -> tuple:
    """The extras a claim that is no legal win still brings (喜钱 paid win or not, L12's
    `always`), for `score` to name: they are not its payments, which settle a win alone
    (CONTRACT), and `settle` pays them by the hand's ghosts event. `skip` as `settle_win`'s."""
    rows = []
    for x in (rs.spec.get("extras") or {}).values():
        if x is None or x["rule"] in skip:
            continue
        anyway, params = EXTRA_ANYWAY.get(x["rule"]), x.get("params") or {}
        if anyway is not None and anyway(params):
            rows += EXTRAS[x["rule"]](ctx, rs, params, shown_extra(rs, x), 0)
    return tuple(rows)


def net_of(rows) -> dict:
    net = {s: 0 for s in SEATS}
    for p in rows:
        net[p.frm] -= p.amount
        net[p.to] += p.amount
    return net
