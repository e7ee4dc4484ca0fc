// The Siconos text reader on tiny hand-written files (tests/data/contact): one valid file per
// storage and kind, and one malformed file per rule, each refused with file, line and key.
#include "moreau/contact/siconos_text_io.hpp"

#include "moreau/contact/contact_problem_file.hpp"
#include "moreau/math/types.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace moreau::contact {
namespace {

using math::Vec3;

using ::testing::HasSubstr;

std::filesystem::path data(const std::string& name) {
  return std::filesystem::path(MOREAU_SOURCE_DIR) / "tests/data/contact" / name;
}

// Values are written with at most 3 significant digits: they parse exactly.
constexpr double kExact = 0.0;

TEST(SiconosText, ReadsDenseStorageColumnMajor) {
  const auto problem = std::get<LocalProblem>(read_siconos_text(data("local_dense.dat")));
  ASSERT_EQ(problem.dimension, 3);
  ASSERT_EQ(problem.contacts(), 1);
  const SparseMat W = problem.W.to_sparse();
  EXPECT_EQ(W.coeff(1, 0), -1.0);  // second value of the first printed column
  EXPECT_EQ(W.coeff(0, 1), -1.5);  // first value of the second
  EXPECT_EQ(W.coeff(2, 2), 16.0);
  EXPECT_TRUE(problem.q.isApprox(Vec3(-1.0, 2.0, 3.0), kExact));
  EXPECT_EQ(problem.mu[0], 0.1);
}

TEST(SiconosText, ReadsSparseBlockStorage) {
  const auto problem = std::get<LocalProblem>(read_siconos_text(data("local_sparse_block.dat")));
  ASSERT_EQ(problem.contacts(), 2);
  const SparseMat W = problem.W.to_sparse();
  EXPECT_EQ(W.coeff(1, 0), 1.0);
  EXPECT_EQ(W.coeff(3, 4), -1.0);
  EXPECT_EQ(W.coeff(0, 3), 0.0);  // off-diagonal blocks are absent
  EXPECT_EQ(problem.q[3], -2.0);
  EXPECT_EQ(problem.mu[1], 0.3);
}

TEST(SiconosText, ReadsPrintedCSparseStorage) {
  const auto problem = std::get<LocalProblem>(read_siconos_text(data("local_csparse_2d.dat")));
  ASSERT_EQ(problem.dimension, 2);
  const SparseMat W = problem.W.to_sparse();
  EXPECT_EQ(W.coeff(0, 0), 2.0);
  EXPECT_EQ(W.coeff(1, 0), -1.0);
  EXPECT_EQ(W.coeff(0, 1), -1.0);
  EXPECT_EQ(problem.q[1], 0.5);
}

TEST(SiconosText, TellsAGlobalProblemByTheMatrixHeaderAfterTheFirstMatrix) {
  // n_dof = d n_c = 3: the sizes alone cannot tell this file from a local one.
  const auto problem = std::get<GlobalProblem>(read_siconos_text(data("global_dense.dat")));
  EXPECT_EQ(problem.dofs(), 3);
  EXPECT_EQ(problem.H.coeff(2, 2), 1.0);
  EXPECT_EQ(problem.f[2], -1.0);
  EXPECT_EQ(problem.w[0], -1.0);
  EXPECT_EQ(problem.mu[0], 0.5);
}

struct BadFile {
  std::string name;
  int line;
  std::string key;
};

void PrintTo(const BadFile& file, std::ostream* out) { *out << file.name; }

class MalformedSiconosText : public ::testing::TestWithParam<BadFile> {};

TEST_P(MalformedSiconosText, IsRefusedWithFileLineAndKey) {
  const BadFile& bad = GetParam();
  try {
    read_contact_problem_file(data(bad.name));
    FAIL() << bad.name << " was accepted";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr(bad.name));
    EXPECT_THAT(error.what(), HasSubstr(bad.name + ':' + std::to_string(bad.line) + ": error: "));
    EXPECT_THAT(error.what(), HasSubstr(": " + bad.key + ": expected"));
  }
}

const BadFile kBadFiles[] = {
    {"bad_dimension.dat", 1, "dimension"},
    {"bad_contacts.dat", 2, "contacts"},
    {"trailing_garbage_in_integer.dat", 2, "contacts"},
    {"bad_storage.dat", 3, "W.storage"},
    {"dense_size_mismatch.dat", 6, "W.columns"},
    {"not_a_number.dat", 8, "W(1, 1)"},
    {"inf_in_W.dat", 9, "W(2, 2)"},
    {"nan_in_q.dat", 10, "q[1]"},
    {"truncated_q.dat", 10, "q[2]"},
    {"negative_mu.dat", 11, "mu[0]"},
    {"non_square_W.dat", 3, "W"},
    {"block_ends_decreasing.dat", 9, "W.row_block_ends[1]"},
    {"block_pointers_inconsistent.dat", 13, "W.block_row_pointers[2]"},
    {"block_column_out_of_range.dat", 14, "W.block_columns_index[1]"},
    {"block_number_wrong.dat", 17, "W.block[1].number"},
    {"csparse_row_out_of_range.dat", 13, "W.col[1].row"},
    {"global_H_wrong_columns.dat", 12, "H.columns"},
    {"huge_size.dat", 5, "W.size"},
    {"empty_huge_matrix.dat", 5, "W.size"},  // 0 x 1e9: no values, but 4 GB of pointers
    {"empty.dat", 1, "dimension"},
};

std::string bad_file_name(const ::testing::TestParamInfo<BadFile>& info) {
  return info.param.name.substr(0, info.param.name.find('.'));
}

INSTANTIATE_TEST_SUITE_P(Rules, MalformedSiconosText, ::testing::ValuesIn(kBadFiles),
                         bad_file_name);

}  // namespace
}  // namespace moreau::contact
