#include "yaml_field.hpp"

#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/input_limits.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace moreau::io {
namespace {

using core::concat;

// YAML 1.2 spells the non-finite floats .nan, .inf, -.inf (any case); from_chars knows
// them as nan and inf. Both spellings are refused as non-finite rather than as non-numbers.
bool is_non_finite_spelling(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) text.erase(0, 1);
  if (!text.empty() && text[0] == '.') text.erase(0, 1);
  return text == "nan" || text == "inf" || text == "infinity";
}

std::optional<double> parse_double(std::string_view text) {
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);  // YAML allows +1.5
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// " (m)" for a unit, nothing for a dimensionless value.
std::string with_unit(std::string_view unit) { return unit.empty() ? "" : concat(" (", unit, ')'); }

bool is_control(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }

// The text with its control characters as \xNN: a message never writes ESC or BEL to the
// terminal it is read on.
std::string escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (!is_control(c)) {
      out += c;
      continue;
    }
    constexpr char kHex[] = "0123456789ABCDEF";
    const auto byte = static_cast<unsigned char>(c);
    out += {'\\', 'x', kHex[byte >> 4], kHex[byte & 0xf]};
  }
  return out;
}

}  // namespace

Field::Field(const YAML::Node& node, std::string path, std::string file, YAML::Mark mark)
    : node_(node), path_(std::move(path)), file_(std::move(file)), mark_(mark) {}

Field Field::load(const std::filesystem::path& path) {
  const std::string file = path.string();
  std::ifstream in(path);
  if (!std::filesystem::is_regular_file(path) || !in)
    throw core::Diagnostic({file}, "", "cannot open the file (missing or unreadable)");
  std::stringstream text;
  text << in.rdbuf();
  return parse(text.str(), file);
}

Field Field::parse(const std::string& text, const std::string& name) {
  try {
    YAML::Node root = YAML::Load(text);
    // An empty document has no mark; its errors point at the start of the file.
    YAML::Mark start;
    start.line = 0;
    start.column = 0;
    return Field(root, "", name, root.Mark().is_null() ? start : root.Mark());
  } catch (const YAML::Exception& error) {
    throw core::Diagnostic({name, error.mark.line + 1, error.mark.column + 1}, "",
                           concat("invalid YAML: ", error.msg));
  }
}

core::SourceLocation Field::location() const {
  if (mark_.is_null()) return {file_};
  return {file_, mark_.line + 1, mark_.column + 1};
}

std::string Field::found() const {
  if (node_.IsScalar()) return concat('\'', escaped(node_.Scalar()), '\'');
  if (node_.IsSequence()) {
    // A short list of scalars (a vector) is shown as written, anything else by its size.
    constexpr std::size_t kShown = 4;
    const bool shown = node_.size() <= kShown &&
                       std::all_of(node_.begin(), node_.end(),
                                   [](const YAML::Node& element) { return element.IsScalar(); });
    if (!shown) return concat("a list of ", node_.size());
    std::string text = "[";
    for (const YAML::Node& element : node_)
      text += concat(text.size() > 1 ? ", " : "", escaped(element.Scalar()));
    return text + ']';
  }
  if (node_.IsMap()) return "a mapping";
  return "nothing";
}

void Field::fail(std::string_view expected) const { fail(expected, found()); }

void Field::fail(std::string_view expected, std::string_view found_text) const {
  throw core::Diagnostic(location(), path_, expected, found_text);
}

void Field::fail_with(std::string_view message) const {
  throw core::Diagnostic(location(), path_, message);
}

Field Field::child(const YAML::Node& key, const YAML::Node& value, std::string path) const {
  return Field(value, std::move(path), file_, value.IsNull() ? key.Mark() : value.Mark());
}

void Field::check_keys(std::initializer_list<std::string_view> allowed) const {
  if (!node_.IsMap()) fail("a mapping of keys");
  const std::vector<std::string> names(allowed.begin(), allowed.end());
  std::set<std::string> seen;
  for (const auto& entry : node_) {
    const std::string key = entry.first.Scalar();
    const Field at = child(entry.first, entry.first, path_.empty() ? key : concat(path_, '.', key));
    if (!seen.insert(key).second) at.fail_with("this key is given twice");
    if (std::find(names.begin(), names.end(), key) != names.end()) continue;
    at.fail(core::with_suggestion(concat("one of ", core::join(names)), key, names),
            concat("unknown key '", key, '\''));
  }
}

std::optional<Field> Field::find(std::string_view key) const {
  if (!node_.IsMap()) fail("a mapping of keys");
  for (const auto& entry : node_)
    if (entry.first.Scalar() == key)
      return child(entry.first, entry.second,
                   path_.empty() ? std::string(key) : concat(path_, '.', key));
  return std::nullopt;
}

Field Field::get(std::string_view key) const {
  if (auto found_field = find(key)) return *found_field;
  throw core::Diagnostic(location(), path_.empty() ? std::string(key) : concat(path_, '.', key),
                         concat("missing required key '", key, '\''));
}

std::vector<std::pair<std::string, Field>> Field::entries() const {
  if (!node_.IsMap()) fail("a mapping of keys");
  std::vector<std::pair<std::string, Field>> result;
  for (const auto& entry : node_) {
    const std::string key = entry.first.Scalar();
    result.emplace_back(key, child(entry.first, entry.second, concat(path_, '.', key)));
  }
  return result;
}

std::vector<Field> Field::elements(std::string_view expected, std::size_t count) const {
  if (!node_.IsSequence() || (count > 0 && node_.size() != count)) fail(expected);
  std::vector<Field> result;
  std::size_t i = 0;
  for (const YAML::Node& element : node_)
    result.push_back(Field(element, concat(path_, '[', i++, ']'), file_,
                           element.IsNull() ? mark_ : element.Mark()));
  return result;
}

std::string Field::scalar(std::string_view expected) const {
  if (!node_.IsScalar() || node_.Scalar().empty()) fail(expected);
  return node_.Scalar();
}

double Field::number() const {
  const std::string text = scalar("a number");
  const std::optional<double> value = parse_double(text);
  if (is_non_finite_spelling(text) || (value && !std::isfinite(*value))) fail("a finite number");
  if (!value) fail("a number");
  return *value;
}

double Field::number_in(double min, double max, std::string_view unit) const {
  const double value = number();
  if (!(value >= min && value <= max))
    fail(concat("a number in [", min, ", ", max, ']', with_unit(unit)));
  return value;
}

double Field::positive(std::string_view unit) const {
  const double value = number();
  if (!(value > 0.0)) fail(concat("a positive number", with_unit(unit)));
  return value;
}

double Field::positive_at_most(double max, std::string_view unit) const {
  const double value = number();
  if (!(value > 0.0 && value <= max)) fail(concat("a number in (0, ", max, ']', with_unit(unit)));
  return value;
}

double Field::length() const {
  const double value = positive("m");
  if (value < core::kMinLength || value > core::kMaxLength)
    fail(concat("a length in [", core::kMinLength, ", ", core::kMaxLength,
                "] m (a micrometre to 1,000 km: beyond, volumes and masses underflow or "
                "overflow)"));
  return value;
}

math::Vec3 Field::vec3_within(double bound, std::string_view unit) const {
  const std::vector<Field> parts = elements("a list of 3 numbers [x, y, z]", 3);
  return {parts[0].number_in(-bound, bound, unit), parts[1].number_in(-bound, bound, unit),
          parts[2].number_in(-bound, bound, unit)};
}

math::Vec2 Field::point2() const {
  const std::vector<Field> parts = elements("a list of 2 numbers", 2);
  return {parts[0].number_in(-core::kMaxLength, core::kMaxLength, "m"),
          parts[1].number_in(-core::kMaxLength, core::kMaxLength, "m")};
}

int Field::integer(int min, int max) const {
  const std::string expected = max == INT_MAX ? concat("a whole number >= ", min)
                                              : concat("a whole number in [", min, ", ", max, ']');
  const std::optional<double> value = parse_double(scalar(expected));
  if (!value || !(*value >= min && *value <= max) || std::floor(*value) != *value) fail(expected);
  return static_cast<int>(*value);
}

bool Field::flag() const {
  // YAML 1.1 booleans, which yaml-cpp also accepts.
  const std::string text = scalar("true or false");
  for (const char* yes : {"true", "True", "TRUE", "yes", "Yes", "on", "On"})
    if (text == yes) return true;
  for (const char* no : {"false", "False", "FALSE", "no", "No", "off", "Off"})
    if (text == no) return false;
  fail("true or false");
}

std::string Field::text() const {
  std::string value = scalar("a text");
  // Titles and names are printed on terminals and written into CSV headers and file names.
  if (std::any_of(value.begin(), value.end(), is_control))
    fail("a text without control characters (tab, newline, ESC, NUL, ...)");
  return value;
}

std::string Field::choice(const std::vector<std::string>& choices) const {
  std::string value = scalar(concat("one of ", core::join(choices)));
  if (std::find(choices.begin(), choices.end(), value) != choices.end()) return value;
  fail(core::with_suggestion(concat("one of ", core::join(choices)), value, choices));
}

std::size_t Field::name_in(const std::vector<std::string>& names, std::string_view what) const {
  // Beyond a few names (a generated arch has dozens of blocks) the list would drown the
  // message: the suggestion is what helps.
  constexpr std::size_t kListedNames = 8;
  const std::string expected = names.size() <= kListedNames
                                   ? concat("a ", what, " name: one of ", core::join(names))
                                   : concat("a ", what, " name");
  const std::string value = scalar(expected);
  const auto found_name = std::find(names.begin(), names.end(), value);
  if (found_name != names.end()) return static_cast<std::size_t>(found_name - names.begin());
  fail(core::with_suggestion(expected, value, names));
}

std::vector<double> Field::numbers() const {
  std::vector<double> values;
  for (const Field& part : elements("a list of numbers")) values.push_back(part.number());
  return values;
}

math::Vec3 Field::direction() const {
  // Components bounded so that the norm is finite: [1e308, 1e308, 0] normalized to the zero
  // vector, a tilt or orientation axis of no direction.
  const math::Vec3 value = vec3_within(core::kMaxLength, "a direction: its length is free");
  if (!(value.norm() > 0.0)) fail("a non-zero vector");
  return value.normalized();
}

}  // namespace moreau::io
