"""The results of crypta as dataclasses, built from the tuples the
extension module (``crypta._crypta``) returns."""

from __future__ import annotations

import json as _json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple, Union

__all__ = [
    "Answer",
    "Clue",
    "Diagnostic",
    "Given",
    "Grading",
    "Solution",
    "Step",
    "Svg",
    "Value",
]


class Svg(str):
    """An SVG document: a ``str`` that draws itself in Jupyter."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Clue:
    """A clue cell of a Kakuro grid: the sum of the run below it and of
    the run to its right (``None`` where that side has no run)."""

    down: Optional[int]
    across: Optional[int]


#: One cell of a solved Kakuro grid: a digit (a white cell), ``None`` (a
#: black cell) or a :class:`Clue`.
Cell = Union[int, None, Clue]


@dataclass(frozen=True)
class Solution:
    """One solution.

    ``symbols`` maps each named symbol (letter) to its digit, in order of
    first appearance; ``rows`` are a multiplication's or division's rows
    filled in; ``grid`` is a Kakuro grid row by row; ``text`` is the
    solution as ``crypta run`` shows it.
    """

    symbols: Dict[str, int]
    rows: List[str]
    grid: Optional[List[List[Cell]]]
    text: str
    _raw: Any = field(default=None, repr=False, compare=False)

    def __getitem__(self, symbol: str) -> int:
        """The digit of ``symbol``: ``solution["M"]``."""
        return self.symbols[symbol]

    def svg(self) -> Svg:
        """The puzzle filled in with this solution, as an SVG document."""
        return Svg(self._raw.svg())

    def _repr_svg_(self) -> str:
        return self._raw.svg()

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Given:
    """A digit printed in the puzzle for a symbol (``"E"``) or a cell
    (``"r3c4"``)."""

    name: str
    digit: int


@dataclass(frozen=True)
class Value:
    """One value of an ``answer EXPR:`` query's expression, with how many
    solutions give it: ``value`` is an ``int`` of any size, or ``None``
    where the expression has no value (a division by 0, or one that does
    not divide). ``count`` is exact when the answer's ``exact`` is true,
    else a lower bound."""

    value: Optional[int]
    count: int


@dataclass(frozen=True)
class Step:
    """One step a person takes: a named rule, its level, what it looks
    at, why it applies, and the candidates it removes (by cell, letter or
    carry)."""

    rule: str
    level: str
    touched: List[str]
    why: str
    removed: List[Tuple[str, List[int]]]


@dataclass(frozen=True)
class Grading:
    """What ``grade`` (and ``explain steps``) found.

    ``status`` is ``"rated"``, ``"no solution"``, ``"not unique"``,
    ``"no rules"`` (one solution, but no rules grade this kind of puzzle
    yet: a system of layouts and equations) or ``"stopped"`` (a limit,
    named by ``stopped_by``). A rated puzzle has a
    ``difficulty`` (``"easy"``, ``"medium"``, ``"hard"``, ``"fiendish"``
    or ``"needs guessing"``), its ``steps``, how many steps each rule took
    (``rule_counts``) and ``progress``: the unknowns the steps fixed, of
    all of them.
    """

    status: str
    difficulty: Optional[str]
    solved: bool
    steps: List[Step]
    rule_counts: List[Tuple[str, int]]
    progress: Optional[Tuple[int, int]]
    stopped_by: Optional[str]


@dataclass(frozen=True)
class Answer:
    """What one statement produced.

    - ``query``: ``"solve"``, ``"first"`` (``first`` holds N), ``"count"``,
      ``"unique"``, ``"explain"``, ``"grade"``, ``"explain steps"``, or
      ``None`` for a ``let`` (``name`` holds the name defined);
    - ``kind``: ``"letters"``, ``"multiplication"``, ``"division"``,
      ``"kakuro"``...; ``strategy``: the search that ran;
    - ``count``: the solutions found, an ``int`` at any size: every
      solution there is when ``exact`` is true, else a lower bound (a
      limit stopped the search, or it stopped once it had what the query
      asks: ``first`` at N, ``unique`` at two solutions, ``unique answer``
      at two values); ``None`` when nothing was searched;
    - ``complete``: false when a limit cut anything short (the search,
      ``unique``'s search for givens, ``grade``'s steps): ``stopped_by``
      names the limit, ``"time"``, ``"nodes"``, ``"interrupt"`` or
      ``"output"``;
    - ``solutions``: those kept (all for ``solve``, N for ``first N``, up to
      two for ``unique``);
    - ``uniqueness`` (``unique`` only): ``"unique"``, ``"no solution"``,
      ``"not unique"`` or ``"unknown"``; ``givens``: for a puzzle that is
      not unique, sets of givens that each leave exactly one solution
      (``fixes`` says ``"givens"``, or why there are none: ``"beyond"``,
      ``"too many"``, ``"stopped"``);
    - ``answers`` (``answer EXPR:`` and ``unique answer EXPR:``): each
      value of the expression with its count, a list of :class:`Value` in
      increasing order (``None`` sorts first); the values found so far
      when ``complete`` is false;
    - ``grading`` (``grade``, ``explain steps``); ``explanation``
      (``explain``).
    """

    number: int
    line: int
    statement: str
    query: Optional[str]
    first: Optional[int]
    kind: str
    name: Optional[str]
    strategy: Optional[str]
    count: Optional[int]
    complete: bool
    stopped_by: Optional[str]
    solutions: List[Solution]
    uniqueness: Optional[str]
    givens: Optional[List[List[Given]]]
    fixes: Optional[str]
    grading: Optional[Grading]
    explanation: Optional[str]
    answers: Optional[List[Value]] = None
    exact: bool = False
    _raw: Any = field(default=None, repr=False, compare=False)

    @property
    def unique(self) -> Optional[bool]:
        """For ``unique``: whether there is exactly one solution (``None``
        when a limit stopped the search before it could tell)."""
        if self.uniqueness is None or self.uniqueness == "unknown":
            return None
        return self.uniqueness == "unique"

    @property
    def solution(self) -> Optional[Solution]:
        """The first solution kept, if any."""
        return self.solutions[0] if self.solutions else None

    @property
    def text(self) -> str:
        """The answer as ``crypta run`` prints it."""
        return self._raw.text()

    @property
    def json(self) -> Dict[str, Any]:
        """The answer as ``crypta run --format json`` prints it, parsed."""
        return _json.loads(self._raw.json())

    def __str__(self) -> str:
        return self.text

    def _repr_svg_(self) -> Optional[str]:
        return self.solutions[0]._repr_svg_() if self.solutions else None


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a script: its message, where it is (lines and
    columns from 1; ``end_column`` just past it; ``start`` and ``end`` as
    byte offsets), its kind (an ``ErrorKind`` name such as
    ``"MissingEquals"``), how to fix it (``help``), and its ``severity``:
    ``"error"`` (the script does not run) or ``"warning"`` (it runs, but
    most likely not as meant: ``"ZeroDivisor"``, a divisor always 0)."""

    message: str
    line: int
    column: int
    end_line: int
    end_column: int
    kind: str
    help: Optional[str]
    start: int
    end: int
    severity: str = "error"

    def __str__(self) -> str:
        where = "%d:%d" % (self.line, self.column)
        if self.severity == "warning":
            where += ": warning"
        return "%s: %s" % (where, self.message) + ("\n  help: %s" % self.help if self.help else "")


def _solution(t: tuple) -> Solution:
    symbols, rows, grid, text, raw = t
    if grid is not None:
        grid = [[Clue(*c) if isinstance(c, tuple) else c for c in row] for row in grid]
    return Solution(dict(symbols), rows, grid, text, raw)


def _grading(t: Optional[tuple]) -> Optional[Grading]:
    if t is None:
        return None
    status, difficulty, solved, steps, rule_counts, progress, limit = t
    return Grading(status, difficulty, solved, [Step(*s) for s in steps], rule_counts,
                   progress, limit)


def _answer(t: tuple) -> Answer:
    (number, line, text, query, first, kind, name, strategy, count, complete, stopped_by,
     solutions, uniqueness, grading, explanation, answers, exact, raw) = t
    status = givens = fixes = None
    if uniqueness is not None:
        status, sets, fixes, limit = uniqueness
        if sets is not None:
            givens = [[Given(n, d) for n, d in s] for s in sets]
        if status == "unknown" and stopped_by is None:
            stopped_by = limit
    if answers is not None:
        answers = [Value(v, c) for v, c in answers]
    return Answer(number, line, text, query, first, kind, name, strategy, count, complete,
                  stopped_by, [_solution(s) for s in solutions], status, givens, fixes,
                  _grading(grading), explanation, answers, exact, raw)


def _diagnostic(t: tuple) -> Diagnostic:
    return Diagnostic(*t)
