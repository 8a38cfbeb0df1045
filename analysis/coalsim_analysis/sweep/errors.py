"""Errors of the sweep command: bad input is one exception type, printed and turned into exit code 2."""


class SweepError(Exception):
    """Bad input (sweep file, command line, missing base experiment): the message says what and where.

    Formatted as the project's input errors: `Invalid <thing> '<id>' in <file>:<line>: <what>`."""


def invalid(thing, ident, path, line, what):
    """Raises the project's input error; line is 1-based (None when the whole file is meant)."""
    where = f"{path}:{line}" if line else f"{path}"
    raise SweepError(f"Invalid {thing} '{ident}' in {where}: {what}")
