#include "moreau/peers/siconos_solver.hpp"

#include <FrictionContactProblem.h>
#include <Friction_cst.h>
#include <NonSmoothDrivers.h>
#include <NumericsMatrix.h>
#include <NumericsVerbose.h>
#include <SolverOptions.h>
#include <SparseBlockMatrix.h>

#include <utility>
// N.B. fc2d_compute_error.h uses C99's `restrict`, which GCC's C++ spells __restrict.
#define restrict __restrict
#include <fc2d_compute_error.h>
#undef restrict
#include "moreau/contact/natural_map_error.hpp"
#include "siconos_support.hpp"

#include <fc3d_compute_error.h>

namespace moreau::peers {
namespace {

using contact::LocalProblem;
using math::Index;
using math::VecX;
using solvers::SolveReport;
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
    NumericsMatrix* triplet = to_numerics_sparse(problem.W.to_sparse());
    SparseBlockStructuredMatrix* blocks = SBM_new();
    SBM_from_csparse(problem.dimension, NM_csc(triplet), blocks);
    NM_free(triplet);
    problem_ = frictionContactProblem_new_with_data(
        problem.dimension, static_cast<int>(problem.contacts()), NM_new_SBM(n, n, blocks),
        malloc_copy(problem.q), malloc_copy(problem.mu));
  }
  ~SiconosProblem() { frictionContactProblem_free(problem_); }
  SiconosProblem(const SiconosProblem&) = delete;
  SiconosProblem& operator=(const SiconosProblem&) = delete;

  FrictionContactProblem* get() const { return problem_; }

 private:
  FrictionContactProblem* problem_ = nullptr;
};

class SiconosSolver final : public solvers::Solver {
 public:
  SiconosSolver(SiconosMethod method, const StopCriteria& stop)
      : method_(std::move(method)), stop_(stop) {}

  std::string_view name() const override { return method_.name; }

  SolveReport solve(const LocalProblem& problem, VecX& r) const override {
    const SiconosProblem siconos(problem);
    const SiconosOptions options =
        make_options(problem.dimension == 3 ? method_.id_3d : method_.id_2d, stop_.tolerance,
                     stop_.max_iterations);
    VecX u = VecX::Zero(problem.size());
    numerics_set_verbose(0);
    const solvers::Stopwatch stopwatch;
    if (problem.dimension == 3)
      fc3d_driver(siconos.get(), r.data(), u.data(), options.get());
    else
      fc2d_driver(siconos.get(), r.data(), u.data(), options.get());
    SolveReport report;
    report.seconds = stopwatch.seconds();
    report.iterations = options->iparam[SICONOS_IPARAM_ITER_DONE];
    report.error = contact::natural_map_error(problem, r);
    report.status = judged_status(r, report.error, stop_.tolerance);
    return report;
  }

 private:
  SiconosMethod method_;
  StopCriteria stop_;
};

const SiconosMethod& find_method(std::string_view name) {
  for (const SiconosMethod& method : methods())
    if (method.name == name) return method;
  throw_unknown_solver(name, siconos_solver_names());
}

}  // namespace

std::span<const std::string> siconos_solver_names() {
  static const std::vector<std::string> names = names_of(methods());
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
    // N.B. no SolverOptions: the error does not use them.
    fc3d_compute_error(siconos.get(), r_copy.data(), u.data(), 0.0, nullptr, norm_q, &error);
  } else {
    fc2d_compute_error(siconos.get(), r_copy.data(), u.data(), 0.0, norm_q, &error);
  }
  return error;
}

}  // namespace moreau::peers
