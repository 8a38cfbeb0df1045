/* Random streams and distributions.
 * Our own samplers over std::mt19937_64 (the std:: distributions are implementation-defined), and one
 * independent stream per purpose, so that changing one part of an experiment does not shift the
 * draws of another. */
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace coalsim {

class RngStream {
public:
  RngStream() = default;
  /** The stream named `purpose` of the run with this seed. */
  RngStream(uint64_t seed, const std::string& purpose);
  /** Uniform in [0, 1). */
  double uniform();
  /** Uniform integer in [0, n). */
  uint64_t below(uint64_t n);
  std::mt19937_64& engine() { return engine_; }

private:
  std::mt19937_64 engine_{0};
};

/** A distribution of non-negative reals, as written in an experiment file. */
class Distribution {
public:
  enum class Kind { constant, uniform, exponential, normal, lognormal, choice, empirical };

  static Distribution constant(double value);
  static Distribution uniform(double min, double max);
  static Distribution exponential(double mean);
  /** Normal truncated to [min, +inf) by resampling. */
  static Distribution normal(double mean, double sd, double min = 0.0);
  /** exp(N(mu, sigma)). */
  static Distribution lognormal(double mu, double sigma);
  /** One of `values` with probabilities proportional to `weights` (all equal when empty). */
  static Distribution choice(std::vector<double> values, std::vector<double> weights = {});
  /** Uniform over recorded samples (e.g. runtimes of a trace). */
  static Distribution empirical(std::vector<double> samples);

  double sample(RngStream& rng) const;
  double mean() const;
  /** The mean of the sizes drawn from it: each draw rounded and clamped to [lo, hi] (job sizes, numbers of
   *  components). Exact for constant, choice and empirical; from fixed draws for the others. */
  double mean_of_sizes(int lo, int hi) const;
  /** The largest value it can give (+inf when unbounded). */
  double max_value() const;
  Kind kind() const { return kind_; }
  /** A one-line description, e.g. "uniform(90, 192)". */
  std::string describe() const;
  const std::vector<double>& values() const { return values_; }

private:
  /** A distribution given by up to three parameters (their meaning depends on the kind). */
  static Distribution parametric(Kind kind, double a, double b = 0, double c = 0);

  Kind kind_ = Kind::constant;
  double a_ = 0, b_ = 0, c_ = 0;
  std::vector<double> values_;
  std::vector<double> cumulative_; // for choice
};

/** `value` rounded to a whole number within [lo, hi]: a drawn size or count. Compared before it is converted, so that
 *  a value no int holds (a size scaled by 1e300) is `hi`, not whatever the conversion makes of it; NaN is `lo`. */
int rounded_within(double value, int lo, int hi);

/** The largest value `d` gives, or its mean when it is unbounded (a lognormal may draw past the run's horizon by
 *  chance; the run then stops at that draw): what a value's check against the horizon uses. */
double typical_max(const Distribution& d);

} // namespace coalsim
