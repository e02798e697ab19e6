"""What `batch -o FILE` must not write over: a ruleset file that a record names (or one that
file `extends:`, a shipped one's too: in an editable install their folder is the user's own),
which the run has still to read. Opening FILE empties it, so the check comes first: the batch
files are read ahead for their records' `rules` keys (`spares_rulesets`), and the run is
refused, exit 2, with FILE as it was, as for an input file or a --rules file given as FILE.

Read ahead only where it can be and is worth it: FILE a file holding something, a batch file
a regular file (a pipe cannot be read twice), and one whose bytes hold the word "rules" or an
escape that could spell it. Every record is checked again as it is scored (`no_clash`; the
chain of each ruleset named is worked out once): that covers standard input and pipes, and a
file that grew after it was read ahead. It stops the run there: FILE has been emptied by
then, but no record is scored on what is left of it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Iterator

from .bounded import make_room
from .errors import InputError, MjscoreError
from .records import STDIN, STDIN_LABEL, decoded, label, read
from .ruleset_files import beside, load_raw, read_once


def own_rules(fields, source: str) -> str | None:
    """The ruleset a record names itself (None: it is scored under --rules). As settle reads
    a record's rules, a house file is looked for beside the batch file first (only the
    record's own: a blank one is --rules, named from where the run is)."""
    own = fields.get("rules") if isinstance(fields, dict) else None
    if not isinstance(own, str) or not own.strip():
        return None
    return own if source == STDIN_LABEL else beside(own, Path(source).parent)


def identity(path: str | None) -> tuple | None:
    """(device, inode, name) of `path` if it is a file holding something (what opening it
    for writing would erase), else None. The name, as given, is for the message: the file
    is the same however the ruleset spells it."""
    try:
        st = os.stat(path) if path and path != STDIN else None
    except (OSError, ValueError):
        return None
    if st and stat.S_ISREG(st.st_mode) and st.st_size:
        return st.st_dev, st.st_ino, label(path)
    return None


def opened_identity(sink, path: str) -> tuple:
    """The guard of an output file that `identity` found new or empty (so opening it erased
    nothing), once opened: a record's ruleset must not name it either, as it would read back
    this run's own rows. The fourth item marks it so (`no_clash` words it)."""
    st = os.fstat(sink.fileno())
    return st.st_dev, st.st_ino, label(path), "new"


def spares_rulesets(files, given: str | None, guard: tuple | None) -> None:
    """InputError if a record of the regular files among `files` names a ruleset file that
    is the output (`guard`, its `identity`). A file or record that cannot be read is left to
    the run, which reports it in its place."""
    if guard is None:
        return
    for path in files:
        if _regular(path) and _mentions(path, (b"rules", b"\\")):
            for ref, where in _own_rules(path, given):
                no_clash(ref, guard, where)


def _own_rules(path: str, given: str | None) -> Iterator[tuple]:
    """(ruleset, FILE:RECORD) for each record of `path` naming its own; stops quietly where
    the file cannot be read."""
    try:
        for rec in read(path, given):
            ref = own_rules(decoded(rec).fields, rec.path or rec.file)
            if ref is not None:
                yield ref, f"{rec.file}:{rec.number}"
    except InputError:
        return


_CHAINS: dict = {}  # (ruleset named, output's identity) -> {(device, inode): file of its chain}


def no_clash(ref: str, guard: tuple, where: str) -> None:
    """InputError if ruleset `ref` or one it extends is the file `guard` identifies (a
    shipped one too: its folder may be the user's own, in an editable install)."""
    ids = _CHAINS.get((ref, guard))
    if ids is None and read_once(ref):  # (a pipe is no output file; read, it would be lost)
        return
    if ids is None:
        met: list = []
        try:
            load_raw(ref, met)
        except (MjscoreError, RecursionError):
            pass  # the record's row says what is wrong; the files met are checked
        ids = {}
        for path in met:
            try:
                st = os.stat(path)
            except OSError:
                continue
            ids[st.st_dev, st.st_ino] = path
        make_room(_CHAINS, 1 << 10)  # (a house file a few records share: a few dozen)
        _CHAINS[ref, guard] = ids
    dev_ino = guard[:2]
    if dev_ino in ids:
        what = "it would read back this run's own rows" if len(guard) > 3 else \
            "writing would erase it"
        raise InputError(f"{ids[dev_ino]}: a ruleset file of record {where} is also the output "
                         f"file (-o {guard[2]}); {what}")


def _regular(path: str) -> bool:
    try:
        return path != STDIN and stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _mentions(path: str, words: tuple, size: int = 1 << 20) -> bool:
    """Whether the file holds one of `words`, read `size` bytes at a time (it may be
    large)."""
    keep = max(map(len, words)) - 1
    try:
        with open(path, "rb") as f:
            tail = b""
            while block := f.read(size):
                seen = tail + block
                if any(w in seen for w in words):
                    return True
                tail = seen[-keep:] if keep else b""  # (a word may run across blocks)
    except OSError:
        return False
    return False
