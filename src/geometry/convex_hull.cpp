#include "moreau/geometry/convex_hull.hpp"

#include "moreau/core/concat.hpp"

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <numbers>

namespace moreau::geometry {
namespace {

using math::Vec3;

// Relative tolerance of "on a plane" and "on a line", times the extent of the cloud.
constexpr double kRelativeTolerance = 1e-9;

double extent(std::span<const Vec3> points) {
  Vec3 lower = points.front(), upper = points.front();
  for (const Vec3& p : points) {
    lower = lower.cwiseMin(p);
    upper = upper.cwiseMax(p);
  }
  return (upper - lower).norm();
}

// Greedy search for a fat tetrahedron (Qhull's own initial simplex does the same): the
// height of its fourth vertex above the plane of the other three, zero for coplanar input.
double spanning_height(std::span<const Vec3> points) {
  auto farthest = [&](auto distance) {
    return *std::max_element(points.begin(), points.end(), [&](const Vec3& a, const Vec3& b) {
      return distance(a) < distance(b);
    });
  };
  const Vec3 a = points.front();
  const Vec3 b = farthest([&](const Vec3& p) { return (p - a).norm(); });
  const Vec3 c = farthest([&](const Vec3& p) { return (p - a).cross(b - a).norm(); });
  const Vec3 normal = (b - a).cross(c - a);
  if (normal.norm() == 0.0) return 0.0;
  const Vec3 n = normal.normalized();
  const Vec3 d = farthest([&](const Vec3& p) { return std::abs(n.dot(p - a)); });
  return std::abs(n.dot(d - a));
}

void check_input(std::span<const Vec3> points, const core::SourceLocation& where,
                 const std::string& key) {
  constexpr const char* kExpected = "at least 4 finite points not all on one plane";
  if (points.size() < 4)
    throw core::Diagnostic(where, key, kExpected, core::concat(points.size(), " points"));
  for (std::size_t i = 0; i < points.size(); ++i)
    if (!points[i].allFinite())
      throw core::Diagnostic(where, key, kExpected,
                             core::concat("a non-finite coordinate in point ", i));
  const double size = extent(points);
  if (size == 0.0) throw core::Diagnostic(where, key, kExpected, "one point repeated");
  if (spanning_height(points) <= kRelativeTolerance * size)
    throw core::Diagnostic(where, key, kExpected, "points on one plane (or one line)");
}

// A facet's vertices sorted counter-clockwise about its outward normal: by the angle
// atan2((p - c).w, (p - c).u) in the basis u, w = n x u of the facet's plane.
std::vector<int> ccw_loop(std::vector<int> loop, std::span<const Vec3> points, const Vec3& n) {
  Vec3 centre = Vec3::Zero();
  for (const int i : loop) centre += points[i];
  centre /= static_cast<double>(loop.size());
  const Vec3 u = (points[loop[0]] - centre).normalized();
  const Vec3 w = n.cross(u);
  auto angle = [&](int i) {
    return std::atan2((points[i] - centre).dot(w), (points[i] - centre).dot(u));
  };
  std::sort(loop.begin(), loop.end(), [&](int i, int j) { return angle(i) < angle(j); });
  return loop;
}

// Drops vertices lying on the segment between their neighbours (points on a hull edge):
// only corners remain, so a cube with points on its edges still has quadrilateral faces.
std::vector<int> corners_only(std::vector<int> loop, std::span<const Vec3> points,
                              double tolerance) {
  for (std::size_t k = 0; loop.size() > 3 && k < loop.size();) {
    const Vec3& prev = points[loop[(k + loop.size() - 1) % loop.size()]];
    const Vec3& next = points[loop[(k + 1) % loop.size()]];
    const double off_line =
        (points[loop[k]] - prev).cross(next - prev).norm() / (next - prev).norm();
    if (off_line <= tolerance)
      loop.erase(loop.begin() + static_cast<std::ptrdiff_t>(k));
    else
      ++k;
  }
  return loop;
}

// Runs Qhull; returns its exit code and fills loops (indices into points) and, on failure,
// Qhull's message. Qhull reports through a FILE*: an in-memory stream keeps it off stderr.
int run_qhull(std::span<const Vec3> points, std::vector<std::vector<int>>& loops,
              std::string& message) {
  std::vector<coordT> coordinates;
  for (const Vec3& p : points) coordinates.insert(coordinates.end(), {p.x(), p.y(), p.z()});
  char* buffer = nullptr;
  std::size_t length = 0;
  FILE* errors = open_memstream(&buffer, &length);
  qhT qh_storage;
  qhT* qh = &qh_storage;
  qh_zero(qh, errors);
  char command[] = "qhull";
  const int status = qh_new_qhull(qh, 3, static_cast<int>(points.size()), coordinates.data(), False,
                                  command, nullptr, errors);
  if (status == 0) {
    facetT* facet;
    vertexT* vertex;
    vertexT** vertexp;
    FORALLfacets {
      std::vector<int> loop;
      FOREACHvertex_(facet->vertices) loop.push_back(qh_pointid(qh, vertex->point));
      loops.push_back(
          ccw_loop(loop, points, Vec3(facet->normal[0], facet->normal[1], facet->normal[2])));
    }
  }
  qh_freeqhull(qh, !qh_ALL);
  int long_left = 0, long_total = 0;
  qh_memfreeshort(qh, &long_left, &long_total);
  std::fclose(errors);
  message.assign(buffer, length);
  std::free(buffer);
  return status;
}

}  // namespace

ConvexPolyhedron convex_hull(std::span<const Vec3> points, const core::SourceLocation& where,
                             const std::string& key) {
  check_input(points, where, key);
  std::vector<std::vector<int>> loops;
  std::string message;
  if (run_qhull(points, loops, message) != 0)
    throw core::Diagnostic(where, key, core::concat("Qhull failed: ", message));
  const double tolerance = kRelativeTolerance * extent(points);
  // Renumber the corners in input order and start each loop at its smallest index, so that
  // the result does not depend on Qhull's internal order.
  std::map<int, int> renumber;
  for (auto& loop : loops) {
    loop = corners_only(std::move(loop), points, tolerance);
    for (const int i : loop) renumber.emplace(i, 0);
  }
  std::vector<Vec3> vertices;
  for (auto& [input, output] : renumber) {
    output = static_cast<int>(vertices.size());
    vertices.push_back(points[input]);
  }
  for (auto& loop : loops) {
    for (int& i : loop) i = renumber.at(i);
    std::rotate(loop.begin(), std::min_element(loop.begin(), loop.end()), loop.end());
  }
  std::sort(loops.begin(), loops.end());
  return ConvexPolyhedron(std::move(vertices), std::move(loops), where, key);
}

std::vector<math::Vec2> convex_hull(std::span<const math::Vec2> points, double tolerance) {
  using math::Vec2;
  std::vector<Vec2> sorted(points.begin(), points.end());
  if (sorted.size() < 2) return sorted;
  std::sort(sorted.begin(), sorted.end(), [](const Vec2& p, const Vec2& q) {
    return p.y() < q.y() || (p.y() == q.y() && p.x() < q.x());
  });
  // c is a strict left turn after a -> b when it is farther than tolerance left of the line.
  const auto left_of = [tolerance](const Vec2& a, const Vec2& b, const Vec2& c) {
    const Vec2 d = b - a;
    const double cross = d.x() * (c.y() - a.y()) - d.y() * (c.x() - a.x());
    return cross > tolerance * d.norm();
  };
  // The right chain going up then the left chain coming down (sorted by y, then x).
  std::vector<Vec2> hull;
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t chain_start = hull.size();
    for (const Vec2& p : sorted) {
      while (hull.size() >= chain_start + 2 && !left_of(hull[hull.size() - 2], hull.back(), p))
        hull.pop_back();
      hull.push_back(p);
    }
    hull.pop_back();  // the chain's end starts the other chain
    std::reverse(sorted.begin(), sorted.end());
  }
  if (hull.size() == 2 && (hull[0] - hull[1]).norm() <= tolerance) hull.pop_back();
  return hull;
}

}  // namespace moreau::geometry
