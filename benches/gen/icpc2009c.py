#!/usr/bin/env python3
"""Generates ICPC 2009 Japan domestic problem C input, deterministically.

usage: icpc2009c.py [DATASETS] [SEED] > input.txt     (defaults: 200 1)

Every dataset uses exactly 10 distinct capital letters (so every digit is
used) and 3..12 words of 1..8 letters, the last being a genuine sum: a random
bijection of 10 letters onto the digits 0..9, random addends that respect
the leading-digit rule (no leading zero on a word of two or more letters),
their sum written back in letters. Datasets are rejected and redrawn until
the sum has at most 8 digits and all 10 letters occur. The input ends with a
line `0`.
"""
import random
import string
import sys


def dataset(rng):
    """One dataset: a list of words, the last one the sum of the others."""
    n = rng.randint(3, 12)  # fixed first, so every word count is equally common
    k = n - 1
    while True:
        # Pick the sum's length first, then addend lengths no longer than it,
        # so that short and long words both show up at every word count.
        cap = rng.randint(3, 8)
        lengths = [rng.randint(1, cap) for _ in range(k)]
        if rng.random() < 0.5:
            lengths[rng.randrange(k)] = cap  # often one addend as long as the sum
        nums = []
        for length in lengths:
            if length == 1:
                nums.append(rng.randrange(10))
            else:
                nums.append(rng.randrange(10 ** (length - 1), 10 ** length))
        total = sum(nums)
        if total >= 10 ** 8:
            continue
        texts = [str(x) for x in nums] + [str(total)]
        if len(set(''.join(texts))) != 10:
            continue
        letters = rng.sample(string.ascii_uppercase, 10)
        digits = list(range(10))
        rng.shuffle(digits)
        letter_of = {str(d): letters[i] for i, d in enumerate(digits)}
        return [''.join(letter_of[ch] for ch in t) for t in texts]


def generate(datasets, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(datasets):
        words = dataset(rng)
        out.append(str(len(words)))
        out.extend(words)
    out.append('0')
    return '\n'.join(out) + '\n'


if __name__ == '__main__':
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    sys.stdout.write(generate(count, seed))
