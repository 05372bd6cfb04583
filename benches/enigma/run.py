"""crypta against enigma.py's SubstitutedExpression on the puzzles of
puzzles.py (or another file of the same form), side by side in one run,
every result checked against a brute force of our own.

    python3 benches/enigma/run.py brute            # counts by brute force
    python3 benches/enigma/run.py bench --enigma PATH/enigma.py [--runs 5]
    python3 benches/enigma/run.py --puzzles benches/enigma/v3_conditions.py bench ...
    python3 benches/enigma/run.py --puzzles benches/enigma/v3_published.py \
        brute --json benches/enigma/v3_published.json

`brute` tries every assignment of the symbols (permutations, or every
digit when symbols may repeat; in the puzzle's `base`, over its `digits`),
skips words of two or more symbols that start with 0, and evaluates the
puzzle's enigma.py expressions with plain Python arithmetic and helpers
written here; a puzzle may bring its own brute force instead (`brute`).
Neither shares code with either solver. With an `answer` it also counts
the solutions per value of the answer expression; `--json` writes the
counts (and answers) in the form `--counts` reads.

`bench` runs whole processes: `crypta --format json eval 'QUERY ...'`
(QUERY is the puzzle's `query`, default `count`; median of --runs) and
`python3 enigma.py SubstitutedExpression ...` (median of --enigma-runs),
interleaved, checks that both counts, and the answers of an answer query,
equal the brute force's, and prints each process's CPU time (user +
system, from the kernel's accounting of the child, so other load on the
machine does not inflate it) and the ratio, flagging any puzzle where
crypta takes 50 ms or more or is less than 10 times faster. enigma.py is
one public file (github.com/enigmatic-code/py-enigma); it is not part of
this repository.
"""

import argparse
import itertools
import json
import math
import os
import re
import resource
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


KEYWORDS = {"and", "or", "not", "in", "is", "if", "else", "True", "False", "None",
            "is_prime", "is_square", "is_cube", "is_triangular", "fraction"}


def puzzle_symbols(p):
    """The puzzle's symbols, sorted: `symbols` when given (lower-case or
    mixed), else the upper-case letters of its expressions."""
    if p.get("symbols"):
        return sorted(set(p["symbols"]))
    return sorted(set(re.findall(r"[A-Z]", " ".join(p["enigma"]))))


def to_python(e, symbols, base):
    """One enigma.py expression as Python over the symbol variables: each
    word (a run of symbols) becomes its value in `base`, `=` becomes `==`."""
    e = re.sub(r"(?<![<>!=])=(?!=)", "==", e)

    def word(m):
        w = m.group(0)
        if w in KEYWORDS or not all(c in symbols for c in w):
            return w
        terms = ["%s*%d" % (c, base ** (len(w) - 1 - i)) for i, c in enumerate(w)]
        return "(" + "+".join(terms) + ")"
    return re.sub(r"\b[A-Za-z_][A-Za-z0-9_]*\b", word, e)


def compile_puzzle(p):
    """A predicate over the symbols, in sorted order, the symbols, the
    leading symbols, and the answer expression as a function (or None)."""
    symbols = puzzle_symbols(p)
    base = p.get("base", 10)
    body = " and ".join("(" + to_python(e, symbols, base) + ")" for e in p["enigma"])
    env = dict(is_prime=is_prime, is_square=is_square, is_cube=is_cube,
               is_triangular=is_triangular, fraction=fraction)
    args = ", ".join(symbols)
    fn = eval("lambda %s: %s" % (args, body), env)
    answer = None
    if p.get("answer"):
        answer = eval("lambda %s: %s" % (args, to_python(p["answer"], symbols, base)), env)
    words = re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", " ".join(p["enigma"]))
    leading = {w[0] for w in words
               if len(w) > 1 and w not in KEYWORDS and all(c in symbols for c in w)}
    return fn, symbols, leading, answer


def brute(p):
    """The number of solutions, and {answer value: solutions} when the
    puzzle asks for an answer (else None)."""
    if p.get("brute"):
        got = p["brute"]()
        return got if isinstance(got, tuple) else (got, None)
    fn, letters, leading, answer = compile_puzzle(p)
    fixed = p["fixed"]
    free = [c for c in letters if c not in fixed]
    digits = [d for d in p["digits"]]
    if p["distinct"]:
        pool = [d for d in digits if d not in fixed.values()]
        choices = itertools.permutations(pool, len(free))
    else:
        choices = itertools.product(digits, repeat=len(free))
    count, answers = 0, {}
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
                if answer:
                    v = answer(*values)
                    answers[v] = answers.get(v, 0) + 1
        except ZeroDivisionError:
            pass
    return count, (answers if answer else None)


# ------------------------------------------------------------------- bench

def run(cmd):
    """Runs a command; its wall time, its CPU time (user + system of the
    child, which the load of other processes does not inflate) and output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out


def statement(p):
    return p.get("query", "count") + " " + p["crypta"]


def crypta_cmd(crypta, p):
    return [crypta, "--format", "json", "eval", statement(p)]


def enigma_cmd(enigma, p):
    return [sys.executable, enigma, p.get("solver", "SubstitutedExpression"), *p["args"], *p["enigma"]]


def crypta_result(crypta, p):
    """crypta's count and, for an answer query, {value: solutions}."""
    _, _, out = run(crypta_cmd(crypta, p))
    result = json.loads(out.stdout.splitlines()[0])
    answers = result.get("answers")
    if answers is not None:
        answers = {a["value"]: a["count"] for a in answers}
    return result["count"], answers


def enigma_result(enigma, p):
    """enigma.py's count and, with --answer, {value: solutions} (values
    that are not whole numbers are kept as text)."""
    _, _, out = run(enigma_cmd(enigma, p))
    text = out.stdout + out.stderr
    if out.returncode != 0:
        print("enigma.py failed on %s: %s" % (p["name"], text.strip().splitlines()[-1:]), file=sys.stderr)
        return None, None
    # With --answer, one "EXPR = VALUE [N solutions]" line per value.
    found = re.findall(r"= (\S+) \[(\d+) solutions?\]", text)
    if found:
        answers = {}
        for value, n in found:
            try:
                value = int(value)
            except ValueError:
                pass
            answers[value] = int(n)
        return sum(answers.values()), answers
    found = re.findall(r"\[(\d+) solutions?\]", text)
    if found:
        return sum(int(n) for n in found), None
    # --verbose=0 prints one line per solution and no summary.
    return len([l for l in out.stdout.splitlines() if l.strip()]), None


def show_answers(answers):
    if answers is None:
        return ""
    return " " + ", ".join("%s: %d" % (v, n) for v, n in sorted(answers.items(), key=lambda kv: str(kv[0])))


def cmd_brute(args):
    counts = {}
    for p in PUZZLES:
        start = time.perf_counter()
        n, answers = brute(p)
        print("%-30s %6d  (%.1f s)%s" % (p["name"], n, time.perf_counter() - start, show_answers(answers)),
              flush=True)
        counts[p["name"]] = n if answers is None else {
            "count": n, "answers": {str(v): c for v, c in sorted(answers.items(), key=lambda kv: str(kv[0]))}}
    if args.json:
        with open(args.json, "w") as f:
            json.dump(counts, f, indent=1)
            f.write("\n")


def expected_of(entry):
    """A counts file entry: a count, or {"count": N, "answers": {value: N}}
    (values written as strings in JSON)."""
    if entry is None or isinstance(entry, int):
        return entry, None
    answers = entry.get("answers")
    if answers is not None:
        answers = {int(v) if v.lstrip("-").isdigit() else v: n for v, n in answers.items()}
    return entry["count"], answers


def cmd_bench(args):
    crypta = args.crypta or os.path.join(ROOT, "target", "release", "crypta")
    expected = json.load(open(args.counts)) if args.counts else {}
    rows, ratios, worst = [], [], 0.0
    print("%-30s %17s  %10s %10s %8s  %s" % ("puzzle", "count c/e/brute", "crypta", "enigma.py",
                                             "ratio", "(CPU time of each process, median)"))
    for p in PUZZLES:
        want, want_answers = expected_of(expected.get(p["name"]))
        got_c, ans_c = crypta_result(crypta, p)
        got_e, ans_e = enigma_result(args.enigma, p)
        ok = got_c == got_e and (want is None or want == got_c)
        if want_answers is not None:
            ok = ok and ans_c == want_answers and (ans_e is None or ans_e == want_answers)
        # Interleaved: crypta, enigma.py, crypta, ...
        tc, te = [], []
        for i in range(max(args.runs, args.enigma_runs)):
            if i < args.runs:
                tc.append(run(crypta_cmd(crypta, p))[1])
            if i < args.enigma_runs:
                te.append(run(enigma_cmd(args.enigma, p))[1])
        c, e = statistics.median(tc), statistics.median(te)
        c = max(c, 1e-4)  # a rusage tick; a faster process reads as 0
        worst = max(worst, c)
        ratios.append(e / c)
        met = c < 0.050 and e / c >= 10
        rows.append((p["name"], ok, met))
        print("%-30s %5s %5s %5s  %7.1f ms %7.1f ms %7.1fx %s%s" % (
            p["name"], got_c, got_e, "?" if want is None else want, c * 1e3, e * 1e3, e / c,
            "" if met else " MISSES <50ms/10x", "" if ok else "  RESULTS DIFFER"), flush=True)
    print("puzzles: %d, results agree: %d, under 50 ms and at least 10x: %d" % (
        len(rows), sum(r[1] for r in rows), sum(r[2] for r in rows)))
    print("crypta slowest: %.1f ms CPU; ratio enigma.py/crypta: min %.1fx, median %.1fx" % (
        worst * 1e3, min(ratios), statistics.median(ratios)))
    if not all(r[1] for r in rows):
        sys.exit(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--puzzles", default=os.path.join(here, "puzzles.py"),
                    help="the file of puzzles (default puzzles.py)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    br = sub.add_parser("brute")
    br.add_argument("--json", help="write the counts (and answers) to this file, the format --counts reads")
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
