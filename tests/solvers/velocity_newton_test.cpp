// The velocity-space method against the W-based methods on the same problems: random global
// problems condensed to W (global_problem.hpp) and solved by hybrid, an independent method
// and an independent code path. Where the reactions are unique (W definite: fewer contact
// unknowns than degrees of freedom) both give the same r; the velocities u are unique
// whenever a solution exists (Acary & Brogliato 2008, sec. 12.3 for the frictionless
// case; with friction, on these well-posed problems).
#include "moreau/solvers/velocity_newton.hpp"

#include "moreau/contact/cone.hpp"
#include "moreau/contact/global_problem.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/solvers/registry.hpp"
#include "moreau/solvers/repeated_lu.hpp"
#include "support/random_problem.hpp"

#include <Eigen/CholmodSupport>
#include <gtest/gtest.h>
#include <tbb/global_control.h>

namespace moreau::solvers {
namespace {

using contact::GlobalProblem;
using math::SparseMat;

// The comparisons use random_global_problem's friction, up to 0.7, the range of dry masonry
// joints. The method treats the De Saxcé term mu |u_T| by a fixed point that contracts by
// about mu^2 per outer iteration on sliding contacts (velocity_newton.hpp), so on random
// problems with mu near 1 it may stop before the tolerance:
// HighFrictionEndsWithAStatusThatSaysSo covers that case.

StopCriteria tight() {
  StopCriteria stop;
  stop.tolerance = 1e-10;
  stop.max_iterations = 2000;
  return stop;
}

struct Solutions {
  VecX r_global, r_local, u_global, u_local;
  SolveReport global, local;
};

Solutions solve_both(const GlobalProblem& problem) {
  const contact::Condensation condensation(problem, {"random"});
  const contact::LocalProblem& local = condensation.local();
  Solutions s;
  s.r_global = VecX::Zero(local.size());
  s.r_local = VecX::Zero(local.size());
  VecX v;
  s.global = VelocityNewton({.stop = tight()}).solve(problem, s.r_global, v);
  s.local = make_solver("hybrid", tight())->solve(local, s.r_local);
  s.u_global = local.velocity(s.r_global);
  s.u_local = local.velocity(s.r_local);
  // The returned v is M^-1 (f + H r): checked against the condensation's own solve.
  EXPECT_LE((v - condensation.global_velocity(s.r_global)).norm(), 1e-9 * (1.0 + v.norm()));
  return s;
}

class VelocityNewtonAgainstW : public ::testing::TestWithParam<int> {};

// 3 n_c < n_dof: W is definite, the solution unique. The answers agree to the tolerance
// of both solves (1e-10, relative) times the conditioning of these problems: 1e-7.
TEST_P(VelocityNewtonAgainstW, SameReactionsWhereUnique) {
  const GlobalProblem problem = testing::random_global_problem(12, 15, GetParam());
  const Solutions s = solve_both(problem);
  ASSERT_TRUE(s.global.converged()) << to_string(s.global.status) << " " << s.global.error;
  ASSERT_TRUE(s.local.converged());
  // The velocity-space method's error is the local problem's natural-map error, remeasured.
  const contact::Condensation condensation(problem, {"random"});
  EXPECT_NEAR(contact::natural_map_error(condensation.local(), s.r_global), s.global.error, 1e-12);
  EXPECT_LE((s.r_global - s.r_local).norm(), 1e-7 * s.r_local.norm());
  EXPECT_LE((s.u_global - s.u_local).norm(), 1e-7 * (1.0 + s.u_local.norm()));
}

// 3 n_c > n_dof: W is singular, r is not unique, u is.
TEST_P(VelocityNewtonAgainstW, SameVelocitiesWhenHyperstatic) {
  const GlobalProblem problem = testing::random_global_problem(4, 14, GetParam());
  const Solutions s = solve_both(problem);
  ASSERT_TRUE(s.global.converged()) << to_string(s.global.status) << " " << s.global.error;
  ASSERT_TRUE(s.local.converged());
  EXPECT_LE((s.u_global - s.u_local).norm(), 1e-7 * (1.0 + s.u_local.norm()));
}

// Compliant contacts (joints) on a hyperstatic problem: every other contact compliant, C of
// the order of W's diagonal and anisotropic (C_T = 2.5 C_N). The rigid part leaves r open,
// so the velocities are compared with hybrid's on W + C, and where every contact is compliant
// (W + C definite) the reactions too.
TEST_P(VelocityNewtonAgainstW, SameAnswersWithCompliantContacts) {
  for (const int stride : {2, 1}) {
    GlobalProblem problem = testing::random_global_problem(4, 14, GetParam());
    const double w_nn =
        contact::Condensation(problem, {"random"}).local().W.to_sparse().diagonal().mean();
    problem.compliance = VecX::Zero(3 * problem.contacts());
    for (Index a = 0; a < problem.contacts(); a += stride)
      problem.compliance.segment<3>(3 * a) = 0.2 * w_nn * math::Vec3(1.0, 2.5, 2.5);
    const Solutions s = solve_both(problem);
    ASSERT_TRUE(s.global.converged()) << to_string(s.global.status) << " " << s.global.error;
    ASSERT_TRUE(s.local.converged());
    const contact::Condensation condensation(problem, {"random"});
    EXPECT_NEAR(contact::natural_map_error(condensation.local(), s.r_global), s.global.error,
                1e-12);
    EXPECT_LE((s.u_global - s.u_local).norm(), 1e-7 * (1.0 + s.u_local.norm())) << stride;
    if (stride == 1) {
      EXPECT_LE((s.r_global - s.r_local).norm(), 1e-7 * s.r_local.norm());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Seeds, VelocityNewtonAgainstW, ::testing::Range(1, 9));

// A compliant problem large enough for the De Saxcé step's preconditioned Krylov direction
// (its Cholesky factorization over RepeatedLu::kKluFlops, checked here with CHOLMOD's own count:
// a random graph of 200 bodies fills its factor in), every contact compliant so that W + C is
// definite and r unique: the same reactions as hybrid on W + C, to the tolerance of both.
TEST(VelocityNewton, LargeCompliantProblemGivesTheReactionsOfW) {
  GlobalProblem problem = testing::random_global_problem(200, 800, 5);
  const double w_nn =
      contact::Condensation(problem, {"random"}).local().W.to_sparse().diagonal().mean();
  problem.compliance = VecX::Zero(3 * problem.contacts());
  for (Index a = 0; a < problem.contacts(); ++a)
    problem.compliance.segment<3>(3 * a) = 0.2 * w_nn * math::Vec3(1.0, 2.5, 2.5);
  const SparseMat K =
      (problem.M + problem.H * problem.H.transpose()).triangularView<Eigen::Lower>();
  Eigen::CholmodDecomposition<SparseMat, Eigen::Lower> cholesky;
  cholesky.cholmod().print = 0;
  cholesky.analyzePattern(K);
  ASSERT_GE(cholesky.cholmod().fl, RepeatedLu::kKluFlops);
  const Solutions s = solve_both(problem);
  ASSERT_TRUE(s.global.converged()) << to_string(s.global.status) << " " << s.global.error;
  ASSERT_TRUE(s.local.converged());
  EXPECT_LE((s.r_global - s.r_local).norm(), 1e-7 * s.r_local.norm());
  EXPECT_LE((s.u_global - s.u_local).norm(), 1e-7 * (1.0 + s.u_local.norm()));
}

// A compliant structure at rest with no applied force (f = 0, the first step of a gravity
// ramp) and its joints' shifts in w: v_free = 0 and, from r = 0, v = 0, so the inner
// tolerance cannot be a fraction of |v|_M. On the error's scale the whole solve takes fewer
// Newton steps than one inner solve's limit, as it does with the problem's own f; with a
// tolerance of 0 the first inner solve ran to that limit, and the whole solve past it.
TEST(VelocityNewton, CompliantProblemWithoutAppliedForceTakesFewNewtonSteps) {
  GlobalProblem problem = testing::random_global_problem(4, 14, 3);
  const double w_nn =
      contact::Condensation(problem, {"random"}).local().W.to_sparse().diagonal().mean();
  problem.compliance = VecX::Constant(3 * problem.contacts(), 0.2 * w_nn);
  problem.f.setZero();
  VecX r = VecX::Zero(3 * problem.contacts()), v;
  const VelocityNewtonOptions options{.stop = tight()};
  const SolveReport report = VelocityNewton(options).solve(problem, r, v);
  ASSERT_TRUE(report.converged()) << to_string(report.status) << " " << report.error;
  EXPECT_LT(report.iterations, options.inner_iterations);
}

// A unit mass on four compliant contacts, pushed into them and along them past friction:
// the spring-slider's closed form (docs/joint-stiffness.md). Each contact holds a quarter of
// the load, its normal spring at u~_N = u_N + C_N r_N = 0 and its slider at mu r_N against the
// slip, with no dilation: u = f + R, R_N = -4 u_N / C_N, so u_N = f_N / (1 + 4 / C_N), and
// u_T = f_T - 4 mu r_N f_T / |f_T|. The exact law is piecewise linear in u per contact, so
// the De Saxcé step solves it in a Newton step or two from any start in its region; the
// frozen term's fixed point took 17 outer iterations of one Newton step each.
TEST(VelocityNewton, CompliantSlidersGiveTheirClosedFormInAFewNewtonSteps) {
  constexpr double kCompliance = 0.5, kFriction = 0.6;
  GlobalProblem problem;
  problem.dimension = 3;
  problem.M = SparseMat(3, 3);
  problem.M.setIdentity();
  problem.H = SparseMat(3, 12);
  for (Index a = 0; a < 4; ++a)
    for (Index k = 0; k < 3; ++k) problem.H.insert(k, 3 * a + k) = 1.0;
  problem.f = math::Vec3(-2.0, 3.0, -1.5);
  problem.w = VecX::Zero(12);
  problem.mu = VecX::Constant(4, kFriction);
  problem.compliance = VecX::Constant(12, kCompliance);
  VecX r = VecX::Zero(12), v;
  const VelocityNewtonOptions options{.stop = tight()};
  const SolveReport report = VelocityNewton(options).solve(problem, r, v);
  ASSERT_TRUE(report.converged()) << to_string(report.status) << " " << report.error;
  EXPECT_LE(report.iterations, 3);
  const double u_N = problem.f[0] / (1.0 + 4.0 / kCompliance), r_N = -u_N / kCompliance;
  const Eigen::Vector2d f_T = problem.f.tail<2>();
  const Eigen::Vector2d u_T = f_T - 4.0 * kFriction * r_N * f_T.normalized();
  ASSERT_GT(u_T.dot(f_T), 0.0);  // the case slides
  EXPECT_NEAR(v[0], u_N, 1e-9);
  EXPECT_NEAR((v.tail<2>() - u_T).norm(), 0.0, 1e-9);
  for (Index a = 0; a < 4; ++a) {
    EXPECT_NEAR(r[3 * a], r_N, 1e-9);
    EXPECT_NEAR((r.segment<2>(3 * a + 1) + kFriction * r_N * f_T.normalized()).norm(), 0.0, 1e-9);
  }
}

// Two unit masses on a frictionless floor: the one pushed down by f stays (r = f, u = 0),
// the one pulled up leaves (r = 0, u = f / m + w). The closed form of both regions.
TEST(VelocityNewton, FloorReactionsInClosedForm) {
  GlobalProblem problem;
  problem.dimension = 2;
  problem.M = SparseMat(2, 2);
  problem.M.setIdentity();
  problem.H = SparseMat(2, 4);
  problem.H.insert(0, 0) = 1.0;  // contact 0: normal along dof 0
  problem.H.insert(1, 2) = 1.0;  // contact 1: normal along dof 1
  problem.f = Eigen::Vector2d(-3.0, 2.0);
  problem.w = VecX::Zero(4);
  problem.mu = VecX::Zero(2);
  VecX r = VecX::Zero(4), v;
  const SolveReport report = VelocityNewton({.stop = tight()}).solve(problem, r, v);
  ASSERT_TRUE(report.converged());
  EXPECT_NEAR(r[0], 3.0, 1e-9);
  EXPECT_NEAR(r[2], 0.0, 1e-9);
  EXPECT_NEAR(v[0], 0.0, 1e-9);
  EXPECT_NEAR(v[1], 2.0, 1e-9);
}

// A structure that moves as a whole (on a shaking table, in flight) poses the same problem:
// adding a common velocity c to every body (f + M c, w - H^T c) leaves u = H^T v + w, the
// reactions and the error unchanged and moves v by c. Here |c|_M is 1e4 times the problem's
// own velocities, as a wall rocking on a tilting table has 1e-4 m/s in its joints and
// 0.02 m/s in its bodies: the solve converges as it does at rest, to the same u.
TEST(VelocityNewton, ACommonVelocityOfEveryBodyChangesNothing) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const GlobalProblem at_rest = testing::random_global_problem(4, 14, seed);
    const VecX v_free = contact::MassFactor(at_rest.M, {"random"}).solve(at_rest.f);
    GlobalProblem moving = at_rest;
    const VecX c = VecX::Constant(v_free.size(), 1e4 * v_free.norm());
    moving.f += at_rest.M * c;
    moving.w -= at_rest.H.transpose() * c;
    VecX r_rest = VecX::Zero(3 * 14), r_moving = r_rest, v_rest, v_moving;
    const SolveReport rest = VelocityNewton({.stop = tight()}).solve(at_rest, r_rest, v_rest);
    const SolveReport report = VelocityNewton({.stop = tight()}).solve(moving, r_moving, v_moving);
    ASSERT_TRUE(rest.converged()) << "seed " << seed;
    ASSERT_TRUE(report.converged())
        << "seed " << seed << ": " << to_string(report.status) << ", " << report.error;
    const VecX u_rest = at_rest.local_velocity(v_rest);
    EXPECT_LE((moving.local_velocity(v_moving) - u_rest).norm(), 1e-7 * (1.0 + u_rest.norm()))
        << "seed " << seed;
  }
}

// Whatever the friction, a solve either converges (and its error, remeasured on the
// condensed problem, is below the tolerance) or says it did not.
TEST(VelocityNewton, HighFrictionEndsWithAStatusThatSaysSo) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const GlobalProblem problem = testing::random_global_problem(4, 14, seed, 1.0);
    const contact::Condensation condensation(problem, {"random"});
    VecX r = VecX::Zero(3 * 14), v;
    const SolveReport report = VelocityNewton({.stop = tight()}).solve(problem, r, v);
    const double error = contact::natural_map_error(condensation.local(), r);
    EXPECT_NEAR(error, report.error, 1e-12) << "seed " << seed;
    EXPECT_EQ(report.converged(), error <= tight().tolerance) << "seed " << seed;
  }
}

TEST(VelocityNewton, StopsAtItsIterationLimitWithTheStatus) {
  const GlobalProblem problem = testing::random_global_problem(4, 14, 3);
  StopCriteria stop = tight();
  stop.max_iterations = 1;
  VecX r = VecX::Zero(3 * 14), v;
  const SolveReport report = VelocityNewton({.stop = stop}).solve(problem, r, v);
  EXPECT_EQ(report.status, Status::MaxIterations);
  EXPECT_LE(report.iterations, 1);
  EXPECT_GT(report.error, stop.tolerance);
}

// An instance keeps the pattern and analysis of its last matrix for the next solve with the
// same structure (a time step after the last): what it returns must not depend on that, for
// the same structure, nor for another one in between.
TEST(VelocityNewton, ItsCacheChangesNoResult) {
  const GlobalProblem first = testing::random_global_problem(12, 40, 5);
  const GlobalProblem other = testing::random_global_problem(10, 30, 6);
  GlobalProblem second = first;  // the same structure, other loads
  second.f *= 1.5;
  second.w.array() -= 0.25;
  const VelocityNewton reused({.stop = tight()});
  const auto solve = [](const VelocityNewton& solver, const GlobalProblem& problem) {
    VecX r = VecX::Zero(problem.H.cols()), v;
    solver.solve(problem, r, v);
    return r;
  };
  solve(reused, first);
  const VecX after_same = solve(reused, second);
  solve(reused, other);
  const VecX after_other = solve(reused, second);
  const VecX fresh = solve(VelocityNewton({.stop = tight()}), second);
  EXPECT_EQ(after_same, fresh);
  EXPECT_EQ(after_other, fresh);
}

// A box sliding on a plane on its four base corners, with no spin: as long as it does not tip
// (mu c < a), the four normal impulses add up to m g h and the friction to mu m g h against
// the slip, so one step of the Moreau-Jean scheme gives the closed form
//   v' = v - mu g h v_T / |v_T|,  v'_N = 0,  omega' = 0.
// Every contact slides: the De Saxcé term's fixed point is what the outer iteration must
// converge, from its first iteration on. With the term's derivative in the Newton step (the
// default), taken wherever the fixed point limits, it takes at most a third of the Newton
// steps of the frozen term alone (7 or 8 against 35 to 67; 24 to 41 when the derivative was
// taken only within 100 times the tolerance).
GlobalProblem sliding_box(double mu, double speed, double h) {
  const double m = 2.0, a = 0.4, b = 0.3, c = 0.2;  // half sizes along x, y, z
  GlobalProblem problem;
  problem.dimension = 3;
  problem.M = SparseMat(6, 6);
  const Eigen::Vector3d inertia =
      m / 3.0 * Eigen::Vector3d(b * b + c * c, a * a + c * c, a * a + b * b);
  for (int i = 0; i < 3; ++i) {
    problem.M.insert(i, i) = m;
    problem.M.insert(3 + i, 3 + i) = inertia[i];
  }
  // Contact frame (n, t1, t2) = (z, x, y) at each corner p: the rows (e; p x e) per direction.
  problem.H = SparseMat(6, 12);
  int column = 0;
  for (const double x : {-a, a})
    for (const double y : {-b, b})
      for (const Eigen::Vector3d& e :
           {Eigen::Vector3d::UnitZ().eval(), Eigen::Vector3d::UnitX().eval(),
            Eigen::Vector3d::UnitY().eval()}) {
        Eigen::Matrix<double, 6, 1> row;
        row << e, Eigen::Vector3d(x, y, -c).cross(e);
        for (int i = 0; i < 6; ++i)
          if (row[i] != 0.0) problem.H.insert(i, column) = row[i];
        ++column;
      }
  VecX v_start = VecX::Zero(6);
  v_start.head<2>() = speed * Eigen::Vector2d(0.96, 0.28);
  VecX gravity = VecX::Zero(6);
  gravity[2] = -m * 9.81;
  problem.f = problem.M * v_start + h * gravity;
  problem.w = VecX::Zero(12);
  problem.mu = VecX::Constant(4, mu);
  return problem;
}

TEST(VelocityNewton, SlidingBoxInClosedFormWithAThirdOfTheStepsForTheDeSaxceTerm) {
  const double mu = 0.9, h = 0.01;
  for (const double speed : {0.3, 1.0, 3.0}) {
    const GlobalProblem problem = sliding_box(mu, speed, h);
    int newton_steps[2] = {0, 0};
    for (const bool de_saxce_newton : {false, true}) {
      VelocityNewtonOptions options{.stop = tight()};
      options.de_saxce_newton = de_saxce_newton;
      VecX r = VecX::Zero(12), v;
      const SolveReport report = VelocityNewton(options).solve(problem, r, v);
      ASSERT_TRUE(report.converged()) << speed << " " << de_saxce_newton;
      const Eigen::Vector2d slip = speed * Eigen::Vector2d(0.96, 0.28);
      const Eigen::Vector2d expected = slip - mu * 9.81 * h * slip.normalized();
      EXPECT_LE((v.head<2>() - expected).norm(), 1e-9 * speed) << speed;
      EXPECT_LE(v.tail<4>().norm(), 1e-9 * speed) << speed;
      newton_steps[de_saxce_newton] = report.iterations;
    }
    EXPECT_LE(3 * newton_steps[1], newton_steps[0]) << speed;
  }
}

// velocity-newton's solve from zero impulses; its velocities in v.
SolveReport solve_from_zero(const GlobalProblem& problem, const VelocityNewtonOptions& options,
                            VecX& v) {
  VecX r = VecX::Zero(problem.dimension * problem.contacts());
  return VelocityNewton(options).solve(problem, r, v);
}

// A De Saxcé inner solve whose residual stalls ends after de_saxce_stall_steps Newton steps
// instead of running to inner_iterations: with friction 1.0, where the De Saxcé step is
// taken on most of these random problems, the solves end at the same velocities to the
// tolerance, in fewer Newton steps altogether.
TEST(VelocityNewton, AStalledDeSaxceSolveEndsEarlyWithTheSameAnswer) {
  int newton_steps[2] = {0, 0};
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const GlobalProblem problem = testing::random_global_problem(12, 48, seed, 1.0);
    VecX v[2];
    for (const int stall_steps : {0, 5}) {
      const SolveReport report = solve_from_zero(
          problem, {.stop = tight(), .de_saxce_stall_steps = stall_steps}, v[stall_steps > 0]);
      ASSERT_TRUE(report.converged()) << "seed " << seed << ", stall steps " << stall_steps;
      newton_steps[stall_steps > 0] += report.iterations;
    }
    EXPECT_LE((v[1] - v[0]).norm(), 1e-7 * (1.0 + v[0].norm())) << "seed " << seed;
  }
  EXPECT_LT(newton_steps[1], newton_steps[0]);
}

// Solves random_global_problem(bodies, contacts, seed, mu), seeds 1 to `seeds`, from zero with
// the options `exact` and `inexact` (the same but for an option of inexact Newton directions):
// both converge and end at the same velocities to the tolerance, and their iterates differ on
// some of the problems at least (otherwise the inexact directions went unused).
void expect_inexact_directions_to_give_the_exact_answer(const VelocityNewtonOptions& exact,
                                                        const VelocityNewtonOptions& inexact,
                                                        int bodies, int contacts, double mu,
                                                        std::uint64_t seeds) {
  bool iterates_differ = false;
  for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
    const GlobalProblem problem = testing::random_global_problem(bodies, contacts, seed, mu);
    VecX v_exact, v_inexact;
    ASSERT_TRUE(solve_from_zero(problem, exact, v_exact).converged()) << "seed " << seed;
    ASSERT_TRUE(solve_from_zero(problem, inexact, v_inexact).converged()) << "seed " << seed;
    EXPECT_LE((v_inexact - v_exact).norm(), 1e-7 * (1.0 + v_exact.norm())) << "seed " << seed;
    iterates_differ = iterates_differ || v_inexact != v_exact;
  }
  EXPECT_TRUE(iterates_differ);
}

// Newton directions from conjugate gradients preconditioned by an earlier factorization
// (stale_factor_iterations; 150 contacts on 30 bodies fill the matrix enough for the iterations
// to be cheaper than a factorization).
TEST(VelocityNewton, AStaleFactorGivesTheFactorizedSolvesAnswer) {
  expect_inexact_directions_to_give_the_exact_answer(
      {.stop = tight()}, {.stop = tight(), .stale_factor_iterations = 8}, 30, 150, 0.6, 5);
}

// De Saxcé steps whose direction GMRES finds with the solve's last LU (stale_lu_iterations;
// friction 1.0 makes De Saxcé steps the rule on these problems).
TEST(VelocityNewton, TheDeSaxceStepsLastLuGivesTheFactorizedSolvesAnswer) {
  expect_inexact_directions_to_give_the_exact_answer({.stop = tight(), .stale_lu_iterations = 0},
                                                     {.stop = tight()}, 12, 48, 1.0, 20);
}

// With carry_penalty, what a solve leaves to the next (state(): the kappa a solve that started
// near its answer ended at, where the next such solve starts) is all of it: a fresh instance
// restored from it solves the next problem bitwise as the instance that carried it does (a run
// continued from a checkpoint). A solve from far off (r = 0) starts at the options' kappa whatever
// was carried, and leaves nothing; without the option nothing is carried.
TEST(VelocityNewton, ItsStateIsAllThatOneSolveLeavesToTheNext) {
  VelocityNewtonOptions carrying{.stop = tight()};
  carrying.carry_penalty = true;
  const auto near = [](const GlobalProblem& problem, double change) {
    GlobalProblem next = problem;  // the next time step: other loads, near the last answer
    next.f *= 1.0 + change;
    return next;
  };
  for (int seed = 1; seed < 6; ++seed) {
    SCOPED_TRACE(seed);
    const GlobalProblem problem = testing::random_global_problem(12, 40, seed);
    const VelocityNewton carrier(carrying);
    VecX r = VecX::Zero(problem.H.cols()), v;
    ASSERT_TRUE(carrier.solve(problem, r, v).converged());
    EXPECT_EQ(carrier.state().penalty, 0.0) << "a cold start leaves nothing";
    const SolveReport second = carrier.solve(near(problem, 1e-9), r, v);
    ASSERT_TRUE(second.converged());
    ASSERT_GT(second.iterations, 0);
    const GlobalSolverState state = carrier.state();
    EXPECT_GE(state.penalty, carrier.options().penalty);

    VelocityNewton restored(carrying);
    restored.restore(state);
    VecX r_carried = r, r_restored = r;
    const SolveReport carried = carrier.solve(near(problem, 2e-9), r_carried, v);
    const SolveReport repeated = restored.solve(near(problem, 2e-9), r_restored, v);
    EXPECT_EQ(repeated.iterations, carried.iterations);
    EXPECT_EQ(r_restored, r_carried);
    EXPECT_EQ(restored.state().penalty, carrier.state().penalty);

    // Started at a restored 1e4, a solve near its answer ends at 1e4 or above (kappa only
    // falls below its start after an unfinished inner solve), and leaves at least a tenth.
    VelocityNewton stiff(carrying);
    stiff.restore({.penalty = 1e4});
    VecX r_stiff = r;
    ASSERT_TRUE(stiff.solve(near(problem, 2e-9), r_stiff, v).converged());
    EXPECT_GE(stiff.state().penalty, 1e3);

    VecX r_cold = VecX::Zero(problem.H.cols()), r_fresh = r_cold;
    stiff.restore({.penalty = stiff.options().max_penalty});
    const SolveReport cold = stiff.solve(problem, r_cold, v);
    const SolveReport first = VelocityNewton({.stop = tight()}).solve(problem, r_fresh, v);
    EXPECT_EQ(cold.iterations, first.iterations);
    EXPECT_EQ(r_cold, r_fresh);

    const VelocityNewton plain({.stop = tight()});
    VecX r_plain = r;
    ASSERT_TRUE(plain.solve(near(problem, 1e-9), r_plain, v).converged());
    EXPECT_EQ(plain.state().penalty, 0.0);
  }
}

// Its loops over contacts run on TBB's threads, each contact into its own slots and the sums
// over contacts taken after, in contact order: a solve is bitwise the same for any number of
// threads. On problems with several times detail::kContactsPerTask contacts, so that the loops
// split, rigid and compliant, with the De Saxcé step and without, over their first 40 Newton
// steps.
TEST(VelocityNewton, BitwiseTheSameWithOneTwoAndFourThreads) {
  const GlobalProblem rigid = testing::random_global_problem(60, 800, 7);
  GlobalProblem compliant = rigid;
  compliant.compliance = VecX::Constant(3 * compliant.contacts(), 1e-3);
  StopCriteria first_steps = tight();
  first_steps.max_iterations = 40;
  VelocityNewtonOptions frozen{.stop = first_steps};
  frozen.de_saxce_newton = false;
  struct Case {
    const GlobalProblem& problem;
    VelocityNewtonOptions options;
  };
  for (const Case& each : {Case{rigid, {.stop = first_steps}}, Case{rigid, frozen},
                           Case{compliant, {.stop = first_steps}}}) {
    const GlobalProblem& problem = each.problem;
    const VelocityNewtonOptions& options = each.options;
    struct Answer {
      SolveReport report;
      VecX r, v;
    };
    const auto solve = [&](int threads) {
      const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, threads);
      Answer answer;
      answer.r = VecX::Zero(problem.H.cols());
      answer.report = VelocityNewton(options).solve(problem, answer.r, answer.v);
      return answer;
    };
    const Answer one = solve(1);
    ASSERT_GT(one.report.iterations, 10);
    for (const int threads : {2, 4}) {
      SCOPED_TRACE(threads);
      const Answer many = solve(threads);
      EXPECT_EQ(many.report.iterations, one.report.iterations);
      EXPECT_EQ(many.report.error, one.report.error);
      EXPECT_EQ(many.r, one.r);
      EXPECT_EQ(many.v, one.v);
    }
  }
}

TEST(VelocityNewton, RegistryBuildsItAndRefusesBadOptions) {
  EXPECT_EQ(make_global_solver("velocity-newton", {})->name(), "velocity-newton");
  EXPECT_TRUE(is_global_solver("velocity-newton"));
  EXPECT_FALSE(is_global_solver("hybrid"));
  EXPECT_THROW(make_global_solver("velocity-newton", {}, {{"penalty", "-1"}}), core::Diagnostic);
  EXPECT_THROW(make_global_solver("velocity-newton", {}, {{"de_saxce_newton", "maybe"}}),
               core::Diagnostic);
  EXPECT_NO_THROW(make_global_solver("velocity-newton", {}, {{"de_saxce_newton", "off"}}));
  EXPECT_THROW(make_global_solver("velocity-newton", {}, {{"de_saxce_stall_steps", "-1"}}),
               core::Diagnostic);
  EXPECT_NO_THROW(make_global_solver("velocity-newton", {}, {{"de_saxce_stall_steps", "0"}}));
  EXPECT_THROW(make_global_solver("velocity-newton", {}, {{"stale_factor_iterations", "-1"}}),
               core::Diagnostic);
  EXPECT_NO_THROW(make_global_solver("velocity-newton", {}, {{"stale_factor_iterations", "0"}}));
  EXPECT_THROW(make_global_solver("velocity-newton", {}, {{"stale_lu_iterations", "-1"}}),
               core::Diagnostic);
  EXPECT_NO_THROW(make_global_solver("velocity-newton", {}, {{"stale_lu_iterations", "0"}}));
  EXPECT_THROW(make_global_solver("velocity-newton", {}, {{"carry_penalty", "often"}}),
               core::Diagnostic);
  const auto carrying = make_global_solver("velocity-newton", {}, {{"carry_penalty", "on"}});
  EXPECT_TRUE(dynamic_cast<const VelocityNewton&>(*carrying).options().carry_penalty);
  EXPECT_THROW(make_global_solver("velocity-newtn", {}), core::Diagnostic);
}

// dP_K/dx against central differences in each region of the cone (away from the region
// boundaries, where P_K is smooth). Step 1e-6 on O(1) data: the O(step^2) truncation and
// O(eps/step) round-off leave about 1e-9.
TEST(ConeProjectionJacobian, MatchesFiniteDifferences) {
  const double mu = 0.7;
  for (const Eigen::Vector3d& x :
       {Eigen::Vector3d(2.0, 0.3, -0.4), Eigen::Vector3d(-1.0, 0.1, 0.2),
        Eigen::Vector3d(1.0, 3.0, 4.0), Eigen::Vector3d(0.2, -1.0, 0.5)}) {
    const Eigen::Matrix3d J = contact::cone_projection_jacobian<3>(x, mu);
    for (int j = 0; j < 3; ++j) {
      const Eigen::Vector3d step = 1e-6 * Eigen::Vector3d::Unit(j);
      const Eigen::Vector3d column = (contact::project_onto_cone<3>(x + step, mu) -
                                      contact::project_onto_cone<3>(x - step, mu)) /
                                     2e-6;
      EXPECT_LE((J.col(j) - column).norm(), 1e-8) << "x = " << x.transpose() << ", column " << j;
    }
    EXPECT_LE((J - J.transpose()).norm(), 1e-15);
  }
}

}  // namespace
}  // namespace moreau::solvers
