"""Batch records from a CSV file with a header row (`won` as "S,W", quoted; `opts` as
cap=100;ghosts=8). Only a bad header is the file's error: it would spoil every row alike. A
row the reader cannot take (a cell past the csv module's size limit, a stray quote, a quote
never closed) is its own record's problem, and reading goes on after it, so that a slip in one
row neither loses the rows after it nor stops the run after the rows before it were written."""

from __future__ import annotations

import csv
from itertools import chain
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
    unusable = None  # a later header's problem: the rows under it cannot be read by it
    number = under = 0  # (under: the rows under the last header, each bad for it if unusable)
    for cells in _rows(lines):
        if cells and not isinstance(cells, str) and cells[0].startswith("\ufeff"):
            cells[0] = cells[0][1:]  # (files joined with `cat`: each one's byte-order mark)
        if not cells or not isinstance(cells, str) and not "".join(cells).strip():
            continue  # a blank line is no record, nor a row of empty cells (a spreadsheet's)
        if not isinstance(cells, str) and _a_header(cells, columns):
            # Another header further down (files joined, a second table pasted below): the
            # rows under it are read by it, not by the first one's order of columns. (Never
            # a record: a hand is never a column's name.)
            if unusable and not under:
                number += 1
                yield _nothing_under(name, number, unusable)
            try:
                columns, unusable = _columns(cells, name), None
            except InputError as e:
                unusable = (f"the header on line {lines.line_no} cannot be used: "
                            f"{str(e).removeprefix(f'{name}: CSV header: ')}")
                under = 0
            continue
        number += 1
        under += 1
        if isinstance(cells, str):  # a row the reader could not take whole
            yield Record(name, number, problem=cells)
        elif unusable:
            yield Record(name, number, problem=unusable)
        elif garbled("".join(cells)):
            yield Record(name, number, problem=f"not UTF-8 text (line {lines.line_no})")
        elif len(cells) != len(columns):
            n, m = len(cells), len(columns)
            yield Record(name, number, problem=f"{counted(n, 'cell')}, but the header has "
                                               f"{counted(m, 'column')} (line {lines.line_no})")
        else:
            # An empty cell is a key not given, so one file can mix records that use a
            # column with records that do not; a column passed over (None) is read by no one.
            # A hand is read as written, as from YAML or JSON: its columns counted from the
            # cell's start (stripped, "  11q" said column 3 where the q is at 5).
            yield Record(name, number, {k: v if k == "hand" else v.strip()
                                        for k, v in zip(columns, cells)
                                        if k is not None and v.strip()})
    if unusable and not under:
        yield _nothing_under(name, number + 1, unusable)


def _nothing_under(name: str, number: int, unusable: str) -> Record:
    """A header that cannot be used with no row under it (the file's last, or one over
    another header): a bad row of its own, where no row under it says so, not passed over."""
    return Record(name, number, problem=f"{unusable}, and no row is under it")


def _a_header(cells: list, columns: list) -> bool:
    """Whether a row is a header: every cell a column's name (or blank, or passed over), one
    of them hand; or, with a column no key names, one whose cell under the hand column is
    hand (a second file's header, joined on: it was read as a record, and the rows under it
    by the first header's columns)."""
    keys = [_key(c) for c in cells if c.strip()]
    if "hand" not in keys:
        return False
    if all(k in KEYS or k.startswith("#") for k in keys):
        return True
    at = columns.index("hand")
    return at < len(cells) and _key(cells[at]) == "hand"


def _key(col: str) -> str:
    """A header cell as the key it names: a spreadsheet's `Hand` or `Kong Draw` is hand and
    kong_draw (the keys are lower case, with _ between words: nothing else is close)."""
    key = col.strip()
    plain = "_".join(key.lower().replace("-", " ").split())
    return plain if plain in KEYS else key


def _header(lines: _QuotedLines, name: str) -> list | None:
    """The first row that is not blank; None for a file with none."""
    reader = csv.reader(lines, strict=True)
    try:
        header = []
        while header == []:  # blank lines before the header, as between records, are none
            lines.row_starts()
            header = next(reader, None)
    except csv.Error as e:
        if lines.ended:
            raise InputError(f"{name}: malformed CSV: line {lines.start}: a quote opened "
                             "here is never closed") from None
        raise InputError(f"{name}: malformed CSV: line {lines.line_no}: {e}") from None
    return header


def _rows(lines: _QuotedLines) -> Iterator:
    """The reader's rows after the header; a row it could not take comes as what is wrong
    with it (text), and reading goes on after that row.

    Where the trouble shows on the row's first line (a stray character after a quote, a cell
    past the size limit), the rest of a cell it opens there is passed over as the cell's. Where
    it shows on a later line, the row has run on into lines of its own (a quote left open,
    closed by one further down or never), so only its first line is the bad record, and the
    lines after that one are read again, as the rows they are."""
    reader = csv.reader(lines, strict=True)
    pending = None  # a long cell's message, told once its quoted lines are passed over
    while True:
        if pending and not lines.skipping:
            yield pending
            pending = None
        lines.row_starts()
        try:
            yield next(reader)
            continue
        except StopIteration:
            if not lines.skipping:
                return
            # (A row given up on its first line, its quote passed over to the end.)
            if pending:
                yield f"a quote opened on line {lines.start} is never closed"
                pending = None
        except csv.Error as e:
            long = "field larger than field limit" in str(e)
            if lines.ended:
                yield f"a quote opened on line {lines.start} is never closed"
            elif lines.line_no == lines.start:
                # (What follows the error on its line is gone: the reader takes a line whole.)
                why = f"a cell longer than {csv.field_size_limit()} characters" if long \
                    else f"malformed CSV: {e}"
                lines.skip_open_quote()
                if long and lines.skipping:
                    pending = f"{why} (line {lines.start})"
                else:
                    yield f"{why} (line {lines.start})"
                continue
            else:  # the row ran on past its first line into rows of its own
                yield (f"a quote opened on line {lines.start} is never closed: it runs on "
                       f"into line {lines.line_no}" if not long else
                       f"a quote opened on line {lines.start} runs on past "
                       f"{csv.field_size_limit()} characters (line {lines.line_no})")
        lost = lines.read_again()
        if lost:
            yield lost
        reader = csv.reader(lines, strict=True)


class _QuotedLines:
    """The CSV text's lines, numbered, with a count of the quote characters in the row being
    read (from line `start`): an odd count at a line's end means a quoted cell runs on to the
    next line. After a row given up mid-cell, `skip_open_quote` has the rest of that cell read
    as blank lines (no record, and the line numbers stay those of the file). The lines after
    the row's first are kept (up to HOLD_MAX characters) for `read_again`."""

    def __init__(self, text):
        self._text = iter(text)
        self.line_no = 0  # of the last line handed out
        self.start = 1
        self._quotes = 0
        self.skipping = False
        self.ended = False
        self._held: list | None = []
        self._size = 0

    def __iter__(self):
        return self

    def __next__(self) -> str:
        try:
            line = next(self._text)
        except StopIteration:
            self.ended = True
            raise
        self.line_no += 1
        self._quotes += line.count('"')
        held = self._held
        if held is not None:
            # Only the lines after the row's first are read again (`read_again`): a first line
            # too long to keep (a 50 MB cell opening a quote) left the short rows after it
            # unread, one bad record for them all.
            held.append(line if held else "")
            self._size += len(line) if len(held) > 1 else 0
            if self._size > HOLD_MAX:
                self._held = None
        if self.skipping:
            self.skipping = self._quotes % 2 == 1
            return "\n"
        return line

    def row_starts(self) -> None:
        if not self.skipping:  # (each skipped line is a blank row of its own)
            self._quotes = 0
            self.start = self.line_no + 1
            self._held, self._size = [], 0

    def skip_open_quote(self) -> None:
        self.skipping = self._quotes % 2 == 1

    def read_again(self) -> str | None:
        """The lines after the row's first come again, as rows of their own, then the rest
        of the file. Were they too long to keep, what to say of them instead; reading then
        goes on after them (the rest of the file is rows like any), and with none, nothing."""
        first, last = self.start + 1, self.line_no
        if self._held is not None:
            again, rest = self._held[1:], self._text
            self.__init__(chain(again, rest))
            self.line_no = first - 1
            return None
        start, rest = self.start, self._text
        self.__init__(rest)
        self.line_no = last
        if first > last:  # (a row of one line, too long: its own error says all)
            return None
        if first == last:
            return (f"line {first} is not read as a record: the quote opened on line {start} "
                    "took it in, and it is too long to read again")
        return (f"lines {first}-{last} are not read as records: the quote opened on line "
                f"{start} took them in, and they are too long to read again")


def _columns(header: list, name: str) -> list:
    """The header's column names (None for a column passed over: its name starts with #).
    A wrong header is a file error: it would spoil every row in the same way, and one line
    saying so beats a thousand identical record errors."""
    if garbled("".join(header)):
        raise InputError(f"{name}: CSV header: not UTF-8 text")
    columns = [_key(c) for c in header]
    for i, col in enumerate(columns, 1):
        if not col:
            raise InputError(f"{name}: CSV header: column {i} has no name (name it with a "
                             f"leading # for mjscore to pass it over, or delete it)")
        if col.startswith("#") and not _other_separator(col):  # ("#notes;hand" is not)
            continue
        if col not in KEYS:
            why = _other_separator(col) or unknown("column", col, KEYS) + PASS_OVER
            raise InputError(f"{name}: CSV header: {why}")
        if columns.index(col) != i - 1:
            raise InputError(f'{name}: CSV header: column "{col}" appears twice')
    if "hand" not in columns:
        raise InputError(f'{name}: CSV header: no "hand" column')
    return [None if c.startswith("#") else c for c in columns]


# (A spreadsheet's notes, dates and players' names: kept in the file, read by no one.)
PASS_OVER = " (a column for mjscore to pass over, such as notes, is named with a leading #)"


def _other_separator(col: str) -> str | None:
    """A spreadsheet set to another locale saves its CSV with ";" between cells (or a tab):
    the whole header is then one unknown column, and the nearest key no help."""
    for sep, called in ((";", '";"'), ("\t", "tabs")):
        parts = [_key(c) for c in col.split(sep) if c.strip()]
        if sep in col and ("hand" in parts or parts and all(c in KEYS for c in parts)):
            return f'"{col[:40]}" is one column: columns are separated by commas, not {called}'
    return None
