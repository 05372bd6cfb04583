"""Language v3, part B: puzzles that need distinct groups or the answer
query, in the format of puzzles.py (each written as a crypta statement and
as enigma.py's SubstitutedExpression arguments), for run.py:

    python3 benches/enigma/run.py --puzzles benches/enigma/v3_groups.py brute
    python3 benches/enigma/run.py --puzzles benches/enigma/v3_groups.py bench \\
        --enigma PATH/enigma.py --counts benches/enigma/v3_counts.json

- Answer queries: published Enigma/Teaser puzzles of puzzles.py asked the
  way their setters ask them, "what is WORD?": crypta `answer WORD: ...`,
  enigma.py `--answer=WORD`. The count compared is the number of
  solutions, which both print; `unique answer` is what makes Teaser 2487
  (two solutions, one TEASER) a puzzle.
- Distinct groups: `ABCDE + EDCBA = abcde` with the upper-case letters all
  different and the lower-case letters all different (crypta `with
  distinct ABCDE, abcde`, enigma.py `--distinct=ABCDE,abcde`), lengths 5 to
  10, the shape issue 30 names.

Extra fields (run.py reads them when present): `query`, the crypta query
in place of `count`; `brute`, this file's own brute force for puzzles whose
letters are not all upper case or not all different.
"""

import itertools

from puzzles import PUZZLES as V2

P = []

# The word each published puzzle asks for (its "What is ...?").
ASKED = {
    "Teaser 2803": "ABCDEFGHIJ",
    "Teaser 2796": "DRAGON",
    "Teaser 2771": "SAINTS",
    "Teaser 2487": "TEASER",
    "Teaser 2605": "THREE",
    "Enigma 1141": "EIGHT",
    "Enigma 244": "ENIGMA",
    "Teaser 2495": "EIGHT",
    "Enigma 1445": "VIER",
    "Enigma 1548": "ENIGMA",
    "Enigma 220": "ENIGMA",
    "Enigma 233": "ENIGMA",
}

for v2 in V2:
    word = ASKED.get(v2["name"])
    if word is None:
        continue
    p = dict(v2)
    p["name"] = v2["name"] + " (answer)"
    p["query"] = "answer %s:" % word
    p["args"] = ["--answer=" + word] + list(v2["args"])
    P.append(p)


def reversal_brute(n):
    """Upper-case word of n different digits plus its reverse, the sum n
    different digits: permutations of the upper case, the sum checked."""
    def count():
        total = 0
        for p in itertools.permutations(range(10), n):
            if p[0] == 0 or p[-1] == 0:
                continue
            x = int("".join(map(str, p)))
            s = str(x + int("".join(map(str, p[::-1]))))
            if len(s) == n and len(set(s)) == n:
                total += 1
        return total
    return count


for n in range(5, 11):
    upper, lower = "ABCDEFGHIJ"[:n], "abcdefghij"[:n]
    expr = "%s + %s = %s" % (upper, upper[::-1], lower)
    P.append(dict(
        name="reversal %d (groups)" % n,
        source="issue 30 (the all-different-per-case reversal sum)",
        crypta="%s with distinct %s, %s" % (expr, upper, lower),
        enigma=[expr],
        args=["--symbols=" + upper + lower, "--distinct=%s,%s" % (upper, lower)],
        distinct=True, digits=list(range(10)), fixed={},
        brute=reversal_brute(n),
    ))

PUZZLES = P
