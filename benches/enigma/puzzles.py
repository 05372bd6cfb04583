"""Thirty published letters-for-digits puzzles that need conditions
(relations, properties, division, remainders, powers), each written twice:
as a crypta statement and as the expressions enigma.py's
SubstitutedExpression takes. Every puzzle keeps its published rules:
different letters are different digits, no word of two or more letters
starts with 0, unless `options` say otherwise.

Fields: name, source (where the statement was read), crypta (the puzzle,
counted with `count`), enigma (expressions), args (extra enigma.py
arguments), and domain for the brute force: `distinct` (letters differ),
`digits` (allowed digits), `fixed` (letter -> digit).
"""

P = []


def puzzle(name, source, crypta, enigma, args=(), distinct=True, digits=range(10), fixed=None):
    P.append(dict(name=name, source=source, crypta=crypta, enigma=list(enigma),
                  args=list(args), distinct=distinct, digits=list(digits),
                  fixed=dict(fixed or {})))


puzzle("Teaser 2803", "Sunday Times 12 June 2016; enigma.py SubstitutedExpression docs",
       "AB * CDE = FGHIJ, AB + CD + EF + GH + IJ = CCC",
       ["AB * CDE = FGHIJ", "AB + CD + EF + GH + IJ = CCC"])
puzzle("Teaser 2796", "Sunday Times; enigma.py SubstitutedExpression docs",
       "SAINT + GEORGE = DRAGON, E % 2 = 0",
       ["SAINT + GEORGE = DRAGON", "E % 2 = 0"])
puzzle("Enigma 1180", "New Scientist; enigma.py SubstitutedExpression docs",
       "SEVEN - THREE = FOUR, SEVEN prime, FOUR prime, RUOF prime, TEN square",
       ["SEVEN - THREE = FOUR", "is_prime(SEVEN)", "is_prime(FOUR)", "is_prime(RUOF)", "is_square(TEN)"])
puzzle("Teaser 2771", "Sunday Times 1 November 2015 (three even numbers)",
       "ALL * THE = SAINTS, ALL even, THE even, SAINTS even",
       ["ALL * THE = SAINTS", "ALL % 2 = 0", "THE % 2 = 0", "SAINTS % 2 = 0"])
puzzle("Teaser 2487", "Sunday Times 23 May 2010; s2t2.home.blog",
       "THE + TOP + PAPER = TIMES, TEASER odd",
       ["THE + TOP + PAPER = TIMES", "TEASER % 2 = 1"])
puzzle("Teaser 2605", "Sunday Times 26 August 2012; brg.a2hosted.com",
       "TWO + TWO = FOUR, FIVE prime, (FIVE - TWO) prime, THREE % 3 = 0",
       ["TWO + TWO = FOUR", "is_prime(FIVE)", "is_prime(FIVE - TWO)", "THREE % 3 = 0"])
puzzle("Enigma 1300", "New Scientist #2458, 31 July 2004; enigmaticcode",
       "UM triangular, TRES triangular, SEIS triangular, DEZ triangular",
       ["is_triangular(UM)", "is_triangular(TRES)", "is_triangular(SEIS)", "is_triangular(DEZ)"])
puzzle("Enigma 1368", "New Scientist #2527; Vector (archive.vector.org.uk/art10009200)",
       "EEN square, VIER square, NEGEN square",
       ["is_square(EEN)", "is_square(VIER)", "is_square(NEGEN)"])
puzzle("Enigma 1141", "New Scientist #2297, 30 June 2001; enigmaticcode",
       "TWO prime, FOUR square, EIGHT cube",
       ["is_prime(TWO)", "is_square(FOUR)", "is_cube(EIGHT)"])
puzzle("Enigma 1630", "New Scientist #2796, 22 January 2011; enigmaticcode",
       "ENIGMA % E = 0, ENIGMA % NI = 0, ENIGMA % GMA = 0, NI square, GMA cube with digits 1..9",
       ["ENIGMA % E = 0", "ENIGMA % NI = 0", "ENIGMA % GMA = 0", "is_square(NI)", "is_cube(GMA)"],
       args=["--digits=1-9"], digits=range(1, 10))
puzzle("Enigma 244", "New Scientist #1391, 5 January 1984; enigmaticcode",
       "ENIGMA % EE = 0, ENIGMA % NN = 0, ENIGMA % II = 0, ENIGMA % GG = 0, "
       "ENIGMA % MM = 0, ENIGMA % AA = 0, ENIGMA % BB = 0, ENIGMA % CC = 0",
       ["ENIGMA % EE = 0", "ENIGMA % NN = 0", "ENIGMA % II = 0", "ENIGMA % GG = 0",
        "ENIGMA % MM = 0", "ENIGMA % AA = 0", "ENIGMA % BB = 0", "ENIGMA % CC = 0"])
puzzle("Teaser 2495", "Sunday Times 18 July 2010; s2t2.home.blog",
       "FOUR square, EIGHT cube, (ONE + TEN) prime",
       ["is_square(FOUR)", "is_cube(EIGHT)", "is_prime(ONE + TEN)"])
puzzle("Enigma 873", "New Scientist, 4 May 1996 (newscientist.com)",
       "NINE % 9 = 0, EIGHT cube, PRIME prime",
       ["NINE % 9 = 0", "is_cube(EIGHT)", "is_prime(PRIME)"])
puzzle("Puzzle 295", "primepuzzles.net Puzzle 295 (Phil Carmody)",
       "ONE prime, NINE prime, PRIME prime, NUMBER prime, MILLION prime, PROBLEM prime",
       ["is_prime(ONE)", "is_prime(NINE)", "is_prime(PRIME)", "is_prime(NUMBER)",
        "is_prime(MILLION)", "is_prime(PROBLEM)"])
puzzle("Enigma 213", "New Scientist #1359, 26 May 1983; enigmaticcode",
       "SLA ^ 2 = ENIGMA, YSSE ^ 2 = ENIGMAS",
       ["SLA ** 2 = ENIGMA", "YSSE ** 2 = ENIGMAS"])
puzzle("Problem Corner (Spanish)", "Missouri State University Problem Corner; perplexus.info",
       "SEIS triangular, SIETE prime, DIEZ triangular",
       ["is_triangular(SEIS)", "is_prime(SIETE)", "is_triangular(DIEZ)"])
puzzle("Problem Corner (German)", "Missouri State University Problem Corner, POW01_04",
       "VIER square, SECHS triangular, NEUN square, DREI > 999",
       ["is_square(VIER)", "is_triangular(SECHS)", "is_square(NEUN)", "DREI > 999"])
puzzle("Enigma 1445", "New Scientist #2606, 2 June 2007; enigmaticcode",
       "ZWEI prime, DREI triangular, VIER square",
       ["is_prime(ZWEI)", "is_triangular(DREI)", "is_square(VIER)"])
puzzle("ONE THREE SIX TEN", "New Scientist Enigma, as posed on PerlMonks (Efficiency golf: triangular numbers)",
       "ONE triangular, THREE triangular, SIX triangular, TEN triangular",
       ["is_triangular(ONE)", "is_triangular(THREE)", "is_triangular(SIX)", "is_triangular(TEN)"])
puzzle("Enigma 1291", "New Scientist #2449, 29 May 2004; enigmaticcode",
       "UN square, UN odd, NEUF square, NEUF odd, ZERO square, ZERO even",
       ["is_square(UN)", "UN % 2 = 1", "is_square(NEUF)", "NEUF % 2 = 1", "is_square(ZERO)", "ZERO % 2 = 0"])
puzzle("Enigma 1548", "New Scientist #2711, 6 June 2009; enigmaticcode",
       "MAY odd, IMAGINE odd, MAKING odd, EASY odd, ENIGMA odd, EASIER odd, MAY % 3 = 0, "
       "IMAGINE % 3 = 0, MAKING % 3 = 0, EASY % 3 = 0, ENIGMA % 3 = 0, EASIER % 3 = 0",
       ["MAY % 2 = 1", "IMAGINE % 2 = 1", "MAKING % 2 = 1", "EASY % 2 = 1", "ENIGMA % 2 = 1",
        "EASIER % 2 = 1", "MAY % 3 = 0", "IMAGINE % 3 = 0", "MAKING % 3 = 0", "EASY % 3 = 0",
        "ENIGMA % 3 = 0", "EASIER % 3 = 0"])
puzzle("Enigma 1749", "New Scientist, 18 May 2013; jsdw.me/posts/enigma1749",
       "NEW = SCIENTIST / ENIGMA with repeats, W = 0, S = 5, N = 9",
       # enigma.py's `/` rounds down: the product form is the exact one.
       ["NEW * ENIGMA = SCIENTIST"],
       args=["--distinct=", "--assign=W,0", "--assign=S,5", "--assign=N,9"],
       distinct=False, fixed={"W": 0, "S": 5, "N": 9})
puzzle("Problem Corner POW05_98", "Missouri State University Problem Corner, POW05_98",
       "ONE + ONE = TWO, SEVEN prime, NINE square",
       ["ONE + ONE = TWO", "is_prime(SEVEN)", "is_square(NINE)"])
puzzle("Enigma 1000", "New Scientist #2155, 10 October 1998; enigmaticcode",
       "ENIGMA / M = TIMES",
       ["TIMES * M = ENIGMA"])
puzzle("Seven odd primes", "perplexus.info problem 5806",
       "THREE prime, FIVE prime, SEVEN prime, ELEVEN prime, THIRTEEN prime, SEVENTEEN prime, NINETEEN prime",
       ["is_prime(THREE)", "is_prime(FIVE)", "is_prime(SEVEN)", "is_prime(ELEVEN)",
        "is_prime(THIRTEEN)", "is_prime(SEVENTEEN)", "is_prime(NINETEEN)"])
puzzle("Teaser 2636", "Sunday Times 31 March 2013; s2t2.home.blog (one is the sum of the others, one odd)",
       "(SIMPLE + EASTER - TEASER) * (SIMPLE + TEASER - EASTER) * (EASTER + TEASER - SIMPLE) = 0, "
       "E % 2 + R % 2 > 0",
       ["(SIMPLE + EASTER - TEASER) * (SIMPLE + TEASER - EASTER) * (EASTER + TEASER - SIMPLE) = 0",
        "E % 2 + R % 2 > 0"])
puzzle("RAISE ARIES", "perplexus.info problem 6779 (I + S and A + E consecutive primes)",
       "RAISE square, ARIES square, ((I + S - 2) ^ 2 + (A + E - 3) ^ 2) * ((I + S - 3) ^ 2 + (A + E - 5) ^ 2)"
       " * ((I + S - 5) ^ 2 + (A + E - 7) ^ 2) * ((I + S - 7) ^ 2 + (A + E - 11) ^ 2)"
       " * ((I + S - 11) ^ 2 + (A + E - 13) ^ 2) * ((I + S - 13) ^ 2 + (A + E - 17) ^ 2) = 0",
       ["is_square(RAISE)", "is_square(ARIES)",
        "(I + S, A + E) in {(2, 3), (3, 5), (5, 7), (7, 11), (11, 13), (13, 17)}"])
puzzle("Enigma 220", "New Scientist #1366, 14 July 1983; enigmaticcode",
       "MA ^ D = ENIGMA, PRIME prime",
       ["MA ** D = ENIGMA", "is_prime(PRIME)"])
puzzle("Enigma 253", "New Scientist #1400, 8 March 1984; enigmaticcode (with the extra clue)",
       "ENI + GMA = SUM, ENI * GMA = SUMES, I > 2 * U",
       ["ENI + GMA = SUM", "ENI * GMA = SUMES", "I > 2 * U"])
puzzle("Enigma 233", "New Scientist #1379, 13 October 1983; enigmaticcode",
       "ENIGMA % 144 = 0, IMAGINE % 144 = 0, IMAGINE > ENIGMA * GO",
       ["ENIGMA % 144 = 0", "IMAGINE % 144 = 0", "IMAGINE > ENIGMA * GO"])

PUZZLES = P
