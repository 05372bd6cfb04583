#!/usr/bin/env python3
"""Counting and enumeration at scale: the targets of the counting issue,
measured in one run (whole processes, release build).

  python3 benches/counting.py [--crypta PATH] [--baselines DIR] [--runs 5]

Prints, for each workload, the median (and min/max) wall time of `--runs`
runs, and for the side-by-side ones the median of the per-round ratios:
- the 40-digit sum of the issue (3,265,920 solutions, counted by columns);
- a 12-digit sum with `repeats` (5 * 10^11 solutions);
- a 150x150 Kakuro of 900 separate 5x5 blocks (each a planted 4x4 area
  with several fillings) counted exactly;
- ICPC 2009 C: 100 datasets of three words and ten letters with about
  10^5 solutions each, against the contest's reference program pc2
  (compiled here from ../shared/baselines with cc -O2), answers compared
  (one dataset alone is mostly process start-up: about 4 ms for crypta,
  1 ms for pc2);
- a `count` and a `unique` that take seconds on one core: `--jobs 1`
  against `--jobs 2`, interleaved, outputs compared;
- peak memory (max RSS) of `first 1000000000 A + ... + K = LM with repeats`.
"""

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd, stdin=None, out=subprocess.PIPE):
    start = time.perf_counter()
    done = subprocess.run(cmd, stdin=stdin, stdout=out, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    return elapsed, (done.stdout or b'').decode()


def timed(cmd, runs, input_path=None):
    times, output = [], None
    for _ in range(runs):
        with open(input_path or os.devnull, 'rb') as stdin:
            t, output = run(cmd, stdin)
        times.append(t)
    return times, output


def fmt(times):
    ms = [t * 1000 for t in times]
    return 'median %8.1f ms  (min %.1f, max %.1f)' % (statistics.median(ms), min(ms), max(ms))


def pair(label, cmd_a, cmd_b, runs, input_path=None):
    """A and B alternately; the median of B/A per round."""
    ta, tb, ratios = [], [], []
    out_a = out_b = None
    for _ in range(runs):
        with open(input_path or os.devnull, 'rb') as stdin:
            a, out_a = run(cmd_a, stdin)
        with open(input_path or os.devnull, 'rb') as stdin:
            b, out_b = run(cmd_b, stdin)
        ta.append(a)
        tb.append(b)
        ratios.append(b / a)
    agree = out_a.split() == out_b.split()
    print('%s\n  A %s\n  B %s\n  B/A median %.2fx, outputs %s' % (
        label, fmt(ta), fmt(tb), statistics.median(ratios), 'agree' if agree else 'DIFFER'))
    if not agree:
        sys.exit('outputs differ: %r / %r' % (out_a[:200], out_b[:200]))


def json_count(output):
    m = re.search(r'"count":(\d+)', output)
    return m.group(1) if m else '?'


def blocks(crypta, tmp):
    """900 planted 5x5 grids of crypta's generator, tiled 30 by 30."""
    _, text = run([crypta, 'generate', 'kakuro', '--size', '5', '--seed', '1', '--cases', '900'])
    grids = [[line.split() for line in g.splitlines()]
             for g in re.findall(r'\{\n(.*?)\n\}', text, re.S)]
    rows = []
    for br in range(30):
        for i in range(5):
            rows.append(' '.join(' '.join(grids[br * 30 + bc][i]) for bc in range(30)))
    path = os.path.join(tmp, 'blocks.crypta')
    with open(path, 'w') as f:
        f.write('count kakuro {\n' + '\n'.join(rows) + '\n}\n')
    return path


def icpc_heavy(datasets, seed=5):
    """ICPC 2009 C input: three words using all ten letters, about 10^5
    solutions each (ABCDEFGH + I = ABCDEFGJ: 138,240; BCDEFGHIJ + A =
    BCDEFGHIJ: 362,880), the letters renamed at random in each dataset."""
    rng = random.Random(seed)
    patterns = [('ABCDEFGH', 'I', 'ABCDEFGJ'), ('BCDEFGHIJ', 'A', 'BCDEFGHIJ')]
    lines = []
    for k in range(datasets):
        letters = list('ABCDEFGHIJ')
        renamed = letters[:]
        rng.shuffle(renamed)
        rename = dict(zip(letters, renamed))
        lines.append('3')
        lines += [''.join(rename[c] for c in word) for word in patterns[k % 2]]
    return '\n'.join(lines + ['0']) + '\n'


def peak_memory(cmd):
    """Max RSS of one run in MB: that child's own, from wait4."""
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--crypta', default=os.path.join(ROOT, 'target/release/crypta'))
    parser.add_argument('--baselines', default=os.path.join(ROOT, '..', 'shared', 'baselines'))
    parser.add_argument('--runs', type=int, default=5)
    args = parser.parse_args()
    crypta, runs = args.crypta, args.runs
    with tempfile.TemporaryDirectory() as tmp:
        for label, statement in [
            ('40-digit sum, 10 free letters',
             'count ABCDEFGHIJ000000000000000000000000000000 + 1 = ABCDEFGHIJ000000000000000000000000000001'),
            ('12-digit sum with repeats',
             'count ABCDEFGHIJKL + ABCDEFGHIJKL = MNOPQRSTUVWXY with repeats'),
        ]:
            times, out = timed([crypta, '--format', 'json', 'eval', statement], runs)
            print('%s: count %s\n  %s' % (label, json_count(out), fmt(times)))

        path = blocks(crypta, tmp)
        times, out = timed([crypta, '--format', 'json', 'run', path], runs)
        count = json_count(out)
        print('150x150 Kakuro, 900 separate blocks: count has %d digits\n  %s' % (len(count), fmt(times)))

        pc2 = os.path.join(tmp, 'pc2')
        subprocess.run(['cc', '-O2', '-o', pc2, os.path.join(args.baselines, 'pc2.c')], check=True)
        heavy = os.path.join(tmp, 'heavy.txt')
        with open(heavy, 'w') as f:
            f.write(icpc_heavy(100))
        pair('ICPC 2009 C, 100 datasets of three words and ten letters with 138,240 or '
             '362,880 solutions: A crypta, B pc2', [crypta, 'judge', 'icpc2009c'], [pc2], runs, heavy)

        for statement in ['count ABC * DEF = GHIJKL with repeats',
                          'unique ABC * DEFG = HIJKLMN with repeats, HIJKLMN prime, D < 4']:
            pair('%s: A --jobs 2, B --jobs 1' % statement,
                 [crypta, '--jobs', '2', '--format', 'json', 'eval', statement],
                 [crypta, '--jobs', '1', '--format', 'json', 'eval', statement], runs)

        mb = peak_memory([crypta, 'eval',
                          'first 1000000000 A + B + C + D + E + F + G + H + I + J + K = LM with repeats'])
        print('first 1000000000 ... with repeats: peak memory %.1f MB' % mb)


if __name__ == '__main__':
    main()
