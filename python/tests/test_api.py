"""Every function of the API on small puzzles, with answers known by hand
or published."""

import dataclasses
import os

import pytest

import crypta
from conftest import ROOT


def test_solve_gives_symbols_as_a_dict_of_ints():
    (money,) = crypta.solve("SEND + MORE = MONEY")
    assert money.symbols == dict(S=9, E=5, N=6, D=7, M=1, O=0, R=8, Y=2)
    assert money["M"] == 1
    assert money.text.startswith("9567 + 1085 = 10652")
    assert money.rows == [] and money.grid is None
    assert dataclasses.asdict(money)["symbols"]["Y"] == 2


def test_first_and_count():
    two = crypta.first("AB + BA = CDC", 2)
    assert len(two) == 2
    for s in two:
        a, b, c, d = (s[x] for x in "ABCD")
        assert (10 * a + b) + (10 * b + a) == 100 * c + 10 * d + c
    assert crypta.count("AB + BA = CDC") == len(crypta.solve("AB + BA = CDC")) == 6
    assert crypta.count("count AB + CD = EFG") == 284


def test_count_is_an_exact_int_beyond_64_bits():
    # 26 letters with repeats, 20 of them free: 10^20 > 2^64.
    n = crypta.count("ABCDEFGHIJKLMNOPQRST = ABCDEFGHIJKLMNOPQRST with repeats, digits 0..9")
    assert isinstance(n, int)
    assert n == 9 * 10 ** 19
    assert n > 2 ** 64


def test_ask_run_and_answer_fields():
    answers = crypta.run("let m = SEND + MORE = MONEY\ncount m\nfirst 1 m\n")
    let, count, first = answers
    assert let.query is None and let.name == "m" and let.kind == "letters"
    assert count.query == "count" and count.count == 1 and count.complete
    assert count.stopped_by is None and count.strategy
    assert first.query == "first" and first.first == 1 and first.solution.symbols["M"] == 1
    assert first.line == 3 and first.number == 3 and first.statement == "first 1 m"
    answer = crypta.ask("AB + BA = CDC", "count")
    assert answer.count == 6 and answer.solutions == []
    assert crypta.ask("AB + BA = CDC", first=3).count == 3
    assert crypta.ask("let p = AB + BA = CDC\nunique p").unique is False


def test_text_and_json_are_the_command_lines():
    answer = crypta.ask("first 2 AB + BA = CDC")
    assert answer.text.startswith("first 2 AB + BA = CDC\n")
    assert "2 solutions" in answer.text
    assert answer.json["count"] == 2
    assert [s["symbols"] for s in answer.json["solutions"]] == [s.symbols for s in answer.solutions]


def test_unique_suggests_givens():
    answer = crypta.unique("kakuro { # 5\\ 5\\ ; \\4 . . ; \\6 . . }")
    assert answer.unique is False and answer.uniqueness == "not unique"
    assert answer.fixes == "givens"
    assert crypta.Given("r2c2", 1) in [g for s in answer.givens for g in s]
    grid = answer.solution.grid
    assert grid[0][0] is None and grid[0][1] == crypta.Clue(down=5, across=None)
    assert all(isinstance(d, int) for d in grid[1][1:])
    assert crypta.unique("SEND + MORE = MONEY").unique is True
    assert crypta.unique("A + B = A with B = 1").uniqueness == "no solution"


def test_layout_rows():
    (s,) = crypta.solve("multiplication {\n     **3\n  x   **\n  ------\n    *4**\n   ****\n"
                        "  ------\n   2*45*\n}")
    assert len(s.rows) == 5 and s.rows[-1].startswith("2") and s.symbols == {}


def test_grade_with_steps():
    grading = crypta.grade("SEND + MORE = MONEY")
    assert grading.status == "rated" and grading.difficulty == "hard"
    assert grading.steps[0].rule == "leftmost carry"
    assert grading.steps[0].removed[0] == ("M", [2, 3, 4, 5, 6, 7, 8, 9])
    assert sum(n for _, n in grading.rule_counts) == len(grading.steps)
    fixed, unknowns = grading.progress
    assert fixed <= unknowns
    assert crypta.grade("AB + BA = CDC").status == "not unique"
    system = "multiplication {\n   AB\n x  C\n ----\n  DDD\n}, A + C = E"
    assert crypta.grade(system).status == "no rules"
    steps = crypta.ask("explain steps SEND + MORE = MONEY").grading
    assert steps.steps == grading.steps


def test_explain():
    text = crypta.explain("SEND + MORE = MONEY")
    assert "equation: SEND + MORE = MONEY" in text
    assert crypta.ask("explain SEND + MORE = MONEY").strategy


def test_svg_draws_itself():
    blank = crypta.svg("SEND + MORE = MONEY", blank=True)
    solved = crypta.svg("SEND + MORE = MONEY")
    assert blank.startswith("<svg") or "<svg" in blank
    assert blank._repr_svg_() == blank and blank != solved
    (money,) = crypta.solve("SEND + MORE = MONEY")
    assert money.svg() == solved and "<svg" in money._repr_svg_()
    assert crypta.ask("SEND + MORE = MONEY")._repr_svg_() == solved


def test_check():
    assert crypta.check("SEND + MORE = MONEY\ncount AB + BA = CDC\n") == []
    (d,) = crypta.check("\nSEND + MORE")
    assert (d.line, d.column, d.end_line, d.end_column) == (2, 1, 2, 12)
    assert d.kind == "MissingEquals" and "=" in d.help
    assert (d.start, d.end) == (1, 12)


def test_limits_as_keywords():
    answer = crypta.ask("count ABCDEFGHIJ + JIHGFEDCBA = KKKKKKKKKKK with repeats", max_nodes=1000)
    assert answer.complete is False and answer.stopped_by == "nodes"
    with pytest.raises(crypta.Incomplete) as info:
        crypta.count("ABCDEF * GHIJKL = MNOPQRSTUVWX with repeats, ABCDEF prime", timeout=0.2)
    assert info.value.answer.stopped_by == "time"
    assert crypta.count("AB + BA = CDC", jobs=1) == crypta.count("AB + BA = CDC", jobs=2)
    with pytest.raises(ValueError):
        crypta.count("AB + BA = CDC", timeout=-1)


def test_version():
    assert crypta.__version__.count(".") == 2


def test_typed_package():
    assert os.path.isfile(os.path.join(os.path.dirname(crypta.__file__), "py.typed"))
    assert os.path.isfile(os.path.join(os.path.dirname(crypta.__file__), "_crypta.pyi"))
