#!/usr/bin/env python3
"""Times `crypta generate` for letters, multiplication and division.

usage:
  python3 benches/generate.py [--seeds 20] [--runs 3] [--jobs 1]
                              [--crypta PATH] [--only NAME] [--check]

Each case is one kind with its options (the default sizes, larger sizes,
--keep 7, --letters and both, other bases up to 36 and patterns); each seed 1..--seeds makes
one puzzle (`--count 1`) in its own process, timed wall-clock with
process start-up included, the median of --runs runs. Per case the
maximum and the median over the seeds are printed, and the slowest seed;
a seed that ends in "no puzzle found" is counted (its time included).
With --check, every puzzle printed is run back through `crypta run` and
must say `unique: exactly one solution`. Build crypta first: cargo build
--release. Standard library only.
"""
import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS = str(ROOT / 'examples' / 'words.txt')

CASES = [
    ('letters 2 words', ['letters', '--words', WORDS]),
    ('letters 2..4 words', ['letters', '--words', WORDS, '--addends', '2..4']),
    ('letters A-B=C', ['letters', '--words', WORDS, '--pattern', 'A - B = C']),
    ('letters base 12', ['letters', '--words', WORDS, '--base', '12']),
    ('letters base 8', ['letters', '--words', WORDS, '--base', '8']),
    ('letters base 14', ['letters', '--words', WORDS, '--base', '14']),
    ('letters base 16', ['letters', '--words', WORDS, '--base', '16']),
    ('letters base 16 2..4 words', ['letters', '--words', WORDS, '--base', '16', '--addends', '2..4']),
    ('letters base 20', ['letters', '--words', WORDS, '--base', '20']),
    ('letters base 36', ['letters', '--words', WORDS, '--base', '36']),
    ('multiplication 3x2', ['multiplication', '--digits', '3x2']),
    ('multiplication 4x3', ['multiplication', '--digits', '4x3']),
    ('multiplication 3x2 keep 7', ['multiplication', '--digits', '3x2', '--keep', '7']),
    ('multiplication 3x2 letters', ['multiplication', '--digits', '3x2', '--letters']),
    ('multiplication 3x2 keep 7 letters',
     ['multiplication', '--digits', '3x2', '--keep', '7', '--letters']),
    ('division 5x2', ['division', '--digits', '5x2']),
    ('division 6x3', ['division', '--digits', '6x3']),
    ('division 5x2 keep 7', ['division', '--digits', '5x2', '--keep', '7']),
    ('division 5x2 letters', ['division', '--digits', '5x2', '--letters']),
    ('division 5x2 keep 7 letters', ['division', '--digits', '5x2', '--keep', '7', '--letters']),
]


def once(crypta, args, seed, jobs):
    """Seconds and output of one generation."""
    command = [crypta, 'generate', *args, '--seed', str(seed), '--count', '1',
               '--jobs', str(jobs)]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0 and 'no puzzle found' not in done.stderr:
        sys.exit(f'{" ".join(command)} failed: {done.stderr.strip()}')
    return seconds, done.stdout if done.returncode == 0 else None


def check(crypta, text, name, seed):
    done = subprocess.run([crypta, 'run', '-'], input=text, capture_output=True, text=True)
    if 'unique: exactly one solution' not in done.stdout:
        sys.exit(f'{name} seed {seed} is not unique:\n{text}\n{done.stdout}{done.stderr}')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--seeds', type=int, default=20)
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--jobs', type=int, default=1)
    parser.add_argument('--crypta', default=str(ROOT / 'target' / 'release' / 'crypta'))
    parser.add_argument('--only', help='cases whose name contains this')
    parser.add_argument('--check', action='store_true')
    args = parser.parse_args()
    print(f'{"case":34} {"median s":>9} {"max s":>7}  slowest seed')
    for name, options in CASES:
        if args.only and args.only not in name:
            continue
        times = []
        failed = 0
        for seed in range(1, args.seeds + 1):
            runs = [once(args.crypta, options, seed, args.jobs) for _ in range(args.runs)]
            times.append((statistics.median(t for t, _ in runs), seed))
            if runs[0][1] is None:
                failed += 1
            elif args.check:
                check(args.crypta, runs[0][1], name, seed)
        worst = max(times)
        median = statistics.median(t for t, _ in times)
        failures = f'  ({failed} seeds found none)' if failed else ''
        print(f'{name:34} {median:9.3f} {worst[0]:7.3f}  {worst[1]}{failures}', flush=True)


if __name__ == '__main__':
    main()
