// Every registered solver (solvers/registry.hpp) on small problems written by hand or drawn
// from a seeded generator (Siconos' data-file x solver collections, done with TEST_P), and the
// Gauss-Seidel family's options read by name. The error is re-measured with natural_map_error
// rather than read from the report.
#include "moreau/solvers/registry.hpp"

#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/nsgs.hpp"
#include "small_problems.hpp"
#include "support/diagnostic_of.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <tuple>
#include <vector>

namespace moreau::solvers {
namespace {

using checks::kTolerance;
using checks::make_problem;
using checks::random_problem;
using checks::stop_criteria;
using math::MatX;

// One contact, sliding: the case of OneContact.SlideIsotropic3d, through the whole solver.
LocalProblem one_contact_slide() {
  return make_problem(3, Eigen::Vector3d{2.0, 1.0, 1.0}.asDiagonal().toDenseMatrix(),
                      Eigen::Vector3d{-4.0, 3.0, 4.0}, VecX::Constant(1, 0.5));
}

// Two unit point masses stacked on the ground: contact 0 ground-A (u_0 = v_A), contact 1
// A-B (u_1 = v_B - v_A), so W = H M^-1 H^T = [I -I; -I 2I]; both fall and slide sideways.
LocalProblem two_stacked_masses() {
  MatX W = MatX::Zero(6, 6);
  W.block<3, 3>(0, 0) = Eigen::Matrix3d::Identity();
  W.block<3, 3>(3, 3) = 2.0 * Eigen::Matrix3d::Identity();
  W.block<3, 3>(0, 3) = W.block<3, 3>(3, 0) = -Eigen::Matrix3d::Identity();
  VecX q(6);
  q << -0.1, 0.05, 0.0, 0.0, 0.15, -0.1;
  return make_problem(3, W, q, Eigen::Vector2d{0.3, 0.5});
}

struct NamedProblem {
  std::string name;
  LocalProblem (*make)();
};

const std::vector<NamedProblem>& problems() {
  static const std::vector<NamedProblem> list = {
      {"OneContactSlide3d", one_contact_slide},
      {"TwoStackedMasses3d", two_stacked_masses},
      {"Random3d", [] { return random_problem(3, 12, 7, false); }},
      {"Random2d", [] { return random_problem(2, 12, 8, false); }},
      {"Frictionless3d", [] { return random_problem(3, 6, 9, true); }},
  };
  return list;
}

class EverySolver : public ::testing::TestWithParam<std::tuple<std::string, std::size_t>> {
 protected:
  const std::string& solver_name() const { return std::get<0>(GetParam()); }
  LocalProblem problem() const { return problems()[std::get<1>(GetParam())].make(); }
};

TEST_P(EverySolver, ConvergesAndReportsTheMeasuredError) {
  const LocalProblem p = problem();
  const auto solver = make_solver(solver_name(), stop_criteria());
  VecX r = VecX::Zero(p.size());
  const SolveReport report = solver->solve(p, r);
  const double measured = contact::natural_map_error(p, r);
  EXPECT_EQ(report.status, Status::Converged) << to_string(report.status);
  EXPECT_LE(measured, kTolerance);
  // Same r, same formula: only the order of summation may differ.
  EXPECT_NEAR(report.error, measured, 1e-3 * kTolerance);
  EXPECT_EQ(report.converged(), measured <= kTolerance);
}

TEST_P(EverySolver, WarmStartFromTheSolutionConvergesAtOnce) {
  const LocalProblem p = problem();
  const auto solver = make_solver(solver_name(), stop_criteria());
  VecX r = VecX::Zero(p.size());
  ASSERT_TRUE(solver->solve(p, r).converged());
  const SolveReport again = solver->solve(p, r);
  EXPECT_TRUE(again.converged()) << to_string(again.status) << " error " << again.error;
  EXPECT_LE(again.iterations, 1);
  EXPECT_LE(contact::natural_map_error(p, r), kTolerance);
}

INSTANTIATE_TEST_SUITE_P(Solvers, EverySolver,
                         ::testing::Combine(::testing::ValuesIn(registered_solver_names()),
                                            ::testing::Range<std::size_t>(0, problems().size())),
                         [](const auto& test) {
                           std::string name = std::get<0>(test.param) + "_" +
                                              problems()[std::get<1>(test.param)].name;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

TEST(Registry, GaussSeidelOptionsAreReadByName) {
  EXPECT_NO_THROW(make_solver("nsgs", {}, {{"relaxation", "1.3"}, {"shuffle", "on"}}));
  EXPECT_NO_THROW(make_solver("pgs", {}, {{"step", "0.5"}}));
  EXPECT_NO_THROW(make_solver("prox", {}, {{"sigma", "2"}, {"inner_iterations", "20"}}));
  EXPECT_THROW(make_solver("nsgs", {}, {{"relaxation", "2.5"}}), core::Diagnostic);
  EXPECT_THROW(make_solver("nsgs", {}, {{"relaxaton", "1.2"}}), core::Diagnostic);
  NsgsOptions no_relaxation;
  no_relaxation.relaxation = 0.0;
  EXPECT_THROW(Nsgs{no_relaxation}, core::Diagnostic);
}

// check_solver_options refuses what building the solver refuses, word for word, for every
// registered method of either form, and accepts what it accepts.
TEST(Registry, CheckingAMethodsOptionsRefusesWhatBuildingItRefuses) {
  const std::vector<SolverParameters> cases = {{},
                                               {{"no_such_option", "1"}},
                                               {{"relaxation", "1.3"}},
                                               {{"relaxation", "2.5"}},
                                               {{"sweeps", "0"}},
                                               {{"penalty", "-1"}},
                                               {{"criterion", "lmgc90-qm16"}}};
  for (const SolverEntry& entry : registered_solvers())
    for (const SolverParameters& parameters : cases) {
      const std::string built =
          testing::diagnostic_of([&] { make_solver(entry.name, {}, parameters); });
      EXPECT_EQ(testing::diagnostic_of([&] { check_solver_options(entry.name, parameters); }),
                built)
          << entry.name;
    }
  for (const GlobalSolverEntry& entry : registered_global_solvers())
    for (const SolverParameters& parameters : cases) {
      const std::string built =
          testing::diagnostic_of([&] { make_global_solver(entry.name, {}, parameters); });
      EXPECT_EQ(testing::diagnostic_of([&] { check_solver_options(entry.name, parameters); }),
                built)
          << entry.name;
    }
  EXPECT_NE(testing::diagnostic_of([] {
              check_solver_options("nsgs", {{"relaxation", "2.5"}});
            }),
            "");
  EXPECT_EQ(testing::diagnostic_of([] {
              check_solver_options("velocity-nsgs", {{"relaxation", "1.3"}});
            }),
            "");
}

// What a run's steps and moreau bench take: every method of the local form, then every one
// of the global form.
TEST(Registry, EveryNameIsTheLocalMethodsThenTheGlobalOnes) {
  std::vector<std::string> expected = registered_solver_names();
  const std::vector<std::string> global = registered_global_solver_names();
  ASSERT_FALSE(global.empty());
  expected.insert(expected.end(), global.begin(), global.end());
  EXPECT_EQ(every_solver_name(), expected);
}

TEST(Registry, AnUnknownMethodIsRefusedWithTheClosestName) {
  const std::string refusal = testing::diagnostic_of([] { check_solver_options("nsgss", {}); });
  EXPECT_EQ(refusal.rfind("error: solver: expected one of hybrid, nsgs", 0), 0) << refusal;
  EXPECT_NE(refusal.find("did you mean 'nsgs'?"), std::string::npos) << refusal;
  EXPECT_EQ(refusal, testing::diagnostic_of([] { make_solver("nsgss", {}); }));
}

}  // namespace
}  // namespace moreau::solvers
