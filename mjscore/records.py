"""Batch input files as a stream of records (CONTRACT "Batch records and results").

YAML (a list of mappings), JSON Lines and CSV with a header; the format comes from the
extension or is given. JSON Lines and CSV are read a line at a time so memory stays flat in the
number of records; YAML must be parsed whole, then its records are handed out one by one.

Two kinds of trouble, kept apart on purpose:
- a bad *record* (a JSONL line that is not JSON, a CSV row with the wrong number of cells, a
  YAML item that is not a mapping) becomes a Record with `problem` set; the run goes on and the
  record gets its own error row, so nothing is dropped;
- a bad *file* (unreadable, binary or not UTF-8 from its start, malformed YAML, a CSV header
  naming an unknown column or with a quote never closed) raises InputError naming the file: no
  record of it can be trusted or numbered. (A CSV row's bad quoting is its record's:
  `csv_records`.)
A stray non-UTF-8 byte further into a JSONL or CSV file spoils the record on that line only.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator

from .batch_text import binary, garbled, text_of
from .errors import InputError, file_label, os_reason
from .frozen import maker
from .words import describe, spelt

FORMATS = ("yaml", "jsonl", "csv")
EXTENSIONS = {".yaml": "yaml", ".yml": "yaml", ".jsonl": "jsonl", ".ndjson": "jsonl",
              ".csv": "csv"}
STDIN = "-"
STDIN_LABEL = "<stdin>"
# Standard input has no extension; JSON Lines is the one format that streams both in and out,
# so `... | mjscore batch - --format jsonl | ...` pipelines need no flag.
STDIN_FORMAT = "jsonl"

# The keys a record may have: `hand` and the keyword arguments of `score()` (CONTRACT).
KEYS = ("hand", "win", "seat", "discard", "kong_draw", "kong_from", "after_kong", "rob_kong",
        "won", "declared", "heavenly", "earthly", "ghosts_drawn", "indicator", "dealer",
        "horses", "rules", "opts")

_FLAG = re.compile(r"--([a-z]+(?:-[a-z]+)*)")


def as_fields(message: str, fields=None) -> str:
    """An option's message as a record names what it says: its key or CSV column
    (`kong_draw`), not the command's flag (`--kong-draw`), and `--opt K=V` as `opts K=V`.
    The record's own text (the values of `fields`), quoted in the message, is left as
    written, quotes inside it and all."""
    if "--" not in message:  # (no flag to rename: most messages)
        return message
    # Found as text, not as a pattern each: a record's field of a megabyte made a regular
    # expression of it for every message (1.6 s and 170 MB a record); one longer than the
    # message is not in it.
    kept = []
    for t in _texts(fields):
        at = message.find(t) if t and len(t) <= len(message) else -1
        while at >= 0:
            kept.append((at, at + len(t)))
            at = message.find(t, at + len(t))

    def field(m):
        if any(a <= m.start() < b for a, b in kept):
            return m[0]
        key = "opts" if m[1] == "opt" else m[1].replace("-", "_")
        return key if key in KEYS else m[0]
    return _FLAG.sub(field, message)


def _texts(value) -> list:
    """The text in a record's fields, nested ones too (`opts`, a list of seats): what an
    error may quote of it."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _texts(v)]
    return []


@dataclass(frozen=True)
class Record:
    """One record as the file held it: `fields` is whatever was there (checked later), or
    `problem` says why the record could not be read at all. A JSON Lines record comes as its
    `line` (number, text), read by `decoded` where it is scored: a batch's worker processes
    share that work, and a line is sent to them faster than what it holds."""

    file: str
    number: int  # from 1 in each file
    fields: object = None
    problem: str | None = None
    line: tuple | None = None
    path: str | None = None  # the file's own path where `file` spells its name out (`label`)


_record = maker(Record)  # Record(*values), made faster (two a JSON Lines record)


def line_record(file: str, number: int, line: tuple, path: str | None = None) -> Record:
    """Record `number` of `file` as its JSON Lines `line` (number, text), not yet read
    (`decoded` reads it)."""
    return _record(file, number, None, None, line, path)


def decoded(rec: Record) -> Record:
    """`rec` with its JSON Lines text read: its fields, or the problem with them."""
    return rec if rec.line is None else from_line(rec.file, rec.number, rec.line, rec.path)


def from_line(file: str, number: int, line: tuple, path: str | None = None) -> Record:
    """Record `number` of `file` (`path`: as `Record.path`), read from its JSON Lines `line`
    (number, text): its fields, or the problem with them."""
    line_no, text = line
    hand = _JUST_HAND(text)
    if hand is not None:  # (a log's usual record, as json reads it: 0.4 us, not 1.7)
        return _record(file, number, {"hand": hand[1]}, None, None, path)
    # One line is one record: a line that is not JSON spoils that record, not the file.
    if garbled(text):
        return Record(file, number, problem=f"not UTF-8 text (line {line_no})", path=path)
    try:
        return _record(file, number, _DECODE(text), None, None, path)
    except _Twice as e:
        problem = f'key "{str(e)[:40]}" is given twice (line {line_no})'
    except json.JSONDecodeError as e:
        if text.startswith("\ufeff"):
            # A byte-order mark starting a line other than the first: files joined into one
            # (`cat a.jsonl b.jsonl`), the second saved with one. It is no part of the record.
            return from_line(file, number, (line_no, text[1:]), path)
        # (json's C scanner says "Invalid control character at", meaning at the column.)
        why = e.msg[:-3] if e.msg.endswith(" at") else e.msg
        problem = (f"not JSON (line {line_no}, column {e.colno}: {why})"
                   + _json_hint(text, e.pos))
    except RecursionError:
        problem = f"not JSON (line {line_no}: nested too deeply)"
    except ValueError:  # json's int() of a number over 4,300 digits (Python's own limit)
        problem = (f"not JSON (line {line_no}: a number of more than "
                   f"{sys.get_int_max_str_digits()} digits)")
    return Record(file, number, problem=problem, path=path)


def _json_hint(text: str, at: int) -> str:
    """What a JSON Lines line that is not JSON holds there that the user may not see (a NUL,
    a control character), or that it is YAML or CSV, which this reader does not read."""
    from .notation_hints import hidden, written
    if at < len(text) and text[at] in _ESCAPED:
        return f": the character there is {_ESCAPED[text[at]]}"
    if at < len(text) and hidden(text[at]):
        return f": the character there is {written(text[at])}"
    if _YAML_LINE(text):  # (YAML given to standard input, or in a .jsonl or .txt file)
        return ": it looks like YAML, which --input-format yaml reads"
    if _looks_like_csv(text):  # (CSV piped in: `batch -` reads JSON Lines)
        return ": it looks like CSV, which --input-format csv reads"
    return ""


_ESCAPED = {"\t": "a tab, which JSON text writes as \\t",
            "\r": "a carriage return, which JSON text writes as \\r"}
# A YAML list item, comment, key or document start, as it starts a line.
_YAML_LINE = re.compile(r"\s*(- |-$|#|---|[A-Za-z_][\w-]*:(\s|$))").match


def _looks_like_csv(text: str) -> bool:
    """A CSV header or row (`hand,win`, `123m456m789m11p234p,4p`, `"…","S,W"`): cells with
    something after the last comma, none a brace. Not a line of JSON spread over lines
    (`  },`, `"S",`, `"4p"]`), nor one naming keys with their braces left off (`"hand": …`,
    `hand=…, win=…`): another format than CSV is wrong there."""
    line = text.strip()
    if "," not in line or "{" in line or "}" in line or line[0] in "[]" or \
            line[-1] in ",]" or _KEY_NAMED(line):
        return False
    first = line.split(",", 1)[0]
    return "=" not in first and ":" not in first


# A key named as JSON or Python writes one: `"hand":`, `'hand' :`.
_KEY_NAMED = re.compile(r"[\"']\s*:").search


# A record of a hand alone, its text printable ASCII with no quote or backslash to unescape,
# written as json.dumps writes it: its fields are the hand.
_JUST_HAND = re.compile(r'\{"hand": "([ !#-\[\]-~]*)"\}').fullmatch


class _Twice(ValueError):
    """A JSON object naming one key twice (json keeps the last: the first would be lost)."""


def _unique(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) < len(pairs):
        seen: set = set()
        raise _Twice(next(k for k, _v in pairs if k in seen or seen.add(k)))
    return out


# One decoder for every line (json.loads with an option builds a new one per call).
_DECODE = json.JSONDecoder(object_pairs_hook=_unique,
                           parse_float=lambda text: spelt(float(text), text)).decode


def label(path: str) -> str:
    """A path as rows and messages name it (`file_label`); standard input's `<stdin>`."""
    return STDIN_LABEL if path == STDIN else file_label(path)


def input_format(path: str, given: str | None = None) -> str:
    if given:
        return given
    if path == STDIN:
        return STDIN_FORMAT
    ext = Path(path).suffix.lower()
    if ext in EXTENSIONS:
        return EXTENSIONS[ext]
    named = f'extension "{ext}"' if ext else "a name with no extension"
    # (JSON is YAML: a JSON array of records is read as YAML is, given so.)
    hint = " (a JSON array of records: --input-format yaml)" if ext == ".json" else ""
    raise InputError(f"{label(path)}: cannot tell the format from {named}: "
                     f"name it .yaml, .yml, .jsonl, .ndjson or .csv, or give --input-format"
                     f"{hint}")


def read(path: str, given: str | None = None, stdin=None) -> Iterator[Record]:
    """The records of one file, in order. `stdin` is the binary stream `-` stands for."""
    name, kind = label(path), input_format(path, given)
    with binary(path, name, stdin if path == STDIN else None) as raw:
        try:
            text = text_of(raw, name, kind)
        except OSError as e:
            raise InputError(f"{name}: cannot be read ({os_reason(e)})") from None
        try:
            found = _READERS[kind](text, name)
            if name != path and path != STDIN:  # (rare) the real path, to find files beside it
                found = (replace(rec, path=path) for rec in found)
            yield from found
        except OSError as e:
            raise InputError(f"{name}: cannot be read ({os_reason(e)})") from None
        finally:
            if path == STDIN:
                text.detach()  # closing the wrapper would close the caller's stdin


def read_files(paths: list, given: str | None = None, stdin=None) -> Iterator[Record]:
    """The records of `paths`, file after file (`read`). A file that stops the run says
    which files after it were not read: the rows written before it were the files before."""
    for i, path in enumerate(paths):
        try:
            yield from read(path, given, stdin)
        except InputError as e:
            rest = [label(p) for p in paths[i + 1:]]
            if not rest:
                raise
            raise InputError(f"{e}; not read after it: {', '.join(rest[:3])}"
                             f"{', ...' if len(rest) > 3 else ''}") from None


def _yaml(text, name: str) -> Iterator[Record]:
    from .yamlfile import Items, parse_top
    raw = text.buffer.read()  # (bytes, so that a byte that is not UTF-8 is told by its line)
    try:
        content = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        from .batch_text import not_utf8
        raise InputError(f"{name}: {not_utf8(raw, e.start)}") from None
    data = parse_top(content, lambda message: InputError(f"{name}: {message}"), records=True)
    if data is None:
        return
    if not isinstance(data, Items):
        raise InputError(f"{name}: a YAML batch file is a list of records (- hand: ...), "
                         f"not {describe(data)}")
    for i, item in enumerate(data, 1):
        yield Record(name, i, item)


# The longest JSON Lines line read as a record: a hand's record is a few hundred characters.
# (Iterating a file reads each line whole: a 1 GB line took 3 GB of memory before its record
# was refused, as a CSV cell over 128K characters is by the csv module.)
LINE_MAX = 1 << 20


def _jsonl(text, name: str) -> Iterator[Record]:
    number = line_no = 0
    read_line = text.readline
    while True:
        line = read_line(LINE_MAX + 1)
        if not line:
            return
        line_no += 1
        if len(line) > LINE_MAX and not line.endswith("\n"):
            blank = not line.strip()
            while line and not line.endswith("\n"):  # the rest of it, read and dropped
                line = read_line(1 << 16)
                blank = blank and not line.strip()
            if blank:  # (spaces only: a blank line, however long, is no record)
                continue
            number += 1
            yield Record(name, number, problem=f"longer than {LINE_MAX} characters (line "
                                               f"{line_no})")
            continue
        if not line.strip().strip("\ufeff"):
            # A blank line is no record; nor is a byte-order mark alone (`from_line`), as a
            # file saved with one but no record leaves in files joined with `cat`.
            continue
        number += 1
        yield line_record(name, number, (line_no, line.rstrip("\r\n")))


def _csv(text, name: str) -> Iterator[Record]:
    from .csv_records import read_csv  # (which builds on Record and KEYS here)
    return read_csv(text, name)


_READERS = {"yaml": _yaml, "jsonl": _jsonl, "csv": _csv}
