"""Batch result rows as text: a table for people, JSON Lines and CSV for scripts, and the
summary. Returns strings; never prints."""

from __future__ import annotations

import csv
import io
import json

from .batch import BAD, NOT_LEGAL, SCORED
from .settlement import extra_lines
from .bounded import make_room
from .errors import counted
from .tables import tabulate
from .context import SEATS

CSV_COLUMNS = ("file", "record", "ruleset", "hand", "legal", "value", "reasons", "patterns",
               "decomposition", "payments", "net_E", "net_S", "net_W", "net_N", "error")
TABLE_HEADERS = ("File", "Record", "Hand", "Ruleset", "Legal", "Value", *SEATS, "Note")
# Reasons can contain ";" and "," themselves; " | " keeps a joined list splittable.
JOIN = " | "


def line_format(fmt: str):
    """The function that writes a row in line format `fmt` (jsonl or csv)."""
    return jsonl if fmt == "jsonl" else csv_row


def jsonl(row) -> str:
    """A row as JSON Lines: `Row.to_dict()` encoded, its result's shared parts written once
    (a log's hands come to a few dozen outcomes and payment lists between them)."""
    r = row.result
    if r is None or type(r) is dict:  # a bad record's row; a result that crossed processes
        return _ENCODE(row.to_dict())
    d = r.decomposition
    return "".join(('{"file": ', _STR(row.file), ', "record": ', str(row.record),
                    ', "ruleset": ', _STR(r.ruleset), ', "hand": ', _STR(r.hand), ", ",
                    _part(r.outcome_key(), r.outcome), ', "decomposition": ',
                    _STR(d) if d is not None else "null", ", ", _part(r.paid_key(), r.paid),
                    "}"))


def _part(key, make) -> str:
    """The encoded fields of `make()`, without the braces; kept by `key` (None: not kept)."""
    got = _PARTS.get(key) if key is not None else None
    if got is None:
        got = _ENCODE(make())[1:-1]
        if key is not None:
            make_room(_PARTS, 1 << 10)
            _PARTS[key] = got
    return got


_PARTS: dict = {}


# One encoder for every row: json.dumps with any option builds a new one per call. A row is
# plain dicts, lists and numbers made here, so the circular-reference check finds nothing.
_ENCODE = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
# A string as _ENCODE writes it, called straight (in C): _ENCODE is a Python call that tests
# the type first, four a row.
_STR = json.encoder.encode_basestring


def _csv_line(cells) -> str:
    buf = io.StringIO()
    # "\n", not the csv module's "\r\n": the rows go to a terminal, a pipe or a file on
    # the same system, and every CSV reader accepts a bare newline.
    csv.writer(buf, lineterminator="\n").writerow(cells)
    return buf.getvalue().removesuffix("\n")


def csv_header() -> str:
    return _csv_line(CSV_COLUMNS)


def csv_row(row) -> str:
    r = row.result.to_dict() if row.result is not None else None
    if r is None:
        return _csv_line([row.file, row.record, *[""] * (len(CSV_COLUMNS) - 3), row.error])
    return _csv_line([row.file, row.record, r["ruleset"], r["hand"], str(r["legal"]).lower(),
                      r["value"], JOIN.join(r["reasons"]),
                      " ".join(p["id"] for p in r["patterns"]), r["decomposition"] or "",
                      JOIN.join(f'{p["from"]}>{p["to"]} {p["amount"]} {p["why"]}'
                                for p in r["payments"]),
                      *(r["net"][s] for s in SEATS), ""])


def _net(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _extras(payments) -> str:
    """A legal row's payments past the hand value, so its nets follow from Value."""
    return "; ".join(extra_lines((p["why"], p["amount"], p["from"], p["to"]) for p in payments))


def table(rows) -> str:
    """One line per record; the Note column says why a record is not legal or is bad, or
    for a legal one what was paid besides the hand value."""
    lines = []
    for row in rows:
        r = row.result
        if r is None:
            lines.append((row.file, row.record, "-", "-", "error", "-", *"----", row.error))
        else:
            lines.append((row.file, row.record, r["hand"], r["ruleset"],
                          "yes" if r["legal"] else "no", r["value"],
                          *(_net(r["net"][s]) for s in SEATS),
                          "; ".join(r["reasons"]) if r["reasons"] else _extras(r["payments"])))
    return tabulate(lines, headers=TABLE_HEADERS, disable_numparse=True,
                    colalign=("left", "right", "left", "left", "left", "right",
                              "right", "right", "right", "right", "left"))


def bad_line(row) -> str:
    """The stderr line for a bad record: `file:record: message`."""
    return f"{row.file}:{row.record}: {row.error}"


def summary(counts, files: int) -> str:
    total = sum(counts.get(k, 0) for k in (SCORED, NOT_LEGAL, BAD))
    return (f"{counted(total, 'record')} from {counted(files, 'file')}: "
            f"{counts.get(SCORED, 0)} scored, {counts.get(NOT_LEGAL, 0)} not legal, "
            f"{counts.get(BAD, 0)} bad")
