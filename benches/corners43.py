#!/usr/bin/env python3
"""Times the corners of issue 43 side by side with their peers, as ratios
from one run: properties of long words, distinct groups, hard skeleton
generation, and the start-up of a process on tiny puzzles.

usage:
  python3 benches/corners43.py [--crypta PATH] [--before PATH]
                               [--enigma PATH/enigma.py] [--baselines DIR]
                               [--runs 5] [--timeout 60]
                               [--only long|groups|generate|startup]

Every figure is the processor time (user + system) of the whole child
process, from the kernel's accounting of finished children, the median of
--runs runs; the commands of one line take turns run by run.
- long: `count WORD square|cube with repeats` for 8, 9 and 11 letters;
  the count is checked against integer roots worked out here; the peer is
  enigma.py's SubstitutedExpression (`is_square`/`is_cube`, --enigma,
  github.com/enigmatic-code/py-enigma, not part of this repository).
- groups: `ABCDEFGHIJ + JIHGFEDCBA = abcdefghij, A < J` with two distinct
  groups, against enigma.py when given.
- generate: `generate multiplication --digits 9x9 --difficulty hard`,
  with and without `--keep 7`, against --before only (no peer generates
  skeletons).
- startup: SEND + MORE (`judge icpc2009c` against pc2.c), a 10-letter
  radix addition (`judge p1092` against p1092.cpp), crypta compiled from
  --baselines into a temporary directory; the ratio is crypta / C.
Standard library only, plus `cc`/`c++` for the baselines.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

LONG = [("ABCDEFGH", 2), ("ABCDEFGHI", 2), ("ABCDEFGHIJK", 3)]
GROUPS = ("count ABCDEFGHIJ + JIHGFEDCBA = abcdefghij, A < J "
          "with distinct ABCDEFGHIJ, abcdefghij")


def cpu_run(cmd, stdin_path=None, timeout=None):
    """(processor seconds, stdout) of one run, (None, None) when cut off."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        proc = subprocess.run(cmd, stdin=stdin, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    finally:
        if stdin_path:
            stdin.close()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"{cmd[0]} exited with {proc.returncode}: {proc.stderr.decode(errors='replace')}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), proc.stdout.decode()


def paired(cmds, runs, timeout, stdin_path=None):
    """Per command: median processor time (None if a run was cut off) and
    its last output, the commands taking turns run by run."""
    times = [[] for _ in cmds]
    outs = [None for _ in cmds]
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            if times[i] is None:
                continue
            t, out = cpu_run(cmd, stdin_path, timeout)
            if t is None:
                times[i] = None
                continue
            times[i].append(t)
            outs[i] = out
    return [statistics.median(t) if t else None for t in times], outs


def fmt(t):
    return "  timeout" if t is None else f"{t * 1e3:8.2f} ms"


def ratio(a, b):
    return "" if a is None or b is None or b == 0 else f"  ratio {a / b:.3f}"


def count_of(out):
    for line in (out or "").splitlines():
        words = line.split()
        if len(words) >= 2 and words[0].isdigit() and words[1].startswith("solution"):
            return int(words[0])
    return None


def powers_of_length(k, n):
    below = lambda limit: next(r for r in range(limit + 1) if r ** k >= limit)
    return below(10 ** n) - below(10 ** (n - 1))


def crypta_cmds(args, statement):
    cmds = [[args.crypta, "--jobs", "1", "eval", statement]]
    if args.before:
        cmds.append([args.before, "--jobs", "1", "eval", statement])
    return cmds


def line(label, args, statement, peer=None, expected=None):
    cmds = crypta_cmds(args, statement) + ([peer] if peer else [])
    times, outs = paired(cmds, args.runs, args.timeout)
    got = count_of(outs[0])
    if expected is not None and got != expected:
        sys.exit(f"{statement}: crypta counts {got}, expected {expected}")
    text = f"  {label:44} {got if got is not None else '?':>6}  crypta {fmt(times[0])}"
    if args.before:
        text += f"  before {fmt(times[1])}"
    if peer:
        text += f"  enigma.py {fmt(times[-1])}{ratio(times[0], times[-1])}"
    print(text)


def enigma_cmd(args, expression):
    if not args.enigma:
        return None
    return [sys.executable, args.enigma, "SubstitutedExpression", "--distinct=", expression]


def long_words(args):
    print("properties of long words (processor time per process)")
    for word, k in LONG:
        prop = "square" if k == 2 else "cube"
        statement = f"count {word} {prop} with repeats"
        peer = enigma_cmd(args, f"is_{prop}({word})")
        line(statement, args, statement, peer, powers_of_length(k, len(word)))


def groups(args):
    print("distinct groups")
    peer = None
    if args.enigma:
        peer = [sys.executable, args.enigma, "SubstitutedExpression",
                "--symbols=ABCDEFGHIJabcdefghij", "--distinct=ABCDEFGHIJ,abcdefghij",
                "ABCDEFGHIJ + JIHGFEDCBA = abcdefghij", "A < J"]
    line("ABCDEFGHIJ + JIHGFEDCBA = abcdefghij", args, GROUPS, peer, 1152)


def generate(args):
    print("generating hard skeletons (no peer: --before only)")
    for extra in ([], ["--keep", "7"]):
        cmd = ["generate", "multiplication", "--digits", "9x9", "--difficulty", "hard",
               "--seed", "1"] + extra
        cmds = [[args.crypta, *cmd]] + ([[args.before, *cmd]] if args.before else [])
        times, _ = paired(cmds, args.runs, args.timeout)
        text = f"  {' '.join(cmd[1:]):60} crypta {fmt(times[0])}"
        if args.before:
            text += f"  before {fmt(times[1])}"
        print(text)


def startup(args, tmp):
    print("start-up on tiny puzzles (crypta against the C programs)")
    cc = {"pc2": ("cc", "pc2.c"), "p1092": ("c++", "p1092.cpp")}
    built = {}
    for name, (compiler, source) in cc.items():
        out = os.path.join(tmp, name)
        subprocess.run([compiler, "-O2", "-o", out, os.path.join(args.baselines, source)],
                       check=True, stderr=subprocess.DEVNULL)
        built[name] = out
    send = os.path.join(tmp, "send.txt")
    with open(send, "w") as f:
        f.write("3\nSEND\nMORE\nMONEY\n0\n")
    radix = os.path.join(tmp, "radix10.txt")
    with open(radix, "w") as f:
        subprocess.run([sys.executable, os.path.join(ROOT, "benches", "gen", "p1092.py"), "10", "1"],
                       stdout=f, check=True)
    for label, judge, c, path in [("SEND + MORE", "icpc2009c", "pc2", send),
                                  ("10-letter radix", "p1092", "p1092", radix)]:
        cmds = [[args.crypta, "judge", judge]]
        if args.before:
            cmds.append([args.before, "judge", judge])
        cmds.append([built[c]])
        times, outs = paired(cmds, args.runs, args.timeout, path)
        if outs[0].split() != outs[-1].split():
            sys.exit(f"{label}: crypta and {c} disagree")
        text = f"  {label:20} crypta {fmt(times[0])}"
        if args.before:
            text += f"  before {fmt(times[1])}"
        text += f"  {c} {fmt(times[-1])}{ratio(times[0], times[-1])}"
        print(text)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--crypta", default=os.path.join(ROOT, "target", "release", "crypta"))
    p.add_argument("--before")
    p.add_argument("--enigma")
    p.add_argument("--baselines", default=os.path.join(os.path.dirname(ROOT), "shared", "baselines"))
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--only", choices=["long", "groups", "generate", "startup"])
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.only in (None, "long"):
            long_words(args)
        if args.only in (None, "groups"):
            groups(args)
        if args.only in (None, "startup"):
            startup(args, tmp)
        if args.only in (None, "generate"):
            generate(args)


if __name__ == "__main__":
    main()
