"""tabulate, measuring cells as a terminal shows them: the one table maker of every text for
people (render, ruleset_text)."""

from __future__ import annotations

import unicodedata

import tabulate as _tabulate
from tabulate import tabulate


class _CellWidth:
    """Display width of text in a terminal: CJK characters take two columns.

    tabulate measures cells with the optional `wcwidth` package; importing that costs more
    start-up time than the whole scoring run, and the standard library's East Asian width
    table is all our cells need (Chinese pattern names)."""

    @staticmethod
    def wcswidth(text: str) -> int:
        return sum(0 if unicodedata.combining(ch) else
                   2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


if _tabulate.wcwidth is None:
    _tabulate.wcwidth = _CellWidth
    _tabulate.WIDE_CHARS_MODE = True

__all__ = ["tabulate"]
