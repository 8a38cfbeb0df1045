#include "sim/config/Random.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_config_random, coalsim_config, "Random");

namespace coalsim {

namespace {
uint64_t splitmix64(uint64_t x)
{
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
uint64_t fnv1a(const std::string& s)
{
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s)
    h = (h ^ c) * 1099511628211ULL;
  return h;
}
} // namespace

RngStream::RngStream(uint64_t seed, const std::string& purpose) : engine_(splitmix64(seed ^ splitmix64(fnv1a(purpose))))
{
}

double RngStream::uniform()
{
  return static_cast<double>(engine_() >> 11) * 0x1.0p-53;
}

uint64_t RngStream::below(uint64_t n)
{
  xbt_assert(n > 0, "below(0)");
  return static_cast<uint64_t>(uniform() * static_cast<double>(n)) % n;
}

Distribution Distribution::parametric(Kind kind, double a, double b, double c)
{
  Distribution d;
  d.kind_ = kind;
  d.a_    = a;
  d.b_    = b;
  d.c_    = c;
  return d;
}
Distribution Distribution::constant(double value)
{
  return parametric(Kind::constant, value);
}
Distribution Distribution::uniform(double min, double max)
{
  return parametric(Kind::uniform, min, max);
}
Distribution Distribution::exponential(double mean)
{
  return parametric(Kind::exponential, mean);
}
Distribution Distribution::normal(double mean, double sd, double min)
{
  return parametric(Kind::normal, mean, sd, min);
}
Distribution Distribution::lognormal(double mu, double sigma)
{
  return parametric(Kind::lognormal, mu, sigma);
}
Distribution Distribution::choice(std::vector<double> values, std::vector<double> weights)
{
  xbt_assert(not values.empty(), "choice over no values");
  if (weights.empty())
    weights.assign(values.size(), 1.0);
  xbt_assert(weights.size() == values.size(), "choice: %zu values but %zu weights", values.size(), weights.size());
  Distribution d;
  d.kind_      = Kind::choice;
  d.values_    = std::move(values);
  double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  double acc   = 0;
  for (double w : weights) {
    acc += w / total;
    d.cumulative_.push_back(acc);
  }
  d.cumulative_.back() = 1.0;
  return d;
}
Distribution Distribution::empirical(std::vector<double> samples)
{
  xbt_assert(not samples.empty(), "empirical distribution over no samples");
  Distribution d;
  d.kind_   = Kind::empirical;
  d.values_ = std::move(samples);
  return d;
}

double Distribution::sample(RngStream& rng) const
{
  switch (kind_) {
    case Kind::constant:
      return a_;
    case Kind::uniform:
      return a_ + (b_ - a_) * rng.uniform();
    case Kind::exponential:
      return -a_ * std::log1p(-rng.uniform());
    case Kind::normal:
      for (int i = 0; i < 1000; ++i) {
        // Box-Muller; one of the pair is enough here.
        double u1 = 1.0 - rng.uniform();
        double u2 = rng.uniform();
        double x  = a_ + b_ * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
        if (x >= c_)
          return x;
      }
      return std::max(a_, c_);
    case Kind::lognormal: {
      double u1 = 1.0 - rng.uniform();
      double u2 = rng.uniform();
      return std::exp(a_ + b_ * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2));
    }
    case Kind::choice: {
      double u = rng.uniform();
      auto it  = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
      return values_[std::min<size_t>(it - cumulative_.begin(), values_.size() - 1)];
    }
    case Kind::empirical:
      return values_[rng.below(values_.size())];
  }
  return a_;
}

double Distribution::mean() const
{
  switch (kind_) {
    case Kind::constant:
      return a_;
    case Kind::uniform:
      return (a_ + b_) / 2;
    case Kind::exponential:
      return a_;
    case Kind::normal: {
      // Truncated below at c_: mean + sd * phi(alpha) / (1 - Phi(alpha)), alpha = (c_ - mean) / sd.
      if (b_ <= 0)
        return std::max(a_, c_);
      double alpha = (c_ - a_) / b_;
      double tail  = 0.5 * std::erfc(alpha / std::sqrt(2.0));
      if (tail <= 0)
        return std::max(a_, c_);
      return a_ + b_ * std::exp(-alpha * alpha / 2) / std::sqrt(2 * M_PI) / tail;
    }
    case Kind::lognormal:
      return std::exp(a_ + b_ * b_ / 2);
    case Kind::choice: {
      double m = 0, prev = 0;
      for (size_t i = 0; i < values_.size(); ++i) {
        m += values_[i] * (cumulative_[i] - prev);
        prev = cumulative_[i];
      }
      return m;
    }
    case Kind::empirical:
      return std::accumulate(values_.begin(), values_.end(), 0.0) / static_cast<double>(values_.size());
  }
  return a_;
}

int rounded_within(double value, int lo, int hi)
{
  if (not(value > lo)) // NaN too
    return lo;
  if (value >= hi)
    return hi;
  return std::clamp(static_cast<int>(std::lround(value)), lo, hi);
}

double Distribution::mean_of_sizes(int lo, int hi) const
{
  auto size = [lo, hi](double v) { return static_cast<double>(rounded_within(v, lo, hi)); };
  switch (kind_) {
    case Kind::constant:
      return size(a_);
    case Kind::choice: {
      double m = 0, prev = 0;
      for (size_t i = 0; i < values_.size(); ++i) {
        m += size(values_[i]) * (cumulative_[i] - prev);
        prev = cumulative_[i];
      }
      return m;
    }
    case Kind::empirical: {
      double sum = 0;
      for (double v : values_)
        sum += size(v);
      return sum / static_cast<double>(values_.size());
    }
    default: {
      // Its own stream, so that asking for the mean draws nothing from the run's streams.
      RngStream rng(0, "mean of sizes");
      constexpr int draws = 200000;
      double sum          = 0;
      for (int i = 0; i < draws; ++i)
        sum += size(sample(rng));
      return sum / draws;
    }
  }
}

double Distribution::max_value() const
{
  switch (kind_) {
    case Kind::constant:
      return a_;
    case Kind::uniform:
      return b_;
    case Kind::choice:
    case Kind::empirical:
      return *std::max_element(values_.begin(), values_.end());
    default:
      return INFINITY;
  }
}

std::string Distribution::describe() const
{
  std::ostringstream out;
  switch (kind_) {
    case Kind::constant:
      out << a_;
      break;
    case Kind::uniform:
      out << "uniform(" << a_ << ", " << b_ << ")";
      break;
    case Kind::exponential:
      out << "exponential(mean " << a_ << ")";
      break;
    case Kind::normal:
      out << "normal(" << a_ << ", sd " << b_ << ", min " << c_ << ")";
      break;
    case Kind::lognormal:
      out << "lognormal(mu " << a_ << ", sigma " << b_ << ")";
      break;
    case Kind::choice:
      out << "choice(" << values_.size() << " values)";
      break;
    case Kind::empirical:
      out << "empirical(" << values_.size() << " samples)";
      break;
  }
  return out.str();
}

double typical_max(const Distribution& d)
{
  double most = d.max_value();
  return std::isfinite(most) ? most : d.mean();
}

} // namespace coalsim
