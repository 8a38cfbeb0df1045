/* The elements of a platform XML file, read with expat (no DTD, no SimGrid): what the platform check looks at,
 * with the line of each start tag. A file that is not well-formed XML is an InputError in the form
 * `Invalid platform '<file>' in <file>:<line>: <what expat says>`. */
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace coalsim {

struct PlatformElement {
  std::string name;
  std::map<std::string, std::string> attributes;
  int line   = 0;
  int parent = -1;  // index of the enclosing element, -1 for the root
  std::string text; // a <trace>'s character data (the profile it holds); empty for the other elements

  /** The attribute's value, or "" when it is not given. */
  const std::string& attribute(const std::string& key) const;
  bool has(const std::string& key) const { return attributes.count(key) > 0; }
};

/** The elements of `text` in document order (comments left out, and text but a <trace>'s). `path` names the file in
 *  errors. */
std::vector<PlatformElement> read_platform_elements(std::string_view text, const std::string& path);

/** The line of the first element called `name` whose `id` is `id`; 0 when there is none or the file cannot be
 *  read. Lets an error found after SimGrid read the platform name the line of what it is about. */
int platform_line_of(const std::string& path, const std::string& name, const std::string& id);

} // namespace coalsim
