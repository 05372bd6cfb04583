"""crypta.solutions streams: the first of billions arrive without the
rest being searched or kept, and closing the generator stops the search.
Memory is measured in a fresh interpreter (ru_maxrss, which counts the
Rust side too; tracemalloc sees Python's objects only)."""

import itertools
import json
import subprocess
import sys
import textwrap

import pytest

import crypta
from conftest import BILLIONS, SLOW_COUNT

MB = 1 << 20


def measured(code):
    """Runs `code` in a fresh interpreter; it prints a JSON object."""
    script = textwrap.dedent("""
        import itertools, json, resource, sys, tracemalloc
        import crypta
        def rss():
            # kilobytes on Linux, bytes on macOS
            r = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            return r if sys.platform == "darwin" else r * 1024
        """) + textwrap.dedent(code)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def drained(stream, into=None):
    """How many solutions ``stream`` gave (each appended to ``into`` when
    given; none kept otherwise), and the answer it returns at its end."""
    n = 0
    while True:
        try:
            solution = next(stream)
        except StopIteration as end:
            return n, end.value
        n += 1
        if into is not None:
            into.append(solution)


def test_islice_of_ten_from_billions_is_lazy():
    got = list(itertools.islice(crypta.solutions(BILLIONS), 10))
    assert len(got) == 10 and len({tuple(s.symbols.values()) for s in got}) == 10
    for s in got:
        v = {k: d for k, d in s.symbols.items()}
        word = lambda w: int("".join(str(v[c]) for c in w))  # noqa: E731
        assert word("ABCDE") + word("FGHIJ") == word("KLMNOP")


def test_islice_memory():
    r = measured("""
        before = rss()
        tracemalloc.start()
        got = list(itertools.islice(crypta.solutions(%r), 10))
        _, peak = tracemalloc.get_traced_memory()
        print(json.dumps({"n": len(got), "rss": rss() - before, "py": peak}))
        """ % BILLIONS)
    assert r["n"] == 10
    assert r["rss"] < 50 * MB and r["py"] < 5 * MB


def test_a_long_stream_keeps_nothing():
    # 200,000 solutions read one by one: kept, they would take hundreds of
    # megabytes; streamed, the memory of a few.
    r = measured("""
        import itertools
        warm = list(itertools.islice(crypta.solutions(%r), 1000))
        before = rss()
        n = sum(1 for _ in itertools.islice(crypta.solutions(%r), 200000))
        print(json.dumps({"n": n, "rss": rss() - before}))
        """ % (BILLIONS, BILLIONS))
    assert r["n"] == 200000
    assert r["rss"] < 50 * MB


def test_the_generator_returns_the_answer_when_exhausted():
    got = []
    _, answer = drained(crypta.solutions("AB + BA = CDC"), got)
    assert len(got) == 6 and answer.count == 6 and answer.complete
    assert answer.solutions == []
    assert [s.symbols for s in got] == [s.symbols for s in crypta.solve("AB + BA = CDC")]


def test_first_stops_the_stream():
    assert len(list(crypta.solutions(BILLIONS, first=25))) == 25
    assert len(list(crypta.solutions("first 3 " + BILLIONS))) == 3


def test_closing_stops_the_search():
    stream = crypta.solutions(BILLIONS)
    next(stream)
    stream.close()
    with pytest.raises(StopIteration):
        next(stream)
    # A search without end, closed: it stops by the flag, not by its
    # (hang guard) time limit.
    raw = crypta._crypta.Stream(SLOW_COUNT, timeout=300)
    next(raw)
    raw.close()
    answer = crypta._types._answer(raw.answer())
    assert answer.stopped_by == "interrupt" and answer.count >= 1
    # Breaking out of a loop drops the generator: the search stops too.
    for n, _ in enumerate(crypta.solutions(BILLIONS)):
        if n == 100:
            break


def test_a_limit_ends_the_stream_and_says_so():
    n, answer = drained(crypta.solutions(BILLIONS, max_nodes=5000))
    assert answer.complete is False and answer.stopped_by == "nodes"
    assert answer.count == n > 0


def test_nothing_is_searched_before_the_first_next():
    stream = crypta.solutions(BILLIONS)
    del stream  # never started: nothing to stop
    assert json is not None


def test_a_stream_goes_past_the_output_cap_in_bounded_memory():
    # `crypta run` stops printing after about four million digits of
    # solutions (262,144 of this puzzle's 16 letters); a generator goes on
    # for as long as it is pulled, in the memory of a few solutions: the
    # peak resident memory grows no more from the 20,000th solution to the
    # 400,000th than a few megabytes of noise.
    r = measured("""
        stream = crypta.solutions(%r, first=400000)
        n = sum(1 for _ in itertools.islice(stream, 20000))
        before = rss()
        last = None
        for last in stream:
            n += 1
        print(json.dumps({"n": n, "rss": rss() - before, "last": last.symbols}))
        """ % BILLIONS)
    assert r["n"] == 400000 > (1 << 22) // 16
    assert r["rss"] < 16 * MB, r
    v = r["last"]
    word = lambda w: int("".join(str(v[c]) for c in w))  # noqa: E731
    assert word("ABCDE") + word("FGHIJ") == word("KLMNOP")


def test_an_uncapped_stream_ends_complete_and_says_how_many():
    n, answer = drained(crypta.solutions(BILLIONS, first=300000))
    assert n == answer.count == 300000
    assert answer.complete and answer.stopped_by is None
