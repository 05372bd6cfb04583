"""Type stubs of the extension module behind `crypta` (built from
python/src/). The package's public API is in crypta/__init__.py; these
are its private building blocks, returning tuples the package turns into
dataclasses."""

from typing import Any, Iterator, List, Optional, Tuple, Union

VERSION: str

#: (message, line, column, end_line, end_column, kind, help, start, end, severity)
DiagTuple = Tuple[str, int, int, int, int, str, Optional[str], int, int, str]
#: (symbols, rows, grid, text, raw)
SolutionTuple = Tuple[List[Tuple[str, int]], List[str], Optional[List[List[Any]]], str, "RawSolution"]
#: (number, line, text, query, first, kind, name, strategy, count, complete,
#: stopped_by, solutions, uniqueness, grading, explanation, answers, exact, raw)
AnswerTuple = Tuple[Any, ...]

class RawSolution:
    def svg(self) -> str: ...

class RawAnswer:
    def text(self) -> str: ...
    def json(self) -> str: ...

class Stream(Iterator[SolutionTuple]):
    def __init__(self, source: str, first: Optional[int] = None, *,
                 timeout: Optional[float] = None, max_nodes: Optional[int] = None,
                 jobs: Optional[int] = None) -> None: ...
    def __iter__(self) -> "Stream": ...
    def __next__(self) -> SolutionTuple: ...
    def answer(self) -> Optional[AnswerTuple]: ...
    def close(self) -> None: ...

def _bind(script_error: type, internal_error: type, interrupted: type) -> None: ...
def check(source: str) -> List[DiagTuple]: ...
def run(source: str, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None,
        jobs: Optional[int] = None) -> List[AnswerTuple]: ...
def ask(source: str, query: Optional[str] = None, first: Optional[int] = None, *,
        timeout: Optional[float] = None, max_nodes: Optional[int] = None,
        jobs: Optional[int] = None) -> AnswerTuple: ...
def svg(source: str, blank: bool = False, *, timeout: Optional[float] = None,
        max_nodes: Optional[int] = None, jobs: Optional[int] = None) -> Tuple[str, bool]: ...
def generate(kind: str, *, count: int, seed: int, jobs: int, timeout: Optional[float] = None,
             size: Optional[int] = None,
             rows: Optional[int] = None, cols: Optional[int] = None,
             unique: Optional[bool] = None, not_unique: Optional[bool] = None,
             density: Optional[float] = None, givens: Optional[float] = None,
             open_limit: Optional[int] = None, symmetry: Optional[str] = None,
             kakuro2: Optional[bool] = None, query: Optional[str] = None,
             words_path: Optional[str] = None, words_text: Optional[str] = None,
             addends: Union[int, Tuple[int, int], str, None] = None,
             pattern: Optional[str] = None, base: Optional[int] = None,
             digits: Union[int, Tuple[int, int], str, None] = None,
             keep: Optional[int] = None, letters: Optional[bool] = None,
             difficulty: Optional[str] = None,
             any_shape: Optional[bool] = None,
             condition: Optional[str] = None) -> Tuple[List[Tuple[int, str, bool]], Optional[str]]: ...
def with_options(source: str, base: Optional[int] = None,
                 digits: Optional[List[int]] = None, leading_zeros: Optional[bool] = None,
                 repeats: Optional[bool] = None,
                 distinct: Optional[List[str]] = None) -> str: ...
def _native_calls(source: str, calls: int) -> float: ...
