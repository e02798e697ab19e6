"""Where `batch -o FILE` writes: a new file beside FILE, moved over it when the run is done.

FILE keeps what it held until then, so a run stopped part-way by a bad command or a full disk
leaves it as it was, and a ruleset file that a record names turns out to be FILE
(`batch.OutputClash`) before anything of it is lost. A run stopped by a file that cannot be
read, or by Ctrl-C, still moves the rows scored so far into place, as writing FILE directly
would have left them.

Written directly instead, as before: a device or a pipe (/dev/null, /dev/stdout), a file with
other hard links (a new file would part it from them), and a folder that takes no new file.
"""

from __future__ import annotations

import os
import stat
import tempfile


class OutputFile:
    """`stream` to write rows to; `guard` the (device, inode) of FILE as it was, where it
    was a file (what no ruleset file of a record may be), else None; `finish` at the end."""

    def __init__(self, path: str):
        real = os.path.realpath(path)  # a link's target is what a user means to replace
        try:
            st = os.stat(real)
        except OSError:
            st = None  # no such file yet (a missing folder fails when it is opened)
        regular = st is not None and stat.S_ISREG(st.st_mode)
        self.guard = (st.st_dev, st.st_ino) if regular else None
        self._part = self._final = None
        if st is None or regular and st.st_nlink == 1:
            try:
                fd, self._part = tempfile.mkstemp(dir=os.path.dirname(real) or ".",
                                                  prefix=f".{os.path.basename(real)}.",
                                                  suffix=".part")
            except OSError:
                fd = None
            if fd is not None:
                self._final = real
                # The mode FILE had, or a new file's (mkstemp makes it private to its owner).
                try:
                    os.chmod(self._part, stat.S_IMODE(st.st_mode) if st else 0o666 & ~_umask())
                except OSError:
                    pass  # a file system that keeps no modes: the rows are written all the same
                self.stream = open(fd, "w", encoding="utf-8", newline="")
                return
        self.stream = open(path, "w", encoding="utf-8", newline="")

    def finish(self, keep: bool) -> None:
        """Close; with `keep`, the rows take FILE's place, else FILE stays as it was."""
        try:
            self.stream.close()  # (a full disk may fail here, on the last rows)
        except OSError:
            self._drop()
            raise
        if self._final is None:
            return
        if keep:
            os.replace(self._part, self._final)
        else:
            self._drop()

    def _drop(self) -> None:
        if self._part is not None:
            try:
                os.unlink(self._part)
            except OSError:
                pass  # gone already: nothing of it to leave behind


def _umask() -> int:
    mask = os.umask(0)  # (read by setting it: the command runs in one thread here)
    os.umask(mask)
    return mask
