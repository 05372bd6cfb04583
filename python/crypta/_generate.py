"""``crypta.generate``: new puzzles from a seed, made by crypta's core as
``crypta generate`` makes them, with its options (their names with ``_``
for ``-``) and its messages when they do not go together."""

from __future__ import annotations

import os
from typing import List, Optional, Sequence, Tuple, Union

from . import _crypta


def generate(kind: str, *, count: int = 1, seed: int = 1, jobs: int = 0,
             timeout: Optional[float] = None, size: Optional[int] = None, rows: Optional[int] = None,
             cols: Optional[int] = None, unique: Optional[bool] = None,
             not_unique: Optional[bool] = None,
             density: Optional[float] = None, givens: Optional[float] = None,
             open_limit: Optional[int] = None, symmetry: Optional[str] = None,
             query: Optional[str] = None, kakuro2: Optional[bool] = None,
             words: Union[str, "os.PathLike[str]", Sequence[str], None] = None,
             addends: Union[int, Tuple[int, int], str, None] = None,
             pattern: Optional[str] = None, base: Optional[int] = None,
             digits: Union[str, Tuple[int, int], None] = None, keep: Optional[int] = None,
             letters: Optional[bool] = None, difficulty: Optional[str] = None,
             any_shape: Optional[bool] = None,
             condition: Optional[str] = None) -> List[str]:
    """New puzzles, as ``crypta generate KIND`` prints them: ``count``
    statements (or KAKURO2 grids with ``kakuro2=True``, each ending its
    lines) from seeds ``seed``, ``seed + 1``, ..., the same on every
    machine and for any ``jobs`` (threads; 0 for every core).
    ``timeout`` (seconds) bounds the whole call, as ``crypta generate
    --timeout`` does: past it, generation stops between two puzzles and
    :class:`crypta.Incomplete` is raised with the puzzles made so far (its
    ``puzzles``) and a message saying how many were made.

    - ``kakuro``: ``size`` (or ``rows`` and ``cols``, 1 to 256);
      grids are made unique and proven so by the solver unless
      ``not_unique=True`` (or ``unique=False``); ``density`` and
      ``givens`` (chances, 0 to 1), ``open_limit``, ``symmetry``
      (``"none"``, ``"rotational"``, ``"mirror"``), ``query`` (written
      before each grid: ``"unique"``, or ``"count"`` when not unique),
      ``kakuro2``;
    - ``letters``: ``words`` (a word list: a path, or a sequence of
      words; required), ``addends`` (2 to 9, or a range ``(2, 4)`` or
      ``"2..4"``), ``pattern`` (``"A * B = C"``), ``base`` (2 to 36),
      ``condition`` (``"given"``, ``"order"``, ``"property"``, ``"any"``:
      equations of several solutions made unique by such a condition);
    - ``cryptic``: Kakuro grids with letters for digits, with the grid
      options of ``kakuro`` but ``givens``, ``not_unique``, ``query`` and
      ``kakuro2``;
    - ``multiplication``, ``division``: ``digits`` (``"3x2"`` or
      ``(3, 2)``), ``keep`` (show only this digit), ``letters``,
      ``any_shape`` (shapes a book would not print);
    - every kind: ``difficulty`` (``"easy"``, ``"medium"``, ``"hard"``):
      only puzzles ``grade`` rates so.

    Options that do not go with ``kind`` raise ``ValueError`` with the
    command line's message; a seed that yields no puzzle raises
    :class:`crypta.Error`. Ctrl-C stops it between two puzzles.
    """
    from . import Error, Incomplete

    if count < 0 or seed < 0 or jobs < 0:
        raise ValueError("count, seed and jobs are 0 or more")
    words_path = words_text = None
    if isinstance(words, (str, os.PathLike)):
        words_path = os.fspath(words)
    elif words is not None:
        words_text = "\n".join(words)
    made, stopped = _crypta.generate(
        kind, count=count, seed=seed % (1 << 64), jobs=jobs, timeout=timeout, size=size,
        rows=rows, cols=cols,
        unique=unique, not_unique=not_unique, density=density, givens=givens,
        open_limit=open_limit, symmetry=symmetry, kakuro2=kakuro2, query=query,
        words_path=words_path, words_text=words_text, addends=addends, pattern=pattern,
        base=base, digits=digits, keep=keep, letters=letters, difficulty=difficulty,
        any_shape=any_shape, condition=condition)
    out = []
    for _, statement, found in made:
        if not found:
            raise Error(statement)
        out.append(statement + "\n" if kakuro2 else statement)
    if stopped is not None:
        raise Incomplete(None, stopped, out)
    return out
