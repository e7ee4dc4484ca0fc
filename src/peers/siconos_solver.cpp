#include "moreau/peers/siconos_solver.hpp"

#include <FrictionContactProblem.h>
#include <Friction_cst.h>
#include <NonSmoothDrivers.h>
#include <NumericsMatrix.h>
#include <NumericsVerbose.h>
#include <SolverOptions.h>
#include <SparseBlockMatrix.h>

#include <algorithm>
#include <cstdlib>
// N.B. fc2d_compute_error.h uses C99's `restrict`, which GCC's C++ spells __restrict.
#define restrict __restrict
#include <fc2d_compute_error.h>
#undef restrict
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <fc3d_compute_error.h>

namespace moreau::peers {
namespace {

using contact::LocalProblem;
using math::Index;
using math::VecX;
using solvers::SolveReport;
using solvers::Status;
using solvers::StopCriteria;

struct SiconosMethod {
  std::string name;
  int id_3d;
  int id_2d;  ///< 0 when Siconos has no 2D version
};

const std::vector<SiconosMethod>& methods() {
  static const std::vector<SiconosMethod> table = {
      {"siconos-nsgs", SICONOS_FRICTION_3D_NSGS, SICONOS_FRICTION_2D_NSGS},
      {"siconos-nsn-ac", SICONOS_FRICTION_3D_NSN_AC, 0},
      {"siconos-nsn-fb", SICONOS_FRICTION_3D_NSN_FB, 0},
      {"siconos-prox", SICONOS_FRICTION_3D_PROX, 0},
  };
  return table;
}

// Owns a Siconos FrictionContactProblem built from ours: W as a sparse-block matrix (SBM,
// Siconos' native storage for these problems, the one its Gauss-Seidel is written for),
// q and mu copied into malloc'd arrays that frictionContactProblem_free releases.
class SiconosProblem {
 public:
  explicit SiconosProblem(const LocalProblem& problem) {
    const int n = static_cast<int>(problem.size());
    NumericsMatrix* triplet = NM_create(NM_SPARSE, n, n);
    const math::SparseMat W = problem.W.to_sparse();
    NM_triplet_alloc(triplet, W.nonZeros());
    for (Index col = 0; col < W.outerSize(); ++col)
      for (math::SparseMat::InnerIterator it(W, col); it; ++it)
        NM_zentry(triplet, static_cast<int>(it.row()), static_cast<int>(col), it.value(), 0.0);
    SparseBlockStructuredMatrix* blocks = SBM_new();
    SBM_from_csparse(problem.dimension, NM_csc(triplet), blocks);
    NM_free(triplet);
    problem_ = frictionContactProblem_new_with_data(
        problem.dimension, static_cast<int>(problem.contacts()), NM_new_SBM(n, n, blocks),
        copy(problem.q), copy(problem.mu));
  }
  ~SiconosProblem() { frictionContactProblem_free(problem_); }
  SiconosProblem(const SiconosProblem&) = delete;
  SiconosProblem& operator=(const SiconosProblem&) = delete;

  FrictionContactProblem* get() const { return problem_; }

 private:
  static double* copy(const VecX& values) {
    auto* data = static_cast<double*>(std::malloc(sizeof(double) * values.size()));
    std::copy(values.data(), values.data() + values.size(), data);
    return data;
  }
  FrictionContactProblem* problem_ = nullptr;
};

class SiconosSolver final : public solvers::Solver {
 public:
  SiconosSolver(SiconosMethod method, const StopCriteria& stop)
      : method_(std::move(method)), stop_(stop) {}

  std::string_view name() const override { return method_.name; }

  SolveReport solve(const LocalProblem& problem, VecX& r) const override {
    const SiconosProblem siconos(problem);
    SolverOptions* options =
        solver_options_create(problem.dimension == 3 ? method_.id_3d : method_.id_2d);
    options->iparam[SICONOS_IPARAM_MAX_ITER] = stop_.max_iterations;
    options->dparam[SICONOS_DPARAM_TOL] = stop_.tolerance;
    VecX u = VecX::Zero(problem.size());
    numerics_set_verbose(0);
    const solvers::Stopwatch stopwatch;
    if (problem.dimension == 3)
      fc3d_driver(siconos.get(), r.data(), u.data(), options);
    else
      fc2d_driver(siconos.get(), r.data(), u.data(), options);
    SolveReport report;
    report.seconds = stopwatch.seconds();
    report.iterations = options->iparam[SICONOS_IPARAM_ITER_DONE];
    solver_options_delete(options);
    report.error = contact::natural_map_error(problem, r);
    if (!r.allFinite())
      report.status = Status::NonFinite;
    else if (report.error <= stop_.tolerance)
      report.status = Status::Converged;
    else
      report.status = Status::MaxIterations;
    return report;
  }

 private:
  SiconosMethod method_;
  StopCriteria stop_;
};

const SiconosMethod& find_method(std::string_view name) {
  for (const SiconosMethod& method : methods())
    if (method.name == name) return method;
  const auto names = siconos_solver_names();
  std::string expected = core::concat("one of ", core::join(names));
  if (const auto suggestion = core::closest_match(name, names))
    expected += core::concat(" (did you mean '", *suggestion, "'?)");
  throw core::Diagnostic({"--solvers"}, "solver", expected, name);
}

}  // namespace

std::span<const std::string> siconos_solver_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (const SiconosMethod& method : methods()) list.push_back(method.name);
    return list;
  }();
  return names;
}

bool siconos_supports(std::string_view name, int dimension) {
  const SiconosMethod& method = find_method(name);
  return dimension == 3 || method.id_2d != 0;
}

std::unique_ptr<solvers::Solver> make_siconos_solver(std::string_view name,
                                                     const StopCriteria& stop) {
  return std::make_unique<SiconosSolver>(find_method(name), stop);
}

double siconos_error(const LocalProblem& problem, const VecX& r) {
  const SiconosProblem siconos(problem);
  VecX r_copy = r;
  VecX u = problem.velocity(r);
  const double norm_q = problem.q.norm();
  double error = 0.0;
  if (problem.dimension == 3) {
    // N.B. no SolverOptions: the error does not use them, and Siconos 4.4's
    // solver_options_delete leaks the internal options of NSGS (240 bytes a call, found by
    // LeakSanitizer), which would fail the sanitizer run of the cross-check tests.
    fc3d_compute_error(siconos.get(), r_copy.data(), u.data(), 0.0, nullptr, norm_q, &error);
  } else {
    fc2d_compute_error(siconos.get(), r_copy.data(), u.data(), 0.0, norm_q, &error);
  }
  return error;
}

}  // namespace moreau::peers
