"""Per point and metric: n, mean, sample standard deviation and the 95% Student-t confidence interval of
the mean over the replications."""

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

CONFIDENCE = 0.95


@dataclass(frozen=True)
class Summary:
    n: int            # replications with a value (a metric can be undefined in a run: no completed job)
    mean: float
    sd: float         # sample sd (n - 1); NaN below two values
    half_width: float  # t(0.975, n - 1) * sd / sqrt(n); NaN below two values

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    @property
    def relative_half_width(self) -> float:
        """half width / |mean|: what a precision target bounds. 0 when every value is the same."""
        if math.isnan(self.half_width):
            return math.nan
        if self.half_width == 0:
            return 0.0
        return self.half_width / abs(self.mean) if self.mean != 0 else math.inf


def t_quantile(n: int) -> float:
    """The two-sided 95% Student-t quantile with n - 1 degrees of freedom."""
    return float(stats.t.ppf(0.5 + CONFIDENCE / 2, n - 1))


def summarize(values) -> Summary:
    values = np.asarray([v for v in values if v is not None], dtype=float)
    values = values[np.isfinite(values)]
    n = int(values.size)
    if n == 0:
        return Summary(0, math.nan, math.nan, math.nan)
    mean = float(values.mean())
    if n < 2:
        return Summary(1, mean, math.nan, math.nan)
    sd = float(values.std(ddof=1))
    return Summary(n, mean, sd, t_quantile(n) * sd / math.sqrt(n))
