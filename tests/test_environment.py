"""What the machine the command runs on does to it, not the hand: a ruleset given as a pipe,
files in UTF-16, and a batch's worker processes that cannot start, are killed, or are
stopped with the run."""

import errno
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.cli import cli

from .guard import hang_guard

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
HOUSE = (SAMPLES / "house-cap100.yaml").read_text(encoding="utf-8")
RECORD = SAMPLES / "records" / "luzhou-chajiao.yaml"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
needs_signals = pytest.mark.skipif(not hasattr(signal, "SIGHUP") or
                                   not Path("/proc/self/task").is_dir(),
                                   reason="needs POSIX signals and /proc")


def run(*args):
    with hang_guard():
        return CliRunner().invoke(cli, [str(a) for a in args])


# A shell runs a background job (`pytest &`) with Ctrl-C ignored, and mjscore, as any program,
# leaves an ignored signal ignored (`workers.stop_on_signals`, as under nohup): the tests of
# what Ctrl-C does give it back its default first, in this process and in a child.
@pytest.fixture
def interruptible():
    was = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, was)


def _ctrl_c_default() -> None:  # (a child's, before it starts: Python then installs its own)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def mjscore(*args, **kwargs):
    return subprocess.Popen([sys.executable, "-m", "mjscore", *map(str, args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            encoding="utf-8", **kwargs)


def _feed(fifo: Path, text: str, proc) -> None:
    """Write `text` into `fifo` once, when `proc` opens it to read (never, if it does not)."""
    while proc.poll() is None:
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as e:
            if e.errno != errno.ENXIO:
                raise
            time.sleep(0.01)
            continue
        os.set_blocking(fd, True)
        with open(fd, "w", encoding="utf-8") as f:
            f.write(text)
        return


# `--rules` a named pipe: read once, it was opened again to see whether it had changed, which
# waits for a writer for ever (every command hung); `<(cat house.yaml)` read nothing the
# second time ("must be a mapping").
@needs_fifo
@pytest.mark.parametrize("args, want", [
    pytest.param(["score", "111m123m456m789m5pC"], "(house-cap100)", id="score"),
    pytest.param(["waits", "123m456m789m11p2pC"], "(house-cap100)", id="waits"),
    pytest.param(["settle", RECORD], "Next dealer: E", id="settle"),
    pytest.param(["rules", "show"], "house-cap100: ", id="rules-show"),
    pytest.param(["rules", "check"], ": ok (ruleset house-cap100", id="rules-check"),
])
def test_a_ruleset_given_as_a_pipe_is_read_once(tmp_path, args, want):
    fifo = tmp_path / "house.yaml"
    os.mkfifo(fifo)
    args = args + [fifo] if args[0] == "rules" else args + ["--rules", fifo]
    proc = mjscore(*args)
    threading.Thread(target=_feed, args=(fifo, HOUSE, proc), daemon=True).start()
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert (proc.returncode, err) == (0, "") and want in out


@needs_fifo
@pytest.mark.parametrize("where", ["--rules", "record", "extends", "record, relative"])
def test_batch_refuses_a_ruleset_that_is_a_pipe(tmp_path, where):
    # A run reads its ruleset again for each worker and record: a pipe cannot give it twice.
    # (One that --rules extends hung the run: the chain was read twice before the first hand.)
    fifo = tmp_path / "house.yaml"
    os.mkfifo(fifo)
    hands = tmp_path / "in.jsonl"
    rules = {"record": f', "rules": {json.dumps(str(fifo))}',
             "record, relative": ', "rules": "house.yaml"'}.get(where, "")
    hands.write_text(f'{{"hand": "111m123m456m789m5pC"{rules}}}\n', encoding="utf-8")
    (tmp_path / "top.yaml").write_text(f"extends: {json.dumps(str(fifo))}\n", encoding="utf-8")
    args = {"--rules": ["--rules", fifo], "extends": ["--rules", tmp_path / "top.yaml"]}.get(
        where, ["-o", tmp_path / "out.jsonl"])
    proc = mjscore("batch", hands, "--format", "jsonl", *args)
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    said = "a pipe or device, which batch would read more than once; save the ruleset to a file"
    if where == "extends":  # (as every command says it: no writer is needed to be refused)
        assert (proc.returncode, out) == (2, "") and err == \
            f'mjscore: invalid ruleset: {tmp_path / "top.yaml"}: extends: "{fifo}" is a pipe ' \
            "or device, not a ruleset file; save the ruleset to a file\n"
    elif not where.startswith("record"):
        assert (proc.returncode, out) == (2, "") and err == f"mjscore: invalid ruleset: " \
                                                            f"{fifo}: {said}\n"
    else:
        row = json.loads((tmp_path / "out.jsonl").read_text(encoding="utf-8"))
        assert proc.returncode == 2 and row["error"] == f"invalid ruleset: {fifo}: {said}"


@needs_fifo
@pytest.mark.parametrize("args", [
    pytest.param(["score", "111m123m456m789m5pC", "--rules"], id="score"),
    pytest.param(["waits", "111m123m456m789m5p", "--rules"], id="waits"),
    pytest.param(["settle", RECORD, "--rules"], id="settle"),
    pytest.param(["rules", "check"], id="rules-check"),
    pytest.param(["rules", "show"], id="rules-show"),
])
def test_a_pipe_that_a_ruleset_extends_is_refused_not_waited_for(tmp_path, args):
    # Opened, a named pipe with no writer waits for ever: the run hung before its first hand.
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    house = tmp_path / "house.yaml"
    house.write_text("extends: pipe.yaml\n", encoding="utf-8")
    result = run(*args, house)
    assert (result.exit_code, result.output) == (2, f'mjscore: invalid ruleset: {house}: '
                                                    'extends: "pipe.yaml" is a pipe or device, '
                                                    'not a ruleset file; save the ruleset to '
                                                    'a file\n')


@pytest.mark.skipif(not Path("/dev/stdin").exists(), reason="needs /dev/stdin")
@pytest.mark.parametrize("extends, want", [
    # (`--rules <(cat sub/b.yaml)` said "no such file beside this one" of a file beside b.yaml,
    # and `rules check /dev/stdin < b.yaml` of one beside it in the working folder: each was
    # looked for in /dev/fd or /dev. Read from there, it is the working folder's.)
    pytest.param("a.yaml", "", id="relative: the working folder's"),
    pytest.param("../a.yaml", 'mjscore: invalid ruleset: /dev/stdin: extends: "../a.yaml": no '
                 "such file in the working folder (a ruleset read from a pipe or standard input "
                 "has no folder of its own)\n", id="relative: none there"),
    pytest.param("{a}", "", id="absolute"),
])
@pytest.mark.parametrize("piped", [True, False], ids=["a pipe", "a file redirected"])
def test_a_ruleset_read_from_standard_input_and_its_base(tmp_path, extends, want, piped):
    (tmp_path / "a.yaml").write_text("extends: luzhou\nname: a\n", encoding="utf-8")
    house = f"extends: {extends.format(a=tmp_path / 'a.yaml')}\nname: b\n"
    (tmp_path / "b.yaml").write_text(house, encoding="utf-8")
    with open(tmp_path / "b.yaml", encoding="utf-8") as f:
        proc = mjscore("score", "111m123m456m789m5pC", "--rules", "/dev/stdin", cwd=tmp_path,
                       stdin=subprocess.PIPE if piped else f)
        try:
            out, err = proc.communicate(house if piped else None, timeout=60)
        finally:
            proc.kill()
    assert (proc.returncode, err) == ((2, want) if want else (0, "")), err
    assert want or "(b)" in out


@needs_fifo
def test_a_pipe_has_no_stamp_and_is_not_opened_for_one(tmp_path):
    from mjscore.ruleset_files import stamps
    fifo = tmp_path / "house.yaml"
    os.mkfifo(fifo)
    with hang_guard():
        assert stamps([fifo]) is None


# A file saved as "Unicode" by Windows Notepad or Windows PowerShell's `>` is UTF-16 (with a
# mark): batch called it "a binary file", settle and rules "not UTF-8 text".
@pytest.mark.parametrize("encoding, command, name, want", [
    pytest.param("utf-16", "batch", "h.jsonl", "h.jsonl: UTF-16 text", id="jsonl-utf-16"),
    pytest.param("utf-16", "batch", "h.csv", "h.csv: UTF-16 text", id="csv-utf-16"),
    pytest.param("utf-16", "batch", "h.yaml", "h.yaml: UTF-16 text", id="yaml-utf-16"),
    pytest.param("utf-32", "batch", "h.jsonl", "h.jsonl: UTF-32 text", id="jsonl-utf-32"),
    pytest.param("utf-16-be", "batch", "h.jsonl", "h.jsonl: UTF-16 text", id="jsonl-utf-16-be"),
    pytest.param("utf-16", "settle", "r.yaml", "r.yaml: UTF-16 text", id="settle"),
    pytest.param("utf-16", "rules check", "r.yaml", "invalid ruleset: r.yaml: UTF-16 text",
                 id="rules-check"),
])
def test_a_file_in_utf_16_says_so(tmp_path, monkeypatch, encoding, command, name, want):
    monkeypatch.chdir(tmp_path)
    text = {"batch": '{"hand": "111m123m456m789m5pC"}\n' if name.endswith(".jsonl") else
            "hand\n111m123m456m789m5pC\n" if name.endswith(".csv") else
            '- hand: "111m123m456m789m5pC"\n'}.get(command, RECORD.read_text(encoding="utf-8"))
    mark = "\ufeff" if encoding == "utf-16-be" else ""
    Path(name).write_bytes((mark + text).encode(encoding))
    res = run(*command.split(), name)
    assert (res.exit_code, res.stdout) == (2, "")
    assert res.stderr == f"mjscore: {want}, not UTF-8: save it as UTF-8\n"


def _hands(tmp_path, n: int) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text('{"hand": "11m123m456m789mCCC"}\n' * n, encoding="utf-8")
    return path


def _workers(pid: int, want: int, seconds: float = 60) -> list:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        if len(kids) >= want:
            return [int(k) for k in kids]
        time.sleep(0.02)
    raise AssertionError("no workers started")


def _gone(pid: int, seconds: float = 30) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return True
        if state == "Z":  # (ended; its parent, init here, has yet to reap it)
            return True
        time.sleep(0.02)
    return False


# SIGTERM or SIGHUP to a batch with workers ended the parent where it stood and left its
# workers behind, for ever, each waiting on a pipe no one would write to again.
@needs_signals
@pytest.mark.parametrize("name, code, said", [
    pytest.param("SIGTERM", 143, "mjscore: terminated\n", id="SIGTERM"),
    pytest.param("SIGHUP", 129, "mjscore: hung up\n", id="SIGHUP"),
    pytest.param("SIGINT", 130, "mjscore: interrupted\n", id="SIGINT"),
])
def test_a_signal_stops_a_batch_and_its_workers(tmp_path, name, code, said):
    # Unbuffered (python -u), a write the signal cut short while the pipe was full (nothing
    # reads it until the signal) dropped the rest of its rows: the output ended on half a row.
    proc = mjscore("batch", _hands(tmp_path, 200_000), "--format", "jsonl", "--jobs", "2",
                   env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=_ctrl_c_default)
    time.sleep(0.5)  # (the pipe fills)
    workers = _workers(proc.pid, 2)
    proc.send_signal(getattr(signal, name))
    out, err = proc.communicate(timeout=60)
    assert (proc.returncode, err) == (code, said)
    assert all(_gone(w) for w in workers)
    assert all(json.loads(line)["legal"] for line in out.splitlines())  # whole rows only


@needs_signals
def test_a_killed_worker_is_one_line_and_exit_2(tmp_path):
    # It was a BrokenProcessPool traceback, exit 1 (which says "some hands not legal").
    proc = mjscore("batch", _hands(tmp_path, 200_000), "--format", "jsonl", "--jobs", "2")
    workers = _workers(proc.pid, 2)
    os.kill(workers[0], signal.SIGKILL)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and err == (
        "mjscore: a worker process ended unexpectedly (killed, or out of memory); the rows "
        "scored before it were written, the rest were not\n")
    assert all(_gone(w) for w in workers)


# A worker killed as soon as it started, while the first chunks were still being sent to the
# pool (one run in ten of test_a_killed_worker_is_one_line_and_exit_2 on a loaded machine):
# the pool's BrokenProcessPool came out of the first submits as a traceback, exit 1. Where
# workers are spawned, the pool; where they fork, a worker that ends as it starts.
BROKEN_AT_START = """
import concurrent.futures, multiprocessing, os, sys
from concurrent.futures.process import BrokenProcessPool

class Broken:
    def __init__(self, *args, **kwargs):
        self._processes = {}
    def submit(self, fn, *args):
        raise BrokenProcessPool("A child process terminated abruptly")
    def shutdown(self, wait=True, cancel_futures=False):
        pass

if sys.argv[2] == "spawn":
    multiprocessing.set_start_method("spawn")
    concurrent.futures.ProcessPoolExecutor = Broken
else:
    multiprocessing.set_start_method("fork")
    import mjscore.forked
    mjscore.forked.serve = lambda *args: os._exit(1)
from mjscore.cli import main
sys.argv = ["mjscore", "batch", sys.argv[1], "--format", "jsonl", "--jobs", "2"]
main()
"""


@pytest.mark.parametrize("method", ["spawn", "fork"])
def test_a_worker_killed_while_the_pool_starts(tmp_path, method):
    if method == "fork" and not hasattr(os, "fork"):
        pytest.skip("no fork here")
    res = subprocess.run([sys.executable, "-c", BROKEN_AT_START, _hands(tmp_path, 1000),
                          method], capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert (res.returncode, res.stdout, res.stderr) == (2, "", (
        "mjscore: a worker process ended unexpectedly (killed, or out of memory); the rows "
        "scored before it were written, the rest were not\n"))


# A stop that came while a worker was forked (seen on a loaded machine, where the test above
# signals as soon as the second worker shows) was raised inside the fork's own hooks in the
# parent, printed as "Exception ignored in: <function _releaseLock ...>" and lost: the run
# went on to the end, exit 0. Here the signal comes in such a hook every time.
SIGNAL_IN_FORK = """
import os, signal, sys
number, sent = getattr(signal, sys.argv[2]), []

def after_fork():
    if not sent:
        sent.append(True)
        os.kill(os.getpid(), number)

os.register_at_fork(after_in_parent=after_fork)
from mjscore.cli import main
sys.argv = ["mjscore", "batch", sys.argv[1], "--format", "jsonl", "--jobs", "2"]
main()
"""


@needs_signals
@pytest.mark.parametrize("name, code, said", [
    pytest.param("SIGTERM", 143, "mjscore: terminated\n", id="SIGTERM"),
    pytest.param("SIGINT", 130, "mjscore: interrupted\n", id="SIGINT"),
])
def test_a_signal_while_a_worker_is_forked_stops_the_run(tmp_path, name, code, said):
    res = subprocess.run([sys.executable, "-c", SIGNAL_IN_FORK, _hands(tmp_path, 20_000), name],
                         capture_output=True, text=True, encoding="utf-8", timeout=60,
                         preexec_fn=_ctrl_c_default)
    assert (res.returncode, res.stderr) == (code, said)
    assert all(json.loads(line)["legal"] for line in res.stdout.splitlines())


class _NoLocks:
    """A pool where processes cannot have their locks (a read-only /dev/shm, AWS Lambda)."""

    def __init__(self, *args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))


class _OneFork:
    """A pool whose second worker cannot be forked: the chunk it was started for is kept."""

    def __init__(self, max_workers, initializer=None, mp_context=None):
        self.submitted = 0

    def submit(self, fn, *args):
        self.submitted += 1
        if self.submitted == 2:
            raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))
        from concurrent.futures import Future
        future = Future()
        future.set_result(fn(*args))
        return future

    def shutdown(self, wait=True, cancel_futures=False):
        pass


def _spawned(pool):
    """Workers spawned (the pool's), where the pool is `pool`."""
    def setup(monkeypatch):
        import concurrent.futures
        import multiprocessing
        monkeypatch.setattr(multiprocessing, "get_start_method", lambda allow_none=False: "spawn")
        monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", pool)
    return setup


def _forked(monkeypatch):
    """Workers forked (`forked`), whatever this platform's default start method is."""
    import multiprocessing
    monkeypatch.setattr(multiprocessing, "get_start_method", lambda allow_none=False: "fork")


def _no_pipes(monkeypatch):
    """Workers forked, where no pipe can be made: the file descriptors ran out."""
    def pipe():
        raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))
    _forked(monkeypatch)
    monkeypatch.setattr(os, "pipe", pipe)


def _second_fork_fails(monkeypatch):
    """Workers forked, where the first is and the second cannot be."""
    _forked(monkeypatch)
    real, calls = os.fork, []

    def fork():
        calls.append(1)
        if len(calls) == 2:
            raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))
        return real()
    monkeypatch.setattr(os, "fork", fork)


# A pool that could not be had stopped the run with "cannot write the output: Read-only file
# system", which named the wrong thing, and the output (-o) was emptied.
@pytest.mark.parametrize("setup, why", [
    pytest.param(_spawned(_NoLocks), "Read-only file system", id="spawn-no-locks"),
    pytest.param(_spawned(_OneFork), "Resource temporarily unavailable",
                 id="spawn-second-fails"),
    pytest.param(_no_pipes, "Too many open files", id="fork-no-pipes"),
    pytest.param(_second_fork_fails, "Resource temporarily unavailable",
                 id="fork-second-fails"),
])
def test_no_worker_processes_scores_in_one(tmp_path, monkeypatch, setup, why):
    hands = tmp_path / "in.jsonl"
    hands.write_text("".join(json.dumps({"hand": "11m123m456m789mCCC", "discard": seat}) + "\n"
                             for seat in "SWN" * 300), encoding="utf-8")
    one = run("batch", hands, "--format", "jsonl")
    if setup in (_no_pipes, _second_fork_fails) and not hasattr(os, "fork"):
        pytest.skip("no fork here")
    setup(monkeypatch)
    res = run("batch", hands, "--format", "jsonl", "--jobs", "2")
    assert (res.exit_code, res.stdout) == (one.exit_code, one.stdout)
    assert res.stderr.startswith(f"mjscore: --jobs 2: no worker processes here ({why}); "
                                 "scoring in this one\n")


# A stop inside a write waits for the write, whole rows only; but a write into a full pipe no
# one reads never ended, and neither did the run: Ctrl-C, pressed again and again, did nothing.
@pytest.mark.parametrize("times, written", [
    pytest.param(1, True, id="one-after-the-write"),
    pytest.param(2, False, id="a-second-inside-it"),
])
def test_a_second_ctrl_c_stops_a_write(times, written, interruptible):
    from mjscore.workers import stop_on_signals, unbroken
    done = []
    restore = stop_on_signals()
    try:
        with pytest.raises(KeyboardInterrupt):
            with unbroken():
                for _ in range(times):
                    signal.raise_signal(signal.SIGINT)  # (its handler runs before it returns)
                done.append("written")
    finally:
        restore()
    assert done == (["written"] if written else [])


def _sleepers(n: int) -> list:
    """`n` forked workers (`forked._Worker`) that only sleep, each with its pipes."""
    from mjscore.forked import _Worker
    crew = []
    for _ in range(n):
        to_r, to_w = os.pipe()
        back_r, back_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                time.sleep(60)
            finally:
                os._exit(0)
        os.close(to_r)
        os.close(back_w)
        crew.append(_Worker(pid, to_w, back_r))
    return crew


# A second Ctrl-C while forked workers were being stopped was raised part-way: the workers
# after it were neither killed nor waited for, and ended only when they next read.
@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked workers")
def test_a_second_ctrl_c_while_workers_stop_still_stops_them_all(interruptible, monkeypatch):
    from mjscore import forked
    from mjscore.workers import stop_on_signals
    crew = _sleepers(3)
    pids, real_kill = [w.pid for w in crew], os.kill

    def kill(pid, number):
        if pid == pids[0]:
            signal.raise_signal(signal.SIGINT)  # (its handler runs before it returns)
        real_kill(pid, number)
    monkeypatch.setattr(os, "kill", kill)
    restore = stop_on_signals()
    try:
        with pytest.raises(KeyboardInterrupt):
            forked._stop(crew)
    finally:
        restore()
    for pid in pids:  # (each reaped: none is this process's child any more)
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
    assert [(w.pid, w.to, w.back) for w in crew] == [(0, -1, -1)] * 3


# A stop between the two closes of a worker's pipe ends (the end of a run) left the first one
# to be closed again by the stop: by then its number could be another file's.
@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked workers")
def test_a_stop_between_closing_a_workers_pipes_closes_none_twice(monkeypatch):
    from mjscore import forked
    (w,) = _sleepers(1)
    first, closed, real_close = w.to, [], os.close

    def close(fd):
        real_close(fd)
        closed.append(fd)
        if fd == first:
            raise KeyboardInterrupt
    monkeypatch.setattr(os, "close", close)
    with pytest.raises(KeyboardInterrupt):
        forked._finish([w])
    forked._stop([w])
    assert closed == [first, closed[1]] and closed[1] != first and w.pid == 0


# Unbuffered (PYTHONUNBUFFERED=1, as container images set), output went through a buffer
# that only a flush emptied: a batch's rows waited there and came after the error line of
# the record that followed them (and, in a log, late).
def test_unbuffered_rows_come_before_the_error_line_after_them():
    good = '{"hand": "111m123m456m789m5pC"}\n'
    proc = subprocess.run([sys.executable, "-m", "mjscore", "batch", "-", "--format", "jsonl"],
                          input=good + '{"hand": "x"}\n' + good, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, encoding="utf-8", timeout=60,
                          env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines = proc.stdout.splitlines()
    assert proc.returncode == 2 and json.loads(lines[0])["record"] == 1
    assert lines[1].startswith('<stdin>:2: invalid hand: column 1: unknown tile "x"')


# A stop held in a write that then failed (a closed pipe) stayed held after the run: the next
# run in the process (CliRunner, a caller's) stopped at its first write, never signalled.
def test_a_stop_held_in_a_failed_write_is_not_the_next_runs(interruptible):
    from mjscore.workers import stop_on_signals, unbroken
    restore = stop_on_signals()
    try:
        with pytest.raises(BrokenPipeError):
            with unbroken():
                signal.raise_signal(signal.SIGINT)
                raise BrokenPipeError
    finally:
        restore()
    stopped = []
    restore = stop_on_signals()
    try:
        with unbroken():
            pass
    except KeyboardInterrupt:  # (caught: left to rise, it would stop the whole test run)
        stopped.append("the next run")
    finally:
        restore()
    assert stopped == []


# Out of file descriptors while the workers start (ulimit -n 15 or 16): the run said "no
# worker processes here" and scored in one process, but in half the runs it waited for ever on
# a worker that outlived SIGTERM (`workers._abandon` now kills it). Real processes, 8 runs.
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file descriptor limits")
def test_running_out_of_file_descriptors_never_hangs_a_batch(tmp_path):
    import resource
    hands = tmp_path / "in.jsonl"
    hands.write_text("".join(json.dumps({"hand": "11m123m456m789mCCC", "discard": seat}) + "\n"
                             for seat in "SWN" * 2000), encoding="utf-8")
    cmd = [sys.executable, "-m", "mjscore", "batch", str(hands), "--format", "csv"]
    one = subprocess.run(cmd, capture_output=True, timeout=60)
    for limit in (15, 16) * 4:
        def low(n=limit):
            resource.setrlimit(resource.RLIMIT_NOFILE, (n, n))
        res = subprocess.run(cmd + ["--jobs", "2"], capture_output=True, timeout=60,
                             preexec_fn=low)
        assert (res.returncode, res.stdout) == (one.returncode, one.stdout), res.stderr
