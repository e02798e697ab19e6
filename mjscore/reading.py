"""The shapes a reading is made of: groups (sets and pairs) and the reading of a whole hand."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from . import tiles as T

DRAGONS = (T.C, T.F, T.P)
YAOJI = T.kind("s", 1)  # 幺鸡, Lanzhou's stand-in for one missing dragon in a 中发白 set

MELD_GROUP = {"pong": "triplet", "kong": "kong", "chow": "sequence",
              "toss": "toss", "dragon_set": "dragon_set"}


@dataclass(frozen=True, order=True)
class Group:
    """A set or pair of a reading. `tiles`: kinds it stands for; `ghosts`: kinds ghosts play."""

    kind: str  # pair | triplet | sequence | kong | toss | dragon_set
    tiles: tuple
    ghosts: tuple = ()
    meld: str = ""  # "" in the concealed hand; else exposed | concealed | added (declared)

    def text(self, ghost_letter: str = "C") -> str:
        natural = list(self.tiles)
        for k in self.ghosts:
            natural.remove(k)
        body = T.compact(T.sorted_kinds(natural)) + "".join(
            f"{ghost_letter}={T.name(k)}" for k in self.ghosts)
        if self.kind == "dragon_set" and YAOJI in self.tiles:
            # 小鸡满天飞: show which dragon the 幺鸡 stands for.
            missing = next(k for k in DRAGONS if k not in self.tiles)
            body = T.compact(T.sorted_kinds(k for k in self.tiles if k != YAOJI)) + \
                f"1s={T.name(missing)}"
        if not self.meld:
            return body
        return {"exposed": "[{}]", "concealed": "({})", "added": "{{{}}}"}[self.meld].format(body)


@dataclass(frozen=True)
class Reading:
    """One way to read the whole hand: its shape, its groups (melds last), its final tiles."""

    shape: str  # standard | seven_pairs
    groups: tuple
    counts: tuple  # 34 counts: every tile of the final hand, ghosts as what they stand for

    @cached_property
    def suits(self) -> frozenset:
        return frozenset(T.SUITS[k // 9] for k in range(27) if self.counts[k])

    @cached_property
    def ghost_groups(self) -> tuple:
        return tuple(g for g in self.groups if g.ghosts)

    def text(self, ghost_letter: str = "C") -> str:
        return " ".join(g.text(ghost_letter) for g in self.groups)


def meld_group(m) -> Group:
    return Group(MELD_GROUP[m.kind], tuple(m.tiles), (m.tiles[0],) * m.ghosts, m.exposure)


def display_key(g: Group):
    """Sets by their first tile, the pair last: how players lay a hand out."""
    return (g.kind == "pair", [T.DISPLAY_RANK[k] for k in g.tiles], g.ghosts)


@dataclass(frozen=True)
class Tiles:
    """A hand as counts: natural concealed tiles, ghosts, and tiles in declared melds."""

    natural: tuple  # 34 counts, concealed, ghosts left out
    ghosts: int
    in_melds: tuple  # 34 counts of the kinds the melds stand for
    meld_groups: tuple
    too_many_suits: bool  # the natural tiles and melds already span more suits than allowed


def hand_tiles(hand, rs) -> Tiles:
    nat = [0] * 34
    g = 0
    for k in hand.concealed:
        if k in rs.ghost_kinds:
            g += 1
        else:
            nat[k] += 1
    in_melds = [0] * 34
    for mld in hand.melds:
        for k in mld.tiles:
            in_melds[k] += 1
    suits = {k // 9 for k in range(27) if nat[k] or in_melds[k]}
    return Tiles(tuple(nat), g, tuple(in_melds), tuple(meld_group(m) for m in hand.melds),
                 bool(rs.max_suits) and len(suits) > rs.max_suits)


def make_reading(shape: str, groups, t: Tiles) -> Reading:
    """A Reading of concealed `groups` plus the hand's melds, laid out for display."""
    counts = list(t.in_melds)
    for grp in groups:
        for k in grp.tiles:
            counts[k] += 1
    return Reading(shape, tuple(sorted(groups, key=display_key)) + t.meld_groups, tuple(counts))


def full_ghost_reading(hand, rs, t: Tiles) -> Reading | None:
    """满鬼: every ghost tile of the set concealed in the hand wins whatever the rest holds."""
    if not (rs.spec.get("ghosts") or {}).get("full_ghost_win") or not rs.ghost_kinds:
        return None
    if t.ghosts < sum(rs.copies[k] for k in rs.ghost_kinds):
        return None
    counts = list(t.in_melds)
    for k in hand.concealed:
        counts[k] += 1
    loose = Group("loose", tuple(T.sorted_kinds(hand.concealed)))
    return Reading("full_ghost", (loose,) + t.meld_groups, tuple(counts))


def dragon_set_splits(natural: tuple):
    """Every way to take 中发白 sets out of the concealed tiles: (rest, set groups).

    A set is C F P one each, or two different dragons and one 1s (幺鸡) standing for the
    third (one stand-in per set). Lanzhou only (`hand.concealed_sets`).
    """
    kinds = [(T.C, T.F, T.P), (YAOJI, T.F, T.P), (YAOJI, T.C, T.P), (YAOJI, T.C, T.F)]

    def walk(i, counts, acc):
        yield tuple(counts), tuple(acc)
        for j in range(i, len(kinds)):
            if all(counts[k] for k in kinds[j]):
                for k in kinds[j]:
                    counts[k] -= 1
                acc.append(Group("dragon_set", tuple(sorted(kinds[j]))))
                yield from walk(j, counts, acc)
                acc.pop()
                for k in kinds[j]:
                    counts[k] += 1
    yield from walk(0, list(natural), [])
