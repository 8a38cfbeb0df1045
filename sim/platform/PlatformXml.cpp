#include "sim/platform/PlatformXml.hpp"

#include "sim/config/InputError.hpp"

#include <expat.h>
#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_platform_xml, coalsim_platform, "PlatformXml");

namespace coalsim {

const std::string& PlatformElement::attribute(const std::string& key) const
{
  static const std::string none;
  auto it = attributes.find(key);
  return it == attributes.end() ? none : it->second;
}

namespace {

struct ReadState {
  XML_Parser parser;
  std::vector<PlatformElement> elements;
  std::vector<int> open; // the elements not closed yet
};

void on_start(void* data, const XML_Char* name, const XML_Char** attributes)
{
  auto* state = static_cast<ReadState*>(data);
  PlatformElement e;
  e.name   = name;
  e.line   = static_cast<int>(XML_GetCurrentLineNumber(state->parser));
  e.parent = state->open.empty() ? -1 : state->open.back();
  for (int i = 0; attributes[i] != nullptr && attributes[i + 1] != nullptr; i += 2)
    e.attributes[attributes[i]] = attributes[i + 1];
  state->elements.push_back(std::move(e));
  state->open.push_back(static_cast<int>(state->elements.size()) - 1);
}

void on_end(void* data, const XML_Char*)
{
  auto* state = static_cast<ReadState*>(data);
  if (not state->open.empty())
    state->open.pop_back();
}

/** A <trace>'s profile is its text (SimGrid's pc_data); the text of other elements is left out. */
void on_text(void* data, const XML_Char* text, int length)
{
  auto* state = static_cast<ReadState*>(data);
  if (state->open.empty())
    return;
  auto& e = state->elements[static_cast<size_t>(state->open.back())];
  if (e.name == "trace")
    e.text.append(text, static_cast<size_t>(length));
}

} // namespace

std::vector<PlatformElement> read_platform_elements(std::string_view text, const std::string& path)
{
  std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)> parser(XML_ParserCreate(nullptr), &XML_ParserFree);
  if (not parser)
    throw InputError("Invalid platform '" + path + "': out of memory reading it");
  ReadState state{parser.get(), {}, {}};
  XML_SetUserData(parser.get(), &state);
  XML_SetElementHandler(parser.get(), on_start, on_end);
  XML_SetCharacterDataHandler(parser.get(), on_text);
  // Fed in pieces: XML_Parse takes an int length.
  constexpr size_t piece = 1 << 20;
  size_t at              = 0;
  bool ok                = true;
  do {
    size_t length = std::min(piece, text.size() - at);
    bool last     = at + length == text.size();
    ok            = XML_Parse(parser.get(), text.data() + at, static_cast<int>(length), last) == XML_STATUS_OK;
    at += length;
    if (last)
      break;
  } while (ok);
  if (not ok)
    throw_input_error("platform", path, path, static_cast<int>(XML_GetCurrentLineNumber(parser.get())),
                      std::string("XML syntax error: ") + XML_ErrorString(XML_GetErrorCode(parser.get())) +
                          " (column " + std::to_string(XML_GetCurrentColumnNumber(parser.get()) + 1) + ")");
  return std::move(state.elements);
}

int platform_line_of(const std::string& path, const std::string& name, const std::string& id)
{
  std::ifstream in(path);
  if (not in)
    return 0;
  std::stringstream buffer;
  buffer << in.rdbuf();
  try {
    for (const auto& e : read_platform_elements(buffer.str(), path))
      if (e.name == name && e.attribute("id") == id)
        return e.line;
  } catch (const InputError&) {
  }
  return 0;
}

} // namespace coalsim
