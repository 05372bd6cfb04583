"""Puzzle options as keyword arguments: written after the statement's
``with`` by the core's PuzzleOptions, the same answers as written there;
refused when the statement gives them too, or when a value is not of the
expected type (nothing else reaches the text)."""

import pytest

import crypta

RADIX = "ABCED + BDACE = EBBAA"


def test_keywords_are_written_after_with():
    assert crypta.with_options(RADIX, base=5, leading_zeros=True) == \
        RADIX + " with base 5, leading zeros"
    assert crypta.with_options("A + B = C with A = 1", digits=range(1, 4), repeats=True) == \
        "A + B = C with A = 1, digits {1,2,3}, repeats"
    assert crypta.with_options("ABC + DEF = GHI", distinct="ABC") == \
        "ABC + DEF = GHI with distinct ABC"
    assert crypta.with_options("ABC + DEF = GHI", distinct=["ABC", "DEF"]) == \
        "ABC + DEF = GHI with distinct ABC, DEF"
    assert crypta.with_options(RADIX) == RADIX


def test_the_same_answers_as_written():
    written = RADIX + " with base 5, leading zeros"
    assert crypta.count(RADIX, base=5, leading_zeros=True) == crypta.count(written)
    assert crypta.count("SEND + MORE = MONEY", repeats=True) == 155
    assert [s.symbols for s in crypta.solve(RADIX, base=5, leading_zeros=True)] == \
        [s.symbols for s in crypta.solve(written)]
    assert crypta.unique(RADIX, base=5, leading_zeros=True).unique is not None
    assert "base 5" in crypta.explain(RADIX, base=5)
    assert [s.symbols for s in crypta.solutions(RADIX, base=5, leading_zeros=True)] == \
        [s.symbols for s in crypta.solve(written)]
    assert crypta.svg(RADIX, base=5, leading_zeros=True) == crypta.svg(written)
    # Combined with the options written: A = 1 and B in 1..2.
    assert crypta.count("A + B = C with A = 1", digits=range(1, 4), repeats=True) == 2
    # Each query of a script gets them; a `let` only names the puzzle.
    answers = crypta.run("let p = A + B = C\ncount p with A = 1\ncount A + B = C",
                         digits=[1, 2, 3], repeats=True)
    assert [a.count for a in answers[1:]] == [2, 3]


def test_given_twice_is_refused():
    with pytest.raises(ValueError, match=r"base= is given, and the statement has `base 8`"):
        crypta.count("A + B = CD with base 8", base=8)
    with pytest.raises(ValueError, match=r"`base 8`"):
        crypta.run("let m = A + B = CD with base 8\nunique m", base=7)
    with pytest.raises(ValueError, match=r"digits="):
        crypta.count("A + B = C with digits 1..5", digits=range(1, 6))
    with pytest.raises(ValueError, match=r"repeats=False"):
        crypta.count("A + B = C with repeats", repeats=False)
    # The same flag twice says the same thing.
    assert crypta.count("A + B = C with repeats", repeats=True) == \
        crypta.count("A + B = C with repeats")


def test_values_are_typed_and_checked():
    for bad in ("5", 5.0, True, [5]):
        with pytest.raises(TypeError):
            crypta.count(RADIX, base=bad)
    with pytest.raises(ValueError, match="2 to 62"):
        crypta.count(RADIX, base=63)
    with pytest.raises(TypeError):
        crypta.count(RADIX, digits="123")
    with pytest.raises(TypeError):
        crypta.count(RADIX, digits=[1, "2"])
    with pytest.raises(ValueError):
        crypta.count(RADIX, digits=[])
    with pytest.raises(TypeError):
        crypta.count(RADIX, repeats=1)
    # Only letters are groups: no option or condition slips in.
    for group in ("AB, repeats", "A = 1", "repeats", "A\nsolve B + C = D", ""):
        with pytest.raises(ValueError, match="distinct="):
            crypta.count("ABC + DEF = GHI", distinct=["ABC", group])
    with pytest.raises(TypeError):
        crypta.count("ABC + DEF = GHI", distinct=[1])
    with pytest.raises(TypeError):
        crypta.count(RADIX, bsae=5)


def test_errors_point_at_the_right_text():
    # The script's own errors come first, on its own text.
    with pytest.raises(crypta.ScriptError) as e:
        crypta.count("A + B = C = D", base=5)
    assert e.value.diagnostics[0].kind == "ChainedEquals"
    # What is wrong once written is the checker's, at the options written.
    with pytest.raises(crypta.ScriptError) as e:
        crypta.count("A + B = C with A = 7", base=5)
    d = e.value.diagnostics[0]
    assert "A + B = C with A = 7, base 5" in e.value.report
    assert d.line == 1
    assert crypta.check("A + B = C with A = 7", base=5)[0].kind == d.kind
    assert crypta.check("A + B = C", base=5) == []
