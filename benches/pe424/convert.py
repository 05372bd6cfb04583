"""Writes Project Euler 424's 200 cryptic Kakuros as crypta statements.

Input: p424_kakuro200.txt from projecteuler.net (one grid a line: the size,
then the cells row by row: X a block, O an empty white cell, a letter a
white cell, (hXX,vYY) a clue). Output on stdout: `unique kakuro { ... }`
per grid. Letters A-J stand for the digits 0-9, all different.
Usage: python3 convert.py p424_kakuro200.txt > kakuro200.crypta
"""
import re
import sys


def cell(text):
    if text == "X":
        return "#"
    if text == "O":
        return "."
    if re.fullmatch(r"[A-J]", text):
        return text
    sides = dict((s[0], s[1:]) for s in text.strip("()").split(","))
    return "{}\\{}".format(sides.get("v", ""), sides.get("h", ""))


def grids(lines):
    for line in lines:
        line = line.strip()
        if not line:
            continue
        # Commas split cells, except inside a clue's parentheses.
        items = re.findall(r"\([^)]*\)|[^,]+", line)
        size, cells = int(items[0]), [cell(c) for c in items[1:]]
        assert len(cells) == size * size, line
        yield [cells[r * size:(r + 1) * size] for r in range(size)]


def main():
    with open(sys.argv[1]) as f:
        lines = f.readlines()
    print("# Project Euler 424: 200 cryptic Kakuros (projecteuler.net, CC BY-NC-SA 4.0),")
    print("# written by benches/pe424/convert.py. Letters A-J are the digits 0-9.")
    for number, rows in enumerate(grids(lines), 1):
        width = max(len(c) for row in rows for c in row)
        print("# {}".format(number))
        print("unique kakuro {")
        for row in rows:
            print("  " + " ".join(c.ljust(width) for c in row).rstrip())
        print("}")


main()
