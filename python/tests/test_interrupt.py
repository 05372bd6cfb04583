"""Ctrl-C during a search: SIGINT sent to this process from a timer
thread while the main thread waits in crypta. The search stops, raises
crypta.Interrupted (a KeyboardInterrupt) with what it found so far. Each
search also has a long time limit as a hang guard: if the interrupt were
lost, the search would end by that limit and the test would fail on the
exception's type, not hang."""

import os
import signal
import threading
import time

import pytest

import crypta
from conftest import SLOW_COUNT, SLOW_NOTHING

GUARD = 300.0

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix",
                                reason="SIGINT to oneself is POSIX")


def ctrl_c_after(seconds):
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def test_ctrl_c_stops_a_count_with_the_count_so_far():
    timer = ctrl_c_after(0.5)
    with pytest.raises(crypta.Interrupted) as info:
        crypta.count(SLOW_COUNT, timeout=GUARD)
    timer.join()
    error = info.value
    assert isinstance(error, KeyboardInterrupt)
    assert isinstance(error.__cause__, KeyboardInterrupt)
    answer = error.answer
    assert answer.complete is False and answer.stopped_by == "interrupt"
    assert answer.count > 0 and answer.query == "count"


def test_ctrl_c_stops_a_script_with_the_answers_so_far():
    # The second statement never ends (a `solve` with solutions early may
    # reach the output cap within the half second on a fast machine, and
    # then the signal lands after crypta.run has returned).
    timer = ctrl_c_after(0.5)
    with pytest.raises(crypta.Interrupted) as info:
        crypta.run("count AB + BA = CDC\nsolve " + SLOW_NOTHING + "\ncount A + B = C",
                   timeout=GUARD)
    timer.join()
    done, cut = info.value.answers
    assert done.count == 6 and done.complete
    assert cut.stopped_by == "interrupt" and not cut.complete
    assert cut.count == len(cut.solutions) == 0


def test_ctrl_c_while_a_stream_waits():
    stream = crypta.solutions(SLOW_NOTHING, timeout=GUARD)
    timer = ctrl_c_after(0.5)
    with pytest.raises(crypta.Interrupted) as info:
        next(stream)
    timer.join()
    assert info.value.answer.stopped_by == "interrupt"
    assert info.value.answer.count == 0


def test_the_gil_is_released_during_a_search():
    # A thread searches for a second; this thread runs Python meanwhile.
    stamps = {}

    def search():
        stamps["start"] = time.monotonic()
        crypta.ask("count " + SLOW_NOTHING, timeout=1.5)
        stamps["end"] = time.monotonic()

    worker = threading.Thread(target=search)
    ran = []
    worker.start()
    while worker.is_alive():
        ran.append(time.monotonic())
        time.sleep(0.01)
    worker.join()
    middle = [t for t in ran if stamps["start"] + 0.5 < t < stamps["end"] - 0.5]
    assert middle, "Python ran nothing while the search ran"
