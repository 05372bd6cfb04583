"""No script shape exhausts the stack (issue 42): long flat chains, long
chains of powers and deep parentheses are refused with a ``TooLarge``
diagnostic before anything recurses, even in a thread with a 512 KiB stack
(``crypta.check`` segfaulted Python from 2,000 terms there), and the
largest chain within the limits is read and solved on that stack."""

import threading

import crypta

#: The smallest stack a Python program commonly gives a thread.
SMALL_STACK = 512 * 1024


def on_small_stack(work):
    """Runs ``work`` in a thread with a 512 KiB stack and returns what it
    returned (a crash there would take the whole interpreter down)."""
    results, errors = [], []

    def target():
        try:
            results.append(work())
        except BaseException as error:  # re-raised in the test's thread
            errors.append(error)

    previous = threading.stack_size(SMALL_STACK)
    try:
        thread = threading.Thread(target=target)
        thread.start()
    finally:
        threading.stack_size(previous)
    thread.join()
    if errors:
        raise errors[0]
    return results[0]


HOSTILE = {
    "a chain of 2,000 terms": "count A = B" + " + A" * 2000,
    "a chain of 30,000 terms": "count A = B" + " + A" * 30000,
    "60,000 ones": "A != 1" + " + 1" * 60000,
    "a chain of powers": "A = B" + " ^ 2" * 60000,
    "parentheses to the size limit": "(" * 500000 + "A" + ")" * 500000 + " = B",
    "nots": "count A + B = C with " + "not " * 10000 + "A < B",
}


def test_hostile_shapes_are_refused_on_a_small_stack():
    for name, script in HOSTILE.items():
        kinds = on_small_stack(lambda: [d.kind for d in crypta.check(script)])
        assert kinds == ["TooLarge"], name
        try:
            on_small_stack(lambda: crypta.run(script, max_nodes=1000))
        except crypta.ScriptError as error:
            assert error.diagnostics[0].kind == "TooLarge", name
        else:
            raise AssertionError(name + ": ran")


def test_the_largest_chain_is_solved_on_a_small_stack():
    # 1023 words: the most one statement takes.
    script = "A" + " + A" * 1022 + " = B"
    assert on_small_stack(lambda: crypta.check("count " + script)) == []
    assert on_small_stack(lambda: crypta.count(script, repeats=True)) == 1
    nested = "(" * 64 + "A" + ")" * 64 + " + B = CD"
    assert on_small_stack(lambda: crypta.count(nested)) == crypta.count("A + B = CD")
