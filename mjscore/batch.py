"""Batch scoring: records in, one result row per record out, in input order.

A row is the `score` JSON plus `file` and `record`, or, for a record that cannot be scored,
`file`, `record` and `error` (CONTRACT "Batch records and results"). Every record gets exactly
one row: a bad record never stops the run and is never dropped.
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass, replace
from functools import partial
from itertools import chain, islice, starmap
from typing import Iterable, Iterator

from .api import score
from .context import SEATS
from .errors import TOO_DEEP, InputError, MjscoreError, NotationError, OptionError, one_line
from .frozen import maker
from .options import WHOLE_NUMBER, blank_option, parse_pairs, read_as_bool
from .output_guard import no_clash, own_rules
from .records import KEYS, Record, as_fields, decoded, line_record
from .ruleset_files import read_once
from .words import describe, tiles_hint, unknown, whole_hint
from .workers import AHEAD, in_order

SCORED, NOT_LEGAL, BAD = "scored", "not legal", "bad"

_TEXT = frozenset({"hand", "win", "seat", "discard", "rob_kong", "indicator", "dealer",
                   "horses", "rules", "kong_from"})
_FLAGS = frozenset({"kong_draw", "after_kong", "declared", "heavenly", "earthly"})

# CONTRACT spells CSV booleans true/false, 1/0, yes/no; YAML and JSON may also give real ones.
_TRUE, _FALSE = frozenset({"true", "1", "yes"}), frozenset({"false", "0", "no"})

CHUNK = 64  # records per task sent to a worker: big enough to amortise the pickling round trip


@dataclass(frozen=True)
class Row:
    """The result of one record: `result`, or `error` says what is wrong. `text` is the row
    as the output writes it, when it was written where the record was scored (`score_all`'s
    `render`, which reads the `Result` itself); the result is then left out, as it is not
    needed. A row not written there (the table) holds the result as `Result.to_dict()`,
    which can cross to the writing process."""

    file: str
    record: int
    result: object = None  # a Result, or its to_dict() (the docstring says when)
    error: str | None = None
    legal: bool = False
    text: str | None = None

    @property
    def status(self) -> str:
        if self.error is not None:
            return BAD
        return SCORED if self.legal else NOT_LEGAL

    def to_dict(self) -> dict:
        head = {"file": self.file, "record": self.record}
        return {**head, "error": self.error} if self.error is not None else {**head,
                                                                              **self.result}


_row = maker(Row)  # Row(*values), made faster (two a record)


def arguments(fields, rules: str, yaml: bool = True) -> dict:
    """A record's fields as `score()` keyword arguments, `hand` and `rules` included.

    A null value, text that is empty or only spaces (as a CSV cell of them is dropped on
    reading), or an empty list or mapping (a log's `"won": []` for nobody yet) is a key not
    given. `yaml` false: a JSON Lines record, whose `true` no unquoted yes or no became
    (`words.describe`).

    >>> arguments({"hand": "123m", "won": "S,W", "declared": "yes", "opts": "cap=100"}, "luzhou")
    {'rules': 'luzhou', 'hand': '123m', 'won': 'S,W', 'declared': True, 'opts': {'cap': '100'}}
    """
    if type(fields) is dict and len(fields) == 1:  # (a hand alone: most records of a log)
        hand = fields.get("hand")
        if type(hand) is str and hand.strip():
            return {"rules": rules, "hand": hand}
    if not isinstance(fields, dict):
        raise InputError("a record is a mapping of keys (hand, win, ...), not "
                         + describe(fields, yaml))
    for key in fields:
        if not isinstance(key, str):  # (YAML's `yes:`, `1:`: its record check is this one)
            raise InputError(f"a key must be text, not {describe(key, yaml)}")
        if key not in KEYS:
            if yaml and key in SEATS and fields[key] is None and "won" in fields:
                # ({won: S,W}: YAML's flow mapping ends the value at the comma, "W" a key)
                raise InputError(f'unknown key "{key}": in a {{...}} record a comma ends a '
                                 'value, so seats are written in quotes ("S,W") or as [S, W]')
            raise InputError(unknown("key", key, KEYS))
    given = {k: v for k, v in fields.items() if not _empty(v)}
    if "hand" not in given:
        raise InputError('no "hand": every record needs one')
    out = {"rules": rules}
    for key, value in given.items():
        out[key] = _value(key, value, yaml)
    return out


_TILES = ("hand", "win", "horses", "indicator")  # (text that YAML may read as a list unquoted)


def _empty(value) -> bool:
    if isinstance(value, str):
        return not value.strip()
    return value is None or value == [] or value == {}


def _value(key: str, value, yaml: bool = True):
    if key in _TEXT:
        if not isinstance(value, str):
            raise InputError(f'"{key}" must be text, not {describe(value, yaml)}' +
                             (tiles_hint(value, key == "hand", yaml) if key in _TILES
                              else ""))
        return value
    if key in _FLAGS:
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):  # as CSV's 1/0 and the API take them
            return bool(value)
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise InputError(f'"{key}" must be true or false, not {describe(value, yaml)}')
    if key == "ghosts_drawn":
        # Passed as text, as `--ghosts-drawn` passes it, so that a 0 written is a count
        # given (refused where the ruleset has no 喜钱, or below the ghosts held), as it is
        # from the command line; score() reads the digits, and says where they are too many.
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        text = value.strip() if isinstance(value, str) else ""
        if WHOLE_NUMBER.fullmatch(text):
            return text
        raise InputError(f'"ghosts_drawn" must be a whole number, not {describe(value, yaml)}'
                         + whole_hint(value, text=True))
    if key == "won":
        if isinstance(value, str) or isinstance(value, list) and all(isinstance(s, str)
                                                                     for s in value):
            return value
        if isinstance(value, list):
            odd = next(s for s in value if not isinstance(s, str))
            raise InputError(f'"won" must be seats ("S,W" or a list of them), not a list '
                             f"holding {describe(odd, yaml)}")
        raise InputError(f'"won" must be seats ("S,W" or a list), not {describe(value, yaml)}')
    return _opts(value, yaml)


def _opts(value, yaml: bool = True) -> dict:
    """`opts` as a mapping, or as the CSV spelling `cap=100;ghosts=8`."""
    if isinstance(value, dict):
        # (`cap=` in the CSV spelling and --opt cap= are refused as well.)
        blank = blank_option(value)
        if blank:
            raise InputError(f'"opts": {blank}')
        for k, v in value.items():
            if not isinstance(k, str):
                raise InputError(f'"opts": a key must be text, not {describe(k, yaml)}')
            # (A settle record's schema says the same; score() would quote Python's repr.)
            if not isinstance(v, (str, int, float)):
                raise InputError(f'"opts": {k} must be text, a whole number or true/false, '
                                 f"not {describe(v, yaml)}")
        return {str(k): v for k, v in value.items()}
    if not isinstance(value, str):
        raise InputError(f'"opts" must be a mapping or "key=value;key=value", '
                         f"not {describe(value, yaml)}")
    if ";" not in value and "," in value and value.count("=") > 1:  # (a CSV list's habit)
        raise InputError(f'"opts": its pairs are separated by ";", not ",": write '
                         f'"{value.replace(",", ";")[:80]}"')
    return parse_pairs([item for item in value.split(";") if item.strip()], '"opts"',
                       "key=value;key=value", InputError)


def score_record(rec: Record, rules: str, guard: tuple | None = None) -> Row:
    """One record's row; bad input of any kind becomes the row's error. `guard`: the output
    file's `output_guard.identity`, which no ruleset file of the record may be (`no_clash`)."""
    source = rec.path or rec.file
    yaml = rec.line is None  # (a CSV record's values are text: no true or false to explain)
    rec = decoded(rec)
    if rec.problem is not None:  # (it may quote the record's own text: a key, a cell)
        return Row(rec.file, rec.number, error=one_line(rec.problem))
    own = own_rules(rec.fields, source)
    if own is not None and read_once(own):
        from .batch_inputs import read_once_error
        return Row(rec.file, rec.number, error=str(read_once_error(own)))
    if own is not None and guard is not None:
        no_clash(own, guard, f"{rec.file}:{rec.number}")
    try:
        kwargs = arguments(rec.fields, rules, yaml)
        if own is not None:
            kwargs["rules"] = own
        result = score(kwargs.pop("hand"), kwargs.pop("rules"), **kwargs)
    except MjscoreError as e:
        # (Its message is one line already, the record's own text escaped: `errors.one_line`.)
        return Row(rec.file, rec.number,
                   # (a hand's message may name --win too: "--win 5p adds no tile")
                   error=as_fields(str(e), rec.fields) + _read_as_bool(e, rec.fields, yaml)
                   if isinstance(e, (OptionError, NotationError))
                   else str(e))
    except RecursionError:  # (nested in the record's own fields, before score sees them)
        return Row(rec.file, rec.number, error=TOO_DEEP)
    if not result.legal and any("--" in x for x in result.reasons):
        # A reason naming what to give says it as the record does ("win P", not "--win P"),
        # as an error does.
        result = replace(result, reasons=tuple(as_fields(x, rec.fields)
                                               for x in result.reasons))
    return _row(rec.file, rec.number, result, None, result.legal, None)


def _read_as_bool(e, fields: dict, yaml: bool) -> str:
    """Why an option of a YAML record's `opts` refused true or false (`options.read_as_bool`)."""
    opts = fields.get("opts")
    value = opts.get(getattr(e, "key", None)) if yaml and isinstance(opts, dict) else None
    return read_as_bool(value, str(e))


def _score_chunk(parcel: tuple, rules: str, render, guard) -> list:
    """The rows of the records `parcel` holds (`_parcel`), each as the tuple of its fields
    (`_row` makes it again): a worker sends them back, and a dataclass instance is pickled by
    its __dict__, where a tuple of the same values is pickled and unpickled in a fifth of the
    time (7 us a row against 1.5), half of it in the process that writes the rows."""
    file, path, chunk = parcel
    if file is not None:  # (read where they are scored: `score_record`)
        chunk = [line_record(file, number, line, path) for number, line in chunk]
    rows = []
    for rec in chunk:
        try:
            rows.append(_fields(_finish(score_record(rec, rules, guard), render)))
        except MjscoreError as e:
            # A record that stops the run (`no_clash`): the rows before it are still sent
            # back, and the error last (`_unpacked`), so that they are written as with one job.
            rows.append(e)
            break
    return rows


def _unpacked(fields: list) -> Iterator[Row]:
    """The rows `_score_chunk` sent back, then the error that stopped it there, if any."""
    if fields and isinstance(fields[-1], MjscoreError):
        yield from starmap(_row, fields[:-1])
        raise fields[-1]
    yield from starmap(_row, fields)


def _parcel(chunk: list) -> tuple:
    """`chunk` as it is sent to a worker: (file, path, [(number, line), ...]) when every
    record of it is a JSON Lines line of one file (the common case), else (None, None, chunk).
    Records go the way rows come back (`_score_chunk`): pickled by their __dict__, a chunk's
    Records took 10,000 instructions a record to send and 9,500 to receive, where its lines
    take 3,100 and 1,500 (and are made the Records they were, `line_record`)."""
    first = chunk[0]
    file, path = first.file, first.path
    lines = [(r.number, r.line) for r in chunk
             if r.line is not None and r.file == file and r.path == path]
    return (file, path, lines) if len(lines) == len(chunk) else (None, None, chunk)


def _fields(row: Row) -> tuple:
    return row.file, row.record, row.result, row.error, row.legal, row.text


def _finish(row: Row, render) -> Row:
    if render is None:
        if row.result is None:
            return row
        return _row(row.file, row.record, row.result.to_dict(), None, row.legal, None)
    return _row(row.file, row.record, None, row.error, row.legal, render(row))


def score_all(records: Iterable[Record], rules: str, jobs: int = 1,
              render=None, guard: tuple | None = None, notice=None) -> Iterator[Row]:
    """Rows for `records`, in their order, scored in `jobs` worker processes.

    With `render` (a module-level function of a Row, so that workers can be given it), each
    row comes written (`Row.text`): a worker then sends back text, where a result's nested
    dicts cost more to send than to write, and the process writing the rows only writes.

    If reading fails part-way (InputError), every record read before the failure still gets
    its row, then the error is raised: the same rows whatever `jobs` is. `guard`: the output
    file's `output_guard.identity`, where a record naming it as a ruleset file stops the run
    (`output_guard.no_clash`). `notice`: told why, where no worker process can be started
    (`workers.in_order`).
    """
    if jobs <= 1:
        for rec in records:
            yield _finish(score_record(rec, rules, guard), render)
        return
    import multiprocessing

    from .plain_table import make_table
    # The start method the caller set, else the platform's default (the first listed), read
    # and given to the pool without fixing it for the caller's process.
    method = multiprocessing.get_start_method(allow_none=True) or \
        multiprocessing.get_all_start_methods()[0]
    failed: list = []

    def guarded():
        try:
            yield from records
        except MjscoreError as e:
            failed.append(e)

    chunks = _chunks(guarded(), CHUNK)
    # The first window read before any worker starts: a short input needs no more workers
    # than it has chunks (a pool forks all its workers up front), and one chunk none.
    first = list(islice(chunks, jobs * AHEAD))
    workers = jobs if len(first) == jobs * AHEAD else min(jobs, len(first))
    if workers <= 1:
        for chunk in first:
            yield from _unpacked(_score_chunk((None, None, chunk), rules, render, guard))
        if failed:
            raise failed[0]
        return
    if method == "fork":
        make_table()  # before the workers start, which share it (started afresh, they would not)
    # Not Pool.imap: its feeder thread reads input as fast as it can and its result buffer
    # grows while the writer is slow. A window of AHEAD chunks per worker bounds both.
    task = partial(_score_chunk, rules=rules, render=render, guard=guard)
    with closing(in_order(task, map(_parcel, chain(first, chunks)), workers, method,
                          notice)) as results:
        for fields in results:
            yield from _unpacked(fields)
    if failed:
        raise failed[0]


def _chunks(items: Iterable, size: int) -> Iterator[list]:
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
