// The outputs of a run (output/observers.hpp) and their states in checkpoints: each output with
// a state saves it under its name and reads it back where a run continues, bit for bit, and
// refuses a state that no run writes, by field, before it touches a file of the folder.
#include "moreau/output/observers.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/run/checkpoint.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// Two boxes stacked on the ground: their joints are in the damage map from the first step.
run::Problem stacked_boxes() {
  return io::read_problem_text(
      "version: 1\n"
      "dimension: 3\n"
      "time: {step: 1.0e-3, duration: 0.05}\n"
      "interactions:\n"
      "  default: {friction: 0.5}\n"
      "bodies:\n"
      "  - {name: ground, shape: {type: plane}, fixed: true}\n"
      "  - {name: lower, shape: {type: box, size: [0.4, 0.4, 0.2]}, position: [0, 0, 0.1]}\n"
      "  - {name: upper, shape: {type: box, size: [0.2, 0.2, 0.2]}, position: [0, 0, 0.3]}\n"
      "output: {every: 5, vtk: true}\n",
      "stacked.yaml", ".");
}

std::string bytes_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

template <class T>
void overwrite(std::string& bytes, std::size_t offset, T value) {
  ASSERT_LE(offset + sizeof value, bytes.size());
  std::memcpy(bytes.data() + offset, &value, sizeof value);
}

class ObserversTest : public ::testing::Test {
 protected:
  // A run of 30 steps with its outputs in `first_`, and its checkpoint at step 20 as read from
  // its file: a run continued from it would drop the rows and frames past step 20.
  void SetUp() override {
    run::Run run(problem_);
    attach_outputs(run, first_, {});
    for (int step = 0; step < 20; ++step) run.advance();
    run::write_checkpoint(first_ / "checkpoint-000020", run.checkpoint());
    for (int step = 0; step < 10; ++step) run.advance();
    checkpoint_ = run::read_checkpoint(first_ / "checkpoint-000020");
  }

  // The message of the Diagnostic that attaching the outputs of a run continued from
  // `resumed` throws; "" if they attach.
  std::string refusal(const run::Checkpoint& resumed) const {
    run::Run run(problem_);
    try {
      attach_outputs(run, first_, {false, &resumed});
    } catch (const core::Diagnostic& error) {
      return error.what();
    }
    return "";
  }

  const run::Problem problem_ = stacked_boxes();
  const testing::ScratchFolder scratch_;
  const fs::path first_ = scratch_.path() / "first";
  run::Checkpoint checkpoint_;
};

TEST_F(ObserversTest, TheOutputsStatesComeBackBitForBitWhereARunContinues) {
  ASSERT_EQ(checkpoint_.output_states.size(), 2u);
  EXPECT_FALSE(checkpoint_.output_states.at("history").empty());
  EXPECT_FALSE(checkpoint_.output_states.at("vtk").empty());

  const fs::path continued = scratch_.path() / "continued";
  fs::copy(first_, continued, fs::copy_options::recursive);
  run::Run run(problem_);
  attach_outputs(run, continued, {false, &checkpoint_});
  run.restore(checkpoint_);
  EXPECT_EQ(run.checkpoint().output_states, checkpoint_.output_states);
}

// A state edited after the run wrote it (the checksum recomputed, as the fuzz target does) is
// refused, naming the checkpoint and the field, and history.csv, solver.csv and the VTK
// collections are as the first run left them.
TEST_F(ObserversTest, AStateNoRunWritesIsRefusedByFieldBeforeAFileIsTouched) {
  const std::map<std::string, std::string> before{{"history.csv", bytes_of(first_ / "history.csv")},
                                                  {"solver.csv", bytes_of(first_ / "solver.csv")},
                                                  {"bodies.pvd", bytes_of(first_ / "bodies.pvd")}};
  const auto refusal_of = [&](const std::string& output, auto edit) {
    run::Checkpoint edited = checkpoint_;
    edit(edited.output_states.at(output));
    const std::string message = refusal(edited);
    for (const auto& [file, bytes] : before) EXPECT_EQ(bytes_of(first_ / file), bytes) << file;
    return message;
  };
  // history: f64 dissipated energy first.
  EXPECT_THAT(refusal_of("history", [](std::string& bytes) { overwrite(bytes, 0, std::nan("")); }),
              HasSubstr("checkpoint-000020: error: history.dissipated_energy: expected a finite "
                        "number (no run writes this checkpoint), found nan"));
  // vtk: u8 has plane patch, 3 f64 centre, f64 half size (33 bytes), u64 n, n frames of
  // i32 step, f64 time (12 bytes), u64 n, n joints of i32 body_a, i32 body_b, ...
  constexpr std::size_t kFrames = 33;
  EXPECT_THAT(
      refusal_of("vtk",
                 [](std::string& bytes) { overwrite(bytes, kFrames + 8, std::int32_t{21}); }),
      HasSubstr("checkpoint-000020: error: vtk.frames[0].step: expected a step from 0 to "
                "the checkpoint's 20 (no run writes this checkpoint), found 21"));
  std::uint64_t frames = 0;
  std::memcpy(&frames, checkpoint_.output_states.at("vtk").data() + kFrames, sizeof frames);
  EXPECT_EQ(frames, 5u);  // steps 0, 5, 10, 15, 20
  const std::size_t first_joint = kFrames + 8 + 12 * frames + 8;
  EXPECT_THAT(
      refusal_of("vtk",
                 [&](std::string& bytes) { overwrite(bytes, first_joint, std::int32_t{3}); }),
      HasSubstr("error: vtk.damage[0].body: expected a body from 0 to 2"));
  EXPECT_THAT(refusal_of("vtk", [](std::string& bytes) { bytes += '\0'; }),
              HasSubstr("error: the checkpoint is damaged (the state of the output vtk goes on "
                        "past its last field)"));
  EXPECT_THAT(refusal_of("history", [](std::string& bytes) { bytes.resize(8); }),
              HasSubstr("error: the checkpoint is truncated"));
  run::Checkpoint without_vtk = checkpoint_;
  without_vtk.output_states.erase("vtk");
  EXPECT_THAT(refusal(without_vtk),
              HasSubstr("error: output states: expected the state of the output vtk (the "
                        "checkpoint is of a run without it), found none"));
}

}  // namespace
}  // namespace moreau::output
