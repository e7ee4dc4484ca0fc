// The ranges of the numeric keys of problem files (core/input_limits.hpp, kMaxTime to
// kMaxKineticEnergy): for each key, a small valid problem with the key at its bound is read,
// and with the key just beyond it is refused at the key, with the file, line, column, key and
// range in the message. The two readings together make the test fail both ways: a range too
// narrow refuses the bound, one too wide (or none) accepts the value beyond.
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace moreau::io {
namespace {

namespace fs = std::filesystem;
using core::concat;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// Where a case's value goes in its problem.
constexpr std::string_view kValue = "VALUE";

// A problem that is valid with each case's value at its bound. A case replaces the time, the
// material, the ball (a free body) or the support (a fixed box), or adds sections, each of
// which may hold kValue.
struct BoundedKey {
  std::string key;
  std::string range;  ///< as the message says it: "a number in [0, 1000]"
  std::string bound;  ///< accepted; empty when another check always refuses it (see the case)
  std::string beyond;
  std::string time = "{step: 1.0e-3, duration: 1}";
  std::string material = "{name: stone, density: 2000}";
  std::string ball = "{name: ball, shape: {type: sphere, radius: 0.1}, position: [0, 0, 0.1]}";
  std::string support =
      "{name: support, shape: {type: box, size: [1, 1, 1]}, fixed: true, "
      "position: [5, 0, 0.5]}";
  std::string sections;
};

std::string problem(const BoundedKey& bounded, const std::string& value) {
  std::string text =
      concat("version: 1\ntime: ", bounded.time, "\nmaterials:\n  - ", bounded.material,
             "\nbodies:\n"
             "  - {name: ground, shape: {type: plane}, fixed: true}\n  - ",
             bounded.ball, "\n  - ", bounded.support, '\n', bounded.sections);
  text.replace(text.find(kValue), kValue.size(), value);
  return text;
}

// "line:column" of kValue in the problem, 1-based.
std::string place_of_value(const BoundedKey& bounded) {
  const std::string text = problem(bounded, std::string(kValue));
  const std::size_t at = text.find(kValue);
  const std::size_t line_start = text.rfind('\n', at) + 1;
  const auto line = std::count(text.begin(), text.begin() + static_cast<long>(at), '\n') + 1;
  return concat(line, ':', at - line_start + 1);
}

BoundedKey bounded_key(std::string key, std::string range, std::string bound, std::string beyond) {
  BoundedKey bounded;
  bounded.key = std::move(key);
  bounded.range = std::move(range);
  bounded.bound = std::move(bound);
  bounded.beyond = std::move(beyond);
  return bounded;
}

BoundedKey in_sections(std::string key, std::string range, std::string bound, std::string beyond,
                       std::string sections) {
  BoundedKey bounded =
      bounded_key(std::move(key), std::move(range), std::move(bound), std::move(beyond));
  bounded.sections = std::move(sections);
  return bounded;
}

BoundedKey in_interactions(std::string key, std::string range, std::string bound,
                           std::string beyond, const std::string& default_law) {
  return in_sections(std::move(key), std::move(range), std::move(bound), std::move(beyond),
                     concat("interactions:\n  default: ", default_law, '\n'));
}

BoundedKey in_time(std::string key, std::string range, std::string bound, std::string beyond,
                   std::string time) {
  BoundedKey bounded =
      bounded_key(std::move(key), std::move(range), std::move(bound), std::move(beyond));
  bounded.time = std::move(time);
  return bounded;
}

BoundedKey in_material(const std::string& key, std::string range, std::string bound,
                       std::string beyond) {
  BoundedKey bounded = bounded_key(concat("materials[0].", key), std::move(range), std::move(bound),
                                   std::move(beyond));
  bounded.material = concat("{name: stone, density: 2000, ", key, ": VALUE}");
  return bounded;
}

BoundedKey in_ball(std::string key, std::string range, std::string bound, std::string beyond,
                   const std::string& orientation) {
  BoundedKey bounded =
      bounded_key(std::move(key), std::move(range), std::move(bound), std::move(beyond));
  bounded.ball = concat(
      "{name: ball, shape: {type: sphere, radius: 0.1}, position: [0, 0, 0.1], orientation: ",
      orientation, '}');
  return bounded;
}

BoundedKey in_support(std::string key, std::string range, std::string bound, std::string beyond,
                      const std::string& driven) {
  BoundedKey bounded =
      bounded_key(std::move(key), std::move(range), std::move(bound), std::move(beyond));
  bounded.support =
      concat("{name: support, shape: {type: box, size: [1, 1, 1]}, position: [5, 0, 0.5], driven: ",
             driven, '}');
  return bounded;
}

std::vector<BoundedKey> bounded_keys() {
  const std::string normal = "interactions.default.penalty.normal.";
  const std::string tangential = "interactions.default.penalty.tangential.";
  const std::string ricker = "bodies[2].driven.ricker.";
  return {
      in_time("time.duration", "a number in (0, 1e+07] (s)", "1e7", "1.001e7",
              "{step: 1.0e-3, duration: VALUE}"),
      in_material("young_modulus", "a number in [0, 1e+30] (Pa)", "1e30", "1.001e30"),
      in_material("dissipation", "a number in [0, 10000] (s/m)", "1e4", "1.001e4"),
      // tan(89.9427 deg) = 999.99, the angle of kMaxFriction.
      in_material("friction_angle", "a number in [0, 89.9427] (degrees)", "89.9427", "89.943"),
      in_interactions("interactions.default.friction", "a number in [0, 1000]", "1e3", "1.001e3",
                      "{friction: VALUE}"),
      in_interactions("interactions.default.cohesion", "a number in [0, 1e+13] (Pa)", "1e13",
                      "1.001e13", "{friction: 0.5, cohesion: VALUE}"),
      in_interactions("interactions.default.tensile_strength", "a number in [0, 1e+13] (Pa)",
                      "1e13", "1.001e13", "{friction: 1, cohesion: 1e13, tensile_strength: VALUE}"),
      in_interactions(normal + "stiffness", "a number in (0, 1e+16] (N/m)", "1e16", "1.001e16",
                      "{penalty: {normal: {law: linear, stiffness: VALUE}}}"),
      in_interactions(normal + "damping", "a number in [0, 1e+12] (N s/m)", "1e12", "1.001e12",
                      "{penalty: {normal: {law: linear, damping: VALUE}}}"),
      in_interactions(normal + "dissipation", "a number in [0, 10000] (s/m)", "1e4", "1.001e4",
                      "{penalty: {normal: {law: hunt_crossley, dissipation: VALUE}}}"),
      in_interactions(normal + "stiffness_exponent", "a number in [1, 10] (m1)", "10", "10.01",
                      "{penalty: {normal: {law: power, stiffness: 1e6, stiffness_exponent: "
                      "VALUE}}}"),
      in_interactions(normal + "rate_exponent", "a number in (0, 10] (m2)", "10", "10.01",
                      "{penalty: {normal: {law: power, stiffness: 1e6, rate_exponent: VALUE}}}"),
      in_interactions(normal + "indentation_exponent", "a number in [0, 10] (m3)", "10", "10.01",
                      "{penalty: {normal: {law: power, stiffness: 1e6, indentation_exponent: "
                      "VALUE}}}"),
      in_interactions(tangential + "stiffness", "a number in (0, 1e+16] (N/m)", "1e16", "1.001e16",
                      "{penalty: {tangential: {stiffness: VALUE}}}"),
      in_interactions(tangential + "stiffness_ratio", "a number in (0, 100] (K_t / K_n)", "100",
                      "100.1", "{penalty: {tangential: {stiffness_ratio: VALUE}}}"),
      in_interactions(tangential + "damping", "a number in [0, 1e+12] (N s/m)", "1e12", "1.001e12",
                      "{penalty: {tangential: {damping: VALUE}}}"),
      in_interactions(tangential + "static_friction", "a number in [0, 1000]", "1e3", "1.001e3",
                      "{penalty: {tangential: {law: velocity_dependent, static_friction: VALUE}}}"),
      // static_velocity < dynamic_velocity <= kMaxSpeed: the bound itself is always refused.
      in_interactions(tangential + "static_velocity", "a number in (0, 10000] (m/s)", "", "1.001e4",
                      "{penalty: {tangential: {law: velocity_dependent, static_velocity: VALUE}}}"),
      in_interactions(tangential + "dynamic_velocity", "a number in (0, 10000] (m/s)", "1e4",
                      "1.001e4",
                      "{penalty: {tangential: {law: velocity_dependent, dynamic_velocity: "
                      "VALUE}}}"),
      in_interactions(tangential + "max_force", "a number in (0, 1e+16] (N)", "1e16", "1.001e16",
                      "{penalty: {tangential: {law: velocity_dependent, max_force: VALUE}}}"),
      in_sections("solver.time_limit", "a number in [0, 1e+07] (s per solve, 0: none)", "1e7",
                  "1.001e7", "solver: {time_limit: VALUE}\n"),
      in_sections("loads.gravity_ramp.duration", "a number in (0, 1e+07] (s)", "1e7", "1.001e7",
                  "loads: {gravity_ramp: {duration: VALUE}}\n"),
      in_sections("loads.tilt.rate", "a number in [0, 10000] (deg/s)", "1e4", "1.001e4",
                  "loads: {tilt: {rate: VALUE}}\n"),
      in_sections("loads.tilt.start", "a number in [0, 1e+07] (s)", "1e7", "1.001e7",
                  "loads: {tilt: {rate: 1, start: VALUE}}\n"),
      in_sections("loads.lateral.rate", "a number in [0, 1000] (1/s)", "1e3", "1.001e3",
                  "loads: {lateral: {rate: VALUE}}\n"),
      in_sections("loads.lateral.start", "a number in [0, 1e+07] (s)", "1e7", "1.001e7",
                  "loads: {lateral: {rate: 1, start: VALUE}}\n"),
      in_sections("stop.collapse.max_displacement", "a number in (0, 1e+06] (m)", "1e6", "1.001e6",
                  "stop: {collapse: {max_displacement: VALUE}}\n"),
      in_sections("stop.collapse.max_rotation", "a number in (0, 1e+06] (deg)", "1e6", "1.001e6",
                  "stop: {collapse: {max_rotation: VALUE}}\n"),
      in_sections("stop.collapse.kinetic_energy", "a number in (0, 1e+30] (J)", "1e30", "1.001e30",
                  "stop: {collapse: {kinetic_energy: VALUE}}\n"),
      in_sections("generators[0].twist", "a number in [-1e+06, 1e+06] (deg)", "1e6", "1.001e6",
                  "generators:\n  - {type: tower, block: [0.5, 0.5, 0.3], blocks: 2, "
                  "twist: VALUE, position: [-5, 0, 0]}\n"),
      in_ball("bodies[1].orientation.angle", "a number in [-1e+06, 1e+06] (deg)", "-1e6",
              "-1.001e6", "{axis: [0, 0, 1], angle: VALUE}"),
      // A component of 1e6 is no unit quaternion: the bound itself is always refused.
      in_ball("bodies[1].orientation.quaternion[2]", "a number in [-1e+06, 1e+06]", "", "1.001e6",
              "{quaternion: [1, 0, VALUE, 0]}"),
      in_support(ricker + "peak", "a number in (0, 10000] (m/s^2)", "1e4", "1.001e4",
                 "{ricker: {peak: VALUE, units: m/s^2, frequency: 2, t0: 0.5, "
                 "direction: [1, 0, 0]}}"),
      in_support(ricker + "peak", "a number in (0, 1019.72] (g)", "1019.7", "1019.8",
                 "{ricker: {peak: VALUE, units: g, frequency: 2, t0: 0.5, direction: [1, 0, 0]}}"),
      in_support(ricker + "frequency", "a number in (0, 10000] (Hz)", "1e4", "1.001e4",
                 "{ricker: {peak: 1, units: m/s^2, frequency: VALUE, t0: 0.5, "
                 "direction: [1, 0, 0]}}"),
      in_support(ricker + "t0", "a number in [0, 1e+07] (s)", "1e7", "1.001e7",
                 "{ricker: {peak: 1, units: m/s^2, frequency: 2, t0: VALUE, "
                 "direction: [1, 0, 0]}}"),
      in_support("bodies[2].driven.ground_motion.scale", "a number in (0, 1000]", "1e3", "1.001e3",
                 "{ground_motion: {record: record.csv, units: m/s^2, direction: [1, 0, 0], "
                 "scale: VALUE}}"),
      in_support("bodies[2].driven.settlement.time[1]", "a number in [0, 1e+07] (s)", "1e7",
                 "1.001e7",
                 "{settlement: {time: [0, VALUE], displacement: [[0, 0, 0], [0, 0, -0.01]]}}"),
  };
}

// gtest names a case by its key, not by its bytes.
void PrintTo(const BoundedKey& bounded, std::ostream* out) { *out << bounded.key; }

// The keys whose bound another check does not refuse.
std::vector<BoundedKey> keys_with_a_reachable_bound() {
  std::vector<BoundedKey> keys = bounded_keys();
  std::erase_if(keys, [](const BoundedKey& bounded) { return bounded.bound.empty(); });
  return keys;
}

std::string test_name(const ::testing::TestParamInfo<BoundedKey>& param) {
  std::string name = concat(param.index, '_', param.param.key);
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

// The problem `text`, written to problem.yaml in `folder`.
fs::path write_problem(const fs::path& folder, const std::string& text) {
  const fs::path path = folder / "problem.yaml";
  std::ofstream(path) << text;
  return path;
}

class ProblemRange : public ::testing::TestWithParam<BoundedKey> {
 protected:
  // The problem with `value` in place, in a folder that holds a ground-motion record.
  fs::path write(const std::string& value) const {
    std::ofstream(folder_ / "record.csv") << "time, a\n0, 0\n0.5, 1\n1, 0\n";
    return write_problem(folder_, problem(GetParam(), value));
  }

  const testing::ScratchFolder scratch_;
  const fs::path& folder_ = scratch_.path();
};

class BoundOfRange : public ProblemRange {};

TEST_P(BoundOfRange, IsAccepted) {
  const BoundedKey& bounded = GetParam();
  const fs::path path = write(bounded.bound);
  EXPECT_NO_THROW(read_problem_file(path)) << problem(bounded, bounded.bound);
}

TEST_P(ProblemRange, RefusesBeyondItAtTheKey) {
  const BoundedKey& bounded = GetParam();
  const fs::path path = write(bounded.beyond);
  try {
    read_problem_file(path);
    ADD_FAILURE() << bounded.key << ": " << bounded.beyond << " accepted";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), bounded.key);
    EXPECT_THAT(error.what(), StartsWith(concat(path.string(), ':', place_of_value(bounded),
                                                ": error: ", bounded.key, ": expected ",
                                                bounded.range, ", found '", bounded.beyond, "'")));
  }
}

INSTANTIATE_TEST_SUITE_P(Keys, ProblemRange, ::testing::ValuesIn(bounded_keys()), test_name);
INSTANTIATE_TEST_SUITE_P(Keys, BoundOfRange, ::testing::ValuesIn(keys_with_a_reachable_bound()),
                         test_name);

// The message with which the problem `text` is refused; a failure of the test if it is read.
std::string refusal(const std::string& text) {
  const testing::ScratchFolder scratch;
  try {
    read_problem_file(write_problem(scratch.path(), text));
  } catch (const core::Diagnostic& error) {
    return error.what();
  }
  ADD_FAILURE() << "read, not refused:\n" << text;
  return "";
}

// The open lower bound of the ranges (0, max]: 0 is refused as well.
TEST(ProblemRanges, RefusesZeroWhereTheRangeIsOpen) {
  EXPECT_THAT(refusal("version: 1\n"
                      "time: {step: 1.0e-3, duration: 1}\n"
                      "bodies:\n"
                      "  - {name: ground, shape: {type: plane}, fixed: true}\n"
                      "  - {name: ball, shape: {type: sphere, radius: 0.1}, position: [0, 0, 1]}\n"
                      "stop: {collapse: {kinetic_energy: 0}}\n"),
              HasSubstr(":6:35: error: stop.collapse.kinetic_energy: expected a number in "
                        "(0, 1e+30] (J), found '0'"));
}

// A quaternion of zeros has no direction to normalise to: refused at its key, not turned into
// NaN.
TEST(ProblemRanges, RefusesAQuaternionOfZeros) {
  EXPECT_THAT(refusal("version: 1\n"
                      "time: {step: 1.0e-3, duration: 1}\n"
                      "bodies:\n"
                      "  - {name: ground, shape: {type: plane}, fixed: true}\n"
                      "  - {name: ball, shape: {type: sphere, radius: 0.1}, position: [0, 0, 1],\n"
                      "     orientation: {quaternion: [0, 0, 0, 0]}}\n"),
              HasSubstr(":6:32: error: bodies[1].orientation.quaternion: expected a unit "
                        "quaternion [w, x, y, z] (|q| = 1 within 1e-6), found |q| = 0"));
}

// A settlement moves its support at the slope between two samples: like any speed, at most
// kMaxSpeed (1e4 m/s), which a jump of 1e6 m in 5e-324 s exceeded to infinity.
TEST(ProblemRanges, RefusesASettlementFasterThanTheLargestSpeed) {
  const auto settlement = [](const std::string& time) {
    return "version: 1\n"
           "time: {step: 1.0e-3, duration: 1}\n"
           "bodies:\n"
           "  - {name: ball, shape: {type: sphere, radius: 0.1}, position: [0, 0, 1]}\n"
           "  - {name: support, shape: {type: box, size: [1, 1, 1]}, driven:\n"
           "     {settlement: {time: [0, " +
           time + "], displacement: [[0, 0, 0], [1e4, 0, 0]]}}}\n";
  };
  const testing::ScratchFolder scratch;
  EXPECT_NO_THROW(read_problem_file(write_problem(scratch.path(), settlement("1"))));
  EXPECT_THAT(refusal(settlement("5e-324")),
              HasSubstr(":6:65: error: bodies[1].driven.settlement.displacement[1]: expected a "
                        "displacement reached from the previous one at most 10000 m/s, found "
                        "inf m/s"));
}

}  // namespace
}  // namespace moreau::io
