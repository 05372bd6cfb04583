"""Shared helpers for the tests of the installed `crypta` package: the
repository's root (for the golden examples) and the `crypta` command,
whose answers the module must match."""

import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

#: A search no machine finishes: counted or solved for as long as it is
#: let run, finding solutions all along (a condition no strategy inverts).
SLOW_COUNT = "ABCDEF * GHIJKL = MNOPQRSTUVWX with repeats, ABCDEF prime"
#: A search no machine finishes that finds nothing: a product of two
#: numbers of six digits is never prime, which the solver cannot see.
SLOW_NOTHING = "ABCDEF * GHIJKL = MNOPQRSTUVWX with repeats, ABCDEF prime, MNOPQRSTUVWX prime"
#: 4,899,960,000 solutions.
BILLIONS = "ABCDE + FGHIJ = KLMNOP with repeats"


def cli_path():
    """The `crypta` command: $CRYPTA_BIN, the workspace's build, or PATH."""
    for path in (os.environ.get("CRYPTA_BIN"),
                 os.path.join(ROOT, "target", "debug", "crypta"),
                 os.path.join(ROOT, "target", "release", "crypta"),
                 shutil.which("crypta")):
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


@pytest.fixture(scope="session")
def cli():
    """Runs the `crypta` command and returns its standard output. Without
    a built command the test is skipped, except in CI (CI set), where
    that is a failure."""
    path = cli_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("no crypta command: build it (cargo build) or set CRYPTA_BIN")
        pytest.skip("no crypta command built")

    def run(*args, cwd=ROOT):
        out = subprocess.run([path, *args], capture_output=True, text=True, cwd=cwd)
        return out.stdout

    return run


def example(name):
    with open(os.path.join(ROOT, "examples", name), encoding="utf-8") as f:
        return f.read()
