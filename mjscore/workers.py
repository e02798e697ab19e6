"""A batch's chunks scored in worker processes (`batch --jobs 2` or more), the results in
input order; and what becomes of the run where this machine gives no workers, where a worker
is killed, and where the run is stopped. Never prints or exits (`cli` does).
"""

from __future__ import annotations

import os
import signal
import threading
from collections import deque
from contextlib import contextmanager
from itertools import chain, islice
from typing import Callable, Iterable, Iterator

from .errors import os_reason

AHEAD = 4  # chunks in flight per worker: keeps workers busy while bounding memory


class WorkerLost(Exception):
    """A worker process ended while the run needed it: killed (the kernel's out-of-memory
    killer, `kill -9`), or it could not start (a spawned one that cannot import mjscore)."""

    def __str__(self) -> str:
        return ("a worker process ended unexpectedly (killed, or out of memory); the rows "
                "scored before it were written, the rest were not")


def in_order(task: Callable, chunks: Iterable, workers: int, method: str,
             notice: Callable[[str], None] | None = None) -> Iterator:
    """`task(chunk)` for each of `chunks`, in order, worked out by `workers` processes
    started by `method`, at most `workers * AHEAD` chunks ahead of the reader. Forked
    workers are fed over plain pipes (`forked`); others are `concurrent.futures`' pool.

    A pool that cannot be had (no /dev/shm for its locks, as on AWS Lambda; no process or file
    descriptor left) is no error of the input: the chunks are worked out here instead, the
    same results, and `notice` is told why. Stopped part-way (the reader closes this
    generator, Ctrl-C, a signal), the chunks not yet started are dropped and the workers are
    gone by the time it returns: none is left behind, waiting on a pipe for ever."""
    if method == "fork":  # (forked over plain pipes: `forked` says why)
        from . import forked
        yield from forked.in_order(task, chunks, workers, notice)
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    import multiprocessing

    chunks = iter(chunks)
    pending: deque = deque()  # (chunk, its future), oldest first
    pool = None
    try:
        # A stop that comes while the workers are forked is held until they are (`unbroken`):
        # raised inside the fork's own hooks in this process (logging's, releasing its lock),
        # it was printed as "Exception ignored in ..." and lost, and the run went on to the end.
        # (The window read here is read already: `batch.score_all` reads it first.)
        with unbroken():
            pool = ProcessPoolExecutor(max_workers=workers, initializer=worker_start,
                                       mp_context=multiprocessing.get_context(method))
            for chunk in islice(chunks, workers * AHEAD):  # (the workers start here)
                pending.append((chunk, None))  # (first: a chunk whose submit fails is kept)
                pending[-1] = (chunk, pool.submit(task, chunk))
    except BrokenProcessPool:  # a worker killed as soon as it started, before these were sent
        _abandon(pool)
        raise WorkerLost() from None
    except OSError as e:
        if pool is not None:
            _abandon(pool)
        yield from scored_here(task, chain([chunk for chunk, _future in pending], chunks),
                               workers, e, notice)
        return
    except BaseException:  # the stop held while they started: they are stopped as below
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        raise
    try:
        for chunk in chunks:
            pending.append((chunk, pool.submit(task, chunk)))
            if len(pending) >= workers * AHEAD:
                yield _result(pending.popleft()[1], pool)
        while pending:
            yield _result(pending.popleft()[1], pool)
    except BrokenProcessPool:
        # (Not a shutdown that waits: a worker killed holding the queue's lock leaves the
        # others waiting on it for ever, and the run's exit with them.)
        _abandon(pool)
        raise WorkerLost() from None
    except BaseException:  # (GeneratorExit, KeyboardInterrupt, a signal's, the reader's)
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def scored_here(task: Callable, chunks: Iterable, workers: int, error: OSError,
                notice: Callable[[str], None] | None) -> Iterator:
    """`task(chunk)` for each of `chunks`, worked out in this process where no worker could
    be had (`error`: no process or file descriptor left, no /dev/shm), `notice` told why."""
    if notice is not None:
        notice(f"--jobs {workers}: no worker processes here ({os_reason(error)}); scoring "
               "in this one")
    for chunk in chunks:
        yield task(chunk)


def _result(future, pool):
    """The future's result, or BrokenProcessPool once a worker has died. (The pool finds out
    itself, but not always: a worker killed while it sent back a result leaves part of it in
    the pipe, and the pool's reader waits for the rest for ever.)"""
    from concurrent.futures import TimeoutError as NotYet
    from concurrent.futures.process import BrokenProcessPool
    while True:
        try:
            return future.result(timeout=1)
        except NotYet:
            processes = getattr(pool, "_processes", None) or {}
            if any(p.exitcode is not None for p in list(processes.values())):
                raise BrokenProcessPool("a worker process ended") from None


def _abandon(pool) -> None:
    """A pool that failed to start all its workers, or lost one: the others are stopped here,
    as its shutdown would not reach them (no manager thread yet) or would wait on them, and
    the run's exit with it, for ever."""
    started = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)  # (which forgets them)
    for process in started:
        process.terminate()
        # A worker can outlive SIGTERM: one forked as the file descriptors ran out (ulimit -n
        # 15) sat in its queue's read while the run waited on it for ever (half the runs at
        # that limit). SIGKILL cannot be caught, held or lost.
        process.join(2)
        if process.exitcode is None:
            process.kill()
            process.join()


class Stopped(BaseException):
    """SIGTERM or SIGHUP during a batch (`stop_on_signals`): the run stops as for Ctrl-C, its
    rows so far written and its workers stopped. Left to their default, the run ended where
    it stood and left its worker processes behind, each waiting on a pipe for ever."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum
        self.what = "hung up" if signum == getattr(signal, "SIGHUP", None) else "terminated"


class _Held:
    """Where the run is writing (`unbroken`), and a stop that came meanwhile."""
    depth = 0
    pending: int | None = None


def _stop(signum: int):
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Stopped(signum)


@contextmanager
def unbroken():
    """Output written in the block (or workers started: `in_order`) is not cut short by a
    stop (`stop_on_signals`): one that comes meanwhile stops the run once it is written.
    (Raised inside a write, it left half a row in the output, or lost the start of the
    block.)"""
    _Held.depth += 1
    try:
        yield
    finally:
        _Held.depth -= 1
    if not _Held.depth and _Held.pending is not None:
        signum, _Held.pending = _Held.pending, None
        _stop(signum)


def stop_on_signals() -> Callable[[], None]:
    """Ctrl-C (KeyboardInterrupt), SIGTERM and SIGHUP (Stopped) stop the run where they would
    end the process (not under nohup), but never inside a write (`unbroken`) unless a second
    one comes (a write into a pipe no one reads waits for ever), until the function returned
    is called. A worker forked meanwhile, until `worker_start` puts it right, ends on them
    as by default: the parent's stack it holds is no place to unwind a run (its exit would
    wait on workers that are not its own)."""
    pid, before = os.getpid(), {}
    if threading.current_thread() is not threading.main_thread():
        return lambda: None  # (signals are the main thread's: a caller's thread has none)

    def stop(signum, _frame):
        if signum != signal.SIGINT:
            signal.signal(signum, signal.SIG_DFL)  # (a second one ends it there and then)
        if os.getpid() != pid:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
        elif _Held.depth and _Held.pending is None:
            _Held.pending = signum
        else:  # (a second one stops it inside a write: one waiting on a full pipe never ends)
            _Held.pending = None
            _stop(signum)
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)  # (Windows has no SIGHUP)
        if number is not None and signal.getsignal(number) in (signal.SIG_DFL,
                                                               signal.default_int_handler):
            before[number] = signal.signal(number, stop)

    def restore() -> None:
        for number, was in before.items():
            signal.signal(number, was)
        _Held.pending = None  # (one held in a write that failed: not the next run's to take)
    return restore


def worker_start() -> None:
    # Ctrl-C is for the parent, which stops the run and says so once; N workers each printing
    # a KeyboardInterrupt traceback would bury that line. A forked worker has the parent's
    # SIGTERM and SIGHUP handlers too (`stop_on_signals`): it just ends, as the parent sees.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) not in (signal.SIG_IGN, None):
            signal.signal(number, signal.SIG_DFL)
