// Ground-motion records (docs/architecture.md, ground_motion layer), e.g.
// problems/records/elcentro-1940-ns.csv, in the three layouts records come in: CSV files with
// a time column, single columns of accelerations at a constant time step, and the PEER NGA
// strong-motion database's .AT2 files. The record becomes a support velocity through
// model::ground_motion_velocity().
//
// CSV format (plain text, one record per file):
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

#include <array>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::ground_motion {

using model::kStandardGravity;

/// The unit of the acceleration columns; the time column is always in seconds.
enum class AccelerationUnit {
  G,                           ///< multiples of kStandardGravity
  MetresPerSecondSquared,      ///< m/s^2
  CentimetresPerSecondSquared  ///< cm/s^2 (gal), the unit of most records outside PEER's
};

/// The peak of the strongest ground motions ever recorded, in g (Kaikoura 2016, Tohoku 2011):
/// a larger one is most likely a record read in the wrong units (cm/s^2 as m/s^2, m/s^2 as g)
/// or scaled twice.
inline constexpr double kStrongestRecordedPga = 3.0;

/// The size of one `unit`, m/s^2.
double metres_per_second_squared(AccelerationUnit unit);

/// "g", "m/s^2" or "cm/s^2", as problem files write it.
std::string_view unit_name(AccelerationUnit unit);

/// Every unit, in the order messages list them.
inline constexpr std::array kAccelerationUnits{AccelerationUnit::G,
                                               AccelerationUnit::MetresPerSecondSquared,
                                               AccelerationUnit::CentimetresPerSecondSquared};

/// The unit named `name` (unit_name's), if any.
std::optional<AccelerationUnit> acceleration_unit(std::string_view name);

/// The names of kAccelerationUnits, for a message of what a unit may be.
std::vector<std::string> acceleration_unit_names();

/// The layouts of record files, told apart by their extension (in any case): ".at2", ".csv",
/// and anything else a single column.
enum class RecordLayout { At2, Csv, SingleColumn };
RecordLayout record_layout(const std::filesystem::path& file);

/// The number of column names in a CSV record's header (its first line that is neither blank
/// nor a comment): 2 for one component, 4 for world components; what the two overloads
/// below expect.
/// @throws core::Diagnostic naming the file for a file that cannot be read or has no header
std::size_t csv_record_columns(const std::filesystem::path& file);

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

/// The longest time step of a record without a time column, s: strong-motion records are
/// sampled at 50 to 200 Hz (0.005-0.02 s) because their energy lies between 0.1 and 25 Hz;
/// a step of more than a second resolves none of it and is a mistake (milliseconds read as
/// seconds, or a sample count in place of the step).
inline constexpr double kMaxRecordTimeStep = 1.0;

/// Reads a single-column record: one acceleration per line, the samples at t_i = i time_step
/// (i from 0), along e = direction / |direction|, in m/s^2, world frame. Comment lines ('#'
/// first) and blank lines are skipped; the first other line may be a column name, which then
/// names the column in the messages ("value" otherwise).
/// @throws core::Diagnostic "file:line:column: error: COLUMN: ..." for a file that cannot be
///   read, a line of more than one value, a value that is not a finite number or beyond
///   kMaxAcceleration, fewer than 2 samples, a time_step outside (0, kMaxRecordTimeStep], or a
///   zero or non-finite direction
model::AccelerationRecord read_single_column_record(const std::filesystem::path& file,
                                                    AccelerationUnit unit, double time_step,
                                                    const math::Vec3& direction);

/// Reads a PEER NGA strong-motion record (.AT2, the format of the PEER ground-motion database,
/// https://ngawest2.berkeley.edu), one component along e = direction / |direction|, in m/s^2:
///   line 1      "PEER NGA STRONG MOTION DATABASE RECORD" (any text)
///   line 2      event, date, station, component (any text)
///   line 3      "ACCELERATION TIME SERIES IN UNITS OF G" (the words ACCELERATION and
///               "UNITS OF G" are required: a velocity (.VT2) or displacement (.DT2) file of the
///               same database has the same layout)
///   line 4      "NPTS=  3908, DT=   .0100 SEC" (NGA-West2), or "  4000    .01000    NPTS, DT"
///               (the first NGA database's order)
///   lines 5...  NPTS accelerations in g, whitespace-separated, any number per line
///               (Fortran's 5E15.7: ".2669E-02"); the samples are at t_i = i DT.
/// @throws core::Diagnostic "file:line:column: error: KEY: ..." (KEY "header", "NPTS", "DT" or
///   "acceleration") for a missing header line, a line 3 that does not say acceleration in g,
///   a line 4 of neither form, an NPTS < 2 or a DT outside (0, kMaxRecordTimeStep], a value
///   that is not a finite number or beyond kMaxAcceleration, and a count of values other than
///   NPTS
model::AccelerationRecord read_at2_record(const std::filesystem::path& file,
                                          const math::Vec3& direction);

}  // namespace moreau::ground_motion
