#!/usr/bin/env python3
"""Times crypta's contest judges against the C/C++ baseline programs.

usage:
  python3 benches/compare.py icpc  [--datasets 200] [--seed 1] [--rounds 10]
                                   [--warmup 1] [--slowest K]
  python3 benches/compare.py p1092 [--cap 10] [--runs 5] [--instances 20]
  python3 benches/compare.py kakuro2 [--size 20] [--cases 50] [--seed 1] [--rounds 10]
                                   [--warmup 1] [--density 0.8] [--open-limit N]
  python3 benches/compare.py unique [--sizes 30,60,150] [--seed 1] [--runs 5]
                                   [--density 0.8] [--open-limit N]
  python3 benches/compare.py pair  --input FILE --a 'CMD' --b 'CMD' [--rounds 10]

Common options: --crypta PATH (default target/release/crypta under the repo
root), --baselines DIR (default ../shared/baselines beside the repo root).
Build crypta first: cargo build --release.

Times are wall-clock seconds of whole processes (time.perf_counter around
subprocess.run), so process start-up is included on both sides. Standard
library only.
"""
import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GEN = ROOT / 'benches' / 'gen'


def fmt(seconds):
    if seconds < 1e-3:
        return f'{seconds * 1e6:.0f} us'
    if seconds < 1:
        return f'{seconds * 1e3:.1f} ms'
    return f'{seconds:.2f} s'


def normalise(text):
    """Whitespace-insensitive form of an output (p1092's baseline prints a
    trailing space and no newline)."""
    return text.split()


def run_once(cmd, input_path, timeout=None):
    """Runs cmd with input_path on stdin. Returns (seconds, stdout), or
    (None, None) when the timeout cut it off."""
    with open(input_path, 'rb') as stdin:
        start = time.perf_counter()
        try:
            proc = subprocess.run(cmd, stdin=stdin, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, None
        elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f'{shlex.join(cmd)} exited with {proc.returncode}:\n'
                 f'{proc.stderr.decode(errors="replace")}')
    return elapsed, proc.stdout.decode()


def summary(times):
    return (f'min {fmt(min(times))}  median {fmt(statistics.median(times))}  '
            f'max {fmt(max(times))}')


def compare(cmd_a, cmd_b, input_path, rounds, warmup, label_a='A', label_b='B'):
    """Runs A and B alternately (A B A B ...), checks that their outputs
    agree, prints min/median/max per command and the median of the pairwise
    ratios B/A. Returns (median A, median B, median ratio)."""
    out_a = out_b = None
    for _ in range(warmup):
        _, out_a = run_once(cmd_a, input_path)
        _, out_b = run_once(cmd_b, input_path)
    times_a, times_b = [], []
    for _ in range(rounds):
        t, out = run_once(cmd_a, input_path)
        times_a.append(t)
        out_a = out_a if out_a is not None else out
        if normalise(out) != normalise(out_a):
            sys.exit(f'{label_a}: output changed between runs')
        t, out = run_once(cmd_b, input_path)
        times_b.append(t)
        out_b = out_b if out_b is not None else out
        if normalise(out) != normalise(out_b):
            sys.exit(f'{label_b}: output changed between runs')
    if normalise(out_a) != normalise(out_b):
        la, lb = normalise(out_a), normalise(out_b)
        first = next((i for i, (x, y) in enumerate(zip(la, lb)) if x != y),
                     min(len(la), len(lb)))
        sys.exit(f'outputs differ (first at token {first}: '
                 f'{la[first:first + 1]} vs {lb[first:first + 1]})')
    ratios = [b / a for a, b in zip(times_a, times_b)]
    width = max(len(label_a), len(label_b))
    print(f'input: {input_path}; {rounds} rounds after {warmup} warm-up; outputs agree')
    print(f'  {label_a:<{width}}  {summary(times_a)}')
    print(f'  {label_b:<{width}}  {summary(times_b)}')
    ratio = statistics.median(ratios)
    print(f'  median ratio {label_b}/{label_a}: {ratio:.2f}x '
          f'(min {min(ratios):.2f}x, max {max(ratios):.2f}x)')
    return statistics.median(times_a), statistics.median(times_b), ratio


def build(compiler, source, out_dir):
    if not source.exists():
        sys.exit(f'baseline not found: {source} (use --baselines DIR)')
    if shutil.which(compiler) is None:
        sys.exit(f'{compiler} not found')
    exe = Path(out_dir) / source.stem
    subprocess.run([compiler, '-O2', '-o', str(exe), str(source)], check=True)
    return exe


def crypta_path(args):
    exe = Path(args.crypta)
    if not exe.exists():
        sys.exit(f'crypta not found at {exe}; run cargo build --release '
                 f'(or pass --crypta PATH)')
    return str(exe)


def generate(script, *argv):
    return subprocess.run([sys.executable, str(GEN / script), *map(str, argv)],
                          check=True, stdout=subprocess.PIPE).stdout.decode()


def split_icpc(text):
    """The datasets of an ICPC 2009 C input, each as a list of lines."""
    tokens = text.split()
    out, i = [], 0
    while tokens[i] != '0':
        n = int(tokens[i])
        out.append(tokens[i:i + n + 1])
        i += n + 1
    return out


def cmd_icpc(args):
    crypta = crypta_path(args)
    with tempfile.TemporaryDirectory() as tmp:
        pc2 = build('cc', Path(args.baselines) / 'pc2.c', tmp)
        text = generate('icpc2009c.py', args.datasets, args.seed)
        input_path = Path(tmp) / 'icpc2009c.txt'
        input_path.write_text(text)
        print(f'ICPC 2009 C: {args.datasets} datasets, seed {args.seed}')
        compare([crypta, 'judge', 'icpc2009c'], [str(pc2)], input_path,
                args.rounds, args.warmup, 'crypta', 'pc2')
        if args.slowest:
            slowest_datasets(crypta, str(pc2), split_icpc(text), args.slowest,
                             args.runs, Path(tmp))


def slowest_datasets(crypta, pc2, datasets, k, runs, tmp):
    """Times crypta (and pc2) on each dataset alone, median of `runs` runs,
    and prints the k slowest for crypta. Start-up is included; an empty
    input (just `0`) gives the start-up floor."""
    floor_path = tmp / 'empty.txt'
    floor_path.write_text('0\n')
    floor = statistics.median(run_once([crypta, 'judge', 'icpc2009c'], floor_path)[0]
                              for _ in range(runs))
    rows = []
    for index, lines in enumerate(datasets):
        path = tmp / f'dataset{index}.txt'
        path.write_text('\n'.join(lines) + '\n0\n')
        ts, out = [], None
        for _ in range(runs):
            t, out = run_once([crypta, 'judge', 'icpc2009c'], path)
            ts.append(t)
        tb, out_b = run_once([pc2], path)
        rows.append((statistics.median(ts), tb, index, out.strip(),
                     out_b.strip(), lines))
    rows.sort(key=lambda r: r[0], reverse=True)
    work = [max(r[0] - floor, 0.0) for r in rows]
    print(f'\nslowest datasets for crypta, alone (median of {runs}; '
          f'start-up floor {fmt(floor)}; above the floor the {k} slowest take '
          f'{fmt(sum(work[:k]))} of {fmt(sum(work))} over all {len(rows)}):')
    for t, tb, index, out, out_b, lines in rows[:k]:
        flag = '' if out == out_b else f'  MISMATCH (pc2 says {out_b})'
        print(f'  #{index}: crypta {fmt(t)}  pc2 {fmt(tb)}  count {out}{flag}')
        print('    ' + ' '.join(lines))


def p1092_check(text, out):
    """True if `out` is a valid answer to the P1092 instance `text`."""
    tokens = text.split()
    n, words = int(tokens[0]), tokens[1:4]
    try:
        digits = [int(x) for x in out.split()]
    except ValueError:
        return False
    if len(digits) != n or sorted(digits) != list(range(n)):
        return False
    value = lambda w: sum(digits[ord(ch) - 65] * n ** i
                          for i, ch in enumerate(reversed(w)))
    return value(words[0]) + value(words[1]) == value(words[2])


def cmd_p1092(args):
    crypta = crypta_path(args)
    with tempfile.TemporaryDirectory() as tmp:
        baseline = build('c++', Path(args.baselines) / 'p1092.cpp', tmp)
        print(f'P1092: {args.instances} instances (n = 16 + i % 11, seed i + 1); '
              f'crypta median of {args.runs}, baseline once, capped at {args.cap:g} s')
        print(f'  {"#":>2} {"n":>3} {"seed":>4}  {"crypta":>10}  {"baseline":>10}  answer')
        crypta_times, base_times, capped = [], [], 0
        for i in range(args.instances):
            n, seed = 16 + i % 11, i + 1
            text = generate('p1092.py', n, seed)
            path = Path(tmp) / f'p1092-{n}-{seed}.txt'
            path.write_text(text)
            ts, out = [], None
            for _ in range(args.runs):
                t, out = run_once([crypta, 'judge', 'p1092'], path)
                ts.append(t)
            tc = statistics.median(ts)
            crypta_times.append(tc)
            tb, out_b = run_once([str(baseline)], path, timeout=args.cap)
            if tb is None:
                capped += 1
                base_times.append(args.cap)
                base_s = f'> {args.cap:g} s'
            else:
                base_times.append(tb)
                base_s = fmt(tb)
            if not p1092_check(text, out):
                verdict = 'crypta INVALID'
            elif out_b is None:
                verdict = 'valid'
            elif normalise(out) == normalise(out_b):
                verdict = 'same as baseline'
            else:
                verdict = 'valid, differs from baseline'
            print(f'  {i:>2} {n:>3} {seed:>4}  {fmt(tc):>10}  {base_s:>10}  {verdict}',
                  flush=True)
        print(f'crypta:   max {fmt(max(crypta_times))}  '
              f'median {fmt(statistics.median(crypta_times))}')
        more = '' if not capped else f' (at least; {capped} cut off at {args.cap:g} s)'
        top = max(base_times)
        top_s = f'> {args.cap:g} s' if capped else fmt(top)
        print(f'baseline: max {top_s}  median {fmt(statistics.median(base_times))}{more}')


def crypta_generate(crypta, *argv):
    """Output of `crypta generate kakuro ...` (the generator is in crypta)."""
    return subprocess.run([crypta, 'generate', 'kakuro', *map(str, argv)],
                          check=True, stdout=subprocess.PIPE).stdout.decode()


def open_limit(args):
    """The generator's --open-limit, when given."""
    return ['--open-limit', args.open_limit] if args.open_limit else []


def cmd_kakuro2(args):
    crypta = crypta_path(args)
    with tempfile.TemporaryDirectory() as tmp:
        baseline = build('c++', Path(args.baselines) / 'kakuro2.cpp', tmp)
        text = crypta_generate(crypta, '--size', args.size, '--cases', args.cases,
                               '--seed', args.seed, '--density', args.density,
                               *open_limit(args), '--unique', '--kakuro2')
        input_path = Path(tmp) / 'kakuro2.txt'
        input_path.write_text(text)
        print(f'KAKURO2: {args.cases} unique {args.size}x{args.size} grids, seed {args.seed}, '
              f'density {args.density}, open limit {args.open_limit or "none"}')
        compare([crypta, 'judge', 'kakuro2'], [str(baseline)], input_path,
                args.rounds, args.warmup, 'crypta', 'kakuro2.cpp')


def json_runs(crypta, path, runs):
    """Times `crypta --format json run PATH` `runs` times; the times and
    the last output."""
    times, out = [], ''
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run([crypta, '--format', 'json', 'run', str(path)],
                              stdout=subprocess.PIPE, check=True)
        times.append(time.perf_counter() - t0)
        out = proc.stdout.decode()
    return times, out


def cmd_unique(args):
    """Whole-process time of `unique` on generated grids, one per size."""
    crypta = crypta_path(args)
    with tempfile.TemporaryDirectory() as tmp:
        print(f'unique on generated grids (seed {args.seed}); crypta run, median of {args.runs}')
        for size in [int(x) for x in args.sizes.split(',')]:
            start = time.perf_counter()
            text = crypta_generate(crypta, '--size', size, '--seed', args.seed,
                                   '--density', args.density, *open_limit(args), '--unique')
            made = time.perf_counter() - start
            path = Path(tmp) / f'unique-{size}.crypta'
            path.write_text(text)
            whites = sum(row.split().count('.') for row in text.splitlines())
            times, out = json_runs(crypta, path, args.runs)
            verdict = 'unique' if '"unique":true' in out else 'NOT UNIQUE'
            print(f'  {size:>3}x{size:<3} {whites:>6} white cells  {verdict}  '
                  f'median {fmt(statistics.median(times))}  max {fmt(max(times))}  '
                  f'(generated in {fmt(made)})', flush=True)


def cmd_pe424(args):
    """Project Euler 424: the 200 cryptic Kakuros, each asked `unique`."""
    crypta = crypta_path(args)
    path = ROOT / 'benches' / 'pe424' / 'kakuro200.crypta'
    times, out = json_runs(crypta, path, args.runs)
    unique = out.count('"unique":true')
    print(f'Project Euler 424, 200 grids: {unique} unique; whole run median '
          f'{fmt(statistics.median(times))}, max {fmt(max(times))} ({args.runs} runs)')
    if unique != 200:
        sys.exit(1)


def cmd_pair(args):
    compare(shlex.split(args.a), shlex.split(args.b), Path(args.input),
            args.rounds, args.warmup, 'A', 'B')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--crypta', default=str(ROOT / 'target' / 'release' / 'crypta'),
                        help='crypta binary (default: target/release/crypta)')
    parser.add_argument('--baselines', default=str(ROOT.parent / 'shared' / 'baselines'),
                        help='directory holding pc2.c, p1092.cpp and kakuro2.cpp '
                             '(default: ../shared/baselines from the repo root)')
    sub = parser.add_subparsers(dest='command', required=True)

    icpc = sub.add_parser('icpc', help='crypta judge icpc2009c vs pc2.c')
    icpc.add_argument('--datasets', type=int, default=200)
    icpc.add_argument('--seed', type=int, default=1)
    icpc.add_argument('--rounds', type=int, default=10)
    icpc.add_argument('--warmup', type=int, default=1)
    icpc.add_argument('--slowest', type=int, default=0, metavar='K',
                      help='also time each dataset alone and list the K slowest')
    icpc.add_argument('--runs', type=int, default=5,
                      help='runs per dataset for --slowest (median)')
    icpc.set_defaults(func=cmd_icpc)

    p1092 = sub.add_parser('p1092', help='crypta judge p1092 vs p1092.cpp')
    p1092.add_argument('--instances', type=int, default=20)
    p1092.add_argument('--runs', type=int, default=5, help='crypta runs per instance')
    p1092.add_argument('--cap', type=float, default=10.0,
                       help='baseline time limit per instance, seconds')
    p1092.set_defaults(func=cmd_p1092)

    pe = sub.add_parser('pe424', help='the 200 cryptic Kakuros of Project Euler 424')
    pe.add_argument('--runs', type=int, default=10)
    pe.set_defaults(func=cmd_pe424)

    k2 = sub.add_parser('kakuro2', help='crypta judge kakuro2 vs kakuro2.cpp')
    k2.add_argument('--size', type=int, default=20)
    k2.add_argument('--cases', type=int, default=50)
    k2.add_argument('--seed', type=int, default=1)
    k2.add_argument('--density', type=float, default=0.8)
    k2.add_argument('--open-limit', type=int, default=None,
                    help='tighten open regions larger than N first (easier grids)')
    k2.add_argument('--rounds', type=int, default=10)
    k2.add_argument('--warmup', type=int, default=1)
    k2.set_defaults(func=cmd_kakuro2)

    uq = sub.add_parser('unique', help='crypta unique on generated Kakuro grids')
    uq.add_argument('--sizes', default='30,60,150')
    uq.add_argument('--seed', type=int, default=1)
    uq.add_argument('--density', type=float, default=0.8)
    uq.add_argument('--open-limit', type=int, default=None,
                    help='tighten open regions larger than N first: 150x150 '
                         'generates in seconds instead of minutes, easier grids')
    uq.add_argument('--runs', type=int, default=5)
    uq.set_defaults(func=cmd_unique)

    pair = sub.add_parser('pair', help='two arbitrary commands on one input file')
    pair.add_argument('--input', required=True)
    pair.add_argument('--a', required=True, help='command A (shell words)')
    pair.add_argument('--b', required=True, help='command B (shell words)')
    pair.add_argument('--rounds', type=int, default=10)
    pair.add_argument('--warmup', type=int, default=1)
    pair.set_defaults(func=cmd_pair)

    args = parser.parse_args()
    args.func(args)


if __name__ == '__main__':
    main()
