// run::Run in-process: a run checkpointed (through the checkpoint file) and continued by a
// new Run ends bitwise where the uninterrupted run ends, in NSCD (a planar arch collapsing on
// a tilting table, the collapse monitor firing after the restart) and in the penalty mode
// (boxes sliding, tumbling and landing on a tilted table); observers see every step once, in
// order, the last one marked; an interruption ends the run after the step it arrived in, and
// a stop request during a solve takes its step back.
#include "moreau/run/run.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/stop_request.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/run/checkpoint.hpp"
#include "moreau/run/imperfections.hpp"
#include "support/scratch_folder.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

namespace moreau::run {
namespace {

namespace fs = std::filesystem;
using moreau::testing::kPenaltyBoxes;
using moreau::testing::kTiltingArch;

void run_to_end(run::Run& run) {
  while (!run.finished()) run.advance();
}

void expect_same_bodies(const model::Scene& expected, const model::Scene& actual) {
  ASSERT_EQ(expected.bodies.size(), actual.bodies.size());
  for (std::size_t i = 0; i < expected.bodies.size(); ++i) {
    const model::Body& a = expected.bodies[i];
    const model::Body& b = actual.bodies[i];
    EXPECT_TRUE(a.x == b.x && a.q.coeffs() == b.q.coeffs() && a.v == b.v && a.w_B == b.w_B)
        << a.name << " differs: x " << a.x.transpose() << " vs " << b.x.transpose();
  }
}

class RunTest : public ::testing::Test {
 protected:
  run::Problem problem(const std::string& text) const {
    const fs::path path = folder_ / "problem.yaml";
    std::ofstream(path) << text;
    return io::read_problem_file(path);
  }

  // Runs `text` to its end, and again in two parts through a checkpoint file taken after
  // `split` steps: the same steps, bitwise. Returns the summary of the whole run.
  run::RunSummary expect_bitwise_restart(const std::string& text, long split) {
    const fs::path checkpoint_file = folder_ / "checkpoint";
    run::Run whole(problem(text));
    run_to_end(whole);
    EXPECT_GT(whole.step(), split);

    run::Run first(problem(text));
    while (first.step() < split) first.advance();
    run::write_checkpoint(checkpoint_file, first.checkpoint());
    run::Run rest(problem(text));
    rest.restore(run::read_checkpoint(checkpoint_file));
    EXPECT_EQ(rest.step(), split);
    run_to_end(rest);

    EXPECT_EQ(rest.step(), whole.step());
    EXPECT_EQ(rest.scene().time, whole.scene().time);
    expect_same_bodies(whole.scene(), rest.scene());
    const run::RunSummary expected = whole.summary();
    const run::RunSummary actual = rest.summary();
    EXPECT_EQ(actual.counts.solves, expected.counts.solves);
    EXPECT_EQ(actual.counts.total_iterations, expected.counts.total_iterations);
    EXPECT_EQ(actual.counts.answered_by, expected.counts.answered_by);
    EXPECT_EQ(actual.collapse.has_value(), expected.collapse.has_value());
    if (expected.collapse && actual.collapse) {
      EXPECT_EQ(actual.collapse->time, expected.collapse->time);
    }
    EXPECT_EQ(actual.first_motion.has_value(), expected.first_motion.has_value());
    if (expected.first_motion && actual.first_motion) {
      EXPECT_EQ(actual.first_motion->time, expected.first_motion->time);
      EXPECT_EQ(actual.first_motion->value, expected.first_motion->value);
    }
    EXPECT_TRUE(actual.support_reaction == expected.support_reaction);
    EXPECT_EQ(actual.penalty_energy, expected.penalty_energy);
    EXPECT_EQ(actual.substeps, expected.substeps);
    return expected;
  }

  const testing::ScratchFolder scratch_;
  const fs::path& folder_ = scratch_.path();
};

TEST_F(RunTest, NscdRunContinuedFromACheckpointIsBitwiseTheUninterruptedRun) {
  const run::RunSummary whole = expect_bitwise_restart(kTiltingArch, 1000);
  ASSERT_TRUE(whole.collapse.has_value()) << "the arch should collapse after step 1000";
  EXPECT_EQ(whole.collapse->criterion, "kinetic_energy");
  EXPECT_LT(whole.steps, 2000);
}

// velocity-newton's carried kappa (carry_penalty) is part of the stepper's state: the
// checkpoint keeps it.
TEST_F(RunTest, RunWithACarriedKappaContinuedFromACheckpointIsBitwiseTheUninterruptedRun) {
  const std::string carrying = std::string(kTiltingArch) +
                               "solver: {name: velocity-newton, parameters: {carry_penalty: on}}\n";
  run::Run first(problem(carrying));
  while (first.step() < 1000) first.advance();
  const run::Checkpoint checkpoint = first.checkpoint();
  EXPECT_GT(std::get<dynamics::MoreauJeanState>(checkpoint.stepper).solver.penalty, 0.0)
      << "no kappa carried at step 1000";
  expect_bitwise_restart(carrying, 1000);
}

// The summary says what decided each step's convergence and to which tolerance: the
// natural-map error by default, LMGC90's check where velocity-nsgs was given it, from the
// start (a run that has solved nothing yet names its solver's); the penalty mode solves no
// contact problem and has none.
TEST_F(RunTest, TheSummaryNamesTheCriterionThatDecidedConvergence) {
  const auto criterion_after_50_steps = [&](const std::string& text) {
    run::Run run(problem(text));
    while (run.step() < 50) run.advance();
    EXPECT_EQ(run.summary().counts.solves, 50);
    return run.summary().criterion;
  };
  const auto natural_map = criterion_after_50_steps(kTiltingArch);
  ASSERT_TRUE(natural_map.has_value());
  EXPECT_EQ(natural_map->name, "natural-map");
  EXPECT_EQ(natural_map->tolerance, 1e-8);
  const std::string lmgc90_text =
      std::string(kTiltingArch) +
      "solver: {name: velocity-nsgs, tolerance: 1.666e-4, parameters: {criterion: lmgc90-qm16}}\n";
  EXPECT_EQ(run::Run(problem(lmgc90_text)).summary().criterion->name, "lmgc90-qm16");
  const auto lmgc90 = criterion_after_50_steps(lmgc90_text);
  ASSERT_TRUE(lmgc90.has_value());
  EXPECT_EQ(lmgc90->name, "lmgc90-qm16");
  EXPECT_EQ(lmgc90->tolerance, 1.666e-4);
  EXPECT_FALSE(run::Run(problem(kPenaltyBoxes)).summary().criterion.has_value());
}

TEST_F(RunTest, PenaltyRunContinuedFromACheckpointIsBitwiseTheUninterruptedRun) {
  expect_bitwise_restart(kPenaltyBoxes, 1000);
}

// The implicit steps' springs live in the impulses the checkpoint keeps (penalty_compliance.hpp).
TEST_F(RunTest, ImplicitPenaltyRunContinuedFromACheckpointIsBitwiseTheUninterruptedRun) {
  std::string implicit = kPenaltyBoxes;
  const std::string time = "time: {step: 2.0e-5, duration: 0.04}";
  implicit.replace(implicit.find(time), time.size(),
                   "time: {step: 1.0e-4, duration: 0.04, integration: implicit}");
  const run::RunSummary whole = expect_bitwise_restart(implicit, 200);
  EXPECT_EQ(whole.integration, "implicit");
  EXPECT_GT(whole.counts.solves, 0);
}

// Records the steps it is told of, and the steps after which it is told of an interruption.
class StepRecorder final : public Observer {
 public:
  explicit StepRecorder(std::vector<StepOutcome>& seen, std::vector<long>* interrupted = nullptr)
      : seen_(seen), interrupted_(interrupted) {}
  void stepped(const Run& /*run*/, const StepOutcome& outcome) override {
    seen_.push_back(outcome);
  }
  void interrupted(const Run& run) override {
    if (interrupted_) interrupted_->push_back(run.step());
  }

 private:
  std::vector<StepOutcome>& seen_;
  std::vector<long>* interrupted_;
};

TEST_F(RunTest, ObserversSeeEveryStepOnceInOrderWithTheLastMarked) {
  run::Problem boxes = problem(kPenaltyBoxes);
  boxes.duration = 50 * boxes.time_step;
  run::Run run(std::move(boxes));
  std::vector<StepOutcome> seen;
  run.observe(std::make_unique<StepRecorder>(seen));
  run_to_end(run);
  ASSERT_EQ(seen.size(), 50u);
  for (std::size_t k = 0; k < seen.size(); ++k) {
    EXPECT_EQ(seen[k].step, static_cast<long>(k) + 1);
    EXPECT_EQ(seen[k].last, k + 1 == seen.size());
  }
  EXPECT_EQ(seen.back().time, run.scene().time);
}

TEST_F(RunTest, AnInterruptionEndsTheRunAfterTheStepItArrivedIn) {
  long steps_taken = 0;
  RunOptions options;
  options.interruption = [&steps_taken]() -> std::optional<std::string> {
    return ++steps_taken == 7 ? std::optional<std::string>("SIGTERM") : std::nullopt;
  };
  run::Run run(problem(kPenaltyBoxes), options);
  std::vector<StepOutcome> seen;
  std::vector<long> interrupted;
  run.observe(std::make_unique<StepRecorder>(seen, &interrupted));
  run_to_end(run);
  EXPECT_EQ(run.step(), 7);
  ASSERT_EQ(seen.size(), 7u);
  // Not the run's last step: the run continues from its checkpoint (a row written for it
  // was a row the uninterrupted run does not have).
  EXPECT_FALSE(seen.back().last);
  EXPECT_EQ(interrupted, std::vector<long>{7});
  EXPECT_EQ(run.summary().interrupted_by, "SIGTERM");
  EXPECT_EQ(run.summary().steps, 7);
}

std::string checkpoint_bytes(const run::Run& run, const fs::path& file) {
  run::write_checkpoint(file, run.checkpoint());
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// A stop request (a signal) during a step's solve ends the solve at its next iteration and
// takes the step back: the run is interrupted after the step before, its checkpoint is that
// step's byte for byte, and the run continued from it is bitwise the uninterrupted one.
// Before, a signal waited for the step to end, minutes on a large structure.
TEST_F(RunTest, AStopRequestDuringASolveTakesTheStepBack) {
  constexpr long kSteps = 40;
  run::Run whole(problem(kTiltingArch));
  while (whole.step() < kSteps) whole.advance();

  for (const long split : {0L, 25L}) {
    run::Run run(problem(kTiltingArch));
    while (run.step() < split) run.advance();
    const std::string before = checkpoint_bytes(run, folder_ / "before");
    std::vector<StepOutcome> seen;
    std::vector<long> interrupted;
    run.observe(std::make_unique<StepRecorder>(seen, &interrupted));
    core::request_stop();
    run.advance();
    core::clear_stop_request();
    EXPECT_EQ(run.step(), split);
    EXPECT_TRUE(run.finished());
    EXPECT_EQ(run.interrupted_by(), "a stop request");
    EXPECT_TRUE(seen.empty()) << "a step taken back was told to the observers";
    EXPECT_EQ(interrupted, std::vector<long>{split});
    EXPECT_TRUE(checkpoint_bytes(run, folder_ / "after") == before) << "after step " << split;

    run::Run rest(problem(kTiltingArch));
    rest.restore(run::read_checkpoint(folder_ / "after"));
    while (rest.step() < kSteps) rest.advance();
    expect_same_bodies(whole.scene(), rest.scene());
    EXPECT_EQ(rest.summary().counts.total_iterations, whole.summary().counts.total_iterations);
  }
}

// The penalty stepper refuses a step above the critical step knowing the key, not the file:
// the run places the refusal at time.step of the problem file (before, it had no file or line).
TEST(Run, APenaltyStepAboveTheCriticalStepIsRefusedAtTimeStep) {
  const testing::ScratchFolder scratch;
  const fs::path file = scratch.path() / "ball.yaml";
  std::ofstream(file) << R"(version: 1
mode: penalty
time: {step: 0.5, duration: 1}
materials:
  - {name: steel, density: 7800, young_modulus: 2.0e11, poisson_ratio: 0.3}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true, material: steel}
  - {name: ball, shape: {type: sphere, radius: 0.1}, position: [0, 0, 0.1], material: steel}
)";
  try {
    const run::Run run(io::read_problem_file(file));
    ADD_FAILURE() << "a step of 0.5 s was accepted";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.where().file, file.string());
    EXPECT_EQ(error.where().line, 3);
    EXPECT_EQ(error.where().column, 14);
    EXPECT_EQ(error.key(), "time.step");
    EXPECT_EQ(std::string(error.what())
                  .rfind(file.string() + ":3:14: error: time.step: expected "
                                         "a step of at most ",
                         0),
              0u)
        << error.what();
  }
}

// A slender block (0.1 x 0.1 x 1 m: it starts to rock at a lateral acceleration of
// g b / h = 0.1 g) on a table whose acceleration ramps from 0 to 1 g over 2 s, sampled every
// 0.01 s and scaled by `pga: 0.5` (so 0.25 t g, no baseline correction): the collapse is
// reported at the PGA the record had reached, the largest sample at or before it, with the
// record's scale and whole PGA beside it.
TEST_F(RunTest, CollapseUnderGroundMotionIsReportedAtThePgaReached) {
  std::ofstream ramp(folder_ / "ramp.txt");
  for (int i = 0; i <= 200; ++i) ramp << i / 200.0 << '\n';
  ramp.close();
  run::Run run(problem(R"(version: 1
time: {step: 1.0e-3, duration: 2}
materials: [{name: stone, density: 2000}]
interactions: {default: {friction: 0.8}}
bodies:
  - {name: block, shape: {type: box, size: [0.1, 0.1, 1]}, position: [0, 0, 0.5]}
  - name: table
    shape: {type: box, size: [2, 2, 0.2]}
    position: [0, 0, -0.1]
    driven:
      ground_motion: {record: ramp.txt, units: g, time_step: 0.01, direction: [1, 0, 0],
                      pga: 0.5, baseline: none}
stop: {collapse: {max_rotation: 20}}
)"));
  run_to_end(run);
  const std::optional<CollapseSummary>& collapse = run.summary().collapse;
  ASSERT_TRUE(collapse.has_value());
  EXPECT_EQ(collapse->load_factor_name, "pga_reached_g");
  // Not before the rocking threshold 0.25 t = 0.1.
  EXPECT_GT(collapse->time, 0.4);
  // The samples are 0.0025 g apart: the reached PGA lags 0.25 t by less than one of them.
  EXPECT_LE(collapse->load_factor, 0.25 * collapse->time + 1e-12);
  EXPECT_GT(collapse->load_factor, 0.25 * collapse->time - 0.0025);
  // The block stood on its table before it rocked, but under a ground motion the last time a
  // structure stood says nothing of where its collapse began.
  EXPECT_FALSE(run.summary().onset.has_value());
  const std::optional<RecordIntensity>& record = run.summary().record;
  ASSERT_TRUE(record.has_value());
  EXPECT_NEAR(record->scale, 0.5, 1e-12);
  EXPECT_NEAR(record->pga, 0.5, 1e-12);
}

// The same block and table, the table accelerating at a constant 0.05 g (half the rocking
// threshold) for 2 s: the block rides on it 0.98 m (g t^2 / 40) without moving on it, its
// absolute kinetic energy reaching 9.6 J (1/2 20 kg (0.98 m/s)^2); max_displacement and
// kinetic_energy, measured relative to the table under ground motion, do not fire. At 0.2 g
// the block rocks and falls, and each does.
TEST_F(RunTest, UnderGroundMotionCollapseIsMeasuredFromTheShakenSupport) {
  std::ofstream(folder_ / "constant.csv") << "time_s,accel_g\n0,1\n10,1\n";
  const auto run_at = [&](double g, const std::string& criterion) {
    run::Run run(problem(core::concat(R"(version: 1
time: {step: 1.0e-3, duration: 2}
materials: [{name: stone, density: 2000}]
interactions: {default: {friction: 0.8}}
bodies:
  - {name: block, shape: {type: box, size: [0.1, 0.1, 1]}, position: [0, 0, 0.5]}
  - name: table
    shape: {type: box, size: [2, 2, 0.2]}
    position: [0, 0, -0.1]
    driven:
      ground_motion: {record: constant.csv, units: g, direction: [1, 0, 0], baseline: none,
                      scale: )",
                                      g, R"(}
stop: {collapse: {)",
                                      criterion, R"(}}
)")));
    run_to_end(run);
    return run.summary();
  };
  for (const std::string criterion : {"max_displacement: 0.05", "kinetic_energy: 1.0"}) {
    SCOPED_TRACE(criterion);
    const RunSummary riding = run_at(0.05, criterion);
    EXPECT_FALSE(riding.collapse.has_value());
    EXPECT_NEAR(riding.bodies[0].position.x(), 0.05 * 9.80665 * 2.0 * 2.0 / 2.0, 1e-3)
        << "the block rides with the table";
    const RunSummary falling = run_at(0.2, criterion);
    ASSERT_TRUE(falling.collapse.has_value());
    EXPECT_EQ(falling.collapse->criterion, criterion.substr(0, criterion.find(':')));
  }
}

// A block with friction 0.5 on a tilting table slides at atan(0.5) = 26.57 deg. A table set
// at 20 deg before the run and tilting on from there reports the angle from the level, its
// starting 20 deg included: the block goes at the same reported angle as on a table tilting
// from level. Held at 20 deg, the block stays; held at 30 deg, it goes at once, at 30.
TEST_F(RunTest, ATableTiltedBeforeTheRunReportsTheAngleFromLevel) {
  const auto run_with = [&](const std::string& tilt) {
    run::Run run(problem(core::concat(R"(version: 1
time: {step: 1.0e-3, duration: 8}
materials: [{name: stone, density: 2000}]
interactions: {default: {friction: 0.5}}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - {name: block, shape: {type: box, size: [0.2, 0.2, 0.2]}, position: [0, 0, 0.1]}
loads: {tilt: )",
                                      tilt, R"(}
stop: {collapse: {max_displacement: 0.005}}
)")));
    run_to_end(run);
    return run.summary().collapse;
  };
  const double sliding = std::atan(0.5) * 180.0 / std::numbers::pi;
  const std::optional<CollapseSummary> from_level = run_with("{rate: 5}");
  const std::optional<CollapseSummary> from_20 = run_with("{initial: 20, rate: 5}");
  ASSERT_TRUE(from_level.has_value() && from_20.has_value());
  EXPECT_EQ(from_20->load_factor_name, "tilt_angle_deg");
  EXPECT_GT(from_level->load_factor, sliding);
  EXPECT_LT(from_level->load_factor, sliding + 2.0);
  EXPECT_NEAR(from_20->load_factor, from_level->load_factor, 0.05);
  EXPECT_NEAR(from_20->time, from_level->time - 20.0 / 5.0, 0.01);
  EXPECT_FALSE(run_with("{initial: 20, rate: 0}").has_value());
  const std::optional<CollapseSummary> held_at_30 = run_with("{initial: 30, rate: 0}");
  ASSERT_TRUE(held_at_30.has_value());
  EXPECT_EQ(held_at_30->load_factor, 30.0);
  EXPECT_LT(held_at_30->time, 0.5);
}

// The block of the test above on a table tilting at omega = 1 deg/s: past t_0 = atan(mu) /
// omega it slides with x'' = g (sin(omega t) - mu cos(omega t)), so that
//   x(t) = g / omega^2 (G(t) - G(t_0)) - g / omega F(t_0) (t - t_0),
// F(s) = -cos(omega s) - mu sin(omega s), G(s) = -sin(omega s) + mu cos(omega s). Its first
// motion is where x reaches kFirstMotionShare of the 1 cm criterion (0.15 s past the onset),
// well before the collapse (0.68 s past it).
TEST_F(RunTest, TheFirstMotionOfABlockSlidingOnATiltingTableIsWhereItsMotionPutsIt) {
  run::Run run(problem(R"(version: 1
time: {step: 1.0e-3, duration: 40}
materials: [{name: stone, density: 2000}]
interactions: {default: {friction: 0.5}}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - {name: block, shape: {type: box, size: [0.2, 0.2, 0.2]}, position: [0, 0, 0.1]}
loads: {tilt: {rate: 1}}
stop: {collapse: {max_displacement: 0.01}}
)"));
  run_to_end(run);
  const RunSummary summary = run.summary();
  ASSERT_TRUE(summary.first_motion.has_value() && summary.collapse.has_value());

  constexpr double mu = 0.5, g = 9.81, omega = std::numbers::pi / 180.0;  // rad/s
  const auto F = [&](double s) { return -std::cos(omega * s) - mu * std::sin(omega * s); };
  const auto G = [&](double s) { return -std::sin(omega * s) + mu * std::cos(omega * s); };
  const double t_0 = std::atan(mu) / omega;
  const auto x = [&](double t) {
    return g / (omega * omega) * (G(t) - G(t_0)) - g / omega * F(t_0) * (t - t_0);
  };
  const auto time_at = [&](double displacement) {  // bisection on the increasing x
    double below = t_0, above = t_0 + 5.0;
    for (int i = 0; i < 60; ++i) {
      const double middle = 0.5 * (below + above);
      (x(middle) < displacement ? below : above) = middle;
    }
    return below;
  };
  const CollapseSummary& moved = *summary.first_motion;
  EXPECT_EQ(moved.criterion, "max_displacement");
  EXPECT_EQ(moved.body, "block");
  EXPECT_GT(moved.value, dynamics::kFirstMotionShare * 0.01);
  EXPECT_EQ(moved.load_factor_name, "tilt_angle_deg");
  EXPECT_NEAR(moved.time, time_at(dynamics::kFirstMotionShare * 0.01), 2e-3);
  EXPECT_NEAR(moved.load_factor, moved.time, 1e-9) << "1 deg/s from level";
  EXPECT_NEAR(summary.collapse->time, time_at(0.01), 2e-3);
  EXPECT_THAT(moved.mechanism.description, ::testing::HasSubstr("sliding"));
  // Its onset, the last step at which it stood, is where its speed x'(t) = g / omega (F(t) -
  // F(t_0)) passes 1e-6 m/s, below which identify_mechanism counts a body at rest: 3.2 ms
  // past t_0.
  const auto time_at_speed = [&](double speed) {  // bisection on the increasing x'
    double below = t_0, above = t_0 + 1.0;
    for (int i = 0; i < 60; ++i) {
      const double middle = 0.5 * (below + above);
      (g / omega * (F(middle) - F(t_0)) < speed ? below : above) = middle;
    }
    return below;
  };
  ASSERT_TRUE(summary.onset.has_value());
  EXPECT_NEAR(summary.onset->time, time_at_speed(1e-6), 2e-3);
  EXPECT_NEAR(summary.onset->load_factor, summary.onset->time, 1e-9) << "1 deg/s from level";
}

// The two blocks side by side of problems/blocks-side-by-side.yaml (0.4 x 1 m, mu = 0.8, the
// least tilt at which a mechanism is possible atan(0.4) = 21.80 deg) made a little smaller and
// moved within that room: each settles into the gaps by more than the first motion's share of
// the 1 cm criterion, sliding against the other. Its first motion is where the tilt then
// moves it, past that least tilt, not where it settled at t = 0.
TEST_F(RunTest, TheFirstMotionOfACopyWithImperfectionsIsMeasuredFromWhereItSettled) {
  Problem pair = io::read_problem_file(MOREAU_SOURCE_DIR "/problems/blocks-side-by-side.yaml");
  apply(Imperfections{.seed = 1, .block_size = 0.002, .placement = 0.001}, pair);
  const model::Scene start = pair.scene;
  run::Run run(std::move(pair));
  run_to_end(run);
  const RunSummary summary = run.summary();
  ASSERT_TRUE(summary.first_motion.has_value() && summary.collapse.has_value());

  const std::optional<std::vector<dynamics::Pose>> standing = run.checkpoint().standing;
  ASSERT_TRUE(standing.has_value());
  double settled = 0.0;
  for (std::size_t b = 0; b < start.bodies.size(); ++b)
    settled = std::max(settled, ((*standing)[b].x - start.bodies[b].x).norm());
  EXPECT_GT(settled, dynamics::kFirstMotionShare * 0.01)
      << "no block settled by the first motion's share: the test tests nothing";

  // A block shrinks alike in both directions: its least tilt is the perfect one's.
  const double least = std::atan(0.4) * 180.0 / std::numbers::pi;
  EXPECT_GT(summary.first_motion->load_factor, least);
  EXPECT_LE(summary.first_motion->load_factor, summary.collapse->load_factor);
  EXPECT_THAT(summary.first_motion->mechanism.description, ::testing::HasSubstr("2 blocks"));
}

// The onset of a collapse is the last step at which the structure stood before it. The perfect
// pair of problems/blocks-side-by-side.yaml first moves past the least tilt (atan(0.4) =
// 21.80 deg), stands again, weakly stable, and collapses past the upper end of limit analysis
// (30.47 deg, docs/limit-analysis.md): its onset lies between its first motion and its
// collapse. A copy with imperfections is not held by self-stress: its collapse starts from
// the least tilt itself, within the 0.05 deg that 50 steps of the 1 deg/s tilt take.
TEST_F(RunTest, TheOnsetOfACollapseIsTheLastStepAtWhichTheStructureStood) {
  const double least = std::atan(0.4) * 180.0 / std::numbers::pi;
  {
    run::Run perfect(io::read_problem_file(MOREAU_SOURCE_DIR "/problems/blocks-side-by-side.yaml"));
    run_to_end(perfect);
    const RunSummary summary = perfect.summary();
    ASSERT_TRUE(summary.first_motion && summary.collapse && summary.onset);
    EXPECT_GT(summary.onset->load_factor, summary.first_motion->load_factor + 1.0)
        << "the perfect pair's onset is not past its first motion: it did not stand again";
    EXPECT_LT(summary.onset->load_factor, summary.collapse->load_factor);
    EXPECT_NEAR(summary.onset->load_factor, summary.onset->time, 1e-9) << "1 deg/s from level";
  }
  Problem pair = io::read_problem_file(MOREAU_SOURCE_DIR "/problems/blocks-side-by-side.yaml");
  apply(Imperfections{.seed = 1, .block_size = 0.002, .placement = 0.001}, pair);
  run::Run copy(std::move(pair));
  run_to_end(copy);
  const RunSummary summary = copy.summary();
  ASSERT_TRUE(summary.collapse && summary.onset);
  EXPECT_GE(summary.onset->load_factor, least);
  EXPECT_LT(summary.onset->load_factor, least + 0.05);
}

// A block at rest on a table tilting from level at 5 deg/s (friction 0.5: it holds to
// 26.57 deg), 2 m from the origin: gravity turns under it and its potential energy changes
// by tens of joules over 2 s with nothing moving. The load's work accounts for all of it,
// each step's showing in the next step's potential energy. Under a constant gravity the
// load does no work.
TEST_F(RunTest, TheLoadWorkIsWhatATiltAddsToThePotentialEnergyOfBodiesAtRest) {
  const auto block_on = [&](const std::string& loads) {
    return problem(core::concat(R"(version: 1
time: {step: 1.0e-3, duration: 2}
materials: [{name: stone, density: 2000}]
interactions: {default: {friction: 0.5}}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - {name: block, shape: {type: box, size: [0.2, 0.2, 0.2]}, position: [2, 1, 0.1]}
)",
                                loads));
  };
  run::Run tilting(block_on("loads: {tilt: {rate: 5}}\n"));
  const StepOutcome& start = tilting.advance();
  const double first = start.report.potential_energy;
  double potential = first, shown = 0.0, next = start.load_work;
  while (!tilting.finished()) {
    const StepOutcome& outcome = tilting.advance();
    shown += next;
    next = outcome.load_work;
    potential = outcome.report.potential_energy;
  }
  EXPECT_GT(std::abs(potential - first), 5.0) << "gravity turned under the block";
  EXPECT_NEAR(potential - first, shown, 1e-6 * std::abs(potential - first));

  run::Run level(block_on(""));
  while (!level.finished()) EXPECT_EQ(level.advance().load_work, 0.0);
}

}  // namespace
}  // namespace moreau::run
