#include "moreau/geometry/mass_properties.hpp"

#include "moreau/core/concat.hpp"
#include "overloaded.hpp"

#include <Eigen/Eigenvalues>

#include <array>
#include <cmath>
#include <numbers>

namespace moreau::geometry {
namespace {

using math::Mat3;
using math::Vec3;

// Volume integrals of a homogeneous solid of density 1, the quantities mass properties
// are made of: V, the first moments (x, y, z) and the second moments about the origin.
struct Moments {
  double volume = 0.0;
  Vec3 first = Vec3::Zero();   ///< integrals of x, y, z
  Mat3 second = Mat3::Zero();  ///< integrals of x_i x_j
};

// Eberly's subexpressions for one coordinate w of a triangle (w0, w1, w2):
// f1 = sum w, f2 = sum of w_i w_j (i <= j), f3 = sum of w_i w_j w_k (i <= j <= k),
// g_i = f2 + w_i (f1 + w_i).
struct Sub {
  double f1, f2, f3;
  std::array<double, 3> g;
};

Sub subexpressions(double w0, double w1, double w2) {
  const double t0 = w0 + w1, t1 = w0 * w0, t2 = t1 + w1 * t0;
  Sub s{};
  s.f1 = t0 + w2;
  s.f2 = t2 + w2 * s.f1;
  s.f3 = w0 * t1 + w1 * t2 + w2 * s.f2;
  s.g = {s.f2 + w0 * (s.f1 + w0), s.f2 + w1 * (s.f1 + w1), s.f2 + w2 * (s.f1 + w2)};
  return s;
}

// Divergence theorem over a closed triangulated surface, triangles CCW from outside
// (Eberly 2002, "Polyhedral mass properties (revisited)", after Mirtich 1996): with
// d = (v1 - v0) x (v2 - v0), e.g. integral of x over the solid = sum d_x f2_x / 24.
Moments polyhedron_moments(const ConvexPolyhedron& polyhedron, const Vec3& origin) {
  std::array<double, 10> sum{};
  for (const PolyhedronFace& face : polyhedron.faces()) {
    const Vec3 p0 = polyhedron.vertices()[face.vertices[0]] - origin;
    for (std::size_t k = 1; k + 1 < face.vertices.size(); ++k) {  // fan triangulation
      const Vec3 p1 = polyhedron.vertices()[face.vertices[k]] - origin;
      const Vec3 p2 = polyhedron.vertices()[face.vertices[k + 1]] - origin;
      const Vec3 d = (p1 - p0).cross(p2 - p0);
      const Sub x = subexpressions(p0.x(), p1.x(), p2.x());
      const Sub y = subexpressions(p0.y(), p1.y(), p2.y());
      const Sub z = subexpressions(p0.z(), p1.z(), p2.z());
      sum[0] += d.x() * x.f1;
      sum[1] += d.x() * x.f2, sum[2] += d.y() * y.f2, sum[3] += d.z() * z.f2;
      sum[4] += d.x() * x.f3, sum[5] += d.y() * y.f3, sum[6] += d.z() * z.f3;
      sum[7] += d.x() * (p0.y() * x.g[0] + p1.y() * x.g[1] + p2.y() * x.g[2]);
      sum[8] += d.y() * (p0.z() * y.g[0] + p1.z() * y.g[1] + p2.z() * y.g[2]);
      sum[9] += d.z() * (p0.x() * z.g[0] + p1.x() * z.g[1] + p2.x() * z.g[2]);
    }
  }
  Moments m;
  m.volume = sum[0] / 6.0;
  m.first = Vec3(sum[1], sum[2], sum[3]) / 24.0;
  m.second.diagonal() = Vec3(sum[4], sum[5], sum[6]) / 60.0;
  m.second(0, 1) = m.second(1, 0) = sum[7] / 120.0;
  m.second(1, 2) = m.second(2, 1) = sum[8] / 120.0;
  m.second(0, 2) = m.second(2, 0) = sum[9] / 120.0;
  return m;
}

// Inertia about the centre c from moments about `origin`: with S the second moments about c,
// S = S_origin - V (c - origin)(c - origin)^T and J = trace(S) I - S.
MassProperties from_moments(const Moments& m, const Vec3& origin, double density) {
  MassProperties props;
  props.mass = density * m.volume;
  const Vec3 offset = m.first / m.volume;
  props.centre = origin + offset;
  const Mat3 central = density * (m.second - m.volume * offset * offset.transpose());
  props.inertia = central.trace() * Mat3::Identity() - central;
  return props;
}

MassProperties polyhedron_properties(const ConvexPolyhedron& polyhedron, double density) {
  // Integrals about the vertex centroid, not the frame origin: a block far from the origin
  // would otherwise lose digits in S_origin - V c c^T.
  Vec3 origin = Vec3::Zero();
  for (const Vec3& v : polyhedron.vertices()) origin += v;
  origin /= static_cast<double>(polyhedron.vertices().size());
  return from_moments(polyhedron_moments(polyhedron, origin), origin, density);
}

// The prism of unit depth over the polygon, -1/2 <= y <= 1/2. Seen from -y the (x, z) loop
// is counter-clockwise, so it is the y = -1/2 cap as given and the y = +1/2 cap reversed.
ConvexPolyhedron unit_depth_prism(const Polygon& polygon) {
  const int n = polygon.size();
  std::vector<Vec3> vertices;
  for (const math::Vec2& v : polygon.vertices()) vertices.emplace_back(v.x(), -0.5, v.y());
  for (const math::Vec2& v : polygon.vertices()) vertices.emplace_back(v.x(), 0.5, v.y());
  std::vector<std::vector<int>> faces(2);
  for (int k = 0; k < n; ++k) {
    faces[0].push_back(k);
    faces[1].push_back(2 * n - 1 - k);
    faces.push_back({k, n + k, n + (k + 1) % n, (k + 1) % n});
  }
  return ConvexPolyhedron(std::move(vertices), std::move(faces));
}

MassProperties closed_form(double mass, const Vec3& moments) {
  MassProperties props;
  props.mass = mass;
  props.inertia = moments.asDiagonal();
  return props;
}

void principal_axes(MassProperties& props) {
  const Eigen::SelfAdjointEigenSolver<Mat3> eigen(props.inertia);
  props.principal_moments = eigen.eigenvalues();
  props.principal_axes = eigen.eigenvectors();
  if (props.principal_axes.determinant() < 0.0) props.principal_axes.col(2) *= -1.0;
}

}  // namespace

MassProperties mass_properties(const Shape& shape, double density,
                               const core::SourceLocation& where, const std::string& key) {
  if (!(density > 0.0) || !std::isfinite(density))
    throw core::Diagnostic(where, key, "a positive density (kg/m^3)", core::concat(density));
  MassProperties props = std::visit(
      Overloaded{
          [&](const Sphere& s) {  // m = 4/3 pi r^3 rho, J = 2/5 m r^2
            const double m = density * 4.0 / 3.0 * std::numbers::pi * std::pow(s.radius, 3);
            return closed_form(m, Vec3::Constant(0.4 * m * s.radius * s.radius));
          },
          [&](const Box& b) {  // side a = 2 h: J_x = m (b^2 + c^2)/12 = m (h_y^2 + h_z^2)/3
            const Vec3 h2 = b.half_extents.cwiseAbs2();
            const double m = density * 8.0 * b.half_extents.prod();
            return closed_form(m,
                               m / 3.0 * Vec3(h2.y() + h2.z(), h2.x() + h2.z(), h2.x() + h2.y()));
          },
          [&](const ConvexPolyhedron& p) { return polyhedron_properties(p, density); },
          [&](const Polygon& p) { return polyhedron_properties(unit_depth_prism(p), density); },
          [&](const Plane&) -> MassProperties {
            throw core::Diagnostic(where, key,
                                   "a plane has no finite mass: it may only be a fixed body");
          }},
      shape);
  principal_axes(props);
  return props;
}

}  // namespace moreau::geometry
