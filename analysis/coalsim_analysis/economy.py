"""Libra's per-run figures from the /economy table (docs/trace-format.md): acceptance, deadlines met, revenue,
and the checks behind the claims of analysis/references/libra.yaml.

Conventions: rates are fractions (0..1) of the jobs with a deadline (the /economy rows); "of accepted" rates
are over the rows with `accepted`; revenue is the sum of `charge` over the rows with `met`. A run without an
/economy table has none of these metrics.
"""

import math

import numpy as np

from .trace import text


# The metrics economy_metrics gives, by name (names.py checks reference files against them).
ECONOMY_METRICS = ["economy_jobs", "acceptance_rate", "deadline_met_rate", "deadline_met_rate_accepted", "revenue",
                   "rejected_budget", "rejected_no_node", "budget_rejections_covered", "no_node_rejections_that_fit",
                   "accepted_missed"]


def _rate(part: int, whole: int) -> float:
    return part / whole if whole else math.nan


def rejections(economy: np.ndarray, reason: str) -> np.ndarray:
    """The rows rejected for `reason`."""
    return economy[np.array([text(r) == reason for r in economy["rejection"]], dtype=bool)]


def economy_metrics(trace) -> dict:
    """Every economy metric of one trace by name; {} for a trace without an /economy table."""
    economy = trace.economy
    if economy is None or economy.size == 0:
        return {}
    n = int(economy.size)
    accepted = economy["accepted"] == 1
    met = economy["met"] == 1
    budget = rejections(economy, "budget")
    no_node = rejections(economy, "no_node")
    # A budget rejection is wrong if the budget covered the cost; a no_node one if some node could take the job
    # (the least load a node would have carried with it, as the policy computed it, was within its capacity).
    covered = budget[budget["budget"] >= budget["cost"]] if budget.size else budget
    fitting = no_node[no_node["load"] <= 1.0] if no_node.size else no_node
    return {
        "economy_jobs": n,
        "acceptance_rate": _rate(int(accepted.sum()), n),
        "deadline_met_rate": _rate(int(met.sum()), n),
        "deadline_met_rate_accepted": _rate(int((met & accepted).sum()), int(accepted.sum())),
        "revenue": float(np.nansum(economy["charge"][met])),
        "rejected_budget": int(budget.size),
        "rejected_no_node": int(no_node.size),
        "budget_rejections_covered": int(covered.size),
        "no_node_rejections_that_fit": int(fitting.size),
        "accepted_missed": int((accepted & ~met).sum()),
    }
