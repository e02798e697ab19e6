"""The one error family. The CLI maps every MjscoreError to exit code 2 (bad input)."""

from __future__ import annotations

import errno
import os
import unicodedata

MAX_MESSAGE = 400
# Input nested past Python's recursion limit (a list in a list, a thousand deep): walking or
# quoting it fails level by level. Bad input, said the same by the API, the CLI and batch.
TOO_DEEP = "input nested too deeply"


def one_line(text: str) -> str:
    """`text` with line breaks, other control characters, invisible format characters (a
    byte-order mark, a zero-width space) and lone surrogates (a byte that was not UTF-8 in
    a command-line argument, `\\udcff`, which no UTF-8 stream can write) shown as escapes
    (`\\n`, `\\ufeff`), and
    the middle of an overlong message elided: a message quotes the user's own input (a file
    name, a tile, an option's value), which may be anything, and must stay one short line."""
    out = "".join(repr(ch)[1:-1] if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp")
                  else ch for ch in str(text))
    if len(out) > MAX_MESSAGE:
        half = MAX_MESSAGE // 2
        out = f"{out[:half]} ... {out[-half:]}"
    return out


def os_reason(e: Exception) -> str:
    """Why the system refused a file, as a message says it: an OSError's own words ("No such
    file or directory"), else the error itself. A NUL byte in the name, which Python refuses
    before the system sees it, is said in our words: Python's differ by version ("embedded
    null byte"; from 3.13 "stat: embedded null character in path")."""
    if isinstance(e, ValueError) and "embedded null" in str(e):  # (both wordings)
        return "the name holds a NUL byte"
    return str(getattr(e, "strerror", None) or e)


def link_reason(path, e: Exception) -> str | None:
    """Why `path`, which could not be followed (`e`), cannot be read where it is a symbolic
    link: there is a file of that name, looping back to itself or to nothing, so not "no such
    file" of it; None where it is no link (or cannot be looked at)."""
    code = getattr(e, "errno", None)
    if code not in (errno.ELOOP, errno.ENOENT):  # (a link to a file that will not open: the
        return None  # system's own reason says why, as for the file itself)
    try:
        target = os.readlink(path)
    except (OSError, ValueError):
        return None
    return "a symbolic link in a loop" if code == errno.ELOOP else \
        f'a symbolic link to "{file_label(target)}", which is not there'


def file_label(path: str) -> str:
    """A file's name as messages and output show it (a batch row's `file`, settle's
    `record`, a house ruleset's column): a byte that was not UTF-8 (`\\udcff` from the
    command line) spelled `\\xff`, which a UTF-8 output can write, and a line break or
    other control character escaped, which would split the one line it stands in. No name
    at all is `''`."""
    if not path:
        return "''"
    return "".join(f"\\x{ord(c) - 0xDC00:02x}" if "\udc80" <= c <= "\udcff"
                   else repr(c)[1:-1] if unicodedata.category(c) in ("Cc", "Cs")
                   or c in "\u2028\u2029" else c for c in path)


# Far above any real stake: the largest amount mjscore works with, a hand's value, a cap or a
# payment. A file or an option past it is refused, naming the key, rather than paying a
# number with thousands of digits.
MAX_VALUE = 10 ** 15
PAST_MAX = f"more than {MAX_VALUE}, the largest amount mjscore works with"
PAST_MIN = f"less than -{MAX_VALUE}, past the largest amount mjscore works with"


def counted(n: int, word: str) -> str:
    """"1 ghost", "2 ghosts": a message's count of the user's own things, which may be one."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def times(n: int) -> str:
    """"once", "twice", "3 times": how often a pattern counted, in words a player reads as a
    count, not as a factor."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def too_large(n: int) -> str | None:
    """What to say of an integer past 64 bits either way, no count or stake of a game (and
    past 4,300 digits one Python will not even print), or None for one within them."""
    if -(1 << 63) <= n < 1 << 63:
        return None
    # (A negative one is no "too large" to a reader: it is below every minimum.)
    return f"a number too {'large' if n > 0 else 'small'} ({n.bit_length()} bits" + \
        ("" if n > 0 else ", negative") + ")"


class MjscoreError(Exception):
    """Bad input of any kind; `str(e)` is the one-line message the CLI prints."""

    exit_code = 2

    def __init__(self, message: str = ""):
        super().__init__(one_line(message))

    def __reduce__(self):
        # Pickled (sent back from a worker process, say) as it is: Exception's own reduce
        # would call __init__ again with the finished message, which a subclass words
        # again ("invalid hand: invalid hand: ...") or cannot take (RulesetError's three).
        return _remade, (type(self), self.args, self.__dict__)


def _remade(cls, args: tuple, state: dict) -> MjscoreError:
    """A pickled error made again without its __init__ (`MjscoreError.__reduce__`)."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class NotationError(MjscoreError):
    """A hand string that cannot be read, or a hand the ruleset does not allow."""

    def __init__(self, message: str, column: int | None = None):
        self.column, self.detail = column, message
        where = f"column {column}: " if column is not None else ""
        super().__init__(f"invalid hand: {where}{message}")


class RulesetError(MjscoreError):
    """A ruleset that cannot be found, read or validated. `key`: where the message is said
    (none for the file as a whole); `at`: the key at fault, where that is a key inside it (an
    unknown key is told at the mapping that holds it), to find the file that writes it."""

    def __init__(self, source: str, message: str, key: str | None = None,
                 at: str | None = None):
        self.source, self.key, self.detail, self.at = source, key, message, at or key
        where = f" {key}:" if key else ""
        super().__init__(f"invalid ruleset: {source}:{where} {message}")

    def written_in(self, writer: str) -> None:
        """Name `writer`, a file `source` extends, as the one that writes the key at fault."""
        self.args = (one_line(f"invalid ruleset: {self.source}: {self.at} (written in "
                              f"{writer}): {self.detail}"),)


class OptionError(MjscoreError):
    """A command-line or API option that is unknown, ill-typed or cannot apply. `key`: the
    ruleset option it is about, where one is, so a caller that took the options from a file
    can say where in it the value was written (a settle record's `opts:`). `record`: the
    message as a settle record's reader is told it, where it names a `score` option the record
    spells otherwise (`--indicator` is its `opts.indicator`); `.record` has no prefix. `opt`:
    the message for a command that takes a ruleset's options only as --opt (`opts_only`).
    `also`: other options the refusal is about (ghost beside indicator), where one given over
    a record's own may be the one at fault (`record.ruleset_of_record`), and `why` the
    refusal without advice on which to set, for that message."""

    def __init__(self, message: str, key: str | None = None, record: str | None = None,
                 opt: str | None = None, also: tuple = (), why: str | None = None):
        self.key, self.also, self.why = key, also, why
        self.record = one_line(message if record is None else record)
        self.opt = message if opt is None else opt
        super().__init__(f"invalid option: {message}")


def opts_only(e: OptionError) -> OptionError:
    """`e` as told by a command with no --indicator (rules show), which would
    otherwise send the user to an option it does not take: the tile is one of its --opt."""
    return OptionError(e.opt, e.key, e.record)


class InputError(MjscoreError):
    """A file or record that cannot be read."""
