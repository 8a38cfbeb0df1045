/* The bytes of one fuzz input as a file the readers can open by path: an in-memory file (memfd), rewritten for
 * every input, named /proc/self/fd/<n>. Nothing touches the disk. */
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace coalsim::fuzz {

inline const std::string& input_file(const uint8_t* data, size_t size)
{
  static int fd           = memfd_create("coalsim-fuzz-input", 0);
  static std::string path = "/proc/self/fd/" + std::to_string(fd);
  if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != static_cast<ssize_t>(size))
    __builtin_trap();
  return path;
}

} // namespace coalsim::fuzz
