"""Issue 42 from Python: every function that runs something takes the
command line's limits, sizes are checked before anything is built, and
`answer` queries give typed values whose counts say whether they are
exact."""

import itertools

import pytest

import crypta
from crypta import Value


@pytest.mark.parametrize("call", [
    lambda **k: crypta.run("count AB + BA = CDC", **k),
    lambda **k: crypta.ask("count AB + BA = CDC", **k),
    lambda **k: crypta.solve("SEND + MORE = MONEY", **k),
    lambda **k: crypta.first("AB + BA = CDC", 2, **k),
    lambda **k: crypta.count("AB + BA = CDC", **k),
    lambda **k: crypta.unique("SEND + MORE = MONEY", **k),
    lambda **k: crypta.grade("SEND + MORE = MONEY", **k),
    lambda **k: crypta.explain("SEND + MORE = MONEY", **k),
    lambda **k: crypta.svg("SEND + MORE = MONEY", **k),
    lambda **k: list(crypta.solutions("AB + BA = CDC", **k)),
])
def test_every_search_takes_the_limits(call):
    assert call(timeout=60, max_nodes=10**7, jobs=1)


def test_generate_takes_a_timeout():
    # Before: TypeError. A run of many small grids is stopped between two
    # of them, and what was made is kept.
    with pytest.raises(crypta.Incomplete) as info:
        crypta.generate("kakuro", size=6, count=10**6, jobs=1, timeout=0.1)
    made = info.value.puzzles
    assert info.value.answer is None
    assert "the time limit stopped generate after %d of 1000000 puzzles" % len(made) \
        in str(info.value)
    # What was made is what an unlimited run makes first.
    first = crypta.generate("kakuro", size=6, count=2)
    assert made[:2] == first[:len(made[:2])]
    assert crypta.generate("kakuro", size=6, count=2, timeout=600) == first
    with pytest.raises(ValueError):
        crypta.generate("kakuro", size=6, timeout=-1)


def test_digits_are_checked_before_any_list_is_made():
    # Before: the range was made a list first (MemoryError after 38 s).
    with pytest.raises(ValueError, match="not 999999999999"):
        crypta.count("AB + BA = CDC", digits=range(10**12))
    with pytest.raises(ValueError, match="more than 62 digits"):
        crypta.count("AB + BA = CDC", digits=itertools.count())
    with pytest.raises(ValueError, match="no digit"):
        crypta.count("AB + BA = CDC", digits=range(5, 5))
    assert crypta.count("AB + BA = CDC", digits=range(1, 10, 2)) \
        == crypta.count("AB + BA = CDC", digits=[1, 3, 5, 7, 9])
    assert crypta.count("AB + BA = CDC", digits=range(9, 0, -1)) \
        == crypta.count("AB + BA = CDC", digits=range(1, 10))


def test_answers_are_typed():
    # Before: AttributeError; the values were only in `.json`.
    answer = crypta.ask("answer E: SEVEN - THREE = FOUR")
    assert answer.exact and answer.complete
    assert all(isinstance(v, Value) for v in answer.answers)
    assert [(v.value, v.count) for v in answer.answers] == \
        [(a["value"], a["count"]) for a in answer.json["answers"]]
    assert sum(v.count for v in answer.answers) == answer.count
    assert Value(1, 12) in answer.answers and Value(2, 6) in answer.answers
    # Values of any size are ints.
    (big,) = crypta.ask("answer ABCDEFGHIJ * ABCDEFGHIJ * ABCDEFGHIJ: "
                        "ABCDEFGHIJ = 1023456789").answers
    assert big == Value(1023456789 ** 3, 1)
    assert crypta.ask("count SEND + MORE = MONEY").answers is None


def test_counts_a_search_stopped_early_are_not_exact():
    # `unique answer` stops at its second value: its counts are lower
    # bounds, and say so.
    answer = crypta.ask("unique answer E: SEVEN - THREE = FOUR")
    assert answer.complete and not answer.exact
    assert len(answer.answers) == 2
    assert answer.json["at_least"] is True
    assert crypta.ask("unique SEND + MORE = MONEY").exact
    assert not crypta.ask("first 1 AB + BA = CDC").exact
