"""Published Enigma (New Scientist), Puzzle (New Scientist) and Teaser
(Sunday Times) puzzles that need language v3, each with the address where
its statement was read, for run.py:

    python3 benches/enigma/run.py --puzzles benches/enigma/v3_published.py brute
    python3 benches/enigma/run.py --puzzles benches/enigma/v3_published.py bench \\
        --enigma PATH/enigma.py --counts benches/enigma/v3_published.json

What each needs is in its `needs`: `answer` (the setter asks for a value,
"What is TEASER?": `answer EXPR:`, and `unique answer` where the
solutions are several and the value one), `groups` (`with distinct ...`:
letters distinct among themselves, the digits of a skeleton free, or each
letter different every time it appears), `bool` (`or`, `at least N of`),
`base` (an answer read in another base). Puzzles already in puzzles.py
appear here only when the setter's own question is asked (marked
"question"): those are counted apart in the README.

Each is written three times: the crypta statement, enigma.py's
SubstitutedExpression arguments, and a brute force of this file's own (a
function here, or run.py's generic one over the enigma.py expressions),
sharing no code with either solver. Skeleton divisions are checked
against the published layout itself: every quotient and divisor is tried,
the long division is worked out digit by digit, and its rows are matched
against the layout's patterns.

Fields beyond puzzles.py's: `query` (the crypta query in place of
`count`), `answer` (the answer expression, for the generic brute force),
`symbols` (the symbols when not only upper-case letters), `base`,
`needs`, `brute` (returns the count, or (count, {answer: solutions})).
"""

import itertools
import re

P = []


def puzzle(name, source, crypta, enigma, args=(), query="count", needs="", answer=None,
           distinct=True, digits=range(10), fixed=None, base=10, symbols=None, brute=None):
    # enigma.py takes "WORD = expression", a lone word on the left, as a
    # value to work out, and the code it generates for that fails when the
    # word has one letter or lower-case letters ("N = n + n"); "==" is a
    # plain test there.
    enigma = [re.sub(r"^(\s*[A-Za-z]+\s*)=(?!=)", r"\1==", e) for e in enigma]
    P.append(dict(name=name, source=source, crypta=crypta, enigma=list(enigma), args=list(args),
                  query=query, needs=needs, answer=answer, distinct=distinct, digits=list(digits),
                  fixed=dict(fixed or {}), base=base, symbols=symbols, brute=brute))


# ------------------------------------------------- brute-force helpers

def match(pairs, env, distinct=True):
    """Binds the letters of each (pattern, number) pair: a pattern is a
    string of letters, digits and `?`, one per digit of the number, which
    has exactly that many digits (its first is not 0, unless it has one).
    An empty pattern is the number 0. With `distinct`, different letters
    take different digits. Returns False on a mismatch."""
    for pattern, n in pairs:
        if pattern == "":
            if n != 0:
                return False
            continue
        s = str(n)
        if n < 0 or len(s) != len(pattern):
            return False
        for c, d in zip(pattern, s):
            d = int(d)
            if c == "?":
                continue
            if c.isdigit():
                if int(c) != d:
                    return False
            elif c in env:
                if env[c] != d:
                    return False
            else:
                if distinct and d in env.values():
                    return False
                env[c] = d
    return True


def long_division(dividend, divisor):
    """The rows of the long division, one per quotient digit: (minuend,
    subtrahend, remainder), or None for a 0 digit after the first."""
    s = str(dividend)
    k = 1
    while k < len(s) and int(s[:k]) < divisor:
        k += 1
    rows, rem = [], None
    for i in range(k - 1, len(s)):
        cur = int(s[:k]) if rem is None else rem * 10 + int(s[i])
        q = cur // divisor
        rem = cur - q * divisor
        rows.append((cur, q * divisor, rem) if q or not rows else None)
    return rows


def numbers(pattern):
    """Every number a pattern can stand for (letters distinct, `?` any
    digit, the first digit not 0)."""
    letters = sorted({c for c in pattern if c.isalpha()})
    for ds in itertools.permutations(range(10), len(letters)):
        env = dict(zip(letters, ds))
        for free in itertools.product(range(10), repeat=pattern.count("?")):
            free = iter(free)
            digits = [env[c] if c in env else next(free) if c == "?" else int(c) for c in pattern]
            if digits[0] != 0 or len(digits) == 1:
                yield int("".join(map(str, digits)))


def division_brute(dividend, divisor, quotient, steps, extra=None, remainder=False):
    """Counts the long divisions that fit a published layout: patterns of
    the dividend, divisor, quotient and of each step ("minuend", "subtrahend",
    "remainder"), None for a step the layout leaves out (a 0 digit of the
    quotient); letters distinct, `?` any digit; `extra(env, numbers)` a
    further clause of the statement. An exact division tries every divisor
    and quotient; one with a remainder every divisor and every dividend
    its pattern allows."""
    letters = [c for c in divisor if c.isalpha()]
    derived = len(letters) == len(divisor) and all(c in dividend for c in letters)

    def candidates():
        if derived:
            # The divisor's letters all appear in the dividend: it follows.
            for n in numbers(dividend):
                s = str(n)
                d = int("".join(s[dividend.index(c)] for c in divisor))
                if d and (remainder or n % d == 0):
                    yield n, d, n // d
            return
        for d in range(10 ** (len(divisor) - 1), 10 ** len(divisor)):
            if remainder:
                for n in numbers(dividend):
                    yield n, d, n // d
            else:
                for q in range(10 ** (len(quotient) - 1), 10 ** len(quotient)):
                    yield d * q, d, q

    count = 0
    for n, d, q in candidates():
        if len(str(n)) != len(dividend) or len(str(q)) != len(quotient):
            continue
        rows = long_division(n, d)
        if len(rows) != len(steps):
            continue
        if any((a is None) != (b is None) for a, b in zip(rows, steps)):
            continue
        env = {}
        pairs = [(dividend, n), (divisor, d), (quotient, q)]
        for row, step in zip(rows, steps):
            if step is not None:
                pairs += list(zip(step, row))
        if match(pairs, env) and (extra is None or extra(env, (n, d, q))):
            count += 1
    return count


def addition_brute(terms, total, answer, base=10, digits=range(10), fixed=None):
    """Counts the assignments of different digits to the letters of
    `terms` (summed) and `total` that make the sum hold, leading letters
    not 0: the columns from the right, one at a time, each checked modulo
    base^k once its letters are placed. Returns (count, {answer(env): n})."""
    width = max(len(w) for w in terms + [total])
    columns = []
    for k in range(width):
        col = []
        for w in terms + [total]:
            if k < len(w) and w[-1 - k] not in col and all(w[-1 - k] not in c for c in columns):
                col.append(w[-1 - k])
        columns.append(col)
    leading = {w[0] for w in terms + [total] if len(w) > 1}
    fixed = dict(fixed or {})
    found = {}

    def value(w, env, k):
        v = 0
        for c in w[max(0, len(w) - k):]:
            v = v * base + env[c]
        return v

    def place(k, env):
        if k == width:
            if sum(value(w, env, width) for w in terms) == value(total, env, width):
                a = answer(env)
                found[a] = found.get(a, 0) + 1
            return
        letters = [c for c in columns[k] if c not in fixed]
        free = [d for d in digits if d not in env.values() and d not in fixed.values()]
        for ds in itertools.permutations(free, len(letters)):
            env2 = dict(env)
            env2.update(zip(letters, ds))
            env2.update({c: fixed[c] for c in columns[k] if c in fixed})
            if any(env2[c] == 0 for c in columns[k] if c in leading):
                continue
            m = base ** (k + 1)
            if (sum(value(w, env2, k + 1) for w in terms) - value(total, env2, k + 1)) % m == 0:
                place(k + 1, env2)
    place(0, {})
    return sum(found.values()), found


def w(word, env, base=10):
    """A word's value under an assignment."""
    v = 0
    for c in word:
        v = v * base + env[c]
    return v


# ------------------------------------------------------------- answers

puzzle("Teaser 3000", "https://s2t2.home.blog/2020/03/20/teaser-3000-the-three-thousandth/ "
       "(Sunday Times 22 March 2020; base 11, digits 1 to X; \"submit TEASER\")",
       "THREE + THOUS + ANDTH = TEASER with base 11, digits 1..10",
       ["THREE + THOUS + ANDTH = TEASER"], ["--base=11", "--digits=1-10", "--answer=TEASER"],
       query="unique answer TEASER:", needs="answer (2 solutions, 1 TEASER), base",
       answer="TEASER", base=11, digits=range(1, 11),
       brute=lambda: addition_brute(["THREE", "THOUS", "ANDTH"], "TEASER", lambda e: w("TEASER", e, 11),
                                    base=11, digits=range(1, 11)))
puzzle("Teaser 2938", "https://s2t2.home.blog/2019/03/08/teaser-2938-numerophobia/ "
       "(Sunday Times 13 January 2019; \"What number is represented by ABCDEFGHIJ?\")",
       "A + G = C, B * J = FH, GE * AI = HDB",
       ["A + G = C", "B * J = FH", "GE * AI = HDB"], ["--answer=ABCDEFGHIJ"],
       query="answer ABCDEFGHIJ:", needs="answer (2 solutions, 2 values: flawed as set)",
       answer="ABCDEFGHIJ")
puzzle("Enigma 1272", "enigma.py's documentation (SubstitutedSum --digits), citing "
       "https://enigmaticcode.wordpress.com/2014/12/09/enigma-1272-jonny-wilkinson/ "
       "(digits 0 to 8; the question asked was not read: JONNY assumed)",
       "WILKI + NSON = JONNY with digits 0..8",
       ["WILKI + NSON = JONNY"], ["--digits=0-8", "--answer=JONNY"],
       query="unique answer JONNY:", needs="answer (2 solutions, 1 JONNY)",
       answer="JONNY", digits=range(9),
       brute=lambda: addition_brute(["WILKI", "NSON"], "JONNY", lambda e: w("JONNY", e),
                                    digits=range(9)))
puzzle("Enigma 1663", "http://www.newscientist.com/article/mg21128291.600-enigma-number-1663.html "
       "(New Scientist, \"Flintoff's farewell\": 11 letters, so base 11; \"What is the eight-digit "
       "number (still in base 11) represented by FLINTOFF?\"; the sum, a picture there, from "
       "enigma.py's documentation)",
       "FAREWELL + FREDALO = FLINTOFF with base 11",
       ["FAREWELL + FREDALO = FLINTOFF"], ["--base=11", "--answer=FLINTOFF"],
       query="unique answer FLINTOFF:", needs="answer (2 solutions, 1 FLINTOFF), base",
       answer="FLINTOFF", base=11, digits=range(11),
       brute=lambda: addition_brute(["FAREWELL", "FREDALO"], "FLINTOFF",
                                    lambda e: w("FLINTOFF", e, 11), base=11, digits=range(11)))
puzzle("Enigma 1139", "https://enigmaticcode.wordpress.com/2016/11/28/enigma-1139-a-simple-addition/ "
       "(New Scientist #2295, 16 June 2001; \"What is the value of NIL?\")",
       "NIL + TWO + SEVEN + ELEVEN = TWENTY",
       ["NIL + TWO + SEVEN + ELEVEN = TWENTY"], ["--answer=NIL"],
       query="answer NIL:", needs="answer", answer="NIL",
       brute=lambda: addition_brute(["NIL", "TWO", "SEVEN", "ELEVEN"], "TWENTY", lambda e: w("NIL", e)))
puzzle("Enigma 1361", "https://enigmaticcode.wordpress.com/2013/02/20/enigma-1361-enigma-variation/ "
       "(New Scientist #2520, 8 October 2005; O is 0; \"What is ENIGMA?\")",
       "ELGAR + ENIGMA = NIMROD with O = 0",
       ["ELGAR + ENIGMA = NIMROD"], ["--assign=O,0", "--answer=ENIGMA"],
       query="answer ENIGMA:", needs="answer", answer="ENIGMA", fixed={"O": 0},
       brute=lambda: addition_brute(["ELGAR", "ENIGMA"], "NIMROD", lambda e: w("ENIGMA", e), fixed={"O": 0}))
puzzle("Enigma 1530", "enigma.py's documentation (SubstitutedExpression), citing "
       "https://enigmaticcode.wordpress.com/2012/07/09/enigma-1530-tom-daley/; the question as "
       "quoted at thenakedscientists.com (forum, 29 January 2009): \"TOM*13 = DALEY ... evaluate "
       "DALEY\"",
       "TOM * 13 = DALEY",
       ["TOM * 13 = DALEY"], ["--answer=DALEY"], query="answer DALEY:", needs="answer",
       answer="DALEY")
puzzle("Enigma 213 (question)", "https://enigmaticcode.wordpress.com/2014/08/10/enigma-213-enigmas-square/ "
       "(New Scientist #1359, 26 May 1983; \"What (in letters) is YE x EIYIELIGMI?\")",
       "SLA * SLA = ENIGMA, YSSE * YSSE = ENIGMAS",
       ["SLA * SLA = ENIGMA", "YSSE * YSSE = ENIGMAS"], ["--answer=YE * EIYIELIGMI"],
       query="answer YE * EIYIELIGMI:", needs="answer of an expression (puzzle in puzzles.py)",
       answer="YE * EIYIELIGMI")
puzzle("Teaser 2605 (question)", "https://brg.a2hosted.com/?page_id=284 (Sunday Times 26 August "
       "2012, \"Simple Sums\"; \"Quelle est la valeur de HUIT?\")",
       "TWO + TWO = FOUR, FIVE prime, (FIVE - TWO) prime, THREE % 3 = 0",
       ["TWO + TWO = FOUR", "is_prime(FIVE)", "is_prime(FIVE - TWO)", "THREE % 3 = 0"],
       ["--answer=HUIT"], query="answer HUIT:", needs="answer of a word outside the "
       "statement (puzzle in puzzles.py)", answer="HUIT")
puzzle("Teaser 2495 (question)", "https://s2t2.home.blog/2025/10/24/teaser-2495 "
       "(Sunday Times 18 July 2010; \"What is the value of THREE?\")",
       "FOUR square, EIGHT cube, (ONE + TEN) prime",
       ["is_square(FOUR)", "is_cube(EIGHT)", "is_prime(ONE + TEN)"], ["--answer=THREE"],
       query="answer THREE:", needs="answer of a word outside the statement (puzzle in "
       "puzzles.py)", answer="THREE")

puzzle("Teaser 2429", "https://s2t2.home.blog/2026/07/03/teaser-2429/ (Sunday Times 12 April "
       "2009: EASTER - BONNET = TIMES; \"What number is TEASER?\")",
       "EASTER - BONNET = TIMES",
       ["EASTER - BONNET = TIMES"], ["--answer=TEASER"], query="answer TEASER:",
       needs="answer of a word outside the statement",
       brute=lambda: addition_brute(["BONNET", "TIMES"], "EASTER", lambda e: w("TEASER", e)))
puzzle("Teaser 2829", "https://brg.me.uk/?page_id=4193 (Sunday Times 11 December 2016, \"Making a "
       "Dozen\": SEVEN + THREE + TWO = TWELVE; \"What is the value of LETTERS?\"; N and O "
       "interchangeable)",
       "SEVEN + THREE + TWO = TWELVE",
       ["SEVEN + THREE + TWO = TWELVE"], ["--answer=LETTERS"], query="unique answer LETTERS:",
       needs="answer (2 solutions, 1 LETTERS)",
       brute=lambda: addition_brute(["SEVEN", "THREE", "TWO"], "TWELVE", lambda e: w("LETTERS", e)))
puzzle("Teaser 2611", "https://brg.a2hosted.com/?page_id=298 (Sunday Times 7 October 2012, \"Simple "
       "Arithmetic\": two THIRTYs and four TENs make a HUNDRED, nine letters, a unique sum; "
       "\"Which digit would be missing?\"; the sum, a picture there, read as written out)",
       "THIRTY + THIRTY + TEN + TEN + TEN + TEN = HUNDRED",
       ["THIRTY + THIRTY + TEN + TEN + TEN + TEN = HUNDRED"],
       ["--answer=45 - (T + H + I + R + Y + E + N + U + D)"],
       query="answer 45 - (T + H + I + R + Y + E + N + U + D):", needs="answer of an expression",
       brute=lambda: addition_brute(["THIRTY", "THIRTY", "TEN", "TEN", "TEN", "TEN"], "HUNDRED",
                                    lambda e: 45 - sum(e.values())))

puzzle("Teaser 2517", "https://s2t2.home.blog/2025/12/05/teaser-2517 (Sunday Times 19 December "
       "2010: XMAS + TREE = FAIRY, TREE triangular; \"What number is XMAS?\")",
       "XMAS + TREE = FAIRY, TREE triangular",
       ["XMAS + TREE = FAIRY", "is_triangular(TREE)"], ["--answer=XMAS"], query="answer XMAS:",
       needs="answer", answer="XMAS")
puzzle("Teaser 2809", "https://brg.me.uk/?page_id=4022 (Sunday Times 24 July 2016, \"This and That\": "
       "SO DO WHAT NOW ADD AND SEND IN THIS AND THAT total a four-figure number; \"Numerically, "
       "what is THIS + THAT?\")",
       "SO + DO + WHAT + NOW + ADD + AND + SEND + IN + THIS + AND + THAT < 10000",
       ["SO + DO + WHAT + NOW + ADD + AND + SEND + IN + THIS + AND + THAT < 10000"],
       ["--answer=THIS + THAT"], query="answer THIS + THAT:", needs="answer of an expression",
       answer="THIS + THAT")
puzzle("Teaser 1978", "https://s2t2.home.blog/teaser-1978 (Sunday Times 13 August 2000, \"Sunday "
       "study\": TEASER over STUDY, each lower letter the sum of the two above, digits 1 to 9, "
       "TEASER odd; \"What is SUNDAY's number?\"). N is in no clause: crypta needs it named in "
       "the statement (`SUNDAY > 0`), enigma.py takes it from --answer",
       "S = T + E, T = E + A, U = A + S, D = S + E, Y = E + R, TEASER odd, SUNDAY > 0 "
       "with digits 1..9",
       ["T + E = S", "E + A = T", "A + S = U", "S + E = D", "E + R = Y", "R % 2 = 1"],
       ["--digits=1-9", "--answer=SUNDAY"], query="answer SUNDAY:",
       needs="answer of a word with a letter no clause names", answer="SUNDAY",
       symbols="TEASRUDYN", digits=range(1, 10))
puzzle("Teaser 2636 (question)", "Sunday Times, \"Simple Easter Teaser\" (Andrew Skidmore): "
       "\"What number does EASTER represent?\" (read in a copy of brg.a2hosted.com's page; the "
       "puzzle is in v3_conditions.py, counted there)",
       "SIMPLE + EASTER = TEASER or SIMPLE + TEASER = EASTER or EASTER + TEASER = SIMPLE, "
       "at least 1 of (SIMPLE odd, EASTER odd, TEASER odd)",
       ["SIMPLE + EASTER == TEASER or SIMPLE + TEASER == EASTER or EASTER + TEASER == SIMPLE",
        "SIMPLE % 2 == 1 or EASTER % 2 == 1 or TEASER % 2 == 1"],
       ["--answer=EASTER"], query="answer EASTER:", needs="bool, answer (puzzle in "
       "v3_conditions.py)", answer="EASTER")

# ------------------------------------------------------------ booleans

puzzle("Teaser 2496", "https://brg.me.uk/?page_id=4996 (Sunday Times 25 July 2010: ten "
       "letters before U for the digits, 0's letter in NOUGHT, ..., 9's in NINE; EIGHT a "
       "five-figure multiple of 8, NINE a four-figure multiple of 9; \"What number is TEN?\")",
       "EIGHT % 8 = 0, NINE % 9 = 0, 0 = N or 0 = O or 0 = G or 0 = H or 0 = T, "
       "1 = O or 1 = N or 1 = E, 2 = T or 2 = O, 3 = T or 3 = H or 3 = R or 3 = E, "
       "4 = F or 4 = O or 4 = R, 5 = F or 5 = I or 5 = E, 6 = S or 6 = I, "
       "7 = S or 7 = E or 7 = N, 8 = E or 8 = I or 8 = G or 8 = H or 8 = T, "
       "9 = N or 9 = I or 9 = E with leading zeros, E != 0, N != 0",
       ["EIGHT % 8 = 0", "NINE % 9 = 0", "0 in (N, O, G, H, T)", "1 in (O, N, E)", "2 in (T, O)",
        "3 in (T, H, R, E)", "4 in (F, O, R)", "5 in (F, I, E)", "6 in (S, I)", "7 in (S, E, N)",
        "8 in (E, I, G, H, T)", "9 in (N, I, E)"],
       ["--invalid=0,EN", "--answer=TEN"], query="answer TEN:", needs="bool (or), answer",
       answer="TEN")
puzzle("Enigma 1560", "Enigmatic Code, Enigma 1560 \"Alphabetically\" (New Scientist #2723, "
       "29 August 2009: all divisible by 9, ALPHABETICALLY and at least one other by 99, the "
       "smallest (CHI) odd; read in a copy of the post)",
       "ALPHA % 9 = 0, BETA % 9 = 0, CHI % 9 = 0, THETA % 9 = 0, ALPHABETICALLY % 99 = 0, "
       "at least 1 of (ALPHA % 99 = 0, BETA % 99 = 0, CHI % 99 = 0, THETA % 99 = 0), CHI odd",
       ["ALPHA % 9 = 0", "BETA % 9 = 0", "CHI % 9 = 0", "THETA % 9 = 0", "ALPHABETICALLY % 99 = 0",
        "ALPHA % 99 == 0 or BETA % 99 == 0 or CHI % 99 == 0 or THETA % 99 == 0", "CHI % 2 = 1"],
       ["--answer=ALPHABETICALLY"], query="answer ALPHABETICALLY:",
       needs="bool (at least 1 of), answer", answer="ALPHABETICALLY")

puzzle("Teaser 2551", "https://brg.me.uk/?page_id=3691 (Sunday Times 14 August 2011, \"Take "
       "nothing for granted\": ANY + NONE = SAME and X . ZERO = NONE where each side may equal "
       "the other or differ by one; \"Please send in your NAME\"; flawed there: two NAMEs)",
       "ANY + NONE = SAME or ANY + NONE = SAME + 1 or ANY + NONE + 1 = SAME, "
       "X * ZERO = NONE or X * ZERO = NONE + 1 or X * ZERO + 1 = NONE",
       ["abs(ANY + NONE - SAME) <= 1", "abs(X * ZERO - NONE) <= 1"], ["--answer=NAME"],
       query="answer NAME:", needs="bool (or), answer (2 solutions, 2 NAMEs)", answer="NAME")

# ------------------------------------------------------ distinct groups


def puzzle83():
    return division_brute("t?mp?", "??", "?xt",
                          [("t?m", "y??", "ya"), ("ya?", "ymx", "x"), ("x?", "?a", "")])


puzzle("Puzzle 83", "https://enigmaticcode.wordpress.com/2017/01/25/puzzle-83-division-some-"
       "letters-for-digits-some-missing/ (New Scientist #1134, 21 December 1978; Jim Randell's "
       "SubstitutedExpression form, upper case for the missing digits)",
       "Axt * BC = tDmpE, A * BC = yFG, x * BC = ymx, t * BC = xH, tDm - yFG = ya, "
       "yap - ymx = x, xH - Ia = 0 with distinct amptxy",
       ["Axt * BC = tDmpE", "A * BC = yFG", "x * BC = ymx", "t * BC = xH", "tDm - yFG = ya",
        "yap - ymx = x", "xH - Ia = 0"],
       ["--symbols=amptxyABCDEFGHI", "--distinct=amptxy"], needs="groups (letters distinct, "
       "missing digits free)", brute=puzzle83)


def enigma389():
    return division_brute("d??k??", "??", "????",
                          [("d??", "k??", "?"), ("?k", "?r", "?r"), ("?r?", "t??", "d"),
                           ("d?", "??", "")],
                          extra=lambda env, nums: len(set(str(nums[2]))) == 4)


puzzle("Enigma 389", "https://enigmaticcode.wordpress.com/2017/03/24/enigma-389-missing-presumed/ "
       "(New Scientist #1537, 11 December 1986; the digits of the answer all different; Jim "
       "Randell's SubstitutedExpression form)",
       "HIJL * FG = DABKCE, H * FG = KMN, I * FG = QR, J * FG = TUV, L * FG = DE, "
       "DAB - KMN = P, PK - QR = SR, SRC - TUV = D with distinct DKRT, HIJL",
       ["HIJL * FG = DABKCE", "H * FG = KMN", "I * FG = QR", "J * FG = TUV", "L * FG = DE",
        "DAB - KMN = P", "PK - QR = SR", "SRC - TUV = D"],
       ["--distinct=DKRT,HIJL"], needs="groups (two: the letters, the quotient's digits)",
       brute=enigma389)


def enigma380():
    return division_brute("kxxky", "??", "????",
                          [("kx", "ph", "bd"), ("bdx", "gpx", "rm"), ("rmk", "ypk", "ym"),
                           ("ymy", "ymg", "g")], remainder=True)


puzzle("Enigma 380", "https://enigmaticcode.wordpress.com/2017/01/20/enigma-380-answer-what/ "
       "(New Scientist #1529, 9 October 1986; Jim Randell's SubstitutedExpression form)",
       "AB * CDEF + g = kxxky, AB * C = ph, AB * D = gpx, AB * E = ypk, AB * F = ymg, "
       "kx - ph = bd, bdx - gpx = rm, rmk - ypk = ym, ymy - ymg = g with distinct bdghkmprxy",
       ["AB * CDEF + g = kxxky", "AB * C = ph", "AB * D = gpx", "AB * E = ypk", "AB * F = ymg",
        "kx - ph = bd", "bdx - gpx = rm", "rmk - ypk = ym", "ymy - ymg = g"],
       ["--symbols=bdghkmprxyABCDEF", "--distinct=bdghkmprxy"],
       needs="groups (letters distinct, missing digits free)", brute=enigma380)


def enigma118():
    """TEN x (multiplier c d A): TEN x A a 3-digit row ending in A, TEN x d
    four digits, TEN x c = EAT?, the product ENIGMA; T E N A I G M
    different, the blanks anything."""
    count, answers = 0, {}
    for ten in range(100, 1000):
        for mult in range(100, 1000):
            c, d, a = (int(x) for x in str(mult))
            env = {}
            if not match([("TEN", ten), ("??A", ten * a), ("????", ten * d), ("EAT?", ten * c),
                          ("ENIGMA", ten * mult)], env):
                continue
            count += 1
            answers[ten * mult] = answers.get(ten * mult, 0) + 1
    return count, answers


puzzle("Enigma 118", "https://enigmaticcode.wordpress.com/2013/08/18/enigma-118-how-many-tens/ "
       "(New Scientist #1262, 16 July 1981: TEN x ??A, rows ??A, ????, EAT?; \"the letters "
       "already shown can also be used to fill the blanks, but need not be\"; \"What is ENIGMA?\")",
       "TEN * cdA = ENIGMA, TEN * A = fhA, TEN * d = gpjk, TEN * c = EATq with distinct TENAIGM",
       ["TEN * cdA = ENIGMA", "TEN * A = fhA", "TEN * d = gpjk", "TEN * c = EATq"],
       ["--symbols=TENAIGMcdfhgpjkq", "--distinct=TENAIGM", "--answer=ENIGMA"],
       query="answer ENIGMA:", needs="groups (letters distinct, blanks free), answer",
       brute=enigma118)


def enigma227():
    """TEASE / AT = TOES with the steps AT (subtracted), SEA - SEE, AT - SO,
    the second quotient digit 0; the same letter a different digit at each
    place it appears, different letters unrelated."""
    count, answers = 0, {}
    for d in range(10, 100):
        for q in range(1000, 10000):
            n = d * q
            if len(str(n)) != 5:
                continue
            rows = long_division(n, d)
            if len(rows) != 4 or rows[1] is not None or None in (rows[2], rows[3]) or rows[3][2] != 0:
                continue
            if not (rows[0][2] < 10 and rows[2][2] < 10):
                continue
            places = [("TEASE", n), ("AT", d), ("TOES", q), ("AT", rows[0][1]), ("SEA", rows[2][0]),
                      ("SEE", rows[2][1]), ("AT", rows[3][0]), ("SO", rows[3][1])]
            seen, ok = {}, True
            for word, value in places:
                s = str(value)
                if len(s) != len(word):
                    ok = False
                    break
                for c, digit in zip(word, s):
                    if digit in seen.setdefault(c, []):
                        ok = False
                    seen[c].append(digit)
            if ok:
                count += 1
                answers[n] = answers.get(n, 0) + 1
    return count, answers


puzzle("Enigma 227", "https://enigmaticcode.wordpress.com/2014/10/06/enigma-227-set-a-tease/ "
       "(New Scientist #1373, 1 September 1983: \"each letter stands for a different digit each "
       "time it appears\"; TEASE / AT = TOES; \"What is a TEASE?\"). One symbol per place a "
       "letter appears: T = abcde, E = fghijk, A = lmnpq, S = rsuvw, O = xy; R, Q the "
       "remainders the layout leaves blank",
       "aflrg = mb * cxhs, c * mb = nd, af - nd = R, x * mb = 0, Rlr = uip, h * mb = vjk, "
       "uip - vjk = Q, Qg = qe, s * mb = wy, qe - wy = 0 "
       "with distinct abcde, fghijk, lmnpq, rsuvw, xy",
       ["aflrg = mb * cxhs", "c * mb = nd", "af - nd = R", "x * mb = 0", "Rlr = uip", "h * mb = vjk",
        "uip - vjk = Q", "Qg = qe", "s * mb = wy", "qe - wy = 0"],
       ["--symbols=abcdefghijklmnpqrsuvwxyQR", "--distinct=abcde,fghijk,lmnpq,rsuvw,xy",
        "--answer=aflrg"],
       query="answer aflrg:", needs="groups (one per letter: each place it appears differs), "
       "answer", brute=enigma227)

def division_answers(dividend, divisor, quotient, steps, answer, extra=None):
    """division_brute's count, and {answer(n, d, q): solutions}."""
    found = {}

    def keep(env, nums):
        if extra is not None and not extra(env, nums):
            return False
        value = answer(nums)
        found[value] = found.get(value, 0) + 1
        return True
    count = division_brute(dividend, divisor, quotient, steps, extra=keep)
    return count, found


def enigma533():
    return division_answers("ENIGMA", "AN", "????",
                            [("ENI", "??", "??"), ("???", "???", "??"), ("???", "??", "??"),
                             ("???", "???", "")],
                            answer=lambda nums: nums[0], extra=lambda env, nums: nums[0] % 2 == 1)


puzzle("Enigma 533", "https://enigmaticcode.wordpress.com/2020/01/06/enigma-533-an-odd-enigma/ "
       "(New Scientist #1685, 7 October 1989: ENIGMA / AN = ????, letters for the dividend and "
       "divisor, gaps elsewhere; \"this ENIGMA is odd. What is this odd ENIGMA?\"; rows named "
       "as in GeoffR's comment there)",
       "ENIGMA = AN * abcd, a * AN = ef, ENI - ef = gh, b * AN = ijk, ghG - ijk = mn, "
       "c * AN = pq, mnM - pq = rs, d * AN = tuv, rsA - tuv = 0, ENIGMA odd with distinct ENIGMA",
       ["ENIGMA = AN * abcd", "a * AN = ef", "ENI - ef = gh", "b * AN = ijk", "ghG - ijk = mn",
        "c * AN = pq", "mnM - pq = rs", "d * AN = tuv", "rsA - tuv = 0", "A % 2 = 1"],
       ["--symbols=ENIGMAabcdefghijkmnpqrstuv", "--distinct=ENIGMA", "--answer=ENIGMA"],
       query="answer ENIGMA:", needs="groups (letters distinct, gaps free), answer",
       brute=enigma533)


def enigma102():
    return division_answers("ENIGMA", "AN", "D????",
                            [("EN", "?G", "?"), ("?I", "??", "??"), ("??G", "AAC", "?R"),
                             ("?RM", "?RE", "?"), ("?A", "?A", "")],
                            answer=lambda nums: nums[2])


puzzle("Enigma 102", "https://enigmaticcode.wordpress.com/2013/06/25/enigma-102-an-enigma/ "
       "(New Scientist #1246, 26 March 1981: AN )ENIGMA, letters D C R in the working, "
       "\"What (in letters) is the answer to this division sum?\"; layout as in Jim Randell's "
       "program there)",
       "ENIGMA = AN * Dabcd, D * AN = eG, EN - eG = f, a * AN = gh, fI - gh = ij, b * AN = AAC, "
       "ijG - AAC = kR, c * AN = lRE, kRM - lRE = m, d * AN = mA with distinct ENIGMADCR",
       ["ENIGMA = AN * Dabcd", "D * AN = eG", "EN - eG = f", "a * AN = gh", "fI - gh = ij",
        "b * AN = AAC", "ijG - AAC = kR", "c * AN = lRE", "kRM - lRE = m", "d * AN = mA"],
       ["--symbols=ENIGMADCRabcdefghijklm", "--distinct=ENIGMADCR", "--answer=Dabcd"],
       query="answer Dabcd:", needs="groups (letters distinct, gaps free), answer",
       brute=enigma102)

puzzle("Enigma 245", "https://enigmaticcode.wordpress.com/2014/12/23/enigma-245-reflected-enigma/ "
       "(New Scientist #1392, 12 January 1984; lower case for the reflected letters; the "
       "equations, published as pictures, as transcribed in Jim Randell's program there; "
       "\"what is ENIGMA?\")",
       "N = n + n, IN = nI + nI, E - N - M = M - n - e, ENIG * MA = AM * gIne",
       ["N == n + n", "IN == nI + nI", "E - N - M == M - n - e", "ENIG * MA == AM * gIne"],
       ["--symbols=ENIGMAneg", "--answer=ENIGMA"], query="answer ENIGMA:",
       needs="answer (lower-case symbols)", answer="ENIGMA", symbols="ENIGMAneg")


def enigma309():
    return division_brute("h???g?", "??", "m?gh",
                          [("h??", "g??", "??"), ("???", "ky?", "?"), ("?g", "m?", "x"), ("x?", "??", "")])


puzzle("Enigma 309", "https://enigmaticcode.wordpress.com/2015/09/10/enigma-309-missing-letters/ "
       "(New Scientist #1457, 23 May 1985: h???g? / ?? = m?gh, steps g?? from h??, ky?, m? "
       "leaving x; Jim Randell's reading, with the g of the third step in the dividend)",
       "mEgh * AB = hCDFgG, m * AB = gHI, hCD - gHI = JK, E * AB = kyL, JKF - kyL = P, "
       "g * AB = mQ, Pg - mQ = x, h * AB = xG with distinct hgmkyx",
       ["mEgh * AB = hCDFgG", "m * AB = gHI", "hCD - gHI = JK", "E * AB = kyL", "JKF - kyL = P",
        "g * AB = mQ", "Pg - mQ = x", "h * AB = xG"],
       ["--symbols=hgmkyxABCDEFGHIJKLPQ", "--distinct=hgmkyx"],
       needs="groups (letters distinct, missing digits free)", brute=enigma309)


def enigma1749():
    """NEW x ENIGMA = SCIENTIST with W = 0, S = 5, N = 9, letters free to
    share digits: every E, I, G, M, A, the product matched letter by letter."""
    found = {}
    for e, i, g, m, a in itertools.product(range(10), repeat=5):
        if e == 0:
            continue
        env = {"N": 9, "E": e, "W": 0, "S": 5, "I": i, "G": g, "M": m, "A": a}
        s = str(w("NEW", env) * w("ENIGMA", env))
        if len(s) != 9:
            continue
        ok = True
        for c, d in zip("SCIENTIST", s):
            if env.setdefault(c, int(d)) != int(d):
                ok = False
        if ok:
            v = w("GENETICS", env)
            found[v] = found.get(v, 0) + 1
    return sum(found.values()), found


puzzle("Enigma 1749 (question)", "https://jsdw.me/posts/enigma1749/ (New Scientist, 18 May 2013: "
       "phone keys, W on 0, S on 5, N on 9, NEW = SCIENTIST/ENIGMA; \"What number is GENETICS?\"; "
       "the puzzle is in v3_conditions.py, counted there)",
       "NEW = SCIENTIST / ENIGMA with repeats, W = 0, S = 5, N = 9",
       ["NEW * ENIGMA = SCIENTIST"], ["--distinct=", "--assign=W,0", "--assign=S,5", "--assign=N,9",
                                      "--answer=GENETICS"],
       query="answer GENETICS:", needs="fraction, answer (puzzle in v3_conditions.py)",
       distinct=False, fixed={"W": 0, "S": 5, "N": 9}, brute=enigma1749)
puzzle("Enigma 1658", "https://www.newscientist.com/article/mg21128241-600-enigma-number-1658/ "
       "(New Scientist 3 August 2011, \"Seven into five\": IN, GIN, GAIN, GAMMA and ENIGMA each "
       "leave remainder I on division by 7; \"Find the maximum value ENIGMA can take\": the "
       "last of the values `answer` lists)",
       "IN % 7 = I, GIN % 7 = I, GAIN % 7 = I, GAMMA % 7 = I, ENIGMA % 7 = I",
       ["IN % 7 = I", "GIN % 7 = I", "GAIN % 7 = I", "GAMMA % 7 = I", "ENIGMA % 7 = I"],
       ["--answer=ENIGMA"], query="answer ENIGMA:", needs="answer (6 solutions, 6 values; the "
       "question asks for the largest)", answer="ENIGMA")


_COMMON = ["ENIGMA %% %d = 0 and MEANING %% %d = 0" % (d, d) for d in range(2, 13)]

puzzle("Enigma 1199", "https://enigmaticcode.wordpress.com/2015/10/05/enigma-1199-an-enigmas-meaning/ "
       "(New Scientist #2355, 10 August 2002: nine of 1..12 are common factors of ENIGMA and "
       "MEANING, the other three factors of IDEA; \"What is the numerical value of ENIGMA?\")",
       "exactly 8 of (%s), %s" % (", ".join(_COMMON),
                                  ", ".join("%s or IDEA %% %d = 0" % (c, d) for c, d in zip(_COMMON, range(2, 13)))),
       ["sum([%s]) == 8" % ", ".join(c.replace("= 0", "== 0") for c in _COMMON)]
       + ["%s or IDEA %% %d == 0" % (c.replace("= 0", "== 0"), d) for c, d in zip(_COMMON, range(2, 13))],
       ["--answer=ENIGMA"], query="answer ENIGMA:",
       needs="bool (exactly 8 of, and, or), answer", answer="ENIGMA")
puzzle("Enigma 873 (question)", "https://www.newscientist.com/article/mg15020285-700-enigma-873-prime-time/ "
       "(New Scientist 4 May 1996: NINE divisible by 9, EIGHT a cube, PRIME prime; \"tell me what TEN "
       "is\"; the puzzle is in puzzles.py)",
       "NINE % 9 = 0, EIGHT cube, PRIME prime",
       ["NINE % 9 = 0", "is_cube(EIGHT)", "is_prime(PRIME)"], ["--answer=TEN"], query="answer TEN:",
       needs="answer (puzzle in puzzles.py)", answer="TEN")


def enigma89():
    """????x?? / ?? = y????? with the steps of the published layout; the
    first step (a 2-digit product ending in y) limits the divisor and y,
    the rest of the quotient (its fifth digit 0) is tried digit by digit."""
    steps = [("??", "?y", "?"), ("?p", "?x", "?"), ("??", "??", "??"), ("???", "?y?", "?"), None,
             ("???", "?p?", "")]
    count = 0
    for d in range(10, 100):
        for y in range(1, 10):
            if not (10 <= y * d <= 99 and y * d % 10 == y):
                continue
            for rest in itertools.product(range(10), repeat=4):
                q = int("%d%d%d%d0%d" % (y, *rest))
                n = d * q
                rows = long_division(n, d)
                if len(str(n)) != 7 or len(rows) != 6:
                    continue
                if any((a is None) != (b is None) for a, b in zip(rows, steps)):
                    continue
                pairs = [("????x??", n), ("??", d), ("y?????", q)]
                for row, step in zip(rows, steps):
                    if step is not None:
                        pairs += list(zip(step, row))
                if match(pairs, {}):
                    count += 1
    return count


puzzle("Enigma 89", "https://enigmaticcode.wordpress.com/ (Enigma 89, \"A blank expression\", New "
       "Scientist #1232, 18 December 1980: the divisor gone, all but a few digits removed, the rest "
       "letters; layout as in Jim Randell's SubstitutedDivision call there; read in a copy of the "
       "post) ",
       "yIJKLM * GH = ABpDxEF, y * GH = Ny, AB - Ny = P, I * GH = Qx, Pp - Qx = R, J * GH = ST, "
       "RD - ST = UV, K * GH = WyX, UVx - WyX = Z, L = 0, M * GH = OpC, ZEF - OpC = 0 "
       "with distinct xyp",
       ["yIJKLM * GH = ABpDxEF", "y * GH = Ny", "AB - Ny = P", "I * GH = Qx", "Pp - Qx = R",
        "J * GH = ST", "RD - ST = UV", "K * GH = WyX", "UVx - WyX = Z", "L * GH = 0", "M * GH = OpC",
        "ZEF - OpC = 0"],
       ["--symbols=xypABCDEFGHIJKLMNOPQRSTUVWXZ", "--distinct=xyp"],
       needs="groups (3 letters distinct, 25 missing digits free)", brute=enigma89)

puzzle("Enigma 233 (question)", "https://enigmaticcode.wordpress.com/2014/10/29/enigma-233-imagine-an-enigma/ "
       "(New Scientist #1379, 13 October 1983: \"find the value of AGAIN\"; two solutions, O is 0 or 3; "
       "the puzzle is in puzzles.py)",
       "ENIGMA % 144 = 0, IMAGINE % 144 = 0, IMAGINE > ENIGMA * GO",
       ["ENIGMA % 144 = 0", "IMAGINE % 144 = 0", "IMAGINE > ENIGMA * GO"], ["--answer=AGAIN"],
       query="unique answer AGAIN:", needs="answer (2 solutions, 1 AGAIN; puzzle in puzzles.py)",
       answer="AGAIN")
puzzle("Enigma 1548 (question)", "https://enigmaticcode.wordpress.com/2012/03/26/enigma-1548-easy-threes/ "
       "(New Scientist #2711, 6 June 2009: \"(b) Which digit is represented by N?\"; the puzzle is "
       "in puzzles.py)",
       "MAY odd, IMAGINE odd, MAKING odd, EASY odd, ENIGMA odd, EASIER odd, MAY % 3 = 0, "
       "IMAGINE % 3 = 0, MAKING % 3 = 0, EASY % 3 = 0, ENIGMA % 3 = 0, EASIER % 3 = 0",
       ["MAY % 2 = 1", "IMAGINE % 2 = 1", "MAKING % 2 = 1", "EASY % 2 = 1", "ENIGMA % 2 = 1",
        "EASIER % 2 = 1", "MAY % 3 = 0", "IMAGINE % 3 = 0", "MAKING % 3 = 0", "EASY % 3 = 0",
        "ENIGMA % 3 = 0", "EASIER % 3 = 0"], ["--answer=N"],
       query="unique answer N:", needs="answer of one letter (puzzle in puzzles.py)", answer="N")

PUZZLES = P
