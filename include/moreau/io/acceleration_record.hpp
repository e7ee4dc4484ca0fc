// Ground-motion records from CSV files (docs/architecture.md, io layer), e.g.
// ../shared/records/elcentro-1940-ns.csv. The record becomes a support velocity through
// model::ground_motion_velocity().
//
// Accepted format (plain text, one record per file):
//   - lines whose first non-blank character is '#' are comments; blank lines are skipped;
//   - the first other line is the header: comma-separated column names (any names; they are
//     the keys of the error messages, e.g. "accel_g");
//   - every further line is one sample: comma-separated numbers, time first (s, strictly
//     increasing), at least 2 samples. Spaces around a value and a '\r' ending are allowed.
// Two layouts, one per overload below, so that no argument is ever ignored:
//   time, a             one component along a given direction (2 columns)
//   time, a_x, a_y, a_z world components (4 columns)
#pragma once

#include "moreau/math/types.hpp"
#include "moreau/model/loads.hpp"

#include <filesystem>

namespace moreau::io {

/// Standard acceleration of gravity, m/s^2 (3rd CGPM, 1901): the g of records given in g.
constexpr double kStandardGravity = 9.80665;

/// The unit of the acceleration columns; the time column is always in seconds.
enum class AccelerationUnit {
  G,                      ///< multiples of kStandardGravity
  MetresPerSecondSquared  ///< m/s^2
};

/// Reads a 2-column record (time, acceleration) and returns a = value * unit * e along
/// e = direction / |direction|, in m/s^2, world frame.
/// @throws core::Diagnostic "file:line:column: error: COLUMN: ..." for a file that cannot be
///   read, a missing header, a row with another number of values, a value that is not a
///   finite number, a time not greater than the one before, fewer than 2 samples, or a zero
///   or non-finite direction
model::AccelerationRecord read_acceleration_record(const std::filesystem::path& file,
                                                   AccelerationUnit unit,
                                                   const math::Vec3& direction);

/// Reads a 4-column record (time, a_x, a_y, a_z), world components in `unit`.
/// @throws core::Diagnostic as the 2-column overload
model::AccelerationRecord read_acceleration_record(const std::filesystem::path& file,
                                                   AccelerationUnit unit);

}  // namespace moreau::io
