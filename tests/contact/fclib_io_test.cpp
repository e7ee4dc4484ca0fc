// write_fclib_local then read back through libfclib (read_fclib and read_contact_problem_file): the
// problem and the solution come back bit for bit (HDF5 stores doubles as they are).
#include "moreau/contact/fclib_io.hpp"

#include "moreau/contact/contact_problem_file.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace moreau::contact {
namespace {

using ::testing::HasSubstr;

std::filesystem::path temporary(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("moreau_fclib_io_" + std::to_string(::getpid()) + "_" + name);
}

LocalProblem two_contacts() {
  std::vector<math::Triplet> entries = {{0, 0, 4.0},  {1, 1, 3.0}, {2, 2, 3.0}, {0, 3, -1.0},
                                        {3, 0, -1.0}, {3, 3, 5.0}, {4, 4, 2.5}, {5, 5, 2.5}};
  SparseMat W(6, 6);
  W.setFromTriplets(entries.begin(), entries.end());
  LocalProblem problem;
  problem.W = BlockSparseMatrix::from_sparse(W, 3);
  problem.q = (VecX(6) << -1.0, 0.25, 0.0, 0.5, -0.125, 1.0 / 3.0).finished();
  problem.mu = (VecX(2) << 0.3, 0.7).finished();
  return problem;
}

TEST(FclibIo, LocalProblemAndSolutionRoundTrip) {
  const LocalProblem problem = two_contacts();
  const VecX r = (VecX(6) << 0.25, 0.0, 0.0, 0.0, 0.0, 0.0).finished();
  const auto path = temporary("round_trip.hdf5");
  write_fclib_local(path, problem, r);
  const ContactProblemFile file = read_contact_problem_file(path);
  std::filesystem::remove(path);
  EXPECT_EQ(file.kind, ProblemKind::Local);
  EXPECT_EQ(file.problem.dimension, 3);
  EXPECT_EQ((file.problem.W.to_sparse() - problem.W.to_sparse()).norm(), 0.0);
  EXPECT_EQ(file.problem.q, problem.q);
  EXPECT_EQ(file.problem.mu, problem.mu);
  ASSERT_TRUE(file.stored_solution.has_value());
  EXPECT_EQ(*file.stored_solution, r);
  EXPECT_FALSE(file.guess.has_value());
}

TEST(FclibIo, WritesWithoutASolution) {
  const auto path = temporary("no_solution.hdf5");
  write_fclib_local(path, two_contacts());
  const FclibContents contents = read_fclib(path);
  std::filesystem::remove(path);
  EXPECT_TRUE(std::holds_alternative<LocalProblem>(contents.problem));
  EXPECT_FALSE(contents.solution.has_value());
}

TEST(FclibIo, RefusesAFileThatIsNotHdf5) {
  const auto path = temporary("not_hdf5.hdf5");
  std::ofstream(path) << "3\n";
  EXPECT_FALSE(has_hdf5_signature(path));
  try {
    read_fclib(path);
    FAIL() << "a text file was read as HDF5";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr(path.filename().string()));
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace moreau::contact
