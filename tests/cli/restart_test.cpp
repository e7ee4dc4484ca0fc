// `moreau run --restart-from DIR/checkpoint-NNNNNN` (docs/user-guide.md, "Checkpoints and
// restart"): a run stopped at step 1000 and continued from its checkpoint ends bitwise where the
// uninterrupted run ends, with the same history.csv rows, VTK collections, solver statistics and
// later checkpoints; in NSCD (a planar arch collapsing on a tilting table, the collapse monitor
// firing after the restart) and in the penalty mode (boxes sliding, tumbling and landing on a
// tilted table), with the interface results of the arch continued too; and with bodies
// removed before and after the checkpoint (--remove-below), and with a cohesive joint that
// holds past the checkpoint and breaks after it (joints.csv, summary.json's bonds). Restarts
// that would mix runs or destroy output are refused.
#include "moreau/core/concat.hpp"
#include "moreau/run/checkpoint.hpp"
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iterator>
#include <nlohmann/json.hpp>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// The tilting arch, collapsing at step 1353, with a checkpoint at step 1000.
const std::string kArch = kTiltingArch +
                          "output: {every: 10, checkpoint_every: 1000, interfaces: true, "
                          "mechanisms: true}\n";

// Two balls roll off a fixed slab (no ground): the fast one at step ~440, before the
// checkpoint, the slow one at step ~1350, after; --remove-below -0.5 removes each. 2 s.
const char* kBallsOffASlab = R"(version: 1
time: {step: 1.0e-3, duration: 2.0}
interactions: {default: {friction: 0.0}}
bodies:
  - {name: slab, shape: {type: box, size: [1, 1, 0.1]}, position: [0, 0, -0.05], fixed: true}
  - {name: fast, shape: {type: sphere, radius: 0.05}, position: [0.4, 0, 0.05], velocity: [1, 0, 0]}
  - {name: slow, shape: {type: sphere, radius: 0.05}, position: [0.3, 0.2, 0.05],
     velocity: [0.2, 0, 0]}
output: {every: 10, checkpoint_every: 1000}
)";

// The boxes on a tilted table (penalty mode), with a checkpoint at step 1000.
const std::string kBoxes = kPenaltyBoxes + "output: {every: 10, checkpoint_every: 1000}\n";

// A block of 0.4 x 0.2 m (160 kg per metre of depth) bonded to the ground by a joint of
// c = 1 kPa over A = 0.4 m x 1 m, mu = 0.5, the table tilting at 30 deg/s. A dry block would
// slide from atan(0.5) = 26.6 deg (t = 0.89 s); the bonded one holds until the shear W sin(t)
// reaches c A + mu W cos(t) (kBondedTilt, about 39.7 deg, t = 1.32 s), after the checkpoint.
const char* kBondedBlock = R"(version: 1
dimension: 2
time: {step: 1.0e-3, duration: 1.6}
materials:
  - {name: stone, density: 2000}
interactions:
  default: {friction: 0.5, cohesion: 1000}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - {name: block, shape: {type: polygon, vertices: [[-0.2, -0.1], [0.2, -0.1], [0.2, 0.1],
     [-0.2, 0.1]]}, position: [0, 0, 0.1]}
loads:
  tilt: {rate: 30.0}
output: {every: 10, checkpoint_every: 1000}
)";

std::string file_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The rows of a CSV file with the columns of wall time blanked (they differ run to run).
std::vector<std::string> rows_without(const fs::path& csv, const std::vector<int>& wall_columns) {
  std::vector<std::string> rows;
  std::ifstream in(csv);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::stringstream split(line);
    for (std::string field; std::getline(split, field, ',');) fields.push_back(field);
    for (const int column : wall_columns)
      if (column < static_cast<int>(fields.size())) fields[column].clear();
    std::string row;
    for (const std::string& field : fields) row += field + ',';
    rows.push_back(row);
  }
  return rows;
}

nlohmann::json summary_of(const fs::path& folder) {
  std::ifstream in(folder / "summary.json");
  return nlohmann::json::parse(in);
}

class RestartTest : public ::testing::Test {
 protected:
  fs::path write(const std::string& name, const char* text) const {
    std::ofstream(folder_ / name) << text;
    return folder_ / name;
  }
  // Runs `moreau run FILE ARGUMENTS --quiet` and expects it to succeed.
  void run(const fs::path& file, const std::string& arguments) const {
    const CommandResult result = run_moreau("run " + file.string() + " " + arguments + " --quiet");
    ASSERT_EQ(result.exit_code, 0) << result.output;
  }

  // The problem run straight to its end in folder `straight`, and to `half_duration` in
  // `restarted` and then continued from its checkpoint-001000: the two folders must agree.
  // `options` go to all three runs, `first_options` to the first two only.
  void expect_restart_is_bitwise(const fs::path& problem, const std::string& half_duration,
                                 const std::string& options = "",
                                 const std::string& first_options = "") {
    const fs::path straight = folder_ / "straight", restarted = folder_ / "restarted";
    run(problem, "--out " + straight.string() + " " + options + " " + first_options);
    run(problem, "--out " + restarted.string() + " --duration " + half_duration + " " + options +
                     " " + first_options);
    ASSERT_TRUE(fs::exists(restarted / "checkpoint-001000"));
    ASSERT_FALSE(fs::exists(restarted / "checkpoint-002000"));
    run(problem, "--restart-from " + (restarted / "checkpoint-001000").string() + " " + options);

    const nlohmann::json a = summary_of(straight), b = summary_of(restarted);
    EXPECT_EQ(a["steps"], b["steps"]);
    EXPECT_TRUE(a["restarted_from_step"].is_null());
    EXPECT_EQ(b["restarted_from_step"], 1000) << "the part whose wall times summary.json holds";
    EXPECT_EQ(a["simulated_time"], b["simulated_time"]);
    // Every body's x, q, v, w as JSON numbers, which print the shortest text that parses back
    // to the same double: equal text is equal bits.
    ASSERT_EQ(a["bodies"].size(), b["bodies"].size());
    for (std::size_t i = 0; i < a["bodies"].size(); ++i) EXPECT_EQ(a["bodies"][i], b["bodies"][i]);
    EXPECT_EQ(a["solver"], b["solver"]) << "statistics over the whole run";
    EXPECT_EQ(a["collapse"], b["collapse"]);
    EXPECT_EQ(a["penalty_energy"], b["penalty_energy"]);
    // history.csv: solve_seconds (column 7) is wall time; solver.csv: columns 6 to 8.
    EXPECT_EQ(rows_without(straight / "history.csv", {7}),
              rows_without(restarted / "history.csv", {7}));
    EXPECT_EQ(rows_without(straight / "solver.csv", {6, 7, 8}),
              rows_without(restarted / "solver.csv", {6, 7, 8}));
    EXPECT_EQ(file_text(straight / "bodies.pvd"), file_text(restarted / "bodies.pvd"));
    EXPECT_EQ(file_text(straight / "contacts.pvd"), file_text(restarted / "contacts.pvd"));
    EXPECT_EQ(a["removed"], b["removed"]);
    EXPECT_EQ(a["bonds"], b["bonds"]);
    for (const char* log :
         {"interfaces.csv", "mechanisms.csv", "removed.csv", "joints.csv", "damage.vtu"})
      EXPECT_EQ(file_text(straight / log), file_text(restarted / log)) << log;
    const long last_frame = b["steps"].get<long>();
    std::ostringstream frame;
    frame << "bodies_" << std::setw(6) << std::setfill('0') << last_frame << ".vtu";
    // With the displacements and rotations, which the restarted run measures from t = 0 too.
    EXPECT_EQ(file_text(straight / frame.str()), file_text(restarted / frame.str()));
    if (fs::exists(straight / "checkpoint-002000")) {  // every byte of the state, stepper's too
      EXPECT_EQ(file_text(straight / "checkpoint-002000"),
                file_text(restarted / "checkpoint-002000"));
    }
  }

  const testing::ScratchFolder scratch_;
  const fs::path& folder_ = scratch_.path();
};

TEST_F(RestartTest, AnNscdRunContinuesBitwiseFromItsCheckpoint) {
  expect_restart_is_bitwise(write("arch.yaml", kArch.c_str()), "1.0");
  EXPECT_EQ(summary_of(folder_ / "restarted")["steps"], 1353) << "the collapse stopped it";
  // The joints were compared row by row, before the checkpoint and after it.
  const std::vector<std::string> joints = rows_without(folder_ / "restarted/interfaces.csv", {});
  ASSERT_GT(joints.size(), 2u);
  EXPECT_LT(std::stol(joints[1]), 1000);
  EXPECT_GT(std::stol(joints.back()), 1000);
  // mechanisms.csv's last row is the collapse step's: the mechanism summary.json reports.
  std::vector<std::string> mechanisms;
  std::istringstream rows(file_text(folder_ / "restarted/mechanisms.csv"));
  for (std::string row; std::getline(rows, row);) mechanisms.push_back(row);
  ASSERT_EQ(mechanisms.size(), 1u + 1353 / 10 + 1) << "a header, every 10th step and the last";
  const nlohmann::json collapse = summary_of(folder_ / "restarted")["collapse"]["mechanism"];
  EXPECT_THAT(mechanisms.back(), ::testing::EndsWith(core::concat(
                                     collapse["hinges"].size(), ',', collapse["sliding"].size(),
                                     ",\"", collapse["description"].get<std::string>(), '"')));
  EXPECT_THAT(mechanisms.back(), ::testing::StartsWith("1353,"));
}

// A copy of the arch with imperfections (moreau ensemble's) continues with the same blocks:
// its restart draws them again from the folder's imperfections.json.
TEST_F(RestartTest, ARunWithImperfectionsContinuesWithTheSameDraws) {
  expect_restart_is_bitwise(write("arch.yaml", kArch.c_str()), "1.0", "",
                            "--imperfections seed=4,block_size=0.002,placement=0.001,friction=0.1");
  EXPECT_EQ(file_text(folder_ / "straight/imperfections.json"),
            file_text(folder_ / "restarted/imperfections.json"));
  const CommandResult both = run_moreau(
      "run " + (folder_ / "arch.yaml").string() + " --quiet --restart-from " +
      (folder_ / "restarted/checkpoint-001000").string() + " --overwrite --imperfections seed=4");
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_THAT(both.output, HasSubstr("--imperfections: no --imperfections with --restart-from"));
}

TEST_F(RestartTest, APenaltyRunContinuesBitwiseFromItsCheckpoint) {
  expect_restart_is_bitwise(write("boxes.yaml", kBoxes.c_str()), "0.02");
  EXPECT_EQ(summary_of(folder_ / "restarted")["steps"], 2000);
  EXPECT_TRUE(fs::exists(folder_ / "straight/checkpoint-002000"));
}

TEST_F(RestartTest, RemovedBodiesStayRemovedAndTheirLogContinues) {
  expect_restart_is_bitwise(write("balls.yaml", kBallsOffASlab), "1.0", "--remove-below -0.5");
  const nlohmann::json summary = summary_of(folder_ / "restarted");
  ASSERT_EQ(summary["removed"].size(), 2u);
  EXPECT_EQ(summary["removed"][0]["body"], "fast");
  EXPECT_LT(summary["removed"][0]["time"].get<double>(), 1.0) << "removed before the checkpoint";
  EXPECT_EQ(summary["removed"][1]["body"], "slow");
  EXPECT_GT(summary["removed"][1]["time"].get<double>(), 1.0) << "and after it";
}

TEST_F(RestartTest, ACohesiveJointHoldsPastTheCheckpointAndBreaksInShearAfterIt) {
  expect_restart_is_bitwise(write("block.yaml", kBondedBlock), "1.0");
  const fs::path out = folder_ / "restarted";
  // The joint's strength against the tilt angle t: W sin t = c A + mu W cos t, W = m g.
  const double weight = 0.4 * 0.2 * 2000 * 9.81, strength = 1000 * 0.4, mu = 0.5;
  const double slope_of_dry_friction = std::atan(mu);
  const double bonded_tilt =
      slope_of_dry_friction + std::asin(strength / (weight * std::sqrt(1 + mu * mu)));
  const double expected_time = bonded_tilt / (30.0 * std::numbers::pi / 180);
  const std::vector<std::string> rows = rows_without(out / "joints.csv", {});
  ASSERT_EQ(rows.size(), 2u) << file_text(out / "joints.csv");
  EXPECT_EQ(rows[0], "step,time,body_a,body_b,mode,points,");
  std::vector<std::string> fields;
  std::stringstream split(rows[1]);
  for (std::string field; std::getline(split, field, ',');) fields.push_back(field);
  ASSERT_EQ(fields.size(), 6u);
  EXPECT_GT(std::stol(fields[0]), 1000) << "after the checkpoint";
  // The block is at rest on the table until then, so the break is the static one: within a
  // few steps (0.03 deg each) of the hand computation, the solver's 1e-6 far below that.
  EXPECT_NEAR(std::stod(fields[1]), expected_time, 3e-3);
  EXPECT_THAT((std::vector<std::string>{fields[2], fields[3]}),
              ::testing::UnorderedElementsAre("ground", "block"));
  EXPECT_EQ(fields[4], "shear");
  const long points = std::stol(fields[5]);
  EXPECT_GE(points, 2) << "the two ends of the joint";
  const nlohmann::json bonds = summary_of(out)["bonds"];
  EXPECT_EQ(bonds["intact"], 0);
  EXPECT_EQ(bonds["broken"], points);
  // At the checkpoint (30 deg) only the bonds held the block: a restart that lost them would
  // have slid at once, and the bitwise comparison above would have failed.
}

// Voussoirs share their joints' corners, which the narrow phase names after either voussoir
// as round-off goes: the bonds must follow their points. With mortar far stronger than
// the arch's self-weight asks (its thrust line inside every joint), nothing breaks at rest.
TEST_F(RestartTest, AMortaredArchAtRestKeepsEveryBond) {
  std::string mortared = kArch;
  const auto replace = [&](const std::string& from, const std::string& to) {
    mortared.replace(mortared.find(from), from.size(), to);
  };
  replace("{friction: 0.6}", "{friction: 0.6, cohesion: 1.0e5, tensile_strength: 5.0e4}");
  replace("duration: 2.0", "duration: 0.3");
  replace("  tilt: {rate: 15.0}\n", "  gravity_ramp: {duration: 0.1}\n");
  const fs::path out = folder_ / "mortared";
  run(write("mortared.yaml", mortared.c_str()), "--out " + out.string());
  const nlohmann::json bonds = summary_of(out)["bonds"];
  EXPECT_EQ(bonds["broken"], 0) << file_text(out / "joints.csv");
  EXPECT_EQ(bonds["intact"], 16) << "6 joints between the 7 voussoirs and 2 on the ground";
}

TEST_F(RestartTest, RestartsThatWouldMixRunsOrDestroyOutputAreRefused) {
  const fs::path arch = write("arch.yaml", kArch.c_str());
  const fs::path out = folder_ / "run";
  run(arch, "--out " + out.string());  // to the collapse at step 1353
  const std::string checkpoint = (out / "checkpoint-001000").string();
  const std::string history = file_text(out / "history.csv");
  const std::vector<std::string> rows = rows_without(out / "history.csv", {7});

  // The folder holds steps 1001 to 1353: only --overwrite replaces them.
  CommandResult result = run_moreau("run " + arch.string() + " --restart-from " + checkpoint);
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr("error: --restart-from: the folder holds the run past the "
                                       "checkpoint's step 1000 (up to step 1353)"));
  EXPECT_EQ(file_text(out / "history.csv"), history) << "nothing touched";

  result = run_moreau("run " + arch.string() + " --restart-from " + checkpoint + " --out x");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("error: --out: expected no --out with --restart-from"));

  const fs::path boxes = write("boxes.yaml", kBoxes.c_str());
  result = run_moreau("run " + boxes.string() + " --restart-from " + checkpoint);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("checkpoint-001000: error: problem file: expected a "
                                       "checkpoint of " +
                                       boxes.string()));

  const fs::path penalty_run = folder_ / "penalty";
  run(boxes, "--duration 0.02 --out " + penalty_run.string());
  result = run_moreau("run " + boxes.string() + " --mode nscd --restart-from " +
                      (penalty_run / "checkpoint-001000").string());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("checkpoint-001000: error: mode: expected nscd (the "
                                       "checkpoint is of another run), found penalty"));

  result = run_moreau("run " + arch.string() + " --duration 0.5 --restart-from " + checkpoint);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("error: --duration: expected a duration past the "
                                       "checkpoint's time"));
  EXPECT_EQ(file_text(out / "history.csv"), history) << "nothing touched";

  // With --overwrite the continuation replaces steps 1001 to 1353, with the same rows.
  run(arch, "--restart-from " + checkpoint + " --overwrite");
  EXPECT_EQ(rows_without(out / "history.csv", {7}), rows);
  EXPECT_EQ(summary_of(out)["steps"], 1353);
}

// A checkpoint with a right checksum but a step no run reaches: before, --overwrite removed
// every later checkpoint and the run set out on 4.5e15 steps. Refused, the folder untouched.
TEST_F(RestartTest, ACheckpointOfImpossibleValuesIsRefusedBeforeTheFolderIsTouched) {
  const fs::path balls = write("balls.yaml", kBallsOffASlab);
  const fs::path out = folder_ / "run";
  run(balls, "--duration 1.001 --out " + out.string());
  run::Checkpoint edited = run::read_checkpoint(out / "checkpoint-001000");
  edited.step = -5;
  const fs::path forged = out / "forged-checkpoint";
  run::write_checkpoint(forged, edited);
  const std::string history = file_text(out / "history.csv");

  const CommandResult result = run_moreau("run " + balls.string() + " --quiet --restart-from " +
                                          forged.string() + " --overwrite");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr("forged-checkpoint: error: step: expected a step from 0"));
  EXPECT_TRUE(fs::exists(out / "checkpoint-001000")) << "nothing removed";
  EXPECT_EQ(file_text(out / "history.csv"), history) << "nothing touched";
}

}  // namespace
}  // namespace moreau::testing
