// The penalty keys of problem files (interactions.*.penalty, materials' dissipation and
// friction_angle, time.critical_step): every key reaches the law settings, a pair inherits
// what it omits from the default, the friction-angle rule fills the pairs not listed, and
// the read-time checks of the calibration refuse what resolve_laws could not compute.
// Files are written to a temporary folder and read back; expected values are those written.
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/math/quaternion.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace moreau::io {
namespace {

namespace fs = std::filesystem;
using penalty::NormalLawKind;
using penalty::TangentialLawKind;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class ProblemPenaltyTest : public ::testing::Test {
 protected:
  // A problem with materials a, b and c, `mode`, and the given interactions (and materials,
  // when `materials` is not empty).
  fs::path write(const std::string& interactions, const std::string& materials = "",
                 const std::string& mode = "penalty") const {
    const fs::path path = folder_ / "problem.yaml";
    std::ofstream(path) << "version: 1\n"
                           "time: {step: 1.0e-4, duration: 0.1, critical_step: substep}\n"
                           "mode: "
                        << mode << "\nmaterials:\n"
                        << (materials.empty() ? kMaterials : materials) << interactions
                        << "bodies:\n"
                           "  - {name: ball, shape: {type: sphere, radius: 0.1}, material: a}\n";
    return path;
  }

  // Reads a problem that must be refused, and returns the error.
  core::Diagnostic refusal(const fs::path& path, const ReadOverrides& overrides = {}) const {
    try {
      read_problem_file(path, overrides);
    } catch (const core::Diagnostic& error) {
      return error;
    }
    ADD_FAILURE() << "no error";
    return core::Diagnostic({}, "", "");
  }

  static constexpr const char* kMaterials =
      "  - {name: a, density: 2000, young_modulus: 1.0e9, poisson_ratio: 0.3}\n"
      "  - {name: b, density: 3000, young_modulus: 2.0e9, dissipation: 0.5}\n"
      "  - {name: c, density: 4000, young_modulus: 3.0e9}\n";

  const testing::ScratchFolder scratch_;
  const fs::path& folder_ = scratch_.path();
};

TEST_F(ProblemPenaltyTest, EveryNormalLawReadsItsParameters) {
  const run::Problem p = read_problem_file(write(R"(interactions:
  default:
    penalty: {normal: {law: linear, stiffness: 1.0e6, damping: 20, tension: true}}
  pairs:
    - materials: [a, b]
      penalty: {normal: {law: hertz, stiffness: 2.0e8, damping: 30}}
    - materials: [a, c]
      penalty: {normal: {law: hunt_crossley, stiffness: 3.0e8, dissipation: 0.4}}
    - materials: [b, c]
      penalty:
        normal: {law: power, stiffness: 4.0e7, stiffness_exponent: 1.2, damping: 50,
                 rate_exponent: 0.5, indentation_exponent: 0}
)"));
  const model::InteractionTable& table = p.scene.interactions;
  const penalty::NormalLawSettings& linear = table.law(0, 0).penalty.normal;
  EXPECT_EQ(linear.kind, NormalLawKind::Linear);
  EXPECT_DOUBLE_EQ(linear.stiffness.value(), 1e6);
  EXPECT_DOUBLE_EQ(linear.damping.value(), 20);
  EXPECT_TRUE(linear.tension);

  const penalty::NormalLawSettings& hertz = table.law(1, 0).penalty.normal;
  EXPECT_EQ(hertz.kind, NormalLawKind::Hertz);
  EXPECT_DOUBLE_EQ(hertz.stiffness.value(), 2e8);
  EXPECT_DOUBLE_EQ(hertz.damping.value(), 30);
  EXPECT_FALSE(hertz.tension);  // a law other than the default's starts from its own defaults

  const penalty::NormalLawSettings& hunt_crossley = table.law(0, 2).penalty.normal;
  EXPECT_EQ(hunt_crossley.kind, NormalLawKind::HuntCrossley);
  EXPECT_DOUBLE_EQ(hunt_crossley.stiffness.value(), 3e8);
  EXPECT_DOUBLE_EQ(hunt_crossley.dissipation.value(), 0.4);
  EXPECT_FALSE(hunt_crossley.damping);

  const penalty::NormalLawSettings& power = table.law(1, 2).penalty.normal;
  EXPECT_EQ(power.kind, NormalLawKind::PowerLaw);
  EXPECT_DOUBLE_EQ(power.stiffness.value(), 4e7);
  EXPECT_DOUBLE_EQ(power.stiffness_exponent, 1.2);
  EXPECT_DOUBLE_EQ(power.damping.value(), 50);
  EXPECT_DOUBLE_EQ(power.rate_exponent, 0.5);
  EXPECT_DOUBLE_EQ(power.indentation_exponent, 0.0);
}

TEST_F(ProblemPenaltyTest, EveryTangentialLawReadsItsParameters) {
  const run::Problem p = read_problem_file(write(R"(interactions:
  default:
    penalty: {tangential: {law: spring_dashpot_slider, stiffness: 5.0e5, damping: 7}}
  pairs:
    - materials: [a, b]
      penalty: {tangential: {law: incremental, stiffness_ratio: 0.8}}
    - materials: [a, c]
      friction: 0.3
      penalty:
        tangential: {law: velocity_dependent, static_friction: 0.45, static_velocity: 0.002,
                     dynamic_velocity: 0.01, max_force: 100}
)"));
  const model::InteractionTable& table = p.scene.interactions;
  const penalty::TangentialLawSettings& slider = table.law(1, 1).penalty.tangential;
  EXPECT_EQ(slider.kind, TangentialLawKind::SpringDashpotSlider);
  EXPECT_DOUBLE_EQ(slider.stiffness.value(), 5e5);
  EXPECT_DOUBLE_EQ(slider.damping.value(), 7);

  const penalty::TangentialLawSettings& incremental = table.law(0, 1).penalty.tangential;
  EXPECT_EQ(incremental.kind, TangentialLawKind::IncrementalCoulomb);
  EXPECT_DOUBLE_EQ(incremental.stiffness_ratio.value(), 0.8);
  EXPECT_FALSE(incremental.stiffness);

  const model::ContactLaw& law = table.law(2, 0);
  EXPECT_DOUBLE_EQ(law.friction, 0.3);  // mu_d of the velocity-dependent law
  const penalty::TangentialLawSettings& velocity = law.penalty.tangential;
  EXPECT_EQ(velocity.kind, TangentialLawKind::VelocityDependent);
  EXPECT_DOUBLE_EQ(velocity.static_friction.value(), 0.45);
  EXPECT_DOUBLE_EQ(velocity.static_velocity, 0.002);
  EXPECT_DOUBLE_EQ(velocity.dynamic_velocity, 0.01);
  EXPECT_DOUBLE_EQ(velocity.max_force.value(), 100);
}

TEST_F(ProblemPenaltyTest, PairTakesFromTheDefaultWhatItOmits) {
  const run::Problem p = read_problem_file(write(R"(interactions:
  default:
    friction: 0.6
    penalty:
      normal: {law: hertz, stiffness: 1.0e8, damping: 10}
      tangential: {stiffness: 4.0e5, damping: 3}
  pairs:
    - {materials: [a, a], restitution: 0.5}
    - materials: [a, b]
      penalty: {normal: {damping: 20}}
    - materials: [a, c]
      penalty: {normal: {law: linear}, tangential: {stiffness_ratio: 0.5}}
)"));
  const model::InteractionTable& table = p.scene.interactions;
  // No penalty block: the default's laws.
  const model::ContactLaw& same = table.law(0, 0);
  EXPECT_DOUBLE_EQ(same.restitution, 0.5);
  EXPECT_DOUBLE_EQ(same.friction, 0.6);
  EXPECT_EQ(same.penalty.normal.kind, NormalLawKind::Hertz);
  EXPECT_DOUBLE_EQ(same.penalty.normal.stiffness.value(), 1e8);
  // The same law: the default's values, with the pair's damping.
  const model::ContactLaw& damped = table.law(0, 1);
  EXPECT_EQ(damped.penalty.normal.kind, NormalLawKind::Hertz);
  EXPECT_DOUBLE_EQ(damped.penalty.normal.stiffness.value(), 1e8);
  EXPECT_DOUBLE_EQ(damped.penalty.normal.damping.value(), 20);
  EXPECT_DOUBLE_EQ(damped.penalty.tangential.stiffness.value(), 4e5);
  // Another law: nothing of the Hertz values (other units), calibrated from the moduli; the
  // pair's stiffness ratio replaces the default's tangential stiffness, the damping stays.
  const model::ContactLaw& linear = table.law(2, 0);
  EXPECT_EQ(linear.penalty.normal.kind, NormalLawKind::Linear);
  EXPECT_FALSE(linear.penalty.normal.stiffness);
  EXPECT_FALSE(linear.penalty.normal.damping);
  EXPECT_FALSE(linear.penalty.tangential.stiffness);
  EXPECT_DOUBLE_EQ(linear.penalty.tangential.stiffness_ratio.value(), 0.5);
  EXPECT_DOUBLE_EQ(linear.penalty.tangential.damping.value(), 3);
  // Pairs not listed: the default.
  EXPECT_DOUBLE_EQ(table.law(1, 2).penalty.normal.damping.value(), 10);
}

TEST_F(ProblemPenaltyTest, MaterialsGiveDissipationAndFrictionAngle) {
  // Pairs not listed whose materials both give an angle slide at the weaker one,
  // mu = tan(min(phi_a, phi_b)); a listed pair keeps its friction, a pair with one angle
  // the default's.
  const run::Problem p = read_problem_file(
      write(R"(interactions:
  default: {friction: 0.6, restitution: 0.2}
  pairs:
    - {materials: [a, a], friction: 0.1}
)",
            R"(  - {name: a, density: 2000, young_modulus: 1.0e9, friction_angle: 30}
  - {name: b, density: 2000, young_modulus: 1.0e9, friction_angle: 20, dissipation: 0.25}
  - {name: c, density: 2000, young_modulus: 1.0e9}
)"));
  ASSERT_EQ(p.materials.size(), 3u);
  EXPECT_DOUBLE_EQ(p.materials[1].dissipation, 0.25);
  EXPECT_DOUBLE_EQ(p.materials[0].dissipation, 0.0);
  const model::InteractionTable& table = p.scene.interactions;
  // tan of an angle read from a decimal text: round-off only.
  constexpr double kTanRoundOff = 1e-15;
  EXPECT_NEAR(table.law(0, 1).friction, std::tan(math::radians(20)), kTanRoundOff);
  EXPECT_NEAR(table.law(1, 0).friction, std::tan(math::radians(20)), kTanRoundOff);
  EXPECT_NEAR(table.law(1, 1).friction, std::tan(math::radians(20)), kTanRoundOff);
  EXPECT_DOUBLE_EQ(table.law(1, 0).restitution, 0.2);  // the rest is the default's
  EXPECT_DOUBLE_EQ(table.law(0, 0).friction, 0.1);
  EXPECT_DOUBLE_EQ(table.law(0, 2).friction, 0.6);
  EXPECT_DOUBLE_EQ(table.law(2, 2).friction, 0.6);
}

TEST_F(ProblemPenaltyTest, FrictionAnglesApplyWithoutAnInteractionsSection) {
  const run::Problem p = read_problem_file(
      write("",
            R"(  - {name: a, density: 2000, young_modulus: 1.0e9, friction_angle: 35}
)"));
  EXPECT_NEAR(p.scene.interactions.law(0, 0).friction, std::tan(math::radians(35)), 1e-15);
}

TEST_F(ProblemPenaltyTest, CriticalStepPolicyIsRead) {
  EXPECT_EQ(read_problem_file(write("")).critical_step, run::CriticalStepPolicy::Substep);
  const run::Problem defaults;
  EXPECT_EQ(defaults.critical_step, run::CriticalStepPolicy::Refuse);
}

// time.integration, explicit unless the file or the command line (ReadOverrides) says.
TEST_F(ProblemPenaltyTest, IntegrationIsReadAndOverridden) {
  EXPECT_EQ(read_problem_file(write("")).integration, run::PenaltyIntegration::Explicit);
  const fs::path path = folder_ / "implicit.yaml";
  std::ofstream(path) << "version: 1\n"
                         "time: {step: 1.0e-3, duration: 0.1, integration: implicit}\n"
                         "mode: penalty\n"
                         "interactions: {default: {penalty: {normal: {stiffness: 1.0e8}}}}\n"
                         "bodies:\n  - {name: ball, shape: {type: sphere, radius: 0.1}}\n";
  EXPECT_EQ(read_problem_file(path).integration, run::PenaltyIntegration::Implicit);
  EXPECT_EQ(read_problem_file(path, {.integration = run::PenaltyIntegration::Explicit}).integration,
            run::PenaltyIntegration::Explicit);
  EXPECT_EQ(
      read_problem_file(write(""), {.integration = run::PenaltyIntegration::Implicit}).integration,
      run::PenaltyIntegration::Implicit);
  // An override is an intention: in NSCD there is nothing to integrate, and saying so beats
  // running NSCD under a penalty option.
  const core::Diagnostic error =
      refusal(write("", "", "nscd"), {.integration = run::PenaltyIntegration::Implicit});
  EXPECT_EQ(error.key(), "integration");
  EXPECT_THAT(error.what(), HasSubstr("found mode nscd"));
}

TEST_F(ProblemPenaltyTest, CalibratedStiffnessNeedsYoungsModuli) {
  const std::string materials =
      "  - {name: a, density: 2000, young_modulus: 1.0e9}\n"
      "  - {name: b, density: 2000}\n";
  // The default serves every material: b has no modulus.
  const core::Diagnostic error =
      refusal(write("interactions:\n  default: {friction: 0.5}\n", materials));
  EXPECT_EQ(error.key(), "interactions.default.penalty.normal.stiffness");
  EXPECT_EQ(error.where().line, 8);  // the `default` mapping, the deepest part of the path given
  EXPECT_THAT(error.what(), HasSubstr("a stiffness (N/m), or young_modulus > 0 for materials a "
                                      "and b"));
  EXPECT_THAT(error.what(), HasSubstr("no young_modulus for b"));
  // The same file in NSCD mode does not need the calibration...
  EXPECT_NO_THROW(
      read_problem_file(write("interactions:\n  default: {friction: 0.5}\n", materials, "nscd")));
  // ...unless the command line asks for the penalty mode.
  EXPECT_EQ(refusal(write("", materials, "nscd"), {.mode = run::Mode::Penalty}).key(),
            "interactions.default.penalty.normal.stiffness");
  // A stiffness given: nothing to calibrate.
  EXPECT_NO_THROW(read_problem_file(
      write("interactions:\n  default: {penalty: {normal: {stiffness: 1.0e6}}}\n", materials)));
}

TEST_F(ProblemPenaltyTest, PairLawCalibrationNeedsItsOwnMaterialsModuli) {
  const std::string materials =
      "  - {name: a, density: 2000, young_modulus: 1.0e9}\n"
      "  - {name: b, density: 2000}\n";
  const core::Diagnostic error = refusal(write(R"(interactions:
  default: {penalty: {normal: {stiffness: 1.0e6}}}
  pairs:
    - materials: [a, b]
      penalty:
        normal: {law: hunt_crossley, dissipation: 0.2}
)",
                                               materials));
  EXPECT_EQ(error.key(), "interactions.pairs[0].penalty.normal.stiffness");
  EXPECT_EQ(error.where().line, 12);  // the pair's normal law
  EXPECT_THAT(error.what(), HasSubstr("a stiffness (N/m^1.5), or young_modulus > 0 for "
                                      "materials a and b"));
  // Hunt-Crossley's dissipation is also combined by the moduli.
  const core::Diagnostic dissipation = refusal(write(R"(interactions:
  default: {penalty: {normal: {stiffness: 1.0e6}}}
  pairs:
    - materials: [b, b]
      penalty: {normal: {law: hunt_crossley, stiffness: 1.0e9}}
)",
                                                     materials));
  EXPECT_EQ(dissipation.key(), "interactions.pairs[0].penalty.normal.dissipation");
  EXPECT_THAT(dissipation.what(), HasSubstr("young_modulus > 0 for material b "));
}

TEST_F(ProblemPenaltyTest, MissingUserLawLibraryIsRefusedAtItsKey) {
  const fs::path path = write(R"(interactions:
  default:
    penalty:
      user: {library: no-such-law.so, parameters: [1, 2.5]}
)");
  const core::Diagnostic error = refusal(path);
  EXPECT_EQ(error.key(), "interactions.default.penalty.user.library");
  EXPECT_EQ(error.where().line, 11);
  EXPECT_THAT(error.what(), StartsWith(path.string() + ":11:"));
  EXPECT_THAT(error.what(), HasSubstr("no-such-law.so"));
}

TEST_F(ProblemPenaltyTest, LibraryThatDoesNotLoadIsRefusedAtItsKey) {
  // A file that exists but is no shared library: UserLaw's error, at the problem's key.
  std::ofstream(folder_ / "not-a-library.so") << "text\n";
  const fs::path path = write(R"(interactions:
  pairs:
    - materials: [a, b]
      penalty: {user: {library: not-a-library.so}}
)");
  const core::Diagnostic error = refusal(path);
  EXPECT_EQ(error.key(), "interactions.pairs[0].penalty.user.library");
  EXPECT_EQ(error.where().line, 11);
  EXPECT_THAT(error.what(), StartsWith(path.string() + ":11:"));
  EXPECT_THAT(error.what(), HasSubstr("not-a-library.so"));
  EXPECT_THAT(error.what(), HasSubstr("cannot load the library"));
}

// The plug-in of tests/penalty/plugins, when CMake hands its path to this test.
TEST_F(ProblemPenaltyTest, UserLawIsLoadedWhenTheFileIsRead) {
#ifndef MOREAU_TEST_LINEAR_SPRING_DASHPOT_LAW
  GTEST_SKIP() << "MOREAU_TEST_LINEAR_SPRING_DASHPOT_LAW (the plug-in's path) is not defined "
                  "for this test target";
#else
  const fs::path library = MOREAU_TEST_LINEAR_SPRING_DASHPOT_LAW;
  fs::copy_file(library, folder_ / "law.so");  // a path relative to the problem file
  const run::Problem p = read_problem_file(write(R"(interactions:
  default: {penalty: {normal: {stiffness: 1.0e6}}}
  pairs:
    - materials: [a, b]
      penalty: {user: {library: law.so, parameters: [1.0e6, 20, 8.0e5, 10]}}
)"));
  const penalty::LawPair& laws = p.scene.interactions.law(1, 0).penalty;
  ASSERT_TRUE(laws.user.has_value());
  ASSERT_NE(laws.user->law, nullptr);
  EXPECT_EQ(laws.user->law->library(), fs::absolute(folder_ / "law.so"));
  EXPECT_THAT(laws.user->parameters, ::testing::ElementsAre(1e6, 20, 8e5, 10));
  EXPECT_FALSE(p.scene.interactions.law(0, 0).penalty.user);  // the default has none
  // The implicit steps integrate the built-in laws only.
  const core::Diagnostic error =
      refusal(folder_ / "problem.yaml", {.integration = run::PenaltyIntegration::Implicit});
  EXPECT_EQ(error.key(), "interactions.pairs[0].penalty.user");
  EXPECT_THAT(error.what(), HasSubstr("the built-in laws with time.integration: implicit"));
#endif
}

// The example of docs/problem-files.md's penalty section, completed into a problem: every
// part before its user law is accepted, and the user law's library (which the example
// builds from the C source beside it) is looked for beside the problem file.
TEST_F(ProblemPenaltyTest, DocumentedPenaltyExampleReadsUpToItsLibrary) {
  std::ifstream doc(fs::path(MOREAU_SOURCE_DIR) / "docs/problem-files.md");
  const std::string all{std::istreambuf_iterator<char>(doc), std::istreambuf_iterator<char>()};
  const std::size_t section = all.find("## `interactions.*.penalty`");
  ASSERT_NE(section, std::string::npos);
  const std::size_t begin = all.find("```yaml\n", section) + 8;
  const std::size_t end = all.find("```", begin);
  const fs::path path = folder_ / "example.yaml";
  std::ofstream(path) << "version: 1\n"
                      << all.substr(begin, end - begin)
                      << "bodies:\n  - {name: ball, shape: {type: sphere, radius: 0.1}}\n";
  const core::Diagnostic error = refusal(path);
  EXPECT_EQ(error.key(), "interactions.pairs[1].penalty.user.library") << error.what();
  EXPECT_THAT(error.what(), HasSubstr((folder_ / "laws/liblinear.so").string()));
}

}  // namespace
}  // namespace moreau::io
