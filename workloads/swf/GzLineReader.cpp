#include "workloads/swf/GzLineReader.hpp"

#include "sim/config/InputError.hpp"

#include <cerrno>
#include <cstring>
#include <xbt/log.h>
#include <zlib.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_swf_gz_line_reader, coalsim_swf, "GzLineReader");

namespace coalsim {

namespace {
constexpr size_t initial_buffer_size = 1 << 20;
constexpr unsigned zlib_buffer_size  = 1 << 18;

/** zlib's message, without the "<path>: " it puts in front. */
std::string zlib_message(const char* message, const std::string& path)
{
  std::string text = message != nullptr ? message : "unknown zlib error";
  if (text.compare(0, path.size() + 2, path + ": ") == 0)
    text.erase(0, path.size() + 2);
  return text;
}
} // namespace

GzLineReader::GzLineReader(const std::string& path) : path_(path), buffer_(initial_buffer_size)
{
  errno = 0;
  file_ = gzopen(path.c_str(), "rb");
  if (file_ == nullptr) {
    std::string reason = errno != 0 ? std::strerror(errno) : "not enough memory for zlib";
    throw_input_error("trace file", path, path, 0, "cannot be opened (" + reason + ")");
  }
  gzbuffer(file_, zlib_buffer_size);
}

GzLineReader::~GzLineReader()
{
  if (file_ != nullptr)
    gzclose(file_);
}

bool GzLineReader::fill()
{
  if (eof_)
    return false;
  // Keep the unconsumed tail at the front; grow when a single line fills the whole buffer.
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (end_ == buffer_.size())
    buffer_.resize(buffer_.size() * 2);
  int got = gzread(file_, buffer_.data() + end_, static_cast<unsigned>(buffer_.size() - end_));
  if (got < 0) {
    int errnum      = Z_OK;
    const char* msg = gzerror(file_, &errnum);
    throw_input_error("trace file", path_, path_, line_number_ + 1,
                      "cannot be read (" +
                          (errnum == Z_ERRNO ? std::string(std::strerror(errno)) : zlib_message(msg, path_)) + ")");
  }
  if (got == 0) {
    eof_ = true;
    // A gzip stream that stops early reads as end of file; zlib only tells through gzerror.
    int errnum      = Z_OK;
    const char* msg = gzerror(file_, &errnum);
    if (errnum != Z_OK)
      throw_input_error("trace file", path_, path_, line_number_ + 1,
                        "cannot be read (" + zlib_message(msg, path_) + ")");
    return false;
  }
  end_ += static_cast<size_t>(got);
  return true;
}

bool GzLineReader::next_line(std::string_view& line)
{
  size_t scan_from = begin_;
  while (true) {
    const char* start = buffer_.data() + begin_;
    const void* nl    = std::memchr(buffer_.data() + scan_from, '\n', end_ - scan_from);
    if (nl != nullptr) {
      size_t len = static_cast<const char*>(nl) - start;
      begin_ += len + 1;
      if (len > 0 && start[len - 1] == '\r')
        --len;
      line = std::string_view(start, len);
      ++line_number_;
      return true;
    }
    size_t pending = end_ - begin_;
    if (not fill()) {
      if (pending == 0)
        return false;
      // Last line without a final newline.
      start      = buffer_.data() + begin_;
      size_t len = pending;
      begin_     = end_;
      if (start[len - 1] == '\r')
        --len;
      line = std::string_view(start, len);
      ++line_number_;
      return true;
    }
    scan_from = begin_ + pending; // fill() moved the tail to the front
  }
}

} // namespace coalsim
