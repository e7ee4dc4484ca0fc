// write_fclib_local and write_fclib_global, then read back (read_fclib and
// read_contact_problem_file): the problem and the solution come back bit for bit (HDF5 stores
// doubles as they are).
#include "moreau/contact/fclib_io.hpp"

#include "moreau/contact/contact_problem_file.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

extern "C" {
#include <fclib.h>
}
#include <hdf5.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
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

// 4 dofs and 2 contacts in 3D: n_dof != d n_c, so that a vector written with the size of the
// other one would not read back.
GlobalProblem two_contacts_global() {
  std::vector<math::Triplet> M_entries = {{0, 0, 4.0}, {1, 1, 3.0}, {1, 2, 0.5},
                                          {2, 1, 0.5}, {2, 2, 5.0}, {3, 3, 2.0}};
  std::vector<math::Triplet> H_entries = {{0, 0, 1.0}, {1, 1, 1.0}, {2, 2, 1.0},  {0, 3, -1.0},
                                          {3, 3, 1.0}, {1, 4, 0.5}, {2, 5, -0.25}};
  GlobalProblem problem;
  problem.M = SparseMat(4, 4);
  problem.M.setFromTriplets(M_entries.begin(), M_entries.end());
  problem.H = SparseMat(4, 6);
  problem.H.setFromTriplets(H_entries.begin(), H_entries.end());
  problem.f = (VecX(4) << 0.0, -9.81 / 3.0, 0.125, 1e-17).finished();
  problem.w = (VecX(6) << -1.0, 0.25, 0.0, 0.5, -0.125, 1.0 / 3.0).finished();
  problem.mu = (VecX(2) << 0.3, 0.7).finished();
  return problem;
}

TEST(FclibIo, GlobalProblemAndSolutionRoundTrip) {
  const GlobalProblem problem = two_contacts_global();
  const VecX r = (VecX(6) << 0.25, 0.0, 0.0, 1.0 / 7.0, 0.01, -0.02).finished();
  const auto path = temporary("global_round_trip.hdf5");
  write_fclib_global(path, problem, r);
  const FclibContents contents = read_fclib(path);
  ASSERT_TRUE(std::holds_alternative<GlobalProblem>(contents.problem));
  const auto& back = std::get<GlobalProblem>(contents.problem);
  EXPECT_EQ(back.dimension, 3);
  EXPECT_EQ((back.M - problem.M).norm(), 0.0);
  EXPECT_EQ(back.M.nonZeros(), problem.M.nonZeros());
  EXPECT_EQ((back.H - problem.H).norm(), 0.0);
  EXPECT_EQ(back.H.nonZeros(), problem.H.nonZeros());
  EXPECT_EQ(back.f, problem.f);
  EXPECT_EQ(back.w, problem.w);
  EXPECT_EQ(back.mu, problem.mu);
  ASSERT_TRUE(contents.solution.has_value());
  EXPECT_EQ(*contents.solution, r);
  // v and u as libfclib's own reader sees them: M v = f + H r to the round-off of a
  // Cholesky solve of this well-conditioned 4x4 M, and u = H^T v + w as written.
  fclib_solution* solution = fclib_read_solution(path.string().c_str());
  ASSERT_NE(solution, nullptr);
  const VecX v = Eigen::Map<const VecX>(solution->v, problem.dofs());
  const VecX u = Eigen::Map<const VecX>(solution->u, problem.H.cols());
  fclib_delete_solutions(solution, 1);
  std::filesystem::remove(path);
  EXPECT_TRUE((problem.M * v).isApprox(problem.f + problem.H * r, 1e-14));
  EXPECT_EQ(u, VecX(problem.H.transpose() * v + problem.w));
}

TEST(FclibIo, AGlobalProblemReplacesALocalOneInTheSameFile) {
  const auto path = temporary("replaced.hdf5");
  write_fclib_local(path, two_contacts(), VecX::Zero(6));
  write_fclib_global(path, two_contacts_global());
  const ContactProblemFile file = read_contact_problem_file(path);
  std::filesystem::remove(path);
  EXPECT_EQ(file.kind, ProblemKind::Global);
  EXPECT_FALSE(file.stored_solution.has_value());
}

TEST(FclibIo, RefusesToWriteAnInconsistentGlobalProblem) {
  GlobalProblem problem = two_contacts_global();
  problem.w.resize(5);
  const auto path = temporary("inconsistent.hdf5");
  try {
    write_fclib_global(path, problem);
    FAIL() << "a w of 5 values was written for 2 contacts";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("w: expected 6 values"));
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

// The guess comes back bit for bit beside the solution, the guess's v with M v = f + H r.
TEST(FclibIo, AGuessRoundTripsBesideTheSolution) {
  const GlobalProblem problem = two_contacts_global();
  const VecX solution = (VecX(6) << 0.25, 0.0, 0.0, 1.0 / 7.0, 0.01, -0.02).finished();
  const VecX guess = (VecX(6) << 0.5, 0.1, -0.1, 1.0 / 3.0, 0.0, 0.0).finished();
  const auto path = temporary("guess.hdf5");
  write_fclib_global(path, problem, solution);
  write_fclib_guess(path, problem, guess);
  const FclibContents contents = read_fclib(path);
  ASSERT_TRUE(contents.solution.has_value());
  EXPECT_EQ(*contents.solution, solution);
  ASSERT_TRUE(contents.guess.has_value());
  EXPECT_EQ(*contents.guess, guess);
  EXPECT_FALSE(contents.guess_penalty.has_value());
  int guesses = 0;
  fclib_solution* read = fclib_read_guesses(path.string().c_str(), &guesses);
  ASSERT_EQ(guesses, 1);
  const VecX v = Eigen::Map<const VecX>(read->v, problem.dofs());
  fclib_delete_solutions(read, guesses);
  std::filesystem::remove(path);
  EXPECT_TRUE((problem.M * v).isApprox(problem.f + problem.H * guess, 1e-14));

  write_fclib_local(path, two_contacts());
  write_fclib_guess(path, two_contacts(), guess);
  const ContactProblemFile local = read_contact_problem_file(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(local.guess.has_value());
  EXPECT_EQ(*local.guess, guess);
  EXPECT_FALSE(local.stored_solution.has_value());
}

// LocalForm::Skip keeps the global problem alone (no W), yet still refuses an M that is not
// positive definite, which the global methods would factor.
TEST(FclibIo, AGlobalFileReadWithoutItsLocalFormIsStillChecked) {
  const auto path = temporary("skip.hdf5");
  write_fclib_global(path, two_contacts_global());
  const ContactProblemFile file = read_contact_problem_file(path, LocalForm::Skip);
  EXPECT_EQ(file.kind, ProblemKind::Global);
  EXPECT_EQ(file.contacts(), 2);
  EXPECT_EQ(file.dimension(), 3);
  EXPECT_EQ(file.problem.contacts(), 0);

  GlobalProblem indefinite = two_contacts_global();
  indefinite.M.coeffRef(2, 1) = indefinite.M.coeffRef(1, 2) = 5.0;  // [[3, 5], [5, 5]]
  write_fclib_global(path, indefinite);
  try {
    read_contact_problem_file(path, LocalForm::Skip);
    FAIL() << "an indefinite M was accepted";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("M: expected a symmetric positive definite matrix"));
  }
  std::filesystem::remove(path);
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

// The message of read_fclib(path), which must refuse the file.
std::string refusal(const std::filesystem::path& path) {
  try {
    read_fclib(path);
  } catch (const core::Diagnostic& error) {
    return error.what();
  }
  ADD_FAILURE() << path << " was read";
  return "";
}

// q replaced by a dataset of 16-byte long doubles: a type FCLib never writes, refused at the
// dataset before HDF5 converts it (a damaged type size made that conversion take gigabytes).
TEST(FclibIo, RefusesADatasetOfAnotherTypeAtTheDataset) {
  const auto path = temporary("long_double_q.hdf5");
  write_fclib_local(path, two_contacts());
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  ASSERT_GE(H5Ldelete(file, "/fclib_local/vectors/q", H5P_DEFAULT), 0);
  const hsize_t size = 6;
  const long double q[6] = {-1.0L, 0.25L, 0.0L, 0.5L, -0.125L, 1.0L};
  const hid_t space = H5Screate_simple(1, &size, nullptr);
  const hid_t dataset = H5Dcreate2(file, "/fclib_local/vectors/q", H5T_NATIVE_LDOUBLE, space,
                                   H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  ASSERT_GE(H5Dwrite(dataset, H5T_NATIVE_LDOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, q), 0);
  H5Dclose(dataset);
  H5Sclose(space);
  H5Fclose(file);
  const std::string message = refusal(path);
  std::filesystem::remove(path);
  EXPECT_THAT(message, HasSubstr(path.string() + ": error: /fclib_local/vectors/q:"));
  EXPECT_THAT(message, HasSubstr("values of another type"));
}

// A file whose W/x data bytes are damaged (found by byte-level mutation, kept as a fuzz
// regression): libfclib's reader exited the process with code 1; the error names the dataset.
TEST(FclibIo, RefusesDamagedDataAtTheDataset) {
  const std::filesystem::path path =
      std::filesystem::path(MOREAU_SOURCE_DIR) /
      "tests/fuzz/regressions/fclib/W-x-unreadable-libfclib-exited-1.hdf5";
  const std::string message = refusal(path);
  EXPECT_THAT(message, HasSubstr(path.string() + ": error: /fclib_local/W/x:"));
  EXPECT_THAT(message, HasSubstr("damaged data"));
}

// A dump's global guess carries the state its run's global solver started from; libfclib,
// which knows nothing of it, still reads the guess.
TEST(FclibIo, AGuessCarriesTheSolversPenalty) {
  const GlobalProblem problem = two_contacts_global();
  const VecX guess = (VecX(6) << 0.5, 0.1, -0.1, 1.0 / 3.0, 0.0, 0.0).finished();
  const auto path = temporary("guess_penalty.hdf5");
  write_fclib_global(path, problem);
  write_fclib_guess(path, problem, guess, 31622.776601683792);
  const ContactProblemFile file = read_contact_problem_file(path);
  ASSERT_TRUE(file.guess_penalty.has_value());
  EXPECT_EQ(*file.guess_penalty, 31622.776601683792);
  ASSERT_TRUE(file.guess.has_value());
  EXPECT_EQ(*file.guess, guess);
  int guesses = 0;
  fclib_solution* read = fclib_read_guesses(path.string().c_str(), &guesses);
  EXPECT_EQ(guesses, 1);
  fclib_delete_solutions(read, guesses);

  // A negative, infinite or NaN stiffness is no state a solver leaves: refused at the dataset.
  for (const double penalty :
       {-1.0, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
    const hid_t hdf5 = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    ASSERT_GE(hdf5, 0);
    const hid_t dataset = H5Dopen2(hdf5, "/guesses/1/moreau_penalty", H5P_DEFAULT);
    ASSERT_GE(dataset, 0);
    ASSERT_GE(H5Dwrite(dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, &penalty), 0);
    H5Dclose(dataset);
    H5Fclose(hdf5);
    const std::string message = refusal(path);
    EXPECT_THAT(message, HasSubstr(path.string() + ": error: /guesses/1/moreau_penalty"))
        << penalty;
    EXPECT_THAT(message, HasSubstr(std::isfinite(penalty) ? "expected a penalty >= 0"
                                                          : "expected a finite number"))
        << penalty;
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace moreau::contact
