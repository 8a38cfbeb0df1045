"""How a failed run is reported: its command line (ready to paste into a shell) and the end of its stderr."""

import shlex

SHOWN_LINES = 15


def report(label, command, returncode, stderr, where="") -> str:
    lines = [line for line in (stderr or "").strip().splitlines() if line.strip()]
    shown = lines[-SHOWN_LINES:]
    cut = [f"  ... ({len(lines) - len(shown)} earlier lines)"] if len(lines) > len(shown) else []
    text = [f"FAILED {label} (exit {returncode}{where}):", f"  {shlex.join(command)}"]
    return "\n".join(text + cut + [f"  | {line}" for line in shown])
