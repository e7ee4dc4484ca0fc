// Typed reading of a YAML problem file, with every error located: a Field is a node together
// with the key path that led to it ("bodies[2].shape.radius") and the place to point at, so
// that each getter can refuse a value with "file:line:col: error: key: expected X, found Y".
// yaml-cpp's marks are 0-based; Diagnostic lines and columns are 1-based.
#pragma once

#include "moreau/core/diagnostic.hpp"
#include "moreau/math/types.hpp"

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace moreau::io {

// bugprone-exception-escape: the implicit move assignment copies the YAML::Node, which has no
// move, and that copy may allocate; std::bad_alloc is its only throw.
// NOLINTNEXTLINE(bugprone-exception-escape)
class Field {
 public:
  /// Parses a whole file.
  /// @throws core::Diagnostic for a file that cannot be read or is not valid YAML (at the
  ///         parser's line and column)
  static Field load(const std::filesystem::path& path);
  /// Parses a document held in memory; `name` stands for the file in messages.
  /// @throws core::Diagnostic for text that is not valid YAML (at the parser's line and
  ///         column)
  static Field parse(const std::string& text, const std::string& name);

  const std::string& path() const { return path_; }
  const std::string& file() const { return file_; }
  core::SourceLocation location() const;
  /// What the user wrote, for "found ...": 'text' for a scalar, else "a list", "a mapping"
  /// or "nothing".
  std::string found() const;
  bool is_map() const { return node_.IsMap(); }
  bool is_sequence() const { return node_.IsSequence(); }

  [[noreturn]] void fail(std::string_view expected) const;
  [[noreturn]] void fail(std::string_view expected, std::string_view found) const;
  /// A located error that is not "expected X, found Y".
  [[noreturn]] void fail_with(std::string_view message) const;

  // Mappings. Keys are matched exactly; a key given twice is an error (check_keys).
  /// Refuses a node that is not a mapping, a repeated key, and a key not in `allowed`
  /// (suggesting the nearest allowed key).
  void check_keys(std::initializer_list<std::string_view> allowed) const;
  std::optional<Field> find(std::string_view key) const;
  /// @throws core::Diagnostic "missing required key" at this mapping
  Field get(std::string_view key) const;
  /// The keys in file order, for mappings whose keys are names (solver parameters).
  std::vector<std::pair<std::string, Field>> entries() const;

  // Lists.
  /// The elements; `count` > 0 requires exactly that many, `expected` says what they are.
  std::vector<Field> elements(std::string_view expected = "a list", std::size_t count = 0) const;

  // Scalars. Numbers must be finite: .nan and .inf are refused.
  double number() const;
  /// A number in [min, max] (`unit`).
  double number_in(double min, double max, std::string_view unit = "") const;
  double positive(std::string_view unit) const;  ///< > 0
  /// A number in (0, max] (`unit`).
  double positive_at_most(double max, std::string_view unit = "") const;
  /// A length in [kMinLength, kMaxLength], m.
  double length() const;
  /// A vector [x, y, z] whose components are in [-bound, bound] (`unit`): a point within
  /// kMaxLength, a velocity within kMaxSpeed, an acceleration within kMaxAcceleration.
  math::Vec3 vec3_within(double bound, std::string_view unit) const;
  /// A point [x, z] (m) of the x-z plane, each coordinate in [-kMaxLength, kMaxLength].
  math::Vec2 point2() const;
  /// A whole number in [min, max] (1e3 is accepted; 2.5 is not).
  int integer(int min, int max) const;
  bool flag() const;
  std::string text() const;  ///< a non-empty scalar
  /// One of choices, suggesting the nearest for a typo.
  std::string choice(const std::vector<std::string>& choices) const;
  /// The index of the name among `names` (the bodies or materials defined so far); `what`
  /// ("body", "material") is for the message, which lists the names if there are few.
  std::size_t name_in(const std::vector<std::string>& names, std::string_view what) const;
  std::vector<double> numbers() const;
  /// A non-zero vector (components within kMaxLength), normalised.
  math::Vec3 direction() const;

 private:
  Field(const YAML::Node& node, std::string path, std::string file, YAML::Mark mark);
  Field child(const YAML::Node& key, const YAML::Node& value, std::string path) const;
  std::string scalar(std::string_view expected) const;

  YAML::Node node_;
  std::string path_;
  std::string file_;
  /// Where errors point: the value, or its key when the value is empty (yaml-cpp places an
  /// empty value at the next token, often on the next line).
  YAML::Mark mark_;
};

}  // namespace moreau::io
