// The cohesive-joint keys of problem files (interactions.*.cohesion, tensile_strength), read
// with the other settings sections by problem_settings.cpp: both reach the laws, a pair
// inherits what it omits from the default, the friction-angle pairs take the default's, and
// the final law of every entry is checked against the Mohr-Coulomb cone's preconditions
// (dynamics/cohesive_joints.hpp), at the key to change. Files are written to a temporary
// folder and read back; expected values are those written.
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <optional>
#include <string>

namespace moreau::io {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

class ProblemCohesionTest : public ::testing::Test {
 protected:
  // A planar problem in `mode` with materials a, b and c (or `materials`) and the given
  // interactions section.
  fs::path write(const std::string& interactions, const std::string& mode = "nscd",
                 const std::string& materials = "") const {
    const fs::path path = folder_ / "problem.yaml";
    std::ofstream(path) << "version: 1\n"
                           "dimension: 2\n"
                           "time: {step: 1.0e-5, duration: 0.01}\n"
                           "mode: "
                        << mode << "\nmaterials:\n"
                        << (materials.empty() ? kMaterials : materials) << interactions
                        << "bodies:\n"
                           "  - {name: ground, shape: {type: plane}, fixed: true}\n"
                           "  - {name: block, shape: {type: polygon, vertices: [[-0.2, -0.1], "
                           "[0.2, -0.1], [0.2, 0.1], [-0.2, 0.1]]}, position: [0, 0, 0.1]}\n";
    return path;
  }

  // Reads a problem that must be refused, and returns the error.
  static core::Diagnostic refusal(const fs::path& path) {
    try {
      read_problem_file(path);
    } catch (const core::Diagnostic& error) {
      return error;
    }
    ADD_FAILURE() << "no error";
    return core::Diagnostic({}, "", "");
  }

  static constexpr const char* kMaterials =
      "  - {name: a, density: 2000, young_modulus: 1.0e9}\n"
      "  - {name: b, density: 2000, young_modulus: 1.0e9}\n"
      "  - {name: c, density: 2000, young_modulus: 1.0e9}\n";

  const testing::ScratchFolder scratch_;
  const fs::path& folder_ = scratch_.path();
};

TEST_F(ProblemCohesionTest, WithoutTheKeysNoLawHasABond) {
  const run::Problem p = read_problem_file(write("interactions:\n  default: {friction: 0.6}\n"));
  EXPECT_EQ(p.scene.interactions.law(0, 1).cohesion, 0.0);
  EXPECT_EQ(p.scene.interactions.law(0, 1).tensile_strength, 0.0);
}

TEST_F(ProblemCohesionTest, APairTakesFromTheDefaultWhatItOmits) {
  const run::Problem p = read_problem_file(write(R"(interactions:
  default: {friction: 0.5, cohesion: 2.0e5, tensile_strength: 1.0e5}
  pairs:
    - {materials: [a, b], cohesion: 3.0e5}
    - {materials: [a, c], friction: 0.8, tensile_strength: 0}
)"));
  const model::InteractionTable& table = p.scene.interactions;
  EXPECT_EQ(table.law(1, 2).cohesion, 2.0e5);  // not listed: the default
  EXPECT_EQ(table.law(1, 2).tensile_strength, 1.0e5);
  EXPECT_EQ(table.law(1, 0).cohesion, 3.0e5);
  EXPECT_EQ(table.law(1, 0).tensile_strength, 1.0e5);  // inherited
  EXPECT_EQ(table.law(1, 0).friction, 0.5);
  EXPECT_EQ(table.law(0, 2).cohesion, 2.0e5);  // inherited
  EXPECT_EQ(table.law(0, 2).tensile_strength, 0.0);
  EXPECT_EQ(table.law(0, 2).friction, 0.8);
}

// Each entry's final law is checked, and the error points at the value the entry gave.
TEST_F(ProblemCohesionTest, APairsInheritedStrengthsAreCheckedAgainstItsOwnFriction) {
  // Default: apex c / mu = 1e5 / 0.5 = 2e5 Pa >= f_t = 1e5 Pa. The pair's mu = 2 puts the
  // apex at 5e4 Pa, below the inherited f_t.
  const core::Diagnostic error = refusal(write(R"(interactions:
  default: {friction: 0.5, cohesion: 1.0e5, tensile_strength: 1.0e5}
  pairs:
    - {materials: [a, b], friction: 2}
)"));
  EXPECT_EQ(error.key(), "interactions.pairs[0].friction");
  EXPECT_EQ(error.where().line, 12);
  EXPECT_THAT(error.what(),
              HasSubstr("expected a tensile_strength of at most cohesion / friction = 50000 Pa"));
  // A tensile strength right at the apex is allowed: the cut then touches the cone's apex.
  EXPECT_NO_THROW(read_problem_file(write(R"(interactions:
  default: {friction: 0.5, cohesion: 1.0e5, tensile_strength: 2.0e5}
)")));
  // A pair that gives cohesion 0 but keeps the default's tension cut.
  EXPECT_EQ(refusal(write(R"(interactions:
  default: {friction: 0.5, cohesion: 1.0e5, tensile_strength: 1.0e5}
  pairs:
    - {materials: [a, b], cohesion: 0}
)"))
                .key(),
            "interactions.pairs[0].cohesion");
}

TEST_F(ProblemCohesionTest, FrictionAnglePairsTakeTheDefaultsStrengths) {
  const std::string materials =
      "  - {name: a, density: 2000, friction_angle: 30}\n"
      "  - {name: b, density: 2000, friction_angle: 40}\n"
      "  - {name: c, density: 2000}\n";
  const run::Problem p = read_problem_file(
      write("interactions:\n  default: {friction: 0.8, cohesion: 1.0e5, tensile_strength: 5.0e4}\n",
            "nscd", materials));
  const model::ContactLaw& law = p.scene.interactions.law(0, 1);
  EXPECT_NEAR(law.friction, std::tan(30 * std::numbers::pi / 180), 1e-15);
  EXPECT_EQ(law.cohesion, 1.0e5);
  EXPECT_EQ(law.tensile_strength, 5.0e4);
  // tan(30 deg) = 0.577: the apex 1e5 / 0.577 = 1.73e5 Pa is below f_t = 1.8e5 Pa, which the
  // default's own mu = 0.5 (apex 2e5 Pa) allows: refused at the default, naming the
  // materials whose angles gave mu (the pair (a, a) is the first made).
  const core::Diagnostic error = refusal(
      write("interactions:\n  default: {friction: 0.5, cohesion: 1.0e5, tensile_strength: 1.8e5}\n",
            "nscd", materials));
  EXPECT_EQ(error.key(), "interactions.default.tensile_strength");
  EXPECT_THAT(error.what(), HasSubstr("tan of the smaller friction_angle of materials a and a"));
}

// The penalty mode's restrictions hold there only: the same laws serve NSCD.
TEST_F(ProblemCohesionTest, PenaltyModeBondsTheLinearSpringWithACoulombSlider) {
  const std::string hertz = R"(interactions:
  default: {friction: 0.6, cohesion: 1.0e5, penalty: {normal: {law: hertz}}}
)";
  EXPECT_NO_THROW(read_problem_file(write(hertz, "nscd")));
  const core::Diagnostic error = refusal(write(hertz, "penalty"));
  EXPECT_EQ(error.key(), "interactions.default.penalty.normal.law");
  EXPECT_THAT(error.what(), HasSubstr("expected law: linear with cohesion in mode: penalty"));
  EXPECT_NO_THROW(read_problem_file(write(R"(interactions:
  default: {friction: 0.6, cohesion: 1.0e5, tensile_strength: 1.0e5}
  pairs:
    - {materials: [a, b], penalty: {tangential: {law: incremental}}}
)",
                                          "penalty")));
}

TEST_F(ProblemCohesionTest, PenaltyModeRefusesAUserLawWithCohesion) {
#ifndef MOREAU_TEST_LINEAR_SPRING_DASHPOT_LAW
  GTEST_SKIP() << "MOREAU_TEST_LINEAR_SPRING_DASHPOT_LAW (the plug-in's path) is not defined "
                  "for this test target";
#else
  fs::copy_file(MOREAU_TEST_LINEAR_SPRING_DASHPOT_LAW, folder_ / "law.so");
  const std::string user = R"(interactions:
  default: {friction: 0.6, cohesion: 1.0e5}
  pairs:
    - materials: [a, b]
      penalty: {user: {library: law.so, parameters: [1.0e6, 20, 8.0e5, 10]}}
)";
  EXPECT_NO_THROW(read_problem_file(write(user, "nscd")));
  const core::Diagnostic error = refusal(write(user, "penalty"));
  EXPECT_EQ(error.key(), "interactions.pairs[0].penalty.user");
  EXPECT_THAT(error.what(), HasSubstr("found a user law"));
#endif
}

}  // namespace
}  // namespace moreau::io
