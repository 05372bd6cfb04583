#!/usr/bin/env python3
"""The corners of issue 31 as CP-SAT and MiniZinc models, for
benches/corners.py: each model counts every solution, so its count is
compared with crypta's.

Run as a child process so its processor time is measured whole:
  python3 corner_models.py cpsat|minizinc SECONDS KIND ARG...
where KIND is `powers` (an index into corners.POWERS), `radix` (a
statement `count X + Y = Z with base N`), `mult7` (partial-product lengths
like 8888888 and a shown zero `row:cell` or `-`). Prints the count, or
`timeout` when the solver's own time limit (SECONDS) ended it first: the
solver stops itself, so no orphaned MiniZinc child runs on.

CP-SAT (pip package ortools) enumerates with one worker, as its solution
enumeration requires; MiniZinc runs Gecode with `-a`, one solution printed
per line. Gecode's integers are 32-bit, so the 7x7 multiplication and the
radix additions are modelled column by column with carries, as a
schoolchild would; CP-SAT's are 64-bit and take the products whole where
they fit.
"""
import os
import re
import subprocess
import sys
import tempfile

import corners  # the puzzles themselves

# ---------------------------------------------------------------- powers


def power_spec(index):
    """(groups, rhs, distinct): the left side is a sum over groups of
    (signed words, exponent): (sum of ±word) ** exponent."""
    statement, expression, distinct = corners.POWERS[index]
    left, rhs = expression.split(" = ")
    groups = []
    for part in left.split(" + "):
        m = re.fullmatch(r"\(?([A-Z]+)(?: - ([A-Z]+))?\)? \*\* (\d+)", part.strip())
        words = [(m.group(1), 1)] + ([(m.group(2), -1)] if m.group(2) else [])
        groups.append((words, int(m.group(3))))
    return groups, rhs, distinct


def letters_of(words):
    seen = []
    for w in words:
        for c in w:
            if c not in seen:
                seen.append(c)
    return seen


def cpsat_powers(index):
    from ortools.sat.python import cp_model
    groups, rhs, distinct = power_spec(index)
    words = [w for g, _ in groups for w, _ in g] + [rhs]
    model = cp_model.CpModel()
    leads = {w[0] for w in words if len(w) > 1}
    v = {c: model.NewIntVar(1 if c in leads else 0, 9, c) for c in letters_of(words)}
    if distinct:
        model.AddAllDifferent(list(v.values()))

    def word(w):
        return sum(10 ** (len(w) - 1 - i) * v[c] for i, c in enumerate(w))

    terms = []
    for g, k in groups:
        top = sum(10 ** len(w) for w, _ in g)
        base = model.NewIntVar(-top, top, "")
        model.Add(base == sum(s * word(w) for w, s in g))
        power = base
        for _ in range(k - 1):
            nxt = model.NewIntVar(-top ** k, top ** k, "")
            model.AddMultiplicationEquality(nxt, [power, base])
            power = nxt
        terms.append(power)
    model.Add(sum(terms) == word(rhs))
    return cpsat_count(model, list(v.values()))


def minizinc_powers(index):
    groups, rhs, distinct = power_spec(index)
    words = [w for g, _ in groups for w, _ in g] + [rhs]
    leads = {w[0] for w in words if len(w) > 1}
    lines = [f"var {1 if c in leads else 0}..9: {c};" for c in letters_of(words)]
    if distinct:
        lines.insert(0, 'include "alldifferent.mzn";')
        lines.append(f"constraint alldifferent([{', '.join(letters_of(words))}]);")

    def word(w):
        return " + ".join(f"{10 ** (len(w) - 1 - i)}*{c}" for i, c in enumerate(w))

    terms = []
    for g, k in groups:
        base = " + ".join(f"{'-' if s < 0 else ''}({word(w)})" for w, s in g)
        terms.append(" * ".join([f"({base})"] * k))
    lines.append(f"constraint {' + '.join(terms)} = {word(rhs)};")
    return minizinc_count(lines, letters_of(words))


# ------------------------------------------------------- radix additions


def radix_spec(statement):
    m = re.fullmatch(r"count (\w+) \+ (\w+) = (\w+) with base (\d+)", statement)
    return m.group(1), m.group(2), m.group(3), int(m.group(4))


def cpsat_radix(statement):
    from ortools.sat.python import cp_model
    x, y, z, base = radix_spec(statement)
    model = cp_model.CpModel()
    leads = {x[0], y[0], z[0]}
    v = {c: model.NewIntVar(1 if c in leads else 0, base - 1, c) for c in letters_of([x, y, z])}
    model.AddAllDifferent(list(v.values()))
    carry = model.NewConstant(0)
    for i in range(1, len(z) + 1):
        nxt = model.NewIntVar(0, 1, "")
        a = v[x[-i]] if i <= len(x) else 0
        b = v[y[-i]] if i <= len(y) else 0
        model.Add(a + b + carry == v[z[-i]] + base * nxt)
        carry = nxt
    model.Add(carry == 0)
    return cpsat_count(model, list(v.values()))


def minizinc_radix(statement):
    x, y, z, base = radix_spec(statement)
    names = letters_of([x, y, z])
    ident = {c: f"v{ord(c)}" for c in names}
    leads = {x[0], y[0], z[0]}
    lines = ['include "alldifferent.mzn";']
    lines += [f"var {1 if c in leads else 0}..{base - 1}: {ident[c]};" for c in names]
    lines.append(f"constraint alldifferent([{', '.join(ident.values())}]);")
    n = len(z)
    lines.append(f"array[0..{n}] of var 0..1: carry;")
    lines.append(f"constraint carry[0] = 0 /\\ carry[{n}] = 0;")
    for i in range(1, n + 1):
        a = ident[x[-i]] if i <= len(x) else "0"
        b = ident[y[-i]] if i <= len(y) else "0"
        lines.append(f"constraint {a} + {b} + carry[{i - 1}] = {ident[z[-i]]} + {base} * carry[{i}];")
    return minizinc_count(lines, list(ident.values()))


# ------------------------------------------- the 7x7 skeleton multiplication


def mult7_spec(lengths, zero):
    lengths = [int(c) for c in lengths]
    zero = None if zero == "-" else tuple(int(t) for t in zero.split(":"))
    return lengths, zero


def cpsat_mult7(lengths, zero):
    """Factors and partial products whole (they fit in 64 bits), the shown
    zero through the digits of its partial product."""
    from ortools.sat.python import cp_model
    lengths, zero = mult7_spec(lengths, zero)
    model = cp_model.CpModel()
    a = model.NewIntVar(10 ** 6, 10 ** 7 - 1, "a")
    bd = [model.NewIntVar(1, 9, f"b{j}") for j in range(7)]  # rightmost first
    model.Add(sum(10 ** j * d for j, d in enumerate(bd)) >= 10 ** 6)
    partials = []
    for j, length in enumerate(lengths):
        p = model.NewIntVar(10 ** (length - 1), 10 ** length - 1, f"p{j}")
        model.AddMultiplicationEquality(p, [a, bd[j]])
        partials.append(p)
        if zero and zero[0] == j:
            digits = [model.NewIntVar(0, 9, "") for _ in range(length)]
            model.Add(p == sum(10 ** (length - 1 - i) * d for i, d in enumerate(digits)))
            model.Add(digits[zero[1]] == 0)
    head = model.NewIntVar(1, 9, "head")
    tail = model.NewIntVar(0, 9, "tail")
    model.Add(sum(10 ** j * p for j, p in enumerate(partials)) == head * 10 ** 13 + tail)
    return cpsat_count(model, [a] + bd)


def minizinc_mult7(lengths, zero):
    """Column by column (Gecode's integers are 32-bit): each partial
    product's digits from the multiplicand's with carries, then the
    product's columns as sums of the partials' digits with carries."""
    lengths, zero = mult7_spec(lengths, zero)
    lines = [
        "array[0..6] of var 0..9: a;",  # rightmost first
        "array[0..6] of var 1..9: b;",
        "constraint a[6] >= 1;",
        "array[0..6, 0..7] of var 0..9: p;",  # p[j, k]: digit k of partial j
        "array[0..6, 0..8] of var 0..8: c;",
        "constraint forall(j in 0..6)(c[j, 0] = 0 /\\ c[j, 8] = 0 /\\ "
        "forall(k in 0..7)(p[j, k] + 10 * c[j, k + 1] = "
        "(if k <= 6 then a[k] else 0 endif) * b[j] + c[j, k]));",
    ]
    for j, length in enumerate(lengths):
        if length == 7:
            lines.append(f"constraint p[{j}, 7] = 0 /\\ p[{j}, 6] >= 1;")
        else:
            lines.append(f"constraint p[{j}, 7] >= 1;")
    if zero:
        j, cell = zero
        lines.append(f"constraint p[{j}, {lengths[j] - 1 - cell}] = 0;")
    lines += [
        "array[0..13] of var 0..9: q;",
        "array[0..14] of var 0..9: s;",
        "constraint s[0] = 0 /\\ s[14] = 0 /\\ q[13] >= 1;",
        "constraint forall(k in 1..12)(q[k] = 0);",
        "constraint forall(k in 0..13)(q[k] + 10 * s[k + 1] = s[k] + "
        "sum(j in 0..6 where k - j >= 0 /\\ k - j <= 7)(p[j, k - j]));",
    ]
    return minizinc_count(lines, ["a[0]", "a[1]", "a[2]", "a[3]", "a[4]", "a[5]", "a[6]",
                                  "b[0]", "b[1]", "b[2]", "b[3]", "b[4]", "b[5]", "b[6]"])


# ---------------------------------------------------------------- running


def cpsat_count(model, shown):
    from ortools.sat.python import cp_model

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.n = 0

        def on_solution_callback(self):
            self.n += 1

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = LIMIT
    counter = Counter()
    status = solver.Solve(model, counter)
    if status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        return "timeout"
    return counter.n


def minizinc_count(lines, shown):
    """Every solution of the model, one line each (the variables that
    decide the others, so the count is of distinct solutions)."""
    text = "\n".join(lines) + "\nsolve satisfy;\n"
    text += f'output [show([{", ".join(shown)}]), "\\n"];\n'
    with tempfile.NamedTemporaryFile("w", suffix=".mzn", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        out = subprocess.run(["minizinc", "--solver", "gecode", "-a",
                              "--time-limit", str(int(LIMIT * 1000)), path],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True).stdout.decode()
    finally:
        os.unlink(path)
    # `==========` ends a search that went through every solution;
    # `=====UNSATISFIABLE=====` one that found none.
    if "==========" not in out and "UNSATISFIABLE" not in out:
        return "timeout"
    return len({line for line in out.splitlines() if line.startswith("[")})


LIMIT = 60.0


def main():
    global LIMIT
    tool, limit, kind, *rest = sys.argv[1:]
    LIMIT = float(limit)
    fn = {
        ("cpsat", "powers"): lambda: cpsat_powers(int(rest[0])),
        ("minizinc", "powers"): lambda: minizinc_powers(int(rest[0])),
        ("cpsat", "radix"): lambda: cpsat_radix(rest[0]),
        ("minizinc", "radix"): lambda: minizinc_radix(rest[0]),
        ("cpsat", "mult7"): lambda: cpsat_mult7(rest[0], rest[1]),
        ("minizinc", "mult7"): lambda: minizinc_mult7(rest[0], rest[1]),
    }[(tool, kind)]
    print(fn())


if __name__ == "__main__":
    main()
