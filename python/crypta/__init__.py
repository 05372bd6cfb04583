"""crypta for Python: letter equations (``SEND + MORE = MONEY``), radix
additions, skeleton multiplications and divisions, and Kakuro, solved,
counted, graded, generated and drawn by crypta's Rust core.

>>> import crypta
>>> crypta.solve("SEND + MORE = MONEY")[0].symbols["M"]
1
>>> crypta.count("AB + BA = CDC")
6

Each function takes a puzzle or statement in crypta's language (see
``docs/language.md``) and the limits as keyword arguments: ``timeout=``
(seconds), ``max_nodes=`` (search nodes, the same answer on every machine)
and ``jobs=`` (threads for a search that outgrows one core; 0 for every
core). Searches run with the GIL released; Ctrl-C stops one promptly and
raises :class:`Interrupted` (a ``KeyboardInterrupt``) with what was found
so far. A script with errors raises :class:`ScriptError` with its
diagnostics.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional

from . import _crypta
from ._generate import generate
from ._types import (
    Answer,
    Cell,
    Clue,
    Diagnostic,
    Given,
    Grading,
    Solution,
    Step,
    Svg,
    _answer,
    _diagnostic,
    _solution,
)

__version__: str = _crypta.VERSION

__all__ = [
    "Answer",
    "Cell",
    "Clue",
    "Diagnostic",
    "Error",
    "Given",
    "Grading",
    "Incomplete",
    "InternalError",
    "Interrupted",
    "ScriptError",
    "Solution",
    "Step",
    "Svg",
    "ask",
    "check",
    "count",
    "explain",
    "first",
    "generate",
    "grade",
    "run",
    "solutions",
    "solve",
    "svg",
    "unique",
]


class Error(Exception):
    """Every error crypta raises (but :class:`Interrupted`)."""

    #: The script's problems, for a :class:`ScriptError`; else empty.
    diagnostics: List[Diagnostic] = []


class ScriptError(Error, ValueError):
    """The script has errors, in ``diagnostics``; nothing of it was run.
    ``report`` draws them with their source, as the command line does."""

    def __init__(self, message: str, diagnostics: list = (), report: str = "") -> None:
        super().__init__(message)
        self.diagnostics = [_diagnostic(d) for d in diagnostics]
        self.report = report


class InternalError(Error, RuntimeError):
    """A bug in crypta: a search reported a solution its own check
    rejects. Worth reporting with the script."""


class Incomplete(Error):
    """A limit (``timeout=``, ``max_nodes=``) stopped a search whose
    result would be wrong if cut short (``count``, ``solve``, ``first``,
    ``unique``, ``grade``); ``answer`` holds what was found, its
    ``stopped_by`` names the limit."""

    def __init__(self, answer: Answer) -> None:
        super().__init__("stopped by the %s limit before the search was complete"
                         % answer.stopped_by)
        self.answer = answer


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (``KeyboardInterrupt``) stopped a search. ``answers`` holds
    the answers of the statements run, the last one cut short (its
    ``complete`` false, ``stopped_by`` ``"interrupt"``), with the solutions
    and count found so far; ``answer`` is that last one."""

    def __init__(self, answers: Optional[list] = None) -> None:
        super().__init__("interrupted")
        self.answers: List[Answer] = [
            a if isinstance(a, Answer) else _answer(a) for a in (answers or [])
        ]

    @property
    def answer(self) -> Optional[Answer]:
        return self.answers[-1] if self.answers else None


for _class in (Error, ScriptError, InternalError, Incomplete, Interrupted):
    _class.__module__ = "crypta"
_crypta._bind(ScriptError, InternalError, Interrupted)


def check(script: str) -> List[Diagnostic]:
    """The problems in ``script``, in source order; empty when it is fine.
    Nothing is run."""
    return [_diagnostic(d) for d in _crypta.check(script)]


def run(script: str, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None,
        jobs: Optional[int] = None) -> List[Answer]:
    """Runs every statement of ``script`` in order and returns their
    answers. A limit that stops a statement is no error: its answer says
    so (``complete``, ``stopped_by``)."""
    return [_answer(t) for t in _crypta.run(script, timeout=timeout, max_nodes=max_nodes,
                                             jobs=jobs)]


def ask(statement: str, query: Optional[str] = None, *, first: Optional[int] = None,
        timeout: Optional[float] = None, max_nodes: Optional[int] = None,
        jobs: Optional[int] = None) -> Answer:
    """Runs one statement (``let``\\ s before it only define names) and
    returns its answer; ``query`` (``"count"``, ``"unique"``, ``"grade"``,
    ``"first"`` with ``first=N``...) asks its puzzle that instead of what
    it is written with."""
    if first is not None and query is None:
        query = "first"
    return _answer(_crypta.ask(statement, query, first, timeout=timeout, max_nodes=max_nodes,
                               jobs=jobs))


def _complete(answer: Answer) -> Answer:
    if not answer.complete:
        raise Incomplete(answer)
    return answer


def solve(puzzle: str, **limits: Any) -> List[Solution]:
    """Every solution of ``puzzle``. :class:`Incomplete` if a limit stops
    the search."""
    return _complete(ask(puzzle, "solve", **limits)).solutions


def first(puzzle: str, n: int = 1, **limits: Any) -> List[Solution]:
    """The first ``n`` solutions of ``puzzle`` (fewer if it has fewer)."""
    return _complete(ask(puzzle, "first", first=n, **limits)).solutions


def count(puzzle: str, **limits: Any) -> int:
    """How many solutions ``puzzle`` has, exact at any size.
    :class:`Incomplete` (with the lower bound found) if a limit stops the
    search."""
    result = _complete(ask(puzzle, "count", **limits)).count
    assert result is not None
    return result


def unique(puzzle: str, **limits: Any) -> Answer:
    """Whether ``puzzle`` has exactly one solution (``answer.unique``),
    its solutions (two at most), and, when it has several, the givens
    that would leave one (``answer.givens``)."""
    return _complete(ask(puzzle, "unique", **limits))


def grade(puzzle: str, **limits: Any) -> Grading:
    """``puzzle`` solved by a person's named steps and rated: the
    :class:`Grading` with its difficulty and steps."""
    answer = _complete(ask(puzzle, "grade", **limits))
    assert answer.grading is not None
    return answer.grading


def explain(puzzle: str) -> str:
    """The puzzle as crypta reads it and how it would search it; solves
    nothing."""
    return ask(puzzle, "explain").explanation or ""


def svg(statement: str, blank: bool = False, **limits: Any) -> Svg:
    """The picture ``crypta run --format svg`` draws of one statement:
    the puzzle with its first solution filled in, or blank (``blank=True``,
    and for a statement that shows no solution). It draws itself in
    Jupyter."""
    return Svg(_crypta.svg(statement, blank, **limits)[0])


def solutions(puzzle: str, first: Optional[int] = None, *, timeout: Optional[float] = None,
              max_nodes: Optional[int] = None,
              jobs: Optional[int] = None) -> Iterator[Solution]:
    """The solutions of ``puzzle`` (a ``solve`` or ``first N``; ``first=N``
    stops at N) one at a time, as the search finds them: the first of
    billions arrive at once, in the memory of a few. Closing the generator
    (or dropping it, or breaking out of a ``for``) stops the search. When
    the generator is exhausted, its return value (``StopIteration.value``)
    is the :class:`Answer` without solutions: the count and whether a
    limit stopped it. A script with errors raises here, before anything is
    searched."""
    stream = _crypta.Stream(puzzle, first, timeout=timeout, max_nodes=max_nodes, jobs=jobs)
    return _stream(stream)


def _stream(stream: Any) -> Iterator[Solution]:
    try:
        for t in stream:
            yield _solution(t)
    finally:
        stream.close()
    end = stream.answer()
    return _answer(end) if end is not None else None


