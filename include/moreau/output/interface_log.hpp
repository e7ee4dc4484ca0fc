// interfaces.csv: the interface results (dynamics/interfaces.hpp) of the recorded steps, on
// request (output.interfaces), for the thrust line of an arch or the joints of a wall.
#pragma once

#include "moreau/core/output_file.hpp"
#include "moreau/dynamics/stepper.hpp"
#include "moreau/model/scene.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace moreau::output {

/// Writes a CSV file (RFC 4180) with one row per interface of each recorded step:
///   step, time (s, at the end of the step), body_a, body_b (names; the normal points from
///   body_b towards body_a), points (contacts), normal_force (N), shear_force (N, the
///   magnitude of the in-plane resultant), normal_x, normal_y, normal_z (unit, world),
///   shear_x, shear_y, shear_z (N, world, on body_a: the resultant is normal_force normal +
///   shear), centre_x, centre_y, centre_z (m, world: the centre of pressure),
///   eccentricity_ratio (1 on the central kernel's boundary), in_kernel (1 or 0).
/// Numbers have 17 significant digits; every step's rows are flushed as written.
class InterfaceLog {
 public:
  /// A new file, or with `continue_after` the interfaces.csv of an earlier run continued
  /// after that step (moreau run --restart-from; core/output_file.hpp, CsvLog).
  /// @throws core::Diagnostic if the file cannot be created, read or written
  InterfaceLog(const std::filesystem::path& path, const model::Scene& scene,
               std::optional<long> continue_after = std::nullopt);
  /// Writes the rows of the interfaces of `contacts` between the bodies of `scene`.
  /// @throws core::Diagnostic if writing fails
  void record(long step, double time, const model::Scene& scene,
              const std::vector<dynamics::Contact>& contacts);

 private:
  core::CsvLog out_;
  std::vector<std::string> names_;  ///< CSV fields of the body names, by index
};

}  // namespace moreau::output
