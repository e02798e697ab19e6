"""跟庄 (following the dealer), read from a whole hand's game log when it is settled: the
dealer's first discard followed by each other player's first discard, all the same tile,
makes the dealer pay each of them `play.follow_dealer` (a Guangdong house rule, research
2.15; 0 or absent: no such rule). Never prints or exits.
"""

from __future__ import annotations

from . import tiles as T
from .context import SEATS
from .record import NO_TURN, event_tile
from .settlement import Payment
from .terms import term
from .words import either

# What the first go-round may hold between its four discards without ending the chance:
# draws, a ghosts count, a pass on one of them (a win let go takes nothing) and a declaration
# (no turn).
_QUIET = NO_TURN | {"draw"}


class FollowDealer:
    """The first go-round's discards as the log goes, while they may still follow the
    dealer's; `on_event` gives the 跟庄 payments at the fourth, else nothing."""

    def __init__(self, rs, rec):
        self.amount = int((rs.spec.get("play") or {}).get("follow_dealer") or 0)
        self.rs, self.rec = rs, rec
        self.seats = [SEATS[(SEATS.index(rec.dealer) + i) % 4] for i in range(4)] \
            if rec.dealer in SEATS else []
        self.tile = None
        self.followed: list = []  # the seats that discarded it so far, the dealer first
        self.open = self.amount > 0 and bool(self.seats)

    def on_event(self, ev) -> tuple | None:
        """(summary, payments) where `ev` is the fourth discard of one tile, the dealer's
        first, in turn with nothing between but `_QUIET` events; else None. A call, a kong,
        a win or the wall's end before it, or another tile, ends the chance."""
        if not self.open or ev.type in _QUIET:
            return None
        if ev.type != "discard" or ev.seat != self.seats[len(self.followed)]:
            self.open = False
            return None
        tile = event_tile(ev, self.rec.label)
        if self.tile is None:
            self.tile = tile
        elif tile != self.tile:
            self.open = False
            return None
        self.followed.append(ev.seat)
        if len(self.followed) < 4:
            return None
        self.open = False
        dealer, others = self.followed[0], self.followed[1:]
        name = term(self.rs, "follow_dealer")
        summary = (f"{term(self.rs, 'follow_dealer_event')}: {either(others, 'and')} followed "
                   f"{dealer}'s first discard {T.name(self.tile)}")
        return summary, tuple(Payment(dealer, s, self.amount, name) for s in others)

    def unchecked(self) -> str | None:
        """What the output says where the rule is on and the record has no discards, or its
        first discard is not the dealer's: the one that decides it is left out of the log
        (it was passed over in silence, as if checked)."""
        if not self.amount:
            return None
        first = next((e for e in self.rec.events if e.type == "discard"), None)
        name = term(self.rs, "follow_dealer")
        if first is None:
            return f"{name} not checked: the record has no discards"
        if self.seats and first.seat != self.seats[0]:
            return (f"{name} not checked: the log's first discard is {first.seat}'s (event "
                    f"{first.number}), not the dealer {self.seats[0]}'s")
        return None
