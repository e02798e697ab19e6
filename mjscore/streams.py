"""The standard streams as the command finds them, made fit to write to before it writes: one
the shell closed, and one whose encoding cannot write the Chinese every output holds. Never
prints or exits (`cli` does)."""

from __future__ import annotations

import codecs
import errno
import io
import sys

# What every command's output may hold beyond ASCII: pattern names, 颗, a 中 in a reading.
_CHINESE = "闺颗中鬼胡"


def ready() -> None:
    """sys.stdout and sys.stderr, each one the command can write its output to."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, Closed())
        else:
            stream = _buffered(stream)
            setattr(sys, name, stream)
            _writes_chinese(stream)


def _buffered(stream):
    """`stream` over a buffer. Unbuffered (`python -u`, PYTHONUNBUFFERED=1, as many container
    images set), a text stream writes straight to the file and drops what a write cut short
    by a signal did not write: a batch stopped (Ctrl-C, SIGTERM) while a pipe was full ended
    on half a row. A buffer writes all of it; flushed after each write (`_Flushed`), nothing
    waits in it."""
    raw = getattr(stream, "buffer", None)
    if not isinstance(raw, io.RawIOBase) or not isinstance(stream, io.TextIOWrapper):
        return stream
    return _Flushed(io.BufferedWriter(raw), encoding=stream.encoding, errors=stream.errors,
                    line_buffering=stream.line_buffering, write_through=True,
                    newline="\n" if sys.platform != "win32" else None)


class _Flushed(io.TextIOWrapper):
    """Each write on its file when it returns, as unbuffered output was. (write_through
    passes text to the buffer only: a batch's rows waited there, 8 KiB at a time, and came
    after the error line written to stderr since.)"""

    def write(self, text):
        written = super().write(text)
        self.flush()
        return written


def _writes_chinese(stream) -> None:
    """`stream` able to write any text: where its encoding cannot write Chinese (output
    redirected to a file on Windows, in cp1252; a latin-1 locale), the first pattern name
    stopped the run with a traceback. It then writes UTF-8, as Click does for an ASCII
    stream, and as a JSON or CSV reader expects. An encoding that writes Chinese but not
    every character (GBK, a Chinese Windows's) is kept, as its reader expects, and writes
    "?" for a character it lacks (from a house ruleset's names, or a hand's text) rather
    than stopping."""
    encoding = getattr(stream, "encoding", None)
    reconfigure = getattr(stream, "reconfigure", None)
    if not encoding or reconfigure is None:  # (not a text file of ours: Click's runner)
        return
    try:
        if codecs.lookup(encoding).name.startswith("utf-"):
            return
        _CHINESE.encode(encoding)
    except LookupError:
        return
    except UnicodeEncodeError:
        reconfigure(encoding="utf-8")
        return
    if stream.errors == "strict":  # (stderr's own, backslashreplace, already writes any)
        reconfigure(errors="replace")


def is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Closed(io.TextIOBase):
    """A standard stream the shell closed (`>&-`, `2>&-`), where Python gives None: Click
    writes nothing to None (output lost, exit 0) and a batch's rows failed on it. Writing
    here is writing into a closed pipe (141), and a run that writes nothing there is not
    stopped."""

    def writable(self) -> bool:
        return True

    def write(self, text):
        raise BrokenPipeError(errno.EPIPE, "the stream is closed")
