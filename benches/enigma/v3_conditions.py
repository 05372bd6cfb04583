"""Published letters-for-digits puzzles that need the conditions of
language v3: `and`, `or`, `not`, counted truths (`exactly N of (...)`),
and `/` as exact rational division. Same format as puzzles.py (run with
`run.py --puzzles benches/enigma/v3_conditions.py bench --counts
benches/enigma/v3_counts.json ...`, the counts of `... brute`); each written twice,
as a crypta statement and as the expressions enigma.py takes. The enigma.py
forms are the exact ones, never Python's float `/`: a product
(`NORTH * WEST = EAST * SOUTH`) or enigma.py's `fraction()`.

Extra fields beyond puzzles.py's: `solver` (the enigma.py solver, default
SubstitutedExpression) and `brute` (a function counting the solutions
directly, for a puzzle whose letters are too many to try every digit).
"""

import itertools

P = []


def puzzle(name, source, crypta, enigma, args=(), distinct=True, digits=range(10), fixed=None,
           solver="SubstitutedExpression", brute=None):
    P.append(dict(name=name, source=source, crypta=crypta, enigma=list(enigma),
                  args=list(args), distinct=distinct, digits=list(digits),
                  fixed=dict(fixed or {}), solver=solver, brute=brute))


# ---------------------------------------------------------------- booleans

puzzle("Teaser 2636", "Sunday Times, Simple Easter Teaser (Andrew Skidmore): one of the numbers is "
       "the sum of the other two, and one or more of them is odd",
       "SIMPLE + EASTER = TEASER or SIMPLE + TEASER = EASTER or EASTER + TEASER = SIMPLE, "
       "at least 1 of (SIMPLE odd, EASTER odd, TEASER odd)",
       ["SIMPLE + EASTER == TEASER or SIMPLE + TEASER == EASTER or EASTER + TEASER == SIMPLE",
        "SIMPLE % 2 == 1 or EASTER % 2 == 1 or TEASER % 2 == 1"])
puzzle("RAISE ARIES", "perplexus.info problem 6779 (I + S and A + E are consecutive primes)",
       "RAISE square, ARIES square, I + S = 2 and A + E = 3 or I + S = 3 and A + E = 5 "
       "or I + S = 5 and A + E = 7 or I + S = 7 and A + E = 11 or I + S = 11 and A + E = 13 "
       "or I + S = 13 and A + E = 17",
       ["is_square(RAISE)", "is_square(ARIES)",
        "(I + S, A + E) in {(2, 3), (3, 5), (5, 7), (7, 11), (11, 13), (13, 17)}"])


def enigma16():
    """Every long division C??? / A? = ??? with quotient digits q 0 r,
    first step C? - ?D = ? and last ??? - B?? = 0, then the clue."""
    count = 0
    for divisor in range(10, 100):
        for q1 in range(1, 10):
            for q3 in range(1, 10):
                dividend = divisor * (100 * q1 + q3)
                if not 1000 <= dividend <= 9999:
                    continue
                s = str(dividend)
                first, part1 = int(s[:2]), q1 * divisor
                rem1 = first - part1
                if not (10 <= part1 <= 99 and 1 <= rem1 <= 9):
                    continue
                if rem1 * 10 + int(s[2]) >= divisor:
                    continue  # the middle quotient digit is 0
                part3 = q3 * divisor
                if rem1 * 100 + int(s[2:]) != part3 or not 100 <= part3 <= 999:
                    continue
                a, b, c, d = divisor // 10, part3 // 100, int(s[0]), part1 % 10
                if [a != 4, b != 5, c != 6, d != 7].count(True) == 1:
                    count += 1
    return count


puzzle("Enigma 16", "New Scientist, Four five six seven; enigma.py SubstitutedDivision docs",
       # The remainder of the first step, a digit, leads the last number
       # divided, whose product starts with B: it is B.
       "CWXY = AE * P0R, FD = P * AE, CW - FD = B, BX < AE, BXY = R * AE, "
       "exactly 1 of (A != 4, B != 5, C != 6, D != 7) with repeats",
       ["C??? / A? = ???", "C? - ?D = ?", "", "??? - B?? = 0",
        "--extra=sum([A != 4, B != 5, C != 6, D != 7]) = 1"],
       args=["--distinct="], distinct=False, solver="SubstitutedDivision", brute=enigma16)

# --------------------------------------------------------------- fractions

puzzle("Enigma 1749", "New Scientist, 18 May 2013; jsdw.me/posts/enigma1749",
       "NEW = SCIENTIST / ENIGMA with repeats, W = 0, S = 5, N = 9",
       ["NEW * ENIGMA = SCIENTIST"],
       args=["--distinct=", "--assign=W,0", "--assign=S,5", "--assign=N,9"],
       distinct=False, fixed={"W": 0, "S": 5, "N": 9})
puzzle("Enigma 1000", "New Scientist #2155, 10 October 1998; enigmaticcode",
       "ENIGMA / M = TIMES",
       ["TIMES * M = ENIGMA"])
puzzle("Nine digits, three fractions", "classic (A/BC + D/EF + G/HI = 1, the nine digits 1-9 once each); "
       "the brief, issue 30",
       "A / BC + D / EF + G / HI = 1 with digits 1..9",
       ["fraction(A, BC, D, EF, G, HI) == (1, 1)"],
       args=["--digits=1-9"], digits=range(1, 10))
puzzle("Compass fractions", "NORTH / SOUTH = EAST / WEST; the brief, issue 30",
       "NORTH / SOUTH = EAST / WEST",
       ["NORTH * WEST == EAST * SOUTH"])
for n in range(2, 10):
    puzzle("Digital division 1/%d" % n,
           "H. E. Dudeney, Amusements in Mathematics (1917), digital division: "
           "the nine digits as two numbers whose quotient is %d" % n,
           "ABCD / EFGHI = 1 / %d with digits 1..9" % n,
           ["ABCD * %d == EFGHI" % n],
           args=["--digits=1-9"], digits=range(1, 10))

PUZZLES = P
