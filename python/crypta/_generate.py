"""``crypta.generate``: new puzzles from a seed, with the options of
``crypta generate`` (their names with ``_`` for ``-``) and its messages
when they do not go together."""

from __future__ import annotations

import os
from typing import List, Optional, Sequence, Tuple, Union

from . import _crypta

_KINDS = ("kakuro", "letters", "multiplication", "division")
_KAKURO = ("size", "rows", "cols", "unique", "density", "givens", "open_limit", "kakuro2",
           "query", "symmetry")
_LETTERS = ("words", "addends", "pattern", "base")
_LAYOUT = ("digits", "keep", "letters")


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _range(value: Union[int, Tuple[int, int], str], what: str) -> Tuple[int, int]:
    if isinstance(value, str):
        low, _, high = value.partition("..")
        value = (int(low), int(high or low))
    elif isinstance(value, int):
        value = (value, value)
    low, high = value
    if not 2 <= low <= high <= 9:
        raise ValueError("words added are a number or a range N..M, from 2 to 9")
    return low, high


def _digits(value: Union[str, Tuple[int, int]]) -> Tuple[int, int]:
    if isinstance(value, str):
        a, sep, b = value.lower().partition("x")
        try:
            value = (int(a), int(b)) if sep else (0, 0)
        except ValueError:
            value = (0, 0)
    a, b = value
    if not (1 <= a <= 9 and 1 <= b <= 9):
        raise ValueError("digits are given as AxB (such as 3x2), each from 1 to 9")
    return a, b


def _chance(value: float, name: str) -> float:
    if not 0.0 <= value <= 1.0:
        raise ValueError("%s: a chance is a number from 0 to 1" % _flag(name))
    return float(value)


def _side(value: int) -> int:
    if not 1 <= value <= 256:
        raise ValueError("a side of a grid goes from 1 to 256")
    return value


def generate(kind: str, *, count: int = 1, seed: int = 1, jobs: int = 0,
             size: Optional[int] = None, rows: Optional[int] = None,
             cols: Optional[int] = None, unique: Optional[bool] = None,
             density: Optional[float] = None, givens: Optional[float] = None,
             open_limit: Optional[int] = None, symmetry: Optional[str] = None,
             query: Optional[str] = None, kakuro2: Optional[bool] = None,
             words: Union[str, "os.PathLike[str]", Sequence[str], None] = None,
             addends: Union[int, Tuple[int, int], str, None] = None,
             pattern: Optional[str] = None, base: Optional[int] = None,
             digits: Union[str, Tuple[int, int], None] = None, keep: Optional[int] = None,
             letters: Optional[bool] = None) -> List[str]:
    """New puzzles, as ``crypta generate KIND`` prints them: ``count``
    statements (or KAKURO2 grids with ``kakuro2=True``) from seeds
    ``seed``, ``seed + 1``, ..., the same on every machine and for any
    ``jobs``.

    - ``kakuro``: ``size`` (or ``rows`` and ``cols``, 1 to 256),
      ``unique``, ``density`` and ``givens`` (chances, 0 to 1),
      ``open_limit``, ``symmetry`` (``"none"``, ``"rotational"``,
      ``"mirror"``), ``query`` (written before each grid, ``"unique"``),
      ``kakuro2``;
    - ``letters``: ``words`` (a word list: a path, or a sequence of
      words; required), ``addends`` (2 to 9, or a range ``(2, 4)`` or
      ``"2..4"``), ``pattern`` (``"A * B = C"``), ``base`` (2 to 36);
    - ``multiplication``, ``division``: ``digits`` (``"3x2"`` or
      ``(3, 2)``), ``keep`` (show only this digit), ``letters``.

    Options that do not go with ``kind`` raise ``ValueError`` with the
    command line's message; a seed that yields no puzzle raises
    :class:`crypta.Error`.
    """
    from . import Error

    given = {name: value for name, value in locals().items()
             if name in _KAKURO + _LETTERS + _LAYOUT and value is not None}
    if kind not in _KINDS:
        raise ValueError("kind %r: kakuro, letters, multiplication or division" % (kind,))
    if count < 0 or seed < 0 or jobs < 0:
        raise ValueError("count, seed and jobs are 0 or more")
    seed %= 1 << 64
    if kind == "kakuro":
        wrong = [_flag(n) for n in _LETTERS + _LAYOUT if n in given]
        if wrong:
            raise ValueError(
                "%s %s not for kakuro (letters: --words --addends --pattern --base; "
                "multiplication, division: --digits --keep --letters)"
                % (", ".join(wrong), "is" if len(wrong) == 1 else "are"))
        side = _side(size if size is not None else 10)
        r, c = _side(rows if rows is not None else side), _side(cols if cols is not None else side)
        if kakuro2 and (r != c or (givens or 0.0) > 0.0):
            raise ValueError("KAKURO2 grids are square and have no givens")
        return _crypta.generate_kakuro(
            r, c, seed, count, _chance(0.8 if density is None else density, "density"),
            _chance(givens or 0.0, "givens"), bool(unique), open_limit, symmetry or "none",
            "unique" if query is None else query, bool(kakuro2), jobs)
    mine = _LETTERS if kind == "letters" else _LAYOUT
    wrong = [_flag(n) for n in _KAKURO + _LETTERS + _LAYOUT if n in given and n not in mine]
    if wrong:
        raise ValueError("%s %s not for %s" % (", ".join(wrong),
                                               "is" if len(wrong) == 1 else "are", kind))
    if kind == "letters":
        if words is None:
            raise ValueError("generate letters needs a word list: words= (a path or the words)")
        if addends is not None and pattern is not None:
            raise ValueError("--addends and --pattern do not go together: a pattern sets its words")
        if isinstance(words, (str, os.PathLike)):
            name = os.fspath(words)
            with open(name, encoding="utf-8") as f:
                text = f.read()
        else:
            name, text = "words", "\n".join(words)
        b = 10 if base is None else base
        if not 2 <= b <= 36:
            raise ValueError("base %d: the base of a generated equation is 2 to 36" % b)
        made = _crypta.generate_letters(text, name, seed, count, b,
                                        _range(addends if addends is not None else 2, "addends"),
                                        pattern, jobs)
    else:
        division = kind == "division"
        a, b = _digits(digits) if digits is not None else ((5, 2) if division else (3, 2))
        if division and a < b:
            raise ValueError("--digits %dx%d: a dividend of %d digits is shorter than a "
                             "divisor of %d" % (a, b, a, b))
        if keep is not None and not 0 <= keep <= 9:
            raise ValueError("keep is a digit, 0 to 9")
        made = _crypta.generate_layout(division, (a, b), seed, count, keep, bool(letters), jobs)
    out = []
    for case_seed, statement in made:
        if statement is None:
            raise Error("no puzzle found for seed %d (try another seed, a longer word list, "
                        "or other options)" % case_seed)
        out.append(statement)
    return out
