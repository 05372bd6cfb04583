"""The golden examples (examples/*.crypta) through the module: the text
and JSON of every answer equal the command line's expected output beside
each script, and the dataclasses hold the same values as the JSON."""

import glob
import json
import os

import pytest

import crypta
from conftest import ROOT

SCRIPTS = sorted(glob.glob(os.path.join(ROOT, "examples", "*.crypta")))


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_there_are_examples():
    assert len(SCRIPTS) >= 8


@pytest.mark.parametrize("path", SCRIPTS, ids=os.path.basename)
def test_example_matches_the_command_line(path):
    stem = path[: -len(".crypta")]
    answers = crypta.run(read(path), jobs=2)
    text = "\n".join(a.text for a in answers) + "--- exit 0\n"
    assert text == read(stem + ".out")
    lines = [json.dumps(a.json, separators=(",", ":"), ensure_ascii=False) for a in answers]
    expected = read(stem + ".json").splitlines()
    assert expected[-1] == "--- exit 0"
    assert [json.loads(l) for l in lines] == [json.loads(l) for l in expected[:-1]]
    for answer, want in zip(answers, (json.loads(l) for l in expected[:-1])):
        assert answer.kind == want["kind"]
        if "count" in want:
            assert answer.count == want["count"] and answer.complete == want["complete"]
        if "query" in want:
            assert answer.query == want["query"]
        if "strategy" in want:
            assert answer.strategy == want["strategy"]
        if "unique" in want:
            assert answer.unique == want["unique"]
        for solution, shown in zip(answer.solutions, want.get("solutions", [])):
            assert solution.symbols == shown.get("symbols", {})
            if "rows" in shown:
                assert solution.rows == shown["rows"]
            if "grid" in shown:
                digits = [[c if isinstance(c, int) else 0 for c in row] for row in solution.grid]
                assert digits == shown["grid"]


ERRORS = sorted(glob.glob(os.path.join(ROOT, "tests", "cases", "*errors*.crypta")))


@pytest.mark.parametrize("path", ERRORS, ids=os.path.basename)
def test_diagnostics_match_the_command_line(path):
    expected = [json.loads(l)["error"] for l in read(path[:-7] + ".json").splitlines()
                if l.startswith("{")]
    got = crypta.check(read(path))
    assert len(got) == len(expected) > 0
    for d, e in zip(got, expected):
        assert (d.message, d.kind, d.line, d.column, d.end_line, d.end_column, d.help) == (
            e["message"], e["kind"], e["line"], e["column"], e["end_line"], e["end_column"],
            e.get("hint"))


def test_answers_match_the_command_line_json(cli):
    for statement in ["count SEND + MORE = MONEY with repeats", "unique AB + BA = CDC",
                      "first 3 ABC * DE = FGHIJ"]:
        want = json.loads(cli("--format", "json", "eval", statement).splitlines()[0])
        assert crypta.ask(statement).json == want
