/* Line-by-line reading of plain or gzip-compressed text files through zlib.
 * gzread() passes plain files through unchanged, so one reader serves both. */
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

struct gzFile_s;

namespace coalsim {

class GzLineReader {
public:
  /** Opens `path`; throws InputError when it cannot be opened. */
  explicit GzLineReader(const std::string& path);
  ~GzLineReader();
  GzLineReader(const GzLineReader&)            = delete;
  GzLineReader& operator=(const GzLineReader&) = delete;

  /** The next line, without its "\n" or "\r\n"; false at the end of the file. The view stays valid until the next
   *  call. Throws InputError when the file is damaged (e.g. a truncated gzip stream). */
  bool next_line(std::string_view& line);
  /** 1-based number of the line last returned (0 before the first). */
  int line_number() const { return line_number_; }
  const std::string& path() const { return path_; }

private:
  /** Reads more bytes after the unconsumed ones; false when nothing more could be read. */
  bool fill();

  std::string path_;
  gzFile_s* file_ = nullptr;
  std::vector<char> buffer_;
  size_t begin_    = 0; // first unconsumed byte
  size_t end_      = 0; // one past the last valid byte
  bool eof_        = false;
  int line_number_ = 0;
};

} // namespace coalsim
