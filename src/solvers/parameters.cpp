#include "moreau/solvers/parameters.hpp"

#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace moreau::solvers {
namespace {

using core::concat;
using core::Diagnostic;

const core::SourceLocation kCommandLine{"--option"};

}  // namespace

ParameterReader::ParameterReader(const SolverParameters& parameters, std::string_view solver_name)
    : parameters_(parameters), solver_name_(solver_name) {}

const std::string* ParameterReader::find(const std::string& key) {
  known_.push_back(key);
  const auto found = parameters_.find(key);
  return found == parameters_.end() ? nullptr : &found->second;
}

double ParameterReader::number(const std::string& key, double fallback, double min, double max) {
  const std::string* text = find(key);
  if (text == nullptr) return fallback;
  double value = 0.0;
  const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  // Written so that NaN is refused too.
  if (error != std::errc() || end != text->data() + text->size() || !(value >= min) ||
      !(value <= max))
    throw Diagnostic(kCommandLine, concat(solver_name_, '.', key),
                     concat("a number in [", min, ", ", max, ']'), *text);
  return value;
}

std::int64_t ParameterReader::integer(const std::string& key, std::int64_t fallback,
                                      std::int64_t min, std::int64_t max) {
  const std::string* text = find(key);
  if (text == nullptr) return fallback;
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (error != std::errc() || end != text->data() + text->size() || value < min || value > max)
    throw Diagnostic(kCommandLine, concat(solver_name_, '.', key),
                     concat("a whole number in [", min, ", ", max, ']'), *text);
  return value;
}

bool ParameterReader::flag(const std::string& key, bool fallback) {
  const std::string* text = find(key);
  if (text == nullptr) return fallback;
  if (*text == "true" || *text == "1" || *text == "yes" || *text == "on") return true;
  if (*text == "false" || *text == "0" || *text == "no" || *text == "off") return false;
  throw Diagnostic(kCommandLine, concat(solver_name_, '.', key), "true or false", *text);
}

std::string ParameterReader::choice(const std::string& key, const std::string& fallback,
                                    const std::vector<std::string>& choices) {
  const std::string* text = find(key);
  if (text == nullptr) return fallback;
  if (std::find(choices.begin(), choices.end(), *text) == choices.end())
    throw Diagnostic(kCommandLine, concat(solver_name_, '.', key),
                     concat("one of ", core::join(choices)), *text);
  return *text;
}

void ParameterReader::finish() const {
  for (const auto& [key, value] : parameters_) {
    if (std::find(known_.begin(), known_.end(), key) != known_.end()) continue;
    const std::string expected =
        core::with_suggestion(known_.empty() ? concat("no options for ", solver_name_)
                                             : concat("one of ", core::join(known_)),
                              key, known_);
    throw Diagnostic(kCommandLine, concat(solver_name_, '.', key), expected,
                     concat("unknown option '", key, '\''));
  }
}

}  // namespace moreau::solvers
