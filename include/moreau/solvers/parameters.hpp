// Solver-specific options given by name (`--option relaxation=1.3`), read once and
// validated with a diagnostic: the named-options rule of docs/style.md (rule 2), never positional
// arrays.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::solvers {

/// key -> value text, as the user wrote them.
using SolverParameters = std::map<std::string, std::string>;

/// Reads a solver's options from SolverParameters. Each accessor returns the default when
/// the key is absent; finish() rejects keys that no accessor asked for.
/// @throws core::Diagnostic with key "<solver>.<key>" for a malformed or out-of-range value,
///         and for an unknown key (with the closest valid key suggested)
class ParameterReader {
 public:
  ParameterReader(const SolverParameters& parameters, std::string_view solver_name);

  /// A real number in [min, max].
  double number(const std::string& key, double fallback, double min, double max);
  /// A whole number in [min, max].
  std::int64_t integer(const std::string& key, std::int64_t fallback, std::int64_t min,
                       std::int64_t max);
  /// true/false (also 1/0, yes/no, on/off).
  bool flag(const std::string& key, bool fallback);
  /// One of choices.
  std::string choice(const std::string& key, const std::string& fallback,
                     const std::vector<std::string>& choices);

  void finish() const;

 private:
  const std::string* find(const std::string& key);

  const SolverParameters& parameters_;
  std::string solver_name_;
  std::vector<std::string> known_;
};

}  // namespace moreau::solvers
