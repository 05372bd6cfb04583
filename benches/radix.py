#!/usr/bin/env python3
"""Times crypta's `count` on random solvable radix-n additions.

usage:
  python3 benches/radix.py [--bases 36,40,52] [--instances 30] [--runs 3]
                           [--seed-offset 0] [--crypta PATH] [--slowest K]
                           [--timeout SECONDS] [--print BASE]
                           [--before PATH] [--target SECONDS]

Each instance is `A + B = C` in base n with three n-letter words and n
distinct letters (NOIP 2004 "虫食算"), made by adding two random n-digit
numbers whose sum still has n digits and uses every digit at least once,
then naming the digits by a random permutation of the letters. Instance s
of base n is seeded with s + 1000·n (+ --seed-offset), so the same arguments
give the same inputs. Every instance therefore has at least one solution,
and crypta's count must be at least 1 (checked).

Times are wall-clock seconds of whole `crypta --format json eval` processes
(process start-up included), the median of --runs runs per instance; per
base the maximum and the median over the instances are printed; a run cut
off by --timeout counts as the timeout and is marked with `>`. Build
crypta first: cargo build --release. Standard library only.

With --before PATH, another crypta binary (an older build, say) runs on
the same instances, alternating with --crypta run by run, and the counts
of the two must agree; both are reported side by side. --target SECONDS
also prints how many instances took longer than that.
"""
import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYMBOLS = [chr(ord('A') + i) for i in range(26)] + \
    [chr(ord('a') + i) for i in range(26)]


def gen(n, seed):
    """One solvable instance in base n (n <= 52) as a crypta statement."""
    r = random.Random(seed)
    while True:
        a = [r.randrange(n) for _ in range(n)]
        b = [r.randrange(n) for _ in range(n)]
        av = sum(d * n ** (n - 1 - i) for i, d in enumerate(a))
        bv = sum(d * n ** (n - 1 - i) for i, d in enumerate(b))
        c = av + bv
        if c >= n ** n:
            continue
        cd = []
        x = c
        for _ in range(n):
            cd.append(x % n)
            x //= n
        cd = cd[::-1]
        if len(set(a + b + cd)) < n:
            continue
        perm = SYMBOLS[:n]
        r.shuffle(perm)

        def word(ds):
            return ''.join(perm[d] for d in ds)
        return (f'count {word(a)} + {word(b)} = {word(cd)} '
                f'with base {n}, leading zeros')


def fmt(seconds):
    if seconds < 1:
        return f'{seconds * 1e3:.1f} ms'
    return f'{seconds:.2f} s'


def timed(binaries, statement, runs, timeout):
    """Per binary, the median of `runs` runs, the binaries taking turns run
    by run (the timeout if a run was cut off), and its count (None if cut
    off)."""
    times = {name: [] for name, _ in binaries}
    counts = {name: None for name, _ in binaries}
    for _ in range(runs):
        for name, crypta in binaries:
            if times[name] and counts[name] is None:
                continue  # cut off before: the same cut-off would only cost time
            t, result = time_one(crypta, statement, timeout)
            times[name].append(timeout if t is None else t)
            counts[name] = None if t is None else result['count']
    return {name: (statistics.median(times[name]), counts[name])
            for name, _ in binaries}


def time_one(crypta, statement, timeout=None):
    """Seconds of one run (None if the timeout cut it off) and its JSON."""
    start = time.perf_counter()
    try:
        proc = subprocess.run([crypta, '--format', 'json', 'eval', statement],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f'crypta exited with {proc.returncode} on {statement!r}:\n'
                 f'{proc.stderr.decode(errors="replace")}')
    result = json.loads(proc.stdout.decode().splitlines()[0])
    if not result.get('complete') or int(result.get('count', 0)) < 1:
        sys.exit(f'unexpected result on {statement!r}: {result}')
    return elapsed, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--bases', default='36,40,52')
    parser.add_argument('--instances', type=int, default=30)
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--seed-offset', type=int, default=0)
    parser.add_argument('--crypta', default=str(ROOT / 'target' / 'release' / 'crypta'))
    parser.add_argument('--timeout', type=float, default=None,
                        help='give up on a run after this many seconds')
    parser.add_argument('--slowest', type=int, default=0,
                        help='also list the K slowest instances per base')
    parser.add_argument('--print', type=int, metavar='BASE',
                        help='only print the instances of BASE, one a line')
    parser.add_argument('--before', metavar='PATH',
                        help='also time this crypta binary, counts compared')
    parser.add_argument('--target', type=float, metavar='SECONDS',
                        help='also count the instances slower than this')
    args = parser.parse_args()
    if args.print is not None:
        for s in range(args.instances):
            print(gen(args.print, s + 1000 * args.print + args.seed_offset))
        return
    for n in map(int, args.bases.split(',')):
        if not 2 <= n <= 52:
            sys.exit(f'base {n}: only 2..52 (one letter per digit)')
        binaries = [('after', args.crypta)]
        if args.before:
            binaries.insert(0, ('before', args.before))
        times = {name: [] for name, _ in binaries}
        for s in range(args.instances):
            statement = gen(n, s + 1000 * n + args.seed_offset)
            counts = {}
            for name, (t, counts[name]) in timed(binaries, statement, args.runs,
                                                 args.timeout).items():
                times[name].append((t, s))
            known = {c for c in counts.values() if c is not None}
            if len(known) > 1:
                sys.exit(f'counts differ on {statement!r}: {counts}')

        def show(t):
            return ('>' if args.timeout is not None and t >= args.timeout else '') + fmt(t)
        for name, _ in binaries:
            values = [t for t, _ in times[name]]
            label = f' {name}' if args.before else ''
            over = ''
            if args.target is not None:
                slow = sum(t > args.target for t in values)
                over = f'  over {fmt(args.target)}: {slow}'
            print(f'base {n}{label}: {len(values)} instances  max {show(max(values))}  '
                  f'median {show(statistics.median(values))}{over}', flush=True)
            for t, s in sorted(times[name], reverse=True)[:args.slowest]:
                print(f'  instance {s + 1} (seed {s + 1000 * n + args.seed_offset}): {show(t)}')


if __name__ == '__main__':
    main()
