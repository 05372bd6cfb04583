"""crypta against enigma.py's SubstitutedExpression on the puzzles of
puzzles.py, side by side in one run, every count checked against a brute
force of our own.

    python3 benches/enigma/run.py brute            # counts by brute force
    python3 benches/enigma/run.py bench --enigma PATH/enigma.py [--runs 5]
    python3 benches/enigma/run.py --puzzles benches/enigma/v3_conditions.py bench ...

`brute` tries every assignment of the letters (permutations, or every
digit when letters may repeat), skips words of two or more letters that
start with 0, and evaluates the puzzle's enigma.py expressions with plain
Python arithmetic and helpers written here; it shares no code with either
solver. `bench` times whole processes: `crypta --format json eval 'count
...'` (median of --runs) and `python3 enigma.py SubstitutedExpression ...`
(median of --enigma-runs), checks that both counts equal the brute force's,
and prints each time and the ratio. enigma.py is one public file
(github.com/enigmatic-code/py-enigma); it is not part of this repository.
"""

import argparse
import itertools
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
PUZZLES = []  # read by main() from --puzzles (default puzzles.py)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# ------------------------------------------------------------- brute force

def is_prime(n):
    """Deterministic Miller-Rabin below 3.3e24 (the first 13 primes)."""
    n = int(n)
    if n < 2:
        return False
    small = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    for p in small:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in small:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def is_square(n):
    n = int(n)
    return n >= 0 and math.isqrt(n) ** 2 == n


def is_cube(n):
    n = int(n)
    if n < 0:
        return False
    r = round(n ** (1 / 3))
    return any((r + k) ** 3 == n for k in (-1, 0, 1))


def is_triangular(n):
    return is_square(8 * int(n) + 1)


def fraction(*args):
    """enigma.py's fraction(): the sum a/b + c/d + ... in lowest terms."""
    from fractions import Fraction
    total = sum(Fraction(args[i], args[i + 1]) for i in range(0, len(args), 2))
    return (total.numerator, total.denominator)


def compile_puzzle(p):
    """A predicate over the letters, in sorted order, and the letters."""
    text = " ".join(p["enigma"])
    letters = sorted(set(re.findall(r"[A-Z]", text)))

    def word(m):
        w = m.group(0)
        terms = ["%s*%d" % (c, 10 ** (len(w) - 1 - i)) for i, c in enumerate(w)]
        return "(" + "+".join(terms) + ")"

    parts = []
    for e in p["enigma"]:
        e = re.sub(r"(?<![<>!=])=(?!=)", "==", e)
        parts.append("(" + re.sub(r"[A-Z]+", word, e) + ")")
    body = " and ".join(parts)
    env = dict(is_prime=is_prime, is_square=is_square, is_cube=is_cube,
               is_triangular=is_triangular, fraction=fraction)
    fn = eval("lambda %s: %s" % (", ".join(letters), body), env)
    leading = {w[0] for w in re.findall(r"[A-Z]+", text) if len(w) > 1}
    return fn, letters, leading


def brute(p):
    if p.get("brute"):
        return p["brute"]()
    fn, letters, leading = compile_puzzle(p)
    fixed = p["fixed"]
    free = [c for c in letters if c not in fixed]
    digits = [d for d in p["digits"]]
    if p["distinct"]:
        pool = [d for d in digits if d not in fixed.values()]
        choices = itertools.permutations(pool, len(free))
    else:
        choices = itertools.product(digits, repeat=len(free))
    count = 0
    index = {c: i for i, c in enumerate(letters)}
    lead = [index[c] for c in leading]
    base = [fixed.get(c, 0) for c in letters]
    slots = [index[c] for c in free]
    for choice in choices:
        values = base[:]
        for i, d in zip(slots, choice):
            values[i] = d
        if any(values[i] == 0 for i in lead):
            continue
        try:
            if fn(*values):
                count += 1
        except ZeroDivisionError:
            pass
    return count


# ------------------------------------------------------------------- bench

def run(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    return time.perf_counter() - start, out


def statement(p):
    return p.get("query", "count") + " " + p["crypta"]


def crypta_count(crypta, p):
    _, out = run([crypta, "--format", "json", "eval", statement(p)])
    return json.loads(out.stdout.splitlines()[0])["count"]


def enigma_count(enigma, p):
    cmd = [sys.executable, enigma, p.get("solver", "SubstitutedExpression"), *p["args"], *p["enigma"]]
    _, out = run(cmd)
    # With --answer, one "[N solutions]" per value: their sum.
    found = re.findall(r"\[(\d+) solutions?\]", out.stdout + out.stderr)
    if found:
        return sum(int(n) for n in found)
    # --verbose=0 prints one line per solution and no summary.
    return len([l for l in out.stdout.splitlines() if l.strip()])


def median_time(cmd, runs):
    return statistics.median(run(cmd)[0] for _ in range(runs))


def cmd_brute(args):
    for p in PUZZLES:
        start = time.perf_counter()
        n = brute(p)
        print("%-26s %6d  (%.1f s)" % (p["name"], n, time.perf_counter() - start), flush=True)


def cmd_bench(args):
    crypta = args.crypta or os.path.join(ROOT, "target", "release", "crypta")
    expected = json.load(open(args.counts)) if args.counts else {}
    rows, ratios, worst = [], [], 0.0
    for p in PUZZLES:
        want = expected.get(p["name"])
        got_c = crypta_count(crypta, p)
        got_e = enigma_count(args.enigma, p)
        ok = got_c == got_e and (want is None or want == got_c)
        # Interleaved: crypta, enigma.py, crypta, ...
        tc, te = [], []
        for i in range(max(args.runs, args.enigma_runs)):
            if i < args.runs:
                tc.append(run([crypta, "--format", "json", "eval", statement(p)])[0])
            if i < args.enigma_runs:
                te.append(run([sys.executable, args.enigma, p.get("solver", "SubstitutedExpression"),
                               *p["args"], *p["enigma"]])[0])
        c, e = statistics.median(tc), statistics.median(te)
        worst = max(worst, c)
        ratios.append(e / c)
        rows.append((p["name"], got_c, got_e, want, c, e, ok))
        print("%-26s count %5s %5s %5s  crypta %7.1f ms  enigma.py %8.1f ms  %6.1fx %s" % (
            p["name"], got_c, got_e, "?" if want is None else want, c * 1e3, e * 1e3, e / c,
            "" if ok else "  COUNTS DIFFER"), flush=True)
    print("puzzles: %d, counts agree: %d" % (len(rows), sum(r[-1] for r in rows)))
    print("crypta slowest: %.1f ms; ratio enigma.py/crypta: min %.1fx, median %.1fx" % (
        worst * 1e3, min(ratios), statistics.median(ratios)))
    if not all(r[-1] for r in rows):
        sys.exit(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--puzzles", default=os.path.join(here, "puzzles.py"),
                    help="the file of puzzles (default puzzles.py)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("brute")
    b = sub.add_parser("bench")
    b.add_argument("--enigma", required=True, help="path of enigma.py")
    b.add_argument("--crypta", help="crypta binary (default target/release/crypta)")
    b.add_argument("--counts", help="brute-force counts to check against "
                   "(default counts.json beside puzzles.py, none for another file)")
    b.add_argument("--runs", type=int, default=5)
    b.add_argument("--enigma-runs", type=int, default=3)
    args = ap.parse_args()
    import importlib.util
    spec = importlib.util.spec_from_file_location("puzzle_file", args.puzzles)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    PUZZLES.extend(module.PUZZLES)
    if args.cmd == "bench" and args.counts is None and os.path.samefile(args.puzzles, os.path.join(here, "puzzles.py")):
        args.counts = os.path.join(here, "counts.json")
    {"brute": cmd_brute, "bench": cmd_bench}[args.cmd](args)


main()
