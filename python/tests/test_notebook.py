"""The notebook-style example runs from start to end and prints what it
says it does."""

import os
import runpy

import crypta
from conftest import ROOT

NOTEBOOK = os.path.join(ROOT, "python", "examples", "notebook.py")


def test_the_notebook_runs(capsys):
    scope = runpy.run_path(NOTEBOOK)
    out = capsys.readouterr().out
    assert "52 * 367 = 19084" in out
    assert "4899960000" in out
    assert "not unique [[('r2c2', 1)]" in out
    assert "line 2, column 11: an equation has one `=` (ChainedEquals)" in out
    assert "unique" in out.splitlines()[-2]
    assert isinstance(scope["teaser"], crypta.Solution)
    assert scope["picture"]._repr_svg_().lstrip().startswith("<")
