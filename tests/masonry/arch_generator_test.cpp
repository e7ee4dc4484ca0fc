// Arches (masonry::generate_arch), semicircular, pointed and segmental, in 3D and in the
// plane: the voussoirs fill the chord-polygon ring (areas against closed forms and an
// independent shoelace), neighbours share their joint faces at zero gap through the narrow
// phase, the abutments stand under the springings, and bad specs name their field.
#include "generator_checks.hpp"
#include "moreau/masonry/generators.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace moreau::masonry {
namespace {

using namespace checks;  // NOLINT(google-build-using-namespace): the shared checks
using math::Vec2;
using math::Vec3;
using std::numbers::pi;

// Shoelace area of a closed loop in (x, z), positive when counter-clockwise.
double shoelace(const std::vector<Vec2>& loop) {
  double twice = 0.0;
  for (std::size_t k = 0; k < loop.size(); ++k) {
    const Vec2& p = loop[k];
    const Vec2& q = loop[(k + 1) % loop.size()];
    twice += p.x() * q.y() - q.x() * p.y();
  }
  return 0.5 * twice;
}

// Area of the chord-polygon ring of a pointed arch, built here from the definition: the
// right half is the loop intrados springing -> extrados corners up to the crown -> crown
// joint -> intrados corners back down; the left half is its mirror image.
double pointed_ring_area(double span, double r, double t, int voussoirs) {
  const double a = r - span / 2, R = r + t, crown_angle = std::acos(a / r);
  const int half = voussoirs / 2;
  std::vector<Vec2> intrados, extrados;
  for (int k = 0; k < half; ++k) {
    const double angle = crown_angle * k / half;
    intrados.emplace_back(-a + r * std::cos(angle), r * std::sin(angle));
    extrados.emplace_back(-a + R * std::cos(angle), R * std::sin(angle));
  }
  intrados.emplace_back(0.0, std::sqrt(r * r - a * a));
  extrados.emplace_back(0.0, std::sqrt(R * R - a * a));
  std::vector<Vec2> loop(extrados.begin(), extrados.end());
  loop.insert(loop.end(), intrados.rbegin(), intrados.rend());
  return 2.0 * shoelace(loop);
}

struct ArchCase {
  std::string label;
  ArchSpec spec;
  double ring_area;  // m^2, chord-polygon ring, independent of the generator
};

// Failure messages name the case, not its bytes.
void PrintTo(const ArchCase& c, std::ostream* out) { *out << c.label; }

// n sectors of angle theta between radii r and R: n (R^2 - r^2) sin(theta) / 2.
double sector_ring_area(double r, double R, double theta, int n) {
  return 0.5 * n * (R * R - r * r) * std::sin(theta);
}

std::vector<ArchCase> arch_cases() {
  ArchSpec semicircular;
  semicircular.span = 4.0;
  semicircular.thickness = 0.4;
  semicircular.depth = 0.8;
  semicircular.voussoirs = 9;  // odd: a keystone, no crown joint
  semicircular.springing_height = 1.5;

  ArchSpec pointed;
  pointed.form = ArchForm::Pointed;
  pointed.span = 4.0;
  pointed.radius = 4.0;  // equilateral
  pointed.thickness = 0.35;
  pointed.depth = 0.6;
  pointed.voussoirs = 10;
  pointed.springing_height = 1.0;

  ArchSpec segmental;
  segmental.form = ArchForm::Segmental;
  segmental.span = 4.0;
  segmental.radius = 3.0;
  segmental.thickness = 0.3;
  segmental.voussoirs = 7;
  segmental.springing_height = 1.0;
  segmental.abutment_width = 0.8;  // wider than the skewback: a top face beside the joint

  const double alpha = std::asin(2.0 / 3.0);
  return {{"Semicircular", semicircular, sector_ring_area(2.0, 2.4, pi / 9, 9)},
          {"Pointed", pointed, pointed_ring_area(4.0, 4.0, 0.35, 10)},
          {"Segmental", segmental, sector_ring_area(3.0, 3.3, 2 * alpha / 7, 7)}};
}

class ArchGeneratorTest : public ::testing::TestWithParam<std::tuple<ArchCase, int>> {
 protected:
  const ArchSpec& spec() const { return std::get<0>(GetParam()).spec; }
  double ring_area() const { return std::get<0>(GetParam()).ring_area; }
  int dimension() const { return std::get<1>(GetParam()); }
  double depth() const { return dimension() == 3 ? spec().depth : 1.0; }
};

TEST_P(ArchGeneratorTest, VoussoirsFillTheChordPolygonRing) {
  const std::vector<Block> blocks = generate_arch(spec(), dimension());
  ASSERT_EQ(blocks.size(), static_cast<std::size_t>(spec().voussoirs + 2));
  // Divergence-theorem sums over a few faces: round-off, relative 1e-12.
  EXPECT_NEAR(total_volume(blocks, "/voussoir"), ring_area() * depth(), 1e-12 * ring_area());
}

TEST_P(ArchGeneratorTest, NeighboursShareTheirJointFacesAndTouchAtZeroGap) {
  const std::vector<Block> blocks = generate_arch(spec(), dimension());
  const std::size_t n = static_cast<std::size_t>(spec().voussoirs);
  std::vector<std::pair<std::size_t, std::size_t>> neighbours{
      {index_of(blocks, "arch/abutment0"), 0}, {n - 1, index_of(blocks, "arch/abutment1")}};
  for (std::size_t i = 0; i + 1 < n; ++i) neighbours.emplace_back(i, i + 1);
  for (const auto& [i, j] : neighbours)
    EXPECT_TRUE(share_a_face(blocks[i], blocks[j])) << blocks[i].name << " / " << blocks[j].name;
  expect_exact_tiling(blocks, neighbours);
}

TEST_P(ArchGeneratorTest, AbutmentsStandOnTheGroundUnderTheSpringings) {
  const std::vector<Block> blocks = generate_arch(spec(), dimension());
  for (const char* name : {"arch/abutment0", "arch/abutment1"}) {
    const Block& abutment = blocks[index_of(blocks, name)];
    EXPECT_FALSE(abutment.fixed);
    EXPECT_NEAR(extent(abutment, 2).first, 0.0, kLengthTol);
    const double width = spec().abutment_width > 0 ? spec().abutment_width : spec().thickness;
    const auto [x0, x1] = extent(abutment, 0);
    EXPECT_NEAR(std::min(std::abs(x0), std::abs(x1)), spec().span / 2, kLengthTol) << name;
    EXPECT_NEAR(x1 - x0, width, kLengthTol) << name;
    // The intrados springing, at springing_height, is a corner of the abutment.
    const std::vector<Vec3> corners = world_vertices(abutment);
    EXPECT_TRUE(std::any_of(corners.begin(), corners.end(), [&](const Vec3& v) {
      return std::abs(std::abs(v.x()) - spec().span / 2) < kLengthTol &&
             std::abs(v.z() - spec().springing_height) < kLengthTol;
    })) << name;
  }
  // Mirror symmetry: every vertex of voussoir i reflected in x = 0 is one of voussoir n-1-i.
  const int n = spec().voussoirs;
  for (int i = 0; i < n; ++i) {
    std::vector<Vec3> mirrored = world_vertices(blocks[static_cast<std::size_t>(i)]);
    for (Vec3& v : mirrored) v.x() = -v.x();
    EXPECT_TRUE(
        same_point_set(mirrored, world_vertices(blocks[static_cast<std::size_t>(n - 1 - i)])))
        << i;
  }
}

TEST_P(ArchGeneratorTest, FixedSpringingsFixTheAbutmentsOrElseTheEndVoussoirs) {
  ArchSpec fixed = spec();
  fixed.fixed_springings = true;
  for (const Block& block : generate_arch(fixed, dimension()))
    EXPECT_EQ(block.fixed, block.name.find("abutment") != std::string::npos) << block.name;
  fixed.abutments = false;
  const std::vector<Block> blocks = generate_arch(fixed, dimension());
  ASSERT_EQ(blocks.size(), static_cast<std::size_t>(spec().voussoirs));
  for (std::size_t i = 0; i < blocks.size(); ++i)
    EXPECT_EQ(blocks[i].fixed, i == 0 || i + 1 == blocks.size()) << blocks[i].name;
}

std::string arch_test_name(const ::testing::TestParamInfo<std::tuple<ArchCase, int>>& info) {
  return std::get<0>(info.param).label + (std::get<1>(info.param) == 3 ? "3D" : "Planar");
}

INSTANTIATE_TEST_SUITE_P(Forms, ArchGeneratorTest,
                         ::testing::Combine(::testing::ValuesIn(arch_cases()),
                                            ::testing::Values(3, 2)),
                         arch_test_name);

TEST(ArchGenerator, SemicircularTakesTheRadiusForTheSpanAndTwoVoussoirs) {
  ArchSpec spec;
  spec.radius = 1.5;
  spec.thickness = 0.5;
  spec.voussoirs = 2;
  spec.abutments = false;
  const std::vector<Block> blocks = generate_arch(spec, 2);
  ASSERT_EQ(blocks.size(), 2u);
  // Two quadrants: each the trapezoid (r,0) (R,0) (0,R) (0,r), area (R^2 - r^2) / 2.
  EXPECT_NEAR(volume(blocks[0]), 0.5 * (4.0 - 2.25), kLengthTol);
  EXPECT_NEAR(extent(blocks[1], 0).first, 0.0, kLengthTol);
  EXPECT_NEAR(extent(blocks[1], 0).second, 2.0, kLengthTol);
  EXPECT_TRUE(share_a_face(blocks[0], blocks[1]));
}

TEST(ArchGenerator, SegmentalSpringingFromTheGroundHasAbutmentsUnderItsSkewbacks) {
  ArchSpec spec;
  spec.form = ArchForm::Segmental;
  spec.span = 3.0;
  spec.radius = 2.5;
  spec.thickness = 0.4;
  spec.voussoirs = 1;  // a single voussoir is convex below a half circle
  for (int dimension : {3, 2}) {
    const std::vector<Block> blocks = generate_arch(spec, dimension);
    ASSERT_EQ(blocks.size(), 3u);
    expect_exact_tiling(blocks, {{1, 0}, {0, 2}});
    EXPECT_TRUE(share_a_face(blocks[0], blocks[2]));
    // Default width = thickness: the abutment is the triangle-topped block from the
    // intrados springing (1.5, 0) out to x = 1.9, up to the extrados springing.
    EXPECT_NEAR(extent(blocks[2], 0).second, 1.9, kLengthTol);
    EXPECT_NEAR(extent(blocks[2], 2).second, 0.4 * std::sqrt(1.0 - 0.36), kLengthTol);
  }
}

TEST(ArchGenerator, PointedOfRadiusHalfTheSpanIsTheSemicircularArch) {
  ArchSpec semicircular;
  semicircular.span = 2.0;
  semicircular.thickness = 0.3;
  semicircular.voussoirs = 6;
  semicircular.springing_height = 0.5;
  ArchSpec pointed = semicircular;
  pointed.form = ArchForm::Pointed;
  pointed.radius = 1.0;
  const std::vector<Block> a = generate_arch(semicircular, 3);
  const std::vector<Block> b = generate_arch(pointed, 3);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_TRUE(same_point_set(world_vertices(a[i]), world_vertices(b[i]))) << a[i].name;
}

TEST(ArchGenerator, BadSpecsNameTheirField) {
  ArchSpec good;
  good.span = 4.0;
  good.thickness = 0.4;
  good.voussoirs = 8;
  good.springing_height = 1.0;
  ArchSpec pointed = good;
  pointed.form = ArchForm::Pointed;
  ArchSpec segmental = good;
  segmental.form = ArchForm::Segmental;
  segmental.radius = 3.0;
  for (const ArchSpec& spec : {good, pointed, segmental}) ASSERT_NO_THROW(generate_arch(spec, 3));
  const auto refused = [](const std::string& field, ArchSpec spec,
                          const std::function<void(ArchSpec&)>& edit) {
    edit(spec);
    expect_refusal([&] { generate_arch(spec, 3); }, field);
  };
  refused("span", good, [](ArchSpec& s) { s.span = -1.0; });
  refused("radius", good, [](ArchSpec& s) { s.span = 0.0; });    // neither span nor radius
  refused("radius", good, [](ArchSpec& s) { s.radius = 1.5; });  // not span / 2
  refused("thickness", good, [](ArchSpec& s) { s.thickness = 0.0; });
  refused("thickness", good, [](ArchSpec& s) { s.thickness = NAN; });
  refused("depth", good, [](ArchSpec& s) { s.depth = 0.0; });
  refused("voussoirs", good, [](ArchSpec& s) { s.voussoirs = 1; });
  refused("springing_height", good, [](ArchSpec& s) { s.springing_height = -0.1; });
  refused("springing_height", good, [](ArchSpec& s) { s.springing_height = 0.0; });
  refused("abutment_width", good, [](ArchSpec& s) { s.abutment_width = 0.3; });
  expect_refusal([&] { generate_arch(good, 1); }, "dimension");
  refused("voussoirs", pointed, [](ArchSpec& s) { s.voussoirs = 7; });
  refused("radius", pointed, [](ArchSpec& s) { s.radius = 1.9; });
  refused("span", pointed, [](ArchSpec& s) { s.span = 0.0; });
  refused("radius", segmental, [](ArchSpec& s) { s.radius = 2.0; });
  refused("radius", segmental, [](ArchSpec& s) { s.radius = 0.0; });
  refused("voussoirs", segmental, [](ArchSpec& s) { s.voussoirs = 0; });
  // Planar mode ignores the depth; springing at the ground is fine without abutments.
  ArchSpec planar = good;
  planar.depth = 0.0;
  EXPECT_NO_THROW(generate_arch(planar, 2));
  planar.springing_height = 0.0;
  planar.abutments = false;
  EXPECT_NO_THROW(generate_arch(planar, 2));
}

}  // namespace
}  // namespace moreau::masonry
