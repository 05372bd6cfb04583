#!/usr/bin/env python3
"""Generates solvable NOIP 2004 / Luogu P1092 inputs, deterministically.

usage: p1092.py N SEED > input.txt

A random bijection letters -> digits of base N, two random N-digit addends
whose sum still has N digits, written back in letters.
"""
import random
import sys


def generate(n, seed):
    rng = random.Random(seed * 1000 + n)
    digits = list(range(n))
    rng.shuffle(digits)  # digits[i] = digit of letter i
    letter_of = {d: chr(ord('A') + i) for i, d in enumerate(digits)}
    while True:
        a = [rng.randrange(n) for _ in range(n)]
        b = [rng.randrange(n) for _ in range(n)]
        # Sum from the least significant end; reject a carry out of the top.
        c, carry = [0] * n, 0
        for i in range(n - 1, -1, -1):
            s = a[i] + b[i] + carry
            c[i], carry = s % n, s // n
        if carry == 0 and len(set(a + b + c)) == n:
            break
    word = lambda xs: ''.join(letter_of[x] for x in xs)
    return f"{n}\n{word(a)}\n{word(b)}\n{word(c)}\n"


if __name__ == '__main__':
    sys.stdout.write(generate(int(sys.argv[1]), int(sys.argv[2])))
