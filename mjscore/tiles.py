"""Tile kinds: one integer per kind, so that a hand is a 34-slot count vector; and the
classes a hand's kinds are read in (`CLASSES`: each suit, each honour).

0-8 are 1m-9m (万), 9-17 1p-9p (筒), 18-26 1s-9s (条), then the honours in the
usual `z` order: 27 E, 28 S, 29 W, 30 N, 31 P (白, 5z), 32 F (發, 6z), 33 C (中, 7z).
Output always uses letters (CONTRACT: "Output always uses letters").
"""

from __future__ import annotations

SUITS = "mps"
HONOURS = "ESWNPFC"  # z order: 1z..7z
NUM_KINDS = 34
E, S, W, N, P, F, C = range(27, 34)

SUIT_NAMES = {"m": "万", "p": "筒", "s": "条"}
HONOUR_NAMES = {"E": "东", "S": "南", "W": "西", "N": "北", "C": "中", "F": "发", "P": "白"}


def kind(suit: str, rank: int) -> int:
    """The kind index of a suited tile (`kind("p", 5)` is 5p) or of `z` rank 1-7."""
    if suit == "z":
        return 26 + rank
    return SUITS.index(suit) * 9 + rank - 1


def honour(letter: str) -> int:
    return 27 + HONOURS.index(letter)


def is_suited(k: int) -> bool:
    return k < 27


def suit_of(k: int) -> str | None:
    """'m', 'p' or 's' for a suited kind, None for an honour."""
    return SUITS[k // 9] if k < 27 else None


def rank_of(k: int) -> int:
    return k % 9 + 1 if k < 27 else k - 26


def is_terminal_or_honour(k: int) -> bool:
    return k >= 27 or k % 9 in (0, 8)


def name(k: int) -> str:
    """The letter name of a kind: '5p', 'E', 'C'."""
    if k < 27:
        return f"{k % 9 + 1}{SUITS[k // 9]}"
    return HONOURS[k - 27]


def parse_name(text: str) -> int | None:
    """The kind of a one-tile name ('5p', 'C', '7z'), or None."""
    if len(text) == 1 and text in HONOURS:
        return honour(text)
    if len(text) == 2 and text[0] in "0123456789" and text[1] in "mpsz":  # not "²"
        r = int(text[0])
        if text[1] == "z" and 1 <= r <= 7 or text[1] != "z" and 1 <= r <= 9:
            return kind(text[1], r)
    return None


# Display order for honours in compact strings: winds, then 中 發 白 as players say them.
_HONOUR_DISPLAY = [E, S, W, N, C, F, P]
DISPLAY_ORDER = list(range(27)) + _HONOUR_DISPLAY
DISPLAY_RANK = {k: i for i, k in enumerate(DISPLAY_ORDER)}

# Classes of kinds in display order (so readings need no sorting, and options are combined in
# the order `scoring.lowest_ghosts` compares final tiles), and which classes are
# interchangeable for every pattern (the group: suits, winds, dragons): (name, kinds, group).
CLASSES = [(cls, tuple(kinds), grp) for cls, kinds, grp in
           [("m", range(0, 9), 0), ("p", range(9, 18), 0), ("s", range(18, 27), 0)]
           + [(name(k), [k], 1 if k in (E, S, W, N) else 2) for k in DISPLAY_ORDER[27:]]]


_DIGIT = [str(k % 9 + 1) for k in range(27)] + [None] * 7
_SUIT_LETTER = [SUITS[k // 9] for k in range(27)] + [None] * 7


def compact(kinds) -> str:
    """Tiles written compactly, suits grouped: [0, 1, 2, 33] -> '123mC'."""
    out = []
    suit = None  # the suit letter still owed after the digits written last
    for k in kinds:
        s = _SUIT_LETTER[k]
        if s is not suit and suit is not None:
            out.append(suit)
        if s is None:
            out.append(HONOURS[k - 27])
        else:
            out.append(_DIGIT[k])
        suit = s
    if suit is not None:
        out.append(suit)
    return "".join(out)


def sorted_kinds(kinds) -> list[int]:
    return sorted(kinds, key=DISPLAY_RANK.__getitem__)


def written(kinds) -> str:
    """`compact(sorted_kinds(kinds))`, in C calls rather than a step a tile (every hand's
    canonical notation is written so): the tiles as bytes of their display ranks doubled,
    sorted with each suit's letter, which sorts between the suit's last rank and the next
    suit's first; a letter whose suit holds no tile then comes first or straight after
    another letter, and is dropped."""
    ranks = sorted(bytes(kinds).translate(_DOUBLED_RANK) + _SUIT_MARKS)
    return bytes(ranks).translate(_RANK_CHAR).decode().lstrip("mps").replace(
        "mp", "m").replace("ps", "p").replace("ms", "m")


# (bytes.translate tables: 256 entries, those past the kinds and letters never read.)
_DOUBLED_RANK = bytes(2 * DISPLAY_RANK[k] for k in range(NUM_KINDS)).ljust(256, b"\0")
_SUIT_MARKS = bytes((17, 35, 53))  # after 9m (16), 9p (34), 9s (52)
_CHAR_AT = {**{2 * DISPLAY_RANK[k]: name(k)[0] for k in range(NUM_KINDS)},
            17: "m", 35: "p", 53: "s"}
_RANK_CHAR = bytes(ord(_CHAR_AT.get(r, "\0")) for r in range(256))
