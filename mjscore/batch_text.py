"""A batch input file's bytes as text: opened (or standard input taken as it is), its start
sniffed for a binary or non-UTF-8 file before any record is read, and decoded with the line
ends its format needs. Past the start, a stray non-UTF-8 byte is kept as a surrogate, so that
it spoils its own record only (`garbled`)."""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import stat

from .errors import InputError, os_reason

SNIFF = 8192  # bytes looked at for a binary or non-UTF-8 file before any record is read


@contextlib.contextmanager
def binary(path: str, name: str, stdin=None):
    """The file at `path` opened for reading bytes, or `stdin` (a binary stream) if given."""
    if stdin is not None:
        yield stdin if hasattr(stdin, "peek") else io.BufferedReader(stdin)
        return
    try:
        f = open(path, "rb")
    except OSError as e:
        raise InputError(f"{name}: cannot be read ({os_reason(e)})") from None
    with f:
        yield f


def text_of(raw, name: str, kind: str) -> io.TextIOWrapper:
    """`raw` (a buffered binary stream) as text of format `kind`; InputError naming the file
    if its start is binary or not UTF-8."""
    head = raw.peek(SNIFF)[:SNIFF]
    wide = wide_unicode(head)
    if wide:
        raise InputError(f"{name}: {wide}")
    end = line_end(head)
    line = head.count(end, 0, head.index(b"\0")) + 1 if b"\0" in head else 0
    # Binary from its first line (a zip, a gzip, a spreadsheet); a NUL further down a text
    # file is its record's fault (one bad row), as it is past the first SNIFF bytes. A YAML
    # file is read whole: its NUL anywhere is the file's.
    if line == 1 or line and kind == "yaml":
        raise InputError(f"{name}: a binary file, not {kind} text (a NUL byte on line {line})")
    if not _utf8_start(head, kind, len(head) < SNIFF and _all_there(raw)):
        raise InputError(f"{name}: {not_utf8(head)}")
    # utf-8-sig drops the byte-order mark spreadsheet programs put before a CSV header;
    # newline="" is what the csv module needs to see quoted line breaks. JSON Lines ends a
    # line at "\n": a lone "\r" is whitespace inside a JSON value, not a record's end (a
    # "\r\n" ending leaves a "\r" that JSON reads as trailing space). A file whose start has
    # "\r" and no "\n" at all is one with old Mac line ends, read as such. Past the sniffed
    # start, a stray non-UTF-8 byte in a line format spoils its record only (see garbled):
    # failing the file there would lose the records already decoded ahead of it.
    newline = "" if kind == "csv" else None
    if kind == "jsonl" and (b"\n" in head or b"\r" not in head):
        newline = "\n"
    return io.TextIOWrapper(raw, encoding="utf-8-sig", newline=newline,
                            errors="strict" if kind == "yaml" else "surrogateescape")


# Byte-order marks of the encodings Windows calls "Unicode" (Notepad's, and Windows
# PowerShell's `>`): their text is full of NUL bytes, and is no binary file.
_WIDE = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
         (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))


def wide_unicode(head: bytes) -> str | None:
    """What to say of a file whose start `head` is marked UTF-16 or UTF-32; None otherwise."""
    for mark, name in _WIDE:
        if head.startswith(mark):
            return f"{name} text, not UTF-8: save it as UTF-8"
    return None


def line_end(head: bytes) -> bytes:
    """How the text starting `head` ends its lines: old Mac files by "\r" alone (a CSV of
    them was refused whole for one stray byte or NUL, said to be on line 1, as if one line)."""
    return b"\r" if b"\r" in head and b"\n" not in head else b"\n"


def not_utf8(data: bytes, at: int | None = None) -> str:
    """What to say of text `data` that is not UTF-8: where, as the line of its first byte
    that is not (`at`, if known), so that a long file need not be searched by hand."""
    if at is None:
        try:
            codecs.getincrementaldecoder("utf-8")().decode(data)
            at = len(data)  # (only its cut-off end: said at its last line)
        except UnicodeDecodeError as e:
            at = e.start
    line = data.count(line_end(data), 0, at) + 1
    # (Most often a spreadsheet's plain CSV in the system's encoding: GBK on a Chinese Windows.)
    return f"not UTF-8 text (line {line}): save it as UTF-8"


def _all_there(raw) -> bool:
    """Whether a start shorter than SNIFF is the whole stream. A file read through a buffer
    gives fewer bytes only at its end; a pipe, a terminal or a socket gives what its writer
    has sent so far, which may end inside a character (`curl ... | mjscore batch -`)."""
    try:
        mode = os.fstat(raw.fileno()).st_mode
    except (AttributeError, OSError, ValueError):  # (a test's buffer: all there is)
        return True
    return not (stat.S_ISFIFO(mode) or stat.S_ISCHR(mode) or stat.S_ISSOCK(mode))


def _utf8_start(head: bytes, kind: str, complete: bool = False) -> bool:
    """Whether the sniffed start reads as UTF-8 enough to go on. A YAML file is one document:
    any stray byte fails it. A line format fails whole only when no line of its start is
    UTF-8 (a file in another encoding) or, for CSV, its header is not; otherwise a stray byte
    spoils its own record (`garbled`), wherever in the file it is. (A CSV's records are
    judged apart from its header: an ASCII header over Latin-1 rows is a Latin-1 file.)"""
    # The last piece may be cut inside a character, unless the start is the whole stream
    # (`complete`, `_all_there`); it is judged only then, or if it is all there is. Blank lines
    # say nothing (any encoding reads them).
    pieces = head.split(line_end(head))
    whole = [line for line in (pieces if complete else pieces[:-1]) if line.strip()]
    if kind == "yaml" or not whole:
        return _decodes(head, final=False)
    if kind == "csv":
        if not _decodes(whole[0]):  # the header: its columns name every field
            return False
        whole = whole[1:] or whole
    return any(map(_decodes, whole))


def _decodes(data: bytes, final: bool = True) -> bool:
    try:
        codecs.getincrementaldecoder("utf-8")().decode(data, final=final)
    except UnicodeDecodeError:
        return False
    return True


def garbled(text: str) -> bool:
    """Whether a line held bytes that are not UTF-8 (surrogateescape left them as surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
