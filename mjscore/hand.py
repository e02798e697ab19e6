"""A hand read under a ruleset: which tiles are ghosts, what each declared meld is.

`notation.parse` knows only the syntax; `build` checks the hand against the ruleset's tile
set, copies, meld kinds and tile count, and classifies each bracket (CONTRACT: "Three
identical tiles in brackets are a pong, never a toss group"; a ghost-holding pong or kong
needs a natural tile, which names it; a chow never holds a ghost).
"""

from __future__ import annotations

from collections import Counter
from operator import gt
from dataclasses import dataclass, field, replace

from . import tiles as T
from .errors import MjscoreError, NotationError, OptionError, counted
from .frozen import maker
from .notation import ParsedHand, RawMeld, parse, parse_tiles
from .reading import DRAGONS, YAOJI, tiles_of

EXPOSURE = {"[": "exposed", "(": "concealed", "{": "added"}


@dataclass(frozen=True)
class Meld:
    """A declared meld. `tiles` are the kinds it stands for; `ghosts` how many ghost tiles."""

    kind: str  # pong | kong | chow | toss | dragon_set
    exposure: str  # exposed | concealed | added
    tiles: tuple[int, ...]
    ghosts: int
    raw: RawMeld

    @property
    def text(self) -> str:
        return self.raw.bracket + T.written(self.raw.tiles) + \
            {"[": "]", "(": ")", "{": "}"}[self.raw.bracket]


@dataclass(frozen=True)
class Hand:
    """A hand checked against a ruleset: concealed tiles (sorted), winning tile, melds."""

    concealed: tuple[int, ...]
    win: int | None
    melds: tuple[Meld, ...]
    parsed: ParsedHand
    # The hand as counts for the ruleset it was built under (decomposition's input).
    tiles: object = field(default=None, compare=False, repr=False)
    built_for: object = field(default=None, compare=False, repr=False)

    @property
    def kongs(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.melds if m.kind == "kong")

    def physical(self) -> Counter:
        """Every tile the player holds, melds included, as written (ghosts as themselves)."""
        c = Counter(self.concealed)
        for m in self.melds:
            c.update(m.raw.tiles)
        return c


_hand = maker(Hand)  # Hand(*values), made faster (one per hand scored)


def _classify(raw: RawMeld, rs) -> Meld:
    col = raw.column
    written = T.written(raw.tiles)
    ghost_tiles = [k for k in raw.tiles if k in rs.ghost_kinds]
    if ghost_tiles and rs.ghosts_in_melds == "forbidden":
        raise NotationError(f"the ghost {T.name(ghost_tiles[0])} cannot be in a declared meld "
                            f"in {rs.name}", col)
    wild = rs.ghosts_in_melds == "wild"
    naturals = [k for k in raw.tiles if not (wild and k in rs.ghost_kinds)]
    n_ghosts = len(raw.tiles) - len(naturals)
    size = len(raw.tiles)
    if raw.bracket in "({" and size != 4:
        # (Three tiles there are most often a pong meant: say how one is written.)
        pong = "" if size != 3 or len(set(naturals)) != 1 else \
            " (a concealed pong is written without brackets: " \
            f'"{written}")' if raw.bracket == "(" else f' (a pong is written "[{written}]")'
        raise NotationError(f'"{raw.bracket}" holds a kong of four tiles, not "{written}"{pong}',
                            col)
    if size not in (3, 4):
        raise NotationError(f'a meld has 3 or 4 tiles, "{written}" has {size}', col)
    if naturals and len(set(naturals)) == 1:
        kind = "pong" if size == 3 else "kong"
        meld = Meld(kind, EXPOSURE[raw.bracket], (naturals[0],) * size, n_ghosts, raw)
    elif not naturals:
        raise NotationError(f'"{written}": a declared pong or kong needs at least one natural tile',
                            col)
    elif size == 3 and (kind := rs.special_meld(raw.tiles)) is not None:
        meld = Meld(kind, "exposed", tuple(raw.tiles), 0, raw)
    elif size == 3 and _is_run(naturals) and not n_ghosts:
        meld = Meld("chow", "exposed", tuple(naturals), 0, raw)
    elif size == 3 and n_ghosts and _is_run_with_gaps(naturals):
        raise NotationError(f'"{written}": a chow never holds a ghost', col)
    elif size == 3 and not ghost_tiles and (why := _not_played(raw.tiles, written, rs)):
        # A toss group or 中发白 set where the ruleset plays none (a house file dropping them):
        # said by what it is, as a chow is, not "a pong is three tiles of one kind".
        raise NotationError(why, col)
    elif size == 3 and "toss" in rs.meld_kinds:
        # (Not "1s, 9s": in the notation 1s is a tile, the 1 of bamboo.)
        raise NotationError(f'"{written}" is not a meld: a toss group is three tiles, each a 1 '
                            "or 9 of any suit or an honour", col)
    elif ghost_tiles and len({k for k in raw.tiles if k not in rs.ghost_kinds}) == 1:
        # A flip ghost is an ordinary tile in a meld (G2): "[11m1s]" is no pong of 1m.
        raise NotationError(f'"{written}": the ghost {T.name(ghost_tiles[0])} is in a declared '
                            f'meld only as itself in {rs.name}, never standing for another tile',
                            col)
    else:  # (what each size is, which "[19mE9m]" or "[CFPE]" was not told)
        what = "a kong is four tiles of one kind" + (
            ", a toss group three, each a 1 or 9 or an honour" if "toss" in rs.meld_kinds else "") \
            if size == 4 else \
            "a pong is three tiles of one kind" + (", a chow three in a row of one suit"
                                                    if "chow" in rs.meld_kinds else "")
        raise NotationError(f'"{written}" is not a meld: {what}', col)
    if raw.bracket != "[" and meld.kind != "kong":
        raise NotationError(f'"{written}" in "{raw.bracket}" must be a kong', col)
    if meld.kind not in rs.meld_kinds:
        raise NotationError(f'{meld.kind} "{written}" is not allowed in {rs.name}', col)
    return meld


def _not_played(kinds, written: str, rs) -> str | None:
    """Why three mixed tiles, each a 1, a 9 or an honour, are no meld in `rs`, which does not
    play them as what they are where a ruleset does: a 中发白 set (a 1s standing in for a
    dragon under 小鸡满天飞) or a toss group (摔牌). None: they are neither."""
    if not _mixed_ends(kinds):
        return None
    dragons = set(kinds) & set(DRAGONS)
    if len(dragons) == 3:
        return f'中发白 set "{written}" is not allowed in {rs.name}'
    if len(dragons) == 2 and YAOJI in kinds and "dragon_set" in rs.meld_kinds:
        return (f'"{written}" is not a 中发白 set in {rs.name}: no 1s (幺鸡) stands in for a '
                "dragon (小鸡满天飞 off)")
    return f'toss group "{written}" is not allowed in {rs.name}'


def _mixed_ends(kinds) -> bool:
    """Three tiles, not all one kind, each a 1, a 9 or an honour: a toss group's shape."""
    return len(kinds) == 3 and len(set(kinds)) > 1 and \
        all(T.is_terminal_or_honour(k) for k in kinds)


def _is_run(kinds) -> bool:
    ks = sorted(kinds)
    return len(ks) == 3 and T.is_suited(ks[0]) and T.suit_of(ks[0]) == T.suit_of(ks[2]) and \
        ks[1] == ks[0] + 1 and ks[2] == ks[1] + 1


def _is_run_with_gaps(kinds) -> bool:
    ks = sorted(set(kinds))
    return len(ks) == len(kinds) and all(T.is_suited(k) for k in ks) and \
        len({T.suit_of(k) for k in ks}) == 1 and ks[-1] - ks[0] <= 2


def build(parsed: ParsedHand, rs, *, win: str | None = None, size: int = 14,
          commands: bool = True) -> Hand:
    """Check `parsed` against ruleset `rs`; `size` is 14 for a win, 13 for a waiting hand.
    `commands`: a wrong count may be told of the other command (score's 13 tiles are for
    waits); not a settle record's seat, where the record's count is what is wrong."""
    held, most = parsed.concealed, rs.fewest_copies
    conc = [0] * 34
    many = False  # a kind held more than `most` times (noted while counting: a second pass
    # over the sorted tiles, comparing those `most` apart, took five times as long)
    for k in held:
        n = conc[k] = conc[k] + 1
        if n > most:
            many = True
    counts = conc
    if parsed.melds:
        counts = conc[:]
        for m in parsed.melds:
            for k in m.tiles:
                counts[k] += 1
        unknown = not rs.tile_kinds.issuperset([k for k, n in enumerate(counts) if n])
        many = max(counts) > most
    else:  # (held sorted, and not empty: parse says "no tiles")
        unknown = held[-1] >= rs.kinds_below and not rs.tile_kinds.issuperset(held)
        if not (unknown or many) and win is None and len(held) == size == 14:
            # Most hands: whole, meld-free, of tiles the ruleset has enough of, the winning
            # tile the last written. Every check below would pass.
            return _hand(held, parsed.win, (), parsed, tiles_of(conc, held, (), rs), rs)
    allowed, copies = rs.tile_kinds, rs.copies
    # `many` only says some kind may have more copies than the ruleset has; this says which.
    bad = unknown or many and any(n > copies[k] for k, n in enumerate(counts))
    for k, col in parsed.columns if bad else ():
        if k not in allowed:
            raise _not_used(k, col, parsed, rs)
    melds = tuple(_classify(m, rs) for m in parsed.melds) if parsed.melds else ()
    if bad:
        _name_the_column(parsed, rs)  # the slow path only runs to say where the hand is wrong
    most = rs.max_tosses
    tossed = sum(1 for m in melds if m.kind in ("toss", "dragon_set")) if melds and \
        most is not None else 0
    if tossed and tossed > most:
        # (A house file listing toss melds without max_tosses allows any number: it said "1
        # toss groups: at most 0 per player", the 0 a default no file wrote.)
        raise NotationError(f"{counted(tossed, 'toss group')}: " + (
            f"at most {most} per player" if most else f"{rs.name} plays none (max_tosses 0)"))
    want = size - 3 * len(melds)
    have = len(parsed.concealed)
    if len(melds) > 4 or have != want:
        what = "a winning hand" if size == 14 else "a hand one tile short"
        raise NotationError(f"wrong tile count: {counted(have, 'concealed tile')} and "
                            f"{counted(len(melds), 'meld')}; "
                            f"{what} needs {size} tiles, a kong counting as 3"
                            + (_win_hint(win, have - want, parsed.concealed)
                               or _count_hint(have - want, parsed, size,
                                              win is None and commands, rs))
                            * (len(melds) <= 4))
    win_kind = parsed.win
    if win is not None:
        win_kind = one_tile(win, "--win", rs)
        if win_kind not in parsed.concealed:
            # (As typed, where that is not how output names it: --win 5z is P.)
            name, typed = T.name(win_kind), " ".join(str(win).split())
            raise OptionError(f"--win {name if typed == name else f'{typed} ({name})'} is not "
                              "one of the concealed tiles")
    if size == 13:
        win_kind = None
    return _hand(parsed.concealed, win_kind, melds, parsed,
                 tiles_of(conc, parsed.concealed, melds, rs), rs)


def rebuilt(parsed: ParsedHand, rs, size: int = 14, **changes) -> Hand | None:
    """`parsed` with `changes` (its concealed tiles, melds, winning tile) built under `rs`, or
    None where that is no hand (a fifth copy; a meld's ghost left with no natural tile
    beside it): a hand a reason or a hint imagines beside the player's, never the player's."""
    try:
        return build(replace(parsed, cols=None, **changes), rs, size=size, commands=False)
    except MjscoreError:
        return None


def one_tile(text, flag: str, rs=None) -> int:
    """The one tile an option that takes a tile (--win, --indicator) names, or OptionError
    naming the option as typed: what the notation says of it (`for_ruleset`: `rs`'s
    honours), or that it is not one tile."""
    try:
        got = parse_tiles(text)
    except NotationError as e:
        e = for_ruleset(e, rs)
        raise OptionError(f"{flag} {text}: {str(e).removeprefix('invalid hand: ')}") from None
    if len(got) != 1:
        raise OptionError(f'{flag} takes one tile, not "{text}"')
    return got[0]


def _win_hint(win: str | None, extra: int, written) -> str:
    """A player given --win often takes it for a tile added to the hand: writing the winning
    tile twice (in the hand and as --win) or leaving it out. What --win does is said either
    way, which holds whichever tile is the one too many or too few; one short with the
    winning tile written, some tile is missing, maybe a second of it (`written`: the
    concealed tiles)."""
    if win is None or abs(extra) != 1:
        return ""
    try:
        got = parse_tiles(win)
    except NotationError:
        return ""  # (--win itself is wrong: said once the count is right)
    if len(got) != 1:
        return ""
    # (Named in letters, as output always is: `--win 五筒` is 5p.)
    return f" (--win {T.name(got[0])} adds no tile: " + (
        "it names one of the tiles written)" if extra == 1
        else "the hand must hold all its tiles, the winning one among them)" if got[0] in written
        else "write the winning tile in the hand too)")


def _count_hint(extra: int, parsed, size: int, commands: bool, rs) -> str:
    """The slips behind most wrong counts with no --win: a hand given to the other command
    (13 tiles to score, which `waits` takes; 14 to waits), and a kong written as four loose
    tiles (each one a tile too many, as a kong counts 3; only maybe: four of a kind may be
    sets too, 111m 123m). A ghost kind is no kong of its own (a declared one needs a natural
    tile)."""
    if commands and extra == -1 and size == 14:
        return " (13 tiles are a hand waiting for its 14th: mjscore waits lists what it waits on)"
    written = parsed.concealed
    fours = sorted({k for k in written if written.count(k) == 4 and k not in rs.ghost_kinds})
    kongs = ""
    if 1 <= extra <= len(fours):
        loose = [T.name(k)[0] * 4 + T.name(k)[1:] for k in fours]
        kong = loose[0]
        # (Each four of a kind named: two kongs written loose were told of the first alone.)
        which = f"{loose[0]} is a kong, it is" if len(loose) == 1 else \
            f"{' and '.join(loose)} are kongs, each is" if extra >= len(loose) else \
            f"{' or '.join(loose)} is a kong, it is"
        kongs = (f"if {which} written in brackets: ({kong}) concealed, [{kong}] exposed, "
                 f"{{{kong}}} added")
    grown = [m.tiles[0] for m in parsed.melds if m.bracket == "[" and len(m.tiles) == 3
             and len(set(m.tiles)) == 1 and m.tiles[0] in written]
    if not kongs and 1 <= extra <= len(grown):  # ("[555p]5p": a kong written as pong and tile)
        k = T.name(grown[0])
        kong = k[0] * 4 + k[1:]
        kongs = (f"if [{k[0] * 3 + k[1:]}] and the {k} written loose are one kong, it is "
                 f"written [{kong}] exposed, {{{kong}}} added")
    if commands and extra == 1 and size == 13:
        # A kong written loose makes 14 too (`waits 5555p 123m456m789m4p` meant (5555p)), but
        # not where the 14 tiles win, its four in sets (111m 123m): then score was meant.
        score = "14 tiles are a winning hand: mjscore score scores it"
        return f" ({kongs}; {score})" if kongs and not _wins(parsed, rs) else f" ({score})"
    return f" ({kongs})" if kongs else ""


def _wins(parsed, rs) -> bool:
    """Whether the 14 tiles of `parsed` read as a win under `rs` (only where a count is
    wrong: the message's hint)."""
    from .decompose import readings
    try:
        return bool(readings(build(parsed, rs, commands=False), rs))
    except NotationError:
        return False


def _not_used(k: int, col: int, parsed: ParsedHand, rs) -> NotationError:
    """The tile a ruleset does not use, by its letter; an honour written as a z number by
    that too, since other tools number the dragons differently (5z for 中, which is 7z here)
    and the player typed "5z", not "P"."""
    digit = parsed.source[col - 1:col]
    how = f" ({digit}z: 1z-7z are E S W N P F C)" if k >= 27 and digit.isdigit() else ""
    return NotationError(f"tile {T.name(k)}{how} is not used in {rs.name}", col)


def _name_the_column(parsed: ParsedHand, rs) -> None:
    """Raise the error for the first tile the ruleset does not use, or the first copy too many
    in the order the hand was written (a meld's at the column it opens: the review's
    `5p(5555p)...` named column 1, where the loose 5p was counted after the kong)."""
    for k, col in parsed.columns:
        if k not in rs.tile_kinds:
            raise _not_used(k, col, parsed, rs)
    for m in parsed.melds:
        for k in m.tiles:
            if k not in rs.tile_kinds:
                raise NotationError(f"tile {T.name(k)} is not used in {rs.name}", m.column)
    seen: Counter = Counter()
    written = list(parsed.columns) + [(k, m.column) for m in parsed.melds for k in m.tiles]
    for k, col in sorted(written, key=lambda kc: kc[1]):  # (stable: a meld's tiles in turn)
        seen[k] += 1
        if seen[k] > rs.copies[k]:
            raise NotationError(f"too many {T.name(k)}: {rs.has(k)}{rs.more_ghosts(k)}", col)


def read(text: str, rs, *, win: str | None = None, size: int = 14,
         commands: bool = True) -> Hand:
    """Parse and build in one step."""
    return build(parse_for(text, rs), rs, win=win, size=size, commands=commands)


def parse_for(text: str, rs) -> ParsedHand:
    """`parse(text)`, its riichi honours hint put right for `rs` (`for_ruleset`)."""
    try:
        return parse(text)
    except NotationError as e:
        raise for_ruleset(e, rs) from None


def for_ruleset(e: NotationError, rs) -> NotationError:
    """`e`, or where its hint names honour tiles `rs` does not use (riichi's "7h": write
    "7z"; "e": write "E"; "G": the dragons; `notation_hints.honours_named`), what `rs` has:
    luzhou has no honour but its ghost, and "write 1z" led only to "tile E is not used in
    luzhou"."""
    kinds = getattr(e, "honours", None)
    if rs is None or kinds is None or all(k in rs.tile_kinds for k in kinds):
        return e
    used = [T.name(k) + (", its ghost" if k in rs.ghost_kinds else "")
            for k in range(27, T.NUM_KINDS) if k in rs.tile_kinds]
    which = f"{rs.name}'s only honour is {used[0]}" if len(used) == 1 else \
        f"{rs.name}'s only honours are {' '.join(used)}" if used else \
        f"{rs.name} has no honours"
    keep = f"{e.keep}; " if e.keep else ""
    return NotationError(f"{e.unknown} ({keep}{which}; suits are m, p, s)", e.column)


def read_any(hand, rs, *, win: str | None = None, size: int = 14) -> Hand:
    """A hand as the Python API takes it: text is read under `rs`, a built Hand is used as
    it is; anything else is bad input, not an AttributeError deep inside scoring."""
    if isinstance(hand, Hand):
        if any(map(gt, hand.concealed, hand.concealed[1:])):
            # Built in Python with its tiles out of order: sorted, as `build` keeps them (the
            # reading of a hand relies on it: its pairs, whether it holds an honour).
            return replace(hand, concealed=tuple(sorted(hand.concealed)), tiles=None,
                           built_for=None)
        return hand
    return read(hand, rs, win=win, size=size)



def special_meld_kind(kinds, rs) -> str | None:
    """'dragon_set' or 'toss' for a three-tile group the ruleset declares, else None."""
    ks = sorted(kinds)
    if len(ks) != 3 or len(set(ks)) == 1:
        return None
    if "dragon_set" in rs.meld_kinds:
        dragons = [k for k in ks if k in DRAGONS]
        # (Without 小鸡满天飞 a 1s beside two dragons is a toss group, where there are any.)
        if len(set(dragons)) == 3 or len(set(dragons)) == 2 and rs.stand_in is not None \
                and ks.count(rs.stand_in) == 1:
            return "dragon_set"
    if "toss" in rs.meld_kinds and _mixed_ends(ks):
        return "toss"
    return None
