// UserLaw loads C plug-ins built by tests/CMakeLists.txt: one that reimplements the built-in
// linear spring-dashpot and spring-dashpot-slider must give the built-in forces, and each
// broken library must be refused with a Diagnostic naming its file.
#include "moreau/penalty/user_law.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/penalty/normal_laws.hpp"
#include "moreau/penalty/tangential_laws.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <string>

namespace moreau::penalty {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// The plug-in's parameters [k, eta, k_t, eta_t] and the built-in laws with the same values.
constexpr std::array<double, 4> kParameters = {1e5, 50.0, 8e4, 20.0};
const NormalLaw kNormalLaw = LinearSpringDashpot{1e5, 50.0};
const TangentialLaw kTangentialLaw = SpringDashpotSlider{8e4, 20.0};
constexpr double kUserLawFriction = 0.3;
constexpr double kUserLawStep = 5e-5;  // h, s

moreau_contact_input input_with(const double* parameters, int count) {
  moreau_contact_input input{};
  input.friction = kUserLawFriction;
  input.restitution = 0.5;
  input.effective_mass = 0.1;
  input.time_step = kUserLawStep;
  input.parameters = parameters;
  input.parameter_count = count;
  return input;
}

TEST(UserLaw, GivesTheBuiltInForcesOverAnImpact) {
  const UserLaw law(MOREAU_TEST_LINEAR_SPRING_DASHPOT_LAW);
  // One impact of 10 ms: delta = 1 mm sin(pi t / T), while the slip velocity of 2 cm/s
  // turns about the normal z; the tangent frame (t1, t2) is (x, y). The spring sticks while
  // it loads (0.08 N per step against a yield force up to 30 N) and slips as F_n falls.
  const double T = 0.01;
  moreau_contact_input input = input_with(kParameters.data(), 4);
  Vec3 state = Vec3::Zero();
  int stick = 0, slip = 0, no_tension = 0;
  for (int step = 1; step < 200; ++step) {
    const double t = step * kUserLawStep;
    const double omega = std::numbers::pi / T;
    input.overlap = 1e-3 * std::sin(omega * t);
    input.overlap_rate = 1e-3 * omega * std::cos(omega * t);
    const Vec3 s = 0.02 * Vec3(std::cos(300.0 * t), std::sin(300.0 * t), 0.0);
    input.slip_velocity[0] = s.x();
    input.slip_velocity[1] = s.y();
    const moreau_contact_output out = law.evaluate(input);

    const NormalForce normal = normal_force(kNormalLaw, input.overlap, input.overlap_rate);
    const TangentialForce tangential =
        tangential_force(kTangentialLaw, s, state, normal.force, kUserLawFriction, kUserLawStep);
    // The plug-in does the same arithmetic in another order: forces of up to 100 N agree to
    // round-off, 1e-12 N; energies and works (up to 0.1 J) to 1e-15 J.
    EXPECT_NEAR(out.normal_force, normal.force, 1e-12) << "step " << step;
    EXPECT_NEAR(out.elastic_normal_force, normal.elastic, 1e-12) << "step " << step;
    EXPECT_NEAR(out.tangential_force[0], tangential.force.x(), 1e-12) << "step " << step;
    EXPECT_NEAR(out.tangential_force[1], tangential.force.y(), 1e-12) << "step " << step;
    EXPECT_NEAR(out.state[0], tangential.state.x(), 1e-17) << "step " << step;
    EXPECT_NEAR(out.state[1], tangential.state.y(), 1e-17) << "step " << step;
    EXPECT_NEAR(out.elastic_energy,
                elastic_energy(kNormalLaw, input.overlap) + tangential.elastic_energy, 1e-15)
        << "step " << step;
    EXPECT_NEAR(out.slip_work, tangential.slip_work, 1e-15) << "step " << step;
    // The normal dashpot's share F - k delta works against the rate.
    const double normal_damping_work =
        (normal.force - normal.elastic) * input.overlap_rate * kUserLawStep;
    EXPECT_NEAR(out.damping_work, normal_damping_work + tangential.damping_work, 1e-15)
        << "step " << step;
    EXPECT_EQ(out.stiffness, tangent_stiffness(kNormalLaw, input.overlap));
    EXPECT_EQ(out.damping, linear_damping(kNormalLaw, input.overlap));

    (tangential.slipping ? slip : stick) += 1;
    no_tension += normal.force == 0.0 ? 1 : 0;
    state = tangential.state;
    input.state[0] = out.state[0];
    input.state[1] = out.state[1];
  }
  // The sequence went through every branch: stick, slip and the clamped dashpot.
  EXPECT_GT(stick, 0);
  EXPECT_GT(slip, 0);
  EXPECT_GT(no_tension, 0);
}

// The message of the Diagnostic that `load` throws, with its key and file checked.
std::string diagnostic_of(const std::function<void()>& load, const std::string& file) {
  try {
    load();
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.where().file, file);
    EXPECT_EQ(error.key(), "penalty.user_law");
    return error.what();
  }
  ADD_FAILURE() << "no Diagnostic for " << file;
  return "";
}

TEST(UserLaw, MissingFileIsADiagnosticNamingIt) {
  const std::string file = "/nonexistent/folder/libno_such_law.so";
  EXPECT_THAT(diagnostic_of([&] { UserLaw law(file); }, file),
              AllOf(HasSubstr(file), HasSubstr("cannot load")));
}

TEST(UserLaw, LibraryWithoutTheLawFunctionIsADiagnosticNamingIt) {
  const std::string file = MOREAU_TEST_NO_LAW_FUNCTION;
  EXPECT_THAT(diagnostic_of([&] { UserLaw law(file); }, file),
              AllOf(HasSubstr(file), HasSubstr("moreau_contact_law")));
}

TEST(UserLaw, OtherAbiVersionIsADiagnosticNamingIt) {
  const std::string file = MOREAU_TEST_WRONG_ABI_VERSION_LAW;
  EXPECT_THAT(
      diagnostic_of([&] { UserLaw law(file); }, file),
      AllOf(HasSubstr(file), HasSubstr("moreau_user_law_abi_version() = 1"), HasSubstr("found 2")));
}

TEST(UserLaw, NonzeroCodeIsADiagnosticNamingTheLibrary) {
  const std::string file = MOREAU_TEST_LINEAR_SPRING_DASHPOT_LAW;
  const UserLaw law(file);
  EXPECT_EQ(law.library(), file);
  const moreau_contact_input three_parameters = input_with(kParameters.data(), 3);
  EXPECT_THAT(diagnostic_of([&] { law.evaluate(three_parameters); }, file),
              AllOf(HasSubstr(file), HasSubstr("returned 1")));
}

TEST(UserLaw, NonFiniteOutputIsADiagnosticNamingIt) {
  const std::string file = MOREAU_TEST_LINEAR_SPRING_DASHPOT_LAW;
  const UserLaw law(file);
  const std::array<double, 4> nan_stiffness = {std::numeric_limits<double>::quiet_NaN(), 50.0, 8e4,
                                               20.0};
  moreau_contact_input input = input_with(nan_stiffness.data(), 4);
  input.overlap = 1e-3;
  EXPECT_THAT(diagnostic_of([&] { law.evaluate(input); }, file),
              AllOf(HasSubstr(file), HasSubstr("non-finite")));
}

}  // namespace
}  // namespace moreau::penalty
