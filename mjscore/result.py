"""A scored win: the frozen `Result` that `score()` returns, whose fields are the `score
--format json` fields (CONTRACT) and whose `to_dict()` is that JSON; and an `Alternative`
reading (`--explain`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from . import context as C
from .frozen import hash_fields
from .notation import format as format_hand
from .scoring import distinct


@dataclass(frozen=True)
class Alternative:
    value: int
    raw: int
    patterns: tuple
    decomposition: str


@dataclass(frozen=True)
class Result:
    """One scored win. The fields the JSON has hold what `score --format json` shows (CONTRACT;
    `raw` is its `raw_value`); `to_dict()` gives that JSON. The rest (`parsed`, `top`,
    `context`, ...) are what the table and `--explain` are written from."""

    ruleset: str
    parsed: object = field(repr=False)  # the hand as read, winning tile included
    legal: bool
    reasons: tuple
    value: int
    raw: int
    cap: int | None
    patterns: tuple
    top: object = field(repr=False, compare=False)  # the chosen Evaluation, or None
    payments: tuple
    net: MappingProxyType
    context: C.WinContext = field(repr=False)
    unit: str = ""
    found: tuple = field(default=(), repr=False, compare=False)  # evaluations made (`pruning`)
    ghost: str = "C"
    kong_payments: tuple = ()
    # The ruleset scored under, for the table's words: the working of the value, the payer
    # rule, the discard divisor, the ruleset's own terms (not a result).
    rules: object = field(default=None, repr=False, compare=False)
    unread: object = field(default=None, repr=False, compare=False)  # `pruning.Unread` or None
    # What a claim that is no legal win still brings (喜钱 paid win or not): named by the
    # table, in no payment or net (`settlement.due_without_win`).
    due: tuple = field(default=(), compare=False)

    __hash__ = hash_fields

    @property
    def hand(self) -> str:
        """The hand in canonical notation."""
        return format_hand(self.parsed)

    @property
    def decomposition(self) -> str | None:
        """The chosen reading in notation, each ghost shown with what it stands for."""
        return self._text(self.top.reading) if self.top is not None else None

    def _text(self, reading) -> str:
        kinds = self.rules.ghost_kinds if self.rules is not None else ()
        if len(kinds) > 1:  # (a house rule's: each ghost as the tile held)
            return reading.text_as_held(self.parsed, kinds)
        return reading.text(self.ghost)

    @property
    def evaluations(self) -> tuple:
        """Every reading's evaluation, those `pruning` skipped as unable to win read now."""
        if self.unread is None:
            return self.found
        got = self.__dict__.get("_every")
        if got is None:
            got = self.__dict__["_every"] = self.unread(self.found)
        return got

    @property
    def readings(self) -> int:
        return len(self.evaluations)

    @property
    def swaps(self) -> tuple:
        """Where no reading wins: each swap of one held tile for another that makes the hand a
        win (`closest.swaps`, `--explain`), worked out when first asked for; else ()."""
        # (Not for a robbed kong: its tile is the robbed one, and the pong on the table limits
        # what a ghost may be, which a plain wait does not know.)
        if self.top is not None or self.rules is None or self.context.rob_kong:
            return ()
        got = self.__dict__.get("_swaps")
        if got is None:
            from .closest import swaps
            got = self.__dict__["_swaps"] = swaps(self.parsed, self.rules, self.context.seat)
        return got

    @property
    def alternatives(self) -> tuple:
        """Readings that differ in patterns or value, best first (`--explain`)."""
        return tuple(Alternative(e.value, e.raw, e.hits, self._text(e.reading))
                     for e in self._as_themselves(distinct(self.evaluations, self.ghost,
                                                           self.top)))

    def _as_themselves(self, evs) -> list:
        """`evs` with each reading but the chosen one (shown so already) read as the chosen
        one is shown: its ghost-only pairs and triplets standing as the ghost tile, where one
        alike in value and patterns has them so (README "The best reading": `--explain`'s
        rows are each the one that rule prefers; the guide's Basic Win row read
        "1m+C=1m+C=1m 234m 56m+C=4m" beside "C=C+C=C+C=C")."""
        rs = self.rules
        if rs is None or len(evs) < 2 or not rs.ghost_kinds:
            return list(evs)
        from .as_themselves import as_themselves
        from .hand import build
        h, every = build(self.parsed, rs), self.evaluations
        return [e if e is self.top else as_themselves(e, every, h, rs, self.context)
                for e in evs]

    def to_dict(self) -> dict:
        """The `score --format json` object of this win (a new dict: changing it changes
        nothing here)."""
        return {"ruleset": self.ruleset, "hand": self.hand, **self.outcome(),
                "decomposition": self.decomposition, **self.paid()}

    # The fields between hand and decomposition, and those after it: what many hands share,
    # so a batch writes each such part once (`batch_output.jsonl`), keyed by what it reads.
    def outcome(self) -> dict:
        return {"legal": self.legal, "reasons": list(self.reasons), "value": self.value,
                "raw_value": self.raw, "cap": self.cap,
                "patterns": [h.to_dict() for h in self.patterns]}

    def outcome_key(self) -> tuple:
        # (A hit's id, names and effect: what its to_dict reads. Its spec need not hash.)
        return (self.legal, self.reasons, self.value, self.raw, self.cap,
                tuple([h[:4] for h in self.patterns]))

    def paid(self) -> dict:
        # (`due` only where a claim that is no legal win still owes 喜钱: the table named it,
        # "Due all the same", and a script read none of it.)
        due = {"due": [p.to_dict() for p in self.due]} if self.due else {}
        return {"payments": [p.to_dict() for p in self.payments], "net": dict(self.net),
                "kong_payments": [dict(k) for k in self.kong_payments], **due}

    def paid_key(self) -> tuple | None:
        """None where a part is not hashable (a kong payment's mapping) or is rare (`due`):
        not kept."""
        if self.kong_payments or self.due:
            return None
        return (self.payments, tuple(self.net.items()))
