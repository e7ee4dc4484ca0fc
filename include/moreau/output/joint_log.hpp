// joints.csv: the cohesive joints a run broke (dynamics/cohesive_joints.hpp), when, between
// which bodies and how, so that a user sees where a structure cracked before it moved.
#pragma once

#include "moreau/core/output_file.hpp"
#include "moreau/dynamics/bond.hpp"
#include "moreau/model/scene.hpp"

#include <filesystem>
#include <optional>

namespace moreau::output {

/// Writes the columns step, time (s), body_a, body_b (names), mode ("tension" or "shear"),
/// points (the bonds that broke); one row per failure, flushed as written, numbers with 17
/// significant digits.
class JointLog {
 public:
  /// A new file, or with `continue_after` the joints.csv of an earlier run continued after
  /// that step (moreau run --restart-from; core/output_file.hpp, CsvLog).
  /// @throws core::Diagnostic if the file cannot be created, read or written
  explicit JointLog(const std::filesystem::path& path,
                    std::optional<long> continue_after = std::nullopt);
  /// @throws core::Diagnostic if writing fails
  void record(long step, double time, const model::Scene& scene,
              const dynamics::JointFailure& failure);

 private:
  core::CsvLog out_;
};

}  // namespace moreau::output
