# %% [markdown]
# # crypta in a notebook
#
# A notebook in the percent format (`# %%` cells): open it in Jupyter with
# jupytext, or in VS Code, or run it as a script (`python notebook.py`);
# `python/tests/test_notebook.py` runs it. In Jupyter, a cell that ends
# with a solution or a picture draws it (`_repr_svg_`).

# %%
import itertools

import crypta

# %% [markdown]
# ## A Teaser stated and answered
# Sunday Times Teaser 2803: AB × CDE = FGHIJ, where the digits of FGHIJ and
# of AB, CD, EF, GH, IJ pair up so that AB + CD + EF + GH + IJ = CCC.

# %%
(teaser,) = crypta.solve("AB * CDE = FGHIJ, AB + CD + EF + GH + IJ = CCC")
print(teaser.text)
teaser  # in Jupyter: the puzzle drawn with its digits

# %% [markdown]
# ## Counting, exactly
# Counts are Python ints at any size; `timeout=` bounds the search.

# %%
print(crypta.count("SEND + MORE = MONEY with repeats"))
print(crypta.count("ABCDE + FGHIJ = KLMNOP with repeats", timeout=10))

# %% [markdown]
# ## Millions of solutions, lazily
# `solutions` streams them from the search: take what you need.

# %%
for s in itertools.islice(crypta.solutions("ABCDE + FGHIJ = KLMNOP with repeats"), 3):
    print(s.symbols)

# %% [markdown]
# ## Is it unique? Which givens would make it so?

# %%
answer = crypta.unique("kakuro { # 5\\ 5\\ ; \\4 . . ; \\6 . . }")
print(answer.uniqueness, [[(g.name, g.digit) for g in s] for s in answer.givens])

# %% [markdown]
# ## How hard is it for a person?

# %%
grading = crypta.grade("SEND + MORE = MONEY")
print(grading.difficulty, len(grading.steps), "steps; the first:", grading.steps[0].why)

# %% [markdown]
# ## Pictures
# `crypta.svg` draws a statement (blank, or with its first solution).

# %%
picture = crypta.svg("unique multiplication {\n     **3\n  x   **\n  ------\n    *4**\n"
                     "   ****\n  ------\n   2*45*\n}")
print(len(picture), "bytes of SVG")
picture

# %% [markdown]
# ## New puzzles
# The options of `crypta generate`, as keyword arguments.

# %%
(puzzle,) = crypta.generate("multiplication", keep=7, seed=1)
print(puzzle)
print(crypta.ask(puzzle).uniqueness)

# %% [markdown]
# ## Mistakes come back as data

# %%
try:
    crypta.run("SEND + MORE = MONEY\nA + B = C = D")
except crypta.ScriptError as error:
    for d in error.diagnostics:
        print("line %d, column %d: %s (%s)" % (d.line, d.column, d.message, d.kind))
