// read_contact_problem_file on the small Siconos text files of tests/data/contact: a local
// problem is taken as it is, a global one is condensed to W = H^T M^-1 H and
// q = w + H^T M^-1 f (or left global with LocalForm::Skip), and a missing file is refused.
// Every FCLib problem of ../shared/fclib goes through it in contact_problem_file_fclib_test.
#include "moreau/contact/contact_problem_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace moreau::contact {
namespace {

using math::Vec3;

std::filesystem::path contact_data(const std::string& name) {
  return std::filesystem::path(MOREAU_SOURCE_DIR) / "tests/data/contact" / name;
}

TEST(ContactProblemFileRead, TakesALocalProblemAsItIs) {
  const ContactProblemFile file = read_contact_problem_file(contact_data("local_sparse_block.dat"));
  EXPECT_EQ(file.kind, ProblemKind::Local);
  EXPECT_EQ(file.contacts(), 2);
  EXPECT_EQ(file.problem.mu[1], 0.3);
  EXPECT_FALSE(file.global.has_value());
  EXPECT_EQ(file.condensation, nullptr);
}

// global_dense.dat: M = 2 I, H = I, f = (0, 0, -1), w = (-1, 0, 0), so W = I / 2 and
// q = (-1, 0, -1/2). A Cholesky factor of M is sqrt(2) I: the round-off of a square root and
// a division remains.
TEST(ContactProblemFileRead, CondensesAGlobalProblem) {
  constexpr double kCholeskyRoundOff = 1e-15;
  const ContactProblemFile file = read_contact_problem_file(contact_data("global_dense.dat"));
  EXPECT_EQ(file.kind, ProblemKind::Global);
  ASSERT_TRUE(file.global.has_value());
  ASSERT_NE(file.condensation, nullptr);
  EXPECT_EQ(file.contacts(), 1);
  const math::MatX W = file.problem.W.to_sparse().toDense();
  EXPECT_TRUE(W.isApprox(0.5 * math::MatX::Identity(3, 3), kCholeskyRoundOff)) << W;
  EXPECT_TRUE(file.problem.q.isApprox(Vec3(-1.0, 0.0, -0.5), kCholeskyRoundOff))
      << file.problem.q.transpose();
  EXPECT_EQ(file.problem.mu[0], 0.5);
}

TEST(ContactProblemFileRead, LeavesAGlobalProblemGlobalWhenAsked) {
  const ContactProblemFile file =
      read_contact_problem_file(contact_data("global_dense.dat"), LocalForm::Skip);
  EXPECT_EQ(file.kind, ProblemKind::Global);
  EXPECT_EQ(file.contacts(), 1);  // the global problem's
  EXPECT_EQ(file.dimension(), 3);
  EXPECT_EQ(file.problem.contacts(), 0);
  EXPECT_EQ(file.condensation, nullptr);
}

TEST(ContactProblemFileRead, RefusesAMissingFile) {
  EXPECT_THROW(read_contact_problem_file(contact_data("no_such_file.dat")), core::Diagnostic);
}

}  // namespace
}  // namespace moreau::contact
