"""The wins one tile away from a hand that is no win: which held tile, given up for which other,
makes it one (`score --explain`). A player told "not a winning hand" at the table asks what it
lacks; the answer is the waits (`ready.analyse`) of the hand without each tile it holds."""

from __future__ import annotations

from dataclasses import dataclass

from . import tiles as T


@dataclass(frozen=True)
class Swap:
    """One held tile (`out`) given up for another (`into`) makes the hand a win worth `value`
    with `patterns`, valued as `waits` values a wait: a self-draw with no situational bonus,
    capped."""

    out: str
    into: str
    value: int
    patterns: tuple

    def to_dict(self) -> dict:
        return {"out": self.out, "in": self.into, "value": self.value,
                "patterns": [h.to_dict() for h in self.patterns]}


def swaps(parsed, rs, seat: str) -> tuple:
    """Every swap of one concealed tile of `parsed` (a hand of 14 tiles, melds counted as
    3, that no reading wins) for another tile that makes it a win under ruleset `rs`, best
    value first, then as the hand is written (the tile given up, then the one taken). A ghost
    taken in is listed only where it alone completes the rest (满鬼), as `waits` says: any
    other hand it completes is ready on other tiles, which are listed."""
    from .hand import rebuilt
    from .ready import analyse
    out = []
    for k in sorted(set(parsed.concealed), key=T.DISPLAY_RANK.__getitem__):
        held = list(parsed.concealed)
        held.remove(k)
        short = rebuilt(parsed, rs, 13, concealed=tuple(held), win=None)
        if short is None:  # (a meld's ghost with no natural tile beside it left: no hand)
            continue
        name = T.name(k)
        ready = analyse(short, rs, seat)
        out += [Swap(name, w.tile, w.value, w.patterns) for w in ready.waits if w.tile != name]
        out += [Swap(name, T.name(won.parsed.win), won.value, won.patterns)
                for won in ready.ghost_wins if won.parsed.win != k]
    out.sort(key=lambda s: -s.value)  # (stable: the hand's order where values tie)
    return tuple(out)
