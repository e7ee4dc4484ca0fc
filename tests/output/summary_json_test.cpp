// summary.json parsed back with nlohmann_json: every field, exact doubles (the library
// writes the shortest text that reads back to the same double), null for NaN and infinity
// and for the absent optional parts.
#include "moreau/output/summary_json.hpp"

#include "moreau/core/diagnostic.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;
using math::Vec3;
using nlohmann::json;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// A file name per test under the system's temporary folder; the file is removed at the end.
struct ScratchSummary {
  fs::path path =
      fs::temp_directory_path() / (std::string("moreau_summary_") +
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name() +
                                   "_" + std::to_string(getpid()) + ".json");
  ~ScratchSummary() { fs::remove(path); }
  ScratchSummary() = default;
  ScratchSummary(const ScratchSummary&) = delete;
  ScratchSummary& operator=(const ScratchSummary&) = delete;
};

json read_json(const fs::path& path) {
  std::ifstream in(path);
  return json::parse(in);  // throws, failing the test, on invalid JSON
}

run::RunSummary full_summary() {
  run::RunSummary s;
  s.title = "Arch, 11 voussoirs";
  s.problem = "problems/arch.yaml";
  s.mode = "nscd";
  s.dimension = 2;
  s.steps = 12345;
  s.simulated_time = 12.345;
  s.wall_seconds = 1.0 / 3.0;
  s.time_split = run::TimeSplit{0.1, 0.2, 0.03};
  s.solver = "hybrid";
  s.criterion = run::ConvergenceCriterion{"lmgc90-qm16", 1.666e-4};
  s.counts.solves = 4;
  s.counts.not_converged = 1;
  s.counts.worst_error = 3.5e-7;
  s.counts.total_iterations = 10;
  s.counts.max_iterations = 6;
  s.counts.answered_by = {{"hybrid", 3}, {"velocity-newton", 1}};
  const run::MechanismSummary overturning{
      "overturning of 1 block about the corner at (0.2, 0, 0): hinges at the +x edge of key "
      "stone on ground",
      {{{"key stone"}, true, Vec3(0.2, 0.0, 0.0), Vec3(0.0, 1.0, 0.0)}},
      {{"key stone", "ground", Vec3(0.2, 0.0, 0.0), Vec3(0.0, 1.0, 0.0)}},
      {}};
  s.collapse = run::CollapseSummary{"max_rotation",  "key stone", 5.5,        2.25,
                                    "pga_reached_g", 0.3125,      overturning};
  s.first_motion = run::CollapseSummary{"max_rotation",  "key stone", 0.0625,     1.5,
                                        "pga_reached_g", 0.125,       overturning};
  s.limit_range = run::LimitRangeSummary{21.75, 30.5, true, true, "above", "", "within"};
  s.record = run::RecordIntensity{"records/elcentro.csv", 1.5, 0.478125, "shake table", -0.25};
  s.storeys = {"house/course06_floor", "key stone"};
  run::BodySummary b;
  b.name = "key stone";
  b.position = Vec3(0.1, 0.0, 2.0 / 3.0);
  b.orientation = math::Quat(0.5, 0.5, -0.5, 0.5);
  b.velocity = Vec3(1e-300, -2.0, 3.0);
  b.angular_velocity = Vec3(0.0, 0.7, 0.0);
  s.bodies = {b};
  return s;
}

TEST(SummaryJson, EveryFieldReadsBackExactly) {
  const ScratchSummary scratch;
  const fs::path& path = scratch.path;
  write_summary_json(path, full_summary());
  const json j = read_json(path);
  EXPECT_EQ(j["title"], "Arch, 11 voussoirs");
  EXPECT_EQ(j["problem"], "problems/arch.yaml");
  EXPECT_EQ(j["mode"], "nscd");
  EXPECT_EQ(j["dimension"], 2);
  EXPECT_EQ(j["steps"], 12345);
  EXPECT_EQ(j["simulated_time"].get<double>(), 12.345);
  EXPECT_EQ(j["wall_seconds"].get<double>(), 1.0 / 3.0);
  EXPECT_EQ(j["time_split"], (json{{"collision", 0.1}, {"assembly", 0.2}, {"solve", 0.03}}));
  EXPECT_EQ(j["solver"], "hybrid");
  EXPECT_EQ(j["criterion"], (json{{"name", "lmgc90-qm16"}, {"tolerance", 1.666e-4}}));
  EXPECT_EQ(j["counts"], (json{{"solves", 4},
                               {"not_converged", 1},
                               {"worst_error", 3.5e-7},
                               {"total_iterations", 10},
                               {"mean_iterations", 2.5},
                               {"max_iterations", 6},
                               {"answered_by", {{"hybrid", 3}, {"velocity-newton", 1}}}}));
  EXPECT_EQ(j["collapse"], (json{{"criterion", "max_rotation"},
                                 {"body", "key stone"},
                                 {"value", 5.5},
                                 {"time", 2.25},
                                 {"load_factor_name", "pga_reached_g"},
                                 {"load_factor", 0.3125},
                                 {"mechanism",
                                  {{"description",
                                    "overturning of 1 block about the corner at (0.2, 0, 0): "
                                    "hinges at the +x edge of key stone on ground"},
                                   {"parts",
                                    {{{"bodies", {"key stone"}},
                                      {"motion", "turning"},
                                      {"axis_point", {0.2, 0.0, 0.0}},
                                      {"direction", {0.0, 1.0, 0.0}}}}},
                                   {"hinges",
                                    {{{"body_a", "key stone"},
                                      {"body_b", "ground"},
                                      {"position", {0.2, 0.0, 0.0}},
                                      {"direction", {0.0, 1.0, 0.0}}}}},
                                   {"sliding", json::array()}}}}));
  EXPECT_EQ(j["first_motion"]["value"], 0.0625);
  EXPECT_EQ(j["first_motion"]["time"], 1.5);
  EXPECT_EQ(j["first_motion"]["load_factor"], 0.125);
  EXPECT_EQ(j["first_motion"]["mechanism"], j["collapse"]["mechanism"]);
  EXPECT_EQ(j["limit_range"], (json{{"lower", 21.75},
                                    {"upper", 30.5},
                                    {"lower_proven", true},
                                    {"lower_with_brittle_bonds", true},
                                    {"collapse", "above"},
                                    {"first_motion", nullptr},
                                    {"onset", "within"}}));
  EXPECT_EQ(j["record"], (json{{"source", "records/elcentro.csv"},
                               {"scale", 1.5},
                               {"pga_g", 0.478125},
                               {"ground", "shake table"},
                               {"base_z", -0.25}}));
  EXPECT_EQ(j["storeys"], (json{"house/course06_floor", "key stone"}));
  ASSERT_EQ(j["bodies"].size(), 1u);
  const json& b = j["bodies"][0];
  EXPECT_EQ(b["name"], "key stone");
  EXPECT_EQ(b["position"], (json{0.1, 0.0, 2.0 / 3.0}));
  EXPECT_EQ(b["orientation"], (json{0.5, 0.5, -0.5, 0.5}));  // w, x, y, z
  EXPECT_EQ(b["velocity"], (json{1e-300, -2.0, 3.0}));
  EXPECT_EQ(b["angular_velocity"], (json{0.0, 0.7, 0.0}));
}

// read_summary_json, the inverse of write_summary_json: every field back (the text written
// again is the same), optional parts present and absent, non-finite numbers as null.
TEST(SummaryJson, ASummaryReadBackIsTheOneWritten) {
  const ScratchSummary scratch;
  run::RunSummary s = full_summary();
  s.restarted_from_step = 1000;
  s.load_factor_name = "pga_reached_g";
  s.control = "key stone";
  s.interrupted_by = "a full disk (history.csv: No space left on device)";
  s.removed = {{"key stone", 2.5, "below", -10.25}};
  s.support_reaction = Vec3(1.0, -2.0, 1e5 / 3.0);
  s.penalty_energy = std::array<double, 3>{1.0 / 7.0, 2.0, kNaN};
  s.substeps = 123456789012;
  s.bonds = run::BondCounts{12, 3};
  s.warnings = {"time.step: larger than the record's sampling step"};
  s.collapse->mechanism.sliding = {{"a", "b", Vec3(1, 2, 3), Vec3(0, 0, 1)}};
  write_summary_json(scratch.path, s);
  const run::RunSummary read = read_summary_json(scratch.path);
  EXPECT_EQ(summary_json_text(read), summary_json_text(s));
  EXPECT_EQ(read.bodies[0].orientation.coeffs(), s.bodies[0].orientation.coeffs());
  EXPECT_TRUE(std::isnan((*read.penalty_energy)[2]));
  EXPECT_EQ(read.substeps, 123456789012);

  run::RunSummary bare = full_summary();
  bare.collapse.reset();
  bare.first_motion.reset();
  bare.limit_range.reset();
  bare.record.reset();
  bare.time_split.reset();
  bare.criterion.reset();  // the penalty mode's
  write_summary_json(scratch.path, bare);
  EXPECT_EQ(summary_json_text(read_summary_json(scratch.path)), summary_json_text(bare));

  // A summary written before the first motion and the range were kept reads as one without,
  // and a range written before the onset was placed in it as one without that place.
  json earlier = json::parse(summary_json_text(s));
  earlier["limit_range"].erase("onset");
  std::ofstream(scratch.path) << earlier.dump();
  const run::RunSummary unplaced = read_summary_json(scratch.path);
  ASSERT_TRUE(unplaced.limit_range.has_value());
  EXPECT_EQ(unplaced.limit_range->onset, "");
  EXPECT_EQ(unplaced.limit_range->collapse, "above");
  earlier.erase("first_motion");
  earlier.erase("limit_range");
  std::ofstream(scratch.path) << earlier.dump();
  const run::RunSummary before = read_summary_json(scratch.path);
  EXPECT_FALSE(before.first_motion.has_value());
  EXPECT_FALSE(before.limit_range.has_value());
}

TEST(SummaryJson, ASummaryThatLacksAKeyIsRefusedNamingTheFile) {
  const ScratchSummary scratch;
  std::ofstream(scratch.path) << R"({"title": "t", "problem": "p"})";
  try {
    read_summary_json(scratch.path);
    ADD_FAILURE() << "read";
  } catch (const core::Diagnostic& error) {
    EXPECT_NE(std::string(error.what()).find(scratch.path.string()), std::string::npos)
        << error.what();
  }
}

TEST(SummaryJson, NotFiniteNumbersAndAbsentPartsAreNull) {
  const ScratchSummary scratch;
  const fs::path& path = scratch.path;
  run::RunSummary s = full_summary();
  s.counts.worst_error = kNaN;
  s.bodies[0].velocity = Vec3(kInfinity, -kInfinity, 1.0);
  s.collapse.reset();
  s.record.reset();
  s.time_split.reset();
  s.criterion.reset();
  write_summary_json(path, s);
  const json j = read_json(path);
  EXPECT_TRUE(j["counts"]["worst_error"].is_null());
  EXPECT_TRUE(j["criterion"].is_null());
  EXPECT_EQ(j["bodies"][0]["velocity"], (json{nullptr, nullptr, 1.0}));
  EXPECT_TRUE(j["collapse"].is_null());
  EXPECT_TRUE(j["time_split"].is_null());
  EXPECT_TRUE(j["substeps"].is_null());
}

TEST(SummaryJson, NoStepsGivesAnEmptyBodyListAndZeroMeans) {
  const ScratchSummary scratch;
  const fs::path& path = scratch.path;
  write_summary_json(path, run::RunSummary{});
  const json j = read_json(path);
  EXPECT_TRUE(j["bodies"].is_array());
  EXPECT_TRUE(j["bodies"].empty());
  EXPECT_EQ(j["counts"]["mean_iterations"], 0.0);
}

TEST(SummaryJson, UnwritablePathIsADiagnostic) {
  EXPECT_THROW(write_summary_json("/nonexistent-folder/summary.json", run::RunSummary{}),
               core::Diagnostic);
}

}  // namespace
}  // namespace moreau::output
