/* A trace's size follows its content: every dataset is chunked in about 64 KiB and compressed (shuffle + deflate),
 * so the default run of 300 jobs writes tens of kilobytes, not megabytes of empty chunk capacity. */
#include "SimulateCommand.hpp"
#include "tests/support/TraceReader.hpp"

#include <filesystem>
#include <gtest/gtest.h>
#include <hdf5.h>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using coalsim::testing::run;
using coalsim::testing::test_folder;

namespace {

/** The path of every dataset of the file. */
std::vector<std::string> datasets(hid_t file)
{
  std::vector<std::string> found;
  // A captureless generic lambda: the link-info type differs between HDF5 1.10 and 1.12.
  H5Lvisit(
      file, H5_INDEX_NAME, H5_ITER_NATIVE,
      [](hid_t group, const char* name, const auto*, void* out) -> herr_t {
        hid_t object = H5Oopen(group, name, H5P_DEFAULT);
        if (H5Iget_type(object) == H5I_DATASET)
          static_cast<std::vector<std::string>*>(out)->push_back(name);
        H5Oclose(object);
        return 0;
      },
      &found);
  return found;
}

} // namespace

TEST(TraceSize, TheDefaultRunWritesASmallCompressedTrace)
{
  fs::path dir = test_folder("trace-size-");
  fs::path out = dir / "default.h5";
  auto result  = run("-q -o " + out.string());
  ASSERT_EQ(result.status, 0) << result.output;
  // 300 jobs: 2.5 MB when every dataset held an uncompressed chunk of 4096 rows.
  EXPECT_LT(fs::file_size(out), 200'000u);
  EXPECT_EQ(coalsim::read_trace(out.string()).jobs.size(), 300u);

  hid_t file = H5Fopen(out.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  auto names = datasets(file);
  EXPECT_GE(names.size(), 10u);
  for (const auto& name : names) {
    hid_t dataset    = H5Dopen2(file, name.c_str(), H5P_DEFAULT);
    hid_t dcpl       = H5Dget_create_plist(dataset);
    hid_t type       = H5Dget_type(dataset);
    hsize_t chunk[2] = {0, 1};
    int rank         = H5Pget_chunk(dcpl, 2, chunk);
    ASSERT_GE(rank, 1) << name << " is not chunked";
    size_t chunk_bytes = H5Tget_size(type) * chunk[0] * (rank == 2 ? chunk[1] : 1);
    EXPECT_LE(chunk_bytes, 64u * 1024) << name;
    EXPECT_GT(chunk_bytes, 32u * 1024) << name;
    std::vector<H5Z_filter_t> filters;
    for (int i = 0; i < H5Pget_nfilters(dcpl); ++i) {
      unsigned flags = 0;
      size_t values  = 0;
      filters.push_back(H5Pget_filter2(dcpl, i, &flags, &values, nullptr, 0, nullptr, nullptr));
    }
    EXPECT_EQ(filters, (std::vector<H5Z_filter_t>{H5Z_FILTER_SHUFFLE, H5Z_FILTER_DEFLATE})) << name;
    H5Tclose(type);
    H5Pclose(dcpl);
    H5Dclose(dataset);
  }
  H5Fclose(file);
}
