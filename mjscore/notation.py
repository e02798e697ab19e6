"""The hand notation (CONTRACT "Hand notation"): the only module that knows its syntax.

`parse` reads a string into a `ParsedHand` without knowing any ruleset (which tiles are
ghosts, which melds are allowed is `hand.build`'s job); `format` writes the canonical
string, so that `parse(format(parse(x))) == parse(x)`.

>>> format(parse("111m123m456m789m C 5p"))
'111123456789mC 5p'
>>> format(parse("[555p] 22m (4444s) 123m 567m"))
'12223567m [555p] (4444s)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import tiles as T
from .errors import NotationError
from .frozen import maker


class _Hints:
    """`notation_hints`, imported when a hand is refused and its message worded: its
    expressions, compiled on import, cost a `mjscore score` start 1-3 ms otherwise."""

    def __getattr__(self, name):
        from . import notation_hints
        return getattr(notation_hints, name)


H = _Hints()

OPEN_TO_CLOSE = {"[": "]", "(": ")", "{": "}"}
CLOSERS = set(OPEN_TO_CLOSE.values())
# A hand is at most 18 tiles; even written with two-character names, spaces and brackets it
# stays far below this. The limit keeps a pasted megabyte from being read tile by tile.
MAX_CHARS = 200
MELD_ORDER = "[({"

_CN_NUMERALS = {c: i + 1 for i, c in enumerate("一二三四五六七八九")}
_SUIT_CHARS = {"m": "m", "p": "p", "s": "s", "z": "z",
               "万": "m", "萬": "m", "筒": "p", "饼": "p", "餅": "p",
               "条": "s", "條": "s", "索": "s"}
# Longest names first so that 红中 / 白板 win over their one-character forms.
HONOUR_WORDS = {
    "红中": "C", "紅中": "C", "中": "C", "发": "F", "發": "F", "青发": "F", "白板": "P", "白": "P",
    "东": "E", "東": "E", "南": "S", "西": "W", "北": "N",
    # (as players say them: 发财, a wind's 风)
    "发财": "F", "發財": "F", "东风": "E", "東風": "E", "南风": "S", "南風": "S", "西风": "W",
    "西風": "W", "北风": "N", "北風": "N",
}
# 幺鸡, the 1 of bamboo (drawn as a bird), is what a Lanzhou player calls the tile that stands
# in for a dragon (小鸡满天飞).
_WORD_KINDS = sorted([(w, T.honour(letter)) for w, letter in HONOUR_WORDS.items()]
                     + [(w, T.parse_name("1s")) for w in ("幺鸡", "么鸡", "幺雞", "么雞")],
                     key=lambda kv: -len(kv[0]))


@dataclass(frozen=True)
class RawMeld:
    """A bracketed group as written: `[` exposed, `(` concealed kong, `{` added kong."""

    bracket: str
    tiles: tuple[int, ...]  # sorted kinds, ghosts included as themselves
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class ParsedHand:
    """A hand as written: concealed tiles (sorted), the winning tile, melds (sorted)."""

    concealed: tuple[int, ...]
    win: int | None
    melds: tuple[RawMeld, ...]
    # (kind, column) of each concealed tile in writing order, for error messages only; the
    # fast reader leaves it None and keeps the text, read again only if a message needs it.
    cols: tuple | None = field(default=None, compare=False, repr=False)
    source: str = field(default="", compare=False, repr=False)

    @property
    def columns(self) -> tuple:
        return self.cols if self.cols is not None else _parse_slow(self.source).cols


def _read_tiles(text: str, i: int, stop: str, offset: int) -> tuple[list[tuple[int, int]], int]:
    """Read tiles from text[i:] until a character in `stop` (or the end); (tiles, next index)."""
    out: list[tuple[int, int]] = []
    n = len(text)
    while i < n and text[i] not in stop:
        ch = text[i]
        col = offset + i + 1
        if ch.isspace():
            i += 1
            continue
        if ch in "0123456789" or ch in _CN_NUMERALS:
            j = i
            ranks = []
            while j < n and (text[j] in "0123456789" or text[j] in _CN_NUMERALS):
                ranks.append((_CN_NUMERALS.get(text[j]) or int(text[j]), offset + j + 1, text[j]))
                j += 1
            digits = text[i:j]
            if j >= n or text[j].isspace() or text[j] in stop or text[j] in "[({])}":
                raise NotationError(f'digits "{digits}" have no suit'
                                    f'{H.spaced_digits_hint(text, i)}', col)
            suit = _SUIT_CHARS.get(text[j])
            if suit is None and (H.half_width(text[j]) or "").isdigit():  # "12３m": a digit
                raise NotationError(f'unknown tile {H.written(text[j])}{H.tile_hint(text[j])}',
                                    offset + j + 1)
            if suit is None and H.hidden(text[j]):  # (a player sees digits with no suit)
                raise NotationError(f'unknown character {H.written(text[j])} after digits '
                                    f'"{digits}"', offset + j + 1)
            if suit is None:
                hint = H.suit_hint(digits, text[j], text[j:])
                if text[j].isalpha() and text[j].isascii() and text[j].upper() not in T.HONOURS or \
                        text[j].islower():
                    e = NotationError(f'unknown suit "{text[j]}"{hint}', offset + j + 1)
                    if text[j] in "hZ" and hint and H.z_digits(digits):
                        # (The z tiles it names, "7h" or "5Z": put right by `hand.parse_for`.)
                        e.honours, e.keep, e.unknown = H.z_kinds(digits), \
                            "suits are lower case" if text[j] == "Z" else "", \
                            f'unknown suit "{text[j]}"'
                    raise e
                plain = H.half_width(text[j]) or text[j]
                # (A full-width bracket ends the digits as its plain form does: a hint to
                # write "[" there would only lead to "digits have no suit".)
                if not hint and not plain.isalpha() and plain not in "[({])}":
                    # A stray mark among the digits ("12,3m", "5*p") is the slip, where it
                    # stands: told at the digits' first column, it was never named.
                    raise NotationError(f'unknown tile {H.written(text[j])}'
                                        f'{H.tile_hint(text[j], text, j)}', offset + j + 1)
                raise NotationError(f'digits "{digits}" have no suit{hint}', col)
            top = 7 if suit == "z" else 9
            for at, (rank, rcol, raw) in enumerate(ranks):
                if not 1 <= rank <= top:
                    what = "honour number" if suit == "z" else "rank"
                    raise NotationError(f'{what} "{raw}" is not 1-{top}'
                                        f'{H.red_five_hint(raw, suit, digits[at - 1:at])}',
                                        rcol)
                out.append((T.kind(suit, rank), rcol))
            i = j + 1
            continue
        if ch in T.HONOURS:
            out.append((T.honour(ch), col))
            i += 1
            continue
        for word, kind in _WORD_KINDS:
            if text.startswith(word, i):
                out.append((kind, col))
                i += len(word)
                break
        else:
            if ch in CLOSERS:
                raise NotationError(f'"{ch}" closes nothing', col)
            if ch in OPEN_TO_CLOSE:
                raise NotationError(f'"{ch}" inside a meld', col)
            hint = H.tile_hint(ch, text, i)
            e = NotationError(f'unknown tile {H.written(ch)}{hint}', col)
            named = H.honours_named(ch, hint)
            if named:  # (put right for the ruleset: `hand.parse_for`)
                e.honours, e.keep, e.unknown = *named, f"unknown tile {H.written(ch)}"
            raise e
    return out, i


def _meld_tiles(inner: str, bracket: str, offset: int) -> list:
    """The tiles of a meld written `inner` between `bracket` and its closer. A seat digit after
    them, as other calculators write who the tile came from ("[567m2]", "[1111s,1]"), is told
    how to write the meld without it: mjscore takes no seat in the notation."""
    try:
        return _read_tiles(inner, 0, "", offset)[0]
    except NotationError as e:
        tiles = H.seat_digit_tiles(inner)
        if tiles is None:
            raise
        try:
            _read_tiles(tiles, 0, "", offset)
        except NotationError:
            raise e from None
        meld = f"{bracket}{tiles}{OPEN_TO_CLOSE[bracket]}"
        # (The seat digit's comma is no stray punctuation: one hint, the meld's.)
        raise NotationError(f'{e.detail.removesuffix(H.PUNCTUATION)} (a meld takes no seat '
                            f'digit: write "{meld}")',
                            e.column) from None


def _check_length(text: str, what: str = "a hand") -> None:
    if not isinstance(text, str):
        raise NotationError(f"tiles are written as text, not as {type(text).__name__}")
    if len(text) > MAX_CHARS:  # (`what`: --horses' tiles were told "a hand is at most 200")
        raise NotationError(f"too long: {len(text)} characters, {what} is at most {MAX_CHARS}")


def parse_tiles(text: str) -> list[int]:
    """A plain run of tiles with no melds (`--win`, `--horses`, `--indicator`)."""
    _check_length(text, "a run of tiles")
    tiles, _ = _read_tiles(text, 0, "[({])}", 0)
    # A bracket first: "[1m]" is a meld where none may be, not a text with no tiles.
    at = min((text.index(ch) for ch in "[({])}" if ch in text), default=None)
    if at is not None:
        raise NotationError(f'"{text[at]}" is not allowed here', at + 1)
    return [k for k, _ in tiles]  # (text with no bracket holds tiles, or _read_tiles says why)


# The common case, plain ASCII letters and digits with well-formed brackets, is read with one
# regular expression (speed: batch files hold millions of hands); anything else, errors
# included, goes through the character-by-character reader that names the column.
# Inside a bracket as outside it: whole words only, so that a digit with no suit or an honour
# number past 7 is left to the reader that names it (never read as part of a neighbour).
_SUITED = r"[1-9]+[mps]|[1-7]+z"
_WORD = _SUITED + "|[ESWNCFP]"
_BODY = rf"(?:\s*(?:{_WORD}))*\s*"
_FAST_HAND = re.compile(rf"(?:\s*(?:{_WORD}|\[{_BODY}\]|\({_BODY}\)|\{{{_BODY}\}}))*\s*")
_FAST_MELD = re.compile(r"([\[({])([^\])}]*)[\])}]")
_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
# A word's last character -> a bytes.translate table turning its characters into tile kinds:
# a suit's digits (the letter itself is deleted), or an honour letter. (The words are ASCII:
# they matched _WORD.)
_HONOUR_TABLE = bytes.maketrans(bytes(T.HONOURS, "ascii"),
                                bytes(T.honour(h) for h in T.HONOURS))
_KIND_TABLES = {**{suit: bytes.maketrans(b"123456789", bytes(range(base, base + 9)))
                   for suit, base in _BASE.items()},
                **{h: _HONOUR_TABLE for h in T.HONOURS}}


_parsed = maker(ParsedHand)  # ParsedHand(*values), made faster (one per hand read)


def _fast_tiles(text: str, out: list) -> None:
    _words_tiles(_FAST_WORDS.findall(text), out)


def _words_tiles(words: list, out: list) -> None:
    for word in words:
        # "123m" -> b"\x00\x01\x02": every digit at once, in C. (It took a third longer a
        # digit at a time, and a cache of words missed on most hands: they vary too much.)
        out += word.encode().translate(_KIND_TABLES[word[-1]], b"mpsz")


# For findall, honour letters in a row are one word: "CCCC" is four tiles in one translate
# (a letter a word, a third of the parsing of a hand with four ghosts went on its ghosts).
# Not in _FAST_HAND: there a failing run of letters could be split into words every way.
_FAST_WORDS = re.compile(r"[1-9]+[mpsz]|[ESWNCFP]+")  # in text _FAST_HAND matched
_WHOLE_WORDS = re.compile(_SUITED + "|[ESWNCFP]+")


def _parse_fast(text: str) -> ParsedHand | None:
    concealed: list = []
    melds: list = []
    if "[" in text or "(" in text or "{" in text:
        if not text.isascii() or _FAST_HAND.fullmatch(text) is None:
            return None
        pos = 0
        for m in _FAST_MELD.finditer(text):
            _fast_tiles(text[pos:m.start()], concealed)
            inner: list = []
            _fast_tiles(m.group(2), inner)
            if not inner:
                return None
            inner.sort()
            melds.append(RawMeld(m.group(1), tuple(inner), m.start() + 1))
            pos = m.end()
        _fast_tiles(text[pos:], concealed)
    else:
        # No bracket: the text is well formed when its whole words, joined, are all of it
        # but spaces (findall skips what no word matches): 0.1 us for every hand read, where
        # matching _FAST_HAND first took 0.4 us.
        words = _WHOLE_WORDS.findall(text)
        joined = "".join(words)
        if joined != text and joined != "".join(text.split()):
            return None
        for word in words:  # (`_words_tiles`, written out: a call less a hand)
            concealed += word.encode().translate(_KIND_TABLES[word[-1]], b"mpsz")
    if not concealed and not melds:
        return None
    win = concealed[-1] if concealed else None
    concealed.sort()
    return _parsed(tuple(concealed), win, tuple(sorted(melds, key=_meld_key)) if melds else (),
                   None, text)


def parse(text: str) -> ParsedHand:
    """Read a hand string. Raises NotationError naming the column."""
    if type(text) is not str or len(text) > MAX_CHARS:  # (written out: one call less a hand)
        _check_length(text)
    fast = _parse_fast(text)
    return fast if fast is not None else _parse_slow(text)


# `parse`'s first step, for a caller that knows it has text within MAX_CHARS (`score`): the
# hand read, or None where `parse` must read it (and say what is wrong).
parse_fast = _parse_fast


def _parse_slow(text: str) -> ParsedHand:
    """The character-by-character reader: any notation, and the column of every error."""
    concealed: list[tuple[int, int]] = []
    melds: list[RawMeld] = []
    i, n = 0, len(text)
    while i < n:
        run, i = _read_tiles(text, i, "[({])}", 0)
        concealed.extend(run)
        if i >= n:
            break
        ch = text[i]
        if ch in CLOSERS:
            raise NotationError(f'"{ch}" closes nothing', i + 1)
        close = OPEN_TO_CLOSE[ch]
        end = text.find(close, i + 1)
        inner = text[i + 1:] if end < 0 else text[i + 1:end]
        for other in "[({])}":
            if other in inner:
                if end < 0:
                    # ("[555p)": the bracket typed to close it named, not only the "[")
                    at = i + 2 + inner.index(other)
                    why = f': the "{other}" at column {at} does not close it (a "{ch}" ' \
                          f'closes with "{close}")' if other in CLOSERS else ""
                    raise NotationError(f'unclosed "{ch}"{why}', i + 1)
                # (Named where it stands: "[[555p]]" said its first "[" was unclosed.)
                word = "inside a meld" if other in OPEN_TO_CLOSE else f'does not close "{ch}"'
                raise NotationError(f'"{other}" {word}', i + 2 + inner.index(other))
        if end < 0:
            raise NotationError(f'unclosed "{ch}"', i + 1)
        kinds = _meld_tiles(inner, ch, i + 1)
        if not kinds:
            raise NotationError(f'empty meld "{ch}{close}"', i + 1)
        melds.append(RawMeld(ch, tuple(sorted(k for k, _ in kinds)), i + 1))
        i = end + 1
    if not concealed and not melds:
        raise NotationError("no tiles")
    return ParsedHand(
        concealed=tuple(sorted(k for k, _ in concealed)),
        win=concealed[-1][0] if concealed else None,
        melds=tuple(sorted(melds, key=_meld_key)),
        cols=tuple(concealed), source=text,
    )


def _meld_key(m: RawMeld):
    return (MELD_ORDER.index(m.bracket), [T.DISPLAY_RANK[k] for k in m.tiles])


def format(hand: ParsedHand) -> str:  # noqa: A001 - the contract's own word
    """The canonical string: concealed tiles sorted, the winning tile last (set apart by a
    space unless it sorts last anyway), then the melds."""
    win, concealed = hand.win, hand.concealed
    # The tiles are written in display order, so the winning tile is written last exactly
    # when it is the tile written last; else it is set apart at the end, where it reads as
    # what it is. (Known from the kinds, the tiles are written once, not twice: 17% of this.)
    last = concealed[-1] if concealed else None  # (sorted: the highest kind)
    if last is not None and last >= T.P:  # 白 (P) is written after 發 (F), 發 after 中 (C)
        last = T.P if T.P in concealed else T.F if T.F in concealed else T.C
    if win is not None and win != last and win in concealed:
        rest = list(concealed)
        rest.remove(win)
        text = T.written(rest) + " " + T.name(win)
    else:
        text = T.written(concealed)
    if not hand.melds:  # (most hands)
        return text
    return " ".join(([text] if text else []) + [m.bracket + T.written(m.tiles) +
                                                OPEN_TO_CLOSE[m.bracket] for m in hand.melds])
