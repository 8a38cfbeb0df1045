/* The trace's schema is declared once (sim/trace/TraceSchema.cpp): docs/trace-format.md's field tables must be the
 * tables it renders, and the fields must be declared in the order the file stores them (the row struct's). */
#include "sim/trace/TraceSchema.hpp"
#include "sim/trace/TraceTypes.hpp"

#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <sstream>

using namespace coalsim;

namespace {

/** {dataset: its field table, header and rule included} under each "## `<dataset>` fields" heading of the page. */
std::map<std::string, std::string> documented_field_tables(const std::string& page)
{
  std::map<std::string, std::string> tables;
  std::istringstream in(page);
  std::string line, dataset;
  bool in_table = false;
  while (std::getline(in, line)) {
    if (line.starts_with("#")) {
      dataset.clear();
      if (line.starts_with("## `") && line.ends_with("` fields"))
        dataset = line.substr(4, line.size() - 4 - 8);
    }
    if (not line.starts_with("|"))
      in_table = false;
    else if (line.starts_with("| field | type |"))
      in_table = true;
    if (in_table && not dataset.empty())
      tables[dataset] += line + "\n";
  }
  return tables;
}

} // namespace

TEST(TraceSchema, FieldsAreDeclaredInTheOrderOfTheirMembersWithoutOverlap)
{
  // The file stores a packed copy of the memory type, whose fields HDF5 orders by offset: a field declared out of
  // its member's order would be documented in one order and written in another.
  for (const TraceTable* table : trace_tables()) {
    std::set<std::string> names;
    size_t end = 0;
    for (const TraceField& f : table->fields) {
      EXPECT_TRUE(names.insert(f.name).second) << table->dataset << ": " << f.name << " declared twice";
      EXPECT_GE(f.offset, end) << table->dataset << ": " << f.name << " is out of its member's order or overlaps";
      end = f.offset + f.size;
      EXPECT_FALSE(f.meaning.empty()) << table->dataset << ": " << f.name << " has no meaning";
    }
    EXPECT_LE(end, table->row_size) << table->dataset;
  }
}

TEST(TraceSchema, TheFileTypeHasTheDeclaredFieldsInOrder)
{
  for (const TraceTable* table : trace_tables()) {
    hid_t memory = memory_type(*table);
    hid_t file   = packed(memory);
    ASSERT_EQ(H5Tget_nmembers(file), static_cast<int>(table->fields.size())) << table->dataset;
    for (size_t i = 0; i < table->fields.size(); ++i) {
      char* name = H5Tget_member_name(file, static_cast<unsigned>(i));
      EXPECT_EQ(name, table->fields[i].name) << table->dataset << " field " << i;
      H5free_memory(name);
    }
    H5Tclose(file);
    H5Tclose(memory);
  }
}

TEST(TraceSchema, TheDocumentedFieldTablesAreTheSchema)
{
  std::ifstream in(COALSIM_SOURCE_DIR "/docs/trace-format.md");
  ASSERT_TRUE(in) << "docs/trace-format.md not found";
  std::stringstream page;
  page << in.rdbuf();
  auto documented = documented_field_tables(page.str());
  std::set<std::string> declared;
  for (const TraceTable* table : trace_tables()) {
    declared.insert(table->dataset);
    // On a difference, the expected table is printed whole: it replaces the one under the heading.
    EXPECT_EQ(documented[table->dataset], render_field_table(*table))
        << "docs/trace-format.md, \"## `" << table->dataset << "` fields\" must hold the table above (Expected)";
  }
  for (const auto& [dataset, text] : documented)
    EXPECT_TRUE(declared.count(dataset)) << "docs/trace-format.md documents fields of " << dataset
                                         << ", which the schema (sim/trace/TraceSchema.cpp) does not declare";
}
