// Section properties and the central kernel against the closed forms of strength of
// materials: the rectangle's rhombus at b/6, h/6 (Timoshenko 1955, §63) and the triangle's
// kernel, the triangle of the midpoints of its medians (neutral axis on a side at distance
// d = h/3 from the centroid, radius of gyration squared i^2 = h^2/18, so the load point is
// i^2/d = h/6 beyond the centroid: halfway along the median from the opposite vertex).
#include "moreau/geometry/central_kernel.hpp"

#include "moreau/geometry/convex_hull.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace moreau::geometry {
namespace {

using math::Mat2;
using math::Vec2;

// Closed forms evaluated in double precision: a few ulps of the largest term.
constexpr double kTol = 1e-12;

std::vector<Vec2> rectangle(const Vec2& corner, double b, double h) {
  return {corner, corner + Vec2(b, 0.0), corner + Vec2(b, h), corner + Vec2(0.0, h)};
}

TEST(SectionProperties, RectangleHasTheTextbookMoments) {
  const double b = 3.0, h = 0.5;
  const std::vector<Vec2> section = rectangle(Vec2(10.0, -4.0), b, h);
  const SectionProperties properties = section_properties(section);
  EXPECT_NEAR(properties.area, b * h, kTol);
  EXPECT_TRUE(properties.centroid.isApprox(Vec2(10.0 + b / 2, -4.0 + h / 2), kTol));
  EXPECT_NEAR(properties.second_moment(0, 0), h * b * b * b / 12.0, kTol);
  EXPECT_NEAR(properties.second_moment(1, 1), b * h * h * h / 12.0, kTol);
  EXPECT_NEAR(properties.second_moment(0, 1), 0.0, kTol);
}

TEST(SectionProperties, RightTriangleProductOfInertiaIsMinusB2H2Over72) {
  // Right triangle with legs b (x) and h (y) at the origin: I_xz about the centroid is
  // -b^2 h^2 / 72 (e.g. Gere & Goodno, "Mechanics of Materials", Appendix E, case 6: +b^2h^2/72
  // for the triangle whose right angle is at the opposite corner of its bounding box).
  const double b = 2.0, h = 3.0;
  const std::vector<Vec2> section{{0.0, 0.0}, {b, 0.0}, {0.0, h}};
  const SectionProperties properties = section_properties(section);
  EXPECT_NEAR(properties.area, b * h / 2, kTol);
  EXPECT_TRUE(properties.centroid.isApprox(Vec2(b / 3, h / 3), kTol));
  EXPECT_NEAR(properties.second_moment(0, 0), h * b * b * b / 36.0, kTol);
  EXPECT_NEAR(properties.second_moment(1, 1), b * h * h * h / 36.0, kTol);
  EXPECT_NEAR(properties.second_moment(0, 1), -b * b * h * h / 72.0, kTol);
}

TEST(CentralKernel, RectangleKernelIsTheMiddleThirdRhombus) {
  const double b = 1.2, h = 0.6;
  const Vec2 corner(-0.2, 0.4);
  const std::vector<Vec2> section = rectangle(corner, b, h);
  const Vec2 c = corner + Vec2(b / 2, h / 2);
  EXPECT_NEAR(eccentricity_ratio(section, c), 0.0, kTol);
  for (const Vec2& vertex :
       {Vec2(b / 6, 0.0), Vec2(-b / 6, 0.0), Vec2(0.0, h / 6), Vec2(0.0, -h / 6)}) {
    EXPECT_NEAR(eccentricity_ratio(section, c + vertex), 1.0, kTol) << vertex.transpose();
    EXPECT_NEAR(eccentricity_ratio(section, c + 1.01 * vertex), 1.01, kTol);
    EXPECT_NEAR(eccentricity_ratio(section, c + 0.99 * vertex), 0.99, kTol);
  }
  // On an edge of the rhombus, not only at its vertices: the kernel is the rhombus, not the
  // ellipse of inertia or the middle-third rectangle.
  EXPECT_NEAR(eccentricity_ratio(section, c + Vec2(b / 12, h / 12)), 1.0, kTol);
  EXPECT_NEAR(eccentricity_ratio(section, c + Vec2(b / 6, h / 6)), 2.0, kTol);
  // Along an axis, 6 e / b: the middle-third rule's eccentricity ratio.
  EXPECT_NEAR(eccentricity_ratio(section, c + Vec2(0.5 * b, 0.0)), 3.0, kTol);
}

TEST(CentralKernel, TriangleKernelIsTheTriangleOfTheMedianMidpoints) {
  const std::vector<Vec2> section{{0.3, -0.1}, {2.5, 0.4}, {0.9, 1.7}};  // scalene
  const Vec2 centroid = (section[0] + section[1] + section[2]) / 3.0;
  for (int k = 0; k < 3; ++k) {
    const Vec2 opposite_midpoint = 0.5 * (section[(k + 1) % 3] + section[(k + 2) % 3]);
    const Vec2 kernel_vertex = 0.5 * (section[k] + opposite_midpoint);
    EXPECT_NEAR(eccentricity_ratio(section, kernel_vertex), 1.0, kTol) << "vertex " << k;
    const Vec2 next_kernel_vertex =
        0.5 * (section[(k + 1) % 3] + 0.5 * (section[(k + 2) % 3] + section[k]));
    EXPECT_NEAR(eccentricity_ratio(section, 0.5 * (kernel_vertex + next_kernel_vertex)), 1.0, kTol);
    EXPECT_NEAR(eccentricity_ratio(section, centroid + 0.5 * (kernel_vertex - centroid)), 0.5,
                kTol);
  }
}

// A general polygon, against the stress itself: at a point with rho = 1 the Navier stress
// N (1/A + (I^-1 e) . x), integrated independently over a fine grid of the polygon, has the
// resultant N at e and vanishes at one vertex.
TEST(CentralKernel, GeneralPolygonBoundaryHasZeroStressAtAVertex) {
  const std::vector<Vec2> section{{0.0, 0.0}, {2.0, -0.3}, {2.6, 0.8}, {1.4, 1.9}, {-0.4, 1.1}};
  const SectionProperties properties = section_properties(section);
  const Vec2 direction = Vec2(0.6, -0.8);
  const double ratio_unit = eccentricity_ratio(section, properties.centroid + direction);
  const Vec2 e = direction / ratio_unit;  // on the kernel's boundary
  EXPECT_NEAR(eccentricity_ratio(section, properties.centroid + e), 1.0, kTol);
  const Vec2 gradient = properties.second_moment.inverse() * e;
  double smallest_stress = 1e300;
  for (const Vec2& v : section)
    smallest_stress =
        std::min(smallest_stress, 1.0 / properties.area + gradient.dot(v - properties.centroid));
  EXPECT_NEAR(smallest_stress * properties.area, 0.0, kTol);
  // Midpoint-rule integration over a 1000 x 1000 grid (error O(cell^2) in the interior and
  // O(cell) from the cells the boundary cuts: ~1e-3 relative).
  const int n = 1000;
  const double x0 = -0.4, y0 = -0.3, dx = 3.0 / n, dy = 2.2 / n;
  double area = 0.0;
  Vec2 moment = Vec2::Zero();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const Vec2 x(x0 + (i + 0.5) * dx, y0 + (j + 0.5) * dy);
      bool inside = true;
      for (std::size_t k = 0; k < section.size(); ++k) {
        const Vec2 d = section[(k + 1) % section.size()] - section[k];
        inside = inside && d.x() * (x.y() - section[k].y()) - d.y() * (x.x() - section[k].x()) >= 0;
      }
      if (!inside) continue;
      const double stress = 1.0 / properties.area + gradient.dot(x - properties.centroid);
      EXPECT_GE(stress, -1e-9);  // no tension anywhere
      area += dx * dy;
      moment += stress * (x - properties.centroid) * dx * dy;
    }
  EXPECT_NEAR(area, properties.area, 3e-3 * properties.area);
  EXPECT_NEAR((moment - e).norm(), 0.0, 3e-3 * e.norm());  // the resultant acts at e
}

TEST(PlaneConvexHull, DropsInteriorAndEdgePointsAndTurnsCounterClockwise) {
  const std::vector<Vec2> points{{1.0, 1.0}, {0.0, 0.0}, {0.5, 0.5}, {2.0, 0.0},
                                 {1.0, 0.0}, {0.0, 2.0}, {2.0, 2.0}, {2.0, 1.0 + 1e-13}};
  const std::vector<Vec2> hull = convex_hull(points, 1e-9);
  ASSERT_EQ(hull.size(), 4u);
  EXPECT_EQ(hull[0], Vec2(0.0, 0.0));
  EXPECT_EQ(hull[1], Vec2(2.0, 0.0));
  EXPECT_EQ(hull[2], Vec2(2.0, 2.0));
  EXPECT_EQ(hull[3], Vec2(0.0, 2.0));
}

TEST(PlaneConvexHull, CollinearPointsGiveTheirSegmentAndOnePointItself) {
  const std::vector<Vec2> line{{0.5, 0.5}, {0.0, 0.0}, {1.0, 1.0 + 1e-12}, {0.25, 0.25}};
  const std::vector<Vec2> ends = convex_hull(line, 1e-9);
  ASSERT_EQ(ends.size(), 2u);
  EXPECT_EQ(ends[0], Vec2(0.0, 0.0));
  EXPECT_EQ(ends[1], Vec2(1.0, 1.0 + 1e-12));
  const std::vector<Vec2> same{{0.3, 0.1}, {0.3, 0.1}};
  EXPECT_EQ(convex_hull(same, 1e-9).size(), 1u);
  EXPECT_EQ(convex_hull(std::vector<Vec2>{{0.3, 0.1}}, 1e-9).size(), 1u);
}

}  // namespace
}  // namespace moreau::geometry
