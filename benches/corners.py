#!/usr/bin/env python3
"""Times the slow corners of issue 31 side by side: powers with a constant
exponent, radix additions with digits no letter takes, and ICPC 2009 C
inputs whose letters cancel.

usage:
  python3 benches/corners.py [--crypta PATH] [--before PATH]
                             [--enigma PATH/enigma.py] [--baselines DIR]
                             [--radix-instances 3] [--timeout 60]
                             [--models PATH/python] [--muzukaru-oracle]

Every figure is the processor time (user + system) of the whole child
process, read from the kernel's accounting of finished children, so a busy
machine inflates it less than wall time; the median of --runs runs.
`--before` times an older crypta on the same inputs (its answers must
agree); `--enigma` times enigma.py's SubstitutedExpression on the powers
(github.com/enigmatic-code/py-enigma, one public file, not part of this
repository); the ICPC inputs run the contest's reference program pc2.c
from --baselines (default ../shared/baselines beside the repository),
compiled into a temporary directory. `--models` names a Python with the
ortools package (CP-SAT; e.g. a venv under target/) and times the
CP-SAT and MiniZinc/Gecode models of benches/corner_models.py beside
crypta (MiniZinc only when `minizinc` is on the PATH); their counts must
agree. The 7x7 skeleton multiplications (the 「ムズカル」 class, product
`*000000000000*`) are counted by crypta and, with `--muzukaru-oracle`,
by a second method: every factorisation of the 90 products by trial
division. Inputs are made here from fixed seeds. Standard library only,
plus `cc` for the baseline.
"""
import argparse
import os
import random
import resource
import shutil
import statistics
import string
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (crypta statement, enigma.py expression, distinct letters?)
POWERS = [
    ("count ABC ^ 2 = DEFGH with repeats", "ABC ** 2 = DEFGH", False),
    ("count ABCD ^ 2 = EFGHIJK with repeats", "ABCD ** 2 = EFGHIJK", False),
    ("count ABC ^ 2 + DEF ^ 2 = GHIJK with repeats", "ABC ** 2 + DEF ** 2 = GHIJK", False),
    ("count AB ^ 2 + CD ^ 2 = EFG", "AB ** 2 + CD ** 2 = EFG", True),
    ("count (FIVE - FOUR) ^ 2 = ONE", "(FIVE - FOUR) ** 2 = ONE", True),
    ("count ABC ^ 3 = DEFGHIJ with repeats", "ABC ** 3 = DEFGHIJ", False),
]


def cpu_run(cmd, stdin=None, timeout=None):
    """Runs cmd; returns (processor seconds, stdout), or (None, None) when
    cut off by the timeout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        proc = subprocess.run(cmd, stdin=stdin, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"{cmd[0]} exited with {proc.returncode}: {proc.stderr.decode(errors='replace')}")
    spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return spent, proc.stdout.decode()


def median_run(cmd, runs, stdin_path=None, timeout=None):
    times, out = [], None
    for _ in range(runs):
        stdin = open(stdin_path, "rb") if stdin_path else None
        try:
            t, out = cpu_run(cmd, stdin, timeout)
        finally:
            if stdin:
                stdin.close()
        if t is None:
            return None, None
        times.append(t)
    return statistics.median(times), out


def fmt(t):
    if t is None:
        return "  timeout"
    return f"{t * 1e3:8.1f} ms"


def count_of(out):
    """The number in crypta's `count` answer (`  217 solutions`)."""
    for line in out.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0].isdigit() and words[1].startswith("solution"):
            return int(words[0])
    return None


def crypta_cmd(binary, statement):
    return [binary, "--jobs", "1", "eval", statement]


def powers(args):
    print("powers (crypta, before, enigma.py; processor time per process)")
    for statement, expression, distinct in POWERS:
        t, out = median_run(crypta_cmd(args.crypta, statement), args.runs, timeout=args.timeout)
        line = f"  {statement:48} {count_of(out) if out else '?':>6}  crypta {fmt(t)}"
        if args.before:
            tb, outb = median_run(crypta_cmd(args.before, statement), 1, timeout=args.timeout)
            if outb and out and count_of(outb) != count_of(out):
                sys.exit(f"counts differ on {statement}")
            line += f"  before {fmt(tb)}"
        if args.enigma:
            cmd = [sys.executable, args.enigma, "SubstitutedExpression", "--answer=1"]
            if not distinct:
                cmd.append("--distinct=")
            cmd.append(expression)
            te, _ = median_run(cmd, 1, timeout=args.timeout)
            line += f"  enigma.py {fmt(te)}"
        line += models(args, ["powers", str(POWERS.index((statement, expression, distinct)))],
                       count_of(out) if out else None)
        print(line)


def partial_radix(base, seed):
    """`A + B = C` in base n with n-letter words and 1 to 4 digits that no
    letter takes: two random n-digit numbers whose sum keeps n digits."""
    alphabet = string.ascii_uppercase + string.ascii_lowercase
    rng = random.Random(seed + 1000 * base)
    while True:
        top = base ** base
        a, b = rng.randrange(top // base, top), rng.randrange(top // base, top)
        if a + b >= top:
            continue
        words = []
        for x in (a, b, a + b):
            digits = []
            for _ in range(base):
                digits.append(x % base)
                x //= base
            words.append(digits[::-1])
        missing = base - len({d for w in words for d in w})
        if 1 <= missing <= 4:
            letters = rng.sample(alphabet, base)
            text = ["".join(letters[d] for d in w) for w in words]
            return f"count {text[0]} + {text[1]} = {text[2]} with base {base}", missing


def radix(args):
    print("radix additions with digits no letter takes (processor time)")
    worst = 0.0
    for base in range(20, 41, 2):
        for seed in range(args.radix_instances):
            statement, missing = partial_radix(base, seed)
            t, out = median_run(crypta_cmd(args.crypta, statement), args.runs, timeout=args.timeout)
            worst = max(worst, t if t is not None else float("inf"))
            line = f"  base {base} #{seed} ({missing} missing) {count_of(out) if out else '?':>3} solutions  crypta {fmt(t)}"
            if args.before:
                tb, _ = median_run(crypta_cmd(args.before, statement), 1, timeout=args.timeout)
                line += f"  before {fmt(tb)}"
            line += models(args, ["radix", statement], count_of(out) if out else None)
            print(line)
    print(f"  slowest: {fmt(worst)}")


def models(args, spec, count):
    """The CP-SAT and MiniZinc/Gecode models' times on one puzzle, as a
    line's tail; their counts must agree with crypta's."""
    if not args.models:
        return ""
    tail = ""
    script = os.path.join(ROOT, "benches", "corner_models.py")
    tools = ["cpsat"] + (["minizinc"] if shutil.which("minizinc") else [])
    for tool in tools:
        # The solver's own limit, so it stops itself; the child's timeout
        # is a backstop.
        cmd = [args.models, script, tool, str(args.timeout)] + spec
        t, out = median_run(cmd, 1, timeout=args.timeout * 2 + 30)
        if out is not None and out.strip() == "timeout":
            t, out = None, None
        if out is not None and count is not None and int(out) != count:
            sys.exit(f"{tool} counts {out.strip()}, crypta {count}: {spec}")
        tail += f"  {tool} {fmt(t)}"
    return tail


# The 7x7 skeletons: partial-product lengths (rightmost multiplier digit
# first), a shown 0 (partial, cell from the left) or None; the first is the
# reconstruction the notes use (7234197 x 9676264 = 70000000000008).
MUZUKARU = [
    ("8888888", (1, 3)),
    ("8888888", None),
    ("8888888", (5, 2)),
    ("7777777", None),
    ("8788888", None),
]


def muzukaru_script(lengths, zero):
    lines = [" " * 7 + "*" * 7, "x" + " " * 6 + "*" * 7, "-" * 14]
    for i, length in enumerate(int(c) for c in lengths):
        cells = ["*"] * length
        if zero and zero[0] == i:
            cells[zero[1]] = "0"
        lines.append(" " * (14 - i - length) + "".join(cells))
    lines += ["-" * 14, "*" + "0" * 12 + "*"]
    return "count multiplication {\n" + "\n".join("    " + l for l in lines) + "\n}\n"


def divisors(n):
    """Every divisor of n, from its prime factors found by trial division."""
    factors, m, p = {}, n, 2
    while p * p <= m:
        while m % p == 0:
            factors[p] = factors.get(p, 0) + 1
            m //= p
        p += 1 if p == 2 else 2
    if m > 1:
        factors[m] = factors.get(m, 0) + 1
    found = [1]
    for p, e in factors.items():
        found = [d * p ** k for d in found for k in range(e + 1)]
    return found


def muzukaru_oracle(lengths, zero):
    """The second method: every product d*10^13 + e, each divisor a of it
    with a and p/a of 7 digits, the partial products compared with the
    skeleton (lengths, no multiplier digit 0, the shown zero)."""
    found = 0
    lengths = [int(c) for c in lengths]
    for head in range(1, 10):
        for tail in range(10):
            p = head * 10 ** 13 + tail
            for a in divisors(p):
                b = p // a
                if not (10 ** 6 <= a < 10 ** 7 and 10 ** 6 <= b < 10 ** 7) or "0" in str(b):
                    continue
                rows = [str(a * int(c)) for c in reversed(str(b))]
                if [len(r) for r in rows] != lengths:
                    continue
                if zero and rows[zero[0]][zero[1]] != "0":
                    continue
                found += 1
    return found


def muzukaru(args, tmp):
    print("7x7 skeleton multiplications, product *000000000000* (processor time)")
    for lengths, zero in MUZUKARU:
        path = os.path.join(tmp, f"mz-{lengths}-{zero}.crypta")
        with open(path, "w") as f:
            f.write(muzukaru_script(lengths, zero))
        t, out = median_run([args.crypta, "--jobs", "1", "run", path], args.runs, timeout=args.timeout)
        count = count_of(out) if out else None
        line = f"  partials {lengths} zero {zero!s:7} {count if count is not None else '?':>3}  crypta {fmt(t)}"
        if args.muzukaru_oracle:
            want = muzukaru_oracle(lengths, zero)
            if want != count:
                sys.exit(f"crypta counts {count}, factoring {want}: {lengths} {zero}")
            line += "  (factoring agrees)"
        zero_arg = "-" if zero is None else f"{zero[0]}:{zero[1]}"
        line += models(args, ["mult7", lengths, zero_arg], count)
        print(line)


def icpc(args, tmp):
    source = os.path.join(args.baselines, "pc2.c")
    if not os.path.exists(source) or not shutil.which("cc"):
        print("icpc: no baseline pc2.c or no cc; skipped")
        return
    pc2 = os.path.join(tmp, "pc2")
    subprocess.run(["cc", "-O2", "-o", pc2, source], check=True)
    rng = random.Random(31)
    lines = []
    for _ in range(args.datasets):
        while True:
            n = rng.randint(5, 8)
            x = rng.randrange(10 ** (n - 1), 10 ** n)
            y = rng.randrange(1, 10 ** rng.randint(1, 3))
            texts = [str(x), str(y), str(x + y)]
            if len(texts[2]) == n and len(set("".join(texts))) == 10:
                break
        letters = rng.sample(string.ascii_uppercase, 10)
        lines.append("3")
        lines.extend("".join(letters[int(c)] for c in t) for t in texts)
    lines.append("0")
    path = os.path.join(tmp, "cancel.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"ICPC 2009 C, {args.datasets} datasets whose high letters cancel (processor time)")
    t, out = median_run([args.crypta, "--jobs", "1", "judge", "icpc2009c"], args.runs, path)
    tc, outc = median_run([pc2], args.runs, path)
    if out.split() != outc.split():
        sys.exit("crypta and pc2 disagree on the cancelling input")
    line = f"  crypta {fmt(t)}  pc2 {fmt(tc)}"
    if args.before:
        tb, _ = median_run([args.before, "--jobs", "1", "judge", "icpc2009c"], args.runs, path)
        line += f"  before {fmt(tb)}"
    print(line)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--crypta", default=os.path.join(ROOT, "target", "release", "crypta"))
    p.add_argument("--before")
    p.add_argument("--enigma")
    p.add_argument("--baselines", default=os.path.join(os.path.dirname(ROOT), "shared", "baselines"))
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--radix-instances", type=int, default=3)
    p.add_argument("--datasets", type=int, default=1000)
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--models")
    p.add_argument("--muzukaru-oracle", action="store_true")
    p.add_argument("--only", choices=["powers", "radix", "muzukaru", "icpc"])
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.only in (None, "powers"):
            powers(args)
        if args.only in (None, "radix"):
            radix(args)
        if args.only in (None, "muzukaru"):
            muzukaru(args, tmp)
        if args.only in (None, "icpc"):
            icpc(args, tmp)


if __name__ == "__main__":
    main()
