"""Amounts as a ruleset file writes them: worked exactly (a file's 1.15 is 23/20, not a binary
float), shown as written, and held within MAX_VALUE (README "How large")."""

from __future__ import annotations

import math

from .errors import MAX_VALUE, PAST_MAX


def amount_text(x) -> str:
    """An amount as a ruleset file would write it: 2, not 2.0; 1.5 as it is (`exact`'s 3/2
    too, and a fraction of more digits than a float holds with every one of them)."""
    if isinstance(x, int):
        return str(x)
    if not isinstance(x, (int, float)):  # a Fraction (`exact`)
        if x.denominator == 1:
            return str(x.numerator)
        return _decimal(x) or str(float(x))
    return str(int(x)) if float(x).is_integer() else str(x)


def _decimal(f) -> str | None:
    """Fraction `f` in decimals, every digit (a file's decimal, or a power of one), or None
    where it has none that end (a third) or more than 60."""
    den, twos, fives = f.denominator, 0, 0
    while den % 2 == 0:
        den, twos = den // 2, twos + 1
    while den % 5 == 0:
        den, fives = den // 5, fives + 1
    places = max(twos, fives)  # (10 ** places is the least power of ten it divides)
    if den != 1 or places > 60:
        return None
    whole = abs(f.numerator) * 10 ** places // f.denominator
    digits = str(whole).rjust(places + 1, "0")
    text = (digits[:-places] + "." + digits[-places:]).rstrip("0")
    return ("-" if f < 0 else "") + text


def exact(x):
    """A file's amount for arithmetic: a fraction as the decimal the file writes (1.15 is
    23/20), not the binary float YAML reads, so `100 x 1.15` is 115, not 114.99999999999999
    rounded down to 114; one of more digits than a float holds, from the text the file
    writes (`words.spelt`: 2.99999999999999999 is no 3). Whole numbers and everything else as
    they are."""
    if type(x) is float:
        text = repr(x)
    else:
        text = getattr(x, "text", None)  # (a float that kept its text: `words.spelt`)
        if text is None or not x:  # (not a float; or one read as 0, refused by its key)
            return x
    if not math.isfinite(x):  # (refused by its key)
        return x
    # (Imported here: fractions brings decimal, 2 ms of `mjscore score`'s start, for the
    # house files alone that write a fraction.)
    from fractions import Fraction
    f = Fraction(text.replace("_", ""))
    return f.numerator if f.denominator == 1 else f


def most_steps(ladder: dict) -> int | None:
    """The most steps a hand may have on `ladder` before it comes to more than MAX_VALUE
    (None: a ratio of 1 never gets there)."""
    first, ratio = ladder["first"], ladder["ratio"]
    if ratio == 1:
        return None
    steps = 1  # (first is at most 10^9: the schema)
    while first * ratio ** steps <= MAX_VALUE:
        steps += 1
    return steps


def past_max(p, v: dict) -> str | None:
    """What to say of a pattern whose amount alone takes every hand it applies to past
    MAX_VALUE (README: refused when the file is loaded, not when a hand meets it), or None."""
    if p.effect == "steps" and v["model"] == "ladder":
        most = most_steps(v["ladder"])
        if most is not None and p.amount > most:
            return (f"steps {p.amount}: a hand of more than {most} steps comes to {PAST_MAX} "
                    "(for a set value, give the pattern fixed:)")
        return None
    return f"{p.effect} {amount_text(p.amount)}: {PAST_MAX}" if p.amount > MAX_VALUE else None
