"""Batch records from a CSV file with a header row (`won` as "S,W", quoted; `opts` as
cap=100;ghosts=8). Only a bad header is the file's error: it would spoil every row alike. A
row the reader cannot take (a cell past the csv module's size limit, a stray quote, a quote
never closed) is its own record's problem, and reading goes on after it, so that a slip in one
row neither loses the rows after it nor stops the run after the rows before it were written."""

from __future__ import annotations

import csv
from typing import Iterator

from .batch_text import garbled
from .errors import InputError, counted
from .records import KEYS, Record
from .words import unknown

# Characters of a row with an open quote kept, to read its lines again as rows of their own if
# the quote is never closed. A cell that long has already been refused as longer than the
# csv module takes (128K characters); past this, its lines are named, not read again.
HOLD_MAX = 1 << 22


def read_csv(text, name: str) -> Iterator[Record]:
    lines = _QuotedLines(text)
    header = _header(lines, name)
    if header is None:
        return
    columns = _columns(header, name)
    number = 0
    for cells in _rows(lines):
        if not cells:
            continue  # a blank line is no record
        number += 1
        if isinstance(cells, str):  # a row the reader could not take whole
            yield Record(name, number, problem=cells)
        elif garbled("".join(cells)):
            yield Record(name, number, problem=f"not UTF-8 text (line {lines.line_no})")
        elif len(cells) != len(columns):
            n, m = len(cells), len(columns)
            yield Record(name, number, problem=f"{counted(n, 'cell')}, but the header has "
                                               f"{counted(m, 'column')} (line {lines.line_no})")
        else:
            # An empty cell is a key not given, so one file can mix records that use a
            # column with records that do not.
            yield Record(name, number, {k: v.strip() for k, v in zip(columns, cells)
                                        if v.strip()})


def _header(lines: _QuotedLines, name: str) -> list | None:
    """The first row that is not blank; None for a file with none."""
    reader = csv.reader(lines, strict=True)
    try:
        header = next(reader, None)
        while header == []:  # blank lines before the header, as between records, are none
            header = next(reader, None)
    except csv.Error as e:
        if lines.unclosed():
            raise InputError(f"{name}: malformed CSV: line {lines.open_at}: a quote opened "
                             "here is never closed") from None
        raise InputError(f"{name}: malformed CSV: line {lines.line_no}: {e}") from None
    return header


def _rows(lines: _QuotedLines) -> Iterator:
    """The reader's rows after the header; a row it could not take comes as what is wrong
    with it (text), and reading goes on after that row."""
    reader = csv.reader(lines, strict=True)
    while True:
        lines.row_starts()
        try:
            yield next(reader)
            continue
        except StopIteration:
            if not lines.unclosed():
                return
            # (a row given up earlier whose quote, skipped to its end, never closed)
        except csv.Error as e:
            if lines.unclosed():
                yield f"a quote opened on line {lines.open_at} is never closed"
            else:
                yield (f"a cell longer than {csv.field_size_limit()} characters"
                       if "field larger than field limit" in str(e) else
                       f"malformed CSV: {e}") + f" (line {lines.line_no})"
                # The reader starts afresh at the next line; were the row's cell quoted
                # across lines, its remaining lines would be read as records of their own.
                lines.skip_open_quote()
                continue
        # The end of the file, inside a quote: what it swallowed were rows of their own.
        lost = lines.read_again()
        if lost:
            yield lost
            return
        reader = csv.reader(lines, strict=True)


class _QuotedLines:
    """The CSV text's lines, numbered, with a count of the quote characters in the row being
    read: an odd count at a line's end means a quoted cell runs on to the next line (opened on
    line `open_at`). After a row given up mid-cell, `skip_open_quote` has the rest of that
    cell read as blank lines (no record, and the line numbers stay those of the file). The
    row's lines are kept (up to HOLD_MAX characters) for `read_again`."""

    def __init__(self, text):
        self._text = iter(text)
        self.line_no = 0  # of the last line handed out
        self.open_at: int | None = None
        self._quotes = 0
        self._skipping = False
        self._ended = False
        self._held: list | None = []
        self._size = 0

    def __iter__(self):
        return self

    def __next__(self) -> str:
        try:
            line = next(self._text)
        except StopIteration:
            self._ended = True
            raise
        self.line_no += 1
        quotes = line.count('"')
        if quotes % 2:
            self.open_at = None if self._quotes % 2 else self.line_no
        self._quotes += quotes
        if self._held is not None:
            self._held.append(line)
            self._size += len(line)
            if self._size > HOLD_MAX:
                self._held = None
        if self._skipping:
            self._skipping = self._quotes % 2 == 1
            return "\n"
        return line

    def row_starts(self) -> None:
        if not self._skipping:  # (each skipped line is a blank row of its own)
            self._quotes = 0
            self.open_at = None
            self._held, self._size = [], 0

    def skip_open_quote(self) -> None:
        self._skipping = self._quotes % 2 == 1

    def unclosed(self) -> bool:
        """Whether the file ended inside a quoted cell."""
        return self._ended and self._quotes % 2 == 1

    def read_again(self) -> str | None:
        """After the file ended inside a quote: the lines after the one that opened it come
        again, as rows of their own. What to say instead if they were too long to keep."""
        first, last = self.open_at + 1, self.line_no
        if self._held is None:
            return (f"lines {first}-{last} are not read as records: they follow a quote opened "
                    f"on line {self.open_at} that is never closed, and are too long to read "
                    "again")
        again = self._held[len(self._held) - (last - first + 1):] if last >= first else []
        self.__init__(again)
        self.line_no = first - 1
        return None


def _columns(header: list, name: str) -> list:
    """The header's column names. A wrong header is a file error: it would spoil every row in
    the same way, and one line saying so beats a thousand identical record errors."""
    if garbled("".join(header)):
        raise InputError(f"{name}: CSV header: not UTF-8 text")
    columns = [c.strip() for c in header]
    for i, col in enumerate(columns, 1):
        if not col:
            raise InputError(f"{name}: CSV header: column {i} has no name")
        if col not in KEYS:
            why = _other_separator(col) or unknown("column", col, KEYS)
            raise InputError(f"{name}: CSV header: {why}")
        if columns.index(col) != i - 1:
            raise InputError(f'{name}: CSV header: column "{col}" appears twice')
    if "hand" not in columns:
        raise InputError(f'{name}: CSV header: no "hand" column')
    return columns


def _other_separator(col: str) -> str | None:
    """A spreadsheet set to another locale saves its CSV with ";" between cells (or a tab):
    the whole header is then one unknown column, and the nearest key no help."""
    for sep, called in ((";", '";"'), ("\t", "tabs")):
        parts = [c.strip() for c in col.split(sep)]
        if len(parts) > 1 and all(c in KEYS for c in parts):
            return f'"{col[:40]}" is one column: columns are separated by commas, not {called}'
    return None
