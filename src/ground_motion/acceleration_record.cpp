#include "moreau/ground_motion/acceleration_record.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/input_limits.hpp"
#include "moreau/core/uppercase.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace moreau::ground_motion {
namespace {

using core::concat;
using core::Diagnostic;
using core::SourceLocation;
using core::uppercase;

/// A part of a line, a comma-separated value or a blank-separated word: its text without
/// surrounding blanks and its 1-based column (that of its first character, or where it would be
/// when it is empty).
struct LinePart {
  std::string_view text;
  int column = 0;
};

std::vector<LinePart> split_fields(std::string_view line) {
  std::vector<LinePart> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = std::min(line.find(',', start), line.size());
    std::size_t first = start;
    std::size_t last = comma;
    while (first < last && (line[first] == ' ' || line[first] == '\t')) ++first;
    while (last > first && (line[last - 1] == ' ' || line[last - 1] == '\t')) --last;
    fields.push_back({line.substr(first, last - first), static_cast<int>(first) + 1});
    if (comma == line.size()) return fields;
    start = comma + 1;
  }
}

/// The whole text as a double, or nothing. std::from_chars (GCC >= 11 for floating point)
/// is locale-independent and reports how much it read, so "1.5x" is rejected, not read as 1.5;
/// it accepts no '+', which a CSV writer may emit and is skipped here.
std::optional<double> parse_number(std::string_view text) {
  if (text.size() > 1 && text.front() == '+' && text[1] != '-') text.remove_prefix(1);
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

/// The text as a finite number.
/// @throws Diagnostic at `where`, under `key`, when it is not one
double read_finite(std::string_view text, const SourceLocation& where, const std::string& key) {
  const std::optional<double> value = parse_number(text);
  if (!value) throw Diagnostic(where, key, "a number", concat('\'', text, '\''));
  if (!std::isfinite(*value))
    throw Diagnostic(where, key, "a finite number", concat('\'', text, '\''));
  return *value;
}

/// The text as an acceleration in the unit whose size is `scale` m/s^2, checked within
/// kMaxAcceleration at its place in the file, as every acceleration of a problem, not later
/// in a vector that has lost its place.
double read_acceleration(std::string_view text, const SourceLocation& where, const std::string& key,
                         double scale) {
  const double value = read_finite(text, where, key);
  if (!(std::abs(value * scale) <= core::kMaxAcceleration))
    throw Diagnostic(where, key,
                     concat("an acceleration of magnitude at most ", core::kMaxAcceleration / scale,
                            " (", core::kMaxAcceleration, " m/s^2)"),
                     concat('\'', text, '\''));
  return value;
}

/// The lines of a CSV file that carry data, with their 1-based numbers: comments ('#' first)
/// and blank lines dropped, '\r' of Windows line ends removed.
struct Line {
  std::string text;
  int number = 0;
};

/// Every line of the file, numbered from 1, '\r' of Windows line ends removed.
std::vector<Line> read_lines(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in)
    throw Diagnostic(
        SourceLocation{file.string()}, "",
        std::filesystem::exists(file) ? "cannot open the file for reading" : "no such file");
  std::vector<Line> lines;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    lines.push_back({std::move(text), number});
  }
  return lines;
}

std::vector<Line> read_data_lines(const std::filesystem::path& file) {
  std::vector<Line> lines = read_lines(file);
  std::erase_if(lines, [](const Line& line) {
    const std::size_t first = line.text.find_first_not_of(" \t");
    return first == std::string::npos || line.text[first] == '#';
  });
  return lines;
}

/// The words of a line separated by blanks, with their 1-based columns.
std::vector<LinePart> split_words(std::string_view line) {
  std::vector<LinePart> words;
  std::size_t start = 0;
  while ((start = line.find_first_not_of(" \t", start)) != std::string_view::npos) {
    const std::size_t end = std::min(line.find_first_of(" \t", start), line.size());
    words.push_back({line.substr(start, end - start), static_cast<int>(start) + 1});
    start = end;
  }
  return words;
}

/// @throws Diagnostic naming the file when `lines` (its data lines) hold no header
void require_header(const std::filesystem::path& file, const std::vector<Line>& lines) {
  if (lines.empty())
    throw Diagnostic(SourceLocation{file.string()}, "", "a header line of column names",
                     "no data (only comments or blank lines)");
}

/// Reads the table of `columns` numbers per row, in file order, checking every value and the
/// strictly increasing first column. The values after the first are accelerations in the unit
/// of `scale` m/s^2 (read_acceleration). Returns the rows as written.
std::vector<std::vector<double>> read_table(const std::filesystem::path& file, std::size_t columns,
                                            double scale) {
  const std::vector<Line> lines = read_data_lines(file);
  const std::string name = file.string();
  require_header(file, lines);
  std::vector<std::string> keys;
  for (const LinePart& field : split_fields(lines.front().text)) keys.emplace_back(field.text);
  if (keys.size() != columns || parse_number(keys.front()))
    throw Diagnostic(SourceLocation{name, lines.front().number, 1}, "header",
                     concat("a line of ", columns, " column names (time first)"),
                     concat('\'', lines.front().text, '\''));

  std::vector<std::vector<double>> rows;
  for (std::size_t l = 1; l < lines.size(); ++l) {
    const Line& line = lines[l];
    const std::vector<LinePart> fields = split_fields(line.text);
    if (fields.size() != columns) {
      const int column =
          fields.size() > columns ? fields[columns].column : static_cast<int>(line.text.size()) + 1;
      throw Diagnostic(SourceLocation{name, line.number, column}, "row",
                       concat(columns, " comma-separated values"), concat(fields.size()));
    }
    std::vector<double> row;
    for (std::size_t c = 0; c < columns; ++c) {
      const SourceLocation where{name, line.number, fields[c].column};
      row.push_back(c == 0 ? read_finite(fields[c].text, where, keys[c])
                           : read_acceleration(fields[c].text, where, keys[c], scale));
    }
    // A run starts at t = 0: samples before it would be cut off while their velocity was
    // still carried into the run (a record from t = -1 s changed the answer).
    if (rows.empty() && !(row.front() >= 0.0))
      throw Diagnostic(SourceLocation{name, line.number, fields.front().column}, keys.front(),
                       "a first time >= 0 s (a run starts at t = 0)",
                       concat('\'', fields.front().text, '\''));
    if (!rows.empty() && !(row.front() > rows.back().front()))
      throw Diagnostic(SourceLocation{name, line.number, fields.front().column}, keys.front(),
                       concat("a time greater than ", rows.back().front(), " s (line ",
                              lines[l - 1].number, ')'),
                       concat('\'', fields.front().text, '\''));
    rows.push_back(std::move(row));
  }
  if (rows.size() < 2)
    throw Diagnostic(SourceLocation{name, lines.back().number}, "",
                     "at least 2 samples after the header", concat(rows.size()));
  return rows;
}

/// e = direction / |direction|.
/// @throws Diagnostic naming the file for a zero or non-finite direction
math::Vec3 unit_direction(const std::filesystem::path& file, const math::Vec3& direction) {
  if (!direction.allFinite() || direction.norm() == 0.0)
    throw Diagnostic(SourceLocation{file.string()}, "direction", "a finite non-zero vector",
                     concat('(', direction.x(), ", ", direction.y(), ", ", direction.z(), ')'));
  return direction.normalized();
}

/// The record of samples a_i (in the unit of `scale` m/s^2) at t_i = i time_step along e.
model::AccelerationRecord sampled_at_constant_step(const std::vector<double>& samples,
                                                   double time_step, double scale,
                                                   const math::Vec3& e) {
  model::AccelerationRecord record;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    // i dt, not a running sum: the 1560th sample of El Centro is then at exactly 31.18 s.
    record.time.push_back(static_cast<double>(i) * time_step);
    record.acceleration.push_back(samples[i] * scale * e);
  }
  return record;
}

void check_time_step(double time_step, const SourceLocation& where, const std::string& key,
                     std::string_view text) {
  if (!(time_step > 0.0 && time_step <= kMaxRecordTimeStep))
    throw Diagnostic(where, key, concat("a time step in (0, ", kMaxRecordTimeStep, "] s"),
                     concat('\'', text, '\''));
}

// The two forms of an AT2 file's 4th line, as words once '=' and ',' are blanks:
// "NPTS 3908 DT .0100 SEC" (NGA-West2) and "4000 .01000 NPTS DT" (the first NGA database).
struct At2Size {
  LinePart points;
  LinePart time_step;
};

/// The line with '=' and ',' made blanks and letters upper case, for parse_at2_size_line.
std::string normalized_size_line(std::string line) {
  std::replace_if(
      line.begin(), line.end(), [](char c) { return c == '=' || c == ','; }, ' ');
  return uppercase(std::move(line));
}

/// The size tokens of a normalized 4th line (views into it), or nothing.
std::optional<At2Size> parse_at2_size_line(std::string_view normalized) {
  const std::vector<LinePart> words = split_words(normalized);
  const auto is = [&](std::size_t i, std::string_view word) {
    return i < words.size() && words[i].text == word;
  };
  if (is(0, "NPTS") && is(2, "DT") && (words.size() == 4 || (words.size() == 5 && is(4, "SEC"))))
    return At2Size{words[1], words[3]};
  if (words.size() == 4 && is(2, "NPTS") && is(3, "DT")) return At2Size{words[0], words[1]};
  return std::nullopt;
}

}  // namespace

double metres_per_second_squared(AccelerationUnit unit) {
  switch (unit) {
    case AccelerationUnit::G:
      return kStandardGravity;
    case AccelerationUnit::MetresPerSecondSquared:
      return 1.0;
    case AccelerationUnit::CentimetresPerSecondSquared:
      return 0.01;
  }
  return 1.0;
}

std::string_view unit_name(AccelerationUnit unit) {
  switch (unit) {
    case AccelerationUnit::G:
      return "g";
    case AccelerationUnit::MetresPerSecondSquared:
      return "m/s^2";
    case AccelerationUnit::CentimetresPerSecondSquared:
      return "cm/s^2";
  }
  return "";
}

std::optional<AccelerationUnit> acceleration_unit(std::string_view name) {
  for (const AccelerationUnit unit : kAccelerationUnits)
    if (unit_name(unit) == name) return unit;
  return std::nullopt;
}

std::vector<std::string> acceleration_unit_names() {
  std::vector<std::string> names;
  names.reserve(kAccelerationUnits.size());
  for (const AccelerationUnit unit : kAccelerationUnits) names.emplace_back(unit_name(unit));
  return names;
}

RecordLayout record_layout(const std::filesystem::path& file) {
  const std::string extension = uppercase(file.extension().string());
  if (extension == ".AT2") return RecordLayout::At2;
  if (extension == ".CSV") return RecordLayout::Csv;
  return RecordLayout::SingleColumn;
}

std::size_t csv_record_columns(const std::filesystem::path& file) {
  const std::vector<Line> lines = read_data_lines(file);
  require_header(file, lines);
  return split_fields(lines.front().text).size();
}

model::AccelerationRecord read_acceleration_record(const std::filesystem::path& file,
                                                   AccelerationUnit unit,
                                                   const math::Vec3& direction) {
  const double scale = metres_per_second_squared(unit);
  const math::Vec3 e = scale * unit_direction(file, direction);
  model::AccelerationRecord record;
  for (const std::vector<double>& row : read_table(file, 2, scale)) {
    record.time.push_back(row[0]);
    record.acceleration.push_back(row[1] * e);
  }
  return record;
}

model::AccelerationRecord read_acceleration_record(const std::filesystem::path& file,
                                                   AccelerationUnit unit) {
  const double scale = metres_per_second_squared(unit);
  model::AccelerationRecord record;
  for (const std::vector<double>& row : read_table(file, 4, scale)) {
    record.time.push_back(row[0]);
    record.acceleration.push_back(scale * math::Vec3(row[1], row[2], row[3]));
  }
  return record;
}

model::AccelerationRecord read_single_column_record(const std::filesystem::path& file,
                                                    AccelerationUnit unit, double time_step,
                                                    const math::Vec3& direction) {
  const std::string name = file.string();
  check_time_step(time_step, SourceLocation{name}, "time_step", concat(time_step));
  const math::Vec3 e = unit_direction(file, direction);
  const double scale = metres_per_second_squared(unit);
  const std::vector<Line> lines = read_data_lines(file);
  // A first word that is not a number is the column's name (data lines are not blank).
  const std::string_view first_word =
      lines.empty() ? std::string_view{} : split_words(lines.front().text).front().text;
  const bool named = !lines.empty() && !parse_number(first_word);
  const std::string key = named ? std::string(first_word) : "value";
  const std::size_t first = named ? 1 : 0;
  std::vector<double> samples;
  for (std::size_t l = first; l < lines.size(); ++l) {
    const std::vector<LinePart> words = split_words(lines[l].text);
    if (words.size() != 1 || words.front().text.find(',') != std::string_view::npos)
      throw Diagnostic(SourceLocation{name, lines[l].number, words.front().column}, key,
                       "one acceleration per line (a single-column record; a record with a "
                       "time column is a CSV file without time_step)",
                       concat('\'', lines[l].text, '\''));
    samples.push_back(read_acceleration(words.front().text,
                                        SourceLocation{name, lines[l].number, words.front().column},
                                        key, scale));
  }
  if (samples.size() < 2)
    throw Diagnostic(SourceLocation{name, lines.empty() ? 0 : lines.back().number}, "",
                     "at least 2 samples", concat(samples.size()));
  return sampled_at_constant_step(samples, time_step, scale, e);
}

model::AccelerationRecord read_at2_record(const std::filesystem::path& file,
                                          const math::Vec3& direction) {
  const math::Vec3 e = unit_direction(file, direction);
  const std::string name = file.string();
  const std::vector<Line> lines = read_lines(file);
  if (lines.size() < 4)
    throw Diagnostic(SourceLocation{name, static_cast<int>(lines.size()) + 1, 1}, "header",
                     "the 4 header lines of a PEER NGA .AT2 file",
                     concat(lines.size(), " lines in the file"));
  const Line& units = lines[2];
  const std::string units_text = uppercase(units.text);
  if (units_text.find("ACCELERATION") == std::string::npos ||
      units_text.find("UNITS OF G") == std::string::npos)
    throw Diagnostic(SourceLocation{name, units.number, 1}, "header",
                     "line 3 of a PEER NGA .AT2 file: 'ACCELERATION TIME SERIES IN UNITS OF G'",
                     concat('\'', units.text, '\''));
  const Line& size_line = lines[3];
  const std::string normalized = normalized_size_line(size_line.text);
  const std::optional<At2Size> size = parse_at2_size_line(normalized);
  if (!size)
    throw Diagnostic(SourceLocation{name, size_line.number, 1}, "header",
                     "line 4 of a PEER NGA .AT2 file: 'NPTS= n, DT= dt SEC' or 'n dt NPTS, DT'",
                     concat('\'', size_line.text, '\''));
  const SourceLocation points_at{name, size_line.number, size->points.column};
  const double points = read_finite(size->points.text, points_at, "NPTS");
  if (!(points >= 2.0 && points == std::floor(points)))
    throw Diagnostic(points_at, "NPTS", "a whole number of samples >= 2",
                     concat('\'', size->points.text, '\''));
  const SourceLocation step_at{name, size_line.number, size->time_step.column};
  const double time_step = read_finite(size->time_step.text, step_at, "DT");
  check_time_step(time_step, step_at, "DT", size->time_step.text);

  std::vector<double> samples;
  for (std::size_t l = 4; l < lines.size(); ++l)
    for (const LinePart& word : split_words(lines[l].text)) {
      const SourceLocation where{name, lines[l].number, word.column};
      if (static_cast<double>(samples.size()) == points)
        throw Diagnostic(where, "acceleration",
                         concat("no more than NPTS = ", size->points.text, " values (line ",
                                size_line.number, ')'),
                         concat('\'', word.text, '\'', " after them"));
      samples.push_back(read_acceleration(word.text, where, "acceleration", kStandardGravity));
    }
  if (static_cast<double>(samples.size()) != points)
    throw Diagnostic(SourceLocation{name, lines.back().number}, "acceleration",
                     concat("NPTS = ", size->points.text, " values (line ", size_line.number, ')'),
                     concat(samples.size()));
  return sampled_at_constant_step(samples, time_step, kStandardGravity, e);
}

}  // namespace moreau::ground_motion
