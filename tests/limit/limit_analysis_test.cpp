// Associative limit analysis (limit/limit_analysis.hpp) against the statics of rigid blocks
// in closed form: a block b x h overturns at lambda = b/h when mu > b/h and slides at mu
// when mu < b/h (Shenton 1996, J. Eng. Mech. 122(7):690); two stacked blocks overturn as
// one; a top block offset over the lower one's edge by 0.1 m tips over it at 0.1/0.25 but
// the stack turns about its toe first, at the balance of both weights, 0.15/0.5 (the cases
// of validation/block_limit_analysis.py's known_answers). In 3D the pyramids bracket the
// cone. The load patterns follow the problem's tilt, lateral ramp or record.
#include "moreau/limit/limit_analysis.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

namespace moreau::limit {
namespace {

using math::Vec3;
using ::testing::HasSubstr;

// A polygon x0..x1 by z0..z1 (m) as a planar body of the problem file.
std::string rectangle(const std::string& name, double x0, double x1, double z0, double z1) {
  const double hx = (x1 - x0) / 2;
  const double hz = (z1 - z0) / 2;
  return core::concat("  - {name: ", name, ", shape: {type: polygon, vertices: [[", -hx, ", ", -hz,
                      "], [", hx, ", ", -hz, "], [", hx, ", ", hz, "], [", -hx, ", ", hz,
                      "]]}, position: [", x0 + hx, ", 0, ", z0 + hz, "]}\n");
}

// Blocks on the ground with friction mu under `loads`, in planar mode.
run::Problem planar_problem(double mu, const std::string& blocks,
                            const std::string& loads = "{lateral: {rate: 1}}") {
  return io::read_problem_text(core::concat("version: 1\ndimension: 2\ntime: {step: 1.0e-3, "
                                            "duration: 1}\ninteractions: {default: {friction: ",
                                            mu,
                                            "}}\nbodies:\n  - {name: ground, shape: {type: "
                                            "plane}, fixed: true}\n",
                                            blocks, "loads: ", loads, "\n"),
                               "limit", ".");
}

// The collapse along the problem's only load direction.
Collapse collapse_of(const run::Problem& problem, ConeFacets cone = ConeFacets::Circumscribed,
                     int facets = 16) {
  const LoadPattern pattern = load_pattern(problem);
  EXPECT_EQ(pattern.directions.size(), 1u);
  return associative_collapse(problem.scene, standing_contacts(problem.scene),
                              pattern.directions.front(), cone, facets);
}

TEST(LimitAnalysis, ABlockOverturnsAtItsSlendernessOrSlidesAtItsFriction) {
  const std::string block = rectangle("block", 0.0, 0.4, 0.0, 1.0);
  const Collapse overturning = collapse_of(planar_problem(0.8, block));
  ASSERT_EQ(overturning.outcome, Collapse::Outcome::Collapse);
  EXPECT_NEAR(overturning.multiplier, 0.4, 1e-9);
  EXPECT_THAT(overturning.mechanism.description, HasSubstr("overturning of 1 block"));
  const Collapse sliding = collapse_of(planar_problem(0.3, block));
  ASSERT_EQ(sliding.outcome, Collapse::Outcome::Collapse);
  EXPECT_NEAR(sliding.multiplier, 0.3, 1e-9);
  // The live load along +x does positive work: the block moves along +x.
  EXPECT_GT(sliding.velocities[1].x(), 0.0);
}

TEST(LimitAnalysis, AStackOverturnsAsOneAndAnOffsetTopBlockWithTheStack) {
  const Collapse stack = collapse_of(planar_problem(
      0.8, rectangle("lower", 0.0, 0.4, 0.0, 0.5) + rectangle("upper", 0.0, 0.4, 0.5, 1.0)));
  EXPECT_NEAR(stack.multiplier, 0.4, 1e-9);
  const Collapse offset = collapse_of(planar_problem(
      0.8, rectangle("lower", 0.0, 0.4, 0.0, 0.5) + rectangle("upper", 0.1, 0.5, 0.5, 1.0)));
  EXPECT_NEAR(offset.multiplier, 0.3, 1e-9);
}

// Two blocks side by side: non-associative friction lets each tip alone at b/h = 0.4 while
// their joint slips at no normal force; the associative law charges that slip a dilatancy,
// so its collapse lies above, and below the no-sliding analysis' 2b/h = 0.8.
TEST(LimitAnalysis, TwoBlocksSideBySideCollapseBetweenTheirBounds) {
  const Collapse pair = collapse_of(planar_problem(
      0.8, rectangle("left", 0.0, 0.4, 0.0, 1.0) + rectangle("right", 0.4, 0.8, 0.0, 1.0)));
  ASSERT_EQ(pair.outcome, Collapse::Outcome::Collapse);
  EXPECT_GT(pair.multiplier, 0.4 + 1e-3);
  EXPECT_LT(pair.multiplier, 0.8 - 1e-3);
}

// The non-associative minimum along the problem's only load direction, Cbc given `seconds`.
MinimumCollapse minimum_of(const run::Problem& problem, ConeFacets cone = ConeFacets::Inscribed,
                           int facets = 8, double seconds = 60.0,
                           MovingBonds bonds = MovingBonds::Hold) {
  const LoadPattern pattern = load_pattern(problem);
  const auto contacts = standing_contacts(problem.scene);
  const Collapse upper =
      associative_collapse(problem.scene, contacts, pattern.directions.front(), cone, facets);
  return nonassociative_collapse(problem.scene, contacts, upper, cone, facets, 100, seconds, bonds,
                                 0.0);
}

// The minimum of the pair above: each block tips about its own toe at b/h = 0.4, their joint
// slipping at no normal force (validation/block_limit_analysis.py's known_answers, by HiGHS),
// for any friction above b/h; with mu = 0.3 below it, both slide at 0.3.
TEST(LimitAnalysis, TwoBlocksSideBySideCanTipEachAloneAtTheirSlenderness) {
  const std::string pair =
      rectangle("left", 0.0, 0.4, 0.0, 1.0) + rectangle("right", 0.4, 0.8, 0.0, 1.0);
  for (const double mu : {0.8, 1e3}) {
    const MinimumCollapse tipping = minimum_of(planar_problem(mu, pair));
    ASSERT_EQ(tipping.collapse.outcome, Collapse::Outcome::Collapse) << tipping.unsolved;
    EXPECT_TRUE(tipping.proven);
    EXPECT_NEAR(tipping.collapse.multiplier, 0.4, 1e-6) << "mu " << mu;
    EXPECT_NEAR(tipping.lower_bound, tipping.collapse.multiplier, 1e-9);
    EXPECT_THAT(tipping.collapse.mechanism.description, HasSubstr("sliding at left against right"));
  }
  const MinimumCollapse sliding = minimum_of(planar_problem(0.3, pair));
  EXPECT_NEAR(sliding.collapse.multiplier, 0.3, 1e-6);
}

// Where no joint need slip, the minimum is the associative collapse: a block's overturning,
// a stack's, the offset top block's (the associative cases above).
TEST(LimitAnalysis, WithoutSlipTheMinimumIsTheAssociativeCollapse) {
  EXPECT_NEAR(
      minimum_of(planar_problem(0.8, rectangle("block", 0.0, 0.4, 0.0, 1.0))).collapse.multiplier,
      0.4, 1e-6);
  EXPECT_NEAR(minimum_of(planar_problem(0.8, rectangle("lower", 0.0, 0.4, 0.0, 0.5) +
                                                 rectangle("upper", 0.0, 0.4, 0.5, 1.0)))
                  .collapse.multiplier,
              0.4, 1e-6);
  EXPECT_NEAR(minimum_of(planar_problem(0.8, rectangle("lower", 0.0, 0.4, 0.0, 0.5) +
                                                 rectangle("upper", 0.1, 0.5, 0.5, 1.0)))
                  .collapse.multiplier,
              0.3, 1e-6);
}

// A 3D box 1 x 1 x 0.5 m on the ground, mu = 0.3, under a lateral load along (0.6, 0.8, 0).
run::Problem sliding_box() {
  return io::read_problem_text(R"(version: 1
time: {step: 1.0e-3, duration: 1}
interactions: {default: {friction: 0.3}}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - {name: box, shape: {type: box, size: [1, 1, 0.5]}, position: [0, 0, 0.25]}
loads: {lateral: {rate: 1, direction: [0.6, 0.8, 0]}}
)",
                               "box", ".");
}

// A 3D box sliding: the inscribed pyramid's faces lie within mu cos(pi / m) of the axis,
// the circumscribed one's at mu, and the cone's answer, mu, lies between.
TEST(LimitAnalysis, PyramidsBracketTheConeIn3D) {
  const run::Problem problem = sliding_box();
  const int facets = 8;
  const double inscribed = collapse_of(problem, ConeFacets::Inscribed, facets).multiplier;
  const double circumscribed = collapse_of(problem, ConeFacets::Circumscribed, facets).multiplier;
  EXPECT_LE(inscribed, 0.3 + 1e-9);
  EXPECT_GE(circumscribed, 0.3 - 1e-9);
  EXPECT_GE(inscribed, 0.3 * std::cos(std::numbers::pi / facets) - 1e-9);
  EXPECT_LE(circumscribed, 0.3 / std::cos(std::numbers::pi / facets) + 1e-9);
  EXPECT_LT(circumscribed - inscribed, 0.3 * (1.0 / std::cos(std::numbers::pi / facets) - 1.0) +
                                           0.3 * (1.0 - std::cos(std::numbers::pi / facets)));
}

// Two boxes 0.4 x 1 x 1 m side by side on the ground, mu = 0.8, under a lateral load along x.
run::Problem boxes_side_by_side() {
  return io::read_problem_text(
      R"(version: 1
time: {step: 1.0e-3, duration: 1}
interactions: {default: {friction: 0.8}}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - {name: left, shape: {type: box, size: [0.4, 1, 1]}, position: [0.2, 0, 0.5]}
  - {name: right, shape: {type: box, size: [0.4, 1, 1]}, position: [0.6, 0, 0.5]}
loads: {lateral: {rate: 1}}
)",
      "pair", ".");
}

// In 3D the same: two boxes side by side tip each alone at b/h = 0.4, their joint slipping at
// no force along any direction of its plane (Cbc, given 2 s, need not prove it the least: its
// bound must stay below); a box slides at the friction of the pyramid's faces along the load,
// between mu cos(pi / m) and mu for the inscribed one.
TEST(LimitAnalysis, TheMinimumIn3DTipsTheBoxesAloneOrSlidesWithinThePyramid) {
  const run::Problem pair = boxes_side_by_side();
  for (const ConeFacets cone : {ConeFacets::Inscribed, ConeFacets::Circumscribed}) {
    const MinimumCollapse tipping = minimum_of(pair, cone, 8, 2.0);
    ASSERT_EQ(tipping.collapse.outcome, Collapse::Outcome::Collapse) << tipping.unsolved;
    EXPECT_NEAR(tipping.collapse.multiplier, 0.4, 1e-6);
    EXPECT_LE(tipping.lower_bound, tipping.collapse.multiplier);
    EXPECT_THAT(tipping.collapse.mechanism.description, HasSubstr("sliding at left against right"));
  }
  const run::Problem box = sliding_box();
  const MinimumCollapse sliding = minimum_of(box);
  EXPECT_LE(sliding.collapse.multiplier, 0.3 + 1e-6);
  EXPECT_GE(sliding.collapse.multiplier, 0.3 * std::cos(std::numbers::pi / 8) - 1e-6);
  EXPECT_NEAR(sliding.collapse.multiplier, collapse_of(box, ConeFacets::Inscribed, 8).multiplier,
              1e-6);
}

// Gilbert, Casapulla and Ahmed's iteration finds the pair's tipping at 0.4 from the associative
// 0.588, in 3D too, and the stack's and offset block's associative collapses, which no slip
// changes.
TEST(LimitAnalysis, TheFictitiousFrictionIterationFindsTheMechanismsWithoutDilatancy) {
  const auto found = [](const run::Problem& problem, ConeFacets cone = ConeFacets::Inscribed) {
    const MinimumCollapse minimum = minimum_of(problem, cone, 8, 0.0);
    EXPECT_EQ(minimum.collapse.outcome, Collapse::Outcome::Collapse) << minimum.unsolved;
    EXPECT_FALSE(minimum.proven);
    return minimum.collapse;
  };
  const Collapse pair = found(planar_problem(
      0.8, rectangle("left", 0.0, 0.4, 0.0, 1.0) + rectangle("right", 0.4, 0.8, 0.0, 1.0)));
  EXPECT_NEAR(pair.multiplier, 0.4, 1e-6);
  EXPECT_THAT(pair.mechanism.description, HasSubstr("sliding at left against right"));
  EXPECT_NEAR(found(planar_problem(0.8, rectangle("lower", 0.0, 0.4, 0.0, 0.5) +
                                            rectangle("upper", 0.1, 0.5, 0.5, 1.0)))
                  .multiplier,
              0.3, 1e-6);
  EXPECT_NEAR(found(planar_problem(0.3, rectangle("block", 0.0, 0.4, 0.0, 1.0))).multiplier, 0.3,
              1e-6);
  const run::Problem boxes = boxes_side_by_side();
  for (const ConeFacets cone : {ConeFacets::Inscribed, ConeFacets::Circumscribed})
    EXPECT_NEAR(found(boxes, cone).multiplier, 0.4, 1e-6);
}

// A block held in a slot between two fixed walls: they balance any lateral load.
TEST(LimitAnalysis, ABlockInASlotDoesNotCollapse) {
  const Collapse held = collapse_of(planar_problem(
      0.5, rectangle("block", 0.0, 0.4, 0.0, 1.0) +
               "  - {name: left wall, shape: {type: polygon, vertices: [[-0.1, -0.5], [0.1, "
               "-0.5], [0.1, 0.5], [-0.1, 0.5]]}, position: [-0.1, 0, 0.5], fixed: true}\n"
               "  - {name: right wall, shape: {type: polygon, vertices: [[-0.1, -0.5], [0.1, "
               "-0.5], [0.1, 0.5], [-0.1, 0.5]]}, position: [0.5, 0, 0.5], fixed: true}\n"));
  EXPECT_EQ(held.outcome, Collapse::Outcome::NoCollapse);
}

TEST(LimitAnalysis, TheLoadPatternIsTheProblemsTiltLateralRampOrRecord) {
  const std::string block = rectangle("block", 0.0, 0.4, 0.0, 1.0);
  // A tilt about +y leans gravity towards -x; its factor is the tilt, atan(lambda).
  const LoadPattern tilt = load_pattern(planar_problem(0.8, block, "{tilt: {rate: 1}}"));
  EXPECT_EQ(tilt.kind, "tilt");
  ASSERT_EQ(tilt.directions.size(), 1u);
  EXPECT_NEAR((tilt.directions.front() - Vec3(-1.0, 0.0, 0.0)).norm(), 0.0, 1e-12);
  EXPECT_NEAR(tilt.load_factor(1.0), 45.0, 1e-12);
  EXPECT_EQ(tilt.load_factor_name(), "tilt_angle_deg");
  // A table set at 20 degrees: the live load is orthogonal to the gravity it starts from, and
  // the block tips at the same absolute tilt, atan(0.4 / 1).
  const run::Problem set = planar_problem(0.8, block, "{tilt: {initial: 20, rate: 1}}");
  const LoadPattern from_twenty = load_pattern(set);
  EXPECT_NEAR(from_twenty.directions.front().dot(set.gravity.at(0.0)), 0.0, 1e-12);
  EXPECT_NEAR(from_twenty.load_factor(std::tan(5.0 * std::numbers::pi / 180)), 25.0, 1e-12);
  const Collapse tipping = collapse_of(set);
  ASSERT_EQ(tipping.outcome, Collapse::Outcome::Collapse);
  EXPECT_NEAR(from_twenty.load_factor(tipping.multiplier), std::atan(0.4) * 180 / std::numbers::pi,
              1e-9);
  const LoadPattern lateral =
      load_pattern(planar_problem(0.8, block, "{lateral: {rate: 1, direction: [-1, 0, 0]}}"));
  EXPECT_NEAR(lateral.directions.front().x(), -1.0, 1e-12);
  EXPECT_EQ(lateral.load_factor(0.25), 0.25);
  try {
    load_pattern(planar_problem(0.8, block, "{gravity_ramp: {duration: 1}}"));
    ADD_FAILURE() << "a gravity ramp has no lateral load";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "loads");
  }
  run::Problem weightless = planar_problem(0.8, block, "{tilt: {rate: 1}}");
  weightless.gravity.gravity = Vec3::Zero();
  try {
    load_pattern(weightless);
    ADD_FAILURE() << "no gravity, no loads in proportion to it";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "gravity");
  }
}

TEST(LimitAnalysis, AGroundMotionIsAnalysedAlongItsPeakBothWays) {
  const run::Problem problem = io::read_problem_text(
      core::concat("version: 1\ndimension: 2\ntime: {step: 1.0e-3, duration: 1}\nbodies:\n"
                   "  - name: table\n"
                   "    shape: {type: polygon, vertices: [[-2, -0.1], [2, -0.1], [2, 0], [-2, "
                   "0]]}\n    driven:\n      ground_motion: {record: ",
                   MOREAU_SOURCE_DIR,
                   "/problems/records/rectangular-pulse.csv, units: g, direction: [1, 0, 0], "
                   "baseline: none}\n",
                   rectangle("block", -0.2, 0.2, 0.0, 1.0)),
      "shaken", ".");
  const LoadPattern pattern = load_pattern(problem);
  EXPECT_EQ(pattern.kind, "ground motion");
  ASSERT_EQ(pattern.directions.size(), 2u);
  EXPECT_NEAR(pattern.directions[0].x(), 1.0, 1e-12);
  EXPECT_NEAR(pattern.directions[1].x(), -1.0, 1e-12);
  // The block, 0.4 x 1 m, overturns on the table at 0.4 g either way.
  const auto contacts = standing_contacts(problem.scene);
  for (const Vec3& direction : pattern.directions)
    EXPECT_NEAR(
        associative_collapse(problem.scene, contacts, direction, ConeFacets::Circumscribed, 16)
            .multiplier,
        0.4, 1e-9);
}

// A block 0.4 x 1 m whose joint with the ground is bonded (cohesion c, tensile strength f_t,
// Pa) under a lateral load, planar: each of its two contact points stands for half the
// joint's area A = 0.4 m x the unit depth.
run::Problem bonded_block(double mu, double cohesion, double tensile_strength) {
  return io::read_problem_text(
      core::concat("version: 1\ndimension: 2\ntime: {step: 1.0e-3, duration: 1}\ninteractions: "
                   "{default: {friction: ",
                   mu, ", cohesion: ", cohesion, ", tensile_strength: ", tensile_strength,
                   "}}\nbodies:\n  - {name: ground, shape: {type: plane}, fixed: true}\n",
                   rectangle("block", 0.0, 0.4, 0.0, 1.0), "loads: {lateral: {rate: 1}}\n"),
      "bonded", ".");
}

double weight(const run::Problem& problem) {
  return problem.scene.bodies[1].mass * problem.scene.gravity.norm();
}

// Mohr-Coulomb's joint in closed form: the block slides at lambda W = mu W + c A, and turns
// about its toe at lambda W h/2 = W b/2 + T b, the heel's point holding T = f_t A / 2.
TEST(LimitAnalysis, ABondedBlockSlidesAtItsCohesionOrTurnsAgainstItsTensileStrength) {
  const double area = 0.4;
  for (const double mu : {0.3, 0.8}) {
    const run::Problem problem = bonded_block(mu, 1000.0, 1000.0);
    const double w = weight(problem);
    const double sliding = mu + 1000.0 * area / w;
    const double turning = 0.4 + 2.0 * 0.4 * (1000.0 * area / 2) / w;
    const Collapse collapse = collapse_of(problem);
    ASSERT_EQ(collapse.outcome, Collapse::Outcome::Collapse);
    EXPECT_NEAR(collapse.multiplier, std::min(sliding, turning), 1e-9) << "mu " << mu;
    EXPECT_THAT(collapse.mechanism.description,
                HasSubstr(mu < 0.5 ? "sliding" : "overturning of 1 block"));
    // Non-associative friction changes nothing for one block: its one mechanism has the same
    // forces.
    const MinimumCollapse minimum =
        nonassociative_collapse(problem.scene, standing_contacts(problem.scene), collapse,
                                ConeFacets::Circumscribed, 16, 100, 10.0, MovingBonds::Hold, 0.0);
    EXPECT_TRUE(minimum.proven);
    EXPECT_NEAR(minimum.collapse.multiplier, collapse.multiplier, 1e-7) << "mu " << mu;
  }
  // The bond's tension is a force of the answer: the heel pulls as the block turns.
  const Collapse turning = collapse_of(bonded_block(0.8, 1000.0, 1000.0));
  double least = 0.0;
  for (const ContactForce& force : turning.forces) least = std::min(least, force.normal);
  EXPECT_NEAR(least, -1000.0 * area / 2, 1e-6);
}

// With brittle bonds a joint that moves has lost its bond: the bonded block goes as the dry
// one, sliding at mu or turning about its toe at b/h = 0.4, whichever is less, and Cbc proves
// it (the heel that opens is dry; the toe it turns on does not move and keeps its bond).
TEST(LimitAnalysis, ABondedBlockWithBrittleBondsGoesAsTheDryBlock) {
  for (const double mu : {0.3, 0.8}) {
    const run::Problem problem = bonded_block(mu, 1000.0, 1000.0);
    const MinimumCollapse brittle =
        minimum_of(problem, ConeFacets::Circumscribed, 16, 10.0, MovingBonds::Break);
    ASSERT_EQ(brittle.collapse.outcome, Collapse::Outcome::Collapse) << brittle.unsolved;
    EXPECT_TRUE(brittle.proven);
    EXPECT_NEAR(brittle.collapse.multiplier, std::min(mu, 0.4), 1e-7) << "mu " << mu;
    EXPECT_THAT(brittle.collapse.mechanism.description,
                HasSubstr(mu < 0.4 ? "sliding" : "overturning of 1 block"));
    for (const ContactForce& force : brittle.collapse.forces)
      EXPECT_GE(force.normal, -1e-9) << "a bond that holds tension where the block moves";
  }
}

// Two blocks side by side bonded to each other and to the ground (mu = 0.3, c = 2,000 Pa):
// brittle bonds bound both other lower ends from below, the joints' perfectly plastic one and
// the dry structure's, since a mechanism of either has consistent forces with them; each
// proven by Cbc.
TEST(LimitAnalysis, BrittleBondsBoundThePlasticAndTheDryLowerEnds) {
  const std::string pair =
      rectangle("left", 0.0, 0.4, 0.0, 1.0) + rectangle("right", 0.4, 0.8, 0.0, 1.0);
  for (const double tensile_strength : {0.0, 2000.0}) {
    run::Problem problem = planar_problem(0.3, pair);
    model::ContactLaw law = problem.scene.interactions.law(0, 0);
    const run::Problem dry = problem;
    law.cohesion = 2000.0;
    law.tensile_strength = tensile_strength;
    problem.scene.interactions.set(0, 0, law);
    const auto least = [](const run::Problem& p, MovingBonds bonds) {
      const MinimumCollapse m = minimum_of(p, ConeFacets::Circumscribed, 16, 30.0, bonds);
      EXPECT_TRUE(m.proven);
      EXPECT_EQ(m.collapse.outcome, Collapse::Outcome::Collapse) << m.unsolved;
      return m.collapse.multiplier;
    };
    const double brittle = least(problem, MovingBonds::Break);
    EXPECT_LE(brittle, least(problem, MovingBonds::Hold) + 1e-9) << tensile_strength;
    EXPECT_LE(brittle, least(dry, MovingBonds::Break) + 1e-9) << tensile_strength;
    EXPECT_GT(brittle, 0.0);
  }
}

// In 3D the pyramids bracket the shifted cone as they bracket the dry one: the box slides at
// mu + c A / W.
TEST(LimitAnalysis, PyramidsBracketTheBondedConeIn3D) {
  run::Problem problem = sliding_box();
  model::ContactLaw law = problem.scene.interactions.law(0, 0);
  law.cohesion = 500.0;
  problem.scene.interactions.set(0, 0, law);
  const double exact = 0.3 + 500.0 * 1.0 / weight(problem);
  const int facets = 8;
  EXPECT_LE(collapse_of(problem, ConeFacets::Inscribed, facets).multiplier, exact + 1e-9);
  EXPECT_GE(collapse_of(problem, ConeFacets::Circumscribed, facets).multiplier, exact - 1e-9);
  EXPECT_GE(collapse_of(problem, ConeFacets::Inscribed, facets).multiplier,
            exact * std::cos(std::numbers::pi / facets) - 1e-9);
}

}  // namespace
}  // namespace moreau::limit
