#include "moreau/io/acceleration_record.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "yaml_field.hpp"

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

namespace moreau::io {
namespace {

using core::concat;
using core::Diagnostic;
using core::SourceLocation;

/// One comma-separated value of a line: its text without surrounding blanks and its 1-based
/// column (that of its first character, or where it would be when it is empty).
struct Field {
  std::string_view text;
  int column = 0;
};

std::vector<Field> split_fields(std::string_view line) {
  std::vector<Field> fields;
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

/// The lines of a CSV file that carry data, with their 1-based numbers: comments ('#' first)
/// and blank lines dropped, '\r' of Windows line ends removed.
struct Line {
  std::string text;
  int number = 0;
};

std::vector<Line> read_data_lines(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in)
    throw Diagnostic(
        SourceLocation{file.string()}, "",
        std::filesystem::exists(file) ? "cannot open the file for reading" : "no such file");
  std::vector<Line> lines;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    const std::size_t first = text.find_first_not_of(" \t");
    if (first == std::string::npos || text[first] == '#') continue;
    lines.push_back({std::move(text), number});
  }
  return lines;
}

/// Reads the table of `columns` numbers per row, in file order, checking every value and the
/// strictly increasing first column. The values after the first are accelerations that are
/// multiplied by `scale` (the unit's, in m/s^2): each is checked within kMaxAcceleration then,
/// as every acceleration of a problem, at its row, not later in a vector that has lost its
/// place.
/// Returns the rows as written.
std::vector<std::vector<double>> read_table(const std::filesystem::path& file, std::size_t columns,
                                            double scale) {
  const std::vector<Line> lines = read_data_lines(file);
  const std::string name = file.string();
  if (lines.empty())
    throw Diagnostic(SourceLocation{name}, "", "a header line of column names",
                     "no data (only comments or blank lines)");
  std::vector<std::string> keys;
  for (const Field& field : split_fields(lines.front().text)) keys.emplace_back(field.text);
  if (keys.size() != columns || parse_number(keys.front()))
    throw Diagnostic(SourceLocation{name, lines.front().number, 1}, "header",
                     concat("a line of ", columns, " column names (time first)"),
                     concat('\'', lines.front().text, '\''));

  std::vector<std::vector<double>> rows;
  for (std::size_t l = 1; l < lines.size(); ++l) {
    const Line& line = lines[l];
    const std::vector<Field> fields = split_fields(line.text);
    if (fields.size() != columns) {
      const int column =
          fields.size() > columns ? fields[columns].column : static_cast<int>(line.text.size()) + 1;
      throw Diagnostic(SourceLocation{name, line.number, column}, "row",
                       concat(columns, " comma-separated values"), concat(fields.size()));
    }
    std::vector<double> row;
    for (std::size_t c = 0; c < columns; ++c) {
      const std::optional<double> value = parse_number(fields[c].text);
      const SourceLocation where{name, line.number, fields[c].column};
      if (!value) throw Diagnostic(where, keys[c], "a number", concat('\'', fields[c].text, '\''));
      if (!std::isfinite(*value))
        throw Diagnostic(where, keys[c], "a finite number", concat('\'', fields[c].text, '\''));
      if (c > 0 && !(std::abs(*value * scale) <= kMaxAcceleration))
        throw Diagnostic(where, keys[c],
                         concat("an acceleration of magnitude at most ", kMaxAcceleration / scale,
                                " (", kMaxAcceleration, " m/s^2)"),
                         concat('\'', fields[c].text, '\''));
      row.push_back(*value);
    }
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

double scale_of(AccelerationUnit unit) {
  return unit == AccelerationUnit::G ? kStandardGravity : 1.0;
}

}  // namespace

model::AccelerationRecord read_acceleration_record(const std::filesystem::path& file,
                                                   AccelerationUnit unit,
                                                   const math::Vec3& direction) {
  if (!direction.allFinite() || direction.norm() == 0.0)
    throw Diagnostic(SourceLocation{file.string()}, "direction", "a finite non-zero vector",
                     concat('(', direction.x(), ", ", direction.y(), ", ", direction.z(), ')'));
  const double scale = scale_of(unit);
  const math::Vec3 e = scale * direction.normalized();
  model::AccelerationRecord record;
  for (const std::vector<double>& row : read_table(file, 2, scale)) {
    record.time.push_back(row[0]);
    record.acceleration.push_back(row[1] * e);
  }
  return record;
}

model::AccelerationRecord read_acceleration_record(const std::filesystem::path& file,
                                                   AccelerationUnit unit) {
  const double scale = scale_of(unit);
  model::AccelerationRecord record;
  for (const std::vector<double>& row : read_table(file, 4, scale)) {
    record.time.push_back(row[0]);
    record.acceleration.push_back(scale * math::Vec3(row[1], row[2], row[3]));
  }
  return record;
}

}  // namespace moreau::io
