// The global problem's H stored by contact, for the methods of the velocity space
// (velocity-newton, velocity-nsgs): u_a = H_a^T v + w_a and H r read contiguous data per
// contact instead of H's compressed columns. Private to src/solvers.
#pragma once

#include "contact_loop.hpp"
#include "moreau/contact/cone.hpp"
#include "moreau/math/types.hpp"

#include <vector>

namespace moreau::solvers::detail {

using math::Index;
using math::SparseMat;
using math::VecX;

/// A matrix of d columns per contact (H, or M^-1 H) restricted to each contact: the rows
/// (degrees of freedom) its d columns touch, ascending, and the dense |rows| x d block on them.
struct ContactRows {
  std::vector<Index> start{0};  ///< contact a owns entries [start[a], start[a + 1])
  std::vector<Index> dof;
  std::vector<double> values;  ///< d per entry: H(dof, d a + j), j = 0 .. d-1
};

/// The rows of each of the `contacts` column blocks of H (n_dof x d n_c).
ContactRows contact_rows(const SparseMat& H, int d, Index contacts);

/// u_a = H_a^T v + w_a for contact a.
template <int d>
contact::Block<d> local_velocity(const ContactRows& rows, const VecX& v, const VecX& w, Index a) {
  contact::Block<d> u_a = w.segment<d>(d * a);
  for (Index k = rows.start[a]; k < rows.start[a + 1]; ++k)
    u_a += v[rows.dof[k]] * Eigen::Map<const contact::Block<d>>(rows.values.data() + d * k);
  return u_a;
}

/// u = H^T v + w for every contact.
template <int d>
void local_velocity(const ContactRows& rows, const VecX& v, const VecX& w, VecX& u) {
  for_each_contact(static_cast<Index>(rows.start.size()) - 1,
                   [&](Index a) { u.segment<d>(d * a) = local_velocity<d>(rows, v, w, a); });
}

/// out += H_a r_a for contact a.
template <int d>
void add_generalized_impulse(const ContactRows& rows, Index a, const contact::Block<d>& r_a,
                             VecX& out) {
  for (Index k = rows.start[a]; k < rows.start[a + 1]; ++k)
    out[rows.dof[k]] += Eigen::Map<const contact::Block<d>>(rows.values.data() + d * k).dot(r_a);
}

/// out += H r.
template <int d>
void add_generalized_impulse(const ContactRows& rows, const VecX& r, VecX& out) {
  for (Index a = 0; a + 1 < static_cast<Index>(rows.start.size()); ++a)
    add_generalized_impulse<d>(rows, a, contact::Block<d>(r.segment<d>(d * a)), out);
}

}  // namespace moreau::solvers::detail
