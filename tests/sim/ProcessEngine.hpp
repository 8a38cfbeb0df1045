/* SimGrid allows one engine per process: the tests that drive SimGrid themselves (without a Simulation) share it,
 * made on first use, each loading its platform into it. */
#pragma once

#include <simgrid/s4u/Engine.hpp>

namespace coalsim {

/** The process's one SimGrid engine. */
inline simgrid::s4u::Engine& process_engine()
{
  static int argc     = 1;
  static char name[]  = "test";
  static char* argv[] = {name, nullptr};
  static simgrid::s4u::Engine engine(&argc, argv);
  return engine;
}

} // namespace coalsim
