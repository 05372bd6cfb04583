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
core), and the puzzle options as keyword arguments too: ``base=``,
``digits=``, ``leading_zeros=``, ``repeats=`` and ``distinct=``, written
after the statement's ``with`` (:func:`with_options`). Searches run with
the GIL released; Ctrl-C stops one promptly and
raises :class:`Interrupted` (a ``KeyboardInterrupt``) with what was found
so far. A script with errors raises :class:`ScriptError` with its
diagnostics.
"""

from __future__ import annotations

import itertools
import operator

from typing import Any, Dict, Iterable, Iterator, List, Optional, Union

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
    Value,
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
    "Value",
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
    "with_options",
    "PUZZLE_OPTIONS",
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
    ``stopped_by`` names the limit. From :func:`generate`, ``answer`` is
    ``None`` and ``puzzles`` holds the puzzles made before the limit."""

    def __init__(self, answer: Optional[Answer], message: Optional[str] = None,
                 puzzles: Optional[List[str]] = None) -> None:
        if message is None and answer is not None:
            message = ("stopped by the %s limit before the search was complete"
                       % answer.stopped_by)
        super().__init__(message or "stopped by a limit")
        self.answer = answer
        self.puzzles: List[str] = list(puzzles or [])


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


#: The puzzle options a function takes as keywords: each is written after
#: the ``with`` of every query of the script (see :func:`with_options`).
PUZZLE_OPTIONS = ("base", "digits", "leading_zeros", "repeats", "distinct")


def with_options(script: str, *, base: Optional[int] = None,
                 digits: Optional[Iterable[int]] = None,
                 leading_zeros: Optional[bool] = None, repeats: Optional[bool] = None,
                 distinct: Union[str, Iterable[str], None] = None) -> str:
    """``script`` with the puzzle options given written after the ``with``
    of each query (a ``let`` only names a puzzle: the queries on its name
    get them), as every function here does with its puzzle keywords:

    - ``base=N``: ``base N`` (an ``int``, 2 to 62);
    - ``digits=``: ``digits {...}``, a ``range`` or ints (``range(1, 10)``
      is ``digits 1..9``);
    - ``leading_zeros=True``: ``leading zeros``; ``repeats=True``:
      ``repeats``; ``False`` writes nothing, and refuses a statement that
      writes the option itself;
    - ``distinct=``: ``distinct GROUP, ...``, a group of letters (a
      ``str``) or several, added to the groups written.

    >>> with_options("count ABCED + BDACE = EBBAA", base=5, leading_zeros=True)
    'count ABCED + BDACE = EBBAA with base 5, leading zeros'

    A ``base`` or ``digits`` written in the statement as well (or in the
    ``let`` it names) raises ``ValueError`` naming both, whatever their
    values; so does a value of the wrong type or out of range, and a group
    that is not letters (nothing but typed values reaches the text). A
    script with errors of its own raises :class:`ScriptError` on its own
    text first. What is wrong only once written (a digit past the base,
    ``repeats=True`` beside ``distinct`` in the statement) is the
    checker's :class:`ScriptError`, its diagnostics pointing at the
    options as written after the statement.
    """
    if base is None and digits is None and leading_zeros is None and repeats is None \
            and distinct is None:
        return script
    if base is not None:
        base = _int("base", base)
        if not 2 <= base <= 62:
            raise ValueError("base= is from 2 to 62, not %d" % base)
    if digits is not None:
        digits = _digits(digits)
    for name, flag in (("leading_zeros", leading_zeros), ("repeats", repeats)):
        if flag is not None and not isinstance(flag, bool):
            raise TypeError("%s= is True or False, not %r" % (name, flag))
    if distinct is not None:
        groups = [distinct] if isinstance(distinct, str) else list(distinct)
        for group in groups:
            if not isinstance(group, str):
                raise TypeError("distinct= takes strings of letters, not %r" % (group,))
        distinct = groups
    return _crypta.with_options(script, base, digits, leading_zeros, repeats, distinct)


def _digits(digits: Any) -> List[int]:
    """The digits of ``digits=``, their number and range checked before
    any list is made: a ``range`` by its ends (``range(10**12)`` is
    refused at once), anything else by reading at most one digit more
    than there can be."""
    if isinstance(digits, (str, bytes)):
        raise TypeError("digits= takes a range or ints, not a string")
    if isinstance(digits, range):
        if not digits:
            raise ValueError("digits= names no digit")
        for d in (digits[0], digits[-1]):
            if not 0 <= d < 62:
                raise ValueError("digits= takes digits from 0 to 61, not %d" % d)
        return list(digits)
    try:
        items = list(itertools.islice(iter(digits), 63))
    except TypeError:
        raise TypeError("digits= takes a range or ints, not %r" % (digits,)) from None
    if len(items) > 62:
        raise ValueError("digits= names more than 62 digits")
    out = [_int("digits", d) for d in items]
    if not out:
        raise ValueError("digits= names no digit")
    for d in out:
        if not 0 <= d < 62:
            raise ValueError("digits= takes digits from 0 to 61, not %d" % d)
    return out


def _int(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise TypeError("%s= takes ints, not %r" % (name, value))
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError("%s= takes ints, not %r" % (name, value)) from None


def check(script: str, **options: Any) -> List[Diagnostic]:
    """The problems in ``script``, in source order; empty when it is fine.
    Errors and warnings both (``Diagnostic.severity``); only errors stop
    a run. Nothing is run. Puzzle keywords (``base=``...; see
    :func:`with_options`) are checked as written into it."""
    if options:
        try:
            script = with_options(script, **options)
        except ScriptError as error:
            return error.diagnostics
    return [_diagnostic(d) for d in _crypta.check(script)]


def run(script: str, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None,
        jobs: Optional[int] = None, **options: Any) -> List[Answer]:
    """Runs every statement of ``script`` in order and returns their
    answers. A limit that stops a statement is no error: its answer says
    so (``complete``, ``stopped_by``). Puzzle keywords (``base=``,
    ``digits=``, ``leading_zeros=``, ``repeats=``, ``distinct=``) are
    written after the ``with`` of each query (:func:`with_options`)."""
    if options:
        script = with_options(script, **options)
    return [_answer(t) for t in _crypta.run(script, timeout=timeout, max_nodes=max_nodes,
                                             jobs=jobs)]


def ask(statement: str, query: Optional[str] = None, *, first: Optional[int] = None,
        timeout: Optional[float] = None, max_nodes: Optional[int] = None,
        jobs: Optional[int] = None, **options: Any) -> Answer:
    """Runs one statement (``let``\\ s before it only define names) and
    returns its answer; ``query`` (``"count"``, ``"unique"``, ``"grade"``,
    ``"first"`` with ``first=N``...) asks its puzzle that instead of what
    it is written with. Puzzle keywords (``base=``...) are written after
    its ``with`` (:func:`with_options`)."""
    if first is not None and query is None:
        query = "first"
    if options:
        statement = with_options(statement, **options)
    return _answer(_crypta.ask(statement, query, first, timeout=timeout, max_nodes=max_nodes,
                               jobs=jobs))


def _complete(answer: Answer) -> Answer:
    if not answer.complete:
        raise Incomplete(answer)
    return answer


def solve(puzzle: str, **options: Any) -> List[Solution]:
    """Every solution of ``puzzle``. :class:`Incomplete` if a limit stops
    the search. Takes the keywords of :func:`ask`: limits and puzzle
    options."""
    return _complete(ask(puzzle, "solve", **options)).solutions


def first(puzzle: str, n: int = 1, **options: Any) -> List[Solution]:
    """The first ``n`` solutions of ``puzzle`` (fewer if it has fewer)."""
    return _complete(ask(puzzle, "first", first=n, **options)).solutions


def count(puzzle: str, **options: Any) -> int:
    """How many solutions ``puzzle`` has, exact at any size.
    :class:`Incomplete` (with the lower bound found) if a limit stops the
    search.

    >>> count("SEND + MORE = MONEY", repeats=True)
    155
    """
    result = _complete(ask(puzzle, "count", **options)).count
    assert result is not None
    return result


def unique(puzzle: str, **options: Any) -> Answer:
    """Whether ``puzzle`` has exactly one solution (``answer.unique``),
    its solutions (two at most), and, when it has several, the givens
    that would leave one (``answer.givens``)."""
    return _complete(ask(puzzle, "unique", **options))


def grade(puzzle: str, **options: Any) -> Grading:
    """``puzzle`` solved by a person's named steps and rated: the
    :class:`Grading` with its difficulty and steps."""
    answer = _complete(ask(puzzle, "grade", **options))
    assert answer.grading is not None
    return answer.grading


def explain(puzzle: str, **options: Any) -> str:
    """The puzzle as crypta reads it and how it would search it; solves
    nothing. Takes the puzzle keywords (``base=``...)."""
    return ask(puzzle, "explain", **options).explanation or ""


def svg(statement: str, blank: bool = False, *, timeout: Optional[float] = None,
        max_nodes: Optional[int] = None, jobs: Optional[int] = None, **options: Any) -> Svg:
    """The picture ``crypta run --format svg`` draws of one statement:
    the puzzle with its first solution filled in, or blank (``blank=True``,
    and for a statement that shows no solution). It draws itself in
    Jupyter. Takes the puzzle keywords (``base=``...)."""
    if options:
        statement = with_options(statement, **options)
    return Svg(_crypta.svg(statement, blank, timeout=timeout, max_nodes=max_nodes,
                           jobs=jobs)[0])


def solutions(puzzle: str, first: Optional[int] = None, *, timeout: Optional[float] = None,
              max_nodes: Optional[int] = None,
              jobs: Optional[int] = None, **options: Any) -> Iterator[Solution]:
    """The solutions of ``puzzle`` (a ``solve`` or ``first N``; ``first=N``
    stops at N) one at a time, as the search finds them: the first of
    billions arrive at once, in the memory of a few, and the stream goes
    on for as long as it is pulled (unlike ``crypta run``, which stops
    printing after about four million digits). Closing the generator
    (or dropping it, or breaking out of a ``for``) stops the search. When
    the generator is exhausted, its return value (``StopIteration.value``)
    is the :class:`Answer` without solutions: the count and whether a
    limit stopped it. A script with errors raises here, before anything is
    searched. Puzzle keywords (``base=``...) are written after its
    ``with`` (:func:`with_options`)."""
    if options:
        puzzle = with_options(puzzle, **options)
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


