"""crypta.generate makes what `crypta generate` prints, for every kind,
with the same options, and refuses what the command line refuses."""

import os

import pytest

import crypta
from conftest import ROOT

WORDS = os.path.join(ROOT, "examples", "words.txt")


def statements(output):
    """`crypta generate`'s output cut into its statements."""
    out, current = [], []
    for line in output.splitlines():
        if current and not line.startswith((" ", "}")) and not current[-1].endswith("{"):
            out.append("\n".join(current))
            current = []
        current.append(line)
    if current:
        out.append("\n".join(current))
    return out


@pytest.mark.parametrize("kind, options, flags", [
    ("kakuro", dict(size=6, unique=True, seed=3, count=2),
     ["--size", "6", "--unique", "--seed", "3", "--count", "2"]),
    ("kakuro", dict(rows=5, cols=7, givens=0.3, symmetry="mirror", query="grade"),
     ["--rows", "5", "--cols", "7", "--givens", "0.3", "--symmetry", "mirror",
      "--query", "grade"]),
    ("letters", dict(words=WORDS, seed=5, count=2),
     ["--words", WORDS, "--seed", "5", "--count", "2"]),
    ("letters", dict(words=WORDS, pattern="A * B = C", base=12),
     ["--words", WORDS, "--pattern", "A * B = C", "--base", "12"]),
    ("multiplication", dict(digits="3x2", keep=7, seed=2),
     ["--digits", "3x2", "--keep", "7", "--seed", "2"]),
    ("division", dict(letters=True, count=2), ["--letters", "--count", "2"]),
    ("kakuro", dict(size=6, not_unique=True, seed=2), ["--size", "6", "--not-unique", "--seed", "2"]),
    ("kakuro", dict(size=5, unique=False, query="solve"),
     ["--size", "5", "--not-unique", "--query", "solve"]),
    ("kakuro", dict(size=6, difficulty="easy"), ["--size", "6", "--difficulty", "easy"]),
    ("multiplication", dict(difficulty="easy", seed=2, count=2),
     ["--difficulty", "easy", "--seed", "2", "--count", "2"]),
    ("letters", dict(words=WORDS, difficulty="hard", seed=3),
     ["--words", WORDS, "--difficulty", "hard", "--seed", "3"]),
    ("division", dict(any_shape=True, seed=4), ["--any-shape", "--seed", "4"]),
])
def test_generate_matches_the_command_line(cli, kind, options, flags):
    made = crypta.generate(kind, jobs=2, **options)
    assert statements(cli("generate", kind, *flags)) == made
    assert len(made) == options.get("count", 1)


def test_generated_puzzles_are_unique():
    for statement in crypta.generate("multiplication", count=2) + crypta.generate(
            "letters", words=["SEND", "MORE", "MONEY", "TEN", "NET", "ONE", "TWO", "SIX", "TAN"],
            count=1):
        assert crypta.ask(statement).unique is True


def test_a_seed_without_a_puzzle_says_so_as_the_command_line():
    # Three words with no letters in common give no equation.
    with pytest.raises(crypta.Error, match="no puzzle found for seed 1 \\(try another seed"):
        crypta.generate("letters", words=["ABC", "DEF", "GHI"])


def test_kakuro2_grids(cli):
    # The command line prints the number of grids, then each grid.
    grids = crypta.generate("kakuro", size=4, kakuro2=True, count=3)
    assert len(grids) == 3
    assert "3\n" + "".join(grids) == cli("generate", "kakuro", "--size", "4", "--kakuro2",
                                          "--count", "3")


def test_options_that_do_not_fit():
    with pytest.raises(ValueError, match="--keep is not for kakuro"):
        crypta.generate("kakuro", keep=7)
    with pytest.raises(ValueError, match="--size is not for letters"):
        crypta.generate("letters", words=WORDS, size=5)
    with pytest.raises(ValueError, match="needs a word list"):
        crypta.generate("letters")
    with pytest.raises(ValueError, match="do not go together"):
        crypta.generate("letters", words=WORDS, addends=3, pattern="A + B = C")
    with pytest.raises(ValueError, match="shorter than a divisor"):
        crypta.generate("division", digits=(2, 3))
    with pytest.raises(ValueError, match="square and have no givens"):
        crypta.generate("kakuro", rows=4, cols=5, kakuro2=True)
    with pytest.raises(ValueError):
        crypta.generate("sudoku")
    with pytest.raises(ValueError, match="--any-shape is not for kakuro"):
        crypta.generate("kakuro", any_shape=True)
    with pytest.raises(ValueError, match="--not-unique is not for multiplication"):
        crypta.generate("multiplication", unique=False)
    with pytest.raises(ValueError, match="not with --not-unique"):
        crypta.generate("kakuro", not_unique=True, difficulty="hard")
    with pytest.raises(ValueError, match="difficulty"):
        crypta.generate("kakuro", difficulty="fiendish")
    with pytest.raises(ValueError, match="a side of a grid goes from 1 to 256"):
        crypta.generate("kakuro", size=0)
    with pytest.raises(ValueError, match="digits are given as AxB"):
        crypta.generate("multiplication", digits="3y2")
    with pytest.raises(ValueError, match="not a letter"):
        crypta.generate("letters", words=["SEND", "MO2E", "MONEY"])
