/* A parameter of a pluggable entry (a grid policy, a local discipline, a runtime model, a background model, a
 * workload generator), declared beside the entry's code: its key, default, bounds, units and help. The registry
 * prints these for `--policy help`, `--list KIND` and the docs' tables; a reader may take its default and lower
 * bound from here, so that what is printed is what is read. */
#pragma once

#include <cmath>
#include <string>

namespace coalsim {

struct ParameterSpec {
  enum class Type { number, integer, choice, flag, distribution, section };

  std::string name;
  Type type = Type::number;
  std::string default_text; // as the experiment file writes it; "-" for none
  std::string bounds;       // "a|b" for a choice, ">= 1", "0..1"; "" for none
  std::string help;
  std::string units = {}; // "s", "bytes", ...; "" for a plain number or a name
  double fallback   = 0;  // the default of a number
  double min        = -INFINITY;

  /** "key (default X): help [bounds] (units)", a line of `--policy help` and `--list KIND`. */
  std::string line() const;
};

/** A number as a default is written: 0.5, 60, 1000000 (std::to_string without its trailing zeros). */
std::string number_text(double value);

/** A declared number (a `double`, at least `min`). */
ParameterSpec number_parameter(std::string name, double fallback, double min, std::string help, std::string units = "");
/** A declared integer, at least `min`. */
ParameterSpec integer_parameter(std::string name, int fallback, int min, std::string help, std::string units = "");

} // namespace coalsim
