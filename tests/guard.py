"""A hang guard for tests that feed the tool hostile or arbitrary input.

It is a generous ceiling that turns an infinite loop into a test failure instead of a stuck
CI job; it asserts nothing about speed.
"""

from __future__ import annotations

import signal
from contextlib import contextmanager

SECONDS = 10


class Hang(BaseException):
    """Raised into the code under test when it runs past the guard. A BaseException, so that
    no `except Exception` inside mjscore can turn a hang into an ordinary error."""


@contextmanager
def hang_guard(seconds: float = SECONDS):
    if not hasattr(signal, "setitimer"):  # no SIGALRM (Windows): run unguarded
        yield
        return

    def on_alarm(signum, frame):
        raise Hang(f"still running after {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
