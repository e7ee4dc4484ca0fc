// Checkpoint files (run/checkpoint.hpp): every field comes back bit for bit, and a file that is
// missing, not a checkpoint, of another version, truncated, damaged, or of another problem
// file or mode is refused with a message naming it.
#include "moreau/run/checkpoint.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/io/problem_file.hpp"
#include "support/scratch_folder.hpp"
#include "support/small_disk.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

namespace moreau::run {
namespace {

namespace fs = std::filesystem;
using math::Vec3;
using ::testing::HasSubstr;

const fs::path kProblem = fs::path(MOREAU_SOURCE_DIR) / "problems/bouncing-ball.yaml";

bool same_bits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

bool same_bits(const Vec3& a, const Vec3& b) {
  return same_bits(a.x(), b.x()) && same_bits(a.y(), b.y()) && same_bits(a.z(), b.z());
}

// Every field set, with doubles that decimal text of 15 digits would not give back (1/3,
// pi's neighbours, a subnormal, -0).
Checkpoint sample_checkpoint() {
  Checkpoint checkpoint;
  checkpoint.problem_hash = problem_file_hash(kProblem);
  checkpoint.step = 1234;
  checkpoint.time = 1234 * 1e-4;  // bouncing-ball.yaml steps 1e-4 s
  checkpoint.bodies = {
      {Vec3::Zero(), math::Quat::Identity(), Vec3::Zero(), Vec3::Zero(), true},
      {Vec3(1.0 / 3, -0.0, std::numeric_limits<double>::denorm_min()),
       math::Quat(std::cos(0.1), 0, std::sin(0.1), 0),
       Vec3(std::nextafter(std::numbers::pi, 4.0), 2, 3), Vec3(0, -7.25e-300, 0), false}};
  checkpoint.stepper = dynamics::PenaltyState{
      .tangential_states = {{{0, 1, 0x80000005u},
                             {Vec3(1e-9 / 3, 2e-10 / 7, 0), Vec3(0.2 / 3, -0.1, 0.05 / 7)}}},
      .dissipated = {0.1, 0.2},
      .bonds = {{{0, 1, 3u}, {1e4 / 3, 1e4 / 7, Vec3(0.1, -0.2, 1.0 / 3)}},
                {{0, 1, 0x80000002u}, {0.1, -0.0, Vec3::Zero()}}}};
  checkpoint.came_to_rest = true;
  checkpoint.standing =
      std::vector<dynamics::Pose>{{Vec3(0.1 / 3, -0.0, 2.0 / 7), math::Quat::Identity()},
                                  {Vec3(1e-300, 5.0, -1.0 / 9), math::Quat(0.5, -0.5, 0.5, 0.5)}};
  checkpoint.counts = {1200,           3,  2.5e-9,
                       123456789012LL, 77, {{"velocity-newton", 900}, {"velocity-nsgs", 300}}};
  checkpoint.removed = {{"arch/voussoir03", 0.1 / 3, "below", -1.0 / 7}, {"", 0.0, "beyond", 5.0}};
  checkpoint.broken_bonds = 0x100000003ULL;  // beyond 32 bits
  checkpoint.substeps = 0x200000005ULL;
  const MechanismSummary mechanism{"1-hinge mechanism of 1 part (1 block)",
                                   {{{"ball"}, true, Vec3(1.0 / 3, 0, -0.0), Vec3(0, -1, 0)}},
                                   {{"ball", "ground", Vec3(0.1 / 3, 0, 0), Vec3(0, -1, 0)}},
                                   {}};
  checkpoint.peak_motion = PeakMotion{0.1 / 7, 5.0 / 3, mechanism};
  checkpoint.first_motion = CollapseSummary{"max_rotation",   "ball",  0.05 / 3, 0.1 / 9,
                                            "tilt_angle_deg", 1.0 / 9, mechanism};
  checkpoint.last_stood = Standing{0.1 / 11, 1.0 / 11};
  // Bytes the run layer does not read: a zero byte and one past 0x7f, and an empty state.
  checkpoint.output_states = {{"history", std::string("\x01\x00\xff", 3)}, {"vtk", ""}};
  return checkpoint;
}

class CheckpointTest : public ::testing::Test {
 protected:
  std::string bytes_of(const fs::path& path) const {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  fs::path with_bytes(const std::string& name, const std::string& bytes) const {
    const fs::path path = folder_ / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  // The message of the Diagnostic that reading `path` throws; "" if it reads.
  static std::string refusal(const fs::path& path) {
    try {
      read_checkpoint(path);
    } catch (const core::Diagnostic& error) {
      return error.what();
    }
    return "";
  }

  const testing::ScratchFolder scratch_;
  const fs::path& folder_ = scratch_.path();
};

TEST_F(CheckpointTest, EveryFieldComesBackBitForBit) {
  const Checkpoint written = sample_checkpoint();
  const fs::path path = folder_ / checkpoint_name(written.step);
  EXPECT_EQ(path.filename(), "checkpoint-001234");
  write_checkpoint(path, written);
  const Checkpoint read = read_checkpoint(path);

  EXPECT_EQ(read.problem_hash, written.problem_hash);
  EXPECT_EQ(read.step, 1234);
  EXPECT_TRUE(same_bits(read.time, written.time));
  ASSERT_EQ(read.bodies.size(), 2u);
  for (std::size_t b = 0; b < 2; ++b) {
    EXPECT_TRUE(same_bits(read.bodies[b].x, written.bodies[b].x)) << b;
    EXPECT_TRUE(same_bits(read.bodies[b].v, written.bodies[b].v)) << b;
    EXPECT_TRUE(same_bits(read.bodies[b].w_B, written.bodies[b].w_B)) << b;
    EXPECT_TRUE(read.bodies[b].q.coeffs() == written.bodies[b].q.coeffs()) << b;
    EXPECT_EQ(read.bodies[b].removed, written.bodies[b].removed) << b;
  }
  ASSERT_TRUE(std::holds_alternative<dynamics::PenaltyState>(read.stepper));
  const auto& state = std::get<dynamics::PenaltyState>(read.stepper);
  const auto& original = std::get<dynamics::PenaltyState>(written.stepper);
  ASSERT_EQ(state.tangential_states.size(), 1u);
  EXPECT_EQ(state.tangential_states[0].first, original.tangential_states[0].first);
  EXPECT_TRUE(same_bits(state.tangential_states[0].second.value,
                        original.tangential_states[0].second.value));
  EXPECT_TRUE(same_bits(state.tangential_states[0].second.anchor,
                        original.tangential_states[0].second.anchor));
  EXPECT_TRUE(same_bits(state.dissipated.damping, 0.1));
  EXPECT_TRUE(same_bits(state.dissipated.slip, 0.2));
  ASSERT_EQ(state.bonds.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& [key, bond] = state.bonds[i];
    EXPECT_EQ(key, original.bonds[i].first) << i;
    EXPECT_TRUE(same_bits(bond.cohesion, original.bonds[i].second.cohesion)) << i;
    EXPECT_TRUE(same_bits(bond.anchor, original.bonds[i].second.anchor)) << i;
    EXPECT_TRUE(same_bits(bond.tensile_strength, original.bonds[i].second.tensile_strength)) << i;
  }
  EXPECT_TRUE(read.came_to_rest);
  ASSERT_TRUE(read.standing.has_value());
  ASSERT_EQ(read.standing->size(), 2u);
  for (std::size_t b = 0; b < 2; ++b) {
    for (int k = 0; k < 3; ++k)
      EXPECT_TRUE(same_bits((*read.standing)[b].x[k], (*written.standing)[b].x[k]));
    for (int k = 0; k < 4; ++k)
      EXPECT_TRUE(
          same_bits((*read.standing)[b].q.coeffs()[k], (*written.standing)[b].q.coeffs()[k]));
  }
  EXPECT_EQ(read.counts.solves, 1200);
  EXPECT_EQ(read.counts.not_converged, 3);
  EXPECT_TRUE(same_bits(read.counts.worst_error, 2.5e-9));
  EXPECT_EQ(read.counts.total_iterations, 123456789012LL);
  EXPECT_EQ(read.counts.max_iterations, 77);
  EXPECT_EQ(read.counts.answered_by, written.counts.answered_by);
  ASSERT_EQ(read.removed.size(), 2u);
  EXPECT_EQ(read.removed[0].name, "arch/voussoir03");
  EXPECT_TRUE(same_bits(read.removed[0].time, 0.1 / 3));
  EXPECT_EQ(read.removed[0].bound, "below");
  EXPECT_TRUE(same_bits(read.removed[0].value, -1.0 / 7));
  EXPECT_EQ(read.removed[1].name, "");
  EXPECT_EQ(read.removed[1].bound, "beyond");
  EXPECT_EQ(read.broken_bonds, 0x100000003ULL);
  EXPECT_EQ(read.substeps, 0x200000005ULL);
  ASSERT_TRUE(read.peak_motion.has_value());
  EXPECT_TRUE(same_bits(read.peak_motion->time, 0.1 / 7));
  EXPECT_TRUE(same_bits(read.peak_motion->kinetic_energy, 5.0 / 3));
  ASSERT_TRUE(read.first_motion.has_value());
  const CollapseSummary& moved = *read.first_motion;
  EXPECT_EQ(moved.criterion, "max_rotation");
  EXPECT_EQ(moved.body, "ball");
  EXPECT_TRUE(same_bits(moved.value, 0.05 / 3));
  EXPECT_TRUE(same_bits(moved.time, 0.1 / 9));
  EXPECT_EQ(moved.load_factor_name, "tilt_angle_deg");
  EXPECT_TRUE(same_bits(moved.load_factor, 1.0 / 9));
  ASSERT_TRUE(read.last_stood.has_value());
  EXPECT_TRUE(same_bits(read.last_stood->time, 0.1 / 11));
  EXPECT_TRUE(same_bits(read.last_stood->load_factor, 1.0 / 11));
  for (const MechanismSummary* read_mechanism :
       {&read.peak_motion->mechanism, &read.first_motion->mechanism}) {
    EXPECT_EQ(read_mechanism->description, "1-hinge mechanism of 1 part (1 block)");
    ASSERT_EQ(read_mechanism->parts.size(), 1u);
    EXPECT_EQ(read_mechanism->parts[0].bodies, std::vector<std::string>{"ball"});
    EXPECT_TRUE(read_mechanism->parts[0].turns);
    EXPECT_TRUE(same_bits(read_mechanism->parts[0].axis_point, Vec3(1.0 / 3, 0, -0.0)));
    ASSERT_EQ(read_mechanism->hinges.size(), 1u);
    EXPECT_EQ(read_mechanism->hinges[0].body_b, "ground");
    EXPECT_TRUE(same_bits(read_mechanism->hinges[0].position, Vec3(0.1 / 3, 0, 0)));
    EXPECT_TRUE(read_mechanism->sliding.empty());
  }
  EXPECT_EQ(read.output_states, written.output_states);
  EXPECT_EQ(read.file, path);

  // The same state gives the same bytes (contact memories are written in key order).
  write_checkpoint(folder_ / "again", read);
  EXPECT_EQ(bytes_of(folder_ / "again"), bytes_of(path));
}

// The Moreau-Jean stepper's state comes back as its own type, with its impulses of the last
// two steps, its bonds and whether its contacts followed the penalty laws.
TEST_F(CheckpointTest, AnNscdStateComesBackAsOne) {
  Checkpoint written = sample_checkpoint();
  written.stepper = dynamics::MoreauJeanState{
      .impulses = {{{2, 0, 7u}, {Vec3(1.0 / 3, -0.0, 5e-324), Vec3(0.1, 0.2, 0.3)}}},
      .earlier_impulses = {{{2, 0, 7u}, {Vec3(0.25, 1.0 / 9, 0.0), Vec3(0.1, 0.2, 0.3)}},
                           {{3, 0, 1u}, {Vec3(1.0, 0.0, 0.0), Vec3(0.0, 0.0, 0.5)}}},
      .bonds = {{{2, 0, 9u}, {1.0 / 7, 2.0, Vec3::UnitX()}}},
      .solver = {.penalty = 1.0 / 3},
      .penalty = true};
  write_checkpoint(folder_ / "nscd", written);
  const Checkpoint read = read_checkpoint(folder_ / "nscd");
  ASSERT_TRUE(std::holds_alternative<dynamics::MoreauJeanState>(read.stepper));
  const auto& state = std::get<dynamics::MoreauJeanState>(read.stepper);
  ASSERT_EQ(state.impulses.size(), 1u);
  EXPECT_EQ(state.impulses[0].first, (collision::ContactKey{2, 0, 7u}));
  EXPECT_TRUE(same_bits(state.impulses[0].second.value, Vec3(1.0 / 3, -0.0, 5e-324)));
  ASSERT_EQ(state.earlier_impulses.size(), 2u);
  EXPECT_EQ(state.earlier_impulses[1].first, (collision::ContactKey{3, 0, 1u}));
  EXPECT_TRUE(same_bits(state.earlier_impulses[0].second.value, Vec3(0.25, 1.0 / 9, 0.0)));
  ASSERT_EQ(state.bonds.size(), 1u);
  EXPECT_TRUE(same_bits(state.bonds[0].second.cohesion, 1.0 / 7));
  EXPECT_TRUE(same_bits(state.solver.penalty, 1.0 / 3));
  EXPECT_TRUE(state.penalty);
  write_checkpoint(folder_ / "nscd-again", read);
  EXPECT_EQ(bytes_of(folder_ / "nscd-again"), bytes_of(folder_ / "nscd"));
}

// An output's state goes in and out through the one function that lists its fields; the
// run layer keeps its bytes whole, and a state that is missing, cut short or longer than its
// fields is refused naming the checkpoint's file.
struct SampleOutputState {
  double energy = 0.0;
  std::vector<std::string> names;
};

template <class Io, class State>
void sample_state_fields(Io& io, State& state) {
  io.template number<double>(state.energy);
  io.sequence(state.names, [&io](auto& name) { io.text(name); });
}

TEST_F(CheckpointTest, AnOutputsStateComesBackThroughItsFieldsOrIsRefused) {
  const auto fields = [](auto& io, auto& state) { sample_state_fields(io, state); };
  Checkpoint written = sample_checkpoint();
  save_output_state(written, "sample", SampleOutputState{1.0 / 3, {"a", ""}}, fields);
  write_checkpoint(folder_ / "with-sample", written);
  const Checkpoint read = read_checkpoint(folder_ / "with-sample");
  const auto state = read_output_state<SampleOutputState>(read, "sample", fields);
  EXPECT_TRUE(same_bits(state.energy, 1.0 / 3));
  EXPECT_EQ(state.names, (std::vector<std::string>{"a", ""}));

  const auto refusal_of = [&](void (*edit)(std::string&)) -> std::string {
    Checkpoint edited = read;
    edit(edited.output_states.at("sample"));
    try {
      read_output_state<SampleOutputState>(edited, "sample", fields);
    } catch (const core::Diagnostic& error) {
      return error.what();
    }
    return "";
  };
  EXPECT_THAT(refusal_of([](std::string& bytes) { bytes.pop_back(); }),
              HasSubstr("with-sample: error: the checkpoint is truncated"));
  EXPECT_THAT(refusal_of([](std::string& bytes) { bytes += '\0'; }),
              HasSubstr("with-sample: error: the checkpoint is damaged (the state of the output "
                        "sample goes on past its last field)"));
  try {
    read_output_state<SampleOutputState>(read, "other", fields);
    ADD_FAILURE() << "a checkpoint without the output's state was read";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(),
                HasSubstr("with-sample: error: output states: expected the state of the output "
                          "other (the checkpoint is of a run without it), found none"));
  }
}

TEST_F(CheckpointTest, AMissingFileOrAnotherFormatIsRefusedByName) {
  EXPECT_THAT(refusal(folder_ / "checkpoint-000010"),
              HasSubstr("checkpoint-000010: error: --restart-from: no such checkpoint file"));
  EXPECT_THAT(refusal(kProblem), HasSubstr("bouncing-ball.yaml: error: not a moreau checkpoint"));
  EXPECT_THAT(refusal(with_bytes("empty", "")), HasSubstr("empty: error: not a moreau checkpoint"));

  write_checkpoint(folder_ / "good", sample_checkpoint());
  std::string bytes = bytes_of(folder_ / "good");
  bytes[8] = 1;  // the version, after the 8 bytes of "MOREAUCK" (little-endian u32)
  EXPECT_THAT(refusal(with_bytes("version-1", bytes)),
              HasSubstr("version-1: error: checkpoint version: expected 16"));
}

// Every proper prefix of a checkpoint (a run killed mid-write would leave none: checkpoints
// are renamed into place once complete; a copy cut short would) is refused, never read.
TEST_F(CheckpointTest, EveryTruncationIsRefused) {
  write_checkpoint(folder_ / "good", sample_checkpoint());
  const std::string bytes = bytes_of(folder_ / "good");
  for (std::size_t size = 9; size < bytes.size(); ++size) {
    const std::string message = refusal(with_bytes("cut", bytes.substr(0, size)));
    EXPECT_THAT(message, HasSubstr("cut: error: ")) << size << " bytes";
    EXPECT_THAT(message, ::testing::AnyOf(HasSubstr("truncated"), HasSubstr("damaged")))
        << size << " bytes";
  }
  EXPECT_THAT(refusal(with_bytes("longer", bytes + '\0')), HasSubstr("damaged"));
}

// One changed byte anywhere after the header: the checksum (or a count that would run past
// the end) catches it.
TEST_F(CheckpointTest, EveryDamagedByteIsRefused) {
  write_checkpoint(folder_ / "good", sample_checkpoint());
  const std::string bytes = bytes_of(folder_ / "good");
  for (std::size_t at = 16; at < bytes.size(); ++at) {
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x10);
    const std::string message = refusal(with_bytes("damaged", damaged));
    EXPECT_THAT(message, ::testing::AnyOf(HasSubstr("damaged"), HasSubstr("truncated")))
        << "byte " << at;
  }
}

TEST_F(CheckpointTest, ACheckpointOfAnotherProblemFileOrModeIsRefused) {
  const Problem problem = io::read_problem_file(kProblem);
  Checkpoint checkpoint = sample_checkpoint();
  checkpoint.file = "dir/checkpoint-001234";
  checkpoint.stepper = dynamics::MoreauJeanState{};
  checkpoint.bodies.resize(problem.scene.bodies.size());
  EXPECT_NO_THROW(check_checkpoint_matches(checkpoint, problem));

  const auto refusal_of = [&](const Checkpoint& other) -> std::string {
    try {
      check_checkpoint_matches(other, problem);
    } catch (const core::Diagnostic& error) {
      return error.what();
    }
    return "";
  };
  Checkpoint other_file = checkpoint;
  other_file.problem_hash = problem_file_hash(fs::path(MOREAU_SOURCE_DIR) / "problems/arch.yaml");
  EXPECT_THAT(refusal_of(other_file),
              HasSubstr("dir/checkpoint-001234: error: problem file: expected a checkpoint of "));
  Checkpoint other_mode = checkpoint;
  other_mode.stepper = dynamics::PenaltyState{};
  EXPECT_THAT(refusal_of(other_mode),
              HasSubstr("dir/checkpoint-001234: error: mode: expected nscd (the checkpoint is of "
                        "another run), found penalty (explicit)"));
  // The implicit penalty mode's stepper is NSCD's, its contacts the penalty laws.
  other_mode.stepper = dynamics::MoreauJeanState{
      .impulses = {}, .earlier_impulses = {}, .bonds = {}, .solver = {}, .penalty = true};
  EXPECT_THAT(refusal_of(other_mode),
              HasSubstr("error: mode: expected nscd (the checkpoint is of another run), found "
                        "penalty (implicit)"));
  Problem implicit = problem;
  implicit.mode = Mode::Penalty;
  implicit.integration = PenaltyIntegration::Implicit;
  EXPECT_NO_THROW(check_checkpoint_matches(other_mode, implicit));
  EXPECT_THROW(check_checkpoint_matches(checkpoint, implicit), core::Diagnostic);
  Checkpoint other_bodies = checkpoint;
  other_bodies.stepper = dynamics::MoreauJeanState{.impulses = {},
                                                   .earlier_impulses = {},
                                                   .bonds = {{{0, 5, 1u}, {1.0, 0.0}}},
                                                   .solver = {},
                                                   .penalty = false};
  EXPECT_THAT(refusal_of(other_bodies),
              HasSubstr("dir/checkpoint-001234: error: bonds: expected body indices below 2"));
  Checkpoint other_kappa = checkpoint;
  std::get<dynamics::MoreauJeanState>(other_kappa.stepper).solver.penalty = -1.0;
  EXPECT_THAT(refusal_of(other_kappa),
              HasSubstr("dir/checkpoint-001234: error: solver.penalty: expected a finite number >= "
                        "0 (no run writes this checkpoint), found -1"));
}

// The checkpoint a run continues from: read, checked against its problem, and refused under
// "duration" (which each front end places at its own key) where the run would end at or
// before it.
TEST_F(CheckpointTest, ARestartNeedsADurationPastItsCheckpoint) {
  Problem problem = io::read_problem_file(kProblem);
  problem.mode = Mode::Penalty;  // the sample's stepper state is the penalty mode's
  write_checkpoint(folder_ / "restart", sample_checkpoint());
  set_duration(problem, 0.2, "duration");
  const Checkpoint read = read_restart_checkpoint(folder_ / "restart", problem);
  EXPECT_EQ(read.step, sample_checkpoint().step);
  EXPECT_EQ(read.file, folder_ / "restart");
  set_duration(problem, 0.1234, "duration");
  try {
    read_restart_checkpoint(folder_ / "restart", problem);
    ADD_FAILURE() << "a restart at the run's end accepted";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "duration");
    EXPECT_THAT(error.message(), HasSubstr("a duration past the checkpoint's time, 0.1234 s"));
  }
  problem.mode = Mode::Nscd;
  EXPECT_THROW(read_restart_checkpoint(folder_ / "restart", problem), core::Diagnostic)
      << "a checkpoint of the other mode";
}

// A checkpoint whose checksum is right but whose values no run writes (made by another
// program, or edited and its checksum recomputed) is refused by field, before a restart
// touches its folder.
TEST_F(CheckpointTest, ValuesThatNoRunWritesAreRefusedByField) {
  Problem problem = io::read_problem_file(kProblem);
  problem.mode = Mode::Penalty;  // the sample's stepper state is the penalty mode's
  ASSERT_EQ(problem.scene.bodies.size(), sample_checkpoint().bodies.size());
  EXPECT_NO_THROW(check_checkpoint_matches(sample_checkpoint(), problem));

  const auto refusal_of = [&](void (*edit)(Checkpoint&)) -> std::string {
    Checkpoint edited = sample_checkpoint();
    edit(edited);
    // Through the file: the checksum is right, only the values are wrong.
    write_checkpoint(folder_ / "edited", edited);
    try {
      check_checkpoint_matches(read_checkpoint(folder_ / "edited"), problem);
    } catch (const core::Diagnostic& error) {
      return error.what();
    }
    return "";
  };
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  EXPECT_THAT(
      refusal_of([](Checkpoint& c) { c.step = -5; }),
      HasSubstr("edited: error: step: expected a step from 0 to 1000000000000 (no run writes "
                "this checkpoint), found -5"));
  EXPECT_THAT(
      refusal_of([](Checkpoint& c) { c.time = kInfinity; }),
      HasSubstr("edited: error: time: expected the time of step 1234, 0.1234 s (step 0.0001 "
                "s) (no run writes this checkpoint), found inf s"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.time = std::nan(""); }), HasSubstr("error: time:"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.time = 1e300; }), HasSubstr("error: time:"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.time = 1235e-4; }), HasSubstr("error: time:"))
      << "a whole step off";
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.bodies.pop_back(); }),
              HasSubstr("error: bodies: expected 2 bodies"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.bodies[1].v.y() = std::nan(""); }),
              HasSubstr("error: bodies[1].v: expected a finite vector"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.bodies[0].q = math::Quat(2, 0, 0, 0); }),
              HasSubstr("error: bodies[0].q: expected a unit quaternion"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) {
                std::get<dynamics::PenaltyState>(c.stepper).dissipated.slip = std::nan("");
              }),
              HasSubstr("error: dissipated.slip: expected a finite number"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.standing->pop_back(); }),
              HasSubstr("error: standing: expected 2 poses"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { (*c.standing)[1].x.z() = kInfinity; }),
              HasSubstr("error: standing[1].x: expected a finite vector"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.counts.not_converged = 5000; }),
              HasSubstr("error: solver counts: expected counts >= 0"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.removed[0].time = kInfinity; }),
              HasSubstr("error: removed[0].time: expected a time from 0"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.first_motion->time = 1.0; }),
              HasSubstr("error: first_motion.time: expected a time from 0"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.first_motion->value = -1.0; }),
              HasSubstr("error: first_motion.value: expected a finite number >= 0"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.first_motion->load_factor = std::nan(""); }),
              HasSubstr("error: first_motion.load_factor: expected a finite number"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.last_stood->time = -1.0; }),
              HasSubstr("error: last_stood.time: expected a time from 0"));
  EXPECT_THAT(refusal_of([](Checkpoint& c) { c.last_stood->load_factor = kInfinity; }),
              HasSubstr("error: last_stood.load_factor: expected a finite number"));
}

TEST_F(CheckpointTest, CsvRowsPastAStepAreDroppedAndTheHeaderKept) {
  const fs::path csv = with_bytes("history.csv", "step,time\n10,0.1\n20,0.2\n30,0.3\n40,0.");
  EXPECT_EQ(core::last_row_step(csv), 40);
  core::keep_rows_up_to_step(csv, 20);
  EXPECT_EQ(bytes_of(csv), "step,time\n10,0.1\n20,0.2\n");
  EXPECT_EQ(core::last_row_step(csv), 20);
  EXPECT_EQ(core::last_row_step(folder_ / "missing.csv"), 0);
  // A row cut short is dropped even where its step is within the kept ones.
  const fs::path cut = with_bytes("solver.csv", "step,time\n10,0.1\n20,0.2\n30,0.");
  core::keep_rows_up_to_step(cut, 40);
  EXPECT_EQ(bytes_of(cut), "step,time\n10,0.1\n20,0.2\n");
}

// The rows are cut in place: on a full disk (here a file system with no byte left) a
// continuation can always drop them. Before, the rows kept were written to a copy, which
// failed there and left the folder half continued.
TEST_F(CheckpointTest, CsvRowsAreDroppedWithoutAnyFreeSpace) {
  const testing::SmallDisk disk(64);
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a small tmpfs here";
  const fs::path csv = disk.folder() / "history.csv";
  std::ofstream(csv) << "step,time\n10,0.1\n20,0.2\n30,0.3\n";
  {
    std::ofstream filler(disk.folder() / "filler", std::ios::binary);
    const std::string block(4096, 'x');
    while (filler << block << std::flush) {
    }
  }
  EXPECT_NO_THROW(core::keep_rows_up_to_step(csv, 20));
  EXPECT_EQ(bytes_of(csv), "step,time\n10,0.1\n20,0.2\n");
}

}  // namespace
}  // namespace moreau::run
