"""What settling a whole hand returns (`whole_hand.settle`): each event settled, with its
payments and, for a win, each winner's score, and the hand's net and next dealer, frozen."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from .frozen import hash_fields


@dataclass(frozen=True)
class EventResult:
    number: int
    type: str
    summary: str
    payments: tuple
    results: tuple = ()  # the score Result of each win in the event
    claim: int = 0  # a win's: the first event of its claim (`claim_group`), for the dealer

    def to_dict(self) -> dict:
        """This event as the JSON's `events` list holds it; a win's, with each winner's
        scoring (`wins`), which the summary words for people."""
        out = {"event": self.number, "type": self.type, "summary": self.summary,
               "payments": [p.to_dict() for p in self.payments]}
        if self.results:
            out["wins"] = [{"seat": r.context.seat, "hand": r.hand, **r.outcome(),
                            "decomposition": r.decomposition} for r in self.results]
        return out


@dataclass(frozen=True)
class SettleResult:
    """What `settle` returns, frozen: `legal` and `reasons` (play the ruleset refuses),
    `events` (each with its `payments`), `net` per seat, `next_dealer` and `skipped` (checks
    the record has too little to run); `to_dict()` is `mjscore settle --format json`."""

    ruleset: str
    record: str
    legal: bool
    reasons: tuple
    events: tuple
    net: MappingProxyType
    next_dealer: str | None
    skipped: tuple = field(default=())  # checks the record has too little to run
    unit: str = ""
    rules: object = field(default=None, repr=False, compare=False)  # for the table's words

    __hash__ = hash_fields

    def first_claim(self) -> list:
        """The score Results of the first win settled (`first_claim`)."""
        return first_claim(self.events)

    def to_dict(self) -> dict:
        """The `settle --format json` object of this hand."""
        return {"ruleset": self.ruleset, "record": self.record, "legal": self.legal,
                "reasons": list(self.reasons), "events": [e.to_dict() for e in self.events],
                "net": dict(self.net), "next_dealer": self.next_dealer,
                "skipped_checks": list(self.skipped)}


def first_claim(events) -> list:
    """The score Results of the first win a settled hand's events hold, with any others
    settled on the same tile (several claims on one discard or robbed kong, written in one
    win event or in several next to each other): their number decides the next dealer."""
    first = next((e for e in events if e.type == "win"), None)
    return [] if first is None else \
        [r for e in events if e.type == "win" and e.claim == first.claim for r in e.results]
