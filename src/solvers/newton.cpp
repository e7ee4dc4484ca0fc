#include "moreau/solvers/newton.hpp"

#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/assert.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/UmfPackSupport>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace moreau::solvers {
namespace {

using contact::Block;
using contact::BlockSparseMatrix;

// The registry's name of the method (registry.cpp).
std::string_view formulation_name(Formulation formulation) {
  return formulation == Formulation::AlartCurnier ? "newton-ac" : "newton-fb";
}

template <int d>
using Tangent = Eigen::Matrix<double, d - 1, 1>;
template <int d>
using TangentMat = Eigen::Matrix<double, d - 1, d - 1>;

// ---- Fischer-Burmeister on the Lorentz cone K_1 = {x : |x̄| <= x0} ----

// The arrow matrix L_x = [[x0, x̄^T], [x̄, x0 I]]: L_x y = x∘y, the Jordan product of K_1.
template <int d>
BlockMat<d> arrow(const Block<d>& x) {
  BlockMat<d> L = x[0] * BlockMat<d>::Identity();
  L.template block<1, d - 1>(0, 1) = x.template tail<d - 1>().transpose();
  L.template block<d - 1, 1>(1, 0) = x.template tail<d - 1>();
  return L;
}

// w^(1/2) from the spectral decomposition w = lambda_1 v_1 + lambda_2 v_2,
// v_i = 1/2 [1, ∓ŵ] (Fukushima, Luo & Tseng 2001, section 2).
template <int d>
Block<d> soc_sqrt(double lambda_1, double lambda_2, const Tangent<d>& w_hat) {
  const double s1 = std::sqrt(lambda_1);
  const double s2 = std::sqrt(lambda_2);
  Block<d> z;
  z[0] = 0.5 * (s1 + s2);
  z.template tail<d - 1>() = 0.5 * (s2 - s1) * w_hat;
  return z;
}

// L_z^-1 = 1/det [[z0, -z̄^T], [-z̄, (det/z0) I + z̄ z̄^T / z0]], det = z0^2 - |z̄|^2 > 0.
template <int d>
BlockMat<d> arrow_inverse(const Block<d>& z) {
  const Tangent<d> z_bar = z.template tail<d - 1>();
  const double det = z[0] * z[0] - z_bar.squaredNorm();
  BlockMat<d> inverse;
  inverse(0, 0) = z[0];
  inverse.template block<1, d - 1>(0, 1) = -z_bar.transpose();
  inverse.template block<d - 1, 1>(1, 0) = -z_bar;
  inverse.template bottomRightCorner<d - 1, d - 1>() =
      (det / z[0]) * TangentMat<d>::Identity() + z_bar * z_bar.transpose() / z[0];
  return inverse / det;
}

// phi(x, y) = x + y - (x∘x + y∘y)^(1/2) with A = d phi/dx, B = d phi/dy. Differentiating
// z∘z = w gives dz = L_z^-1 (L_x dx + L_y dy), so A = I - L_z^-1 L_x, B = I - L_z^-1 L_y
// where w ∈ int K_1. On the boundary (lambda_1 = 0 < lambda_2) L_z is singular; lambda_1 is
// floored at eps lambda_2 for the Jacobian only. The product stays bounded: there x and y lie
// on the ray of v_2, so L_x and L_y vanish on v_1, the direction L_z^-1 blows up.
// At x = y = 0, phi is positively homogeneous; we take its Jacobian along x = y = [1, 0]:
// A = B = (1 - 1/sqrt 2) I.
template <int d>
ContactLinearization<d> soc_fischer_burmeister(const Block<d>& x, const Block<d>& y) {
  ContactLinearization<d> out;
  const double w0 = x.squaredNorm() + y.squaredNorm();
  if (w0 == 0.0) {
    out.phi.setZero();
    out.A = (1.0 - std::sqrt(0.5)) * BlockMat<d>::Identity();
    out.B = out.A;
    return out;
  }
  const Tangent<d> w_bar =
      2.0 * (x[0] * x.template tail<d - 1>() + y[0] * y.template tail<d - 1>());
  const double norm_w_bar = w_bar.norm();
  const Tangent<d> w_hat = norm_w_bar > 0.0 ? Tangent<d>(w_bar / norm_w_bar) : Tangent<d>::UnitX();
  const double lambda_1 = std::max(w0 - norm_w_bar, 0.0);
  const double lambda_2 = w0 + norm_w_bar;
  out.phi = x + y - soc_sqrt<d>(lambda_1, lambda_2, w_hat);
  const BlockMat<d> L_z_inverse = arrow_inverse<d>(soc_sqrt<d>(
      std::max(lambda_1, std::numeric_limits<double>::epsilon() * lambda_2), lambda_2, w_hat));
  out.A = BlockMat<d>::Identity() - L_z_inverse * arrow<d>(x);
  out.B = BlockMat<d>::Identity() - L_z_inverse * arrow<d>(y);
  return out;
}

// mu = 0: K is the half-line r_T = 0, r_N >= 0. phi = [FB(r_N, u_N), r_T] with the scalar
// FB(a, b) = a + b - sqrt(a^2 + b^2) (Fischer 1992); at a = b = 0 the same choice as above.
template <int d>
ContactLinearization<d> frictionless_fischer_burmeister(const Block<d>& r, const Block<d>& u) {
  ContactLinearization<d> out;
  out.A.setZero();
  out.B.setZero();
  const double root = std::hypot(r[0], u[0]);
  out.phi = r;
  out.phi[0] = r[0] + u[0] - root;
  out.A(0, 0) = root > 0.0 ? 1.0 - r[0] / root : 1.0 - std::sqrt(0.5);
  out.B(0, 0) = root > 0.0 ? 1.0 - u[0] / root : 1.0 - std::sqrt(0.5);
  out.A.template bottomRightCorner<d - 1, d - 1>().setIdentity();
  return out;
}

}  // namespace

// ---- Per-contact kernels ----

template <int d>
AlartCurnierRho alart_curnier_rho(const BlockMat<d>& W_aa) {
  const TangentMat<d> W_TT = W_aa.template bottomRightCorner<d - 1, d - 1>();
  const TangentMat<d> symmetric = 0.5 * (W_TT + W_TT.transpose());
  const double lambda_max =
      Eigen::SelfAdjointEigenSolver<TangentMat<d>>(symmetric, Eigen::EigenvaluesOnly)
          .eigenvalues()
          .maxCoeff();
  AlartCurnierRho rho;
  if (W_aa(0, 0) > 0.0) rho.normal = 1.0 / W_aa(0, 0);
  if (lambda_max > 0.0) rho.tangent = 1.0 / lambda_max;
  return rho;
}

template <int d>
ContactLinearization<d> alart_curnier(const Block<d>& r, const Block<d>& u, double mu,
                                      const AlartCurnierRho& rho) {
  ContactLinearization<d> out;
  out.A.setZero();
  out.B.setZero();
  // Normal row: phi_N = r_N - s_N^+, that is rho_N u_N while s_N > 0, r_N otherwise.
  const double s_N = r[0] - rho.normal * u[0];
  if (s_N > 0.0) {
    out.phi[0] = rho.normal * u[0];
    out.B(0, 0) = rho.normal;
  } else {
    out.phi[0] = r[0];
    out.A(0, 0) = 1.0;
  }
  const Tangent<d> r_T = r.template tail<d - 1>();
  const Tangent<d> s_T = r_T - rho.tangent * u.template tail<d - 1>();
  const double radius = mu * std::max(s_N, 0.0);
  const double norm_s_T = s_T.norm();
  auto phi_T = out.phi.template tail<d - 1>();
  auto A_TT = out.A.template bottomRightCorner<d - 1, d - 1>();
  auto B_TT = out.B.template bottomRightCorner<d - 1, d - 1>();
  if (radius == 0.0) {  // free (take-off, or mu = 0): the disc is a point, phi_T = r_T
    phi_T = r_T;
    A_TT.setIdentity();
  } else if (norm_s_T <= radius) {  // stick: P_D(s_T) = s_T, phi_T = rho_T u_T
    phi_T = r_T - s_T;
    B_TT = rho.tangent * TangentMat<d>::Identity();
  } else {
    // Slide: P_D(s_T) = R n, n = s_T / |s_T|, so dP/ds_T = (R / |s_T|)(I - n n^T) =: G,
    // dP/dR = n, and R = mu s_N with dR/dr_N = mu, dR/du_N = -mu rho_N (s_N > 0 here).
    const Tangent<d> n = s_T / norm_s_T;
    const TangentMat<d> G = (radius / norm_s_T) * (TangentMat<d>::Identity() - n * n.transpose());
    phi_T = r_T - radius * n;
    A_TT = TangentMat<d>::Identity() - G;
    B_TT = rho.tangent * G;
    out.A.template block<d - 1, 1>(1, 0) = -mu * n;
    out.B.template block<d - 1, 1>(1, 0) = mu * rho.normal * n;
  }
  return out;
}

template <int d>
ContactLinearization<d> fischer_burmeister(const Block<d>& r, const Block<d>& u, double mu) {
  if (mu == 0.0) return frictionless_fischer_burmeister<d>(r, u);
  // x = S r, S = diag(mu, I);  y = [u_N + mu |u_T|, mu u_T], whose derivative
  // Y = diag(1, mu I) dû/du takes the subgradient 0 of |u_T| at u_T = 0.
  const Tangent<d> u_T = u.template tail<d - 1>();
  const double norm_u_T = u_T.norm();
  Block<d> x = r;
  x[0] *= mu;
  Block<d> y;
  y[0] = u[0] + mu * norm_u_T;
  y.template tail<d - 1>() = mu * u_T;
  BlockMat<d> Y = contact::de_saxce_velocity_jacobian<d>(u, mu);
  Y.template bottomRows<d - 1>() *= mu;
  ContactLinearization<d> out = soc_fischer_burmeister<d>(x, y);
  out.A.col(0) *= mu;
  out.B = out.B * Y;
  return out;
}

template AlartCurnierRho alart_curnier_rho<2>(const BlockMat<2>&);
template AlartCurnierRho alart_curnier_rho<3>(const BlockMat<3>&);
template ContactLinearization<2> alart_curnier<2>(const Block<2>&, const Block<2>&, double,
                                                  const AlartCurnierRho&);
template ContactLinearization<3> alart_curnier<3>(const Block<3>&, const Block<3>&, double,
                                                  const AlartCurnierRho&);
template ContactLinearization<2> fischer_burmeister<2>(const Block<2>&, const Block<2>&, double);
template ContactLinearization<3> fischer_burmeister<3>(const Block<3>&, const Block<3>&, double);

// ---- The driver ----

namespace {

// One iterate with its linearization: u = W r + q, Phi(r), the blocks A_a, B_a, 1/2 |Phi|^2.
template <int d>
struct Iterate {
  VecX r, u, phi;
  std::vector<BlockMat<d>> A, B;
  double merit = 0.0;
};

// The Newton matrix J = A + B W in compressed-column form. Its pattern is that of W, built
// once; column_start[d k + j] is the index in J.valuePtr() of entry (0, j) of W's stored
// block k, whose column j occupies the d consecutive values from there.
template <int d>
struct NewtonMatrix {
  math::SparseMat J;
  std::vector<Index> column_start;
};

template <int d>
NewtonMatrix<d> newton_pattern(const BlockSparseMatrix& W) {
  const Index blocks = W.block_rows();
  std::vector<std::vector<std::pair<Index, Index>>> in_column(static_cast<std::size_t>(blocks));
  for (Index a = 0; a < blocks; ++a)  // a increases, so each list is sorted by row
    for (Index k = W.row_begin(a); k < W.row_end(a); ++k)
      in_column[W.block_column(k)].emplace_back(a, k);
  const Index n = d * blocks;
  std::vector<int> outer(static_cast<std::size_t>(n + 1), 0), inner;
  NewtonMatrix<d> m;
  m.column_start.resize(static_cast<std::size_t>(d * W.stored_blocks()));
  inner.reserve(static_cast<std::size_t>(W.stored_blocks() * d * d));
  for (Index b = 0; b < blocks; ++b) {
    for (int j = 0; j < d; ++j) {
      outer[d * b + j] = static_cast<int>(inner.size());
      for (const auto& [a, k] : in_column[b]) {
        m.column_start[d * k + j] = static_cast<Index>(inner.size());
        for (int i = 0; i < d; ++i) inner.push_back(static_cast<int>(d * a + i));
      }
    }
  }
  outer[n] = static_cast<int>(inner.size());
  const std::vector<double> zeros(inner.size(), 0.0);
  m.J = Eigen::Map<const math::SparseMat>(n, n, static_cast<Index>(inner.size()), outer.data(),
                                          inner.data(), zeros.data());
  return m;
}

// J_k = B_a W_k (+ A_a + shift I on the diagonal) for every stored block k of row a,
// written in place.
template <int d>
void assemble(const BlockSparseMatrix& W, const Iterate<d>& it, double shift, NewtonMatrix<d>& m) {
  double* values = m.J.valuePtr();
  for (Index a = 0; a < W.block_rows(); ++a) {
    for (Index k = W.row_begin(a); k < W.row_end(a); ++k) {
      BlockMat<d> J_k = it.B[a] * W.block<d>(k);
      if (W.block_column(k) == a) J_k += it.A[a] + shift * BlockMat<d>::Identity();
      for (int j = 0; j < d; ++j)
        Eigen::Map<Block<d>>(values + m.column_start[d * k + j]) = J_k.col(j);
    }
  }
}

// Everything a solve allocates, once: the pattern and symbolic LU of J, rho, the iterates.
template <int d>
struct NewtonWorkspace {
  NewtonWorkspace(const LocalProblem& problem, Formulation formulation_)
      : formulation(formulation_), matrix(newton_pattern<d>(problem.W)) {
    const auto contacts = static_cast<std::size_t>(problem.contacts());
    rho.resize(contacts);
    for (Index a = 0; a < problem.contacts(); ++a)
      rho[a] = alart_curnier_rho<d>(problem.W.block<d>(problem.W.diagonal(a)));
    for (Iterate<d>* it : {&current, &trial}) {
      it->A.resize(contacts);
      it->B.resize(contacts);
    }
    // No iterative refinement: a Newton direction needs no more accuracy than the
    // factorization gives (the merit decides), and UMFPACK's default two refinement steps
    // cost each solve two more products and triangular solves for nothing.
    lu.umfpackControl()(UMFPACK_IRSTEP) = 0;
    lu.analyzePattern(matrix.J);  // symbolic analysis once per solve
  }

  Formulation formulation;
  std::vector<AlartCurnierRho> rho;
  NewtonMatrix<d> matrix;
  Eigen::UmfPackLU<math::SparseMat> lu;
  Iterate<d> current, trial;
  VecX rhs, dr, W_dr;  // -Phi, the Newton step, W dr
};

// Phi, A, B and the merit at it.r, it.u.
template <int d>
void linearize(const LocalProblem& problem, const NewtonWorkspace<d>& ws, Iterate<d>& it) {
  it.phi.resize(problem.size());
  for (Index a = 0; a < problem.contacts(); ++a) {
    const Block<d> r_a = it.r.template segment<d>(d * a);
    const Block<d> u_a = it.u.template segment<d>(d * a);
    const ContactLinearization<d> lin = ws.formulation == Formulation::AlartCurnier
                                            ? alart_curnier<d>(r_a, u_a, problem.mu[a], ws.rho[a])
                                            : fischer_burmeister<d>(r_a, u_a, problem.mu[a]);
    it.phi.template segment<d>(d * a) = lin.phi;
    it.A[a] = lin.A;
    it.B[a] = lin.B;
  }
  it.merit = 0.5 * it.phi.squaredNorm();
}

// Solves (J + shift I) dr = -Phi (the matrix assembled with the shift) and returns the slope
// theta'(0) = Phi^T J dr = -|Phi|^2 - shift Phi^T dr of the merit along dr. Where the
// numeric LU fails or dr is not a descent direction, dr = -J^T Phi, the steepest descent of
// the merit, with slope -|J^T Phi|^2 (De Luca, Facchinei & Kanzow 1996, the safeguard of
// their semismooth Newton method). N.B. J^T Phi then uses the shifted matrix: shift * Phi
// is added back to get the true gradient.
template <int d>
double direction(double shift, NewtonWorkspace<d>& ws) {
  const Iterate<d>& it = ws.current;
  ws.lu.factorize(ws.matrix.J);
  if (ws.lu.info() == Eigen::Success) {
    ws.rhs = -it.phi;
    ws.dr = ws.lu.solve(ws.rhs);
    const double slope = -2.0 * it.merit - shift * it.phi.dot(ws.dr);
    if (ws.lu.info() == Eigen::Success && std::isfinite(slope) && slope < 0.0) return slope;
  }
  ws.dr = -(ws.matrix.J.transpose() * it.phi - shift * it.phi);
  return -ws.dr.squaredNorm();
}

enum class NewtonStep { Accepted, NoDecrease, NonFinite };

// Backtracking t = 1, 1/2, 1/4, ... on theta(t) = merit(r + t dr) until
// theta(t) <= theta_ref + c t theta'(0) (Armijo; non-monotone when theta_ref > theta(0),
// Grippo, Lampariello & Lucidi 1986). Halving beat quadratic interpolation on the FCLib
// stacks, whose merit is far from quadratic along dr. u is linear in t: u(t) = u + t W dr,
// so a trial costs no product with W.
template <int d>
NewtonStep line_search(const LocalProblem& problem, const NewtonOptions& options, double slope,
                       double merit_ref, NewtonWorkspace<d>& ws) {
  // Phi != 0 where J^T Phi = 0: a stationary point of the merit that is not a solution.
  if (!(slope < 0.0)) return NewtonStep::NoDecrease;
  const Iterate<d>& now = ws.current;
  Iterate<d>& trial = ws.trial;
  bool any_finite = false;
  double t = 1.0;
  for (int step = 0; step < options.max_line_search_steps; ++step) {
    trial.r = now.r + t * ws.dr;
    trial.u = now.u + t * ws.W_dr;
    linearize<d>(problem, ws, trial);
    if (std::isfinite(trial.merit)) {
      any_finite = true;
      if (trial.merit <= merit_ref + options.armijo * t * slope) return NewtonStep::Accepted;
    }
    t *= 0.5;
  }
  return any_finite ? NewtonStep::NoDecrease : NewtonStep::NonFinite;
}

template <int d>
SolveReport newton_solve(const LocalProblem& problem, const NewtonOptions& options, VecX& r) {
  const Stopwatch clock;
  SolveReport report;
  NewtonWorkspace<d> ws(problem, options.formulation);
  ws.current.r = r;
  ws.current.u = problem.velocity(r);
  linearize<d>(problem, ws, ws.current);
  std::deque<double> recent_merits;  // the non-monotone window, newest last
  for (;;) {
    // N.B. from r alone, not from the updated u = u + t W dr: the reported error is exactly
    // natural_map_error(problem, r), free of the round-off drift of u.
    report.error = contact::natural_map_error(problem, ws.current.r);
    if (options.stop.record_history) report.error_history.push_back(report.error);
    if (const auto status = stop_reason(options.stop, report, clock)) {
      report.status = *status;
      break;
    }
    recent_merits.push_back(ws.current.merit);
    if (static_cast<int>(recent_merits.size()) > options.nonmonotone_memory)
      recent_merits.pop_front();
    // Levenberg-Marquardt-type shift mu_k = min(max_shift, err_k) (Yamashita & Fukushima
    // 2001 use mu_k ~ |Phi_k|^2; Fan & Yuan 2005 |Phi_k|^delta, delta in [1, 2]). J = A + B W
    // is singular wherever W is (more contact unknowns than body velocities: rovers, capsule
    // and box stacks) and the stick rows are rows of W; the shift makes J + mu I invertible,
    // and being O(|Phi|) near a solution it keeps the quadratic rate.
    const double shift = std::min(options.max_shift, report.error);
    assemble<d>(problem.W, ws.current, shift, ws.matrix);
    const double slope = direction<d>(shift, ws);
    ws.W_dr = problem.W * ws.dr;
    const double merit_ref = *std::max_element(recent_merits.begin(), recent_merits.end());
    const NewtonStep step = line_search<d>(problem, options, slope, merit_ref, ws);
    if (step != NewtonStep::Accepted) {
      report.status = step == NewtonStep::NonFinite ? Status::NonFinite : Status::LineSearchFailure;
      break;
    }
    std::swap(ws.current, ws.trial);
    ++report.iterations;
  }
  r = ws.current.r;
  report.seconds = clock.seconds();
  return report;
}

}  // namespace

NewtonSolver::NewtonSolver(const NewtonOptions& options) : options_(options) {}

std::string_view NewtonSolver::name() const { return formulation_name(options_.formulation); }

SolveReport NewtonSolver::solve(const LocalProblem& problem, VecX& r) const {
  MOREAU_ASSERT(r.size() == problem.size());
  if (problem.contacts() == 0) {
    SolveReport report;
    report.status = Status::Converged;
    return report;
  }
  return problem.dimension == 3 ? newton_solve<3>(problem, options_, r)
                                : newton_solve<2>(problem, options_, r);
}

namespace {

NewtonOptions read_newton_options(const StopCriteria& stop, const SolverParameters& parameters,
                                  Formulation formulation) {
  NewtonOptions options{.stop = stop, .formulation = formulation};
  ParameterReader reader(parameters, formulation_name(formulation));
  options.armijo = reader.number("armijo", options.armijo, 1e-12, 0.49);
  options.max_line_search_steps =
      static_cast<int>(reader.integer("line_search_steps", options.max_line_search_steps, 1, 200));
  options.nonmonotone_memory =
      static_cast<int>(reader.integer("nonmonotone_memory", options.nonmonotone_memory, 1, 100));
  reader.finish();
  return options;
}

}  // namespace

NewtonOptions read_newton_ac_options(const StopCriteria& stop, const SolverParameters& parameters) {
  return read_newton_options(stop, parameters, Formulation::AlartCurnier);
}

NewtonOptions read_newton_fb_options(const StopCriteria& stop, const SolverParameters& parameters) {
  return read_newton_options(stop, parameters, Formulation::FischerBurmeister);
}

}  // namespace moreau::solvers
