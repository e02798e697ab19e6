"""`workers.in_order` where processes fork (Linux): the workers forked here and spoken to over
plain pipes, one pair each, with no thread and no queue in the process that reads and writes.

Why not the pool there: with `concurrent.futures`' pool the writing process spent 0.51-0.61 s
of CPU on 20,000 JSON Lines records, on a machine of two cores that its two workers needed
whole; over pipes, 0.30-0.33 s, and the run took 1.24-1.28 s where it took 1.45-1.49 s (four
runs each, interleaved; the workers' own CPU the same). The difference is the pool's threads,
locks and queues: what is read, sent and written is the same.

Chunks go to the workers in turn (chunk i to worker i mod N), so each worker's results come
back in the order they are wanted, and the next wanted is always one worker's next. The writing
process never blocks on a pipe: it writes to the workers what their pipes take and reads what
they send back, as `poll` says each can (a worker writing a large result while it is being
sent a large chunk would otherwise wait on the writer, and the writer on it, for ever).
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import struct
from collections import deque
from typing import Callable, Iterable, Iterator

from .workers import AHEAD, WorkerLost, scored_here, unbroken, worker_start

_HEAD = struct.Struct("<Q")  # a message's length, before it
_BLOCK = 1 << 16  # bytes read or written at once (a pipe's usual size)


class _Worker:
    """One forked worker: its pid, the pipe ends this process holds, what is still to be
    written to it, what it sent that is not yet a whole message, its results not yet taken,
    and how many chunks it has been sent that it has not answered."""

    __slots__ = ("pid", "to", "back", "out", "inbox", "results", "owed")

    def __init__(self, pid: int, to: int, back: int):
        self.pid, self.to, self.back = pid, to, back
        self.out, self.inbox = bytearray(), bytearray()
        self.results: deque = deque()
        self.owed = 0


def in_order(task: Callable, chunks: Iterable, workers: int,
             notice: Callable[[str], None] | None = None) -> Iterator:
    """`workers.in_order` with forked workers: the same results, in order, the same errors
    (WorkerLost; no workers to be had: scored here, `notice` told why), and no worker left
    running once it returns or is stopped."""
    chunks = iter(chunks)
    crew: list = []
    try:
        # (A stop while they fork is held until they have: `workers.in_order` says why.)
        with unbroken():
            for _ in range(workers):
                crew.append(_start(task, crew))
    except OSError as e:  # no process or file descriptor left: every chunk scored here
        _stop(crew)
        yield from scored_here(task, chunks, workers, e, notice)
        return
    except BaseException:
        _stop(crew)
        raise
    try:
        pending: deque = deque()  # the worker of each chunk sent, oldest first
        for i, chunk in enumerate(chunks):
            worker = crew[i % workers]
            data = pickle.dumps(chunk, pickle.HIGHEST_PROTOCOL)
            worker.out += _HEAD.pack(len(data))
            worker.out += data
            worker.owed += 1
            pending.append(worker)
            _pump(crew, block=False)
            if len(pending) >= workers * AHEAD:
                yield _next(pending.popleft(), crew)
        while pending:
            yield _next(pending.popleft(), crew)
        _finish(crew)
    except BaseException:  # (GeneratorExit, KeyboardInterrupt, a signal's, WorkerLost, ...)
        _stop(crew)
        raise


def _start(task: Callable, crew: list) -> _Worker:
    """A worker forked to answer chunks with `task` (`serve`), beside the `crew` forked
    before it."""
    to_r, to_w = os.pipe()
    try:
        back_r, back_w = os.pipe()
    except OSError:
        os.close(to_r)
        os.close(to_w)
        raise
    try:
        pid = os.fork()
    except OSError:
        for fd in (to_r, to_w, back_r, back_w):
            os.close(fd)
        raise
    if pid == 0:  # the worker: it never returns into the caller's stack
        code = 1
        try:
            for fd in [to_w, back_r] + [fd for w in crew for fd in (w.to, w.back)]:
                os.close(fd)  # (the others' ends: held here, no worker would see its EOF)
            worker_start()
            serve(task, to_r, back_w)
            code = 0
        finally:
            os._exit(code)
    os.close(to_r)
    os.close(back_w)
    os.set_blocking(to_w, False)
    return _Worker(pid, to_w, back_r)


def serve(task: Callable, fd_in: int, fd_out: int) -> None:
    """A worker's work: each chunk read from `fd_in` answered on `fd_out` with (False,
    task(chunk)), or (True, the exception it raised), until the writer closes its end."""
    source = os.fdopen(fd_in, "rb", buffering=_BLOCK)
    while True:
        head = source.read(_HEAD.size)
        if len(head) < _HEAD.size:
            return
        chunk = pickle.loads(source.read(_HEAD.unpack(head)[0]))
        try:
            reply = pickle.dumps((False, task(chunk)), pickle.HIGHEST_PROTOCOL)
        except Exception as e:  # (a fault of this program's: raised where the rows are read)
            try:
                reply = pickle.dumps((True, e), pickle.HIGHEST_PROTOCOL)
            except Exception:
                reply = pickle.dumps((True, RuntimeError(f"{type(e).__name__}: {e}")))
        data = memoryview(_HEAD.pack(len(reply)) + reply)
        while data:
            data = data[os.write(fd_out, data):]


def _next(worker: _Worker, crew: list):
    """The next result of `worker`, moving every pipe on meanwhile."""
    while not worker.results:
        _pump(crew, block=True)
    failed, value = worker.results.popleft()
    if failed:
        raise value
    return value


def _pump(crew: list, block: bool) -> None:
    """Write to each worker what its pipe takes, and read what each has sent back; wait for
    one of them to be ready if `block`. A worker that has ended while it owed results (its
    pipe at its end, or closed for writing) is WorkerLost."""
    poller, ends = select.poll(), {}
    for w in crew:
        if w.out:
            poller.register(w.to, select.POLLOUT)
            ends[w.to] = w
        if w.owed:
            poller.register(w.back, select.POLLIN)
            ends[w.back] = w
    if not ends:
        return
    for fd, _event in poller.poll(None if block else 0):
        w = ends[fd]
        if fd == w.to:
            try:
                # (A copy, not a view: a bytearray with a view on it cannot be cut below,
                # and only CPython's reference counting drops a temporary view at once.)
                n = os.write(fd, w.out[:_BLOCK])
            except BlockingIOError:
                continue
            except BrokenPipeError:  # (its reading end closed: it has ended)
                raise WorkerLost() from None
            del w.out[:n]
        else:
            data = os.read(fd, _BLOCK)
            if not data:
                raise WorkerLost()
            w.inbox += data
            _unpack(w)


def _unpack(w: _Worker) -> None:
    """The whole messages at the start of `w.inbox`, taken off it as results."""
    inbox, at = w.inbox, 0
    while len(inbox) - at >= _HEAD.size:
        n = _HEAD.unpack_from(inbox, at)[0]
        if len(inbox) - at - _HEAD.size < n:
            break
        start_ = at + _HEAD.size
        w.results.append(pickle.loads(inbox[start_:start_ + n]))
        w.owed -= 1
        at = start_ + n
    del inbox[:at]


def _finish(crew: list) -> None:
    """The workers told there is no more (their pipes closed), and waited for."""
    for w in crew:
        _close(w)
    for w in crew:
        _reap(w)


def _stop(crew: list) -> None:
    """The workers ended now, whatever they were doing, and waited for: none is left behind
    (SIGKILL, which cannot be caught, held or lost: `workers._abandon` says why). A second
    stop meanwhile (Ctrl-C again) is held until they are (`unbroken`): raised part-way, it
    left the workers after it to end only when they next read."""
    with unbroken():
        for w in crew:
            _close(w)
            if w.pid:
                try:
                    os.kill(w.pid, signal.SIGKILL)
                except OSError:  # (ended already)
                    pass
        for w in crew:
            _reap(w)


def _close(w: _Worker) -> None:
    """This process's ends of the worker's pipes, each closed once: marked closed first, so
    that a stop between the two (`_finish`, then `_stop`) never closes one again (by then the
    number may be another file's)."""
    for end in ("to", "back"):
        fd = getattr(w, end)
        if fd >= 0:
            setattr(w, end, -1)
            os.close(fd)


def _reap(w: _Worker) -> None:
    if w.pid:
        try:
            os.waitpid(w.pid, 0)
        except ChildProcessError:
            pass
        w.pid = 0
