"""Running a function in several threads at once, switching between them as often as the
interpreter can, to give a race every chance to show."""

from __future__ import annotations

import sys
import threading


def in_threads(work, n: int = 4) -> list:
    """work(i) for i in range(n), each in its own thread; the results in order, or the first
    exception any thread raised, raised here."""
    results: list = [None] * n
    errors: list = []

    def run(i):
        try:
            results[i] = work(i)
        except BaseException as e:  # noqa: BLE001 - the test thread re-raises it
            errors.append(e)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    finally:
        sys.setswitchinterval(interval)
    if errors:
        raise errors[0]
    return results
