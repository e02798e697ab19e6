"""Who pays whom for one win: the hand value from each payer, then the ruleset's extras.

Extras (喜钱, horses, penalties) are payment rules registered by id like patterns; the YAML
says which a ruleset uses and with what parameters. They are their own rows, never folded
into the hand's value (CONTRACT: "Extras are separate rows in payments").
"""

from __future__ import annotations

from dataclasses import dataclass

from .context import SEATS

EXTRAS: dict = {}


@dataclass(frozen=True)
class Payment:
    frm: str
    to: str
    amount: int
    why: str

    def to_dict(self) -> dict:
        return {"from": self.frm, "to": self.to, "amount": self.amount, "why": self.why}


def extra(xid: str):
    """Register `fn(ctx, rs, params, name, value) -> list[Payment]` under `xid`."""
    def deco(fn):
        EXTRAS[xid] = fn
        return fn
    return deco


@extra("ghost_bonus")
def ghost_bonus(ctx, rs, params, name, value) -> list:
    """喜钱: drawing more than `over` ghosts collects `per` for each one over from every other
    player, already-won players included, whatever the hand's cap."""
    over, per = int(params.get("over", 4)), int(params.get("per", 10))
    n = ctx.ghosts_drawn
    if n <= over:
        return []
    amount = per * (n - over)
    return [Payment(s, ctx.seat, amount, f"{name}: {n} ghosts drawn")
            for s in SEATS if s != ctx.seat]


def payers(ctx, rs) -> list:
    """(seat, shares) that pay the hand value for this kind of win."""
    rule = rs.spec["payers"].get(ctx.win_type) or rs.spec["payers"]["self_draw"]
    who = rule["who"]
    if who == "discarder":
        seats = [ctx.discard or ctx.rob_kong]
    elif who == "konger":
        seats = [ctx.rob_kong or ctx.discard]
    elif who == "others":
        seats = [s for s in SEATS if s != ctx.seat]
    else:  # not_won
        seats = [s for s in SEATS if s != ctx.seat and s not in ctx.won]
    return [(s, int(rule.get("shares", 1))) for s in seats]


def settle_win(value: int, ctx, rs, why: str) -> tuple:
    """(payments, net) for one legal win worth `value` per payer."""
    rows = []
    for s, shares in payers(ctx, rs):
        rows.append(Payment(s, ctx.seat, value, why))
        if shares > 1:
            rows.append(Payment(s, ctx.seat, value * (shares - 1),
                                f"liability: {shares - 1} more shares"))
    for xid, x in (rs.spec.get("extras") or {}).items():
        if x is None:
            continue
        rows += EXTRAS[x["rule"]](ctx, rs, x.get("params") or {}, x["name"], value)
    return tuple(rows), net_of(rows)


def net_of(rows) -> dict:
    net = {s: 0 for s in SEATS}
    for p in rows:
        net[p.frm] -= p.amount
        net[p.to] += p.amount
    return net
