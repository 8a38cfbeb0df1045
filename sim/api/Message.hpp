/* A message between two sites' schedulers (SiteChannel::send). A kind of message is a type: a struct of named
 * fields deriving from MessageOf<itself>, with its kind name (at most 15 characters: the trace's /messages `kind`),
 * its size on the wire and the job it is about. The engine carries it type-erased as a Message, as a SimGrid
 * communication of bytes() between the sites' scheduler hosts, and hands the same object back to the policy
 * (GridPolicy::on_message), which reads it with as<T>(). What a kind means is the policy's business (DIANA's:
 * policies/diana/DianaMessages.hpp); the trace records every message. */
#pragma once

#include "sim/api/Job.hpp"

#include <string_view>

namespace coalsim {

class Message {
public:
  virtual ~Message() = default;

  /** Its kind, as the trace records it. */
  virtual std::string_view kind() const = 0;
  /** Its size on the wire, in bytes: what the network carries. */
  virtual double bytes() const = 0;
  /** The job it is about (its messages and bytes count towards that job), -1 for none. */
  virtual JobId job() const = 0;

  /** The message as kind T, or null when it is of another kind. */
  template <class T> const T* as() const { return dynamic_cast<const T*>(this); }
};

/** The base of a message kind T, which declares `static constexpr std::string_view kind_name`. */
template <class T> class MessageOf : public Message {
public:
  std::string_view kind() const final
  {
    static_assert(T::kind_name.size() <= 15, "a message kind is traced in at most 15 characters");
    return T::kind_name;
  }
};

} // namespace coalsim
