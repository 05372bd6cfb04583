"""Bad scripts raise crypta.ScriptError with their diagnostics; misuse
raises ValueError."""

import pytest

import crypta


def test_script_error_carries_diagnostics():
    with pytest.raises(crypta.ScriptError) as info:
        crypta.run("SEND + MORE = MONEY\nA + B = C = D\n")
    error = info.value
    assert isinstance(error, crypta.Error) and isinstance(error, ValueError)
    (d,) = error.diagnostics
    assert d.kind == "ChainedEquals" and d.line == 2
    assert "A + B = C = D" in error.report and "Error:" in error.report
    assert "an equation has one `=`" in str(error)


@pytest.mark.parametrize("function", [crypta.solve, crypta.count, crypta.unique, crypta.grade,
                                      crypta.explain, crypta.svg, crypta.ask,
                                      crypta.solutions])
def test_every_function_raises_on_a_bad_script(function):
    with pytest.raises(crypta.ScriptError) as info:
        function("SEND + MORE")
    assert info.value.diagnostics[0].kind == "MissingEquals"


def test_several_errors():
    with pytest.raises(crypta.ScriptError) as info:
        crypta.ask("A + B = CD with base 1\nSEND + MORE")
    kinds = [d.kind for d in info.value.diagnostics]
    assert kinds == ["BaseOutOfRange", "MissingEquals"]
    assert str(info.value).startswith("the script has 2 errors")


def test_one_statement_expected():
    with pytest.raises(ValueError):
        crypta.ask("A + B = C\nC + D = E")
    with pytest.raises(ValueError):
        crypta.count("let m = A + B = C")
    with pytest.raises(ValueError):
        crypta.ask("A + B = CD", "sometimes")
    with pytest.raises(ValueError):
        crypta.solutions("count A + B = CD")
    with pytest.raises(ValueError):
        crypta.first("A + B = CD", 0)


def test_error_is_not_raised_for_input_that_is_fine_but_odd():
    # Input with control characters is reported, escaped, never raised raw.
    (d,) = crypta.check("SEND + MORE\x1b[31m")
    assert "\x1b" not in d.message


def test_a_warning_is_a_diagnostic_that_does_not_stop_the_run():
    [warning] = crypta.check("count A / (B - B) = C or A = 1")
    assert warning.severity == "warning"
    assert warning.kind == "ZeroDivisor"
    assert (warning.line, warning.column, warning.end_column) == (1, 11, 18)
    assert "warning" in str(warning)
    assert crypta.count("count A / (B - B) = C or A = 1") == 72
    # Beside an error, both are carried, in source order.
    with pytest.raises(crypta.ScriptError) as raised:
        crypta.run("count A / 0 = B\ncount A + = B")
    severities = [d.severity for d in raised.value.diagnostics]
    assert severities == ["warning", "error"]
