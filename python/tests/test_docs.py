"""The examples of python/README.md and of the package's docstring run
and print what they say."""

import doctest
import os
import re

import crypta
from conftest import ROOT

README = os.path.join(ROOT, "python", "README.md")


def blocks():
    """The Python examples of python/README.md and of the root README."""
    found = []
    for path in (README, os.path.join(ROOT, "README.md")):
        with open(path, encoding="utf-8") as f:
            found += re.findall(r"```python\n(.*?)```", f.read(), re.S)
    return found


def test_readme_examples(capsys):
    assert len(blocks()) >= 5
    for block in blocks():
        if block.startswith(">>>"):
            test = doctest.DocTestParser().get_doctest(block, {"crypta": crypta}, "README",
                                                       README, 0)
            runner = doctest.DocTestRunner()
            runner.run(test)
            assert runner.failures == 0
        else:
            exec(compile(block, README, "exec"), {"crypta": crypta})
            out = capsys.readouterr().out
            # A printing example shows what it prints in a comment (its
            # start, when the comment ends with "...").
            for shown in re.findall(r"print\(.*\)\s+# (.*)", block):
                assert shown.rstrip(". ") in out


def test_package_docstring():
    failures, tried = doctest.testmod(crypta)
    assert tried >= 2 and failures == 0
