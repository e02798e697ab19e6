"""The shapes a reading is made of: groups (sets and pairs) and the reading of a whole hand."""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from . import tiles as T

DRAGONS = (T.C, T.F, T.P)
YAOJI = T.kind("s", 1)  # 幺鸡, Lanzhou's stand-in for one missing dragon in a 中发白 set

MELD_GROUP = {"pong": "triplet", "kong": "kong", "chow": "sequence",
              "toss": "toss", "dragon_set": "dragon_set"}


class Group(NamedTuple):
    """A set or pair of a reading. `tiles`: kinds it stands for; `ghosts`: kinds ghosts play.

    A NamedTuple (immutable, ordered field by field) because readings build many of them."""

    kind: str  # pair | triplet | sequence | kong | toss | dragon_set
    tiles: tuple
    ghosts: tuple = ()
    meld: str = ""  # "" in the concealed hand; else exposed | concealed | added (declared)

    def text(self, ghost_letter: str = "C") -> str:
        texts = _texts(ghost_letter)
        out = texts.get(self)
        if out is None:
            out = self._text(ghost_letter)
            # The same few groups recur in every hand; kept up to 16,384 in all, whatever
            # the ghost letters.
            if sum(map(len, _TEXTS.values())) < 1 << 14:
                texts[self] = out
        return out

    def _text(self, ghost_letter) -> str:
        """`ghost_letter`: what every ghost is written as, or a tuple, one a ghost
        (`Reading.text_as_held`)."""
        natural = list(self.tiles)
        for k in self.ghosts:
            natural.remove(k)
        letters = (ghost_letter,) * len(self.ghosts) if type(ghost_letter) is str \
            else ghost_letter
        # Each stand-in after a "+": run together, a pair of ghosts standing as themselves
        # read "C=CC=C" and a ghost in a run "23mP=1m", which players took for other tiles.
        body = "+".join(([T.written(natural)] if natural else []) + [
            f"{letter}={T.name(k)}" for letter, k in zip(letters, self.ghosts)])
        if self.kind == "dragon_set" and YAOJI in self.tiles:
            # 小鸡满天飞: show which dragon the 幺鸡 stands for.
            missing = next(k for k in DRAGONS if k not in self.tiles)
            body = T.written(k for k in self.tiles if k != YAOJI) + \
                f"+1s={T.name(missing)}"
        if not self.meld:
            return body
        return {"exposed": "[{}]", "concealed": "({})", "added": "{{{}}}"}[self.meld].format(body)


# Ghost letter -> {group: its text}: a reading's text looks its groups up here, hashing each
# group alone, and calls Group.text only for one not kept (a call and a (group, letter) key
# a group cost a batch row about 6,000 instructions, 1.5%).
_TEXTS: dict = {}


def _texts(ghost_letter: str) -> dict:
    got = _TEXTS.get(ghost_letter)
    if got is None:
        got = _TEXTS[ghost_letter] = {}
    return got


class _Kept:
    """A value made on first read from a method, then kept in the instance's dict, where later
    reads find it before this (a non-data descriptor): a plain attribute read after the first.

    functools.cached_property does the same, but in Python 3.11 it takes a lock on every
    first read: 1.06 us against 0.66 us here, paid by each reading whose groups or final
    tiles are read (the chosen reading of every hand, every tied or fully evaluated one)."""

    def __init__(self, fn):
        self.fn, self.name, self.__doc__ = fn, fn.__name__, fn.__doc__

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


class Reading(tuple):
    """One way to read the whole hand: its shape, its groups (melds last), its final tiles.

    `groups` and `counts` may be given as None with `parts` to make them from (`build(parts)`,
    `count(parts)`) on first use: scoring mostly reads a reading's signature (`sig`, a number
    standing for all a signature-only pattern sees; None: evaluate in full), and a batch
    scores millions of hands. A tuple underneath, made by `tuple.__new__` where a hand makes
    many (a Python `__init__` cost a third of a plain hand's decomposition); compared and
    hashed by identity, as an object, never as the tuple."""

    __eq__, __ne__, __hash__ = object.__eq__, object.__ne__, object.__hash__

    def __new__(cls, shape: str, groups, counts: tuple | None, parts=None, has_run=None,
                build=None, count=None, sig=None):
        return _tuple_new(cls, (shape, groups, counts, parts, has_run, build, count, sig))

    def __reduce__(self):
        return (Reading, tuple(self))  # (made again through __new__, without what was kept)

    shape = property(itemgetter(0), doc="standard | seven_pairs | full_ghost")
    has_run = property(itemgetter(4), doc="a sequence among the groups (None: not known here)")
    sig = property(itemgetter(7))

    @_Kept
    def groups(self) -> tuple:
        """Every group, melds last."""
        got = self[1]
        return got if got is not None else self[5](self[3])

    @_Kept
    def counts(self) -> tuple:
        """34 counts: every tile of the final hand, ghosts as what they stand for. (Made when
        first read: a reading whose evaluation is known by its signature may never need
        them.)"""
        got = self[2]
        return got if got is not None else self[6](self[3])

    @_Kept
    def suits(self) -> frozenset:
        c = self.counts
        return frozenset(s for s, lo in (("m", 0), ("p", 9), ("s", 18)) if any(c[lo:lo + 9]))

    @_Kept
    def quads(self) -> tuple:
        """Kinds with four copies in the final hand."""
        return tuple(k for k, n in enumerate(self.counts) if n == 4)

    @property
    def ghost_groups(self) -> tuple:
        """The groups a ghost plays in."""
        return tuple(g for g in self.groups if g.ghosts)

    def text(self, ghost_letter: str = "C") -> str:
        texts = _texts(ghost_letter)
        return " ".join([texts.get(g) or g.text(ghost_letter) for g in self.groups])

    def text_as_held(self, parsed, ghost_kinds) -> str:
        """`text`, each ghost written as the ghost tile the hand holds there, for a ruleset
        with several ghost kinds (a house rule's), where one letter would show a C as a P. A
        meld's ghosts are its own; the concealed ones are alike to the decomposer, so each
        stands first where it stands for its own kind, the rest in tile order."""
        slots = [k for g in self.groups if not g.meld for k in g.ghosts]
        left = sorted(k for k in parsed.concealed if k in ghost_kinds)
        own = {}
        for n, k in enumerate(slots):
            if k in left:
                own[n] = k
                left.remove(k)
        rest = iter(left)
        placed = iter([T.name(own[n] if n in own else next(rest)) for n in range(len(slots))])
        melds = iter([[T.name(k) for k in m.tiles if k in ghost_kinds] for m in parsed.melds])
        out = []
        for g in self.groups:
            held = next(melds) if g.meld else None  # (a group a meld, in the hand's order)
            if not g.ghosts:
                out.append(g.text())
            else:
                n = len(g.ghosts)
                out.append(g._text(tuple(held[:n]) if held is not None else
                                   tuple(next(placed) for _ in range(n))))
        return " ".join(out)

    def __repr__(self) -> str:
        return f"Reading({self.shape}, {self.text()})"


def meld_group(m) -> Group:
    return Group(MELD_GROUP[m.kind], tuple(m.tiles), (m.tiles[0],) * m.ghosts, m.exposure)


def display_key(g: Group):
    """Sets by their first tile, the pair last: how players lay a hand out."""
    return (g.kind == "pair", [T.DISPLAY_RANK[k] for k in g.tiles], g.ghosts)


class Tiles(NamedTuple):
    """A hand as counts: natural concealed tiles, ghosts, and tiles in declared melds."""

    natural: tuple  # 34 counts, concealed, ghosts left out
    ghosts: int
    in_melds: tuple  # 34 counts of the kinds the melds stand for
    meld_groups: tuple
    too_many_suits: bool  # the natural tiles and melds already span more suits than allowed
    fixed: tuple  # natural + in_melds: every tile whose kind no ghost can change
    meld_run: bool  # a declared meld is a sequence
    pairs_ok: bool  # no melds, and the concealed tiles can pair up (ghosts help any odd kind)
    suits: tuple = ()  # `fixed` of m, p and s: counted here for the suit limit, and looked up
    # by the decomposition of a plain hand (`plain_table.suit_options`), which need not slice
    plain: int = 0  # read by lookups alone (`decompose.readings`): no ghost, no meld,
    # and only the standard shape can read it, within the suit limit; 1 with no honour
    # (`suits` is all it holds), 2 with honours. 0: the general path. (Known here, where most
    # of it is known already.)


_NO_MELDS = (0,) * 34
_tuple_new = tuple.__new__
EMPTY_SUIT = (0,) * 9
# Counts as bytes -> 1 where odd: the odd counts counted in C (a built hand holds at most
# 14 tiles, so every count fits a byte), three times as fast as summing n & 1 in a map.
_ODD_BYTES = bytes(n & 1 for n in range(256))


def hand_tiles(hand, rs) -> Tiles:
    """The hand's Tiles under `rs`; `hand.build` has usually made them already."""
    if hand.tiles is not None and hand.built_for is rs:
        return hand.tiles
    nat = [0] * 34
    for k in hand.concealed:
        nat[k] += 1
    return tiles_of(nat, hand.concealed, hand.melds, rs)


def tiles_of(nat: list, concealed: tuple, melds: tuple, rs) -> Tiles:
    """Tiles from `nat`, the concealed counts (ghosts still in; the list is changed)."""
    g = 0
    for k in rs.ghost_kinds:
        g += nat[k]
        nat[k] = 0
    if melds:
        in_melds = [0] * 34
        for mld in melds:
            for k in mld.tiles:
                in_melds[k] += 1
        if any(mld.ghosts for mld in melds):
            # A 贴鬼 meld declared before the hand took that kind's last natural copies (drawn,
            # or called in another meld): its ghost stands for the kind, but for no copy past
            # the set's, so the melds count the copies the concealed tiles leave (refused as
            # a fifth copy, until the simulated play of reviews reached it).
            copies = rs.copies
            in_melds = [min(n, copies[k] - nat[k]) if n and n + nat[k] > copies[k] else n
                        for k, n in enumerate(in_melds)]
        in_melds = tuple(in_melds)
        groups = tuple(meld_group(m) for m in melds)
        fixed = tuple(a + b for a, b in zip(nat, in_melds))
    else:
        in_melds, groups, fixed = _NO_MELDS, (), tuple(nat)
    m, p, s = fixed[0:9], fixed[9:18], fixed[18:27]
    # An empty suit as the one shared tuple (most hands have one: 缺门), known by identity
    # where the suits are looked up (`plain_table.suit_options`), and hashed there no more.
    if m == EMPTY_SUIT:
        m = EMPTY_SUIT
    if p == EMPTY_SUIT:
        p = EMPTY_SUIT
    if s == EMPTY_SUIT:
        s = EMPTY_SUIT
    suits = (m, p, s)
    too_many = False
    if rs.max_suits:
        too_many = (m is not EMPTY_SUIT) + (p is not EMPTY_SUIT) + (s is not EMPTY_SUIT) > \
            rs.max_suits
    # Sorted tiles pair up exactly when every count is even; with ghosts, each kind held an
    # odd number of times needs one of them.
    pairs_ok = not melds and (concealed[0::2] == concealed[1::2] if not g
                              else bytes(nat).translate(_ODD_BYTES).count(1) <= g)
    plain = 0
    if not g and not melds and rs.plain_lookup and not too_many and \
            not (pairs_ok and "seven_pairs" in rs.shapes):
        plain = 2 if concealed and concealed[-1] >= 27 else 1  # (sorted: the last is highest)
    # Tiles(...) without its Python-level __new__: made for every hand read.
    return _tuple_new(Tiles, (tuple(nat) if melds else fixed, g, in_melds, groups, too_many,
                              fixed, bool(groups) and any(grp.kind == "sequence"
                                                          for grp in groups), pairs_ok, suits,
                              plain))


def make_reading(shape: str, groups, t: Tiles) -> Reading:
    """A Reading of concealed `groups` plus the hand's melds, laid out for display."""
    counts = list(t.in_melds)
    for grp in groups:
        for k in grp.tiles:
            counts[k] += 1
    return Reading(shape, tuple(sorted(groups, key=display_key)) + t.meld_groups, tuple(counts))


def ghosts_in_set(rs) -> int:
    """How many ghost tiles the set holds, every ghost kind together: what 满鬼 holds."""
    return sum(rs.copies[k] for k in rs.ghost_kinds)


def holds_full_ghost(rs, concealed: int) -> bool:
    """Whether `concealed` ghost tiles in the hand make 满鬼 (G5): a win at once, on drawing
    the last of them (`rs.full_ghost`: every ghost tile of the set, or as many as the ruleset
    says, guangdong's four of the eight under 翻双鬼)."""
    return 0 < rs.full_ghost <= concealed


def full_ghost_words(rs) -> tuple | None:
    """None where 满鬼 holds every ghost tile of the set (told as "every ghost", "the last");
    else (how many it holds, which drawn makes them) in words: ("four", "fourth")."""
    n = rs.full_ghost
    return None if n >= ghosts_in_set(rs) else (_COUNT_WORDS[n], _ORDINALS[n])


def full_ghost_late(rs, words: dict) -> str:
    """Why a hand holding 满鬼's ghosts past the start did not win by them, where ruleset `rs`
    wins 满鬼 only at the start (`full_ghost_at_start`); `words`: how a reason names the
    flags that say the start (`context.FLAGS`, or a record's keys)."""
    some = full_ghost_words(rs)
    return (f"满鬼 ({some[0] + ' ghosts' if some else 'every ghost'} concealed) wins only at "
            f"the start here (option full_ghost_at_start)" + start_flags(rs, words))


def given(words: dict, key: str) -> str:
    """How situation flag `key` is given, as `words` name it: "--declared" on the command
    line, "declared: true" in a settle record."""
    said = words[key]
    return said if said.startswith("--") else said + ": true"


def start_flags(rs, words: dict) -> str:
    """": on the dealt hand (--heavenly, the dealer) or ...": the flags that say a hand is at
    the start that ruleset `rs` takes, named by `words`; where it takes neither, so."""
    said = []
    for key, what, who in (("heavenly", "on the dealt hand", "the dealer"),
                           ("earthly", "the first draw", "another seat")):
        if key in rs.context:
            said.append(f"{what} ({given(words, key)}, {who})")
    return ": " + " or ".join(said) if said else \
        ", and nothing here says a hand is at the start (context: takes neither heavenly nor " \
        "earthly)"


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
_ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def full_ghost_reading(hand, rs, t: Tiles) -> Reading | None:
    """满鬼: the ghost tiles it takes (`rs.full_ghost`) concealed in the hand win whatever the
    rest holds, on drawing the last of them (seed 001: "Draw the fourth and the hand is over
    there and then"): won on another tile, the player held them before it, and had won
    then. Where 满鬼 is won only at the start (`full_ghost_at_start`: the dealt hand, the
    first draw), it is won whatever the tile."""
    if not rs.full_ghost or t.ghosts < rs.full_ghost or \
            hand.win not in rs.ghost_kinds and not rs.full_ghost_at_start:
        return None
    counts = list(t.in_melds)
    for k in hand.concealed:
        counts[k] += 1
    loose = Group("loose", tuple(T.sorted_kinds(hand.concealed)))
    return Reading("full_ghost", (loose,) + t.meld_groups, tuple(counts))


def dragon_set_splits(natural: tuple, taken_win: int | None = None,
                      stand_in: int | None = YAOJI):
    """Every way to take 中发白 sets out of the concealed tiles: (rest, set groups).

    A set is C F P one each, or two different dragons and one 1s (幺鸡) standing for the
    third (one stand-in per set) where `stand_in` (the ruleset's, `hand.dragon_set_stand_in`:
    小鸡满天飞) is that 1s; None: C F P only. Lanzhou only (`hand.concealed_sets`). A stand-in
    is a 1s the winner drew (Z2): when `taken_win`, the winning tile taken from another
    player, is a 1s, one 1s held is that tile and stands for nothing.
    """
    kinds = [(T.C, T.F, T.P)]
    if stand_in is not None:
        kinds += [(YAOJI, T.F, T.P), (YAOJI, T.C, T.P), (YAOJI, T.C, T.F)]
    spare = natural[YAOJI] - (taken_win == YAOJI)  # 1s that may stand in

    def walk(i, counts, acc):
        yield tuple(counts), tuple(acc)
        for j in range(i, len(kinds)):
            if j and natural[YAOJI] - counts[YAOJI] >= spare:
                break  # every 1s that may stand in already does
            if all(counts[k] for k in kinds[j]):
                for k in kinds[j]:
                    counts[k] -= 1
                acc.append(Group("dragon_set", tuple(sorted(kinds[j]))))
                yield from walk(j, counts, acc)
                acc.pop()
                for k in kinds[j]:
                    counts[k] += 1
    yield from walk(0, list(natural), [])
