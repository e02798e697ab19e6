"""What a player typing a hand is told besides what is wrong with it: how to write what was
meant, where a slip is a common one (a suit in upper case, a full-width character from a
Chinese input method) or another calculator's notation (riichi tools' red fives and `h`
honours, a seat digit in a meld, situation flags after the tiles). Text only; `notation`
raises the errors.
"""

from __future__ import annotations

import re

from . import tiles as T

# What a player most often types for a tile the notation has, and the hint that says so: a
# suit in upper case ("5S" for 5s: S is the South wind, so the digits had no suit), an honour
# in lower case, a full-width character from a Chinese input method ("１", "Ｃ").
_ASCII_NOTATION = set("0123456789mpsz" + T.HONOURS + "[](){}")
_LOWER_HONOURS = "ewncf"  # honours typed in lower case (p and s are suits)


def half_width(ch: str, among: str | set = _ASCII_NOTATION) -> str | None:
    """The ASCII character of the notation that a full-width `ch` stands for, else None;
    `among`: the characters looked for (the lower-case honours, `_LOWER_HONOURS`, are none of
    the notation's, but a player types them)."""
    import unicodedata
    plain = unicodedata.normalize("NFKC", ch)
    return plain if plain != ch and len(plain) == 1 and plain in among else None


def _look_alike(ch: str) -> str:
    """What a character NFKC makes a notation character of is: full-width from a Chinese input
    method ("１"), or another form of it (a superscript "²", a circled "⑤", a maths "𝟓")."""
    import unicodedata
    return "a full-width character" if unicodedata.east_asian_width(ch) == "F" else \
        "a look-alike character"


def hidden(ch: str) -> bool:
    """Whether `ch` shows as nothing or joins the character before it (a combining accent, a
    right-to-left mark, a control character)."""
    import unicodedata
    return unicodedata.category(ch) in ("Mn", "Mc", "Me", "Cf", "Cc", "Co", "Cn")


def written(ch: str) -> str:
    """`ch` quoted as a message shows it; a `hidden` one by its code and name; a byte that is
    not UTF-8 (Python keeps it in the arguments as a lone surrogate) as that byte."""
    if "\udc80" <= ch <= "\udcff":  # (a terminal set to GBK or Latin-1: "\udcba" meant nothing)
        # (Said of any such text: a JSON file's "\\udcff" escape has no terminal to set.)
        return f"byte 0x{ord(ch) - 0xDC00:02X} (not UTF-8 text: another encoding, as a " \
            "terminal not set to UTF-8 sends; write the tiles in letters: 5p, C)"
    if hidden(ch):
        import unicodedata
        name = unicodedata.name(ch, "").lower()
        return f"U+{ord(ch):04X} (" + (f"{name}, " if name else "") + "hard to see: delete it)"
    return f'"{ch}"'


def tile_hint(ch: str, text: str = "", i: int | None = None) -> str:
    """How to write what `ch`, a character no tile is, was typed for (`text`: all that was
    typed, for a "+" that is a reading's only where an "=" says so; `i`: where `ch` stands in
    it, for what follows it)."""
    after = text[i + 1:] if i is not None else ""
    option = _OPTION.match(text, i) if i is not None and ch == "-" else None
    if option:  # (`score '123m... --win 2p'`: "leave the dash out" led to "unknown tile w")
        return f' (an option typed inside the hand\'s quotes: give "{option.group(0)}" after ' \
            "the closing quote)"
    digits = _DIGITS.match(after)
    if digits and after[digits.end():digits.end() + 1] in _AFTER_SUIT_FIRST and \
            (ch in _SUIT_FIRST or ch in _CN_SUITS):  # "p2", "万123 ...": the suit first
        # (Not where a suit follows the digits too, "p11123m": which they are is not told.)
        if ch == "z" and not z_digits(digits.group(0)):  # ("8z" is no tile)
            return " (a suit ends its digits, and honours are 1z-7z = E S W N P F C)"
        return f' (a suit ends its digits: write "{digits.group(0)}{ch}")'
    if ch == "-" and i and text[i - 1].isdigit() and after[:1].isdigit():
        return _range_hint(text[i - 1], after)  # ("1-9m": left out, it read as 1m 9m)
    honour = _other_honour(ch, text[i - 1:i] if i else "", after)
    if honour:
        return honour
    plain = half_width(ch)
    if plain is not None:
        return f' ({_look_alike(ch)}: write "{plain}")'
    upper = _upper_case(ch)
    if upper is not None:
        return upper[1]
    if ch == "|" or ch in _SITUATION_WORDS:  # another calculator's flags ("|EE0000|"); 自摸
        return " (the situation is given by options, not in the hand: --discard SEAT, " \
            "--kong-draw, ...; see mjscore score --help)"
    if ch in _MELD_WORDS:
        return f" ({_MELD_WORDS[ch]})"
    if ch == "=" or ch == "+" and "=" in text:  # (a reading copied back: `5p+C=5p`)
        return ' (that is how a reading is written in the output: write the hand as held, ' \
            'each ghost as its own tile: "5p+C=5p" is "5pC")'
    if ch in "，、；。：,;+-/.－／．·":  # (a Chinese input method's punctuation between
        # groups, or a list's, or a dash or slash between them: "123m-456m")
        return PUNCTUATION
    if ch in "\"'“”‘’`":  # (quotes typed inside the shell's own)
        return " (quotes are no part of a hand: leave them out)"
    tile = _PICTURES.get(ch)
    if tile:  # (a tile picture from Unicode's mahjong block, as some calculators write)
        return f' (a tile picture: write "{tile}")'
    if "\U0001F022" <= ch <= "\U0001F029":
        return " (flowers and seasons are not played in these rules: leave them out)"
    if ch in "红紅":  # (红中 cut short; 中 alone is the tile too)
        return ' (the red dragon is written 红中 or 中, or C)'
    if ch in "RG":  # (the red and green dragons by their English initials)
        return _DRAGONS
    if ch in _WILDCARDS:  # (鬼, 癞子, 百搭, a joker: the wildcard's names, not a tile)
        # (The shipped rulesets' each: the notation is read before the ruleset is known.)
        return f" ({_WILDCARDS[ch]} names no tile: write the ghost tile " \
            "itself: C (红中) in luzhou and luzhou-guide, P (白) in guangdong unless flipped, " \
            "none in lanzhou; mjscore rules show NAME names it)"
    if ch in _SUIT_FIRST:  # a suit letter with no digits before it ("m123", "EEEpp")
        return f' (a suit letter ends its digits, as in "{_SUIT_FIRST[ch]}'
    if ch in _CN_SUITS:  # (a suit's character with no number before it)
        return f' (a suit follows its number, as in "5{ch}")'
    if ch in "【】〔〕〖〗「」『』":
        return " (melds are written in ASCII brackets: [555p], (5555p), {5555p})"
    return ""


_DRAGONS = " (dragons are C red 中, F green 發, P white 白)"
# Another calculator's honours (mahc): a wind's letter then "w" ("Ew"), a dragon's colour then
# "d" ("rd" red, "gd" green, "wd" white). ("write W" for the w of "Ew" named the West wind.)
_COLOURS = {"r": "C", "g": "F", "w": "P"}
# The honours a hint names, to be put right for a ruleset without them (`honours_named`):
# group 1 what else it says, group 2 the honour letters.
_NAMED = re.compile(r' \((a (?:wind|dragon) is its letter alone|a suit ends its digits)'
                    r'(?:: write "([ESWNCFP]+)"|: write "([1-7]+)z")\)$')


def z_kinds(digits: str) -> tuple:
    """The honours "1z"-"7z" name, digit by digit (E S W N P F C)."""
    return tuple(26 + int(d) for d in digits)


def z_digits(digits: str) -> bool:
    """Whether `digits` are all honour numbers, 1-7 (a hint's "write 8z" would be refused)."""
    return set(digits) <= set("1234567")


def _other_honour(ch: str, before: str, after: str) -> str:
    """The hint for `ch` where it is the second letter of another calculator's honour, or
    the first of a dragon's ("wd": "w" alone was told to be the West wind); else ""."""
    if ch == "w" and before in ("E", "S", "W", "N"):
        return f' (a wind is its letter alone: write "{before}")'
    if ch == "d" and before in _COLOURS or ch in _COLOURS and after[:1] == "d":
        return f' (a dragon is its letter alone: write "{_COLOURS[before if ch == "d" else ch]}")'
    return ""


def _range_hint(low: str, after: str) -> str:
    """The hint for a dash between digits: a range ("1-9m"), written out tile by tile."""
    m = re.match(r"([0-9])([mps])", after)  # (honours make no run: "1-7z" is no range)
    if m and 0 < int(low) < int(m.group(1)):  # ("0-5m": no rank 0 to write)
        run = "".join(str(r) for r in range(int(low), int(m.group(1)) + 1))
        return f' (a range is written out tile by tile: "{run}{m.group(2)}")'
    return ' (a range is written out tile by tile, as "123456789m" for 1-9m)'


def _upper_case(ch: str) -> tuple | None:
    """(the honour, the hint) where `ch` is an honour's letter in lower case."""
    lower = half_width(ch, _LOWER_HONOURS)
    if lower is not None:  # ("ｃ": full width and lower case, where each alone is told)
        return lower.upper(), \
            f' ({_look_alike(ch)}, and honours are upper case: write "{lower.upper()}")'
    if ch in _LOWER_HONOURS:  # (not p or s: those are suits, a digit missing before them)
        return ch.upper(), f' (honours are upper case: write "{ch.upper()}")'
    return None


def honours_named(ch: str, hint: str) -> tuple | None:
    """(the honour kinds, what else it says) where `hint`, `tile_hint`'s for `ch`, sends the
    player to honour tiles, which a ruleset may not use (`hand.for_ruleset`: luzhou's only
    honour is its ghost, and "write E" led only to "tile E is not used in luzhou")."""
    upper = _upper_case(ch)
    if upper is not None and hint == upper[1]:
        return (T.honour(upper[0]),), ""
    if ch in "RG" and hint == _DRAGONS:  # (all three named: luzhou has C alone)
        return tuple(T.honour(d) for d in "CFP"), ""
    named = _NAMED.search(hint)
    if named:  # (z digits written after their suit; another calculator's "Ew", "rd")
        letters, digits = named.group(2), named.group(3)
        return (tuple(T.honour(h) for h in letters) if letters else
                z_kinds(digits)), named.group(1)
    if ch in "ps" and hint == f' (a suit letter ends its digits, as in "{_SUIT_FIRST[ch]}':
        return (T.honour(ch.upper()),), f'a suit letter ends its digits, as in "55{ch}"'
    return None


# The wildcard as players name it (鬼, 癞子 / 赖子, Shanghai's 百搭) or mark it (a joker, a
# star), each by the name the hint gives it.
_WILDCARDS = {"鬼": "鬼", "癞": "癞子", "赖": "赖子", "百": "百搭", "*": "*", "?": "?",
              "J": "J", "\U0001F02A": "a joker"}
# Unicode's mahjong tiles (U+1F000-U+1F021): the winds, the dragons 中 發 白, then 1-9 of
# characters, bamboo and dots.
_PICTURES = {chr(0x1F000 + i): name for i, name in enumerate(
    list("ESWNCFP") + [f"{r}{suit}" for suit in "msp" for r in range(1, 10)])}

# (Not sure which was meant where a letter is a suit and, upper case, an honour: both said.)
_SUIT_FIRST = {"m": '123m")', "z": '1z")', "p": '55p"; the 白 dragon is upper case: "P")',
               "s": '55s"; the South wind is upper case: "S")'}


PUNCTUATION = " (punctuation: leave it out; a space may separate groups)"
_OPTION = re.compile(r"--?[a-z][a-z-]*(?:[ =][^\s-]\S*)?")
_DIGITS = re.compile(r"[0-9]+")
_CN_SUITS = "万萬筒饼餅条條索"
_AFTER_SUIT_FIRST = ("", " ", "\t", "[", "(", "{") + tuple("ESWNCFP")
_ENGLISH_SUITS = {"c": ("m", "characters are"), "k": ("m", "characters are"),
                  "d": ("p", "dots are"), "b": ("s", "bamboo is")}


# A meld named as a player says it, where the notation writes it in brackets; and the words
# of a win's situation (自摸 self-draw, 点炮 / 放炮 a discard, 胡 / 和 the win itself).
_KONGS = "a kong is written in brackets, not named: [5555p] exposed, (5555p) concealed, " \
    "{5555p} added"
_MELD_WORDS = {"碰": "a pong is written in brackets, not named: [555p]", "杠": _KONGS,
               "槓": _KONGS, "吃": "a chow is written in brackets, not named: [345m]"}
_SITUATION_WORDS = "自点放胡和"


_SPACED = re.compile(r"[0-9]+(?:\s+[0-9]+)+\s*([mpsz])")


_SUIT_APART = re.compile(r"([0-9]+)\s+([mpsz万萬筒饼餅条條索])(?![a-z])")
_WORD_APART = re.compile(r"([0-9]+)\s+(dots?|bamboos?|bams?|characters?|craks?)\b",
                         re.IGNORECASE)


def spaced_digits_hint(text: str, i: int) -> str:
    """Digits written apart before their suit ("1 2 3m"): each run needs its own suit; or
    apart from it ("123 m"): they go together; a Chinese numeral with none ("五")."""
    if text[i] in "一二三四五六七八九":
        n = "一二三四五六七八九".index(text[i]) + 1
        return f" (a suit follows the number: {text[i]}万, {text[i]}筒 or {text[i]}条, or " \
            f"{n}m, {n}p or {n}s)"
    apart = _SUIT_APART.match(text, i)
    if apart:
        return f' (a suit follows its digits with no space: write ' \
            f'"{apart.group(1)}{apart.group(2)}")'
    word = _WORD_APART.match(text, i)
    if word:  # ("123 dots": an English guide's suit name, set apart)
        suit, name = _ENGLISH_SUITS[word.group(2)[0].lower()]
        return f' (suits are m, p, s: {name} {suit}; write "{word.group(1)}{suit}")'
    m = _SPACED.match(text, i)
    if not m:
        return ""
    joined = re.sub(r"\s+", "", m.group(0))
    return f' (a suit letter ends each run of digits: write "{joined}", or each tile with ' \
        "its own suit)"


_SUIT_AFTER = re.compile(r"[ESWNCFP]+([mps])")


def suit_hint(digits: str, ch: str, rest: str = "") -> str:
    """Why `digits` then `ch` (and `rest`, the text from `ch` on) name no tile, where a slip
    can be told."""
    plain = half_width(ch) or ch
    if plain.lower() in "mpsz" and plain != plain.lower() or plain != ch and plain in "mpsz":
        what = _look_alike(ch) if plain != ch else "suits are lower case"
        if plain.lower() == "z" and not z_digits(digits):  # ("9z" is no tile)
            return f" ({what}, and honours are 1z-7z = E S W N P F C)"
        return f' ({what}: write "{digits}{plain.lower()}")'
    if ch in "ESWNCFP":  # (an honour, a ghost most often, among the digits: "55Cp";
        # P and S, upper-case suits, are told so above)
        m = _SUIT_AFTER.match(rest)
        return " (a suit letter comes straight after its digits, an honour after them: " + \
            (f'write "{digits}{m.group(1)}" then "{ch}")' if m else
             f'"{digits}" needs its suit before the {ch})')
    if ch in _ENGLISH_SUITS:  # (an English guide's suit names: characters, dots...)
        suit, name = _ENGLISH_SUITS[ch]
        return f' (suits are m, p, s: {name} {suit}; write "{digits}{suit}")'
    if ch == "h" and all(d in "1234567" for d in digits):  # (riichi calculators' honours)
        return f' (honours are z here, 1z-7z = E S W N P F C: write "{digits}z")'
    return ""


def red_five_hint(raw: str, suit: str, before: str = "") -> str:
    """A rank 0, which riichi calculators read as a red five (`0p`): these rules have none;
    after a 1 (`before`), a ten typed."""
    if raw == "0" and before == "1":
        return " (there is no ten)"
    if raw == "0" and suit != "z":
        return " (0 is a red five in other notations; these rules have no red fives: write 5)"
    return ""


_SEAT_DIGIT = re.compile(r"(.*[mpsz])\s*,?\s*[0-9]\s*")


def seat_digit_tiles(inner: str) -> str | None:
    """The tiles of a meld written with a seat digit after them ("567m2", "1111s,1"), else
    None."""
    seat = _SEAT_DIGIT.fullmatch(inner)
    return seat.group(1) if seat else None
