"""Benchmarks of crypta for Python, each side by side in one process:

    python python/bench/bench.py overhead [--calls 2000] [--rounds 5]
    python python/bench/bench.py enigma --enigma PATH/enigma.py [--runs 3]
    python python/bench/bench.py stream
    python python/bench/bench.py all --enigma PATH/enigma.py

`overhead`: the time per call of a small statement through the module
(`crypta.ask`, `crypta.count`, `crypta.solve`: parse, run on a search
thread, wait, answer as dataclasses) beside the same parse and run made
by the Rust library in a loop (`crypta._crypta._native_calls`, in the same
extension, so the same build of the core), the fastest of --rounds.

`enigma`: the 30 puzzles of benches/enigma/puzzles.py counted by
`crypta.count` and by enigma.py's SubstitutedExpression (made from the
same arguments as `enigma.py SubstitutedExpression ...` and solved
silently), in this process, both checked against the brute-force counts
of benches/enigma/counts.json; the median of --runs each, and the ratio;
then the least processor time of the runs (every thread of the process)
and its ratio, which waiting for a core on a busy machine does not blur.
enigma.py is one public file (github.com/enigmatic-code/py-enigma), not
part of this repository: give its path.

`stream`: `itertools.islice(crypta.solutions(P), 10)` on a puzzle of
4,899,960,000 solutions, in this process, and in fresh interpreters: the
time taken and the growth of the peak resident memory; then 1,000,000
solutions of it pulled one by one (past `crypta run`'s output cap).
"""

import argparse
import importlib.util
import itertools
import json
import os
import statistics
import subprocess
import sys
import time

import crypta
from crypta import _crypta

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "benches", "enigma"))
from puzzles import PUZZLES  # noqa: E402

BILLIONS = "ABCDE + FGHIJ = KLMNOP with repeats"
SMALL = ["A + B = C with A = 1, B = 2", "SEND + MORE = MONEY", "count AB + BA = CDC"]


def best(fn, rounds):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def cmd_overhead(args):
    print("per call, the fastest of %d rounds of %d calls" % (args.rounds, args.calls))
    ratios = []
    for statement in SMALL:
        crypta.ask(statement)
        native = min(_crypta._native_calls(statement, args.calls)
                     for _ in range(args.rounds)) / args.calls

        def through_python():
            for _ in range(args.calls):
                crypta.ask(statement)

        python = best(through_python, args.rounds) / args.calls
        ratios.append(python / native)
        print("%-28s rust %7.1f us   python %7.1f us   %.2fx" % (
            statement, native * 1e6, python * 1e6, python / native), flush=True)
    print("overhead ratio python/rust: max %.2fx" % max(ratios))
    return ratios


def load_enigma(path):
    spec = importlib.util.spec_from_file_location("enigma", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def enigma_count(enigma, p):
    solver = enigma.SubstitutedExpression.from_args(list(p["args"]) + list(p["enigma"]))
    return sum(1 for _ in solver.solve(verbose=0))


def cmd_enigma(args):
    enigma = load_enigma(args.enigma)
    with open(os.path.join(ROOT, "benches", "enigma", "counts.json")) as f:
        expected = json.load(f)
    ratios, cpu_ratios, agree, total_c, total_e = [], [], 0, 0.0, 0.0
    for p in PUZZLES:
        want = expected.get(p["name"])
        tc, te, got_c, got_e = [], [], None, None
        cpu_c, cpu_e = [], []
        for _ in range(args.runs):  # interleaved: crypta, enigma.py, crypta, ...
            start, cpu = time.perf_counter(), time.process_time()
            got_c = crypta.count(p["crypta"])
            tc.append(time.perf_counter() - start)
            cpu_c.append(time.process_time() - cpu)
            start, cpu = time.perf_counter(), time.process_time()
            got_e = enigma_count(enigma, p)
            te.append(time.perf_counter() - start)
            cpu_e.append(time.process_time() - cpu)
        c, e = statistics.median(tc), statistics.median(te)
        # Processor time (every thread of the process), the least of the
        # runs: on a shared machine, what waiting for a core adds is noise.
        cpu_ratios.append(min(cpu_e) / max(min(cpu_c), 1e-9))
        ok = got_c == got_e == want
        agree += ok
        total_c, total_e = total_c + c, total_e + e
        ratios.append(e / c)
        print("%-26s count %5s %5s %5s  crypta %8.2f ms  enigma.py %9.1f ms  %7.1fx"
              "   cpu %8.2f / %8.1f ms %7.1fx%s" % (
                  p["name"], got_c, got_e, want, c * 1e3, e * 1e3, e / c,
                  min(cpu_c) * 1e3, min(cpu_e) * 1e3, cpu_ratios[-1],
                  "" if ok else "  COUNTS DIFFER"), flush=True)
    print("puzzles: %d, counts agree: %d, at least 10x faster: %d by wall time (median), "
          "%d by processor time (least)" % (
              len(PUZZLES), agree, sum(r >= 10 for r in ratios),
              sum(r >= 10 for r in cpu_ratios)))
    print("ratio enigma.py/crypta: min %.1fx, median %.1fx, geometric mean %.1fx; "
          "totals %.2f s / %.3f s = %.1fx" % (
              min(ratios), statistics.median(ratios),
              statistics.geometric_mean(ratios), total_e, total_c, total_e / total_c))
    if agree != len(PUZZLES):
        sys.exit(1)


STREAM = r"""
import itertools, json, resource, sys, time
import crypta
def rss():
    r = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return r if sys.platform == "darwin" else r * 1024
before = rss()
start = time.perf_counter()
ten = list(itertools.islice(crypta.solutions(%r), 10))
took = time.perf_counter() - start
print(json.dumps({"n": len(ten), "seconds": took, "rss": rss() - before, "peak": rss()}))
"""


LONG = r"""
import itertools, json, resource, sys, time
import crypta
def rss():
    r = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return r if sys.platform == "darwin" else r * 1024
start = time.perf_counter()
stream = crypta.solutions(%r)
n = sum(1 for _ in itertools.islice(stream, 10000))
before = rss()
n += sum(1 for _ in itertools.islice(stream, 990000))
took = time.perf_counter() - start
print(json.dumps({"n": n, "seconds": took, "rss": rss() - before, "peak": rss()}))
"""


def cmd_stream(args):
    print("count of the puzzle: %d" % crypta.count(BILLIONS))
    warm = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        ten = list(itertools.islice(crypta.solutions(BILLIONS), 10))
        warm.append(time.perf_counter() - start)
    assert len(ten) == 10
    print("islice of 10 in this process: median %.2f ms, max %.2f ms of %d" % (
        statistics.median(warm) * 1e3, max(warm) * 1e3, len(warm)))
    runs = []
    for _ in range(args.rounds):
        out = subprocess.run([sys.executable, "-c", STREAM % BILLIONS], capture_output=True,
                             text=True, check=True)
        runs.append(json.loads(out.stdout))
    t = statistics.median(r["seconds"] for r in runs)
    grew = max(r["rss"] for r in runs)
    peak = max(r["peak"] for r in runs)
    print("islice of 10: median %.2f ms (max %.2f ms) of %d fresh interpreters; peak RSS "
          "grew by at most %.1f MB (whole process at most %.1f MB)" % (
              t * 1e3, max(r["seconds"] for r in runs) * 1e3, len(runs), grew / 2 ** 20,
              peak / 2 ** 20))
    out = subprocess.run([sys.executable, "-c", LONG % BILLIONS], capture_output=True,
                         text=True, check=True)
    r = json.loads(out.stdout)
    print("1,000,000 solutions pulled in a fresh interpreter: %.2f s, %.2f us each; peak RSS "
          "grew by %.1f MB from the 10,000th to the last (whole process %.1f MB)" % (
              r["seconds"], r["seconds"] / r["n"] * 1e6, r["rss"] / 2 ** 20,
              r["peak"] / 2 ** 20))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["overhead", "enigma", "stream", "all"])
    ap.add_argument("--enigma", help="path of enigma.py (for `enigma`)")
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    if args.what in ("enigma", "all") and not args.enigma:
        ap.error("enigma needs --enigma PATH/enigma.py")
    if args.what in ("overhead", "all"):
        cmd_overhead(args)
    if args.what in ("stream", "all"):
        cmd_stream(args)
    if args.what in ("enigma", "all"):
        cmd_enigma(args)


if __name__ == "__main__":
    main()
