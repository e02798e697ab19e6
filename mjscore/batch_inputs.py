"""The batch files named on the command line, checked before `-o` is opened: opening it
empties it, so a run that is refused for an input it cannot read (a typo in a file name, a
file it may not open) must be refused first, or a re-run loses the last run's results.

Checked without reading a record, so that nothing is read twice: a regular file is opened
and closed, as that is the one true test of reading it (permissions, ACLs, a security
module); a named pipe or a device is only looked at (stat, access), since opening a pipe
waits for its writer, and closing it again could end what the writer sends; standard input
is only asked whether it is open for reading. (`check_run` checks the `--rules` file too;
`open_output` opens `-o` once all of that has passed.)
"""

from __future__ import annotations

import errno
import os
import stat

from .errors import InputError, RulesetError, link_reason, os_reason
from .output_guard import identity
from .records import STDIN, STDIN_LABEL, input_format, label
from .check_file import load_for_records
from .ruleset_files import chain_files, read_once


def check(paths, given: str | None = None, output: str | None = None, stdin=None,
          stdout=None) -> None:
    """Every input named once, of a known format, one that can be read, and not the output:
    so a typo fails before any result is written rather than after half the run. `stdin` is
    the stream `-` reads (None: standard input is closed): a file redirected into it may be
    the output too; `stdout` the stream rows go to with no `-o` (`not_stdout`)."""
    if sum(p == STDIN for p in paths) > 1:
        raise InputError("- (standard input) is given more than once")
    for path in paths:
        if path == STDIN:
            input_format(path, given)
            stream_readable(stdin)
            not_output([STDIN], output, "the file read as standard input", stdin)
            continue
        _readable(path)  # (first: a missing file is no file, whatever its name's extension)
        input_format(path, given)
        not_output([path], output)
    if output in (None, STDIN) and stdout is not None:
        not_stdout(paths, stdout, stdin)


def check_run(paths, rules: str, given: str | None, output: str | None, stdin, stdout):
    """Everything a batch run can be refused for before `-o` is opened (`check`), and the
    `--rules` file and its chain neither the output nor standard output. Returns what opening
    `-o` erases (`output_guard.identity`): no record's ruleset file may be it."""
    check(paths, given, output, stdin, stdout)
    if read_once(rules):
        raise read_once_error(rules)
    chain = chain_files(rules)  # (first: a pipe it extends, read again by the load, waited)
    piped = next((str(f) for f in chain if read_once(f)), None)
    if piped is not None:
        raise read_once_error(piped)
    load_for_records(rules)
    not_output(chain, output, "a ruleset file of --rules")
    if output in (None, STDIN):
        not_stdout(chain, stdout, None, "a ruleset file of --rules")
    return identity(output)


def read_once_error(ref: str) -> RulesetError:
    """A ruleset file that is a pipe or a device (`--rules <(cat h.yaml)`), as a batch
    names it: a run reads its ruleset again for each worker and each record (to see that it
    has not changed), where what a pipe sent is gone, and a named pipe waits for ever."""
    return RulesetError(ref, "a pipe or device, which batch would read more than once; save "
                             "the ruleset to a file")


def open_output(path: str | None, stdout) -> tuple:
    """(where the rows go, whether it is a file opened here that the caller closes, whether
    this made it: it was not there before)."""
    if path is None or path == STDIN:
        return stdout, False, False
    made = not os.path.lexists(path)
    try:
        return open(path, "w", encoding="utf-8", newline=""), True, made
    except (OSError, ValueError) as e:  # (ValueError: a NUL in the name)
        raise InputError(f"{label(path)}: cannot be written ({os_reason(e)})") from None


def unmade(sink, path: str, made: bool) -> None:
    """Close output `sink` a refused run opened, and remove it where the run made it: a run
    refused before its first row leaves `-o` as it was."""
    sink.close()
    if made:
        try:
            os.unlink(path)
        except OSError:
            pass  # (removed meanwhile: as it was)


def _readable(path: str) -> None:
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as e:  # none there, a folder that cannot be entered, a name
        raise _unreadable(path, e) from None  # too long, a link loop; a NUL (Python's own call)
    if stat.S_ISDIR(mode):
        raise InputError(f"{label(path)}: is a directory, not a batch file")
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        if not os.access(path, os.R_OK):
            raise _unreadable(path, OSError(errno.EACCES, os.strerror(errno.EACCES)))
        return
    try:  # (a socket, too, is refused here at once)
        os.close(os.open(path, os.O_RDONLY))
    except OSError as e:
        raise _unreadable(path, e) from None


def stream_readable(stream) -> None:
    """InputError if standard input is closed (`<&-`) or open for writing only: reading it
    would fail after -o was emptied (and a closed one would be taken for a file named -)."""
    if stream is None:
        raise InputError(f"{STDIN_LABEL}: cannot be read (standard input is closed)")
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return  # no descriptor (a test's buffer): nothing to ask
    try:
        import fcntl
    except ImportError:  # (Windows)
        return
    try:
        flags = fcntl.fcntl(fd, fcntl.F_GETFL)
    except OSError as e:
        raise _unreadable(STDIN, e) from None
    if (flags & os.O_ACCMODE) == os.O_WRONLY:
        raise InputError(f"{STDIN_LABEL}: cannot be read (standard input is open for writing "
                         "only)")


def _unreadable(path: str, e: Exception) -> InputError:
    # The message reading the file would give (its name spelt as rows spell it), only sooner;
    # a link to nothing or to itself is a file there, said so (as rules check says it).
    why = link_reason(path, e) if isinstance(e, OSError) and path != STDIN else None
    if why is None and isinstance(e, (FileNotFoundError, NotADirectoryError)):
        return InputError(f"{label(path)}: no such file")
    return InputError(f"{label(path)}: cannot be read ({why or os_reason(e)})")


def not_output(paths, output: str | None, what: str = "", stream=None) -> None:
    """InputError if opening `output` for writing would erase one of `paths` (or the file
    `stream` reads, for `-`), which the run has still to read. The same file is the same
    device and inode, however it is spelt (a link, ./name, a hard link): the message names
    it both ways, as the user may not know they are one file."""
    if not output or output == STDIN:
        return
    try:
        out = os.stat(output)
    except (OSError, ValueError):  # (ValueError: a NUL in the name, which open refuses too)
        return  # no such file yet: it erases nothing
    same = _same_file(paths, out, stream)
    if same is not None:
        raise InputError(f"{same}: {what + ' ' if what else ''}is also the output file (-o "
                         f"{label(output)}); writing would erase it")


def not_stdout(paths, out_stream, stdin=None, what: str = "") -> None:
    """InputError if the rows' standard output is a file of `paths` (`>> a.jsonl`): the run
    would read back the rows it writes, without end, or (`>`) the shell has emptied it
    already, as `cat` refuses the same; a ruleset file (`what`) would have rows written into
    it."""
    try:
        out = os.fstat(out_stream.fileno())
    except (AttributeError, OSError, ValueError):  # (a test's buffer)
        return
    same = _same_file(paths, out, stdin)
    if same is not None:
        what = "the file read as standard input" if same == STDIN_LABEL else what
        raise InputError(f"{same}: {what + ' ' if what else ''}is also standard output, where "
                         "the rows are written; give -o another file")


def _same_file(paths, out, stream) -> str | None:
    """The first of `paths` (`-`: the file `stream` reads) that is the file `out` (a stat) is,
    as the user spelt it; None if none is, or `out` is no regular file (a device or a pipe:
    /dev/null, a terminal, | head), which writing neither erases nor feeds back."""
    if not stat.S_ISREG(out.st_mode):
        return None
    for path in paths:
        try:
            st = os.fstat(stream.fileno()) if path == STDIN else os.stat(path)
        except (AttributeError, OSError, ValueError):  # not a file (a pipe, a test's buffer)
            continue
        if (st.st_dev, st.st_ino) == (out.st_dev, out.st_ino):
            return label(path) if path == STDIN else path
    return None
